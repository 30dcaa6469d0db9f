"""Golden playthroughs and files written by earlier versions (tests/fixtures/golden).

The fixtures were written by version 0.1 (pydantic state): a game database with four
complete games (random legal play with combat and take-backs on ``basic``, ``basic
--deploy``, ``meeting`` and ``defence``), their exported records, and the full JSON event
stream ``firepower script --json`` printed for each record and for the example scripts.
Every later version must read the same files and print the same bytes.
"""

from __future__ import annotations

import io
import json
import shutil
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from firepower_tui.cli import main
from firepower_tui.games.service import load_game
from firepower_tui.games.record import read_record
from firepower_tui.headless.script import state_snapshot
from firepower_tui.games.store import Store
from firepower_tui.rules.model.values import to_json

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "fixtures" / "golden"
RECORDS = sorted(p for p in GOLDEN.glob("*.json"))
SCRIPTS = sorted((ROOT / "tests" / "fixtures" / "scripts").glob("*.fps"))


def script_output(path: Path) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["script", "--json", str(path)]) == 0
    return out.getvalue()


def test_the_fixtures_are_there() -> None:
    assert len(RECORDS) == 4 and len(SCRIPTS) >= 2


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
def test_record_replays_to_the_same_event_stream(record: Path) -> None:
    """A whole game, every event and every roll's breakdown, byte for byte."""
    expected = record.with_suffix(".events.jsonl").read_text()
    assert script_output(record) == expected


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_script_prints_the_same_event_stream(script: Path) -> None:
    expected = (GOLDEN / f"script_{script.stem}.events.jsonl").read_text()
    assert script_output(script) == expected


def test_database_written_by_version_0_1_opens_and_replays(tmp_path: Path) -> None:
    """Every game in a database written by 0.1 loads, replays to its stored result, and tells
    the same story as the record exported from it."""
    db = tmp_path / "old.db"
    shutil.copy(GOLDEN / "v0_1_games.db", db)
    store = Store(db)
    games = sorted(store.games(), key=lambda g: g.id)
    assert [g.scenario_id for g in games] == ["basic", "basic", "meeting", "defence"]
    for g, record_path in zip(games, [GOLDEN / "basic_11.json", GOLDEN / "basic_12.json",
                                      GOLDEN / "meeting_13.json", GOLDEN / "defence_14.json"]):
        session = load_game(store, g.id)
        assert session.state.over and g.finished
        assert session.state.result == g.result
        record = read_record(record_path)
        assert [h.notation for h in session.history] == \
            [e.action for e in _without_undos(record.entries)]
        lines = record_path.with_suffix(".events.jsonl").read_text().splitlines()
        assert state_snapshot(session.state) == json.loads(lines[-1])  # the stream ends with the final state
        assert to_json(session.log[-1]) == json.loads(lines[-2])  # and the game_end event before it
    store.close()


def _without_undos(entries: list) -> list:  # noqa: ANN001
    out: list = []
    for e in entries:
        if e.kind == "undo":
            out.pop()
        else:
            out.append(e)
    return out
