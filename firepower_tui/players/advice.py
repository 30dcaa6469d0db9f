"""Advice on demand: the computer's three best choices for the side that decides, in words,
from the expert's search (:mod:`.search`) within a budget of seconds."""

from __future__ import annotations

from ..rules.engine.notation import format_action
from ..rules.model.state import GameState
from .search import Budget, Choice, Search, budget_for

ADVICE_THINK = 0.8
"""Seconds of search an advice takes (its node budget)."""
ADVICE_SAFETY = 1.1
"""The clock stops an advice at this many times :data:`ADVICE_THINK`: a player waits for it, so on
a slow or busy machine the advice searches less rather than keep him waiting (the expert's own
moves keep to their nodes, for the same choices on any machine)."""
SHOWN = 3
"""Choices an advice lists."""


def advise(state: GameState, side: str, seconds: float = ADVICE_THINK, *, seed: int = 0,
           budget: Budget | None = None) -> list[Choice]:
    """The best :data:`SHOWN` choices of ``side``'s decision in ``state``, best first (the
    same for a seed and budget)."""
    search = Search(side, seed=seed)
    budget = budget if budget is not None else budget_for(seconds, safety=ADVICE_SAFETY)
    return search.choices(state, budget)[:SHOWN]


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
