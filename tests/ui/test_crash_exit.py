"""A crash inside the app (an exception Textual catches) ends the process with exit code 3 and a
crash report, never 0: sshd, a browser tab or a wrapper can tell it from a quit."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
pytest.importorskip("pyte")
from pty_harness import PtyApp  # noqa: E402

BROKEN_APP = """
import sys
import firepower_tui.ui.app as app_module

def broken():  # called once the first frame is on the screen: a bug inside Textual's loop
    raise KeyError("a bug in the app")

app_module.resume_gc = broken
from firepower_tui.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _wait_exit(pid: int, limit: float = 60.0) -> int:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        time.sleep(0.05)
    raise AssertionError(f"pid {pid} still running after {limit}s")


def test_a_crash_in_the_app_exits_3_with_a_report(tmp_path: Path) -> None:
    state = tmp_path / "state"
    app = PtyApp([], cols=100, rows=30, env={"XDG_STATE_HOME": str(state)},
                 command=[sys.executable, "-c", BROKEN_APP, "play", "basic", "--seed", "3",
                          "--db", str(tmp_path / "g.db")])
    try:
        status = None
        end = time.monotonic() + 60
        while status is None and time.monotonic() < end:
            app.pump(0.05)
            done, raw = os.waitpid(app.pid, os.WNOHANG)
            status = raw if done else None
        if status is None:
            status = _wait_exit(app.pid)
        app.pump(0.2)
        screen = app.text()
    finally:
        app.close()
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 3, status
    (report,) = (state / "firepower").glob("crash-*.txt")
    assert "a bug in the app" in report.read_text("utf-8")
    assert "Traceback" not in screen and "A report was saved to" in screen
