"""``firepower learn --list / --reset / LESSON`` on the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from firepower_tui.cli import main
from firepower_tui.games.lesson_progress import LessonProgress, default_progress_path
from firepower_tui.games.lessons import load_lessons


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return tmp_path


def test_list_shows_the_progress_kept_beside_the_games(data_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lessons = load_lessons()
    assert default_progress_path() == data_home / "firepower" / "lessons.json"
    LessonProgress().record(lessons[0], len(lessons[0].steps))
    LessonProgress().record(lessons[1], 2)
    assert main(["learn", "--list"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert rows[0][:2] == ["1", "movement"] and rows[0][-3:] == ["9/9", "steps", "done"]
    assert rows[1][-3:] == ["2/6", "steps", "next"]
    assert rows[2][-2:] == ["0/3", "steps"]
    assert len(rows) == len(lessons)


def test_reset_forgets_every_lesson(data_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lessons = load_lessons()
    LessonProgress().record(lessons[0], len(lessons[0].steps))
    assert main(["learn", "--reset"]) == 0
    assert "forgotten" in capsys.readouterr().out
    assert not LessonProgress().is_done("movement")


def test_progress_that_cannot_be_kept_is_said_and_the_lessons_go_on(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """A data folder that cannot be written (here a file stands where the folder goes): a step
    done is kept in memory and the reason is held for the screen; ``--reset`` is a bad-input
    error naming the file, not a crash."""
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "file"))
    lessons = load_lessons()
    progress = LessonProgress()
    progress.record(lessons[0], 2)
    assert progress.steps_done("movement") == 2 and progress.problem is not None
    assert str(default_progress_path()) in progress.problem
    assert main(["learn", "--reset"]) == 2
    err = capsys.readouterr().err
    assert str(default_progress_path()) in err and "crash" not in err


@pytest.mark.parametrize("ref", ["0", "14", "nosuch"])
def test_an_unknown_lesson_is_named(ref: str, data_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["learn", ref, "--list"]) == 2
    err = capsys.readouterr().err
    assert f"no lesson {ref!r}" in err and "1 movement" in err and "Traceback" not in err


@pytest.mark.parametrize(("ref", "index"), [("1", 0), ("3", 2), ("grenades", 2), ("CLOCK", 12)])
def test_a_lesson_by_number_or_id(ref: str, index: int) -> None:
    from firepower_tui.cli.learn import _lesson_index

    assert _lesson_index(load_lessons(), ref) == index
