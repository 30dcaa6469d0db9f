"""Records are checked, never trusted: a record's scenario hash is computed from its text, a
record whose text is not the one its hash names is refused by name, and nothing read from a
record ever reaches the cache of checked scenarios that every later game reads."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from firepower_tui.games.record import export_game, read_record
from firepower_tui.games.replay import ReplayError
from firepower_tui.games.service import load_game, new_game, resume_game
from firepower_tui.games.store import Store
from firepower_tui.rules.model.errors import SaveError
from firepower_tui.rules.scenario.load import load_scenario, scenario_dirs
from tests.conftest import play

ROOT = Path(__file__).resolve().parents[2]
BASIC = scenario_dirs()[0] / "basic.toml"


def poisoned_record(path: Path) -> Path:
    """The attack: basic.toml's real hash, and an edited text (a one-turn game of other squads)."""
    text = BASIC.read_text(encoding="utf-8")
    edited = text.replace("title = ", 'title = "POISONED squads" #', 1).replace("turns = ", "turns = 1 #", 1)
    assert edited != text
    path.write_text(json.dumps({"format": "firepower-game", "version": 1, "seed": 1, "entries": [],
                                "scenario": {"id": "basic", "hash": hashlib.sha256(BASIC.read_bytes()).hexdigest(),
                                             "toml": edited}}))
    return path


def firepower(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "firepower_tui", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env=env, stdin=subprocess.DEVNULL)


def test_a_poisoned_record_is_refused_and_changes_nothing_basic_loads(tmp_path: Path) -> None:
    """A fresh cache (a new install, or a new version): `import` and `script` of the record are
    refused by name (exit 2), no game is stored, and `firepower scenarios` (what `play basic`,
    `host` and the picker load) still reads basic.toml's own squads."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "XDG_DATA_HOME": str(tmp_path / "data")}
    record = poisoned_record(tmp_path / "game.json")
    db = tmp_path / "games.db"
    imported = firepower("import", str(record), "--db", str(db), env=env)
    assert imported.returncode == 2 and str(record) in imported.stderr and "scenario.hash" in imported.stderr
    assert "Traceback" not in imported.stderr
    assert Store(db).games() == []
    scripted = firepower("script", str(record), env=env)
    assert scripted.returncode == 2 and "scenario.hash" in scripted.stderr
    listed = firepower("scenarios", env=env)
    assert listed.returncode == 0 and "POISONED" not in listed.stdout
    assert load_scenario(BASIC).spec.title in listed.stdout


def test_read_record_names_the_mismatch(tmp_path: Path) -> None:
    with pytest.raises(SaveError) as refused:
        read_record(poisoned_record(tmp_path / "game.json"))
    assert [p.where for p in refused.value.problems] == [f"{tmp_path / 'game.json'}: scenario.hash"]


def test_a_stored_copy_that_is_not_its_hash_is_refused(tmp_path: Path) -> None:
    """A store written before records were checked may hold an imported game whose text is not
    the one its hash names: replayed with its stored copy, it is refused by name."""
    store = Store(tmp_path / "games.db")
    session, gid = new_game(store, load_scenario("basic"), seed=4)
    play(session, "chit tan")
    store.release(gid)
    with store.conn:
        store.conn.execute("UPDATE games SET scenario_text = replace(scenario_text, 'turns = ', 'turns = 1 #')")
    with pytest.raises(ReplayError) as refused:
        resume_game(store, gid, use_saved=True)
    assert store.game(gid).scenario_hash[:12] in str(refused.value)  # named by its hash
    assert load_game(store, gid).state.scenario.spec.turns == load_scenario("basic").spec.turns  # the file's


def test_an_exported_record_imports_and_its_hash_is_its_texts(store: Store, tmp_path: Path) -> None:
    session, gid = new_game(store, load_scenario("basic"), seed=9)
    play(session, "chit tan", "impulse K2")
    record = export_game(store, gid, tmp_path / "game.json")
    assert record.scenario.hash == hashlib.sha256(record.scenario.toml.encode()).hexdigest()
    assert read_record(tmp_path / "game.json") == record
