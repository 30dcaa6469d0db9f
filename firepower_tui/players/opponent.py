"""The computer opponent: a player in the rules' own terms.

It chooses legal actions through the engine, as a human does through the keys, and never
looks at the dice or the cup's order: the setup by :mod:`.setup_play`; a reaction by
:mod:`.answers`; in its impulse phase, which hex to activate (6.2) and, for each man there, a
plan of moves ending in his best attack (:mod:`.planner`), every move and attack scored by
:mod:`.evaluate` from the preview's exact odds against the exposure of :mod:`..rules.engine.threat`.
Every action it returns has passed :func:`.engine.check` (else it ends the impulse or phase).

Levels (:data:`.style.STYLES`): ``easy`` is reckless and errs, looks 2 MF ahead;
``normal`` weighs exposure and looks over a man's whole impulse; ``hard`` also values an enemy
by the harm he threatens, scores more places in full, scores a plan's attack over the outcomes
of its dice (expectimax: the place with the target killed, Suppressed or spared), and plans
fire-then-move (declaring the MF for after, 6.3.6.2.7); it plays for the scenario's victory
condition (rulings R105, R106): the outcome were the game to end now, more as the turns run out;
the sectors it could gain (§10.4), drawing its men towards them and counted in choosing the
impulse hex; in the last two turns, while it is not winning, less caution and more aggression;
its last men deployed fill the sectors of its zone none of its men holds (R108); when only
its own phases are left of the game (the public chit count), the outcome alone (R109); and in
the last three turns, ahead on points but not on sectors, it sends its spare men one a sector
to the sectors that make the count its own (R124). ``expert`` makes hard's choice, has the
search (:mod:`.search`) score it first, and plays another only when the search finds one
clearly better (:data:`MARGIN`, ruling R272).
"""

from __future__ import annotations

import random
import time

from ..rules import engine
from ..rules.model.actions import Action, DrawChit, EndImpulse, EndPhase, StartImpulse
from ..rules.model.dice import SeededDice
from ..rules.board.hexgrid import Hex
from ..rules.model.state import GameState
from ..rules.basic.turn import decides
from ..rules.model.types import Phase, Status
from .answers import answer
from .evaluate import Evaluator
from .style import STYLES, Style
from .planner import Plan, plan_for
from .search import Choice, Search, budget_for
from .setup_play import setup_action

LEVELS = ("easy", "normal", "hard", "expert")
"""The opponent's levels, weakest first."""
DEFAULT_THINK = 1.0
"""Seconds the expert may think over a decision (``--think``)."""
IMPULSE_FLOOR = 0.01
"""An impulse hex must promise at least this (in men) to be activated; else the phase ends (6.2)."""


