"""Benchmarks of LOS and fire. Run: python bench/bench_combat.py

Targets: one LOS query across the basic map, median under 30 us; one full fire resolution
(LOS, modifiers, an LMG's 3 bursts), under 300 us.
"""

from __future__ import annotations

import random
import statistics
import time

from firepower_tui.rules import engine
from firepower_tui.rules.basic import los
from firepower_tui.rules.model.actions import DrawChit, Fire, StartImpulse
from firepower_tui.rules.model.dice import SeededDice
from firepower_tui.rules.board.hexgrid import Facing, hex_from_id
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.basic.sequence import new_game
from firepower_tui.rules.model.types import Posture


def bench_los(n: int = 4000) -> tuple[float, float, float]:
    state = new_game(load_scenario("basic"))
    hexes = state.scenario.map.hexes()
    rng = random.Random(1)
    pairs = [(rng.choice(hexes), rng.choice(hexes)) for _ in range(n)]
    cold, warm = [], []
    for a, b in pairs:
        state.scenario.map.los_cache.clear()
        los._relative_traces.clear()
        t0 = time.perf_counter()
        los.los_query(state, a, b)
        cold.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        los.los_query(state, a, b)
        warm.append(time.perf_counter() - t0)
    return statistics.median(cold) * 1e6, statistics.median(warm) * 1e6, max(cold) * 1e6


def lmg_state():  # noqa: ANN201
    """T2 (LMG) at D5 facing S; three Green men in D13, eight hexes off past two tree hexes (hindrance),
    prone in scrub (concealment), one of them running."""
    sc = load_scenario("basic")
    state = new_game(sc)
    moved = []
    for s in state.soldiers:
        if s.id == "T2":
            moved.append(s.evolve(hex=hex_from_id("D5"), facing=Facing.S))
        elif s.id in ("G1", "G2", "G6"):
            moved.append(s.evolve(hex=hex_from_id("D13"), posture=Posture.PRONE, running=s.id == "G6"))
        else:
            moved.append(s)
    state = state.evolve(soldiers=tuple(moved))
    dice = SeededDice(1)
    state, _ = engine.apply(state, DrawChit(side="tan"), dice)
    state, _ = engine.apply(state, StartImpulse(hex=hex_from_id("D5")), dice)
    return state


def bench_fire(n: int = 2000) -> float:
    state = lmg_state()
    action = Fire(soldier="T2", targets=("G1", "G2", "G6"))
    assert engine.check(state, action) is None, engine.check(state, action)
    dice = SeededDice(7)
    times = []
    for _ in range(n):
        state.scenario.map.los_cache.clear()
        los._relative_traces.clear()
        t0 = time.perf_counter()
        engine.apply(state, action, dice)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e6


def bench_los_in_play(n: int = 4000) -> float:
    """Steady state: random pairs after the relative traces of the map were computed once."""
    state = new_game(load_scenario("basic"))
    hexes = state.scenario.map.hexes()
    rng = random.Random(2)
    state.scenario.map.los_cache.clear()
    for a in hexes[:48]:
        for b in hexes:
            los.los_query(state, a, b)
    pairs = [(rng.choice(hexes), rng.choice(hexes)) for _ in range(n)]
    times = []
    for a, b in pairs:
        state.scenario.map.los_cache.clear()  # only the per-offset table stays warm
        t0 = time.perf_counter()
        los.los_query(state, a, b)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e6


def main() -> None:
    cold, warm, worst = bench_los()
    print(f"LOS query, random pairs on the basic map: median {cold:.1f} us uncached (max {worst:.0f} us), "
          f"{warm:.1f} us with the pair's trace cached (target < 30 us)")
    print(f"LOS query in play (per-offset traces warm, pair cache cold): median {bench_los_in_play():.1f} us")
    print(f"full fire resolution, LMG 3 bursts (check + LOS + modifiers + 12 dice), trace uncached: "
          f"median {bench_fire():.0f} us (target < 300 us)")


if __name__ == "__main__":
    main()
