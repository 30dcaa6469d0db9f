"""The state of the ``special_weapons`` optional rule (RULES.md §9.5): smoke on the map, barrages
called and not yet landed, the items each man has used and the calls each side has made.

What a man was issued comes from the scenario (``items`` of his ``[[soldiers]]`` entry); only
what he used is kept here, so a game without the rule carries nothing (``GameState.special`` is
None).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..board.hexgrid import Hex

ITEMS = ("smoke", "molotov", "satchel", "radio")
"""The §9.5 items, in their order everywhere (notation, panels, the force builder)."""
ITEM_CODES = {"smoke": "SMK", "molotov": "MOL", "satchel": "SAT", "radio": "RAD"}
"""Each item's counter code (the bunker rule names ``MOL`` and ``SAT``, §9.6)."""


@dataclass(frozen=True, slots=True)
class Barrage:
    """A barrage called by radio, waiting for its side's next chit (§9.5)."""

    side: str
    soldier: str
    hex: Hex


@dataclass(frozen=True, slots=True)
class SpecialState:
    """Smoke, barrages, used items and radio calls (§9.5)."""

    smoke: tuple[tuple[Hex, int], ...] = ()
    """Smoke hexes, each with the turn at whose end it clears."""
    barrages: tuple[Barrage, ...] = ()
    used: tuple[tuple[str, str, int], ...] = ()
    """(soldier, item, how many used), sorted."""
    calls: tuple[tuple[str, int], ...] = ()
    """(side, barrages called), sorted."""
    bought: tuple[tuple[str, str, int], ...] = ()
    """(soldier, item, how many bought in the force builder), sorted (§10.3, ruling R94)."""

    def smoke_hexes(self) -> frozenset[Hex]:
        return frozenset(h for h, _ in self.smoke)

    def used_of(self, soldier: str, item: str) -> int:
        return next((n for s, i, n in self.used if s == soldier and i == item), 0)

    def bought_of(self, soldier: str, item: str) -> int:
        return next((n for s, i, n in self.bought if s == soldier and i == item), 0)

    def calls_of(self, side: str) -> int:
        return next((n for s, n in self.calls if s == side), 0)


NO_SPECIAL = SpecialState()

__all__ = ["Barrage", "ITEMS", "ITEM_CODES", "NO_SPECIAL", "SpecialState"]
