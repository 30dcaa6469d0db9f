"""Wake up when the game store's folder changes: Linux inotify through ctypes (no dependency).

A shared game's waiting player must see the other's move at once, without polling the
database many times a second: a thread blocks in ``select`` on an inotify descriptor watching
the store's folder (the database, its ``-wal`` and ``-shm`` files) and calls back when
anything is written there. The callback only says "look": the caller checks ``PRAGMA
data_version`` (:meth:`~.shared.SharedGame.changed`), which ignores its own writes and any
other file. Where inotify is missing (another system, a file system without it) or
``FIREPOWER_NO_INOTIFY`` is set, :func:`watch_folder` returns None and the caller polls
slowly instead.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import select
import struct
import sys
import threading
from collections.abc import Callable
from pathlib import Path

IN_MODIFY = 0x002
IN_CLOSE_WRITE = 0x008
IN_MOVED_TO = 0x080
IN_CREATE = 0x100
IN_CLOEXEC = 0o2000000
IN_NONBLOCK = 0o4000
EVENT_HEADER = struct.Struct("iIII")
"""struct inotify_event: wd, mask, cookie, len (then ``len`` bytes of name)."""


class FolderWatch:
    """A thread that calls ``on_change`` after writes in a folder (a burst of writes, such as
    one SQLite commit, calls it once or a few times, never once per byte)."""

    def __init__(self, fd: int, on_change: Callable[[], None]) -> None:
        self._fd = fd
        self._on_change = on_change
        self._wake_r, self._wake_w = os.pipe()
        self._thread = threading.Thread(target=self._run, name="firepower-watch", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        fd, wake = self._fd, self._wake_r
        while True:
            try:
                ready, _, _ = select.select([fd, wake], [], [])
            except (OSError, ValueError):
                return
            if wake in ready:
                return
            try:
                while os.read(fd, 65536):  # drain the queue: one call for the whole burst
                    pass
            except BlockingIOError:
                pass
            except OSError:
                return
            try:
                self._on_change()
            except Exception:  # noqa: BLE001 - the app is shutting down; stop quietly
                return

    def stop(self) -> None:
        """Stop the thread and close the descriptors (idempotent)."""
        if self._wake_w < 0:
            return
        os.write(self._wake_w, b"x")
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout=2)
        for fd in (self._fd, self._wake_r, self._wake_w):
            try:
                os.close(fd)
            except OSError:
                pass
        self._wake_w = -1


def watch_folder(folder: Path, on_change: Callable[[], None]) -> FolderWatch | None:
    """Call ``on_change`` (in another thread) after each write in ``folder``; None where inotify
    is not available (then poll)."""
    if not sys.platform.startswith("linux") or os.environ.get("FIREPOWER_NO_INOTIFY"):
        return None  # (FIREPOWER_NO_INOTIFY: a folder on a network file system, where inotify
        # does not see the other machine's writes; and the tests of the slow poll)
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        fd = libc.inotify_init1(IN_CLOEXEC | IN_NONBLOCK)
        if fd < 0:
            return None
        wd = libc.inotify_add_watch(fd, os.fsencode(folder), IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)
        if wd < 0:
            os.close(fd)
            return None
    except (OSError, AttributeError):
        return None
    return FolderWatch(fd, on_change)
