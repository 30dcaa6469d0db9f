"""Scenario files: schema, loading and validation (RULES.md §6, §10.1).

A scenario is a hand-editable TOML file in ``scenarios/``. :func:`load_scenario`
collects **every** problem in a file — TOML syntax (with line and column), schema
errors (with the key path, and the line found for it), and cross-field checks naming
their rule — and raises one :class:`ScenarioError` listing them all.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .errors import Problem, ScenarioError
from .hexgrid import Facing, Hex, OffsetCoord, column_index, hex_from_id, hex_to_id, is_hex_id, qoffset_to_cube
from .terrain import AXIS_HALVES, TERRAIN_LETTERS, HexLine, LineKind, MapData, Terrain
from .types import Posture
from .units import weapon_chart

KNOWN_RULES: frozenset[str] = frozenset()
"""Optional rule ids of RULES.md §9 that this version implements (none yet)."""

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


class SideSpec(BaseModel):
    """One ``[[sides]]`` entry."""

    model_config = _STRICT
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    """Lower-case id used in notation, e.g. ``tan``."""
    name: str = Field(min_length=1)
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
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    title: str = Field(min_length=1)
    description: str = ""
    turns: int = Field(ge=1, le=99)
    """Game length in turns (§2.6)."""
    chits_per_side: int = Field(default=4, ge=1, le=26)
    """Sequence chits per side per turn (§1.5, A23)."""
    rules: list[str] = []
    """Optional rule ids of RULES.md §9."""
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


@dataclass(frozen=True)
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

    @cached_property
    def _zones(self) -> dict[str, frozenset[Hex]]:
        return {}

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


# --- locating keys in the text ---------------------------------------------------------

def _key_path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def _locate(lines: list[str], loc: tuple[Any, ...]) -> int | None:
    """Best-effort 1-based line of a key path in a TOML text (tomllib keeps no positions)."""
    if not loc:
        return None
    head = loc[0]
    start, end = 0, len(lines)
    rest = loc[1:]
    if isinstance(head, str) and rest and isinstance(rest[0], int):
        header = re.compile(rf"^\s*\[\[\s*{re.escape(head)}\s*\]\]")
        found = [i for i, ln in enumerate(lines) if header.match(ln)]
        if rest[0] < len(found):
            start = found[rest[0]]
            end = next((i for i in range(start + 1, len(lines)) if lines[i].lstrip().startswith("[")), len(lines))
            if len(rest) == 1:
                return start + 1
            key = rest[1]
        else:
            key = head
    elif isinstance(head, str) and rest and isinstance(rest[0], str):
        header = re.compile(rf"^\s*\[\s*{re.escape(head)}\s*\]")
        found = [i for i, ln in enumerate(lines) if header.match(ln)]
        if not found:
            return None
        start = found[0]
        end = next((i for i in range(start + 1, len(lines)) if lines[i].lstrip().startswith("[")), len(lines))
        key = rest[0]
    else:
        key = head
        end = next((i for i, ln in enumerate(lines) if ln.lstrip().startswith("[")), len(lines))
    pat = re.compile(rf"^\s*{re.escape(str(key))}\s*=")
    for i in range(start, end):
        if pat.match(lines[i]):
            return i + 1
    return start + 1 if start else None


def _where(path: str, lines: list[str], loc: tuple[Any, ...], line: int | None = None) -> str:
    line = line if line is not None else _locate(lines, loc)
    keys = _key_path(loc)
    return f"{path}:{line}: {keys}" if line else f"{path}: {keys}"


# --- loading -------------------------------------------------------------------------

def scenario_dirs() -> list[Path]:
    """Where scenario ids are looked up: the package's ``scenarios/`` (in the source tree a link to
    the project's ``scenarios/`` folder, in a built wheel a copy of it)."""
    return [(Path(__file__).resolve().parents[1] / "scenarios").resolve()]


