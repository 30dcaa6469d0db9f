"""Melee reactions (optional rule, RULES.md §9.7): answering a charge.

A declared melee is held as a reaction of the defending side (:func:`intercept_melee`):
``hold`` fights it as declared; ``stand-and-shoot D A`` lets one defender fire first at one
attacker (+1 hasty fire; attackers killed or stunned drop out); ``fall-back`` steps every
defender who can one hex straight away from the attack, Suppressed, and the attackers take
the hex (rulings R43-R46).
"""

from __future__ import annotations

from ..basic.fire import FireAssessment, assess_fire, check_shot, resolve_fire
from ..basic.movement import entry_ledger
from ..basic.sequence import check_wipe_out, commit_changes
from ..basic.stun import suppress
from ..board.hexgrid import Facing, Hex, hex_neighbor, hex_to_id
from ..kinds.combat import apply_melee
from ..model.actions import FallBack, Fire, Melee, StandAndShoot
from ..model.breakdown import modifier
from ..model.dice import Dice
from ..model.errors import Refusal
from ..model.events import Event, FellBack, MeleeCalledOff, Moved
from ..model.state import GameState, Pending
from ..model.types import ReactionKind, RuleId, Status
from ..model.units import Soldier
from . import buildings
from .shared import after_reaction_shot, close_reaction, open_pending, open_reaction, reaction_fired

HASTY_FIRE = modifier("hasty fire (stand and shoot)", 1, "§9.7")
"""+1 to a defender's fire at a charging attacker (§9.7)."""


def intercept_melee(state: GameState, action: Melee) -> tuple[GameState, list[Event]] | None:
    """Hold a declared melee as a reaction of the defending side (§9.7); None when the rule is off."""
    if RuleId.MELEE_REACTIONS not in state.rules:
        return None
    defenders = tuple(d.id for d in state.soldiers_at(action.hex) if d.side != state.active)
    side = state.enemy_of(state.active or "")
    return open_reaction(state, Pending(kind=ReactionKind.MELEE, side=side, trigger=action.soldiers[0],
                                        hex=action.hex, answerers=defenders, action=action))


def _melee(state: GameState) -> Melee:
    p = state.pending
    assert p is not None and isinstance(p.action, Melee)
    return p.action


def hold_melee(state: GameState, dice: Dice) -> tuple[GameState, list[Event]]:
    """``hold``: the melee is fought as declared."""
    melee = _melee(state)
    state, events = close_reaction(state, "hold")
    state, more = apply_melee(state, melee, dice)
    return state, events + more


# --- stand and shoot ------------------------------------------------------------------------------

def _shot(action: StandAndShoot) -> Fire:
    return Fire(soldier=action.defender, targets=(action.attacker,))


def check_stand_and_shoot(state: GameState, action: StandAndShoot) -> Refusal | None:
    """§9.7: a defender not Stunned, his combat action unused, fires at one attacker (as normal
    fire: arc, range and LOS count; ruling R44)."""
    p, refusal = open_pending(state, ReactionKind.MELEE)
    if p is None:
        return refusal
    d = state.soldier(action.defender)
    if d is None or d.id not in p.answerers or d.killed:
        return Refusal(reason=f"{action.defender} is not a defender of {hex_to_id(p.hex)}", rule="§9.7")
    if action.attacker not in _melee(state).soldiers:
        return Refusal(reason=f"{action.attacker} is not one of the attackers "
                              f"({', '.join(_melee(state).soldiers)})", rule="§9.7")
    if d.status is Status.STUNNED:
        return Refusal(reason=f"{d.id} is Stunned: he cannot stand and shoot", rule="§9.7")
    if d.combat_used:
        return Refusal(reason=f"{d.id} has already used his combat action (ruling R44)", rule="§9.7")
    return check_shot(state, d, _shot(action))


def assess_stand_and_shoot(state: GameState, action: StandAndShoot) -> FireAssessment:
    """The odds of the defender's shot: normal fire, no firer-MF modifier, +1 hasty fire (§9.7)."""
    return assess_fire(state, _shot(action), extra=(HASTY_FIRE,), firer_mf=False)


def apply_stand_and_shoot(state: GameState, action: StandAndShoot, dice: Dice) -> tuple[GameState, list[Event]]:
    """He fires first; attackers killed or Stunned drop out; the rest fight (or there is no melee)."""
    melee = _melee(state)
    state, events = close_reaction(state, f"stand-and-shoot {action.defender} {action.attacker}")
    d = state.soldier(action.defender)
    assert d is not None
    fired_from = state.fired_from
    state, more = resolve_fire(state, d, _shot(action), dice, extra=(HASTY_FIRE,), firer_mf=False)
    after = state.soldier(d.id)
    assert after is not None
    state = state.with_soldiers(after_reaction_shot(d, after), fired_from=fired_from)
    events += reaction_fired(more)
    state, more = check_wipe_out(state)
    events += more
    if state.over:
        return state, events
    left = tuple(a for a in melee.soldiers if _can_go_on(state.soldier(a)))
    if not left:
        return state, events + [MeleeCalledOff(hex=melee.hex)]
    state, more = apply_melee(state, Melee(soldiers=left, hex=melee.hex), dice)
    return state, events + more


