"""Hand grenades (RULES.md 4.10, 6.3.6.3.2, 6.4.2): throw, spread, dud, blast, stun, suppression, odds."""

from __future__ import annotations

import pytest

from firepower_tui.rules import engine
from firepower_tui.rules.basic.grenades import blast_breakdown
from firepower_tui.rules.board.spread import entry_hexsides, spread_hex
from firepower_tui.rules.board.hexgrid import Facing, Hex, hex_add, hex_from_id, hex_neighbor, hex_to_id
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.rules.model.types import GrenadeOutcome, Posture, RollOutcome, Status
from tests.conftest import FIELD, Game, enumerate_runs, make_scenario, set_soldier, with_terrain


def throw_game(*soldiers: str, terrain: str = FIELD, dice: list[int] | None = None, fences: str = "") -> Game:
    from firepower_tui.rules.model.dice import ScriptedDice

    g = Game(make_scenario(terrain, soldiers, fences=fences), ScriptedDice(dice or []))
    g.do("chit tan")
    return g


# --- the spread diagram, 4.10.4 -------------------------------------------------------------------

X = hex_from_id("E5")


def n(h: Hex, *dirs: Facing) -> str:
    for d in dirs:
        h = hex_neighbor(h, d)
    return hex_to_id(h)


@pytest.mark.rule("4.10.4")
def test_all_ten_spread_results_thrower_to_the_south() -> None:
    """B = S (the LOS enters X from below): 1 beyond, 2-3 right, 4 short, 5 short left, 6 beyond left,
    7-8 two beyond, 9-10 two short."""
    S, N_, NE, SE, SW, NW = Facing.S, Facing.N, Facing.NE, Facing.SE, Facing.SW, Facing.NW
    expected = {1: n(X, N_), 2: n(X, NE), 3: n(X, SE), 4: n(X, S), 5: n(X, SW), 6: n(X, NW),
                7: n(X, N_, NW), 8: n(X, N_, NE), 9: n(X, S, SW), 10: n(X, S, SE)}
    assert {roll: hex_to_id(spread_hex(X, S, roll)[0]) for roll in range(1, 11)} == expected


@pytest.mark.rule("4.10.4")
@pytest.mark.parametrize("back", list(Facing))
def test_spread_hexes_are_the_diagram_in_any_orientation(back: Facing) -> None:
    from firepower_tui.rules.board.hexgrid import hex_distance

    hexes = [spread_hex(X, back, roll)[0] for roll in range(1, 11)]
    assert len(set(hexes)) == 10
    assert sorted(hex_distance(X, h) for h in hexes) == [1] * 6 + [2] * 4
    assert spread_hex(X, back, 4)[0] == hex_neighbor(X, back)


@pytest.mark.rule("6.3.6.3.2.1")
def test_entry_hexsides() -> None:
    assert entry_hexsides(hex_from_id("B2"), hex_from_id("B6")) == (Facing.N,)
    assert entry_hexsides(hex_neighbor(X, Facing.SW), X) == (Facing.SW,)  # adjacent: the shared hexside
    corner = hex_add(X, Hex(1, 1))  # the LOS runs exactly through the corner between X's SE and S hexsides
    assert entry_hexsides(corner, X) == (Facing.SE, Facing.S)


@pytest.mark.rule("6.3.6.3.2.1")
def test_corner_entry_needs_a_choice() -> None:
    thrower = hex_to_id(hex_add(X, Hex(1, 1)))
    g = throw_game(f"T1 tan RFL {thrower} NW", "G1 green RFL J10 N")
    g.do(f"impulse {thrower}")
    r = g.refusal("throw T1 E5")
    assert (r.rule, r.reason) == ("6.3.6.3.2.1", "the LOS enters E5 through a corner: choose the hexside to orient "
                                                 "the spread by (via SE or S)")
    assert engine.check(g.state, parse_action("throw T1 E5 via S")) is None
    r = g.refusal("throw T1 E5 via N")
    assert (r.rule, r.reason) == ("6.3.6.3.2.1", "the LOS enters E5 through its SE or S hexsides, not N")
    assert engine.assess(g.state, parse_action("throw T1 E5 via SE")).back == "SE"


# --- the throw, 6.3.6.3.2 ----------------------------------------------------------------------------

