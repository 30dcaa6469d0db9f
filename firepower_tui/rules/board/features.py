"""The map features of the ``buildings`` rule (RULES.md §9.6): buildings with door and window
hexsides, bunkers with slits, high-wall hexsides, water and rubble hexes.

They are static, like the rest of :class:`.terrain.MapData` (``MapData.features``; None on a
map without any, so the basic game never looks here). A hexside is named once, by the hex of
its pair that lies on its N, NE or SE side (:func:`side_key`, Red Blob's canonical hexsides),
and written ``E5:NE`` in scenario files and notes (:func:`side_id`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from .hexgrid import Facing, Hex, hex_neighbor, hex_to_id


class Opening(StrEnum):
    """A building hexside that is not a wall (§9.6)."""

    DOOR = "door"
    """Enter and leave through it (+1 MF); fire through it."""
    WINDOW = "window"
    """Fire through it, at most 2 firers per window hexside per turn."""
    SLIT = "slit"
    """A bunker's window: fire out; only a Molotov or satchel in (§9.6)."""


SideKey = tuple[Hex, Facing]
"""A hexside: a hex and one of its N, NE, SE sides (:func:`side_key`)."""

_CANON = (Facing.N, Facing.NE, Facing.SE)


def side_key(h: Hex, facing: Facing) -> SideKey:
    """The one name of the hexside ``facing`` of ``h``, whichever of its two hexes names it.

    >>> from firepower_tui.rules.board.hexgrid import hex_from_id
    >>> side_key(hex_from_id("C3"), Facing.S) == side_key(hex_from_id("C4"), Facing.N)
    True
    """
    if facing in _CANON:
        return (h, facing)
    return (hex_neighbor(h, facing), facing.opposite)


def side_id(key: SideKey) -> str:
    """``E5:NE``, as scenario files write a hexside."""
    return f"{hex_to_id(key[0])}:{key[1].name}"


def side_hexes(key: SideKey) -> tuple[Hex, Hex]:
    """The two hexes a hexside lies between."""
    return key[0], hex_neighbor(key[0], key[1])


@dataclass(frozen=True, slots=True)
class Building:
    """One building or bunker: its hexes and its openings (§9.6)."""

    number: int
    """Its place in the scenario file's list (buildings first, then bunkers)."""
    hexes: frozenset[Hex]
    bunker: bool = False
    """A bunker: absorbs 5 damage, occupants harmed from outside only by Molotov or satchel."""

    @property
    def name(self) -> str:
        """``building E5`` or ``bunker H3``: its first hex in map order."""
        first = min(self.hexes, key=lambda h: (h.q, h.r))
        return f"{'bunker' if self.bunker else 'building'} {hex_to_id(first)}"


@dataclass(frozen=True, slots=True)
class MapFeatures:
    """Every §9.6 feature of one map."""

    buildings: tuple[Building, ...] = ()
    building_of: dict[Hex, int] = field(default_factory=dict)
    """The building (index) each building or bunker hex belongs to."""
    openings: dict[SideKey, Opening] = field(default_factory=dict)
    """Doors, windows and slits by hexside; every other hexside of a building's edge is a wall of it."""
    walls: frozenset[SideKey] = frozenset()
    """High-wall hexsides (climb 2 MF, d10 <= 6; block LOS along them for men not beside them)."""
    water: frozenset[Hex] = frozenset()
    """Pond and stream hexes (+1 MF to enter, no Prone, no fire or throw in a phase in water)."""
    rubble: frozenset[Hex] = frozenset()
    """Rubble hexes (rough terrain: a building that was, §9.6)."""

    def building_at(self, h: Hex) -> Building | None:
        """The building or bunker ``h`` is part of, if any."""
        i = self.building_of.get(h)
        return None if i is None else self.buildings[i]

    def edge(self, h: Hex, facing: Facing) -> Opening | str | None:
        """What the hexside ``facing`` of ``h`` is for a building: None inside a building or
        between two hexes of no building; ``"wall"`` for a building's closed hexside; else
        the opening."""
        a = self.building_of.get(h)
        b = self.building_of.get(hex_neighbor(h, facing))
        if a == b:
            return None
        return self.openings.get(side_key(h, facing), "wall")


__all__ = ["Building", "MapFeatures", "Opening", "SideKey", "side_hexes", "side_id", "side_key"]
