"""Run the app in a real pseudo-terminal and read its screen through a terminal emulator (pyte).

Used by ``tests/ui/test_pty.py`` and ``bench/bench_tui.py``: the app as a player meets it.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from collections.abc import Sequence

import pyte
from wcwidth import wcwidth

KEYS = {"enter": b"\r", "escape": b"\x1b", "right": b"\x1b[C", "left": b"\x1b[D", "up": b"\x1b[A",
        "down": b"\x1b[B", "tab": b"\t"}


def _line_text(screen: pyte.Screen, y: int) -> str:
    """One line of ``pyte.Screen.display`` (a wide character's stub cell skipped, as there)."""
    line = screen.buffer[y]
    out: list[str] = []
    wide = False
    for x in range(screen.columns):
        if wide:
            wide = False
            continue
        char = line[x].data
        wide = bool(char) and wcwidth(char[0]) == 2
        out.append(char)
    return "".join(out)


class PtyApp:
    """The ``firepower`` command in a pty of fixed size, with a pyte screen."""

    def __init__(self, args: Sequence[str], cols: int = 120, rows: int = 40,
                 env: dict[str, str] | None = None, command: Sequence[str] | None = None) -> None:
        """``command``: run this instead of ``python -m firepower_tui ARGS`` (e.g. an ssh client)."""
        self.cols, self.rows = cols, rows
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.bytes_read = 0
        import tempfile

        self.data_home = tempfile.mkdtemp(prefix="firepower-pty-")
        pid, fd = pty.fork()
        if pid == 0:  # child
            environment = dict(os.environ, TERM="xterm-256color", COLUMNS=str(cols), LINES=str(rows))
            environment.setdefault("XDG_DATA_HOME", self.data_home)
            if "NO_COLOR" not in (env or {}):
                environment.pop("NO_COLOR", None)
            environment.update(env or {})
            argv = list(command) if command else [sys.executable, "-m", "firepower_tui", *args]
            os.execvpe(argv[0], argv, environment)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.started = time.perf_counter()

    def text(self) -> str:
        """The screen as text, as ``pyte.Screen.display`` gives it, re-read only in the lines pyte
        marked dirty since the last look: ``display`` renders all of them each time (6-7 ms at
        120x40 here), and ``wait_for`` looks after every read, so a frame that arrived in three
        reads cost the measurement some 20 ms the program never spent."""
        screen = self.screen
        lines: list[str] | None = getattr(self, "_lines", None)
        if lines is None or len(lines) != screen.lines:
            lines = self._lines = [""] * screen.lines
            screen.dirty.update(range(screen.lines))
        for y in screen.dirty:
            if y < screen.lines:
                lines[y] = _line_text(screen, y)
        screen.dirty.clear()
        return "\n".join(lines)

    def pump(self, timeout: float) -> int:
        """Read whatever arrives within ``timeout`` seconds; returns bytes read."""
        got = 0
        end = time.perf_counter() + timeout
        while True:
            left = end - time.perf_counter()
            if left <= 0:
                return got
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                return got
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return got
            if not data:
                return got
            got += len(data)
            self.bytes_read += len(data)
            self.stream.feed(data)

    def wait_for(self, needle: str, timeout: float = 10.0) -> float:
        """Seconds until ``needle`` is on the emulated screen (raises TimeoutError)."""
        t0 = time.perf_counter()
        while needle not in self.text():
            if time.perf_counter() - t0 > timeout:
                raise TimeoutError(f"{needle!r} not on screen after {timeout}s:\n{self.text()}")
            self.pump(0.005)
        return time.perf_counter() - t0

    def settle(self, quiet: float = 0.15, limit: float = 3.0) -> int:
        """Read until nothing arrives for ``quiet`` seconds; bytes read."""
        total = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < limit:
            got = self.pump(quiet)
            total += got
            if got == 0:
                break
        return total

    def press(self, key: str) -> float:
        """Send a key; returns the time it was sent."""
        os.write(self.fd, KEYS.get(key, key.encode()))
        return time.perf_counter()

    def quit(self) -> None:
        """Quit as a player does: Q, the confirmation, y; then read what it writes on leaving."""
        self.press("Q")
        self.wait_for("Quit FIREPOWER?")
        self.press("y")
        self.pump(2.0)

    def rss_kb(self) -> int:
        with open(f"/proc/{self.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def close(self) -> None:
        try:
            os.kill(self.pid, signal.SIGTERM)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        try:
            os.close(self.fd)
        except OSError:
            pass
