"""The computer opponent's strength and speed, each against its target.

Run:  python bench/bench_ai.py [--quick] [--pairs N] [--seed-base N] [--json FILE] [--only KEY,...] [--jobs N]
                                [--think SECONDS]

  --quick       a smoke run: one pair of games per scenario
  --pairs N     game pairs per scenario (default 5; --quick 1)
  --seed-base N the first seed (default 0): seeds N .. N+pairs-1, to check a change on games it
                was not tuned on
  --json FILE   also write the figures as JSON
  --only KEYS   run only some figures (keys: random, heuristic, hard_normal, expert_hard, expert_random,
                expert_heuristic, advice, review)
  --think S     the expert's seconds a decision (default 1)
  --jobs N      N processes play the games (the same games, the same figures but the times; give
                at most one a core: the decision times are then still one core's)

Every game is seeded (the dice, the players) and played on ``basic``, ``meeting`` and
``defence`` (forces bought and deployment included where the scenario has them), in pairs:
the same seed twice with the sides swapped. Two figures are kept for each foe, each with its
95 % Wilson score interval:
  win rate  wins / games: a draw counts as a game not won (the targets against random and the
            heuristic player, "wins")
  score     (wins + draws / 2) / games, a match's score as chess engines and tournaments count
            it: the measure of "hard beats normal", for 50 % is where two equal players meet
            only on a score that shares each draw (on the win rate two equal players each stay
            under 50 % by half the draws: with a third of the games drawn, about 33 % each).
            A draw's half gives the score less spread than a win-or-not, so the Wilson interval
            of the score is, if anything, too wide (it errs on the side of "not met").

Figures (target):
  random       normal vs the uniformly random legal player (headless.playout)   wins >= 95 %
  heuristic    hard vs the scripted heuristic player (players.heuristic)        wins >= 65 %
  hard_normal  hard vs normal: the score's Wilson lower bound                           > 50 %
  time_normal  p95 seconds per decision at normal (every Opponent.choose call)  <= 0.2 s
  time_hard    p95 seconds per decision at hard                               <= 1 s
  expert_hard  expert vs hard: the score's Wilson lower bound (also on village)      > 55 %
  expert_random, expert_heuristic  expert's win rate, the games not won listed     100 %
  time_expert  p95 seconds per decision at expert (max reported)             <= --think
  time_advice  p95 seconds of an advice (every third decision of hard-vs-hard games)  <= 1 s
  time_review  the review of a 10-turn basic game, both sides, one process         <= 60 s
  (the time figures come from the games of the others; one process, one core)

Exit status: 0 when every figure was measured (PASS or MISS), 1 when one failed (ERROR rows).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import platform
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("XDG_CACHE_HOME", tempfile.mkdtemp(prefix="firepower-bench-ai-"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from figures import Figure, exit_status, table, write_json  # noqa: E402

from firepower_tui.headless.playout import random_action  # noqa: E402
from firepower_tui.players.heuristic import Heuristic  # noqa: E402
from firepower_tui.players.match import Chooser, play_match  # noqa: E402
from firepower_tui.players.opponent import Opponent  # noqa: E402
from firepower_tui.rules.model.dice import SeededDice  # noqa: E402
from firepower_tui.rules.scenario.load import load_scenario  # noqa: E402
from firepower_tui.rules.basic.sequence import new_game  # noqa: E402

SCENARIOS = ("basic", "meeting", "defence")
EXPERT_SCENARIOS = ("basic", "meeting", "defence", "village")
"""The expert's games are played on these (its measures name village besides)."""
THINK = 1.0
"""The expert's seconds a decision (``--think``)."""
TUNED_ON = (1000, 1035)
"""The seeds the expert's margins (players.opponent.MARGIN, START_MARGIN) and weights were chosen on: a
measure on them is not held out (the output says so)."""
Z95 = 1.959963984540054


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (``wins`` may count a draw as half)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + Z95 ** 2 / n
    mid = (p + Z95 ** 2 / (2 * n)) / den
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


