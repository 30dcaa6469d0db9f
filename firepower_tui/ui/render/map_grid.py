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

from dataclasses import dataclass, field

from ...rules.features import MapFeatures
from ...rules.hexgrid import Facing, Hex, OffsetCoord, hex_to_id, qoffset_from_cube, qoffset_to_cube
from ...rules.records import record
from ...rules.state import GameState
from ...rules.terrain import HexLine, LineKind, MapData, Terrain
from ...rules.types import Posture, Status
from ...rules.units import Soldier
from .special import marks, special_hexes


@record(kw_only=False, slots=False)
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


@record(kw_only=False, slots=False)
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


def _put(grid: Grid, y: int, x: int, text: str, style: str) -> None:
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
    fills: dict[Hex, str] = {h: "rubble" for h in f.rubble}
    fills.update({h: "water" for h in f.water})
    fills.update({h: "bunker" if f.buildings[i].bunker else "building" for h, i in f.building_of.items()})
    pick = 0 if glyphs is UNICODE else 1
    for h, what in fills.items():
        ch = FEATURE_GLYPHS[what][pick]
        runs = grid.slots[h]
        style = "t_depression" if what == "water" else "t_rough"
        if zoom is COMPACT:
            y1, x1, w1 = runs[0]
            _put(grid, y1, x1, ch * w1, style)
            continue
        hid = hex_to_id(h)
        (y1, x1, w1), (y2, x2, w2), (y3, x3, w3) = runs[:3]
        _put(grid, y1, x1 + len(hid) + 1, ch * max(0, w1 - len(hid) - 1), style)
        _put(grid, y2, x2, ch * w2, style)
        _put(grid, y3, x3, ch * w3, style)
    _draw_sides(grid, f, zoom, pick)


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
    (:func:`...rules.features.side_key`: a hex and its N, NE or SE), clipped to the grid.

    >>> from firepower_tui.rules.hexgrid import hex_from_id
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


def _draw_sides(grid: Grid, f: MapFeatures, zoom: Zoom, pick: int) -> None:
    """High walls, doors, windows and slits on the hex borders (§9.6)."""
    marks: dict[tuple[Hex, Facing], str] = {k: "wall" for k in f.walls}
    marks.update({k: str(o) for k, o in f.openings.items()})
    cells = SIDE_CELLS[zoom.name]
    for (h, facing), what in marks.items():
        if h not in grid.slots:
            continue
        ox, oy = zoom.origin(h)
        for dx, dy in cells[facing]:
            _put(grid, oy + dy, ox + dx, SIDE_GLYPHS[what][pick], "t_rough")


def _line_glyph(line: HexLine | None, glyphs: Glyphs) -> str:
    if line is None:
        return ""
    return glyphs.fence[line.axis] if line.kind is LineKind.FENCE else glyphs.hedge


def _empty_hex(grid: Grid, h: Hex, terrain: Terrain, line: HexLine | None, zoom: Zoom, glyphs: Glyphs) -> None:
    t = glyphs.terrain[terrain]
    style = f"t_{terrain.value}"
    lg = _line_glyph(line, glyphs)
    lstyle = f"l_{line.kind.value}" if line else style
    runs = grid.slots[h]
    if zoom is COMPACT:
        (y1, x1, w1), (y2, x2, w2) = runs
        _put(grid, y1, x1, t * w1, style)
        if lg:
            _put(grid, y1, x1 + 1, lg * 2, lstyle)
        _put(grid, y2, x2, "_" * w2, "edge")
        return
    (y1, x1, w1), (y2, x2, w2), (y3, x3, w3), (y4, x4, w4) = runs
    hid = hex_to_id(h)
    _put(grid, y1, x1, (hid + " " + t * w1)[:w1], "hexid")
    _put(grid, y1, x1 + len(hid) + 1, (t * w1)[: max(0, w1 - len(hid) - 1)], style)
    _put(grid, y2, x2, t * w2, style)
    _put(grid, y3, x3, t * w3, style)
    if lg:
        _put(grid, y2, x2 + 1, lg * 6, lstyle)
    _put(grid, y4, x4, "_" * w4, "edge")


# --- counters ---------------------------------------------------------------------------------

def side_style(state: GameState, s: Soldier) -> str:
    return "side0" if s.side == state.sides[0] else "side1"


def counter_id(state: GameState, s: Soldier, lower_second: bool) -> str:
    """The id as shown; with no colour the second side's ids are lower case."""
    return s.id.lower() if lower_second and s.side != state.sides[0] else s.id


