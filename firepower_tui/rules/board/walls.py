"""What buildings and high walls do to a line of sight (RULES.md §9.6; rulings R72-R74).

The line from one hex centre to another passes through a sequence of hexes (the ones whose
interior it crosses, the two ends included), in order. Between two of them it goes
across the hexside they share (also when it passes exactly through that hexside's end, a
corner: ruling R72), or, when they are not neighbours, along the hexside between their two
common neighbours (a "spine"): then it may be taken as passing on either side of that
hexside, whichever is open (R72).

Each hexside passed is tested against the features:

* a building's edge (between a building hex and a hex of no, or another, building) lets the
  line through only at a door, window or slit; elsewhere it is a wall of the building and
  blocks (fire into, out of and through a building goes by its openings, §9.6);
* a high wall blocks the line across it or along it unless the viewer or the target is in
  one of the wall's two hexes (beside it: he looks over it, R73).

The answer depends on the map alone, and is kept per pair of hexes with the map's other LOS
knowledge (``MapData.los_cache``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from .features import MapFeatures, Opening, SideKey, side_id, side_key
from .hexgrid import Hex, direction_between, hex_neighbors, hex_to_id, hex_to_plane
from .sightline import Touch, trace_segment
from .terrain import MapData


@dataclass(frozen=True, slots=True)
class FeatureBlock:
    """A wall of a building or a high wall the line meets (it blocks)."""

    hex: Hex
    what: str
    """E.g. ``wall of building D4 (D4:NW)`` or ``high wall B7:NE``."""
    side: SideKey
    """The hexside it stands on (the map marks it: the ``los`` mode)."""


@dataclass(frozen=True, slots=True)
class Crossing:
    """A door, window or slit the line goes through."""

    side: SideKey
    opening: Opening
    building_hex: Hex
    """The hex of the building the opening belongs to (the one inside, if the line goes out)."""

    @property
    def what(self) -> str:
        """E.g. ``window D4:N``: the hexside named by the building's own hex."""
        h, f = self.side
        if h != self.building_hex:
            f = f.opposite
        return f"{self.opening} {hex_to_id(self.building_hex)}:{f.name}"


@dataclass(frozen=True, slots=True)
class FeatureLos:
    """What the features of a map say about one line."""

    blocks: tuple[FeatureBlock, ...] = ()
    through: tuple[Crossing, ...] = ()


NO_FEATURES = FeatureLos()


def feature_los(gmap: MapData, origin: Hex, target: Hex) -> FeatureLos:
    """The features' verdict on the line from ``origin`` to ``target`` (kept per map)."""
    features = gmap.features
    if features is None or origin == target:
        return NO_FEATURES
    key = ("features", origin, target)
    found = gmap.los_cache.get(key)
    if found is None:
        found = _trace(features, origin, target)
        gmap.los_cache.put(key, found, 200 + 150 * (len(found.blocks) + len(found.through)))
    result: FeatureLos = found
    return result


def hexes_passed(origin: Hex, target: Hex) -> list[Hex]:
    """The hexes whose interior the line crosses, in order, both ends included.

    >>> from firepower_tui.rules.board.hexgrid import hex_from_id, hex_to_id
    >>> [hex_to_id(h) for h in hexes_passed(hex_from_id("B2"), hex_from_id("B5"))]
    ['B2', 'B3', 'B4', 'B5']
    """
    px, py = hex_to_plane(origin)
    qx, qy = hex_to_plane(target)
    dx, dy = qx - px, qy - py
    inner = [h for h, how in trace_segment(origin, target) if how is Touch.CROSSED]
    inner.sort(key=lambda h: _entry(px, py, dx, dy, h))
    return [origin, *inner, target]


def _entry(px: int, py: int, dx: int, dy: int, h: Hex) -> Fraction:
    """Where the line enters the closed hexagon of ``h`` (its parameter, 0 to 1)."""
    cx, cy = hex_to_plane(h)
    ax, ay = px - cx, py - cy
    lo = Fraction(0)
    for a, b, w in ((ay, dy, 1), (ax + ay, dx + dy, 2), (ax - ay, dx - dy, 2)):
        if b:
            lo = max(lo, min(Fraction(-w - a, b), Fraction(w - a, b)))
    return lo


def _trace(features: MapFeatures, origin: Hex, target: Hex) -> FeatureLos:
    ends = (origin, target)
    blocks: list[FeatureBlock] = []
    through: list[Crossing] = []
    seq = hexes_passed(origin, target)
    for x, y in zip(seq, seq[1:]):
        if direction_between(x, y) is not None:
            routes = [[(x, y)]]
            run = None
        else:
            a, b = sorted(set(hex_neighbors(x)) & set(hex_neighbors(y)), key=lambda h: (h.q, h.r))
            routes = [[(x, a), (a, y)], [(x, b), (b, y)]]
            run = (a, b)
        tried = [_route(features, r, ends) for r in routes]
        chosen = next((t for t in tried if not t[0]), tried[0])
        blocks += chosen[0]
        through += chosen[1]
        if run is not None:
            f = direction_between(*run)
            assert f is not None
            k = side_key(run[0], f)
            if k in features.walls and not set(run) & set(ends):
                blocks.append(FeatureBlock(run[0], f"high wall {side_id(k)} (along it)", k))
    return FeatureLos(tuple(blocks), tuple(dict.fromkeys(through)))


def _route(features: MapFeatures, steps: list[tuple[Hex, Hex]],
           ends: tuple[Hex, Hex]) -> tuple[list[FeatureBlock], list[Crossing]]:
    blocks: list[FeatureBlock] = []
    through: list[Crossing] = []
    for x, y in steps:
        f = direction_between(x, y)
        assert f is not None
        k = side_key(x, f)
        bx, by = features.building_of.get(x), features.building_of.get(y)
        if bx != by:
            inside = x if bx is not None else y
            opening = features.openings.get(k)
            if opening is None:
                number = bx if bx is not None else by
                assert number is not None
                building = features.buildings[number]
                blocks.append(FeatureBlock(inside, f"wall of {building.name} ({side_id(k)})", k))
            else:
                through.append(Crossing(k, opening, inside))
        if k in features.walls and x not in ends and y not in ends:
            blocks.append(FeatureBlock(x, f"high wall {side_id(k)}", k))
    return blocks, through


__all__ = ["Crossing", "FeatureBlock", "FeatureLos", "NO_FEATURES", "feature_los", "hexes_passed"]
