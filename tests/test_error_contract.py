"""Every command's exit code (docs/notation.md, "Exit codes"): 0 success, 1 a refused action or a
game that refuses the command, 2 bad input (a file, a record, an argument), 3 an internal error
with a crash report; never a traceback, whatever the input; long values cut in messages."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from firepower_tui import cli
from firepower_tui.games.store import Store

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "fixtures" / "golden" / "basic_11.json"
BASIC = ROOT / "scenarios" / "basic.toml"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``firepower ARGV`` in this process: exit code, stdout, stderr (argparse's exits included)."""
    try:
        code = cli.main(list(argv))
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def record(**changes: object) -> dict[str, object]:
    data = json.loads(GOLDEN.read_text("utf-8"))
    for key, value in changes.items():
        if "." in key:
            outer, inner = key.split(".")
            data[outer][inner] = value
        else:
            data[key] = value
    return data


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, "utf-8")
    return path


def stored_games(db: Path) -> int:
    store = Store(db)
    try:
        return len(store.games())
    finally:
        store.close()


# --- bad input: exit 2, named, nothing stored -------------------------------------------------------------

BAD_RECORDS = {
    "seed beyond SQLite's integer": record(seed=2**70),
    "negative seed": record(seed=-1),
    "players a list": record(options={"players": ["tan", "green"]}),
    "players a string": record(options={"players": "computer"}),
    "a seat not a string": record(options={"players": {"tan": 5}}),
    "a seat no one plays": record(options={"players": {"tan": "robot"}}),
    "a clock beyond the rules": record(options={"clock": 10**30}),
    "an option unknown": record(options={"wibble": 1}),
    "a 1 MB scenario id": record(**{"scenario.id": "x" * 1_000_000, "scenario.toml": ""}),
    "a path for a scenario id": record(**{"scenario.id": "../../etc/passwd", "scenario.toml": ""}),
    "a lone surrogate in the scenario id": record(**{"scenario.id": "\ud800"}),
}


@pytest.mark.parametrize("name", list(BAD_RECORDS))
def test_a_bad_record_is_refused_by_name_and_nothing_is_stored(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                name: str) -> None:
    path = write(tmp_path, "r.json", json.dumps(BAD_RECORDS[name]))
    db = tmp_path / "games.db"
    code, _, err = run(capsys, "import", str(path), "--db", str(db))
    assert code == 2 and str(path) in err
    assert stored_games(db) == 0
    code, _, err = run(capsys, "script", str(path))
    assert code == 2 and str(path) in err


NESTED = 1000


@pytest.mark.parametrize("text", [
    '{"format": "firepower-game", "x": ' + "[" * NESTED + "]" * NESTED + "}",
    "[" * 100_000 + "]" * 100_000,
    '{"format": "firepower-game", "seed": ' + "9" * 5000 + "}",
], ids=["nested 1000 deep", "nested 100000 deep", "a number of 5000 digits"])
def test_a_record_that_breaks_the_json_parser_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           text: str) -> None:
    path = write(tmp_path, "r.json", text)
    for command in ("import", "script"):
        db = ["--db", str(tmp_path / "g.db")] if command == "import" else []
        code, _, err = run(capsys, command, str(path), *db)
        assert code == 2 and str(path) in err


def test_a_record_not_utf8_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "r.json", GOLDEN.read_bytes()[:300] + b"\xff\xfe" + GOLDEN.read_bytes()[300:])
    code, _, err = run(capsys, "import", str(path), "--db", str(tmp_path / "g.db"))
    assert code == 2 and f"{path}: byte 300" in err


@pytest.mark.parametrize("tail", [
    "zz = " + "[" * NESTED + "]" * NESTED,
    "zz = " + "{a = " * 200 + "1" + "}" * 200,
    "zz = " + "9" * 5000,
], ids=["array nested 1000 deep", "table nested 200 deep", "a number of 5000 digits"])
@pytest.mark.parametrize("command", [["validate"], ["map", "check"]])
def test_a_scenario_that_breaks_the_toml_parser_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             tail: str, command: list[str]) -> None:
    path = write(tmp_path, "s.toml", BASIC.read_text("utf-8") + "\n" + tail + "\n")
    code, _, err = run(capsys, *command, str(path))
    assert code == 2 and str(path) in err


def test_a_1mb_scenario_id_is_refused_not_stored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = BASIC.read_text("utf-8").replace('id = "basic"', f'id = "{"b" * 1_000_000}"', 1)
    path = write(tmp_path, "s.toml", text)
    code, _, err = run(capsys, "validate", str(path))
    assert code == 2 and "id" in err and len(err) < 2000
    db = tmp_path / "g.db"
    code, _, err = run(capsys, "host", str(path), "--db", str(db))
    assert code == 2 and stored_games(db) == 0


def test_a_1mb_action_is_not_echoed_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = record()
    data["entries"][3]["action"] = "x" * 1_000_000  # type: ignore[index]
    path = write(tmp_path, "r.json", json.dumps(data))
    code, _, err = run(capsys, "import", str(path), "--db", str(tmp_path / "g.db"))
    assert code == 2 and "entry 4" in err and len(err) < 2000
    script = write(tmp_path, "s.fps", "scenario basic\nchit tan\nmove T1 " + "K" * 1_000_000 + "\n")
    code, _, err = run(capsys, "script", str(script))
    assert code == 2 and f"{script}:3" in err and len(err) < 2000


