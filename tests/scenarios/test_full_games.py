"""Every scenario plays a whole game of seeded random legal actions to its end, with a result."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from firepower_tui.headless.playout import play_to_end
from firepower_tui.rules.model.dice import SeededDice
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.basic.sequence import new_game

ROOT = Path(__file__).resolve().parents[2]
CASES = [(p.stem, False) for p in sorted((ROOT / "scenarios").glob("*.toml"))] + [("basic", True)]


@pytest.mark.parametrize(("scenario_id", "deploy"), CASES, ids=[f"{s}{'-deploy' if d else ''}" for s, d in CASES])
@pytest.mark.parametrize("seed", [1, 2])
def test_full_game_to_a_result(scenario_id: str, deploy: bool, seed: int) -> None:
    state = new_game(load_scenario(scenario_id), deploy=deploy)
    end = play_to_end(state, random.Random(seed), SeededDice(seed))
    assert end.over and end.result
    assert end.phase == "play" and not end.undeployed()
    assert end.winner in (None, *end.sides)
