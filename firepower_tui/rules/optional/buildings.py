"""The ``buildings`` rule (RULES.md §9.6): doors, cover inside, water, bunkers, damage.

What it adds to the basic game is :data:`EXTENSION`, in play on every map with features: each
of its points does nothing while the rule is off (:func:`features_in_play`) but the map in
play, which is then the map without them. Climbing a high wall is :mod:`.climbing`.
"""

from __future__ import annotations

from dataclasses import replace

from ..basic.extensions import Extension
from ..basic.stun import stun
from ..board.features import Building, MapFeatures, Opening, side_id, side_key
from ..board.hexgrid import Facing, Hex, hex_neighbor, hex_to_id
from ..board.terrain import LOS_CACHE_BUDGET, MapData, Terrain
from ..board.walls import feature_los
from ..kit.memo import ByteBoundedCache
from ..model.breakdown import Modifier, modifier
from ..model.errors import Refusal
from ..model.events import Event, Killed
from ..model.events.buildings import BuildingDamaged
from ..model.state import GameState
from ..model.types import Posture, RuleId, Status
from ..model.units import Soldier

DOOR_COST = 1
"""Extra MF to go through a doorway (§9.6)."""
WATER_COST = 1
"""Extra MF to enter a water hex (§9.6)."""
BUILDING_LIMIT = 3
"""Damage that destroys a building: 1 no effect, 2 occupants Stunned, 3 destroyed (§9.6)."""
BUNKER_LIMIT = 6
"""A bunker absorbs 5 damage; the 6th destroys it (§9.6)."""

_DOOR = modifier("through a doorway", DOOR_COST, "§9.6")
_WATER = modifier("into water", WATER_COST, "§9.6")
_COVER = modifier("target in cover (building)", 2, "§9.6")
_BUNKER_COVER = modifier("target in cover (bunker)", 2, "§9.6")


def features_in_play(state: GameState) -> MapFeatures | None:
    """The map's §9.6 features when the rule is on (None otherwise: nothing here applies)."""
    f = state.scenario.map.features
    if f is None or RuleId.BUILDINGS not in state.rules:
        return None
    return f


def damage_of(state: GameState, number: int) -> int:
    """The damage a building (by number) has taken."""
    return dict(state.building_damage).get(number, 0)


def standing_building(state: GameState, f: MapFeatures, h: Hex) -> Building | None:
    """The building or bunker of ``h`` unless it has been destroyed (rubble)."""
    b = f.building_at(h)
    if b is None:
        return None
    limit = BUNKER_LIMIT if b.bunker else BUILDING_LIMIT
    return None if damage_of(state, b.number) >= limit else b


def _limit(b: Building) -> int:
    return BUNKER_LIMIT if b.bunker else BUILDING_LIMIT


def map_in_play(state: GameState) -> MapData:
    """The map as it plays now: without its §9.6 features when the rule is off; with the
    destroyed buildings turned to rubble (no walls, doors or windows; open ground becomes
    rough; ruling R80). Each such map keeps its own LOS cache (kept with the scenario's map)."""
    gmap = state.scenario.map
    f = gmap.features
    if f is None:
        return gmap
    if RuleId.BUILDINGS not in state.rules:
        return gmap.plain if gmap.plain is not None else gmap
    if not state.building_damage:
        return gmap
    gone = tuple(n for n, d in state.building_damage if d >= _limit(f.buildings[n]))
    if not gone:
        return gmap
    key = ("ruins", gone)
    ruined: MapData | None = gmap.los_cache.get(key)
    if ruined is None:
        ruined = _ruined(gmap, f, gone)
        gmap.los_cache.put(key, ruined, 4096)
    return ruined


def _ruined(gmap: MapData, f: MapFeatures, gone: tuple[int, ...]) -> MapData:
    hexes = frozenset().union(*(f.buildings[n].hexes for n in gone))
    features = replace(
        f, building_of={h: i for h, i in f.building_of.items() if h not in hexes},
        openings={k: o for k, o in f.openings.items() if k[0] not in hexes and hex_neighbor(*k) not in hexes},
        rubble=f.rubble | hexes)
    terrain = {h: Terrain.ROUGH if h in hexes and t is Terrain.OPEN else t for h, t in gmap.terrain.items()}
    return replace(gmap, terrain=terrain, features=features, plain=None,
                   los_cache=ByteBoundedCache(LOS_CACHE_BUDGET))


def in_water(state: GameState, s: Soldier) -> bool:
    """Whether he stands in a water hex (with the rule on)."""
    f = features_in_play(state)
    return f is not None and s.hex in f.water


