"""The actions of the ``weapons`` optional rule (RULES.md §9.4): pick up, swap, repair.

Kept apart from :mod:`..actions` (which joins them into its ``Action`` union) so the rule's
classes live with the rule; they are ordinary actions in every other way.
"""

from __future__ import annotations

from typing import Literal, NamedTuple


class PickUp(NamedTuple):
    """Pick up a weapon marker in his hex for 1 MF, leaving his own weapon there (§9.4)."""

    soldier: str
    weapon: str
    """The code of the marker taken: ``LMG``, ``RFL`` or ``PST`` (a working one before a broken one, R61)."""
    kind: Literal["pickup"] = "pickup"


class Swap(NamedTuple):
    """Two men of one side in one hex exchange weapons, 1 MF each (§9.4, R62)."""

    soldier: str
    other: str
    kind: Literal["swap"] = "swap"


class Repair(NamedTuple):
    """Try to repair his broken weapon: 2 non-combat MF, d10 1-4 repaired, 10 destroyed (§9.4)."""

    soldier: str
    kind: Literal["repair"] = "repair"


WEAPON_ACTIONS = (PickUp, Swap, Repair)
"""The §9.4 actions."""

__all__ = ["WEAPON_ACTIONS", "PickUp", "Repair", "Swap"]
