"""This checkout against an earlier commit, in one run: the figures a player and the computer
meet, each version timed by its own benchmarks, alternating, so the machine's drift lands on
both alike.

    python bench/compare.py REF [--rounds N] [--quick]

REF is any commit of this clone's history (``git archive`` takes its package, scenarios and
benchmarks into a temporary folder; both run on the packages installed here). Each round runs,
for REF and then for this checkout:

- ``bench_core.py --only frame,takeback,games``: the first frame against a bare Textual app's
  (80x24 and 120x40), ``z`` after 10 and 100 turns, resume of a 100-turn game against a new
  game's first frame, and random full games of basic per second;
- ``bench_ai.py --quick --only hard_normal``: the computer's decision time at p95 (normal and
  hard, the games of one pair per scenario).

Each figure keeps its best round (the highest rate, the lowest time or ratio); the table gives
REF's, ours, and ours / REF's (for games per second, REF's / ours, so above 1.00 is always
worse). docs/performance.md holds the figures of the last run.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from baseline import ROOT, extract, _figures

CORE_KEYS = "frame,takeback,games"
AI_KEYS = "hard_normal"
HIGHER = {"games_per_s"}
"""Figures where more is better."""
SHOWN = ("frame_80x24", "frame_120x40", "takeback_10_ms", "takeback_100_ms", "resume_100_ratio", "games_per_s",
         "time_normal", "time_hard")


def _round(code: Path, env: dict[str, str], quick: bool) -> dict[str, float]:
    figures = _figures(code, quick, env, CORE_KEYS)
    figures |= _figures(code, True, env, AI_KEYS, bench="bench_ai.py")
    return figures


def main() -> int:
    ap = argparse.ArgumentParser(description="This checkout against an earlier commit, alternating in one run.")
    ap.add_argument("ref", help="the commit to compare with (any name git knows)")
    ap.add_argument("--rounds", type=int, default=2, help="rounds, each running both (default 2)")
    ap.add_argument("--quick", action="store_true", help="bench_core's quick settings (a smoke run)")
    o = ap.parse_args()
    runs: dict[str, dict[str, list[float]]] = {"ref": {}, "ours": {}}
    with tempfile.TemporaryDirectory(prefix="firepower-ref-") as tmp:
        old = extract(Path(tmp), o.ref)
        base = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        for i in range(o.rounds):
            for name, code in (("ref", old), ("ours", ROOT)):
                print(f"round {i + 1}/{o.rounds}: {name}", file=sys.stderr, flush=True)
                for key, value in _round(code, base | {"PYTHONPATH": str(code)}, o.quick).items():
                    runs[name].setdefault(key, []).append(value)
    best = {name: {k: (max(v) if k in HIGHER else min(v)) for k, v in figs.items()} for name, figs in runs.items()}
    print(f"{'figure':<20} {o.ref[:10]:>10} {'ours':>10} {'worse by':>9}")
    for key in SHOWN:
        ref, ours = best["ref"].get(key), best["ours"].get(key)
        if ref is None or ours is None:
            print(f"{key:<20} {'-' if ref is None else f'{ref:.3g}':>10} {'-' if ours is None else f'{ours:.3g}':>10}")
            continue
        worse = ref / ours if key in HIGHER else ours / ref
        print(f"{key:<20} {ref:>10.3g} {ours:>10.3g} {worse:>8.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
