"""Guided lessons (``firepower learn``): small scenarios whose steps teach the rules by playing.

A lesson is data (``firepower_tui/data/lessons/lessons.toml``): a scenario file, the order its
sequence chits come out of the cup, and a list of steps. Each step tells the player what to try,
cites the RULES.md sections it teaches, names the action that does it (in the notation of
docs/notation.md: the hint, and what the tests send), and says how the engine shows it was done:
``when``, a predicate on the events one accepted action produced, and/or ``state``, a predicate
on one soldier after it. Nothing reads message text: a step is done when the data says so.

One engine serves every lesson (:class:`LessonRun`): it watches the session's history and moves
to the next step when an action satisfies the current one. It is also the session's gate: an
action that would end the impulse phase while the step asks for another kind of action is
refused with the step's hint (ruling R220: the chit drawn next cannot be taken back). Dice: a step may force the d10
results its action needs (``dice``), queued when the step begins, so the lesson shows what it
means to show (ruling R140); the chits come out in the lesson's order (``chits``), then at random.
"""

from __future__ import annotations

import tomllib
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from ..rules import engine
from ..rules.model.actions import Action, DrawChit, RollOff
from ..rules.model.dice import ForcedDice, SeededDice
from ..rules.model.errors import FirepowerError, Refusal
from ..rules.model.events import Event, PhaseEnded
from ..rules.engine.notation import NotationError, parse_action
from ..rules.board.hexgrid import Hex, hex_to_id
from ..rules.model.scenario import Scenario
from ..rules.kit.untrusted import PARSER_FAILURES, parser_failure, shape_problem
from .scenario_cache import load_cached
from ..rules.model.state import GameState
from .session import HistoryEntry, Session

LESSONS_DIR = Path(__file__).resolve().parents[1] / "data" / "lessons"
"""Where the lessons and their scenario files are shipped."""
LESSONS_FILE = LESSONS_DIR / "lessons.toml"
"""The lessons, in the order they are taught."""


class LessonError(FirepowerError):
    """A lessons file that cannot be read (its path and what is wrong)."""


@dataclass(frozen=True)
class Step:
    """One thing to try in a lesson."""

    say: str
    """What to try, for the player (cites its rule sections)."""
    rules: tuple[str, ...]
    """The RULES.md sections it teaches (e.g. ``6.2.2``, ``§9.1``)."""
    do: str
    """The action that does it, in notation (the hint key shows it; the tests send it)."""
    when: Mapping[str, Any]
    """Predicate on one event of the action: ``event`` (its kind) and fields that must match."""
    state: Mapping[str, Any]
    """Predicate on one soldier after the action: ``soldier`` (his id) and fields that must match."""
    dice: tuple[int, ...] = ()
    """d10 results forced when the step begins (ruling R140)."""
    keys: tuple[str, ...] = ()
    """The keys that do it in the app, as Textual names them (``enter``, ``m``, ``down``)."""
    explain: str = ""
    """Said once the step is done: what just happened and why (rules cited)."""


@dataclass(frozen=True)
class Lesson:
    """A small scenario and its steps."""

    id: str
    title: str
    intro: str
    scenario: Path
    """The scenario file (in :data:`LESSONS_DIR`)."""
    steps: tuple[Step, ...]
    chits: tuple[str, ...] = ()
    """The sides whose chits are drawn first, in order (6.1); then the cup is drawn at random."""
    seed: int = 1
    rules: tuple[str, ...] = ()
    """The sections the whole lesson teaches."""

    def load(self) -> Scenario:
        """Its scenario, checked like any other (RULES.md §10.1)."""
        return load_cached(self.scenario)


# --- reading the lessons ----------------------------------------------------------------------------

def load_lessons(path: Path = LESSONS_FILE) -> tuple[Lesson, ...]:
    """Every lesson of a lessons file, in order.

    Raises:
        LessonError: the file cannot be read, or a lesson or step lacks what it needs.
    """
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise LessonError(f"{path}: {exc}") from None
    except PARSER_FAILURES as exc:
        raise LessonError(f"{path}: {parser_failure(exc)}") from None
    problem = shape_problem(data)
    if problem:
        raise LessonError(f"{path}: {problem}")
    out: list[Lesson] = []
    for i, raw in enumerate(data.get("lessons", [])):
        try:
            out.append(_lesson(raw, path.parent))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            lesson_id = raw.get("id", "?") if isinstance(raw, dict) else "?"
            raise LessonError(f"{path}: lessons[{i}] ({lesson_id}): {exc}") from None
    ids = [lesson.id for lesson in out]
    if len(set(ids)) != len(ids):
        raise LessonError(f"{path}: two lessons share an id ({', '.join(ids)})")
    return tuple(out)


