"""Weapons (optional rule, RULES.md §9.4): dropped weapons, pick-up, exchange, jamming, repair."""

from __future__ import annotations

import pytest

from firepower_tui.rules import engine
from firepower_tui.rules.model.dice import ScriptedDice
from firepower_tui.rules.model.events import Killed, Rolled
from firepower_tui.rules.model.events.weapons import WeaponDropped, WeaponJammed
from firepower_tui.rules.board.hexgrid import hex_from_id
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.rules.engine.snapshot import state_from_data, state_to_data
from firepower_tui.rules.model.types import RollOutcome, WeaponState
from firepower_tui.rules.model.units import GroundWeapon
from tests.conftest import optional_game, set_soldier

MEN = ["T1 tan LMG B3 S", "T2 tan RFL B3 S", "G1 green PST B6 N", "G2 green RFL B6 N", "G3 green LMG J9 N"]
B3, B6 = hex_from_id("B3"), hex_from_id("B6")


def game(dice: list[int] | None = None, rules: tuple[str, ...] = ("weapons",)):
    return optional_game(MEN, rules, dice=ScriptedDice(dice or []))


def kill_g1_and_g2():
    """T1's LMG kills G1 (pistol) and G2 (rifle) in B6."""
    g = game([1, 5, 5, 5, 1, 5, 5, 5])
    g.do("chit tan", "impulse B3", "fire T1 G1,G2")
    return g


@pytest.mark.rule("§9.4")
def test_a_killed_mans_lmg_or_pistol_stays_in_his_hex_a_rifle_does_not() -> None:
    g = kill_g1_and_g2()
    assert g.state.ground == {B6: (GroundWeapon("PST"),)}
    dropped = [e for e in g.events if isinstance(e, WeaponDropped)]
    assert dropped == [WeaponDropped(soldier="G1", weapon="PST", hex=B6)]
    at = g.events.index(Killed(soldier="G1", rule="6.3.6.3"))
    assert g.events[at + 1] == dropped[0]


@pytest.mark.rule("§9.4")
def test_without_the_rule_nothing_is_dropped_and_the_actions_are_refused() -> None:
    g = game([1, 5, 5, 5, 1, 5, 5, 5], rules=("hiding",))
    g.do("chit tan", "impulse B3", "fire T1 G1,G2")
    assert g.state.ground == {}
    assert "not in play" in g.refusal("pickup T1 PST").reason
    assert "not in play" in g.refusal("swap T1 T2").reason
    legal = engine.legal_actions(g.state, "T2")
    assert legal and not any(a.kind in ("pickup", "swap", "repair") for a in legal)


def walk_to_b6(g):
    g.do("end", "chit green", "done", "chit tan", "impulse B3", "move T2 B4", "move T2 B5", "move T2 B6")


@pytest.mark.rule("§9.4")
def test_pick_up_costs_1_mf_and_leaves_his_own_weapon() -> None:
    g = kill_g1_and_g2()
    assert "no LMG lies in B3" in g.refusal("pickup T2 LMG").reason
    walk_to_b6(g)
    left = g.soldier("T2").mf_left
    g.do("pickup T2 PST")
    t2 = g.soldier("T2")
    assert (t2.weapon, t2.weapon_state, t2.mf_left) == ("PST", WeaponState.OK, left - 1)
    assert g.state.ground == {B6: (GroundWeapon("RFL"),)}
    assert g.refusal("pickup T2 RFL").rule == "6.2.8"  # no MF left


@pytest.mark.rule("§9.4")
def test_pick_up_takes_a_working_weapon_before_a_broken_one() -> None:
    """Ruling R61."""
    g = kill_g1_and_g2()
    g.state = g.state.evolve(ground={B6: (GroundWeapon("PST", WeaponState.BROKEN), GroundWeapon("PST"))})
    walk_to_b6(g)
    g.do("pickup T2 PST")
    assert g.soldier("T2").weapon_state is WeaponState.OK
    assert g.state.ground[B6] == (GroundWeapon("PST", WeaponState.BROKEN), GroundWeapon("RFL"))


@pytest.mark.rule("§9.4")
def test_two_men_of_one_hex_exchange_weapons_for_1_mf_each() -> None:
    """Ruling R62: one action names both; both of this impulse, each pays 1 MF."""
    g = game()
    g.do("chit tan", "impulse B3")
    set_soldier(g, "T1", weapon_state=WeaponState.BROKEN)
    g.do("swap T1 T2")
    t1, t2 = g.soldier("T1"), g.soldier("T2")
    assert (t1.weapon, t1.weapon_state, t1.mf_left) == ("RFL", WeaponState.OK, 3)
    assert (t2.weapon, t2.weapon_state, t2.mf_left) == ("LMG", WeaponState.BROKEN, 3)
    assert "not in T1's hex" in g.refusal("swap T1 G1").reason or g.refusal("swap T1 G1").rule == "6.1"
    g.do("move T2 B4")
    assert "not in T1's hex" in g.refusal("swap T1 T2").reason


@pytest.mark.rule("§9.4")
def test_exchange_needs_an_mf_from_each() -> None:
    g = game()
    g.do("chit tan", "impulse B3")
    set_soldier(g, "T2", mf_spent=4)
    assert g.refusal("swap T1 T2").rule == "6.2.8"


