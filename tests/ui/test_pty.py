"""The real app in a pseudo-terminal, read through a terminal emulator (pyte)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
pytest.importorskip("pyte")
from pty_harness import PtyApp  # noqa: E402


def test_play_a_move_and_quit_in_a_terminal() -> None:
    app = PtyApp(["play", "basic", "--seed", "7"], cols=100, rows=30)
    try:
        app.wait_for("Turn 1/10", timeout=30)
        app.wait_for("Tan's impulse phase")
        app.press("enter")
        app.wait_for("impulse 1/2 K2")
        app.press("m")
        app.wait_for("T1 enters K3 from K2")
        assert "MF left 3/4" in app.text()
        assert "Traceback" not in app.text()
        app.quit()
    finally:
        app.close()


def test_small_terminal_message() -> None:
    app = PtyApp(["play", "basic", "--seed", "7"], cols=60, rows=20)
    try:
        app.wait_for("Terminal too small: 60x20", timeout=30)
    finally:
        app.close()


def test_no_terminal_is_refused_cleanly(tmp_path: Path) -> None:
    import subprocess

    r = subprocess.run([sys.executable, "-m", "firepower_tui", "play"], capture_output=True, text=True,
                       stdin=subprocess.DEVNULL)
    assert r.returncode == 2 and "needs a terminal" in r.stderr and "Traceback" not in r.stderr


def test_ascii_and_no_color_show_only_ascii() -> None:
    """--ascii with NO_COLOR: every character on screen is ASCII; the second side is lower case."""
    app = PtyApp(["play", "basic", "--seed", "7", "--ascii"], cols=100, rows=30, env={"NO_COLOR": "1"})
    try:
        app.wait_for("Turn 1/10", timeout=30)
        app.press("enter")
        app.wait_for("K2 activated")
        for _ in range(12):
            app.press("down")
        app.wait_for("g5N")
        screen = app.text()
        assert screen.isascii(), [ch for ch in screen if not ch.isascii()][:10]
    finally:
        app.close()


def test_the_harness_text_is_pytes_display_after_any_writes() -> None:
    """``PtyApp.text`` re-reads only the lines pyte marked dirty; it must still be the whole screen."""
    import random

    import pyte

    app = PtyApp.__new__(PtyApp)  # no child: just the screen and the stream
    app.screen = pyte.Screen(40, 12)
    app.stream = pyte.ByteStream(app.screen)
    rng = random.Random(7)
    for _ in range(200):
        y, x = rng.randint(1, 12), rng.randint(1, 40)
        app.stream.feed(f"\x1b[{y};{x}H{'ab─é'[rng.randint(0, 3)] * rng.randint(1, 20)}".encode())
        if rng.random() < 0.1:
            app.stream.feed(b"\n" * rng.randint(1, 15))  # scrolls: every line moves
        if rng.random() < 0.05:
            app.stream.feed(b"\x1b[2J")
        assert app.text() == "\n".join(app.screen.display)
