"""The map follows the action at 80x24: the firer and the target both on screen above the odds
panel while aiming and in the los mode, the cursor kept in view by the zoom, a command that
names a hex moves the cursor there, and the map shows no row it does not number."""

from __future__ import annotations

import re

import pytest

from firepower_tui.controller.base import Mode
from firepower_tui.rules.board.hexgrid import hex_from_id as H
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.ui.app import FirepowerApp, make_app
from firepower_tui.ui.widgets.hex_map import HexMap

SIZE = (80, 24)


def app() -> FirepowerApp:
    return make_app(load_scenario("basic"), seed=7)  # Tan's chit first; T5 in H3, G5 in H14, G8 in S15


def map_lines(a: FirepowerApp) -> list[str]:
    """The map as shown: the screen's lines, cut to the map's region (the odds panel is below it)."""
    region = a.screen.query_one(HexMap).region
    lines = [strip.text for strip in a.screen._compositor.render_strips()]
    return [line[region.x:region.right] for line in lines[region.y:region.bottom]]


def shown(a: FirepowerApp, *texts: str) -> bool:
    body = "\n".join(map_lines(a))
    return all(t in body for t in texts)


async def command(pilot, text: str) -> None:  # noqa: ANN001
    await pilot.press("colon", *text, "enter")
    await pilot.pause()


async def cursor_to(pilot, a: FirepowerApp, target: str) -> None:  # noqa: ANN001
    """Arrow keys until the cursor is on ``target`` (down/up first, then left/right)."""
    c = a.controller
    for _ in range(40):
        here = c.cursor
        if here == H(target):
            break
        col, row = here_of(here), H(target)
        key = "down" if row_of(here) < row_of(H(target)) else "up" if row_of(here) > row_of(H(target)) else \
            "right" if col < here_of(H(target)) else "left"
        await pilot.press(key)
        await pilot.pause()
    assert c.cursor == H(target)


def here_of(h) -> int:  # noqa: ANN001
    from firepower_tui.rules.board.hexgrid import qoffset_from_cube

    return qoffset_from_cube(h).col


def row_of(h) -> int:  # noqa: ANN001
    from firepower_tui.rules.board.hexgrid import qoffset_from_cube

    return qoffset_from_cube(h).row


@pytest.mark.rule("6.3.4")
async def test_aiming_shows_the_firer_and_the_target_above_the_odds_panel() -> None:
    """T5 in H3 aims at G5 in H14, eleven rows south: both are on screen at 80x24 (before, the
    map followed the cursor alone and T5 was scrolled away)."""
    a = app()
    async with a.run_test(size=SIZE) as pilot:
        await cursor_to(pilot, a, "H3")
        await pilot.press("enter", "f")
        await pilot.pause()
        assert a.controller.mode is Mode.AIM_FIRE and a.controller.selected == "T5"
        await cursor_to(pilot, a, "H14")
        assert a.screen.query_one("#preview").display
        assert shown(a, "T5", "G5"), "\n".join(map_lines(a))
        await cursor_to(pilot, a, "D14")  # another target, further west: still both
        assert shown(a, "T5", "G3"), "\n".join(map_lines(a))


@pytest.mark.rule("6.3.4")
async def test_los_command_shows_both_ends() -> None:
    """``:los H3 S15``: H3 (T5) and S15 (G8), far apart both ways, both on screen at 80x24."""
    a = app()
    async with a.run_test(size=SIZE) as pilot:
        await command(pilot, "los H3 S15")
        assert a.screen.los.active
        assert shown(a, "T5", "G8"), "\n".join(map_lines(a))


async def test_zoom_keeps_the_cursor_in_view() -> None:
    """The cursor in the south-east of the map, then o (the detailed zoom): its hex is whole
    on screen, its id on its top line and its man under it; while aiming, in and out again,
    the firer and the target both."""
    a = app()
    async with a.run_test(size=SIZE) as pilot:
        await cursor_to(pilot, a, "S15")
        await pilot.press("o")
        await pilot.pause()
        await pilot.pause()
        lines = map_lines(a)
        top = next((i for i, line in enumerate(lines) if "S15" in line), None)
        assert top is not None, "\n".join(lines)
        assert top + 3 < len(lines) and "G8" in "\n".join(lines[top:top + 3]), "\n".join(lines)
    a = app()
    async with a.run_test(size=SIZE) as pilot:  # zoomed while aiming: the firer and the target still
        await cursor_to(pilot, a, "H3")
        await pilot.press("enter", "f")
        await cursor_to(pilot, a, "H14")
        for _ in range(2):
            await pilot.press("o")
            await pilot.pause()
            await pilot.pause()
            assert shown(a, "T5", "G5"), "\n".join(map_lines(a))


async def test_a_command_that_names_a_hex_moves_the_cursor_there() -> None:
    """``:impulse H3`` puts the cursor on H3 (y, T, B, g aim from there), a move on the hex
    entered, a fire on its target's hex."""
    a = app()
    async with a.run_test(size=SIZE) as pilot:
        c = a.controller
        assert c.cursor == H("K2")
        await command(pilot, "impulse H3")
        assert c.state.impulse_hex == H("H3") and c.cursor == H("H3")
        await command(pilot, "move T5 H4")
        assert c.state.soldier("T5").hex == H("H4") and c.cursor == H("H4")
        await command(pilot, "fire T5 G5")
        assert c.cursor == H("H14")


@pytest.mark.slow  # a sweep: six scroll positions in two zooms
async def test_the_map_numbers_every_row_it_shows() -> None:
    """The map scrolled sideways at 80x24 (the cursor in the east, then the south), in both zooms: every line
    that shows the body of a hex of the first column on screen carries its row number (a view
    starting on an odd column showed each row's first hexes half a row down, unnumbered, and
    under the last row a half row of hexes with no number)."""
    a = app()
    async with a.run_test(size=SIZE) as pilot:
        for zoom in ("compact", "detailed"):
            if zoom == "detailed":
                await pilot.press("o")
            for target in ("K2", "S2", "S16", "T16", "H16", "B16"):  # (T16, H16: odd columns, the last line shown)
                await cursor_to(pilot, a, target)
                await pilot.pause()
                lines = map_lines(a)[1:]  # (under the column letters)
                for line in lines:
                    if line[2:3] == "/":  # the first hex on screen: the left edge of its body
                        assert re.match(r"\s?\d+", line[:2]), (zoom, target, "\n".join(lines))
                last = next((i for i, line in enumerate(lines) if line[:2] == "16"), None)
                for line in lines[last + 1:] if last is not None else []:  # under the last row: no new hex
                    assert "/" not in line[2:4], (zoom, target, "\n".join(lines))
