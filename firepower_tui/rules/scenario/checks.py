"""Checking a scenario file beyond its schema, and saying where each problem is (RULES.md §10.1).

tomllib and pydantic keep no line numbers, so each problem's place is found in the text:
the line of a key path (``soldiers[3].weapon``), or of a terrain row. The cross-field
checks (map letters, hexes on the map, sides, soldiers, zones, budgets, objectives) build
the map as they go and collect **every** problem, each naming its rule.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..board.hexgrid import Facing, Hex, OffsetCoord, column_index, hex_from_id, hex_to_id, is_hex_id, qoffset_to_cube
from ..board.terrain import AXIS_HALVES, TERRAIN_LETTERS, HexLine, LineKind, MapData, Terrain
from ..model.errors import Problem
from ..model.scenario import MapSpec, ScenarioFile, SoldierSpec
from ..model.types import IMPLEMENTED_RULES
from ..model.units import weapon_chart
from .features import build_features
from .options import AVAILABLE, rule_problem

if TYPE_CHECKING:  # only a text that goes through the schema needs tomllib and pydantic
    import tomllib

    from pydantic import ValidationError

KNOWN_RULES: frozenset[str] = frozenset(str(r) for r in IMPLEMENTED_RULES)
"""Optional rule ids of RULES.md §9 that this version implements."""


# --- where a problem is -------------------------------------------------------------------

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


def toml_problem(name: str, exc: tomllib.TOMLDecodeError) -> Problem:
    """A TOML syntax error at its line and column (attributes from Python 3.14, else the message)."""
    line, column = getattr(exc, "lineno", None), getattr(exc, "colno", None)
    if line is None:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        line, column = (m.group(1), m.group(2)) if m else (None, None)
    msg = getattr(exc, "msg", None) or re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
    return Problem(f"{name}:{line}:{column}" if line is not None else name, f"TOML syntax: {msg}")


def schema_problems(name: str, lines: list[str], exc: ValidationError) -> list[Problem]:
    """Every schema error, at its key path and the line found for it."""
    return [Problem(_where(name, lines, tuple(err["loc"])), _pydantic_message(err))
            for err in exc.errors(include_url=False)]


def check_spec(spec: ScenarioFile, name: str, lines: list[str]) -> tuple[MapData, list[Problem]]:
    """The map built from a schema-valid file, and every problem the cross-field checks find."""
    problems: list[Problem] = []
    game_map = _build_map(spec, name, lines, problems)
    _check_sides_and_soldiers(spec, game_map, name, lines, problems)
    for side in spec.barrages:  # §9.5: the calls each side may make, by side id
        if side not in {s.id for s in spec.sides}:
            problems.append(Problem(_where(name, lines, ("barrages",)),
                                    f"{side!r} is not a side of this scenario (§9.5)"))
    return game_map, problems


# --- the checks ---------------------------------------------------------------------------

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
                                               "(use . h d t s r, rulebook §1.2)"))
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
    features = build_features(spec, terrain, lambda loc: _where(name, lines, loc), problems)
    if features is None:
        return MapData(columns=m.columns, rows=m.rows, terrain=terrain, lines=hex_lines)
    plain = MapData(columns=m.columns, rows=m.rows, terrain=terrain, lines=hex_lines)
    return MapData(columns=m.columns, rows=m.rows, terrain=terrain, lines=hex_lines, features=features, plain=plain)


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
        what = rule_problem(rule)
        if what is not None:
            problems.append(Problem(_where(name, lines, ("rules",)),
                                    f"rules[{i}]: {what}; available: {', '.join(AVAILABLE)}"))
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
                                    f"unknown weapon {s.weapon!r} (rulebook 4.7: {', '.join(chart.weapons)})"))
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


def fill_fence_sides(spec: ScenarioFile, game_map: MapData) -> ScenarioFile:
    """Give every soldier in a line hex a half: as written, else the half behind him."""
    soldiers = []
    for s in spec.soldiers:
        if s.hex is None:
            soldiers.append(s._replace(facing=s.facing.upper()))
            continue
        h = hex_from_id(s.hex)
        line = game_map.line_at(h)
        side = s.fence_side.upper() if s.fence_side else None
        if line is not None and side is None:
            side = line.half_of_hexside(Facing[s.facing.upper()].opposite)
        soldiers.append(s._replace(fence_side=side, hex=hex_to_id(h), facing=s.facing.upper()))
    return spec._replace(soldiers=soldiers)
