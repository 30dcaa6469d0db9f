"""What the reacting player reads: whose decision it is and what opened the reaction
(RULES.md §9.1, §9.2, §9.7), worked out from the engine's pending reaction and the session's
history (the action that opened it), never from message text."""

from __future__ import annotations

from ..rules.model.actions import ANSWERS, Action, ChangePosture, Cross, Fire, Melee, Move, Throw, Turn
from ..rules.model.events import ReactionOpened
from ..rules.board.hexgrid import hex_to_id
from ..rules.model.state import Pending
from ..rules.model.types import ReactionKind
from .base import Core


def _trigger_action(core: Core) -> Action | None:
    """The action whose end opened the reaction now open (None if this session does not hold it)."""
    for entry in reversed(core.session.history):
        if any(isinstance(e, ReactionOpened) for e in entry.events):
            action = entry.action
            before = entry.before.pending
            if isinstance(action, ANSWERS) and before is not None and before.action is not None:
                return before.action  # the suspended fire or melee, carried out after the answer
            return action
    return None


def _what_he_did(core: Core, p: Pending) -> str:
    action = _trigger_action(core)
    where = hex_to_id(p.hex)
    if isinstance(action, Move):
        return f"{p.trigger} entered {where}"
    if isinstance(action, Turn):
        return f"{p.trigger} turned to {action.facing.name} in {where}"
    if isinstance(action, ChangePosture):
        return f"{p.trigger} went {action.posture.value} in {where}"
    if isinstance(action, Cross):
        return f"{p.trigger} crossed in {where}"
    if isinstance(action, Fire):
        return f"{p.trigger} fired from {where}"
    if isinstance(action, Throw):
        return f"{p.trigger} threw a grenade from {where}"
    return f"{p.trigger} acted in {where}"


def prompt(core: Core) -> str:
    """Whose decision it is and what opened it, e.g. ``Green decides: T1 entered K4 in sight
    of G2 on overwatch [§9.1]``."""
    p = core.state.pending
    if p is None:
        return ""
    return f"{core.state.scenario.side_name(p.side)} decides: {what_opened(core)} [{p.kind.rule}]"


def what_opened(core: Core) -> str:
    """What opened the reaction now open, e.g. ``T1 entered K4 in sight of G2 on overwatch``."""
    p = core.state.pending
    if p is None:
        return ""
    who = ", ".join(p.answerers)
    if p.kind is ReactionKind.OVERWATCH:
        what = f"{_what_he_did(core, p)} in sight of {who} on overwatch"
    elif p.kind is ReactionKind.HIT_THE_DIRT:
        fire = p.action
        at = f" at {', '.join(fire.targets)}" if isinstance(fire, Fire) else ""
        what = f"{p.trigger} fires{at} in {hex_to_id(p.hex)}; {who} may hit the dirt"
    else:
        melee = p.action
        men = melee.soldiers if isinstance(melee, Melee) else (p.trigger,)
        what = f"{', '.join(men)} charge{'' if len(men) > 1 else 's'} {hex_to_id(p.hex)}; defenders {who}"
    return what