@dataclass
class Tally:
    """Games of the computer (``ours``) against a foe."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    unfinished: int = 0
    times: dict[str, list[float]] = field(default_factory=dict)
    per_scenario: dict[str, list[int]] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    """The games not won: scenario, seed, side and outcome."""

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        """A match's score: a win 1, a draw 1/2."""
        return self.wins + self.draws / 2

    def interval(self, score: bool = False) -> tuple[float, float]:
        """The win rate's (or the ``score``'s) 95 % Wilson interval."""
        return wilson(self.points if score else self.wins, self.games)

    def summary(self) -> str:
        lo, hi = self.interval()
        slo, shi = self.interval(score=True)
        n = max(1, self.games)
        return (f"{self.wins}/{self.games} won ({100 * self.wins / n:.0f} %; 95 % CI "
                f"{100 * lo:.0f}-{100 * hi:.0f} %), {self.draws} drawn, {self.losses} lost; score "
                f"{100 * self.points / n:.1f} % (CI {100 * slo:.1f}-{100 * shi:.1f} %)")


Foe = Callable[[str, int], tuple[Chooser, Opponent | None]]
"""A foe for one side and seed: its chooser, and the Opponent when it is one (for its timings)."""


def play_pairs(level: str, foe: Foe, pairs: int, tally: Tally, times_key: dict[str, str], base: int = 0,
               jobs: int = 1) -> None:
    """``pairs`` seeded game pairs per scenario (seeds ``base`` on): ``level`` plays each side once per seed;
    ``jobs`` processes play them (the same games, tallied in the same order)."""
    scenarios = EXPERT_SCENARIOS if level == "expert" else SCENARIOS
    tasks = [(level, foe.__name__, scenario, seed, side) for scenario in scenarios
             for seed in range(base, base + pairs) for side in ("tan", "green")]
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            games = list(pool.imap(play_one, tasks))
    else:
        games = [play_one(task) for task in tasks]
    for (_, _, scenario, seed, side), game in zip(tasks, games):
        won = tally.per_scenario.setdefault(scenario, [0, 0])
        if not game.finished:
            tally.unfinished += 1
        if game.outcome == "won":
            tally.wins += 1
            won[0] += 1
        elif game.outcome == "draw":
            tally.draws += 1
        else:
            tally.losses += 1
        if game.outcome != "won":
            tally.failures.append(f"{scenario} seed {seed} as {side}: {game.outcome}")
        won[1] += 1
        tally.times.setdefault(times_key["ours"], []).extend(game.ours)
        if "theirs" in times_key:
            tally.times.setdefault(times_key["theirs"], []).extend(game.theirs)


@dataclass
class Game:
    """One game's result, as a worker process sends it back."""

    outcome: str
    """``won``, ``draw`` or ``lost``, for ``ours``."""
    finished: bool
    ours: list[float]
    """The seconds of each of our decisions."""
    theirs: list[float]
    """The foe's, when it is an :class:`Opponent`."""


def play_one(task: tuple[str, str, str, int, str]) -> Game:
    """One seeded game: ``level`` as ``side`` against the foe named (a function of this module)."""
    level, foe_name, scenario, seed, side = task
    state = new_game(load_scenario(scenario))
    other = state.enemy_of(side)
    ours = Opponent(side, level, seed=seed, think=THINK)
    theirs, their_ai = FOES[foe_name](other, seed)
    result = play_match(state, {side: ours.choose, other: theirs}, SeededDice(1000 + seed), limit=6000)
    outcome = "won" if result.winner == side else "draw" if result.winner is None else "lost"
    print(f"  {scenario} seed {seed} {level} as {side}: {outcome} ({result.actions} actions)", file=sys.stderr,
          flush=True)
    return Game(outcome, result.finished, ours.timings, their_ai.timings if their_ai is not None else [])


def random_foe(side: str, seed: int) -> tuple[Chooser, Opponent | None]:
    rng = random.Random(seed)
    return (lambda state: random_action(state, rng)), None


def heuristic_foe(side: str, seed: int) -> tuple[Chooser, Opponent | None]:
    return Heuristic(side, seed=seed).choose, None


def normal_foe(side: str, seed: int) -> tuple[Chooser, Opponent | None]:
    ai = Opponent(side, "normal", seed=seed + 7919)
    return ai.choose, ai


def hard_foe(side: str, seed: int) -> tuple[Chooser, Opponent | None]:
    ai = Opponent(side, "hard", seed=seed + 7919)
    return ai.choose, ai


FOES: dict[str, Foe] = {f.__name__: f for f in (random_foe, heuristic_foe, normal_foe, hard_foe)}
"""The foes by name (a worker process is told the name)."""


def p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(0.95 * len(xs)))] if xs else float("nan")


