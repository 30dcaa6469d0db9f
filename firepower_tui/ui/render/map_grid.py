"""The hex map as a character grid (pure: no Textual).

Flat-topped hexes in odd-q columns, drawn with ``/ \\ _``. Two zooms:

compact (5 x 2 per hex)::

     ____      ____
    /T1↑p\\____/    \\
    \\S2♣_/^^^^\\____/

detailed (8 x 4 per hex)::

      ______
     /K12 ^^\\
    /T1 ↑ p  \\
    \\SUP  ×3 /
     \\______/

Each hex owns *slots* (runs of cells on one line) where its contents go; overlays
(cursor, highlights) restyle a hex's slots. Cells carry a style *key*; the widget maps
keys to real styles, so this module decides nothing about colour.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ...rules.board.features import MapFeatures
from ...rules.board.hexgrid import Facing, Hex, OffsetCoord, hex_to_id, qoffset_from_cube, qoffset_to_cube
from ...rules.board.terrain import HexLine, LineKind, MapData, Terrain


@dataclass(frozen=True)
class Zoom:
    """Geometry of one zoom level."""

    name: str
    pitch_x: int
    pitch_y: int
    odd_dy: int
    borders: tuple[tuple[int, int, str], ...]
    """(dx, dy, char) of the outline, relative to the hex origin."""
    slots: tuple[tuple[int, int, int], ...]
    """(dy, dx, width) of each content run."""

    def origin(self, h: Hex) -> tuple[int, int]:
        c = qoffset_from_cube(h)
        return c.col * self.pitch_x, c.row * self.pitch_y + (self.odd_dy if c.col & 1 else 0)

    def size(self, columns: int, rows: int) -> tuple[int, int]:
        w = (columns - 1) * self.pitch_x + max(dx for dx, _, _ in self.borders) + 1
        h = (rows - 1) * self.pitch_y + self.odd_dy + max(dy for _, dy, _ in self.borders) + 1
        return w, h


COMPACT = Zoom(
    name="compact", pitch_x=5, pitch_y=2, odd_dy=1,
    borders=tuple([(dx, 0, "_") for dx in range(1, 5)] + [(0, 1, "/"), (5, 1, "\\"), (0, 2, "\\"), (5, 2, "/")]
                  + [(dx, 2, "_") for dx in range(1, 5)]),
    slots=((1, 1, 4), (2, 1, 4)),
)
DETAILED = Zoom(
    name="detailed", pitch_x=8, pitch_y=4, odd_dy=2,
    borders=tuple([(dx, 0, "_") for dx in range(2, 8)]
                  + [(1, 1, "/"), (8, 1, "\\"), (0, 2, "/"), (9, 2, "\\"), (0, 3, "\\"), (9, 3, "/"),
                     (1, 4, "\\"), (8, 4, "/")] + [(dx, 4, "_") for dx in range(2, 8)]),
    slots=((1, 2, 6), (2, 1, 8), (3, 1, 8), (4, 2, 6)),
)
ZOOMS = (COMPACT, DETAILED)


@dataclass(frozen=True)
class Glyphs:
    """The characters for one character set."""

    terrain: dict[Terrain, str]
    facing: dict[Facing, str]
    fence: dict[str, str]
    hedge: str
    stack: str


UNICODE = Glyphs(
    terrain={Terrain.OPEN: " ", Terrain.HILL: "^", Terrain.DEPRESSION: "∨", Terrain.TREES: "♣",
             Terrain.SCRUB: ",", Terrain.ROUGH: ":"},
    facing={Facing.N: "↑", Facing.NE: "↗", Facing.SE: "↘", Facing.S: "↓", Facing.SW: "↙", Facing.NW: "↖"},
    fence={"E-W": "-", "NE-SW": "/", "NW-SE": "\\"}, hedge="≈", stack="×",
)
ASCII = Glyphs(
    terrain={Terrain.OPEN: " ", Terrain.HILL: "^", Terrain.DEPRESSION: "v", Terrain.TREES: "&",
             Terrain.SCRUB: ",", Terrain.ROUGH: ":"},
    facing={f: f.name for f in Facing}, fence={"E-W": "-", "NE-SW": "/", "NW-SE": "\\"}, hedge="~", stack="x",
)


@dataclass
class Grid:
    """Characters and style keys, row by row, plus where each hex's slots are."""

    width: int
    height: int
    chars: list[list[str]]
    styles: list[list[str]]
    slots: dict[Hex, list[tuple[int, int, int]]] = field(default_factory=dict)
    """Per hex: (y, x, width) of each content run."""
    lines_of_hex: dict[Hex, tuple[int, int]] = field(default_factory=dict)
    """Per hex: first and last grid line it touches."""

    def hex_at(self, x: int, y: int) -> Hex | None:
        """The hex whose content slot holds cell (x, y) (mouse clicks)."""
        for h, runs in self.slots.items():
            for sy, sx, w in runs:
                if sy == y and sx <= x < sx + w:
                    return h
        return None


