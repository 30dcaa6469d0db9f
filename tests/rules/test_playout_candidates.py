"""The random player keeps each man's MF candidates by his id, facing and posture
(``playout._MF_CANDIDATES``): that holds only while ``engine.candidate_actions`` depends on
nothing else. Checked at every position of random games on every shipped map, with the optional
rules on and off: a candidate that came to depend on the state (his MF, the terrain, a
neighbour) would make this fail."""

from __future__ import annotations

import random

import pytest

from firepower_tui.headless import playout
from firepower_tui.rules import engine
from firepower_tui.rules.dice import SeededDice
from firepower_tui.rules.scenario import load_scenario
from firepower_tui.rules.sequence import new_game
from firepower_tui.rules.types import IMPLEMENTED_RULES


@pytest.mark.parametrize("name", ["basic", "village", "meeting"])
@pytest.mark.parametrize("rules", [(), tuple(sorted(IMPLEMENTED_RULES))])
def test_kept_candidates_are_the_engines(name: str, rules: tuple[str, ...]) -> None:
    scenario = load_scenario(name)
    checked = 0
    for seed in range(2):
        state = new_game(scenario, rules=rules)
        rng, dice = random.Random(seed), SeededDice(seed)
        for _ in range(1500):
            if state.over:
                break
            if state.impulse and state.pending is None:
                playout._moves(state)  # (fills the kept candidates of the men of the impulse)
                for sid in state.group:
                    s = state.soldier(sid)
                    assert s is not None
                    kept = playout._MF_CANDIDATES.get((sid, s.facing, s.posture))
                    if kept is not None:
                        assert kept == tuple(engine.candidate_actions(state, sid)), (sid, state.turn)
                        checked += 1
            state, _ = engine.apply_trusted(state, playout.random_action(state, rng), dice)
    assert checked > 100
