"""A game's review: every decision of the sides people played, scored against the best the
expert's search finds in the same position (:mod:`.search`); the turning points are the
decisions that lost the most expected outcome, each with the better move and why.

The positions are the history's own (``before`` each action); the search never sees the dice
that followed. A review is plain data (:func:`to_data`), kept with the game by the store.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass

from ..rules.basic.turn import deciders
from ..rules.engine.notation import format_action
from ..rules.model.actions import Action, DrawChit, EndImpulse, EndPhase, RollOff
from ..rules.model.state import GameState
from ..rules.model.types import Phase
from .planner import Plan
from .search import Choice, Search, budget_for

REVIEW_THINK = 0.12
"""Seconds of search a decision gets in a review (its node budget)."""
TURNING_POINTS = 5
"""Turning points a review lists."""


@dataclass(frozen=True, slots=True)
class Turning:
    """One decision that lost expected outcome."""

    step: int
    """Its index in the history (the history view's step, the position before it)."""
    turn: int
    side: str
    played: str
    """The move played, in notation."""
    better: str
    """The best move the search found, in notation (its plan after ``;``)."""
    loss: float
    """Expected outcome lost, in men (the better move's score less the played one's)."""
    why: str
    """Why, in the game's terms: expected kills, exposure, the rules that made the difference."""


def _side_of(state: GameState, humans: set[str]) -> str | None:
    mine = sorted(s for s in deciders(state) if s in humans)
    return mine[0] if mine else None


def decisions(history: Sequence[tuple[GameState, Action]], humans: set[str]) -> list[int]:
    """The steps that are a person's decision in play: not a chit draw (6.1), the setup, or the
    computer's side."""
    out = []
    for i, (before, action) in enumerate(history):
        if before.phase is not Phase.PLAY or before.over or isinstance(action, (DrawChit, RollOff)):
            continue
        if _side_of(before, humans) is not None:
            out.append(i)
    return out


def review(history: Sequence[tuple[GameState, Action]], humans: set[str], *, seconds: float = REVIEW_THINK,
           progress: Callable[[int, int], None] | None = None) -> list[Turning]:
    """The turning points of a game, largest loss first (at most :data:`TURNING_POINTS`)."""
    steps = decisions(history, humans)
    found: list[Turning] = []
    searches: dict[str, Search] = {}
    for k, i in enumerate(steps):
        if progress is not None:
            progress(k, len(steps))
        before, action = history[i]
        side = _side_of(before, humans)
        assert side is not None
        search = searches.setdefault(side, Search(side, seed=0))
        t = _judge(search, i, before, action, seconds)
        if t is not None:
            found.append(t)
    if progress is not None:
        progress(len(steps), len(steps))
    found.sort(key=lambda t: (-t.loss, t.step))
    return found[:TURNING_POINTS]


def _judge(search: Search, i: int, before: GameState, action: Action, seconds: float) -> Turning | None:
    choices = search.choices(before, budget_for(seconds, clock=False))
    if not choices or len(choices) == 1 and choices[0].action == action:
        return None
    best = choices[0]
    played = next((c for c in choices if c.action == action), None)
    if played is None:
        played = _played(search, before, action, seconds)
        if played is None:
            return None
    loss = best.score - played.score
    if loss <= 1e-6 or best.action == action:
        return None
    return Turning(i, before.turn, search.side, format_action(action),
                   "; ".join(format_action(a) for a in best.actions), round(loss, 3), _why(best, played))


def _played(search: Search, state: GameState, action: Action, seconds: float) -> Choice | None:
    """The move played, scored as the search scores its own (when it is not among them)."""
    if isinstance(action, (EndImpulse, EndPhase)):
        return Choice((action,), (state,), search.team_value(state), True)
    sid = getattr(action, "soldier", None)
    if sid is None or not state.impulse:
        return None
    value, _ = search.q_action(state, action, sid, budget_for(seconds, clock=False))
    return search.describe(state, Plan(sid, [action], [state], value), value, searched=True)


def _why(best: Choice, played: Choice) -> str:
    parts = []
    if abs(best.kills - played.kills) >= 0.05:
        parts.append(f"expected kills {best.kills:.2f} instead of {played.kills:.2f}")
    if abs(best.exposure - played.exposure) >= 0.05:
        parts.append(f"exposure {best.exposure:.2f} men instead of {played.exposure:.2f}")
    if best.odds is not None and played.odds is None:
        parts.append(f"an attack at {100 * best.odds:.0f} % left undone")
    rules = [r for r in best.rules if r not in played.rules] or list(best.rules)
    if rules:
        parts.append("rules " + ", ".join(rules[:4]))
    return "; ".join(parts) or "a better place for the rest of the impulse"


def to_data(points: Sequence[Turning]) -> list[dict[str, object]]:
    return [asdict(t) for t in points]


def from_data(data: object) -> list[Turning]:
    """A stored review (a list of the turning points' fields); an unreadable one is empty."""
    if not isinstance(data, list):
        return []
    out = []
    for d in data:
        try:
            out.append(Turning(**d))
        except TypeError:
            continue
    return out


def turning_words(t: Turning, side_name: Callable[[str], str]) -> str:
    return (f"step {t.step}, turn {t.turn}, {side_name(t.side)}: played {t.played}; better {t.better} "
            f"(-{t.loss:.2f} men expected): {t.why}")


def human_sides(state: GameState, players: dict[str, str] | None) -> set[str]:
    """The sides people played (:mod:`..games.seats`): every side in a hotseat game."""
    from ..games.seats import computer_levels

    computer = computer_levels(players)
    return {s for s in state.sides if s not in computer}


def game_review(store: object, game_id: int, history: Sequence[tuple[GameState, Action]],
                players: dict[str, str] | None, *,
                progress: Callable[[int, int], None] | None = None) -> tuple[list[Turning], bool]:
    """The review of a stored game, kept with it: the one stored for these actions, shown again
    without recomputing (True), else made now and stored (False)."""
    kept = kept_review(store, game_id, len(history))
    if kept is not None:
        return kept, True
    state = history[0][0] if history else None
    humans = human_sides(state, players) if state is not None else set()
    points = review(history, humans, progress=progress)
    keep_review(store, game_id, len(history), points)
    return points, False


def kept_review(store: object, game_id: int, actions: int) -> list[Turning] | None:
    """The review kept with a game for its first ``actions`` actions, or None."""
    from ..games.store import Store

    assert isinstance(store, Store)
    kept = store.review(game_id)
    return from_data(kept[1]) if kept is not None and kept[0] == actions else None


def keep_review(store: object, game_id: int, actions: int, points: Sequence[Turning]) -> None:
    from ..games.store import Store

    assert isinstance(store, Store)
    store.put_review(game_id, actions, to_data(points))
