"""Two processes claim one hotseat game at the very same moment, many times over: exactly one
of them gets it each time, the other is refused (R180), and the store says the winner owns it;
two processes resuming one game at once never both play it."""

from __future__ import annotations

import multiprocessing
import os
import random
import time
from pathlib import Path

from firepower_tui.games.store import GameOpen, Store

TRIALS = 60
"""Games claimed by both processes at once (one barrier each)."""


def claimer(db: str, games: list[int], barrier, start, results) -> None:  # noqa: ANN001
    """Claim each game at the moment the parent set (both processes wait for it on the same
    clock, after a barrier); keep every claim won (this process stays alive until the parent has
    read the store)."""
    store = Store(db)
    for gid in games:
        barrier.wait(timeout=30)
        while time.monotonic() < start.value:
            pass
        try:
            store.claim(gid)
            results.put((gid, os.getpid(), "won"))
        except GameOpen as exc:
            results.put((gid, os.getpid(), f"refused:{exc.pid}"))
        except Exception as exc:  # noqa: BLE001 - reported, not hidden
            results.put((gid, os.getpid(), f"error:{type(exc).__name__}: {exc}"))
    barrier.wait(timeout=60)  # the parent reads the owners while both still live
    barrier.wait(timeout=60)
    store.close()


def test_two_processes_claiming_one_game_at_once_never_both_win(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    store = Store(db)
    games = [store.create_game(scenario_id="basic", scenario_path="basic", scenario_hash="0" * 64, scenario_text="",
                               seed=1, sides=["tan", "green"]) for _ in range(TRIALS)]
    for gid in games:
        store.release(gid)  # nobody has them open
    ctx = multiprocessing.get_context("fork")
    barrier, start, results = ctx.Barrier(3), ctx.Value("d", 0.0), ctx.Queue()
    procs = [ctx.Process(target=claimer, args=(str(db), games, barrier, start, results)) for _ in range(2)]
    for p in procs:
        p.start()
    try:
        for _ in games:
            start.value = time.monotonic() + 0.01
            barrier.wait(timeout=30)
        outcomes: dict[int, list[tuple[int, str]]] = {g: [] for g in games}
        for _ in range(2 * TRIALS):
            gid, pid, what = results.get(timeout=30)
            outcomes[gid].append((pid, what))
        barrier.wait(timeout=30)
        owners = {g.id: g.owner_pid for g in store.games()}
        barrier.wait(timeout=30)
    finally:
        for p in procs:
            p.join(30)
            if p.is_alive():
                p.kill()
    errors = [o for got in outcomes.values() for o in got if o[1].startswith("error")]
    assert errors == []
    for gid, got in outcomes.items():
        winners = [pid for pid, what in got if what == "won"]
        assert len(winners) == 1, (gid, got)
        loser = next(what for pid, what in got if pid != winners[0])
        assert loser == f"refused:{winners[0]}" and owners[gid] == winners[0], (gid, got)
    wins = sorted(sum(1 for got in outcomes.values() for pid, what in got if pid == p.pid and what == "won")
                  for p in procs)
    print(f"claims raced: {TRIALS} trials, one winner each (wins per process {wins})")


HOTSEAT_TRIALS = 12
"""Times two processes resume one hotseat game at the same moment and play on."""
MOVES = 6
"""Actions the process that has the game plays each time."""


def resumer(db: str, game_id: int, trial: int, barrier, start, results) -> None:  # noqa: ANN001
    """`firepower resume GAME` in a process of its own: resume at the set moment, then play at
    random (a double-clicked launcher, two SSH logins)."""
    from firepower_tui.games.service import resume_game
    from firepower_tui.headless.playout import random_action

    store = Store(db)
    barrier.wait(timeout=30)
    while time.monotonic() < start.value:
        pass
    try:
        session, _ = resume_game(store, game_id)
    except GameOpen:
        results.put((os.getpid(), "refused", 0))
        return
    rng = random.Random(f"{trial}-{os.getpid()}")
    played = 0
    for _ in range(MOVES):
        if session.state.over:
            break
        played += session.submit(random_action(session.state, rng)).ok
    results.put((os.getpid(), "played", played))  # (and ends without giving the game back: as kill -9)


def test_two_resumes_of_one_hotseat_game_at_once_never_interleave(tmp_path: Path) -> None:
    """The failure of two launchers: both resumed, both played, and the game no longer replayed.
    Now one of them has the game each time, the other is refused, and the game replays."""
    from firepower_tui.games.service import load_game, new_game
    from firepower_tui.rules.scenario.load import load_scenario

    db = tmp_path / "games.db"
    store = Store(db)
    _, game_id = new_game(store, load_scenario("basic"), seed=8)
    store.release(game_id)
    ctx = multiprocessing.get_context("fork")
    stored = 0
    for trial in range(HOTSEAT_TRIALS):
        barrier, start, results = ctx.Barrier(3), ctx.Value("d", 0.0), ctx.Queue()
        procs = [ctx.Process(target=resumer, args=(str(db), game_id, trial, barrier, start, results))
                 for _ in range(2)]
        for p in procs:
            p.start()
        start.value = time.monotonic() + 0.01
        barrier.wait(timeout=30)
        got = sorted(results.get(timeout=60)[1:] for _ in procs)
        for p in procs:
            p.join(30)
        assert [what for what, _ in got] == ["played", "refused"], (trial, got)
        stored += got[0][1]
        assert len(store.entries(game_id)) == stored
        load_game(store, game_id)  # raises if the entries no longer replay
    print(f"hotseat resumes raced: {HOTSEAT_TRIALS} trials, one window each time, {stored} actions stored")
