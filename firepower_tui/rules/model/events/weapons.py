"""The events of the ``weapons`` optional rule (RULES.md §9.4); :mod:`..events` joins them into
its ``Event`` union. The repair's die is an ordinary ``roll`` event (:class:`.Rolled`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ...board.hexgrid import Hex
from ..values import to_json


class _WeaponEvent:
    __slots__ = ()

    def to_json(self) -> dict[str, Any]:
        """The JSON object of ``firepower script --json`` (docs/notation.md)."""
        data: dict[str, Any] = to_json(self)
        return data


@dataclass(frozen=True, slots=True, kw_only=True)
class WeaponDropped(_WeaponEvent):
    """A killed man's LMG or pistol stays in his hex as a weapon marker (§9.4)."""

    event: Literal["weapon_dropped"] = "weapon_dropped"
    soldier: str
    weapon: str
    hex: Hex
    broken: bool = False
    rule: str = "§9.4"


@dataclass(frozen=True, slots=True, kw_only=True)
class WeaponPickedUp(_WeaponEvent):
    """A man took a weapon marker in his hex and left his own weapon there (``left`` empty: he had none)."""

    event: Literal["weapon_picked_up"] = "weapon_picked_up"
    soldier: str
    weapon: str
    left: str
    hex: Hex
    mf_left: int
    rule: str = "§9.4"


@dataclass(frozen=True, slots=True, kw_only=True)
class WeaponsSwapped(_WeaponEvent):
    """Two men of one side in one hex exchanged weapons, 1 MF each (§9.4)."""

    event: Literal["weapons_swapped"] = "weapons_swapped"
    soldier: str
    other: str
    weapon: str
    """What ``soldier`` now carries (``other`` carries the other)."""
    other_weapon: str
    rule: str = "§9.4"


@dataclass(frozen=True, slots=True, kw_only=True)
class WeaponJammed(_WeaponEvent):
    """A burst showed two or more natural 10s: the weapon is broken and its fire ends (§9.4)."""

    event: Literal["weapon_jammed"] = "weapon_jammed"
    soldier: str
    weapon: str
    tens: int
    bursts_lost: int
    rule: str = "§9.4"


@dataclass(frozen=True, slots=True, kw_only=True)
class RepairTried(_WeaponEvent):
    """A repair was tried for 2 MF (its roll follows as a ``roll`` event) (§9.4)."""

    event: Literal["repair"] = "repair"
    soldier: str
    weapon: str
    mf_left: int
    rule: str = "§9.4"


WEAPON_EVENTS = (WeaponDropped, WeaponPickedUp, WeaponsSwapped, WeaponJammed, RepairTried)
"""The §9.4 events."""

__all__ = ["WEAPON_EVENTS", "RepairTried", "WeaponDropped", "WeaponJammed", "WeaponPickedUp", "WeaponsSwapped"]
