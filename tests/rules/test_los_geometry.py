"""Tests for the exact LOS geometry (RULES.md §0, 4.4, §3.6, ruling A17).

Hand-worked cases use the integer plane of RULES.md §0: the centre of ``Hex(q, r)`` is
``(3q, 2r + q)`` and its corners are the centre plus ``(±2, 0)`` and ``(±1, ±1)``.

The brute-force reference below is deliberately built another way from the module: it
clips the segment against the six half-planes of each hexagon's *corner list*
(``CORNER_OFFSETS``) with ``fractions.Fraction``, looks at every hex within range, and
classifies the chord by its midpoint (interior or not) and its length.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firepower_tui.rules.board.hexgrid import (CORNER_OFFSETS, HEXSIDE_CORNERS, Facing, Hex, hex_add, hex_distance,
                                               hex_linedraw, hex_neighbor, hex_neighbors, hex_rotate_right,
                                               hex_to_plane, hexes_within)
from firepower_tui.rules.board.sightline import (AXES, AXIS_CORNERS, AXIS_HALVES, Touch, half_containing,
                                                 segment_crosses_axis, side_of_axis, trace_segment)

O = Hex(0, 0)
C, S, K = Touch.CROSSED, Touch.HEXSIDE, Touch.CORNER


def _sign(v: int | Fraction) -> int:
    return (v > 0) - (v < 0)


# --- independent slow reference --------------------------------------------------------


def reference_trace(a: Hex, b: Hex) -> tuple[tuple[Hex, Touch], ...]:
    """Slow exact trace: Fraction clipping against every hexagon's six edge half-planes."""
    if a == b:
        return ()
    ax, ay = hex_to_plane(a)
    bx, by = hex_to_plane(b)
    seg_x = (min(ax, bx), max(ax, bx))
    seg_y = (min(ay, by), max(ay, by))
    found = []
    for h in hexes_within(a, hex_distance(a, b) + 1):
        if h in (a, b):
            continue
        cx, cy = hex_to_plane(h)
        # bounding boxes must meet (closed)
        if cx + 2 < seg_x[0] or cx - 2 > seg_x[1] or cy + 1 < seg_y[0] or cy - 1 > seg_y[1]:
            continue
        corners = [(cx + ox, cy + oy) for ox, oy in CORNER_OFFSETS]
        lo, hi = Fraction(0), Fraction(1)
        lines = []  # (alpha, beta): alpha + beta * t >= 0 inside the closed edge half-plane
        empty = False
        for i in range(6):
            (px, py), (qx, qy) = corners[i], corners[(i + 1) % 6]
            ex, ey = qx - px, qy - py

            def g(x: int, y: int) -> int:
                return ex * (y - py) - ey * (x - px)

            orient = _sign(g(cx, cy))  # the centre is strictly inside
            assert orient != 0
            alpha = orient * g(ax, ay)
            beta = orient * (g(bx, by) - g(ax, ay))
            lines.append((alpha, beta))
            if beta == 0:
                if alpha < 0:
                    empty = True
            elif beta > 0:
                lo = max(lo, Fraction(-alpha, beta))
            else:
                hi = min(hi, Fraction(-alpha, beta))
        if empty or lo > hi:
            continue
        if lo == hi:
            point = (ax + lo * (bx - ax), ay + lo * (by - ay))
            assert point in corners, f"single-point touch {point} of {h} is not a corner"
            kind = Touch.CORNER
        else:
            mid = (lo + hi) / 2
            kind = Touch.CROSSED if all(al + be * mid > 0 for al, be in lines) else Touch.HEXSIDE
        found.append((lo, hi, h.q, h.r, kind))
    found.sort(key=lambda item: item[:4])
    return tuple((Hex(q, r), kind) for _, _, q, r, kind in found)


