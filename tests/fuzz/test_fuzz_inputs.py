"""Fuzzing the files a player may be sent: mutated game records through ``firepower import`` and
``firepower script``, mutated scenario files through ``firepower validate``, ``firepower map
check`` and ``firepower script``. Bounded and seeded (the same mutants every run).

Whatever the mutant: no traceback, an exit code of 0, 1 or 2 (3, an internal error, never for
bad input), and no game already in the store altered. Most mutants run in this process through
``cli.main`` (a fresh interpreter per mutant would cost a second each); a sample runs as real
subprocesses, which must agree. The figures (mutants, exit codes seen) are printed
(``pytest -s``) and returned by :func:`fuzz`.
"""

from __future__ import annotations

import collections
import contextlib
import hashlib
import io
import json
import os
import random
import re
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from firepower_tui import cli

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.toml"))
GOLDEN_RECORD = ROOT / "tests" / "fixtures" / "golden" / "basic_11.json"
SEED = 29_1127
"""The mutants' seed: every run tries the same ones."""
RECORD_MUTANTS = 150
SCENARIO_MUTANTS = 150
SUBPROCESS_EVERY = 30
"""One mutant in this many also runs as a real ``firepower`` process."""
RECORD_ENTRIES = 60
"""Entries of the exported record mutated (the first of a golden game: each mutant replays them)."""

Mutator = Callable[[bytes, random.Random, str], bytes]


# --- mutations --------------------------------------------------------------------------------------------

def flip_bytes(data: bytes, rng: random.Random, kind: str) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


def truncate(data: bytes, rng: random.Random, kind: str) -> bytes:
    return data[:rng.randrange(len(data))]


def invalid_utf8(data: bytes, rng: random.Random, kind: str) -> bytes:
    at = rng.randrange(len(data))
    return data[:at] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x80\x80"]) + data[at:]


def _value_spots(text: str, kind: str) -> list[int]:
    """Where a value starts: after ``": "`` in JSON, after ``= `` in TOML."""
    pattern = r'": ' if kind == "json" else r"= "
    return [m.end() for m in re.finditer(pattern, text)]


def _replace_value(data: bytes, rng: random.Random, kind: str, new: str) -> bytes:
    """``new`` in place of one value (a JSON value, or the rest of a TOML ``key = value`` line)."""
    text = data.decode("utf-8")
    spots = _value_spots(text, kind)
    if not spots:
        return data
    at = rng.choice(spots)
    if kind == "json":
        end = _json_value_end(text, at)
    else:
        end = text.find("\n", at)
        end = len(text) if end < 0 else end
    return (text[:at] + new + text[end:]).encode("utf-8", "surrogatepass")


def _json_value_end(text: str, at: int) -> int:
    """Where the JSON value starting at ``at`` ends."""
    try:
        _, end = json.JSONDecoder().raw_decode(text, at)
    except json.JSONDecodeError:
        return at
    return end


def deep_nesting(data: bytes, rng: random.Random, kind: str) -> bytes:
    depth = rng.choice([100, 999, 1000, 1500, 100_000])
    if kind == "toml" and rng.random() < 0.5:
        inner = "{a = " * depth + "1" + "}" * depth
    else:
        inner = "[" * depth + "]" * depth
    return _replace_value(data, rng, kind, inner)


def huge_int(data: bytes, rng: random.Random, kind: str) -> bytes:
    number = rng.choice(["9223372036854775808", "18446744073709551616", "-9223372036854775809",
                         "1" + "0" * 400, "9" * 5000, "1e400", "-1e400", "1e-400"])
    if rng.random() < 0.5:  # in place of a number already there
        text = data.decode("utf-8")
        numbers = [m.span() for m in re.finditer(r"(?<![\w.])-?[0-9]+(?![\w.])", text)]
        if numbers:
            a, b = rng.choice(numbers)
            return (text[:a] + number + text[b:]).encode("utf-8")
    return _replace_value(data, rng, kind, number)


def lone_surrogate(data: bytes, rng: random.Random, kind: str) -> bytes:
    escape = rng.choice(["\\ud800", "\\udfff", "\\udc80"])
    text = data.decode("utf-8")
    strings = [m.start() + 1 for m in re.finditer(r'"[a-z]', text)]
    if not strings:
        return data
    at = rng.choice(strings)
    if kind == "toml" and rng.random() < 0.5:  # the UTF-8 bytes of a surrogate: not UTF-8
        return text[:at].encode("utf-8") + b"\xed\xa0\x80" + text[at:].encode("utf-8")
    return (text[:at] + escape + text[at:]).encode("utf-8")


