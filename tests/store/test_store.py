"""The game store: autosave, resume, take-backs, records, bad input, statistics."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from firepower_tui.games.service import load_game, new_game, resume_game
from firepower_tui.games.record import export_game, read_record
from firepower_tui.games.replay import ReplayError
from firepower_tui.rules.model.actions import DrawChit
from firepower_tui.rules.model.errors import FirepowerError, SaveError
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.games.stats import game_stats
from firepower_tui.games.store import SCHEMA_VERSION, GameOpen, Store
from firepower_tui.rules.model.values import to_json
from tests.conftest import play

ROOT = Path(__file__).resolve().parents[2]


def test_round_trip_same_state_and_log(store: Store) -> None:
    session, gid = new_game(store, load_scenario("basic"), seed=11)
    play(session, "chit tan", "impulse K2", "move T1", "turn T1 SE", "posture T1 crouch", "end", "done")
    session.draw_if_needed()
    resumed = load_game(store, gid)
    assert resumed.state == session.state
    assert [to_json(e) for e in resumed.log] == [to_json(e) for e in session.log]
    assert [h.notation for h in resumed.history] == [h.notation for h in session.history]


def test_every_action_is_committed_before_it_is_shown(store: Store) -> None:
    session, gid = new_game(store, load_scenario("basic"), seed=11)
    play(session, "chit tan", "impulse K2", "move T1")
    other = sqlite3.connect(store.path)  # another connection sees it at once
    assert [r[0] for r in other.execute("SELECT notation FROM entries WHERE game_id=? ORDER BY seq", (gid,))] == \
        ["chit tan", "impulse K2", "move T1"]


def test_resumed_dice_go_on_as_if_never_stopped(store: Store) -> None:
    """The seeded generator is advanced past the recorded rolls: the same dice as an unbroken game."""
    scenario = load_scenario("basic")
    straight, _ = new_game(store, scenario, seed=5)
    interrupted, gid = new_game(store, scenario, seed=5)
    for s in (straight, interrupted):
        s.draw_if_needed()
        play(s, "done")
        s.draw_if_needed()
    resumed = load_game(store, gid)
    assert [straight.dice.d10("x") for _ in range(20)] == [resumed.dice.d10("x") for _ in range(20)]


@pytest.mark.rule("§9.9")
def test_take_back_is_an_entry_and_replays(store: Store) -> None:
    session, gid = new_game(store, load_scenario("basic"), seed=11)
    play(session, "chit tan", "impulse K2", "move T1", "move T1")
    assert session.undo().ok
    assert [e.kind for e in store.entries(gid)][-2:] == ["action", "undo"]
    resumed = load_game(store, gid)
    assert resumed.state.soldier("T1").hex == session.state.soldier("T1").hex
    assert resumed.undo_refusal() is None  # "move T1" (the first) rolled nothing


def test_resume_default_is_latest_unfinished_and_locks(store: Store) -> None:
    s1, g1 = new_game(store, load_scenario("basic"), seed=1)
    s2, g2 = new_game(store, load_scenario("basic"), seed=2)
    play(s1, "chit tan")
    store.release(g1)
    store.release(g2)
    _, picked = resume_game(store, None)
    assert picked == g1  # played last
    other = Store(store.path)
    import os
    other.conn.execute("UPDATE games SET owner_pid=? WHERE id=?", (os.getppid(), g2))  # (a pid alone, as schema 2 kept it)
    with pytest.raises(GameOpen) as refused:
        resume_game(store, g2)
    assert refused.value.pid == os.getppid()


def test_changed_scenario_is_detected(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    shutil.copy(ROOT / "scenarios" / "basic.toml", path)
    session, gid = new_game(store, load_scenario(path), seed=3)
    play(session, "chit tan", "impulse K2", "move T1")
    store.release(gid)
    path.write_text(path.read_text().replace('hex = "K2"', 'hex = "K3"'))
    with pytest.raises(ReplayError, match="has changed since this game began"):
        resume_game(store, gid)
    resumed, _ = resume_game(store, gid, use_saved=True)  # the stored copy still plays
    assert resumed.state.soldier("T1").hex == session.state.soldier("T1").hex
    assert len(store.entries(gid)) == 3  # nothing deleted


def test_diverging_entry_is_named(store: Store) -> None:
    session, gid = new_game(store, load_scenario("basic"), seed=3)
    play(session, "chit tan", "impulse K2", "move T1")
    store.conn.execute("UPDATE entries SET notation='move T1 K9' WHERE game_id=? AND seq=3", (gid,))
    with pytest.raises(ReplayError, match=r"entry 3 \('move T1 K9'\) is now refused"):
        load_game(store, gid)


# --- bad databases ---------------------------------------------------------------------------------

def _unchanged(path: Path, make) -> None:  # noqa: ANN001
    before = path.read_bytes()
    with pytest.raises(SaveError) as info:
        make()
    assert str(path) in str(info.value)
    assert path.read_bytes() == before
    return info.value  # type: ignore[return-value]


def test_not_a_database(tmp_path: Path) -> None:
    p = tmp_path / "junk.db"
    p.write_bytes(b"this is not sqlite at all" * 100)
    err = _unchanged(p, lambda: Store(p))
    assert "not a readable game database" in str(err)


def test_truncated_database(tmp_path: Path) -> None:
    p = tmp_path / "t.db"
    s = Store(p)
    session, _ = new_game(s, load_scenario("basic"), seed=1)
    play(session, "chit tan", "impulse K2", "move T1")
    s.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    s.close()
    data = p.read_bytes()
    p.write_bytes(data[: len(data) // 2])
    _unchanged(p, lambda: Store(p))


def test_foreign_database(tmp_path: Path) -> None:
    p = tmp_path / "other.db"
    c = sqlite3.connect(p)
    c.execute("CREATE TABLE invoices (id INTEGER)")
    c.commit()
    c.close()
    err = _unchanged(p, lambda: Store(p))
    assert "another program" in str(err)


def test_newer_database(tmp_path: Path) -> None:
    p = tmp_path / "new.db"
    Store(p).close()
    c = sqlite3.connect(p)
    c.execute("UPDATE meta SET value=? WHERE key='schema_version'", (str(SCHEMA_VERSION + 1),))
    c.commit()
    c.close()
    err = _unchanged(p, lambda: Store(p))
    assert "newer firepower" in str(err)


def test_two_processes_do_not_corrupt(tmp_path: Path) -> None:
    db = tmp_path / "shared.db"
    Store(db).close()
    code = (
        "import sys\n"
        "from firepower_tui.games.store import Store\n"
        "s = Store(sys.argv[1])\n"
        "g = s.create_game(scenario_id='basic', scenario_path='x', scenario_hash='0'*64, scenario_text='',"
        " seed=1, sides=['tan','green'])\n"
        "for i in range(150):\n"
        "    s.append(g, 'action', f'move T{i}', [['fire', 3, 0]], turn=1, side='tan')\n"
        "print(g)\n"
    )
    procs = [subprocess.Popen([sys.executable, "-c", code, str(db)], stdout=subprocess.PIPE, text=True)
             for _ in range(2)]
    ids = [int(p.communicate(timeout=120)[0]) for p in procs]
    assert all(p.returncode == 0 for p in procs)
    s = Store(db)
    assert s.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert sorted(len(s.entries(g)) for g in ids) == [150, 150]


# --- game records -------------------------------------------------------------------------------------

def test_export_import_round_trip(store: Store, tmp_path: Path) -> None:
    session, gid = new_game(store, load_scenario("basic"), seed=9)
    play(session, "chit tan", "impulse K2", "move T1")
    out = tmp_path / "game.json"
    record = export_game(store, gid, out)
    assert json.loads(out.read_text())["format"] == "firepower-game"
    assert [e.action for e in record.entries] == ["chit tan", "impulse K2", "move T1"]
    r = subprocess.run([sys.executable, "-m", "firepower_tui", "import", str(out), "--db", str(store.path)],
                       capture_output=True, text=True)
    assert r.returncode == 0 and "imported as game" in r.stdout
    new_id = max(g.id for g in store.games())
    imported = load_game(store, new_id, use_saved=True).state
    assert imported.scenario.digest == session.state.scenario.digest
    assert (imported.soldiers, imported.turn, imported.active, imported.cup) == \
        (session.state.soldiers, session.state.turn, session.state.active, session.state.cup)
    script = subprocess.run([sys.executable, "-m", "firepower_tui", "script", str(out), "--json"],
                            capture_output=True, text=True)
    assert script.returncode == 0
    assert json.loads(script.stdout.splitlines()[-1])["event"] == "state"


@pytest.mark.parametrize(("text", "needle"), [
    ('{"format": "firepower-game", "version": 1, "seed": 1, ', "cut short"),
    ('{"format": "firepower-game",\n "version": 1,,}', "r.json:2:"),
    ('{"format": "something-else"}', "not a firepower game record"),
    ('{"format": "firepower-game", "version": 99}', "newer firepower"),
    ('{"format": "firepower-game", "version": 1, "seed": "x", "scenario": {"id": "basic", "hash": "0"}, '
     '"entries": []}', "seed"),
])
def test_bad_records(tmp_path: Path, text: str, needle: str) -> None:
    p = tmp_path / "r.json"
    p.write_text(text)
    with pytest.raises(SaveError) as info:
        read_record(p)
    assert needle in str(info.value)
    r = subprocess.run([sys.executable, "-m", "firepower_tui", "import", str(p), "--db", str(tmp_path / "x.db")],
                       capture_output=True, text=True)
    assert r.returncode == 2 and "Traceback" not in r.stderr and needle in r.stderr


def test_cli_refuses_a_bad_database_with_exit_2(tmp_path: Path) -> None:
    p = tmp_path / "junk.db"
    p.write_bytes(b"garbage" * 1000)
    r = subprocess.run([sys.executable, "-m", "firepower_tui", "games", "--db", str(p)], capture_output=True,
                       text=True)
    assert r.returncode == 2 and "junk.db" in r.stderr and "Traceback" not in r.stderr


# --- statistics ---------------------------------------------------------------------------------------

def test_stats_on_known_dice(store: Store) -> None:
    """T2's LMG fires one burst (4 dice: 10 10 10 1) at a standing G man 1 hex away: hit on 5."""
    from tests.conftest import FIELD, make_scenario

    scenario = make_scenario(FIELD, ["T2 tan LMG B2 S", "G1 green RFL B3 N", "G2 green RFL J9 N"])
    session, gid = new_game(store, scenario, seed=1)
    session.submit(DrawChit(side="tan"))
    session.dice.force([10, 10, 10, 1])
    play(session, "impulse B2", "fire T2 G1")
    stats = game_stats(load_game(store, gid, use_saved=True))
    tan = stats["tan"]
    assert tan.faces[10] == 3 and tan.faces[1] == 1 and tan.rolls == 4
    assert tan.kills == 1
    assert tan.expected_kills == pytest.approx(1 - 0.5 ** 4)  # hit number 5 at range 1: 50% a shot
    assert tan.luck == pytest.approx(1 - (1 - 0.5 ** 4))
    r = subprocess.run([sys.executable, "-m", "firepower_tui", "stats", str(gid), "--db", str(store.path)],
                       capture_output=True, text=True)
    assert r.returncode == 0 and "Tan: 4 d10 rolls" in r.stdout and "1 enemy killed against 0.94 expected" in r.stdout
    assert "  rolls      1    0    0    0    0    0    0    0    0    3" in r.stdout
