"""The only door into state changes: :func:`check`, :func:`apply`, :func:`legal_actions`.

``check(state, action)`` returns a :class:`Refusal` (plain reason + rule) or None.
``apply(state, action, dice)`` returns the new state and the events; it raises
:class:`IllegalActionError` for an action ``check`` refuses (a caller bug, STYLE.md §6).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import fire, grenades, melee, movement, sequence, setup, victory
from .acting import acting_soldier
from .actions import (COMBAT_ACTIONS, SETUP_ACTIONS, ChangePosture, Cross, DrawChit, EndImpulse, EndPhase, Fire, Melee, Move,
                      StartImpulse, Throw, Turn)
from .dice import Dice
from .errors import IllegalActionError, Refusal
from .events import Event
from .hexgrid import Facing
from .state import GameState
from .types import Phase, Posture
from .units import Soldier

Action = Any  # any member of actions.Action

_SOLDIER_MF: dict[type, tuple[Callable[..., Refusal | None], Callable[..., tuple[Soldier, list[Event]]]]] = {
    Move: (movement.check_move, movement.apply_move),
    Turn: (movement.check_turn, movement.apply_turn),
    Cross: (movement.check_cross, movement.apply_cross),
    ChangePosture: (movement.check_posture, movement.apply_posture),
}


def check(state: GameState, action: Action) -> Refusal | None:
    """Whether ``action`` is legal now: None, or the reason it is not (with its rule)."""
    if state.over:
        return Refusal(reason=f"the game is over: {state.result}", rule="§2.6")
    if state.phase != Phase.PLAY:
        return setup.check_setup(state, action)
    checker = _CHECKS.get(type(action))
    if checker is None:
        return Refusal(reason=f"unknown action {action!r}", rule="docs/notation.md")
    if state.active is None and checker is not _check_draw and checker is not _check_setup_over:
        return Refusal(reason="no impulse phase is under way: draw a chit first", rule="6.1")
    return checker(state, action)


def _check_setup_over(state: GameState, action: Action) -> Refusal | None:
    return Refusal(reason="the game has begun: forces and deployment are over", rule="§10.2")


def _check_draw(state: GameState, action: Action) -> Refusal | None:
    return sequence.check_draw(state, action)  # type: ignore[arg-type]


def _soldier_checker(rule: Callable[..., Refusal | None]) -> Callable[[GameState, Action], Refusal | None]:
    def check_soldier_action(state: GameState, action: Action) -> Refusal | None:
        s, refusal = acting_soldier(state, action.soldier)  # type: ignore[union-attr]
        if refusal is not None:
            return refusal
        return rule(state, s, action)
    return check_soldier_action


_CHECKS: dict[type, Callable[[GameState, Action], Refusal | None]] = {
    **{kind: _check_setup_over for kind in SETUP_ACTIONS},
    DrawChit: _check_draw,
    StartImpulse: sequence.check_start_impulse,  # type: ignore[dict-item]
    EndImpulse: sequence.check_end_impulse,  # type: ignore[dict-item]
    EndPhase: sequence.check_end_phase,  # type: ignore[dict-item]
    Melee: melee.check_melee,  # type: ignore[dict-item]
    Fire: _soldier_checker(fire.check_fire),
    Throw: _soldier_checker(grenades.check_throw),
    **{kind: _soldier_checker(pair[0]) for kind, pair in _SOLDIER_MF.items()},
}
"""The legality check of each action kind in play (the forces and deployment phases have their own)."""


def apply(state: GameState, action: Action, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """Carry out a legal action.

    Raises:
        IllegalActionError: ``check`` refuses the action.
    """
    refusal = check(state, action)
    if refusal is not None:
        raise IllegalActionError(refusal)
    return apply_trusted(state, action, dice)


def apply_trusted(state: GameState, action: Action, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """:func:`apply` without the check (replay of a record already checked)."""
    new, events = _apply(state, action, dice)
    if new.phase == Phase.PLAY and new.holders:
        new = victory.update_holders(new)
    return new, events


def _apply(state: GameState, action: Action, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    new, events = _APPLY[type(action)](state, action, dice)
    return new, tuple(events)


def _apply_soldier_mf(state: GameState, action: Action, dice: Dice) -> tuple[GameState, list[Event]]:
    s = state.soldier(action.soldier)  # type: ignore[union-attr]
    assert s is not None
    changed, events = _SOLDIER_MF[type(action)][1](state, s, action)
    return state.with_soldiers(changed, **sequence.commit_changes(state)), events


_APPLY: dict[type, Callable[[GameState, Any, Dice], tuple[GameState, list[Event]]]] = {
    **{kind: setup.apply_setup for kind in SETUP_ACTIONS},
    DrawChit: sequence.apply_draw,
    StartImpulse: lambda state, action, dice: sequence.apply_start_impulse(state, action),
    EndImpulse: lambda state, action, dice: sequence.apply_end_impulse(state, action),
    EndPhase: lambda state, action, dice: sequence.apply_end_phase(state, action),
    Fire: lambda state, action, dice: _apply_combat(state, action, dice),
    Throw: lambda state, action, dice: _apply_combat(state, action, dice),
    Melee: lambda state, action, dice: _apply_combat(state, action, dice),
    **{kind: _apply_soldier_mf for kind in _SOLDIER_MF},
}
"""How each action kind changes the state (every kind :func:`check` knows)."""


# --- combat -----------------------------------------------------------------------------

def _apply_combat(state: GameState, action: Fire | Throw | Melee, dice: Dice) -> tuple[GameState, list[Event]]:
    if isinstance(action, Melee):
        state, events = melee.resolve_melee(state, action, dice)
    else:
        s = state.soldier(action.soldier)
        assert s is not None
        if isinstance(action, Fire):
            state, events = fire.resolve_fire(state, s, action, dice)
        else:
            state, events = grenades.resolve_throw(state, s, action, dice)
    state, more = sequence.check_wipe_out(state)
    return state, events + more


def assess(state: GameState, action: Fire | Throw | Melee) -> Any:
    """The odds of a combat action before any die (the same numbers :func:`apply` rolls against).

    Raises:
        IllegalActionError: the action is not legal now.
    """
    refusal = check(state, action)
    if refusal is not None:
        raise IllegalActionError(refusal)
    if isinstance(action, Fire):
        return fire.assess_fire(state, action)
    if isinstance(action, Throw):
        return grenades.assess_throw(state, action)
    return melee.assess_melee(state, action)


# --- what is legal now ----------------------------------------------------------------

_FACINGS = tuple(Facing)
_POSTURES = tuple(Posture)


def candidate_actions(state: GameState, soldier_id: str) -> list[Action]:
    """Every MF action one soldier might take now, legal or not (:func:`legal_actions` checks them)."""
    s = state.soldier(soldier_id)
    if s is None:
        return []
    candidates: list[Action] = [Move(soldier=s.id), Cross(soldier=s.id)]
    candidates += [Turn(soldier=s.id, facing=f) for f in _FACINGS if f != s.facing]
    candidates += [ChangePosture(soldier=s.id, posture=p) for p in _POSTURES if p != s.posture]
    return candidates


def legal_actions(state: GameState, soldier_id: str) -> list[Action]:
    """Every legal MF action of one soldier now (for highlighting and random play)."""
    return [a for a in candidate_actions(state, soldier_id) if check(state, a) is None]


def impulse_hexes(state: GameState) -> list[Any]:
    """Hexes that may start an impulse now."""
    return sequence.impulse_hexes(state)
