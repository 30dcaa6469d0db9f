"""The logs in the app: a take-back cuts the side log, a long game resumes showing its newest
entries without wrapping its history, the full log view shows what a Static would, and the first
frame loads none of the other screens."""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap

from rich.text import Text
from textual.content import Content
from textual.visual import Visual

from firepower_tui.games.session import Session
from firepower_tui.headless.playout import random_action
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.ui.app import make_app
from firepower_tui.ui.widgets.full_log import FullLog
from firepower_tui.ui.widgets.side_log import SideLog

TAKEN_BACK = "↶ taken back [§9.9]"


def app(session: Session | None = None):  # noqa: ANN201
    return make_app(load_scenario("basic"), seed=7, session=session)


def long_game(turn: int, seed: int = 7) -> Session:
    """Random movement (no combat) until ``turn``, ending on an action that can be taken back."""
    session = Session(load_scenario("basic"), seed=seed)
    rng = random.Random(seed)
    while not (session.state.turn >= turn and session.state.impulse and session.undo_refusal() is None):
        assert not session.state.over
        action = random_action(session.state, rng, combat=0.0)
        if session.check(action) is None:
            session.apply_checked(action)
    return session


def lines(log: SideLog) -> list[str]:
    """Every line of the log wrapped at its width (the wrapping itself, not the cache)."""
    width = log.scrollable_content_region.width
    return [s.text.rstrip() for t in log.entries for s in SideLog._wrap(log, t, width)]


def shown(log: SideLog) -> list[str]:
    return [log.render_line(y).text.rstrip() for y in range(log.scrollable_content_region.height)]


async def log_after(*keys: str) -> tuple[list[str], list[str]]:
    """The side log's entries and lines after pressing ``keys`` in a new game."""
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.press(*keys)
        await pilot.pause()
        log = a.screen.query_one(SideLog)
        return [t.plain for t in log.entries], lines(log)


async def test_take_back_cuts_the_log_to_a_game_without_the_action() -> None:
    # T1 moves, turns, crouches, then is refused a move [6.2.8]; z takes back the crouch and drops
    # the refusal written after it
    entries, wrapped = await log_after("enter", "m", "t", "8", "c", "m", "z")
    never, never_wrapped = await log_after("enter", "m", "t", "8")
    assert any("[6.2.8]" in e for e in (await log_after("enter", "m", "t", "8", "c", "m"))[0])
    assert entries == never + [TAKEN_BACK]
    assert wrapped == never_wrapped + [TAKEN_BACK]
    # a second take-back drops the first one's line with the move
    entries, _ = await log_after("enter", "m", "c", "z", "z")
    assert entries == (await log_after("enter"))[0] + [TAKEN_BACK]


async def test_take_back_keeps_what_came_before_the_action() -> None:
    """The log is cut where the taken-back action began, not rebuilt from the game's events: a
    refusal written before it stays."""
    keys = ("enter", "m", "t", "8", "c", "m")
    before, _ = await log_after(*keys)
    assert "[6.2.8]" in before[-1]
    entries, _ = await log_after(*keys, "t", "2", "z")
    assert entries == before + [TAKEN_BACK]


async def test_take_back_in_a_long_game_wraps_a_screenful() -> None:
    session = long_game(4)
    a = app(session)
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        log = a.screen.query_one(SideLog)
        assert len(log.entries) > 250
        before = log.wrap_count
        await pilot.press("z")
        await pilot.pause()
        assert log.wrap_count - before < 3 * log.size.height
        entries = [t.plain for t in log.entries]
        tail = shown(log)
    session.undo()  # the same game as if the action had never been made
    b = app(session)
    async with b.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        never = b.screen.query_one(SideLog)
        assert entries == [t.plain for t in never.entries] + [TAKEN_BACK]
        assert tail[:-1] == shown(never)[1:]  # scrolled by the taken-back line
        assert tail[-1] == TAKEN_BACK


async def test_resume_shows_the_newest_entries_and_wraps_no_history() -> None:
    session = long_game(4)
    a = app(session)
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        log = a.screen.query_one(SideLog)
        assert len(log.entries) == len(session.log) > 250
        assert log.scroll_y == log.max_scroll_y > 0
        height = log.scrollable_content_region.height
        assert shown(log) == lines(log)[-height:]
        assert log.wrap_count < 4 * height


async def test_the_log_view_shows_the_lines_a_static_would() -> None:
    """`l`: the same lines as the whole log in one Static (as before), the end in view."""
    session = long_game(2)
    a = app(session)
    async with a.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        entries = list(a.screen.query_one(SideLog).entries)
        await pilot.press("l")
        await pilot.pause()
        view = a.screen.query_one(FullLog)
        assert view.scroll_y == view.max_scroll_y > 0 and view.has_focus
        width, height = view.scrollable_content_region.size
        whole = Content.from_rich_text(Text("\n").join(entries), a.console)
        expected = [s.text.rstrip() for s in Visual.to_strips(view, whole, width, None, view.visual_style)]
        assert shown(view) == expected[-height:]
        assert view.wrap_count < 4 * height
        await pilot.press("home")
        await pilot.pause(1.2)  # the scroll is animated
        assert shown(view) == expected[:height]


def test_first_frame_loads_no_other_screen() -> None:
    """History, setup, title and modal screens (and the stats) load when opened, not before."""
    code = textwrap.dedent("""
        import asyncio, sys
        from firepower_tui.rules.scenario.load import load_scenario
        from firepower_tui.ui.app import make_app

        def loaded():
            names = ("firepower_tui.ui.screens.history", "firepower_tui.ui.screens.setup",
                     "firepower_tui.ui.screens.title", "firepower_tui.ui.screens.modals", "firepower_tui.games.stats",
                     "firepower_tui.games.replay")
            return ",".join(n for n in names if n in sys.modules)

        async def main():
            a = make_app(load_scenario("basic"), seed=7)
            async with a.run_test(size=(100, 30)) as pilot:
                await pilot.pause()
                assert type(a.screen).__name__ == "GameScreen"
                print(loaded())
                await pilot.press("h")
                await pilot.pause()
                assert type(a.screen).__name__ == "HistoryScreen"
                print(loaded())

        asyncio.run(main())
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    first, after_h = out.stdout.splitlines()
    assert first == "", f"the first frame loaded {first}"
    loaded_after_h = after_h.split(",")
    assert "firepower_tui.ui.screens.history" in loaded_after_h
    assert "firepower_tui.ui.screens.setup" not in loaded_after_h and "firepower_tui.ui.screens.title" not in loaded_after_h
