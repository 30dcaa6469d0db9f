"""The random player keeps each man's MF candidates by his id, facing and posture
(``playout._MF_CANDIDATES``): that holds only while ``engine.candidate_actions`` depends on
nothing else. Checked at every position of random games on every shipped map, with the optional
rules on and off: a candidate that came to depend on the state (his MF, the terrain, a
neighbour) would make this fail."""

from __future__ import annotations

import pytest

from firepower_tui.headless import playout
from firepower_tui.rules import engine
from firepower_tui.rules.model.types import IMPLEMENTED_RULES
from tests.conftest import random_positions


@pytest.mark.parametrize("name", ["basic", "village", "meeting"])
@pytest.mark.parametrize("rules", [(), tuple(sorted(IMPLEMENTED_RULES))])
def test_kept_candidates_are_the_engines(name: str, rules: tuple[str, ...]) -> None:
    checked = 0
    for state in random_positions(name, rules, range(2), 1500):
        if state.impulse and state.pending is None:
            playout._moves(state)  # (fills the kept candidates of the men of the impulse)
            for sid in state.group:
                s = state.soldier(sid)
                assert s is not None
                kept = playout._MF_CANDIDATES.get((sid, s.facing, s.posture))
                if kept is not None:
                    assert kept == tuple(engine.candidate_actions(state, sid)), (sid, state.turn)
                    checked += 1
    assert checked > 100
