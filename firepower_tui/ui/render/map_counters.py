"""The counters on the hex map's grid (:mod:`.map_grid`): each stack's top man with his facing,
posture and status, the weapons lying on the ground (§9.4) and the special-weapons marks (§9.5).

Pure, like the grid: it writes style keys, never colours.
"""

from __future__ import annotations

from ...rules.board.hexgrid import Hex
from ...rules.model.state import GameState
from ...rules.board.terrain import HexLine, Terrain
from ...rules.model.types import Posture, Status
from ...rules.model.units import Soldier
from .map_grid import COMPACT, UNICODE, Glyphs, Grid, Zoom, line_glyph, put
from .special import marks, special_hexes


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
            put(grid, y2, x2 + w2 - 1, "w", "status")
        else:
            put(grid, y1, x1, f"w{codes[0]}"[:w1], "status")
            if len(codes) > 1:
                put(grid, y2, x2, f"{len(codes)}", "status")
        return
    (y1, x1, w1), (y2, x2, w2), (y3, x3, _), _ = runs
    put(grid, y1, x1 + w1 - 1, "w", "status")
    if not occupied:
        put(grid, y2, x2, " ".join(codes)[:w2].ljust(w2), "status")


def draw_special(grid: Grid, state: GameState, h: Hex, zoom: Zoom) -> None:
    """Smoke ``~`` and Barrage ``!`` (§9.5) at the start of the hex's first row (compact: its second)."""
    if h not in grid.slots:
        return
    runs = grid.slots[h]
    y, x, w = runs[1] if zoom is COMPACT else runs[0]
    put(grid, y, x, marks(state, h)[:w], "status")


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
    lg = line_glyph(line, glyphs)
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
        put(grid, y1, x1, text[:w1], side)
        under = grid.chars[y2][x2:x2 + 4]  # a door or window on his S hexside shows through (§9.6)
        put(grid, y2, x2, "".join(b if e == "_" and b != " " else e for e, b in zip(edge[:4], under)), "edge_info")
        return
    (y1, x1, w1), (y2, x2, w2), (y3, x3, w3), _ = grid.slots[h]
    posture = {Posture.STAND: "", Posture.CROUCH: "cr", Posture.PRONE: "pr"}[top.posture]
    put(grid, y2, x2, f"{ident[:4]:<4}{glyphs.facing[top.facing]:<2}{posture:<2}"[:w2], side)
    status = status_word(top)
    more = f"{glyphs.stack}{len(men)}" if len(men) > 1 else ""
    fence = f"{top.fence_side}" if top.fence_side else ""
    put(grid, y3, x3, f"{status:<4}{fence:<2}{more:>2}"[:w3], "status" if status else side)
