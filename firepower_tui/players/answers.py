"""The computer's answers to an open reaction (§9.1 Overwatch, §9.2 Hit the dirt, §9.7 melee
reactions), each scored from the preview's odds; ``hold`` when nothing beats it."""

from __future__ import annotations

from ..rules import engine
from ..rules.model.actions import Action, FallBack, Fire, HitDirt, Hold, Melee, Overwatch, StandAndShoot
from ..rules.basic.combat import chance_of
from ..rules.model.errors import IllegalActionError
from ..rules.basic.fire import assess_fire, check_shot
from ..rules.basic.melee import MELEE_HIT
from ..rules.model.state import GameState
from ..rules.model.types import Posture, ReactionKind, Status
from .evaluate import SUPPRESS_VALUE, Evaluator

OVERWATCH_THRESHOLD = 0.2
"""An overwatch snap shot is taken when its expected harm is at least this (in men); else he keeps watching."""


def answer(state: GameState, ev: Evaluator) -> Action:
    """The best legal answer to ``state.pending`` (``hold`` when nothing beats it)."""
    return answer_values(state, ev)[0][1]


def answer_values(state: GameState, ev: Evaluator) -> list[tuple[float, Action]]:
    """The legal answers to ``state.pending`` with their values (expected men, for ``ev.side``),
    best first: the first is :func:`answer`'s (``hold`` unless one beats it)."""
    legal = engine.legal_actions(state)
    pending = state.pending
    assert pending is not None
    hold = next((a for a in legal if isinstance(a, Hold)), None)
    scored: list[tuple[float, Action]] = []
    if pending.kind is ReactionKind.OVERWATCH:
        if hold is not None:
            scored.append((OVERWATCH_THRESHOLD, hold))
        for a in legal:
            if isinstance(a, Overwatch):
                scored.append((_overwatch_value(state, a, ev), a))
    elif isinstance(pending.action, Fire):
        base = _fire_harm(state, pending.action, ())
        if hold is not None:
            scored.append((-base, hold))
        for a in legal:
            if isinstance(a, HitDirt):
                scored.append((-_fire_harm(state, pending.action, a.soldiers) - SUPPRESS_VALUE * len(a.soldiers), a))
    elif isinstance(pending.action, Melee):
        n_att, n_def = len(pending.action.soldiers), len(pending.answerers)
        p_att = _melee_chance(n_att, n_def)
        hold_value = (1 - p_att) * n_att - p_att * n_def
        if hold is not None:
            scored.append((hold_value, hold))
        for a in legal:
            if isinstance(a, StandAndShoot):
                k = _stand_kill(state, a)  # the shot first (§9.7), then the melee with one attacker fewer
                rest = _melee_chance(n_att - 1, n_def) if n_att > 1 else 0.0
                after_kill = 1.0 + ((1 - rest) * (n_att - 1) - rest * n_def if n_att > 1 else 0.0)
                scored.append((k * after_kill + (1 - k) * hold_value, a))
            elif isinstance(a, FallBack):
                scored.append((-0.1 * n_def, a))
    best = 0
    for i, (v, _) in enumerate(scored):  # the first of the best (a hold listed first wins a tie)
        if v > scored[best][0]:
            best = i
    if not scored:
        return [(0.0, hold if hold is not None else legal[0])]
    first = scored.pop(best)
    return [first] + sorted(scored, key=lambda x: -x[0])


def _overwatch_value(state: GameState, a: Overwatch, ev: Evaluator) -> float:
    try:
        odds = engine.assess(state, a)
    except IllegalActionError:
        return float("-inf")
    if hasattr(odds, "bursts"):
        v = 0.0
        for b in odds.bursts:
            t = state.soldier(b.target)
            v += b.kill_chance * (ev.worth(state, t) if t is not None else 1.0)
        return v
    v = 0.0
    for r in odds.risks:
        u = state.soldier(r.soldier)
        if u is None:
            continue
        sign = -1.3 if u.side == ev.side else 1.0
        v += sign * r.kill + (0 if u.side == ev.side else r.stun * 0.3)
    return v


def _fire_harm(state: GameState, fire: Fire, prone: tuple[str, ...]) -> float:
    """Expected men the declared fire kills, with ``prone`` dropped Prone (§9.2)."""
    st = state
    if prone:
        changed = []
        for sid in prone:
            s = st.soldier(sid)
            if s is not None:
                changed.append(s.evolve(posture=Posture.PRONE, status=Status.SUPPRESSED))
        st = st.with_soldiers(*changed)
    firer = st.soldier(fire.soldier)
    if firer is None or check_shot(st, firer, fire) is not None:
        return 0.0  # a Prone man behind a fence is out of sight (6.3.4.2): the fire finds nobody
    return assess_fire(st, fire).expected_kills


def _stand_kill(state: GameState, a: StandAndShoot) -> float:
    try:
        return 1.0 - engine.assess(state, a).kill_distribution[0]
    except IllegalActionError:
        return 0.0


def _melee_chance(n_att: int, n_def: int) -> float:
    """The attackers' chance (§5.2: 5 or less, 2 per surplus man)."""
    mod = -2 * (n_att - n_def) if n_att > n_def else 2 * (n_def - n_att)
    return float(chance_of(MELEE_HIT - mod))
