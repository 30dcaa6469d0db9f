"""``firepower join`` survives its terminal going away at any moment of its start-up: a browser
tab closed (``firepower web``: the server asks the app to quit, or its input pipe closes) or an
SSH connection dropped (the terminal hangs up) before the game is on the screen ends it with
exit code 0 and no crash report, as a quit does."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

LIMIT = 60.0
"""Seconds to wait for the process to end (a safety limit, not a speed check)."""

WEB_ENV = {"TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver", "TEXTUAL_FPS": "60",
           "TEXTUAL_COLOR_SYSTEM": "truecolor", "TERM_PROGRAM": "textual", "COLUMNS": "80", "ROWS": "24"}
"""What textual-serve's AppService gives the command it runs for a tab."""


def _packet(kind: bytes, payload: bytes) -> bytes:
    """One packet of textual-serve's protocol on the app's standard input."""
    return kind + len(payload).to_bytes(4, "big") + payload


def _crash_reports(state: Path) -> list[Path]:
    return sorted((state / "firepower").glob("crash-*.txt"))


@pytest.mark.parametrize("leave", ["quit", "close", "quit then close"])
@pytest.mark.parametrize("delay", [0.0, 0.02])
def test_a_tab_closed_as_join_starts_ends_it_cleanly(game_db: tuple[Path, int], tmp_path: Path, leave: str,
                                                     delay: float) -> None:
    """The tab goes the moment the app starts talking (textual-serve's ``__GANGLION__`` line), before
    its game screen is mounted: the server sends ``quit``, or the pipe closes, or both."""
    db, game_id = game_db
    state = tmp_path / "state"
    env = dict(os.environ, **WEB_ENV, XDG_STATE_HOME=str(state))
    proc = subprocess.Popen([sys.executable, "-m", "firepower_tui", "join", str(game_id), "--side", "tan",
                             "--db", str(db)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    try:
        assert proc.stdout.readline() == b"__GANGLION__\n"
        time.sleep(delay)
        drained: list[bytes] = []
        readers = [threading.Thread(target=lambda f=f: drained.append(f.read()), daemon=True)
                   for f in (proc.stdout, proc.stderr)]
        for r in readers:
            r.start()
        if leave.startswith("quit"):
            proc.stdin.write(_packet(b"M", json.dumps({"type": "quit"}).encode()))
            proc.stdin.flush()
        if leave.endswith("close"):
            proc.stdin.close()
        code = proc.wait(timeout=LIMIT)
        for r in readers:
            r.join(LIMIT)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert code == 0 and _crash_reports(state) == [], b"".join(drained)[-2000:]


STARTED = """
import os, sys
from firepower_tui.cli import main
os.write(int(sys.argv[1]), b"main\\n")  # main is about to run: the test hangs up now
sys.exit(main(sys.argv[2:]))
"""
"""The console script, telling the test when ``main`` starts. Before main's first lines Python
itself is starting, and a hang-up ends the process as it ends any that has not begun: the test
hangs up from 20 ms after."""


@pytest.mark.parametrize("delay", [0.02, 0.05, 0.2, 0.5])
def test_a_terminal_hung_up_during_start_up_ends_join_cleanly(game_db: tuple[Path, int], tmp_path: Path,
                                                              delay: float) -> None:
    """An SSH connection dropped while ``join`` starts (imports, opening the store, replaying the
    game, mounting its screen): the hang-up ends it with exit code 0, not killed by the signal."""
    db, game_id = game_db
    state = tmp_path / "state"
    ready_r, ready_w = os.pipe()
    master, slave = pty.openpty()
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", XDG_STATE_HOME=str(state))

    def controlling_terminal() -> None:  # the pty is the session's terminal, as sshd makes it
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    proc = subprocess.Popen([sys.executable, "-c", STARTED, str(ready_w), "join", str(game_id), "--side", "tan",
                             "--db", str(db)], stdin=slave, stdout=slave, stderr=slave, start_new_session=True,
                            env=env, pass_fds=(ready_w,), preexec_fn=controlling_terminal)
    os.close(slave)
    os.close(ready_w)
    try:
        assert os.read(ready_r, 16) == b"main\n"
        end = time.monotonic() + delay
        while time.monotonic() < end:  # keep the terminal read meanwhile, as a client does
            try:
                os.read(master, 65536) if _readable(master, end - time.monotonic()) else None
            except OSError:
                break
        os.close(master)  # the connection drops: the kernel hangs up the session
        code = proc.wait(timeout=LIMIT)
    finally:
        os.close(ready_r)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert code == 0, f"exit status {code} (negative: killed by that signal)"
    assert _crash_reports(state) == []


def _readable(fd: int, timeout: float) -> bool:
    import select

    return bool(select.select([fd], [], [], max(timeout, 0.0))[0])