def put(grid: Grid, y: int, x: int, text: str, style: str) -> None:
    row_c, row_s = grid.chars[y], grid.styles[y]
    end = x + len(text)
    if x >= 0 and end <= grid.width:  # the usual case: the whole run on the grid
        row_c[x:end] = text
        row_s[x:end] = [style] * len(text)
        return
    for i, ch in enumerate(text):
        if 0 <= x + i < grid.width:
            row_c[x + i] = ch
            row_s[x + i] = style


def terrain_base(gmap: MapData, zoom: Zoom, glyphs: Glyphs) -> Grid:
    """The static layer: outlines, terrain and lines, for every hex (built once per zoom)."""
    w, h = zoom.size(gmap.columns, gmap.rows)
    grid = Grid(w, h, [[" "] * w for _ in range(h)], [["map"] * w for _ in range(h)])
    chars, styles = grid.chars, grid.styles
    depth = max(dy for _, dy, _ in zoom.borders)
    for col in range(gmap.columns):
        for row in range(gmap.rows):
            hx = qoffset_to_cube(OffsetCoord(col, row))
            ox, oy = zoom.origin(hx)
            for dx, dy, ch in zoom.borders:
                chars[oy + dy][ox + dx] = ch
                styles[oy + dy][ox + dx] = "border"
            grid.slots[hx] = [(oy + dy, ox + dx, width) for dy, dx, width in zoom.slots]
            grid.lines_of_hex[hx] = (oy, oy + depth)
            _empty_hex(grid, hx, gmap.terrain[hx], gmap.line_at(hx), zoom, glyphs)
    if gmap.features is not None:
        _draw_features(grid, gmap, zoom, glyphs)
    return grid


FEATURE_GLYPHS = {"building": ("#", "#"), "bunker": ("■", "B"), "water": ("≋", "w"), "rubble": ("%", "%")}
"""Fill of a §9.6 feature hex: (Unicode, ASCII)."""


def _draw_features(grid: Grid, gmap: MapData, zoom: Zoom, glyphs: Glyphs) -> None:
    """Buildings, bunkers, water and rubble fill their hexes' terrain slots (§9.6)."""
    f = gmap.features
    assert f is not None
    fills = feature_fills(f)
    pick = 0 if glyphs is UNICODE else 1
    for h, what in fills.items():
        _fill(grid, h, what, zoom, pick)
    _draw_sides(grid, f, zoom, pick)


def feature_fills(f: MapFeatures | None) -> dict[Hex, str]:
    """The fill of each §9.6 feature hex: ``building``, ``bunker``, ``water`` or ``rubble``."""
    if f is None:
        return {}
    fills: dict[Hex, str] = {h: "rubble" for h in f.rubble}
    fills.update({h: "water" for h in f.water})
    fills.update({h: "bunker" if f.buildings[i].bunker else "building" for h, i in f.building_of.items()})
    return fills


def _fill(grid: Grid, h: Hex, what: str, zoom: Zoom, pick: int) -> None:
    ch = FEATURE_GLYPHS[what][pick]
    runs = grid.slots[h]
    style = "t_depression" if what == "water" else "t_rough"
    if zoom is COMPACT:
        y1, x1, w1 = runs[0]
        put(grid, y1, x1, ch * w1, style)
        return
    hid = hex_to_id(h)
    (y1, x1, w1), (y2, x2, w2), (y3, x3, w3) = runs[:3]
    put(grid, y1, x1 + len(hid) + 1, ch * max(0, w1 - len(hid) - 1), style)
    put(grid, y2, x2, ch * w2, style)
    put(grid, y3, x3, ch * w3, style)


