"""The map's lines are built run by run (of one style key, split where a marked hex begins or
ends, blanks joined to a neighbour they look the same in); they must look exactly as what a
cell-by-cell walk builds: every cell the same character, and the same style (a blank: the same
background and nothing else that shows on a blank)."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from firepower_tui.rules.board.hexgrid import Hex
from firepower_tui.rules.scenario.load import load_scenario
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


def looks(strip: Strip) -> list[tuple[str, object]]:
    """What each cell shows: its character and style; a blank, its background (and underline,
    strike, overline, reverse, link: what would show on it)."""
    out: list[tuple[str, object]] = []
    for seg in strip:
        st = seg.style or Style()
        for ch in seg.text:
            out.append((ch, st if ch != " " else (st.bgcolor, st.underline, st.underline2, st.strike, st.overline,
                                                  st.reverse, st.link, st.conceal)))
    return out


async def test_runs_look_as_a_cell_by_cell_walk_builds() -> None:
    a = make_app(load_scenario("basic"), seed=3)
    async with a.run_test(size=(120, 40)) as pilot:
        await pilot.press(*["left"] * 7, "enter", "f")  # aiming: arc, LOS, target and cursor overlays
        await pilot.pause()
        m = a.screen.query_one(HexMap)
        assert m._overlay_of and m.cursor is not None
        base = m.rich_style
        joined = 0
        for x0, width in ((0, 93), (7, 40), (3, 500)):
            for vy in range(m.grid.height):
                got = m._render_grid_line(vy, x0, width, m.cursor, base)
                cells = max(0, min(x0 + width, m.grid.width) - x0)
                want = Strip(cell_by_cell(m, vy, x0, width, m.cursor, base), cells).extend_cell_length(width, base)
                assert looks(got) == looks(want), (vy, x0, width)
                assert len(list(got)) <= len(list(want))
                joined += len(list(want)) - len(list(got))
        assert joined > 500  # blanks were joined: a line is a few segments, not one per hex interior


async def test_every_style_key_and_overlay_has_its_style() -> None:
    """The palette (ui/render/map_palette.py) names every style key the grid uses and every
    overlay; the themed keys take the theme's text colours (white on the dark theme)."""
    from firepower_tui.ui.render.map_palette import FIXED, THEMED

    a = make_app(load_scenario("basic"), seed=3)
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        m = a.screen.query_one(HexMap)
        styles = m._load_styles()
        assert set(styles) == set(FIXED) | set(THEMED)
        for zoom in ("COMPACT", "DETAILED"):
            used = {key for line in m.grid.styles for key in line}
            assert used <= set(styles), (zoom, used - set(styles))
            m.toggle_zoom()
        for name in ("cursor", "impulse", "group", "move", "arc", "los", "blocked", "target", "spread", "melee"):
            assert name in styles
        assert styles["ruler"] == Style(color="#ffffff", bold=True)
        assert styles["edge_info"] == Style(color="#ffffff", underline=True)
