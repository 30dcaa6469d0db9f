"""The game screen uses the terminal: the side panel widens with it and cuts no value at 80x24,
the map shows no row it cannot name, and the footer offers only keys that mean something."""

from __future__ import annotations

from textual.widgets import Static

from firepower_tui.controller.keymap import Intent
from firepower_tui.rules.scenario import load_scenario
from firepower_tui.ui.app import FirepowerApp, make_app
from firepower_tui.ui.screens.game import GameScreen


def app() -> FirepowerApp:
    return make_app(load_scenario("basic"), seed=3)


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
