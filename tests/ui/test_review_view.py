"""R in the history view: the turning points with a progress bar; Enter shows the position."""

from __future__ import annotations

from firepower_tui.games.session import Session
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.ui.app import make_app
from firepower_tui.ui.screens.advice import PickScreen
from firepower_tui.ui.screens.history import HistoryScreen
from tests.conftest import make_scenario
from tests.players.test_review import BLUNDER, MEN, TERRAIN


async def test_r_lists_the_turning_points_and_enter_opens_the_position() -> None:
    session = Session(make_scenario(TERRAIN, MEN), seed=1)
    session.players = {"tan": "human", "green": "computer:hard"}
    for line in BLUNDER:
        assert session.submit(parse_action(line)).ok, line
    a = make_app(session.scenario, session=session)
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        history = a.screen
        assert isinstance(history, HistoryScreen)
        await pilot.press("R")
        for _ in range(100):
            await pilot.pause(0.1)
            if isinstance(a.screen, PickScreen):
                break
        assert isinstance(a.screen, PickScreen)
        assert "played move T1" in a.screen.lines[0].plain
        await pilot.press("enter")
        await pilot.pause()
        assert a.screen is history and history.step == 2
