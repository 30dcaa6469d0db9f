"""v0.1 measured in the same run: how much faster the core is than v0.1, the code the core's
speed targets were written against, next to how much faster the targets asked it to be.

The targets were given as absolute times ("random full games: >= 50 games/s (today 6.3)"),
taken on the 2-core machine on one day. The same code runs 2 to 4 times slower on other days
of that shared machine (docs/performance.md), so an absolute figure says as much about the day as
about the code. The targets' own "today" figures name what the code did then; running that code
again in the same run as ours turns each target into a speed-up, which does not depend on the
day: 6.3 -> 50 games/s asks for 7.9x the games of v0.1 in the same time.

The v0.1 code is commit :data:`V01` (the first ``bench_core.py`` on v0.1's rules core; its ``firepower_tui`` is v0.1's, file for file). It is taken out
of the git history with ``git archive`` into a temporary folder and timed by its own
``bench/bench_core.py``; ours by ours; the two alternate, ``rounds`` times each, and each
figure keeps its best round (the machine's drift lands on both alike).

What the two measure alike, and what not: the same bench_core definitions (the same random
player's kind of game, the same fire, move and LOS set-ups), but each version with its own
harness and caches. v0.1's random player checks each action and ``engine.apply`` checks it
again, where ours applies it trusted (the targets' 6.3 games/s came from that same kind of
harness); v0.1's fire clears its per-offset trace table before each shot, ours keeps it warm
(a trace for the fire's offset cost v0.1 about 2 % of its fire). v0.1 runs on the Pydantic
installed today, and its state is Pydantic models: the gap between v0.1's figure now and on
the day the targets were written down is the machine's and the dependency's together. Without the git history (an sdist, a shallow clone) the figure is skipped with
a line on stderr that says why; nothing else depends on it.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

V01 = "7b5818e80d83715452ea7d4fff073db6fadad192"
"""v0.1's rules core with the first bench_core.py (its firepower_tui is that of v0.1, 7f53c4b)."""


@dataclass(frozen=True)
class Asked:
    """One of the core's speed targets read as a speed-up over v0.1."""

    key: str
    """The figure's key in bench_core's JSON (``apply_move_us`` ...)."""
    label: str
    before: float
    """What v0.1 did on the day the target was set."""
    target: float
    unit: str
    source: str
    """Where ``before`` comes from."""
    higher: bool = False
    """A rate (games/s) rather than a time."""

    @property
    def speedup(self) -> float:
        """How many times faster the target asks the code to be than v0.1 was."""
        return self.target / self.before if self.higher else self.before / self.target


ASKED: tuple[Asked, ...] = (
    Asked("games_per_s", "random full games of basic with combat", 6.3, 50, "games/s", "the target's 'today 6.3'",
          higher=True),
    Asked("lmg_fire_us", "full LMG fire", 331, 150, "us", "the target's '331 us median here'"),
    Asked("apply_move_us", "engine.apply of a Move", 28, 15, "us", "v0.1 README: 'apply one movement action 28 us'"),
    Asked("los_in_play_us", "LOS in play", 23, 15, "us", "v0.1 README: 'one LOS query on the basic map, in play 23 us'"),
)
"""The targets with a v0.1 figure to read them against (the issue's own where it gave one). The
state copy has none: the issue's "a deep copy of a 16-man state costs about 124 us" names no
operation that can be timed again (v0.1's ``copy.deepcopy`` of the state takes ~40x that on
the same day as its other figures run 4-5x slower, of the soldiers alone ~5x), and v0.1's copy
with one soldier changed was never measured on that day."""

_KEYS = "games,fire,move,los"
"""The bench_core figures both versions measure (same keys, same definitions)."""

class Unavailable(RuntimeError):
    """v0.1 cannot be taken out of the history here."""


def extract(dest: Path, commit: str = V01) -> Path:
    """A commit's package, scenarios and benchmarks in ``dest`` (``git archive``; v0.1's,
    :data:`V01`, unless told)."""
    try:
        done = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit, "firepower_tui", "scenarios",
                               "bench"], capture_output=True, check=False, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise Unavailable(f"git archive failed: {exc}") from exc
    if done.returncode != 0:
        raise Unavailable(f"commit {commit[:7]} is not in this clone's history ({done.stderr.decode().strip()[:200]})")
    with tarfile.open(fileobj=io.BytesIO(done.stdout)) as tar:
        try:
            tar.extractall(dest, filter="data")
        except TypeError:  # (Python 3.11.0-3.11.3: no filters; our own history's archive)
            tar.extractall(dest)  # noqa: S202
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(dest / "firepower_tui")], check=True)
    return dest


def _figures(code: Path, quick: bool, env: dict[str, str], keys: str = _KEYS,
             bench: str = "bench_core.py") -> dict[str, float]:
    """The values of one run of a benchmark of ``code`` (a checkout; bench_core unless told), by figure key."""
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        out = Path(f.name)
    try:
        cmd = [sys.executable, str(code / "bench" / bench), "--only", keys, "--json", str(out)]
        done = subprocess.run(cmd + (["--quick"] if quick else []), cwd=code, env=env, capture_output=True,
                              text=True, timeout=900, check=False)
        if not out.exists() or not out.stat().st_size:
            raise RuntimeError(f"{code.name} {bench} failed: {done.stderr.strip()[-500:]}")
        figs = json.loads(out.read_text(encoding="utf-8"))["figures"]
    finally:
        out.unlink(missing_ok=True)
    return {f["key"]: f["value"] for f in figs if f.get("value") is not None}


@dataclass
class Compared:
    """v0.1's and our best values of each figure, from rounds that alternated."""

    v01: dict[str, float]
    ours: dict[str, float]
    rounds: int
    pydantic: str
    """The Pydantic version v0.1 ran on."""


def compare(quick: bool, rounds: int) -> Compared:
    """v0.1 and this checkout, each timed by its own bench_core, alternating ``rounds`` times."""
    best_v01: dict[str, list[float]] = {}
    best_ours: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="firepower-v01-") as tmp:
        old = extract(Path(tmp))
        base = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        env_old = base | {"PYTHONPATH": str(old)}
        env_new = base | {"PYTHONPATH": str(ROOT)}
        for _ in range(rounds):
            for values, code, env in ((best_v01, old, env_old), (best_ours, ROOT, env_new)):
                for key, value in _figures(code, quick, env).items():
                    values.setdefault(key, []).append(value)

    def best(values: dict[str, list[float]]) -> dict[str, float]:
        return {k: max(v) if k == "games_per_s" else min(v) for k, v in values.items()}

    return Compared(best(best_v01), best(best_ours), rounds, _pydantic_version())


def _pydantic_version() -> str:
    """The Pydantic v0.1 ran on (its state is Pydantic models)."""
    try:
        from importlib.metadata import version

        return version("pydantic")
    except Exception:  # noqa: BLE001 - only a note
        return "?"