# --- movement ----------------------------------------------------------------------------

def move_refusal(state: GameState, s: Soldier, front: Hex) -> Refusal | None:
    """A building's wall or window, or a high wall, across his front hexside (§9.6)."""
    f = features_in_play(state)
    if f is None:
        return None
    key = side_key(s.hex, s.facing)
    if key in f.walls:
        return Refusal(reason=f"a high wall stands on {side_id(key)}: climb it (climb {s.id}: 2 MF, d10 <= 6, "
                              "standing only)", rule="§9.6")
    edge = _edge(state, f, s.hex, s.facing)
    if edge is None or edge is Opening.DOOR:
        return None
    what = "a wall" if edge == "wall" else f"a {edge}"
    return Refusal(reason=f"{side_id(key)} is {what} of a building: go in or out only through a door",
                   rule="§9.6")


def _edge(state: GameState, f: MapFeatures, h: Hex, facing: Facing) -> Opening | str | None:
    """:meth:`.MapFeatures.edge`, with destroyed buildings gone."""
    a = standing_building(state, f, h)
    b = standing_building(state, f, hex_neighbor(h, facing))
    if a == b:
        return None
    return f.openings.get(side_key(h, facing), "wall")


def entry_items(state: GameState, s: Soldier, front: Hex) -> tuple[Modifier, ...]:
    """The extra MF of §9.6 to enter the hex in front: a doorway +1, water +1."""
    f = features_in_play(state)
    if f is None:
        return ()
    items: tuple[Modifier, ...] = ()
    if _edge(state, f, s.hex, s.facing) is Opening.DOOR:
        items += (_DOOR,)
    if front in f.water:
        items += (_WATER,)
    return items


def posture_refusal(state: GameState, s: Soldier, to: Posture) -> Refusal | None:
    """No Prone in water (§9.6)."""
    if to is Posture.PRONE and in_water(state, s):
        return Refusal(reason=f"{s.id} is in water ({hex_to_id(s.hex)}): no going Prone there", rule="§9.6")
    return None


def combat_refusal(state: GameState, s: Soldier) -> Refusal | None:
    """No fire or throw in a phase in which he entered or stayed in water (§9.6, ruling R75)."""
    if in_water(state, s):
        return Refusal(reason=f"{s.id} is in water ({hex_to_id(s.hex)}): no fire or throw this phase",
                       rule="§9.6")
    return None


# --- fire ----------------------------------------------------------------------------------

def cover(state: GameState, t: Soldier) -> Modifier | None:
    """Cover +2 inside a building or bunker still standing (§9.6)."""
    f = features_in_play(state)
    if f is None:
        return None
    b = standing_building(state, f, t.hex)
    if b is None:
        return None
    return _BUNKER_COVER if b.bunker else _COVER


def target_refusal(state: GameState, s: Soldier, t: Soldier) -> Refusal | None:
    """Small arms cannot harm a bunker's occupants from outside (§9.6)."""
    f = features_in_play(state)
    if f is None:
        return None
    b = standing_building(state, f, t.hex)
    if b is not None and b.bunker and s.hex not in b.hexes:
        return Refusal(reason=f"{t.id} is in {b.name}: from outside only a Molotov or satchel through a slit "
                              "harms him", rule="§9.6")
    return None


def harmed_in_bunker(state: GameState, h: Hex, explosion: Hex, attack_from: Hex | None, weapon: str) -> bool:
    """Whether a blast in ``explosion`` of ``weapon`` (``HGN``, ``MOL``, ``SAT``, ``BRG``) thrown or
    placed from ``attack_from`` (None: nobody's hand, a barrage) can harm the men in hex ``h``
    (§9.6, ruling R170). True unless ``h`` is in a standing bunker; its men only by a blast inside
    it, set off by a man inside or by a Molotov or satchel that went in through a slit (the line
    from the thrower to the explosion hex enters the bunker by a slit hexside). A blast outside
    never reaches them, whatever its ring says."""
    f = features_in_play(state)
    if f is None:
        return True
    b = standing_building(state, f, h)
    if b is None or not b.bunker:
        return True
    if explosion not in b.hexes:
        return False
    if attack_from is not None and attack_from in b.hexes:
        return True
    if attack_from is None or weapon not in ("MOL", "SAT"):
        return False
    through = feature_los(map_in_play(state), attack_from, explosion).through
    return any(c.opening is Opening.SLIT and c.building_hex in b.hexes for c in through)


# --- the hex panel -----------------------------------------------------------------------------

