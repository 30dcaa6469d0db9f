"""The events of the ``buildings`` rule (RULES.md §9.6), apart from :mod:`..events` (kept small)."""

from __future__ import annotations

from typing import Literal, NamedTuple

from ...board.hexgrid import Hex


class BuildingDamaged(NamedTuple):
    """A building or bunker took damage (§9.6): a satchel charge 2, a barrage 1."""

    hex: Hex
    """The hex hit (a hex of the building)."""
    building: str
    """``building D4`` or ``bunker G2``."""
    amount: int
    total: int
    """Its damage so far."""
    effect: str
    """``no effect on the occupants``, ``occupants Stunned``, ``destroyed: rubble`` …"""
    rule: str = "§9.6"
    event: Literal["building_damaged"] = "building_damaged"


__all__ = ["BuildingDamaged"]