def find_scenario(id_or_path: str) -> Path:
    """A scenario file by path, or by id in :func:`scenario_dirs`.

    Raises:
        ScenarioError: nothing by that name.
    """
    p = Path(id_or_path)
    if p.suffix == ".toml" or p.exists():
        if not p.is_file():
            raise ScenarioError(id_or_path, [Problem("", "no such file")])
        return p
    for d in scenario_dirs():
        candidate = d / f"{id_or_path}.toml"
        if candidate.is_file():
            return candidate
    known = sorted(f.stem for d in scenario_dirs() if d.is_dir() for f in d.glob("*.toml"))
    raise ScenarioError(id_or_path, [Problem("", f"no scenario with that id (known: {', '.join(known) or 'none'})")])


def load_scenario(id_or_path: str | Path) -> Scenario:
    """Load and check a scenario file.

    Raises:
        ScenarioError: with every problem found (file, line, key path, what is wrong).
    """
    path = find_scenario(str(id_or_path))
    name = str(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ScenarioError(name, [Problem("", f"cannot read: {exc.strerror or exc}")]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError(name, [Problem(f"{name}: byte {exc.start}", "not UTF-8 text")]) from None
    return parse_scenario(text, name, digest=hashlib.sha256(raw).hexdigest())


def parse_scenario(text: str, name: str = "<scenario>", digest: str = "") -> Scenario:
    """Check a scenario given as TOML text (see :func:`load_scenario`)."""
    lines = text.splitlines()
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        msg = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        where = f"{name}:{m.group(1)}:{m.group(2)}" if m else name
        raise ScenarioError(name, [Problem(where, f"TOML syntax: {msg}")]) from None
    try:
        spec = ScenarioFile.model_validate(data)
    except ValidationError as exc:
        raise ScenarioError(name, [
            Problem(_where(name, lines, tuple(err["loc"])), _pydantic_message(err))
            for err in exc.errors(include_url=False)
        ]) from None
    problems: list[Problem] = []
    game_map = _build_map(spec, name, lines, problems)
    _check_sides_and_soldiers(spec, game_map, name, lines, problems)
    if problems:
        raise ScenarioError(name, problems)
    spec = _fill_fence_sides(spec, game_map)
    return Scenario(spec=spec, map=game_map, path=name, digest=digest or hashlib.sha256(text.encode()).hexdigest(),
                    text=text)


def _pydantic_message(err: Any) -> str:
    msg = str(err["msg"])
    if err["type"] == "extra_forbidden":
        return "unknown key (check the spelling)"
    if err["type"] == "missing":
        return "missing (required)"
    return f"{msg} (got {err['input']!r})" if not isinstance(err["input"], dict | list) else msg


def _terrain_line_number(lines: list[str], row: int) -> int | None:
    for i, ln in enumerate(lines):
        m = re.match(r'^\s*terrain\s*=\s*("""|\'\'\')(.*)$', ln)
        if m:
            first_has_data = bool(m.group(2).strip())
            return i + 1 + row + (0 if first_has_data else 1)
    return None


def _build_map(spec: ScenarioFile, name: str, lines: list[str], problems: list[Problem]) -> MapData:
    m = spec.map
    rows = [r.strip() for r in m.terrain.strip("\n").splitlines()]
    rows = [r for r in rows if r]
    if len(rows) != m.rows:
        problems.append(Problem(_where(name, lines, ("map", "terrain")),
                                f"{len(rows)} terrain rows for rows = {m.rows}"))
    terrain: dict[Hex, Terrain] = {}
    for row in range(m.rows):
        text = rows[row] if row < len(rows) else "." * m.columns
        where = _where(name, lines, ("map", "terrain"), _terrain_line_number(lines, row))
        if row < len(rows) and len(text) != m.columns:
            problems.append(Problem(where, f"row {row + 1} has {len(text)} letters for columns = {m.columns}"))
        for col in range(m.columns):
            letter = text[col] if col < len(text) else "."
            t = TERRAIN_LETTERS.get(letter)
            if t is None:
                problems.append(Problem(where, f"row {row + 1} column {col + 1}: unknown terrain letter {letter!r} "
                                               "(use . h d t s r, RULES.md §1.2)"))
                t = Terrain.OPEN
            terrain[qoffset_to_cube(OffsetCoord(col, row))] = t
    hex_lines: dict[Hex, HexLine] = {}
    for kind, specs in ((LineKind.FENCE, m.fences), (LineKind.HEDGE, m.hedges)):
        for i, ls in enumerate(specs):
            loc = ("map", f"{kind.value}s", i, "hex")
            h = _hex_on_map(ls.hex, terrain, m, name, lines, loc, problems)
            if h is None:
                continue
            if h in hex_lines:
                problems.append(Problem(_where(name, lines, loc),
                                        f"{ls.hex} already has a {hex_lines[h].kind.value}: one line per hex (§3.6)"))
                continue
            hex_lines[h] = HexLine(kind=kind, axis=ls.axis)
    return MapData(columns=m.columns, rows=m.rows, terrain=terrain, lines=hex_lines)


def _hex_on_map(text: str, terrain: dict[Hex, Terrain], m: MapSpec, name: str, lines: list[str],
                loc: tuple[Any, ...], problems: list[Problem]) -> Hex | None:
    if not is_hex_id(text):
        problems.append(Problem(_where(name, lines, loc), f"{text!r} is not a hex id (e.g. C7)"))
        return None
    h = hex_from_id(text)
    if h not in terrain:
        problems.append(Problem(_where(name, lines, loc), f"{text} is off the {m.columns}x{m.rows} map"))
        return None
    return h


def _check_sides_and_soldiers(spec: ScenarioFile, game_map: MapData, name: str, lines: list[str],
                              problems: list[Problem]) -> None:
    side_ids = [s.id for s in spec.sides]
    if len(spec.sides) != 2:
        problems.append(Problem(_where(name, lines, ("sides",)), f"{len(spec.sides)} sides: the game has two (§1.1)"))
    if len(set(side_ids)) != len(side_ids):
        problems.append(Problem(_where(name, lines, ("sides",)), "two sides share an id"))
    for i, rule in enumerate(spec.rules):
        if rule not in KNOWN_RULES:
            known = ", ".join(sorted(KNOWN_RULES)) or "none yet"
            problems.append(Problem(_where(name, lines, ("rules",)),
                                    f"rules[{i}]: unknown optional rule {rule!r} (RULES.md §9; available: {known})"))
    chart = weapon_chart()
    seen: dict[str, int] = {}
    occupants: dict[Hex, str] = {}
    for i, s in enumerate(spec.soldiers):
        loc = ("soldiers", i)
        if s.id.upper() in seen:
            problems.append(Problem(_where(name, lines, loc + ("id",)),
                                    f"id {s.id!r} is already used by soldiers[{seen[s.id.upper()]}]"))
        seen.setdefault(s.id.upper(), i)
        if s.side not in side_ids:
            problems.append(Problem(_where(name, lines, loc + ("side",)),
                                    f"unknown side {s.side!r} (sides: {', '.join(side_ids)})"))
        if s.weapon not in chart.weapons:
            problems.append(Problem(_where(name, lines, loc + ("weapon",)),
                                    f"unknown weapon {s.weapon!r} (RULES.md 4.7: {', '.join(chart.weapons)})"))
        if s.facing.upper() not in Facing.__members__:
            problems.append(Problem(_where(name, lines, loc + ("facing",)),
                                    f"{s.facing!r} is not a facing (N, NE, SE, S, SW or NW; 4.3)"))
        if "scout" in s.traits and s.hex is not None:
            problems.append(Problem(_where(name, lines, loc + ("traits",)),
                                    "a scout is placed in the deployment phase: leave out his hex (§10.2)"))
        if s.hex is None:
            if not any(z.side == s.side for z in spec.zones):
                problems.append(Problem(_where(name, lines, loc),
                                        f"{s.id} has no hex and side {s.side!r} has no deployment zone (§10.2)"))
            continue
        h = _hex_on_map(s.hex, game_map.terrain, spec.map, name, lines, loc + ("hex",), problems)
        if h is None:
            continue
        other = occupants.get(h)
        if other is not None and other != s.side:
            problems.append(Problem(_where(name, lines, loc + ("hex",)),
                                    f"{s.hex} already holds {other} soldiers: enemies never share a hex (§3.8)"))
        occupants.setdefault(h, s.side)
        _check_fence_side(s, h, game_map, name, lines, loc, problems)
    _check_setup(spec, game_map, name, lines, problems)
    for sid in side_ids:
        if sid not in spec.forces and not any(s.side == sid for s in spec.soldiers):
            problems.append(Problem(_where(name, lines, ("sides",)),
                                    f"side {sid!r} has no soldiers and no [forces.{sid}] budget"))


def _check_setup(spec: ScenarioFile, game_map: MapData, name: str, lines: list[str], problems: list[Problem]) -> None:
    """Zones, budgets, sectors and objectives (§10.2-§10.4)."""
    side_ids = [s.id for s in spec.sides]
    for i, z in enumerate(spec.zones):
        loc = ("zones", i)
        if z.side not in side_ids:
            problems.append(Problem(_where(name, lines, loc + ("side",)), f"unknown side {z.side!r}"))
        if not 1 <= z.rows[0] <= z.rows[1] <= spec.map.rows:
            problems.append(Problem(_where(name, lines, loc + ("rows",)),
                                    f"rows {z.rows[0]}-{z.rows[1]} are not within 1-{spec.map.rows}"))
        if z.columns is not None:
            try:
                c0, c1 = column_index(z.columns[0]), column_index(z.columns[1])
            except (ValueError, IndexError):
                c0, c1 = -1, -1
            if not (z.columns[0].isalpha() and z.columns[1].isalpha()) or not 0 <= c0 <= c1 < spec.map.columns:
                problems.append(Problem(_where(name, lines, loc + ("columns",)),
                                        f"columns {z.columns[0]}-{z.columns[1]} are not on the map"))
    for side in spec.forces:
        if side not in side_ids:
            problems.append(Problem(_where(name, lines, ("forces",)), f"unknown side {side!r} in [forces]"))
        elif not any(z.side == side for z in spec.zones):
            problems.append(Problem(_where(name, lines, ("forces",)),
                                    f"side {side!r} is bought by points but has no deployment zone (§10.2)"))
    if spec.victory == "hold":
        if not spec.objectives:
            problems.append(Problem(_where(name, lines, ("objectives",)), "victory = \"hold\" needs objective hexes"))
        if spec.defender not in side_ids:
            problems.append(Problem(_where(name, lines, ("defender",)),
                                    "victory = \"hold\" needs defender = one of the sides"))
    for i, o in enumerate(spec.objectives):
        if not is_hex_id(o) or hex_from_id(o) not in game_map.terrain:
            problems.append(Problem(_where(name, lines, ("objectives",)), f"objectives[{i}]: {o!r} is not on the map"))


def _check_fence_side(s: SoldierSpec, h: Hex, game_map: MapData, name: str, lines: list[str],
                      loc: tuple[Any, ...], problems: list[Problem]) -> None:
    line = game_map.line_at(h)
    if s.fence_side is None:
        return
    if line is None:
        problems.append(Problem(_where(name, lines, loc + ("fence_side",)),
                                f"{s.hex} has no fence or hedge, so fence_side means nothing (§3.6)"))
    elif s.fence_side.upper() not in AXIS_HALVES[line.axis]:
        halves = " or ".join(AXIS_HALVES[line.axis])
        problems.append(Problem(_where(name, lines, loc + ("fence_side",)),
                                f"the {line.kind.value} in {s.hex} runs {line.axis}: fence_side is {halves} (§3.6)"))


def _fill_fence_sides(spec: ScenarioFile, game_map: MapData) -> ScenarioFile:
    """Give every soldier in a line hex a half: as written, else the half behind him."""
    soldiers = []
    for s in spec.soldiers:
        if s.hex is None:
            soldiers.append(s.model_copy(update={"facing": s.facing.upper()}))
            continue
        h = hex_from_id(s.hex)
        line = game_map.line_at(h)
        side = s.fence_side.upper() if s.fence_side else None
        if line is not None and side is None:
            side = line.half_of_hexside(Facing[s.facing.upper()].opposite)
        soldiers.append(s.model_copy(update={"fence_side": side, "hex": hex_to_id(h),
                                             "facing": s.facing.upper()}))
    return spec.model_copy(update={"soldiers": soldiers})
