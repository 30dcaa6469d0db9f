"""``firepower learn`` in the app: the lesson list, each lesson played to its
end through the game screen's keys and command line, the lesson panel, the hint key, and the
progress stored as the steps are done."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.binding import Binding
from textual.widgets import Input, OptionList, Static

from firepower_tui.games.lesson_progress import LessonProgress
from firepower_tui.games.lessons import load_lessons
from firepower_tui.ui.learn_app import LearnApp
from firepower_tui.ui.screens.lesson_game import LessonGameScreen
from firepower_tui.ui.screens.lessons import LessonDoneScreen, LessonListScreen

LESSONS = load_lessons()


def panel_text(app: LearnApp) -> str:
    return str(app.screen.query_one("#lesson", Static).render())


async def type_command(pilot, app: LearnApp, text: str) -> None:  # noqa: ANN001
    """``:`` opens the command line; the action in notation; Enter submits it."""
    await pilot.press("colon")
    await pilot.pause()
    app.screen.query_one("#command", Input).value = text
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.slow  # every lesson, each step by its keys
@pytest.mark.parametrize("index", range(len(LESSONS)), ids=[lesson.id for lesson in LESSONS])
async def test_each_lesson_is_played_by_the_keys_its_steps_name(index: int, tmp_path: Path) -> None:
    """The keys each step gives (its text names them; the hint shows them) do that step: the
    panel moves on and the progress file grows; after the last, the end-of-lesson prompt."""
    lesson = LESSONS[index]
    path = tmp_path / "lessons.json"
    app = LearnApp(LESSONS, LessonProgress(path), start=index)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        run = app.screen.lesson_run  # type: ignore[attr-defined]
        for i, step in enumerate(lesson.steps):
            assert step.keys
            assert f"{i + 1}/{len(lesson.steps)}" in panel_text(app)  # (compact: no "step" while aiming)
            await pilot.press(*step.keys)
            await pilot.pause()
            assert run.index == i + 1, (lesson.id, step.keys, app.controller.message)
            assert LessonProgress(path).steps_done(lesson.id) == i + 1
        assert isinstance(app.screen, LessonDoneScreen)
    assert LessonProgress(path).is_done(lesson.id)


async def test_the_movement_lesson_by_its_keys(tmp_path: Path) -> None:
    """The keys each step names (Enter, m, t 3, c, e, ...) do the steps; H shows the hint."""
    progress = LessonProgress(tmp_path / "lessons.json")
    app = LearnApp(LESSONS, progress, start=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        run = app.screen.lesson_run  # type: ignore[attr-defined]
        assert "Hint:" not in panel_text(app)
        await pilot.press("H")
        assert "Hint: keys Enter, or type :impulse C2" in panel_text(app)
        await pilot.press("enter", "m", "t", "3", "c")
        assert run.index == 4
        assert "Hint:" not in panel_text(app)  # a step done hides the hint again
        await pilot.press("m")  # crouched: 2 MF to enter, 1 left: refused, no step
        assert run.index == 4 and app.controller.message_error
        await pilot.press("e")
        assert run.index == 5 and app.controller.state.active == "green"
        await pilot.press("enter", "m", "m", "m")
        await pilot.pause()
        assert run.done
        assert isinstance(app.screen, LessonDoneScreen)
        await pilot.press("enter")  # the next lesson
        await pilot.pause()
        assert isinstance(app.screen, LessonGameScreen) and app.screen.lesson_run.lesson.id == "fire"
    assert progress.is_done("movement")


async def test_the_list_marks_progress_and_begins_the_next_lesson(tmp_path: Path) -> None:
    progress = LessonProgress(tmp_path / "lessons.json")
    progress.record(LESSONS[0], len(LESSONS[0].steps))
    app = LearnApp(LESSONS, progress)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LessonListScreen)
        box = app.screen.query_one(OptionList)
        assert box.highlighted == 1  # the next lesson: fire
        assert "done" in str(box.get_option_at_index(0).prompt)
        assert "next" in str(box.get_option_at_index(1).prompt)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LessonGameScreen)
        assert app.screen.lesson_run.lesson.id == "fire"
        assert "Lesson 2/13: Fire and its modifiers" in panel_text(app)


async def test_enter_typed_after_arrows_begins_the_lesson_they_reached(tmp_path: Path) -> None:
    """Keys typed at once, as a quick hand or a paste does: Enter waits for the arrows before it
    (a priority Enter began lesson 1, read before the list had moved)."""
    app = LearnApp(LESSONS, LessonProgress(tmp_path / "lessons.json"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LessonListScreen)
        box = app.screen.query_one(OptionList)
        assert box.highlighted == 0
        assert "Begin" in [b.description for b in box.BINDINGS if isinstance(b, Binding) and b.key == "enter"]
        for key in ("down", "down", "enter"):  # posted together, no pause between
            app.post_message(events.Key(key, None))
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, LessonGameScreen)
        assert app.screen.lesson_run.lesson.id == LESSONS[2].id


async def test_esc_after_a_lesson_returns_to_the_list(tmp_path: Path) -> None:
    progress = LessonProgress(tmp_path / "lessons.json")
    melee = next(i for i, lesson in enumerate(LESSONS) if lesson.id == "melee")
    app = LearnApp(LESSONS, progress, start=melee)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for step in LESSONS[melee].steps:
            await type_command(pilot, app, step.do)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LessonListScreen)
        box = app.screen.query_one(OptionList)
        assert "done" in str(box.get_option_at_index(melee).prompt)


async def test_the_title_screen_offers_the_lessons(tmp_path: Path) -> None:
    """The title screen (an unfinished game) lists "Learn the rules": chosen, the app closes and
    asks for the lessons next (``cli._default`` then runs ``firepower learn``)."""
    from firepower_tui.games.service import new_game
    from firepower_tui.games.store import Store
    from firepower_tui.rules.scenario.load import load_scenario
    from firepower_tui.ui.app import FirepowerApp

    store = Store(tmp_path / "games.db")
    _, gid = new_game(store, load_scenario("basic"), seed=3)
    store.release(gid)
    a = FirepowerApp(None, store=store, title=(f"game {gid}", "basic"), on_choice=lambda choice: None)
    async with a.run_test(size=(80, 24)) as pilot:
        box = a.screen.query_one(OptionList)
        ids = [box.get_option_at_index(i).id for i in range(box.option_count)]
        assert ids[-2:] == ["learn", "quit"]
        box.highlighted = ids.index("learn")
        await pilot.press("enter")
        await pilot.pause()
    assert a.next_command == "learn"


async def test_ascii_lessons_show_only_ascii(tmp_path: Path) -> None:
    """With --ascii the lesson panel and the list's marks are plain ASCII (* for the check mark)."""
    progress = LessonProgress(tmp_path / "lessons.json")
    progress.record(LESSONS[0], 1)
    app = LearnApp(LESSONS, progress, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        box = app.screen.query_one(OptionList)
        lines = [str(box.get_option_at_index(i).prompt) for i in range(box.option_count)]
        assert all(line.isascii() for line in lines) and "> next" in lines[0]
        await pilot.press("enter", "enter")  # begin lesson 1; Enter on T1: step 1 done
        await pilot.pause()
        text = panel_text(app)
        assert text.isascii() and "* T1 is activated" in text and "S" in text


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_the_lesson_panel_fits_at_80x24(lesson) -> None:  # noqa: ANN001
    """Every step's panel (the last step's explanation, the hint shown or not) wraps to at most
    the 7 lines the panel shows (max-height 8 with its border) at the ~51 columns an 80-column
    terminal leaves it: nothing of a step is cut off at the smallest size."""
    from rich.console import Console

    from firepower_tui.games.lessons import LessonRun, lesson_session
    from firepower_tui.ui.render.lesson_text import lesson_panel_text

    console = Console(width=50)
    run = LessonRun(lesson, lesson_session(lesson))
    for i in range(len(lesson.steps) + 1):
        run.index = i
        run.last_done = lesson.steps[i - 1] if i else None
        for hint in (False, True):
            lines = lesson_panel_text(run, 13, 13, hint=hint).wrap(console, 50)
            assert len(lines) <= 7, (lesson.id, i, hint, [line.plain for line in lines])


async def test_aiming_at_80x24_keeps_the_target_and_the_step_on_screen(tmp_path: Path) -> None:
    """With the odds panel up too, the lesson panel keeps to the step (its text and sections)
    and the map scrolls so the hex aimed at is in view."""
    from firepower_tui.rules.board.hexgrid import hex_from_id
    from firepower_tui.ui.widgets.hex_map import HexMap

    fire = next(i for i, lesson in enumerate(LESSONS) if lesson.id == "fire")
    app = LearnApp(LESSONS, LessonProgress(tmp_path / "lessons.json"), start=fire)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "f")
        await pilot.pause()
        await pilot.pause()
        text = panel_text(app)
        assert text.startswith("2/6 Press f to aim at G1") and "[4.7, 4.8, 6.3.6.3]" in text
        assert "Lesson 2/13" not in text
        hex_map = app.screen.query_one(HexMap)
        assert hex_map.cursor == hex_from_id("C7")
        assert hex_map.shows(hex_map.cursor)  # (and the firer's hex: ui/widgets/map_view.py)
        await pilot.press("escape")
        await pilot.pause()
        assert panel_text(app).startswith("Lesson 2/13")


