"""Hiding (optional rule, RULES.md §9.3): the Hidden marker, what it stops, and every reveal."""

from __future__ import annotations

import pytest

from firepower_tui.rules import engine
from firepower_tui.rules.model.dice import ScriptedDice, SeededDice
from firepower_tui.rules.model.events import HiddenChanged, ImpulseEnded
from firepower_tui.rules.board.hexgrid import hex_from_id
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.rules.model.types import Status, WeaponState
from tests.conftest import FIELD, optional_game, set_soldier, with_terrain

WOODS = with_terrain(FIELD, B3="t", B4="s", C3="r", B9="t")
MEN = ["T1 tan RFL B3 S", "T2 tan RFL J1 S", "G1 green RFL B8 N", "G2 green RFL J10 N"]


def hidden_t1(dice: object = None, rules: tuple[str, ...] = ("hiding",)):
    g = optional_game(MEN, rules, terrain=WOODS, dice=dice if dice is not None else SeededDice(1))
    g.do("chit tan", "impulse B3", "turn T1 SE", "turn T1 S", "end")
    return g


@pytest.mark.rule("§9.3")
def test_marked_hidden_at_the_end_of_his_impulse_automatically() -> None:
    """Ruling R42: it is free and has no price, so it is taken."""
    g = optional_game(MEN, ["hiding"], terrain=WOODS)
    g.do("chit tan", "impulse B3", "turn T1 SE")
    assert not g.soldier("T1").hidden
    events = g.do("end")
    assert g.soldier("T1").hidden
    at = next(i for i, e in enumerate(events) if isinstance(e, ImpulseEnded))
    assert events[at + 1] == HiddenChanged(soldier="T1", hidden=True, why="the end of his impulse")


@pytest.mark.rule("§9.3")
@pytest.mark.parametrize(("setup", "why"), [
    ("open", "no cover"), ("fired", "fired this phase"), ("running", "Running"), ("near", "enemy within 2")])
def test_who_may_not_hide(setup: str, why: str) -> None:
    men = list(MEN)
    if setup == "open":
        men[0] = "T1 tan RFL E3 S"
    if setup == "near":
        men[2] = "G1 green RFL B5 N"
    g = optional_game(men, ["hiding"], terrain=WOODS, dice=ScriptedDice([10] * 3))
    start = "E3" if setup == "open" else "B3"
    g.do("chit tan", f"impulse {start}")
    if setup == "fired":
        g.do("fire T1 G1")
    else:
        g.do("turn T1 SE")
    if setup == "running":
        set_soldier(g, "T1", running=True)
    g.do("end")
    assert not g.soldier("T1").hidden, why


@pytest.mark.rule("§9.3")
def test_fence_and_hedge_hexes_qualify() -> None:
    g = optional_game(["T1 tan RFL E3 S stand N", "G1 green RFL J10 N"], ["hiding"], hedges='{ hex = "E3", axis = "E-W" }')
    g.do("chit tan", "impulse E3", "turn T1 SE", "end")
    assert g.soldier("T1").hidden


@pytest.mark.rule("§9.3")
def test_a_hidden_man_is_no_target_for_small_arms_but_grenades_and_melee_reach_him() -> None:
    g = hidden_t1()
    g.do("done", "chit green", "impulse B8")
    r = g.refusal("fire G1 T1")
    assert (r.rule, r.reason) == ("§9.3", "T1 is Hidden: he cannot be chosen as the target of small-arms fire")
    assert engine.check(g.state, parse_action("throw G1 B3")) is None


@pytest.mark.rule("§9.3")
def test_a_hidden_man_does_not_trigger_overwatch() -> None:
    g = optional_game(MEN, ["hiding", "overwatch"], terrain=WOODS)
    g.do("chit green", "impulse B8", "watch G1", "done")
    g.do("chit tan", "impulse B3", "turn T1 SE")
    assert g.state.pending is not None  # not yet hidden: G1 may snap at him
    g.do("hold", "end", "done")
    assert g.soldier("T1").hidden and g.soldier("G1").overwatch
    g.do("chit tan", "impulse B3", "turn T1 S")  # hidden: no snap shot
    assert g.soldier("T1").hidden and g.state.pending is None


@pytest.mark.rule("§9.3")
def test_revealed_when_he_fires() -> None:
    g = hidden_t1(dice=ScriptedDice([10] * 3))
    g.do("done", "chit green", "done", "chit tan", "impulse B3")
    events = g.do("fire T1 G1")
    assert HiddenChanged(soldier="T1", hidden=False, why="he fired") in events


@pytest.mark.rule("§9.3")
def test_revealed_when_he_enters_a_hex_that_does_not_qualify_but_not_one_that_does() -> None:
    g = hidden_t1()
    g.do("done", "chit green", "done", "chit tan", "impulse B3")
    g.do("move T1")  # B4 scrub: still hidden
    assert g.soldier("T1").hidden
    events = g.do("move T1")  # B5 open
    assert HiddenChanged(soldier="T1", hidden=False, why="he entered a hex with no cover to hide in") in events


