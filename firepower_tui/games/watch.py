"""Wake up when a game of the store changes: Linux inotify through ctypes (no dependency).

A shared game's waiting player must see the other's move at once, without polling the
database many times a second. Each game has a *bell*: an empty file ``N`` in the folder
``games.db-bells`` beside the store. A process that stores something of game N rings N's bell
after the commit (:func:`ring`: it opens the file for writing and closes it); a process that
follows game N listens to that file alone (:func:`listen`): a thread blocks in ``select`` on an
inotify descriptor and calls back. So a commit wakes only the processes of its own game (on a
server with twenty players, not all twenty), and only once the commit is whole. The callback
only says "look": the caller checks ``PRAGMA data_version`` (:meth:`~.shared.SharedGame.changed`).
The lobby listens to the whole folder (:func:`listen_all`). A bell is rung only where somebody
listened once (the folder exists): a game nobody follows costs its writer one failed ``open``.

Where inotify is missing (another system, a file system without it) or
``FIREPOWER_NO_INOTIFY`` is set, the listeners return None and the caller polls slowly instead.
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

IN_CLOSE_WRITE = 0x008
IN_CLOEXEC = 0o2000000
IN_NONBLOCK = 0o4000
EVENT_HEADER = struct.Struct("iIII")
"""struct inotify_event: wd, mask, cookie, len (then ``len`` bytes of name)."""


class FolderWatch:
    """A thread that calls ``on_change`` after a bell rings (or any bell of a folder: a burst of
    rings calls it once or a few times)."""

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


def bells(db: Path) -> Path:
    """The folder of the games' bells of the store ``db``.

    >>> bells(Path("/data/firepower/games.db")).as_posix()
    '/data/firepower/games.db-bells'
    """
    return db.with_name(db.name + "-bells")


def ring(db: Path, game_id: int) -> None:
    """Ring game ``game_id``'s bell (after a commit of it): whoever listens to it looks. Nothing
    when nobody ever listened to a game of this store (no folder), or it cannot be written."""
    try:
        flags = os.O_WRONLY | os.O_CREAT | os.O_CLOEXEC | os.O_NONBLOCK | os.O_NOFOLLOW
        os.close(os.open(bells(db) / str(game_id), flags, 0o600))
    except OSError:
        pass


def _bell_folder(db: Path) -> Path | None:
    folder = bells(db)
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
    except OSError:
        return None
    return folder


def listen(db: Path, game_id: int, on_change: Callable[[], None]) -> FolderWatch | None:
    """Call ``on_change`` (in another thread) each time game ``game_id``'s bell rings; None where
    it cannot be heard (then poll)."""
    folder = _bell_folder(db)
    if folder is None:
        return None
    ring(db, game_id)  # (made, so that it can be watched)
    return _watch(folder / str(game_id), IN_CLOSE_WRITE, on_change)


def listen_all(db: Path, on_change: Callable[[], None]) -> FolderWatch | None:
    """Call ``on_change`` (in another thread) each time any game's bell rings (the lobby)."""
    folder = _bell_folder(db)
    if folder is None:
        return None
    return _watch(folder, IN_CLOSE_WRITE, on_change)


def _watch(path: Path, mask: int, on_change: Callable[[], None]) -> FolderWatch | None:
    if not sys.platform.startswith("linux") or os.environ.get("FIREPOWER_NO_INOTIFY"):
        return None  # (FIREPOWER_NO_INOTIFY: a folder on a network file system, where inotify
        # does not see the other machine's writes; and the tests of the slow poll)
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        fd = libc.inotify_init1(IN_CLOEXEC | IN_NONBLOCK)
        if fd < 0:
            return None
        wd = libc.inotify_add_watch(fd, os.fsencode(path), mask)
        if wd < 0:
            os.close(fd)
            return None
    except (OSError, AttributeError):
        return None
    return FolderWatch(fd, on_change)
