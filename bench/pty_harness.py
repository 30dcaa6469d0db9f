"""Run the app in a real pseudo-terminal and read its screen through a terminal emulator (pyte).

Used by ``tests/ui/test_pty.py`` and ``bench/bench_tui.py``: the app as a player meets it.
"""

from __future__ import annotations

import fcntl
import os
import pty
import queue
import select
import signal
import struct
import sys
import termios
import threading
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

    frames = False
    """Show whole frames only (see ``__init__``); a class default for subclasses with their own ``__init__``."""
    _held = b""

    def __init__(self, args: Sequence[str], cols: int = 120, rows: int = 40,
                 env: dict[str, str] | None = None, command: Sequence[str] | None = None,
                 stamped: bool = False, resizable: bool = False, frames: bool = False) -> None:
        """``command``: run this instead of ``python -m firepower_tui ARGS`` (e.g. an ssh client).
        ``stamped``: read the pty in a thread that stamps each chunk as it arrives
        (``shown_at``), for timings that leave pyte's parsing out (benchmarks).
        ``resizable``: the program reads its size from the pty, not from COLUMNS and LINES
        (which Textual reads first), so that :meth:`resize` reaches it.
        ``frames``: answer Textual's question whether the terminal has synchronized output
        (it has), so that it brackets each frame, and show the screen only between frames: a
        test that reads the screen never sees half a frame (a new column ruler over the old
        map). Off, the bytes go to the screen as they come, as before."""
        self.cols, self.rows = cols, rows
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.bytes_read = 0
        import tempfile

        self.data_home = tempfile.mkdtemp(prefix="firepower-pty-")
        pid, fd = pty.fork()
        if pid == 0:  # child
            environment = dict(os.environ, TERM="xterm-256color", COLUMNS=str(cols), LINES=str(rows))
            if resizable:
                del environment["COLUMNS"], environment["LINES"]
            environment.setdefault("XDG_DATA_HOME", self.data_home)
            if "NO_COLOR" not in (env or {}):
                environment.pop("NO_COLOR", None)
            environment.update(env or {})
            argv = list(command) if command else [sys.executable, "-m", "firepower_tui", *args]
            os.execvpe(argv[0], argv, environment)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.started = time.perf_counter()
        self.frames = frames
        self._held = b""
        """With ``frames``: the bytes of a frame begun and not yet ended (not on the screen yet)."""
        self._chunks: queue.SimpleQueue[tuple[float, bytes]] | None = None
        if stamped:
            self.start_reader()

    # --- stamped reading (benchmarks) ---------------------------------------------------------------

    def start_reader(self) -> None:
        """Read the pty in a thread from now on, stamping each chunk as the pty gives it:
        ``shown_at`` is then when the last chunk fed to pyte arrived. pyte parses in the
        caller's thread, so its cost (tens of ms for a few KB) is not counted as the
        program's: a real terminal parses a frame in well under a millisecond. Lower the
        interpreter's switch interval (``sys.setswitchinterval(0.0005)``) and a stamp is late
        by at most about that."""
        self.shown_at = self.started
        """When the bytes that completed the last ``wait_for`` (or ``pump``) arrived."""
        self._chunks = queue.SimpleQueue()
        self._reader = threading.Thread(target=self._read, name=f"pty {self.pid}", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        """The reader thread: every chunk, stamped (an empty chunk when the pty closes)."""
        assert self._chunks is not None
        while True:
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                data = b""
            self._chunks.put((time.perf_counter(), data))
            if not data:
                return

    def _feed(self, timeout: float) -> bool | None:
        """Feed pyte the next stamped chunk that arrives within ``timeout`` s: True when fed,
        False when none came, None when the pty closed."""
        assert self._chunks is not None
        try:
            arrived, data = self._chunks.get(timeout=max(timeout, 0.0))
        except queue.Empty:
            return False
        if not data:
            self._chunks.put((arrived, data))  # stays closed for every later call
            return None
        self.bytes_read += len(data)
        self._show(data)
        self.shown_at = arrived
        return True

    def _close_fd(self) -> None:
        """Close the pty, once a reader thread has seen it end (else its number could be reused
        under the reader: it stays open)."""
        reader = getattr(self, "_reader", None)
        if reader is not None:
            reader.join(2.0)
            if reader.is_alive():
                return
        try:
            os.close(self.fd)
        except OSError:
            pass

    SYNC_QUERY, SYNC_ANSWER = b"\x1b[?2026$p", b"\x1b[?2026;2$y"
    """Textual's question whether the terminal brackets frames (DECRQM 2026), and the answer yes."""
    SYNC_START, SYNC_END = b"\x1b[?2026h", b"\x1b[?2026l"

    def _show(self, data: bytes) -> None:
        """Put ``data`` on the screen; with ``frames``, all but a frame not yet ended."""
        if not self.frames:
            self.stream.feed(data)
            return
        if self.SYNC_QUERY in data:
            os.write(self.fd, self.SYNC_ANSWER)
        data = self._held + data
        start, end = data.rfind(self.SYNC_START), data.rfind(self.SYNC_END)
        cut = start if start > end else len(data)
        self._held = data[cut:]
        self.stream.feed(data[:cut])

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
        if self._chunks is not None:
            while True:
                before = self.bytes_read
                if not self._feed(end - time.perf_counter()):
                    return got
                got += self.bytes_read - before
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
            self._show(data)

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

    def resize(self, cols: int, rows: int) -> None:
        """Resize the terminal, as a player dragging the window does (the program gets SIGWINCH;
        start it ``resizable``)."""
        self.cols, self.rows = cols, rows
        self.screen.resize(rows, cols)
        self._lines = None
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        os.kill(self.pid, signal.SIGWINCH)

    def press(self, key: str) -> float:
        """Send a key; returns the time it was sent."""
        os.write(self.fd, KEYS.get(key, key.encode()))
        return time.perf_counter()

    def quit(self, timeout: float = 30.0) -> None:
        """Quit as a player does: Q, the confirmation, y; then read what it writes on leaving
        (``timeout``: how long the confirmation may take on a loaded machine)."""
        self.press("Q")
        self.wait_for("Quit FIREPOWER?", timeout=timeout)
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
        self._close_fd()