def hex_notes(state: GameState, h: Hex) -> list[str]:
    """What the §9.6 features of ``h`` are and do, a line each (the hex panel)."""
    f = state.scenario.map.features
    if f is None:
        return []
    off = "" if RuleId.BUILDINGS in state.rules else " (rule off: no effect)"
    out: list[str] = []
    b = f.building_at(h)
    if b is not None:
        limit = BUNKER_LIMIT if b.bunker else BUILDING_LIMIT
        dmg = damage_of(state, b.number)
        if dmg >= limit:
            out.append(f"rubble: {b.name} was destroyed (rough) [§9.6]")
        elif b.bunker:
            out.append(f"{b.name}{off}: cover +2; harmed from outside only by Molotov or satchel through a slit; "
                       f"damage {dmg}/5, the 6th destroys it [§9.6]")
        else:
            out.append(f"{b.name}{off}: in/out by doors only (+1 MF); fire through windows and doors, 2 firers per "
                       f"window a turn; cover +2; damage {dmg} (2 stuns, 3 destroys) [§9.6]")
        sides = [f"{fc.name} {_edge(state, f, h, fc)}" for fc in Facing if _edge(state, f, h, fc) not in (None, "wall")]
        if sides:
            out.append("openings: " + ", ".join(sides))
    walls = [fc.name for fc in Facing if side_key(h, fc) in f.walls]
    if walls:
        out.append(f"high wall on {', '.join(walls)}{off}: climb 2 MF, d10 <= 6 standing; blocks LOS across it "
                   "unless beside it [§9.6]")
    if h in f.water:
        out.append(f"water{off}: +1 MF to enter; no Prone; no fire or throw while in it [§9.6]")
    if h in f.rubble:
        out.append("rubble: rough ground (cover +1) [§9.6]")
    return out


# --- damage -------------------------------------------------------------------------------

def damage_building(state: GameState, h: Hex, amount: int) -> tuple[GameState, list[Event]]:
    """``amount`` damage to the building or bunker of ``h`` (satchel 2, barrage 1; §9.6).

    A building: total 1 no effect on its occupants, 2 occupants Stunned, 3 destroyed (they
    are killed; its hexes are rubble, rough ground). A bunker absorbs 5; the 6th kills its
    occupants and makes it rubble. No building there (or one already destroyed): nothing.
    """
    f = state.scenario.map.features
    if f is None or RuleId.BUILDINGS not in state.rules or amount <= 0:
        return state, []
    b = standing_building(state, f, h)
    if b is None:
        return state, []
    total = damage_of(state, b.number) + amount
    damage = dict(state.building_damage)
    damage[b.number] = total
    # (a fresh soldier index: what its memo knows of LOS was worked out on the map before the
    # damage, and a destroyed building is rubble for every LOS from now on, R80)
    state = state.evolve(building_damage=tuple(sorted(damage.items())), soldiers=state.soldiers)
    men = [s for x in sorted(b.hexes, key=lambda x: (x.q, x.r)) for s in state.soldiers_at(x)]
    limit = BUNKER_LIMIT if b.bunker else BUILDING_LIMIT
    events: list[Event] = []
    if total >= limit:
        effect = "destroyed: its occupants are killed, its hexes are rubble"
        killed = [m.evolve(killed=True) for m in men]
        state = state.with_soldiers(*killed) if killed else state
        events += [Killed(soldier=m.id) for m in men]
    elif not b.bunker and total == 2 and men:
        effect = "its occupants are Stunned"
        changed = []
        for m in men:
            new, evs = stun(m, "§9.6", f"{b.name} took 2 damage")
            changed.append(new)
            events += evs
        state = state.with_soldiers(*changed)
    else:
        effect = "no effect on its occupants" if not b.bunker else f"the bunker absorbs it ({limit - 1 - total} more)"
    return state, [BuildingDamaged(hex=h, building=b.name, amount=amount, total=total, effect=effect), *events]


EXTENSION = Extension(map_in_play=map_in_play, cover=cover, entry_items=entry_items, move_refusal=move_refusal,
                      posture_refusal=posture_refusal, combat_refusal=combat_refusal, target_refusal=target_refusal,
                      blast_harms=harmed_in_bunker)
"""What §9.6 adds to the basic game at its extension points (:mod:`..basic.extensions`)."""


__all__ = ["EXTENSION", "map_in_play", "hex_notes", "BUILDING_LIMIT", "BUNKER_LIMIT", "DOOR_COST", "WATER_COST", "combat_refusal", "cover", "damage_building",
           "damage_of", "entry_items", "features_in_play", "harmed_in_bunker", "in_water", "move_refusal",
           "posture_refusal", "standing_building", "target_refusal"]
