"""`firepower import` killed (SIGKILL) at random points of its run: the store holds the whole
game or nothing of it, and no game is labelled finished that is not."""

from __future__ import annotations

import json
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

from firepower_tui.games.session import Session, game_options
from firepower_tui.games.store import Store
from firepower_tui.headless.playout import random_action
from firepower_tui.rules.scenario.load import load_scenario

ROOT = Path(__file__).resolve().parents[2]
KILLS = 8
"""Imports killed: most while the store is written, one in four at any point of the run."""
SEED = 29
"""Of the delays before each kill."""

IMPORT = """
import sys
from firepower_tui.cli import main
from firepower_tui.games import store

opened = store.Store._open


def traced(self):
    # Says "writing" when the import first writes to the store (the parent kills it soon after).
    conn = opened(self)

    def trace(sql):
        if sql.lstrip().upper().startswith("INSERT INTO GAMES"):
            sys.stdout.write("writing\\n")
            sys.stdout.flush()

    conn.set_trace_callback(trace)
    return conn


store.Store._open = traced
sys.exit(main(["import", sys.argv[1], "--db", sys.argv[2]]))
"""


def finished_record(path: Path, seed: int = 7) -> dict[str, object]:
    """A whole random game of basic (some 850 entries), as a record."""
    scenario = load_scenario("basic")
    session = Session(scenario, seed=seed)
    rng = random.Random(seed)
    while not session.state.over:
        assert session.submit(random_action(session.state, rng)).ok
    record = {"format": "firepower-game", "version": 1, "seed": seed, "options": game_options(scenario),
              "result": session.state.result, "scenario": {"id": scenario.id, "hash": scenario.digest,
                                                           "toml": scenario.text},
              "entries": [{"kind": "action", "action": h.notation, "rolls": [list(r) for r in h.rolls]}
                          for h in session.history]}
    path.write_text(json.dumps(record))
    return {"entries": len(session.history), "turn": session.state.turn, "result": session.state.result}


def killed_import(record: Path, db: Path, rng: random.Random, anywhere: bool) -> str:
    """Run an import and kill it: ``anywhere``, after a random delay from its start; else a
    random delay after it first writes to the store. What happened: killed, or done first."""
    proc = subprocess.Popen([sys.executable, "-c", IMPORT, str(record), str(db)], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    try:
        if anywhere:
            time.sleep(rng.uniform(0.0, 1.0))
        else:
            ready, _, _ = select.select([proc.stdout], [], [], 60)
            assert ready and proc.stdout is not None and proc.stdout.readline() == "writing\n"
            time.sleep(rng.uniform(0.0, 0.05))
        proc.send_signal(signal.SIGKILL)
        code = proc.wait(30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return "killed" if code == -signal.SIGKILL else f"exit {code}"


def test_an_import_killed_at_random_points_leaves_all_or_nothing(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    whole = finished_record(record)
    db = tmp_path / "games.db"
    Store(db).close()
    rng = random.Random(SEED)
    outcomes = []
    for trial in range(KILLS):
        before = {g.id for g in Store(db).games()}
        how = killed_import(record, db, rng, anywhere=trial % 4 == 3)
        store = Store(db)
        assert store.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert store.conn.execute("SELECT COUNT(*) FROM entries WHERE game_id NOT IN (SELECT id FROM games)"
                                  ).fetchone()[0] == 0
        new = [g for g in store.games() if g.id not in before]
        assert len(new) <= 1, (trial, how)
        for g in new:  # the whole game, labelled as its last entry leaves it
            assert (len(store.entries(g.id)), g.turn, g.finished, g.result) == \
                (whole["entries"], whole["turn"], True, whole["result"]), (trial, how)
        for g in store.games():  # (nothing else is labelled finished either)
            assert not g.finished or len(store.entries(g.id)) == whole["entries"]
        outcomes.append((how, "whole" if new else "nothing"))
        store.close()
    kills = sum(how == "killed" for how, _ in outcomes)
    print(f"imports killed: {kills} of {KILLS} runs (the rest ended first); left nothing "
          f"{sum(left == 'nothing' for _, left in outcomes)}, the whole game "
          f"{sum(left == 'whole' for _, left in outcomes)}")
    assert kills >= KILLS // 2
