"""A game survives kill -9 of the app: at most the action in flight is lost."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
pytest.importorskip("pyte")
from pty_harness import PtyApp  # noqa: E402

from firepower_tui.games.service import resume_game  # noqa: E402
from firepower_tui.rules.board.hexgrid import hex_from_id  # noqa: E402
from firepower_tui.games.store import Store  # noqa: E402


def test_kill_9_then_resume(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    app = PtyApp(["play", "basic", "--seed", "7", "--db", str(db)], cols=100, rows=30)
    try:
        app.wait_for("Tan's impulse phase", timeout=30)
        app.press("enter")
        app.wait_for("impulse 1/2 K2")
        app.press("m")
        app.wait_for("T1 enters K3")
        app.press("t")
        app.press("3")
        app.wait_for("T1 turns S to SE")
        os.kill(app.pid, signal.SIGKILL)
        os.waitpid(app.pid, 0)
    finally:
        app.close()
    store = Store(db)
    (game,) = store.games()
    assert [e.notation for e in store.entries(game.id)] == ["chit", "impulse K2", "move T1", "turn T1 SE"]
    session, gid = resume_game(store, None)  # the dead process's lock is stale
    t1 = session.state.soldier("T1")
    assert gid == game.id and t1.hex == hex_from_id("K3") and t1.facing.name == "SE"
    assert session.state.mf_left(t1) == 2
