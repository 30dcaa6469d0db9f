"""A game in progress: state, dice, history and log (plain Python; docs/style.md §3, §7).

Every accepted action is a :class:`HistoryEntry` holding the action, the events it
produced and the dice it used, so the game can be replayed and a take-back (§9.9) can
refuse an action that rolled dice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from ..rules import engine
from ..rules.model.actions import Action, DrawChit
from ..rules.model.dice import ForcedDice, RecordingDice, SeededDice
from ..rules.model.errors import Refusal
from ..rules.model.events import Event
from ..rules.engine.notation import format_action
from ..rules.scenario.options import DEFAULT_CLOCK, ordered
from ..rules.model.scenario import Scenario
from ..rules.basic.sequence import new_game, opening_events
from ..rules.model.state import GameState
from ..rules.model.types import Phase
from .store import MovedFirst, Overtaken

Recorder = Callable[["HistoryEntry | None", GameState], None]
"""Called with each accepted entry and the state after it, or with None and the state a take-back returns to."""


class Gate(Protocol):
    """What a session asks before each action of its player when the game is shared with
    another process (:class:`~.shared.SharedGame`)."""

    def refuse(self, session: Session, action: Action | None) -> Refusal | None:
        """Why this player may not send ``action`` (None: a take-back) now, or None."""

    def overtaken(self, session: Session, action: Action | None) -> Refusal | None:
        """The other player stored an entry first (:class:`~.store.MovedFirst`): catch the
        session up with the store; the refusal the player reads, or None to send ``action``
        again on the caught-up state."""


OPEN_ELSEWHERE = Refusal(reason="this game is open in another window now: nothing was stored here; close this "
                                "window", rule="R180")
"""What a hotseat game's player reads when another process took the game over (R180)."""


@dataclass(frozen=True)
class HistoryEntry:
    """One accepted action and what it did."""

    action: Action
    """The action (see :mod:`firepower_tui.rules.model.actions`)."""
    events: tuple[Event, ...]
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

    events: tuple[Event, ...] = ()
    refusal: Refusal | None = None

    @property
    def ok(self) -> bool:
        """Accepted."""
        return self.refusal is None


@dataclass(frozen=True)
class Unchecked:
    """What a quick resume took on trust, for :func:`.service.complete` to check against the full replay."""

    game_id: int
    checkpoint: GameState
    """The state the checkpoint held."""
    upto: int
    """The last stored entry when the game was resumed."""
    state: GameState
    """The state then."""
    dice: dict[str, Any]
    """The dice's state then (:meth:`~firepower_tui.rules.model.dice.SeededDice.generator_state`)."""


