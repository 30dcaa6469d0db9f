"""Checking a scenario file beyond its schema, and saying where each problem is (RULES.md §10.1).

tomllib and pydantic keep no line numbers, so each problem's place is found in the text:
the line of a key path (``soldiers[3].weapon``), or of a terrain row. The cross-field
checks (map letters, hexes on the map, sides, soldiers, zones, budgets, objectives) build
the map as they go and collect **every** problem, each naming its rule.
"""

from __future__ import annotations

import difflib
import functools
import re
import types
from dataclasses import dataclass
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


# --- a problem and where it is -------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ScenarioProblem:
    """One problem of a scenario file: where it is, what is wrong, and what to do about it."""

    line: int | None
    """The 1-based line of the file it is on, when one is found."""
    key: str
    """The key path, e.g. ``soldiers[3].weapon`` (empty for the whole file)."""
    message: str
    """What is wrong."""
    hint: str = ""
    """What to write instead, or where to look it up."""
    column: int | None = None
    """The 1-based column (a TOML syntax error only)."""

    def as_problem(self, name: str) -> Problem:
        """As a :class:`Problem` of the file ``name``: ``file:line: key`` and the message with its hint."""
        place = f"{name}:{self.line}" if self.line is not None else name
        if self.column is not None:
            place += f":{self.column}"
        where = f"{place}: {self.key}" if self.key else place
        return Problem(where, f"{self.message}; {self.hint}" if self.hint else self.message)


def _at(lines: list[str], loc: tuple[Any, ...], message: str, hint: str = "", *,
        line: int | None = None) -> ScenarioProblem:
    """A problem at the key path ``loc`` (on ``line``, else on the line found for the key)."""
    return ScenarioProblem(line if line is not None else _locate(lines, loc), _key_path(loc), message, hint)


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
        if isinstance(head, str) and not rest:  # a table or a list of tables: its first header
            header = re.compile(rf"^\s*\[\[?\s*{re.escape(head)}\s*[\].]")
            if not any(re.match(rf"^\s*{re.escape(head)}\s*=", ln) for ln in lines[:end]):
                found = [i for i, ln in enumerate(lines) if header.match(ln)]
                if found:
                    return found[0] + 1
    pat = re.compile(rf"^\s*{re.escape(str(key))}\s*=")
    for i in range(start, end):
        if pat.match(lines[i]):
            return i + 1
    return start + 1 if start else None


def toml_problem(exc: tomllib.TOMLDecodeError) -> ScenarioProblem:
    """A TOML syntax error at its line and column (attributes from Python 3.14, else the message)."""
    line, column = getattr(exc, "lineno", None), getattr(exc, "colno", None)
    if line is None:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        line, column = (m.group(1), m.group(2)) if m else (None, None)
    msg = getattr(exc, "msg", None) or re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
    return ScenarioProblem(int(line) if line is not None else None, "", f"TOML syntax: {msg}",
                           "TOML writes key = value, text in quotes, lists in [ ], tables as [name] or [[name]]",
                           int(column) if column is not None else None)


def schema_problems(lines: list[str], exc: ValidationError) -> list[ScenarioProblem]:
    """Every schema error, at its key path and the line found for it."""
    return [_at(lines, tuple(err["loc"]), _pydantic_message(err), _pydantic_hint(err))
            for err in exc.errors(include_url=False)]


def table_keys(loc: tuple[Any, ...]) -> list[str]:
    """The keys the scenario file allows in the table at ``loc`` (``("sides", 0)``: a side's
    keys), read from the schema; empty where ``loc`` leads to no table of it."""
    import typing

    from pydantic import BaseModel

    from .schema import ScenarioFile as Schema

    kind: Any = Schema
    for step in loc:
        while typing.get_origin(kind) in (list, tuple, dict, typing.Union, types.UnionType):
            args = [a for a in typing.get_args(kind) if a is not type(None) and a is not Ellipsis]
            kind = args[-1] if args else None  # (a dict's values, a list's items)
        if isinstance(step, int) or not (isinstance(kind, type) and issubclass(kind, BaseModel)):
            continue
        field = kind.model_fields.get(step)
        if field is None:
            return []
        kind = field.annotation
    if not (isinstance(kind, type) and issubclass(kind, BaseModel)):
        return []
    return [f.alias or name for name, f in kind.model_fields.items()]


def check_spec(spec: ScenarioFile, name: str, lines: list[str]) -> tuple[MapData, list[Problem]]:
    """The map built from a schema-valid file, and every problem the cross-field checks find."""
    game_map, problems = spec_problems(spec, lines)
    return game_map, [p.as_problem(name) for p in problems]


