"""Where the terminal's own cursor goes on the map (issue 15: screen magnifiers and braille
displays follow the terminal cursor, which Textual places at ``App.cursor_position`` after each
update)."""

from __future__ import annotations

from collections.abc import Sequence

from textual.geometry import Offset, Region


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
