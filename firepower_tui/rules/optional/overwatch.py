"""Overwatch (optional rule, RULES.md §9.1): watch in one's own impulse, fire in the enemy's.

``watch <soldier>`` puts a man of the impulse on Overwatch (all his MF and his combat
action). After each action of an enemy soldier who ends it alive in a watcher's arc,
range and LOS, :func:`open_overwatch` opens a reaction listing the eligible watchers;
``overwatch fire|throw …`` is the snap shot (:func:`assess_overwatch` gives its odds from
the same numbers :func:`apply_overwatch` rolls against) and ``hold`` declines for all.
"""

from __future__ import annotations


from ..basic.fire import FireAssessment, assess_fire, check_shot, resolve_fire
from ..basic.grenades import ThrowAssessment, assess_throw, check_throw_at, max_throw, resolve_throw
from ..basic.los import los_between_soldiers
from ..basic.sequence import check_wipe_out, commit_changes
from ..board.hexgrid import hex_distance, hex_to_id, in_firing_arc
from ..model.actions import Fire, Overwatch, Throw, Watch
from ..model.breakdown import modifier
from ..model.dice import Dice
from ..model.errors import Refusal
from ..model.events import Event, OverwatchEnded, WatchDeclared
from ..model.state import GameState, Pending
from ..model.types import ReactionKind, RuleId, Status
from ..model.units import Soldier, weapon_chart
from .shared import after_reaction_shot, close_reaction, not_in_play, open_pending, open_reaction, reaction_fired

_STATUS_OK = Status.OK
_REACTION_OVERWATCH = ReactionKind.OVERWATCH
_RULE_OVERWATCH = RuleId.OVERWATCH

SNAP_SHOT = modifier("snap shot (overwatch)", 1, "§9.1")
"""+1 to every overwatch fire and throw: a fleeting target (§9.1)."""


# --- declaring --------------------------------------------------------------------------------

def check_watch(state: GameState, s: Soldier, action: Watch) -> Refusal | None:
    """§9.1: a man of the impulse who has spent no MF in it, is not Stunned and not Running."""
    if _RULE_OVERWATCH not in state.rules:
        return not_in_play(state, RuleId.OVERWATCH)
    if s.overwatch:
        return Refusal(reason=f"{s.id} is already on Overwatch", rule="§9.1")
    if s.mf_spent:
        return Refusal(reason=f"{s.id} has spent MF in this impulse: only a man who has spent none may go on "
                              "Overwatch", rule="§9.1")
    if s.running:
        return Refusal(reason=f"{s.id} is Running: a Running man may not go on Overwatch", rule="§9.1")
    if s.combat_used:
        return Refusal(reason=f"{s.id} already used his combat action this phase", rule="6.2.5")
    return None


def apply_watch(state: GameState, action: Watch, dice: Dice) -> tuple[GameState, list[Event]]:
    """He spends all his MF and his combat action; the impulse is committed (§9.1, §9.9)."""
    s = state.soldier(action.soldier)
    assert s is not None
    watcher = s.evolve(overwatch=True, mf_spent=s.mf_spent + s.mf_left, combat_used=True)
    return state.with_soldiers(watcher, **commit_changes(state)), [WatchDeclared(soldier=s.id, hex=s.hex)]


def watch_candidates(state: GameState, s: Soldier) -> tuple[Watch, ...]:
    return (Watch(soldier=s.id),) if RuleId.OVERWATCH in state.rules else ()


# --- the trigger --------------------------------------------------------------------------------

def can_watch(state: GameState, w: Soldier, x: Soldier) -> bool:
    """Whether watcher ``w`` may snap at ``x``: x in his arc, range (weapon or throw) and LOS (§9.1);
    a Hidden man cannot be chosen (§9.3)."""
    if not w.overwatch or w.killed or w.status is not _STATUS_OK or x.killed or x.hidden or w.side == x.side:
        return False
    if not in_firing_arc(w.hex, w.facing, x.hex):
        return False
    if hex_distance(w.hex, x.hex) > max(weapon_chart().weapons[w.weapon].max_range, max_throw(w)):
        return False
    return los_between_soldiers(state, w.id, x.id).clear