@pytest.mark.rule("§9.4")
def test_two_natural_tens_in_a_burst_jam_the_weapon_and_end_its_fire() -> None:
    """Ruling R60: the burst's dice are all rolled, then the jam; the remaining bursts are lost."""
    g = game([10, 10, 5, 1])  # first burst at G1: two 10s (and a hit on the 4th die); G2's burst never rolled
    g.do("chit tan", "impulse B3", "fire T1 G1,G2")
    rolls = [e for e in g.events if isinstance(e, Rolled)]
    assert len(rolls) == 4 and g.soldier("G1").killed and not g.soldier("G2").killed
    assert WeaponJammed(soldier="T1", weapon="LMG", tens=2, bursts_lost=1) in g.events
    assert g.soldier("T1").weapon_state is WeaponState.BROKEN
    assert g.soldier("G2").status.value == "suppressed"  # the automatic fire did come in (6.4.1)


@pytest.mark.rule("§9.4")
def test_one_natural_ten_or_semi_automatic_fire_does_not_jam() -> None:
    g = game([10, 5, 5, 5, 10, 10, 5, 5], rules=("weapons",))
    g.do("chit tan", "impulse B3", "fire T1 G1")
    assert g.soldier("T1").weapon_state is WeaponState.OK
    g2 = game([10, 10])
    g2.do("chit tan", "impulse B3", "fire T2 G1 semi")
    assert g2.soldier("T2").weapon_state is WeaponState.OK


@pytest.mark.rule("§9.4")
def test_without_the_rule_two_tens_do_not_jam() -> None:
    g = game([10, 10, 5, 5, 5, 5, 5, 5], rules=("hiding",))
    g.do("chit tan", "impulse B3", "fire T1 G1,G2")
    assert g.soldier("T1").weapon_state is WeaponState.OK


@pytest.mark.rule("§9.4")
def test_a_broken_weapon_cannot_fire_but_grenades_can_be_thrown() -> None:
    g = game()
    g.do("chit tan", "impulse B3")
    set_soldier(g, "T1", weapon_state=WeaponState.BROKEN)
    r = g.refusal("fire T1 G1")
    assert r.rule == "§9.4" and "broken" in r.reason
    assert engine.check(g.state, parse_action("throw T1 B6")) is None


@pytest.mark.rule("§9.4")
@pytest.mark.parametrize(("die", "state", "outcome"), [
    (1, WeaponState.OK, RollOutcome.REPAIRED), (4, WeaponState.OK, RollOutcome.REPAIRED),
    (5, WeaponState.BROKEN, RollOutcome.STILL_BROKEN), (9, WeaponState.BROKEN, RollOutcome.STILL_BROKEN),
    (10, WeaponState.DESTROYED, RollOutcome.DESTROYED)])
def test_repair_roll(die: int, state: WeaponState, outcome: RollOutcome) -> None:
    g = game([die])
    g.do("chit tan", "impulse B3")
    set_soldier(g, "T1", weapon_state=WeaponState.BROKEN)
    events = g.do("repair T1")
    t1 = g.soldier("T1")
    assert (t1.weapon_state, t1.mf_left, t1.noncombat_mf) == (state, 2, 2)
    roll = next(e for e in events if isinstance(e, Rolled))
    assert (roll.outcome, roll.result_rule) == (outcome, "§9.4")


@pytest.mark.rule("§9.4")
def test_repair_odds_are_the_roll_it_resolves() -> None:
    g = game()
    g.do("chit tan", "impulse B3")
    assert "not broken" in g.refusal("repair T1").reason
    set_soldier(g, "T1", weapon_state=WeaponState.BROKEN)
    a = engine.assess(g.state, parse_action("repair T1"))
    assert (a.repaired, a.still_broken, a.destroyed, a.mf) == (0.4, pytest.approx(0.5), 0.1, 2)
    set_soldier(g, "T1", mf_spent=3)
    assert g.refusal("repair T1").rule == "6.2.8"


@pytest.mark.rule("§9.4")
def test_a_destroyed_weapon_is_gone() -> None:
    """He keeps only grenades; he cannot fire or exchange, and leaves nothing when killed."""
    g = game()
    g.do("chit tan", "impulse B3")
    set_soldier(g, "T1", weapon_state=WeaponState.DESTROYED)
    assert "destroyed" in g.refusal("fire T1 G1").reason
    assert "no weapon to exchange" in g.refusal("swap T1 T2").reason
    assert engine.check(g.state, parse_action("throw T1 B6")) is None
    g2 = game([1, 5, 5, 5])
    set_soldier(g2, "G1", weapon_state=WeaponState.DESTROYED)
    g2.do("chit tan", "impulse B3", "fire T1 G1")
    assert g2.soldier("G1").killed and g2.state.ground == {}


@pytest.mark.rule("§9.4")
def test_a_broken_weapon_lies_broken() -> None:
    """Ruling R63."""
    g = game([1, 5, 5, 5])
    set_soldier(g, "G1", weapon="LMG", weapon_state=WeaponState.BROKEN)
    g.do("chit tan", "impulse B3", "fire T1 G1")
    assert g.state.ground == {B6: (GroundWeapon("LMG", WeaponState.BROKEN),)}


@pytest.mark.rule("§9.4")
def test_checkpoints_keep_the_weapons_and_old_ones_load_with_none() -> None:
    g = kill_g1_and_g2()
    set_soldier(g, "T1", weapon_state=WeaponState.BROKEN)
    data = state_to_data(g.state)
    assert state_from_data(data, g.state.scenario) == g.state
    old = {k: v for k, v in data.items() if k != "ground"}
    old["soldiers"] = [s[:21] for s in data["soldiers"]]
    back = state_from_data(old, g.state.scenario)
    assert back.ground == {} and back.soldier("T1").weapon_state is WeaponState.OK
