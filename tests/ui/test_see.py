"""Learning views driven by keys (Pilot): the los mode, the rulebook and its links, the
themes and the terminal cursor. Each asserts the state after the keys, not pixels."""

from __future__ import annotations

import json

import pytest

from firepower_tui.games.settings import load_settings, settings_path
from firepower_tui.rules.board.hexgrid import hex_from_id as H
from firepower_tui.rules.basic.los_explain import Effect, explain_los
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.ui.app import make_app
from firepower_tui.ui.rulebook_index import rulebook
from firepower_tui.ui.widgets.hex_map import RULER_H, RULER_W, HexMap
from firepower_tui.ui.widgets.side_log import SideLog

SEED = 7  # Tan's chit first; the cursor starts on T1 in K2


def app():  # noqa: ANN201
    return make_app(load_scenario("basic"), seed=SEED)


async def command(pilot, text: str) -> None:  # noqa: ANN001
    await pilot.press("colon", *text, "enter")
    await pilot.pause()


# --- the los mode (part 2) ---------------------------------------------------------------------

@pytest.mark.rule("6.3.4")
async def test_los_key_draws_the_line_to_the_cursor_and_esc_leaves() -> None:
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        c, screen = a.controller, a.screen
        await pilot.press("enter")  # T1 selected in K2
        await pilot.press("L")
        assert screen.los.active and screen.los.origin == H("K2")
        await pilot.press("down", "down", "down")
        await pilot.pause()
        ex = explain_los(c.state, H("K2"), c.cursor)
        assert c.cursor == H("K5") and screen.los.explanation == ex
        overlay = screen.query_one(HexMap)._overlay_of
        assert {h for h, names in overlay.items() if "los" in names or "los_blocks" in names} >= set(ex.hexes)
        panel = str(screen.query_one("#preview").render())
        assert "LOS K2 -> K5" in panel
        await pilot.press("m")  # an action key waits until the mode is left
        assert c.state.soldier("T1").hex == H("K2")
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.los.active
        assert not any(n.startswith("los") for names in screen.query_one(HexMap)._overlay_of.values() for n in names)


@pytest.mark.rule("6.3.4.3")
async def test_the_panel_names_a_blocker_with_its_rule_and_enter_lists_every_item() -> None:
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        screen = a.screen
        await command(pilot, "los K2 K9")
        ex = screen.los.explanation
        assert screen.los.origin == H("K2") and a.controller.cursor == H("K9") and ex is not None
        blockers = [i for i in ex.items if i.effect is Effect.BLOCKS]
        assert blockers, "T-men stand between K2 and K9 in the basic scenario"
        panel = str(screen.query_one("#preview").render())
        assert f"{blockers[0].where} " in panel and f"[{blockers[0].rule}]" in panel
        marks = screen.query_one(HexMap)._overlay_of
        assert "los_blocks" in marks[blockers[0].hex]
        await pilot.press("enter")
        assert type(a.screen).__name__ == "TextScreen"
        body = str(a.screen.query_one("#dialog-body").children[0].render())
        assert all(i.where in body for i in ex.items)


@pytest.mark.rule("6.3.4")
async def test_los_command_refusals() -> None:
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        c, screen = a.controller, a.screen
        await command(pilot, "los K2 Z99")
        assert not screen.los.active and c.message_error and c.message.endswith("[6.3.4]")
        await command(pilot, "los K2")
        assert not screen.los.active and c.message_error and "docs/notation.md" in c.message


# --- the rulebook (part 3) -----------------------------------------------------------------------

@pytest.mark.rule("6.3.4.1")
async def test_rule_command_opens_the_section_and_n_p_step() -> None:
    book = rulebook()
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        await command(pilot, "rule 6.3.4.1")
        rb = a.screen
        place = book.find("6.3.4.1")
        assert type(rb).__name__ == "RulebookScreen" and place is not None
        assert rb.section == place.section and book.sections[rb.section].number == "4.4"
        target = rb.query(".rb-target")
        assert len(target) == 1 and target.first().first_line <= place.line
        await pilot.press("n")
        assert book.sections[rb.section].number == "4.5"
        await pilot.press("p", "p")
        assert book.sections[rb.section].number == "4.3"
        await pilot.press("escape")
        assert type(a.screen).__name__ == "GameScreen"
        await command(pilot, "rule 99.9")
        assert type(a.screen).__name__ == "GameScreen" and a.controller.message_error


