"""Crash reports: a bug never shows a player a traceback; it goes to a file they can attach."""

from __future__ import annotations

import os
import tempfile
import time
import traceback
from pathlib import Path


def crash_dir() -> Path:
    """``$XDG_STATE_HOME/firepower`` (``~/.local/state/firepower``), else the temp folder."""
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "firepower"


def write_crash_report(error: BaseException, context: str = "") -> Path:
    """Write the traceback and context to a new file; returns its path."""
    text = f"firepower crash report {time.strftime('%Y-%m-%d %H:%M:%S')}\n{context}\n\n" + "".join(
        traceback.format_exception(type(error), error, error.__traceback__))
    name = f"crash-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.txt"
    for folder in (crash_dir(), Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / name
            path.write_text(text, encoding="utf-8")
            return path
        except OSError:
            continue
    return Path(name)
