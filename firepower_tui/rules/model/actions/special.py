"""The actions of the ``special_weapons`` optional rule (RULES.md §9.5): smoke, Molotov,
satchel charge, radio. :mod:`..actions` joins them into its ``Action`` union."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...board.hexgrid import Facing, Hex


class _SpecialAction:
    __slots__ = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ThrowSmoke(_SpecialAction):
    """Throw a smoke grenade like a grenade (§9.5); ``via`` as for a throw through a corner."""

    kind: Literal["smoke"] = "smoke"
    soldier: str
    hex: Hex
    via: Facing | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ThrowMolotov(_SpecialAction):
    """Throw a Molotov: range 5 (3 not standing), no spread (§9.5)."""

    kind: Literal["molotov"] = "molotov"
    soldier: str
    hex: Hex


@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceSatchel(_SpecialAction):
    """Place a satchel charge into an adjacent hex (§9.5)."""

    kind: Literal["satchel"] = "satchel"
    soldier: str
    hex: Hex


@dataclass(frozen=True, slots=True, kw_only=True)
class CallBarrage(_SpecialAction):
    """Spend all his MF to call a barrage by radio on a hex in his LOS (§9.5)."""

    kind: Literal["radio"] = "radio"
    soldier: str
    hex: Hex


@dataclass(frozen=True, slots=True, kw_only=True)
class Equip(_SpecialAction):
    """Buy one §9.5 item for a man bought by points, in the force builder (§10.3, R94)."""

    kind: Literal["equip"] = "equip"
    soldier: str
    item: str
    """``smoke``, ``molotov``, ``satchel`` or ``radio``."""


SPECIAL_ACTIONS = (ThrowSmoke, ThrowMolotov, PlaceSatchel, CallBarrage)

__all__ = ["SPECIAL_ACTIONS", "CallBarrage", "Equip", "PlaceSatchel", "ThrowMolotov", "ThrowSmoke"]
