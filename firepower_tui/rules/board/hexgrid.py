"""Hex geometry for a flat-topped hex map, in Red Blob Games' names.

Storage is axial ``Hex(q, r)`` with the cube coordinate ``s = -q - r`` derived
("axial storage, cube operations"). Map ids are an odd-q offset column letter plus
a row number from 1 (``A1`` is the top-left hex, ``C7`` the third column, seventh
row), as printed on the map.

Directions are the six hexsides of a flat-topped hex, clockwise from the top:
``N NE SE S SW NW`` (RULES.md §0 numbers them differently; only the names matter).

The integer plane of RULES.md §0 (``X = 3q``, ``Y = 2r + q``, Y pointing down the
screen) puts every hex corner on integer coordinates; :mod:`..basic.los` uses it for exact
line-of-sight tests.
"""

from __future__ import annotations

import re
from functools import lru_cache
from enum import IntEnum
from typing import NamedTuple


class Hex(NamedTuple):
    """One hex in axial coordinates (``s`` is derived)."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    def __str__(self) -> str:  # pragma: no cover - debugging aid
        return hex_to_id(self)


class Facing(IntEnum):
    """The hexside a soldier's front points at (RULES.md 4.3 / §1.8).

    The value is the index into :data:`HEX_DIRECTIONS`; values increase clockwise
    on the map as drawn (north at the top).
    """

    N = 0
    NE = 1
    SE = 2
    S = 3
    SW = 4
    NW = 5

    def turned(self, steps: int) -> Facing:
        """The facing ``steps`` hexsides clockwise (negative: counter-clockwise)."""
        return Facing((self.value + steps) % 6)

    @property
    def opposite(self) -> Facing:
        """The facing 180 degrees round."""
        return self.turned(3)


HEX_DIRECTIONS: tuple[Hex, ...] = (
    Hex(0, -1),   # N
    Hex(1, -1),   # NE
    Hex(1, 0),    # SE
    Hex(0, 1),    # S
    Hex(-1, 1),   # SW
    Hex(-1, 0),   # NW
)
"""Axial offsets of the six neighbours, indexed by :class:`Facing`."""


def hex_add(a: Hex, b: Hex) -> Hex:
    """``a + b``."""
    return Hex(a.q + b.q, a.r + b.r)


def hex_subtract(a: Hex, b: Hex) -> Hex:
    """``a - b``."""
    return Hex(a.q - b.q, a.r - b.r)


def hex_scale(a: Hex, k: int) -> Hex:
    """``a * k``."""
    return Hex(a.q * k, a.r * k)


def hex_neighbor(h: Hex, direction: int) -> Hex:
    """The hex across hexside ``direction`` of ``h``."""
    dq, dr = HEX_DIRECTIONS[direction % 6]
    q, r = h
    return Hex(q + dq, r + dr)


def hex_neighbors(h: Hex) -> tuple[Hex, ...]:
    """All six neighbours, in :class:`Facing` order."""
    return tuple(Hex(h.q + d.q, h.r + d.r) for d in HEX_DIRECTIONS)


def hex_distance(a: Hex, b: Hex) -> int:
    """Hex count from ``a`` to ``b`` (RULES.md 6.3.2: firer's hex excluded, target's included)."""
    dq = a.q - b.q
    dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def direction_between(a: Hex, b: Hex) -> Facing | None:
    """The facing that points from ``a`` to the adjacent hex ``b`` (None if not adjacent)."""
    d = Hex(b.q - a.q, b.r - a.r)
    try:
        return Facing(HEX_DIRECTIONS.index(d))
    except ValueError:
        return None


def hex_rotate_right(h: Hex) -> Hex:
    """Rotate an offset 60 degrees clockwise about the origin (as drawn on the map)."""
    # cube (q, r, s) -> (-r, -s, -q)
    return Hex(-h.r, -h.s)


def hex_rotate_left(h: Hex) -> Hex:
    """Rotate an offset 60 degrees counter-clockwise about the origin."""
    # cube (q, r, s) -> (-s, -q, -r)
    return Hex(-h.s, -h.q)


def hex_round(fq: float, fr: float) -> Hex:
    """Round fractional axial coordinates to the nearest hex (Red Blob ``hex_round``)."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


