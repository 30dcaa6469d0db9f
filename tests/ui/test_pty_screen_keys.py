"""A screen that is not the game takes no game keys: the "Terminal too small" screen and the
dialogs over the map pass nothing to the game under them; the stored game is the judge."""

from __future__ import annotations

import sqlite3
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
pytest.importorskip("pyte")
from pty_harness import PtyApp  # noqa: E402

GAME_KEYS = ["enter", "m", "e", "E", "z", "t", "c", "p", "f", "g", "s", "down", "enter", "E"]
"""Keys that start an impulse, move, face, change posture, aim, end an impulse or the phase,
take back: each changes the game (or opens a mode that does) when the game hears it."""


def game(tmp_path: Path, cols: int, rows: int) -> PtyApp:
    """``firepower play basic`` with its own data folder (its store: ``stored``)."""
    app = PtyApp(["play", "basic", "--seed", "7"], cols=cols, rows=rows, env={"XDG_DATA_HOME": str(tmp_path)},
                 resizable=True, frames=True)
    app.data_home = str(tmp_path)
    return app


def stored(app: PtyApp) -> list[str]:
    """Every stored entry (kind and notation) of the app's games, in order; read only, as
    another program reads the store."""
    db = Path(app.data_home) / "firepower" / "games.db"
    if not db.exists():
        return []
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT kind, notation FROM entries ORDER BY game_id, seq").fetchall()
    except sqlite3.OperationalError:  # (the tables are not there yet)
        return []
    finally:
        conn.close()
    return [f"{kind} {notation}" for kind, notation in rows]


def wait_stored(app: PtyApp, timeout: float = 30.0) -> list[str]:
    """The store's entries once the game is stored (its first chit drawn)."""
    end = time.monotonic() + timeout
    while not (entries := stored(app)):
        if time.monotonic() > end:
            raise TimeoutError(f"no game stored after {timeout}s:\n{app.text()}")
        app.pump(0.05)
    return entries


DIALOG_TOP = "▀▀▀▀▀▀▀▀"
"""The top of a dialog's thick border (nothing on the map or the panels draws it)."""


def wait_gone(app: PtyApp, needle: str, timeout: float = 10.0) -> None:
    """Until ``needle`` is off the screen."""
    end = time.monotonic() + timeout
    while needle in app.text():
        if time.monotonic() > end:
            raise TimeoutError(f"{needle!r} still on screen after {timeout}s:\n{app.text()}")
        app.pump(0.02)


def heard_all_keys(app: PtyApp, back_to: str) -> None:
    """Q opens the quit question (the keys before it were all handled, in order); n answers no."""
    app.press("Q")
    app.wait_for("Quit FIREPOWER?")
    app.press("n")
    app.wait_for(back_to)


def test_the_too_small_screen_passes_no_key_to_the_game(tmp_path: Path) -> None:
    """At 60x20 the game's keys do nothing: the stored game is as it was, and so is the screen
    once the window is large enough again; Q still asks to quit."""
    app = game(tmp_path, 60, 20)
    try:
        app.wait_for("Terminal too small: 60x20", timeout=30)
        before = wait_stored(app)
        for key in GAME_KEYS:
            app.press(key)
        heard_all_keys(app, "Terminal too small: 60x20")
        assert stored(app) == before
        app.resize(100, 30)
        app.wait_for("Tan's impulse phase")
        assert "Terminal too small" not in app.text()
        assert stored(app) == before
        assert "impulse 1/2" not in app.text()
        app.resize(70, 30)
        app.wait_for("Terminal too small: 70x30")
        for key in GAME_KEYS:
            app.press(key)
        heard_all_keys(app, "Terminal too small: 70x30")
        assert stored(app) == before
    finally:
        app.close()


@pytest.mark.parametrize(("opener", "shown"), [("question_mark", "FIREPOWER keys"), ("l", "Game log"),
                                                ("r", "Rules for what you are doing now")])
def test_a_dialog_over_the_map_passes_no_key_to_the_game(tmp_path: Path, opener: str, shown: str) -> None:
    keys = {"question_mark": "?"}
    app = game(tmp_path, 100, 30)
    try:
        app.wait_for("Tan's impulse phase", timeout=30)
        before = wait_stored(app)
        app.press(keys.get(opener, opener))
        app.wait_for(shown)
        for key in ["m", "E", "e", "z", "t", "c", "p", "f", "g", "s", "down"]:
            app.press(key)
        app.press("escape")
        wait_gone(app, DIALOG_TOP)  # (then Q: an Escape with a key right after it would be one Alt key)
        heard_all_keys(app, "Tan's impulse phase")
        assert stored(app) == before
    finally:
        app.close()