@pytest.mark.parametrize("argv", [
    ["host", "basic", "--seed", str(2**64)],
    ["host", "basic", "--seed", "-1"],
    ["resume", str(2**64)],
    ["export", "99999999999999999999", "x.json"],
    ["web", "--port", "99999999999999"],
    ["play", "b" * 100_000],
    ["play", "a\0b"],
    ["learn", "²"],
], ids=["seed beyond 64 bits", "negative seed", "game beyond 64 bits", "export beyond 64 bits", "port",
        "a 100 KB scenario name", "a NUL in a scenario name", "a superscript lesson number"])
def test_bad_arguments_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _, err = run(capsys, *argv, *(["--db", str(tmp_path / "g.db")] if argv[0] not in ("learn",) else []))
    assert code == 2 and len(err) < 2000


@pytest.mark.parametrize("line", ["seed ²", f"seed {2**64}", "dice ²", "chit tan\nimpulse K2\nfire T1 G9 then ²"])
def test_a_script_number_in_other_digits_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      line: str) -> None:
    """``str.isdigit`` takes ``²``, which ``int`` refuses: numbers are ASCII digits."""
    script = write(tmp_path, "s.fps", f"scenario basic\n{line}\n")
    code, _, err = run(capsys, "script", str(script))
    assert code == 2 and str(script) in err


def test_an_undecodable_file_name_is_named_not_a_traceback(tmp_path: Path) -> None:
    """A name of bytes that are not UTF-8 reaches Python as lone surrogates; printed escaped."""
    name = os.fsencode(str(tmp_path)) + b"/\xff\xfe.toml"
    Path(os.fsdecode(name)).write_bytes(BASIC.read_bytes())
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    r = subprocess.run([sys.executable, "-m", "firepower_tui", "validate", name], capture_output=True, env=env)
    assert r.returncode == 0 and b"Traceback" not in r.stderr and b"ok" in r.stdout
    r = subprocess.run([sys.executable, "-m", "firepower_tui", "validate", name + b"x"], capture_output=True, env=env)
    assert r.returncode == 2 and b"Traceback" not in r.stderr


# --- a game that refuses the command: exit 1 ----------------------------------------------------------------

def test_a_finished_game_refuses_resume_and_join_with_exit_1(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "g.db"
    code, _, _ = run(capsys, "import", str(GOLDEN), "--db", str(db))
    assert code == 0
    assert run(capsys, "resume", "1", "--db", str(db))[0] == 1
    assert run(capsys, "join", "1", "--side", "tan", "--db", str(db))[0] == 1
    assert run(capsys, "resume", "7", "--db", str(db))[0] == 2  # no game 7: a bad argument


# --- a bug: exit 3 with a crash report, once, in cli.main ----------------------------------------------------

def test_an_unexpected_exception_is_a_crash_report_and_exit_3(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))

    def broken() -> int:
        raise KeyError("a bug")

    monkeypatch.setattr(cli, "_scenarios", broken)
    code, out, err = run(capsys, "scenarios")
    assert code == 3
    (report,) = (tmp_path / "state" / "firepower").glob("crash-*.txt")
    assert str(report) in err and "KeyError" in report.read_text("utf-8")


# --- files of our own, damaged: read as none, never a crash ----------------------------------------------------

@pytest.mark.parametrize("content", [
    '{"lessons": {"movement": {"steps": 1e400}}}',
    '{"lessons": ["movement"]}',
    '{"lessons": {"movement": {"steps": {"a": 1}}}}',
    '{"lessons": ' + "[" * NESTED + "]" * NESTED + "}",
    b'{"lessons": {"movement": \xff}}',
])
def test_a_damaged_progress_file_counts_as_no_progress(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch, content: str | bytes) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    (tmp_path / "firepower").mkdir()
    write(tmp_path / "firepower", "lessons.json", content)
    code, out, _ = run(capsys, "learn", "--list")
    assert code == 0 and "0/" in out


@pytest.mark.parametrize("content", ["[" * NESTED + "]" * NESTED, b"\xff\xfe", '{"theme": "\\ud800"}'])
def test_damaged_settings_count_as_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: str | bytes) -> None:
    from firepower_tui.games.settings import load_settings, save_setting

    path = write(tmp_path, "settings.json", content)
    assert load_settings(path) == {}
    assert save_setting("theme", "default", path) == path and load_settings(path) == {"theme": "default"}


@pytest.mark.parametrize("players", ['"computer"', '["tan", "green"]', "5"])
def test_games_lists_a_game_whose_stored_players_are_malformed(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                               players: str) -> None:
    """An earlier version imported ``options.players`` of any shape: such a game is listed (as
    hotseat), not a crash of ``firepower games``."""
    import sqlite3

    db = tmp_path / "g.db"
    assert run(capsys, "import", str(GOLDEN), "--db", str(db))[0] == 0
    conn = sqlite3.connect(db)
    with conn:
        conn.execute(f"UPDATE games SET options='{{\"players\": {players}}}'")
    conn.close()
    code, out, _ = run(capsys, "games", "--db", str(db))
    assert code == 0 and "basic" in out


def test_export_to_a_folder_that_does_not_exist_is_bad_input(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "g.db"
    assert run(capsys, "import", str(GOLDEN), "--db", str(db))[0] == 0
    code, _, err = run(capsys, "export", "1", str(tmp_path / "no" / "such" / "x.json"), "--db", str(db))
    assert code == 2 and "cannot write" in err
