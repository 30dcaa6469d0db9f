"""The ``buildings`` rule (RULES.md §9.6) on the fixture village: doors, walls, windows, cover,
water, climbing, bunkers and building damage. The rule is not in IMPLEMENTED_RULES yet, so
the tests turn it on on the state itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from firepower_tui.rules import engine
from firepower_tui.rules.model.actions import Climb
from firepower_tui.rules.model.events.buildings import BuildingDamaged
from firepower_tui.rules.optional.buildings import damage_building, harmed_in_bunker
from firepower_tui.rules.model.dice import ScriptedDice
from firepower_tui.rules.model.events import Killed, Moved, Rolled
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.rules.board.hexgrid import Facing, hex_neighbor
from firepower_tui.rules.board.hexgrid import hex_from_id as H
from firepower_tui.rules.basic.los import los_between_soldiers, los_query
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.model.types import Posture, Status
from tests.conftest import Game, set_soldier

VILLAGE = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "scenarios" / "buildings.toml"


def village(on: bool = True, dice: object | None = None) -> Game:
    g = Game(load_scenario(VILLAGE), dice)
    if on:
        g.state = g.state.evolve(rules=g.state.rules | {"buildings"})
    return g


def place(g: Game, sid: str, hx: str, facing: str = "N", **more: object) -> None:
    set_soldier(g, sid, hex=H(hx), facing=Facing[facing], **more)


@pytest.mark.rule("§9.6")
def test_in_and_out_only_through_a_door_for_one_more_mf() -> None:
    g = village()
    g.do("chit tan", "impulse D5")
    events = g.do("move T1")  # D5 -> D4 through the door D4:S
    moved = next(e for e in events if isinstance(e, Moved))
    assert [m.label for m in moved.cost] == ["enter a hex standing", "through a doorway"]
    assert g.soldier("T1").mf_spent == 2
    g2 = village()
    g2.do("chit tan", "impulse D4")
    g2.do("turn T2 NW")
    assert "go in or out only through a door" in g2.refusal("move T2").reason
    g2.do("turn T2 N")
    assert "a window of a building" in g2.refusal("move T2").reason


@pytest.mark.rule("§9.6")
def test_without_the_rule_nothing_changes() -> None:
    g = village(on=False)
    g.do("chit tan", "impulse D4", "turn T2 NW", "move T2")
    assert g.soldier("T2").mf_spent == 2  # a plain wall-less hex: turn 1 + enter 1
    assert los_query(g.state, H("A7"), H("D7")).clear


@pytest.mark.rule("§9.6")
def test_fire_only_through_windows_and_doors_and_the_los_names_them() -> None:
    g = village()
    out = los_query(g.state, H("D4"), H("D1"))
    assert out.clear and "through window D4:N" in out.summary()
    blocked = los_query(g.state, H("D4"), H("B4"))
    assert not blocked.clear and "wall of building D4" in blocked.summary()
    assert "slit G2:S" in los_query(g.state, H("G4"), H("G1")).summary()


@pytest.mark.rule("§9.6")
def test_cover_plus_two_inside() -> None:
    g = village()
    place(g, "G1", "D2", "S")
    g.state = g.state.evolve(exposed=(("T2", 1),))  # he fired this turn: he may be targeted (§9.6)
    g.do("chit green", "impulse D2")
    from firepower_tui.rules.model.actions import Fire
    a = engine.assess(g.state, Fire(soldier="G1", targets=("T2",)))
    labels = [(m.label, m.value) for m in a.bursts[0].breakdown.modifiers]
    assert ("target in cover (building)", 2) in labels


@pytest.mark.rule("§9.6")
def test_high_wall_blocks_los_across_it_unless_beside_it() -> None:
    g = village()
    across = los_query(g.state, H("A7"), H("D7"))
    assert not across.clear and "high wall B7:NE" in across.summary()
    assert los_query(g.state, H("B7"), H("D7")).clear  # the viewer is beside the wall
    beyond = hex_neighbor(H("B7"), Facing.NE)
    assert los_query(g.state, H("A7"), beyond).clear  # the target is beside it, on the far side


@pytest.mark.rule("§9.6")
def test_climb_two_mf_d10_six_standing_and_a_failure_ends_his_impulse() -> None:
    g = village(dice=ScriptedDice([6]))
    place(g, "T1", "B7", "NE")
    g.do("chit tan", "impulse B7")
    assert "a high wall stands on B7:NE" in g.refusal("move T1").reason
    odds = engine.assess(g.state, Climb(soldier="T1"))
    assert (odds.need, odds.chance) == (6, 0.6)
    g.do("climb T1")
    assert g.soldier("T1").hex == hex_neighbor(H("B7"), Facing.NE) and g.soldier("T1").mf_spent == 2
    g = village(dice=ScriptedDice([7]))
    place(g, "T1", "B7", "NE")
    g.do("chit tan", "impulse B7", "climb T1")
    assert g.soldier("T1").hex == H("B7") and g.soldier("T1").mf_left == 0
    g = village()
    place(g, "T1", "B7", "NE", posture=Posture.CROUCH)
    g.do("chit tan", "impulse B7")
    assert "standing" in g.refusal("climb T1").reason


@pytest.mark.rule("§9.6")
def test_water_costs_one_more_no_prone_no_fire() -> None:
    g = village()
    place(g, "T1", "H6", "S")
    g.do("chit tan", "impulse H6", "move T1")
    assert g.soldier("T1").mf_spent == 2
    assert "no going Prone" in g.refusal("posture T1 prone").reason
    place(g, "G1", "H10", "N")
    assert "no fire or throw" in g.refusal("fire T1 G1").reason


@pytest.mark.rule("§9.6")
def test_bunker_occupants_are_not_harmed_by_small_arms_from_outside() -> None:
    g = village()
    place(g, "T1", "G4", "N")
    g.do("chit tan", "impulse G4")
    assert "from outside only a Molotov or satchel" in g.refusal("fire T1 G2").reason
    g2 = H("G2")
    assert harmed_in_bunker(g.state, g2, g2, H("G4"), "SAT")  # through the slit G2:S
    assert not harmed_in_bunker(g.state, g2, g2, H("G4"), "HGN")  # a plain grenade: never (R170)
    assert not harmed_in_bunker(g.state, g2, g2, hex_neighbor(g2, Facing.NE), "MOL")  # through a wall
    assert not harmed_in_bunker(g.state, g2, g2, None, "BRG")  # a barrage (R93)
    assert harmed_in_bunker(g.state, g2, g2, g2, "HGN")  # from inside: not from outside


@pytest.mark.rule("§9.6")
def test_building_damage_one_two_three_and_rubble() -> None:
    g = village()
    state, events = damage_building(g.state, H("E4"), 1)
    assert isinstance(events[0], BuildingDamaged) and events[0].effect == "no effect on its occupants"
    state, events = damage_building(state, H("D4"), 1)
    assert state.soldier("T2").status is Status.STUNNED
    state, events = damage_building(state, H("D4"), 1)
    assert state.soldier("T2").killed and any(isinstance(e, Killed) for e in events)
    assert not los_query(g.state, H("D4"), H("B4")).clear  # the wall D4:NW while it stands
    assert los_query(state, H("D4"), H("B4")).clear  # rubble: no more walls (ruling R80)
    assert los_query(state, H("E4"), H("G4")).clear
    assert damage_building(state, H("D4"), 2) == (state, [])


@pytest.mark.rule("§9.6")
def test_bunker_absorbs_five_and_the_sixth_destroys_it() -> None:
    g = village()
    state, _ = damage_building(g.state, H("G2"), 5)
    assert not state.soldier("G2").killed
    state, events = damage_building(state, H("G2"), 1)
    assert state.soldier("G2").killed


@pytest.mark.rule("§9.6")
def test_a_building_destroyed_with_nobody_in_it_opens_the_los_of_the_men_around_it() -> None:
    """The LOS kept for a pair of soldiers (los_between_soldiers' memo, per soldiers tuple) is not
    kept across damage that changes no soldier: an empty house destroyed (a barrage at a chit)
    is rubble for the next LOS at once (ruling R80)."""
    g = village()
    place(g, "T2", "A9")  # (out of the house: its destruction changes no soldier)
    place(g, "T1", "C4")
    place(g, "G1", "F4")
    before = g.state
    assert not los_between_soldiers(before, "T1", "G1").clear  # C4 -> F4 through the house's walls
    after, _ = damage_building(before, H("D4"), 3)
    assert after.soldiers == before.soldiers
    assert los_between_soldiers(after, "T1", "G1").clear


# --- a bunker's occupants and blasts (§9.6 with §9.5; ruling R170) -----------------------------

def bunker_attack(*items: str, dice: list[int]) -> Game:
    """The village with special weapons on; T1, issued ``items``, stands in G4 facing the bunker
    G2 (its slit G2:S between them, G3 the open hex outside it); G2 is inside."""
    from firepower_tui.rules.model.special_types import SpecialState

    g = village(dice=ScriptedDice(dice))
    g.state = g.state.evolve(rules=g.state.rules | {"special_weapons"},
                             special=SpecialState(bought=tuple(sorted((("T1", i, 1) for i in items)))))
    place(g, "T1", "G4", "N")
    g.do("chit tan", "impulse G4")
    return g


def blast_rolls_for(events: list[object], sid: str) -> list[Rolled]:
    """The blast rolls (grenade, satchel, Molotov, barrage) made for ``sid``."""
    words = ("blast:", "satchel:", "molotov:", "barrage:")
    return [e for e in events if isinstance(e, Rolled) and e.purpose.startswith(words)
            and e.purpose.split(": ", 1)[1].startswith(f"{sid} in ")]


@pytest.mark.rule("§9.6")
def test_a_hand_grenade_through_a_slit_does_not_harm_the_bunker_men() -> None:
    """"Occupants cannot be harmed from outside except by a Molotov or satchel thrown through a
    slit": a plain grenade thrown in through the slit G2:S lands and explodes, and nobody in the
    bunker rolls for it."""
    g = bunker_attack(dice=[1, 1, 1])
    odds = engine.assess(g.state, parse_action("throw T1 G2"))
    assert odds.explosions["G2"] > 0 and "G2" not in {r.soldier for r in odds.risks}
    events = g.do("throw T1 G2")
    assert not blast_rolls_for(events, "G2")
    assert not g.soldier("G2").killed and g.soldier("G2").status is Status.OK


@pytest.mark.rule("§9.6")
def test_a_grenade_beside_a_bunker_rolls_for_nobody_inside() -> None:
    """The blast in the open hex outside the slit reaches the bunker's hex in its ring; the men
    inside cannot be harmed by it, so no die is rolled for them (R170)."""
    g = bunker_attack(dice=[1, 9, 9, 9])
    place(g, "T1", "G5", "N")
    events = g.do("throw T1 G3")
    assert not blast_rolls_for(events, "G2") and not g.soldier("G2").killed


@pytest.mark.rule("§9.6")
def test_a_satchel_through_the_slit_harms_the_bunker_men() -> None:
    g = bunker_attack("satchel", dice=[1, 1, 9, 9, 9])
    place(g, "T1", "G3", "N")  # beside the slit G2:S
    odds = engine.assess(g.state, parse_action("satchel T1 G2"))
    assert "G2" in {r.soldier for r in odds.risks}
    events = g.do("satchel T1 G2")
    assert [r.die for r in blast_rolls_for(events, "G2")] == [1] and g.soldier("G2").killed


@pytest.mark.rule("§9.6")
def test_a_molotov_through_the_slit_harms_the_bunker_men() -> None:
    g = bunker_attack("molotov", dice=[1, 1])
    events = g.do("molotov T1 G2")
    rolls = blast_rolls_for(events, "G2")
    assert [r.die for r in rolls] == [1] and g.soldier("G2").killed
    assert [m.label for m in rolls[0].modifiers] == ["molotov hex"]  # §9.5: building protection counts 0


@pytest.mark.rule("§9.6")
def test_a_satchel_in_the_open_hex_outside_the_slit_does_not_harm_them() -> None:
    """Ruling R170: the charge must go in through the slit; placed in G3, outside it, its ring
    reaches G2 but the bunker holds (as it does outside a wall without a slit)."""
    g = bunker_attack("satchel", dice=[1, 9, 9, 9])
    assert not harmed_in_bunker(g.state, H("G2"), H("G3"), H("G4"), "SAT")  # outside the slit
    assert harmed_in_bunker(g.state, H("G2"), H("G2"), H("G4"), "SAT")  # a spread into G2 went in through it
    events = g.do("satchel T1 G3")
    assert not blast_rolls_for(events, "G2") and g.soldier("G2").status is Status.OK


@pytest.mark.rule("§9.6")
def test_a_barrage_on_the_bunker_damages_it_and_harms_nobody_inside() -> None:
    """A barrage is no Molotov or satchel through a slit: 1 damage to the bunker, no roll for
    its men (ruling R93)."""
    from firepower_tui.rules.optional.special_barrage import land
    from firepower_tui.rules.model.special_types import Barrage

    g = bunker_attack(dice=[])
    state, events = land(g.state, Barrage(side="tan", soldier="T1", hex=H("G3")), ScriptedDice([1, 1, 1, 1]))
    damaged = [(e.building, e.amount) for e in events if isinstance(e, BuildingDamaged)]
    assert damaged == [("bunker G2", 1)]  # the spread roll 1: just beyond G3, G2; a barrage deals 1 (§9.5)
    assert not blast_rolls_for(events, "G2") and not state.soldier("G2").killed


@pytest.mark.rule("§9.6")
def test_leaving_through_the_door_costs_one_more_mf_too() -> None:
    g = village()
    place(g, "T2", "D4", "S")
    g.do("chit tan", "impulse D4", "move T2")  # D4 -> D5 through the door D4:S
    assert g.soldier("T2").hex == H("D5") and g.soldier("T2").mf_spent == 2


@pytest.mark.rule("§9.6")
def test_a_throw_or_a_melee_exposes_a_man_inside_as_a_fire_does() -> None:
    """"Only if he fired, threw or meleed since the start of the previous turn": T2 in the house
    throws out of its window; G1 may then name him (after a spot). A melee exposes its men too."""
    from firepower_tui.rules.model.events import MeleeFought
    from firepower_tui.rules.optional.spotting import exposed, note_combat

    g = village(dice=ScriptedDice([1, 9, 9, 9, 9]))
    g.do("chit tan", "impulse D4", "throw T2 D2")
    assert exposed(g.state, "T2")
    g.do("end", "done", "chit green", "impulse D1")
    assert engine.check(g.state, parse_action("fire G1 T2")) is None
    melee = MeleeFought(hex=H("D4"), attackers=("G1",), defenders=("T2",), winner="defenders")
    noted = note_combat(village().state, [melee], None)
    assert exposed(noted, "T2") and exposed(noted, "G1")  # attackers and defenders alike (R78)


@pytest.mark.rule("§9.6")
def test_the_sixth_damage_turns_the_bunker_into_rubble() -> None:
    from firepower_tui.rules.optional.buildings import map_in_play
    from firepower_tui.rules.board.terrain import Terrain

    g = village()
    state, _ = damage_building(g.state, H("G2"), 5)
    assert map_in_play(state).terrain[H("G2")] is Terrain.OPEN and not state.soldier("G2").killed
    state, _ = damage_building(state, H("G2"), 1)
    ruined = map_in_play(state)
    assert ruined.terrain[H("G2")] is Terrain.ROUGH and H("G2") in ruined.features.rubble  # type: ignore[union-attr]


@pytest.mark.rule("§9.6")
def test_no_throw_from_water_either() -> None:
    g = village()
    place(g, "T1", "H7", "N")
    g.do("chit tan", "impulse H7")
    r = g.refusal("throw T1 H4")
    assert r.rule == "§9.6" and "no fire or throw" in r.reason


@pytest.mark.rule("§9.6")
def test_a_high_wall_blocks_a_line_run_along_it() -> None:
    """"Walls block LOS along their hexside for soldiers not adjacent to them" (ruling R73): the
    line from C6 to the hex two up and right runs exactly along the hexside between two of C6's
    neighbours (A17); a high wall there blocks it, for neither end is in the wall's hexes."""
    from firepower_tui.rules.board.hexgrid import Hex, direction_between, hex_add, hex_to_id
    from tests.conftest import FIELD, make_scenario

    o = H("C6")
    a, b, far = hex_add(o, Hex(0, -1)), hex_add(o, Hex(1, -1)), hex_add(o, Hex(1, -2))
    side = direction_between(a, b)
    assert side is not None
    men = ["T9 tan RFL J1 S", "G9 green RFL J10 N"]
    wall = f'rules = ["buildings"]\n[[walls]]\nhexsides = ["{hex_to_id(a)}:{side.name}"]\n'
    walled = make_scenario(FIELD, men, extra=wall)
    assert not los_query(Game(walled).state, o, far).clear
    assert los_query(Game(make_scenario(FIELD, men)).state, o, far).clear


@pytest.mark.rule("§9.6")
def test_a_melee_goes_into_a_building_only_through_a_door() -> None:
    """"Enter or leave only through a door hexside": a melee is an entry (the winners go in,
    6.5.3), so it crosses a door, not a wall, window or slit (ruling R173); the doorway's +1 MF
    counts in its cost."""
    from firepower_tui.rules.board.hexgrid import direction_between

    g = village()
    wall = direction_between(H("C4"), H("D4"))
    assert wall is not None
    place(g, "G1", "C4", wall.name)
    g.do("chit green", "impulse C4")
    r = g.refusal("melee G1 D4")
    assert r.rule == "§9.6" and "only through a door" in r.reason
    g = village()
    place(g, "T1", "J1", "N")
    place(g, "G1", "D5", "N")  # the door D4:S
    g.do("chit green", "impulse D5")
    assert engine.check(g.state, parse_action("melee G1 D4")) is None
    set_soldier(g, "G1", mf_spent=2)  # enter 1 + doorway 1 + melee 1 = 3 > 2
    assert "needs 3 MF" in g.refusal("melee G1 D4").reason
    g = village()
    place(g, "T1", "G3", "N")  # the slit G2:S
    g.do("chit tan", "impulse G3")
    assert g.refusal("melee T1 G2").rule == "§9.6"
    g = village()
    place(g, "T1", "G1", "S")  # the bunker's door G2:N: they go in and fight inside
    g.do("chit tan", "impulse G1")
    assert engine.check(g.state, parse_action("melee T1 G2")) is None


@pytest.mark.rule("§9.6")
def test_a_defender_falls_back_out_of_a_building_only_through_a_door() -> None:
    """§9.7's fall back is leaving the hex: T2 in the house D4, charged through its door from D5,
    would step back to D3 across the window D4:N: he cannot, and holds (ruling R173)."""
    g = village()
    g.state = g.state.evolve(rules=g.state.rules | {"melee_reactions"})
    place(g, "T1", "J1", "N")
    place(g, "G1", "D5", "N")
    g.do("chit green", "impulse D5", "melee G1 D4")
    assert g.state.pending is not None
    r = g.refusal("fall-back")
    assert r.rule == "§9.7" and "T2" in r.reason and "window" in r.reason


@pytest.mark.rule("§9.6")
def test_a_man_in_water_cannot_hit_the_dirt() -> None:
    """"A soldier in water may not go Prone": not by §9.2's dive either (ruling R174); the fire at
    him goes ahead as declared, at a Standing man."""
    g = village(dice=ScriptedDice([9, 9, 9]))
    g.state = g.state.evolve(rules=g.state.rules | {"hit_the_dirt"})
    place(g, "T1", "H7", "N")
    place(g, "G1", "H4", "S")
    g.do("chit green", "impulse H4")
    events = g.do("fire G1 T1")
    assert g.state.pending is None and g.soldier("T1").posture is Posture.STAND
    assert sum(isinstance(e, Rolled) for e in events) == 3
