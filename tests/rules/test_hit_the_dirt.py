"""Hit the dirt (optional rule, RULES.md §9.2): the answer to declared small-arms fire."""

from __future__ import annotations

import pytest

from firepower_tui.rules import engine
from firepower_tui.rules.model.dice import ScriptedDice, SeededDice
from firepower_tui.rules.model.events import HitTheDirt, ReactionOpened, Rolled, StatusChanged
from firepower_tui.rules.board.hexgrid import hex_from_id
from firepower_tui.rules.engine.notation import format_action, parse_action
from firepower_tui.rules.model.types import Posture, ReactionKind, Status
from tests.conftest import optional_game, set_soldier

MEN = ["T1 tan LMG B2 S", "G1 green RFL B6 N", "G2 green RFL B6 N crouch", "G3 green RFL B6 N prone"]


def fired_on(line: str = "fire T1 G1,G2", dice: list[int] | None = None, rules: tuple[str, ...] = ("hit_the_dirt",)):
    g = optional_game(MEN, rules, dice=ScriptedDice(dice) if dice is not None else SeededDice(2))
    g.do("chit tan", "impulse B2", line)
    return g


@pytest.mark.rule("§9.2")
def test_declared_fire_waits_for_the_targets_side_before_any_die() -> None:
    g = fired_on(dice=[])
    assert g.events[-1] == ReactionOpened(kind=ReactionKind.HIT_THE_DIRT, side="green", trigger="T1",
                                          hex=hex_from_id("B6"), answerers=("G1", "G2"), rule="§9.2")
    assert not g.dice.calls and g.soldier("T1").mf_spent == 0  # nothing rolled or spent yet
    assert [format_action(a) for a in engine.legal_actions(g.state)] == [
        "hold", "hit-dirt G1", "hit-dirt G2", "hit-dirt G1,G2"]
    assert g.refusal("end").rule == "§9.2"


@pytest.mark.rule("§9.2")
def test_hit_the_dirt_drops_them_prone_and_suppressed_then_the_fire_goes_at_prone_men() -> None:
    g = fired_on(dice=[9] * 8)
    events = g.do("hit-dirt G1")
    assert HitTheDirt(soldier="G1") in events
    assert StatusChanged(soldier="G1", status="suppressed", rule="§9.2", why="he hit the dirt") in events  # at once
    g1 = g.soldier("G1")
    assert (g1.posture, g1.status, g1.dirt_used) == (Posture.PRONE, Status.SUPPRESSED, True)
    at_g1 = [e for e in events if isinstance(e, Rolled) and "at G1" in e.purpose]
    assert at_g1 and all(any(m.label == "target prone" and m.value == 2 for m in r.modifiers) for r in at_g1)
    at_g2 = [e for e in events if isinstance(e, Rolled) and "at G2" in e.purpose]
    assert all(any(m.label == "target crouching" for m in r.modifiers) for r in at_g2)
    assert g.soldier("G2").posture is Posture.CROUCH


@pytest.mark.rule("§9.2")
def test_hold_resolves_the_fire_as_declared() -> None:
    g = fired_on(dice=[9] * 8)
    events = g.do("hold")
    assert g.soldier("G1").posture is Posture.STAND and not g.soldier("G1").dirt_used
    assert any(isinstance(e, Rolled) for e in events) and g.state.pending is None


@pytest.mark.rule("§9.2")
def test_not_against_grenades_nor_prone_men() -> None:
    g = fired_on("throw T1 B6", dice=[1, 9, 9, 9])
    assert g.state.pending is None
    g2 = fired_on("fire T1 G3", dice=[9] * 4)
    assert g2.state.pending is None and len(g2.dice.calls) == 4


@pytest.mark.rule("§9.2")
def test_once_per_soldier_per_turn() -> None:
    g = optional_game(["T1 tan RFL B2 S", "T2 tan RFL C2 S", "G1 green RFL B6 N"], ["hit_the_dirt"],
                      dice=ScriptedDice([10] * 6))
    g.do("chit tan", "impulse B2", "fire T1 G1", "hit-dirt G1", "end")
    set_soldier(g, "G1", posture=Posture.STAND)  # up again (as if he had stood)
    g.do("impulse C2", "fire T2 G1")
    assert g.state.pending is None  # he already went down this turn
    g.state = g.state.evolve(cup=(), played=())  # end the turn: the next one starts
    g.do("done")
    assert g.state.turn == 2 and not g.soldier("G1").dirt_used


@pytest.mark.rule("§9.2")
def test_only_the_men_fired_at_who_may() -> None:
    g = fired_on(dice=[])
    assert g.refusal("hit-dirt G3").rule == "§9.2"
    assert g.refusal("hit-dirt G1,G1").rule == "§9.2"
    assert g.refusal("hit-dirt T1").rule == "§9.2"


@pytest.mark.rule("§9.2")
def test_a_snap_shot_cannot_be_answered() -> None:
    """Ruling R41."""
    g = optional_game(["T1 tan RFL B2 S", "G1 green RFL B8 N"], ["overwatch", "hit_the_dirt"],
                      dice=ScriptedDice([9, 9, 9]))
    g.do("chit green", "impulse B8", "watch G1", "end", "chit tan", "impulse B2", "move T1", "overwatch fire G1 T1")
    assert g.state.pending is None and g.soldier("T1").posture is Posture.STAND


@pytest.mark.rule("§9.2")
def test_a_watcher_who_hits_the_dirt_leaves_overwatch() -> None:
    g = optional_game(["T1 tan RFL B2 S", "G1 green RFL B8 N"], ["overwatch", "hit_the_dirt"], dice=SeededDice(3))
    g.do("chit green", "impulse B8", "watch G1", "end", "chit tan", "impulse B2", "fire T1 G1", "hit-dirt G1")
    assert not g.soldier("G1").overwatch


@pytest.mark.rule("§9.2")
def test_the_price_is_suppression_3_mf_and_plus_one_until_the_enemys_next_chit() -> None:
    """"He becomes Suppressed at once (3 MF, +1 to his own fire, until cleared as in 6.1.2)": semi-
    automatic fire suppresses nobody (6.4.1), so only the dive does; in Green's next impulse G1
    has 3 MF and fires at +1; Tan's next chit clears it."""
    men = ["T1 tan RFL B2 S", "T2 tan RFL J1 S", "G1 green RFL B6 N"]
    g = optional_game(men, ["hit_the_dirt"], dice=ScriptedDice([10, 10]))
    g.do("chit tan", "impulse B2", "fire T1 G1 semi", "hit-dirt G1", "end", "done", "chit green", "impulse B6")
    g1 = g.soldier("G1")
    assert (g1.status, g1.allowance, g1.mf_left) == (Status.SUPPRESSED, 3, 3)
    shot = engine.assess(g.state, parse_action("fire G1 T1 semi")).bursts[0].breakdown
    assert ("firer suppressed", 1) in [(m.label, m.value) for m in shot.modifiers]
    g.do("done", "chit tan")
    assert g.soldier("G1").status is Status.OK
