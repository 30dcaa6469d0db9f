"""Which part of the map's grid the map shows, along one axis (pure: numbers in, numbers out).

The map keeps in view the cursor's hex and, while an action has a firer and a target (aiming,
the los mode), the firer's hex too. Along each axis it shows one window of the grid, placed as
near to where it was as keeps every such hex whole; sideways the window starts on an even
column where it can (:data:`COLUMN_PAIR`), so that the first hexes on screen have their middle
line on a numbered line. When the hexes are too far apart for one window, the axis shows two,
one around the first hex and one around the last, with a one-cell mark between them where the
grid in between is left out (a fold): the firer and the target are both on screen at 80x24.
"""

from __future__ import annotations

from collections.abc import Sequence

Window = tuple[int, int]
"""(first cell, cells) of the grid shown along an axis."""
Span = tuple[int, int]
"""(first cell, end) of a hex along an axis, the end excluded."""


def place(view: int, grid: int, spans: Sequence[Span], current: int, step: int = 1) -> tuple[Window, ...]:
    """The windows (one, or two with a fold) of a ``view`` cells long view onto a ``grid``
    cells long axis that show every span whole: one window as near ``current`` as may be,
    starting on a multiple of ``step`` where that still shows them; two when they are too
    far apart for one (or the grid is not longer than the view: one window at 0).

    >>> place(50, 120, [(30, 36)], 0, 10)     # in view already: stays
    ((0, 50),)
    >>> place(50, 120, [(60, 66)], 0, 10)     # further: the nearest start on a multiple of 10
    ((20, 50),)
    >>> place(50, 120, [(5, 11), (100, 106)], 0, 10)  # too far apart: a fold
    ((0, 24), (91, 25))
    >>> place(50, 40, [(30, 36)], 7, 10)      # the whole grid fits
    ((0, 50),)
    """
    if not spans or view <= 0:
        return ((max(0, current), max(0, view)),)
    if grid <= view:
        return ((0, view),)
    lo, hi = min(s[0] for s in spans), max(s[1] for s in spans)
    if hi - lo <= view:
        return ((one_window(view, grid, lo, hi, current, step), view),)
    first = min(spans)
    last = max(spans, key=lambda s: s[1])
    n1 = (view - 1) // 2
    n2 = view - 1 - n1
    w1, w2 = centred(first, n1, grid), centred(last, n2, grid)  # (apart: hi - lo > view)
    snapped = w1 - w1 % step
    if snapped + n1 >= first[1]:
        w1 = snapped
    return (w1, n1), (w2, n2)


def centred(span: Span, length: int, grid: int) -> int:
    """The start of a ``length`` long window with ``span`` in its middle, within the grid."""
    start = span[0] - (length - (span[1] - span[0])) // 2
    return max(0, min(start, grid - length))


def one_window(view: int, grid: int, lo: int, hi: int, current: int, step: int) -> int:
    """The start of a ``view`` long window showing ``[lo, hi)``, nearest ``current``: on a
    multiple of ``step`` if one shows it (the grid's end may then be passed: blank cells)."""
    start = min(max(current, hi - view), lo)
    start = max(0, min(start, grid - view))
    if start % step == 0:
        return start
    down, up = start - start % step, start - start % step + step
    if down <= lo and down + view >= hi:
        return down
    if up <= lo and up + view >= hi:
        return up
    return start


def screen_cell(windows: Sequence[Window], cell: int) -> int | None:
    """Where grid cell ``cell`` is shown along the axis (counting the marks of the folds), or
    None when it is not shown.

    >>> screen_cell(((0, 24), (82, 25)), 5), screen_cell(((0, 24), (82, 25)), 83), screen_cell(((0, 24),), 30)
    (5, 26, None)
    """
    at = 0
    for i, (start, length) in enumerate(windows):
        if i:
            at += 1
        if start <= cell < start + length:
            return at + cell - start
        at += length
    return None


def grid_cell(windows: Sequence[Window], at: int) -> int | None:
    """The grid cell shown at ``at`` along the axis, or None at a fold's mark (or past the end).

    >>> grid_cell(((0, 24), (82, 25)), 5), grid_cell(((0, 24), (82, 25)), 24), grid_cell(((0, 24), (82, 25)), 26)
    (5, None, 83)
    """
    for i, (start, length) in enumerate(windows):
        if i:
            if at == 0:
                return None
            at -= 1
        if at < length:
            return start + at
        at -= length
    return None


COLUMN_PAIR = 2
"""Columns per sideways step of the view: two, so the first column on screen is an even one,
whose middle lines carry the row numbers (:func:`..widgets.map_strips.row_label`)."""
