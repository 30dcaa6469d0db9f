"""The ``village`` scenario (RULES.md §10.5): houses, a walled yard, a stream and items, held by Green."""

from __future__ import annotations

import random

import pytest

from firepower_tui.headless.playout import play_to_end
from firepower_tui.rules.model.dice import SeededDice
from firepower_tui.rules.scenario.options import AVAILABLE
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.basic.sequence import new_game


@pytest.mark.rule("§10.5")
def test_village_loads_with_its_rules_and_hold_victory() -> None:
    sc = load_scenario("village")
    spec = sc.spec
    assert spec.turns == 8
    assert set(spec.rules) == {"buildings", "special_weapons", "weapons", "hiding"}
    assert spec.victory == "hold" and spec.defender == "green" and spec.objectives
    assert [s.id for s in spec.sides] == ["tan", "green"]
    assert spec.buildings and all(b.doors and b.windows for b in spec.buildings)
    assert spec.walls and spec.map.water
    assert all(s.hex is not None for s in spec.soldiers)  # fixed forces, fixed set-up
    assert any(s.items for s in spec.soldiers) and spec.barrages
    for key in ("§9.3", "§9.4", "§9.5", "§9.6", "§10.4"):
        assert key in spec.description
    state = new_game(sc)
    assert state.rules == frozenset(spec.rules)


@pytest.mark.rule("§10.5")
@pytest.mark.parametrize("seed", [3])
def test_village_plays_to_the_end_with_every_rule_on(seed: int) -> None:
    state = new_game(load_scenario("village"), rules=AVAILABLE)
    assert state.rules == frozenset(AVAILABLE)
    end = play_to_end(state, random.Random(seed), SeededDice(seed))
    assert end.over and end.result
    assert end.winner in (None, *end.sides)
