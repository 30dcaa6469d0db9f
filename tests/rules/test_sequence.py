"""Sequence of play (RULES.md §2, 6.1, 6.2): chits, housekeeping, impulses, turns, game end."""

from __future__ import annotations

import pytest

from firepower_tui.rules import engine
from firepower_tui.rules.model.actions import DrawChit
from firepower_tui.rules.model.dice import ScriptedDice
from firepower_tui.rules.board.hexgrid import hex_from_id
from firepower_tui.rules.basic.sequence import check_wipe_out
from firepower_tui.rules.model.types import Posture, Status
from tests.conftest import OPEN_8, Game, make_scenario, set_soldier

TWO_SQUADS = ["T1 tan RFL B2 S", "T2 tan RFL B2 S", "T3 tan LMG D2 S", "G1 green RFL B7 N", "G2 green RFL D7 N"]


def game(turns: int = 10, chits: int = 4, dice: object | None = None) -> Game:
    return Game(make_scenario(OPEN_8, TWO_SQUADS, turns=turns, chits=chits), dice)


# --- the cup ------------------------------------------------------------------------------

@pytest.mark.rule("§2.1")
def test_cup_holds_chits_per_side() -> None:
    g = game(chits=3)
    assert g.state.cup_counts() == {"tan": 3, "green": 3}
    assert [c.letter for c in g.state.cup if c.side == "tan"] == ["A", "B", "C"]


@pytest.mark.rule("6.1")
def test_random_draw_uses_the_dice() -> None:
    """A blind draw picks uniformly from the chits left; the pick is a recorded roll."""
    g = game(dice=ScriptedDice([5]))  # the sixth chit of [tan A-D, green A-D] is green B
    (chit,) = [e for e in g.do("chit") if e.event == "chit"]
    assert (chit.side, chit.letter, chit.random) == ("green", "B", True)
    assert g.dice.rolls == [("chit draw", 5)]
    assert g.state.active == "green" and g.state.cup_counts() == {"tan": 4, "green": 3}


@pytest.mark.rule("6.1")
def test_forced_draw_needs_a_chit_in_the_cup() -> None:
    g = game(chits=1)
    g.do("chit tan", "done")
    r = g.refusal("chit tan")
    assert (r.rule, r.reason) == ("6.1", "no Tan chit is left in the cup this turn")


@pytest.mark.rule("6.1")
def test_no_draw_during_a_phase() -> None:
    g = game()
    g.do("chit tan")
    r = g.refusal("chit green")
    assert (r.rule, r.reason) == ("6.1", "Tan's impulse phase is still under way: end it first (done)")


@pytest.mark.rule("6.1")
def test_actions_need_a_phase() -> None:
    g = game()
    r = g.refusal("impulse B2")
    assert (r.rule, r.reason) == ("6.1", "no impulse phase is under way: draw a chit first")


# --- housekeeping 6.1.1-6.1.3 ---------------------------------------------------------------------

@pytest.mark.rule("6.1.2")
def test_suppression_cleared_when_enemy_draws() -> None:
    """The inactive side removes its Suppressed markers when a chit is drawn (A5)."""
    g = game()
    set_soldier(g, "G1", status=Status.SUPPRESSED)
    set_soldier(g, "T1", status=Status.SUPPRESSED)
    events = g.do("chit tan")
    assert g.soldier("G1").status is Status.OK
    assert g.soldier("T1").status is Status.SUPPRESSED  # his own side drew: he stays suppressed
    assert [(e.soldier, e.rule) for e in events if e.event == "status"] == [("G1", "6.1.2")]


@pytest.mark.rule("6.1.2")
def test_stun_not_cleared_by_a_draw() -> None:
    g = game()
    set_soldier(g, "G1", status=Status.STUNNED, posture=Posture.PRONE)
    g.do("chit tan")
    assert g.soldier("G1").status is Status.STUNNED


@pytest.mark.rule("6.1.3")
def test_stunned_become_suppressed_at_end_of_own_phase() -> None:
    g = game()
    set_soldier(g, "T1", status=Status.STUNNED, posture=Posture.PRONE)
    set_soldier(g, "G1", status=Status.STUNNED, posture=Posture.PRONE)
    events = g.do("chit tan", "done")
    assert g.soldier("T1").status is Status.SUPPRESSED
    assert g.soldier("G1").status is Status.STUNNED  # not his side's phase
    assert any(e.event == "status" and e.soldier == "T1" and e.rule == "6.1.3" for e in events)


@pytest.mark.rule("A5")
def test_stun_life_cycle() -> None:
    """Stunned -> (end of own phase) Suppressed -> (next enemy draw) cleared."""
    g = game()
    set_soldier(g, "T1", status=Status.STUNNED, posture=Posture.PRONE)
    g.do("chit tan", "done")
    assert g.soldier("T1").status is Status.SUPPRESSED
    g.do("chit tan", "done")
    assert g.soldier("T1").status is Status.SUPPRESSED
    g.do("chit green")
    assert g.soldier("T1").status is Status.OK


# --- impulses, 6.2 ------------------------------------------------------------------------------

@pytest.mark.rule("6.2")
def test_impulse_activates_everyone_in_the_hex() -> None:
    g = game()
    (event,) = g.do("chit tan", "impulse B2")[1:]
    assert event.soldiers == ("T1", "T2") and g.state.impulse == 1


@pytest.mark.rule("6.2")
def test_only_the_impulse_group_acts() -> None:
    g = game()
    g.do("chit tan", "impulse B2")
    r = g.refusal("move T3")
    assert (r.reason, r.rule) == ("T3 was not in B2 when this impulse began", "6.2")
    assert g.refusal("move G1").reason == "G1 is Green's; this is Tan's impulse phase"


