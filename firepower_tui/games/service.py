"""Games in the store: start, resume, record every action as it is accepted.

Resume is quick: a game's checkpoint (the state after its last chit draw) is loaded and only
the entries after it are replayed, so the first frame does not wait for a long game. Replay
is still the source of truth: :func:`full_replay` replays the whole game and
:func:`complete` checks the quick session against it and gives it the whole history (the app
does this in the background after its first frame; anything that needs the early history
does it first).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Protocol

from .session import HistoryEntry, Session, Unchecked, game_options, session_args
from .seats import computer_levels
from .replay import OnEntry, ReplayError, StepRecord, replay, replay_into, scenario_for
from ..rules.model.actions import DrawChit
from ..rules.model.dice import SeededDice
from ..rules.model.errors import FirepowerError, GameRefusal
from ..rules.model.scenario import Scenario
from ..rules.engine.snapshot import SnapshotError, state_from_data, state_to_data
from ..rules.model.state import GameState
from .store import Checkpoint, Store


class Seen(Protocol):
    """A shared game's count of the stored entries this process has applied (``seen``)."""

    seen: int


class _Count:
    """The stored entries a hotseat game's recorder has seen (:class:`Seen`)."""

    def __init__(self, seen: int) -> None:
        self.seen = seen


def attach_recorder(session: Session, store: Store, game_id: int, shared: Seen | None = None) -> None:
    """Commit every accepted action (and every take-back) before the caller shows it; after each
    chit draw, keep the state as the game's checkpoint.

    Each entry must be the one after the last this process has seen, else nothing is stored
    (:class:`~.store.MovedFirst`): in a shared game (a game another process plays too)
    ``shared.seen``, which counts each entry stored; in a hotseat game the entries stored when
    the recorder is attached (the game is open in this process, R180: those are the entries
    just replayed), and the game must still be open in this process
    (:class:`~.store.TakenOver`)."""
    count: Seen = shared if shared is not None else _Count(store.last_seq(game_id))

    def store_entry(kind: str, notation: str, rolls: list[tuple[str, int, int]], turn: int, side: str | None,
                    after: GameState) -> int:
        seq = store.append(game_id, kind, notation, rolls, turn=turn, side=side, game_turn=after.turn,
                           finished=after.over, result=after.result, expect=count.seen + 1, owned=shared is None)
        count.seen = seq
        return seq

    def record(entry: HistoryEntry | None, after: GameState) -> None:
        if entry is None:
            store_entry("undo", "undo", [], after.turn, after.active, after)
            return
        seq = store_entry("action", entry.notation, list(entry.rolls), entry.before.turn, entry.before.active, after)
        if isinstance(entry.action, DrawChit) and isinstance(session.dice, SeededDice):
            # The recorder runs before the session appends the entry: count it here.
            store.put_checkpoint(game_id, Checkpoint(
                seq=seq, history_len=session.history_base + len(session.history) + 1,
                log_len=session.log_base + len(session.log) + len(entry.events),
                dice=json.dumps(session.dice.generator_state()), state=json.dumps(state_to_data(after))))

    session.recorder = record


def scenario_text(scenario: Scenario) -> str:
    """The exact text the scenario was loaded from."""
    return scenario.text


def new_game(store: Store, scenario: Scenario, seed: int, options: dict[str, Any] | None = None) -> tuple[Session, int]:
    """A new stored game; the returned session records into the store.

    ``options`` may hold ``players`` (who plays each side, :mod:`.seats`; kept only when the
    computer plays one), ``deploy``, ``rules`` (the optional rules in play; by default the
    scenario's own list) and ``clock`` (seconds per phase): the game's options record all three
    as :func:`.session.game_options` completes them, so every replay plays the same rules.

    Raises:
        FirepowerError: a rule that is unknown or not implemented yet (nothing is stored).
    """
    given = options or {}
    options = game_options(scenario, deploy=bool(given.get("deploy")), rules=given.get("rules"),
                           clock=given.get("clock"))
    if computer_levels(given.get("players")):  # who plays each side; none: hotseat
        options["players"] = dict(given["players"])
    if given.get("think") is not None:
        options["think"] = float(given["think"])
    if given.get("advice") is False:  # a fair match: nobody asks the computer (kept only when off)
        options["advice"] = False
    try:
        session = Session(scenario, seed=seed, **session_args(options))
    except ValueError as exc:
        raise FirepowerError(str(exc)) from None
    game_id = store.create_game(scenario_id=scenario.id, scenario_path=str(Path(scenario.path).resolve()),
                                scenario_hash=scenario.digest, scenario_text=scenario_text(scenario), seed=seed,
                                sides=[s.id for s in scenario.spec.sides], options=options)
    attach_recorder(session, store, game_id)
    seat_options(session, options)
    return session, game_id


def seat_options(session: Session, options: dict[str, Any]) -> None:
    """What a game's stored ``options`` say of its players: who plays each side, the expert's
    ``think`` seconds, and whether advice may be asked (``advice``, on unless stored off)."""
    session.players = dict(options.get("players") or {})
    think = options.get("think")
    session.think = float(think) if isinstance(think, (int, float)) and not isinstance(think, bool) and think > 0 \
        else None
    session.advice = options.get("advice") is not False


