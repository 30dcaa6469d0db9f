"""Benchmarks of the rules core. Run: python bench/bench_rules.py

Targets: applying one movement action, median under 50 us; a random legal playout of
the basic scenario (movement only, 10 turns) under 1 s.
"""

from __future__ import annotations

import random
import statistics
import time

from firepower_tui.rules import engine
from firepower_tui.rules.model.actions import DrawChit, EndImpulse, EndPhase, Move, StartImpulse, Turn
from firepower_tui.rules.model.dice import SeededDice
from firepower_tui.rules.board.hexgrid import Facing
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.basic.sequence import new_game


def bench_move(n: int = 5000) -> float:
    sc = load_scenario("basic")
    dice = SeededDice(1)
    state = new_game(sc)
    state, _ = engine.apply(state, DrawChit(side="tan"), dice)
    state, _ = engine.apply(state, StartImpulse(hex=state.soldier("T1").hex), dice)  # type: ignore[union-attr]
    times = []
    actions = [Move(soldier="T1"), Turn(soldier="T1", facing=Facing.N)]
    for i in range(n):
        action = actions[i % 2]
        t0 = time.perf_counter()
        engine.apply(state, action, dice)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e6


def playout(seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    dice = SeededDice(seed)
    state = new_game(load_scenario("basic"))
    steps = 0
    t0 = time.perf_counter()
    while not state.over:
        if state.active is None:
            action: object = DrawChit()
        elif not state.impulse:
            hexes = engine.impulse_hexes(state)
            action = StartImpulse(hex=rng.choice(hexes)) if hexes else EndPhase()
        else:
            options: list[object] = []
            for sid in state.group:
                options += engine.legal_actions(state, sid)
            action = rng.choice(options) if options and rng.random() < 0.95 else EndImpulse()
        state, _ = engine.apply(state, action, dice)
        steps += 1
    return time.perf_counter() - t0, steps


def main() -> None:
    print(f"apply one movement action: median {bench_move():.1f} us (target < 50 us)")
    runs = [playout(seed) for seed in range(5)]
    times = [t for t, _ in runs]
    print(f"random legal playout of basic, movement only, 10 turns: median {statistics.median(times):.3f} s, "
          f"max {max(times):.3f} s, {statistics.median([s for _, s in runs]):.0f} actions (target < 1 s)")


if __name__ == "__main__":
    main()
