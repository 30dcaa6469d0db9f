"""Hiding (optional rule, RULES.md §9.3): concealed and untargetable.

At the end of each impulse, every man of it who qualifies is marked Hidden
(:func:`mark_hidden`; automatic, ruling R42). A Hidden man cannot be named as the target of
small-arms fire (:func:`..basic.fire.check_shot`) or overwatch; grenades and melee affect him
normally. :func:`reveal_after` takes the marker off when he fires, throws or melees, enters a
hex that does not qualify, is Stunned, or an enemy ends an action within 2 hexes with LOS.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from ..basic.los import los_between_soldiers
from ..board.hexgrid import Hex
from ..board.terrain import Terrain
from ..model.events import Event, FellBack, Fired, HiddenChanged, ImpulseEnded, MeleeFought, Moved, StatusChanged
from ..model.events.special import ItemUsed
from ..model.state import GameState
from ..model.units import Soldier
from .buildings import map_in_play

HIDING_TERRAIN = frozenset({Terrain.TREES, Terrain.SCRUB, Terrain.ROUGH})
"""Whole-hex terrain a man may hide in (§9.3; fence and hedge hexes, buildings and bunkers too)."""
THROWN_ITEMS = frozenset({"smoke", "molotov"})
"""The §9.5 items a man throws: throwing one reveals him as a grenade does (§9.3, ruling R125);
a satchel is placed, a barrage called by radio."""
NEAR = 2
"""No enemy within 2 hexes to hide; an enemy ending an action within 2 (with LOS) reveals him."""


def hiding_hex(state: GameState, h: Hex) -> bool:
    """A tree, scrub, rough, building, or fence/hedge hex (§9.3), on the map as it plays now
    (:func:`.buildings.map_in_play`): a building or bunker with the ``buildings`` rule on, the
    rubble of a destroyed one (rough ground)."""
    gmap = map_in_play(state)  # (its tables read in place: asked for the men of every used impulse)
    return (gmap.terrain[h] in HIDING_TERRAIN or gmap.lines.get(h) is not None
            or (gmap.features is not None and h in gmap.features.building_of))


def may_hide(state: GameState, s: Soldier) -> bool:
    """§9.3: in a hiding hex, did not fire, throw or melee this phase, not Running, no enemy
    within 2 hexes; not on Overwatch (a watcher does not take cover in hiding; one who was
    Hidden stays so: ruling R42)."""
    if s.killed or not s.deployed or s.hidden or s.running or s.combat_used:
        return False
    if s.hex not in hiding_hexes(state):  # (hiding_hex, worked out once per map)
        return False
    side, (q, r) = s.side, s.hex
    for e in state.soldiers:  # (a loop, hex_distance inline: asked for the men of every used impulse)
        if e.side != side and not e.killed and e.deployed:
            dq, dr = e.hex.q - q, e.hex.r - r
            if (abs(dq) + abs(dr) + abs(dq + dr)) // 2 <= NEAR:
                return False
    return True


def hiding_hexes(state: GameState) -> frozenset[Hex]:
    """Every hiding hex of the map as it plays now (:func:`hiding_hex`), worked out once per map."""
    global _hiding_last
    gmap = map_in_play(state)
    terrain, lines, features, hexes = _hiding_last
    if terrain is not gmap.terrain or lines is not gmap.lines or features is not gmap.features:
        hexes = frozenset(h for h in gmap.terrain if hiding_hex(state, h))
        _hiding_last = (gmap.terrain, gmap.lines, gmap.features, hexes)
    return hexes


_hiding_last: tuple[object, object, object, frozenset[Hex]] = (None, None, None, frozenset())
"""The last map's tables (terrain, lines, features: the map itself is not held, nor its LOS
cache) and its hiding hexes (one tuple: read and replaced whole)."""


def mark_hidden(state: GameState, group: Iterable[str]) -> tuple[GameState, list[Event]]:
    """At the end of an impulse: every man of it who qualifies is marked Hidden."""
    changed = []
    for i in group:
        s = state.soldier(i)
        if s is not None and may_hide(state, s):
            changed.append(s.evolve(hidden=True))
    if not changed:
        return state, []
    return state.with_soldiers(*changed), [HiddenChanged(soldier=s.id, hidden=True, why="the end of his impulse")
                                           for s in changed]


def hide_at_impulse_end(state: GameState, group: Iterable[str], events: list[Event]) -> tuple[GameState, list[Event]]:
    """When ``events`` end an impulse that was used (a counted ``ImpulseEnded``), its men of
    ``group`` who qualify are marked Hidden (§9.3), their events just after its end; else
    ``state`` and ``events`` as they are."""
    for at, e in enumerate(events):
        if isinstance(e, ImpulseEnded) and e.counted:  # the impulse was used: they hide
            state, more = mark_hidden(state, group)
            if more:  # (the markers' events follow its end)
                return state, [*events[:at + 1], *more, *events[at + 1:]]
            break
    return state, events


def reveal(state: GameState, reasons: dict[str, str]) -> tuple[GameState, list[Event]]:
    """Take the Hidden marker off these men (id -> why)."""
    changed = [s.evolve(hidden=False) for s in (state.soldier(i) for i in reasons) if s is not None and s.hidden]
    return state.with_soldiers(*changed) if changed else state, [
        HiddenChanged(soldier=s.id, hidden=False, why=reasons[s.id]) for s in changed]


def reveal_after(state: GameState, actors: Iterable[str], events: Sequence[Event],
                 hidden: Sequence[int] | None = None) -> tuple[GameState, list[Event]]:
    """The reveals an action's events and actors cause (§9.3); ``hidden``: where the men with the
    Hidden marker are in ``state.soldiers`` (:meth:`.GameState.marks`), when the caller has it."""
    if hidden is None:
        hidden = state.marks().hidden
    if not hidden:
        return state, []
    soldiers = state.soldiers
    why = _event_reveals(state, events, {soldiers[i].id for i in hidden}) if events else {}
    for aid in actors:
        _seen_by(state, aid, hidden, why)
    if not why:
        return state, []
    return reveal(state, why)


def hidden_enemies_near(soldiers: Sequence[Soldier], hidden: Sequence[int], a: Soldier) -> list[Soldier]:
    """The men with a Hidden marker (positions ``hidden`` in ``soldiers``) who are ``a``'s living
    enemies within 2 hexes of him (§9.3's reveal, before any LOS), in scenario order."""
    near: list[Soldier] = []
    side, (q, r) = a.side, a.hex
    for i in hidden:  # (side, life and distance: hex_distance inline, asked after every one-man action)
        h = soldiers[i]
        if h.side != side and not h.killed and h.deployed:
            dq, dr = q - h.hex.q, r - h.hex.r
            if (abs(dq) + abs(dr) + abs(dq + dr)) // 2 <= NEAR:
                near.append(h)
    return near


def _seen_by(state: GameState, actor: str, hidden: Sequence[int], why: dict[str, str]) -> None:
    """Add to ``why`` the Hidden enemies (positions ``hidden``) that ``actor`` ends his action
    within 2 hexes of, with LOS (§9.3), unless already there."""
    a = state.soldier(actor)
    if a is None or a.killed:
        return
    for h in hidden_enemies_near(state.soldiers, hidden, a):
        if h.id not in why and los_between_soldiers(state, a.id, h.id).clear:
            why[h.id] = f"{a.id} is within {NEAR} hexes with LOS to him"


def _event_reveals(state: GameState, events: Sequence[Event], marked: Collection[str]) -> dict[str, str]:
    """Why each of the ``marked`` men loses his marker by these events (§9.3): he fired, threw
    or meleed, was Stunned, or entered a hex with no cover to hide in (others: not asked)."""
    why: dict[str, str] = {}
    for e in events:
        if isinstance(e, Fired):
            if e.soldier in marked:
                why.setdefault(e.soldier, "he threw" if e.mode == "throw" else "he fired")
        elif isinstance(e, MeleeFought):
            for sid in e.attackers + e.defenders:
                if sid in marked:
                    why.setdefault(sid, "he fought a melee")
        elif isinstance(e, StatusChanged):
            if e.status == "stunned" and e.soldier in marked:
                why.setdefault(e.soldier, "he was Stunned")
        elif isinstance(e, ItemUsed):  # §9.5: a smoke grenade or a Molotov is thrown (R125)
            if e.item in THROWN_ITEMS and e.soldier in marked:
                why.setdefault(e.soldier, f"he threw a {e.item}")
        elif (isinstance(e, (Moved, FellBack)) and e.soldier in marked and (to := e.to) is not None
              and not hiding_hex(state, to)):
            why.setdefault(e.soldier, "he entered a hex with no cover to hide in")
    return why
