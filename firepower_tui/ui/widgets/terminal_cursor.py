"""Where the terminal's own cursor goes on the map, and whether it shows (screen
magnifiers and braille displays follow the terminal cursor).

Textual moves the terminal's cursor to ``App.cursor_position`` at the end of every screen update
(``App._display``: the update, then a move to that cell), but its drivers hide the cursor
(``ESC [?25l``) when they start and show it again only when the app ends. Many magnifiers and
braille displays follow only a visible cursor, so the setting ``cursor`` (``:cursor on|off``,
``--show-cursor``; remembered in the settings file beside the theme) writes ``ESC [?25h`` once
the app runs and again when it resumes after a suspend (the driver hides it again then).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.geometry import Offset, Region

from ...games.settings import load_settings, save_setting

if TYPE_CHECKING:
    from textual.app import App

SHOW_CURSOR = "\x1b[?25h"
"""DECTCEM on: the terminal shows its cursor."""
HIDE_CURSOR = "\x1b[?25l"
"""DECTCEM off: as Textual leaves it."""


def load_show_cursor() -> bool:
    """The remembered ``cursor`` setting (off unless it was turned on)."""
    return load_settings().get("cursor") is True


def save_show_cursor(on: bool) -> Path | None:
    """Remember the setting; where, or None if the settings cannot be written."""
    return save_setting("cursor", on)


def write_cursor_mode(app: App[Any], on: bool) -> bool:
    """Show (or hide again) the terminal's cursor now; False when there is no terminal (headless)."""
    driver = app._driver
    if driver is None or app.is_headless:
        return False
    driver.write(SHOW_CURSOR if on else HIDE_CURSOR)
    driver.flush()
    return True


def terminal_cursor(runs: Sequence[tuple[int, int, int]] | None, scroll: Offset, content: Region,
                    rulers: tuple[int, int]) -> Offset | None:
    """The middle of a hex's top line in screen cells, or None when it is off the visible map.

    Args:
        runs: the hex's cells in the grid, as ``(line, column, width)``; None: no hex.
        scroll: the map's scroll offset.
        content: the map's content region on the screen.
        rulers: the width of the row ruler and the height of the column ruler.

    >>> terminal_cursor([(3, 10, 4), (4, 9, 6)], Offset(0, 0), Region(0, 1, 80, 20), (2, 1))
    Offset(x=14, y=5)
    >>> terminal_cursor([(3, 10, 4)], Offset(20, 0), Region(0, 1, 80, 20), (2, 1)) is None
    True
    """
    if not runs:
        return None
    y, x, w = min(runs)
    rw, rh = rulers
    cx, cy = x + w // 2 - scroll.x + rw, y - scroll.y + rh
    if not (rw <= cx < content.width and rh <= cy < content.height):
        return None
    return Offset(content.x + cx, content.y + cy)
