"""Advice on demand: the computer's three best choices for the side that decides, in words,
from the expert's search (:mod:`.search`) within a budget of seconds."""

from __future__ import annotations

from ..rules.engine.notation import format_action
from ..rules.model.state import GameState
from .search import Budget, Choice, Search, budget_for

ADVICE_THINK = 0.8
"""Seconds of search an advice takes (its node budget; the clock stops it at three times that)."""
SHOWN = 3
"""Choices an advice lists."""


def advise(state: GameState, side: str, seconds: float = ADVICE_THINK, *, seed: int = 0,
           budget: Budget | None = None) -> list[Choice]:
    """The best :data:`SHOWN` choices of ``side``'s decision in ``state``, best first (the
    same for a seed and budget)."""
    search = Search(side, seed=seed)
    return search.choices(state, budget if budget is not None else budget_for(seconds))[:SHOWN]


def choice_words(choice: Choice) -> str:
    """One choice in a line: the plan in notation, then its numbers and rules.

    The score is the expected outcome in men for the side (kills, losses, ground, the outcome
    as it would stand), comparable only between the choices of one decision."""
    plan = "; ".join(format_action(a) for a in choice.actions)
    parts = [f"score {choice.score:+.2f}"]
    if choice.odds is not None:
        parts.append(f"odds {100 * choice.odds:.0f} %, {choice.kills:.2f} kills expected")
    if choice.soldier is not None:
        parts.append(f"exposure {choice.exposure:.2f} men")
    if choice.rules:
        parts.append("rules " + ", ".join(choice.rules))
    if not choice.searched:
        parts.append("(not searched: the planner's score)")
    return f"{plan} — " + "; ".join(parts)