class Session:
    """The rules engine plus the dice and the record of everything that happened."""

    def __init__(self, scenario: Scenario, seed: int = 1, deploy: bool = False, *, dice: SeededDice | None = None,
                 history_base: int = 0, log_base: int = 0, rules: Iterable[str] | None = None,
                 clock: int | None = None) -> None:
        """A new game of ``scenario``.

        Args:
            seed: the game's seed (stored with it; its dice start from it).
            deploy: place the sides with zones in a deployment phase (§10.2).
            rules: the optional rules in play (§9 ids); None: the scenario's own list.
            clock: seconds per impulse phase when the ``clock`` rule is on (§9.8, R35); None:
                the scenario's ``clock``, else the default.
            dice: the dice to roll; by default seeded from ``seed``, and able to take forced
                results (:class:`~firepower_tui.rules.model.dice.ForcedDice`).
            history_base: see the attribute.
            log_base: see the attribute.
        """
        self.scenario = scenario
        self.seed = seed
        self.deploy = deploy
        """Place the sides with zones in a deployment phase instead of the fixed positions (§10.2)."""
        self.state: GameState = new_game(scenario, deploy=deploy, rules=rules)
        self.clock: int | None = (clock or scenario.spec.clock or DEFAULT_CLOCK) if "clock" in self.state.rules \
            else None
        """Seconds per impulse phase while the ``clock`` rule is on (§9.8; kept by the interface,
        ruling R35), else None."""
        self.dice: SeededDice = dice if dice is not None else ForcedDice(seed)
        """The live dice: what the next action rolls with (a replay passes each entry its recorded rolls)."""
        self.history: list[HistoryEntry] = []
        self.log: list[Event] = list(opening_events(self.state))
        """Every event so far, in order (with take-backs removed)."""
        self.recorder: Recorder | None = None
        """Called with each accepted :class:`HistoryEntry` (and ``None`` for a take-back) *before* the
        caller sees the result: the game store commits it there (nothing lost if the terminal drops)."""
        self.history_base = history_base
        """Accepted actions before ``history[0]`` that this session does not hold (a quick resume from a
        checkpoint holds only what followed it until the full replay has been checked)."""
        self.log_base = log_base
        """Events before ``log[0]`` that this session does not hold (likewise)."""
        self.unchecked: Unchecked | None = None
        """For a quick resume: what the full replay must still confirm (:class:`Unchecked`)."""
        self.gate: Gate | None = None
        """A game shared with another process: asked before each action and take-back (only the
        side that decides acts, 6.2), and told when the other player stored his entry first."""
        self.players: dict[str, str] = {}
        """Who plays each side (side id -> seat, :mod:`.seats`; the game's stored ``players``);
        empty: hotseat."""
        self.think: float | None = None
        """Seconds the expert computer may think over a decision (the game's ``think``); None: its default."""
        self.advice = True
        """The players may ask the computer's advice (the game's ``advice``; off for a fair match)."""

    def __repr__(self) -> str:
        return f"Session({self.scenario.id!r}, seed={self.seed}, turn={self.state.turn}, history={len(self.history)})"

    @classmethod
    def from_checkpoint(cls, scenario: Scenario, state: GameState, dice: SeededDice, *, seed: int, deploy: bool,
                        history_base: int, log_base: int, clock: int | None = None) -> Session:
        """A session that goes on from a stored checkpoint, holding none of the history before it
        (the checkpoint's state holds the rules in play and any open reaction)."""
        session = cls(scenario, seed=seed, deploy=deploy, dice=dice, history_base=history_base, log_base=log_base,
                      rules=state.rules, clock=clock)
        session.state = state
        session.log = []
        return session

    @property
    def complete(self) -> bool:
        """Holds the whole history (not a quick resume still waiting for its full replay)."""
        return self.history_base == 0 and self.log_base == 0

    def check(self, action: Action) -> Refusal | None:
        """Whether ``action`` is legal now."""
        return engine.check(self.state, action)

    def submit(self, action: Action) -> Outcome:
        """Check and apply an action; refused actions change nothing."""
        gate = self.gate
        refusal = gate.refuse(self, action) if gate is not None else None
        if refusal is None:
            refusal = engine.check(self.state, action)
        if refusal is not None:
            return Outcome(refusal=refusal)
        if gate is None:
            try:
                return Outcome(events=self.apply_checked(action).events)
            except Overtaken:
                return Outcome(refusal=OPEN_ELSEWHERE)
        try:
            return Outcome(events=self.apply_checked(action).events)
        except MovedFirst:  # nothing was stored or applied: the other player's entry goes first
            refusal = gate.overtaken(self, action)
            return Outcome(refusal=refusal) if refusal is not None else self.submit(action)

    def apply_checked(self, action: Action, dice: RecordingDice | None = None) -> HistoryEntry:
        """Apply an action that ``check`` accepted; record it. If the recorder refuses it (another
        process stored first), nothing is applied and the live dice are as they were: dice are
        spent only by stored actions, so they stay the seed's plus the stored rolls.

        Args:
            dice: roll with these instead of the session's own (a replay hands each entry
                back the rolls it recorded).
        """
        before = self.state
        live = dice is None
        dice = dice if dice is not None else self.dice
        mark = len(dice.calls)
        saved = self.dice.generator_state() if live and self.recorder is not None else None
        state, events = engine.apply_trusted(self.state, action, dice)
        entry = HistoryEntry(action=action, events=events, rolls=tuple(dice.calls[mark:]), before=before)
        if self.recorder is not None:
            try:
                self.recorder(entry, state)
            except Overtaken:  # nothing was stored: nothing was rolled
                if saved is not None:
                    self.dice.set_generator_state(saved)
                    del self.dice.calls[mark:], self.dice.rolls[mark:]
                raise
        self.state = state
        self.history.append(entry)
        self.log.extend(events)
        return entry

    def draw_if_needed(self) -> Outcome:
        """Between phases, draw chits blind until a phase is under way (or the game ends)."""
        events: list[Event] = []
        while self.state.active is None and not self.state.over and self.state.phase == Phase.PLAY:
            out = self.submit(DrawChit())
            if not out.ok:  # a shared game: the other player drew it first (and it is applied now)
                break
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
        if last.before.pending is not None or self.state.pending is not None:  # the opponent has seen it (§9.1-§9.7)
            return Refusal(reason=f"'{last.notation}' opened or answered a reaction: it cannot be taken back",
                           rule="§9.9")
        return None

    def undo(self) -> Outcome:
        """Take back the last action if §9.9 allows."""
        refusal = self.undo_refusal()
        gate = self.gate
        if refusal is None and gate is not None:
            refusal = gate.refuse(self, None)
        if refusal is not None:
            return Outcome(refusal=refusal)
        if self.recorder is not None:
            try:
                self.recorder(None, self.history[-1].before)
            except Overtaken:
                if gate is None:
                    return Outcome(refusal=OPEN_ELSEWHERE)
                return Outcome(refusal=gate.overtaken(self, None) or Refusal(
                    reason="the other player acted first: nothing was taken back", rule="§9.9"))
        last = self.history.pop()
        self.state = last.before
        del self.log[len(self.log) - len(last.events):]
        return Outcome(events=last.events)


def game_options(scenario: Scenario, *, deploy: bool = False, rules: Iterable[str] | None = None,
                 clock: int | None = None) -> dict[str, Any]:
    """What the store keeps in a new game's ``options``: ``deploy`` (when set), ``rules`` (the
    optional rules in play, in §9 order; by default the scenario's own list) and ``clock`` (the
    seconds per impulse phase, only when the clock rule is on)."""
    chosen = ordered(scenario.spec.rules if rules is None else rules)
    options: dict[str, Any] = {"deploy": True} if deploy else {}
    options["rules"] = list(chosen)
    if "clock" in chosen:
        options["clock"] = clock or scenario.spec.clock or DEFAULT_CLOCK
    return options


def session_args(options: dict[str, Any]) -> dict[str, Any]:
    """The :class:`Session` keywords a stored game's ``options`` give. A game stored by 0.1 has no
    ``rules``: it plays the list of the scenario text stored with it (ruling R50)."""
    rules = options.get("rules")
    return {"deploy": bool(options.get("deploy")), "rules": None if rules is None else [str(r) for r in rules],
            "clock": options.get("clock")}