def hex_linedraw(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a line from ``a`` to ``b`` passes through (Red Blob ``hex_linedraw``).

    The endpoints are nudged by a tiny epsilon, so a line that runs exactly along a
    hexside is given one side silently. That is fine for drawing the line on screen;
    line of sight uses the exact test in :mod:`..basic.los` instead (RULES.md 4.4).
    """
    n = hex_distance(a, b)
    eps_q, eps_r = 1e-6, 2e-6
    aq, ar = a.q + eps_q, a.r + eps_r
    bq, br = b.q + eps_q, b.r + eps_r
    if n == 0:
        return [a]
    step = 1.0 / n
    return [hex_round(aq + (bq - aq) * step * i, ar + (br - ar) * step * i) for i in range(n + 1)]


def hex_ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` from ``center`` (radius 0: the centre)."""
    if radius == 0:
        return [center]
    results: list[Hex] = []
    h = hex_add(center, hex_scale(HEX_DIRECTIONS[Facing.SW], radius))
    for side in range(6):
        for _ in range(radius):
            results.append(h)
            h = hex_neighbor(h, side)
    return results


def hexes_within(center: Hex, radius: int) -> list[Hex]:
    """Every hex within ``radius`` of ``center``, the centre included."""
    out: list[Hex] = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            out.append(Hex(center.q + dq, center.r + dr))
    return out


# --- firing arc (RULES.md 4.3, ruling A16) -------------------------------------------

# For each facing, the cube axes (0=q, 1=r, 2=s) that hold +1 and -1 in its direction.
_ARC_AXES: tuple[tuple[int, int], ...] = (
    (2, 1),  # N  = (0, -1, +1)
    (0, 1),  # NE = (+1, -1, 0)
    (0, 2),  # SE = (+1, 0, -1)
    (1, 2),  # S  = (0, +1, -1)
    (1, 0),  # SW = (-1, +1, 0)
    (2, 0),  # NW = (-1, 0, +1)
)


def in_firing_arc(origin: Hex, facing: Facing, target: Hex) -> bool:
    """Whether ``target`` lies in the 60-degree firing arc of a man at ``origin``.

    RULES.md 4.3: the arc is centred on the front hexside; hexes cut in half by an arc
    edge are in (A16). Exact cube test: with ``p``/``n`` the cube axes that are +1/-1 in
    the facing's direction, a hex ``h != origin`` is in the arc iff ``h[p] == max(h)``
    and ``h[n] == min(h)`` (relative coordinates). The firer's own hex is never in it.
    """
    dq = target.q - origin.q
    dr = target.r - origin.r
    if dq == 0 and dr == 0:
        return False
    cube = (dq, dr, -dq - dr)
    p, n = _ARC_AXES[facing]
    return cube[p] == max(cube) and cube[n] == min(cube)

def facing_toward(origin: Hex, target: Hex) -> Facing | None:
    """The facing whose firing arc (4.3) holds ``target`` most squarely: the facing towards it
    when it lies along a hex row, else of the arcs that hold it the one whose front neighbour
    is nearest it. None only for ``origin`` itself."""
    d = direction_between(origin, target)
    if d is not None:
        return d
    arcs = [f for f in Facing if in_firing_arc(origin, f, target)]
    return min(arcs, key=lambda f: hex_distance(hex_neighbor(origin, f), target)) if arcs else None


# --- offset coordinates and map ids (odd-q) -------------------------------------------

class OffsetCoord(NamedTuple):
    """Odd-q offset coordinates: ``col`` from 0 (= column A), ``row`` from 0 (= row 1)."""

    col: int
    row: int


def qoffset_from_cube(h: Hex) -> OffsetCoord:
    """Axial -> odd-q offset (odd columns are shoved down half a hex)."""
    return OffsetCoord(h.q, h.r + (h.q - (h.q & 1)) // 2)


def qoffset_to_cube(c: OffsetCoord) -> Hex:
    """Odd-q offset -> axial."""
    return Hex(c.col, c.row - (c.col - (c.col & 1)) // 2)


def column_letters(col: int) -> str:
    """0 -> ``A``, 25 -> ``Z``, 26 -> ``AA`` (bijective base 26)."""
    if col < 0:
        raise ValueError(f"column {col} is left of column A")
    letters = ""
    n = col + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def column_index(letters: str) -> int:
    """``A`` -> 0, ``AA`` -> 26."""
    n = 0
    for ch in letters.upper():
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n - 1


_HEX_ID = re.compile(r"^([A-Za-z]{1,3})([0-9]{1,3})$")


def is_hex_id(text: str) -> bool:
    """Whether ``text`` has the form of a map id such as ``C7`` or ``AA12``."""
    m = _HEX_ID.match(text)
    return m is not None and int(m.group(2)) >= 1


def hex_from_id(text: str) -> Hex:
    """Parse a map id such as ``C7``.

    Raises:
        ValueError: the text is not a column letter followed by a row number from 1.
    """
    m = _HEX_ID.match(text.strip())
    if not m or int(m.group(2)) < 1:
        raise ValueError(f"{text!r} is not a hex id (column letters then a row number from 1, e.g. C7)")
    return qoffset_to_cube(OffsetCoord(column_index(m.group(1)), int(m.group(2)) - 1))


@lru_cache(maxsize=65536)
def hex_to_id(h: Hex) -> str:
    """The printed map id of ``h``, e.g. ``C7`` (kept for the hexes of the largest map, 200 x 200)."""
    c = qoffset_from_cube(h)
    if c.col < 0 or c.row < 0:
        return f"({h.q},{h.r})"
    return f"{column_letters(c.col)}{c.row + 1}"


# --- the integer plane of RULES.md §0 --------------------------------------------------

def hex_to_plane(h: Hex) -> tuple[int, int]:
    """Centre of ``h`` in the integer plane ``X = 3q, Y = 2r + q`` (Y down the screen)."""
    return (3 * h.q, 2 * h.r + h.q)


CORNER_OFFSETS: tuple[tuple[int, int], ...] = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))
"""Corners of a hex relative to its centre in the integer plane, clockwise from the east
corner. Hexside ``Facing.SE`` joins corners 0 and 1, ``S`` 1 and 2, ``SW`` 2 and 3, ``NW``
3 and 4, ``N`` 4 and 5, ``NE`` 5 and 0."""

HEXSIDE_CORNERS: dict[Facing, tuple[int, int]] = {
    Facing.SE: (0, 1),
    Facing.S: (1, 2),
    Facing.SW: (2, 3),
    Facing.NW: (3, 4),
    Facing.N: (4, 5),
    Facing.NE: (5, 0),
}
"""The two corner indices (into :data:`CORNER_OFFSETS`) at the ends of each hexside."""
