"""The weapons rule by keys and on the map (RULES.md §9.4): i picks up, X exchanges, R repairs,
each offered only when the engine would take it; the markers at both zooms, in ASCII too
(Pilot and the pure map renderer; the state, not pixels)."""

from __future__ import annotations

import pytest

from firepower_tui.games.session import Session
from firepower_tui.rules.board.hexgrid import hex_from_id
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.rules.model.types import Status, WeaponState
from firepower_tui.rules.model.units import GroundWeapon
from firepower_tui.ui.app import make_app
from firepower_tui.ui.render.map_grid import ASCII, COMPACT, DETAILED, UNICODE, terrain_base
from firepower_tui.ui.render.map_counters import draw_counters
from tests.conftest import FIELD, make_scenario
from tests.ui.test_reactions import answer_keys, log_text

MEN = ("T1 tan LMG B2 S", "T2 tan RFL B2 S", "G1 green PST B5 N", "G2 green RFL B5 N")
B2 = hex_from_id("B2")


def session_after(*lines: str, dice: list[int] = ()) -> Session:
    session = Session(make_scenario(FIELD, MEN, extra='rules = ["weapons"]'), seed=1)
    session.dice.force(list(dice))
    for line in lines:
        assert session.submit(parse_action(line)).ok, line
    return session


def jammed() -> Session:
    """T1's first burst kills G1 with two natural 10s: his LMG jams, G2's burst is lost."""
    return session_after("chit tan", "impulse B2", "fire T1 G1,G2 then 2", dice=[10, 10, 1, 5])


def panel(app, name: str) -> str:  # noqa: ANN001
    return app.screen.query_one(f"#{name}-panel").render().plain


@pytest.mark.rule("§9.4")
async def test_r_repairs_with_the_odds_shown_first_and_the_roll_in_the_log() -> None:
    session = jammed()
    assert session.state.soldier("T1").weapon_state is WeaponState.BROKEN
    a = make_app(session.scenario, session=session)
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        c = a.controller
        while c.selected != "T1":
            await pilot.press("tab")
        await pilot.pause()
        assert {"R", "X"} <= answer_keys(a) and "i" not in answer_keys(a)  # T2 would take a jammed LMG
        text = panel(a, "soldier")
        assert "broken" in text and "repaired 40%" in text and "destroyed 10%" in text and "[§9.4]" in text
        assert "jams" in log_text(a)
        session.dice.force([2])
        await pilot.press("R")
        await pilot.pause()
        assert c.state.soldier("T1").weapon_state is WeaponState.OK
        assert "repair: T1 LMG  d10 2" in log_text(a) and "[§9.4]" in log_text(a)
        assert "R" not in answer_keys(a)


@pytest.mark.rule("§9.4")
async def test_i_picks_up_and_x_exchanges() -> None:
    session = session_after("chit tan", "impulse B2")
    session.state = session.state.evolve(ground={B2: (GroundWeapon("PST"),)})
    a = make_app(session.scenario, session=session)
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        c = a.controller
        while c.selected != "T1":
            await pilot.press("tab")
        c.cursor = B2
        await pilot.press("tab", "tab")  # (the panels follow the state)
        while c.selected != "T1":
            await pilot.press("tab")
        await pilot.pause()
        assert {"i", "X"} <= answer_keys(a) and "R" not in answer_keys(a)
        await pilot.press("i")
        await pilot.pause()
        assert c.state.soldier("T1").weapon == "PST" and c.state.ground == {B2: (GroundWeapon("LMG"),)}
        assert "weapons on the ground: LMG [§9.4]" in panel(a, "hex")
        await pilot.press("X")
        await pilot.pause()
        t1, t2 = c.state.soldier("T1"), c.state.soldier("T2")
        assert (t1.weapon, t2.weapon) == ("RFL", "PST") and "exchange weapons" in log_text(a)


@pytest.mark.rule("§9.4")
async def test_the_keys_are_not_offered_without_the_rule() -> None:
    session = Session(make_scenario(FIELD, MEN), seed=1)
    for line in ("chit tan", "impulse B2"):
        assert session.submit(parse_action(line)).ok
    a = make_app(session.scenario, session=session)
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert not {"i", "X", "R"} & answer_keys(a)
        await pilot.press("R")
        await pilot.pause()
        assert "not in play" in a.controller.message


@pytest.mark.rule("§9.4")
@pytest.mark.parametrize("glyphs", [UNICODE, ASCII], ids=["unicode", "ascii"])
@pytest.mark.parametrize("zoom", [COMPACT, DETAILED], ids=["compact", "detailed"])
def test_the_map_shows_the_weapon_markers(zoom, glyphs) -> None:  # noqa: ANN001
    """J on a man whose weapon is jammed, N when destroyed; a weapon lying in an empty hex by
    name (broken in lower case), w in a hex with men."""
    session = jammed()
    st = session.state
    g2 = st.soldier("G2").evolve(weapon_state=WeaponState.DESTROYED, hex=hex_from_id("E5"),
                                     status=Status.OK)
    st = st.with_soldiers(g2, ground={**st.ground, B2: (GroundWeapon("LMG", WeaponState.BROKEN),)})
    grid = draw_counters(terrain_base(st.scenario.map, zoom, glyphs), st, zoom, glyphs, lower_second=True)
    text = "\n".join("".join(r) for r in grid.chars)
    b5 = "".join("".join(grid.chars[y][x:x + w]) for y, x, w in grid.slots[hex_from_id("B5")])
    b2 = "".join("".join(grid.chars[y][x:x + w]) for y, x, w in grid.slots[B2])
    e5 = "".join("".join(grid.chars[y][x:x + w]) for y, x, w in grid.slots[hex_from_id("E5")])
    assert "PST" in b5 and "w" in b5  # G1's pistol in an empty hex
    assert "w" in b2 and ("J" in b2 or "JAM" in b2)  # T1 jammed, a broken LMG at his feet
    assert "N" in e5
    assert text.isascii() or glyphs is UNICODE