def strength(key: str, label: str, level: str, foe: Foe, pairs: int, target: float, better: str,
             times: dict[str, list[float]], use_lower: bool = False, base: int = 0, jobs: int = 1) -> Figure:
    """One foe's games; the figure is the win rate, or with ``use_lower`` the score's Wilson lower bound."""
    tally = Tally()
    keys = {"ours": level} | ({"theirs": "normal"} if foe is normal_foe else {}) | (
        {"theirs": "hard"} if foe is hard_foe else {})
    play_pairs(level, foe, pairs, tally, keys, base, jobs)
    for k, v in tally.times.items():
        times.setdefault(k, []).extend(v)
    lo, hi = tally.interval()
    slo, shi = tally.interval(score=True)
    value = slo if use_lower else tally.wins / max(1, tally.games)
    per = ", ".join(f"{s} {w}/{n}" for s, (w, n) in tally.per_scenario.items())
    if foe is not hard_foe and foe is not normal_foe and tally.failures:
        per += "; not won: " + ", ".join(tally.failures)
    return Figure(key=key, label=label, value=100 * value, unit="%", target=target, better=better,
                  measured=tally.summary(), note=per + (f"; {tally.unfinished} cut off" if tally.unfinished else ""),
                  raw={"wins": tally.wins, "draws": tally.draws, "losses": tally.losses, "games": tally.games,
                       "wilson95": [lo, hi], "score": tally.points / max(1, tally.games), "score_wilson95": [slo, shi],
                       "per_scenario": tally.per_scenario, "failures": tally.failures})


def _hard_game(scenario: str, seed: int) -> list[tuple[object, object]]:
    """A seeded game of hard against hard: its history, (state before, action) for each action."""
    from firepower_tui.rules import engine

    state = new_game(load_scenario(scenario))
    players = {side: Opponent(side, "hard", seed=seed + i) for i, side in enumerate(state.sides)}
    dice, out = SeededDice(2000 + seed), []
    from firepower_tui.rules.basic.turn import deciders

    while not state.over and len(out) < 6000:
        side = next(s for s in state.sides if s in deciders(state))
        action = players[side].choose(state)
        out.append((state, action))
        state, _ = engine.apply_trusted(state, action, dice)
    return out


def advice_figure(base: int, games: int) -> Figure:
    """Seconds an advice takes (players.advice.advise) in every decision of both sides in the play
    phase of seeded hard-against-hard games of basic, meeting and defence (seeds ``base`` on)."""
    from firepower_tui.players.advice import advise
    from firepower_tui.players.review import decisions
    from firepower_tui.rules.basic.turn import deciders

    xs: list[float] = []
    for scenario in SCENARIOS:
        for seed in range(base, base + games):
            history = _hard_game(scenario, seed)
            sides = set(history[0][0].sides)
            for i in decisions(history, sides)[::3]:
                before = history[i][0]
                side = next(s for s in sorted(before.sides) if s in deciders(before))
                t0 = time.perf_counter()
                advise(before, side)
                xs.append(time.perf_counter() - t0)
    return Figure(key="time_advice", label="advice time p95", value=p95(xs), unit="s", target=1.0, better="lower",
                  measured=f"{len(xs)} advices (every third decision), median {1000 * sorted(xs)[len(xs) // 2]:.0f} "
                           f"ms, max {max(xs):.2f} s")


def review_figure(seed: int) -> Figure:
    """Seconds the review of a 10-turn basic game takes, both sides reviewed (one process)."""
    from firepower_tui.players.review import decisions, review

    history = _hard_game("basic", seed)
    sides = set(history[0][0].sides)
    n = len(decisions(history, sides))
    t0 = time.perf_counter()
    points = review(history, sides)
    dt = time.perf_counter() - t0
    return Figure(key="time_review", label="review of a 10-turn basic game", value=dt, unit="s", target=60,
                  better="lower", measured=f"{len(history)} actions, {n} decisions of both sides reviewed, "
                                           f"{len(points)} turning points; one process")


def _held_out(base: int, pairs: int) -> str:
    """Whether seeds ``base`` .. ``base + pairs - 1`` are held out from the expert's tuning (:data:`TUNED_ON`)."""
    lo, hi = TUNED_ON
    if base + pairs - 1 < lo or base > hi:
        return f"held out: the expert was tuned on {lo}..{hi}"
    return f"NOT held out: the expert was tuned on {lo}..{hi}"