def load_game(store: Store, game_id: int, *, use_saved: bool = False, quick: bool = False) -> Session:
    """A stored game, replayed (read-only: no recorder attached).

    With ``quick``, from its checkpoint when it has a usable one: the session then holds only
    the history after it, and ``session.unchecked`` says what :func:`complete` must check.

    Raises:
        ReplayError: the scenario changed or an entry no longer replays (named).
    """
    g = store.game(game_id)
    scenario, _ = scenario_for(g.scenario_path, g.scenario_id, g.scenario_hash, g.scenario_text, use_saved=use_saved)
    if quick:
        session = _from_checkpoint(store, game_id, scenario, g.seed, g.options)
        if session is not None:
            return session
    return full_replay(store, game_id, scenario)


def full_replay(store: Store, game_id: int, scenario: Scenario, upto: int | None = None, *,
                on_entry: OnEntry | None = None) -> Session:
    """Replay every stored entry of a game (up to entry ``upto``) on ``scenario`` (``on_entry``
    is called after each action replayed: the app's background check pauses there for the player).

    Raises:
        ReplayError: an entry no longer replays (named).
    """
    g = store.game(game_id)
    steps = [StepRecord(e.kind, e.notation, e.rolls) for e in store.entries(game_id, upto=upto)]
    return replay(scenario, g.seed, steps, where=f"{store.path}: game {game_id}, ", options=g.options,
                  on_events=on_entry)


def _from_checkpoint(store: Store, game_id: int, scenario: Scenario, seed: int,
                     options: dict[str, Any]) -> Session | None:
    cp = store.checkpoint(game_id)
    if cp is None:
        return None
    try:
        state = state_from_data(json.loads(cp.state), scenario)
        dice = SeededDice(seed)
        dice.set_generator_state(json.loads(cp.dice))
    except (SnapshotError, ValueError, TypeError):
        # another format (such as the dice state of the generator before the dice stream), or
        # damaged: the full replay is the truth anyway, and the next chit draw writes a new one
        return None
    args = session_args(options)
    session = Session.from_checkpoint(scenario, state, dice, seed=seed, deploy=args["deploy"], clock=args["clock"],
                                      history_base=cp.history_len, log_base=cp.log_len)
    tail = store.entries(game_id, after=cp.seq)
    replay_into(session, [StepRecord(e.kind, e.notation, e.rolls) for e in tail],
                where=f"{store.path}: game {game_id}, ", first=cp.seq + 1)
    session.dice.advance(c for e in tail for c in e.rolls)
    session.unchecked = Unchecked(game_id=game_id, checkpoint=state, upto=tail[-1].seq if tail else cp.seq,
                                  state=session.state, dice=session.dice.generator_state())
    return session


def complete(session: Session, full: Session) -> None:
    """Check a quickly resumed ``session`` against ``full``, the full replay of the same entries,
    and give it the history before its checkpoint (play may have gone on since the resume).

    Raises:
        ReplayError: they disagree (the checkpoint is not what the entries lead to).
    """
    u = session.unchecked
    if u is None:
        return
    n = session.history_base
    at_checkpoint = full.history[n].before if n < len(full.history) else full.state
    if at_checkpoint != u.checkpoint or full.state != u.state or full.dice.generator_state() != u.dice:
        raise ReplayError(f"game {u.game_id}: its checkpoint disagrees with the replay of its entries; "
                          "the replay is the game")
    session.history[:0] = full.history[:n]
    session.log[:0] = full.log[:session.log_base]
    session.history_base = session.log_base = 0
    session.unchecked = None


def replay_unchecked(store: Store, session: Session, *, on_entry: OnEntry | None = None) -> Session | None:
    """The full replay of the stored entries a quick resume took on trust (``session.unchecked``),
    for :func:`complete`; None for a complete session. The one way to make it: the app's
    check after its first frame (in a thread, with its own ``store`` connection) and any
    that must happen at once (before the history view or the statistics) both call this.

    Raises:
        ReplayError: an entry no longer replays.
    """
    u = session.unchecked
    if u is None:
        return None
    return full_replay(store, u.game_id, session.scenario, upto=u.upto, on_entry=on_entry)


def complete_from_store(store: Store, session: Session) -> None:
    """:func:`complete` with the full replay made now from ``store`` (a no-op for a complete session).

    Raises:
        ReplayError: an entry no longer replays, or the checkpoint disagrees with the replay.
    """
    full = replay_unchecked(store, session)
    if full is not None:
        complete(session, full)


def resume_game(store: Store, game_id: int | None, *, use_saved: bool = False,
                take_over: bool = False) -> tuple[Session, int]:
    """Replay a game and go on recording into it (the most recent unfinished one by default).

    Raises:
        GameOpen: another live process has it open (R180); with ``take_over`` it is taken from
            that process instead, whose moves are refused from now on.
    """
    if game_id is None:
        latest = store.latest_unfinished()
        if latest is None:
            raise GameRefusal(f"{store.path}: no unfinished game to resume (start one with `firepower play`)")
        game_id = latest.id
    g = store.game(game_id)
    if g.finished:
        raise GameRefusal(f"{store.path}: game {game_id} is finished ({g.result}); "
                          f"watch it with `firepower replay {game_id}`")
    if g.options.get("shared"):
        raise GameRefusal(f"{store.path}: game {game_id} is played in two terminals; each player joins it: "
                          f"`firepower join {game_id} --side {g.sides[0]}` (or {', '.join(g.sides[1:])})")
    if take_over:
        store.take_over(game_id)
    else:
        store.claim(game_id)
    try:
        session = load_game(store, game_id, use_saved=use_saved, quick=True)
    except ReplayError:
        store.release(game_id)
        raise
    attach_recorder(session, store, game_id)
    seat_options(session, g.options)  # the computer keeps its side
    return session, game_id