def wrong_shape(data: bytes, rng: random.Random, kind: str) -> bytes:
    if kind == "json":
        other = rng.choice(['[]', '{}', '""', '0', '-1', 'null', 'true', '1.5', '[[[]]]', '{"a": {}}',
                            '["tan", "green"]', '"computer"', '{"tan": 5}', 'NaN', 'Infinity'])
    else:
        other = rng.choice(['[]', '{}', '""', '0', '-1', 'true', '1.5', '[[1]]', '{a = 1}', 'inf', 'nan',
                            '"x"', '[["a", "b"]]', '1979-05-27T07:32:00Z'])
    return _replace_value(data, rng, kind, other)


def long_string(data: bytes, rng: random.Random, kind: str) -> bytes:
    return _replace_value(data, rng, kind, '"' + rng.choice("xK1 ") * rng.choice([300, 10_000, 1_000_000]) + '"')


def delete_or_repeat_lines(data: bytes, rng: random.Random, kind: str) -> bytes:
    lines = data.split(b"\n")
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(lines))
        if rng.random() < 0.5:
            del lines[i]
        else:
            lines.insert(i, lines[i])
        if not lines:
            break
    return b"\n".join(lines)


MUTATORS: list[Mutator] = [flip_bytes, truncate, invalid_utf8, deep_nesting, huge_int, lone_surrogate, wrong_shape,
                           long_string, delete_or_repeat_lines]


def mutant(data: bytes, rng: random.Random, kind: str) -> tuple[str, bytes]:
    """One to three mutations of ``data``, named."""
    names, out = [], data
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        mutate = rng.choice(MUTATORS)
        try:
            out = mutate(out, rng, kind) or out
        except UnicodeDecodeError:  # an earlier mutation left bytes that are not text: flip instead
            out = flip_bytes(out, rng, kind)
        names.append(mutate.__name__)
    return "+".join(names), out


# --- running the commands ---------------------------------------------------------------------------------

def in_process(argv: list[str]) -> tuple[int, str]:
    """``firepower ARGV`` through ``cli.main``: exit code and stderr (an exception escaping main
    fails the test: it would be a traceback)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
    return code, err.getvalue()


def as_process(argv: list[str], cwd: Path) -> tuple[int, str]:
    r = subprocess.run([sys.executable, "-m", "firepower_tui", *argv], capture_output=True, cwd=cwd,
                       stdin=subprocess.DEVNULL, timeout=120)
    return r.returncode, r.stderr.decode("utf-8", "replace")


def store_checksum(db: Path, last_game: int) -> str:
    """A digest of every row that belongs to the games up to ``last_game`` (and the store's own)."""
    conn = sqlite3.connect(db)
    try:
        digest = hashlib.sha256()
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
        for table in tables:
            columns = [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
            where = "WHERE game_id <= ?" if "game_id" in columns else "WHERE id <= ?" if table == "games" else ""
            rows = conn.execute(f"SELECT * FROM {table} {where} ORDER BY 1, 2" if len(columns) > 1 else
                                f"SELECT * FROM {table} {where} ORDER BY 1", (last_game,) if where else ())
            digest.update(table.encode())
            for row in rows:
                digest.update(repr(row).encode())
        return digest.hexdigest()
    finally:
        conn.close()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A store holding two games (one imported finished, one exported short and imported back),
    and the short game's exported record (``exported.json``): the record the mutants start from."""
    for var in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))
    db = tmp_path / "games.db"
    short = json.loads(GOLDEN_RECORD.read_text("utf-8"))
    short["entries"] = short["entries"][:RECORD_ENTRIES]
    short["result"] = ""
    (tmp_path / "short.json").write_text(json.dumps(short), "utf-8")
    for argv in (["import", str(GOLDEN_RECORD)], ["import", str(tmp_path / "short.json")],
                 ["export", "2", str(tmp_path / "exported.json")]):
        code, err = in_process([*argv, "--db", str(db)])
        assert code == 0, err
    return tmp_path