@pytest.mark.rule("§9.3")
def test_revealed_when_an_enemy_ends_an_action_within_two_hexes_with_los() -> None:
    g = hidden_t1()
    g.do("done", "chit green", "impulse B8", "move G1")  # B7: 4 hexes
    assert g.soldier("T1").hidden
    g.do("move G1")  # B6: 3 hexes
    assert g.soldier("T1").hidden
    events = g.do("move G1")  # B5: 2 hexes, LOS
    assert HiddenChanged(soldier="T1", hidden=False, why="G1 is within 2 hexes with LOS to him") in events


@pytest.mark.rule("§9.3")
def test_revealed_when_stunned() -> None:
    g = hidden_t1(dice=ScriptedDice([1, 9]))  # the grenade lands in B3; T1 survives the blast: Stunned
    g.do("done", "chit green", "impulse B8")
    events = g.do("throw G1 B3")
    assert g.soldier("T1").status is Status.STUNNED
    assert HiddenChanged(soldier="T1", hidden=False, why="he was Stunned") in events


@pytest.mark.rule("§9.3")
def test_revealed_when_an_enemy_ends_any_action_within_two_hexes_a_repair_too() -> None:
    """"An enemy soldier ends an action within 2 hexes with LOS": any action, §9.4's and §9.5's
    as well as an MF action (ruling R125)."""
    g = hidden_t1(rules=("hiding", "weapons"))
    set_soldier(g, "G1", hex=hex_from_id("B5"), weapon_state=WeaponState.BROKEN)  # 2 hexes from T1, LOS
    g.do("done", "chit green", "impulse B5")
    assert g.soldier("T1").hidden
    events = g.do("repair G1")
    assert HiddenChanged(soldier="T1", hidden=False, why="G1 is within 2 hexes with LOS to him") in events


@pytest.mark.rule("§9.3")
def test_revealed_when_he_throws_a_molotov() -> None:
    """A Molotov (or a smoke grenade) is thrown: throwing reveals him as a grenade does (R125)."""
    men = ["T1 tan RFL B3 S molotov=1", *MEN[1:]]
    g = optional_game(men, ["hiding", "special_weapons"], terrain=WOODS, dice=SeededDice(1))
    g.do("chit tan", "impulse B3", "turn T1 SE", "turn T1 S", "end")
    assert g.soldier("T1").hidden
    g.do("done", "chit green", "done", "chit tan", "impulse B3")
    events = g.do("molotov T1 B7")
    assert HiddenChanged(soldier="T1", hidden=False, why="he threw a molotov") in events


@pytest.mark.rule("§9.3")
def test_a_man_who_goes_on_overwatch_does_not_hide_but_a_hidden_one_stays_hidden() -> None:
    """Ruling R42 (as the companion rules of §9.1 and §9.3 say): a watcher may not take cover in
    hiding, but one who was Hidden when he went on watch stays Hidden."""
    g = optional_game(MEN, ["hiding", "overwatch"], terrain=WOODS)
    g.do("chit tan", "impulse B3", "watch T1", "end")
    assert g.soldier("T1").overwatch and not g.soldier("T1").hidden
    g2 = hidden_t1(rules=("hiding", "overwatch"))
    g2.do("done", "chit green", "done", "chit tan", "impulse B3", "watch T1", "end")
    assert g2.soldier("T1").overwatch and g2.soldier("T1").hidden


@pytest.mark.rule("§9.3")
@pytest.mark.parametrize(("letter", "lines"), [
    ("t", {}), ("s", {}), ("r", {}), (".", {"fences": '{ hex = "E3", axis = "E-W" }'}),
    (".", {"hedges": '{ hex = "E3", axis = "E-W" }'})], ids=["trees", "scrub", "rough", "fence", "hedge"])
def test_each_kind_of_hiding_hex_qualifies(letter: str, lines: dict[str, str]) -> None:
    """"In a tree, scrub, rough, building, or fence/hedge hex" (a building: the next test)."""
    man = "T1 tan RFL E3 S stand N" if lines else "T1 tan RFL E3 S"
    g = optional_game([man, "G1 green RFL J10 N"], ["hiding"], terrain=with_terrain(FIELD, E3=letter), **lines)
    g.do("chit tan", "impulse E3", "turn T1 SE", "end")
    assert g.soldier("T1").hidden


@pytest.mark.rule("§9.3")
def test_a_building_hex_qualifies_with_the_buildings_rule() -> None:
    """T2 in the house D4 (the fixture village) hides at the end of his impulse; with the
    buildings rule off the house is not there (open ground): he does not."""
    from pathlib import Path

    from firepower_tui.rules.scenario.load import load_scenario
    from tests.conftest import Game

    village = load_scenario(Path(__file__).resolve().parents[1] / "fixtures" / "scenarios" / "buildings.toml")
    for rules, hides in ((("hiding", "buildings"), True), (("hiding",), False)):
        g = Game(village)
        g.state = g.state.evolve(rules=frozenset(rules))
        g.do("chit tan", "impulse D4", "turn T2 NE", "end")
        assert g.soldier("T2").hidden is hides, rules


