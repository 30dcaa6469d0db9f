"""Whose decision it is (rules/basic/turn.py): read by the hand-over, the computer opponent and
networked play, so it must agree with what the engine accepts."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from firepower_tui.headless.playout import random_action
from firepower_tui.rules import engine
from firepower_tui.rules.model.actions import Buy, Choose, Deployed, Place, Ready
from firepower_tui.rules.model.dice import SeededDice
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.basic.sequence import new_game
from firepower_tui.rules.basic.turn import deciders, nobodys_decision
from firepower_tui.rules.model.state import GameState
from firepower_tui.rules.model.types import Phase


def _owner(state, action) -> str | None:  # type: ignore[no-untyped-def]
    """The side an action is sent for, where the action says it."""
    if isinstance(action, Buy | Ready):
        return action.side
    if isinstance(action, Place):
        s = state.soldier(action.soldier)
        return s.side if s is not None else None
    if isinstance(action, Deployed):
        return state.placer
    if isinstance(action, Choose):
        return state.decider
    return None


def _random_game(scenario: str, seed: int) -> Iterator[GameState]:
    """Each state of a game played by random legal actions (seeded), its end included."""
    rng, dice = random.Random(seed), SeededDice(seed)
    state = new_game(load_scenario(scenario))
    for _ in range(3000):
        yield state
        if state.over:
            return
        state, _ = engine.apply(state, random_action(state, rng), dice)


@pytest.mark.rule("§10.2")
@pytest.mark.parametrize("scenario", ["meeting", "defence", "basic"])
def test_every_random_action_is_a_deciders(scenario: str) -> None:
    """Through whole random games: each action naming a side is that side's to send, an open
    reaction is the reacting side's alone, an impulse the active side's, and the game over is nobody's."""
    rng, dice = random.Random(7), SeededDice(7)
    state = new_game(load_scenario(scenario))
    seen: set[str] = set()
    for _ in range(3000):
        if state.over:
            break
        who = deciders(state)
        assert who, (state.phase, state.setup_step)
        action = random_action(state, rng)
        owner = _owner(state, action)
        if owner is not None:
            assert owner in who, (action, who)
            seen.add(type(action).__name__)
        if state.phase == Phase.PLAY and state.pending is not None:
            assert who == {state.pending.side}
        elif state.phase == Phase.PLAY and state.active is not None:
            assert who == {state.active}
        state, _ = engine.apply(state, action, dice)
    assert state.over and deciders(state) == frozenset()
    if scenario == "meeting":
        assert {"Buy", "Ready", "Place", "Choose"} <= seen


@pytest.mark.rule("§10.3")
def test_a_ready_side_no_longer_decides() -> None:
    dice = SeededDice(1)
    state = new_game(load_scenario("meeting"))
    assert deciders(state) == frozenset(state.sides)
    side = state.sides[0]
    buy = next(a for a in engine.legal_actions(state, kinds=(Buy,)) if isinstance(a, Buy) and a.side == side)
    state, _ = engine.apply(state, buy, dice)
    state, _ = engine.apply(state, Ready(side=side), dice)
    assert deciders(state) == frozenset(state.sides) - {side}


@pytest.mark.rule("§10.2")
def test_the_decision_rule_follows_the_game() -> None:
    """The rule a refusal cites when the other side's player tries to act: buying, deploying,
    the open reaction's, else the impulse phase's."""
    from firepower_tui.rules.basic.turn import decision_rule

    seen: set[str] = set()
    for state in _random_game("meeting", 3):
        if state.over:
            break
        rule = decision_rule(state)
        seen.add(rule)
        if state.phase == Phase.FORCES:
            assert rule == "§10.3"
        elif state.phase == Phase.DEPLOY:
            assert rule == "§10.2"
        elif state.pending is not None:
            assert rule == state.pending.kind.rule
        else:
            assert rule == "6.2"
    assert {"§10.3", "§10.2", "6.2"} <= seen


@pytest.mark.rule("6.1")
def test_a_chit_draw_or_a_roll_off_is_nobodys_decision() -> None:
    """Through a random meeting game (buying, the §10.2 rolls, play): the chit draw (6.1) and the
    roll-off (§10.2) are named as nobody's decision; both sides buying (§10.3), a side placing or
    choosing, an impulse and an open reaction are a side's."""
    seen: set[str | None] = set()
    for state in _random_game("meeting", 3):
        if state.over:
            break
        words = nobodys_decision(state)
        seen.add(words)
        if state.phase == Phase.PLAY:
            assert (words == "chit draw") == (state.active is None and state.pending is None)
        elif state.phase == Phase.DEPLOY:
            assert (words == "roll-off") == (deciders(state) == frozenset(state.sides))
        else:
            assert words is None  # buying: each side's own (§10.3)
    assert state.over and nobodys_decision(state) is None
    assert {"chit draw", "roll-off", None} <= seen

