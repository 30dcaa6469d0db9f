"""One man's plan for his impulse: the moves through the engine (6.2.1-6.2.4) that lead to the
best place to stand, then his best attack from there.

A best-first search over the states his MF actions reach (each put to :func:`.engine.check` and
applied by the engine, so every step is legal), deduplicated by where and how he stands and
pruned by MF left; each end is scored by :class:`.evaluate.Evaluator` (the attack by its exact
odds: the expectation over the dice of that action; the place by its exposure and reach).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..rules import engine
from ..rules.model.actions import Action, ChangePosture, Fire, Turn, Watch
from ..rules.basic.combat import COMBAT_MF
from ..rules.model.dice import SeededDice
from ..rules.model.state import GameState
from ..rules.model.types import RuleId
from .evaluate import Evaluator
from .fates import fates, outcomes

_ONCE_IN_A_ROW = (Turn, ChangePosture)
"""Actions never worth taking twice in a row: any facing is one turn, any posture one change."""
PENDING_PENALTY = 0.3
"""What walking into an enemy's reaction costs (an Overwatch snap shot, §9.1), in men."""


@dataclass
class Plan:
    """A man's actions for the rest of his impulse, the state each should be sent in, and the worth."""

    soldier: str
    actions: list[Action]
    states: list[GameState]
    value: float
    replan: bool = False
    """After its actions he plans again (a fire whose dice decide where he goes next)."""


def plan_for(state: GameState, sid: str, ev: Evaluator, rng: random.Random) -> Plan:
    """The best plan for ``sid`` (who is in the impulse): moves, then perhaps an attack
    (the first of :func:`ranked_plans`)."""
    return ranked_plans(state, sid, ev, rng)[0]


def ranked_plans(state: GameState, sid: str, ev: Evaluator, rng: random.Random) -> list[Plan]:
    """The plans for ``sid`` (who is in the impulse), best first: moves, then perhaps an attack.

    Two stages: every state his moves reach is ranked by a quick score (his attack from there
    by its exact odds, the cover and posture of the hex, closing in); the best few places
    (``Style.finalists``) are then scored in full (exposure and reach by :mod:`..rules.engine.threat`).
    Standing still (no action) is always among them; the style's noise is added to each score.
    """
    dice = SeededDice(rng.randrange(1 << 30))  # the search's own dice: moves roll none (a reaction might)
    style = ev.style
    s0 = state.soldier(sid)
    assert s0 is not None
    ends: list[_End] = []
    seen: dict[tuple[object, ...], int] = {}
    frontier: list[tuple[GameState, list[Action], list[GameState]]] = [(state, [], [])]
    spent_limit = s0.mf_spent + style.depth
    while frontier:
        nxt: list[tuple[GameState, list[Action], list[GameState]]] = []
        for st, path, states in frontier:
            s = st.soldier(sid)
            assert s is not None
            v_att, att = ev.best_attack(st, s)  # his attack from here, ending the plan
            quick = ev.quick(st, s)
            ends.append(_End(quick, st, path, states, None, 0.0))
            if att is not None:
                ends.append(_End(quick + style.aggression * v_att, st, path + [att], states + [st], att, v_att))
            if st.pending is not None or s.mf_left == 0 or s.mf_spent >= spent_limit:
                continue
            check = engine.checker(st)
            last = type(path[-1]) if path else None
            for a in engine.candidate_actions(st, sid):
                if type(a) is last and last in _ONCE_IN_A_ROW:
                    continue  # two turns (or posture changes) in a row: one goes there for less (6.2.2, 6.2.4)
                if check(a) is not None:
                    continue
                new, _ = engine.apply_trusted(st, a, dice)
                m = new.soldier(sid)
                assert m is not None
                if new.pending is not None:  # he walked into a reaction (§9.1): end there
                    ends.append(_End(ev.quick(new, m) - PENDING_PENALTY, new, path + [a], states + [st], None, 0.0))
                    continue
                key = (m.hex, m.facing, m.posture, m.fence_side, m.running)
                left = m.mf_left
                if seen.get(key, -1) >= left:
                    continue
                seen[key] = left
                nxt.append((new, path + [a], states + [st]))
        frontier = nxt
    ends.sort(key=lambda e: -e.quick)
    finalists: list[_End] = [ends[0]] if ends and not ends[0].path else []
    places: set[tuple[object, ...]] = set()
    for e in ends:
        s = e.state.soldier(sid)
        assert s is not None
        place = (s.hex, s.posture, s.fence_side, s.running, e.attack is not None)
        if place in places:
            continue
        places.add(place)
        finalists.append(e)
        if len(places) >= style.finalists:
            break
    stand = next((e for e in ends if not e.path), None)
    if stand is not None and stand not in finalists:
        finalists.append(stand)
    best = Plan(sid, [], [], float("-inf"))
    ranked: list[Plan] = []
    for e in finalists:
        if style.expectimax and e.attack is not None:
            stand_value = sum(p * _end_value(st, sid, ev) for p, st in outcomes(e.state, e.attack, ev.side))
        else:
            stand_value = _end_value(e.state, sid, ev)
        v = stand_value + style.aggression * e.attack_value + _noise(rng, style.noise)
        if e.state.pending is not None:
            v -= PENDING_PENALTY
        plan = Plan(sid, e.path, e.states, v)
        ranked.append(plan)
        if v > best.value:
            best = plan
    if style.scoot:
        scoot = _shoot_and_scoot(state, sid, ev, dice)
        if scoot is not None:
            ranked.append(scoot)
            if scoot.value > best.value:
                best = scoot
    if not best.actions and RuleId.OVERWATCH in state.rules and s0.mf_spent == 0 and not s0.combat_used:
        watch = Watch(soldier=sid)  # §9.1: his fire kept for the enemy's impulse
        if engine.check(state, watch) is None:
            v = _end_value(state, sid, ev) + 0.4 * style.aggression * ev.reach(state, s0)
            if v > best.value + 0.02:
                best = Plan(sid, [watch], [state], v)
                ranked.append(best)
    ranked.sort(key=lambda p: -p.value)  # (a stable sort: among equals the first found, as ``best``)
    return [best] + [p for p in ranked if p is not best]


