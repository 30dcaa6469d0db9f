"""Exact line-of-sight geometry in the integer plane of RULES.md §0.

RULES.md §0 maps a flat-topped axial hex ``Hex(q, r)`` to the integer plane
``X = 3q, Y = 2r + q`` (Y grows down the screen). Every hex corner then lies at the
centre plus ``(±2, 0)`` or ``(±1, ±1)``, so the closed hexagon of a hex with centre
``(cx, cy)`` is exactly::

    |y - cy| <= 1,   |(x - cx) + (y - cy)| <= 2,   |(x - cx) - (y - cy)| <= 2

The map is an affine image of the true geometry, so every incidence question LOS asks
(RULES.md 4.4 and ruling A17: does the line cross a hex, run along a hexside, pass
through a corner, cross a fence axis) is answered here in integers, with no floats and
no epsilon nudge. It is not used for angles (the firing arc has its own cube test, 4.3).

The module is geometry only. :func:`trace_segment` says which intermediate hexes the LOS
touches and how; :func:`segment_crosses_axis`, :func:`side_of_axis` and
:func:`half_containing` handle the fence/hedge axis of RULES.md §3.6 (a straight
segment through the hex centre joining two opposite corners). Terrain and the rules of
4.4 themselves belong to :mod:`..basic.los`.
"""

from __future__ import annotations

import enum
from math import lcm

from .hexgrid import Hex

__all__ = [
    "AXES",
    "AXIS_CORNERS",
    "AXIS_HALVES",
    "Touch",
    "half_containing",
    "segment_crosses_axis",
    "side_of_axis",
    "trace_segment",
]


class Touch(enum.Enum):
    """How the LOS segment meets the closed hexagon of an intermediate hex (RULES.md 4.4, A17).

    Every kind counts as *touching* the hex in the sense of RULES.md 4.4 (hill, trees and
    friendly soldiers): A17 rules that hexsides and corners count.
    """

    CROSSED = "crossed"
    """The segment passes through the open interior of the hexagon."""

    HEXSIDE = "hexside"
    """The segment runs along a hexside (a positive-length stretch of the boundary) but
    never enters the interior: the "spine" case of RULES.md 4.4 notes."""

    CORNER = "corner"
    """The segment meets the hexagon in a single boundary point (a corner)."""


# --- tracing the segment ---------------------------------------------------------------


