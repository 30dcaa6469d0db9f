"""Where the first frame's time goes: bench_core.py's first-frame figure split into parts, each as
a ratio to a bare Textual app measured in the same run (interleaved), in the same pty + pyte.

Run:  python bench/frame_parts.py [--runs N] [--size 80x24]

Rows (time from fork to the app's text on the screen, median of N):
  bare              bench/bare_app.py: Python + Textual + one Static
  + scenario        bench/bare_rules_app.py scenario: + load_scenario("basic") (from the cache
                    of checked scenarios, filled by the untimed warm-up run; no pydantic)
  + rules           bench/bare_rules_app.py rules: + the rest of the rules core the game imports,
                    a new game and its first chit draw (the game's whole rules share)
  game              `firepower play basic --seed 7` to "Tan's impulse phase"

"game - + rules" is then the game's own share (UI, store, controller); "+ rules - bare" the rules
core's. The machine is shared and noisy: compare ratios of one run, and repeat.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_core import BARE_APP, BARE_READY, NEW_GAME_READY, PY, new_game_argv, time_to_screen  # noqa: E402

BARE_RULES = HERE / "bare_rules_app.py"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=9)
    p.add_argument("--size", default="80x24")
    o = p.parse_args()
    cols, rows = (int(x) for x in o.size.split("x"))
    variants = {
        "bare": (lambda: [PY, str(BARE_APP)], BARE_READY),
        "+ scenario": (lambda: [PY, str(BARE_RULES), "scenario"], BARE_READY),
        "+ rules": (lambda: [PY, str(BARE_RULES), "rules"], BARE_READY),
        "game": (new_game_argv, NEW_GAME_READY),
    }
    for argv, needle in variants.values():  # warm the disk cache (and check each starts), untimed
        time_to_screen(argv(), needle, cols, rows)
    times: dict[str, list[float]] = {k: [] for k in variants}
    names = list(variants)
    for i in range(o.runs):
        for name in names[i % len(names):] + names[:i % len(names)]:
            argv, needle = variants[name]
            times[name].append(time_to_screen(argv(), needle, cols, rows))
    med = {k: statistics.median(v) for k, v in times.items()}
    bare = med["bare"]
    print(f"first frame, {cols}x{rows}, medians of {o.runs} (interleaved), ratios to the bare app of this run")
    print(f"{'':12} {'ms':>6} {'ratio':>6} {'step':>7}")
    prev = None
    for name in names:
        step = "" if prev is None else f"{(med[name] - med[prev]) / bare:+.2f}x"
        print(f"{name:12} {med[name] * 1000:6.0f} {med[name] / bare:6.2f} {step:>7}")
        prev = name
    return 0


if __name__ == "__main__":
    sys.exit(main())
