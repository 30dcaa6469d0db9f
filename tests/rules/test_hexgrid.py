"""Hex geometry: Red Blob Games' test values, map ids, and the firing arc (RULES.md 4.3)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from firepower_tui.rules.board.hexgrid import (Facing, Hex, OffsetCoord, column_letters, direction_between, hex_add,
                                               hex_distance, hex_from_id, hex_linedraw, hex_neighbor, hex_neighbors,
                                               hex_ring, hex_rotate_left, hex_rotate_right, hex_round, hex_subtract,
                                               hex_to_id, hex_to_plane, hexes_within, in_firing_arc, facing_toward,
                                               qoffset_from_cube, qoffset_to_cube)

hexes = st.builds(Hex, st.integers(-60, 60), st.integers(-60, 60))


# --- Red Blob's fixed values (cube (q, r, s) there = Hex(q, r) here) ---------------------

def test_arithmetic() -> None:
    assert hex_add(Hex(1, -3), Hex(3, -7)) == Hex(4, -10)
    assert hex_subtract(Hex(1, -3), Hex(3, -7)) == Hex(-2, 4)
    assert Hex(1, -3).s == 2


def test_neighbor_and_distance() -> None:
    # Red Blob: hex_neighbor(Hex(1, -2, 1), 2) == Hex(1, -3, 2); their direction 2 is our N.
    assert hex_neighbor(Hex(1, -2), Facing.N) == Hex(1, -3)
    assert hex_distance(Hex(3, -7), Hex(0, 0)) == 7
    assert all(hex_distance(Hex(2, 5), n) == 1 for n in hex_neighbors(Hex(2, 5)))


def test_rotation() -> None:
    assert hex_rotate_right(Hex(1, -3)) == Hex(3, -2)
    assert hex_rotate_left(Hex(1, -3)) == Hex(-2, -1)
    # clockwise on the flat-top map: N -> NE -> SE ...
    assert hex_rotate_right(Hex(0, -1)) == hex_neighbor(Hex(0, 0), Facing.NE)


def test_round() -> None:
    assert hex_round(5.0, -10.0) == Hex(5, -10)
    assert hex_round(0.499, -0.499) == Hex(0, 0)
    assert hex_round(0.501, -0.501) == Hex(1, -1)
    assert hex_round(0.3, -0.6) == Hex(0, 0)
    assert hex_round(0.3, -0.7) == Hex(0, -1)


def test_linedraw() -> None:
    assert hex_linedraw(Hex(0, 0), Hex(1, -5)) == [Hex(0, 0), Hex(0, -1), Hex(0, -2), Hex(1, -3), Hex(1, -4), Hex(1, -5)]


def test_offset_red_blob_values() -> None:
    assert qoffset_from_cube(Hex(1, 2)) == OffsetCoord(1, 2)
    assert qoffset_to_cube(OffsetCoord(1, 2)) == Hex(1, 2)


# --- properties ------------------------------------------------------------------------

@given(hexes, hexes)
def test_distance_symmetric(a: Hex, b: Hex) -> None:
    assert hex_distance(a, b) == hex_distance(b, a)


@given(hexes, hexes)
def test_linedraw_length(a: Hex, b: Hex) -> None:
    line = hex_linedraw(a, b)
    assert len(line) == hex_distance(a, b) + 1
    assert line[0] == a and line[-1] == b
    assert all(hex_distance(p, q) == 1 for p, q in zip(line, line[1:]))


@given(hexes)
def test_offset_round_trip(h: Hex) -> None:
    assert qoffset_to_cube(qoffset_from_cube(h)) == h


@given(st.integers(0, 200), st.integers(0, 200))
def test_id_round_trip(col: int, row: int) -> None:
    h = qoffset_to_cube(OffsetCoord(col, row))
    assert hex_from_id(hex_to_id(h)) == h


@given(hexes, st.sampled_from(list(Facing)))
def test_neighbor_direction(h: Hex, f: Facing) -> None:
    assert direction_between(h, hex_neighbor(h, f)) == f
    assert hex_neighbor(hex_neighbor(h, f), f.opposite) == h


# --- map ids (odd-q, column letters, rows from 1) -----------------------------------------

@pytest.mark.parametrize(("text", "col", "row"), [("A1", 0, 0), ("C7", 2, 6), ("Z1", 25, 0), ("AA12", 26, 11),
                                                  ("ab3", 27, 2)])
def test_hex_ids(text: str, col: int, row: int) -> None:
    assert qoffset_from_cube(hex_from_id(text)) == OffsetCoord(col, row)


@pytest.mark.parametrize("bad", ["", "7C", "C0", "C", "C-1", "!!3"])
def test_bad_hex_ids(bad: str) -> None:
    with pytest.raises(ValueError, match="not a hex id"):
        hex_from_id(bad)


def test_column_letters() -> None:
    assert [column_letters(i) for i in (0, 25, 26, 51, 52, 701)] == ["A", "Z", "AA", "AZ", "BA", "ZZ"]


def test_odd_columns_are_shoved_down() -> None:
    """Flat-top odd-q: B1 sits half a hex below A1, so A1's SE neighbour is B1 and C1's SW is B1."""
    assert hex_neighbor(hex_from_id("A1"), Facing.SE) == hex_from_id("B1")
    assert hex_neighbor(hex_from_id("C1"), Facing.SW) == hex_from_id("B1")
    assert hex_neighbor(hex_from_id("B1"), Facing.NE) == hex_from_id("C1")
    assert hex_neighbor(hex_from_id("B2"), Facing.N) == hex_from_id("B1")
    # plane: B1 centre is lower (larger Y) than A1 and C1
    assert hex_to_plane(hex_from_id("B1"))[1] > hex_to_plane(hex_from_id("A1"))[1]


def test_rings() -> None:
    assert len(hex_ring(Hex(0, 0), 2)) == 12
    assert len(hexes_within(Hex(3, 3), 2)) == 19
    assert all(hex_distance(Hex(0, 0), h) == 3 for h in hex_ring(Hex(0, 0), 3))


# --- firing arc, RULES.md 4.3 ------------------------------------------------------------------

@pytest.mark.rule("4.3")
def test_arc_rules_example() -> None:
    """4.3's example facing d1=(+1,0,-1) (our NE, cube x=q z=r): the listed hexes in and out."""
    o = Hex(0, 0)
    for h in (Hex(1, -1), Hex(2, -2), Hex(2, -1), Hex(1, -2)):
        assert in_firing_arc(o, Facing.NE, h)
    for h in (Hex(1, 0), Hex(0, -1), o):
        assert not in_firing_arc(o, Facing.NE, h)


