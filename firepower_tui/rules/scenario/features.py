"""Checking and building a scenario's §9.6 features: buildings, bunkers, walls, water, rubble.

Every problem names the file, the line of its key and the key path
(``buildings[0].doors``), and says which entry of the list and why: a hexside written wrong,
a door on a hexside that is not on the building's edge, a hex in two buildings, a wall
between two hexes that are not both on the map.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..board.features import Building, MapFeatures, Opening, SideKey, side_id, side_key
from ..board.hexgrid import Facing, Hex, hex_from_id, hex_neighbor, hex_neighbors, is_hex_id
from ..board.terrain import Terrain
from ..model.scenario import ScenarioFile

At = Callable[[tuple[Any, ...], str, str], Any]
"""A problem at a key path of the file, from its message and hint (``checks.ScenarioProblem``)."""

_BUILDING_GROUND = (Terrain.OPEN, Terrain.HILL)
"""A building stands on open ground or a hill (ruling R71)."""
_WATER_GROUND = (Terrain.OPEN, Terrain.DEPRESSION)
"""Water lies on open ground or in a depression (ruling R71)."""


def parse_hexside(text: str) -> tuple[Hex, Facing] | None:
    """``E5:NE`` as a hex and a facing (None if it is not written so).

    >>> from firepower_tui.rules.board.hexgrid import hex_to_id
    >>> h, f = parse_hexside("e5:ne"); hex_to_id(h), f.name
    ('E5', 'NE')
    >>> parse_hexside("E5-N") is None, parse_hexside("E5:UP") is None
    (True, True)
    """
    hex_text, sep, side = text.partition(":")
    if not sep or not is_hex_id(hex_text.strip()) or side.strip().upper() not in Facing.__members__:
        return None
    return hex_from_id(hex_text.strip()), Facing[side.strip().upper()]


def has_features(spec: ScenarioFile) -> bool:
    """Whether the file has any §9.6 feature."""
    return bool(spec.buildings or spec.bunkers or spec.walls or spec.map.water or spec.map.rubble)


def build_features(spec: ScenarioFile, terrain: dict[Hex, Terrain], at: At,
                   problems: list[Any]) -> MapFeatures | None:
    """The features of a file (None when it has none), each problem added to ``problems``."""
    if not has_features(spec):
        return None
    building_of: dict[Hex, int] = {}
    buildings: list[Building] = []
    openings: dict[SideKey, Opening] = {}
    groups = [("buildings", b.hexes, (("doors", Opening.DOOR, b.doors), ("windows", Opening.WINDOW, b.windows)), False)
              for b in spec.buildings]
    groups += [("bunkers", b.hexes, (("doors", Opening.DOOR, b.doors), ("slits", Opening.SLIT, b.slits)), True)
               for b in spec.bunkers]
    counts = {"buildings": 0, "bunkers": 0}
    for key, hexes, opens, bunker in groups:
        i = counts[key]
        counts[key] += 1
        index = len(buildings)
        mine = _building_hexes(hexes, terrain, building_of, (key, i, "hexes"), at, problems)
        for h in mine:
            building_of[h] = index
        buildings.append(Building(number=index, hexes=frozenset(mine), bunker=bunker))
        for okey, kind, texts in opens:
            for j, text in enumerate(texts):
                loc = (key, i, okey)
                found = _hexside(text, terrain, loc, j, at, problems)
                if found is None:
                    continue
                h, f = found
                what = f"{okey}[{j}]: {text}"
                if h not in mine:
                    problems.append(at(loc, f"{what}: {text.split(':')[0]} is not one of this {key[:-1]}'s hexes",
                                       "name the hexside by its own hex (§9.6)"))
                elif hex_neighbor(h, f) in mine:
                    problems.append(at(loc, f"{what} is inside the {key[:-1]}, between two of its own hexes",
                                       "a door or window is on its edge (§9.6)"))
                elif hex_neighbor(h, f) not in terrain:
                    problems.append(at(loc, f"{what} opens off the map (§9.6)", "open it onto a hex of the map"))
                elif side_key(h, f) in openings:
                    problems.append(at(loc, f"{what}: that hexside is already a {openings[side_key(h, f)]} (§9.6)",
                                       "one opening per hexside"))
                else:
                    openings[side_key(h, f)] = kind
    walls: set[SideKey] = set()
    for i, w in enumerate(spec.walls):
        for j, text in enumerate(w.hexsides):
            loc = ("walls", i, "hexsides")
            found = _hexside(text, terrain, loc, j, at, problems)
            if found is None:
                continue
            h, f = found
            k = side_key(h, f)
            if hex_neighbor(h, f) not in terrain:
                problems.append(at(loc, f"hexsides[{j}]: {text} is on the map's edge",
                                   "a wall stands between two hexes of the map (§9.6)"))
            elif k in walls:
                problems.append(at(loc, f"hexsides[{j}]: {text} ({side_id(k)}) is already a wall", "name it once"))
            elif building_of.get(h) != building_of.get(hex_neighbor(h, f)):
                problems.append(at(loc, f"hexsides[{j}]: {text} is on a building's edge",
                                   "a building's edge is walled already (§9.6): leave it out"))
            else:
                walls.add(k)
    water = _hex_list(spec.map.water, "water", terrain, _WATER_GROUND, building_of, at, problems)
    rubble = _hex_list(spec.map.rubble, "rubble", terrain, (Terrain.ROUGH,), building_of, at, problems)
    overlap = water & rubble
    if overlap:
        problems.append(at(("map", "rubble"), f"{', '.join(sorted(map(_hid, overlap)))} cannot be both water and "
                                                 "rubble", "name each hex in one list only"))
    return MapFeatures(buildings=tuple(buildings), building_of=building_of, openings=openings,
                       walls=frozenset(walls), water=frozenset(water), rubble=frozenset(rubble))


def _hid(h: Hex) -> str:
    from ..board.hexgrid import hex_to_id
    return hex_to_id(h)


def _building_hexes(texts: list[str], terrain: dict[Hex, Terrain], building_of: dict[Hex, int],
                    loc: tuple[Any, ...], at: At, problems: list[Any]) -> list[Hex]:
    mine: list[Hex] = []
    for j, text in enumerate(texts):
        if not is_hex_id(text):
            problems.append(at(loc, f"hexes[{j}]: {text!r} is not a hex id", "a column letter and a row number, e.g. E5"))
            continue
        h = hex_from_id(text)
        if h not in terrain:
            problems.append(at(loc, f"hexes[{j}]: {text} is off the map", "name a hex of the map"))
        elif h in building_of or h in mine:
            problems.append(at(loc, f"hexes[{j}]: {text} is already part of a building or bunker",
                                   "a hex belongs to one building at most"))
        elif terrain[h] not in _BUILDING_GROUND:
            problems.append(at(loc, f"hexes[{j}]: {text} is {terrain[h].value}",
                                   "a building stands on open ground or a hill (terrain letter . or h; ruling R71)"))
        else:
            mine.append(h)
    if len(mine) > 1:
        reached = {mine[0]}
        todo = [mine[0]]
        while todo:
            for n in hex_neighbors(todo.pop()):
                if n in mine and n not in reached:
                    reached.add(n)
                    todo.append(n)
        if len(reached) != len(mine):
            problems.append(at(loc, "its hexes are not all side by side: one building is one connected group of hexes",
                               "make two entries"))
    return mine


def _hexside(text: str, terrain: dict[Hex, Terrain], loc: tuple[Any, ...], j: int, at: At,
             problems: list[Any]) -> tuple[Hex, Facing] | None:
    found = parse_hexside(text)
    if found is None:
        problems.append(at(loc, f"{loc[-1]}[{j}]: {text!r} is not a hexside",
                               "write hex:side, e.g. E5:NE (sides N, NE, SE, S, SW, NW)"))
        return None
    if found[0] not in terrain:
        problems.append(at(loc, f"{loc[-1]}[{j}]: {text}: the hex is off the map", "name a hex of the map"))
        return None
    return found


def _hex_list(texts: list[str], key: str, terrain: dict[Hex, Terrain], ground: tuple[Terrain, ...],
              building_of: dict[Hex, int], at: At, problems: list[Any]) -> set[Hex]:
    out: set[Hex] = set()
    loc = ("map", key)
    for j, text in enumerate(texts):
        if not is_hex_id(text):
            problems.append(at(loc, f"{key}[{j}]: {text!r} is not a hex id", "a column letter and a row number, e.g. D7"))
            continue
        h = hex_from_id(text)
        if h not in terrain:
            problems.append(at(loc, f"{key}[{j}]: {text} is off the map", "name a hex of the map"))
        elif h in building_of:
            problems.append(at(loc, f"{key}[{j}]: {text} is a building or bunker hex", "leave it out of the list"))
        elif terrain[h] not in ground:
            letters = " or ".join(t.letter for t in ground)
            problems.append(at(loc, f"{key}[{j}]: {text} is {terrain[h].value}",
                                   f"{key} lies on terrain letter {letters} (ruling R71)"))
        else:
            out.add(h)
    return out


__all__ = ["build_features", "has_features", "parse_hexside"]
