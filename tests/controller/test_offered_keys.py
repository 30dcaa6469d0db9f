"""The keys the footer offers and the hexes the map marks are the engine's answers
(:mod:`firepower_tui.controller.legal`), not a second copy of the rules in the controller."""

from __future__ import annotations

from firepower_tui.controller import Controller
from firepower_tui.controller.keymap import VIEW_INTENTS, Intent
from firepower_tui.rules import engine
from firepower_tui.rules.model.actions import Cross, Move
from firepower_tui.rules.board.hexgrid import hex_from_id
from firepower_tui.rules.model.types import Posture
from tests.controller.test_controller import in_impulse, placing

MF_KEYS = {Intent.MOVE, Intent.TURN_LEFT, Intent.TURN_RIGHT, Intent.TURN_TO, Intent.STAND, Intent.CROUCH,
           Intent.PRONE, Intent.CROSS}


def offered(c: Controller) -> set[Intent]:
    return {i for i in Intent if i not in VIEW_INTENTS and c.can(i)}


def test_no_mf_left_no_mf_keys() -> None:
    """6.2.8: a man who has spent his MF is offered no MF action; ending the impulse still is."""
    c = in_impulse("T1 tan RFL B4 S", "G1 green RFL J9 N", at="B4")
    assert {Intent.MOVE, Intent.TURN_LEFT, Intent.PRONE} <= offered(c)
    assert c.move().ok and c.turn_right().ok and c.turn_left().ok and c.posture(Posture.PRONE).ok
    assert c.state.mf_left(c.soldier()) == 0
    assert not offered(c) & MF_KEYS
    assert Intent.END_IMPULSE in offered(c) and Intent.END_PHASE in offered(c)
    assert c.highlights().move_target is None
    refused = c.move()  # pressed anyway (a script, a test): the engine's refusal, as data
    assert refused.refusal == engine.check(c.state, Move(soldier="T1")) and refused.refusal.rule == "6.2.8"


def test_a_move_the_engine_refuses_is_not_offered() -> None:
    """Prone on the N side of a fence, facing S: moving is refused (cross first, 6.2.3), crossing is not."""
    c = in_impulse("T1 tan RFL B4 S prone N", "G1 green RFL B8 N", at="B4", fences='{ hex = "B4", axis = "E-W" }')
    assert engine.check(c.state, Move(soldier="T1")) is not None and engine.check(c.state, Cross(soldier="T1")) is None
    assert Intent.MOVE not in offered(c) and Intent.CROSS in offered(c)
    assert c.highlights().move_target is None
    assert c.cross().ok
    assert Intent.MOVE in offered(c) and c.highlights().move_target == hex_from_id("B5")


def test_aim_keys_need_something_to_aim_at() -> None:
    """Fire is offered when some fire is legal; here nobody is in arc, range and LOS, but a grenade
    may be thrown at an empty hex in front, and nobody stands in front to melee."""
    c = in_impulse("T1 tan RFL B4 N", "G1 green RFL B8 N", at="B4")
    assert Intent.AIM_FIRE not in offered(c) and Intent.AIM_MELEE not in offered(c)
    assert Intent.AIM_THROW in offered(c)
    c.turn_to(c.soldier().facing.turned(3))  # about face: G1 is now in arc
    assert Intent.AIM_FIRE in offered(c)


def test_end_of_placement_is_offered_once_a_man_is_placed() -> None:
    """§10.2: at least one man is placed in each placement."""
    c = placing()
    assert Intent.END_IMPULSE not in offered(c)
    zone = sorted(c.highlights().place_hexes)
    assert zone
    c.cursor = zone[0]
    assert c.select().ok
    assert Intent.END_IMPULSE in offered(c)


def test_the_guards_ask_the_engine_once_per_state(monkeypatch) -> None:
    """The footer asks on every key: a cursor move (the state unchanged) asks the engine nothing."""
    c = in_impulse("T1 tan RFL B4 S", "G1 green RFL B8 N", at="B4")
    offered(c)
    calls: list[object] = []
    real_checker, real_iter = engine.checker, engine.iter_legal_actions
    monkeypatch.setattr(engine, "checker", lambda *a, **k: calls.append(a) or real_checker(*a, **k))
    monkeypatch.setattr(engine, "iter_legal_actions", lambda *a, **k: calls.append(a) or real_iter(*a, **k))
    for step in ("n", "s", "ne", "sw"):
        c.move_cursor(step)
        offered(c)
        c.highlights()
    assert calls == []
    assert c.move().ok
    offered(c)
    assert calls  # a new state: asked afresh


def test_more_mf_after_firing_is_offered_while_he_has_them() -> None:
    """6.3.6.2.7: 4 MF, 2 to fire: he may declare at most 2 more; the third + is not offered."""
    c = in_impulse("T1 tan RFL B2 S", "G1 green RFL B8 N", at="B2")
    assert c.aim_fire().ok
    for _ in range(2):
        assert Intent.MORE_THEN in offered(c)
        c.dispatch(Intent.MORE_THEN)
    assert Intent.MORE_THEN not in offered(c) and Intent.LESS_THEN in offered(c)
    assert c.preview()[1] is None  # fire with 2 MF declared: allowed
