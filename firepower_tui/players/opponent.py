"""The computer opponent's public face (the seam the app, the CLI and the benchmarks use).

PLACEHOLDER: :meth:`Opponent.choose` picks a uniformly random legal action until the scored
player lands (issue 13, part 1); the signature is the contract.
"""

from __future__ import annotations

import random

from ..rules import engine
from ..rules.actions import Action
from ..rules.state import GameState
from ..rules.turn import decides

LEVELS = ("easy", "normal", "hard")
"""The opponent's levels, weakest first."""


class Opponent:
    """The computer playing one side at one level; ``seed`` makes its choices repeatable."""

    def __init__(self, side: str, level: str = "normal", seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"level {level!r}: one of {', '.join(LEVELS)}")
        self.side, self.level = side, level
        self.rng = random.Random(seed)

    def to_act(self, state: GameState) -> bool:
        """Whether the game waits for this side's action (rules.turn.deciders)."""
        return decides(state, self.side)

    def choose(self, state: GameState) -> Action:
        """One action ``engine.check`` accepts in ``state`` (only asked when :meth:`to_act`)."""
        return self.rng.choice(engine.legal_actions(state))
