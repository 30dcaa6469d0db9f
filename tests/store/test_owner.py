"""One owner per hotseat game (R180): a game is open in one live process at a time; a dead owner
(gone, a zombie, its pid reused) is no owner; every hotseat entry is written as the next one by the
game's owner, so two windows of one game never interleave their moves."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from firepower_tui.games import owner
from firepower_tui.games.service import load_game, new_game, resume_game
from firepower_tui.games.session import OPEN_ELSEWHERE
from firepower_tui.games.store import SCHEMA_VERSION, GameOpen, Store
from firepower_tui.rules.model.actions import DrawChit
from firepower_tui.rules.engine.notation import parse_action as _action
from firepower_tui.rules.scenario.load import load_scenario
from tests.conftest import play

ROOT = Path(__file__).resolve().parents[2]
needs_proc = pytest.mark.skipif(not owner.has_proc(), reason="needs /proc (Linux)")


def stored_game(store: Store, *lines: str) -> int:
    session, gid = new_game(store, load_scenario("basic"), seed=5)
    play(session, *lines)
    store.release(gid)
    return gid


def set_owner(store: Store, gid: int, pid: int | None, start: str | None) -> None:
    """Make ``pid`` (started at ``start``) the game's owner; ``start`` None: the pid alone (the
    game was released, so it has no start), as a store of schema 2 keeps it."""
    with store.conn:
        store.conn.execute("UPDATE games SET owner_pid=? WHERE id=?", (pid, gid))
        if start is not None:
            store.conn.execute("UPDATE games SET owner_start=? WHERE id=?", (start, gid))


def sleeper() -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])


def wait_state(pid: int, letter: str) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        stat = owner._stat(pid)
        if stat is not None and stat[0] == letter:
            return
        time.sleep(0.01)
    pytest.fail(f"process {pid} never reached state {letter}")


# --- who is alive ------------------------------------------------------------------------------------


@needs_proc
def test_a_process_is_named_by_its_pid_and_start() -> None:
    me = owner.me()
    assert me.pid == os.getpid() and me.start
    assert owner.alive(me.pid, me.start)
    assert owner.alive(me.pid, None)  # (a pid alone, as a store before owners had a start)
    assert not owner.alive(me.pid, "another boot:1")  # the pid is someone else's now
    assert owner.process_start(os.getppid())


@needs_proc
def test_a_zombie_owner_is_dead(store: Store) -> None:
    """Killed but not yet reaped by its parent (kill -9 of the app, for up to a second or two):
    ``os.kill(pid, 0)`` still finds it; it no longer has the game open."""
    gid = stored_game(store, "chit tan")
    child = sleeper()
    try:
        set_owner(store, gid, child.pid, None)  # the pid alone (a store of schema 2)
        with pytest.raises(GameOpen):
            store.claim(gid)
        child.send_signal(signal.SIGKILL)
        wait_state(child.pid, "Z")  # not waited for: a zombie
        os.kill(child.pid, 0)  # (what the old check asked: it answers "alive")
        store.claim(gid)
        assert store.game(gid).owner_pid == os.getpid()
    finally:
        child.kill()
        child.wait()


@needs_proc
def test_a_reused_pid_does_not_block(store: Store) -> None:
    """The owner died and its pid belongs to another live process now: the start tells them apart."""
    gid = stored_game(store, "chit tan")
    child = sleeper()
    try:
        set_owner(store, gid, child.pid, owner.process_start(child.pid))
        with pytest.raises(GameOpen) as refused:
            store.claim(gid)
        assert refused.value.pid == child.pid
        set_owner(store, gid, child.pid, owner.process_start(child.pid).replace(":", ":1"))  # started earlier
        store.claim(gid)
        assert (store.game(gid).owner_pid, store.game(gid).owner_start) == (os.getpid(), owner.me().start)
    finally:
        child.kill()
        child.wait()


def test_a_live_owner_blocks_until_taken_over(store: Store) -> None:
    gid = stored_game(store, "chit tan")
    child = sleeper()
    try:
        set_owner(store, gid, child.pid, owner.process_start(child.pid))
        with pytest.raises(GameOpen):
            resume_game(store, gid)
        session, _ = resume_game(store, gid, take_over=True)
        assert store.game(gid).owner_pid == os.getpid()
        play(session, "impulse K2")
        assert [e.notation for e in store.entries(gid)] == ["chit tan", "impulse K2"]
    finally:
        child.kill()
        child.wait()


# --- every hotseat entry is the next one, written by the owner ----------------------------------------


def test_two_sessions_of_one_game_in_one_process_do_not_interleave(store: Store) -> None:
    """The claim names a process; two sessions of that process (two resumes) still store each
    entry as the next one: the second to act is refused, nothing of it is written and its dice
    are as they were (its chit draw had rolled)."""
    gid = stored_game(store)
    first, _ = resume_game(store, gid)
    second, _ = resume_game(Store(store.path), gid)
    before, dice = second.state, second.dice.generator_state()
    assert first.submit(DrawChit()).ok
    out = second.submit(DrawChit())
    assert out.refusal == OPEN_ELSEWHERE
    assert [e.notation for e in store.entries(gid)] == [first.history[0].notation]
    assert (second.state, second.dice.generator_state(), second.dice.calls) == (before, dice, [])
    assert load_game(store, gid).state == first.state


RESUME_AND_PLAY = """
import json, sys
from firepower_tui.games.service import resume_game
from firepower_tui.games.store import GameOpen, Store
from firepower_tui.rules.engine.notation import parse_action
db, gid, take_over, lines = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1", sys.argv[4:]
try:
    session, _ = resume_game(Store(db), gid, take_over=take_over)
