"""The reactions of the optional rules by keys (RULES.md §9.1, §9.2, §9.7) and the phase clock
(§9.8): what the reacting player is offered and what his keys do (Pilot; the state, not pixels)."""

from __future__ import annotations

import pytest

from firepower_tui.controller.base import Mode
from firepower_tui.controller.keymap import VIEW_INTENTS, Intent
from firepower_tui.games.session import Session
from firepower_tui.rules import engine
from firepower_tui.rules.model.actions import EndImpulse, FallBack
from firepower_tui.rules.model.events import FellBack, Fired, HitTheDirt, PhaseEnded, ReactionClosed, Rolled
from firepower_tui.rules.board.hexgrid import hex_from_id
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.rules.model.types import ReactionKind
from firepower_tui.ui.app import make_app
from firepower_tui.ui.widgets.footer import KeyFooter
from firepower_tui.ui.widgets.side_log import SideLog
from tests.conftest import FIELD, make_scenario

WATCHING = ("chit green", "impulse B8", "watch G1", "done", "chit tan", "impulse B2")
"""Green's G1 on Overwatch in B8 facing north; Tan's T1 in B2 about to step south into view."""


def game(lines: tuple[str, ...], *soldiers: str, rules: str, dice: list[int] = (), handover: bool = False,  # noqa: ANN201
         clock: int | None = None):
    session = Session(make_scenario(FIELD, soldiers, extra=f"rules = [{rules}]"), seed=1, clock=clock)
    for line in lines:
        assert session.submit(parse_action(line)).ok, line
    session.dice.force(dice)
    return make_app(session.scenario, session=session, handover=handover)


def answer_keys(app) -> set[str]:  # noqa: ANN001
    """The footer's keys that are the controller's (the views' keys are always there)."""
    views = {f"intent('{i}')" for i in VIEW_INTENTS}
    return {key for key, action, *_ in app.screen.query_one(KeyFooter).keys_shown() if action not in views}


def log_text(app) -> str:  # noqa: ANN001
    return "\n".join(e.plain for e in app.screen.query_one(SideLog).entries)


def overwatch_game(**kw: object):  # noqa: ANN201
    return game(WATCHING, "T1 tan RFL B2 S", "G1 green RFL B8 N", rules='"overwatch"', **kw)


@pytest.mark.rule("§9.1")
async def test_w_declares_overwatch() -> None:
    a = game(("chit green", "impulse B8"), "T1 tan RFL B2 S", "G1 green RFL B8 N", rules='"overwatch"')
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "w" in answer_keys(a)
        await pilot.press("w")
        assert a.controller.state.soldier("G1").overwatch
        assert "[§9.1]" in a.screen.query_one("#soldier-panel").render().plain


@pytest.mark.rule("§9.1")
async def test_overwatch_opens_offers_f_g_n_and_the_snap_shot_shows_its_odds_and_rolls() -> None:
    a = overwatch_game(dice=[9, 9, 9])
    async with a.run_test(size=(100, 30)) as pilot:
        c = a.controller
        await pilot.press("m")
        await pilot.pause()
        p = c.state.pending
        assert p is not None and p.kind is ReactionKind.OVERWATCH and c.mode is Mode.REACT
        assert c.message == "Green decides: T1 entered B3 in sight of G1 on overwatch [§9.1]"
        assert answer_keys(a) == {"f", "g", "n"}
        await pilot.press("f")
        await pilot.pause()
        assert c.mode is Mode.REACT_FIRE and c.cursor == hex_from_id("B3") and c.selected == "G1"
        odds = a.screen.query_one("#preview").render().plain
        assert "+1 snap shot (overwatch) [§9.1]" in odds and "Green decides" in odds
        await pilot.press("enter")
        await pilot.pause()
        fired = [e for e in c.session.log if isinstance(e, Fired)]
        rolls = [e for e in c.session.log if isinstance(e, Rolled)]
        assert fired and fired[-1].soldier == "G1"
        assert rolls and all(any(m.rule == "§9.1" and m.value == 1 for m in r.modifiers) for r in rolls)
        assert "+1 snap shot (overwatch)" in log_text(a) and "[§9.1]" in log_text(a)
        assert c.state.pending is None and c.mode is Mode.BROWSE and c.selected == "T1"


@pytest.mark.rule("§9.1")
async def test_n_holds() -> None:
    a = overwatch_game()
    async with a.run_test(size=(100, 30)) as pilot:
        c = a.controller
        await pilot.press("m", "n")
        await pilot.pause()
        closed = [e for e in c.session.log if isinstance(e, ReactionClosed)]
        assert closed and closed[-1].answer == "hold" and c.state.pending is None
        assert c.selected == "T1" and "m" in answer_keys(a)


