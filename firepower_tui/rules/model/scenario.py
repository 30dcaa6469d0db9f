"""A scenario as the game holds it: :class:`Scenario`, the checked file with its built map,
and the file as loaded in plain named tuples, field for field the pydantic schema of
:mod:`..scenario.schema` (RULES.md §6, §10.1-§10.4), which checks a file before it gets here.

The game reads these, never the pydantic models, so starting a game with a scenario already
checked (``games.scenario_cache``) does not import pydantic at all. :func:`spec_from_data`
builds them from the schema's validated plain data (``model_dump(mode="json")``), the same
way whether that data comes from pydantic just now or from the cache.

A mirror kept for speed, and the figure it moves: the first frame of a new game and of a
resume. Loading ``basic`` from the cache takes about 5 ms; through pydantic (its import, the
schema's models, the validation) 120-210 ms, a quarter to a third of the whole first frame
(bench/frame_parts.py, and bench_core's ``frame`` with the cache turned off, in one run).

Named tuples, not dataclasses: immutable all the same, and eight dataclasses cost the start
about 5 ms more to make (each generates and compiles its methods). The list defaults are
shared, as a named tuple's defaults are: never change a spec's lists in place (nothing does;
:func:`spec_from_data` gives every field its own).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from ..board.hexgrid import Hex, OffsetCoord, column_index, hex_from_id, qoffset_to_cube
from ..board.terrain import MapData
from .types import Posture


class LineSpec(NamedTuple):
    """A fence or hedge: the hex and the axis of its line (RULES.md §3.6)."""

    hex: str
    axis: Literal["E-W", "NE-SW", "NW-SE"]


class MapSpec(NamedTuple):
    """The ``[map]`` table."""

    columns: int
    rows: int
    terrain: str
    fences: list[LineSpec] = []
    hedges: list[LineSpec] = []
    water: list[str] = []
    rubble: list[str] = []


class BuildingSpec(NamedTuple):
    """One ``[[buildings]]`` entry (§9.6)."""

    hexes: list[str]
    doors: list[str] = []
    windows: list[str] = []


class BunkerSpec(NamedTuple):
    """One ``[[bunkers]]`` entry (§9.6)."""

    hexes: list[str]
    doors: list[str] = []
    slits: list[str] = []


class WallSpec(NamedTuple):
    """One ``[[walls]]`` entry (§9.6)."""

    hexsides: list[str]


class SideSpec(NamedTuple):
    """One ``[[sides]]`` entry."""

    id: str
    name: str


class SoldierSpec(NamedTuple):
    """One ``[[soldiers]]`` entry."""

    id: str
    side: str
    weapon: str
    hex: str | None = None
    facing: str = "N"
    posture: Posture = Posture.STAND
    fence_side: str | None = None
    traits: list[Literal["scout"]] = []
    items: dict[str, int] = {}  # noqa: RUF012 (never mutated)


class ZoneSpec(NamedTuple):
    """A deployment zone (§10.2): rows (and optionally columns) of the map, inclusive."""

    side: str
    rows: tuple[int, int]
    columns: tuple[str, str] | None = None


class SectorSpec(NamedTuple):
    """The sector grid of ``points_and_ground`` (§10.4)."""

    columns: int = 3
    rows: int = 2


class ForceSpec(NamedTuple):
    """A side bought by points (§10.3)."""

    budget: int


class ScenarioFile(NamedTuple):
    """The whole file, as written (see :class:`..scenario.schema.ScenarioFile` for each key)."""

    id: str
    title: str
    turns: int
    map: MapSpec
    sides: list[SideSpec]
    description: str = ""
    chits_per_side: int = 4
    rules: list[str] = []
    clock: int | None = None
    victory: Literal["kills", "points_and_ground", "hold"] = "kills"
    sectors: SectorSpec = SectorSpec()
    objectives: list[str] = []
    defender: str | None = None
    soldiers: list[SoldierSpec] = []
    zones: list[ZoneSpec] = []
    forces: dict[str, ForceSpec] = {}
    buildings: list[BuildingSpec] = []
    bunkers: list[BunkerSpec] = []
    walls: list[WallSpec] = []
    barrages: dict[str, int] = {}  # noqa: RUF012 (never mutated)


def _pair(value: Any) -> Any:
    return None if value is None else tuple(value)


def spec_from_data(d: dict[str, Any]) -> ScenarioFile:
    """The spec from the schema's validated data (every key present, as ``model_dump`` gives it).

    Raises:
        KeyError, TypeError, ValueError: not such data (a damaged cache entry).
    """
    m = d["map"]
    return ScenarioFile(
        id=d["id"], title=d["title"], turns=d["turns"], description=d["description"],
        chits_per_side=d["chits_per_side"], rules=list(d["rules"]), clock=d.get("clock"),
        victory=d["victory"],
        sectors=SectorSpec(**d["sectors"]), objectives=list(d["objectives"]), defender=d["defender"],
        map=MapSpec(columns=m["columns"], rows=m["rows"], terrain=m["terrain"],
                    fences=[LineSpec(**x) for x in m["fences"]], hedges=[LineSpec(**x) for x in m["hedges"]],
                    water=list(m.get("water", ())), rubble=list(m.get("rubble", ()))),
        sides=[SideSpec(**x) for x in d["sides"]],
        soldiers=[SoldierSpec(**{**x, "posture": Posture(x["posture"]), "traits": list(x["traits"]),
                                     "items": dict(x.get("items", {}))})
                  for x in d["soldiers"]],
        zones=[ZoneSpec(side=x["side"], rows=_pair(x["rows"]), columns=_pair(x["columns"])) for x in d["zones"]],
        forces={k: ForceSpec(**v) for k, v in d["forces"].items()},
        buildings=[BuildingSpec(hexes=list(x["hexes"]), doors=list(x["doors"]), windows=list(x["windows"]))
                   for x in d.get("buildings", ())],
        bunkers=[BunkerSpec(hexes=list(x["hexes"]), doors=list(x["doors"]), slits=list(x["slits"]))
                 for x in d.get("bunkers", ())],
        walls=[WallSpec(hexsides=list(x["hexsides"])) for x in d.get("walls", ())],
        barrages=dict(d.get("barrages", {})),
    )


@dataclass(frozen=True, slots=True)
class Scenario:
    """A loaded, checked scenario: the file plus the built map."""

    spec: ScenarioFile
    map: MapData
    path: str
    """Where it was loaded from."""
    digest: str
    """SHA-256 of the file's bytes (a changed file is detected on resume)."""
    text: str = ""
    """The file's text (stored with each game, so a game replays even if the file changes)."""
    _zones: dict[str, frozenset[Hex]] = field(default_factory=dict, init=False, repr=False, compare=False)
    """Each side's deployment zone, worked out when first asked (:meth:`zone`)."""

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def objective_hexes(self) -> list[Hex]:
        return [hex_from_id(h) for h in self.spec.objectives]

    def zone(self, side: str) -> frozenset[Hex]:
        """The hexes of a side's deployment zone (empty if it has none)."""
        zones = self._zones
        if side not in zones:
            zones[side] = self._zone(side)
        return zones[side]

    def _zone(self, side: str) -> frozenset[Hex]:
        out: set[Hex] = set()
        for z in self.spec.zones:
            if z.side != side:
                continue
            c0, c1 = (0, self.spec.map.columns - 1) if z.columns is None else \
                (column_index(z.columns[0]), column_index(z.columns[1]))
            for col in range(c0, c1 + 1):
                for row in range(z.rows[0] - 1, z.rows[1]):
                    h = qoffset_to_cube(OffsetCoord(col, row))
                    if self.map.on_map(h):
                        out.add(h)
        return frozenset(out)

    @property
    def has_zones(self) -> bool:
        return bool(self.spec.zones)

    @property
    def needs_deployment(self) -> bool:
        """Some soldier has no fixed hex, or a side is bought by points."""
        return bool(self.spec.forces) or any(s.hex is None for s in self.spec.soldiers)

    def side_name(self, side: str) -> str:
        """Display name of a side id."""
        for s in self.spec.sides:
            if s.id == side:
                return s.name
        return side


__all__ = ["BuildingSpec", "BunkerSpec", "ForceSpec", "LineSpec", "MapSpec", "Scenario", "ScenarioFile", "SectorSpec", "SideSpec",
           "SoldierSpec", "WallSpec", "ZoneSpec", "spec_from_data"]
