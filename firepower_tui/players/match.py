"""Whole games between two players (the benchmark and the smoke tests): each side's chooser
is asked when the game waits for that side (:func:`.rules.basic.turn.deciders`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..rules import engine
from ..rules.model.actions import Action
from ..rules.model.dice import Dice
from ..rules.model.errors import IllegalActionError
from ..rules.model.state import GameState
from ..rules.basic.turn import deciders

Chooser = Callable[[GameState], Action]
"""A player: the state in, one action ``engine.check`` accepts out."""


@dataclass
class MatchResult:
    """How one game ended."""

    state: GameState
    winner: str | None
    """The winning side; None for a draw (or a game cut off at the action limit)."""
    actions: int
    finished: bool
    """The game reached its end (§2.6) within the limit."""


def play_match(state: GameState, players: Mapping[str, Chooser], dice: Dice, *, limit: int = 20000) -> MatchResult:
    """Play ``state`` to its end: each action from the side the game waits for (the first side in
    scenario order when either may act). Every action is checked (an illegal one raises).

    Raises:
        IllegalActionError: a player sent an action the engine refuses.
    """
    for taken in range(limit):
        if state.over:
            return MatchResult(state, state.winner, taken, True)
        waiting = deciders(state)
        side = next(s for s in state.sides if s in waiting)
        action = players[side](state)
        refusal = engine.check(state, action)
        if refusal is not None:
            raise IllegalActionError(refusal)
        state, _ = engine.apply_trusted(state, action, dice)
    return MatchResult(state, state.winner if state.over else None, limit, state.over)
