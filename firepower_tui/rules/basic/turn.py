"""Whose decision it is: the sides that may send the next action (the seam every player reads:
the hotseat hand-over, the computer opponent and, over a network, each player's own terminal).

RULES.md: §10.3 (each side with a budget buys, in any order, until it says ``ready``), §10.2
(the rolls are nobody's in particular; the roll's winner chooses; the placing side places),
6.1 (drawing a chit is the game's, either player may do it), 6.2 (the active side's impulse
phase) and §9.1/§9.2/§9.7 (an open reaction is the reacting side's).
"""

from __future__ import annotations

from ..model.state import GameState
from ..model.types import Phase, SetupStep
from ..scenario.setup import budget


def deciders(state: GameState) -> frozenset[str]:
    """The sides whose action the game waits for; empty when the game is over, and every side
    when the next action is nobody's in particular (a roll-off, a chit draw: either may send it)."""
    if state.over:
        return frozenset()
    everyone = frozenset(state.sides)
    if state.phase == Phase.FORCES:  # §10.3: each side still buying (any order)
        return frozenset(s for s in state.sides if s not in state.ready and budget(state, s) is not None)
    if state.phase == Phase.DEPLOY:
        step = state.setup_step
        if step in (SetupStep.CHOOSE_DEPLOY, SetupStep.CHOOSE_FIRST) and state.decider is not None:
            return frozenset((state.decider,))  # §10.2: the roll's winner chooses
        if step == SetupStep.PLACE and state.placer is not None:
            return frozenset((state.placer,))  # §10.2 steps 2-3
        return everyone  # §10.2 the rolls
    if state.pending is not None:
        return frozenset((state.pending.side,))  # §9.1, §9.2, §9.7: the reacting side answers
    if state.active is None:
        return everyone  # 6.1: the next chit is drawn
    return frozenset((state.active,))  # 6.2


def nobodys_decision(state: GameState) -> str | None:
    """What the game waits for when the next action is nobody's in particular: ``chit draw``
    (6.1) or ``roll-off`` (§10.2); None while a side decides (both sides buying, §10.3, is theirs)
    or the game is over."""
    if state.over or state.phase == Phase.FORCES or deciders(state) != frozenset(state.sides):
        return None
    return "chit draw" if state.phase == Phase.PLAY else "roll-off"


def decision_rule(state: GameState) -> str:
    """The rule that gives the decision now to the side it is with (a refusal's reference when
    another side's player tries to act): buying (§10.3), deploying (§10.2), an open reaction's
    (§9.1, §9.2, §9.7), else the impulse phase's (6.2)."""
    if state.phase == Phase.FORCES:
        return "§10.3"
    if state.phase == Phase.DEPLOY:
        return "§10.2"
    if state.pending is not None:
        return state.pending.kind.rule
    return "6.2"


def decides(state: GameState, side: str) -> bool:
    """Whether ``side`` may send the next action (see :func:`deciders`)."""
    return side in deciders(state)