except GameOpen as exc:
    print(json.dumps({"refused": exc.pid}))
    sys.exit(0)
print(json.dumps({"played": [session.submit(parse_action(line)).ok for line in lines]}))
"""


def other_window(db: Path, gid: int, *lines: str, take_over: bool = False) -> dict[str, object]:
    out = subprocess.run([sys.executable, "-c", RESUME_AND_PLAY, str(db), str(gid), "1" if take_over else "0",
                          *lines], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def test_a_second_window_is_refused_and_a_taken_over_one_stores_nothing(store: Store) -> None:
    """Two hotseat windows of one game (two `firepower resume`, or Continue twice): the second is
    refused while the first is open; taken over (`resume --take-over`), the first window's next
    move is refused and nothing of it is written. The game replays throughout."""
    gid = stored_game(store, "chit tan")
    session, _ = resume_game(store, gid)
    assert other_window(store.path, gid, "impulse K2") == {"refused": os.getpid()}
    assert [e.notation for e in store.entries(gid)] == ["chit tan"]
    assert other_window(store.path, gid, "impulse K2", "move T1", take_over=True) == {"played": [True, True]}
    out = session.submit(_action("impulse K2"))
    assert out.refusal == OPEN_ELSEWHERE
    assert [e.notation for e in store.entries(gid)] == ["chit tan", "impulse K2", "move T1"]
    assert session.undo().refusal is not None
    assert load_game(store, gid).state.soldier("T1").hex != session.state.soldier("T1").hex


def test_the_cli_takes_a_game_over_with_a_warning(store: Store, tmp_path: Path) -> None:
    gid = stored_game(store, "chit tan")
    child = sleeper()
    try:
        set_owner(store, gid, child.pid, owner.process_start(child.pid))
        env = {**os.environ}
        refused = subprocess.run([sys.executable, "-m", "firepower_tui", "resume", str(gid), "--db", str(store.path)],
                                 capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL, env=env)
        assert refused.returncode == 1 and "--take-over" in refused.stderr
        taken = subprocess.run([sys.executable, "-m", "firepower_tui", "resume", "--take-over", str(gid),
                                "--db", str(store.path)], capture_output=True, text=True, timeout=60,
                               stdin=subprocess.DEVNULL, env=env)
        assert str(child.pid) in taken.stderr  # the warning names the window it was taken from
        assert taken.returncode == 2  # (no terminal here: the game is not played)
        assert store.game(gid).owner_pid is None  # and it is given back
    finally:
        child.kill()
        child.wait()


# --- an old store --------------------------------------------------------------------------------------


def test_a_store_of_schema_2_opens_and_resumes(tmp_path: Path) -> None:
    """Schema 2 kept the owner's pid alone: the store is upgraded, a game it holds resumes, and
    its owner (a pid that is gone) blocks nothing."""
    db = tmp_path / "old.db"
    store = Store(db)
    gid = stored_game(store, "chit tan", "impulse K2")
    store.close()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    conn = sqlite3.connect(db)
    conn.execute("ALTER TABLE games DROP COLUMN owner_start")
    conn.execute("UPDATE games SET owner_pid=?", (int(dead.stdout),))
    conn.execute("UPDATE meta SET value='2' WHERE key='schema_version'")
    conn.commit()
    conn.close()
    store = Store(db)
    assert store.conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0] == str(SCHEMA_VERSION)
    assert store.game(gid).owner_start is None
    session, _ = resume_game(store, gid)
    play(session, "move T1")
    assert [e.notation for e in store.entries(gid)] == ["chit tan", "impulse K2", "move T1"]
