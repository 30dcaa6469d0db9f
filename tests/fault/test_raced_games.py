"""Shared games raced by two processes: each plays its side of a stored game at random as fast
as it can, and both draw every chit the moment it is due, so the loser of each draw has rolled
before it is refused (R121). Each write waits a random moment first (a slow disk), which lets
the other process store its draw in between more often. Every checkpoint either process wrote is then checked as a quick
resume checks it: it must agree with the replay of the entries (dice spent only by stored
actions)."""

from __future__ import annotations

import json
import multiprocessing
import random
import time
from pathlib import Path

from firepower_tui.games.service import complete_from_store, load_game, new_game
from firepower_tui.games.shared import SharedGame
from firepower_tui.games.store import Checkpoint, Store
from firepower_tui.headless.playout import random_action
from firepower_tui.rules.scenario.load import load_scenario

SEEDS = (1, 2, 3)
"""One game each (its dice seed; the players' choices are seeded from it too)."""
ENTRIES = 160
"""Entries a game is played to (some 20 chit draws)."""
SECONDS = 25.0
"""Time a game may take at most (a loaded machine); it ends where it is then."""


def player(db: str, game_id: int, side: str, seed: int, out: str) -> None:
    """Play ``side`` of the game at random until it has ENTRIES entries (or is over); write every
    checkpoint this process stored, and how many of its actions the other stored first."""
    store = Store(db)
    kept: list[dict[str, object]] = []
    put = store.put_checkpoint

    def keep(gid: int, cp: Checkpoint) -> None:
        kept.append({"seq": cp.seq, "history_len": cp.history_len, "log_len": cp.log_len, "dice": cp.dice,
                     "state": cp.state})
        put(gid, cp)

    store.put_checkpoint = keep  # type: ignore[method-assign]
    rng = random.Random(f"{seed}-{side}")
    append = store.append

    def slow_append(*args: object, **kwargs: object) -> int:
        time.sleep(rng.uniform(0.0, 0.002))
        return append(*args, **kwargs)  # type: ignore[arg-type]

    store.append = slow_append  # type: ignore[method-assign]
    link = SharedGame(store, game_id, side)
    session = link.open()
    lost = 0
    deadline = time.monotonic() + SECONDS
    while time.monotonic() < deadline and link.seen < ENTRIES and not session.state.over:
        if link.changed():
            link.catch_up(session)
        if link.waiting(session.state) is not None:
            time.sleep(0.0005)
            continue
        outcome = session.submit(random_action(session.state, rng))
        lost += outcome.refusal is not None
    Path(out).write_text(json.dumps({"checkpoints": kept, "lost": lost}))
    store.close()


def test_every_checkpoint_of_raced_shared_games_agrees_with_the_replay(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    store = Store(db)
    ctx = multiprocessing.get_context("fork")
    checked = lost = entries = 0
    for seed in SEEDS:
        _, game_id = new_game(store, load_scenario("basic"), seed)
        store.share(game_id)
        store.release(game_id)
        outs = {side: tmp_path / f"{seed}-{side}.json" for side in ("tan", "green")}
        procs = [ctx.Process(target=player, args=(str(db), game_id, side, seed, str(out)))
                 for side, out in outs.items()]
        for p in procs:
            p.start()
        for p in procs:
            p.join(SECONDS + 30)
            if p.is_alive():
                p.kill()
        assert [p.exitcode for p in procs] == [0, 0]
        reports = [json.loads(out.read_text()) for out in outs.values()]
        lost += sum(r["lost"] for r in reports)
        entries += store.last_seq(game_id)
        for cp in (c for r in reports for c in r["checkpoints"]):
            store.put_checkpoint(game_id, Checkpoint(**cp))
            session = load_game(store, game_id, quick=True)
            assert session.unchecked is not None
            complete_from_store(store, session)  # raises if the checkpoint disagrees with the replay
            checked += 1
    print(f"raced shared games: {len(SEEDS)} games, {entries} entries, {lost} actions stored first by the "
          f"other process, {checked} checkpoints checked")
    assert lost > 0 and checked > 0  # (the races happened, and left checkpoints to check)
