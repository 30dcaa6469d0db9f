"""Hit the dirt (optional rule, RULES.md §9.2): the answer to small-arms fire.

When small-arms fire is declared at Standing or Crouching men who have not yet hit the dirt
this turn, :func:`intercept_fire` holds the fire as a reaction of the target side before any
die. ``hit-dirt G1,G2`` drops the named men Prone (free) and Suppresses them, then the fire
is resolved against them; ``hold`` resolves it as declared. Grenades are never answered
this way, nor a reaction's own fire (snap shot, stand and shoot: ruling R41).
"""

from __future__ import annotations

from ..basic.stun import suppress
from ..kinds.combat import apply_fire
from ..model.actions import Fire, HitDirt
from ..model.dice import Dice
from ..model.errors import Refusal
from ..model.events import Event, HitTheDirt
from ..model.state import GameState, Pending
from ..model.types import Posture, ReactionKind, RuleId
from ..model.units import Soldier
from . import buildings
from .shared import close_reaction, open_pending, open_reaction

# Enum members read at every fire declared, looked up once (on Python 3.11 a class attribute of an Enum
# costs about 0.2 us: EnumType's __getattr__ slows every lookup on the class).
_PRONE = Posture.PRONE
_REACTION_HIT_THE_DIRT = ReactionKind.HIT_THE_DIRT
_RULE_HIT_THE_DIRT = RuleId.HIT_THE_DIRT


def may_hit_dirt(state: GameState, s: Soldier) -> bool:
    """Standing or Crouching, alive, and not yet down this turn (§9.2); not in water, where no man
    goes Prone (§9.6, ruling R174)."""
    if s.killed or s.posture is _PRONE or s.dirt_used:
        return False
    return state.scenario.map.features is None or not buildings.in_water(state, s)


def intercept_fire(state: GameState, action: Fire) -> tuple[GameState, list[Event]] | None:
    """Hold a declared fire as a reaction when a target may hit the dirt (§9.2); else None."""
    if _RULE_HIT_THE_DIRT not in state.rules:
        return None
    named = action.targets
    if len(named) == 1:  # (the usual fire: one man, read once)
        first = state.soldier(named[0])
        if first is None or not may_hit_dirt(state, first):
            return None
        eligible: tuple[str, ...] = (first.id,)
    else:
        targets = [t for t in map(state.soldier, named) if t is not None]
        eligible = tuple(t.id for t in targets if may_hit_dirt(state, t))
        if not eligible:
            return None
        first = targets[0]
    return open_reaction(state, Pending(_REACTION_HIT_THE_DIRT, first.side, action.soldier, first.hex, eligible, action))


def check_hit_dirt(state: GameState, action: HitDirt) -> Refusal | None:
    """§9.2: only the men fired at who may still hit the dirt, each named once."""
    p, refusal = open_pending(state, ReactionKind.HIT_THE_DIRT)
    if p is None:
        return refusal
    if len(set(action.soldiers)) != len(action.soldiers):
        return Refusal(reason="a man is named twice", rule="§9.2")
    for sid in action.soldiers:
        if sid not in p.answerers:
            return Refusal(reason=f"{sid} may not hit the dirt now (who may: {', '.join(p.answerers)})", rule="§9.2")
    return None


def apply_hit_dirt(state: GameState, action: HitDirt, dice: Dice) -> tuple[GameState, list[Event]]:
    """Down they go, Suppressed at once; then the fire is resolved against them Prone (§9.2)."""
    p = state.pending
    assert p is not None and isinstance(p.action, Fire)
    state, events = close_reaction(state, f"hit-dirt {','.join(action.soldiers)}")
    changed = []
    for sid in action.soldiers:
        s = state.soldier(sid)
        assert s is not None
        events.append(HitTheDirt(soldier=s.id))
        down, more = suppress(s.evolve(posture=Posture.PRONE, dirt_used=True), "§9.2", "he hit the dirt")
        changed.append(down)
        events += more
    state, more = apply_fire(state.with_soldiers(*changed), p.action, dice)
    return state, events + more


def hold_fire(state: GameState, dice: Dice) -> tuple[GameState, list[Event]]:
    """``hold``: the fire is resolved as declared."""
    p = state.pending
    assert p is not None and isinstance(p.action, Fire)
    state, events = close_reaction(state, "hold")
    state, more = apply_fire(state, p.action, dice)
    return state, events + more
