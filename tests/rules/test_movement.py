"""Movement factors (RULES.md §3, 6.2): costs, refusals and the worked examples 6.2.7.x."""

from __future__ import annotations

import pytest

from firepower_tui.rules.board.hexgrid import Facing, hex_from_id
from firepower_tui.rules.model.types import Posture, Status
from tests.conftest import OPEN_8, Game, make_scenario, set_soldier

HILLS = """
........
........
...h....
...h....
........
..dd....
..hd....
........
"""


def game_with(*soldiers: str, terrain: str = OPEN_8, fences: str = "", hedges: str = "") -> Game:
    g = Game(make_scenario(terrain, soldiers, fences=fences, hedges=hedges))
    g.do("chit tan")
    return g


def mf_left(g: Game, sid: str) -> int:
    return g.state.mf_left(g.soldier(sid))


# --- the chart, §3.2 ---------------------------------------------------------------------

@pytest.mark.rule("6.2.1")
@pytest.mark.parametrize(("posture", "cost"), [("stand", 1), ("crouch", 2), ("prone", 3)])
def test_entry_cost_by_posture(posture: str, cost: int) -> None:
    """Entering a new hex costs 1 standing, 2 crouching, 3 prone."""
    g = game_with(f"T1 tan RFL D5 N {posture}", "G1 green RFL H8 N")
    events = g.do("impulse D5", "move T1 D4")
    moved = events[-1]
    assert g.soldier("T1").hex == hex_from_id("D4")
    assert [(m.value, m.rule) for m in moved.cost] == [(cost, "6.2.1")]
    assert mf_left(g, "T1") == 4 - cost


@pytest.mark.rule("6.2.4")
@pytest.mark.parametrize(("start", "end", "cost", "rule"), [
    ("stand", "prone", 1, "6.2.4, A1"), ("prone", "stand", 2, "6.2.4, A1"),
    ("stand", "crouch", 1, "6.2.4, A2"), ("crouch", "stand", 1, "6.2.4, A2"),
    ("crouch", "prone", 1, "6.2.4, A2"), ("prone", "crouch", 1, "6.2.4, A2"),
])
def test_posture_costs(start: str, end: str, cost: int, rule: str) -> None:
    g = game_with(f"T1 tan RFL D5 N {start}", "G1 green RFL H8 N")
    (event,) = g.do("impulse D5", f"posture T1 {end}")[1:]
    assert g.soldier("T1").posture == Posture(end)
    assert [(m.value, m.rule) for m in event.cost] == [(cost, rule)]
    assert mf_left(g, "T1") == 4 - cost


@pytest.mark.rule("6.2.2")
@pytest.mark.parametrize("facing", ["NE", "SE", "S"])
def test_any_turn_costs_one(facing: str) -> None:
    """Turning one, two or three hexsides costs 1 MF."""
    g = game_with("T1 tan RFL D5 N", "G1 green RFL H8 N")
    g.do("impulse D5", f"turn T1 {facing}")
    assert g.soldier("T1").facing == Facing[facing]
    assert mf_left(g, "T1") == 3


@pytest.mark.rule("6.2.2")
def test_turn_to_same_facing_refused() -> None:
    g = game_with("T1 tan RFL D5 N", "G1 green RFL H8 N")
    g.do("impulse D5")
    r = g.refusal("turn T1 N")
    assert (r.reason, r.rule) == ("T1 already faces N", "6.2.2")


# --- worked examples, 6.2.7 ----------------------------------------------------------------

@pytest.mark.rule("6.2.7.1")
def test_worked_example_prone_stand_turn_enter() -> None:
    """Prone: stand up (2) + turn two hexsides (1) + enter one hex (1) = 4 MF."""
    g = game_with("T1 tan RFL D5 N prone", "G1 green RFL H8 N")
    g.do("impulse D5", "posture T1 stand")
    assert mf_left(g, "T1") == 2
    g.do("turn T1 SE")
    assert mf_left(g, "T1") == 1
    g.do("move T1")
    assert mf_left(g, "T1") == 0
    assert g.soldier("T1").hex == hex_from_id("E6")  # D is an odd column (shoved down): D5 SE is E6
    r = g.refusal("turn T1 N")
    assert (r.rule, r.reason) == ("6.2.8", "T1 needs 1 MF to turn to N (1 turn 1-3 hexsides) but has 0 left")


