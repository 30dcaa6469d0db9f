"""The question the editor asks when it finds a text left unsaved (:mod:`.recovery`)."""

from __future__ import annotations

import time
from pathlib import Path

from rich.text import Text
from textual.binding import Binding

from ..screens.modals import ConfirmScreen
from .recovery import Recovered


class RecoverScreen(ConfirmScreen):
    """Restore the unsaved changes (r, Enter, Esc: nothing is lost by a key pressed in haste)
    or discard them (d)."""

    BINDINGS = [Binding("r,y,enter,escape", "answer(True)", "Restore", priority=True),
                Binding("d,n", "answer(False)", "Discard", priority=True)]
    HINT = "r / Enter: restore them    d: discard them (the file as saved)"

    def __init__(self, path: Path | None, found: Recovered) -> None:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(found.written))
        name = path.name if path is not None else "a new scenario"
        text = Text(f"The editor of {name} ended at {when} without saving its changes (the terminal "
                    "closed, or the process was stopped). Restore them?", style="bold")
        if path is not None and changed_since(path, found.written):
            text.append(f"\n{path.name} was written after that, by something else: restoring puts the editor's "
                        "text in its place once you save (z takes it back).", style="yellow")
        super().__init__(text)


def changed_since(path: Path, written: float) -> bool:
    """Whether the file was written after the recovered text was."""
    try:
        return path.stat().st_mtime > written
    except OSError:
        return False
