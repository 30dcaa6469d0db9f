"""The terminal's own cursor shown on demand (screen magnifiers and braille
displays that follow a visible cursor): ``:cursor on|off`` and ``--show-cursor``, remembered in
the settings file beside the theme. The escape written is checked in a pty (test_pty_see.py)."""

from __future__ import annotations

import json

from firepower_tui.games.settings import load_settings, settings_path
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.ui.app import make_app


async def command(pilot, text: str) -> None:  # noqa: ANN001
    await pilot.press("colon", *text, "enter")
    await pilot.pause()


async def test_cursor_command_switches_and_is_remembered() -> None:
    settings_path().unlink(missing_ok=True)
    a = make_app(load_scenario("basic"), seed=3)
    async with a.run_test(size=(100, 30)) as pilot:
        assert not a.show_cursor
        await command(pilot, "cursor maybe")
        assert a.controller.message_error and not a.show_cursor and "on or off" in a.controller.message
        await command(pilot, "cursor on")
        assert a.show_cursor and not a.controller.message_error
        assert load_settings()["cursor"] is True
    b = make_app(load_scenario("basic"), seed=3)
    async with b.run_test(size=(100, 30)) as pilot:
        assert b.show_cursor  # remembered
        await command(pilot, "cursor off")
        assert not b.show_cursor and load_settings()["cursor"] is False
    settings_path().unlink()


def test_show_cursor_option_is_remembered_both_ways() -> None:
    from firepower_tui.cli import _parse, main

    settings_path().unlink(missing_ok=True)
    assert _parse(["play", "basic", "--show-cursor"]).show_cursor is True
    assert not hasattr(_parse(["play", "basic"]), "show_cursor")
    assert main(["--show-cursor", "scenarios"]) == 0
    assert json.loads(settings_path().read_text())["cursor"] is True
    assert main(["--no-show-cursor", "scenarios"]) == 0
    assert json.loads(settings_path().read_text())["cursor"] is False
    settings_path().unlink()
