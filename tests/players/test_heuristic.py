"""The scripted heuristic player (players/heuristic.py): advance through cover, fire at the best
chance, go Prone when Suppressed."""

from __future__ import annotations

import pytest

from firepower_tui.players.heuristic import Heuristic
from firepower_tui.rules.model.actions import ChangePosture, Fire, Move, StartImpulse, Turn
from firepower_tui.rules import engine
from firepower_tui.rules.board.hexgrid import Facing, hex_distance, hex_from_id
from firepower_tui.rules.model.types import Posture, Status
from tests.conftest import FIELD, Game, make_scenario, set_soldier, with_terrain


def tan_impulse(*soldiers: str, terrain: str = FIELD) -> Game:
    g = Game(make_scenario(terrain, soldiers))
    g.do("chit tan", "impulse B2")
    return g


@pytest.mark.rule("6.2.4")
def test_goes_prone_when_suppressed() -> None:
    g = tan_impulse("T1 tan RFL B2 S", "G1 green RFL B8 N")
    set_soldier(g, "T1", status=Status.SUPPRESSED)
    assert Heuristic("tan").choose(g.state) == ChangePosture(soldier="T1", posture=Posture.PRONE)


@pytest.mark.rule("6.3")
def test_fires_at_the_best_chance() -> None:
    g = tan_impulse("T1 tan RFL B2 S", "G1 green RFL C6 N", "G2 green RFL B6 N", terrain=with_terrain(FIELD, C6="t"))
    assert Heuristic("tan").choose(g.state) == Fire(soldier="T1", targets=("G2",))  # not the one in the trees


@pytest.mark.rule("6.2.1")
def test_advances_toward_the_enemy() -> None:
    g = tan_impulse("T1 tan RFL B2 N", "G1 green RFL B9 N", terrain=with_terrain(FIELD, B5="h"))
    h = Heuristic("tan")
    assert h.choose(g.state) == Turn(soldier="T1", facing=Facing.S)  # he faces away: turn to him first
    g.do("turn T1 S")
    for _ in range(2):  # a step (after a turn if the nearest cover lies aside)
        action = h.choose(g.state)
        assert isinstance(action, Move | Turn)
        g.state, _ = engine.apply(g.state, action, g.dice)
        if isinstance(action, Move):
            break
    assert hex_distance(g.soldier("T1").hex, hex_from_id("B9")) < hex_distance(hex_from_id("B2"), hex_from_id("B9"))


@pytest.mark.rule("6.2")
def test_activates_a_hex_with_a_shot_first() -> None:
    g = Game(make_scenario(FIELD, ["T1 tan RFL B2 N", "T2 tan RFL E2 S", "G1 green RFL E8 N"]))
    g.do("chit tan")
    assert Heuristic("tan").choose(g.state) == StartImpulse(hex=hex_from_id("E2"))


@pytest.mark.rule("4.3")
def test_turns_to_face_an_enemy_out_of_his_arc_at_range() -> None:
    """Close enough not to advance, the enemy out of his arc three hexes off: he turns so that
    the enemy is in his firing arc (it used to turn him only towards a man next to him)."""
    from firepower_tui.rules.board.hexgrid import in_firing_arc

    g = tan_impulse("T1 tan RFL B2 N", "G1 green RFL D4 N")
    action = Heuristic("tan").choose(g.state)
    assert isinstance(action, Turn) and action.soldier == "T1"
    assert in_firing_arc(hex_from_id("B2"), action.facing, hex_from_id("D4"))
