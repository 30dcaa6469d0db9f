"""What the random player and the listing of an open reaction's answers keep, with the optional
rules on (§9.1, §9.2, §9.4, §9.5), against the same lists built afresh at every position of random
games: the MF candidates with the ``watch`` after them, a lone man's §9.4 candidates, the men
skipped for §9.4 and §9.5 as having none, and the answers to hit the dirt. A kept list that came to
depend on something else would change the seeded games only now and then; these would fail."""

from __future__ import annotations

import pytest

from firepower_tui.headless import playout
from firepower_tui.rules import engine
from firepower_tui.rules.model.actions import ANSWERS, Action, Watch
from firepower_tui.rules.engine.registry import KINDS
from firepower_tui.rules.optional.special_barrage import special_candidates
from firepower_tui.rules.model.state import GameState
from firepower_tui.rules.model.types import IMPLEMENTED_RULES, ReactionKind, RuleId
from firepower_tui.rules.optional.weapons_rule import pickup_candidates, repair_candidates, swap_candidates
from tests.conftest import random_positions

ALL = tuple(sorted(IMPLEMENTED_RULES))


def _moves_afresh(state: GameState) -> list[Action]:
    """``playout._moves`` with nothing kept and every man asked every rule's candidates."""
    out: list[Action] = []
    for sid in state.group:
        s = state.soldier(sid)
        if s is None or s.killed or not s.mf_left:
            continue
        out += engine.candidate_actions(state, sid)
        if RuleId.OVERWATCH in state.rules:
            out.append(Watch(soldier=sid))
        if RuleId.WEAPONS in state.rules:
            out += [*pickup_candidates(state, s), *swap_candidates(state, s), *repair_candidates(state, s)]
        if RuleId.SPECIAL_WEAPONS in state.rules:
            out += special_candidates(state, s)
    return out


def _answers_afresh(state: GameState) -> list[Action]:
    """Every candidate of every answer's kind that :func:`engine.check` accepts, in table order."""
    return [a for kind in KINDS if kind.action in ANSWERS for a in kind.candidates(state, None)
            if engine.check(state, a) is None]


@pytest.mark.rule("§9.4")
@pytest.mark.parametrize("name", ["basic", "village", "meeting"])
@pytest.mark.parametrize("rules", [ALL, ("overwatch",), ("weapons", "special_weapons")])
def test_kept_moves_are_the_fresh_ones(name: str, rules: tuple[str, ...]) -> None:
    checked = 0
    for state in random_positions(name, rules, range(3), 2500):
        if state.impulse and state.pending is None and state.active is not None:
            assert playout._moves(state) == _moves_afresh(state), (name, state.turn)
            checked += 1
    assert checked > 100


@pytest.mark.rule("§9.2")
@pytest.mark.parametrize("name", ["basic", "village", "meeting"])
def test_kept_answers_are_the_fresh_ones(name: str) -> None:
    checked = 0
    for state in random_positions(name, ALL, range(4), 3000):
        if state.pending is not None:
            fresh = _answers_afresh(state)
            assert engine.legal_actions(state) == fresh, (name, state.pending)
            assert engine.legal_actions(state) == fresh  # (kept, the second time)
            checked += state.pending.kind is ReactionKind.HIT_THE_DIRT
    assert checked > 10
