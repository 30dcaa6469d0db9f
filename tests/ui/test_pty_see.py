"""The terminal's cursor and the rulebook in a real pseudo-terminal (pyte): the terminal's own cursor stands on the
map's cursor hex (screen magnifiers and braille displays follow it), and the colour-blind
theme chosen by --theme shows the second side in lower case at 80x24."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
pytest.importorskip("pyte")
from pty_harness import PtyApp  # noqa: E402


def _row(app: PtyApp) -> str:
    return app.screen.display[app.screen.cursor.y]


def test_the_terminal_cursor_is_on_the_cursor_hex() -> None:
    app = PtyApp(["play", "basic", "--seed", "7"], cols=100, rows=30)
    try:
        app.wait_for("Tan's impulse phase", timeout=30)
        app.settle()
        x, y = app.screen.cursor.x, app.screen.cursor.y
        assert "T1" in _row(app)[x - 3: x + 4]  # the cursor starts on T1 in K2
        app.press("down")
        app.settle()
        assert (app.screen.cursor.x, app.screen.cursor.y) == (x, y + 2)  # one hex south: two lines down
        app.press("right")
        app.settle()
        assert app.screen.cursor.x > x
    finally:
        app.close()


def test_colour_blind_theme_at_80x24() -> None:
    app = PtyApp(["--theme", "colour-blind", "play", "basic", "--seed", "7"], cols=80, rows=24)
    try:
        app.wait_for("Tan's impulse phase", timeout=30)
        app.settle()
        for _ in range(12):
            app.press("down")
        app.wait_for("g", timeout=10)
        app.settle()
        screen = app.text()
        assert any(f"g{n}" in screen for n in range(1, 9)) and not any(f"G{n}" in screen for n in range(1, 9))
        assert "Traceback" not in screen
    finally:
        app.close()


def test_show_cursor_writes_the_show_escape_and_the_cursor_is_on_the_hex(tmp_path: Path) -> None:
    """--show-cursor: the app writes ESC [?25h after Textual hid the cursor, so the terminal's
    cursor is visible, on the cursor hex; it is remembered, and ``:cursor off`` hides it again."""
    import json

    env = {"XDG_DATA_HOME": str(tmp_path)}
    app = PtyApp(["play", "basic", "--seed", "7", "--show-cursor"], cols=100, rows=30, env=env)
    raw: list[bytes] = []
    feed = app.stream.feed
    app.stream.feed = lambda data: (raw.append(data), feed(data))[1]  # type: ignore[method-assign]
    try:
        app.wait_for("Tan's impulse phase", timeout=30)
        app.settle()
        out = b"".join(raw)
        assert out.rfind(b"\x1b[?25h") > out.find(b"\x1b[?25l") >= 0
        assert not app.screen.cursor.hidden
        x = app.screen.cursor.x
        assert "T1" in _row(app)[x - 3: x + 4]  # on T1's hex (K2)
        assert json.loads((tmp_path / "firepower" / "settings.json").read_text())["cursor"] is True
        for key in ":cursor off":
            app.press(key)
            app.settle(0.05, 0.5)  # (the command line opens on ':' and takes the keys after it)
        app.press("enter")
        app.settle()
        assert app.screen.cursor.hidden
        assert json.loads((tmp_path / "firepower" / "settings.json").read_text())["cursor"] is False
    finally:
        app.close()


def test_without_the_setting_the_cursor_stays_hidden(tmp_path: Path) -> None:
    app = PtyApp(["play", "basic", "--seed", "7"], cols=100, rows=30, env={"XDG_DATA_HOME": str(tmp_path)})
    try:
        app.wait_for("Tan's impulse phase", timeout=30)
        app.settle()
        assert app.screen.cursor.hidden
    finally:
        app.close()
