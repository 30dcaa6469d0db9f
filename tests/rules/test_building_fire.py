"""Fire into and out of buildings (RULES.md §9.6): the spotting roll, who may be targeted
inside, 2 firers per window a turn, destroyed buildings in the LOS, reaction fire from water,
the high wall's exemption beside it, checkpoints (rulings R73, R78-R81)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firepower_tui.headless.playout import random_action
from firepower_tui.rules import engine
from firepower_tui.rules.optional import spotting
from firepower_tui.rules.model.actions import Fire
from firepower_tui.rules.optional.buildings import damage_building
from firepower_tui.rules.model.dice import ScriptedDice, SeededDice
from firepower_tui.rules.model.events import Fired, Killed, Rolled
from firepower_tui.rules.basic.fire import check_shot
from firepower_tui.rules.board.hexgrid import Facing, direction_between, hex_neighbor
from firepower_tui.rules.board.hexgrid import hex_from_id as H
from firepower_tui.rules.basic.los import los_query
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.basic.sequence import new_game
from firepower_tui.rules.engine.snapshot import state_from_data, state_to_data
from firepower_tui.rules.optional.spotting import exposed
from firepower_tui.rules.board.terrain import Terrain
from tests.rules.test_buildings import place, village


@pytest.mark.rule("§9.6")
def test_a_man_inside_is_a_target_only_after_he_fired_threw_or_meleed() -> None:
    g = village()
    g.do("chit green", "impulse D1")
    assert "has not fired, thrown or meleed" in g.refusal("fire G1 T2").reason
    g.state = g.state.evolve(exposed=(("T2", g.state.turn - 1),))  # since the start of the previous turn
    assert engine.check(g.state, Fire(soldier="G1", targets=("T2",))) is None
    g.state = g.state.evolve(turn=g.state.turn + 1)  # two turns ago: hidden again
    assert "has not fired, thrown or meleed" in g.refusal("fire G1 T2").reason


@pytest.mark.rule("§9.6")
def test_firing_exposes_him_and_counts_the_window() -> None:
    g = village()
    place(g, "T1", "D4", "N")
    g.do("chit tan", "impulse D4")
    events = g.do("fire T1 G1")
    assert any(isinstance(e, Fired) for e in events)
    assert exposed(g.state, "T1") and not exposed(g.state, "T2")
    assert (g.state.turn, "D4:N", "T1") in g.state.window_fire
    assert not spotting.note_combat(g.state.evolve(window_fire=()), [
        Fired(soldier="T1", weapon="HGN", mode="throw", target_hex=H("D1"))], "T1").window_fire  # R79


@pytest.mark.rule("§9.6")
def test_spot_odds_and_a_failed_spot_costs_the_fire_action_and_two_mf() -> None:
    g = village(dice=ScriptedDice([6]))
    g.state = g.state.evolve(exposed=(("T2", 1),))
    g.do("chit green", "impulse D1")
    a = engine.assess(g.state, Fire(soldier="G1", targets=("T2",)))
    assert a.spot is not None and (a.spot.need, a.spot.chance, a.spot.need_rule) == (5, 0.5, "§9.6")
    seen = a.bursts[0].kill_chance
    assert a.expected_kills == pytest.approx(0.5 * seen)
    assert a.kill_distribution[0] == pytest.approx(1 - 0.5 * seen)
    events = g.do("fire G1 T2")
    assert [type(e) for e in events if isinstance(e, (Rolled, Fired))] == [Rolled]
    roll = next(e for e in events if isinstance(e, Rolled))
    assert roll.need_rule == "§9.6" and roll.purpose.startswith("spot")
    g1 = g.soldier("G1")
    assert g1.combat_used and g1.mf_spent == 2 and not g.soldier("T2").killed


@pytest.mark.rule("§9.6")
def test_a_successful_spot_then_the_shot() -> None:
    g = village(dice=ScriptedDice([5, 1, 9, 9, 9]))
    g.state = g.state.evolve(exposed=(("T2", 1),))
    g.do("chit green", "impulse D1")
    events = g.do("fire G1 T2 semi")
    rolls = [e for e in events if isinstance(e, Rolled)]
    assert rolls[0].purpose.startswith("spot") and rolls[0].result == "spotted"
    assert any(isinstance(e, Killed) for e in events)


@pytest.mark.rule("§9.6")
def test_no_spotting_within_the_same_building() -> None:
    g = village()
    facing = direction_between(H("E4"), H("D4"))
    assert facing is not None
    place(g, "G1", "E4", facing.name)
    g.do("chit green", "impulse E4")
    action = Fire(soldier="G1", targets=("T2",))
    assert engine.check(g.state, action) is None  # he never fired: no matter inside
    assert engine.assess(g.state, action).spot is None


@pytest.mark.rule("§9.6")
def test_at_most_two_firers_through_one_window_a_turn() -> None:
    g = village()
    place(g, "T1", "D4", "N")
    turn = g.state.turn
    g.state = g.state.evolve(window_fire=((turn, "D4:N", "T7"), (turn, "D4:N", "T8")))
    g.do("chit tan", "impulse D4")
    refusal = g.refusal("fire T1 G1")
    assert refusal.rule == "§9.6" and "through the window D4:N" in refusal.reason
    g.state = g.state.evolve(window_fire=((turn - 1, "D4:N", "T7"), (turn, "D4:N", "T8")))  # last turn's
    assert engine.check(g.state, Fire(soldier="T1", targets=("G1",))) is None


@pytest.mark.rule("§9.6")
def test_reaction_fire_from_water_is_refused_too() -> None:
    g = village()
    place(g, "T1", "H7", "N")
    place(g, "G1", "H4", "S")
    refusal = check_shot(g.state, g.soldier("T1"), Fire(soldier="T1", targets=("G1",)))
    assert refusal is not None and "in water" in refusal.reason


@pytest.mark.rule("§9.6")
def test_a_high_wall_does_not_block_the_man_beside_it() -> None:
    g = village()
    far = hex_neighbor(hex_neighbor(H("B7"), Facing.NE), Facing.NE)
    behind = hex_neighbor(H("B7"), Facing.SW)
    assert not los_query(g.state, behind, far).clear  # across the wall B7:NE from behind it
    assert los_query(g.state, H("B7"), far).clear  # beside it, he looks over it (R73)
    assert los_query(g.state, far, H("B7")).clear


@pytest.mark.rule("§9.6")
def test_a_destroyed_building_is_rubble_for_los_cover_and_movement() -> None:
    g = village()
    state, _ = damage_building(g.state, H("D4"), 3)
    assert los_query(state, H("D4"), H("B4")).clear and los_query(state, H("D1"), H("D5")).clear
    from firepower_tui.rules.optional.buildings import map_in_play
    ruined = map_in_play(state)
    assert ruined.terrain[H("D4")] is Terrain.ROUGH and H("D4") in ruined.features.rubble  # type: ignore[union-attr]
    assert map_in_play(state) is ruined  # kept: its own LOS cache
    assert g.state.scenario.map.terrain[H("D4")] is Terrain.OPEN  # the scenario's map is unchanged


@pytest.mark.rule("§9.6")
def test_checkpoints_keep_damage_exposure_and_windows() -> None:
    g = village()
    state, _ = damage_building(g.state, H("E4"), 1)
    state = state.evolve(exposed=(("T2", 1),), window_fire=((1, "D4:N", "T2"),))
    data = state_to_data(state)
    back = state_from_data(data, state.scenario)
    assert (back.building_damage, back.exposed, back.window_fire) == (
        state.building_damage, state.exposed, state.window_fire)
    for key in ("building_damage", "exposed", "window_fire"):
        del data[key]
    old = state_from_data(data, state.scenario)  # an older checkpoint: none of them
    assert (old.building_damage, old.exposed, old.window_fire) == ((), (), ())


@pytest.mark.rule("§9.6")
def test_a_checkpoint_s_exposure_is_read_one_entry_a_man_in_order() -> None:
    """A checkpoint written out of order, or with a man twice (by hand, by another program), is
    read as note_combat keeps it: sorted, the last entry of a man counting, so the next fire
    updates his entry instead of leaving an older one to be read."""
    g = village()
    data = state_to_data(g.state)
    data["exposed"] = [["T2", 1], ["G1", 1], ["T2", 2]]
    back = state_from_data(data, g.state.scenario)
    assert back.exposed == (("G1", 1), ("T2", 2))


@pytest.mark.rule("§9.6")
def test_the_odds_query_shows_the_spot() -> None:
    from firepower_tui.rules.engine.describe import describe_odds
    g = village()
    g.state = g.state.evolve(exposed=(("T2", 1),))
    g.do("chit green", "impulse D1")
    text = describe_odds(engine.assess(g.state, Fire(soldier="G1", targets=("T2",))))
    assert "spot: G1 at D4: d10 <= 5 [§9.6]: 50%" in text


@pytest.mark.rule("§9.6")
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000))
def test_random_play_in_the_village_keeps_the_fire_clauses(seed: int) -> None:
    """Every fire from outside at a man inside followed a successful spot at a man who had
    fired, thrown or meleed since the previous turn; no window had a third firer in a turn."""
    from tests.conftest import ALL_OPTIONAL
    from tests.rules.test_buildings import VILLAGE as PATH

    rng, dice = random.Random(seed), SeededDice(seed)
    state = new_game(load_scenario(PATH), rules=ALL_OPTIONAL)
    for _ in range(400):
        if state.over:
            return
        before = state
        state, events = engine.apply(state, random_action(state, rng), dice)
        for i, e in enumerate(events):
            if not isinstance(e, Fired) or not e.targets:
                continue
            firer, target = before.soldier(e.soldier), before.soldier(e.targets[0])
            assert firer is not None and target is not None
            if spotting._hidden_inside(before, firer, target):
                assert exposed(before, target.id)
                spot = events[i - 1]
                assert isinstance(spot, Rolled) and spot.purpose.startswith("spot") and spot.outcome == "hit"
        per_window = Counter((turn, side) for turn, side, _ in state.window_fire)
        assert all(n <= 2 for n in per_window.values())
