"""Line of sight (RULES.md 4.4): each rule, hexside grazes and corners (A17), decided exactly."""

from __future__ import annotations

import pytest

from firepower_tui.rules.board.hexgrid import Hex, hex_add, hex_from_id, hex_to_id
from firepower_tui.rules.basic.los import LosNoteKind, line_of_sight, los_between_soldiers, los_query
from firepower_tui.rules.model.types import Posture
from tests.conftest import FIELD, Game, make_scenario, with_terrain

O = hex_from_id("C6")


def rel(dq: int, dr: int) -> str:
    return hex_to_id(hex_add(O, Hex(dq, dr)))


SPINE_TARGET = rel(1, -2)          # the line runs exactly along the hexside between these two:
SPINE_SIDES = (rel(0, -1), rel(1, -1))
CORNER_TARGET = rel(1, 4)          # the line passes exactly through corners of these two:
CORNER_HEXES = (rel(1, 1), rel(0, 3))


def los(terrain: str, *soldiers: str, fences: str = "", hedges: str = "", a: str = "B2", b: str = "B8"):  # noqa: ANN201
    g = Game(make_scenario(terrain, soldiers or ("T9 tan RFL J1 S", "G9 green RFL J10 N"), fences=fences,
                           hedges=hedges))
    return los_query(g.state, hex_from_id(a), hex_from_id(b))


HILL, FENCE, OWN_FENCE, FRIENDLY = (("6.3.4.1", LosNoteKind.HILL), ("6.3.4.2", LosNoteKind.FENCE),
                                   ("6.3.4.2", LosNoteKind.OWN_HEX_FENCE), ("6.3.4.3", LosNoteKind.FRIENDLY))
"""Each blocker: its rule and its kind (two kinds share 6.3.4.2)."""


def blockers(result) -> list[tuple[str, LosNoteKind]]:  # noqa: ANN001
    return [(n.rule, n.kind) for n in result.blocked_by]


# --- 1. hills ---------------------------------------------------------------------------------

@pytest.mark.rule("6.3.4.1")
def test_hill_between_blocks() -> None:
    r = los(with_terrain(FIELD, B5="h"))
    assert not r.clear and blockers(r) == [HILL] and r.blocked_by[0].hex == hex_from_id("B5")


@pytest.mark.rule("A20")
def test_hill_at_an_end_does_not_block() -> None:
    assert los(with_terrain(FIELD, B5="h", B2="h")).clear
    assert los(with_terrain(FIELD, B5="h", B8="h")).clear


@pytest.mark.rule("A17")
@pytest.mark.parametrize("side", SPINE_SIDES)
def test_hill_hexside_graze_blocks(side: str) -> None:
    """A LOS along the hexside between two hexes touches both; a hill in either blocks."""
    r = los(with_terrain(FIELD, **{side: "h"}), a="C6", b=SPINE_TARGET)
    assert blockers(r) == [HILL] and "hexside" in r.blocked_by[0].what


@pytest.mark.rule("A17")
@pytest.mark.parametrize("corner", CORNER_HEXES)
def test_hill_corner_touch_blocks(corner: str) -> None:
    r = los(with_terrain(FIELD, **{corner: "h"}), a="C6", b=CORNER_TARGET)
    assert blockers(r) == [HILL] and "corner" in r.blocked_by[0].what


# --- 2. fences with a Prone end -----------------------------------------------------------------

FENCE_B5 = '{ hex = "B5", axis = "E-W" }'


@pytest.mark.rule("6.3.4.2")
@pytest.mark.parametrize(("firer", "target", "blocked"), [
    ("stand", "stand", False), ("prone", "stand", True), ("stand", "prone", True), ("crouch", "crouch", False)])
def test_fence_blocks_only_with_a_prone_end(firer: str, target: str, blocked: bool) -> None:
    g = Game(make_scenario(FIELD, [f"T1 tan RFL B2 S {firer}", f"G1 green RFL B8 N {target}"], fences=FENCE_B5))
    r = los_between_soldiers(g.state, "T1", "G1")
    assert (not r.clear) == blocked
    if blocked:
        assert blockers(r) == [FENCE]


@pytest.mark.rule("6.3.4.2")
def test_fence_not_crossed_when_line_grazes_its_hex() -> None:
    """Only the drawn line counts: a LOS along the fence hex's hexside does not cross its axis."""
    side = SPINE_SIDES[0]
    g = Game(make_scenario(FIELD, ["T1 tan RFL C6 NE prone", f"G1 green RFL {SPINE_TARGET} S"],
                           fences=f'{{ hex = "{side}", axis = "E-W" }}'))
    assert los_between_soldiers(g.state, "T1", "G1").clear


@pytest.mark.rule("6.3.4.2")
@pytest.mark.parametrize(("half", "blocked"), [("N", True), ("S", False)])
def test_fence_in_the_firers_own_hex(half: str, blocked: bool) -> None:
    """Firer prone on the N half of an E-W fence, target to the south: the fence is between."""
    g = Game(make_scenario(FIELD, [f"T1 tan RFL B2 S prone {half}", "G1 green RFL B8 N"],
                           fences='{ hex = "B2", axis = "E-W" }'))
    assert blockers(los_between_soldiers(g.state, "T1", "G1")) == ([OWN_FENCE] if blocked else [])


# --- 3. friendly soldiers ------------------------------------------------------------------------

