"""The app as a player meets it: a pseudo-terminal at 120x40, TERM=xterm-256color, read through
pyte. Run: python bench/bench_tui.py [runs]

Every time is until the bytes that put the awaited text on the screen arrived (a reader thread
stamps them: ``PtyApp(stamped=True)``); pyte's own parsing, which a real terminal does in well
under a millisecond, is printed beside it ("parsed").

Targets: start to first frame median < 0.8 s; cursor move visible < 25 ms median and
< 2.5 KB written; an action with its log entry visible < 50 ms and < 10 KB; RSS < 80 MB.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from pty_harness import PtyApp  # noqa: E402

def first_frame(runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        app = PtyApp(["play", "basic", "--seed", "7"], stamped=True)
        try:
            app.wait_for("Turn 1/10", timeout=30)
            app.wait_for("Tan's impulse phase", timeout=30)
            out.append(app.shown_at - app.started)
        finally:
            app.close()
    return out


def _panel(app: PtyApp) -> str:
    """The hex panel: the right-hand column, lines 7-12."""
    lines = app.screen.display
    return "\n".join(line[app.cols - 26:] for line in lines[6:13])


def move_with_log(runs: int) -> tuple[list[float], list[float], list[int], list[int]]:
    """Start an impulse and move T1 one hex: time until the log shows the move."""
    times, parsed, sizes, rss = [], [], [], []
    for _ in range(runs):
        app = PtyApp(["play", "basic", "--seed", "7"], stamped=True)
        try:
            app.wait_for("Tan's impulse phase", timeout=30)
            app.settle(0.3)
            app.press("enter")
            app.wait_for("impulse 1/2 K2")
            app.settle(0.2)
            before = app.bytes_read
            t0 = app.press("m")
            app.wait_for("T1 enters K3")
            times.append(app.shown_at - t0)
            parsed.append(time.perf_counter() - t0)
            app.settle(0.1)
            sizes.append(app.bytes_read - before)
            rss.append(app.rss_kb())
        finally:
            app.close()
    return times, parsed, sizes, rss


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    sys.setswitchinterval(0.0005)  # the reader thread's stamps late by at most about this
    ff = first_frame(runs)
    print(f"start to first frame: median {statistics.median(ff):.3f} s (runs {', '.join(f'{x:.2f}' for x in ff)}) "
          "target < 0.8 s")
    app = PtyApp(["play", "basic", "--seed", "7"], stamped=True)
    try:
        app.wait_for("Tan's impulse phase", timeout=30)
        app.settle(0.3)
        times, parsed, sizes = [], [], []
        here = "K2"
        for _ in range(40):
            key, there = ("right", "L2") if here == "K2" else ("left", "K2")
            before = app.bytes_read
            t0 = app.press(key)
            while f"{there} " not in _panel(app):
                app.pump(0.0005)
                if time.perf_counter() - t0 > 5:
                    raise TimeoutError(there)
            times.append(app.shown_at - t0)
            parsed.append(time.perf_counter() - t0)
            app.settle(0.06)
            sizes.append(app.bytes_read - before)
            here = there
        print(f"cursor move: median {statistics.median(times) * 1000:.1f} ms ({statistics.median(parsed) * 1000:.1f} ms "
              f"parsed), median {statistics.median(sizes)} B written (max {max(sizes)} B) over {len(times)} moves; "
              "target < 25 ms, < 2.5 KB")
        rss_idle = app.rss_kb()
    finally:
        app.close()
    mt, mp, ms, rss = move_with_log(runs)
    print(f"action with its log entry (move T1): median {statistics.median(mt) * 1000:.1f} ms "
          f"({statistics.median(mp) * 1000:.1f} ms parsed), median {statistics.median(ms)} B written; "
          "target < 50 ms, < 10 KB")
    print(f"resident memory while playing: {max(rss + [rss_idle]) / 1024:.1f} MB; target < 80 MB")


if __name__ == "__main__":
    main()