@pytest.mark.rule("4.3")
@pytest.mark.parametrize("facing", list(Facing))
def test_arc_width_by_range(facing: Facing) -> None:
    """Edge hexes count as in (A16), so range n holds 2*floor(n/2)+1 arc hexes."""
    o = Hex(4, -7)
    for n in range(1, 12):
        count = sum(in_firing_arc(o, facing, h) for h in hex_ring(o, n))
        assert count == 2 * (n // 2) + 1, (facing, n)
    assert in_firing_arc(o, facing, hex_neighbor(o, facing))
    assert not in_firing_arc(o, facing, hex_neighbor(o, facing.turned(1)))


@pytest.mark.rule("4.3")
@given(hexes)
def test_facing_toward_puts_the_hex_in_the_arc_at_any_range(h: Hex) -> None:
    """``facing_toward``: a facing whose firing arc holds the hex, however far (a man turned
    towards a distant enemy can fire at him), the straight one along a hex row; none for his own."""
    o = Hex(0, 0)
    f = facing_toward(o, h)
    if h == o:
        assert f is None
        return
    assert f is not None and in_firing_arc(o, f, h)
    best = min(hex_distance(hex_neighbor(o, g), h) for g in Facing if in_firing_arc(o, g, h))
    assert hex_distance(hex_neighbor(o, f), h) == best  # the arc's middle, of the arcs that hold it


@pytest.mark.rule("4.3")
def test_facing_toward_a_far_hex() -> None:
    assert facing_toward(Hex(0, 0), Hex(0, 12)) is Facing.S  # twelve hexes down its row
    assert facing_toward(Hex(0, 0), Hex(7, -6)) is Facing.NE  # off the row NE by one hex
    assert facing_toward(Hex(0, 0), Hex(7, -1)) is Facing.SE


@pytest.mark.rule("4.3")
@given(hexes, st.sampled_from(list(Facing)))
def test_arc_rotates_with_facing(h: Hex, f: Facing) -> None:
    o = Hex(0, 0)
    assert in_firing_arc(o, f, h) == in_firing_arc(o, f.turned(1), hex_rotate_right(h))