def spec_problems(spec: ScenarioFile, lines: list[str]) -> tuple[MapData, list[ScenarioProblem]]:
    """The map built from a schema-valid file, and every problem the cross-field checks find, each
    with its line and key path."""
    problems: list[ScenarioProblem] = []
    game_map = _build_map(spec, lines, problems)
    _check_sides_and_soldiers(spec, game_map, lines, problems)
    side_ids = [s.id for s in spec.sides]
    for side in spec.barrages:  # §9.5: the calls each side may make, by side id
        if side not in side_ids:
            problems.append(_at(lines, ("barrages",), f"{side!r} is not a side of this scenario (§9.5)",
                                f"name a side: {', '.join(side_ids)}"))
    return game_map, problems


# --- the checks ---------------------------------------------------------------------------

def _pydantic_message(err: Any) -> str:
    msg = str(err["msg"])
    if err["type"] == "extra_forbidden":
        return "unknown key (check the spelling)"
    if err["type"] == "missing":
        return "missing (required)"
    return f"{msg} (got {err['input']!r})" if not isinstance(err["input"], dict | list) else msg


_HINTS = {
    "int_parsing": "write a whole number without quotes, e.g. turns = 8",
    "int_type": "write a whole number without quotes, e.g. turns = 8",
    "int_from_float": "write a whole number, without a decimal point",
    "string_type": "write text in quotes, e.g. \"T1\"",
    "list_type": "write a list in brackets, e.g. [\"A1\", \"B2\"]",
    "tuple_type": "write two values in brackets, e.g. [1, 3]",
    "dict_type": "write a table, e.g. { smoke = 1 } or a [name] section",
    "model_type": "write a table, e.g. [map] with its keys below it",
    "greater_than_equal": "raise it to the least the message names",
    "less_than_equal": "lower it to the most the message names",
    "too_short": "give it at least as many entries as the message names",
    "too_long": "give it at most as many entries as the message names",
    "string_too_short": "it may not be empty",
    "string_too_long": "shorten it",
    "string_pattern_mismatch": "ids are lower-case letters, digits and _ (a soldier: a letter and up to five "
                               "letters or digits, e.g. T1)",
    "literal_error": "write one of the values the message names, in quotes",
    "enum": "write one of the values the message names, in quotes",
    "bool_type": "write true or false",
}


def _pydantic_hint(err: Any) -> str:
    """What to do about a schema error."""
    if err["type"] == "extra_forbidden":
        loc = tuple(err["loc"])
        near = difflib.get_close_matches(str(loc[-1]), table_keys(loc[:-1]), n=1) if loc else []
        if near:
            return f"did you mean {near[0]}? (rulebook §10.1)"
        return "remove it, or spell it as a key of this table (rulebook §10.1)"
    if err["type"] == "missing":
        return f"add {err['loc'][-1]} = ..." if err["loc"] and isinstance(err["loc"][-1], str) else "add it"
    return _HINTS.get(err["type"], "see the scenario file keys (rulebook §10.1)")


def _terrain_line_number(lines: list[str], row: int) -> int | None:
    for i, ln in enumerate(lines):
        m = re.match(r'^\s*terrain\s*=\s*("""|\'\'\')(.*)$', ln)
        if m:
            first_has_data = bool(m.group(2).strip())
            return i + 1 + row + (0 if first_has_data else 1)
    return None


@functools.lru_cache(maxsize=8)
def _hex_rows(columns: int, rows: int) -> tuple[tuple[Hex, ...], ...]:
    """The hexes of a map, row by row (the same few sizes are read again and again: the editor
    checks its file after each change)."""
    return tuple(tuple(qoffset_to_cube(OffsetCoord(col, row)) for col in range(columns)) for row in range(rows))


