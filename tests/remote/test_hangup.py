"""The app over a lost connection: SIGHUP or end of input ends it as its quit
key does (exit 0, its claim on the game released, no process left), with every move stored."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
pytest.importorskip("pyte")
from pty_harness import PtyApp  # noqa: E402

from firepower_tui.games.store import Store  # noqa: E402

LIMIT = 30.0
"""Seconds to wait for the process to end before calling it orphaned (a safety limit, not a speed check)."""


def _wait_exit(pid: int) -> int:
    """The raw wait status of ``pid``; fails if it is still running after :data:`LIMIT`."""
    end = time.monotonic() + LIMIT
    while time.monotonic() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        time.sleep(0.05)
    raise AssertionError(f"pid {pid} still running {LIMIT}s after its terminal closed (orphaned)")


def _one_move(app: PtyApp) -> None:
    app.wait_for("Tan's impulse phase", timeout=30)
    app.press("enter")
    app.wait_for("impulse 1/2 K2")
    app.press("m")
    app.wait_for("T1 enters K3 from K2")


def _stored(db: Path) -> tuple[list[str], int | None]:
    store = Store(db)
    try:
        (game,) = store.games()
        return [e.notation for e in store.entries(game.id)], game.owner_pid
    finally:
        store.close()


def test_sighup_ends_the_app_cleanly_with_the_game_stored(tmp_path: Path) -> None:
    """Closing the terminal (an SSH connection dropping) sends the app SIGHUP: it exits 0, not
    killed by the signal, and releases the game; the moves made are in the store."""
    db = tmp_path / "games.db"
    app = PtyApp(["play", "basic", "--seed", "7", "--db", str(db)], cols=100, rows=30)
    try:
        _one_move(app)
        os.close(app.fd)  # the terminal's other end goes: the kernel hangs up its session
        status = _wait_exit(app.pid)
    finally:
        app.close()
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
    assert _stored(db) == (["chit", "impulse K2", "move T1"], None)


def test_end_of_input_ends_the_app(tmp_path: Path) -> None:
    """A terminal that closes without a hang-up signal (the app is not its session's): the app
    reads end of input and exits 0 rather than spinning on it forever."""
    import fcntl
    import pty
    import struct
    import termios

    db = tmp_path / "games.db"
    master, slave = pty.openpty()
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", XDG_DATA_HOME=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-m", "firepower_tui", "play", "basic", "--seed", "7", "--db", str(db)],
                            stdin=slave, stdout=slave, stderr=slave, start_new_session=True, env=env)
    os.close(slave)
    try:
        seen = b""
        end = time.monotonic() + LIMIT
        while b"Turn 1/10" not in seen and time.monotonic() < end:
            seen += os.read(master, 65536)
        assert b"Turn 1/10" in seen
        os.close(master)
        status = proc.wait(timeout=LIMIT)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert status == 0
    assert _stored(db) == (["chit"], None)


@pytest.mark.parametrize("command", ["join", "resume"])
def test_sighup_ends_join_and_resume_cleanly(game_db: tuple[Path, int], tmp_path: Path, command: str) -> None:
    """The same for one side of a hosted game (``join``, what ssh-setup's forced command runs) and
    for a hotseat game carried on (``resume``)."""
    db, game_id = game_db
    if command == "resume":  # a hotseat game: not hosted
        store = Store(db)
        try:
            store.conn.execute("UPDATE games SET options='{}' WHERE id=?", (game_id,))
            store.conn.commit()
        finally:
            store.close()
    args = ["join", str(game_id), "--side", "tan"] if command == "join" else ["resume", str(game_id)]
    app = PtyApp([*args, "--db", str(db)], cols=100, rows=30)
    try:
        _one_move(app)
        os.close(app.fd)
        status = _wait_exit(app.pid)
    finally:
        app.close()
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
    assert _stored(db) == (["chit", "impulse K2", "move T1"], None)
