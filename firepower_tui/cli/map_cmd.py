"""``firepower map show SCENARIO`` and ``firepower map check FILE``: the map on the command line,
drawn as the app draws it, for players and for scenario authors."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..rules.board.hexgrid import Hex
    from ..rules.model.scenario import ScenarioFile
    from ..rules.board.terrain import MapData


def run(args: argparse.Namespace) -> int:
    """``map show`` / ``map check``: 0 when the scenario is good, 2 when it has problems (as validate)."""
    if args.map_command == "show":
        return _show(args)
    return _check(args)


def _console(args: argparse.Namespace) -> Any:
    from rich.console import Console

    no_color = bool(args.no_color or os.environ.get("NO_COLOR"))
    return Console(file=sys.stdout, no_color=no_color, highlight=False, soft_wrap=True, emoji=False,
                   color_system=None if no_color else "auto")


def _width(args: argparse.Namespace) -> int | None:
    if args.width is not None:
        return args.width or None
    if not sys.stdout.isatty():
        return None
    from .parsers import _terminal_columns

    return _terminal_columns()


def _print_map(args: argparse.Namespace, lines: list[Any]) -> None:
    from ..ui.render.map_text import bands

    console = _console(args)
    for i, band in enumerate(bands(lines, _width(args))):
        if i:
            console.print()
        for line in band:
            console.print(line)


def _zoom(args: argparse.Namespace) -> Any:
    from ..ui.render.map_grid import COMPACT, DETAILED

    return DETAILED if args.detailed else COMPACT


def _show(args: argparse.Namespace) -> int:
    from ..games.scenario_cache import load_cached
    from ..rules.basic.sequence import new_game
    from ..ui.render.map_text import map_grid, map_text_lines

    scenario = load_cached(args.scenario)
    state = new_game(scenario)
    spec = scenario.spec
    zoom = _zoom(args)
    grid = map_grid(scenario.map, state, ascii=args.ascii, zoom=zoom, lower_second=args.no_color or args.ascii)
    print(f"{spec.id}: {spec.title} ({spec.map.columns}x{spec.map.rows})")
    _print_map(args, map_text_lines(grid, spec.map.columns, spec.map.rows, zoom))
    print(_legend(args.ascii, marks=False))
    return 0


# --- map check -----------------------------------------------------------------------------------

def _check(args: argparse.Namespace) -> int:
    from ..rules.model.errors import FirepowerError
    from ..rules.scenario.load import load_scenario

    try:
        scenario = load_scenario(args.file)  # as `firepower validate`: through the schema
    except FirepowerError as exc:
        from .terminal import say

        say(str(exc))
        problems = True
        loaded = _lenient(args.file)
        if loaded is None:
            return 2  # not even the [map] could be read: the problems above are all there is
        spec, gmap = loaded
    else:
        problems = False
        spec, gmap = scenario.spec, scenario.map
        print(f"{args.file}: ok ({spec.title}; {spec.map.columns}x{spec.map.rows}, {len(spec.soldiers)} soldiers, "
              f"{spec.turns} turns)")
    _marked_map(args, spec, gmap)
    return 2 if problems else 0


def _lenient(path: str) -> tuple[ScenarioFile, MapData] | None:
    """A file the checks refused, read as far as its map (a value the schema refused stands in by a
    harmless one): the spec and the map built from it, or None when its TOML is broken or its map
    cannot be read (nothing to draw)."""
    from ..rules.scenario.load import check_text

    try:
        text = open(path, encoding="utf-8").read()  # noqa: SIM115 - read once
    except (OSError, UnicodeDecodeError):
        return None
    checked = check_text(text)
    if checked.spec is None or checked.map is None:
        return None
    return checked.spec, checked.map


def hex_references(spec: ScenarioFile) -> Iterator[tuple[str, str]]:
    """Every hex the file names, as ``(key path, hex id)`` (hexside keys ``D4:S`` give their hex)."""
    for i, s in enumerate(spec.soldiers):
        if s.hex is not None:
            yield f"soldiers[{i}].hex", s.hex
    for i, h in enumerate(spec.objectives):
        yield f"objectives[{i}]", h
    m = spec.map
    for key, lines in (("map.fences", m.fences), ("map.hedges", m.hedges)):
        for i, line in enumerate(lines):
            yield f"{key}[{i}].hex", line.hex
    for key, hexes in (("map.water", m.water), ("map.rubble", m.rubble)):
        for i, h in enumerate(hexes):
            yield f"{key}[{i}]", h
    for i, b in enumerate(spec.buildings):
        for part, names in (("hexes", b.hexes), ("doors", b.doors), ("windows", b.windows)):
            for j, h in enumerate(names):
                yield f"buildings[{i}].{part}[{j}]", h.split(":")[0]
    for i, k in enumerate(spec.bunkers):
        for part, names in (("hexes", k.hexes), ("doors", k.doors), ("slits", k.slits)):
            for j, h in enumerate(names):
                yield f"bunkers[{i}].{part}[{j}]", h.split(":")[0]
    for i, w in enumerate(spec.walls):
        for j, h in enumerate(w.hexsides):
            yield f"walls[{i}].hexsides[{j}]", h.split(":")[0]


def _zone_hexes(spec: ScenarioFile, gmap: MapData) -> dict[str, set[Hex]]:
    from ..rules.board.hexgrid import OffsetCoord, column_index, qoffset_to_cube

    out: dict[str, set[Hex]] = {}
    for z in spec.zones:
        c0, c1 = (0, spec.map.columns - 1) if z.columns is None else (column_index(z.columns[0]),
                                                                        column_index(z.columns[1]))
        for col in range(c0, c1 + 1):
            for row in range(z.rows[0] - 1, z.rows[1]):
                h = qoffset_to_cube(OffsetCoord(col, row))
                if gmap.on_map(h):
                    out.setdefault(z.side, set()).add(h)
    return out


def _marked_map(args: argparse.Namespace, spec: ScenarioFile, gmap: MapData) -> None:
    from ..rules.board.hexgrid import hex_from_id, is_hex_id
    from ..ui.render.map_text import map_grid, map_text_lines, mark_hexes

    zoom = _zoom(args)
    grid = map_grid(gmap, None, ascii=args.ascii, zoom=zoom)
    marks: dict[Hex, list[tuple[int, str, str]]] = {}
    sides = [s.id for s in spec.sides]
    for side, hexes in _zone_hexes(spec, gmap).items():
        k = sides.index(side) if side in sides else 0
        for h in hexes:
            marks.setdefault(h, []).append((1, side[:1].lower(), f"zone{min(k, 1)}"))
    off: list[str] = []
    for key, text in hex_references(spec):
        if not is_hex_id(text) or not gmap.on_map(hex_from_id(text)):
            off.append(f"  {key}: {text} is not on the {spec.map.columns}x{spec.map.rows} map")
            continue
        h = hex_from_id(text)
        if key.startswith("objectives"):
            marks.setdefault(h, []).append((0, "@" if args.ascii else "◎", "objective"))
        elif key.startswith("soldiers"):
            marks.setdefault(h, []).append((2, spec.soldiers[int(key[9:key.index("]")])].id[:1], "hexid"))
    for h, ids in _stacked_sides(spec).items():
        marks.setdefault(h, []).append((3, "!", "problem"))
        off.append(f"  {ids}: men of both sides in one hex (3.8)")
    mark_hexes(grid, marks)
    _print_map(args, map_text_lines(grid, spec.map.columns, spec.map.rows, zoom))
    print(_legend(args.ascii, marks=True, sides=sides))
    if off:
        print("Not on the map or not allowed:")
        print("\n".join(off))


def _stacked_sides(spec: ScenarioFile) -> dict[Hex, str]:
    from ..rules.board.hexgrid import hex_from_id, is_hex_id

    sides: dict[str, set[str]] = {}
    ids: dict[str, list[str]] = {}
    for s in spec.soldiers:
        if s.hex is not None and is_hex_id(s.hex):
            sides.setdefault(s.hex.upper(), set()).add(s.side)
            ids.setdefault(s.hex.upper(), []).append(s.id)
    return {hex_from_id(h): f"{h}: {', '.join(ids[h])}" for h, ss in sides.items() if len(ss) > 1}


def _legend(ascii: bool, *, marks: bool, sides: list[str] | None = None) -> str:
    from ..rules.board.terrain import Terrain
    from ..ui.render.map_grid import ASCII, UNICODE

    g = ASCII if ascii else UNICODE
    terrain = ", ".join(f"{g.terrain[t]!s} {t.value}" for t in Terrain if t is not Terrain.OPEN)
    text = f"Terrain: {terrain}; fence {g.fence['E-W']}, hedge {g.hedge} (rulebook 1.2, 3.6)"
    if marks:
        zones = ", ".join(f"{s[:1].lower()} {s}" for s in (sides or []))
        text += (f"\nMarks under each hex: {'@' if ascii else '◎'} objective (§10.4), deployment zone by side "
                 f"({zones}; §10.2), a man's initial where the file sets him up, ! a problem")
    return text
