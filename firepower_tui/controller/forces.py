"""Buying forces by points (§10.3): who buys now and what he can afford.

The mode :attr:`Mode.FORCES`. The force builder screen has the keys (it submits ``Buy``,
``Drop`` and ``Ready``); the map's keys do nothing then but move the cursor. The kinds of man
and their costs are the rules' own (:data:`~firepower_tui.rules.scenario.victory.POINTS`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.scenario.setup import budget, spent
from ..rules.scenario.victory import POINTS, TRAIT_POINTS
from .base import Core, Mode, Table


@dataclass(frozen=True)
class Offer:
    """One kind of man a side may buy (§10.3)."""

    weapon: str
    """Weapon code, as in the weapon chart."""
    cost: int
    """Points for the man."""
    scout_cost: int
    """Points for the scout trait on top, when it is chosen (else 0)."""
    affordable: bool
    """Both within the points the side has left."""


class Forces:
    """The side buying now and what it may buy."""

    def __init__(self, core: Core) -> None:
        self.core = core

    def tables(self) -> dict[Mode, Table]:
        return {Mode.FORCES: {}}

    @property
    def side(self) -> str | None:
        """The side buying now: the first with a budget that has not said it is ready."""
        st = self.core.state
        for side in st.sides:
            if budget(st, side) is not None and side not in st.ready:
                return side
        return None

    def points_left(self, side: str) -> int:
        st = self.core.state
        return (budget(st, side) or 0) - spent(st, side)

    def offers(self, side: str, *, scout: bool = False) -> tuple[Offer, ...]:
        """Each kind of man at its cost (§10.3), in the order of the points table."""
        extra = TRAIT_POINTS["scout"] if scout else 0
        left = self.points_left(side)
        return tuple(Offer(weapon=code, cost=cost, scout_cost=extra, affordable=cost + extra <= left)
                     for code, cost in POINTS.items())