class Opponent:
    """The computer playing one side at one level; ``seed`` makes its choices repeatable.

    ``style`` overrides the level's weights (for experiments); :attr:`timings` holds the seconds
    each :meth:`choose` took (the benchmark reads them).
    """

    def __init__(self, side: str, level: str = "normal", seed: int = 0, *, style: Style | None = None,
                 think: float = DEFAULT_THINK, clock: bool = True) -> None:
        """``think``: the expert's seconds a decision (its node budget, :func:`.search.budget_for`);
        ``clock``: the clock stops a search that overruns (off, a search is the same on any machine)."""
        if level not in LEVELS:
            raise ValueError(f"level {level!r}: one of {', '.join(LEVELS)}")
        self.side, self.level = side, level
        self.rng = random.Random(seed)
        self.style = style or STYLES[level]
        self.ev = Evaluator(side, self.style)
        self.think, self.clock = think, clock
        self.search = Search(side, self.style, seed) if level == "expert" else None
        """The expert's search (:mod:`.search`); None at the other levels."""
        self.timings: list[float] = []
        self.refused = 0
        """Actions it chose that the engine refused (replaced by :func:`_fallback`); the tests hold it to 0."""
        self._plan: Plan | None = None
        self._step = 0
        self._done: set[str] = set()
        self._impulse: tuple[object, ...] | None = None
        self._idle_phase: tuple[int, int] | None = None
        self._idle: set[Hex] = set()
        self._acted_now = False

    def to_act(self, state: GameState) -> bool:
        """Whether the game waits for this side's action (rules.basic.turn.deciders)."""
        return decides(state, self.side)

    def choose(self, state: GameState) -> Action:
        """One action ``engine.check`` accepts in ``state`` (only asked when :meth:`to_act`)."""
        start = time.perf_counter()
        action = self._choose(state)
        if engine.check(state, action) is not None:  # never send an illegal action
            self.refused += 1
            self._plan = None
            action = _fallback(state)
        self.timings.append(time.perf_counter() - start)
        return action

    # --- the phases -------------------------------------------------------------------------------

    def _choose(self, state: GameState) -> Action:
        if state.phase in (Phase.FORCES, Phase.DEPLOY):
            return setup_action(state, self.side, self.style.setup)
        self.ev.refresh(state)
        if state.pending is not None:
            return answer(state, self.ev)  # §9.1, §9.2, §9.7
        if state.active is None:
            return DrawChit()  # 6.1: the next chit, at random
        if self.search is not None:
            return self._search_choice(state)
        if not state.impulse:
            return self._activate(state)
        return self._act(state)

    def _search_choice(self, state: GameState) -> Action:
        """The expert: the hard level's choice, searched first, unless the search finds a choice
        better by more than :data:`MARGIN` (:mod:`.search`); then the plan it begins followed
        while the game goes as planned (no dice between)."""
        assert self.search is not None
        if not state.impulse:
            hard = self._activate(state)  # forgets the last impulse's plan (_between_impulses)
            choices = self.search.choices(state, budget_for(self.think, clock=self.clock),
                                          idle=frozenset(self._idle), first=hard)
            return _overrule(choices, hard, None, START_MARGIN).action
        planned = self._next_of_plan(state)
        if planned is not None:
            return planned
        plan = self._hard_plan(state)
        hard_action = plan.actions[0] if plan is not None else EndImpulse()
        choices = self.search.choices(state, budget_for(self.think, clock=self.clock), done=frozenset(self._done),
                                      first=plan)
        best = _overrule(choices, hard_action, plan, MARGIN)
        if isinstance(best.action, EndImpulse):
            if not self._acted_now and state.impulse_hex is not None:
                self._idle.add(state.impulse_hex)  # not again this phase (as the other levels)
            return best.action
        if best.action == hard_action and plan is not None:
            self._plan, self._step = plan, 1  # hard's own plan, as hard would follow it
        elif best.soldier is not None:
            self._plan = Plan(best.soldier, list(best.actions), list(best.states), best.score,
                              replan=len(best.actions) == 1)
            self._step = 1
        self._acted_now = True
        return best.action

    def _hard_plan(self, state: GameState) -> Plan | None:
        """The plan the hard level would start now: the first man of the impulse (in its order)
        not done with a plan of some action; a man with none is done. None: it would end the impulse."""
        for sid in state.group:
            s = state.soldier(sid)
            if sid in self._done or s is None or s.killed or s.status is Status.STUNNED or s.mf_left == 0:
                continue
            plan = plan_for(state, sid, self.ev, self.rng)
            if plan.actions:
                return plan
            self._done.add(sid)
        return None

    def _between_impulses(self, state: GameState) -> None:
        """No plan and no man done before an impulse starts; the hexes found idle are forgotten
        when a new impulse phase begins."""
        self._plan, self._done = None, set()
        phase = (state.turn, len(state.played))
        if self._idle_phase != phase:
            self._idle_phase, self._idle = phase, set()

    def _next_of_plan(self, state: GameState) -> Action | None:
        """The next action of the current man's plan while the game goes as planned (a new
        impulse forgets it); None when there is none (a man whose plan is played out is done
        unless it asked to be planned again)."""
        key = (state.turn, len(state.played), state.impulses_used, state.impulse_hex)
        if key != self._impulse:
            self._impulse, self._plan, self._done, self._acted_now = key, None, set(), False
        plan = self._plan
        if plan is not None:
            if self._step < len(plan.actions) and plan.states[self._step] == state:
                self._step += 1
                self._acted_now = True
                return plan.actions[self._step - 1]
            if self._step >= len(plan.actions) and not plan.replan:
                self._done.add(plan.soldier)
            self._plan = None
        return None

    def _activate(self, state: GameState) -> Action:
        """Which hex's men to activate (6.2), or end the phase."""
        self._between_impulses(state)
        hexes = engine.impulse_hexes(state)
        best: tuple[float, Action] = (IMPULSE_FLOOR, EndPhase())
        for h in hexes:
            if h in self._idle:
                continue  # activated once this phase and nobody found anything to do
            v = self._promise(state, h)
            if v > best[0]:
                best = (v, StartImpulse(hex=h))
        return best[1]

    def _promise(self, state: GameState, h: Hex) -> float:
        """What an impulse in ``h`` promises: at ``full_impulse_search`` the plans of its men (gain
        over standing still), else each man's reach and the urgency of his exposure."""
        men = [s for s in state.soldiers_at(h) if s.side == self.side and s.id not in state.acted
               and s.status is not Status.STUNNED]
        if not men:
            return 0.0
        style = self.ev.style
        if style.full_impulse_search:
            start = StartImpulse(hex=h)
            if engine.check(state, start) is not None:
                return 0.0
            st, _ = engine.apply_trusted(state, start, SeededDice(0))
            gain = 0.0
            for s in men:
                plan = plan_for(st, s.id, self.ev, self.rng)
                me = st.soldier(s.id)
                assert me is not None
                gain += max(0.0, plan.value - self.ev.position(st, me))
            return gain + 0.05
        v = 0.0
        for s in men:
            v = max(v, style.aggression * self.ev.reach(state, s) + style.caution * self.ev.risk(state, s))
            target = self.ev.targets.get(s.id)
            if target is not None:  # R124: the sector plan sends him
                v = max(v, style.sector_plan * min(4, self.ev.sector_distance(state, s.hex, target)))
            elif style.pull:
                gain, dist = self.ev.sector_gain(state, s)
                if gain > 0:
                    v = max(v, gain / (1 + dist))
        return v + 0.05 + (self.rng.uniform(0, style.noise) if style.noise else 0.0)

    def _act(self, state: GameState) -> Action:
        """The next action of the impulse: the current man's plan, a new plan, or the impulse's end."""
        planned = self._next_of_plan(state)
        if planned is not None:
            return planned
        for sid in state.group:
            s = state.soldier(sid)
            if sid in self._done or s is None or s.killed or s.status is Status.STUNNED or s.mf_left == 0:
                continue
            plan = plan_for(state, sid, self.ev, self.rng)
            if not plan.actions:
                self._done.add(sid)
                continue
            self._plan, self._step, self._acted_now = plan, 1, True
            return plan.actions[0]
        if not self._acted_now and state.impulse_hex is not None:
            self._idle.add(state.impulse_hex)  # not again this phase (an uncommitted impulse costs nothing, 6.2)
        return EndImpulse()


MARGIN = 0.15
"""In men: how much better than the hard level's choice (as the search scores both) the expert's
best must be for the expert to play it instead (in an impulse)."""
START_MARGIN = 0.15
"""The same for the hex to start an impulse in (or the phase's end)."""


def _overrule(choices: list[Choice], hard: Action, plan: Plan | None, margin: float) -> Choice:
    """The search's best choice if it beats the hard level's (``hard``, begun by ``plan``) by more
    than :data:`MARGIN`; else hard's (as the search scored it, or as hard planned it)."""
    own = next((c for c in choices if c.action == hard and c.searched), None)
    best = choices[0]
    if own is None:
        if plan is None:
            return Choice((hard,), (), 0.0, False)
        return Choice(tuple(plan.actions), tuple(plan.states), plan.value, False, soldier=plan.soldier)
    if best.searched and best.score > own.score + margin:
        return best
    return own


def _fallback(state: GameState) -> Action:
    """A legal action when the chosen one is refused: end the impulse, or the phase, or the first legal."""
    for a in (EndImpulse(), EndPhase(), DrawChit()):
        if engine.check(state, a) is None:
            return a
    return engine.legal_actions(state)[0]