def _build_map(spec: ScenarioFile, lines: list[str], problems: list[ScenarioProblem]) -> MapData:
    m = spec.map
    rows = [r.strip() for r in m.terrain.strip("\n").splitlines()]
    rows = [r for r in rows if r]
    if len(rows) != m.rows:
        problems.append(_at(lines, ("map", "terrain"), f"{len(rows)} terrain rows for rows = {m.rows}",
                            "one line of letters per row of the map, from row 1"))
    terrain: dict[Hex, Terrain] = {}
    for row, hexes in enumerate(_hex_rows(m.columns, m.rows)):
        text = rows[row] if row < len(rows) else "." * m.columns
        if row < len(rows) and len(text) != m.columns:
            problems.append(_at(lines, ("map", "terrain"), f"row {row + 1} has {len(text)} letters for columns = "
                                f"{m.columns}", "one letter per column in every row",
                                line=_terrain_line_number(lines, row)))
        for col, cell in enumerate(hexes):
            letter = text[col] if col < len(text) else "."
            t = TERRAIN_LETTERS.get(letter)
            if t is None:
                problems.append(_at(lines, ("map", "terrain"), f"row {row + 1} column {col + 1}: unknown terrain "
                                    f"letter {letter!r}", "use . h d t s r (rulebook §1.2)",
                                    line=_terrain_line_number(lines, row)))
                t = Terrain.OPEN
            terrain[cell] = t
    hex_lines: dict[Hex, HexLine] = {}
    for kind, specs in ((LineKind.FENCE, m.fences), (LineKind.HEDGE, m.hedges)):
        for i, ls in enumerate(specs):
            loc = ("map", f"{kind.value}s", i, "hex")
            h = _hex_on_map(ls.hex, terrain, m, lines, loc, problems)
            if h is None:
                continue
            if h in hex_lines:
                problems.append(_at(lines, loc, f"{ls.hex} already has a {hex_lines[h].kind.value}",
                                    "one fence or hedge per hex (§3.6)"))
                continue
            hex_lines[h] = HexLine(kind=kind, axis=ls.axis)
    features = build_features(spec, terrain, lambda loc, message, hint: _at(lines, loc, message, hint), problems)
    if features is None:
        return MapData(columns=m.columns, rows=m.rows, terrain=terrain, lines=hex_lines)
    plain = MapData(columns=m.columns, rows=m.rows, terrain=terrain, lines=hex_lines)
    return MapData(columns=m.columns, rows=m.rows, terrain=terrain, lines=hex_lines, features=features, plain=plain)


def _hex_on_map(text: str, terrain: dict[Hex, Terrain], m: MapSpec, lines: list[str],
                loc: tuple[Any, ...], problems: list[ScenarioProblem]) -> Hex | None:
    if not is_hex_id(text):
        problems.append(_at(lines, loc, f"{text!r} is not a hex id", "a column letter and a row number, e.g. C7"))
        return None
    h = hex_from_id(text)
    if h not in terrain:
        last = hex_to_id(qoffset_to_cube(OffsetCoord(m.columns - 1, m.rows - 1)))
        problems.append(_at(lines, loc, f"{text} is off the {m.columns}x{m.rows} map",
                            f"the map runs from A1 to {last}"))
        return None
    return h


def _check_sides_and_soldiers(spec: ScenarioFile, game_map: MapData, lines: list[str],
                              problems: list[ScenarioProblem]) -> None:
    side_ids = [s.id for s in spec.sides]
    sides_hint = f"the sides are {', '.join(side_ids)}" if side_ids else "add two [[sides]] entries"
    if len(spec.sides) != 2:
        problems.append(_at(lines, ("sides",), f"{len(spec.sides)} sides: the game has two (§1.1)",
                            "write two [[sides]] entries, each with an id and a name"))
    if len(set(side_ids)) != len(side_ids):
        problems.append(_at(lines, ("sides",), "two sides share an id", "give each side its own id"))
    for i, rule in enumerate(spec.rules):
        what = rule_problem(rule)
        if what is not None:
            problems.append(_at(lines, ("rules", i), what, f"available: {', '.join(AVAILABLE)}"))
    chart = weapon_chart()
    seen: dict[str, int] = {}
    occupants: dict[Hex, str] = {}
    for i, s in enumerate(spec.soldiers):
        loc = ("soldiers", i)
        if s.id.upper() in seen:
            problems.append(_at(lines, loc + ("id",), f"id {s.id!r} is already used by soldiers[{seen[s.id.upper()]}]",
                                "give each soldier his own id"))
        seen.setdefault(s.id.upper(), i)
        if s.side not in side_ids:
            problems.append(_at(lines, loc + ("side",), f"unknown side {s.side!r}", sides_hint))
        if s.weapon not in chart.weapons:
            problems.append(_at(lines, loc + ("weapon",), f"unknown weapon {s.weapon!r}",
                                f"one of {', '.join(chart.weapons)} (rulebook 4.7)"))
        if s.facing.upper() not in Facing.__members__:
            problems.append(_at(lines, loc + ("facing",), f"{s.facing!r} is not a facing",
                                "N, NE, SE, S, SW or NW (4.3)"))
        if "scout" in s.traits and s.hex is not None:
            problems.append(_at(lines, loc + ("traits",), "a scout is placed in the deployment phase (§10.2)",
                                "leave out his hex"))
        if s.hex is None:
            if not any(z.side == s.side for z in spec.zones):
                problems.append(_at(lines, loc, f"{s.id} has no hex and side {s.side!r} has no deployment zone "
                                                "(§10.2)", f"give him a hex, or add a [[zones]] entry for {s.side}"))
            continue
        h = _hex_on_map(s.hex, game_map.terrain, spec.map, lines, loc + ("hex",), problems)
        if h is None:
            continue
        other = occupants.get(h)
        if other is not None and other != s.side:
            problems.append(_at(lines, loc + ("hex",), f"{s.hex} already holds {other} soldiers: enemies never "
                                                       "share a hex (§3.8)", "move one of them"))
        occupants.setdefault(h, s.side)
        _check_fence_side(s, h, game_map, lines, loc, problems)
    _check_setup(spec, game_map, lines, problems)
    for sid in side_ids:
        if sid not in spec.forces and not any(s.side == sid for s in spec.soldiers):
            problems.append(_at(lines, ("sides",), f"side {sid!r} has no soldiers and no [forces.{sid}] budget",
                                f"add [[soldiers]] with side = \"{sid}\", or a [forces.{sid}] budget (§10.3)"))