def trace_segment(a: Hex, b: Hex) -> tuple[tuple[Hex, Touch], ...]:
    """Every intermediate hex the segment between two hex centres touches, and how.

    RULES.md 4.4: the LOS is the closed segment from the centre of ``a`` to the centre
    of ``b``; it *touches* an intermediate hex when it meets that hex's closed hexagon
    (interior, hexside or corner, ruling A17). ``a`` and ``b`` themselves are never
    listed. The test is exact, in the integer plane of RULES.md §0.

    Method: with ``D`` the segment's direction and ``t`` in ``[0, 1]`` its parameter,
    each of the three pairs of parallel hexsides of a hexagon (``|y - cy| <= 1``,
    ``|x + y - cx - cy| <= 2``, ``|x - y - cx + cy| <= 2``) bounds ``t`` to an interval
    whose ends have denominator ``D.y``, ``D.x + D.y`` or ``D.x - D.y``. Scaling ``t``
    by the least common multiple ``M`` of those makes every end an integer, so clipping
    is integer arithmetic. A positive-length chord lies on the boundary only when it
    lies on a hexside line parallel to ``D``; a zero-length chord is a corner.
    Candidates are the hexes of each hex column the segment passes whose bounding box
    meets the segment's stretch in that column, so only a thin band is tested.

    Args:
        a: The firer's hex (the segment starts at its centre).
        b: The target hex (the segment ends at its centre).

    Returns:
        ``(hex, Touch)`` pairs, ordered along the segment from ``a``: by where the
        segment first reaches the hex, then where it leaves it, then by ``(q, r)``.
        So two hexes sharing a hexside the line runs along come in ``(q, r)`` order,
        and a hex touched only at a corner comes between the hex the line leaves at
        that corner and the one it enters there. Empty when ``a == b`` or the hexes
        are adjacent.

    Examples:
        >>> trace_segment(Hex(0, 0), Hex(0, -2))
        ((Hex(q=0, r=-1), <Touch.CROSSED: 'crossed'>),)
        >>> [t.name for _, t in trace_segment(Hex(0, 0), Hex(1, -2))]
        ['HEXSIDE', 'HEXSIDE']
    """
    dq = b.q - a.q
    dr = b.r - a.r
    if dq == 0 and dr == 0:
        return ()
    # Direction in the integer plane; positions below are relative to a's centre.
    dx = 3 * dq
    dy = 2 * dr + dq
    k1 = dy            # coefficient of t in  y - cy
    k2 = dx + dy       # ... in (x + y) - (cx + cy)
    k3 = dx - dy       # ... in (x - y) - (cx - cy)
    m_scale = lcm(abs(k1) or 1, abs(k2) or 1, abs(k3) or 1)  # at most one k is 0
    # t * m_scale of a boundary crossing at offset m is m * f (f = m_scale / k, exact).
    f1 = m_scale // k1 if k1 else 0
    f2 = m_scale // k2 if k2 else 0
    f3 = m_scale // k3 if k3 else 0
    g1 = abs(f1)       # half-width 1 scaled
    g2 = 2 * abs(f2)   # half-width 2 scaled
    g3 = 2 * abs(f3)

    found: list[tuple[int, int, int, int, Touch]] = []
    append = found.append
    crossed = Touch.CROSSED
    hexside = Touch.HEXSIDE
    corner = Touch.CORNER

    x_min, x_max = (0, dx) if dx >= 0 else (dx, 0)
    # y on the segment at plane x is x * dy / dx; keep it as a numerator over |dx|.
    den = abs(dx)
    slope = dy if dx > 0 else -dy
    q_lo, q_hi = (0, dq) if dq >= 0 else (dq, 0)
    for q in range(q_lo, q_hi + 1):
        cx = 3 * q
        if den:
            xl = cx - 2 if cx - 2 > x_min else x_min
            xh = cx + 2 if cx + 2 < x_max else x_max
            n1 = xl * slope
            n2 = xh * slope
            if n1 > n2:
                n1, n2 = n2, n1
            # Hex (q, r) has rows y in [2r + q - 1, 2r + q + 1]; keep those meeting [n1, n2]/den.
            r_first = -((-(n1 - (q + 1) * den)) // (2 * den))   # ceil
            r_last = (n2 - (q - 1) * den) // (2 * den)          # floor
        else:  # vertical segment: only column 0, y between 0 and dy
            y_lo, y_hi = (0, dy) if dy >= 0 else (dy, 0)
            r_first = -((-(y_lo - 1)) // 2)
            r_last = (y_hi + 1) // 2
        for r in range(r_first, r_last + 1):
            if q == 0 and r == 0 or q == dq and r == dr:
                continue
            cy = 2 * r + q
            entry = 0
            leave = m_scale
            on_side = False
            if k1:
                c = cy * f1
                if c - g1 > entry:
                    entry = c - g1
                if c + g1 < leave:
                    leave = c + g1
            elif cy > 1 or cy < -1:
                continue
            elif cy != 0:
                on_side = True
            m = cx + cy
            if k2:
                c = m * f2
                if c - g2 > entry:
                    entry = c - g2
                if c + g2 < leave:
                    leave = c + g2
            elif m > 2 or m < -2:
                continue
            elif m == 2 or m == -2:
                on_side = True
            m = cx - cy
            if k3:
                c = m * f3
                if c - g3 > entry:
                    entry = c - g3
                if c + g3 < leave:
                    leave = c + g3
            elif m > 2 or m < -2:
                continue
            elif m == 2 or m == -2:
                on_side = True
            if entry > leave:
                continue
            if entry == leave:
                kind = corner
            elif on_side:
                kind = hexside
            else:
                kind = crossed
            append((entry, leave, a.q + q, a.r + r, kind))
    found.sort(key=lambda item: item[:4])
    return tuple((Hex(hq, hr), kind) for _, _, hq, hr, kind in found)


# --- fence / hedge axes (RULES.md §3.6, 4.4) -------------------------------------------

AXES: tuple[str, ...] = ("E-W", "NE-SW", "NW-SE")
"""The three axis orientations of a fence or hedge hex (RULES.md §3.6)."""

AXIS_CORNERS: dict[str, tuple[tuple[int, int], tuple[int, int]]] = {
    "E-W": ((2, 0), (-2, 0)),
    "NE-SW": ((1, -1), (-1, 1)),
    "NW-SE": ((-1, -1), (1, 1)),
}
"""The two opposite corners each axis joins, relative to the hex centre in the §0 plane."""

AXIS_HALVES: dict[str, tuple[str, str]] = {
    "E-W": ("N", "S"),
    "NE-SW": ("NW", "SE"),
    "NW-SE": ("NE", "SW"),
}
"""The names of the two halves of a hex each axis makes (RULES.md §3.6).

``"N"`` holds the NW, N and NE hexsides (smaller Y), ``"S"`` the other three;
``"NW"`` holds SW, NW and N, ``"SE"`` holds NE, SE and S; ``"NE"`` holds N, NE and SE,
``"SW"`` holds S, SW and NW. No hexside is split.
"""

# Normal (nx, ny) of each axis pointing into its first-named half: n . v > 0 there.
_AXIS_NORMALS: dict[str, tuple[int, int]] = {
    "E-W": (0, -1),
    "NE-SW": (-1, -1),
    "NW-SE": (1, -1),
}


def _axis_corners(axis: str) -> tuple[tuple[int, int], tuple[int, int]]:
    try:
        return AXIS_CORNERS[axis]
    except KeyError:
        raise ValueError(f"unknown fence axis {axis!r}; expected one of {', '.join(AXES)}") from None


def segment_crosses_axis(a: Hex, b: Hex, h: Hex, axis: str) -> bool:
    """Whether the LOS from ``a`` to ``b`` properly crosses the fence/hedge axis of ``h``.

    RULES.md 4.4 ("crosses a line") with the axis model of §3.6: the segment between the
    centres of ``a`` and ``b`` and the axis of ``h`` (the segment through its centre
    joining the two opposite corners named by ``axis``) meet at one point interior to
    both and are not collinear. Touching only an end of the axis (a corner), meeting it
    at the LOS's own end, or running along it is not crossing (ruling A17). Exact, in
    the integer plane of RULES.md §0.

    Args:
        a: One end of the LOS (its hex centre).
        b: The other end.
        h: The fence or hedge hex.
        axis: ``"E-W"``, ``"NE-SW"`` or ``"NW-SE"``.

    Returns:
        True when the crossing is proper.

    Raises:
        ValueError: ``axis`` is not one of :data:`AXES`.
    """
    (e1x, e1y), (e2x, e2y) = _axis_corners(axis)
    ax, ay = 3 * a.q, 2 * a.r + a.q
    bx, by = 3 * b.q, 2 * b.r + b.q
    hx, hy = 3 * h.q, 2 * h.r + h.q
    px, py = hx + e1x, hy + e1y
    qx, qy = hx + e2x, hy + e2y
    sx, sy = bx - ax, by - ay
    o1 = sx * (py - ay) - sy * (px - ax)
    o2 = sx * (qy - ay) - sy * (qx - ax)
    if not (o1 > 0 > o2 or o1 < 0 < o2):
        return False
    ux, uy = qx - px, qy - py
    o3 = ux * (ay - py) - uy * (ax - px)
    o4 = ux * (by - py) - uy * (bx - px)
    return o3 > 0 > o4 or o3 < 0 < o4


def side_of_axis(h: Hex, axis: str, point_hex: Hex) -> int:
    """Which side of ``h``'s axis line the centre of ``point_hex`` lies on.

    Used for a fence in the firer's or target's own hex (RULES.md 4.4): the line is
    "between" them when the other man's hex centre lies strictly on the opposite side
    from his ``fence_side``. The axis is taken as the infinite line through the centre
    of ``h`` and the two corners of §3.6.

    Args:
        h: The fence or hedge hex.
        axis: ``"E-W"``, ``"NE-SW"`` or ``"NW-SE"``.
        point_hex: The hex whose centre is tested.

    Returns:
        ``+1`` on the side of the first half named in :data:`AXIS_HALVES` (``N``, ``NW``
        or ``NE``), ``-1`` on the side of the second, ``0`` exactly on the line.

    Raises:
        ValueError: ``axis`` is not one of :data:`AXES`.
    """
    _axis_corners(axis)
    nx, ny = _AXIS_NORMALS[axis]
    vx = 3 * (point_hex.q - h.q)
    vy = 2 * (point_hex.r - h.r) + (point_hex.q - h.q)
    d = nx * vx + ny * vy
    return (d > 0) - (d < 0)


def half_containing(h: Hex, axis: str, point_hex: Hex) -> str | None:
    """The named half of ``h``'s axis whose side holds the centre of ``point_hex``.

    The names are those of :data:`AXIS_HALVES` (RULES.md §3.6): for ``"E-W"`` ``"N"``
    (smaller Y, up the screen) or ``"S"``; for ``"NE-SW"`` ``"NW"`` or ``"SE"``; for
    ``"NW-SE"`` ``"NE"`` or ``"SW"``. The neighbour across a hexside always lies in the
    half holding that hexside.

    Args:
        h: The fence or hedge hex.
        axis: ``"E-W"``, ``"NE-SW"`` or ``"NW-SE"``.
        point_hex: The hex whose centre is tested.

    Returns:
        The half's name, or None when the centre lies exactly on the axis line.

    Raises:
        ValueError: ``axis`` is not one of :data:`AXES`.

    Examples:
        >>> half_containing(Hex(0, 0), "E-W", Hex(0, -1))
        'N'
        >>> half_containing(Hex(0, 0), "NW-SE", Hex(0, 1))
        'SW'
    """
    side = side_of_axis(h, axis, point_hex)
    if side == 0:
        return None
    first, second = AXIS_HALVES[axis]
    return first if side > 0 else second
