"""Movement-factor actions: enter, turn, cross, posture (RULES.md §3, 6.2).

Each action has a ``check_*`` that returns a :class:`Refusal` or None and an
``apply_*`` that trusts it. Costs are :class:`MovementLedger` items with their rules.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ..board.hexgrid import Hex, hex_neighbor, hex_to_id
from ..board.terrain import Terrain
from ..model.actions import ChangePosture, Cross, Move, Turn
from ..model.breakdown import Modifier, MovementLedger
from ..model.errors import Refusal
from ..model.events import Crossed, Event, Moved, PostureChanged, RunningChanged, Turned
from ..model.state import GameState
from ..model.types import Posture
from ..model.units import Soldier
from .extensions import in_play, map_in_play

ENTRY_COST: dict[Posture, int] = {Posture.STAND: 1, Posture.CROUCH: 2, Posture.PRONE: 3}
"""MF to enter a new hex by the posture he is in (§3.2, 6.2.1)."""

POSTURE_COST: dict[tuple[Posture, Posture], tuple[int, str]] = {
    (Posture.STAND, Posture.PRONE): (1, "6.2.4, A1"),
    (Posture.PRONE, Posture.STAND): (2, "6.2.4, A1"),
    (Posture.STAND, Posture.CROUCH): (1, "6.2.4, A2"),
    (Posture.CROUCH, Posture.STAND): (1, "6.2.4, A2"),
    (Posture.CROUCH, Posture.PRONE): (1, "6.2.4, A2"),
    (Posture.PRONE, Posture.CROUCH): (1, "6.2.4, A2"),
}
"""Posture-change costs (§3.2; rulings A1 and A2), with their rules."""

RUNNING_ENTRIES = 4
"""New hexes entered in one impulse that earn a Running marker (6.2.1, A26)."""
LEVEL_COST = 1
"""Extra MF to enter across a hill or depression hexside (6.2.3)."""
TURN_COST = 1
"""MF to turn to any new facing (6.2.2)."""
CROSS_COST = 1
"""MF to cross the fence or hedge line in his hex (6.2.3)."""


# --- costs -----------------------------------------------------------------------------

def entry_ledger(state: GameState, s: Soldier, front: Hex | None = None) -> MovementLedger:
    """What entering the hex in front (``front``, if already known) costs him (§3.2, 6.2.1, 6.2.3)."""
    if front is None:
        front = hex_neighbor(s.hex, s.facing)
    terrain = map_in_play(state).terrain  # extension point "the map in play": §9.6, a destroyed building's rubble
    there = terrain.get(front)
    ledger = _entry_ledger(s.posture, terrain[s.hex], there if there is not None else terrain[s.hex])
    more = in_play(state).entry_items  # extension point "the cost of an MF action": §9.6, doorways and water
    if more is not None:
        items = more(state, s, front)
        if items:
            ledger = MovementLedger(items=ledger.items + items)
    return ledger


@lru_cache(maxsize=None)
def _entry_ledger(posture: Posture, here: Terrain, there: Terrain) -> MovementLedger:
    """The ledger for one posture and one pair of terrains (a small fixed table, built on use)."""
    items = [Modifier(label=f"enter a hex {_posture_word(posture)}", value=ENTRY_COST[posture], rule="6.2.1")]
    if here.level != there.level:
        items.append(Modifier(label=_level_crossing_label(here, there), value=LEVEL_COST, rule="6.2.3"))
    return MovementLedger(items=tuple(items))


def _posture_word(p: Posture) -> str:
    return {Posture.STAND: "standing", Posture.CROUCH: "crouching", Posture.PRONE: "prone"}[p]


def _level_crossing_label(here: Terrain, there: Terrain) -> str:
    if Terrain.HILL in (here, there) and Terrain.DEPRESSION in (here, there):
        return "cross a hill/depression hexside (A35)"
    if Terrain.HILL in (here, there):
        return "cross a hill hexside " + ("up" if there is Terrain.HILL else "down")
    return "cross a depression hexside " + ("down" if there is Terrain.DEPRESSION else "up")


_TURN_LEDGER = MovementLedger(items=(Modifier(label="turn 1-3 hexsides", value=TURN_COST, rule="6.2.2"),))


def turn_ledger() -> MovementLedger:
    """Any new facing costs 1 MF (6.2.2)."""
    return _TURN_LEDGER


@lru_cache(maxsize=None)
def cross_ledger(kind: str) -> MovementLedger:
    """Crossing the fence or hedge line in his hex costs 1 MF (6.2.3)."""
    return MovementLedger(items=(Modifier(label=f"cross the {kind}", value=CROSS_COST, rule="6.2.3"),))


@lru_cache(maxsize=None)
def posture_ledger(origin: Posture, to: Posture) -> MovementLedger:
    """A posture change by the table of §3.2."""
    cost, rule = POSTURE_COST[(origin, to)]
    return MovementLedger(items=(Modifier(label=f"{origin.value} to {to.value}", value=cost, rule=rule),))


def mf_refusal(state: GameState, s: Soldier, ledger: MovementLedger, describe: Callable[[], str]) -> Refusal | None:
    """Refuse when the action costs more MF than he may still spend (6.2, 6.3.6.2.7).

    ``describe`` words the action for the refusal (called only when it is refused).
    """
    cost = ledger.total
    left = s.mf_left
    if cost <= left:
        return None
    what = describe()
    if s.mf_cap is not None and cost <= max(0, s.allowance - s.mf_spent):
        return Refusal(reason=f"{s.id} may spend only the non-combat MF he declared when he fired, and has {left} "
                              f"of them left; {what} costs {cost}", rule="6.3.6.2.7")
    detail = " + ".join(f"{m.value} {m.label}" for m in ledger.items)
    return Refusal(reason=f"{s.id} needs {cost} MF to {what} ({detail}) but has {left} left", rule="6.2.8")


# --- enter the hex in front ------------------------------------------------------------

def check_move(state: GameState, s: Soldier, action: Move) -> Refusal | None:
    """RULES.md 6.2.1, 6.2.3, 3.10."""
    front = hex_neighbor(s.hex, s.facing)
    if action.to is not None and action.to != front:
        return Refusal(reason=f"{s.id} faces {s.facing.name}: {hex_to_id(action.to)} is not the hex in front of him "
                              f"({hex_to_id(front)}); turn first", rule="6.2.1")
    gmap = state.scenario.map
    if not gmap.on_map(front):
        return Refusal(reason=f"the hex in front of {s.id} is off the map", rule="6.2.1")
    there = state.occupied().get(front)
    if there is not None and any(o.side != s.side for o in there):
        return Refusal(reason=f"{hex_to_id(front)} holds enemy soldiers: enter it only by melee "
                              f"(melee {s.id} {hex_to_id(front)})", rule="6.2.1")
    refusal = fence_refusal(state, s)
    more = in_play(state).move_refusal  # extension point "a move's refusal": §9.6, walls, windows, high walls
    if refusal is None and more is not None:
        refusal = more(state, s, front)
    if refusal is not None:
        return refusal
    return mf_refusal(state, s, entry_ledger(state, s, front), lambda: f"enter {hex_to_id(front)}")


def fence_refusal(state: GameState, s: Soldier) -> Refusal | None:
    """Leaving a fence/hedge hex across a hexside on the far half needs a crossing first (6.2.3, §3.6)."""
    line = state.scenario.map.line_at(s.hex)
    if line is not None and s.fence_side is not None and line.half_of_hexside(s.facing) != s.fence_side:
        return Refusal(reason=f"{s.id} is on the {s.fence_side} side of the {line.kind.value} in "
                              f"{hex_to_id(s.hex)}; his front hexside is on the other side: cross first "
                              f"(cross {s.id}, {CROSS_COST} MF)", rule="6.2.3")
    return None


def apply_move(state: GameState, s: Soldier, action: Move) -> tuple[Soldier, list[Event]]:
    """Enter the hex in front, keeping his facing (6.2.1)."""
    front = hex_neighbor(s.hex, s.facing)
    ledger = entry_ledger(state, s, front)
    line = state.scenario.map.line_at(front)
    fence_side = line.half_of_hexside(s.facing.opposite) if line is not None else None
    moved = spend(s, ledger.total, hex=front, entries=s.entries + 1, fence_side=fence_side)
    events: list[Event] = [Moved(soldier=s.id, origin=s.hex, to=front, cost=ledger.items,
                                 mf_left=moved.mf_left, fence_side=fence_side)]
    if moved.entries >= RUNNING_ENTRIES and not moved.running:
        moved = moved.evolve(running=True)
        events.append(RunningChanged(soldier=s.id, running=True, rule="6.2.1",
                                     why=f"entered {RUNNING_ENTRIES} new hexes this impulse"))
    return moved, events


# --- turn, cross, posture --------------------------------------------------------------

def check_turn(state: GameState, s: Soldier, action: Turn) -> Refusal | None:
    """RULES.md 6.2.2."""
    if action.facing == s.facing:
        return Refusal(reason=f"{s.id} already faces {s.facing.name}", rule="6.2.2")
    if _TURN_LEDGER.total <= s.mf_left:
        return None  # (mf_refusal's answer, without wording the action: asked of every candidate turn)
    return mf_refusal(state, s, turn_ledger(), lambda: f"turn to {action.facing.name}")


def apply_turn(state: GameState, s: Soldier, action: Turn) -> tuple[Soldier, list[Event]]:
    ledger = turn_ledger()
    turned = spend(s, ledger.total, facing=action.facing)
    return turned, [Turned(soldier=s.id, origin=s.facing, facing=action.facing, cost=ledger.items,
                           mf_left=turned.mf_left)]


def check_cross(state: GameState, s: Soldier, action: Cross) -> Refusal | None:
    """RULES.md 6.2.3, §3.6."""
    line = state.scenario.map.line_at(s.hex)
    if line is None:
        return Refusal(reason=f"there is no fence or hedge in {hex_to_id(s.hex)}", rule="6.2.3")
    return mf_refusal(state, s, cross_ledger(line.kind.value), lambda: f"cross the {line.kind.value}")


def apply_cross(state: GameState, s: Soldier, action: Cross) -> tuple[Soldier, list[Event]]:
    line = state.scenario.map.line_at(s.hex)
    assert line is not None
    ledger = cross_ledger(line.kind.value)
    current = s.fence_side or line.halves[0]
    crossed = spend(s, ledger.total, fence_side=line.other_half(current))
    assert crossed.fence_side is not None
    return crossed, [Crossed(soldier=s.id, hex=s.hex, line=line.kind.value, fence_side=crossed.fence_side,
                             cost=ledger.items, mf_left=crossed.mf_left)]


def check_posture(state: GameState, s: Soldier, action: ChangePosture) -> Refusal | None:
    """RULES.md 6.2.4, §3.2."""
    if action.posture == s.posture:
        return Refusal(reason=f"{s.id} is already {_posture_word(s.posture)}", rule="6.2.4")
    more = in_play(state).posture_refusal  # extension point "a posture's refusal": §9.6, no Prone in water
    if more is not None:
        refusal = more(state, s, action.posture)
        if refusal is not None:
            return refusal
    ledger = posture_ledger(s.posture, action.posture)
    if ledger.total <= s.mf_left:
        return None  # (mf_refusal's answer, without wording the action)
    return mf_refusal(state, s, ledger, lambda: f"go {action.posture.value}")


def apply_posture(state: GameState, s: Soldier, action: ChangePosture) -> tuple[Soldier, list[Event]]:
    ledger = posture_ledger(s.posture, action.posture)
    changed = spend(s, ledger.total, posture=action.posture)
    return changed, [PostureChanged(soldier=s.id, origin=s.posture, posture=action.posture,
                                           cost=ledger.items, mf_left=changed.mf_left, rule=ledger.items[0].rule)]


def spend(s: Soldier, mf: int, *, combat: bool = False, **changes: Any) -> Soldier:
    """Charge MF to a soldier (and make ``changes``); non-combat MF also count for 6.3.6.2.7
    and against a post-fire cap."""
    changes["mf_spent"] = s.mf_spent + mf
    if not combat:
        changes["noncombat_mf"] = s.noncombat_mf + mf
        if s.mf_cap is not None:
            changes["mf_cap"] = max(0, s.mf_cap - mf)
    return s.evolve(**changes)
