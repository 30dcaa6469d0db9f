"""The core and start-up figures, each against its target, as ratios to a reference measured in
the same run where there is one (the shared machine drifts ~30 % between runs, so references
are interleaved with what they are compared to).

Run:  python bench/bench_core.py [--quick] [--json FILE] [--only KEY,...] [--rss-budget S]

  --quick       a smoke run (< 1 min): fewer repeats, shorter budgets
  --json FILE   also write the figures as JSON
  --only KEYS   run only some figures (keys: frame, cli, games, games_rules, copy, move, fire, los,
                takeback, rss, v01)

Figures (target):
  frame     app start to first frame / a bare Textual app's, pty + pyte, 80x24 and 120x40   <= 1.6x
            (bench/frame_parts.py splits it: the rules core's share and the game's own)
  cli       `firepower --help` / `python -c pass`, wall time, with and without .pyc           <= 3x
  games     random full games of basic with combat (play_to_end, SeededDice), one core       >= 50 /s
  games_rules  the same with every implemented optional rule on (types.IMPLEMENTED_RULES: the five
            reactive ones, overwatch, hit the dirt, hiding, melee reactions, clock, and the three of
            weapons, special weapons, buildings; play_counted): time per game / the basic
            game's, played in turn (seed by seed, the same seeds) in one run; actions per game
            shown for both (reactions are extra actions); a second row for the reactive five alone
            (the rules the figure was first written for); the notes add each rule alone (time
            per action / the basic game's, CPU time, best of two rounds of 8 seeds)              <= 1.3x
  copy      state copy with one soldier changed                                              <= 5 us
  move      engine.apply of a legal Move                                                     <= 15 us
  fire      engine.apply of an LMG Fire (check + LOS + modifiers + dice)                     <= 150 us
  los       los_query between living enemies at random moments of random games             <= 15 us
  takeback  `z` in the app after 10 and after 100 turns, until the screen shows it         <= 30 ms
            (every pty time is until the bytes that put it on the screen arrived: a reader thread
            stamps them, and pyte's parsing, tens of ms for a few KB, is reported beside it)
            and resume of the 100-turn game to first frame / a new game's first frame      <= 1.2x
            (stored games built by bench/long_game.py; while the scenario schema caps turns
            at 99, the "100-turn" game is played in turn 99 of 99, and the table says so)
  rss       RSS after 1,000 random games in one process / after 10 (bench/rss_games.py, in a
            subprocess; stops early when --rss-budget seconds run out: the verdict gets a *)  <= 1.2x
  v01       the absolute targets above read as speed-ups over v0.1 (the code the targets' "today"
            figures were measured on), v0.1 and this checkout timed by their own bench_core in this run,
            alternating (bench/baseline.py; needs the git history)        >= the speed-up asked

Exit status: 0 when every figure was measured (PASS or MISS), 1 when one failed (ERROR rows).

Children run with XDG_* pointing into a temporary folder, removed at the end.
"""

from __future__ import annotations

import argparse
import atexit
import fcntl
import gc
import json
import os
import platform
import pty
import random
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
import timeit
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import pyte  # noqa: E402

from figures import Figure, exit_status, table, write_json  # noqa: E402
from pty_harness import PtyApp  # noqa: E402

PY = sys.executable
_console = Path(PY).parent / "firepower"
FIREPOWER = [str(_console)] if _console.exists() else [PY, "-m", "firepower_tui"]
"""How a player starts the game: the console script next to this Python, else ``python -m``."""
BARE_APP = HERE / "bare_app.py"
BARE_READY = "bare textual app ready"
BARE_PRESSED = "bare textual app saw the key"
NEW_GAME_READY = "Tan's impulse phase"
TAKEN_BACK_STATUS = "Taken back"  # the status line (Controller.undo)
TAKEN_BACK_LOG = "taken back [§9.9]"  # the log line (GameScreen._log_new)


# --- figures -------------------------------------------------------------------------------------------

def median(xs: Sequence[float]) -> float:
    return statistics.median(xs)


def fmt_s(x: float) -> str:
    return f"{x * 1000:.0f} ms" if x < 1 else f"{x:.2f} s"


# --- cleanup: temp folders and children ----------------------------------------------------------------

TMP = Path(tempfile.mkdtemp(prefix="firepower-bench-core-"))
_LIVE: set[Term] = set()


def _cleanup() -> None:
    for term in list(_LIVE):
        term.close()
    shutil.rmtree(TMP, ignore_errors=True)


atexit.register(_cleanup)


def _on_signal(signum: int, _frame: object) -> None:
    raise SystemExit(f"bench_core: stopped by signal {signum}")


def child_env(**extra: str) -> dict[str, str]:
    """The environment of every child: XDG folders inside the bench's temporary folder."""
    env = dict(os.environ)
    for var in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        folder = TMP / "xdg" / var.lower()
        folder.mkdir(parents=True, exist_ok=True)
        env[var] = str(folder)
    env.pop("NO_COLOR", None)
    env.update(extra)
    return env