def _can_go_on(s: Soldier | None) -> bool:
    return s is not None and not s.killed and s.status is not Status.STUNNED


# --- fall back ----------------------------------------------------------------------------------

def fall_back_direction(state: GameState, melee: Melee) -> Facing:
    """Straight away from the attack: the way the first-named attacker faces, i.e. opposite his
    entry hexside (ruling R45 for attackers from several hexsides)."""
    first = state.soldier(melee.soldiers[0])
    assert first is not None
    return first.facing


def fall_back_refusal(state: GameState, d: Soldier, to: Hex, way: Facing) -> str:
    """Why ``d`` cannot fall back to ``to`` ("" if he can): Stunned, off the map, an enemy there,
    the far side of a fence or hedge line in his hex (6.2.3), a building's wall, window or slit
    or a high wall between (§9.6, ruling R173)."""
    if d.status is Status.STUNNED:
        return "he is Stunned"
    if not state.scenario.map.on_map(to):
        return "the hex behind him is off the map"
    if any(o.side != d.side for o in state.soldiers_at(to)):
        return f"{hex_to_id(to)} holds an enemy"
    line = state.scenario.map.line_at(d.hex)
    if line is not None and d.fence_side is not None and line.half_of_hexside(way) != d.fence_side:
        return f"the {line.kind.value} in his hex is between him and {hex_to_id(to)}"
    if state.scenario.map.features is not None:  # out of a building through a door only (§9.6, R173)
        refusal = buildings.move_refusal(state, d.evolve(facing=way), to)
        if refusal is not None:
            return refusal.reason
    return ""


def check_fall_back(state: GameState, action: FallBack) -> Refusal | None:
    """§9.7: at least one defender must be able to fall back."""
    p, refusal = open_pending(state, ReactionKind.MELEE)
    if p is None:
        return refusal
    melee = _melee(state)
    way = fall_back_direction(state, melee)
    to = hex_neighbor(melee.hex, way)
    whys = []
    for did in p.answerers:
        d = state.soldier(did)
        if d is None or d.killed:
            continue
        why = fall_back_refusal(state, d, to, way)
        if not why:
            return None
        whys.append(f"{d.id}: {why}")
    return Refusal(reason=f"no defender can fall back to {hex_to_id(to)} ({'; '.join(whys)})", rule="§9.7")


def apply_fall_back(state: GameState, action: FallBack, dice: Dice) -> tuple[GameState, list[Event]]:
    """Those who can step back, Suppressed; the attackers enter the hex if it is empty and stop;
    otherwise they fight the men who held (§9.7)."""
    melee = _melee(state)
    state, events = close_reaction(state, "fall-back")
    way = fall_back_direction(state, melee)
    to = hex_neighbor(melee.hex, way)
    line = state.scenario.map.line_at(to)
    changed = []
    for d in [s for s in state.soldiers_at(melee.hex) if s.side != state.active]:
        why = fall_back_refusal(state, d, to, way)
        if why:
            events.append(FellBack(soldier=d.id, origin=d.hex, to=None, why=why))
            continue
        moved = d.evolve(hex=to, fence_side=line.half_of_hexside(way.opposite) if line is not None else None)
        events.append(FellBack(soldier=d.id, origin=d.hex, to=to))
        moved, more = suppress(moved, "§9.7", "he fell back")
        changed.append(moved)
        events += more
    state = state.with_soldiers(*changed)
    if any(s.side != state.active for s in state.soldiers_at(melee.hex)):
        state, more = apply_melee(state, melee, dice)
        return state, events + more
    state, more = _advance(state, melee)
    return state, events + more


def _advance(state: GameState, melee: Melee) -> tuple[GameState, list[Event]]:
    """The attackers enter the vacated hex and stop: the entry's MF, their combat action (ruling R46)."""
    line = state.scenario.map.line_at(melee.hex)
    changed: list[Soldier] = []
    events: list[Event] = []
    for aid in melee.soldiers:
        a = state.soldier(aid)
        assert a is not None
        ledger = entry_ledger(state, a, melee.hex)
        fence_side = line.half_of_hexside(a.facing.opposite) if line is not None else None
        entered = a.evolve(hex=melee.hex, mf_spent=a.mf_spent + ledger.total, combat_used=True, halted=True,
                           fence_side=fence_side)
        changed.append(entered)
        events.append(Moved(soldier=a.id, origin=a.hex, to=melee.hex, cost=ledger.items, mf_left=0,
                            fence_side=fence_side))
    return state.with_soldiers(*changed, **commit_changes(state)), events