@pytest.mark.rule("6.2")
def test_a_soldier_acts_in_one_impulse_per_phase() -> None:
    """T1 moves from B2 into D2's neighbour... here: T1 walks to C3 then T3's hex impulse excludes him."""
    g = game()
    g.do("chit tan", "impulse B2", "turn T1 SE", "move T1", "turn T1 NE", "move T1", "end")
    assert g.soldier("T1").hex == hex_from_id("D2")  # B2 -> C3 -> D2, where T3 stands
    (started,) = g.do("impulse D2")
    assert started.soldiers == ("T3",)
    assert g.refusal("turn T1 S").reason == "T1 already acted in the other impulse of this phase"


@pytest.mark.rule("6.2")
def test_second_impulse_ends_the_phase() -> None:
    g = game()
    events = g.do("chit tan", "impulse B2", "move T1", "end", "impulse D2", "move T3", "end")
    assert [e.event for e in events][-2:] == ["impulse_end", "phase_end"]
    assert g.state.active is None
    assert events[-1].event == "phase_end"


@pytest.mark.rule("6.2")
def test_hex_whose_men_all_acted_cannot_start_impulse() -> None:
    g = game()
    g.do("chit tan", "impulse B2", "move T1", "end")
    r = g.refusal("impulse B2")
    assert (r.rule, r.reason) == ("6.2", "every Tan soldier in B2 already acted in this phase (one impulse per "
                                         "soldier per phase)")


@pytest.mark.rule("§9.9")
def test_uncommitted_impulse_may_be_switched() -> None:
    g = game()
    g.do("chit tan", "impulse B2")
    events = g.do("impulse D2")
    assert [e.event for e in events] == ["impulse_end", "impulse"]
    assert events[0].counted is False and events[1].number == 1
    g.do("move T3")
    r = g.refusal("impulse B2")
    assert (r.rule, r.reason) == ("§9.9", "impulse 1 in D2 is under way and committed (an MF was spent): end it "
                                          "first (end)")


@pytest.mark.rule("§9.9")
def test_ending_an_unused_impulse_does_not_count() -> None:
    g = game()
    g.do("chit tan", "impulse B2", "end")
    assert g.state.impulses_used == 0
    (started,) = g.do("impulse B2")
    assert started.number == 1


@pytest.mark.rule("6.2")
def test_done_ends_phase_early() -> None:
    g = game()
    events = g.do("chit tan", "impulse B2", "move T1", "done")
    assert [e.event for e in events[-2:]] == ["impulse_end", "phase_end"]
    assert g.state.active is None


# --- turns and the end of the game ---------------------------------------------------------------

def play_out_turn(g: Game) -> list[object]:
    events: list[object] = []
    turn = g.state.turn
    while g.state.turn == turn and not g.state.over:
        side = g.state.cup[0].side
        events += g.do(f"chit {side}", "done")
    return events


@pytest.mark.rule("§2.1")
def test_turn_ends_when_cup_is_empty() -> None:
    g = game(chits=2)
    events = play_out_turn(g)
    assert [e.event for e in events][-2:] == ["turn_end", "turn"]
    assert g.state.turn == 2 and g.state.cup_counts() == {"tan": 2, "green": 2}


@pytest.mark.rule("A27")
def test_markers_survive_turn_end() -> None:
    g = game(chits=1)
    set_soldier(g, "T1", status=Status.SUPPRESSED)
    g.do("chit tan", "done", "chit green", "done")
    # green drew, so T1's suppression came off; re-apply to check the turn boundary
    set_soldier(g, "T2", running=True)
    assert g.state.turn == 2 and g.soldier("T2").running


@pytest.mark.rule("§2.6")
@pytest.mark.rule("§10.4")
def test_game_ends_after_last_turn_by_kills() -> None:
    g = game(turns=1, chits=1)
    g.state = g.state.evolve(kills={"tan": 1, "green": 0})
    events = play_out_turn(g)
    end = events[-1]
    assert end.event == "game_end" and end.winner == "tan"
    assert g.state.over and g.state.winner == "tan"
    r = g.refusal("chit tan")
    assert (r.rule, r.reason) == ("§2.6", "the game is over: turn 1 of 1 is over: Tan killed 1 to Green's 0 (§6)")


@pytest.mark.rule("§6")
@pytest.mark.rule("§10.4")
def test_equal_kills_is_a_draw() -> None:
    g = game(turns=1, chits=1)
    events = play_out_turn(g)
    assert events[-1].event == "game_end" and events[-1].winner is None


@pytest.mark.rule("§2.6")
@pytest.mark.rule("§10.4")
def test_wiped_out_side_loses_at_once() -> None:
    g = game()
    set_soldier(g, "G1", killed=True)
    set_soldier(g, "G2", killed=True)
    state, events = check_wipe_out(g.state)
    assert state.over and state.winner == "tan"
    assert "Green has no soldiers left" in events[0].reason


@pytest.mark.rule("6.1")
def test_phase_with_nobody_able_to_act_ends_at_once() -> None:
    g = game()
    for sid in ("G1", "G2"):
        set_soldier(g, sid, status=Status.STUNNED, posture=Posture.PRONE)
    events = g.do("chit green")
    assert [e.event for e in events] == ["chit", "phase_end", "status", "status"]
    assert g.state.active is None
    assert g.soldier("G1").status is Status.SUPPRESSED  # 6.1.3 ran


def test_draw_check_then_apply_agree() -> None:
    g = game()
    assert engine.check(g.state, DrawChit(side="nobody")) is not None
