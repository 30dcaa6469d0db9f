"""Advice on demand (a): the three best choices in a dialog, Enter takes one through the
command line; refused in a game started with advice off (R270), where the header says so."""

from __future__ import annotations

import pytest

from firepower_tui.controller.base import Mode
from firepower_tui.games.session import Session
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.rules.model.actions import Fire, HitDirt, Hold, Overwatch
from firepower_tui.rules.model.events import Fired
from firepower_tui.ui.app import make_app
from firepower_tui.ui.screens.advice import PickScreen
from tests.conftest import FIELD, make_scenario

LMG = ("T1 tan LMG B2 S prone", "T2 tan RFL C1 S", "G1 green RFL B6 N", "G2 green RFL H9 N")


def app_of(lines: tuple[str, ...], soldiers: tuple[str, ...], *, advice: bool = True, rules: str = ""):  # noqa: ANN201
    session = Session(make_scenario(FIELD, soldiers, extra=f"rules = [{rules}]" if rules else ""), seed=1)
    session.advice = advice
    for line in lines:
        assert session.submit(parse_action(line)).ok, line
    return make_app(session.scenario, session=session)


@pytest.mark.rule("6.3")
async def test_a_lists_three_choices_and_enter_takes_the_first() -> None:
    a = app_of(("chit tan", "impulse B2"), LMG)
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(a.screen, PickScreen)
        assert len(a.screen.lines) == 3 and a.screen.lines[0].plain.startswith("1. fire T1 G1")
        await pilot.press("enter")
        await pilot.pause()
        fired = [e for e in a.controller.session.log if isinstance(e, Fired)]
        assert fired and fired[-1].soldier == "T1"
        assert a.controller.session.history[-1].action == Fire(soldier="T1", targets=("G1",))


async def test_advice_off_is_refused_and_shown_in_the_header() -> None:
    a = app_of(("chit tan", "impulse B2"), LMG, advice=False)
    async with a.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        assert "advice off" in a.screen.query_one("#header").render().plain
        before = len(a.controller.session.history)
        await pilot.press("a")
        await pilot.pause()
        assert not isinstance(a.screen, PickScreen)
        assert a.controller.message_error and a.controller.message.endswith("[R270]")
        assert len(a.controller.session.history) == before


@pytest.mark.rule("§9.1")
async def test_advice_in_a_reaction_lists_its_answers() -> None:
    a = app_of(("chit green", "impulse B8", "watch G1", "done", "chit tan", "impulse B2", "move T1"),
               ("T1 tan RFL B2 S", "G1 green LMG B8 N"), rules='"overwatch"')
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert a.controller.mode is Mode.REACT
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(a.screen, PickScreen)
        assert a.screen.lines[0].plain.startswith("1. overwatch fire G1 T1")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(a.controller.session.history[-1].action, Overwatch)
        assert a.controller.state.pending is None


def test_answers_are_ranked_the_computers_way() -> None:
    """The reaction's choices are the opponent's own values (players.answers), best first."""
    from firepower_tui.players.answers import answer, answer_values
    from firepower_tui.players.evaluate import Evaluator
    from firepower_tui.players.style import STYLES

    s = Session(make_scenario(FIELD, ("T1 tan RFL B2 S", "G1 green LMG B8 N"), extra='rules = ["overwatch"]'), seed=1)
    for line in ("chit green", "impulse B8", "watch G1", "done", "chit tan", "impulse B2", "move T1"):
        assert s.submit(parse_action(line)).ok
    ev = Evaluator("green", STYLES["hard"])
    values = answer_values(s.state, ev)
    assert values[0][1] == answer(s.state, ev)
    assert {type(a) for _, a in values} <= {Overwatch, Hold, HitDirt}


@pytest.mark.slow
async def test_advice_off_chosen_in_the_picker_is_kept_shown_and_refused(tmp_path) -> None:  # noqa: ANN001
    """a in the scenario picker turns advice off (R270): the game is stored so, its header says
    so and a is refused in it; the same game picked without a allows advice."""
    import argparse

    from firepower_tui.cli import _starter, all_scenarios
    from firepower_tui.games.store import Store
    from firepower_tui.ui.app import FirepowerApp

    for keys, allowed in ((("a",), False), ((), True), (("a", "a"), True)):
        store = Store(tmp_path / f"g{len(keys)}.db")
        args = argparse.Namespace(seed=7, clock=None, rules=None, think=None, advice=True, vs_computer=None)
        a = FirepowerApp(None, store=store, picker=all_scenarios(), on_pick=_starter(store, args))
        async with a.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            if keys:
                await pilot.press(*keys)
            info = str(a.screen.query_one("#scenario-info").render())
            assert ("Advice (a): on" in info) is allowed and ("Advice (a): off" in info) is not allowed
            await pilot.press("enter")
            await pilot.pause()
            assert a.controller is not None and a.controller.session.advice is allowed
            assert (store.game(a.game_id).options.get("advice") is not False) is allowed
            assert ("advice off" in a.screen.query_one("#header").render().plain) is not allowed
            await pilot.press("a")
            await pilot.pause()
            assert isinstance(a.screen, PickScreen) is allowed
            if not allowed:
                assert a.controller.message_error and a.controller.message.endswith("[R270]")
        store.close()