def _lesson(raw: dict[str, Any], folder: Path) -> Lesson:
    steps = tuple(_step(s, j) for j, s in enumerate(raw["steps"]))
    if not steps:
        raise ValueError("a lesson needs at least one step")
    return Lesson(id=str(raw["id"]), title=str(raw["title"]), intro=str(raw.get("intro", "")).strip(),
                  scenario=folder / str(raw["scenario"]), steps=steps,
                  chits=tuple(str(c) for c in raw.get("chits", ())), seed=int(raw.get("seed", 1)),
                  rules=tuple(str(r) for r in raw.get("rules", ())))


def _step(raw: dict[str, Any], j: int) -> Step:
    when, state = dict(raw.get("when", {})), dict(raw.get("state", {}))
    if not when and not state:
        raise ValueError(f"step {j + 1} has neither 'when' nor 'state': nothing would show it was done")
    if when and "event" not in when:
        raise ValueError(f"step {j + 1}: 'when' must name the event kind ('event = ...')")
    if state and "soldier" not in state:
        raise ValueError(f"step {j + 1}: 'state' must name the soldier ('soldier = ...')")
    return Step(say=" ".join(str(raw["say"]).split()), rules=tuple(str(r) for r in raw["rules"]), do=str(raw["do"]),
                when=when, state=state, dice=tuple(int(d) for d in raw.get("dice", ())),
                explain=" ".join(str(raw.get("explain", "")).split()), keys=tuple(str(k) for k in raw.get("keys", ())))


# --- predicates (data, never message text) ----------------------------------------------------------

def _plain(value: Any) -> Any:
    """A field's value as the lessons file writes it: hex ids, enum values, lower-case words."""
    if isinstance(value, Hex):
        return hex_to_id(value).lower()
    if isinstance(value, Enum):
        return str(value.value).lower() if isinstance(value.value, str) else value.name.lower()
    if isinstance(value, str):
        return value.lower()
    if isinstance(value, (tuple, list, frozenset)):
        return [_plain(v) for v in value]
    return value


def _matches(actual: Any, wanted: Any) -> bool:
    """``wanted`` from the file against a field: a list is compared whole; a single value
    against a tuple field means "among them" (a soldier among the targets)."""
    got = _plain(actual)
    want = _plain(wanted)
    if isinstance(got, list) and not isinstance(want, list):
        return want in got
    if isinstance(got, list) and isinstance(want, list):
        return sorted(map(str, got)) == sorted(map(str, want))
    return bool(got == want)


def event_matches(event: Event, when: Mapping[str, Any]) -> bool:
    """Whether ``event`` is of the kind ``when['event']`` with every other field as given."""
    if getattr(event, "event", None) != when.get("event"):
        return False
    return all(hasattr(event, k) and _matches(getattr(event, k), v) for k, v in when.items() if k != "event")


def state_matches(state: GameState, want: Mapping[str, Any]) -> bool:
    """Whether the soldier ``want['soldier']`` has every other field as given (``status``:
    ``ok``, ``suppressed``, ``stunned``; ``killed``: true/false; ``hex``, ``facing``, ``posture``...)."""
    soldier = state.soldier(str(want["soldier"]))
    if soldier is None:
        return False
    return all(hasattr(soldier, k) and _matches(getattr(soldier, k), v) for k, v in want.items() if k != "soldier")


def step_done(step: Step, events: Iterable[Event], after: GameState) -> bool:
    """Whether one accepted action (its events, the state after it) did what ``step`` asks."""
    if step.when and not any(event_matches(e, step.when) for e in events):
        return False
    return not step.state or state_matches(after, step.state)


# --- the dice and the running lesson ------------------------------------------------------------------

class LessonDice(ForcedDice):
    """The lesson's dice: forced d10 results first (each step's ``dice``), and the chits drawn in
    the lesson's order (then at random). The cup holds the first side's chits, then the second's
    (``sequence.full_cup``), so the first chit of a side is found by counting what is left."""

    def __init__(self, seed: int, sides: tuple[str, str], per_side: int, chits: Iterable[str] = ()) -> None:
        super().__init__(seed)
        self.sides = sides
        self.per_side = per_side
        self.chit_order: deque[str] = deque(chits)
        self._left = dict.fromkeys(sides, per_side)

    def pick(self, purpose: str, n: int) -> int:
        if purpose != "chit draw":
            return super().pick(purpose, n)
        if n == 2 * self.per_side:  # a full cup: a new turn
            self._left = dict.fromkeys(self.sides, self.per_side)
        first = self.sides[0]
        side = self.chit_order.popleft() if self.chit_order else None
        if side is None or self._left.get(side, 0) == 0:
            index = super().pick(purpose, n)
        else:
            index = self._record(purpose, 0 if side == first else self._left[first], n)
        self._left[first if index < self._left[first] else self.sides[1]] -= 1
        return index


