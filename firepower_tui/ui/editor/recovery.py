"""The editor's recovery file: nothing an author did is lost when the terminal drops or the
process is killed.

After each change the editor writes the file's text as it is now to a recovery file in the data
folder (``$XDG_DATA_HOME/firepower/editor/``, one per file edited, named from its full path),
atomically: a temporary file, then a rename, so a kill at any moment leaves the last whole text
or the one before. Saving removes it, and so does quitting by the quit key (the author chose);
a hang-up or a kill leaves it, and the next ``firepower edit FILE`` offers it: restore or discard.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path


def recovery_folder() -> Path:
    """``$XDG_DATA_HOME/firepower/editor`` (beside the game store)."""
    from ...games.store import default_db_path

    return default_db_path().parent / "editor"


@dataclass(frozen=True, slots=True)
class Recovered:
    """A text the editor had not saved when it last ended."""

    text: str
    written: float
    """When it was written (seconds since the epoch)."""


class Recovery:
    """The recovery file of one scenario file (``path`` None: a new file not named yet)."""

    def __init__(self, path: Path | None, folder: Path | None = None) -> None:
        self.path = path
        self.folder = folder if folder is not None else recovery_folder()
        name = str(path.resolve()) if path is not None else ""
        stem = path.stem[:40] if path is not None else "new"
        self.file = self.folder / f"{stem}-{hashlib.sha256(name.encode()).hexdigest()[:16]}.json"

    _latest: str | None = None
    """The text waiting for the writer thread (None: nothing waiting)."""
    _writing = False
    _writer: threading.Thread | None = None
    _cond: threading.Condition | None = None

    def write_soon(self, text: str) -> None:
        """:meth:`write` in the recovery's writer thread: the key's frame does not wait for the
        disk. Texts that come faster than the disk takes them are written newest only."""
        if self._cond is None:
            self._cond = threading.Condition()
        with self._cond:
            self._latest = text
            self._cond.notify()
        if self._writer is None:
            self._writer = threading.Thread(target=self._write_loop, name="firepower-recovery", daemon=True)
            self._writer.start()

    def _write_loop(self) -> None:
        assert self._cond is not None
        while True:
            with self._cond:
                while self._latest is None:
                    self._cond.wait()
                text, self._latest, self._writing = self._latest, None, True
            try:
                self.write(text)
            finally:
                with self._cond:
                    self._writing = False
                    self._cond.notify_all()

    def flush(self) -> None:
        """Wait until the texts given to :meth:`write_soon` are on disk (the app's end; tests)."""
        if self._cond is None:
            return
        with self._cond:
            while self._latest is not None or self._writing:
                self._cond.wait(0.1)

    def write(self, text: str) -> None:
        """The text as it is now, in place of the last (atomically). A folder that cannot be
        written is passed over: the editor goes on, as it would without a recovery file."""
        data = json.dumps({"path": str(self.path) if self.path is not None else None, "written": time.time(),
                           "text": text})
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".recover-", suffix=".tmp")
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as out:
                    out.write(data)
                os.replace(tmp, self.file)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
                raise
        except OSError:
            return

    def read(self) -> Recovered | None:
        """The text left by an editor that did not save (None: none, or not readable)."""
        try:
            data = json.loads(self.file.read_text(encoding="utf-8"))
            return Recovered(str(data["text"]), float(data.get("written", 0.0)))
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def discard(self) -> None:
        if self._cond is not None:
            with self._cond:
                self._latest = None  # (nothing waiting is written now)
        self.flush()
        with contextlib.suppress(OSError):
            self.file.unlink()

    def moved_to(self, path: Path) -> Recovery:
        """The recovery of the same text once it is saved under ``path`` (this one removed)."""
        self.discard()
        return Recovery(path, self.folder)
