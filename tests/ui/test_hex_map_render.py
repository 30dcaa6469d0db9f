"""The map's lines are built run by run (of one style key, split where a marked hex begins or
ends); they must be exactly what a cell-by-cell walk builds."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from firepower_tui.rules.hexgrid import Hex
from firepower_tui.rules.scenario import load_scenario
from firepower_tui.ui.app import make_app
from firepower_tui.ui.widgets.hex_map import HexMap


def cell_by_cell(m: HexMap, vy: int, x0: int, width: int, cursor: Hex | None, base: Style) -> list[Segment]:
    """The plain walk: every cell's style, joined while it stays the same."""
    chars, keys = m.grid.chars[vy], m.grid.styles[vy]
    owner_at: dict[int, Hex] = {}
    for xa, xb, h in m._owners[vy]:
        if h == cursor or h in m._overlay_of:
            for x in range(max(xa, x0), min(xb, x0 + width)):
                owner_at[x] = h
    styles = m._load_styles()
    out: list[Segment] = []
    text: list[str] = []
    run: Style | None = None
    for x in range(x0, min(x0 + width, m.grid.width)):
        style = styles.get(keys[x], Style())
        h = owner_at.get(x)
        if h is not None:
            for name in m._overlay_of.get(h, ()):
                style = style + styles[name]
            if h == cursor:
                style = style + styles["cursor"]
        if style != run:
            if text:
                out.append(Segment("".join(text), base + run if run else base))
            text, run = [], style
        text.append(chars[x])
    if text:
        out.append(Segment("".join(text), base + run if run else base))
    return out


async def test_runs_are_what_a_cell_by_cell_walk_builds() -> None:
    a = make_app(load_scenario("basic"), seed=3)
    async with a.run_test(size=(120, 40)) as pilot:
        await pilot.press(*["left"] * 7, "enter", "f")  # aiming: arc, LOS, target and cursor overlays
        await pilot.pause()
        m = a.screen.query_one(HexMap)
        assert m._overlay_of and m.cursor is not None
        base = m.rich_style
        for x0, width in ((0, 93), (7, 40), (3, 500)):
            for vy in range(m.grid.height):
                got = m._render_grid_line(vy, x0, width, m.cursor, base)
                cells = max(0, min(x0 + width, m.grid.width) - x0)
                want = Strip(cell_by_cell(m, vy, x0, width, m.cursor, base), cells).extend_cell_length(width, base)
                assert list(got) == list(want), (vy, x0, width)
