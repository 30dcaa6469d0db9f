"""Victory (RULES.md §6, §10.4): ``kills``, ``points_and_ground`` and ``hold``.

Checked when the last turn ends and whenever a side is wiped out; :func:`score` gives the
live figures the header shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..board.hexgrid import Hex, qoffset_from_cube
from ..model.state import GameState
from ..model.types import Status
from ..model.units import Soldier

POINTS: dict[str, int] = {"RFL": 10, "PST": 8, "LMG": 18}
"""§10.3: rifleman 10, pistol-armed leader 8, LMG gunner 18."""
TRAIT_POINTS: dict[str, int] = {"scout": 3}
"""§10.3: trait scout +3."""
ITEM_POINTS: dict[str, int] = {"smoke": 2, "molotov": 3, "satchel": 5, "radio": 10}
"""§10.3 with ``special_weapons`` (§9.5): the price of each item (ruling R94)."""


def soldier_points(s: Soldier) -> int:
    """What a man is worth (§10.3)."""
    return POINTS.get(s.weapon, 0) + sum(TRAIT_POINTS.get(t, 0) for t in s.traits)


def sector_of(state: GameState, h: Hex) -> int:
    """The map sector a hex is in (scenario ``sectors``: columns x rows, default 3 x 2)."""
    spec = state.scenario.spec
    gmap = spec.map
    c = qoffset_from_cube(h)
    sx = min(spec.sectors.columns - 1, c.col * spec.sectors.columns // gmap.columns)
    sy = min(spec.sectors.rows - 1, c.row * spec.sectors.rows // gmap.rows)
    return sy * spec.sectors.columns + sx


def sector_control(state: GameState) -> list[str | None]:
    """Per sector: the side with a living, non-Stunned man in it and no enemy there (§10.4)."""
    spec = state.scenario.spec
    present: list[set[str]] = [set() for _ in range(spec.sectors.columns * spec.sectors.rows)]
    for s in state.living():
        if s.status is not Status.STUNNED:
            present[sector_of(state, s.hex)].add(s.side)
    return [next(iter(sides)) if len(sides) == 1 else None for sides in present]


@dataclass(frozen=True, slots=True)
class Score:
    """The live standing of one side."""

    side: str
    kills: int
    points_lost: int
    points_destroyed: int
    sectors: int
    objectives: int


def score(state: GameState) -> dict[str, Score]:
    sides = state.sides
    lost = {side: sum(soldier_points(s) for s in state.soldiers if s.side == side and s.killed) for side in sides}
    control = sector_control(state) if state.scenario.spec.victory == "points_and_ground" else []
    held = objectives_held(state)
    out = {}
    for side in sides:
        enemy = state.enemy_of(side)
        out[side] = Score(side=side, kills=state.kills.get(side, 0), points_lost=lost[side],
                          points_destroyed=lost[enemy], sectors=sum(1 for c in control if c == side),
                          objectives=sum(1 for holder in held.values() if holder == side))
    return out


def objectives_held(state: GameState) -> dict[Hex, str]:
    """Who holds each objective hex: the side of the last man to stand in it (the defender at first)."""
    return dict(state.holders)


def update_holders(state: GameState) -> GameState:
    """After an action: a side alone in an objective hex now holds it."""
    spec = state.scenario.spec
    if not spec.objectives:
        return state
    holders = dict(state.holders)
    changed = False
    for h in state.scenario.objective_hexes:
        sides = {s.side for s in state.soldiers_at(h)}
        if len(sides) == 1:
            side = next(iter(sides))
            if holders.get(h) != side:
                holders[h] = side
                changed = True
    return state.evolve(holders=holders) if changed else state


def decide(state: GameState, why: str) -> tuple[str | None, str]:
    """The winner (None: a draw) and the reason, by the scenario's victory condition."""
    kind = state.scenario.spec.victory
    name = state.scenario.side_name
    a, b = state.sides
    sc = score(state)
    if kind == "points_and_ground":
        return _points_and_ground(sc, a, b, name, why)
    if kind == "hold":
        defender = state.scenario.spec.defender or b
        attacker = state.enemy_of(defender)
        total = len(state.scenario.objective_hexes)
        if not state.living(defender):
            return attacker, f"{why}: {name(defender)} has no soldiers left to hold the objectives (§10.4)"
        if sc[defender].objectives == total:
            return defender, f"{why}: {name(defender)} still holds all {total} objective hexes (§10.4)"
        return attacker, (f"{why}: {name(attacker)} took {total - sc[defender].objectives} of the {total} "
                          "objective hexes (§10.4)")
    ka, kb = sc[a].kills, sc[b].kills
    if ka == kb:
        return None, f"{why}: {ka} kills each, a draw (§6)"
    winner, loser = (a, b) if ka > kb else (b, a)
    return winner, f"{why}: {name(winner)} killed {max(ka, kb)} to {name(loser)}'s {min(ka, kb)} (§6)"


def _points_and_ground(sc: dict[str, Score], a: str, b: str, name: Callable[[str], str],
                       why: str) -> tuple[str | None, str]:
    n = name
    detail = (f"points destroyed {n(a)} {sc[a].points_destroyed}, {n(b)} {sc[b].points_destroyed}; "
              f"sectors {n(a)} {sc[a].sectors}, {n(b)} {sc[b].sectors}")
    for side, other in ((a, b), (b, a)):
        more_points = sc[side].points_destroyed > sc[side].points_lost
        more_ground = sc[side].sectors > sc[other].sectors
        if more_points and more_ground:
            return side, f"{why}: {n(side)} destroyed more and holds more ground ({detail}) (§10.4)"
    return None, f"{why}: neither side has both more points and more ground ({detail}), a draw (§10.4)"