async def test_search_lists_section_and_line_and_enter_jumps() -> None:
    book = rulebook()
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.press("K")
        rb = a.screen
        await pilot.press("slash", *"hedge crosses", "enter")
        await pilot.pause()
        hits = book.search("hedge crosses")
        ol = rb.query_one("#rb-list")
        assert ol.display and ol.option_count == len(hits) > 1
        second = hits[1]
        assert str(ol.get_option_at_index(1).prompt).startswith(f"{book.sections[second.section].number} line "
                                                               f"{second.line + 1}:")
        await pilot.press("down", "enter")
        await pilot.pause()
        assert rb.section == second.section
        target = rb.query_one(".rb-target")
        assert target.first_line <= second.line < target.end_line
        await pilot.press("t")
        assert rb.query_one("#rb-list").display and rb.listing == "contents"


@pytest.mark.rule("6.1")
async def test_a_rule_in_the_log_is_a_link_to_its_section() -> None:
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        log = a.screen.query_one(SideLog)
        await pilot.pause()
        found = None
        for y in range(log.size.height):
            x = 0
            for seg in log.render_line(y):
                meta = seg.style.meta if seg.style else {}
                if "@click" in meta and found is None:
                    found = (x, y, meta["@click"])
                x += len(seg.text)
        assert found is not None and "6.1" in found[2]  # the chit drawn [6.1]
        await pilot.click(SideLog, offset=(found[0] + log.styles.padding.left, found[1]))
        await pilot.pause()
        rb = a.screen
        assert type(rb).__name__ == "RulebookScreen"
        assert rb.section == rulebook().find("6.1").section
        await pilot.press("escape")
        await pilot.press("K")  # the key: the rule the log cited last
        assert type(a.screen).__name__ == "RulebookScreen" and a.screen.section == rulebook().find("6.1").section


# --- readable for everyone (part 4) ----------------------------------------------------------------

async def test_theme_switch_and_it_is_remembered() -> None:
    settings_path().unlink(missing_ok=True)
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        hm = a.screen.query_one(HexMap)
        assert a.screen.theme_name == "default" and not hm.lower_second
        await command(pilot, "theme nonsense")
        assert a.controller.message_error and a.screen.theme_name == "default"
        await command(pilot, "theme colour-blind")
        assert a.screen.theme_name == "colour-blind" and hm.lower_second
        g = next(s for s in a.controller.state.soldiers if s.side == a.controller.state.sides[1])
        assert g.id.lower() in "".join("".join(row) for row in hm.grid.chars)
    assert load_settings()["theme"] == "colour-blind"
    b = app()
    async with b.run_test(size=(100, 30)):
        assert b.screen.theme_name == "colour-blind" and b.screen.query_one(HexMap).lower_second
    settings_path().unlink()


def test_theme_option_is_remembered() -> None:
    from firepower_tui.cli import main

    settings_path().unlink(missing_ok=True)
    assert main(["--theme", "colour-blind", "scenarios"]) == 0
    assert json.loads(settings_path().read_text())["theme"] == "colour-blind"
    settings_path().unlink()


async def test_the_terminal_cursor_follows_the_map_cursor() -> None:
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        hm = a.screen.query_one(HexMap)
        for keys in ((), ("down",), ("down", "right", "right"), ("up", "up", "up")):
            await pilot.press(*keys)
            await pilot.pause()
            at = a.cursor_position
            region = hm.content_region
            sx, sy = hm.scroll_offset
            under = hm.grid.hex_at(at.x - region.x - RULER_W + sx, at.y - region.y - RULER_H + sy)
            assert under == a.controller.cursor


# --- 80x24: nothing only off-screen without a key ----------------------------------------------

async def test_at_80x24_help_is_in_the_footer_and_i_shows_the_panels_in_full() -> None:
    from firepower_tui.ui.render.panels import hex_text, soldier_text
    from firepower_tui.ui.widgets.footer import KeyFooter

    a = app()
    async with a.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert a.screen.query_one(KeyFooter).keys_shown()[0][0] == "question_mark"
        await pilot.press("I")
        assert type(a.screen).__name__ == "TextScreen"
        body = str(a.screen.query_one("#dialog-body").children[0].render())
        assert soldier_text(a.controller).plain.strip() in body and hex_text(a.controller).plain.strip() in body