def _check_setup(spec: ScenarioFile, game_map: MapData, lines: list[str], problems: list[ScenarioProblem]) -> None:
    """Zones, budgets, sectors and objectives (§10.2-§10.4)."""
    side_ids = [s.id for s in spec.sides]
    sides_hint = f"the sides are {', '.join(side_ids)}"
    for i, z in enumerate(spec.zones):
        loc = ("zones", i)
        if z.side not in side_ids:
            problems.append(_at(lines, loc + ("side",), f"unknown side {z.side!r}", sides_hint))
        if not 1 <= z.rows[0] <= z.rows[1] <= spec.map.rows:
            problems.append(_at(lines, loc + ("rows",), f"rows {z.rows[0]}-{z.rows[1]} are not within "
                                                        f"1-{spec.map.rows}", "first and last row, e.g. [1, 3]"))
        if z.columns is not None:
            try:
                c0, c1 = column_index(z.columns[0]), column_index(z.columns[1])
            except (ValueError, IndexError):
                c0, c1 = -1, -1
            if not (z.columns[0].isalpha() and z.columns[1].isalpha()) or not 0 <= c0 <= c1 < spec.map.columns:
                problems.append(_at(lines, loc + ("columns",), f"columns {z.columns[0]}-{z.columns[1]} are not on "
                                                               "the map", "first and last letter, e.g. [\"A\", \"F\"]"))
    for side in spec.forces:
        if side not in side_ids:
            problems.append(_at(lines, ("forces",), f"unknown side {side!r} in [forces]", sides_hint))
        elif not any(z.side == side for z in spec.zones):
            problems.append(_at(lines, ("forces",), f"side {side!r} is bought by points but has no deployment "
                                                    "zone (§10.2)", f"add a [[zones]] entry for {side}"))
    if spec.victory == "hold":
        if not spec.objectives:
            problems.append(_at(lines, ("objectives",), "victory = \"hold\" needs objective hexes",
                                "e.g. objectives = [\"D4\", \"F5\"]"))
        if spec.defender not in side_ids:
            problems.append(_at(lines, ("defender",), "victory = \"hold\" needs defender = one of the sides",
                                sides_hint))
    for i, o in enumerate(spec.objectives):
        if not is_hex_id(o) or hex_from_id(o) not in game_map.terrain:
            problems.append(_at(lines, ("objectives", i), f"{o!r} is not on the map",
                                "a hex of the map, e.g. \"C7\""))


def _check_fence_side(s: SoldierSpec, h: Hex, game_map: MapData, lines: list[str],
                      loc: tuple[Any, ...], problems: list[ScenarioProblem]) -> None:
    line = game_map.line_at(h)
    if s.fence_side is None:
        return
    if line is None:
        problems.append(_at(lines, loc + ("fence_side",), f"{s.hex} has no fence or hedge, so fence_side means "
                                                          "nothing (§3.6)", "leave it out"))
    elif s.fence_side.upper() not in AXIS_HALVES[line.axis]:
        halves = " or ".join(AXIS_HALVES[line.axis])
        problems.append(_at(lines, loc + ("fence_side",), f"the {line.kind.value} in {s.hex} runs {line.axis}",
                            f"fence_side is {halves} (§3.6)"))


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
