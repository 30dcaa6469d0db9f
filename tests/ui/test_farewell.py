"""Leaving: once the app has given the terminal back, the line that says where the game is kept
and how to go on with it (``firepower resume``), or that it is over and how to replay it."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from firepower_tui.games.service import new_game
from firepower_tui.games.store import Store
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.ui.app import make_app


def stored_app(db: Path, seed: int = 3):  # noqa: ANN201
    store = Store(db)
    sc = load_scenario("basic")
    session, game_id = new_game(store, sc, seed)
    return make_app(sc, session=session, store=store, game_id=game_id), game_id


async def test_quitting_a_stored_game_names_its_resume_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    a, game_id = stored_app(tmp_path / "firepower" / "games.db")  # the default store: no --db
    assert game_id == 1
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter", "m", "Q", "y")
        await pilot.pause()
    assert a.farewell() == "Game 1 saved. Continue with: firepower resume 1"


async def test_another_store_is_named_and_a_finished_game_is_replayed(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "elsewhere"))
    db = tmp_path / "my games.db"
    a, game_id = stored_app(db)
    assert a.farewell() == f"Game {game_id} saved. Continue with: firepower resume {game_id} --db '{db}'"
    st = a.session.state
    a.session.state = st.evolve(over=True, winner="green", result="Tan has no soldiers left")
    assert a.farewell() == f"Game {game_id} is finished (Green won). Replay it with: firepower replay {game_id} --db '{db}'"


def test_a_game_not_stored_and_a_replay_say_nothing() -> None:
    sc = load_scenario("basic")
    assert make_app(sc).farewell() == ""  # not stored: no game to resume


def test_a_lesson_says_its_progress_is_kept_once_there_is_some(tmp_path: Path) -> None:
    from firepower_tui.games.lesson_progress import LessonProgress
    from firepower_tui.games.lessons import load_lessons
    from firepower_tui.ui.learn_app import LearnApp

    lessons = load_lessons()
    progress = LessonProgress(tmp_path / "lessons.json")
    assert LearnApp(lessons, progress).farewell() == ""  # nothing done, nothing kept
    progress.record(lessons[0], 1)
    assert LearnApp(lessons, progress).farewell() == "Your lesson progress is kept. Continue with: firepower learn"


def test_the_line_is_printed_after_the_terminal_is_given_back() -> None:
    """The real command in a pty: Q, y; the line comes after Textual leaves the alternate screen."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    pytest.importorskip("pyte")
    from pty_harness import PtyApp

    app = PtyApp(["play", "basic", "--seed", "3"], cols=100, rows=30)
    raw: list[bytes] = []
    feed = app.stream.feed
    app.stream.feed = lambda data: (raw.append(data), feed(data))[1]  # type: ignore[method-assign]
    try:
        app.wait_for("Turn 1/10", timeout=30)
        app.quit()
        line = b"Game 1 saved. Continue with: firepower resume 1"
        # read the bytes, not the emulated screen: the emulator keeps no alternate screen, so the
        # line lands where the app's cursor was and may wrap
        end = time.monotonic() + 30
        while line not in b"".join(raw) and time.monotonic() < end:
            app.pump(0.05)
        out = b"".join(raw)
        assert line in out, out[-2000:]
        assert out.rindex(b"\x1b[?1049l") < out.index(line)
    finally:
        app.close()
