"""Small-arms fire (RULES.md §4, 6.3-6.4.1): the chart, every modifier, requirements, resolution, odds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from firepower_tui.rules import engine
from firepower_tui.rules.model.dice import ScriptedDice
from firepower_tui.rules.basic.fire import hit_number
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.rules.model.types import Posture, RollOutcome, Status
from firepower_tui.headless.script import run_script_file
from tests.conftest import FIELD, Game, make_scenario, set_soldier, with_terrain

ROOT = Path(__file__).resolve().parents[2]

def fire_game(*soldiers: str, terrain: str = FIELD, fences: str = "", hedges: str = "", dice: list[int] | None = None) -> Game:
    g = Game(make_scenario(terrain, soldiers, fences=fences, hedges=hedges), ScriptedDice(dice or []))
    g.do("chit tan")
    return g


def assess(g: Game, line: str):  # noqa: ANN201
    return engine.assess(g.state, parse_action(line))


def mods(g: Game, line: str, target: int = 0) -> list[tuple[str, int]]:
    b = assess(g, line).bursts[target].breakdown
    return [(m.rule, m.value) for m in b.modifiers]


# --- the firing chart, 4.7, row by row ---------------------------------------------------------

CHART = {
    ("LMG", "auto"): [5, 4, 4, 4, 3, 3, 2],
    ("RFL", "auto"): [5, 4, 4, 4, 3, 2, 1],
    ("RFL", "semi"): [6, 5, 5, 5, 4, 4, 3],
    ("PST", "semi"): [6, 4, 1],
}
BANDS = [(1, 2), (3, 5), (6, 8), (9, 12), (13, 20), (21, 30), (31, 40)]


@pytest.mark.rule("4.7")
@pytest.mark.parametrize(("weapon", "mode"), list(CHART))
def test_firing_chart_rows(weapon: str, mode: str) -> None:
    for band, expected in zip(BANDS, CHART[(weapon, mode)]):
        for distance in band:
            assert hit_number(weapon, mode, distance)[0] == expected, (weapon, mode, distance)


@pytest.mark.rule("6.3.6.1")
def test_chart_check_value() -> None:
    """LMG at 15 hexes reads the 13-20 column: 3."""
    assert hit_number("LMG", "auto", 15) == (3, "4.7 LMG auto 13-20")


# --- requirements, 6.3.1-6.3.3, 4.5 ----------------------------------------------------------------

@pytest.mark.rule("6.3.2")
def test_pistol_range_is_eight() -> None:
    g = fire_game("T1 tan PST B1 S", "G1 green RFL B9 N", "G2 green RFL B10 N")
    g.do("impulse B1")
    assert engine.check(g.state, parse_action("fire T1 G1")) is None
    r = g.refusal("fire T1 G2")
    assert (r.rule, r.reason) == ("6.3.2", "B10 is 9 hexes away: out of range (a PST reaches 8)")


@pytest.mark.rule("6.3.3")
def test_out_of_arc() -> None:
    g = fire_game("T1 tan RFL B5 N", "G1 green RFL B8 N")
    g.do("impulse B5")
    r = g.refusal("fire T1 G1")
    assert (r.rule, r.reason) == ("6.3.3", "B8 is outside T1's firing arc (he faces N): turn first")


@pytest.mark.rule("6.2.5")
def test_one_combat_action_per_phase() -> None:
    g = fire_game("T1 tan RFL B2 S", "G1 green RFL B8 N", dice=[9, 9])
    g.do("impulse B2", "fire T1 G1 semi")
    r = g.refusal("fire T1 G1 semi")
    assert (r.rule, r.reason) == ("6.2.5", "T1 already used his combat action this phase")


@pytest.mark.rule("4.5")
def test_one_firer_per_hex_per_impulse() -> None:
    g = fire_game("T1 tan RFL B2 S", "T2 tan RFL B2 S", "G1 green RFL B8 N", dice=[9, 9])
    g.do("impulse B2", "fire T1 G1 semi")
    r = g.refusal("fire T2 G1 semi")
    assert (r.rule, r.reason) == ("4.5", "someone of this impulse already fired from B2: one firer per hex per impulse")
    g.do("move T2")  # a man who moves to another hex may fire from there (6.2.7.3)
    assert engine.check(g.state, parse_action("fire T2 G1 semi")) is None


@pytest.mark.rule("6.2.5")
def test_fire_costs_two_mf() -> None:
    g = fire_game("T1 tan RFL B2 S prone", "G1 green RFL B8 N")
    g.do("impulse B2", "posture T1 stand", "posture T1 crouch")  # 2 + 1 MF
    r = g.refusal("fire T1 G1")
    assert (r.rule, r.reason) == ("6.2.5", "T1 needs 2 MF to fire but has 1 left")


@pytest.mark.rule("A7")
def test_semi_automatic_at_one_man() -> None:
    g = fire_game("T1 tan RFL B2 S", "G1 green RFL B8 N", "G2 green RFL B8 N")
    g.do("impulse B2")
    assert g.refusal("fire T1 G1,G2 semi").rule == "A7"
    assert g.refusal("fire T1 T1").rule == "6.3.1.2"


@pytest.mark.rule("6.3.5.1")
def test_auto_at_most_one_burst_per_target() -> None:
    g = fire_game("T1 tan RFL B2 S", "G1 green RFL B8 N", "G2 green RFL B8 N", "G3 green RFL B8 N")
    g.do("impulse B2")
    r = g.refusal("fire T1 G1,G2,G3 auto")
    assert (r.rule, r.reason) == ("6.3.5.1", "a RFL on automatic has 2 bursts, one per target: name at most 2")
    r = g.refusal("fire T1 G1,G1")
    assert (r.rule, r.reason) == ("6.3.5.1", "G1 is named twice: at most one burst per target soldier")


@pytest.mark.rule("A6")
def test_targets_in_one_hex() -> None:
    g = fire_game("T1 tan LMG B2 S", "G1 green RFL B8 N", "G2 green RFL B9 N")
    g.do("impulse B2")
    assert g.refusal("fire T1 G1,G2").rule == "A6"


@pytest.mark.rule("6.3.5.3")
def test_pistol_fires_semi_only() -> None:
    g = fire_game("T1 tan PST B2 S", "G1 green RFL B8 N")
    g.do("impulse B2")
    assert g.refusal("fire T1 G1 auto").reason == "a PST fires semi only, not auto"
    assert assess(g, "fire T1 G1").mode == "semi"


# --- modifiers, 4.8 ----------------------------------------------------------------------------------

@pytest.mark.rule("6.3.6.2.1")
def test_firer_suppressed() -> None:
    g = fire_game("T1 tan RFL B2 S", "G1 green RFL B8 N")
    set_soldier(g, "T1", status=Status.SUPPRESSED)
    g.do("impulse B2")
    assert mods(g, "fire T1 G1") == [("6.3.6.2.1", 1)]


@pytest.mark.rule("6.3.6.2.2")
@pytest.mark.parametrize(("letter", "expected"), [
    ("t", [("6.3.6.2.2", 1), ("6.3.6.2.3", 1)]),   # trees: cover and concealment, +2 in all
    ("r", [("6.3.6.2.2", 1)]),                     # rough: cover
    ("s", [("6.3.6.2.3", 1)]),                     # scrub: concealment
    (".", []),
])
def test_target_terrain(letter: str, expected: list[tuple[str, int]]) -> None:
    terrain = with_terrain(FIELD, B8=letter)
    g = fire_game("T1 tan RFL B2 S", "G1 green RFL B8 N", terrain=terrain)
    g.do("impulse B2")
    assert mods(g, "fire T1 G1") == expected


@pytest.mark.rule("6.3.6.2.2")
def test_fence_between_gives_cover_only_when_between() -> None:
    fence = '{ hex = "B8", axis = "E-W" }'
    g = fire_game("T1 tan RFL B2 S", "G1 green RFL B8 N prone S", "G2 green RFL B8 N prone N", fences=fence)
    g.do("impulse B2")
    # G1 is on the S half: the fence lies between the firer (north) and him; prone also blocks LOS (6.3.4.2)
    r = g.refusal("fire T1 G1")
    assert (r.rule, r.reason) == ("6.3.4.2", "no line of sight from T1 to G1: blocked by fence in the target's hex "
                                             "with a Prone end in B8")
    set_soldier(g, "G1", posture=Posture.STAND)
    assert mods(g, "fire T1 G1") == [("6.3.6.2.2", 1)]
    set_soldier(g, "G2", posture=Posture.STAND)
    assert mods(g, "fire T1 G2") == []


@pytest.mark.rule("6.3.6.2.3")
def test_hedge_between_gives_concealment() -> None:
    hedge = '{ hex = "B8", axis = "E-W" }'
    g = fire_game("T1 tan RFL B2 S", "G1 green RFL B8 N stand S", "G2 green RFL B8 N stand N", hedges=hedge)
    g.do("impulse B2")
    assert mods(g, "fire T1 G1,G2", 0) == [("6.3.6.2.3", 1)]
    assert mods(g, "fire T1 G1,G2", 1) == []


@pytest.mark.rule("6.3.6.2.4")
@pytest.mark.parametrize(("posture", "value"), [("crouch", 1), ("prone", 2)])
def test_target_posture(posture: str, value: int) -> None:
    g = fire_game("T1 tan RFL B2 S", f"G1 green RFL B8 N {posture}")
    g.do("impulse B2")
    assert mods(g, "fire T1 G1") == [("6.3.6.2.4", value)]


@pytest.mark.rule("6.3.6.2.5")
def test_trees_in_los_hinder() -> None:
    terrain = with_terrain(FIELD, B5="t")
    g = fire_game("T1 tan RFL B2 S", "G1 green RFL B8 N", terrain=terrain)
    g.do("impulse B2")
    assert mods(g, "fire T1 G1") == [("6.3.6.2.5", 1)]


@pytest.mark.rule("6.3.6.2.6")
def test_target_running() -> None:
    g = fire_game("T1 tan RFL B2 S", "G1 green RFL B8 N")
    set_soldier(g, "G1", running=True)
    g.do("impulse B2")
    assert mods(g, "fire T1 G1") == [("6.3.6.2.6", 2)]


@pytest.mark.rule("6.3.6.2.7")
def test_firer_mf_before_and_after() -> None:
    """+1 per non-combat MF spent this impulse, before and declared after, at most +2."""
    g = fire_game("T1 tan RFL B2 S", "G1 green RFL B8 N")
    g.do("impulse B2")
    assert mods(g, "fire T1 G1 then 1") == [("6.3.6.2.7", 1)]
    assert mods(g, "fire T1 G1 then 2") == [("6.3.6.2.7", 2)]
    g.do("move T1")
    assert mods(g, "fire T1 G1") == [("6.3.6.2.7", 1)]
    assert mods(g, "fire T1 G1 then 1") == [("6.3.6.2.7", 2)]
    r = g.refusal("fire T1 G1 then 2")
    assert (r.rule, r.reason) == ("6.3.6.2.7", "T1 will have 1 MF left after firing: he cannot declare 2 more")


@pytest.mark.rule("6.3.6.2.7")
def test_declared_post_fire_mf_enforced() -> None:
    g = fire_game("T1 tan RFL B2 S", "G1 green RFL B8 N", dice=[9, 9])
    g.do("impulse B2", "fire T1 G1 semi then 1", "posture T1 crouch")
    r = g.refusal("posture T1 prone")
    assert r.rule == "6.3.6.2.7"
    assert r.reason == "T1 may spend only the non-combat MF he declared when he fired, and has 0 of them left; go prone costs 1"


@pytest.mark.rule("6.2.7.3")
def test_worked_example_two_firers() -> None:
    """A fires (2) then goes Prone (1): +1. B enters (1), fires (2), goes Prone (1): +2. Both may fire."""
    g = fire_game("T1 tan RFL B2 S", "T2 tan RFL B2 S", "G1 green RFL B9 N", dice=[10, 10, 10, 10])
    g.do("impulse B2")
    assert mods(g, "fire T1 G1 semi then 1") == [("6.3.6.2.7", 1)]
    g.do("fire T1 G1 semi then 1", "posture T1 prone", "move T2")
    assert mods(g, "fire T2 G1 semi then 1") == [("6.3.6.2.7", 2)]
    g.do("fire T2 G1 semi then 1", "posture T2 prone")
    assert g.state.mf_left(g.soldier("T1")) == 0 and g.state.mf_left(g.soldier("T2")) == 0


# --- resolution ----------------------------------------------------------------------------------

@pytest.mark.rule("6.3.6.3.1")
def test_lmg_example_script() -> None:
    out: list[str] = []
    run_script_file(str(ROOT / "tests/fixtures/scripts/lmg_example.fps"), as_json=True, emit=out.append)
    events = [json.loads(x) for x in out]
    rolls = [e for e in events if e["event"] == "roll"]
    assert [r["die"] for r in rolls] == [10, 6, 5, 1, 8, 7, 8, 3]
    assert all(r["need"] == 3 and r["modifiers"] == [{"label": "target prone", "value": 2, "rule": "6.3.6.2.4"}]
               for r in rolls)
    assert [r["result"] for r in rolls] == ["miss", "miss", "miss", "hit: G1 killed"] + ["miss"] * 4
    assert [e["soldier"] for e in events if e["event"] == "killed"] == ["G1"]
    assert [(e["soldier"], e["status"]) for e in events if e["event"] == "status"] == [("G2", "suppressed")]
    odds = next(e for e in events if e["event"] == "odds")
    assert odds["wasted_bursts"] == 1 and odds["bursts"][0]["kill_chance"] == pytest.approx(1 - 0.9 ** 4)
    state = next(e for e in events if e["event"] == "state")
    assert {s["id"]: s["status"] for s in state["soldiers"]} == {"T1": "ok", "G1": "killed", "G2": "suppressed"}


@pytest.mark.rule("6.3.6.3")
def test_shots_after_a_kill_have_no_effect() -> None:
    g = fire_game("T1 tan RFL B2 S", "G1 green RFL B8 N", dice=[1, 1, 1])
    events = g.do("impulse B2", "fire T1 G1 auto")
    rolls = [e for e in events if e.event == "roll"]
    assert [e.outcome for e in rolls] == [RollOutcome.HIT, RollOutcome.NO_EFFECT, RollOutcome.NO_EFFECT]
    assert [e.result for e in rolls] == ["hit: G1 killed", "no effect: G1 already killed", "no effect: G1 already killed"]
    assert g.state.kills["tan"] == 1


@pytest.mark.rule("6.3.6.3")
def test_a_shot_over_the_need_misses() -> None:
    g = fire_game("T1 tan RFL B2 S", "G1 green RFL B8 N", dice=[6, 5])
    events = g.do("impulse B2", "fire T1 G1 semi")  # semi at range 6: need 5
    assert [(e.outcome, e.result) for e in events if e.event == "roll"] == [
        (RollOutcome.MISS, "miss"), (RollOutcome.HIT, "hit: G1 killed")]


@pytest.mark.rule("6.4.1")
def test_auto_fire_suppresses_everyone_in_the_hex() -> None:
    """Even untargeted men, even when a hit was impossible (A14); Running comes off (6.4.3)."""
    g = fire_game("T1 tan RFL B2 S", "G1 green RFL B8 N prone", "G2 green RFL B8 N", dice=[10, 10, 10])
    set_soldier(g, "G2", running=True)
    events = g.do("impulse B2", "fire T1 G1 auto")
    assert g.soldier("G1").status is Status.SUPPRESSED and g.soldier("G2").status is Status.SUPPRESSED
    assert not g.soldier("G2").running
    assert any(e.event == "running" and e.rule == "6.4.3" for e in events)


@pytest.mark.rule("A28")
def test_stunned_stays_stunned_under_auto_fire() -> None:
    g = fire_game("T1 tan RFL B2 S", "G1 green RFL B8 N prone", dice=[10, 10, 10])
    set_soldier(g, "G1", status=Status.STUNNED)
    g.do("impulse B2", "fire T1 G1 auto")
    assert g.soldier("G1").status is Status.STUNNED


@pytest.mark.rule("6.4.1")
def test_semi_fire_never_suppresses() -> None:
    g = fire_game("T1 tan RFL B2 S", "G1 green RFL B8 N", dice=[10, 10])
    g.do("impulse B2", "fire T1 G1 semi")
    assert g.soldier("G1").status is Status.OK


@pytest.mark.rule("§2.6")
def test_last_kill_ends_the_game() -> None:
    g = fire_game("T1 tan RFL B2 S", "G1 green RFL B8 N", dice=[1, 5])
    events = g.do("impulse B2", "fire T1 G1 semi")
    assert events[-1].event == "game_end" and g.state.winner == "tan"


# --- odds equal the dice ----------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["fire T1 G1 auto", "fire T1 G1 semi"])
def test_assessment_matches_enumeration(line: str) -> None:
    """Every combination of faces, resolved for real: the kill frequency equals the assessed chance."""
    import itertools

    base = fire_game("T1 tan RFL B2 S", "G1 green RFL B8 N crouch")
    base.do("impulse B2")
    a = assess(base, line)
    shots = a.bursts[0].shots
    kills = 0
    for faces in itertools.product(range(1, 11), repeat=shots):
        state, _ = engine.apply(base.state, parse_action(line), ScriptedDice(list(faces)))
        kills += state.soldier("G1").killed
    assert kills / 10 ** shots == pytest.approx(a.bursts[0].kill_chance, abs=1e-12)
    assert a.expected_kills == pytest.approx(a.bursts[0].kill_chance)
