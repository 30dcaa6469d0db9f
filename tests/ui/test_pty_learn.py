"""``firepower learn`` in a real 80x24 pseudo-terminal (pyte): the lesson text and the map are on
the screen together, and doing a step moves the panel on."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
pytest.importorskip("pyte")
from pty_harness import PtyApp  # noqa: E402


def test_lesson_text_and_map_together_at_80x24() -> None:
    app = PtyApp(["learn", "movement"], cols=80, rows=24)
    try:
        app.wait_for("Lesson 1/13: Movement and facing", timeout=30)
        app.wait_for("T1")
        app.wait_for("H Hint")  # the hint key in the footer (the keys follow the frame by one refresh)
        lines = app.screen.display
        assert len(lines) == 24 and all(len(line) == 80 for line in lines)
        screen = app.text()
        assert "A    B    C    D" in screen  # the map's column ruler
        assert "T1↓" in screen  # T1 on the map, facing S
        assert "Put the cursor on T1 in" in screen and "press Enter to start an impulse" in screen  # the step
        assert "[6.2]" in screen  # its rule section
        app.press("enter")
        app.wait_for("step 2/9")
        app.press("m")
        app.wait_for("step 3/9")
        app.wait_for("T1 enters C3")
        assert "Traceback" not in app.text()
        app.quit()
    finally:
        app.close()


def test_learn_list_without_a_terminal_prints_the_lessons(tmp_path: Path) -> None:
    import os
    import subprocess

    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path))
    r = subprocess.run([sys.executable, "-m", "firepower_tui", "learn", "--list"], capture_output=True, text=True,
                       stdin=subprocess.DEVNULL, env=env)
    assert r.returncode == 0
    assert r.stdout.splitlines()[0].split()[:2] == ["1", "movement"]
    assert len(r.stdout.splitlines()) == 13
    r = subprocess.run([sys.executable, "-m", "firepower_tui", "learn"], capture_output=True, text=True,
                       stdin=subprocess.DEVNULL, env=env)
    assert r.returncode == 2 and "need a terminal" in r.stderr and "Traceback" not in r.stderr
    r = subprocess.run([sys.executable, "-m", "firepower_tui", "learn", "nosuch", "--list"], capture_output=True,
                       text=True, stdin=subprocess.DEVNULL, env=env)
    assert r.returncode == 2 and "no lesson 'nosuch'" in r.stderr and "Traceback" not in r.stderr
