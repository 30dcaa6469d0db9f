"""Resident memory over many random games in one process (for ``bench/bench_core.py``).

Plays random full games of ``basic`` with combat (``playout.play_to_end``, ``SeededDice``) and
reads the resident set from /proc/self/statm after ``gc.collect()``: after the first
``--early`` games and at the end (``--games`` games, or fewer if ``--budget`` seconds run out).
Prints one JSON object. Run: python bench/rss_games.py [--games 1000] [--early 10] [--budget 120]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import time


def rss_kb() -> int:
    with open("/proc/self/statm") as f:
        resident = int(f.read().split()[1])
    return resident * os.sysconf("SC_PAGE_SIZE") // 1024


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--early", type=int, default=10)
    p.add_argument("--budget", type=float, default=120.0, help="seconds; stop early (and say so) when spent")
    a = p.parse_args()

    from firepower_tui.headless.playout import play_to_end
    from firepower_tui.rules.model.dice import SeededDice
    from firepower_tui.rules.scenario.load import load_scenario
    from firepower_tui.rules.basic.sequence import new_game

    scenario = load_scenario("basic")
    gc.collect()
    out: dict[str, object] = {"rss_start_kb": rss_kb()}
    t0 = time.perf_counter()
    played = unfinished = 0
    for seed in range(a.games):
        state = play_to_end(new_game(scenario), random.Random(seed), SeededDice(seed))
        unfinished += not state.over
        del state
        played += 1
        if played == a.early:
            gc.collect()
            out["rss_early_kb"] = rss_kb()
            out["early"] = played
            out["early_seconds"] = time.perf_counter() - t0
        if played >= a.early and time.perf_counter() - t0 > a.budget:
            break
    gc.collect()
    out.update(rss_end_kb=rss_kb(), games=played, wanted=a.games, unfinished=unfinished,
               seconds=time.perf_counter() - t0, budget_hit=played < a.games)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
