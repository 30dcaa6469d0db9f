"""Two terminals, one game: how fast the waiting player's screen follows the other's
commit, and what a waiting player costs while nothing happens.

Run:  python bench/bench_net.py [--samples N] [--idle SECONDS] [--json FILE]

Figures (target):
  latency   a commit by the other player (this process plays Tan's end of the game through
            games.shared.SharedGame: it stores a move, then its take-back, in turn) until the
            Green player's screen (``firepower join``, in a pty read through pyte) shows it:
            the move's log line appearing, then leaving. Median and p90           median <= 100 ms
  idle      CPU of the waiting Green player over --idle seconds while nothing is stored,
            from /proc/<pid>/stat (utime + stime)                                      <= 1 %

The game is `basic` with seed 3 in a temporary store (XDG_* point into a temporary folder).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from pty_harness import PtyApp  # noqa: E402

from firepower_tui.games.service import new_game  # noqa: E402
from firepower_tui.games.shared import SharedGame  # noqa: E402
from firepower_tui.games.store import Store  # noqa: E402
from firepower_tui.rules.engine.notation import parse_action  # noqa: E402
from firepower_tui.rules.scenario.load import load_scenario  # noqa: E402


def cpu_seconds(pid: int) -> float:
    """utime + stime of a process, in seconds (/proc/<pid>/stat fields 14 and 15)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_until(app: PtyApp, shown: bool, needle: str, timeout: float = 5.0) -> float:
    """Pump ``app`` until ``needle`` is (``shown``) or is not on its screen; the time it happened."""
    end = time.perf_counter() + timeout
    while (needle in app.text()) != shown:
        if time.perf_counter() > end:
            raise TimeoutError(f"{needle!r} {'not shown' if shown else 'still shown'} after {timeout}s:\n{app.text()}")
        app.pump(0.002)
    return time.perf_counter()


def percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def main() -> int:
    p = argparse.ArgumentParser(description="Two terminals, one game: propagation latency and idle CPU.")
    p.add_argument("--samples", type=int, default=40, help="commits to time (half moves, half take-backs)")
    p.add_argument("--idle", type=float, default=10.0, help="seconds of idle CPU measurement")
    p.add_argument("--json", type=Path, help="also write the figures as JSON")
    o = p.parse_args()
    tmp = tempfile.mkdtemp(prefix="firepower-bench-net-")
    for var in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        os.environ[var] = os.path.join(tmp, var.lower())
    db = Path(tmp) / "games.db"
    store = Store(db)
    _, game_id = new_game(store, load_scenario("basic"), 3)
    store.release(game_id)
    tan = SharedGame(store, game_id, "tan")
    session = tan.open()
    for line in ("chit tan", "impulse K2"):  # Tan's impulse phase: Green waits
        assert session.submit(parse_action(line)).ok, line
    green = PtyApp(["join", str(game_id), "--side", "green", "--db", str(db)], cols=100, rows=30)
    latencies: list[float] = []
    try:
        green.wait_for("Waiting for Tan", timeout=60)
        green.wait_for("impulse 1/2 K2")
        green.settle(0.3)
        needle = "T1 enters K3 from K2"
        for i in range(o.samples):
            line = "move T1" if i % 2 == 0 else "undo"
            out = session.submit(parse_action(line)) if line != "undo" else session.undo()
            committed = time.perf_counter()
            assert out.ok, (line, out.refusal)
            seen = wait_until(green, i % 2 == 0, needle)
            latencies.append(seen - committed)
            green.settle(0.15)  # the frame is complete and the screen quiet before the next commit
        green.settle(0.5)
        c0, t0 = cpu_seconds(green.pid), time.perf_counter()
        green.pump(o.idle)
        idle = (cpu_seconds(green.pid) - c0) / (time.perf_counter() - t0)
    finally:
        green.close()
        store.close()
    median, p90 = statistics.median(latencies), percentile(latencies, 0.9)
    rows = [
        ("commit -> other screen, median", f"{median * 1000:.1f} ms", "<= 100 ms", "PASS" if median <= 0.1 else "MISS"),
        ("commit -> other screen, p90", f"{p90 * 1000:.1f} ms", "-", ""),
        ("commit -> other screen, max", f"{max(latencies) * 1000:.1f} ms", "-", ""),
        ("idle CPU of the waiting player", f"{idle * 100:.2f} %", "<= 1 %", "PASS" if idle <= 0.01 else "MISS"),
    ]
    head = ("figure", "value", "target", "")
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(4)]
    print(f"firepower-tui two terminals ({len(latencies)} commits, {o.idle:.0f} s idle)")
    for r in [head, tuple("-" * w for w in widths), *rows]:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    if o.json:
        o.json.write_text(json.dumps({"latency_ms": [round(x * 1000, 2) for x in latencies],
                                      "median_ms": median * 1000, "p90_ms": p90 * 1000, "idle_cpu": idle}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
