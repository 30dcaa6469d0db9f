"""The special_weapons rule by keys and on the map (RULES.md §9.5): y smoke, M Molotov, T satchel,
B barrage, each offered while the selected man carries it and aimed like a grenade (the odds
before Enter); Smoke and Barrage markers at both zooms, in ASCII too; the items in the soldier panel."""

from __future__ import annotations

import pytest

from firepower_tui.games.session import Session
from firepower_tui.rules.board.hexgrid import hex_distance, hex_from_id
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.rules.model.special_types import Barrage, SpecialState
from firepower_tui.ui.app import make_app
from firepower_tui.ui.render.map_grid import ASCII, COMPACT, DETAILED, UNICODE, terrain_base
from firepower_tui.ui.render.map_counters import draw_counters
from tests.conftest import FIELD, make_scenario
from tests.ui.test_reactions import answer_keys, log_text

MEN = ("T1 tan RFL B4 S smoke=1 molotov=1 satchel=1 radio=1", "G1 green RFL B5 N", "G2 green RFL B8 N")


def session_after(*lines: str, rules: str = '"special_weapons"') -> Session:
    session = Session(make_scenario(FIELD, MEN, extra=f"rules = [{rules}]"), seed=1)
    for line in lines:
        assert session.submit(parse_action(line)).ok, line
    return session


@pytest.mark.rule("§9.5")
@pytest.mark.parametrize(("key", "item"), [("y", "smoke"), ("M", "molotov"), ("T", "satchel"), ("B", "radio")])
async def test_each_item_is_aimed_with_its_odds_and_used_only_by_enter(key: str, item: str) -> None:
    """Like a grenade (g): the key opens the aim on the nearest enemy (G1 in B5), the map marks
    where it may come down and the panel shows the odds; nothing is used before Enter; Esc
    cancels; Enter then uses it at the cursor hex."""
    from firepower_tui.controller import Mode
    from firepower_tui.ui.widgets.hex_map import HexMap

    session = session_after("chit tan", "impulse B4")
    a = make_app(session.scenario, session=session)
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        c = a.controller
        assert c.selected == "T1" and {"y", "M", "T", "B"} <= answer_keys(a)  # offered: he carries them
        text = a.screen.query_one("#soldier-panel").render().plain
        assert "items: smoke 1, molotov 1, satchel 1, radio" in text
        before = len(session.history)
        await pilot.press(key)
        await pilot.pause()
        assert c.mode is Mode.AIM_SPECIAL and c.cursor == hex_from_id("B5") and len(session.history) == before
        assert a.screen.query_one("#preview").display
        assert "[§9.5" in a.screen.query_one("#preview").render().plain
        spread = a.screen.query_one(HexMap).highlights.spread  # where it may come down (a barrage: around it)
        assert spread and all(hex_distance(h, hex_from_id("B5")) <= 2 for h in spread)
        await pilot.press("escape")
        await pilot.pause()
        assert c.mode is Mode.BROWSE and len(session.history) == before
        await pilot.press(key, "enter")
        await pilot.pause()
        assert len(session.history) == before + 1 and session.history[-1].action.kind == item
        assert c.mode is Mode.BROWSE and "[§9.5]" in log_text(a)


@pytest.mark.rule("§9.5")
async def test_the_keys_are_not_offered_without_the_rule() -> None:
    session = session_after("chit tan", "impulse B4", rules="")
    a = make_app(session.scenario, session=session)
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("down")
        await pilot.pause()
        assert not {"y", "M", "T", "B"} & answer_keys(a)


@pytest.mark.rule("§9.5")
@pytest.mark.parametrize("glyphs", [UNICODE, ASCII], ids=["unicode", "ascii"])
@pytest.mark.parametrize("zoom", [COMPACT, DETAILED], ids=["compact", "detailed"])
def test_the_map_shows_smoke_and_barrage(zoom, glyphs) -> None:  # noqa: ANN001
    st = session_after().state
    e5, b5 = hex_from_id("E5"), hex_from_id("B5")
    st = st.evolve(special=SpecialState(smoke=((e5, 2), (b5, 2)), barrages=(Barrage("tan", "T1", e5),)))
    grid = draw_counters(terrain_base(st.scenario.map, zoom, glyphs), st, zoom, glyphs, lower_second=True)
    cells = {h: "".join("".join(grid.chars[y][x:x + w]) for y, x, w in grid.slots[h]) for h in (e5, b5)}
    assert "~!" in cells[e5] and "~" in cells[b5] and "G1" in cells[b5].upper()
    assert "\n".join("".join(r) for r in grid.chars).isascii() or glyphs is UNICODE


@pytest.mark.rule("§9.5")
async def test_the_force_builder_sells_items_for_the_last_man_bought() -> None:
    zones = '[[zones]]\nside = "tan"\nrows = [1, 2]\n[[zones]]\nside = "green"\nrows = [9, 10]\n'
    sc = make_scenario(FIELD, [], zones=zones,
                       extra='rules = ["special_weapons"]\n[forces]\ntan = { budget = 30 }\ngreen = { budget = 30 }')
    session = Session(sc, seed=1)
    a = make_app(session.scenario, session=session)
    async with a.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert type(a.screen).__name__ == "ForceBuilderScreen"
        await pilot.press("1", "B", "y")  # a rifleman (10), his radio (10) and a smoke grenade (2): §10.3
        await pilot.pause()
        text = a.screen.query_one("#builder").render().plain
        assert "22 of 30 points spent" in text and "T1 " in text and "+ smoke, radio" in text
        assert "y smoke 2, M molotov 3, T satchel 5, B radio 10" in text


@pytest.mark.rule("§9.5")
async def test_the_force_builder_offers_no_items_without_the_rule() -> None:
    zones = '[[zones]]\nside = "tan"\nrows = [1, 2]\n[[zones]]\nside = "green"\nrows = [9, 10]\n'
    sc = make_scenario(FIELD, [], zones=zones, extra='[forces]\ntan = { budget = 30 }\ngreen = { budget = 30 }')
    session = Session(sc, seed=1)
    a = make_app(session.scenario, session=session)
    async with a.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert type(a.screen).__name__ == "ForceBuilderScreen"
        shown = {b.binding.action for b in a.screen.active_bindings.values() if b.enabled}
        assert "buy('RFL')" in shown and not any(action.startswith("equip") for action in shown)
        await pilot.press("1", "y")  # a rifleman; y does nothing
        await pilot.pause()
        text = a.screen.query_one("#builder").render().plain
        assert "10 of 30 points spent" in text and "+ smoke" not in text and "§9.5" not in text


@pytest.mark.rule("§9.5")
async def test_the_footer_shows_the_smoke_key_of_a_man_who_carries_smoke_at_80_columns() -> None:
    """Village, Green's first phase: an impulse in I4 selects G4, who carries a smoke grenade; the
    footer shows y, whole, within 80 columns (the first keys are the ones that fit)."""
    from textual.widgets._footer import FooterKey

    from firepower_tui.rules.scenario.load import load_scenario

    session = Session(load_scenario("village"), seed=5)
    a = make_app(session.scenario, session=session)
    async with a.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        c = a.controller
        assert c.state.active == "green"
        c.set_cursor(hex_from_id("I4"))
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert c.selected == "G4"
        keys = {k.key: k for k in a.screen.query(FooterKey)}
        assert "y" in keys and keys["y"].region.right <= 80 and keys["y"].region.width > 0
