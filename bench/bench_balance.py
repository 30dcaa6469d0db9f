"""Whether each scenario is fair: the computer against itself, both side assignments, many seeds.

Run:  nice -n 10 python bench/bench_balance.py [SCENARIO ...] [--games N] [--quick] [--jobs N]
                                               [--level LEVEL] [--seed-base N] [--json FILE]

  SCENARIO      scenario ids or files (default: every scenario of the balanced set, BALANCED)
  --games N     games per scenario (default 200; rounded up to an even number): N/2 seeds, each
                played twice with the two players' side assignments swapped
  --quick       a smoke run: 4 games per scenario (the slow tests run it)
  --jobs N      processes playing the games (default 2; each is niced by 10)
  --level L     the computer's level for both sides (default expert, the strongest there is)
  --seed-base N the first seed (default 0)
  --json FILE   also write the figures as JSON

Each game: player A (``Opponent(level, seed)``) and player B (``Opponent(level, seed + 7919)``)
play seed ``seed`` with the dice ``SeededDice(1000 + seed)``, A with the first side of the file,
then again with A on the second side. A side's match score is (wins + draws / 2) / games, with
its 95 % Wilson interval; the target is each side's score within 40-60 %.

Exit status: 0 when every scenario was measured (in the band or not), 1 when a game failed.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import sys
import tempfile
import time
import traceback
from dataclasses import asdict, dataclass, field
from pathlib import Path

os.environ.setdefault("XDG_CACHE_HOME", tempfile.mkdtemp(prefix="firepower-bench-balance-"))

from firepower_tui.players.match import play_match  # noqa: E402
from firepower_tui.players.opponent import Opponent  # noqa: E402
from firepower_tui.rules.basic.sequence import new_game  # noqa: E402
from firepower_tui.rules.model.dice import SeededDice  # noqa: E402
from firepower_tui.rules.scenario.load import load_scenario  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_ai import wilson  # noqa: E402  (the 95 % Wilson interval; a draw counted as half)

BALANCED = ("ambush", "bunkers", "crossing", "withdrawal", "crossroads", "recon")
"""The scenarios made to be fair, each measured in docs/scenarios.md."""
BAND = (0.40, 0.60)
"""Each side's match score must lie in this band."""
@dataclass
class Balance:
    """One scenario's games, counted by side."""

    scenario: str
    sides: tuple[str, str]
    wins: dict[str, int] = field(default_factory=dict)
    draws: int = 0
    unfinished: int = 0
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def games(self) -> int:
        return sum(self.wins.values()) + self.draws

    def score(self, side: str) -> float:
        """The side's match score: a win 1, a draw 1/2."""
        return (self.wins.get(side, 0) + self.draws / 2) / max(1, self.games)

    def interval(self, side: str) -> tuple[float, float]:
        return wilson(self.wins.get(side, 0) + self.draws / 2, self.games)

    @property
    def fair(self) -> bool:
        """Each side's score within the band (so, with two sides, both are)."""
        return self.games > 0 and not self.errors and all(BAND[0] <= self.score(s) <= BAND[1] for s in self.sides)


def play_one(task: tuple[str, str, int, bool]) -> tuple[str, int, bool, str | None, bool, str]:
    """One seeded game: (scenario, seed, swapped, the winning side or None, finished, error)."""
    scenario, level, seed, swapped = task
    try:
        state = new_game(load_scenario(scenario))
        first, second = state.sides
        a_side, b_side = (second, first) if swapped else (first, second)
        a = Opponent(a_side, level, seed=seed)
        b = Opponent(b_side, level, seed=seed + 7919)
        result = play_match(state, {a_side: a.choose, b_side: b.choose}, SeededDice(1000 + seed), limit=8000)
    except Exception as exc:  # noqa: BLE001 - one broken game is reported, the others still count
        return scenario, seed, swapped, None, False, f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}"
    return scenario, seed, swapped, result.winner, result.finished, ""


def _init_worker(nice: int) -> None:
    if nice:
        try:
            os.nice(nice)
        except OSError:
            pass


def progress(done: int, total: int, started: float, label: str) -> None:
    """A one-line progress bar on stderr: the share done, the games, the time and what is playing."""
    width = 30
    filled = width * done // max(1, total)
    elapsed = time.perf_counter() - started
    eta = elapsed / done * (total - done) if done else 0.0
    print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, {elapsed:.0f} s, "
          f"about {eta:.0f} s left  {label:<14}", end="" if done < total else "\n", file=sys.stderr, flush=True)