STATUS_LETTER = {Status.STUNNED: "X", Status.SUPPRESSED: "S"}
POSTURE_LETTER = {Posture.STAND: " ", Posture.CROUCH: "c", Posture.PRONE: "p"}


Stacks = dict[Hex, tuple[Soldier, ...]]
"""The men on the map by hex, in roster order (the first is drawn)."""


def stacks_of(state: GameState) -> Stacks:
    """Who is drawn where: the living, deployed men of each occupied hex."""
    stacks: dict[Hex, list[Soldier]] = {}
    for s in state.soldiers:
        if not s.killed and s.deployed:
            stacks.setdefault(s.hex, []).append(s)
    return {h: tuple(men) for h, men in stacks.items()}


def draw_counters(base: Grid, state: GameState, zoom: Zoom, glyphs: Glyphs, *, lower_second: bool) -> Grid:
    """A copy of the static layer with the top soldier of every occupied hex drawn on it."""
    grid = Grid(base.width, base.height, [r[:] for r in base.chars], [r[:] for r in base.styles],
                base.slots, base.lines_of_hex)
    gmap = state.scenario.map
    stacks = stacks_of(state)
    for h, men in stacks.items():
        draw_stack(grid, state, h, list(men), gmap.terrain[h], gmap.line_at(h), zoom, glyphs, lower_second)
    for h in state.ground:  # weapon markers (optional rule §9.4)
        draw_ground(grid, state, h, zoom, occupied=h in stacks)
    if state.special is not None:  # Smoke and Barrage markers (optional rule §9.5)
        for h in special_hexes(state):
            draw_special(grid, state, h, zoom)
    return grid


def redraw_hexes(grid: Grid, base: Grid, state: GameState, stacks: Stacks, hexes: set[Hex], zoom: Zoom,
                 glyphs: Glyphs, *, lower_second: bool) -> tuple[Grid, set[int]]:
    """``grid`` with only ``hexes`` drawn again for ``state`` (whose stacks are ``stacks``): the
    same as ``draw_counters`` when the other hexes' men are unchanged, at the cost of the hexes
    changed. ``grid`` is not changed: the rows touched are copied. Returns the new grid and
    those rows."""
    rows = {y for h in hexes for y, _, _ in grid.slots[h]}
    chars, styles = list(grid.chars), list(grid.styles)
    for y in rows:
        chars[y], styles[y] = grid.chars[y][:], grid.styles[y][:]
    new = Grid(grid.width, grid.height, chars, styles, grid.slots, grid.lines_of_hex)
    gmap = state.scenario.map
    for h in hexes:
        for y, x, w in grid.slots[h]:  # the hex's contents as the static layer has them
            chars[y][x:x + w] = base.chars[y][x:x + w]
            styles[y][x:x + w] = base.styles[y][x:x + w]
        men = stacks.get(h)
        if men:
            draw_stack(new, state, h, list(men), gmap.terrain[h], gmap.line_at(h), zoom, glyphs, lower_second)
        if h in state.ground:
            draw_ground(new, state, h, zoom, occupied=bool(men))
        if state.special is not None and h in special_hexes(state):
            draw_special(new, state, h, zoom)
    return new, rows


def ground_codes(state: GameState, h: Hex) -> list[str]:
    """The weapon markers lying in ``h`` as the map writes them: ``LMG``, a broken one in lower case."""
    return [g.code if g.state == "ok" else g.code.lower() for g in state.ground.get(h, ())]


def draw_ground(grid: Grid, state: GameState, h: Hex, zoom: Zoom, *, occupied: bool) -> None:
    """Weapons on the ground (§9.4): ``w`` in the corner of a hex with men; in an empty hex the
    weapons themselves (compact: ``wLMG``, the count below when more than one)."""
    codes = ground_codes(state, h)
    if not codes:
        return
    runs = grid.slots[h]
    if zoom is COMPACT:
        (y1, x1, w1), (y2, x2, w2) = runs
        if occupied:
            _put(grid, y2, x2 + w2 - 1, "w", "status")
        else:
            _put(grid, y1, x1, f"w{codes[0]}"[:w1], "status")
            if len(codes) > 1:
                _put(grid, y2, x2, f"{len(codes)}", "status")
        return
    (y1, x1, w1), (y2, x2, w2), (y3, x3, _), _ = runs
    _put(grid, y1, x1 + w1 - 1, "w", "status")
    if not occupied:
        _put(grid, y2, x2, " ".join(codes)[:w2].ljust(w2), "status")


