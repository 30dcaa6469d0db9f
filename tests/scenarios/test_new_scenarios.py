"""The scenarios made to be fair (docs/scenarios.md): each validates, names what each side must
do, and plays to its end between two computer players with every optional rule it names on."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from firepower_tui.players.match import play_match
from firepower_tui.players.opponent import Opponent
from firepower_tui.rules.basic.sequence import new_game
from firepower_tui.rules.model.dice import SeededDice
from firepower_tui.rules.scenario.load import list_problems, load_scenario

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from bench_balance import BALANCED  # noqa: E402

RULES = {
    "ambush": {"hiding", "hit_the_dirt"},
    "bunkers": {"buildings", "special_weapons"},
    "crossing": {"buildings", "overwatch", "special_weapons"},
    "withdrawal": {"overwatch", "hit_the_dirt"},
    "crossroads": {"buildings", "weapons", "melee_reactions"},
    "recon": {"hiding", "overwatch"},
}


def test_six_new_scenarios_ten_in_all() -> None:
    assert set(BALANCED) == set(RULES)
    assert len(list((ROOT / "scenarios").glob("*.toml"))) >= 10


@pytest.mark.rule("§10.1")
@pytest.mark.parametrize("name", sorted(RULES))
def test_each_validates_with_its_rules_and_says_what_each_side_must_do(name: str) -> None:
    path = ROOT / "scenarios" / f"{name}.toml"
    assert list_problems(path.read_text(encoding="utf-8")) == []
    spec = load_scenario(name).spec
    assert set(spec.rules) == RULES[name]
    for side in spec.sides:  # the description speaks to each side by name
        assert f"{side.id.capitalize()} must" in " ".join(spec.description.split()), side.id


@pytest.mark.slow
@pytest.mark.rule("§10.5")
@pytest.mark.parametrize("name", sorted(RULES))
def test_each_plays_to_its_end_with_every_rule_it_names(name: str) -> None:
    state = new_game(load_scenario(name))
    assert state.rules == frozenset(RULES[name])
    a, b = state.sides
    players = {a: Opponent(a, "easy", seed=1).choose, b: Opponent(b, "easy", seed=2).choose}
    result = play_match(state, players, SeededDice(5), limit=20000)
    assert result.finished and result.state.over and result.state.result
    assert result.winner in (None, a, b)
