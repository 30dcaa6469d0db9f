"""The hooks planned per rule set (:mod:`.hook_plan`) against the general path (:func:`.reactions.apply`),
and the zone of §9.3's reveal (:meth:`.SoldierIndex.near_hidden`) against the distances themselves."""

from __future__ import annotations

import random

import pytest

from firepower_tui.headless.playout import random_action
from firepower_tui.rules import engine, reactions
from firepower_tui.rules.dice import SeededDice
from firepower_tui.rules.hexgrid import hex_distance
from firepower_tui.rules.events import HiddenChanged
from firepower_tui.rules.hexgrid import hex_from_id
from firepower_tui.rules.hiding import NEAR, reveal_near, reveal_near_zone
from firepower_tui.rules.hook_plan import plan_of
from firepower_tui.rules.registry import kind_of
from firepower_tui.rules.scenario import load_scenario
from firepower_tui.rules.sequence import new_game
from firepower_tui.rules.soldier_index import SoldierIndex
from firepower_tui.rules.state import GameState
from firepower_tui.rules.types import IMPLEMENTED_RULES, RuleId
from tests.conftest import set_soldier
from tests.rules.test_hiding import hidden_t1

RULE_SETS = [sorted(IMPLEMENTED_RULES), [RuleId.HIDING], [RuleId.OVERWATCH], [RuleId.HIDING, RuleId.OVERWATCH],
             [RuleId.HIDING, RuleId.SPECIAL_WEAPONS], [RuleId.HIT_THE_DIRT, RuleId.MELEE_REACTIONS],
             [RuleId.BUILDINGS, RuleId.WEAPONS], [RuleId.CLOCK]]


def _near_by_distance(state: GameState, side: str) -> set[object]:
    """§9.3's zone worked out from scratch: every hex within 2 of a living, deployed Hidden enemy."""
    hexes = {s.hex for s in state.soldiers}
    out: set[object] = set()
    for h in state.soldiers:
        if h.hidden and h.side != side and not h.killed and h.deployed:
            out |= {x for x in hexes if hex_distance(x, h.hex) <= NEAR}
    return out


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: ",".join(r))
def test_the_plan_plays_as_the_general_path(rules: list[str]) -> None:
    """Over every position of random games (three scenarios), each action carried out by its
    planned hook gives the state and the events, in order, of :func:`.reactions.apply` with the
    same dice; every soldier's hex is in the kept zone of §9.3 exactly when a living Hidden
    enemy stands within 2 hexes of it (the kept zone also equals one built anew)."""
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
                hooked = plan.get(type(action))
                if hooked is not None:
                    asked += 1
                    general = reactions.apply(state, action, SeededDice(seed * 1000 + asked), kind.apply)
                    planned = hooked(state, action, SeededDice(seed * 1000 + asked), kind.apply)
                    assert planned[0] == general[0] and list(planned[1]) == list(general[1]), action
                state, _ = engine.apply_trusted(state, action, dice)
                if RuleId.HIDING in rules and state.lookup is not None:
                    fresh = SoldierIndex(state.soldiers)
                    for side in state.sides:
                        kept = state.lookup.near_hidden(side, NEAR)
                        assert kept == fresh.near_hidden(side, NEAR)
                        assert {s.hex for s in state.soldiers if s.hex in kept} == _near_by_distance(state, side)
                    hidden = state.marks().hidden
                    assert all(reveal_near_zone(state, s.id, hidden) == reveal_near(state, s.id, hidden)
                               for s in state.soldiers)
    assert asked > 100


@pytest.mark.rule("§9.3")
@pytest.mark.parametrize(("at", "revealed"), [("B5", True), ("B6", False)])
def test_a_turn_within_2_hexes_of_a_hidden_enemy_reveals_him_by_the_plan(at: str, revealed: bool) -> None:
    """G1 turns 2 hexes from the Hidden T1, with LOS: T1 is revealed (3 hexes away: not); the
    turn goes by the planned hook, its zone kept from the state before, and the zone kept after
    it is the one built anew (T1's gone with his marker)."""
    g = hidden_t1(rules=("hiding", "overwatch"))
    g.do("done", "chit green", "impulse B8")
    set_soldier(g, "G1", hex=hex_from_id(at))
    events = g.do("turn G1 NE")
    assert (HiddenChanged(soldier="T1", hidden=False, why="G1 is within 2 hexes with LOS to him") in events) is revealed
    assert g.soldier("T1").hidden is not revealed
    assert g.state.lookup is not None
    kept = g.state.lookup.near_hidden("green", NEAR)
    assert kept == SoldierIndex(g.state.soldiers).near_hidden("green", NEAR)
    assert (hex_from_id("B3") in kept) is not revealed
