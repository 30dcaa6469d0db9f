"""The action controller: key presses to rule actions (plain Python, no Textual)."""

from .controller import Controller, Highlights, Mode, Result
from .keymap import KEYMAP, KeySpec
from .session import HistoryEntry, Outcome, Session

__all__ = ["Controller", "Highlights", "Mode", "Result", "KEYMAP", "KeySpec", "HistoryEntry", "Outcome", "Session"]
