"""A take-back (z) repaints what changed and nothing else, checked without timing
(bench/bench_core.py times it): the hexes whose men changed, the panels, and in the side log the
lines from the taken-back entries down."""

from __future__ import annotations

import random

from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region

from firepower_tui.games.session import Session
from firepower_tui.headless.playout import random_action
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.ui.app import make_app
from firepower_tui.ui.render.map_counters import draw_counters
from firepower_tui.ui.widgets.hex_map import HexMap
from firepower_tui.ui.widgets.side_log import SideLog


def spy_refresh(widget: object) -> list[tuple[Region, ...]]:
    """Record the regions of each refresh of ``widget`` (an empty tuple: the whole widget)."""
    calls: list[tuple[Region, ...]] = []
    original = widget.refresh  # type: ignore[attr-defined]

    def refresh(*regions: Region, **kwargs: object) -> object:
        calls.append(regions)
        return original(*regions, **kwargs)

    widget.refresh = refresh  # type: ignore[attr-defined]
    return calls


async def test_a_take_back_redraws_only_the_hexes_and_log_lines_that_changed() -> None:
    a = make_app(load_scenario("basic"), seed=7)
    async with a.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter", "m")  # T1 starts an impulse and moves K2 -> K3
        await pilot.pause()
        hex_map, log = a.screen.query_one(HexMap), a.screen.query_one(SideLog)
        assert "T1 enters K3" in log.entries[-1].plain
        lines_before = log.virtual_size.height
        map_calls, log_calls = spy_refresh(hex_map), spy_refresh(log)
        redrawn = hex_map.redrawn_hexes
        await pilot.press("z")
        await pilot.pause()
        assert a.controller.message == "Taken back"
        assert hex_map.redrawn_hexes - redrawn == 2  # K3 empty again, T1 back in K2
        assert map_calls and all(regions for regions in map_calls)  # never the whole map
        assert all(r.height <= 2 and r.x == 0 for regions in map_calls for r in regions)
        assert hex_map.grid.chars == draw_counters(hex_map._base_grid(), a.controller.state, hex_map.zoom,
                                                   hex_map.glyphs, lower_second=hex_map.lower_second).chars
        assert "taken back" in log.entries[-1].plain
        assert log.virtual_size.height < lines_before and log_calls  # fewer lines: the view moved, all repainted


class OneLineLog(App[None]):
    CSS = "SideLog { width: 30; height: 10; }"

    def compose(self) -> ComposeResult:
        yield SideLog(id="log")

    def on_mount(self) -> None:
        self.query_one(SideLog).write([Text(f"entry {i}") for i in range(40)])


async def test_a_take_back_that_keeps_the_line_count_repaints_only_its_line() -> None:
    """One line out, one line in (a move's line for the 'taken back' line): the view stays, and
    only that line is painted again; a cut and a write used to repaint the whole log twice."""
    a = OneLineLog()
    async with a.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        log = a.query_one(SideLog)
        lines, y = log.virtual_size.height, log.scroll_y
        calls = spy_refresh(log)
        log.replace_tail(39, [Text("taken back")])
        await pilot.pause()
        assert (log.virtual_size.height, log.scroll_y) == (lines, y)
        assert [e.plain for e in log.entries[-2:]] == ["entry 38", "taken back"]
        assert calls == [(Region(0, 9, 30, 1),)]  # the last line of the view, and nothing else


def test_the_map_redrawn_hex_by_hex_is_the_map_drawn_whole() -> None:
    """Random play with take-backs: after every state the incrementally drawn grid equals a full
    draw of that state."""
    scenario = load_scenario("basic")
    session = Session(scenario, seed=11)
    hex_map = HexMap(session.state)
    rng = random.Random(11)
    for step in range(300):
        if step % 7 == 3 and session.undo_refusal() is None:
            session.undo()
        else:
            session.submit(random_action(session.state, rng, combat=0.3))
        hex_map.set_state(session.state)
        full = draw_counters(hex_map._base_grid(), session.state, hex_map.zoom, hex_map.glyphs,
                             lower_second=hex_map.lower_second)
        assert (hex_map.grid.chars, hex_map.grid.styles) == (full.chars, full.styles), step
        if session.state.over:
            break