@pytest.mark.rule("6.2")
async def test_a_stray_key_does_not_end_the_only_mans_phase(tmp_path: Path) -> None:
    """Lesson 1 after T1's move: e and E would end Tan's phase; the lesson refuses them (R220),
    saying what the step asks, and T1 turns as the step asks after them."""
    app = LearnApp(LESSONS, LessonProgress(tmp_path / "lessons.json"), start=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "m")
        await pilot.pause()
        c = app.controller
        run = app.screen.lesson_run  # type: ignore[attr-defined]
        assert run.index == 2
        for key in ("e", "E"):
            before = c.state
            await pilot.press(key)
            await pilot.pause()
            assert c.state is before and c.state.active == "tan" and c.message_error, key
        await pilot.press("t", "3")
        await pilot.pause()
        assert run.index == 3


async def test_progress_that_cannot_be_kept_is_said_once_and_the_lesson_goes_on(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    progress = LessonProgress(tmp_path / "file" / "lessons.json")  # a file where the folder goes
    app = LearnApp(LESSONS, progress, start=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        run = app.screen.lesson_run  # type: ignore[attr-defined]
        await pilot.press("enter", "m")
        await pilot.pause()
        assert run.index == 2 and progress.steps_done("movement") == 2
        warned = [n for n in app._notifications if n.severity == "warning"]
        assert len(warned) == 1 and str(progress.path) in warned[0].message
