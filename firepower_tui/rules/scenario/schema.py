"""The scenario file as written: its pydantic schema (RULES.md §6, §10.1-§10.4).

Each model forbids unknown keys (a typo is a problem, not a silent default) and is frozen.
:mod:`.checks` checks what the schema cannot (the map letters, hexes on the map,
sides and soldiers that agree); :mod:`.load` loads a file through both. The game itself
reads the plain dataclasses of :mod:`..model.scenario`, built from what this schema validated
(same names, same fields, same defaults: tests/test_scenario_spec.py holds them together),
so this module, and pydantic, are imported only when a text is checked.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..model.types import Posture
from .options import MAX_CLOCK, MIN_CLOCK

_STRICT = ConfigDict(frozen=True, extra="forbid")


class LineSpec(BaseModel):
    """A fence or hedge: the hex and the axis of its line (RULES.md §3.6)."""

    model_config = _STRICT
    hex: str
    """Map id of the hex, e.g. ``E5``."""
    axis: Literal["E-W", "NE-SW", "NW-SE"]
    """``E-W`` (halves N/S), ``NE-SW`` (halves NW/SE), ``NW-SE`` (halves NE/SW)."""


class MapSpec(BaseModel):
    """The ``[map]`` table."""

    model_config = _STRICT
    columns: int = Field(ge=1, le=200)
    """Columns A, B, … (at most 200)."""
    rows: int = Field(ge=1, le=200)
    """Rows 1, 2, … (at most 200)."""
    terrain: str
    """One line per row from row 1, one letter per column from A (``. h d t s r``)."""
    fences: list[LineSpec] = []
    hedges: list[LineSpec] = []
    water: list[str] = []
    """Water hexes, e.g. ``["D7", "D8"]`` (the ``buildings`` rule, §9.6)."""
    rubble: list[str] = []
    """Rubble hexes: rough ground where a building was (§9.6)."""


class BuildingSpec(BaseModel):
    """One ``[[buildings]]`` entry (§9.6): its hexes, and the hexsides of its edge that open."""

    model_config = _STRICT
    hexes: list[str] = Field(min_length=1)
    """Its hexes, side by side, e.g. ``["E5", "F5"]``."""
    doors: list[str] = []
    """Door hexsides, ``hex:side`` with the hex one of the building's, e.g. ``E5:S``."""
    windows: list[str] = []
    """Window hexsides, written like doors."""


class BunkerSpec(BaseModel):
    """One ``[[bunkers]]`` entry (§9.6): a building with slits."""

    model_config = _STRICT
    hexes: list[str] = Field(min_length=1)
    doors: list[str] = []
    slits: list[str] = []
    """Slit hexsides (a bunker's windows), written like doors."""


class WallSpec(BaseModel):
    """One ``[[walls]]`` entry (§9.6): a high wall along hexsides."""

    model_config = _STRICT
    hexsides: list[str] = Field(min_length=1)
    """``hex:side`` each, e.g. ``["C3:NE", "C3:SE"]``."""


class SideSpec(BaseModel):
    """One ``[[sides]]`` entry."""

    model_config = _STRICT
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=20)
    """Lower-case id used in notation, e.g. ``tan``."""
    name: str = Field(min_length=1, max_length=40)
    """Shown to players, e.g. ``Tan``."""


class SoldierSpec(BaseModel):
    """One ``[[soldiers]]`` entry."""

    model_config = _STRICT
    id: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9]{0,5}$")
    """Counter id, e.g. ``T1`` (a letter, then up to five letters or digits)."""
    side: str
    weapon: str
    """``LMG``, ``RFL`` or ``PST`` (RULES.md 4.7)."""
    hex: str | None = None
    """Fixed position; leave it out to place him in the deployment phase (§10.2)."""
    facing: str = "N"
    posture: Posture = Posture.STAND
    fence_side: str | None = None
    """In a fence or hedge hex: the half he is on (default: the half behind him)."""
    traits: list[Literal["scout"]] = []
    """``scout``: deployed last, anywhere outside the enemy zone (§10.2), +3 points (§10.3)."""
    items: dict[Literal["smoke", "molotov", "satchel", "radio"], Annotated[int, Field(ge=0, le=9)]] = {}
    """Items he carries with their counts, e.g. ``{smoke = 2, radio = 1}`` (``special_weapons``, §9.5)."""


class ZoneSpec(BaseModel):
    """A deployment zone (§10.2): rows (and optionally columns) of the map, inclusive."""

    model_config = _STRICT
    side: str
    rows: tuple[int, int]
    """First and last row, from 1."""
    columns: tuple[str, str] | None = None
    """First and last column letters (default: every column)."""


class SectorSpec(BaseModel):
    """The sector grid of ``points_and_ground`` (§10.4)."""

    model_config = _STRICT
    columns: int = Field(default=3, ge=1, le=10)
    rows: int = Field(default=2, ge=1, le=10)


class ForceSpec(BaseModel):
    """A side bought by points (§10.3)."""

    model_config = _STRICT
    budget: int = Field(ge=8, le=1000)


class ScenarioFile(BaseModel):
    """The whole file, as written."""

    model_config = _STRICT
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=40)
    title: str = Field(min_length=1, max_length=100)
    description: str = ""
    turns: int = Field(ge=1, le=99)
    """Game length in turns (§2.6)."""
    chits_per_side: int = Field(default=4, ge=1, le=26)
    """Sequence chits per side per turn (§1.5, A23)."""
    rules: list[str] = []
    """Optional rule ids of RULES.md §9 turned on by default (the command line and the picker may change them)."""
    clock: int | None = Field(default=None, ge=MIN_CLOCK, le=MAX_CLOCK)
    """Seconds per impulse phase when the ``clock`` rule is on (§9.8; default 90, ruling R35)."""
    victory: Literal["kills", "points_and_ground", "hold"] = "kills"
    """Victory condition (§6, §10.4)."""
    sectors: SectorSpec = SectorSpec()
    """Sector grid for ``points_and_ground`` (default 3 x 2)."""
    objectives: list[str] = []
    """Objective hexes for ``hold``."""
    defender: str | None = None
    """The side that must hold the objectives (``hold``)."""
    map: MapSpec
    sides: list[SideSpec]
    soldiers: list[SoldierSpec] = []
    zones: list[ZoneSpec] = []
    """Deployment zones (§10.2): soldiers without a hex are placed in them before turn 1."""
    forces: dict[str, ForceSpec] = {}
    """Sides bought by points (§10.3) instead of listed soldiers."""
    buildings: list[BuildingSpec] = []
    """Buildings (the ``buildings`` rule, §9.6)."""
    bunkers: list[BunkerSpec] = []
    walls: list[WallSpec] = []
    barrages: dict[str, Annotated[int, Field(ge=0, le=99)]] = {}
    """Radio barrages each side may call, by side id (``special_weapons``, §9.5; a side not named: no limit)."""


__all__ = ["BuildingSpec", "BunkerSpec", "ForceSpec", "LineSpec", "MapSpec", "ScenarioFile", "SectorSpec", "SideSpec", "SoldierSpec", "WallSpec", "ZoneSpec"]