# --- a program in a pty, read through pyte -----------------------------------------------------------

class Term(PtyApp):
    """Like ``pty_harness.PtyApp`` (same pty, TERM, size and pyte screen), for any command line;
    the window size is set in the child before exec, and ``close`` never hangs."""

    def __init__(self, argv: Sequence[str], cols: int = 120, rows: int = 40, env: dict[str, str] | None = None,
                 cwd: Path | None = None) -> None:  # noqa: D107 - PtyApp.__init__ is replaced, not called
        self.cols, self.rows = cols, rows
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.bytes_read = 0
        self.argv = list(argv)
        environment = dict(env if env is not None else child_env())
        environment.update(TERM="xterm-256color", COLUMNS=str(cols), LINES=str(rows))
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # child: never return into the bench
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
                if cwd is not None:
                    os.chdir(cwd)
                os.execvpe(self.argv[0], self.argv, environment)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        self.running = True
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.start_reader()
        _LIVE.add(self)

    def wait_for(self, needle: str, timeout: float = 30.0, *also: str) -> float:  # type: ignore[override]
        """Seconds until ``needle`` (and every string of ``also``) is on the screen, pyte's parsing
        included; ``shown_at`` is then when the chunk that put them there arrived. The screen is
        checked after every chunk, so the time is as fine as the child's writes.

        Raises:
            TimeoutError: not there within ``timeout`` s (with what the screen shows).
        """
        t0 = time.perf_counter()
        wanted = (needle, *also)
        while True:
            text = self.text()
            if all(w in text for w in wanted):
                return time.perf_counter() - t0
            left = timeout - (time.perf_counter() - t0)
            if left <= 0:
                missing = [w for w in wanted if w not in text]
                raise TimeoutError(f"{' '.join(self.argv[-6:])}: {missing} not on the screen after {timeout:.0f} s; "
                                   f"the screen shows:\n{text.rstrip()}")
            fed = self._feed(min(left, 0.25))
            if fed is None:
                self._check_alive(ended=True)
            elif not fed:
                self._check_alive()

    def _check_alive(self, ended: bool = False) -> None:
        if not self.running:
            raise RuntimeError(f"{self.argv}: already closed")
        pid, status = os.waitpid(self.pid, os.WNOHANG)
        if pid or ended:
            if pid:
                self.running = False
                _LIVE.discard(self)
            code = os.waitstatus_to_exitcode(status) if pid else "?"
            raise RuntimeError(f"{' '.join(self.argv)} ended (exit {code}); the screen shows:\n{self.text().rstrip()}")

    def close(self) -> None:
        if self.running:
            try:
                os.kill(self.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            deadline = time.perf_counter() + 3.0
            while True:
                try:
                    done, _ = os.waitpid(self.pid, os.WNOHANG)
                except ChildProcessError:
                    break
                if done:
                    break
                if time.perf_counter() > deadline:
                    try:
                        os.kill(self.pid, signal.SIGKILL)
                        os.waitpid(self.pid, 0)
                    except (ProcessLookupError, ChildProcessError):
                        pass
                    break
                self.pump(0.02)  # drain, so a child blocked on a full pty can exit
            self.running = False
        self._close_fd()  # (the child is gone: its pty reads EOF, and the reader thread ends)
        _LIVE.discard(self)

    def __enter__(self) -> Term:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def time_to_screen(argv: Sequence[str], needle: str, cols: int, rows: int, timeout: float = 60.0) -> float:
    """Seconds from fork to ``needle`` on the screen."""
    with Term(argv, cols, rows) as t:
        t.wait_for(needle, timeout)
        return t.shown_at - t.started


_new_db = iter(range(1_000_000))


def new_game_argv() -> list[str]:
    return [*FIREPOWER, "play", "basic", "--seed", "7", "--db", str(TMP / f"new{next(_new_db)}.db")]


# --- the figures ---------------------------------------------------------------------------------------

def fig_frame(o: argparse.Namespace) -> list[Figure]:
    """First frame of the game vs a bare Textual app, interleaved, at two sizes."""
    runs = 2 if o.quick else 7
    bare = [PY, str(BARE_APP)]
    out = []
    for cols, rows in ((80, 24), (120, 40)):
        if not o.quick or cols == 80:  # warm the disk cache, untimed
            time_to_screen(bare, BARE_READY, cols, rows)
            time_to_screen(new_game_argv(), NEW_GAME_READY, cols, rows)
        game_t: list[float] = []
        bare_t: list[float] = []
        for i in range(runs):
            pair = [("game", new_game_argv, NEW_GAME_READY), ("bare", lambda: bare, BARE_READY)]
            for name, argv, needle in (pair if i % 2 == 0 else pair[::-1]):
                t = time_to_screen(argv(), needle, cols, rows)
                (game_t if name == "game" else bare_t).append(t)
        g, b = median(game_t), median(bare_t)
        out.append(Figure(
            key=f"frame_{cols}x{rows}", label=f"first frame / bare Textual app's, {cols}x{rows}", value=g / b, unit="x",
            target=1.6, measured=f"{fmt_s(g)}", reference=f"{fmt_s(b)} bare", samples=runs,
            note=f"`firepower play basic --seed 7` to '{NEW_GAME_READY}'; medians of {runs}, interleaved",
            raw={"game_s": game_t, "bare_s": bare_t}))
    return out


def _wall(argv: Sequence[str], env: dict[str, str], cwd: Path) -> float:
    t0 = time.perf_counter()
    r = subprocess.run(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60)
    t = time.perf_counter() - t0
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {r.returncode}: {r.stderr.decode(errors='replace')[-500:]}")
    return t


def fig_cli(o: argparse.Namespace) -> list[Figure]:
    """`firepower --help` / `python -c pass`, interleaved, in three byte-code situations."""
    pairs = 3 if o.quick else 11
    work = TMP / "cli"
    work.mkdir()
    cold = TMP / "cold-src"
    shutil.copytree(ROOT / "firepower_tui", cold / "firepower_tui", ignore=shutil.ignore_patterns("__pycache__"))
    empty_cache = TMP / "empty-pycache"
    empty_cache.mkdir()
    rows = [
        ("cli_pyc", ".pyc present (warm, as installed)", child_env()),
        ("cli_cold_project", "no .pyc for firepower_tui (a copy without __pycache__, PYTHONDONTWRITEBYTECODE=1)",
         child_env(PYTHONPATH=str(cold), PYTHONDONTWRITEBYTECODE="1")),
        ("cli_cold_all", "no .pyc at all (as above + PYTHONPYCACHEPREFIX=empty dir: stdlib and deps compiled too)",
         child_env(PYTHONPATH=str(cold), PYTHONDONTWRITEBYTECODE="1", PYTHONPYCACHEPREFIX=str(empty_cache))),
    ]
    where = subprocess.run([PY, "-c", "import firepower_tui; print(firepower_tui.__file__)"], env=rows[1][2],
                           cwd=work, capture_output=True, text=True, timeout=60).stdout.strip()
    if not where.startswith(str(cold)):
        raise RuntimeError(f"the cold copy is not the one imported (got {where!r}); the editable install shadows it")
    help_argv, pass_argv = [*FIREPOWER, "--help"], [PY, "-c", "pass"]
    out = []
    for key, what, env in rows:
        _wall(help_argv, env, work)
        _wall(pass_argv, env, work)
        h, p = [], []
        for i in range(pairs):
            if i % 2 == 0:
                h.append(_wall(help_argv, env, work))
                p.append(_wall(pass_argv, env, work))
            else:
                p.append(_wall(pass_argv, env, work))
                h.append(_wall(help_argv, env, work))
        leaked = list(cold.rglob("__pycache__")) + list(empty_cache.iterdir())
        if leaked:
            raise RuntimeError(f"byte code was written in a cold row: {leaked[:3]}")
        short, _, detail = what.partition(" (")
        out.append(Figure(key=key, label=f"`firepower --help` / `python -c pass`, {short}",
                          value=median(h) / median(p), unit="x", target=3.0, measured=fmt_s(median(h)),
                          reference=f"{fmt_s(median(p))} -c pass", samples=pairs,
                          note=f"{detail.rstrip(')')}; wall time, medians of {pairs}, interleaved",
                          raw={"help_s": h, "pass_s": p}))
    return out


def _one_core() -> Callable[[], None]:
    """Pin this process to one CPU; returns the undo."""
    try:
        before = os.sched_getaffinity(0)
        os.sched_setaffinity(0, {min(before)})
        return lambda: os.sched_setaffinity(0, before)
    except (AttributeError, OSError):
        return lambda: None


def fig_games(o: argparse.Namespace) -> list[Figure]:
    from firepower_tui.headless.playout import play_to_end
    from firepower_tui.rules.model.dice import SeededDice
    from firepower_tui.rules.scenario.load import load_scenario
    from firepower_tui.rules.basic.sequence import new_game

    budget = 3.0 if o.quick else 15.0
    scenario = load_scenario("basic")
    play_to_end(new_game(scenario), random.Random(999), SeededDice(999))  # warm imports and caches, untimed
    undo = _one_core()
    try:
        games = unfinished = turns = 0
        t0 = time.perf_counter()
        while games < 3 or time.perf_counter() - t0 < budget:
            state = play_to_end(new_game(scenario), random.Random(games), SeededDice(games))
            unfinished += not state.over
            turns += state.turn
            games += 1
        seconds = time.perf_counter() - t0
    finally:
        undo()
    return [Figure(key="games_per_s", label="random full games of basic with combat, one core", value=games / seconds,
                   unit="games/s", target=50, better="higher", measured=f"{games} games in {seconds:.1f} s",
                   samples=games, note="playout.play_to_end (combat 0.5), SeededDice(seed), seeds 0..n-1, pinned "
                   "to one CPU" + (f"; {unfinished} hit the action limit" if unfinished else ""),
                   raw={"games": games, "seconds": seconds, "unfinished": unfinished})]


def fig_games_rules(o: argparse.Namespace) -> list[Figure]:
    from firepower_tui.headless.playout import play_counted
    from firepower_tui.rules.model.dice import SeededDice
    from firepower_tui.rules.scenario.load import load_scenario
    from firepower_tui.rules.basic.sequence import new_game
    from firepower_tui.rules.model.types import IMPLEMENTED_RULES, RuleId

    part_one = {RuleId.OVERWATCH, RuleId.HIT_THE_DIRT, RuleId.HIDING, RuleId.MELEE_REACTIONS, RuleId.CLOCK}
    budget = 4.0 if o.quick else 36.0
    scenario = load_scenario("basic")
    every = sorted(IMPLEMENTED_RULES)
    part1 = sorted(r for r in every if r in part_one)
    starts = {"basic": lambda: new_game(scenario), "rules": lambda: new_game(scenario, rules=every),
              "part1": lambda: new_game(scenario, rules=part1)}
    seconds = dict.fromkeys(starts, 0.0)
    actions = dict.fromkeys(starts, 0)
    unfinished = dict.fromkeys(starts, 0)
    orders = [tuple(starts)[i:] + tuple(starts)[:i] for i in range(len(starts))]
    for start in starts.values():
        play_counted(start(), random.Random(999), SeededDice(999))  # warm imports and caches, untimed
    undo = _one_core()
    try:
        games = 0
        t0 = time.perf_counter()
        while games < 3 or time.perf_counter() - t0 < budget:
            for key in orders[games % len(orders)]:  # interleaved, each set first in turn
                state = starts[key]()
                t = time.perf_counter()
                state, taken = play_counted(state, random.Random(games), SeededDice(games))
                seconds[key] += time.perf_counter() - t
                unfinished[key] += not state.over
                actions[key] += taken
            games += 1
    finally:
        undo()
    rates = {k: games / seconds[k] for k in seconds}
    per_game = {k: actions[k] / games for k in actions}
    note = (f"playout.play_counted (combat 0.5), SeededDice(seed), seeds 0..n-1, each seed played with no rule and with "
            f"{', '.join(every)}, in turn, pinned to one CPU; actions per game: {per_game['basic']:.0f} basic, "
            f"{per_game['rules']:.0f} with the rules (time per action "
            f"{seconds['rules'] / actions['rules'] / (seconds['basic'] / actions['basic']):.2f}x)")
    if any(unfinished.values()):
        note += f"; hit the action limit: {unfinished}"
    each = _each_rule(scenario, every, seeds=3 if o.quick else 8, rounds=1 if o.quick else 2)
    note += "; each rule alone, time per action / the basic game's: " + ", ".join(
        f"{rule} {ratio:.2f}x" for rule, ratio in sorted(each.items(), key=lambda kv: -kv[1]))
    raw = {"games": games, "seconds": seconds, "actions": actions, "unfinished": unfinished, "games_per_s": rates}
    return [Figure(key="games_rules_ratio", label="random games with every optional rule / basic, time per game",
                   value=rates["basic"] / rates["rules"], unit="x", target=1.3,
                   measured=f"{rates['rules']:.1f} games/s with the rules", reference=f"{rates['basic']:.1f} games/s "
                   "basic", samples=games, note=note, raw=raw),
            Figure(key="games_part1_ratio", label="the same with the five reactive rules / basic, time per game",
                   value=rates["basic"] / rates["part1"], unit="x", target=1.3,
                   measured=f"{rates['part1']:.1f} games/s with {', '.join(part1)}",
                   reference=f"{rates['basic']:.1f} games/s basic", samples=games,
                   note=f"the same run, played in turn with the two above; actions per game {per_game['part1']:.0f}")]


def _each_rule(scenario: Any, every: Sequence[str], *, seeds: int, rounds: int) -> dict[str, float]:
    """Where the optional rules' cost lies: each rule alone, its time per action over the basic
    game's on the same seeds (CPU time, the best of ``rounds``; a rule's games differ from the
    basic game's only where it changes the play)."""
    from firepower_tui.headless.playout import play_counted
    from firepower_tui.rules.model.dice import SeededDice
    from firepower_tui.rules.basic.sequence import new_game

    sets: dict[str, tuple[str, ...]] = {"": ()} | {rule: (rule,) for rule in every}
    best = dict.fromkeys(sets, float("inf"))
    actions = dict.fromkeys(sets, 0)
    for rules in sets.values():
        play_counted(new_game(scenario, rules=rules), random.Random(999), SeededDice(999))  # warm, untimed
    undo = _one_core()
    try:
        for _ in range(rounds):
            for key, rules in sets.items():
                t, taken = time.process_time(), 0
                for seed in range(seeds):
                    taken += play_counted(new_game(scenario, rules=rules), random.Random(seed), SeededDice(seed))[1]
                best[key], actions[key] = min(best[key], time.process_time() - t), taken
    finally:
        undo()
    basic = best[""] / actions[""]
    return {rule: best[rule] / actions[rule] / basic for rule in every}


def _evolve(obj: object, **changes: object) -> object:
    """A changed copy of a soldier, with the new API or the old pydantic one."""
    if hasattr(obj, "evolve"):
        return obj.evolve(**changes)  # type: ignore[attr-defined]
    return obj.model_copy(update=changes)  # type: ignore[attr-defined]


def _with_soldiers(state: object, *changed: object) -> object:
    if hasattr(state, "with_soldiers"):
        return state.with_soldiers(*changed)  # type: ignore[attr-defined]
    return state.model_copy(update={"soldiers": state.replace(*changed)})  # type: ignore[attr-defined]


def _per_call_us(stmt: str, env: dict[str, Any], quick: bool, number: int) -> tuple[float, float, int]:
    """Median and best microseconds per call: repeated timeit batches."""
    timer = timeit.Timer(stmt, globals=env)
    timer.timeit(max(1, number // 10))  # warm-up
    repeats = 5 if quick else 25
    batches = [t / number * 1e6 for t in timer.repeat(repeats, number)]
    return median(batches), min(batches), repeats * number


def fig_copy(o: argparse.Namespace) -> list[Figure]:
    from firepower_tui.rules.scenario.load import load_scenario
    from firepower_tui.rules.basic.sequence import new_game

    state = new_game(load_scenario("basic"))
    s = state.soldiers[3]
    if hasattr(state, "with_soldiers") and hasattr(s, "evolve"):
        stmt, api = "state.with_soldiers(s.evolve(mf_spent=1))", "with_soldiers + evolve"
    else:
        stmt = 'state.model_copy(update={"soldiers": state.replace(s.model_copy(update={"mf_spent": 1}))})'
        api = "pydantic model_copy + replace (no with_soldiers yet)"
    env = {"state": state, "s": s}
    new = eval(stmt, env)  # noqa: S307 - our own statement, checked before it is timed
    changed = new.soldier(s.id)
    if changed.mf_spent != 1 or any(a is not b for a, b in zip(new.soldiers, state.soldiers) if a.id != s.id):
        raise RuntimeError(f"{stmt} did not change exactly {s.id}")
    med, best, n = _per_call_us(stmt, env, o.quick, 2000)
    return [Figure(key="state_copy_us", label="state copy with one soldier changed", value=med, unit="us", target=5,
                   measured=f"{med:.2f} us (best batch {best:.2f})", samples=n, note=f"`{stmt}` ({api})")]


def _impulse_state() -> tuple[Any, Any]:
    from firepower_tui.rules import engine
    from firepower_tui.rules.model.actions import DrawChit, StartImpulse
    from firepower_tui.rules.model.dice import SeededDice
    from firepower_tui.rules.scenario.load import load_scenario
    from firepower_tui.rules.basic.sequence import new_game

    dice = SeededDice(1)
    state: Any = new_game(load_scenario("basic"))
    state, _ = engine.apply(state, DrawChit(side="tan"), dice)
    state, _ = engine.apply(state, StartImpulse(hex=state.soldier("T1").hex), dice)
    return state, dice


def fig_move(o: argparse.Namespace) -> list[Figure]:
    from firepower_tui.rules import engine
    from firepower_tui.rules.model.actions import Move

    state, dice = _impulse_state()
    action = Move(soldier="T1")
    refusal = engine.check(state, action)
    if refusal is not None:
        raise RuntimeError(f"the Move is refused: {refusal}")
    med, best, n = _per_call_us("apply(state, action, dice)", {"apply": engine.apply, "state": state,
                                                                  "action": action, "dice": dice}, o.quick, 500)
    return [Figure(key="apply_move_us", label="engine.apply of a legal Move", value=med, unit="us", target=15,
                   measured=f"{med:.1f} us (best batch {best:.1f})", samples=n,
                   note="T1 in the first impulse of basic; check included")]


def _clear_traces(state: Any = None) -> list[str]:
    """Empty the per-pair LOS caches (as bench_combat.py does: only the table of traces by offset
    stays warm); the names of those cleared."""
    from firepower_tui.rules.basic import los

    cleared = []
    fn = getattr(los, "_trace", None)  # the 0.1 core: an lru_cache of translated traces
    if fn is not None and hasattr(fn, "cache_clear"):
        fn.cache_clear()
        cleared.append("_trace")
    cache = getattr(getattr(state, "scenario", None), "map", None)
    cache = getattr(cache, "los_cache", None)  # the lean core: what the map says about each pair
    if cache is not None:
        cache.clear()
        cleared.append("map.los_cache")
    if hasattr(state, "memo"):  # and what was worked out for this very position
        state.memo().clear()
        cleared.append("state.memo")
    return cleared


def fig_fire(o: argparse.Namespace) -> list[Figure]:
    """bench_combat.lmg_state, written for both the pydantic and the dataclass state."""
    from firepower_tui.rules import engine
    from firepower_tui.rules.model.actions import DrawChit, Fire, StartImpulse
    from firepower_tui.rules.model.dice import SeededDice
    from firepower_tui.rules.board.hexgrid import Facing, hex_from_id
    from firepower_tui.rules.scenario.load import load_scenario
    from firepower_tui.rules.basic.sequence import new_game
    from firepower_tui.rules.model.types import Posture

    state: Any = new_game(load_scenario("basic"))
    moved = []
    for s in state.soldiers:
        if s.id == "T2":
            moved.append(_evolve(s, hex=hex_from_id("D5"), facing=Facing.S))
        elif s.id in ("G1", "G2", "G6"):
            moved.append(_evolve(s, hex=hex_from_id("D13"), posture=Posture.PRONE, running=s.id == "G6"))
    for m in moved:  # one at a time: with_soldiers may take one soldier only
        state = _with_soldiers(state, m)
    dice = SeededDice(1)
    state, _ = engine.apply(state, DrawChit(side="tan"), dice)
    state, _ = engine.apply(state, StartImpulse(hex=hex_from_id("D5")), dice)
    action = Fire(soldier="T2", targets=("G1", "G2", "G6"))
    refusal = engine.check(state, action)
    if refusal is not None:
        raise RuntimeError(f"the LMG fire is refused: {refusal}")
    dice = SeededDice(7)
    n = 200 if o.quick else 2000
    times = []
    for _ in range(20):
        engine.apply(state, action, dice)
    cleared: list[str] = []
    for _ in range(n):
        cleared = _clear_traces(state)
        t0 = time.perf_counter()
        engine.apply(state, action, dice)
        times.append(time.perf_counter() - t0)
    med = median(times) * 1e6
    how = f"trace caches {'+'.join(cleared)} cleared before each" if cleared else "no LOS trace cache found to clear"
    return [Figure(key="lmg_fire_us", label="engine.apply of an LMG Fire (check+LOS+modifiers+dice)", value=med,
                   unit="us", target=150, measured=f"{med:.0f} us", samples=n,
                   note=f"bench_combat's setup: T2 at D5 on G1 G2 G6 in D13, 3 bursts, 12 dice; {how}")]


def fig_los(o: argparse.Namespace) -> list[Figure]:
    """LOS between a random living soldier and a random living enemy, after each action of random games."""
    from firepower_tui.headless.playout import random_action
    from firepower_tui.rules import engine
    from firepower_tui.rules.basic import los
    from firepower_tui.rules.model.dice import SeededDice
    from firepower_tui.rules.scenario.load import load_scenario
    from firepower_tui.rules.basic.sequence import new_game

    _clear_traces()
    scenario = load_scenario("basic")
    games = 1 if o.quick else 4
    times = []
    pick = random.Random(77)
    for seed in range(100, 100 + games):
        rng, dice = random.Random(seed), SeededDice(seed)
        state = new_game(scenario)
        for _ in range(20000):
            if state.over:
                break
            state, _ = engine.apply(state, random_action(state, rng), dice)
            living = state.living()
            if not living:
                continue
            a = pick.choice(living)
            enemies = [e for e in living if e.side != a.side]
            if not enemies:
                continue
            b = pick.choice(enemies)
            t0 = time.perf_counter()
            los.los_query(state, a.hex, b.hex)
            times.append(time.perf_counter() - t0)
    med = median(times) * 1e6
    p90 = statistics.quantiles(times, n=10)[-1] * 1e6
    return [Figure(key="los_in_play_us", label="LOS in play (living enemies, random moments)", value=med, unit="us",
                   target=15, measured=f"{med:.1f} us (p90 {p90:.0f} us)", samples=len(times),
                   note=f"los.los_query after every action of {games} random game(s) with combat; caches as play "
                   "leaves them")]


def fig_takeback(o: argparse.Namespace) -> list[Figure]:
    """Stored long games; `firepower resume` in the pty; z; and resume vs a new game's first frame."""
    import long_game

    runs = 1 if o.quick else 5
    games = long_game.build(TMP / "long", turns=100, at=(10, 100), seed=5,
                            deadline=time.perf_counter() + (120 if o.quick else 240))
    cols, rows = 120, 40
    results: dict[str, list[float]] = {"new": [], "resume10": [], "resume100": [], "z10": [], "z100": [],
                                       "bare_key": [], "z10_parsed": [], "z100_parsed": [], "bare_key_parsed": []}
    sizes: dict[str, list[int]] = {"z10": [], "z100": []}
    copies = iter(range(1_000_000))

    def resume(which: int) -> None:
        snap = games.snapshots[which]
        db = TMP / "long" / f"run{next(copies)}.db"
        shutil.copyfile(snap.db, db)  # z appends an 'undo' to the store: every run starts from the snapshot
        header = f"Turn {snap.turn}/{games.turns}"
        with Term([*FIREPOWER, "resume", "--db", str(db)], cols, rows) as t:
            t.wait_for(header, 60)
            results[f"resume{which}"].append(t.shown_at - t.started)
            t.settle(0.3, limit=5)
            if TAKEN_BACK_STATUS in t.text():
                raise RuntimeError(f"'{TAKEN_BACK_STATUS}' is on the screen before z was pressed")
            before = t.bytes_read
            t0 = t.press("z")
            t.wait_for(TAKEN_BACK_STATUS, 30, TAKEN_BACK_LOG)
            results[f"z{which}"].append(t.shown_at - t0)
            results[f"z{which}_parsed"].append(time.perf_counter() - t0)
            t.settle(0.1, limit=3)
            sizes[f"z{which}"].append(t.bytes_read - before)
        for suffix in ("", "-wal", "-shm"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)

    def new() -> None:
        results["new"].append(time_to_screen(new_game_argv(), NEW_GAME_READY, cols, rows))

    def bare_key() -> None:  # the floor: a key to a changed screen in a bare Textual app, same pty
        with Term([PY, str(BARE_APP)], cols, rows) as t:
            t.wait_for(BARE_READY, 60)
            t.settle(0.3, limit=5)
            t0 = t.press("z")
            t.wait_for(BARE_PRESSED, 30)
            results["bare_key"].append(t.shown_at - t0)
            results["bare_key_parsed"].append(time.perf_counter() - t0)

    if not o.quick:
        time_to_screen(new_game_argv(), NEW_GAME_READY, cols, rows)  # warm-up, untimed
    order: list[Callable[[], None]] = [new, lambda: resume(10), lambda: resume(100), bare_key]
    for i in range(runs):
        for step in order[i % 4:] + order[:i % 4]:
            step()
    bare = median(results["bare_key"]) * 1000
    bare_parsed = median(results["bare_key_parsed"]) * 1000
    out = []
    for which in (10, 100):
        snap = games.snapshots[which]
        z = median(results[f"z{which}"]) * 1000
        parsed = median(results[f"z{which}_parsed"]) * 1000
        turn_note = f"in turn {snap.turn} of {games.turns}" + (f" ({games.note})" if games.note and which > snap.turn
                                                                else "")
        out.append(Figure(key=f"takeback_{which}_ms", label=f"take-back z after {which} turns, until shown",
                          value=z, unit="ms", target=30,
                          measured=f"{z:.0f} ms, {int(median(sizes[f'z{which}']))} B written; {parsed:.0f} ms parsed",
                          reference=f"{bare:.0f} ms a bare Textual app's key to its changed screen "
                          f"({bare_parsed:.0f} ms parsed)", samples=runs,
                          note=f"stored game {turn_note}, {snap.actions} entries, last '{snap.last}'; "
                          f"`firepower resume`, {cols}x{rows}; until the bytes that put '{TAKEN_BACK_STATUS}' (status) "
                          f"and the log line on the screen arrived ('parsed': until pyte had parsed them too); "
                          f"medians of {runs}",
                          raw={"ms": [x * 1000 for x in results[f"z{which}"]], "bytes": sizes[f"z{which}"],
                               "parsed_ms": [x * 1000 for x in results[f"z{which}_parsed"]],
                               "bare_key_ms": [x * 1000 for x in results["bare_key"]],
                               "bare_key_parsed_ms": [x * 1000 for x in results["bare_key_parsed"]]}))
    r100, n = median(results["resume100"]), median(results["new"])
    snap = games.snapshots[100]
    out.append(Figure(key="resume_100_ratio", label="resume of the 100-turn game to first frame / new game's",
                      value=r100 / n, unit="x", target=1.2, measured=fmt_s(r100), reference=f"{fmt_s(n)} new game",
                      samples=runs,
                      note=f"resume to its header 'Turn {snap.turn}/{games.turns}' vs a new game to "
                      f"'{NEW_GAME_READY}', {cols}x{rows}, interleaved; the 10-turn game resumes in "
                      f"{fmt_s(median(results['resume10']))}; building the games took {games.build_seconds:.0f} s"
                      + (f"; {games.note}" if games.note else ""),
                      raw={k: v for k, v in results.items() if not k.startswith("z")}))
    return out


def fig_rss(o: argparse.Namespace) -> list[Figure]:
    budget = o.rss_budget if o.rss_budget is not None else (8.0 if o.quick else 80.0)
    argv = [PY, str(HERE / "rss_games.py"), "--games", "1000", "--early", "10", "--budget", str(budget)]
    r = subprocess.run(argv, env=child_env(), cwd=TMP, capture_output=True, text=True, timeout=budget + 300)
    if r.returncode != 0:
        raise RuntimeError(f"rss_games.py exited {r.returncode}: {r.stderr[-800:]}")
    got = json.loads(r.stdout.strip().splitlines()[-1])
    if "rss_early_kb" not in got:
        raise RuntimeError(f"rss_games.py did not reach 10 games: {got}")
    ratio = got["rss_end_kb"] / got["rss_early_kb"]
    partial = bool(got["budget_hit"])
    note = (f"{got['games']} games in {got['seconds']:.0f} s in a subprocess; /proc/self/statm after gc.collect(); "
            f"{got['rss_start_kb'] / 1024:.0f} MB before the first game")
    if partial:
        note += (f"; * only {got['games']} of 1000 games within the {budget:.0f} s budget (--rss-budget): the ratio is "
                 f"after {got['games']}")
    return [Figure(key="rss_ratio", label="RSS after 1,000 random games / after 10", value=ratio, unit="x",
                   target=1.2, measured=f"{got['rss_end_kb'] / 1024:.1f} MB after {got['games']}",
                   reference=f"{got['rss_early_kb'] / 1024:.1f} MB after 10", samples=got["games"], partial=partial,
                   note=note, raw=got)]


def fig_v01(o: argparse.Namespace) -> list[Figure]:
    """The core's speed targets read as speed-ups over v0.1, both timed in this run (bench/baseline.py)."""
    import baseline

    try:
        got = baseline.compare(o.quick, rounds=1 if o.quick else 2)
    except baseline.Unavailable as exc:  # (an sdist or a shallow clone: no row, not an error)
        print(f"  v01 skipped: {exc}", file=sys.stderr, flush=True)
        return []
    figs = []
    for asked in baseline.ASKED:
        was, now = got.v01.get(asked.key), got.ours.get(asked.key)
        label = f"{asked.label}: speed-up over v0.1, same run"
        if was is None or now is None:
            figs.append(Figure(key=f"v01_{asked.key}", label=label, error=f"not measured (v0.1 {was}, now {now})"))
            continue
        speedup = now / was if asked.higher else was / now
        day = asked.before / was if asked.higher else was / asked.before
        note = (f"asked {asked.speedup:.1f}x: {asked.before:g} -> {asked.target:g} {asked.unit} ({asked.source}); "
                f"v0.1 ran {day:.1f}x {'slower' if day >= 1 else 'faster'} in this run than that day's figure "
                f"(the machine's day and Pydantic {got.pydantic} together; bench/baseline.py says what differs)")
        figs.append(Figure(key=f"v01_{asked.key}", label=label, value=speedup, unit="x", target=round(asked.speedup, 2),
                           better="higher", measured=f"{was:.3g} -> {now:.3g} {asked.unit}",
                           reference=f"v0.1 {was:.3g} {asked.unit}", samples=got.rounds, note=note,
                           raw={"v01": was, "ours": now, "asked_before": asked.before, "asked_target": asked.target,
                                "pydantic": got.pydantic}))
    return figs


FIGURES: dict[str, Callable[[argparse.Namespace], list[Figure]]] = {
    "frame": fig_frame, "cli": fig_cli, "games": fig_games, "games_rules": fig_games_rules, "copy": fig_copy,
    "move": fig_move, "fire": fig_fire,
    "los": fig_los, "takeback": fig_takeback, "rss": fig_rss, "v01": fig_v01,
}


# --- output ----------------------------------------------------------------------------------------------

def main() -> int:
    p = argparse.ArgumentParser(description="Core and start-up figures of firepower-tui against their targets.")
    p.add_argument("--quick", action="store_true", help="a fast smoke run (< 1 min)")
    p.add_argument("--json", type=Path, help="write the figures to this file")
    p.add_argument("--only", default="", help=f"comma-separated figure keys: {', '.join(FIGURES)}")
    p.add_argument("--rss-budget", type=float, default=None,
                   help="seconds for the 1,000 games of the RSS figure (default 80, --quick 8)")
    o = p.parse_args()
    keys = [k.strip() for k in o.only.split(",") if k.strip()] or list(FIGURES)
    unknown = [k for k in keys if k not in FIGURES]
    if unknown:
        p.error(f"unknown figure(s) {unknown}; choose from {list(FIGURES)}")
    signal.signal(signal.SIGTERM, _on_signal)
    signal.signal(signal.SIGHUP, _on_signal)
    sys.setswitchinterval(0.0005)  # a pty reader thread's stamps late by at most this (Term._read)

    started = time.perf_counter()
    figs: list[Figure] = []
    try:
        for key in keys:
            t0 = time.perf_counter()
            print(f"[{time.perf_counter() - started:5.0f} s] {key} ...", file=sys.stderr, flush=True)
            try:
                got = FIGURES[key](o)
            except Exception as exc:  # noqa: BLE001 - one broken figure must not hide the others
                detail = traceback.format_exc(limit=3) if not isinstance(exc, (TimeoutError, RuntimeError)) else ""
                got = [Figure(key=key, label=key, error=f"{type(exc).__name__}: {exc}".strip()[:2000])]
                print(f"  {key} failed: {got[0].error}\n{detail}", file=sys.stderr, flush=True)
            for f in got:
                f.raw.setdefault("seconds", round(time.perf_counter() - t0, 2))
            figs += got
            gc.collect()
    finally:
        _cleanup()
    total = time.perf_counter() - started
    print(f"firepower-tui core figures ({'quick' if o.quick else 'full'} run, {total:.0f} s; "
          f"Python {platform.python_version()}, {os.cpu_count()} CPUs; * = partial, see notes)")
    print(table(figs))
    if o.json:
        write_json(o.json, figs, quick=o.quick, seconds=total, cpus=os.cpu_count())
    return exit_status(figs)


if __name__ == "__main__":
    sys.exit(main())
