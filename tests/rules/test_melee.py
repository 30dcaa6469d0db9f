"""Melee (RULES.md §5, 6.5)."""

from __future__ import annotations

import pytest

from firepower_tui.rules import engine
from firepower_tui.rules.model.dice import ScriptedDice
from firepower_tui.rules.board.hexgrid import hex_from_id
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.rules.model.types import RollOutcome
from tests.conftest import FIELD, Game, enumerate_runs, make_scenario, with_terrain


def melee_game(*soldiers: str, terrain: str = FIELD, dice: list[int] | None = None) -> Game:
    g = Game(make_scenario(terrain, soldiers), ScriptedDice(dice or []))
    g.do("chit tan")
    return g


@pytest.mark.rule("§5.2")
@pytest.mark.parametrize(("attackers", "defenders", "chance"), [
    (1, 1, 0.5), (2, 1, 0.7), (3, 1, 0.9), (4, 1, 1.0), (1, 2, 0.3), (1, 3, 0.1), (1, 4, 0.0)])
def test_melee_odds(attackers: int, defenders: int, chance: float) -> None:
    men = [f"T{i} tan RFL B4 S" for i in range(1, attackers + 1)]
    men += [f"G{i} green RFL B5 N" for i in range(1, defenders + 1)]
    g = melee_game(*men)
    g.do("impulse B4")
    names = ",".join(f"T{i}" for i in range(1, attackers + 1))
    a = engine.assess(g.state, parse_action(f"melee {names} B5"))
    assert a.win_chance == chance
    assert a.defenders == tuple(f"G{i}" for i in range(1, defenders + 1))


@pytest.mark.rule("§5.1")
def test_needs_entry_plus_one() -> None:
    g = melee_game("T1 tan RFL B4 S prone", "G1 green RFL B5 N")
    g.do("impulse B4")
    assert engine.check(g.state, parse_action("melee T1 B5")) is None  # prone: 3 + 1 = 4
    g2 = melee_game("T1 tan RFL B3 S prone", "G1 green RFL B5 N")
    g2.do("impulse B3", "posture T1 crouch", "move T1")  # 1 + 2 = 3 MF spent
    r = g2.refusal("melee T1 B5")
    assert (r.rule, r.reason) == ("§5.1", "T1 needs 3 MF to melee (entry 2 + 1) but has 1 left")
    g3 = melee_game("T1 tan RFL B4 S crouch", "G1 green RFL B5 N")
    g3.do("impulse B4", "turn T1 SE", "turn T1 S")  # one MF short: 2 left for 2 + 1
    r = g3.refusal("melee T1 B5")
    assert (r.rule, r.reason) == ("§5.1", "T1 needs 3 MF to melee (entry 2 + 1) but has 2 left")


@pytest.mark.rule("§5.1")
def test_hill_crossing_counts_in_the_entry() -> None:
    g = melee_game("T1 tan RFL B4 S crouch", "G1 green RFL B5 N", terrain=with_terrain(FIELD, B5="h"))
    g.do("impulse B4")
    assert engine.check(g.state, parse_action("melee T1 B5")) is None  # 2 + 1 crossing + 1 = 4
    g.do("turn T1 SE", "turn T1 S")
    r = g.refusal("melee T1 B5")
    assert (r.rule, r.reason) == ("§5.1", "T1 needs 4 MF to melee (entry 3 + 1) but has 2 left")


@pytest.mark.rule("§5.1")
def test_must_face_the_hex() -> None:
    g = melee_game("T1 tan RFL B4 N", "G1 green RFL B5 N")
    g.do("impulse B4")
    r = g.refusal("melee T1 B5")
    assert (r.rule, r.reason) == ("§5.1", "T1 faces N: B5 is not the hex in front of him (B3)")


@pytest.mark.rule("6.2.5")
def test_melee_is_the_combat_action() -> None:
    g = melee_game("T1 tan RFL B4 S", "G1 green RFL B5 N", "G2 green RFL B8 N", dice=[10, 10])
    g.do("impulse B4", "fire T1 G1 semi")
    r = g.refusal("melee T1 B5")
    assert (r.rule, r.reason) == ("6.2.5", "T1 already used his combat action this phase")


@pytest.mark.rule("6.5.3")
def test_winners_stay_and_stop() -> None:
    g = melee_game("T1 tan RFL B4 S", "T2 tan RFL B4 S", "G1 green RFL B5 N", "G2 green RFL J9 N", dice=[7])
    events = g.do("impulse B4", "melee T1,T2 B5")  # 7 - 2 = 5 <= 5: attackers win
    assert [e.event for e in events][1:] == ["roll", "melee", "killed"]
    assert (events[1].outcome, events[2].winner) == (RollOutcome.WON, "attackers")
    assert g.soldier("G1").killed and not g.soldier("T1").killed
    assert g.soldier("T1").hex == hex_from_id("B5") == g.soldier("T2").hex
    r = g.refusal("turn T1 N")
    assert (r.rule, r.reason) == ("6.5.3", "T1 won a melee and must stop for this impulse")
    assert g.state.kills["tan"] == 1


@pytest.mark.rule("§5.2")
def test_losers_all_die() -> None:
    g = melee_game("T1 tan RFL B4 S", "G1 green RFL B5 N", "G2 green RFL B5 N", "T3 tan RFL J9 N", dice=[4])
    events = g.do("impulse B4", "melee T1 B5")  # 4 + 2 = 6 > 5
    roll = next(e for e in events if e.event == "roll")
    assert (roll.total, roll.outcome, roll.result) == (6, RollOutcome.LOST, "attackers lose: every attacker killed")
    assert g.soldier("T1").killed and not g.soldier("G1").killed
    assert g.state.kills["green"] == 1


def test_melee_assessment_matches_the_die() -> None:
    g = melee_game("T1 tan RFL B4 S", "T2 tan RFL B4 S", "G1 green RFL B5 N")
    g.do("impulse B4")
    action = parse_action("melee T1,T2 B5")
    a = engine.assess(g.state, action)
    won = sum(p for p, s in enumerate_runs(lambda d: engine.apply(g.state, action, d)[0]) if s.soldier("G1").killed)
    assert float(won) == a.win_chance == 0.7
