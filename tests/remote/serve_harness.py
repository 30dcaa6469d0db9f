"""A ``firepower serve`` on loopback and SSH clients that see it through pyte (tests and bench)."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import asyncssh
import pyte

ROOT = Path(__file__).resolve().parents[2]


class Server:
    """``firepower serve`` in a process of its own, on a free loopback port."""

    def __init__(self, data: Path, allow: Path, *extra: str) -> None:
        self.data = data
        self.allow = allow
        self.extra = extra
        self.proc: subprocess.Popen[str] | None = None
        self.port = 0
        self.output = ""

    @property
    def db(self) -> Path:
        return self.data / "firepower" / "games.db"

    def start(self, timeout: float = 30) -> Server:
        env = {**os.environ, "XDG_DATA_HOME": str(self.data), "XDG_STATE_HOME": str(self.data / "state"),
               "XDG_CACHE_HOME": str(self.data / "cache")}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "firepower_tui", "serve", "--listen", "127.0.0.1:0", "--allow-keys",
             str(self.allow), *self.extra], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
            cwd=ROOT, start_new_session=True)
        deadline = time.monotonic() + timeout
        assert self.proc.stdout is not None
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                break
            self.output += line
            found = re.search(r"Listening on 127\.0\.0\.1:(\d+)", line)
            if found:
                self.port = int(found.group(1))
                return self
        raise AssertionError(f"the server did not start:\n{self.output}")

    def children(self) -> list[int]:
        """The pids of the connections' game processes."""
        assert self.proc is not None
        out = subprocess.run(["pgrep", "-P", str(self.proc.pid)], capture_output=True, text=True).stdout
        return [int(p) for p in out.split()]

    def kill9(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


def make_keys(folder: Path, names: list[str]) -> dict[str, asyncssh.SSHKey]:
    """A fresh ed25519 key per name; the first ones listed in ``allowed`` (all but the last
    name when ``stranger`` is wanted is the caller's choice: it writes the file)."""
    return {name: asyncssh.generate_private_key("ssh-ed25519") for name in names}


def write_allowed(path: Path, keys: list[asyncssh.SSHKey]) -> Path:
    path.write_bytes(b"".join(k.export_public_key() for k in keys))
    return path


class Screen(asyncssh.SSHClientSession):  # type: ignore[misc]
    """What one client's terminal shows (pyte), fed by its SSH session."""

    def __init__(self, columns: int, rows: int) -> None:
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.changed = asyncio.Event()
        self.closed = asyncio.Event()
        self.exit_status: int | None = None
        self.raw = b""
        self.parse = True
        """Whether the bytes are parsed into the screen (a bench that only times their arrival
        turns it off: parsing 25 screens in one process would be what it measures)."""

    def data_received(self, data: bytes, datatype: object) -> None:
        if not self.parse:
            return
        self.raw += data
        self.stream.feed(data)
        self.changed.set()

    def exit_status_received(self, status: int) -> None:
        self.exit_status = status

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()
        self.changed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def header(self) -> str:
        return self.screen.display[0]


class Client:
    """One SSH client of the server: its connection, its session and its screen."""

    def __init__(self, conn: asyncssh.SSHClientConnection, chan: asyncssh.SSHClientChannel, view: Screen) -> None:
        self.conn, self.chan, self.view = conn, chan, view

    def send(self, keys: str) -> None:
        self.chan.write(keys.encode())

    async def wait_for(self, pattern: str, timeout: float = 20, where: str = "text") -> re.Match[str]:
        """Wait until the screen (or its header line) matches ``pattern``."""
        deadline = time.monotonic() + timeout
        while True:
            shown = self.view.header() if where == "header" else self.view.text()
            found = re.search(pattern, shown)
            if found:
                return found
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"not on the screen after {timeout} s: {pattern!r}\n{self.view.text()}")
            self.view.changed.clear()
            try:
                await asyncio.wait_for(self.view.changed.wait(), min(left, 0.5))
            except asyncio.TimeoutError:
                pass

    def close(self) -> None:
        self.conn.close()


async def connect(port: int, name: str, key: asyncssh.SSHKey, command: str | None = None, *,
                  columns: int = 110, rows: int = 32, term: bool = True) -> Client:
    conn = await asyncssh.connect("127.0.0.1", port, username=name, client_keys=[key], known_hosts=None,
                                  agent_path=None, encoding=None)
    chan, view = await conn.create_session(lambda: Screen(columns, rows), command,
                                           term_type="xterm-256color" if term else None,
                                           term_size=(columns, rows) if term else None, encoding=None)
    return Client(conn, chan, view)
