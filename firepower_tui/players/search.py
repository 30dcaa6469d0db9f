"""The expert's search: the choices of a decision, each scored by the expected outcome of the
rest of the impulse it opens, within a budget of nodes.

A choice is a first action (or the hex an impulse starts in, a reaction's answer) with the
plan it begins. Its score is an expectimax over what follows, in men for our side:

- a chance node for each combat action at the engine's exact odds (:func:`.engine.assess`:
  each target killed, Suppressed or spared, :func:`.fates.fates`; a melee won or lost), the
  dice that follow never looked at;
- the enemy's reaction it may trigger (an Overwatch snap shot, §9.1; Hit the dirt, §9.2; a
  melee reaction, §9.7) as the computer would answer it, at that answer's odds;
- then the man's best plan for the rest of his impulse and every other man's of the impulse
  (:func:`.planner.plan_for`) for what he gains over standing still, and the most one other
  man of the impulse gains so (each man's plan is made alone: two plans may count one
  enemy's death twice, so no more than one other is added);
- at the leaves the evaluator over the whole side (:func:`team_value`: every man's position,
  the kills, the ground and the outcome as it would stand), where the enemy's next impulse is
  weighed by the public chance that his chit is drawn before ours (the cup's count, 6.1,
  :func:`..rules.engine.threat.enemy_first`; never the cup's order).

The budget is counted in nodes (a plan searched, a position scored), so a search is the
same for a given seed and budget on any machine; :data:`NODES_PER_SECOND` turns the
``--think`` seconds into nodes, calibrated on the reference machine (docs/performance.md),
and the clock is only a safety stop (:data:`SAFETY` times the budget) on a machine much
slower than that. Choices are searched best first by the planner's own value, a choice
given as ``first`` (the hard level's, ruling R272) before all, so a search cut short still
scores the planner's choice.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from ..rules import engine
from ..rules.basic.fire import FireAssessment
from ..rules.basic.grenades import ThrowAssessment
from ..rules.basic.melee import MeleeAssessment
from ..rules.board.hexgrid import Hex, hex_neighbor
from ..rules.engine import threat
from ..rules.model.actions import (Action, ChangePosture, Cross, DrawChit, EndImpulse, EndPhase, FallBack, Fire,
                                   HitDirt, Melee, Move, Overwatch, StandAndShoot, StartImpulse, Throw, Turn,
                                   Watch)
from ..rules.model.errors import IllegalActionError
from ..rules.model.state import GameState
from ..rules.model.types import Phase, Status
from ..rules.model.units import Soldier
from ..rules.scenario.victory import soldier_points
from .answers import answer, answer_values
from .evaluate import STUN_VALUE, SUPPRESS_VALUE, Evaluator
from .fates import fates
from .planner import Plan, plan_for, ranked_plans
from .setup_play import setup_action
from .style import STYLES, Style

NODES_PER_SECOND = 120
"""Nodes a second of ``--think`` buys (a man's plan costs the places it scores in full, a side's
standing its men). The reference machine scores about 430 a second on average, but a node's cost
varies tenfold (a village hex's plans): a quarter of that keeps the slowest searches within the
budget at p95 (docs/performance.md)."""
SAFETY = 3.0
"""The clock stops a search at this many times its budget (a machine far slower than the reference)."""
PLANS_PER_MAN = 3
"""The plans of each man whose first actions are searched first."""
MORE_PLANS_PER_MAN = 8
"""The plans of each man searched in all while the budget lasts."""
WIN_VALUE = 5.0
"""A game won (or lost) at a leaf, in men."""
REACTION_DEPTH = 3
"""Most reactions answered in a row within one choice (a chain never runs longer in the rules)."""


@dataclass
class Budget:
    """Nodes left for one search, and the clock's safety stop."""

    nodes: int
    deadline: float | None = None
    used: int = 0
    by_clock: bool = False
    """The clock stopped the search (its result may then differ from machine to machine)."""

    def spend(self, n: int = 1) -> None:
        self.used += n

    @property
    def out(self) -> bool:
        if self.used >= self.nodes:
            return True
        if self.deadline is not None and time.perf_counter() > self.deadline:
            self.by_clock = True
            return True
        return False


def budget_for(seconds: float, *, clock: bool = True, safety: float = SAFETY) -> Budget:
    """The budget of ``seconds`` of thought: nodes by :data:`NODES_PER_SECOND` (at least one
    choice's), the clock at ``safety`` times it (none without ``clock``)."""
    deadline = time.perf_counter() + safety * seconds if clock else None
    return Budget(nodes=max(1, round(seconds * NODES_PER_SECOND)), deadline=deadline)


@dataclass(frozen=True)
class Choice:
    """One choice of a decision, as the search scored it."""

    actions: tuple[Action, ...]
    """Its first action (what is taken now), then the plan it begins."""
    states: tuple[GameState, ...]
    """The state each action is meant for (the first: the position now)."""
    score: float
    """The expected outcome, in men for the side (comparable between the choices of one decision)."""
    searched: bool
    """Scored by the search (else by the planner alone: the budget ran out first)."""
    odds: float | None = None
    """The chance its combat action succeeds: at least one kill, a melee won; None without one."""
    kills: float = 0.0
    """The enemy's men its combat action is expected to kill."""
    exposure: float = 0.0
    """The men expected lost where it leaves the man who acts, if the enemy acted next (the threat view's number)."""
    rules: tuple[str, ...] = ()
    """The rules that decide it: its combat's chart and modifiers, its moves, the threat it leaves him to."""
    soldier: str | None = None

    @property
    def action(self) -> Action:
        return self.actions[0]


@dataclass
class Search:
    """The search for one side at one style (the expert's weights by default)."""

    side: str
    style: Style = field(default_factory=lambda: STYLES["expert"])
    seed: int = 0

    def __post_init__(self) -> None:
        self.ev = Evaluator(self.side, self.style)
        self.rng = random.Random(self.seed)
        self._enemy: Evaluator | None = None

    # --- the decisions ------------------------------------------------------------------------

    def choices(self, state: GameState, budget: Budget, done: frozenset[str] = frozenset(),
                idle: frozenset[Hex] = frozenset(), first: Plan | Action | None = None) -> list[Choice]:
        """The choices of the decision ``state`` waits for from our side, best first. ``done``:
        men of the impulse who have finished (they are not planned again); ``idle``: hexes not to
        start an impulse in again this phase; ``first``: a choice searched before any other (the
        hard level's plan in an impulse, its hex or phase end before one)."""
        if state.phase in (Phase.FORCES, Phase.DEPLOY):
            a = setup_action(state, self.side, self.style.setup)
            return [Choice((a,), (state,), 0.0, False, rules=("§10.2",) if state.phase is Phase.DEPLOY else ("§10.3",))]
        self.ev.refresh(state)
        if state.pending is not None:
            return self._reactions(state)
        if state.active is None:
            return [Choice((DrawChit(),), (state,), 0.0, False, rules=("6.1",))]
        if not state.impulse:
            return self._activations(state, budget, idle, first if isinstance(first, StartImpulse) else None)
        return self._impulse(state, budget, done, first if isinstance(first, Plan) else None)

    # --- in an impulse: each man's plans ------------------------------------------------------

    def _impulse(self, state: GameState, budget: Budget, done: frozenset[str], first: Plan | None = None) -> list[Choice]:
        """The first actions of each man's best plans and the impulse's end, searched best first."""
        cands: list[tuple[bool, float, Plan]] = []
        for sid in state.group:
            s = state.soldier(sid)
            if sid in done or s is None or s.killed or s.status is Status.STUNNED or s.mf_left == 0:
                continue
            here = self.ev.position(state, s)
            budget.spend(self.style.finalists)
            seen: set[Action] = set()
            for plan in ranked_plans(state, sid, self.ev, self.rng):
                if not plan.actions or plan.actions[0] in seen:
                    continue
                cands.append((len(seen) >= PLANS_PER_MAN, plan.value - here, plan))
                seen.add(plan.actions[0])
                if len(seen) >= MORE_PLANS_PER_MAN:
                    break
        for melee in self._group_melees(state, done):  # the planner's melees are one man's
            budget.spend()
            cands.append((False, self.style.aggression * self.ev.attack_value(state, melee),
                          Plan(melee.soldiers[0], [melee], [state], 0.0)))
        cands.sort(key=lambda c: (c[0], -c[1]))  # each man's best few first, then the others while the budget lasts
        if first is not None and first.actions:
            cands = [(False, 0.0, first)] + [c for c in cands if c[2].actions[0] != first.actions[0]]
        end = EndImpulse()
        out: list[Choice] = []
        base = self._team(state, budget)
        out.append(Choice((end,), (state,), base, True, rules=("6.2",)))
        for _, shallow, plan in cands:
            if budget.out:
                out.append(self.describe(state, plan, base + shallow, searched=False))
                continue
            sid = plan.soldier
            value, rest = self.q_action(state, plan.actions[0], sid, budget, done)
            if rest is not None:  # the plan he would follow after a first step that rolls no dice
                plan = Plan(sid, [plan.actions[0], *rest.actions], [state, *rest.states], plan.value)
            else:
                plan = Plan(sid, plan.actions[:1], plan.states[:1], plan.value)
            out.append(self.describe(state, plan, value, searched=True))
        return _ranked(out)

    def _group_melees(self, state: GameState, done: frozenset[str]) -> list[Melee]:
        """For each enemy hex next to the impulse's men, the melee of all of them who face it and
        may go in together (§5.1: one melee names every attacker; 2 a man more on the odds, §5.2)."""
        facing: dict[Hex, list[str]] = {}
        for sid in state.group:
            s = state.soldier(sid)
            if sid in done or s is None or s.killed or s.combat_used:
                continue
            front = hex_neighbor(s.hex, s.facing)
            if any(e.side != self.side for e in state.soldiers_at(front)):
                facing.setdefault(front, []).append(sid)
        out: list[Melee] = []
        for h, men in facing.items():
            if len(men) > 1:
                melee = Melee(soldiers=tuple(men), hex=h)
                if engine.check(state, melee) is None:
                    out.append(melee)
        return out

    def q_action(self, state: GameState, action: Action, sid: str, budget: Budget,
                 done: frozenset[str] = frozenset()) -> tuple[float, Plan | None]:
        """The expected outcome of ``action`` by ``sid`` now, then the best plans of the impulse;
        with the plan he would follow after it when it led to one state alone (no dice)."""
        outs = self.after(state, action)
        total = 0.0
        rest: Plan | None = None
        for p, st in outs:
            v, plan = self._continue(st, sid, budget, done)
            total += p * v
            if len(outs) == 1:
                rest = plan
        return total, rest

    def after(self, state: GameState, action: Action) -> list[tuple[float, GameState]]:
        """The states ``action`` may lead to, with their chances (the chance nodes): a combat
        action's outcomes at the engine's odds, a reaction it triggers answered as the
        computer would, at that answer's odds."""
        if isinstance(action, Melee):
            try:
                win = engine.assess(state, action).win_chance
            except IllegalActionError:
                return [(1.0, state)]
            out: list[tuple[float, GameState]] = []
            for p, dice in ((win, _Dice(1)), (1.0 - win, _Dice(10))):
                if p > 0:
                    st, _ = engine.apply_trusted(state, action, dice)
                    out += [(p * q, s2) for q, s2 in self._reactions_out(st, dice)]
            return out
        try:
            st, _ = engine.apply_trusted(state, action, _Dice(10))
        except IllegalActionError:
            return [(1.0, state)]
        odds = fates(state, action, self.side)
        out = []
        for q, s2 in self._reactions_out(st, _Dice(10)):
            for p, changed in odds:
                out.append((p * q, _overlay(s2, changed)))
        return out

    def _reactions_out(self, st: GameState, dice: _Dice, depth: int = 0) -> list[tuple[float, GameState]]:
        """A state with a reaction open resolved: the enemy's answer (and its shot's odds)."""
        if st.pending is None or depth >= REACTION_DEPTH or st.over:
            return [(1.0, st)]
        deciding = self.ev if st.pending is not None and _ours_to_answer(st, self.side) else self.enemy_ev(st)
        a = answer(st, deciding)
        odds = fates(st, a, deciding.side) if isinstance(a, Overwatch) else [(1.0, ())]
        try:
            nxt, _ = engine.apply_trusted(st, a, dice)
        except IllegalActionError:
            return [(1.0, st)]
        out: list[tuple[float, GameState]] = []
        for q, s2 in self._reactions_out(nxt, dice, depth + 1):
            for p, changed in odds:
                out.append((p * q, _overlay(s2, changed)))
        return out

    def enemy_ev(self, state: GameState) -> Evaluator:
        if self._enemy is None:
            self._enemy = Evaluator(state.enemy_of(self.side), STYLES["hard"])
        self._enemy.refresh(state)
        return self._enemy

    def _continue(self, st: GameState, sid: str, budget: Budget, done: frozenset[str]) -> tuple[float, Plan | None]:
        """The value of ``st`` reached in the impulse: the side's value, what ``sid`` gains by his
        best plan for the rest of his impulse (returned), and the most another man of the impulse
        still to act gains by his."""
        v = self._team(st, budget)
        if st.over or st.pending is not None or not st.impulse or st.active != self.side:
            return v, None
        rest: Plan | None = None
        others = 0.0
        for m_id in (sid, *(m for m in st.group if m != sid)):
            m = st.soldier(m_id)
            if (m_id in done and m_id != sid) or m is None or m.killed or m.status is Status.STUNNED \
                    or m.mf_left == 0 or budget.out:
                continue
            plan = self._plan(st, m_id, budget)
            gain = max(0.0, plan.value - self.ev.position(st, m))
            if m_id == sid:
                rest, v = plan, v + gain
            else:
                others = max(others, gain)
        return v + others, rest

    # --- the leaves ---------------------------------------------------------------------------

    def _plan(self, state: GameState, sid: str, budget: Budget) -> Plan:
        budget.spend(self.style.finalists)
        return plan_for(state, sid, self.ev, self.rng)

    def _team(self, state: GameState, budget: Budget) -> float:
        budget.spend(sum(1 for m in state.soldiers if m.side == self.side and not m.killed))
        return self.team_value(state)

    def team_value(self, state: GameState) -> float:
        """The side's standing, in men: each living man's position (reach, exposure, cover,
        ground) without the terms of the whole side, which count once (the ground, the outcome as
        it stands), the men killed on both sides by their worth, the enemy's men pinned; a game
        over is won or lost."""
        ev = self.ev
        whole = ev.ground(state) + (ev.outlook(state) if ev.style.victory else 0.0)
        v = whole
        for m in state.soldiers:
            if m.side == self.side:
                if m.killed:
                    v -= _worth(state, m)
                elif m.deployed:
                    v += ev.position(state, m) - whole
            else:
                if m.killed:
                    v += _worth(state, m)
                elif m.status is Status.SUPPRESSED:
                    v += SUPPRESS_VALUE
                elif m.status is Status.STUNNED:
                    v += STUN_VALUE
        if state.over:
            v += WIN_VALUE if state.winner == self.side else -WIN_VALUE if state.winner is not None else 0.0
        return v

    # --- starting an impulse ------------------------------------------------------------------

    def _activations(self, state: GameState, budget: Budget, idle: frozenset[Hex],
                     first: StartImpulse | None = None) -> list[Choice]:
        """Each hex an impulse may start in, by what its men's plans gain; and the phase's end."""
        base = self._team(state, budget)
        out = [Choice((EndPhase(),), (state,), base, True, rules=("6.2",))]
        hexes = [h for h in engine.impulse_hexes(state) if h not in idle]
        quick = sorted(hexes, key=lambda h: (first is None or h != first.hex, -self._quick_promise(state, h)))
        for h in quick:
            start = StartImpulse(hex=h)
            if engine.check(state, start) is not None:
                continue
            if budget.out:
                out.append(Choice((start,), (state,), base + self._quick_promise(state, h) - 1.0, False,
                                  rules=("6.2",)))
                continue
            st, _ = engine.apply_trusted(state, start, _Dice(10))
            gain, best, best_gain = 0.0, None, float("-inf")
            for sid in st.group:
                m = st.soldier(sid)
                if m is None or m.status is Status.STUNNED or budget.out:
                    continue
                plan = self._plan(st, sid, budget)
                g = max(0.0, plan.value - self.ev.position(st, m))
                gain += g
                if g > best_gain and plan.actions:
                    best, best_gain = plan, g
            score = base + gain if gain > IMPULSE_FLOOR else base - IMPULSE_FLOOR
            if best is not None:
                c = self.describe(st, best, score, searched=True)
                out.append(Choice((start, *c.actions), (state, *c.states), score, True, c.odds, c.kills,
                                  c.exposure, ("6.2", *c.rules), c.soldier))
            else:
                out.append(Choice((start,), (state,), score, True, rules=("6.2",)))
        return _ranked(out)

    def _quick_promise(self, state: GameState, h: Hex) -> float:
        v = 0.0
        for s in state.soldiers_at(h):
            if s.side == self.side and s.id not in state.acted and s.status is not Status.STUNNED:
                v = max(v, self.ev.reach(state, s) + self.ev.risk(state, s))
        return v

    # --- reactions ----------------------------------------------------------------------------

    def _reactions(self, state: GameState) -> list[Choice]:
        """The answers to the open reaction (:func:`.answers.answer_values`), with their odds."""
        out = []
        for value, a in answer_values(state, self.ev):
            odds, kills, rules = None, 0.0, _reaction_rule(a)
            if isinstance(a, (Overwatch, StandAndShoot)):
                try:
                    odds, kills, more = _combat_odds(engine.assess(state, a), state, self.side)
                    rules += tuple(more)
                except IllegalActionError:
                    pass
            out.append(Choice((a,), (state,), value, True, odds, kills, rules=tuple(dict.fromkeys(rules))))
        return _ranked(out)

    # --- words ----------------------------------------------------------------------------------

    def describe(self, state: GameState, plan: Plan, score: float, *, searched: bool) -> Choice:
        """A plan as a choice: its combat action's odds and expected kills, the exposure where it
        leaves him, the rules that decide it."""
        odds, kills, rules = None, 0.0, list[str]()
        for a, st in zip(plan.actions, plan.states):
            if isinstance(a, (Fire, Throw, Melee)):
                try:
                    odds, kills, more = _combat_odds(engine.assess(st, a), st, self.side)
                    rules += tuple(more)
                except IllegalActionError:
                    pass
            else:
                rules.append(_MOVE_RULES.get(type(a), ""))
        end_state = plan.states[-1] if plan.states else state
        last = plan.actions[-1] if plan.actions else None
        if last is not None and not isinstance(last, (Fire, Throw, Melee)):
            try:
                end_state, _ = engine.apply_trusted(end_state, last, _Dice(10))
            except IllegalActionError:
                pass
        man = end_state.soldier(plan.soldier)
        exposure = 0.0
        if man is not None and not man.killed and man.deployed:
            exposure = threat.expected_losses(end_state, man.hex, self.side)
            worst = max(threat.threats_to(end_state, man.hex, self.side, steps=False),
                        key=lambda t: t.expected_kills, default=None)
            if worst is not None and exposure > 0.05:
                rules.append(worst.rule)
        return Choice(tuple(plan.actions), tuple(plan.states), score, searched, odds, kills, exposure,
                      tuple(dict.fromkeys(r for r in rules if r)), plan.soldier)


IMPULSE_FLOOR = 0.01
"""An impulse must gain at least this (in men) to be started (as the other levels, 6.2)."""
_MOVE_RULES: dict[type, str] = {Move: "6.2.1", Turn: "6.2.2", Cross: "6.2.3", ChangePosture: "6.2.4", Watch: "§9.1",
                                EndImpulse: "6.2"}


def _reaction_rule(a: Action) -> tuple[str, ...]:
    if isinstance(a, Overwatch):
        return ("§9.1",)
    if isinstance(a, HitDirt):
        return ("§9.2",)
    if isinstance(a, (StandAndShoot, FallBack)):
        return ("§9.7",)
    return ()


def _combat_odds(a: object, state: GameState, side: str) -> tuple[float | None, float, list[str]]:
    """(chance of success, expected enemy kills, rules) of an assessment."""
    if isinstance(a, FireAssessment):
        odds = 1.0 - a.kill_distribution[0] if a.kill_distribution else 0.0
        rules = [b.breakdown.need_rule for b in a.bursts[:1]]
        rules += [m.rule for b in a.bursts[:1] for m in b.breakdown.modifiers if m.value]
        return odds, a.expected_kills, rules
    if isinstance(a, ThrowAssessment):
        kills = 0.0
        for r in a.risks:
            u = state.soldier(r.soldier)
            if u is not None and u.side != side:
                kills += r.kill
        return a.lands, kills, [a.throw.need_rule, *(m.rule for m in a.throw.modifiers if m.value)]
    if isinstance(a, MeleeAssessment):
        return a.win_chance, a.win_chance * len(a.defenders), [a.roll.need_rule, *(m.rule for m in a.roll.modifiers
                                                                                  if m.value)]
    return None, 0.0, []


def _ranked(choices: list[Choice]) -> list[Choice]:
    """Searched choices first, best first; then those the budget left to the planner. The end of
    the impulse or phase (searched at once) stands with the first if no other choice was searched."""
    ends = (EndImpulse, EndPhase)
    if not any(c.searched for c in choices if not isinstance(c.action, ends)):
        return sorted(choices, key=lambda c: -c.score)
    return sorted(choices, key=lambda c: (not c.searched, -c.score))


def _worth(state: GameState, m: Soldier) -> float:
    return soldier_points(m) / 11.0 if state.scenario.spec.victory == "points_and_ground" else 1.0


def _ours_to_answer(state: GameState, side: str) -> bool:
    p = state.pending
    return p is not None and any((u := state.soldier(a)) is not None and u.side == side for a in p.answerers)


def _overlay(st: GameState, changed: tuple[Soldier, ...]) -> GameState:
    """``st`` with the fates of ``changed`` (killed, Suppressed, Stunned) on its own men."""
    if not changed:
        return st
    now = []
    for t in changed:
        u = st.soldier(t.id)
        if u is None or u.killed:
            continue
        if t.killed:
            now.append(u.evolve(killed=True))
        elif t.status is Status.STUNNED:
            now.append(u.evolve(status=Status.STUNNED, posture=t.posture))
        elif t.status is Status.SUPPRESSED and u.status is Status.OK:
            now.append(u.evolve(status=Status.SUPPRESSED))
    return st.with_soldiers(*now) if now else st


class _Dice:
    """Dice that roll one number on every d10 (1: every roll succeeds, 10: none) and pick the first."""

    def __init__(self, face: int) -> None:
        self.face = face

    def d10(self, purpose: str) -> int:
        return self.face

    def pick(self, purpose: str, n: int) -> int:
        return 0


