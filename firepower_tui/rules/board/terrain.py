"""Terrain, levels and in-hex fence and hedge lines (RULES.md §1.2, §3.6, A19)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..kit.memo import ByteBoundedCache
from .features import MapFeatures
from .hexgrid import Facing, Hex, OffsetCoord, qoffset_to_cube
from .sightline import AXIS_HALVES as AXIS_HALVES  # one table of axis halves (re-exported)

LOS_CACHE_BUDGET = 3 << 19
"""Bytes of LOS knowledge kept per map (about 2,200 lines on the map of basic: the lines a game keeps
looking along; a bigger table buys few hits for its memory)."""


class Terrain(str, Enum):
    """Whole-hex terrain of the basic game (RULES.md §1.2)."""

    OPEN = "open"
    HILL = "hill"
    DEPRESSION = "depression"
    TREES = "trees"
    SCRUB = "scrub"
    ROUGH = "rough"

    @property
    def level(self) -> int:
        """Depression 0, ground 1, hill 2 (RULES.md §1.2, 6.3.4.4)."""
        return _LEVEL.get(self, 1)

    @property
    def letter(self) -> str:
        """The scenario-file letter."""
        return _LETTER_OF[self]


_LEVEL = {Terrain.DEPRESSION: 0, Terrain.HILL: 2}
TERRAIN_LETTERS: dict[str, Terrain] = {
    ".": Terrain.OPEN,
    "h": Terrain.HILL,
    "d": Terrain.DEPRESSION,
    "t": Terrain.TREES,
    "s": Terrain.SCRUB,
    "r": Terrain.ROUGH,
}
"""Scenario-file letters: ``. open  h hill  d depression  t trees  s scrub  r rough``."""
_LETTER_OF = {t: k for k, t in TERRAIN_LETTERS.items()}


class LineKind(str, Enum):
    """An in-hex line (RULES.md §3.6)."""

    FENCE = "fence"
    HEDGE = "hedge"


HALF_HEXSIDES: dict[str, frozenset[Facing]] = {
    "N": frozenset({Facing.NW, Facing.N, Facing.NE}),
    "S": frozenset({Facing.SW, Facing.S, Facing.SE}),
    "NW": frozenset({Facing.SW, Facing.NW, Facing.N}),
    "SE": frozenset({Facing.NE, Facing.SE, Facing.S}),
    "NE": frozenset({Facing.N, Facing.NE, Facing.SE}),
    "SW": frozenset({Facing.S, Facing.SW, Facing.NW}),
}
"""The three hexsides on each named half (RULES.md §3.6: no hexside is split)."""


@dataclass(frozen=True, slots=True)
class HexLine:
    """A fence or hedge drawn inside one hex along an axis (RULES.md §3.6, A19)."""

    kind: LineKind
    """Fence (+1 MF, blocks LOS of a Prone end, cover) or hedge (+1 MF, hindrance, concealment)."""
    axis: str
    """``E-W``, ``NE-SW`` or ``NW-SE``."""

    @property
    def halves(self) -> tuple[str, str]:
        """The two half names."""
        return AXIS_HALVES[self.axis]

    def half_of_hexside(self, side: Facing) -> str:
        """The half that holds hexside ``side``."""
        a, b = AXIS_HALVES[self.axis]
        return a if side in HALF_HEXSIDES[a] else b

    def other_half(self, half: str) -> str:
        """The half across the line."""
        a, b = AXIS_HALVES[self.axis]
        return b if half == a else a


@dataclass(frozen=True, slots=True)
class MapData:
    """The static map: terrain per hex and in-hex lines. Never changes during a game."""

    columns: int
    """Map width in hex columns (A, B, ...)."""
    rows: int
    """Map height in hex rows (1, 2, ...)."""
    terrain: dict[Hex, Terrain]
    """Terrain of every hex on the map (read-only)."""
    lines: dict[Hex, HexLine] = field(default_factory=dict)
    """Fence and hedge lines by hex (read-only)."""
    los_cache: ByteBoundedCache[Any] = field(default_factory=lambda: ByteBoundedCache(LOS_CACHE_BUDGET),
                                             compare=False, repr=False)
    """What the map says about lines already traced (:mod:`..basic.los`): bounded in bytes, and gone
    with the map when the game that loaded it is."""
    los_parts: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    """The pieces LOS knowledge is built of, each kept once per map and shared by every line
    that holds it (a touched hex and how, a note, a list of indices): at most a few per hex."""
    features: MapFeatures | None = None
    """Buildings, bunkers, walls, water and rubble (§9.6); None on a map without any."""
    plain: MapData | None = field(default=None, compare=False, repr=False)
    """With features: the same map without them (its own LOS cache), played when the
    ``buildings`` rule is off."""

    def on_map(self, h: Hex) -> bool:
        """Whether ``h`` is one of the map's hexes."""
        return h in self.terrain

    def terrain_at(self, h: Hex) -> Terrain:
        """Terrain of ``h`` (KeyError off the map)."""
        return self.terrain[h]

    def level(self, h: Hex) -> int:
        """Level of ``h``: depression 0, ground 1, hill 2."""
        return self.terrain[h].level

    def line_at(self, h: Hex) -> HexLine | None:
        """The fence or hedge in ``h``, if any."""
        return self.lines.get(h)

    def hexes(self) -> list[Hex]:
        """All hexes, column by column."""
        return [qoffset_to_cube(OffsetCoord(c, r)) for c in range(self.columns) for r in range(self.rows)]