def repaint_hexes(base: Grid, gmap: MapData, hexes: set[Hex], zoom: Zoom, glyphs: Glyphs,
                  sides: Iterable[tuple[Hex, Facing]] = ()) -> Grid:
    """``base`` (as :func:`terrain_base` drew it) with the insides of ``hexes`` drawn again from
    ``gmap``: their terrain, line and feature fill (the editor's paint); and the hexsides
    ``sides`` (each by its one name, :func:`...rules.board.features.side_key`) drawn again: a
    wall, door, window or slit put on or taken off. A new grid; ``base`` is not changed (only
    the rows drawn on are copied)."""
    sides = [k for k in sides if k[0] in base.slots]
    chars, styles = list(base.chars), list(base.styles)
    rows = {y for h in hexes for y, _, _ in base.slots.get(h, ())} | {y for _, y in side_cells(zoom, sides)}
    for y in rows:
        chars[y], styles[y] = base.chars[y][:], base.styles[y][:]
    grid = Grid(base.width, base.height, chars, styles, base.slots, base.lines_of_hex)
    fills = feature_fills(gmap.features)
    pick = 0 if glyphs is UNICODE else 1
    for h in hexes:
        if h in grid.slots:
            _hex_inside(grid, h, gmap.terrain[h], gmap.line_at(h), zoom, glyphs)
            if h in fills:
                _fill(grid, h, fills[h], zoom, pick)
    if sides:
        outline = {(dx, dy): ch for dx, dy, ch in zoom.borders}
        marks = _side_marks(gmap.features) if gmap.features is not None else {}
        for h, facing in sides:
            ox, oy = zoom.origin(h)
            what = marks.get((h, facing))
            for dx, dy in SIDE_CELLS[zoom.name][facing]:
                if what is not None:
                    put(grid, oy + dy, ox + dx, SIDE_GLYPHS[what][pick], "t_rough")
                else:
                    put(grid, oy + dy, ox + dx, outline[(dx, dy)], "border")
    return grid


def side_cells(zoom: Zoom, sides: Iterable[tuple[Hex, Facing]]) -> list[tuple[int, int]]:
    """The cells ``(x, y)`` that draw the walls and openings of ``sides`` (:data:`SIDE_CELLS`)."""
    out = []
    for h, facing in sides:
        ox, oy = zoom.origin(h)
        out += [(ox + dx, oy + dy) for dx, dy in SIDE_CELLS[zoom.name][facing]]
    return out


SIDE_CELLS = {
    "compact": {Facing.N: ((2, 0), (3, 0)), Facing.NE: ((5, 1),), Facing.SE: ((5, 2),)},
    "detailed": {Facing.N: ((3, 0), (4, 0), (5, 0), (6, 0)), Facing.NE: ((8, 1), (9, 2)),
                 Facing.SE: ((9, 3), (8, 4))},
}
"""(dx, dy) of the outline cells that draw a hex's N, NE and SE hexsides, per zoom (a hexside
is drawn once, by the hex that names it: :func:`.features.side_key`)."""
MARK_CELLS = {
    "compact": {Facing.N: tuple((dx, 0) for dx in range(1, 5)), Facing.NE: ((5, 1),), Facing.SE: ((5, 2),)},
    "detailed": {Facing.N: tuple((dx, 0) for dx in range(2, 8)), Facing.NE: ((8, 1), (9, 2)),
                 Facing.SE: ((9, 3), (8, 4))},
}
"""(dx, dy) of every outline cell of a hex's N, NE and SE hexsides, per zoom: where the ``los``
mode marks a hexside (the whole of it, unlike :data:`SIDE_CELLS`). A corner has no cell of its
own in this grid (two hexsides meet between cells), so corners are left to the panel."""


