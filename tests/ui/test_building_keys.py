"""The buildings rule by keys and on the map (RULES.md §9.6): C climbs a high wall, offered
only when the engine would take it, the roll in the log; doors, windows, slits and high walls
on the hex borders at both zooms, Unicode and ASCII (Pilot and the pure map renderer)."""

from __future__ import annotations

import pytest

from firepower_tui.games.session import Session
from firepower_tui.rules.board.hexgrid import Facing, hex_from_id
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.model.types import RuleId
from firepower_tui.ui.app import make_app
from firepower_tui.ui.render.map_grid import ASCII, COMPACT, DETAILED, SIDE_CELLS, UNICODE, terrain_base
from tests.rules.test_buildings import VILLAGE
from tests.ui.test_reactions import answer_keys, log_text

B7 = hex_from_id("B7")


def at_the_wall(facing: Facing) -> Session:
    session = Session(load_scenario(VILLAGE), seed=1)
    st = session.state.evolve(rules=session.state.rules | {RuleId.BUILDINGS})
    t1 = st.soldier("T1")
    assert t1 is not None
    session.state = st.with_soldiers(t1.evolve(hex=B7, facing=facing))
    for line in ("chit tan", "impulse B7"):
        assert session.submit(parse_action(line)).ok, line
    return session


@pytest.mark.rule("§9.6")
async def test_c_climbs_the_wall_ahead_with_the_roll_in_the_log() -> None:
    session = at_the_wall(Facing.NE)
    a = make_app(session.scenario, session=session)
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        c = a.controller
        while c.selected != "T1":
            await pilot.press("tab")
        await pilot.pause()
        assert "C" in answer_keys(a)
        session.dice.force([4])
        await pilot.press("C")
        await pilot.pause()
        assert c.state.soldier("T1").hex != B7
        assert "climb: T1" in log_text(a) and "over the wall" in log_text(a)
        assert "C" not in answer_keys(a)


@pytest.mark.rule("§9.6")
async def test_c_is_not_offered_without_a_wall_ahead() -> None:
    session = at_the_wall(Facing.N)
    a = make_app(session.scenario, session=session)
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        c = a.controller
        while c.selected != "T1":
            await pilot.press("tab")
        await pilot.pause()
        assert "C" not in answer_keys(a)


@pytest.mark.rule("§9.6")
@pytest.mark.parametrize("zoom", [COMPACT, DETAILED], ids=lambda z: z.name)
@pytest.mark.parametrize(("glyphs", "marks"), [(UNICODE, "◊▯▪█"), (ASCII, "WDS=")], ids=["unicode", "ascii"])
def test_openings_and_walls_are_drawn_on_the_hex_borders(zoom, glyphs, marks) -> None:  # noqa: ANN001
    gmap = load_scenario(VILLAGE).map
    grid = terrain_base(gmap, zoom, glyphs)

    def side(hx: str, facing: Facing) -> set[str]:
        ox, oy = zoom.origin(hex_from_id(hx))
        return {grid.chars[oy + dy][ox + dx] for dx, dy in SIDE_CELLS[zoom.name][facing]}

    window, door, slit, wall = marks
    assert side("D4", Facing.N) == {window}
    assert side("E4", Facing.NE) == {window}
    assert side("G2", Facing.N) == {door}
    assert side("B7", Facing.NE) == {wall} and side("B8", Facing.NE) == {wall}
    assert side("D5", Facing.N) == {door}  # D4:S, named by D5
    assert side("G3", Facing.N) == {slit}  # G2:S
    assert side("C3", Facing.N) == {"_"}  # a plain hexside keeps its outline
    if glyphs is ASCII:
        assert all(ch.isascii() for row in grid.chars for ch in row)


@pytest.mark.rule("§9.6")
def test_a_door_under_a_compact_counter_still_shows() -> None:
    from firepower_tui.rules.basic.sequence import new_game
    from firepower_tui.ui.render.map_counters import draw_counters

    state = new_game(load_scenario(VILLAGE), rules=["buildings"])  # T2 stands in D4, over the door D4:S
    for glyphs, door in ((UNICODE, "▯"), (ASCII, "D")):
        grid = draw_counters(terrain_base(state.scenario.map, COMPACT, glyphs), state, COMPACT, glyphs,
                             lower_second=False)
        ox, oy = COMPACT.origin(hex_from_id("D5"))
        assert {grid.chars[oy + dy][ox + dx] for dx, dy in SIDE_CELLS["compact"][Facing.N]} == {door}


@pytest.mark.rule("§9.6")
async def test_a_destroyed_building_is_drawn_as_rubble() -> None:
    from firepower_tui.rules.optional.buildings import damage_building
    from firepower_tui.ui.widgets.hex_map import HexMap

    session = at_the_wall(Facing.N)
    a = make_app(session.scenario, session=session)
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        m = a.screen.query_one(HexMap)
        ox, oy = m.zoom.origin(hex_from_id("E4"))
        cells = {m.grid.chars[oy + dy][ox + dx] for dx, dy in SIDE_CELLS[m.zoom.name][Facing.NE]}
        assert cells <= {"◊", "W"}  # the window E4:NE
        ruined, _ = damage_building(session.state, hex_from_id("D4"), 3)
        m.set_state(ruined)
        await pilot.pause()
        cells = {m.grid.chars[oy + dy][ox + dx] for dx, dy in SIDE_CELLS[m.zoom.name][Facing.NE]}
        assert not cells & {"◊", "W"}
        assert any("%" in "".join(row) for row in m.grid.chars[oy:oy + 3])


@pytest.mark.rule("§9.6")
async def test_the_aiming_panel_shows_the_spot_and_the_log_its_roll() -> None:
    session = Session(load_scenario(VILLAGE), seed=1)
    session.state = session.state.evolve(rules=session.state.rules | {RuleId.BUILDINGS}, exposed=(("T2", 1),))
    for line in ("chit green", "impulse D1"):
        assert session.submit(parse_action(line)).ok, line
    a = make_app(session.scenario, session=session)
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        c = a.controller
        c.cursor = hex_from_id("D1")
        await pilot.press("enter", "f")
        await pilot.pause()
        assert c.cursor == hex_from_id("D4")
        text = a.screen.query_one("#preview").render().plain
        assert "Spot first: roll ≤ 5: 50%" in text and "[§9.6]" in text
        session.dice.force([8])
        await pilot.press("enter")
        await pilot.pause()
        assert "spot: G1 at D4" in log_text(a) and "not spotted" in log_text(a)
        assert c.state.soldier("G1").combat_used and not c.state.soldier("T2").killed
