"""One line of the hex map's grid as a Textual strip, and the text of its rulers (column letters
above, row numbers beside), for :class:`.hex_map.HexMap` (which gives the styles).

The cells of a line go out as runs of one style: a run ends where the style key changes, where a
marked hex (an overlay or the cursor) starts or ends, and at a marked hexside cell; neighbouring
runs whose styles are equal are joined, as a cell-by-cell walk would join them. Blank cells show
only their background, so a run of blanks joins its neighbour when the two differ in nothing a
blank shows: a map line is then a few segments, not one per hex interior (fewer bytes to the
terminal for the same picture).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from ...rules.board.hexgrid import Hex, column_letters
from ..render.map_grid import Zoom

StyleOf = Callable[[str, "Hex | None", "Hex | None", "str | None"], Style]
"""The style of a cell: its style key, the marked hex it is in (or None), the cursor's hex (or
None), its hexside mark (or None)."""


def grid_strip(chars: Sequence[str], keys: Sequence[str], x0: int, end: int, width: int,
               marked: list[tuple[int, int, Hex]], sides: dict[int, str], cursor: Hex | None,
               style_of: StyleOf, base_style: Style) -> Strip:
    """Cells ``x0`` to ``end`` of one grid line (``chars`` and their style ``keys``), padded to
    ``width``; ``marked``: (from, to, hex) of each marked hex in view (the last one wins where
    they overlap); ``sides``: the hexside mark of each marked cell; ``cursor``: the cursor's hex
    if it is on this line."""
    segments: list[Segment] = []
    run_start = x0
    run_style: Style | None = None

    def close_run(upto: int) -> None:
        if upto > run_start:
            text = "".join(chars[run_start:upto])
            segments.append(Segment(text, base_style + run_style if run_style else base_style))

    run_blank = False
    bounds = sorted({x0, end, *(m[0] for m in marked), *(m[1] for m in marked), *sides, *(x + 1 for x in sides)})
    for i in range(len(bounds) - 1):
        xa, xb = bounds[i], bounds[i + 1]
        if xa >= xb:
            continue
        h = next((m[2] for m in reversed(marked) if m[0] <= xa < m[1]), None)  # the last one wins
        x = xa
        while x < xb:
            key = keys[x]
            x1 = x + 1
            while x1 < xb and keys[x1] == key:
                x1 += 1
            style = style_of(key, h, cursor, sides.get(x))
            blank = not "".join(chars[x:x1]).strip(" ")
            if style != run_style:
                if run_style is not None and (blank or run_blank) and _same_blank(style, run_style):
                    if not blank:  # the run so far is blanks: it takes this run's style
                        run_style, run_blank = style, False
                    x = x1
                    continue
                close_run(x)
                run_start, run_style, run_blank = x, style, blank
            else:
                run_blank = run_blank and blank
            x = x1
    close_run(end)
    strip = Strip(segments, max(0, end - x0))
    return strip.extend_cell_length(width, base_style)



_BLANK_SAME: dict[tuple[Style, Style], bool] = {}


def _same_blank(a: Style, b: Style) -> bool:
    """Whether a blank cell looks the same in style ``a`` as in ``b``: the same background, and
    nothing that shows on a blank (underline, strike, overline, reverse, a link) in either."""
    same = _BLANK_SAME.get((a, b))
    if same is None:
        same = (a.bgcolor == b.bgcolor and not any(
            st.underline or st.underline2 or st.strike or st.overline or st.reverse or st.link or st.conceal
            for st in (a, b)))
        if len(_BLANK_SAME) > 4096:
            _BLANK_SAME.clear()
        _BLANK_SAME[(a, b)] = same
    return same


def row_label(zoom: Zoom, vy: int, rows: int) -> str:
    """The row number written beside grid line ``vy`` (the middle line of the even columns'
    hexes), or ''."""
    mid = 1 if zoom.pitch_y == 2 else 2
    if vy >= mid and (vy - mid) % zoom.pitch_y == 0 and (vy - mid) // zoom.pitch_y < rows:
        return str((vy - mid) // zoom.pitch_y + 1)
    return ""


def column_ruler(zoom: Zoom, grid_width: int, columns: int) -> str:
    """The column letters over the grid, each over its column's centre (the whole grid's width)."""
    cells = [" "] * (grid_width + 4)
    centre = zoom.pitch_x // 2 + (0 if zoom.pitch_y == 2 else 1)
    for col in range(columns):
        x = col * zoom.pitch_x + centre
        for i, ch in enumerate(column_letters(col)):
            if x + i < len(cells):
                cells[x + i] = ch
    return "".join(cells)
