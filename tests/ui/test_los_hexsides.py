"""The ``los`` mode marks hexsides on the map: the border cells of every
hexside the line crosses or runs along, and of the walls and openings it meets, styled by
effect with a text attribute besides the colour (RULES.md 4.4, §9.6; A17, R72)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.style import Style

from firepower_tui.games.session import Session
from firepower_tui.rules.board.hexgrid import Hex, hex_add
from firepower_tui.rules.board.hexgrid import hex_from_id as H
from firepower_tui.rules.basic.los_explain import explain_los
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.model.types import RuleId
from firepower_tui.ui.app import make_app
from firepower_tui.ui.render.map_grid import COMPACT, DETAILED, side_mark_cells
from firepower_tui.ui.render.map_palette import FIXED
from firepower_tui.ui.screens.los_mode import SIDE_OVERLAY
from firepower_tui.ui.theme import COLOUR_BLIND
from firepower_tui.ui.widgets.hex_map import RULER_H, RULER_W, HexMap
from tests.conftest import FIELD, Game, make_scenario

VILLAGE = Path(__file__).resolve().parents[1] / "fixtures" / "scenarios" / "buildings.toml"
W, HT = 200, 100  # a grid large enough for the cells tested


def cells(ex, zoom=COMPACT) -> dict[int, dict[int, str]]:  # noqa: ANN001
    sides = {k: SIDE_OVERLAY[e.value] for k, e in ex.side_marks().items()}
    return side_mark_cells(sides, zoom, W, HT)


def village() -> Game:
    g = Game(load_scenario(VILLAGE))
    g.state = g.state.evolve(rules=g.state.rules | {RuleId.BUILDINGS})
    return g


@pytest.mark.rule("A17")
def test_a_line_along_a_spine_marks_the_one_border_cell_between_the_two_hexes() -> None:
    """C6 to D4 runs along the hexside C5|D5 (A17, R72): compact, the ``/`` at (15, 10) (C5's SE,
    origin (10, 8)); detailed, C5's SE pair of cells (origin (16, 16))."""
    o = H("C6")
    target = hex_add(o, Hex(1, -2))
    ex = explain_los(Game(make_scenario(FIELD, ("T9 tan RFL B2 S", "G9 green RFL B8 N"))).state, o, target)
    assert [i.where for i in ex.items if i.hexside] == ["C5|D5"]
    assert cells(ex) == {10: {15: "side_crossed"}}
    assert cells(ex, DETAILED) == {19: {25: "side_crossed"}, 20: {24: "side_crossed"}}


@pytest.mark.rule("6.3.4")
def test_a_column_line_marks_the_bottom_edge_of_each_hex_it_leaves() -> None:
    """B2 to B4 crosses B2|B3 and B3|B4: each the ``____`` under the upper hex (B2 origin (5, 3))."""
    ex = explain_los(Game(make_scenario(FIELD, ("T9 tan RFL B2 S", "G9 green RFL B8 N"))).state, H("B2"), H("B4"))
    assert cells(ex) == {5: dict.fromkeys(range(6, 10), "side_crossed"),
                         7: dict.fromkeys(range(6, 10), "side_crossed")}


@pytest.mark.rule("§9.6")
def test_a_blocking_wall_and_a_window_are_marked_by_effect() -> None:
    """In the village, D4 to B4 is blocked by the building's wall C4:SE (the ``/`` at (15, 8))
    and runs along C5:N; D4 to D1 goes out through the window D4:N (D4 origin (15, 7))."""
    g = village()
    blocked = cells(explain_los(g.state, H("D4"), H("B4")))
    assert blocked == {8: {15: "side_blocks", **dict.fromkeys(range(11, 15), "side_crossed")}}
    out = cells(explain_los(g.state, H("D4"), H("D1")))
    assert out[7] == dict.fromkeys(range(16, 20), "side_through")
    assert out[5] == out[3] == dict.fromkeys(range(16, 20), "side_crossed")


def test_every_hexside_mark_has_an_attribute_besides_colour_in_both_themes() -> None:
    """Each mark shows with NO_COLOR too, and the four differ by attributes alone."""
    names = sorted(set(SIDE_OVERLAY.values()))
    for styles in (FIXED, FIXED | COLOUR_BLIND.palette):
        attrs = {n: (styles[n].bold, styles[n].italic, styles[n].underline, styles[n].reverse) for n in names}
        assert all(any(a) for a in attrs.values())
        assert len(set(attrs.values())) == len(names)


def _style_at(hm: HexMap, x: int, y: int) -> tuple[str, Style]:
    """The character and style the map draws at grid cell (x, y)."""
    sx, sy = hm.scroll_offset
    strip = hm.render_line(y - sy + RULER_H)
    col = x - sx + RULER_W
    at = 0
    for seg in strip:
        if at <= col < at + len(seg.text):
            return seg.text[col - at], seg.style or Style()
        at += len(seg.text)
    raise AssertionError(f"no cell {x},{y}")


@pytest.mark.rule("§9.6")
async def test_in_the_los_mode_the_map_draws_the_wall_reversed_and_the_spine_bold() -> None:
    """``:los D4 B4`` in the village: the rendered map line 8 has the wall C4:SE's ``/`` in
    reverse video (blocks) and C5:N's ``____`` bold (run along); Esc takes them off."""
    session = Session(load_scenario(VILLAGE), seed=1)
    session.state = session.state.evolve(rules=session.state.rules | {RuleId.BUILDINGS})
    a = make_app(session.scenario, session=session)
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.press("colon", *"los D4 B4", "enter")
        await pilot.pause()
        hm = a.screen.query_one(HexMap)
        assert hm.side_marks_at(8) == {15: "side_blocks", **dict.fromkeys(range(11, 15), "side_crossed")}
        ch, style = _style_at(hm, 15, 8)
        assert ch == "/" and style.reverse and style.bold
        ch, style = _style_at(hm, 12, 8)
        assert ch == "_" and style.bold and not style.reverse
        ch, style = _style_at(hm, 16, 8)  # not a marked hexside
        assert not style.reverse
        await pilot.press("escape")
        await pilot.pause()
        assert hm.side_marks_at(8) == {}
        ch, style = _style_at(hm, 15, 8)
        assert ch == "/" and not style.reverse