def draw_special(grid: Grid, state: GameState, h: Hex, zoom: Zoom) -> None:
    """Smoke ``~`` and Barrage ``!`` (§9.5) at the start of the hex's first row (compact: its second)."""
    if h not in grid.slots:
        return
    runs = grid.slots[h]
    y, x, w = runs[1] if zoom is COMPACT else runs[0]
    _put(grid, y, x, marks(state, h)[:w], "status")


MARKERS: tuple[tuple[str, str, str, str, str], ...] = (
    ("O", "OVW", "Overwatch", "fires in the enemy's impulse", "§9.1"),
    ("H", "HID", "Hidden", "no small-arms or overwatch fire at him", "§9.3"),
    ("J", "JAM", "Weapon broken", "cannot fire until repaired (2 MF)", "§9.4"),
    ("N", "NOWP", "Weapon destroyed", "grenades only", "§9.4"),
    ("R", "RUN", "Running", "+2 to fire at him", "6.2.1"),
    ("D", "DIRT", "Hit the dirt", "not again this turn", "§9.2"),
)
"""The markers besides Suppressed/Stunned, most important first: (compact letter, detailed
word, name, what it means, rule). The map shows the first a man has; the panels show them all."""


def markers(s: Soldier) -> list[tuple[str, str, str, str, str]]:
    """The markers of :data:`MARKERS` that ``s`` has, in order."""
    has = (s.overwatch, s.hidden, s.weapon_state == "broken", s.weapon_state == "destroyed", s.running, s.dirt_used)
    return [m for m, on in zip(MARKERS, has) if on]


def status_char(s: Soldier) -> str:
    """One letter for the map: Stunned X, Suppressed S, then the first of :data:`MARKERS`."""
    if s.status in STATUS_LETTER:
        return STATUS_LETTER[s.status]
    found = markers(s)
    return found[0][0] if found else ""


def status_word(s: Soldier) -> str:
    """The detailed zoom's word: STUN, SUP, then the first of :data:`MARKERS`."""
    word = {Status.STUNNED: "STUN", Status.SUPPRESSED: "SUP"}.get(s.status)
    if word is not None:
        return word
    found = markers(s)
    return found[0][1] if found else ""


def draw_stack(grid: Grid, state: GameState, h: Hex, men: list[Soldier], terrain: Terrain, line: HexLine | None,
               zoom: Zoom, glyphs: Glyphs, lower_second: bool) -> None:
    top = men[0]
    ident = counter_id(state, top, lower_second)
    side = side_style(state, top)
    t = glyphs.terrain[terrain]
    lg = _line_glyph(line, glyphs)
    stack = f"{len(men)}" if len(men) > 1 else ""
    st = status_char(top)
    unicode_arrows = glyphs is UNICODE
    if zoom is COMPACT:
        (y1, x1, w1), (y2, x2, _) = grid.slots[h]
        if unicode_arrows:
            text = f"{ident[:2]:<2}{glyphs.facing[top.facing]}{POSTURE_LETTER[top.posture]}"
            edge = f"{st or '_'}{stack or '_'}{t if t != ' ' else '_'}{lg or '_'}"
        else:
            text = f"{ident[:2]:<2}{glyphs.facing[top.facing]:<2}"
            edge = f"{POSTURE_LETTER[top.posture].strip() or '_'}{st or '_'}{stack or '_'}{t if t != ' ' else '_'}"
        _put(grid, y1, x1, text[:w1], side)
        under = grid.chars[y2][x2:x2 + 4]  # a door or window on his S hexside shows through (§9.6)
        _put(grid, y2, x2, "".join(b if e == "_" and b != " " else e for e, b in zip(edge[:4], under)), "edge_info")
        return
    (y1, x1, w1), (y2, x2, w2), (y3, x3, w3), _ = grid.slots[h]
    posture = {Posture.STAND: "", Posture.CROUCH: "cr", Posture.PRONE: "pr"}[top.posture]
    _put(grid, y2, x2, f"{ident[:4]:<4}{glyphs.facing[top.facing]:<2}{posture:<2}"[:w2], side)
    status = status_word(top)
    more = f"{glyphs.stack}{len(men)}" if len(men) > 1 else ""
    fence = f"{top.fence_side}" if top.fence_side else ""
    _put(grid, y3, x3, f"{status:<4}{fence:<2}{more:>2}"[:w3], "status" if status else side)
