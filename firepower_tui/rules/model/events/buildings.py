"""The events of the ``buildings`` rule (RULES.md §9.6), apart from :mod:`..events` (kept small)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ...board.hexgrid import Hex
from ..values import to_json


@dataclass(frozen=True, slots=True, kw_only=True)
class BuildingDamaged:
    """A building or bunker took damage (§9.6): a satchel charge 2, a barrage 1."""

    event: Literal["building_damaged"] = "building_damaged"
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

    def to_json(self) -> dict[str, Any]:
        """The JSON object of ``firepower script --json``."""
        data: dict[str, Any] = to_json(self)
        return data


__all__ = ["BuildingDamaged"]