def lesson_session(lesson: Lesson) -> Session:
    """A new game of the lesson's scenario with the lesson's dice (not stored: ruling R141)."""
    scenario = lesson.load()
    sides = tuple(s.id for s in scenario.spec.sides)
    dice = LessonDice(lesson.seed, (sides[0], sides[1]), scenario.spec.chits_per_side, lesson.chits)
    return Session(scenario, seed=lesson.seed, dice=dice)


class LessonRun:
    """One lesson being played: which step is current, checked against the session's history."""

    def __init__(self, lesson: Lesson, session: Session, start: int = 0) -> None:
        self.lesson = lesson
        self.session = session
        self.index = min(start, len(lesson.steps))
        """The current step (``len(steps)``: the lesson is done)."""
        self.last_done: Step | None = None
        """The step done last (its ``explain`` is shown until the next is done)."""
        self._seen: list[HistoryEntry] = list(session.history)
        """The entries already checked (a take-back and a new action between two checks replace one)."""
        self._queue_dice()

    @property
    def step(self) -> Step | None:
        """The step to do now, or None when the lesson is done."""
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.steps)

    def _queue_dice(self) -> None:
        step = self.step
        dice = self.session.dice
        if isinstance(dice, ForcedDice):
            dice.forced.clear()  # what an earlier step forced and its action did not use
            if step is not None:
                dice.force(step.dice)

    def observe(self) -> list[Step]:
        """Check every action accepted since the last call; returns the steps it completed. Taken
        back actions (§9.9) are forgotten, but the steps they did stay done."""
        history = self.session.history
        start = 0
        for seen, entry in zip(self._seen, history, strict=False):
            if seen is not entry:
                break
            start += 1
        completed: list[Step] = []
        for i in range(start, len(history)):
            step = self.step
            if step is None:
                break
            if step_done(step, history[i].events, _state_after(history, i, self.session.state)):
                completed.append(step)
                self.last_done = step
                self.index += 1
                self._queue_dice()
        self._seen = list(history)
        return completed


    # --- the session's gate (ruling R220) ---------------------------------------------------------

    def refuse(self, session: Session, action: Action | None) -> Refusal | None:
        """Why the lesson does not let ``action`` be sent now, or None: an action that would end
        the impulse phase while the current step asks for another kind of action (R220). A
        take-back (None), the chit draws and rolls nobody decides, and anything the engine
        refuses anyway go their usual way."""
        step = self.step
        if step is None or action is None or isinstance(action, (DrawChit, RollOff)):
            return None
        if isinstance(action, type(_step_action(step))) or not ends_phase(session.state, action):
            return None
        keys = " ".join(step.keys)
        hint = f"{'keys ' + keys + ', or ' if keys else ''}:{step.do}"
        side = session.state.scenario.side_name(session.state.active or "")
        return Refusal(reason=f"not yet, it would end {side}'s phase; first the step: {hint}", rule=", ".join(step.rules))

    def overtaken(self, session: Session, action: Action | None) -> Refusal | None:
        """Never asked: a lesson is not stored (R141), so nobody can store an entry first."""
        return Refusal(reason="a lesson is played at one keyboard", rule="6.2")


def _step_action(step: Step) -> Action | None:
    """The action a step names (its ``do``), or None if it is a query."""
    try:
        return parse_action(step.do)
    except NotationError:
        return None


def ends_phase(state: GameState, action: Action) -> bool:
    """Whether ``action``, legal now, would end the impulse phase (6.2): tried on a copy of the
    state with dice of its own (the game's dice are not touched)."""
    if engine.check(state, action) is not None:
        return False
    _, events = engine.apply(state, action, SeededDice(0))
    return any(isinstance(e, PhaseEnded) for e in events)


def _state_after(history: list[HistoryEntry], i: int, now: GameState) -> GameState:
    return history[i + 1].before if i + 1 < len(history) else now


__all__ = ["LESSONS_DIR", "LESSONS_FILE", "Lesson", "LessonDice", "LessonError", "LessonRun", "Step", "ends_phase",
           "event_matches", "lesson_session", "load_lessons", "state_matches", "step_done"]
