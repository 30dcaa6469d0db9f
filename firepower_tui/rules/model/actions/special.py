"""The actions of the ``special_weapons`` optional rule (RULES.md §9.5): smoke, Molotov,
satchel charge, radio. :mod:`..actions` joins them into its ``Action`` union."""

from __future__ import annotations

from typing import Literal, NamedTuple

from ...board.hexgrid import Facing, Hex


class ThrowSmoke(NamedTuple):
    """Throw a smoke grenade like a grenade (§9.5); ``via`` as for a throw through a corner."""

    soldier: str
    hex: Hex
    via: Facing | None = None
    kind: Literal["smoke"] = "smoke"


class ThrowMolotov(NamedTuple):
    """Throw a Molotov: range 5 (3 not standing), no spread (§9.5)."""

    soldier: str
    hex: Hex
    kind: Literal["molotov"] = "molotov"


class PlaceSatchel(NamedTuple):
    """Place a satchel charge into an adjacent hex (§9.5)."""

    soldier: str
    hex: Hex
    kind: Literal["satchel"] = "satchel"


class CallBarrage(NamedTuple):
    """Spend all his MF to call a barrage by radio on a hex in his LOS (§9.5)."""

    soldier: str
    hex: Hex
    kind: Literal["radio"] = "radio"


class Equip(NamedTuple):
    """Buy one §9.5 item for a man bought by points, in the force builder (§10.3, R94)."""

    soldier: str
    item: str
    """``smoke``, ``molotov``, ``satchel`` or ``radio``."""
    kind: Literal["equip"] = "equip"


SPECIAL_ACTIONS = (ThrowSmoke, ThrowMolotov, PlaceSatchel, CallBarrage)

__all__ = ["SPECIAL_ACTIONS", "CallBarrage", "Equip", "PlaceSatchel", "ThrowMolotov", "ThrowSmoke"]