def hexside_cells(zoom: Zoom, side: tuple[Hex, Facing], width: int, height: int) -> list[tuple[int, int]]:
    """The grid cells ``(x, y)`` that draw a hexside, given by its one name
    (:func:`...rules.board.features.side_key`: a hex and its N, NE or SE), clipped to the grid.

    >>> from firepower_tui.rules.board.hexgrid import hex_from_id
    >>> hexside_cells(COMPACT, (hex_from_id("B2"), Facing.NE), 40, 20)
    [(10, 4)]
    >>> hexside_cells(DETAILED, (hex_from_id("A1"), Facing.N), 40, 20)
    [(2, 0), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0)]
    """
    h, facing = side
    ox, oy = zoom.origin(h)
    cells = ((ox + dx, oy + dy) for dx, dy in MARK_CELLS[zoom.name][facing])
    return [(x, y) for x, y in cells if 0 <= x < width and 0 <= y < height]


def side_mark_cells(sides: dict[tuple[Hex, Facing], str], zoom: Zoom, width: int,
                    height: int) -> dict[int, dict[int, str]]:
    """Where marked hexsides go on the grid: per line, ``x -> overlay`` (``sides``: each
    hexside's one name and its overlay, e.g. ``side_blocks``)."""
    cells: dict[int, dict[int, str]] = {}
    for side, name in sides.items():
        for x, y in hexside_cells(zoom, side, width, height):
            cells.setdefault(y, {})[x] = name
    return cells


SIDE_GLYPHS = {"wall": ("█", "="), "door": ("▯", "D"), "window": ("◊", "W"), "slit": ("▪", "S")}
"""A high wall, door, window or slit on a hexside: (Unicode, ASCII)."""


def _side_marks(f: MapFeatures) -> dict[tuple[Hex, Facing], str]:
    """What stands on each hexside that has something: ``wall``, ``door``, ``window``, ``slit``."""
    marks: dict[tuple[Hex, Facing], str] = {k: "wall" for k in f.walls}
    marks.update({k: str(o) for k, o in f.openings.items()})
    return marks


def _draw_sides(grid: Grid, f: MapFeatures, zoom: Zoom, pick: int) -> None:
    """High walls, doors, windows and slits on the hex borders (§9.6)."""
    cells = SIDE_CELLS[zoom.name]
    for (h, facing), what in _side_marks(f).items():
        if h not in grid.slots:
            continue
        ox, oy = zoom.origin(h)
        for dx, dy in cells[facing]:
            put(grid, oy + dy, ox + dx, SIDE_GLYPHS[what][pick], "t_rough")


def line_glyph(line: HexLine | None, glyphs: Glyphs) -> str:
    if line is None:
        return ""
    return glyphs.fence[line.axis] if line.kind is LineKind.FENCE else glyphs.hedge


def _empty_hex(grid: Grid, h: Hex, terrain: Terrain, line: HexLine | None, zoom: Zoom, glyphs: Glyphs) -> None:
    _hex_inside(grid, h, terrain, line, zoom, glyphs)
    y, x, w = grid.slots[h][-1]
    put(grid, y, x, "_" * w, "edge")


def _hex_inside(grid: Grid, h: Hex, terrain: Terrain, line: HexLine | None, zoom: Zoom, glyphs: Glyphs) -> None:
    """A hex's terrain and line in its slots, all but its bottom edge's (which the hex below
    draws over as its top border)."""
    t = glyphs.terrain[terrain]
    style = f"t_{terrain.value}"
    lg = line_glyph(line, glyphs)
    lstyle = f"l_{line.kind.value}" if line else style
    runs = grid.slots[h]
    if zoom is COMPACT:
        y1, x1, w1 = runs[0]
        put(grid, y1, x1, t * w1, style)
        if lg:
            put(grid, y1, x1 + 1, lg * 2, lstyle)
        return
    (y1, x1, w1), (y2, x2, w2), (y3, x3, w3) = runs[:3]
    hid = hex_to_id(h)
    put(grid, y1, x1, (hid + " " + t * w1)[:w1], "hexid")
    put(grid, y1, x1 + len(hid) + 1, (t * w1)[: max(0, w1 - len(hid) - 1)], style)
    put(grid, y2, x2, t * w2, style)
    put(grid, y3, x3, t * w3, style)
    if lg:
        put(grid, y2, x2 + 1, lg * 6, lstyle)
