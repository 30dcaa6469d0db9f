"""The game screen uses the terminal: the side panel widens with it and cuts no value at 80x24,
the map shows no row it cannot name, and the footer offers only keys that mean something."""

from __future__ import annotations

from textual.widgets import Static

from firepower_tui.controller.keymap import Intent
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.ui.app import FirepowerApp, make_app
from firepower_tui.ui.screens.game import GameScreen


def app() -> FirepowerApp:
    return make_app(load_scenario("basic"), seed=7)


def offered(screen: GameScreen) -> set[str]:
    """The intents the footer offers now."""
    return {b.binding.id or "" for b in screen.active_bindings.values() if b.enabled and b.binding.show}


def screen_lines(a: FirepowerApp) -> list[str]:
    """The screen as a player sees it, line by line."""
    return [strip.text for strip in a.screen._compositor.render_strips()]


async def test_the_los_footer_offers_skip_only_against_the_computer() -> None:
    """Skip (show the computer's moves at once) means nothing in a hotseat game: not offered in
    the los mode either."""
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter", "L")
        await pilot.pause()
        screen = a.screen
        assert isinstance(screen, GameScreen) and screen.los.active
        assert Intent.SKIP not in offered(screen) and Intent.CANCEL in offered(screen)


def words(text: str) -> list[str]:
    return text.split()


MORE = ["…", "(I:", "all", "of", "it)"]
"""The words a panel ends with when its text does not fit (ui/screens/side_fit.py)."""


def panel_problems(screen: GameScreen) -> list[str]:
    """What a player could not read in the side panels now: a panel whose lines do not all
    fit its height (a line cut off), or that does not show its whole text (the hex panel: its
    text, then the map's marks in words), unless it ends by saying so with the key for the rest."""
    from firepower_tui.ui.render.panels import hex_text, soldier_text

    problems = []
    for wid, full in (("#soldier-panel", soldier_text(screen.c)), ("#hex-panel", hex_text(screen.c))):
        panel = screen.query_one(wid, Static)
        needed = panel.get_content_height(screen.size, screen.size, panel.content_region.width)
        if needed > panel.content_region.height:
            problems.append(f"{wid}: {needed} lines in {panel.content_region.height}")
        shown, whole = words(str(panel.render())), words(full.plain)
        cut = shown[-len(MORE):] == MORE
        if cut:
            shown = shown[:-len(MORE)]
        if whole[:len(shown)] != shown[:len(whole)] or (not cut and len(shown) < len(whole)):
            problems.append(f"{wid}: shows {shown}, not {whole}")
    return problems


async def test_at_80x24_the_side_panels_cut_no_line() -> None:
    """The soldier panel before an impulse (its last line, the impulses used, was cut) and
    with a refused move's whole reason (it was cut after 'T1 needs'), at 80x24."""
    a = app()
    async with a.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = a.screen
        assert isinstance(screen, GameScreen)
        assert panel_problems(screen) == []
        await pilot.press("enter", "c", "m", "m")  # crouched, 1 MF left: the next hex needs 2
        await pilot.pause()
        assert "no - T1 needs" in str(screen.query_one("#soldier-panel", Static).render())
        assert panel_problems(screen) == []


async def test_at_80x24_a_village_man_and_his_hex_cut_no_line() -> None:
    """Every man of village selected in turn, the cursor on his hex (buildings, items, weapons):
    no panel cuts a line; the hex panel of a building may end by naming the key for the rest."""
    from firepower_tui.controller.controller import Result

    a = make_app(load_scenario("village"), seed=7)
    async with a.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen, c = a.screen, a.controller
        assert isinstance(screen, GameScreen)
        for s in c.state.soldiers:
            c.cursor, c.selected = s.hex, s.id
            screen.sync_result_view()
            await pilot.pause()
            assert panel_problems(screen) == [], s.id


async def test_the_side_column_widens_with_the_terminal() -> None:
    """At 140 columns a move's log line takes two lines of the side column, not three as in the
    27 columns it had at every width."""
    a = app()
    async with a.run_test(size=(140, 40)) as pilot:
        await pilot.press("enter", "m")
        await pilot.pause()
        side = a.screen.query_one("#side").region
        lines = [line[side.x:] for line in screen_lines(a)]
        first = next(i for i, line in enumerate(lines) if "T1 enters K3 from K2" in line)
        last = next(i for i in range(first, len(lines)) if "MF left" in lines[i])
        assert side.width > 40 and last - first + 1 <= 2, lines[first:last + 1]
    async with app().run_test(size=(80, 24)) as pilot:
        assert pilot.app.screen.query_one("#side").region.width == 27  # the map keeps its room at 80


def test_docstring_examples_of_the_layout() -> None:
    import doctest
    import importlib

    for name in ("firepower_tui.ui.screens.side_fit", "firepower_tui.ui.render.header",
                 "firepower_tui.ui.widgets.map_view", "firepower_tui.controller.command"):
        result = doctest.testmod(importlib.import_module(name))
        assert result.attempted >= 1 and result.failed == 0, name


async def test_the_learn_menu_shows_every_line_and_description_whole(tmp_path) -> None:  # noqa: ANN001
    """At 80x24, with --ascii (its marks are longer: '... begun') and a lesson begun: each line of
    the lesson list is shown whole, mark included, and the highlighted lesson's description fits
    its pane; the list takes the room its lines need, the description the rest."""
    from textual.widgets import OptionList

    from firepower_tui.games.lesson_progress import LessonProgress
    from firepower_tui.games.lessons import load_lessons
    from firepower_tui.ui.learn_app import LearnApp
    from firepower_tui.ui.render.lesson_text import lesson_line

    lessons = load_lessons()
    progress = LessonProgress(tmp_path / "progress.json")
    progress.record(lessons[2], 1)  # begun, not done
    a = LearnApp(lessons, progress, ascii=True)
    async with a.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        box = a.screen.query_one(OptionList)
        marks = progress.marks(lessons)
        for i, lesson in enumerate(lessons):
            line = lesson_line(lesson, i + 1, marks[i], ascii=True).plain.rstrip()
            assert box.scrollable_content_region.width >= len(line), line
            info = a.screen.query_one("#lesson-info", Static)
            needed = info.get_content_height(a.screen.size, a.screen.size, info.content_region.width)
            assert needed <= info.content_region.height, lesson.id
            await pilot.press("down")
            await pilot.pause()
        assert any("... begun" in text for text in screen_lines(a))