@pytest.mark.rule("6.3.2")
def test_throwing_range_by_posture() -> None:
    g = throw_game("T1 tan RFL B1 S", "G1 green RFL J10 N")
    g.do("impulse B1")
    assert engine.check(g.state, parse_action("throw T1 B9")) is None  # 8 hexes standing
    g.do("posture T1 crouch")
    r = g.refusal("throw T1 B9")
    assert (r.rule, r.reason) == ("6.3.2", "B9 is 8 hexes away: T1 throws 5 crouching or prone")


@pytest.mark.rule("4.7")
@pytest.mark.parametrize(("target", "need"), [("B3", 8), ("B5", 5), ("B8", 3)])
def test_throw_numbers_by_range(target: str, need: int) -> None:
    g = throw_game("T1 tan RFL B2 S", "G1 green RFL J10 N")
    g.do("impulse B2")
    assert engine.assess(g.state, parse_action(f"throw T1 {target}")).throw.need == need


@pytest.mark.rule("A10")
@pytest.mark.parametrize(("die", "suppressed", "throw", "outcome"), [
    (5, False, RollOutcome.LANDS, GrenadeOutcome.LANDED), (6, False, RollOutcome.SPREADS, GrenadeOutcome.SPREAD),
    (10, False, RollOutcome.SPREADS, GrenadeOutcome.SPREAD), (9, True, RollOutcome.SPREADS, GrenadeOutcome.SPREAD),
    (10, True, RollOutcome.DUD, GrenadeOutcome.DUD)])
def test_lands_spreads_or_dud(die: int, suppressed: bool, throw: RollOutcome, outcome: GrenadeOutcome) -> None:
    """Range 3 needs 5: at or under lands; over 10 is a dud; a total of exactly 10 spreads (A10)."""
    g = throw_game("T1 tan RFL B2 S", "G1 green RFL J10 N", dice=[die, 1])
    if suppressed:
        set_soldier(g, "T1", status=Status.SUPPRESSED)
    events = g.do("impulse B2", "throw T1 B5")
    assert [e.outcome for e in events if e.event == "roll"][0] is throw
    assert [e.outcome for e in events if e.event == "grenade"] == [outcome]


@pytest.mark.rule("A15")
def test_throw_modifiers_are_suppression_and_hindrance_only() -> None:
    g = throw_game("T1 tan RFL B2 S crouch", "G1 green RFL B5 N prone", terrain=with_terrain(FIELD, B3="t", B5="t"))
    set_soldier(g, "T1", status=Status.SUPPRESSED, noncombat_mf=1)
    g.do("impulse B2")
    mods = engine.assess(g.state, parse_action("throw T1 B5")).throw.modifiers
    assert [(m.rule, m.value) for m in mods] == [("6.3.6.2.1", 1), ("6.3.6.2.5", 1)]


@pytest.mark.rule("6.3.6.3.2.1")
def test_spread_off_the_map_is_a_dud() -> None:
    """From B4 at B1 the diagram's 'beyond' hexes are off the top edge."""
    g = throw_game("T1 tan RFL B4 N", "G1 green RFL J10 N", dice=[9, 1])
    events = g.do("impulse B4", "throw T1 B1")
    grenade = [e for e in events if e.event == "grenade"][0]
    assert grenade.outcome == "dud" and grenade.why == "off the map"
    assert [e.outcome for e in events if e.event == "roll"] == [RollOutcome.SPREADS, RollOutcome.DUD]


# --- the blast, 6.3.6.3.2.2 ----------------------------------------------------------------------

@pytest.mark.rule("4.10.5")
@pytest.mark.parametrize(("distance", "posture", "chance"), [
    (0, "stand", 0.5), (0, "crouch", 0.4), (0, "prone", 0.3),
    (1, "stand", 0.2), (1, "crouch", 0.1), (1, "prone", 0.0),
    (2, "stand", 0.1), (2, "crouch", 0.0), (2, "prone", 0.0)])
def test_blast_kill_chances(distance: int, posture: str, chance: float) -> None:
    h = hex_to_id(hex_add(X, Hex(0, distance)))
    g = throw_game("T1 tan RFL A1 S", f"G1 green RFL {h} N {posture}")
    b = blast_breakdown(g.state, g.soldier("G1"), X)
    assert b.chance == chance and b.need == 5
    assert b.modifiers[0].value == {0: 0, 1: 3, 2: 4}[distance]