def fuzz(home: Path, kind: str, seeds: list[bytes], count: int,
         commands: Callable[[Path], list[list[str]]]) -> dict[str, object]:
    """Run ``count`` mutants of ``seeds`` through ``commands``; the figures."""
    rng = random.Random(f"{SEED}-{kind}")
    db = home / "games.db"
    before = store_checksum(db, 2)
    codes: collections.Counter[int] = collections.Counter()
    by_mutation: collections.Counter[str] = collections.Counter()
    processes = 0
    for n in range(count):
        name, data = mutant(rng.choice(seeds), rng, kind)
        path = home / f"mutant.{kind}"
        path.write_bytes(data)
        by_mutation[name.split("+")[0]] += 1
        for argv in commands(path):
            code, err = in_process(argv)
            where = f"mutant {n} ({name}): firepower {' '.join(argv)}"
            assert "Traceback" not in err, where
            assert code in (0, 1, 2), f"{where}: exit {code}\n{err[-2000:]}"
            assert len(err) < 20_000, f"{where}: {len(err)} characters of error (a value echoed whole?)"
            codes[code] += 1
            if n % SUBPROCESS_EVERY == 0:
                real, real_err = as_process(argv, home)
                assert "Traceback" not in real_err and real == code, f"{where}: as a process {real}\n{real_err}"
                processes += 1
    assert store_checksum(db, 2) == before, "a game already stored was altered"
    figures = {"kind": kind, "mutants": count, "runs": sum(codes.values()), "exit codes": dict(sorted(codes.items())),
               "as processes": processes, "first mutations": dict(sorted(by_mutation.items()))}
    print(f"\nfuzz {json.dumps(figures)}")
    return figures


def test_mutated_game_records(home: Path) -> None:
    db = str(home / "games.db")
    seeds = [(home / "exported.json").read_bytes()]
    figures = fuzz(home, "json", seeds, RECORD_MUTANTS,
                   lambda path: [["import", str(path), "--db", db], ["script", str(path)]])
    assert set(figures["exit codes"]) & {0, 2}  # type: ignore[arg-type]  # (the mutants reach both)


def test_mutated_scenario_files(home: Path) -> None:
    seeds = [p.read_bytes() for p in SCENARIOS]

    def commands(path: Path) -> list[list[str]]:
        script = path.with_suffix(".fps")
        script.write_text(f"scenario {path.name}\nstate\n", "utf-8")
        return [["validate", str(path)], ["map", "check", str(path), "--ascii", "--no-color"], ["script", str(script)]]

    figures = fuzz(home, "toml", seeds, SCENARIO_MUTANTS, commands)
    assert set(figures["exit codes"]) & {0, 2}  # type: ignore[arg-type]


def test_the_store_checksum_sees_a_change(home: Path) -> None:
    """The check the fuzzing relies on can fail: one entry of a stored game changed is seen."""
    db = home / "games.db"
    before = store_checksum(db, 2)
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE entries SET notation='end' WHERE game_id=2 AND seq=5")
    conn.close()
    assert store_checksum(db, 2) != before
    assert os.path.getsize(db) > 0


ARGV_MUTANTS = 300
WORDS = ["script", "validate", "play", "resume", "scenarios", "games", "replay", "export", "import", "stats", "host",
         "join", "ssh-setup", "learn", "map", "show", "check", "basic", "village", "1", "2", "0", "-1", "--seed",
         "--side", "tan", "--db", "--rules", "all", "none", "--clock", "--deploy", "--key", "tan=x.pub", "--list",
         "--width", "--vs-computer", "--level", "--pace", "--json", "-", "--saved-scenario", "--ascii"]
JUNK = ["", " ", "²", "١", "\ud800", "\udcff", "a\0b", "x" * 100_000, "9" * 5000, "1e400", "nan", "-0", "../..",
        "/", "basic.toml", "\n", "\x1b[2J", "C:\\x", "%D9%A1", "computer", "tan=", "=x", "--", "-h"]


def test_random_command_lines(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Command lines of the commands' own words and junk: exit 0, 1 or 2, never a traceback (the
    app never opens: standard input is no terminal)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    monkeypatch.chdir(home)
    rng = random.Random(f"{SEED}-argv")
    db = home / "games.db"
    before = store_checksum(db, 2)
    codes: collections.Counter[int] = collections.Counter()
    for n in range(ARGV_MUTANTS):
        argv = [rng.choice(WORDS + JUNK) for _ in range(rng.randint(1, 6))]
        if "web" in argv or "-h" in argv or "--help" in argv:
            continue
        if rng.random() < 0.7:
            argv += ["--db", str(db)] if argv[0] not in ("script", "validate", "scenarios", "learn", "map") else []
        code, err = in_process(argv)
        assert code in (0, 1, 2) and "Traceback" not in err, f"command line {n}: {argv!r}: exit {code}\n{err[-2000:]}"
        assert len(err) < 20_000, f"command line {n}: {len(err)} characters of error"
        codes[code] += 1
    assert store_checksum(db, 2) == before
    print(f"\nfuzz {json.dumps({'kind': 'argv', 'runs': sum(codes.values()), 'exit codes': dict(sorted(codes.items()))})}")
