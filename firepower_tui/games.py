"""Games in the store: start, resume (replay), record every action as it is accepted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .controller.session import HistoryEntry, Session
from .replay import ReplayError, StepRecord, replay, scenario_for
from .rules.errors import FirepowerError
from .rules.scenario import Scenario
from .rules.state import GameState
from .store import Store


def attach_recorder(session: Session, store: Store, game_id: int) -> None:
    """Commit every accepted action (and every take-back) before the caller shows it."""

    def record(entry: HistoryEntry | None, after: GameState) -> None:
        if entry is None:
            store.append(game_id, "undo", "undo", [], turn=after.turn, side=after.active, game_turn=after.turn,
                         finished=after.over, result=after.result)
            return
        store.append(game_id, "action", entry.notation, list(entry.rolls), turn=entry.before.turn,
                     side=entry.before.active, game_turn=after.turn, finished=after.over, result=after.result)

    session.recorder = record


def scenario_text(scenario: Scenario) -> str:
    """The exact text the scenario was loaded from."""
    return scenario.text


def new_game(store: Store, scenario: Scenario, seed: int, options: dict[str, Any] | None = None) -> tuple[Session, int]:
    """A new stored game; the returned session records into the store."""
    game_id = store.create_game(scenario_id=scenario.id, scenario_path=str(Path(scenario.path).resolve()),
                                scenario_hash=scenario.digest, scenario_text=scenario_text(scenario), seed=seed,
                                sides=[s.id for s in scenario.spec.sides], options=options)
    session = Session(scenario, seed=seed, deploy=bool((options or {}).get("deploy")))
    attach_recorder(session, store, game_id)
    return session, game_id


def load_game(store: Store, game_id: int, *, use_saved: bool = False) -> Session:
    """Replay a stored game (read-only: no recorder attached).

    Raises:
        ReplayError: the scenario changed or an entry no longer replays (named).
    """
    g = store.game(game_id)
    scenario, _ = scenario_for(g.scenario_path, g.scenario_id, g.scenario_hash, g.scenario_text, use_saved=use_saved)
    steps = [StepRecord(e.kind, e.notation, e.rolls) for e in store.entries(game_id)]
    return replay(scenario, g.seed, steps, where=f"{store.path}: game {game_id}, ", options=g.options)


def resume_game(store: Store, game_id: int | None, *, use_saved: bool = False) -> tuple[Session, int]:
    """Replay a game and go on recording into it (the most recent unfinished one by default)."""
    if game_id is None:
        latest = store.latest_unfinished()
        if latest is None:
            raise FirepowerError(f"{store.path}: no unfinished game to resume (start one with `firepower play`)")
        game_id = latest.id
    g = store.game(game_id)
    if g.finished:
        raise FirepowerError(f"{store.path}: game {game_id} is finished ({g.result}); "
                             f"watch it with `firepower replay {game_id}`")
    store.claim(game_id)
    try:
        session = load_game(store, game_id, use_saved=use_saved)
    except ReplayError:
        store.release(game_id)
        raise
    attach_recorder(session, store, game_id)
    return session, game_id
