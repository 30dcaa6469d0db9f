"""The actions of the ``weapons`` optional rule (RULES.md §9.4): pick up, swap, repair.

Kept apart from :mod:`..actions` (which joins them into its ``Action`` union) so the rule's
classes live with the rule; they are ordinary actions in every other way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


class _WeaponAction:
    __slots__ = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class PickUp(_WeaponAction):
    """Pick up a weapon marker in his hex for 1 MF, leaving his own weapon there (§9.4)."""

    kind: Literal["pickup"] = "pickup"
    soldier: str
    weapon: str
    """The code of the marker taken: ``LMG``, ``RFL`` or ``PST`` (a working one before a broken one, R61)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Swap(_WeaponAction):
    """Two men of one side in one hex exchange weapons, 1 MF each (§9.4, R62)."""

    kind: Literal["swap"] = "swap"
    soldier: str
    other: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Repair(_WeaponAction):
    """Try to repair his broken weapon: 2 non-combat MF, d10 1-4 repaired, 10 destroyed (§9.4)."""

    kind: Literal["repair"] = "repair"
    soldier: str


WEAPON_ACTIONS = (PickUp, Swap, Repair)
"""The §9.4 actions."""

__all__ = ["WEAPON_ACTIONS", "PickUp", "Repair", "Swap"]
