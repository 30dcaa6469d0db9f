"""Invariants under random legal play (Hypothesis): MF bounds, refusals change nothing, on the map."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firepower_tui.rules import engine
from firepower_tui.rules.model.actions import ChangePosture, DrawChit, EndImpulse, EndPhase, Move, StartImpulse, Turn
from firepower_tui.rules.model.dice import SeededDice
from firepower_tui.rules.model.errors import IllegalActionError
from firepower_tui.rules.board.hexgrid import Facing
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.basic.sequence import new_game
from firepower_tui.rules.model.state import GameState
from firepower_tui.rules.model.types import Posture

BASIC = load_scenario("basic")


def random_step(state: GameState, rng: random.Random, dice: SeededDice) -> GameState:
    if state.active is None:
        action: object = DrawChit()
    elif not state.impulse:
        hexes = engine.impulse_hexes(state)
        action = StartImpulse(hex=rng.choice(hexes)) if hexes and rng.random() < 0.9 else EndPhase()
    else:
        options: list[object] = [EndImpulse()]
        for sid in state.group:
            options += engine.legal_actions(state, sid)
        action = rng.choice(options) if rng.random() < 0.9 else EndImpulse()
    assert engine.check(state, action) is None
    return engine.apply(state, action, dice)[0]


def check_invariants(state: GameState) -> None:
    gmap = state.scenario.map
    for s in state.soldiers:
        assert gmap.on_map(s.hex)
        assert 0 <= state.mf_left(s) <= s.allowance <= 4
        assert s.mf_spent <= 4
        line = gmap.line_at(s.hex)
        assert (s.fence_side is None) == (line is None)
    for h in {s.hex for s in state.living()}:
        assert len({s.side for s in state.soldiers_at(h)}) == 1  # enemies never share a hex (§3.8)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000))
def test_random_legal_play_keeps_invariants(seed: int) -> None:
    rng = random.Random(seed)
    dice = SeededDice(seed)
    state = new_game(BASIC)
    for _ in range(150):
        if state.over:
            break
        state = random_step(state, rng, dice)
        check_invariants(state)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["T1", "T2", "G1", "G5"]), st.integers(0, 3))
def test_refused_actions_change_nothing(seed: int, sid: str, pick: int) -> None:
    rng = random.Random(seed)
    dice = SeededDice(seed)
    state = new_game(BASIC)
    for _ in range(rng.randrange(40)):
        if state.over:
            return
        state = random_step(state, rng, dice)
    candidates = [Move(soldier=sid), Turn(soldier=sid, facing=Facing(pick)),
                  ChangePosture(soldier=sid, posture=list(Posture)[pick % 3]), StartImpulse(hex=state.soldiers[pick].hex)]
    for action in candidates:
        refusal = engine.check(state, action)
        if refusal is not None:
            assert refusal.rule and refusal.reason
            rolled, dice_state = len(dice.calls), dice.generator_state()
            with pytest.raises(IllegalActionError) as raised:
                engine.apply(state, action, dice)
            assert raised.value.refusal == refusal
            assert len(dice.calls) == rolled and dice.generator_state() == dice_state  # no die was rolled