@pytest.mark.rule("§9.1")
async def test_a_key_the_engine_refuses_shows_its_refusal() -> None:
    a = overwatch_game()
    async with a.run_test(size=(100, 30)) as pilot:
        c = a.controller
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("e")  # Tan's key, Green's decision
        refusal = engine.check(c.state, EndImpulse())
        assert refusal is not None and c.message == f"{refusal.reason} [{refusal.rule}]" and refusal.rule == "§9.1"
        await pilot.press("b")  # a melee's answer, in an overwatch reaction
        refusal = engine.check(c.state, FallBack())
        assert refusal is not None and c.message == f"{refusal.reason} [{refusal.rule}]"
        assert c.state.pending is not None


@pytest.mark.rule("§9.1")
async def test_handover_prompts_when_the_reaction_opens_and_when_it_closes() -> None:
    from firepower_tui.ui.screens.modals import BannerScreen

    a = overwatch_game(handover=True)
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        if isinstance(a.screen, BannerScreen):  # the opening phase's own banner
            await pilot.press("enter")
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(a.screen, BannerScreen)
        assert "Pass the keyboard to the Green player" in a.screen.text.plain
        await pilot.press("enter", "n")
        await pilot.pause()
        assert isinstance(a.screen, BannerScreen) and "Pass the keyboard to the Tan player" in a.screen.text.plain


@pytest.mark.rule("§9.2")
async def test_hit_the_dirt_prompt_and_answer() -> None:
    a = game(("chit tan", "impulse B2"), "T1 tan LMG B2 S", "G1 green RFL B5 N", "G2 green RFL B5 N",
             rules='"hit_the_dirt"', dice=[9] * 12)
    async with a.run_test(size=(100, 30)) as pilot:
        c = a.controller
        await pilot.press("f", "enter")  # auto fire at both men in B5
        await pilot.pause()
        p = c.state.pending
        assert p is not None and p.kind is ReactionKind.HIT_THE_DIRT and set(p.answerers) == {"G1", "G2"}
        assert answer_keys(a) == {"d", "D", "n"}
        assert c.message.startswith("Green decides: T1 fires at G1, G2 in B5")
        await pilot.press("d")
        await pilot.pause()
        dropped = [e.soldier for e in c.session.log if isinstance(e, HitTheDirt)]
        assert dropped == ["G1"] and c.state.pending is None
        assert "hits the dirt" in log_text(a) and "[§9.2]" in log_text(a)


@pytest.mark.rule("§9.7")
async def test_melee_reaction_stand_and_shoot_with_its_odds() -> None:
    a = game(("chit tan", "impulse B4", "melee T1 B5"), "T1 tan RFL B4 S", "G1 green RFL B5 N",
             rules='"melee_reactions"', dice=[9, 9, 9, 9, 9, 9])
    async with a.run_test(size=(100, 30)) as pilot:
        c = a.controller
        await pilot.pause()
        assert c.state.pending is not None and c.state.pending.kind is ReactionKind.MELEE
        assert answer_keys(a) == {"s", "b", "n"}
        await pilot.press("s")
        await pilot.pause()
        assert c.mode is Mode.REACT_STAND and c.selected == "G1" and c.cursor == hex_from_id("B4")
        odds = a.screen.query_one("#preview").render().plain
        assert "[§9.7]" in odds and "T1" in odds
        await pilot.press("enter")
        await pilot.pause()
        assert [e.soldier for e in c.session.log if isinstance(e, Fired)] == ["G1"]
        assert any(m.rule == "§9.7" for e in c.session.log if isinstance(e, Rolled) for m in e.modifiers)


@pytest.mark.rule("§9.7")
async def test_melee_reaction_fall_back() -> None:
    a = game(("chit tan", "impulse B4", "melee T1 B5"), "T1 tan RFL B4 S", "G1 green RFL B5 N",
             rules='"melee_reactions"')
    async with a.run_test(size=(100, 30)) as pilot:
        c = a.controller
        await pilot.press("b")
        await pilot.pause()
        moved = [e for e in c.session.log if isinstance(e, FellBack)]
        assert moved and moved[0].to == hex_from_id("B6") and c.state.pending is None


@pytest.mark.rule("§9.1")
async def test_r_shows_the_section_of_the_reaction_open() -> None:
    from firepower_tui.ui.screens.modals import TextScreen

    a = overwatch_game()
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.press("m", "r")
        await pilot.pause()
        assert isinstance(a.screen, TextScreen) and [s.number for s in a.screen.body.sections] == ["9.1"]


async def test_r_adds_the_sections_of_the_rules_on() -> None:
    a = game(("chit tan",), "T1 tan RFL B2 S", "G1 green RFL B8 N", rules='"overwatch", "clock"')
    async with a.run_test(size=(100, 30)):
        topic = a.controller.rules_topic()
        assert topic[-2:] == ("9.1", "9.8")