def reference_proper_crossing(a: Hex, b: Hex, h: Hex, axis: str) -> bool:
    """Solve the two segments' intersection with Fractions; proper = strictly inside both."""
    ax, ay = hex_to_plane(a)
    bx, by = hex_to_plane(b)
    hx, hy = hex_to_plane(h)
    (e1x, e1y), (e2x, e2y) = AXIS_CORNERS[axis]
    px, py, qx, qy = hx + e1x, hy + e1y, hx + e2x, hy + e2y
    # A + t (B - A) = P + u (Q - P)
    d1x, d1y, d2x, d2y = bx - ax, by - ay, qx - px, qy - py
    det = d1x * (-d2y) - (-d2x) * d1y
    if det == 0:  # parallel or collinear, or a == b
        return False
    rx, ry = px - ax, py - ay
    t = Fraction(rx * (-d2y) - (-d2x) * ry, det)
    u = Fraction(d1x * ry - d1y * rx, det)
    return 0 < t < 1 and 0 < u < 1


def labels(trace: tuple[tuple[Hex, Touch], ...]) -> dict[Hex, Touch]:
    return dict(trace)


TARGETS_6 = [h for h in hexes_within(O, 6) if h != O]
HEXES_20 = [h for h in hexes_within(O, 20) if h != O]


# --- trace_segment: hand-worked cases ---------------------------------------------------


@pytest.mark.rule("4.4")
def test_same_hex_and_adjacent_hexes_have_nothing_between() -> None:
    assert trace_segment(O, O) == ()
    assert trace_segment(Hex(4, -7), Hex(4, -7)) == ()
    for n in hex_neighbors(O):
        assert trace_segment(O, n) == ()
        assert trace_segment(n, O) == ()


@pytest.mark.rule("4.4")
def test_two_apart_in_a_straight_line_crosses_the_middle_hex() -> None:
    # (0,0) -> (0,-4) runs up the column through the centre (0,-2) of Hex(0,-1).
    assert trace_segment(O, Hex(0, -2)) == ((Hex(0, -1), Touch.CROSSED),)
    # The same along every direction.
    for f in Facing:
        mid = hex_neighbor(O, f)
        assert trace_segment(O, hex_neighbor(mid, f)) == ((mid, Touch.CROSSED),)


@pytest.mark.rule("4.4")
@pytest.mark.rule("A17")
def test_diagonal_spine_runs_along_one_hexside() -> None:
    # Hex(1,-2) has centre (3,-3). The segment (0,0)-(3,-3) leaves the origin at its
    # NE corner (1,-1), runs along the hexside (1,-1)-(2,-2) shared by Hex(0,-1)
    # (centre (0,-2): corners (0+1,-2+1) and (0+2,-2)) and Hex(1,-1) (centre (3,-1):
    # corners (3-2,-1) and (3-1,-1-1)), and enters Hex(1,-2) at its SW corner (2,-2).
    assert trace_segment(O, Hex(1, -2)) == (
        (Hex(0, -1), Touch.HEXSIDE),
        (Hex(1, -1), Touch.HEXSIDE),
    )


@pytest.mark.rule("4.4")
def test_east_west_spine_runs_along_one_hexside() -> None:
    # Hex(2,-1) has centre (6,0): the segment runs along y = 0 from the origin's E corner
    # (2,0) to (4,0), the S hexside of Hex(1,-1) (centre (3,-1)) = N hexside of Hex(1,0)
    # (centre (3,1)).
    assert trace_segment(O, Hex(2, -1)) == (
        (Hex(1, -1), Touch.HEXSIDE),
        (Hex(1, 0), Touch.HEXSIDE),
    )


@pytest.mark.rule("4.4")
def test_long_spine_alternates_hexsides_and_a_crossed_centre() -> None:
    # (0,0)-(6,-6): hexside (1,-1)-(2,-2), then straight through the centre (3,-3) of
    # Hex(1,-2), then hexside (4,-4)-(5,-5) between Hex(1,-3) (centre (3,-5)) and
    # Hex(2,-3) (centre (6,-4)).
    assert trace_segment(O, Hex(2, -4)) == (
        (Hex(0, -1), S),
        (Hex(1, -1), S),
        (Hex(1, -2), C),
        (Hex(1, -3), S),
        (Hex(2, -3), S),
    )
    # Along y = 0 to Hex(4,-2) (centre (12,0)) likewise.
    assert trace_segment(O, Hex(4, -2)) == (
        (Hex(1, -1), S),
        (Hex(1, 0), S),
        (Hex(2, -1), C),
        (Hex(3, -2), S),
        (Hex(3, -1), S),
    )


