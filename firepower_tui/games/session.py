"""A game in progress: state, dice, history and log (plain Python; STYLE.md §3, §7).

Every accepted action is a :class:`HistoryEntry` holding the action, the events it
produced and the dice it used, so the game can be replayed and a take-back (§9.9) can
refuse an action that rolled dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..rules import engine
from ..rules.actions import DrawChit
from ..rules.dice import SeededDice
from ..rules.errors import Refusal
from ..rules.notation import format_action
from ..rules.scenario import Scenario
from ..rules.sequence import new_game, opening_events
from ..rules.state import GameState


@dataclass(frozen=True)
class HistoryEntry:
    """One accepted action and what it did."""

    action: Any
    """The action (see :mod:`firepower_tui.rules.actions`)."""
    events: tuple[Any, ...]
    """Its events."""
    rolls: tuple[tuple[str, int, int], ...]
    """The dice it used, as ``(purpose, value, n)`` (n = 0 for a d10, else a pick among n)."""
    before: GameState
    """The state before it (for take-backs and the history view)."""

    @property
    def notation(self) -> str:
        """The action in notation."""
        return format_action(self.action)


@dataclass(frozen=True)
class Outcome:
    """What an attempted action did: its events, or why it was refused."""

    events: tuple[Any, ...] = ()
    refusal: Refusal | None = None

    @property
    def ok(self) -> bool:
        """Accepted."""
        return self.refusal is None


@dataclass
class Session:
    """The rules engine plus the dice and the record of everything that happened."""

    scenario: Scenario
    seed: int = 1
    deploy: bool = False
    """Place the sides with zones in a deployment phase instead of the fixed positions (§10.2)."""
    state: GameState = field(init=False)
    dice: SeededDice = field(init=False)
    history: list[HistoryEntry] = field(default_factory=list)
    log: list[Any] = field(default_factory=list)
    """Every event so far, in order (with take-backs removed)."""
    recorder: Any = None
    """Called with each accepted :class:`HistoryEntry` (and ``None`` for a take-back) *before* the
    caller sees the result: the game store commits it there (nothing lost if the terminal drops)."""
    history_base: int = 0
    """Accepted actions before ``history[0]`` that this session does not hold (a quick resume from a
    checkpoint holds only what followed it until the full replay has been checked)."""
    log_base: int = 0
    """Events before ``log[0]`` that this session does not hold (likewise)."""
    unchecked: Any = None
    """For a quick resume: what the full replay must still confirm (``games.Unchecked``)."""

    def __post_init__(self) -> None:
        self.state = new_game(self.scenario, deploy=self.deploy)
        self.dice = SeededDice(self.seed)
        self.log = list(opening_events(self.state))

    @classmethod
    def from_checkpoint(cls, scenario: Scenario, state: GameState, dice: SeededDice, *, seed: int, deploy: bool,
                        history_base: int, log_base: int) -> Session:
        """A session that goes on from a stored checkpoint, holding none of the history before it."""
        session = cls(scenario, seed=seed, deploy=deploy, history_base=history_base, log_base=log_base)
        session.state = state
        session.dice = dice
        session.log = []
        return session

    @property
    def complete(self) -> bool:
        """Holds the whole history (not a quick resume still waiting for its full replay)."""
        return self.history_base == 0 and self.log_base == 0

    def check(self, action: Any) -> Refusal | None:
        """Whether ``action`` is legal now."""
        return engine.check(self.state, action)

    def submit(self, action: Any) -> Outcome:
        """Check and apply an action; refused actions change nothing."""
        refusal = engine.check(self.state, action)
        if refusal is not None:
            return Outcome(refusal=refusal)
        return Outcome(events=self.apply_checked(action).events)

    def apply_checked(self, action: Any) -> HistoryEntry:
        """Apply an action that ``check`` accepted; record it."""
        before = self.state
        mark = len(self.dice.calls)
        state, events = engine.apply_trusted(self.state, action, self.dice)
        entry = HistoryEntry(action=action, events=events, rolls=tuple(self.dice.calls[mark:]), before=before)
        if self.recorder is not None:
            self.recorder(entry, state)
        self.state = state
        self.history.append(entry)
        self.log.extend(events)
        return entry

    def draw_if_needed(self) -> Outcome:
        """Between phases, draw chits blind until a phase is under way (or the game ends)."""
        events: list[Any] = []
        while self.state.active is None and not self.state.over and self.state.phase == "play":
            out = self.submit(DrawChit())
            events += out.events
        return Outcome(events=tuple(events))

    def undo_refusal(self) -> Refusal | None:
        """Why the last action cannot be taken back now, or None (§9.9)."""
        if not self.history:
            return Refusal(reason="nothing to take back", rule="§9.9")
        last = self.history[-1]
        if last.rolls:
            return Refusal(reason=f"'{last.notation}' rolled dice: it cannot be taken back", rule="§9.9")
        if isinstance(last.action, DrawChit):
            return Refusal(reason="a chit has been drawn: it cannot be taken back", rule="§9.9")
        return None

    def undo(self) -> Outcome:
        """Take back the last action if §9.9 allows."""
        refusal = self.undo_refusal()
        if refusal is not None:
            return Outcome(refusal=refusal)
        if self.recorder is not None:
            self.recorder(None, self.history[-1].before)
        last = self.history.pop()
        self.state = last.before
        del self.log[len(self.log) - len(last.events):]
        return Outcome(events=last.events)