@pytest.mark.rule("§9.8")
async def test_the_clock_runs_out_and_done_is_entered() -> None:
    a = game(("chit tan", "impulse B2"), "T1 tan RFL B2 S", "G1 green RFL B8 N", rules='"clock"')
    now = [0.0]
    async with a.run_test(size=(100, 30)) as pilot:
        screen = a.screen
        screen.clock.use_time(lambda: now[0])
        screen.clock.tick()
        assert "clock 1:30" in screen.query_one("#header").render().plain
        await pilot.press("f")  # aiming: the action in progress may be finished first (R35)
        now[0] = 91.0
        screen.clock.tick()
        assert not any(isinstance(e, PhaseEnded) for e in a.controller.session.log)
        await pilot.press("escape")
        screen.clock.tick()
        await pilot.pause()
        ended = [e for e in a.controller.session.log if isinstance(e, PhaseEnded)]
        assert ended and ended[0].side == "tan"
        assert a.controller.session.history[-2].notation == "done" or any(
            h.notation == "done" for h in a.controller.session.history)
        assert "time is up (§9.8)" in log_text(a)


@pytest.mark.rule("§9.8")
async def test_the_clock_counts_down_the_budget_chosen_for_the_game() -> None:
    a = game(("chit tan", "impulse B2"), "T1 tan RFL B2 S", "G1 green RFL B8 N", rules='"clock"', clock=25)
    now = [0.0]
    async with a.run_test(size=(100, 30)):
        screen = a.screen
        screen.clock.use_time(lambda: now[0])
        now[0] = 5.0
        screen.clock.tick()
        assert "clock 0:20" in screen.query_one("#header").render().plain


@pytest.mark.rule("§9.8")
async def test_the_clock_stops_while_a_reaction_is_open_and_when_paused() -> None:
    a = game(WATCHING, "T1 tan RFL B2 S", "G1 green RFL B8 N", rules='"overwatch", "clock"')
    now = [0.0]
    async with a.run_test(size=(100, 30)) as pilot:
        screen = a.screen
        screen.clock.use_time(lambda: now[0])
        now[0] = 10.0
        await pilot.press("m")  # the reaction opens
        await pilot.pause()
        now[0] = 500.0
        screen.clock.tick()
        assert screen.clock.clock.remaining() == 80.0 and a.controller.state.pending is not None
        assert "reaction" in screen.query_one("#header").render().plain
        await pilot.press("n")
        await pilot.pause()
        now[0] = 510.0
        assert screen.clock.clock.remaining() == 70.0
        await pilot.press("P")
        now[0] = 900.0
        screen.clock.tick()
        assert screen.clock.clock.remaining() == 70.0 and "PAUSED" in screen.query_one("#header").render().plain
        await pilot.press("P")
        now[0] = 905.0
        assert screen.clock.clock.remaining() == 65.0


async def test_no_clock_and_no_reaction_keys_in_the_basic_game() -> None:
    from firepower_tui.rules.scenario.load import load_scenario

    a = make_app(load_scenario("basic"), seed=3)
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert a.screen.clock.clock is None and "clock" not in a.screen.query_one("#header").render().plain
        assert not ({"w", "n", "d", "D", "s", "b"} & answer_keys(a))
        assert Intent.PAUSE in VIEW_INTENTS


@pytest.mark.rule("§9.1")
@pytest.mark.parametrize("marker", ["overwatch", "hidden", "dirt_used"])
def test_markers_on_the_map_in_both_zooms_and_both_character_sets(marker: str) -> None:
    """Compact: one letter on the counter's lower edge; detailed: a word under the id (§9.1-§9.3)."""
    from firepower_tui.rules.basic.sequence import new_game
    from firepower_tui.ui.render.map_grid import ASCII, COMPACT, DETAILED, UNICODE, terrain_base
    from firepower_tui.ui.render.map_counters import draw_counters

    scenario = make_scenario(FIELD, ["T1 tan RFL B2 S", "G1 green RFL B8 N"], extra='rules = ["overwatch", "hiding"]')
    state = new_game(scenario)
    state = state.with_soldiers(state.soldier("G1").evolve(**{marker: True}))
    letter, word = {"overwatch": ("O", "OVW"), "hidden": ("H", "HID"), "dirt_used": ("D", "DIRT")}[marker]
    for glyphs in (UNICODE, ASCII):
        for zoom, text in ((COMPACT, letter), (DETAILED, word)):
            grid = draw_counters(terrain_base(scenario.map, zoom, glyphs), state, zoom, glyphs, lower_second=True)
            runs = grid.slots[hex_from_id("B8")]
            drawn = "".join("".join(grid.chars[y][x:x + w]) for y, x, w in runs)
            assert text in drawn, (glyphs is ASCII, zoom.name, drawn)
