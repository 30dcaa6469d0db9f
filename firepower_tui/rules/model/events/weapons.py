"""The events of the ``weapons`` optional rule (RULES.md §9.4); :mod:`..events` joins them into
its ``Event`` union. The repair's die is an ordinary ``roll`` event (:class:`.Rolled`)."""

from __future__ import annotations

from typing import Literal, NamedTuple

from ...board.hexgrid import Hex


class WeaponDropped(NamedTuple):
    """A killed man's LMG or pistol stays in his hex as a weapon marker (§9.4)."""

    soldier: str
    weapon: str
    hex: Hex
    broken: bool = False
    rule: str = "§9.4"
    event: Literal["weapon_dropped"] = "weapon_dropped"


class WeaponPickedUp(NamedTuple):
    """A man took a weapon marker in his hex and left his own weapon there (``left`` empty: he had none)."""

    soldier: str
    weapon: str
    left: str
    hex: Hex
    mf_left: int
    rule: str = "§9.4"
    event: Literal["weapon_picked_up"] = "weapon_picked_up"


class WeaponsSwapped(NamedTuple):
    """Two men of one side in one hex exchanged weapons, 1 MF each (§9.4)."""

    soldier: str
    other: str
    weapon: str
    """What ``soldier`` now carries (``other`` carries the other)."""
    other_weapon: str
    rule: str = "§9.4"
    event: Literal["weapons_swapped"] = "weapons_swapped"


class WeaponJammed(NamedTuple):
    """A burst showed two or more natural 10s: the weapon is broken and its fire ends (§9.4)."""

    soldier: str
    weapon: str
    tens: int
    bursts_lost: int
    rule: str = "§9.4"
    event: Literal["weapon_jammed"] = "weapon_jammed"


class RepairTried(NamedTuple):
    """A repair was tried for 2 MF (its roll follows as a ``roll`` event) (§9.4)."""

    soldier: str
    weapon: str
    mf_left: int
    rule: str = "§9.4"
    event: Literal["repair"] = "repair"


WEAPON_EVENTS = (WeaponDropped, WeaponPickedUp, WeaponsSwapped, WeaponJammed, RepairTried)
"""The §9.4 events."""

__all__ = ["WEAPON_EVENTS", "RepairTried", "WeaponDropped", "WeaponJammed", "WeaponPickedUp", "WeaponsSwapped"]