@pytest.mark.rule("4.4")
@pytest.mark.rule("A17")
def test_line_through_corners_touches_a_hex_at_a_corner_only() -> None:
    # Hex(1,4) has centre (3,9): the segment x = y / 3 passes the lattice points (1,3)
    # and (2,6). (1,3) is a corner of Hex(0,1) (centre (0,2)), Hex(1,1) (centre (3,3),
    # its W corner) and Hex(0,2) (centre (0,4)). Just before it the line is at
    # Hex(1,1)-relative (-2-e, -3e), where |dx+dy| > 2; just after, (-2+e, 3e), where
    # |dx-dy| > 2: Hex(1,1) is met only at that corner. Likewise Hex(0,3) (centre (0,6))
    # at (2,6), its E corner. The line crosses the other four hexes' interiors.
    assert trace_segment(O, Hex(1, 4)) == (
        (Hex(0, 1), C),
        (Hex(1, 1), K),
        (Hex(0, 2), C),
        (Hex(1, 2), C),
        (Hex(0, 3), K),
        (Hex(1, 3), C),
    )


@pytest.mark.rule("4.4")
def test_line_through_a_hexside_midpoint_crosses_both_hexes() -> None:
    # Hex(3,1) has centre (9,5); halfway, (4.5, 2.5) is the midpoint of the hexside
    # (4,2)-(5,3) between Hex(1,1) (centre (3,3)) and Hex(2,0) (centre (6,2)). The line
    # crosses from one into the other, so both are CROSSED; hex_linedraw's sample there
    # lands on the boundary and its nudge keeps only Hex(1,1).
    expected = ((Hex(1, 0), C), (Hex(1, 1), C), (Hex(2, 0), C), (Hex(2, 1), C))
    assert trace_segment(O, Hex(3, 1)) == expected
    assert Hex(2, 0) not in hex_linedraw(O, Hex(3, 1))


# --- trace_segment: brute-force cross-checks --------------------------------------------


@pytest.mark.rule("4.4")
def test_matches_reference_for_every_target_within_six() -> None:
    assert len(TARGETS_6) == 126
    for b in TARGETS_6:
        assert trace_segment(O, b) == reference_trace(O, b), b


@pytest.mark.rule("4.4")
@settings(max_examples=150, deadline=None)
@given(
    a=st.builds(Hex, st.integers(-40, 40), st.integers(-40, 40)),
    offset=st.sampled_from(HEXES_20),
)
def test_matches_reference_for_random_pairs_up_to_twenty_apart(a: Hex, offset: Hex) -> None:
    b = hex_add(a, offset)
    assert trace_segment(a, b) == reference_trace(a, b)


@pytest.mark.rule("4.4")
def test_project_brief_counts_within_six() -> None:
    """Of the 126 lines from a hex to every hex within 6: 18 run along hexsides (the six
    spine directions at distances 2, 4 and 6), and in 24 hex_linedraw skips a hex the
    real line crosses (all are lines through a hexside midpoint, at distance 4 or 6)."""
    along_hexsides = []
    skipped_by_linedraw = []
    for b in TARGETS_6:
        trace = trace_segment(O, b)
        if any(kind is Touch.HEXSIDE for _, kind in trace):
            along_hexsides.append(b)
        drawn = set(hex_linedraw(O, b))
        if any(kind is Touch.CROSSED and h not in drawn for h, kind in trace):
            skipped_by_linedraw.append(b)
    assert len(along_hexsides) == 18
    spines = {Hex(2, -1), Hex(1, 1), Hex(-1, 2), Hex(-2, 1), Hex(-1, -1), Hex(1, -2)}
    assert set(along_hexsides) == {Hex(d.q * k, d.r * k) for d in spines for k in (1, 2, 3)}
    assert len(skipped_by_linedraw) == 24
    assert sorted(hex_distance(O, b) for b in skipped_by_linedraw) == [4] * 12 + [6] * 12


