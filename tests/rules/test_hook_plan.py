"""The hooks planned per rule set (:mod:`.hook_plan`) against the general path (:func:`.reactions.apply`)."""

from __future__ import annotations

import random

import pytest

from firepower_tui.headless.playout import random_action
from firepower_tui.rules import engine
from firepower_tui.rules.optional import reactions
from firepower_tui.rules.model.dice import SeededDice
from firepower_tui.rules.model.events import HiddenChanged
from firepower_tui.rules.board.hexgrid import hex_from_id
from firepower_tui.rules.engine.hook_plan import plan_of
from firepower_tui.rules.engine.registry import kind_of
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.basic.sequence import new_game
from firepower_tui.rules.model.types import IMPLEMENTED_RULES, RuleId
from tests.conftest import set_soldier
from tests.rules.test_hiding import hidden_t1

RULE_SETS = [sorted(IMPLEMENTED_RULES), [RuleId.HIDING], [RuleId.OVERWATCH], [RuleId.HIDING, RuleId.OVERWATCH],
             [RuleId.HIDING, RuleId.SPECIAL_WEAPONS], [RuleId.HIT_THE_DIRT, RuleId.MELEE_REACTIONS],
             [RuleId.BUILDINGS, RuleId.WEAPONS], [RuleId.CLOCK]]


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: ",".join(r))
def test_the_plan_plays_as_the_general_path(rules: list[str]) -> None:
    """Over every position of random games (three scenarios), each action carried out by its
    planned hook gives the state and the events, in order, of :func:`.reactions.apply` with the
    same dice."""
    plan = plan_of(frozenset(rules))
    if rules == [RuleId.CLOCK]:
        assert plan is None  # (the phase clock alone: the basic game)
        return
    assert plan is not None
    asked = 0
    for name, seeds in (("basic", 3), ("meeting", 2), ("village", 1)):
        for seed in range(seeds):
            state = new_game(load_scenario(name), rules=rules)
            rng, dice = random.Random(seed), SeededDice(seed)
            while not state.over:
                action = random_action(state, rng)
                kind = kind_of(action)
                assert kind is not None
                asked += 1  # (every kind of action has its hook in the plan)
                general = reactions.apply(state, action, SeededDice(seed * 1000 + asked), kind.apply)
                planned = plan[type(action)](state, action, SeededDice(seed * 1000 + asked))
                assert planned[0] == general[0] and list(planned[1]) == list(general[1]), action
                state, _ = engine.apply_trusted(state, action, dice)
    assert asked > 100


@pytest.mark.rule("§9.3")
@pytest.mark.parametrize(("at", "revealed"), [("B5", True), ("B6", False)])
def test_a_turn_within_2_hexes_of_a_hidden_enemy_reveals_him_by_the_plan(at: str, revealed: bool) -> None:
    """G1 turns 2 hexes from the Hidden T1, with LOS: T1 is revealed (3 hexes away: not); the
    turn goes by the planned hook (:mod:`.hook_plan` asks LOS only of a Hidden enemy within 2)."""
    g = hidden_t1(rules=("hiding", "overwatch"))
    g.do("done", "chit green", "impulse B8")
    set_soldier(g, "G1", hex=hex_from_id(at))
    events = g.do("turn G1 NE")
    assert (HiddenChanged(soldier="T1", hidden=False, why="G1 is within 2 hexes with LOS to him") in events) is revealed
    assert g.soldier("T1").hidden is not revealed


@pytest.mark.rule("§9.3")
def test_the_hiding_hexes_are_the_maps_own_whichever_map_was_asked_last() -> None:
    """:func:`.hiding.hiding_hexes` (what :func:`.hiding.mark_hidden` asks before anything else)
    is every hex :func:`.hiding.hiding_hex` accepts, for one map after another and back."""
    from firepower_tui.rules.optional.hiding import hiding_hex, hiding_hexes

    states = [new_game(load_scenario(name), rules=[RuleId.HIDING]) for name in ("basic", "meeting", "village")]
    states.append(hidden_t1().state)
    for state in states + states[::-1]:
        gmap = state.scenario.map
        assert hiding_hexes(state) == {h for h in gmap.terrain if hiding_hex(state, h)}