@pytest.mark.rule("6.3.6.2.2")
def test_blast_cover_applies_but_not_a_fence_in_the_explosion_hex() -> None:
    g = throw_game("T1 tan RFL A1 S", "G1 green RFL E6 N", "G2 green RFL E5 N stand S", terrain=with_terrain(FIELD, E6="r"),
                   fences='{ hex = "E5", axis = "E-W" }')
    ring = blast_breakdown(g.state, g.soldier("G1"), X)
    assert [(m.rule, m.value) for m in ring.modifiers] == [("6.3.6.3.2.2", 3), ("6.3.6.2.2", 1)]
    centre = blast_breakdown(g.state, g.soldier("G2"), X)
    assert [(m.rule, m.value) for m in centre.modifiers] == [("6.3.6.3.2.2", 0)]


@pytest.mark.rule("6.4.2")
def test_explosion_hex_survivors_stunned_ring_suppressed() -> None:
    """Lands in B5: G1 there survives (die 6 > 5) and is Stunned and Prone; G2 one hex off, standing,
    survives (die 9) and is Suppressed (a 2 + 3 = 5 would have killed him); G3 two off is not."""
    g = throw_game("T1 tan RFL B2 S", "G1 green RFL B5 N", "G2 green RFL B6 N", "G3 green RFL B7 N",
                   dice=[1, 6, 9, 9])
    set_soldier(g, "G1", running=True)
    events = g.do("impulse B2", "throw T1 B5")
    assert (g.soldier("G1").status, g.soldier("G1").posture, g.soldier("G1").running) == \
        (Status.STUNNED, Posture.PRONE, False)
    assert g.soldier("G2").status is Status.SUPPRESSED
    assert g.soldier("G3").status is Status.OK
    rolls = [e for e in events if e.event == "roll"]
    assert [e.purpose for e in rolls][1:] == ["blast: G1 in B5, distance 0 from B5",
                                              "blast: G2 in B6, distance 1 from B5",
                                              "blast: G3 in B7, distance 2 from B5"]
    assert [e.outcome for e in rolls] == [RollOutcome.LANDS, RollOutcome.STUNNED, RollOutcome.SUPPRESSED,
                                          RollOutcome.UNHARMED]


@pytest.mark.rule("A29")
def test_friends_are_hit_too() -> None:
    g = throw_game("T1 tan RFL B2 S", "T2 tan RFL B6 S", "G1 green RFL B5 N", dice=[1, 1, 1])
    events = g.do("impulse B2", "throw T1 B5")
    assert {e.soldier for e in events if e.event == "killed"} == {"G1", "T2"}
    assert [e.outcome for e in events if e.event == "roll"][1:] == [RollOutcome.KILLED] * 2
    assert g.state.kills == {"tan": 1, "green": 0}  # own men do not count as kills (§6)


# --- odds equal the dice -----------------------------------------------------------------------------

def test_throw_assessment_matches_every_die_path() -> None:
    base = throw_game("T1 tan RFL B2 S", "G1 green RFL B6 N crouch", terrain=with_terrain(FIELD, B4="t"))
    base.do("impulse B2")
    action = parse_action("throw T1 B6")
    a = engine.assess(base.state, action)

    def run(dice):  # noqa: ANN001, ANN202
        state, events = engine.apply(base.state, action, dice)
        g1 = state.soldier("G1")
        exploded = any(e.event == "grenade" and e.outcome != "dud" for e in events)
        return g1.killed, g1.status, exploded

    kill = stun = none = 0
    for p, (killed, status, exploded) in enumerate_runs(run):
        kill += p * killed
        stun += p * (status is Status.STUNNED)
        none += p * (not exploded)
    (risk,) = [r for r in a.risks if r.soldier == "G1"]
    assert float(kill) == pytest.approx(risk.kill, abs=1e-12)
    assert float(stun) == pytest.approx(risk.stun, abs=1e-12)
    assert float(none) == pytest.approx(a.dud, abs=1e-12)
    assert a.lands + a.spread == pytest.approx(1 - _throw_duds(a))


def _throw_duds(a) -> float:  # noqa: ANN001
    """Chance the throw itself is a dud (total over 10)."""
    return sum(1 for d in range(1, 11) if d + a.throw.modifier_total > 10) / 10