@pytest.mark.rule("4.4")
@settings(max_examples=200, deadline=None)
@given(
    a=st.builds(Hex, st.integers(-30, 30), st.integers(-30, 30)),
    offset=st.sampled_from(HEXES_20),
)
def test_reversing_the_line_touches_the_same_hexes_the_same_way(a: Hex, offset: Hex) -> None:
    b = hex_add(a, offset)
    forward = trace_segment(a, b)
    backward = trace_segment(b, a)
    assert labels(forward) == labels(backward)
    # The order reverses, except that the two hexes along one hexside tie and are both
    # listed in (q, r) order: compare with each run of HEXSIDE hexes taken as a set.
    assert _runs(forward) == _runs(tuple(reversed(backward)))


def _runs(trace: tuple[tuple[Hex, Touch], ...]) -> list[object]:
    out: list[object] = []
    for h, kind in trace:
        if kind is Touch.HEXSIDE and out and isinstance(out[-1], set):
            out[-1].add(h)
        elif kind is Touch.HEXSIDE:
            out.append({h})
        else:
            out.append(h)
    return out


@pytest.mark.rule("4.4")
@settings(max_examples=150, deadline=None)
@given(offset=st.sampled_from(HEXES_20), turns=st.integers(1, 5))
def test_rotating_the_map_rotates_the_trace(offset: Hex, turns: int) -> None:
    def rot(h: Hex) -> Hex:
        for _ in range(turns):
            h = hex_rotate_right(h)
        return h

    assert labels(trace_segment(rot(O), rot(offset))) == {
        rot(h): kind for h, kind in trace_segment(O, offset)
    }


@pytest.mark.rule("§0")
@given(offset=st.sampled_from(HEXES_20))
@settings(max_examples=50, deadline=None)
def test_exact_far_from_the_origin(offset: Hex) -> None:
    # Coordinates far beyond float precision: an exact trace is translation-invariant.
    shift = Hex(10**15 + 7, -(3 * 10**14) + 1)
    expected = tuple((hex_add(h, shift), kind) for h, kind in trace_segment(O, offset))
    assert trace_segment(shift, hex_add(shift, offset)) == expected


@pytest.mark.rule("4.4")
def test_every_intermediate_hex_and_only_those() -> None:
    # Every CROSSED hex of the 126 lines is a real intermediate hex, never an endpoint,
    # and every hex hex_linedraw draws between the ends is touched.
    for b in TARGETS_6:
        touched = labels(trace_segment(O, b))
        assert O not in touched and b not in touched
        for h in hex_linedraw(O, b)[1:-1]:
            assert h in touched, (b, h)


# --- fence / hedge axes -----------------------------------------------------------------


@pytest.mark.rule("4.4")
@pytest.mark.rule("§3.6")
def test_axis_crossed_through_the_centre() -> None:
    # (0,0)-(0,-4) passes the centre (0,-2) of Hex(0,-1), an interior point of all three
    # of its axes, none of which is vertical.
    for axis in AXES:
        assert segment_crosses_axis(O, Hex(0, -2), Hex(0, -1), axis)
        assert segment_crosses_axis(Hex(0, -2), O, Hex(0, -1), axis)
    # Off the centre: (0,0)-(3,9) meets Hex(0,1)'s E-W axis (y = 2, x in [-2, 2]) at x = 2/3.
    assert segment_crosses_axis(O, Hex(1, 4), Hex(0, 1), "E-W")


@pytest.mark.rule("4.4")
@pytest.mark.rule("A17")
def test_touching_an_axis_end_is_not_crossing() -> None:
    # (0,0)-(3,9) passes (1,3): the W corner of Hex(1,1) (centre (3,3)) = an end of its
    # E-W axis, and the SE corner of Hex(0,1) (centre (0,2)) = an end of its NW-SE axis
    # (the axis line y = x + 2 meets x = y / 3 only there).
    assert not segment_crosses_axis(O, Hex(1, 4), Hex(1, 1), "E-W")
    assert not segment_crosses_axis(O, Hex(1, 4), Hex(0, 1), "NW-SE")