@pytest.mark.rule("6.3.4.3")
@pytest.mark.parametrize(("firer", "friend", "blocked"), [
    ("stand", "stand", True), ("stand", "crouch", False), ("crouch", "stand", True),
    ("prone", "prone", True), ("stand", "prone", False)])
def test_friendly_blocks_by_posture(firer: str, friend: str, blocked: bool) -> None:
    g = Game(make_scenario(FIELD, [f"T1 tan RFL B2 S {firer}", f"T2 tan RFL B5 S {friend}", "G1 green RFL B8 N"]))
    r = los_between_soldiers(g.state, "T1", "G1")
    assert (not r.clear) == blocked
    if blocked:
        assert blockers(r) == [FRIENDLY]


@pytest.mark.rule("6.3.4.3")
def test_friendly_on_another_level_does_not_block() -> None:
    g = Game(make_scenario(with_terrain(FIELD, B5="d"), ["T1 tan RFL B2 S", "T2 tan RFL B5 S", "G1 green RFL B8 N"]))
    assert los_between_soldiers(g.state, "T1", "G1").clear


@pytest.mark.rule("6.3.4.3")
def test_enemies_never_block() -> None:
    g = Game(make_scenario(FIELD, ["T1 tan RFL B2 S", "G2 green RFL B5 S", "G1 green RFL B8 N"]))
    assert los_between_soldiers(g.state, "T1", "G1").clear


@pytest.mark.rule("A32")
def test_target_posture_irrelevant_to_friendly_blocking() -> None:
    g = Game(make_scenario(FIELD, ["T1 tan RFL B2 S", "T2 tan RFL B5 S", "G1 green RFL B8 N prone"]))
    assert blockers(los_between_soldiers(g.state, "T1", "G1")) == [FRIENDLY]


@pytest.mark.rule("6.3.4.3")
@pytest.mark.parametrize("side", SPINE_SIDES)
def test_friendly_on_a_grazed_hexside_blocks(side: str) -> None:
    g = Game(make_scenario(FIELD, ["T1 tan RFL C6 NE", f"T2 tan RFL {side} S", f"G1 green RFL {SPINE_TARGET} S"]))
    assert blockers(los_between_soldiers(g.state, "T1", "G1")) == [FRIENDLY]


# --- 4. hindrances ------------------------------------------------------------------------------

@pytest.mark.rule("6.3.6.2.5")
def test_each_tree_hex_hinders() -> None:
    r = los(with_terrain(FIELD, B4="t", B6="t"))
    assert r.clear and [(n.rule, n.kind) for n in r.hindrances] == [("6.3.6.2.5", LosNoteKind.TREES)] * 2


@pytest.mark.rule("6.3.6.2.5")
def test_trees_on_both_sides_of_a_grazed_hexside_count_each() -> None:
    r = los(with_terrain(FIELD, **{SPINE_SIDES[0]: "t", SPINE_SIDES[1]: "t"}), a="C6", b=SPINE_TARGET)
    assert r.clear and len(r.hindrances) == 2


@pytest.mark.rule("6.3.6.2.5")
def test_trees_in_the_end_hexes_do_not_hinder() -> None:
    assert los(with_terrain(FIELD, B2="t", B8="t")).hindrances == ()


@pytest.mark.rule("6.3.6.2.5")
def test_hedge_hinders_only_when_crossed() -> None:
    crossed = los(FIELD, hedges='{ hex = "B5", axis = "E-W" }')
    assert [(n.kind, n.what) for n in crossed.hindrances] == [(LosNoteKind.HEDGE, "hedge")]
    grazed = los(FIELD, hedges=f'{{ hex = "{SPINE_SIDES[0]}", axis = "E-W" }}', a="C6", b=SPINE_TARGET)
    assert grazed.hindrances == ()


@pytest.mark.rule("A18")
def test_depressions_do_not_block() -> None:
    assert los(with_terrain(FIELD, B5="d", B4="d")).clear


def test_line_of_sight_direct_call() -> None:
    g = Game(make_scenario(with_terrain(FIELD, B5="h"), ["T1 tan RFL J1 S", "G1 green RFL J10 N"]))
    r = line_of_sight(g.state, hex_from_id("B2"), hex_from_id("B8"), viewer_side=None, viewer_posture=Posture.STAND)
    assert r.summary() == "blocked by hill (crossed) in B5 [6.3.4.1]"


@pytest.mark.rule("6.3.4.1")
@pytest.mark.parametrize("line", ["fire T1 G1", "throw T1 B8"])
def test_a_refusal_for_a_blocked_line_cites_its_rule_once(line: str) -> None:
    """The refusal shows its rule beside its text ("... blocked by hill (crossed) in B5
    [6.3.4.1]" was followed by the refusal's own "[6.3.4.1]"): the reason names the blocker and
    leaves the rule to the refusal."""
    from firepower_tui.rules import engine
    from firepower_tui.rules.engine.notation import parse_action

    g = Game(make_scenario(with_terrain(FIELD, B5="h"), ["T1 tan RFL B4 S", "G1 green RFL B8 N"]))
    g.do("chit tan")
    g.do("impulse B4")
    refusal = engine.check(g.state, parse_action(line))
    assert refusal is not None and refusal.rule == "6.3.4.1"
    assert "hill (crossed) in B5" in refusal.reason and "[6.3.4.1]" not in refusal.reason