async def test_at_80x24_the_picker_description_scrolls_by_key() -> None:
    from firepower_tui.cli import all_scenarios
    from firepower_tui.ui.app import FirepowerApp

    a = FirepowerApp(None, picker=all_scenarios(), on_pick=lambda *_: None)  # type: ignore[arg-type,return-value]
    async with a.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "down", "down")  # village: the longest description
        await pilot.pause()
        box = a.screen.query_one("#scenario-info-box")
        assert box.max_scroll_y > 0 and box.scroll_y == 0
        await pilot.press("greater_than_sign")
        await pilot.pause()
        assert box.scroll_y > 0
        await pilot.press("less_than_sign")
        await pilot.pause()
        assert box.scroll_y == 0


def test_colour_blind_theme_marks_by_more_than_colour() -> None:
    """Every overlay of the map has its own set of text attributes besides its colour; the two
    sides differ by a plate (the second side's background) and by letter case."""
    from firepower_tui.ui.render.map_palette import FIXED
    from firepower_tui.ui.theme import COLOUR_BLIND

    overlays = ("arc", "impulse", "group", "move", "target", "melee", "los", "blocked", "los_blocks", "los_hinders",
                "spread")
    assert set(overlays) <= set(FIXED) and set(overlays) <= set(COLOUR_BLIND.palette)

    def attrs(name: str) -> frozenset[str]:
        st = COLOUR_BLIND.palette[name]
        return frozenset(a for a in ("bold", "dim", "italic", "underline", "strike", "reverse") if getattr(st, a))

    sets = [attrs(o) for o in overlays]
    assert all(sets) and len(set(sets)) == len(sets) and frozenset({"reverse"}) not in sets  # the cursor's
    side0, side1 = COLOUR_BLIND.palette["side0"], COLOUR_BLIND.palette["side1"]
    assert side0.bgcolor is None and side1.bgcolor is not None and COLOUR_BLIND.lower_second


@pytest.mark.parametrize("argv", [["--theme", "colour-blind", "play", "basic"], ["play", "basic", "--theme", "colour-blind"]])
def test_theme_option_before_or_after_the_command(argv: list[str]) -> None:
    from firepower_tui.cli import _parse

    assert _parse(argv).theme == "colour-blind"


async def test_the_hex_panel_says_in_words_what_the_map_marks_in_colour() -> None:
    from firepower_tui.ui.render.overlay_words import WORDS

    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        screen, c = a.screen, a.controller
        await pilot.pause()
        panel = str(screen.query_one("#hex-panel").render())
        assert c.cursor in c.highlights().impulse_hexes and WORDS["impulse"] in panel  # K2, one of Tan's
        await pilot.press("left", "left", "left")
        await pilot.pause()
        assert c.cursor not in c.highlights().impulse_hexes
        assert "marked:" not in str(screen.query_one("#hex-panel").render())
        await command(pilot, "los K2 K9")
        assert c.cursor == H("K9") and WORDS["los"] in str(screen.query_one("#hex-panel").render())


@pytest.mark.rule("§10.2")
async def test_in_deployment_the_hex_panel_names_the_placement_hexes_not_impulse_hexes() -> None:
    """The zone a man may be placed in is marked as the impulse hexes are (Enter acts there), and
    the panel says what it is: a placement hex (§10.2), not an impulse hex (6.2)."""
    from firepower_tui.controller.controller import Controller
    from firepower_tui.games.session import Session
    from firepower_tui.ui.render.overlay_words import WORDS

    session = Session(load_scenario("basic"), seed=4, deploy=True)
    session.dice.force([9, 2])  # roll-off: Tan 9, Green 2
    c = Controller(session)
    c.begin()
    assert c.choose("tan").ok and session.state.placer == "tan"
    a = make_app(load_scenario("basic"), session=session)
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        c = a.controller
        places = c.highlights().place_hexes
        assert places and not c.highlights().impulse_hexes
        m = a.screen.query_one(HexMap)
        m.post_message(HexMap.HexClicked(min(places)))  # the cursor on one of them
        await pilot.pause()
        assert c.cursor in places
        panel = str(a.screen.query_one("#hex-panel").render())
        assert WORDS["place"] in panel and WORDS["impulse"] not in panel
        await pilot.press("tab", "enter")  # T1 picked and placed: the placement may end now, and e says so
        await pilot.pause()
        words = {b.binding.key: b.binding.description for b in a.screen.active_bindings.values()}
        assert words["e"] == "End placing" and c.state.soldier("T1").deployed
