"""Start-up time of the ``firepower`` command. Run: python bench/bench_startup.py [-n RUNS]

Prints, for each command, the median wall time of the command divided by the median wall
time of ``python -c pass`` (the same interpreter, the same environment), both measured in
this run, interleaved round by round so that a busy machine slows both alike:

* ``firepower --help``
* ``firepower validate scenarios/basic.toml``
* ``firepower script tests/fixtures/scripts/walk.fps``

``firepower`` is the installed console script next to this Python (``python -m
firepower_tui`` if there is none). The package is run from a fresh copy on PYTHONPATH, twice:

* **with bytecode**: the copy's ``__pycache__`` is written by a warm-up run, then used;
* **without bytecode**: another fresh copy with PYTHONDONTWRITEBYTECODE=1, so every
  ``firepower_tui`` module is compiled from source on every run (the standard library and
  the installed dependencies keep their installed .pyc files, as on a user's machine).

Target: ``firepower --help`` at most 3x ``python -c pass``. Timings live here only; the test
suite checks which modules load (tests/test_import_hygiene.py), never how long they take.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = {
    "--help": ["--help"],
    "validate": ["validate", "scenarios/basic.toml"],
    "script": ["script", "tests/fixtures/scripts/walk.fps"],
}


def firepower() -> list[str]:
    exe = Path(sys.executable).with_name("firepower")
    return [str(exe)] if exe.is_file() else [sys.executable, "-m", "firepower_tui"]


def fresh_copy(dest: Path) -> Path:
    """The package, the scenarios and the script fixture, without any bytecode."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "firepower_tui", dest / "firepower_tui", ignore=ignore)
    shutil.copytree(ROOT / "scenarios", dest / "scenarios", ignore=ignore)
    shutil.copytree(ROOT / "tests" / "fixtures" / "scripts", dest / "tests" / "fixtures" / "scripts")
    return dest


def timed(argv: list[str], cwd: Path, env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - t0


def measure(label: str, cwd: Path, env: dict[str, str], runs: int) -> None:
    base = [sys.executable, "-c", "pass"]
    cmds = {name: firepower() + args for name, args in COMMANDS.items()}
    for name, argv in cmds.items():  # warm-up: check it works (and write the bytecode if allowed)
        out = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True)
        if out.returncode != 0:
            sys.exit(f"{' '.join(argv)} failed ({out.returncode}):\n{out.stderr}")
    probe = subprocess.run([sys.executable, "-c", "import firepower_tui; print(firepower_tui.__file__)"],
                           cwd=cwd, env=env, capture_output=True, text=True, check=True)
    assert probe.stdout.strip().startswith(str(cwd)), f"not running the copy: {probe.stdout}"
    times: dict[str, list[float]] = {"python -c pass": [], **{n: [] for n in cmds}}
    for _ in range(runs):  # interleaved: one of each per round
        times["python -c pass"].append(timed(base, cwd, env))
        for name, argv in cmds.items():
            times[name].append(timed(argv, cwd, env))
    pycs = sum(1 for _ in (cwd / "firepower_tui").rglob("*.pyc"))
    med = {k: statistics.median(v) for k, v in times.items()}
    print(f"\n{label} ({pycs} firepower_tui .pyc files in the copy; median of {runs} runs)")
    print(f"  {'python -c pass':<52} {med['python -c pass'] * 1000:7.1f} ms")
    for name, args in COMMANDS.items():
        shown = "firepower " + " ".join(args)
        print(f"  {shown:<52} {med[name] * 1000:7.1f} ms  {med[name] / med['python -c pass']:5.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", "--runs", type=int, default=30)
    args = ap.parse_args()
    print(f"{' '.join(firepower())} vs {sys.executable} -c pass")
    base_env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    with tempfile.TemporaryDirectory() as tmp:
        warm = fresh_copy(Path(tmp) / "warm")
        measure("with bytecode", warm, {**base_env, "PYTHONPATH": str(warm)}, args.runs)
        cold = fresh_copy(Path(tmp) / "cold")
        env = {**base_env, "PYTHONPATH": str(cold), "PYTHONDONTWRITEBYTECODE": "1"}
        measure("without bytecode (PYTHONDONTWRITEBYTECODE=1, fresh copy)", cold, env, args.runs)


if __name__ == "__main__":
    main()