@pytest.mark.rule("4.4")
def test_running_along_the_axis_is_not_crossing() -> None:
    # y = 0 from (0,0) to (12,0) runs along the E-W axis of Hex(2,-1) (centre (6,0)).
    assert not segment_crosses_axis(O, Hex(4, -2), Hex(2, -1), "E-W")
    assert segment_crosses_axis(O, Hex(4, -2), Hex(2, -1), "NE-SW")
    assert segment_crosses_axis(O, Hex(4, -2), Hex(2, -1), "NW-SE")
    # (0,0)-(6,-6) runs along the NE-SW axis (2,-2)-(4,-4) of Hex(1,-2).
    assert not segment_crosses_axis(O, Hex(2, -4), Hex(1, -2), "NE-SW")
    assert segment_crosses_axis(O, Hex(2, -4), Hex(1, -2), "NW-SE")
    # (0,0)-(-6,-6) along the NW-SE axis of Hex(-1,-1) (centre (-3,-3)).
    assert not segment_crosses_axis(O, Hex(-2, -2), Hex(-1, -1), "NW-SE")


@pytest.mark.rule("4.4")
def test_segment_not_reaching_the_axis() -> None:
    # (0,0)-(0,-4) stops short of Hex(0,-3)'s axis (y = -6), though its line would cross it.
    assert not segment_crosses_axis(O, Hex(0, -2), Hex(0, -3), "E-W")
    # x = 0 never reaches the NE-SW axis (2,0)-(4,-2) of Hex(1,-1).
    assert not segment_crosses_axis(O, Hex(0, -2), Hex(1, -1), "NE-SW")
    # Ending at the axis (the target's own centre) is not a proper crossing either.
    assert not segment_crosses_axis(O, Hex(0, -2), Hex(0, -2), "E-W")
    assert not segment_crosses_axis(O, O, O, "E-W")


def test_unknown_axis_is_rejected() -> None:
    with pytest.raises(ValueError, match="N-S"):
        segment_crosses_axis(O, Hex(0, -2), Hex(0, -1), "N-S")
    with pytest.raises(ValueError):
        half_containing(O, "north", Hex(0, -1))
    with pytest.raises(ValueError):
        side_of_axis(O, "", Hex(0, -1))


@pytest.mark.rule("4.4")
@settings(max_examples=300, deadline=None)
@given(
    a=st.builds(Hex, st.integers(-8, 8), st.integers(-8, 8)),
    b=st.builds(Hex, st.integers(-8, 8), st.integers(-8, 8)),
    h=st.builds(Hex, st.integers(-8, 8), st.integers(-8, 8)),
    axis=st.sampled_from(AXES),
)
def test_axis_crossing_matches_reference(a: Hex, b: Hex, h: Hex, axis: str) -> None:
    assert segment_crosses_axis(a, b, h, axis) == reference_proper_crossing(a, b, h, axis)


@pytest.mark.rule("4.4")
def test_axis_crossing_matches_reference_exhaustively_near_the_origin() -> None:
    for b in TARGETS_6:
        for h in hexes_within(O, 6):
            for axis in AXES:
                assert segment_crosses_axis(O, b, h, axis) == reference_proper_crossing(
                    O, b, h, axis
                ), (b, h, axis)


# --- axis halves ------------------------------------------------------------------------

EXPECTED_HALVES = {
    "E-W": {"N": {Facing.NW, Facing.N, Facing.NE}, "S": {Facing.SE, Facing.S, Facing.SW}},
    "NE-SW": {"NW": {Facing.NW, Facing.N, Facing.SW}, "SE": {Facing.NE, Facing.SE, Facing.S}},
    "NW-SE": {"NE": {Facing.N, Facing.NE, Facing.SE}, "SW": {Facing.S, Facing.SW, Facing.NW}},
}


