"""The map as the app draws it, as lines of Rich Text for a terminal or a file (``firepower map
show`` / ``map check``): the same grid as the map widget (:mod:`.map_grid`), with its rulers,
plus marks for scenario authors (deployment zones, objectives, problems)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rich.style import Style
from rich.text import Text

from ...rules.board.hexgrid import Hex, column_letters
from ...rules.model.state import GameState
from ...rules.board.terrain import MapData
from .map_grid import ASCII, COMPACT, UNICODE, Grid, Zoom, terrain_base
from .map_counters import draw_counters
from .map_palette import FIXED

RULER_W = 3
"""Room for the row numbers (up to 999 rows)."""
MARK_STYLES: dict[str, Style] = {key: FIXED[key] for key in ("objective", "problem", "zone0", "zone1")}
"""The marks' colours (:mod:`.map_palette`); each mark is also a character, so it reads without colour."""
Marks = Mapping[Hex, Iterable[tuple[int, str, str]]]
"""Marks on hexes: per hex, ``(offset in its last content run, character, style key)``."""
THEMED_PLAIN: dict[str, Style] = {"ruler": Style(bold=True), "border": Style(dim=True), "edge": Style(dim=True),
                                  "hexid": Style(dim=True), "edge_info": Style(underline=True)}
"""The map widget's theme-coloured keys, outside the app: dim and bold of the terminal's own colour."""


def map_grid(gmap: MapData, state: GameState | None, *, ascii: bool = False, zoom: Zoom = COMPACT,
             lower_second: bool = False) -> Grid:
    """The map's character grid: terrain and lines, and the men of ``state`` if given."""
    glyphs = ASCII if ascii else UNICODE
    base = terrain_base(gmap, zoom, glyphs)
    return base if state is None else draw_counters(base, state, zoom, glyphs, lower_second=lower_second)


def mark_hexes(grid: Grid, marks: Marks, *, blank_only: bool = False) -> None:
    """Write marks into each hex's last content run: ``(offset, char, style key)`` per mark;
    ``blank_only``: only where the cell is blank (``_`` or space), so that a man's stack count or
    a fence drawn there stays readable (the editor's live map)."""
    for h, items in marks.items():
        runs = grid.slots.get(h)
        if not runs:
            continue
        y, x, w = runs[-1]
        for offset, ch, key in items:
            if 0 <= offset < w and (not blank_only or grid.chars[y][x + offset] in " _"):
                grid.chars[y][x + offset] = ch
                grid.styles[y][x + offset] = key


def map_text_lines(grid: Grid, columns: int, rows: int, zoom: Zoom = COMPACT) -> list[Text]:
    """The grid with the column letters above and the row numbers at the left, as the map widget
    shows them (the widget's ruler, a column wider for maps of 100 rows or more)."""
    styles = {**FIXED, **THEMED_PLAIN, **MARK_STYLES}
    ruler = [" "] * (grid.width + 4)
    centre = zoom.pitch_x // 2 + (0 if zoom.pitch_y == 2 else 1)
    for col in range(columns):
        for i, ch in enumerate(column_letters(col)):
            x = col * zoom.pitch_x + centre + i
            if x < len(ruler):
                ruler[x] = ch
    out = [Text(" " * RULER_W + "".join(ruler).rstrip(), style=styles["ruler"])]
    mid = 1 if zoom.pitch_y == 2 else 2
    for y in range(grid.height):
        label = ""
        if y >= mid and (y - mid) % zoom.pitch_y == 0 and (y - mid) // zoom.pitch_y < rows:
            label = str((y - mid) // zoom.pitch_y + 1)
        line = Text(f"{label:>{RULER_W - 1}} ", style=styles["ruler"])
        chars, keys = grid.chars[y], grid.styles[y]
        end = len(chars)
        while end > 0 and chars[end - 1] == " ":
            end -= 1
        x = 0
        while x < end:  # runs of one style key
            k = keys[x]
            x2 = x
            while x2 < end and keys[x2] == k:
                x2 += 1
            line.append("".join(chars[x:x2]), style=styles.get(k, Style()))
            x = x2
        out.append(line)
    return out


def bands(lines: list[Text], width: int | None) -> list[list[Text]]:
    """The map cut into vertical bands no wider than ``width`` (each with its row numbers), so a
    wide map prints on a narrow terminal; None: one band."""
    full = max((line.cell_len for line in lines), default=0)
    if width is None or full <= width:
        return [lines]
    body = full - RULER_W
    step = max(10, (width - RULER_W - 1) // 10 * 10)  # whole pairs of hex columns (10 cells)
    count = -(-body // step)
    step = max(10, (-(-body // count) + 9) // 10 * 10)  # the same number of bands, of even widths
    out: list[list[Text]] = []
    for start in range(RULER_W, full, step):
        band = []
        for line in lines:
            band.append(line[:RULER_W] + line[start:start + step])
        out.append(band)
    return out