def main() -> int:
    global THINK
    p = argparse.ArgumentParser(description="The computer opponent's strength and speed against their targets.")
    p.add_argument("--quick", action="store_true", help="one game pair per scenario")
    p.add_argument("--pairs", type=int, default=None, help="game pairs per scenario (default 5; --quick 1)")
    p.add_argument("--seed-base", type=int, default=0, help="the first seed (default 0): fresh games")
    p.add_argument("--json", type=Path, help="write the figures to this file")
    p.add_argument("--only", default="", help="comma-separated: random, heuristic, hard_normal, expert_hard, "
                                              "expert_random, expert_heuristic, advice, review")
    p.add_argument("--think", type=float, default=1.0, help="the expert's seconds a decision (default 1)")
    p.add_argument("--jobs", type=int, default=1, help="processes playing the games (default 1; at most one a core)")
    o = p.parse_args()
    pairs = o.pairs or (1 if o.quick else 5)
    THINK = o.think
    keys = [k.strip() for k in o.only.split(",") if k.strip()] or ["random", "heuristic", "hard_normal"]
    started = time.perf_counter()
    times: dict[str, list[float]] = {}
    figs: list[Figure] = []
    plan = {
        "random": lambda: strength("random", "normal vs random, win rate", "normal", random_foe, pairs, 95, "higher",
                                   times, base=o.seed_base, jobs=o.jobs),
        "heuristic": lambda: strength("heuristic", "hard vs heuristic, win rate", "hard", heuristic_foe, pairs, 65,
                                      "higher", times, base=o.seed_base, jobs=o.jobs),
        "hard_normal": lambda: strength("hard_normal", "hard vs normal, score's Wilson 95 % lower bound", "hard", normal_foe,
                                        pairs, 50, "above", times, use_lower=True, base=o.seed_base,
                                        jobs=o.jobs),
        "expert_hard": lambda: strength("expert_hard", "expert vs hard, score's Wilson 95 % lower bound", "expert",
                                        hard_foe, pairs, 55, "above", times, use_lower=True, base=o.seed_base,
                                        jobs=o.jobs),
        "expert_random": lambda: strength("expert_random", "expert vs random, win rate", "expert", random_foe, pairs,
                                          100, "higher", times, base=o.seed_base, jobs=o.jobs),
        "expert_heuristic": lambda: strength("expert_heuristic", "expert vs heuristic, win rate", "expert",
                                             heuristic_foe, pairs, 100, "higher", times, base=o.seed_base, jobs=o.jobs),
        "advice": lambda: advice_figure(o.seed_base, pairs),
        "review": lambda: review_figure(o.seed_base),
    }
    for key in keys:
        print(f"[{time.perf_counter() - started:5.0f} s] {key} ...", file=sys.stderr, flush=True)
        t0 = time.perf_counter()
        try:
            fig = plan[key]()
        except Exception as exc:  # noqa: BLE001 - one broken figure must not hide the others
            fig = Figure(key=key, label=key, error=f"{type(exc).__name__}: {exc}"[:2000])
            traceback.print_exc()
        fig.raw["seconds"] = round(time.perf_counter() - t0, 1)
        figs.append(fig)
    for level, target in (("normal", 0.2), ("hard", 1.0), ("expert", THINK)):
        xs = times.get(level, [])
        if xs:
            figs.append(Figure(key=f"time_{level}", label=f"decision time p95 at {level}", value=p95(xs), unit="s",
                               target=target, better="lower",
                               measured=f"{len(xs)} decisions, median {1000 * sorted(xs)[len(xs) // 2]:.1f} ms, "
                                        f"max {max(xs):.2f} s"))
    total = time.perf_counter() - started
    print(f"firepower-tui computer opponent ({'quick' if o.quick else 'full'} run, {pairs} pair(s) per scenario on "
          f"{', '.join(SCENARIOS)} (the expert's also on village), seeds {o.seed_base}.."
          f"{o.seed_base + pairs - 1} ({_held_out(o.seed_base, pairs)}), expert --think {THINK:g} s, {o.jobs} process(es), {total:.0f} s; Python "
          f"{platform.python_version()}, "
          f"{os.cpu_count()} CPUs; a win rate counts a draw as not won, a score as half)")
    print(table(figs, reference=False))
    if o.json:
        write_json(o.json, figs, quick=o.quick, pairs=pairs, seconds=total, seed_base=o.seed_base)
    return exit_status(figs)


if __name__ == "__main__":
    sys.exit(main())