@pytest.mark.rule("6.2.7.2")
def test_worked_example_over_the_hill() -> None:
    """Standing: cross up (1) + enter hill (1) + cross down (1) + enter next hex (1) = 4 MF."""
    hill = "\n".join(["........", "........", "........", "...h....", "........", "........", "........", "........"])
    g = game_with("T1 tan RFL D5 N", "G1 green RFL H8 N", terrain=hill)
    up = g.do("impulse D5", "move T1 D4")[-1]
    assert [(m.label, m.value, m.rule) for m in up.cost] == [
        ("enter a hex standing", 1, "6.2.1"), ("cross a hill hexside up", 1, "6.2.3")]
    down = g.do("move T1 D3")[-1]
    assert [(m.label, m.value) for m in down.cost] == [("enter a hex standing", 1), ("cross a hill hexside down", 1)]
    assert mf_left(g, "T1") == 0


@pytest.mark.rule("6.2.7.3")
def test_worked_example_two_men_one_impulse() -> None:
    """Two men of one hex act in one impulse, interleaved: A goes prone, B moves, A turns (6.6)."""
    g = game_with("T1 tan RFL D5 N", "T2 tan RFL D5 N", "G1 green RFL H8 N")
    g.do("impulse D5", "posture T1 prone", "move T2", "turn T1 S")
    assert g.soldier("T2").hex == hex_from_id("D4")
    assert (mf_left(g, "T1"), mf_left(g, "T2")) == (2, 3)


# --- hexside levels, §3.6 -------------------------------------------------------------------

@pytest.mark.rule("§3.6")
def test_hill_to_hill_costs_no_crossing() -> None:
    g = game_with("T1 tan RFL D4 N", "G1 green RFL H8 N", terrain=HILLS)
    cost = g.do("impulse D4", "move T1 D3")[-1].cost
    assert [m.value for m in cost] == [1]


@pytest.mark.rule("§3.6")
def test_depression_hexsides_cost_one() -> None:
    g = game_with("T1 tan RFL C5 S", "G1 green RFL H8 N", terrain=HILLS)
    into = g.do("impulse C5", "move T1 C6")[-1].cost
    assert [(m.label, m.value) for m in into] == [("enter a hex standing", 1), ("cross a depression hexside down", 1)]


@pytest.mark.rule("A35")
def test_depression_to_hill_is_one_crossing() -> None:
    g = game_with("T1 tan RFL C6 S", "G1 green RFL H8 N", terrain=HILLS)
    cost = g.do("impulse C6", "move T1 C7")[-1].cost
    assert [(m.label, m.value, m.rule) for m in cost] == [
        ("enter a hex standing", 1, "6.2.1"), ("cross a hill/depression hexside (A35)", 1, "6.2.3")]


# --- Running, suppression, stun --------------------------------------------------------------

@pytest.mark.rule("6.2.1")
def test_running_after_four_entries() -> None:
    g = game_with("T1 tan RFL D6 N", "G1 green RFL H8 N")
    g.do("impulse D6", "move T1", "move T1", "move T1")
    assert not g.soldier("T1").running
    events = g.do("move T1")
    assert g.soldier("T1").running
    assert events[-1].event == "running" and events[-1].rule == "6.2.1"


@pytest.mark.rule("6.1.1")
def test_running_removed_when_own_chit_drawn() -> None:
    g = game_with("T1 tan RFL D6 N", "G1 green RFL H8 N")
    g.do("impulse D6", "move T1", "move T1", "move T1", "move T1", "done", "chit green", "done")
    assert g.soldier("T1").running  # the enemy's chit leaves it
    events = g.do("chit tan")
    assert not g.soldier("T1").running
    assert any(e.event == "running" and e.rule == "6.1.1" for e in events)


@pytest.mark.rule("6.2.8")
def test_suppressed_has_three_mf() -> None:
    g = game_with("T1 tan RFL D6 N", "G1 green RFL H8 N")
    set_soldier(g, "T1", status=Status.SUPPRESSED)
    g.do("impulse D6")
    assert mf_left(g, "T1") == 3
    g.do("move T1", "move T1", "move T1")
    r = g.refusal("move T1")
    assert r.rule == "6.2.8"
    assert r.reason == "T1 needs 1 MF to enter D2 (1 enter a hex standing) but has 0 left"
    assert not g.soldier("T1").running


@pytest.mark.rule("6.4.4")
def test_stunned_spends_nothing() -> None:
    g = game_with("T1 tan RFL D6 N", "T2 tan RFL D6 N", "G1 green RFL H8 N")
    set_soldier(g, "T1", status=Status.STUNNED, posture=Posture.PRONE)
    g.do("impulse D6")
    r = g.refusal("posture T1 stand")
    assert (r.reason, r.rule) == ("T1 is Stunned and may spend no MF", "6.4.4")
    g.do("move T2")


@pytest.mark.rule("6.4.4")
def test_hex_of_only_stunned_men_cannot_start_an_impulse() -> None:
    g = game_with("T1 tan RFL D6 N", "T2 tan RFL B2 N", "G1 green RFL H8 N")
    set_soldier(g, "T1", status=Status.STUNNED)
    r = g.refusal("impulse D6")
    assert (r.rule, r.reason) == ("6.4.4", "every soldier in D6 is Stunned and may spend no MF")


