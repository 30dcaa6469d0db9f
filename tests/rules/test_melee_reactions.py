"""Melee reactions (optional rule, RULES.md §9.7): hold, stand and shoot, fall back."""

from __future__ import annotations

import pytest

from firepower_tui.rules import engine
from firepower_tui.rules.model.dice import ScriptedDice
from firepower_tui.rules.model.events import FellBack, MeleeCalledOff, MeleeFought, ReactionOpened, Rolled
from firepower_tui.rules.board.hexgrid import hex_from_id
from firepower_tui.rules.engine.notation import format_action, parse_action
from firepower_tui.rules.model.types import ReactionKind, Status
from tests.conftest import optional_game, set_soldier

MEN = ["T1 tan RFL B4 S", "T2 tan RFL B4 S", "G1 green RFL B5 N", "G2 green RFL B5 N"]


def charged(dice: list[int], men: list[str] = MEN, line: str = "melee T1,T2 B5"):
    g = optional_game(men, ["melee_reactions"], dice=ScriptedDice(dice))
    g.do("chit tan", "impulse B4", line)
    return g


@pytest.mark.rule("§9.7")
def test_a_declared_melee_waits_for_the_defenders() -> None:
    g = charged([])
    assert g.events[-1] == ReactionOpened(kind=ReactionKind.MELEE, side="green", trigger="T1", hex=hex_from_id("B5"),
                                          answerers=("G1", "G2"), rule="§9.7")
    assert [format_action(a) for a in engine.legal_actions(g.state)] == [
        "hold", "stand-and-shoot G1 T1", "stand-and-shoot G1 T2", "stand-and-shoot G2 T1", "stand-and-shoot G2 T2",
        "fall-back"]
    assert g.refusal("end").rule == "§9.7"


@pytest.mark.rule("§9.7")
def test_hold_fights_the_melee_as_declared() -> None:
    g = charged([5])
    events = g.do("hold")
    assert any(isinstance(e, MeleeFought) and e.winner == "attackers" for e in events)
    assert g.soldier("G1").killed and g.soldier("T1").hex == hex_from_id("B5")


@pytest.mark.rule("§9.7")
def test_stand_and_shoot_fires_first_with_plus_one_and_uses_his_combat_action() -> None:
    g = charged([10, 10, 10, 1])
    a = engine.assess(g.state, parse_action("stand-and-shoot G1 T1"))
    assert [(m.label, m.value, m.rule) for m in a.bursts[0].breakdown.modifiers] == [
        ("hasty fire (stand and shoot)", 1, "§9.7")]
    events = g.do("stand-and-shoot G1 T1")
    shots = [e for e in events if isinstance(e, Rolled) and e.purpose.startswith("fire: G1")]
    assert len(shots) == 3 and all(s.modifiers == a.bursts[0].breakdown.modifiers for s in shots)
    assert g.soldier("G1").combat_used
    assert g.soldier("T1").status is Status.SUPPRESSED  # automatic fire into B4 (6.4.1); still in the melee
    assert any(isinstance(e, MeleeFought) and e.attackers == ("T1", "T2") for e in events)


@pytest.mark.rule("§9.7")
def test_killed_attackers_drop_out_and_with_none_left_there_is_no_melee() -> None:
    g = charged([1, 1, 1], men=["T1 tan RFL B4 S", "T9 tan RFL J1 S", "G1 green RFL B5 N"], line="melee T1 B5")
    events = g.do("stand-and-shoot G1 T1")
    assert g.soldier("T1").killed and MeleeCalledOff(hex=hex_from_id("B5")) in events
    assert not any(isinstance(e, MeleeFought) for e in events) and g.state.pending is None
    g2 = charged([1, 1, 1, 5])
    events = g2.do("stand-and-shoot G1 T1")
    fought = next(e for e in events if isinstance(e, MeleeFought))
    assert fought.attackers == ("T2",)


@pytest.mark.rule("§9.7")
def test_stand_and_shoot_refusals() -> None:
    g = charged([])
    set_soldier(g, "G1", status=Status.STUNNED)
    assert g.refusal("stand-and-shoot G1 T1").rule == "§9.7"
    set_soldier(g, "G2", combat_used=True)
    r = g.refusal("stand-and-shoot G2 T1")
    assert r.rule == "§9.7" and "combat action" in r.reason
    assert g.refusal("stand-and-shoot T1 G1").rule == "§9.7"
    g2 = charged([], men=["T1 tan RFL B4 S", "G1 green RFL B5 S"], line="melee T1 B5")
    assert g2.refusal("stand-and-shoot G1 T1").rule == "6.3.3"  # he faces away: ruling R44


@pytest.mark.rule("§9.7")
def test_fall_back_steps_them_back_suppressed_and_the_attackers_take_the_hex() -> None:
    g = charged([])
    events = g.do("fall-back")
    b5, b6 = hex_from_id("B5"), hex_from_id("B6")
    assert [e for e in events if isinstance(e, FellBack)] == [
        FellBack(soldier="G1", origin=b5, to=b6), FellBack(soldier="G2", origin=b5, to=b6)]
    assert all(g.soldier(s).hex == b6 and g.soldier(s).status is Status.SUPPRESSED for s in ("G1", "G2"))
    t1 = g.soldier("T1")
    assert t1.hex == b5 and t1.halted and t1.combat_used and not g.dice.calls  # no melee, no die
    assert g.refusal("move T1").rule == "6.5.3"


@pytest.mark.rule("§9.7")
def test_who_cannot_fall_back_holds_and_is_fought() -> None:
    men = MEN[:3] + ["G2 green RFL B5 N", "G3 green RFL B6 N"]
    g = charged([5], men=men)  # B6 holds G3, a friend: they may go there
    g.do("fall-back")
    assert g.soldier("G1").hex == hex_from_id("B6")
    men2 = MEN + ["T3 tan RFL B6 N"]  # an enemy behind them
    g2 = charged([], men=men2)
    r = g2.refusal("fall-back")
    assert r.rule == "§9.7" and "B6 holds an enemy" in r.reason
    g3 = charged([5])
    set_soldier(g3, "G2", status=Status.STUNNED)
    events = g3.do("fall-back")
    assert FellBack(soldier="G2", origin=hex_from_id("B5"), to=None, why="he is Stunned") in events
    fought = next(e for e in events if isinstance(e, MeleeFought))
    assert fought.defenders == ("G2",) and g3.soldier("G2").killed


@pytest.mark.rule("§9.7")
def test_stunned_attackers_drop_out_too() -> None:
    g = charged([10, 10, 10, 5])
    set_soldier(g, "T1", status=Status.STUNNED)  # say a grenade had stunned him meanwhile
    events = g.do("stand-and-shoot G1 T2")
    assert next(e for e in events if isinstance(e, MeleeFought)).attackers == ("T2",)
