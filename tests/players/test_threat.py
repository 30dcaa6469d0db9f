"""The threat arithmetic (rules/engine/threat.py): each threat's chance is the odds preview's own
(engine.assess of the same attack when the attacker's impulse has begun)."""

from __future__ import annotations

import pytest

from firepower_tui.rules import engine
from firepower_tui.rules.board.hexgrid import hex_from_id
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.rules.engine.threat import NOTIONAL_ID, enemy_first, expected_losses, reach_of, threats_to
from tests.conftest import FIELD, Game, make_scenario, with_terrain


def game(*soldiers: str, terrain: str = FIELD) -> Game:
    return Game(make_scenario(terrain, soldiers))


def preview(g: Game, *lines: str):  # noqa: ANN202
    """The odds preview of the last line after the others, in tan's impulse (a copy of the game)."""
    h = Game.__new__(Game)
    h.state, h.dice, h.events = g.state, g.dice, []
    h.do("chit tan", *lines[:-1])
    return engine.assess(h.state, parse_action(lines[-1]))


@pytest.mark.rule("6.3")
def test_fire_threat_is_the_previews_odds() -> None:
    g = game("T1 tan LMG B2 S", "G1 green RFL B7 N", "G2 green RFL B7 N")
    found = [t for t in threats_to(g.state, hex_from_id("B7"), "green") if t.attacker == "T1" and t.kind == "fire"]
    assert len(found) == 1
    t = found[0]
    odds = preview(g, "impulse B2", "fire T1 G1,G2")
    assert (t.chance, t.expected_kills) == (1.0 - odds.kill_distribution[0], odds.expected_kills)
    assert (t.moves, t.rule, t.target) == (0, "6.3", "B7")
    assert t.suppress > 0  # automatic fire suppresses the survivors (6.4.1)


@pytest.mark.rule("6.3.6.2.7")
def test_a_turn_first_costs_one_mf_and_its_modifier() -> None:
    g = game("T1 tan RFL B2 N", "G1 green RFL B7 N")  # G1 behind him: he must turn
    t = next(t for t in threats_to(g.state, hex_from_id("B7"), "green") if t.kind == "fire")
    odds = preview(g, "impulse B2", "turn T1 S", "fire T1 G1")
    assert t.moves == 1
    assert t.chance == pytest.approx(1.0 - odds.kill_distribution[0])
    assert t.action == "turn T1 S, fire T1 G1"


@pytest.mark.rule("6.3.6.3.2")
def test_throw_threat_is_the_previews_blast_risk() -> None:
    g = game("T1 tan PST B2 S", "G1 green RFL B5 N")
    t = next(t for t in threats_to(g.state, hex_from_id("B5"), "green", steps=False) if t.kind == "throw")
    odds = preview(g, "impulse B2", "throw T1 B5")
    risk = next(r for r in odds.risks if r.soldier == "G1")
    assert t.chance == pytest.approx(risk.kill)  # one man: at least one kill is his kill
    assert t.expected_kills == pytest.approx(risk.kill)
    assert t.suppress == pytest.approx(risk.stun + risk.suppress)
    assert (t.rule, t.moves) == ("6.3.6.3.2", 0)


@pytest.mark.rule("6.2.1")
def test_a_step_first_is_offered_with_its_entry_cost() -> None:
    g = game("T1 tan PST B2 S", "G1 green RFL B5 N")
    t = next(t for t in threats_to(g.state, hex_from_id("B5"), "green") if t.kind == "throw")
    odds = preview(g, "impulse B2", "move T1", "throw T1 B5")  # one hex nearer: a better throw
    risk = next(r for r in odds.risks if r.soldier == "G1")
    assert (t.moves, t.action) == (1, "move T1, throw T1 B5")
    assert t.chance == pytest.approx(risk.kill)


@pytest.mark.rule("§5.1")
def test_melee_threat_is_the_win_chance() -> None:
    g = game("T1 tan RFL B4 S", "T2 tan RFL B4 S", "G1 green RFL B5 N")
    melee = [t for t in threats_to(g.state, hex_from_id("B5"), "green") if t.kind == "melee"]
    odds = preview(g, "impulse B4", "melee T1 B5")
    assert {t.attacker for t in melee} == {"T1", "T2"}
    assert all(t.chance == odds.win_chance and t.rule == "§5.1" and t.moves == 0 for t in melee)


@pytest.mark.rule("6.3.4.1")
def test_no_threat_without_a_line_of_sight() -> None:
    terrain = with_terrain(FIELD, B5="h")  # a hill between two low hexes blocks (6.3.4.1)
    g = game("T1 tan RFL B2 S", "G1 green RFL B8 N", terrain=terrain)
    assert [t for t in threats_to(g.state, hex_from_id("B8"), "green") if t.kind == "fire"] == []
    assert threats_to(g.state, hex_from_id("B8"), "green") == ()


@pytest.mark.rule("6.3.6.2.2")
def test_empty_hex_takes_a_notional_standing_man() -> None:
    g = game("T1 tan RFL B2 S", "G1 green RFL J9 N", terrain=with_terrain(FIELD, B6="t"))
    in_open = next(t for t in threats_to(g.state, hex_from_id("B7"), "green") if t.kind == "fire")
    in_trees = next(t for t in threats_to(g.state, hex_from_id("B6"), "green") if t.kind == "fire")
    assert in_trees.chance < in_open.chance  # cover and concealment (+2) in the trees
    assert in_open.action == f"fire T1 {NOTIONAL_ID}"
    assert g.state.soldier(NOTIONAL_ID) is None  # the notional man is never in the real state


@pytest.mark.rule("6.3")
def test_reach_is_the_reverse_view() -> None:
    g = game("T1 tan RFL B2 S", "G1 green RFL B7 N", "G2 green RFL H2 N")
    reach = reach_of(g.state, "T1")
    assert {t.target for t in reach} == {"B7", "H2"}
    to_b7 = next(t for t in threats_to(g.state, hex_from_id("B7"), "green") if t.kind == "fire")
    assert next(t for t in reach if t.target == "B7" and t.kind == "fire") == to_b7
    assert [t.expected_kills for t in reach] == sorted((t.expected_kills for t in reach), reverse=True)


@pytest.mark.rule("6.1")
def test_enemy_first_reads_only_the_chit_counts() -> None:
    g = game("T1 tan RFL B2 S", "G1 green RFL B7 N")
    assert enemy_first(g.state, "green") == 0.5  # 4 chits each
    g.do("chit tan", "done")
    assert enemy_first(g.state, "green") == pytest.approx(3 / 7)
    assert enemy_first(g.state, "tan") == pytest.approx(4 / 7)
    empty, only_green = g.state.evolve(cup=()), g.state.evolve(cup=tuple(c for c in g.state.cup if c.side == "green"))
    assert enemy_first(empty, "green") == 0.5  # a new turn: either side's chit may come first
    assert (enemy_first(only_green, "green"), enemy_first(only_green, "tan")) == (0.0, 1.0)
    assert 0 < expected_losses(g.state, hex_from_id("B7"), "green") <= 1