@pytest.mark.rule("§3.6")
@pytest.mark.parametrize("axis", AXES)
@pytest.mark.parametrize("h", [O, Hex(5, -2), Hex(-3, 7)])
def test_halves_hold_the_named_hexside_midpoints(axis: str, h: Hex) -> None:
    assert set(AXIS_HALVES[axis]) == set(EXPECTED_HALVES[axis])
    (e1x, e1y), (e2x, e2y) = AXIS_CORNERS[axis]
    assert (e1x, e1y) == (-e2x, -e2y) and (e1x, e1y) in CORNER_OFFSETS
    for half, sides in EXPECTED_HALVES[axis].items():
        for facing in sides:
            i, j = HEXSIDE_CORNERS[facing]
            # doubled midpoint of the hexside, relative to the centre
            mx = CORNER_OFFSETS[i][0] + CORNER_OFFSETS[j][0]
            my = CORNER_OFFSETS[i][1] + CORNER_OFFSETS[j][1]
            mid_side = _sign((e1x - e2x) * my - (e1y - e2y) * mx)
            assert mid_side != 0  # no hexside is split
            # The neighbour's centre is the centre plus twice the midpoint offset, so it is
            # on the midpoint's side; all three hexsides of a half agree.
            nb = hex_neighbor(h, facing)
            nx, ny = hex_to_plane(nb)
            hx, hy = hex_to_plane(h)
            assert (nx - hx, ny - hy) == (mx, my)
            assert half_containing(h, axis, nb) == half, (axis, facing)
            first = AXIS_HALVES[axis][0]
            assert side_of_axis(h, axis, nb) == (1 if half == first else -1)
        signs = set()
        for facing in sides:
            i, j = HEXSIDE_CORNERS[facing]
            mx = CORNER_OFFSETS[i][0] + CORNER_OFFSETS[j][0]
            my = CORNER_OFFSETS[i][1] + CORNER_OFFSETS[j][1]
            signs.add(_sign((e1x - e2x) * my - (e1y - e2y) * mx))
        assert len(signs) == 1


@pytest.mark.rule("§3.6")
def test_north_half_is_up_the_screen() -> None:
    # Y grows downwards: "N" holds smaller Y.
    assert half_containing(O, "E-W", Hex(0, -1)) == "N"
    assert half_containing(O, "E-W", Hex(0, 1)) == "S"
    assert half_containing(Hex(2, 3), "E-W", Hex(2, -10)) == "N"


@pytest.mark.rule("§3.6")
def test_centres_on_the_axis_line_are_in_neither_half() -> None:
    # Along the infinite axis line, beyond the hex: E-W y = 0 holds (6,0) = Hex(2,-1);
    # NE-SW (direction (1,-1)) holds (3,-3) = Hex(1,-2); NW-SE holds (3,3) = Hex(1,1).
    for axis, on_line in (("E-W", Hex(2, -1)), ("NE-SW", Hex(1, -2)), ("NW-SE", Hex(1, 1))):
        for k in (-2, -1, 1, 3):
            p = Hex(on_line.q * k, on_line.r * k)
            assert side_of_axis(O, axis, p) == 0
            assert half_containing(O, axis, p) is None
        assert half_containing(O, axis, O) is None


@pytest.mark.rule("§3.6")
@settings(max_examples=200, deadline=None)
@given(
    h=st.builds(Hex, st.integers(-20, 20), st.integers(-20, 20)),
    p=st.builds(Hex, st.integers(-20, 20), st.integers(-20, 20)),
    axis=st.sampled_from(AXES),
)
def test_side_of_axis_matches_a_cross_product(h: Hex, p: Hex, axis: str) -> None:
    (e1x, e1y), (e2x, e2y) = AXIS_CORNERS[axis]
    hx, hy = hex_to_plane(h)
    px, py = hex_to_plane(p)
    cross = (e1x - e2x) * (py - hy) - (e1y - e2y) * (px - hx)
    side = side_of_axis(h, axis, p)
    # The first half of each axis is the side of the N hexside's midpoint (0, -1).
    ref = (e1x - e2x) * -1 - (e1y - e2y) * 0
    assert side == _sign(cross) * _sign(ref)
    name = half_containing(h, axis, p)
    assert name == {1: AXIS_HALVES[axis][0], -1: AXIS_HALVES[axis][1], 0: None}[side]