def open_overwatch(state: GameState, trigger: str, among: tuple[str, ...] | None = None
                   ) -> tuple[GameState, list[Event]]:
    """After ``trigger``'s action: open the reaction if any watcher (of ``among``, if given) may
    fire at him (§9.1)."""
    x = state.soldier(trigger)
    if x is None or x.killed or state.over or state.active is None:
        return state, []
    side = x.side
    eligible = []
    if among is None:  # every man on Overwatch of the map, in scenario order
        if x.hidden:
            return state, []  # (a Hidden man cannot be chosen, §9.3: no watcher may snap at him)
        soldiers = state.soldiers
        for i in state.marks().watching:
            w = soldiers[i]
            # (can_watch's side and life first, inline: asked after every enemy action)
            if w.side != side and w.deployed and not w.killed and can_watch(state, w, x):
                eligible.append(w.id)
    else:
        for wid in among:
            v = state.soldier(wid)
            if v is not None and can_watch(state, v, x):
                eligible.append(v.id)
    if not eligible:
        return state, []
    return open_reaction(state, Pending(kind=_REACTION_OVERWATCH, side=state.enemy_of(side), trigger=x.id,
                                        hex=x.hex, answerers=tuple(eligible)))


def end_overwatch(state: GameState, ids: list[str], why: str) -> tuple[GameState, list[Event]]:
    """Take the Overwatch marker off these men (§9.1)."""
    changed = [s.evolve(overwatch=False) for s in (state.soldier(i) for i in ids) if s is not None and s.overwatch]
    if not changed:
        return state, []
    return state.with_soldiers(*changed), [OverwatchEnded(soldier=s.id, why=why) for s in changed]


# --- the snap shot ------------------------------------------------------------------------------

def check_overwatch(state: GameState, action: Overwatch) -> Refusal | None:
    """§9.1: an eligible watcher fires at the man who acted, or throws at his hex."""
    p, refusal = open_pending(state, ReactionKind.OVERWATCH)
    if p is None:
        return refusal
    shot = action.shot
    w = state.soldier(shot.soldier)
    if w is None or w.id not in p.answerers:
        return Refusal(reason=f"{shot.soldier} may not fire on overwatch now (watchers who may: "
                              f"{', '.join(p.answerers)})", rule="§9.1")
    if isinstance(shot, Fire):
        if shot.then:
            return Refusal(reason="a snap shot spends no MF: declare none (no then)", rule="§9.1")
        if p.trigger not in shot.targets:
            return Refusal(reason=f"overwatch fire goes at the man who acted: name {p.trigger}", rule="§9.1")
        return check_shot(state, w, shot)
    if shot.hex != p.hex:
        return Refusal(reason=f"an overwatch throw goes at {p.trigger}'s hex, {hex_to_id(p.hex)}", rule="§9.1")
    return check_throw_at(state, w, shot)


def assess_overwatch(state: GameState, action: Overwatch) -> FireAssessment | ThrowAssessment:
    """The snap shot's odds: normal fire without the firer-MF modifier, +1 snap shot (§9.1)."""
    if isinstance(action.shot, Fire):
        return assess_fire(state, action.shot, extra=(SNAP_SHOT,), firer_mf=False)
    return assess_throw(state, action.shot, extra=(SNAP_SHOT,))


def apply_overwatch(state: GameState, action: Overwatch, dice: Dice) -> tuple[GameState, list[Event]]:
    """Close the reaction, roll the snap shot (no MF, no one-per-hex limit), take his marker off."""
    shot = action.shot
    state, events = close_reaction(state, _notation(action))
    w = state.soldier(shot.soldier)
    assert w is not None
    fired_from = state.fired_from
    if isinstance(shot, Fire):
        state, more = resolve_fire(state, w, shot, dice, extra=(SNAP_SHOT,), firer_mf=False)
    else:
        state, more = resolve_throw(state, w, shot, dice, extra=(SNAP_SHOT,))
    after = state.soldier(w.id)
    assert after is not None
    state = state.with_soldiers(after_reaction_shot(w, after), fired_from=fired_from)
    events += reaction_fired(more)
    state, more = end_overwatch(state, [w.id], "he fired")
    events += more
    state, more = check_wipe_out(state)
    return state, events + more


def _notation(action: Overwatch) -> str:
    from ..kinds.reactions import format_overwatch

    return format_overwatch(action)


def hold_overwatch(state: GameState) -> tuple[GameState, list[Event]]:
    """``hold``: no watcher fires at this action (ruling R40)."""
    return close_reaction(state, "hold")


__all__ = ["SNAP_SHOT", "apply_overwatch", "apply_watch", "assess_overwatch", "can_watch", "check_overwatch",
           "check_watch", "end_overwatch", "hold_overwatch", "open_overwatch", "watch_candidates"]