def measure(scenarios: list[str], games: int, *, level: str = "expert", jobs: int = 2, seed_base: int = 0,
            nice: int = 10, show: bool = True) -> list[Balance]:
    """Play ``games`` games (rounded up to even) of each scenario and count them by side."""
    seeds = range(seed_base, seed_base + (games + 1) // 2)
    tasks = [(sc, level, seed, swapped) for sc in scenarios for seed in seeds for swapped in (False, True)]
    out: dict[str, Balance] = {}
    for sc in scenarios:
        spec = load_scenario(sc).spec
        out[sc] = Balance(scenario=sc, sides=(spec.sides[0].id, spec.sides[1].id))
    started = time.perf_counter()
    if show:
        progress(0, len(tasks), started, "")
    if jobs > 1:
        pool = multiprocessing.get_context("fork").Pool(jobs, initializer=_init_worker, initargs=(nice,))
        results = pool.imap_unordered(play_one, tasks)
    else:
        _init_worker(nice)
        pool = None
        results = map(play_one, tasks)
    try:
        for done, (sc, seed, swapped, winner, finished, error) in enumerate(results, 1):
            b = out[sc]
            b.seconds = time.perf_counter() - started
            if error:
                b.errors.append(f"seed {seed}{' swapped' if swapped else ''}: {error}")
            elif winner is None:
                b.draws += 1
            else:
                b.wins[winner] = b.wins.get(winner, 0) + 1
            if not finished and not error:
                b.unfinished += 1
            if show:
                progress(done, len(tasks), started, sc)
                if b.games + len(b.errors) == 2 * len(seeds) and done < len(tasks):
                    print(f"\n{report([b]).splitlines()[-1]}", file=sys.stderr, flush=True)  # kept if the run stops
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return list(out.values())


def report(balances: list[Balance]) -> str:
    """The figures as a table: each side's score with its 95 % interval, and the verdict."""
    rows = ["| scenario | games | first side: score (95 % CI) | second side: score (95 % CI) | draws | verdict |",
            "| --- | ---: | --- | --- | ---: | --- |"]
    for b in balances:
        cells = []
        for side in b.sides:
            lo, hi = b.interval(side)
            cells.append(f"{side} {100 * b.score(side):.1f} % ({100 * lo:.0f}-{100 * hi:.0f} %)")
        verdict = "ERROR" if b.errors else "PASS" if b.fair else "MISS"
        rows.append(f"| {b.scenario} | {b.games} | {cells[0]} | {cells[1]} | {b.draws} | {verdict} |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Each scenario's balance: the computer against itself, both ways.")
    p.add_argument("scenarios", nargs="*", help=f"scenario ids or files (default: {', '.join(BALANCED)})")
    p.add_argument("--games", type=int, default=None, help="games per scenario (default 200; --quick 4)")
    p.add_argument("--quick", action="store_true", help="a smoke run: 4 games per scenario")
    p.add_argument("--jobs", type=int, default=2, help="processes playing the games (default 2)")
    p.add_argument("--level", default="expert", help="the computer's level for both sides (default expert)")
    p.add_argument("--seed-base", type=int, default=0, help="the first seed (default 0)")
    p.add_argument("--json", type=Path, help="write the figures to this file")
    p.add_argument("--no-nice", action="store_true", help="do not lower the players' priority")
    o = p.parse_args(argv)
    scenarios = o.scenarios or list(BALANCED)
    games = o.games or (4 if o.quick else 200)
    started = time.perf_counter()
    balances = measure(scenarios, games, level=o.level, jobs=o.jobs, seed_base=o.seed_base,
                       nice=0 if o.no_nice else 10)
    total = time.perf_counter() - started
    print(f"firepower-tui scenario balance ({'quick' if o.quick else 'full'} run: {o.level} against {o.level}, "
          f"{games} games per scenario, both side assignments, seeds from {o.seed_base}; {total:.0f} s, "
          f"{o.jobs} process(es); Python {platform.python_version()}, {os.cpu_count()} CPUs; target: each side's "
          f"score {100 * BAND[0]:.0f}-{100 * BAND[1]:.0f} %)")
    print(report(balances))
    for b in balances:
        for e in b.errors[:3]:
            print(f"{b.scenario}: {e}", file=sys.stderr)
    if o.json:
        o.json.write_text(json.dumps({
            "level": o.level, "games": games, "seed_base": o.seed_base, "seconds": round(total, 1), "quick": o.quick,
            "scenarios": [asdict(b) | {"score": {s: b.score(s) for s in b.sides},
                                       "wilson95": {s: b.interval(s) for s in b.sides}, "fair": b.fair}
                          for b in balances]}, indent=2) + "\n", encoding="utf-8")
    return 1 if any(b.errors for b in balances) else 0


if __name__ == "__main__":
    sys.exit(main())
