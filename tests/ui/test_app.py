"""The app driven by key presses (Pilot): the game state after each, not pixels."""

from __future__ import annotations

from firepower_tui.rules.hexgrid import hex_from_id
from firepower_tui.rules.scenario import load_scenario
from firepower_tui.ui.app import make_app
from firepower_tui.ui.widgets.hex_map import HexMap
from firepower_tui.ui.widgets.side_log import SideLog

SEED = 3  # seed 3 draws a Tan chit first; the cursor starts on T1 in K2


def app():  # noqa: ANN201
    return make_app(load_scenario("basic"), seed=SEED)


async def test_first_phase_and_a_move_by_keys() -> None:
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        c = a.controller
        assert c.state.active == "tan" and c.cursor == hex_from_id("K2")
        await pilot.press("enter")
        assert c.state.impulse == 1 and c.selected == "T1"
        await pilot.press("m", "t", "8", "c")
        t1 = c.state.soldier("T1")
        assert (t1.hex, t1.facing.name, t1.posture.value) == (hex_from_id("K3"), "N", "crouch")
        assert c.state.mf_left(t1) == 1
        await pilot.press("m")  # crouching entry costs 2: refused with its rule
        assert c.state.soldier("T1").hex == hex_from_id("K3")
        assert c.message.endswith("[6.2.8]")
        log = a.screen.query_one(SideLog)
        assert any("[6.2.8]" in e.plain for e in log.entries)


async def test_cursor_keys_move_by_hex_directions() -> None:
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        c = a.controller
        await pilot.press("down", "3", "9", "left", "7")
        # odd columns sit half a hex lower: K2 -> K3 (S) -> L3 (SE) -> M3 (NE) -> L3 (left) -> K3 (NW)
        assert c.cursor == hex_from_id("K3")
        assert a.screen.query_one(HexMap).cursor == hex_from_id("K3")


async def test_fire_with_odds_then_the_roll_in_the_log() -> None:
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        c = a.controller
        for _ in range(7):
            await pilot.press("left")
        await pilot.press("enter", "f")
        assert c.selected == "T3" and c.cursor == hex_from_id("D14")
        preview = a.screen.query_one("#preview")
        assert preview.display
        text = str(preview.render())
        assert "hit number 4 [4.7 RFL auto 9-12]" in text and "48.8% to kill" in text
        a.session.dice.force([10, 10, 10])
        await pilot.press("enter")
        rolls = [e for e in c.session.log if getattr(e, "event", "") == "roll"]
        assert [r.die for r in rolls] == [10, 10, 10]
        assert c.state.soldier("G3").status.value == "suppressed"
        log_text = "\n".join(e.plain for e in a.screen.query_one(SideLog).entries)
        assert "+1 trees in LOS (D7) [6.3.6.2.5]" in log_text


async def test_undo_and_end_impulse_and_phase() -> None:
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        c = a.controller
        await pilot.press("enter", "m", "z")
        assert c.state.soldier("T1").hex == hex_from_id("K2")
        await pilot.press("m", "e")
        assert c.state.impulse == 0 and c.state.impulses_used == 1
        await pilot.press("E")
        assert c.state.active is not None and len(c.state.played) == 2


async def test_command_line() -> None:
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        c = a.controller
        await pilot.press("colon")
        await pilot.press(*"impulse K2")
        await pilot.press("enter")
        assert c.state.impulse == 1
        await pilot.press("colon", *"move T1", "enter")
        assert c.state.soldier("T1").hex == hex_from_id("K3")


async def test_help_rules_and_quit_confirmation() -> None:
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.press("question_mark")
        assert type(a.screen).__name__ == "TextScreen"
        await pilot.press("escape", "r")
        assert "2.1" in str(a.screen.query_one("#dialog-body").children[0].render())
        await pilot.press("escape", "Q")
        assert type(a.screen).__name__ == "ConfirmScreen"
        await pilot.press("n")
        assert type(a.screen).__name__ == "GameScreen"


async def test_too_small_terminal_shows_a_message() -> None:
    a = app()
    async with a.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        tiny = a.screen.query_one("#too-small")
        assert tiny.display and "needs at least 80×24" in str(tiny.render())
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert not tiny.display


async def test_mouse_click_moves_the_cursor() -> None:
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        hex_map = a.screen.query_one(HexMap)
        target = hex_from_id("C3")
        y, x, _ = hex_map.grid.slots[target][0]
        await pilot.click(HexMap, offset=(x + 2 + 1 - hex_map.scroll_offset.x, y + 1 - hex_map.scroll_offset.y))
        assert a.controller.cursor == target
