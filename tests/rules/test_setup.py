"""Forces by points (§10.3) and the deployment phase (§10.2)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firepower_tui.rules import engine
from firepower_tui.rules.model.dice import ScriptedDice
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.basic.sequence import new_game
from firepower_tui.rules.scenario.setup import spent
from firepower_tui.rules.model.types import Phase, RollOutcome, SetupStep
from tests.conftest import Game, make_scenario

ZONES = '[[zones]]\nside = "tan"\nrows = [1, 2]\n[[zones]]\nside = "green"\nrows = [11, 12]\n'
FIELD_12 = "\n".join(["." * 10] * 12)


def deploy_game(men: str, dice: list[int]) -> Game:
    lines = [f"{m.split()[0]} {m.split()[1]} {m.split()[2]} - N" + (" scout" if "scout" in m else "")
             for m in men.split(";")]
    g = Game(make_scenario(FIELD_12, lines, turns=2, chits=1, zones=ZONES), ScriptedDice(dice))
    assert (g.state.phase, g.state.setup_step) == (Phase.DEPLOY, SetupStep.ROLLOFF)
    assert g.state.phase == "deploy" and g.state.setup_step == "rolloff"  # the plain words still compare equal
    return g


TWO_FOUR = "T1 tan RFL;T2 tan RFL;G1 green RFL;G2 green RFL;G3 green RFL;G4 green RFL"


@pytest.mark.rule("§10.2")
def test_rolloff_ties_are_rolled_again() -> None:
    g = deploy_game(TWO_FOUR, [5, 5, 2, 8])
    events = g.do("rolloff")
    rolls = [e for e in events if e.event == "roll"]
    assert [(e.die, e.outcome, e.result) for e in rolls] == [(5, RollOutcome.TOTAL, "5"), (5, RollOutcome.TOTAL, "5"),
                                                             (2, RollOutcome.TOTAL, "2"), (8, RollOutcome.TOTAL, "8")]
    assert g.state.decider == "green" and g.state.setup_step is SetupStep.CHOOSE_DEPLOY


@pytest.mark.rule("§10.2")
def test_placement_in_zone_and_hand_over() -> None:
    g = deploy_game(TWO_FOUR, [7, 3])
    g.do("rolloff", "choose tan")
    assert g.state.placer == "tan"
    assert g.refusal("place T1 C5 S") == ("C5 is outside Tan's deployment zone", "§10.2")
    assert g.refusal("place G1 C11 N") == ("G1 is Green's; Tan is placing now", "§10.2")
    assert g.refusal("deployed") == ("place at least one soldier in each placement", "§10.2")
    g.do("place T1 C2 S crouch")
    t1 = g.soldier("T1")
    assert (t1.deployed, t1.facing.name, t1.posture.value) == (True, "S", "crouch")
    g.do("deployed")
    assert g.state.placer == "green"
    assert engine.check(g.state, parse_action("move T1")) is not None


@pytest.mark.rule("§10.2")
def test_initiative_bonus_counts_the_other_sides_placements() -> None:
    """Tan places both men first; Green then needs three placements: bonus 3 for Tan."""
    g = deploy_game(TWO_FOUR, [7, 3])
    g.do("rolloff", "choose tan", "place T1 C2 S", "deployed", "place G1 C11 N", "deployed",
         "place T2 D2 S")  # Tan's last man: the placement ends by itself
    assert g.state.finished_first == "tan" and g.state.bonus == 0 and g.state.placer == "green"
    g.do("place G2 D11 N", "deployed", "place G3 E11 N", "deployed", "place G4 F11 N")
    assert (g.state.setup_step, g.state.bonus) == ("initiative", 3)


@pytest.mark.rule("§10.2")
def test_a_placement_may_put_several_men_and_counts_once() -> None:
    """"Each placement puts one or more soldiers ... count those placements": Tan places both his
    men in one placement; Green places his four in two: bonus 2, not 4."""
    g = deploy_game(TWO_FOUR, [7, 3])
    g.do("rolloff", "choose tan", "place T1 C2 S", "place T2 D2 S crouch")
    assert g.state.finished_first == "tan" and g.state.placer == "green"
    g.do("place G1 C11 N", "place G2 D11 N", "deployed", "place G3 E11 N", "place G4 F11 N prone")
    assert (g.state.setup_step, g.state.bonus) == ("initiative", 2)
    assert (g.soldier("T2").posture.value, g.soldier("G4").posture.value) == ("crouch", "prone")


@pytest.mark.rule("§10.2")
@pytest.mark.parametrize(("dice", "decider"), [([2, 4], "tan"), ([1, 4], "green")])
def test_first_phase_roll_with_bonus(dice: list[int], decider: str) -> None:
    """Tan (bonus 3) decides only if his total is higher: 2+3=5 > 4, but 1+3=4 is not."""
    g = deploy_game(TWO_FOUR, [7, 3] + dice)
    g.do("rolloff", "choose tan", "place T1 C2 S", "deployed", "place G1 C11 N", "deployed",
         "place T2 D2 S", "place G2 D11 N", "deployed", "place G3 E11 N", "deployed",
         "place G4 F11 N", "rolloff")
    rolls = [e for e in g.events if e.event == "roll"][-2:]
    assert [(r.total, [m.value for m in r.modifiers]) for r in rolls][0] == (dice[0] + 3, [3])
    assert g.state.decider == decider and g.state.setup_step == "choose_first"
    g.do("choose green")
    assert g.state.phase == "play" and g.state.first_side == "green"
    chit = g.do("chit")[0]
    assert chit.side == "green" and g.dice.values == type(g.dice.values)()  # no die used for it


@pytest.mark.rule("§10.2")
def test_scouts_are_placed_last_outside_the_enemy_zone_and_far_from_enemies() -> None:
    g = deploy_game("T1 tan RFL;T9 tan RFL scout;G1 green RFL", [7, 3])
    g.do("rolloff", "choose tan")
    assert g.refusal("place T9 C6 S") == ("T9 is a scout: scouts are placed last, after every other man", "§10.2")
    g.do("place T1 C2 S")  # Tan has nobody else he may place yet (the scout waits): Green's turn
    assert g.state.placer == "green"
    g.do("place G1 C11 N")
    assert g.state.placer == "tan"  # Green has nobody left to place: the hand-over is automatic
    assert g.refusal("place T9 C12 S") == ("a scout may not be placed in the enemy zone (C12)", "§10.2")
    assert g.refusal("place T9 C7 S") == ("a scout must be more than 6 hexes from every enemy; G1 is 4 away", "§10.2")
    g.do("place T9 C4 S")
    assert g.state.setup_step == "initiative"


# --- forces by points, §10.3 -------------------------------------------------------------------

def forces_game() -> Game:
    g = Game(load_scenario("meeting"), ScriptedDice([]))
    assert g.state.phase == "forces"
    return g


@pytest.mark.rule("§10.3")
def test_buying_within_the_budget() -> None:
    g = forces_game()
    g.do("buy tan LMG", "buy tan LMG", "buy tan RFL scout")
    assert spent(g.state, "tan") == 18 + 18 + 13
    assert [s.id for s in g.state.soldiers] == ["T1", "T2", "T3"] and g.soldier("T3").traits == ("scout",)
    for _ in range(4):
        g.do("buy tan RFL")
    assert spent(g.state, "tan") == 89
    g.do("buy tan RFL")  # 11 left: a rifleman (10) still fits
    assert g.refusal("buy tan PST") == ("Tan has 1 of 100 points left; a PST costs 8", "§10.3")
    g.do("drop T1")  # 99 - 18
    g.do("buy tan PST")
    assert spent(g.state, "tan") == 89


@pytest.mark.rule("§10.3")
def test_ready_then_deployment() -> None:
    g = forces_game()
    assert g.refusal("ready tan") == ("Tan has bought nobody yet", "§10.3")
    g.do("buy tan RFL", "ready tan")
    assert g.refusal("buy tan RFL") == ("Tan's force is already complete", "§10.3")
    assert g.refusal("ready tan") == ("Tan's force is already complete", "§10.3")
    g.do("buy green LMG", "ready green")
    assert (g.state.phase, g.state.setup_step) == ("deploy", "rolloff")
    assert [s.deployed for s in g.state.soldiers] == [False, False]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(["RFL", "PST", "LMG", "RFL scout", "LMG scout"]), max_size=25))
def test_total_never_exceeds_the_budget(buys: list[str]) -> None:
    state = new_game(load_scenario("meeting"))
    for b in buys:
        action = parse_action(f"buy green {b}")
        if engine.check(state, action) is None:
            state, _ = engine.apply(state, action, ScriptedDice([]))
        assert spent(state, "green") <= 100


def test_play_actions_refused_during_setup() -> None:
    g = forces_game()
    assert g.refusal("chit") == ("the game is being set up: buy, place or roll first", "§10.2")
    assert g.refusal("impulse C2") == ("the game is being set up: buy, place or roll first", "§10.2")


def test_deploy_option_on_basic() -> None:
    state = new_game(load_scenario("basic"), deploy=True)
    assert state.phase == "deploy" and len(state.undeployed()) == 16
    assert new_game(load_scenario("basic")).phase == "play"


def test_random_setup_is_always_legal() -> None:
    from firepower_tui.headless.playout import random_action

    rng = random.Random(5)
    state = new_game(load_scenario("defence"))
    while state.phase != "play":
        action = random_action(state, rng)
        assert engine.check(state, action) is None, action
        state, _ = engine.apply(state, action, __import__("firepower_tui.rules.model.dice", fromlist=["x"]).SeededDice(5))
    assert not state.undeployed()