class _Misses:
    """Dice that miss (a 10 on every d10): the state after a fire as far as the firer goes."""

    def d10(self, purpose: str) -> int:
        return 10

    def pick(self, purpose: str, n: int) -> int:
        return 0


def _shoot_and_scoot(state: GameState, sid: str, ev: Evaluator, dice: SeededDice) -> Plan | None:
    """His best fire now declaring 1 or 2 MF for after (6.3.6.2.7: +1 each to the fire), then the
    best place those MF reach; scored over the fire's outcomes (:func:`.fates.fates`). Only
    the fire is sent from this plan: after its dice he plans again from the real state."""
    s0 = state.soldier(sid)
    if s0 is None or s0.combat_used or s0.mf_left < COMBAT_MF + 1:
        return None
    _, att = ev.best_attack(state, s0)
    if not isinstance(att, Fire):
        return None
    best: Plan | None = None
    for k in range(1, min(2, s0.mf_left - COMBAT_MF) + 1):
        shot = att._replace(then=k)
        if engine.check(state, shot) is not None:
            continue
        value = ev.style.aggression * ev.attack_value(state, shot)
        after, _ = engine.apply_trusted(state, shot, _Misses())
        if after.pending is not None or after.over:
            continue
        odds = fates(state, shot, ev.side)
        frontier: list[GameState] = [after]
        for _ in range(k):
            nxt: list[GameState] = []
            for st in frontier:
                check = engine.checker(st)
                for a in engine.candidate_actions(st, sid):
                    if check(a) is None:
                        new, _ = engine.apply_trusted(st, a, dice)
                        if new.pending is None:
                            nxt.append(new)
            frontier = nxt
            for st in nxt:
                v = value + sum(p * _end_value(st.with_soldiers(*ch) if ch else st, sid, ev) for p, ch in odds)
                if best is None or v > best.value:
                    best = Plan(sid, [shot], [state], v, replan=True)
    return best


@dataclass
class _End:
    """One way his plan might end: the quick score, the state, the actions and their states, the attack."""

    quick: float
    state: GameState
    path: list[Action]
    states: list[GameState]
    attack: Action | None
    attack_value: float


def _end_value(state: GameState, sid: str, ev: Evaluator) -> float:
    s = state.soldier(sid)
    assert s is not None
    return ev.position(state, s)


def _noise(rng: random.Random, spread: float) -> float:
    return rng.uniform(-spread, spread) if spread else 0.0