@pytest.mark.rule("§9.3")
def test_who_meleed_this_phase_does_not_hide_nor_does_a_man_outside_the_impulse() -> None:
    """"Each soldier of that impulse ... who did not fire or melee this phase": T1 wins a melee
    into the trees of B3 and stays there, unhidden; T3 in the rough of C3 was not of the impulse."""
    men = ["T1 tan RFL B2 S", "T3 tan RFL C3 S", "G1 green RFL B3 N", "G2 green RFL J10 N"]
    g = optional_game(men, ["hiding"], terrain=with_terrain(FIELD, B3="t", C3="r"), dice=ScriptedDice([1]))
    g.do("chit tan", "impulse B2", "melee T1 B3")
    assert g.soldier("G1").killed and g.soldier("T1").hex == hex_from_id("B3")
    g.do("end")
    assert not g.soldier("T1").hidden and not g.soldier("T3").hidden


@pytest.mark.rule("§9.3")
def test_a_hidden_man_may_be_meleed_and_is_revealed_by_it() -> None:
    """"Grenade blasts and melee affect him normally"; "revealed when he ... melees": T1, Hidden
    in B3, is charged by G1 and wins (G1's roll fails): the melee reveals him."""
    g = hidden_t1(dice=ScriptedDice([10]))
    set_soldier(g, "G1", hex=hex_from_id("B4"))
    g.do("done", "chit green", "impulse B4")
    assert g.soldier("T1").hidden and engine.check(g.state, parse_action("melee G1 B3")) is None
    events = g.do("melee G1 B3")
    assert g.soldier("G1").killed and not g.soldier("T1").hidden
    assert HiddenChanged(soldier="T1", hidden=False, why="he fought a melee") in events


@pytest.mark.rule("§9.3")
def test_revealed_when_he_throws_a_grenade() -> None:
    g = hidden_t1(dice=SeededDice(2))
    g.do("done", "chit green", "done", "chit tan", "impulse B3")
    events = g.do("throw T1 B7")
    assert HiddenChanged(soldier="T1", hidden=False, why="he threw") in events


@pytest.mark.rule("§9.3")
def test_an_enemy_within_two_hexes_without_los_does_not_reveal_him() -> None:
    """"When an enemy soldier ends an action within 2 hexes with LOS to him": G1 in B5 is 2 hexes
    from the Hidden T1 in B3, but the hill B4 between them blocks the line (6.3.4.1)."""
    g = optional_game(MEN, ["hiding"], terrain=with_terrain(WOODS, B4="h"), dice=SeededDice(1))
    g.do("chit tan", "impulse B3", "turn T1 SE", "turn T1 S", "end", "done", "chit green", "impulse B8")
    assert g.soldier("T1").hidden
    g.do("move G1", "move G1", "move G1")  # B7, B6, B5
    assert g.soldier("G1").hex == hex_from_id("B5") and g.soldier("T1").hidden


@pytest.mark.rule("§9.3")
@pytest.mark.parametrize(("at", "revealed"), [("B5", True), ("B6", False)])
def test_a_turn_within_2_hexes_of_a_hidden_enemy_reveals_him(at: str, revealed: bool) -> None:
    """G1 turns 2 hexes from the Hidden T1, with LOS, Overwatch on too: T1 is revealed (3 hexes
    away: not)."""
    g = hidden_t1(rules=("hiding", "overwatch"))
    g.do("done", "chit green", "impulse B8")
    set_soldier(g, "G1", hex=hex_from_id(at))
    events = g.do("turn G1 NE")
    assert (HiddenChanged(soldier="T1", hidden=False, why="G1 is within 2 hexes with LOS to him") in events) is revealed
    assert g.soldier("T1").hidden is not revealed


@pytest.mark.rule("§9.3")
def test_the_hiding_hexes_are_the_maps_own_whichever_map_was_asked_last() -> None:
    """:func:`.hiding.hiding_hexes` (what :func:`.hiding.mark_hidden` asks before anything else)
    is every hex :func:`.hiding.hiding_hex` accepts, for one map after another and back."""
    from firepower_tui.rules.basic.sequence import new_game
    from firepower_tui.rules.model.types import RuleId
    from firepower_tui.rules.optional.hiding import hiding_hex, hiding_hexes
    from firepower_tui.rules.scenario.load import load_scenario

    states = [new_game(load_scenario(name), rules=[RuleId.HIDING]) for name in ("basic", "meeting", "village")]
    states.append(hidden_t1().state)
    for state in states + states[::-1]:
        gmap = state.scenario.map
        assert hiding_hexes(state) == {h for h in gmap.terrain if hiding_hex(state, h)}