# --- entering: front only, enemies, the map edge ---------------------------------------------

@pytest.mark.rule("6.2.1")
def test_only_the_front_hex() -> None:
    g = game_with("T1 tan RFL D5 N", "G1 green RFL H8 N")
    g.do("impulse D5")
    r = g.refusal("move T1 E5")
    assert r.rule == "6.2.1"
    assert r.reason == "T1 faces N: E5 is not the hex in front of him (D4); turn first"


@pytest.mark.rule("6.2.1")
def test_enemy_hex_only_by_melee() -> None:
    g = game_with("T1 tan RFL D5 N", "G1 green RFL D4 S")
    g.do("impulse D5")
    r = g.refusal("move T1")
    assert (r.rule, r.reason) == ("6.2.1", "D4 holds enemy soldiers: enter it only by melee (melee T1 D4)")


@pytest.mark.rule("6.2.1")
def test_friendly_hex_may_be_entered() -> None:
    g = game_with("T1 tan RFL D5 N", "T2 tan RFL D4 S", "G1 green RFL H8 N")
    g.do("impulse D5", "move T1")
    assert g.soldier("T1").hex == g.soldier("T2").hex


@pytest.mark.rule("6.2.1")
def test_map_edge() -> None:
    g = game_with("T1 tan RFL D1 N", "G1 green RFL H8 N")
    g.do("impulse D1")
    r = g.refusal("move T1")
    assert (r.rule, r.reason) == ("6.2.1", "the hex in front of T1 is off the map")


# --- fences and hedges inside hexes, §3.6 --------------------------------------------------------

FENCE = '{ hex = "D4", axis = "E-W" }'


@pytest.mark.rule("6.2.3")
def test_fence_entered_on_near_half_then_cross() -> None:
    """Entering D4 from the south puts him on its S half; leaving north needs a crossing (1 MF)."""
    g = game_with("T1 tan RFL D5 N", "G1 green RFL H8 N", fences=FENCE)
    g.do("impulse D5", "move T1")
    assert g.soldier("T1").fence_side == "S"
    r = g.refusal("move T1")
    assert (r.rule, r.reason) == ("6.2.3", "T1 is on the S side of the fence in D4; his front hexside is on the "
                                           "other side: cross first (cross T1, 1 MF)")
    crossed = g.do("cross T1")[-1]
    assert g.soldier("T1").fence_side == "N"
    assert [(m.value, m.rule) for m in crossed.cost] == [(1, "6.2.3")]
    g.do("move T1")
    assert g.soldier("T1").hex == hex_from_id("D3")
    assert g.soldier("T1").fence_side is None
    assert mf_left(g, "T1") == 1


@pytest.mark.rule("6.2.3")
def test_fence_same_half_needs_no_crossing() -> None:
    """Entering from the S and turning to leave by the SE hexside stays on the S half."""
    g = game_with("T1 tan RFL D5 N", "G1 green RFL H8 N", fences=FENCE)
    g.do("impulse D5", "move T1", "turn T1 SE", "move T1")
    assert g.soldier("T1").hex == hex_from_id("E5")  # D4 SE is E5 (odd column)


@pytest.mark.rule("6.2.3")
def test_hedge_crossing() -> None:
    g = game_with("T1 tan RFL D5 N", "G1 green RFL H8 N", hedges='{ hex = "D4", axis = "NW-SE" }')
    g.do("impulse D5", "move T1")
    assert g.soldier("T1").fence_side == "SW"
    event = g.do("cross T1")[-1]
    assert event.line == "hedge" and event.fence_side == "NE"


@pytest.mark.rule("6.2.3")
def test_cross_without_a_line_refused() -> None:
    g = game_with("T1 tan RFL D5 N", "G1 green RFL H8 N")
    g.do("impulse D5")
    r = g.refusal("cross T1")
    assert (r.rule, r.reason) == ("6.2.3", "there is no fence or hedge in D5")


@pytest.mark.rule("6.2.3")
def test_scenario_fence_side_default_is_behind_him() -> None:
    g = game_with("T1 tan RFL D4 N", "G1 green RFL H8 N", fences=FENCE)
    assert g.soldier("T1").fence_side == "S"


# --- refusals change nothing --------------------------------------------------------------------

def test_refused_action_changes_nothing() -> None:
    g = game_with("T1 tan RFL D5 N", "G1 green RFL D4 S")
    g.do("impulse D5")
    before = g.state
    from firepower_tui.rules import engine
    from firepower_tui.rules.model.errors import IllegalActionError
    from firepower_tui.rules.engine.notation import parse_action

    with pytest.raises(IllegalActionError):
        engine.apply(g.state, parse_action("move T1"), g.dice)
    assert g.state == before
