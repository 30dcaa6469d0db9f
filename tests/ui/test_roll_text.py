"""How a roll reads in the side log (ui/render/log_text.roll_text): every modifier with its rule."""

from __future__ import annotations

import pytest

from firepower_tui.controller.controller import Controller
from firepower_tui.games.session import Session
from firepower_tui.rules.model.breakdown import Modifier
from firepower_tui.rules.model.events import Rolled
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.model.types import RollOutcome
from firepower_tui.ui.render.log_text import roll_text


@pytest.mark.rule("§10.2")
def test_the_roll_off_says_each_die_once() -> None:
    session = Session(load_scenario("basic"), seed=4, deploy=True)
    session.dice.force([9, 2])  # roll-off: Tan 9, Green 2
    Controller(session).begin()
    rolls = [e for e in session.log if isinstance(e, Rolled)]
    texts = [roll_text(e).plain for e in rolls]
    assert texts == ["roll-off: Tan  d10 9 [§10.2]", "roll-off: Green  d10 2 [§10.2]"]


@pytest.mark.rule("§10.2")
def test_the_initiative_bonus_is_shown_with_its_rule() -> None:
    """The roll for the first phase: the side that finished deploying first adds its bonus."""
    e = Rolled(purpose="first phase: Tan", die=4, need=None, need_rule="§10.2",
               modifiers=(Modifier(label="initiative bonus", value=2, rule="§10.2"),), total=6, result="6",
               result_rule="§10.2", outcome=RollOutcome.TOTAL)
    assert roll_text(e).plain == "first phase: Tan  d10 4 +2 initiative bonus [§10.2] = 6 [§10.2]"


def test_a_table_roll_keeps_its_result_words() -> None:
    e = Rolled(purpose="grenade spread", die=7, need=None, need_rule="4.10.4 spread diagram", modifiers=(), total=7,
               result="lands in F5", result_rule="4.10.4", outcome=RollOutcome.EXPLODES)
    assert roll_text(e).plain == "grenade spread  d10 7 [4.10.4 spread diagram] lands in F5 [4.10.4]"
