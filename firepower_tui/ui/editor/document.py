"""A scenario file being edited: its TOML document and every change the editor makes to it.

The file is held as a tomlkit document, so what the editor does not touch stays as written:
comments, blank lines, the order of keys and tables, the quoting of strings. Each change edits
the one value it concerns (a terrain row, one door in a ``doors`` list, one soldier's table)
and :meth:`ScenarioDoc.text` is the file to save. :func:`check_text` checks a text as loading
does and gives every problem found with its place, and a scenario to draw even while some
problems remain (the men and features it cannot draw are left out of the drawing).

No Textual here: the screen (:mod:`.screen`) calls these and redraws.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import tomlkit
from tomlkit.items import AoT, Array, Table

from ...rules.board.features import side_key
from ...rules.board.hexgrid import (Facing, Hex, OffsetCoord, column_letters, hex_from_id, hex_neighbor,
                                    hex_neighbors, hex_to_id, is_hex_id, qoffset_from_cube, qoffset_to_cube)
from ...rules.board.terrain import TERRAIN_LETTERS, Terrain
from ...rules.model.errors import Problem
from ...rules.model.scenario import Scenario

MAX_SIZE = 60
"""The largest new map the editor makes, columns and rows (a file may hold more; the schema's limit)."""
WEAPONS = ("RFL", "LMG", "PST")
"""The weapons a man is given, in the order ``a`` cycles them (rulebook 4.7)."""
AXES = ("E-W", "NE-SW", "NW-SE")
"""A fence's or hedge's axes, in the order a key cycles them (§3.6)."""
OPENING_KEYS = {"door": "doors", "window": "windows", "slit": "slits"}
"""Each opening and the key of its list in a building's or bunker's table (§9.6)."""
_BUILDING_GROUND = {Terrain.OPEN, Terrain.HILL}
"""A building stands on open ground or a hill (ruling R71)."""
_WATER_GROUND = {Terrain.OPEN, Terrain.DEPRESSION}
"""Water lies on open ground or in a depression (ruling R71)."""


@dataclass(frozen=True, slots=True)
class Checked:
    """A text checked: every problem found, and the scenario as far as it can be drawn."""

    problems: tuple[Problem, ...]
    scenario: Scenario | None
    """None: the text is not TOML, or not the schema's (nothing to draw from it)."""
    data: dict[str, Any] | None = None
    """The file's plain data (None: not TOML)."""


def check_text(text: str, name: str) -> Checked:
    """Every problem of a scenario text with its place (``file:line: key``), as ``firepower
    validate`` names them (:func:`...rules.scenario.load.check_text`: TOML syntax, the schema
    and every check beyond it, in one run), and the scenario as far as it can be drawn (a value
    the schema refused stands in harmlessly). This is the editor's one call to the scenario checks.
    """
    import tomllib

    from ...rules.scenario.load import check_text as check_scenario

    checked = check_scenario(text)
    problems = tuple(p.as_problem(name) for p in checked.problems)
    raw: dict[str, Any] | None = checked.data  # (the schema's plain data; read again only when it refused)
    if raw is None:
        try:
            raw = tomllib.loads(text)
        except (tomllib.TOMLDecodeError, RecursionError, ValueError):
            raw = None
    if raw is None or checked.spec is None or checked.map is None:
        return Checked(problems, None, raw)
    return Checked(problems, _drawable(checked.spec, checked.map, name, text), raw)


def describe(data: dict[str, Any], h: Hex) -> list[str]:
    """What the file puts on ``h``, in words (the side panel), from its plain data."""
    hid = hex_to_id(h)
    m = data.get("map", {})
    c = qoffset_from_cube(h)
    rows = [r.strip() for r in str(m.get("terrain", "")).strip("\n").splitlines() if r.strip()]
    letter = rows[c.row][c.col] if c.row < len(rows) and c.col < len(rows[c.row]) else "."
    t = TERRAIN_LETTERS.get(letter)
    out = [f"{hid}: {t.value if t else repr(letter)}"]
    for kind in ("fences", "hedges"):
        out += [f"{kind[:-1]} {line.get('axis')}" for line in m.get(kind, []) if str(line.get("hex", "")).upper() == hid]
    out += [key for key in ("water", "rubble") if hid in (str(x).upper() for x in m.get(key, []))]
    for key in ("buildings", "bunkers"):
        for b in data.get(key, []):
            if hid in (str(x).upper() for x in b.get("hexes", [])):
                out.append(f"{key[:-1]} {' '.join(str(x) for x in b.get('hexes', []))}")
                for okey in ("doors", "windows", "slits"):
                    mine = [str(x).split(":")[1] for x in b.get(okey, []) if str(x).upper().startswith(hid + ":")]
                    if mine:
                        out.append(f"{okey}: {' '.join(mine)}")
    walls = [str(x).split(":")[1] for w in data.get("walls", []) for x in w.get("hexsides", [])
             if str(x).upper().startswith(hid + ":")]
    if walls:
        out.append(f"walls: {' '.join(walls)}")
    if hid in (str(x).upper() for x in data.get("objectives", [])):
        out.append("objective")
    out += [f"{s.get('id')} {s.get('side')} {s.get('weapon')} facing {s.get('facing', 'N')}"
            for s in data.get("soldiers", []) if str(s.get("hex", "")).upper() == hid]
    return out


def _drawable(spec: Any, game_map: Any, name: str, text: str) -> Scenario:
    """The scenario with only the men that can be drawn: of a side, armed with a known weapon,
    facing a facing, on the map (or waiting to be placed), and no enemy in their hex."""
    import hashlib

    from ...rules.model.units import weapon_chart
    from ...rules.scenario.checks import fill_fence_sides

    sides = {s.id for s in spec.sides}
    weapons = weapon_chart().weapons
    held: dict[Hex, str] = {}
    kept = []
    for s in spec.soldiers:
        if s.side not in sides or s.weapon not in weapons or s.facing.upper() not in Facing.__members__:
            continue
        if s.hex is not None:
            if not is_hex_id(s.hex) or not game_map.on_map(hex_from_id(s.hex)):
                continue
            h = hex_from_id(s.hex)
            if held.setdefault(h, s.side) != s.side:
                continue
        kept.append(s)
    spec = spec._replace(soldiers=kept)
    return Scenario(spec=fill_fence_sides(spec, game_map), map=game_map, path=name,
                    digest=hashlib.sha256(text.encode()).hexdigest(), text=text)


def new_text(columns: int, rows: int, scenario_id: str) -> str:
    """The file of a new scenario: an open map of ``columns`` x ``rows``, two sides, no men yet."""
    title = scenario_id.replace("-", " ").replace("_", " ").capitalize() or "A new scenario"
    terrain = "\n".join("." * columns for _ in range(rows))
    return f'''# A scenario made with `firepower edit`; `firepower validate FILE` checks it.

id = "{scenario_id}"
title = "{title}"
description = """
Say here what each side must do to win."""
turns = 8
chits_per_side = 4
rules = []
victory = "kills"

[map]
columns = {columns}
rows = {rows}
# . open  h hill  d depression  t trees  s scrub  r rough
terrain = """
{terrain}
"""

[[sides]]
id = "tan"
name = "Tan"

[[sides]]
id = "green"
name = "Green"
'''


def file_id(stem: str) -> str:
    """A scenario id made from a file name (lower case, letters, digits, ``-`` and ``_``)."""
    out = re.sub(r"[^a-z0-9_-]+", "-", stem.lower()).strip("-_")
    return (out or "scenario")[:40]


def parse_size(text: str) -> tuple[int, int]:
    """``40x30`` as (columns, rows), each 1 to :data:`MAX_SIZE`.

    Raises:
        ValueError: not written so, or too large (the message says which).

    >>> parse_size("40x30")
    (40, 30)
    """
    m = re.fullmatch(r"\s*(\d{1,3})\s*[xX]\s*(\d{1,3})\s*", text)
    if not m:
        raise ValueError(f"{text!r} is not a size: write COLUMNSxROWS, e.g. 40x30")
    columns, rows = int(m.group(1)), int(m.group(2))
    if not (1 <= columns <= MAX_SIZE and 1 <= rows <= MAX_SIZE):
        raise ValueError(f"{columns}x{rows}: a new map has 1 to {MAX_SIZE} columns and rows")
    return columns, rows


def _multiline(value: str) -> Any:
    """A multi-line string item written ``\"\"\"`` then a line break, as the scenarios write terrain."""
    escaped = value.replace("\\", "\\\\").replace('"""', '""\\"')
    return tomlkit.parse('v = """\n' + escaped + '"""\n')["v"]


class ScenarioDoc:
    """The file being edited. Every change returns a message when it does nothing (why), else ''."""

    def __init__(self, text: str) -> None:
        """Raises: tomlkit's ParseError for a text that is not TOML (the caller checked it first)."""
        self.doc = tomlkit.parse(text)
        self._rows = self._read_rows()

    # --- reading --------------------------------------------------------------------------------

    def text(self) -> str:
        """The file as it would be saved."""
        return self.doc.as_string()

    @property
    def columns(self) -> int:
        return int(self.doc["map"]["columns"])

    @property
    def rows(self) -> int:
        return int(self.doc["map"]["rows"])

    def _read_rows(self) -> list[list[str]]:
        written = [r.strip() for r in str(self.doc["map"]["terrain"]).strip("\n").splitlines()]
        written = [r for r in written if r]
        out = []
        for row in range(self.rows):
            text = written[row] if row < len(written) else ""
            out.append(list(text[:self.columns].ljust(self.columns, ".")))
        return out

    def on_map(self, h: Hex) -> bool:
        c = qoffset_from_cube(h)
        return 0 <= c.col < self.columns and 0 <= c.row < self.rows

    def terrain_at(self, h: Hex) -> Terrain:
        c = qoffset_from_cube(h)
        return TERRAIN_LETTERS.get(self._rows[c.row][c.col], Terrain.OPEN)

    def _list(self, table: Any, key: str) -> list[Any]:
        return list(table.get(key, [])) if table is not None else []

    def _aot(self, key: str) -> list[Any]:
        return list(self.doc.get(key, []))

    def soldiers_at(self, h: Hex) -> list[Any]:
        """The soldiers' tables with their hex on ``h``."""
        hid = hex_to_id(h)
        return [s for s in self._aot("soldiers") if str(s.get("hex", "")).upper() == hid]

    def side_ids(self) -> list[str]:
        return [str(s.get("id", "")) for s in self._aot("sides")]

    def building_of(self, h: Hex) -> tuple[str, Any] | None:
        """``("buildings" | "bunkers", its table)`` of the building or bunker holding ``h``."""
        hid = hex_to_id(h)
        for key in ("buildings", "bunkers"):
            for b in self._aot(key):
                if hid in (str(x).upper() for x in b.get("hexes", [])):
                    return key, b
        return None

    # --- terrain --------------------------------------------------------------------------------

    def paint(self, hexes: list[Hex], letter: str) -> str:
        """Paint the terrain ``letter`` (``. h d t s r``) on the hexes that are on the map."""
        changed = False
        for h in hexes:
            if not self.on_map(h):
                continue
            c = qoffset_from_cube(h)
            if self._rows[c.row][c.col] != letter:
                self._rows[c.row][c.col] = letter
                changed = True
        if not changed:
            return f"already {TERRAIN_LETTERS[letter].value}"
        self._write_terrain()
        return ""

    def _write_terrain(self) -> None:
        m = self.doc["map"]
        m["terrain"] = _multiline("\n".join("".join(r) for r in self._rows) + "\n")

    def _set_terrain(self, h: Hex, ground: set[Terrain], to: Terrain) -> None:
        if self.terrain_at(h) not in ground:
            self.paint([h], to.letter)

    # --- lists of hexes in [map] ----------------------------------------------------------------

    def _map_list(self, key: str) -> Array:
        m = self.doc["map"]
        if key not in m:
            _add_to_table(m, key, tomlkit.array())
        value = m[key]
        assert isinstance(value, Array)
        return value

    def _drop_from_map_list(self, key: str, hid: str) -> bool:
        m = self.doc["map"]
        if key not in m:
            return False
        arr = m[key]
        idx = [i for i, x in enumerate(arr) if str(x).upper() == hid]
        for i in reversed(idx):
            del arr[i]
        return bool(idx)

    def toggle_water(self, h: Hex) -> str:
        """Water on or off (§9.6); the hex becomes open ground if it was neither open nor a depression."""
        return self._toggle_ground_list(h, "water", _WATER_GROUND, Terrain.OPEN)

    def toggle_rubble(self, h: Hex) -> str:
        """Rubble on or off (§9.6); the hex becomes rough ground, which rubble is."""
        return self._toggle_ground_list(h, "rubble", {Terrain.ROUGH}, Terrain.ROUGH)

    def _toggle_ground_list(self, h: Hex, key: str, ground: set[Terrain], to: Terrain) -> str:
        hid = hex_to_id(h)
        if self._drop_from_map_list(key, hid):
            return ""
        if self.building_of(h) is not None:
            return f"{hid} is a building's hex: take the building off first (B)"
        other = "rubble" if key == "water" else "water"
        self._drop_from_map_list(other, hid)
        self._set_terrain(h, ground, to)
        self._map_list(key).append(hid)
        return ""

    def cycle_line(self, h: Hex, kind: str) -> str:
        """A fence (``fences``) or hedge (``hedges``) in the hex: none, then each axis, then none (§3.6)."""
        hid = hex_to_id(h)
        m = self.doc["map"]
        for key in ("fences", "hedges"):
            arr = m.get(key)
            if arr is None:
                continue
            for i, line in enumerate(list(arr)):
                if str(line.get("hex", "")).upper() == hid:
                    axis = str(line.get("axis"))
                    if key == kind and axis in AXES[:-1]:  # the next axis, in its place in the list
                        line["axis"] = AXES[AXES.index(axis) + 1]
                        return ""
                    del arr[i]
                    if key == kind:  # the last axis: no line
                        return ""
        self._map_list(kind).append(tomlkit.parse(f'v = {{ hex = "{hid}", axis = "{AXES[0]}" }}')["v"])
        return ""

    # --- buildings, bunkers, walls ----------------------------------------------------------------

    def toggle_building(self, h: Hex, key: str = "buildings") -> str:
        """``h`` out of its building or bunker; else into an adjacent one of ``key``'s kind, else a
        new one. A new building hex on other ground becomes open ground (R71)."""
        hid = hex_to_id(h)
        found = self.building_of(h)
        if found is not None:
            okey, b = found
            hexes = b["hexes"]
            for i in reversed([i for i, x in enumerate(hexes) if str(x).upper() == hid]):
                del hexes[i]
            for open_key in ("doors", "windows", "slits"):
                arr = b.get(open_key)
                if arr is not None:
                    for i in reversed([i for i, x in enumerate(arr) if str(x).upper().startswith(hid + ":")]):
                        del arr[i]
            if not len(hexes):
                self._remove_table(okey, b)
            return ""
        self._drop_from_map_list("water", hid)
        self._drop_from_map_list("rubble", hid)
        self._set_terrain(h, _BUILDING_GROUND, Terrain.OPEN)
        for b in self._aot(key):
            if any(is_hex_id(str(x)) and hex_from_id(str(x)) in hex_neighbors(h) for x in b.get("hexes", [])):
                b["hexes"].append(hid)
                return ""
        table = tomlkit.table()
        table["hexes"] = [hid]
        self._append_table(key, table)
        return ""

    def toggle_opening(self, h: Hex, facing: Facing, kind: str) -> str:
        """A door, window or slit on the hexside ``facing`` of ``h`` on or off (§9.6): named by
        the building's own hex, replacing another opening there."""
        key = OPENING_KEYS[kind]
        other = hex_neighbor(h, facing)
        here, there = self.building_of(h), self.building_of(other) if self.on_map(other) else None
        if here is not None and there is not None and here[1] is there[1]:
            return f"{hex_to_id(h)}:{facing.name} is inside a building: an opening is on its edge (§9.6)"
        if here is None and there is None:
            return f"no building on {hex_to_id(h)}:{facing.name}: a {kind} is on a building's edge (§9.6)"
        if not self.on_map(other):
            return f"{hex_to_id(h)}:{facing.name} is the map's edge: nothing can go through it"
        if here is not None:
            owner_hex, side, (bkey, b) = h, facing, here
        else:
            assert there is not None
            owner_hex, side, (bkey, b) = other, facing.opposite, there
        if (bkey == "bunkers") != (kind == "slit") and kind != "door":
            return "a bunker has slits, a building windows (§9.6)"
        name = f"{hex_to_id(owner_hex)}:{side.name}"
        had = None
        for okey in ("doors", "windows", "slits"):
            arr = b.get(okey)
            if arr is None:
                continue
            for i in reversed([i for i, x in enumerate(arr) if str(x).upper() == name]):
                del arr[i]
                had = okey
        if had == key:
            return ""
        if key not in b:
            b[key] = tomlkit.array()
        b[key].append(name)
        return ""

    def toggle_wall(self, h: Hex, facing: Facing) -> str:
        """A high wall on the hexside ``facing`` of ``h`` on or off (§9.6)."""
        if not self.on_map(hex_neighbor(h, facing)):
            return "a wall stands between two hexes of the map (§9.6)"
        k = side_key(h, facing)
        for w in self._aot("walls"):
            arr = w.get("hexsides", [])
            idx = [i for i, x in enumerate(arr) if _parse_side(str(x)) == k]
            if idx:
                for i in reversed(idx):
                    del arr[i]
                if not len(arr):
                    self._remove_table("walls", w)
                return ""
        walls = self._aot("walls")
        name = f"{hex_to_id(h)}:{facing.name}"
        if walls:
            walls[0]["hexsides"].append(name)
        else:
            table = tomlkit.table()
            table["hexsides"] = [name]
            self._append_table("walls", table)
        return ""

    def opening_on(self, h: Hex, facing: Facing) -> str | None:
        """The wall or opening on a hexside (``wall``, ``door``, ...), if any."""
        k = side_key(h, facing)
        for w in self._aot("walls"):
            if any(_parse_side(str(x)) == k for x in w.get("hexsides", [])):
                return "wall"
        for key in ("buildings", "bunkers"):
            for b in self._aot(key):
                for okey, kind in (("doors", "door"), ("windows", "window"), ("slits", "slit")):
                    if any(_parse_side(str(x)) == k for x in b.get(okey, [])):
                        return kind
        return None

    # --- objectives and men ----------------------------------------------------------------------

    def toggle_objective(self, h: Hex) -> str:
        hid = hex_to_id(h)
        if "objectives" not in self.doc:
            self.doc["objectives"] = tomlkit.array()
        arr = self.doc["objectives"]
        idx = [i for i, x in enumerate(arr) if str(x).upper() == hid]
        for i in reversed(idx):
            del arr[i]
        if not idx:
            arr.append(hid)
        return ""

    def add_soldier(self, h: Hex, side: str, weapon: str) -> str:
        """A man of ``side`` with ``weapon`` on ``h``, facing the enemy's half of the map; his id
        the side's first letter and the next free number."""
        if side not in self.side_ids():
            return f"no side {side!r} in this scenario"
        for s in self.soldiers_at(h):
            if s.get("side") != side:
                return f"{hex_to_id(h)} holds enemy men: enemies never share a hex (§3.8)"
        used = {str(s.get("id", "")).upper() for s in self._aot("soldiers")}
        letter = (side[:1] or "X").upper()
        n = 1
        while f"{letter}{n}" in used:
            n += 1
        row = qoffset_from_cube(h).row
        table = tomlkit.table()
        table.update({"id": f"{letter}{n}", "side": side, "weapon": weapon, "hex": hex_to_id(h),
                      "facing": "S" if row < self.rows / 2 else "N"})
        self._append_table("soldiers", table)
        return ""

    def remove_soldier(self, h: Hex) -> str:
        men = self.soldiers_at(h)
        if not men:
            return f"nobody on {hex_to_id(h)}"
        self._remove_table("soldiers", men[-1])
        return ""

    def turn_soldier(self, h: Hex, step: int) -> str:
        """The last man on ``h`` turned one hexside (1 right, -1 left)."""
        men = self.soldiers_at(h)
        if not men:
            return f"nobody on {hex_to_id(h)}"
        s = men[-1]
        order = list(Facing)
        facing = str(s.get("facing", "N")).upper()
        now = Facing[facing] if facing in Facing.__members__ else Facing.N
        s["facing"] = order[(order.index(now) + step) % len(order)].name
        return ""

    def cycle_weapon(self, h: Hex) -> str:
        men = self.soldiers_at(h)
        if not men:
            return f"nobody on {hex_to_id(h)}"
        s = men[-1]
        now = str(s.get("weapon", "RFL"))
        s["weapon"] = WEAPONS[(WEAPONS.index(now) + 1) % len(WEAPONS)] if now in WEAPONS else WEAPONS[0]
        return ""

    # --- the scenario's own keys -------------------------------------------------------------------

    def get(self, key: str, default: Any = None) -> Any:
        """A top-level value as plain Python (``rules`` a list, ``sectors`` a dict ...)."""
        value = self.doc.get(key, default)
        return value.unwrap() if hasattr(value, "unwrap") else value

    def set(self, key: str, value: Any) -> None:
        """Set a top-level value (None: remove the key); an unchanged value is left as written."""
        if value is None:
            if key in self.doc:
                del self.doc[key]
            return
        if self.get(key) == value:
            return
        if key == "description":
            value = _multiline(value)
        elif isinstance(value, dict):
            table = tomlkit.inline_table()
            table.update(value)
            value = table
        self.doc[key] = value

    def set_side(self, index: int, field: str, value: str) -> None:
        sides = self._aot("sides")
        if index < len(sides) and sides[index].get(field) != value:
            old = str(sides[index].get(field))
            sides[index][field] = value
            if field == "id":
                self._rename_side(old, value)

    def _rename_side(self, old: str, new: str) -> None:
        """A side's new id everywhere it is named: its men, zones, forces, barrages, the defender."""
        for key in ("soldiers", "zones"):
            for t in self._aot(key):
                if t.get("side") == old:
                    t["side"] = new
        for key in ("forces", "barrages"):
            table = self.doc.get(key)
            if table is not None and old in table:
                value = table[old]
                del table[old]
                table[new] = value
        if self.doc.get("defender") == old:
            self.doc["defender"] = new

    def zone_of(self, side: str) -> tuple[tuple[int, int], tuple[str, ...] | None] | None:
        """A side's zone as the file has it: its rows, its columns (two in a valid file) or None."""
        for z in self._aot("zones"):
            if z.get("side") == side:
                rows = tuple(int(r) for r in z.get("rows", (1, 1)))
                cols = z.get("columns")
                return (rows[0], rows[1]), (tuple(str(c) for c in cols) if cols is not None else None)
        return None

    def set_zone(self, side: str, rows: tuple[int, int] | None, columns: tuple[str, str] | None) -> None:
        """A side's deployment zone (§10.2): rows and columns, inclusive (rows None: no zone)."""
        zones = [z for z in self._aot("zones") if z.get("side") == side]
        if rows is None:
            for z in zones:
                self._remove_table("zones", z)
            return
        if zones:
            z = zones[0]
            if self.zone_of(side) == (rows, columns):
                return
        else:
            z = tomlkit.table()
            z["side"] = side
            self._append_table("zones", z)
            z = [t for t in self._aot("zones") if t.get("side") == side][0]
        z["rows"] = list(rows)
        if columns is None:
            if "columns" in z:
                del z["columns"]
        else:
            z["columns"] = list(columns)

    def budget_of(self, side: str) -> int | None:
        forces = self.doc.get("forces")
        if forces is None or side not in forces:
            return None
        return int(forces[side].get("budget", 0))

    def set_budget(self, side: str, budget: int | None) -> None:
        """A side bought by points (§10.3): its budget (None: listed men, no budget)."""
        if self.budget_of(side) == budget:
            return
        forces = self.doc.get("forces")
        if budget is None:
            if forces is not None and side in forces:
                del forces[side]
                if not len(forces):
                    del self.doc["forces"]
            return
        if forces is None:
            self.doc.append("forces", tomlkit.table(is_super_table=True))
            forces = self.doc["forces"]
        if side in forces:
            forces[side]["budget"] = budget
        else:
            t = tomlkit.table()
            t["budget"] = budget
            forces[side] = t

    # --- tables -----------------------------------------------------------------------------------

    def _append_table(self, key: str, table: Table) -> None:
        """A new ``[[key]]`` table after the last one (at the end of the file if there is none),
        a blank line before it."""
        if key in self.doc:
            aot = self.doc[key]
            aot.append(table)
            rendered = self.doc.as_string()
            header = rendered.rfind(f"[[{key}]]")
            if len(aot) > 1 and not rendered[:header].endswith("\n\n"):  # (tomlkit adds none after a table it read)
                aot[-2].add(tomlkit.nl())
        else:
            aot = tomlkit.aot()
            aot.append(table)
            if not self.doc.as_string().endswith("\n\n"):
                self.doc.add(tomlkit.nl())
            self.doc.append(key, aot)

    def _remove_table(self, key: str, table: Any) -> None:
        aot: AoT = self.doc[key]
        for i, t in enumerate(aot):
            if t is table:
                del aot[i]
                break
        if not len(aot):
            del self.doc[key]


def _parse_side(text: str) -> tuple[Hex, Facing] | None:
    from ...rules.scenario.features import parse_hexside

    found = parse_hexside(text)
    return side_key(*found) if found is not None else None


def _add_to_table(table: Any, key: str, value: Any) -> None:
    """A new key in a table after its last key (not after the comments that open the next table)."""
    keys = list(table.keys())
    if keys:
        table.value._insert_after(keys[-1], key, value)  # (tomlkit's own placement; append would
    else:                                                # put it after a trailing comment)
        table[key] = value


def hex_at(col: int, row: int) -> Hex:
    return qoffset_to_cube(OffsetCoord(col, row))


def column_name(col: int) -> str:
    return column_letters(col)


__all__ = ["AXES", "Checked", "describe", "MAX_SIZE", "OPENING_KEYS", "ScenarioDoc", "WEAPONS", "check_text", "file_id",
           "new_text", "parse_size"]
