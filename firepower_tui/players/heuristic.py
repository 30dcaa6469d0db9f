"""A scripted heuristic player, the yardstick of the benchmark: it advances
through cover, fires at the best chance, goes Prone when Suppressed; no search, no exposure.

Per man of the impulse, in order: Suppressed and not Prone, he drops Prone (6.2.4); with a
shot he fires at the enemy he is likeliest to kill (6.3, by the preview's odds); with an enemy
in sight but out of arc he turns to him (6.2.2); else, further than three hexes from the
nearest enemy, he steps to the neighbouring hex nearest that enemy, cover first (6.2.1).
"""

from __future__ import annotations

import random

from ..rules import engine
from ..rules.model.actions import (Action, ChangePosture, DrawChit, EndImpulse, EndPhase, Fire, Hold, Move, Overwatch,
                                   StartImpulse, Turn)
from ..rules.basic.combat import COMBAT_MF
from ..rules.board.hexgrid import Hex, direction_between, hex_distance, hex_neighbor, in_firing_arc
from ..rules.model.state import GameState
from ..rules.basic.turn import decides
from ..rules.model.types import Phase, Posture, Status
from ..rules.model.units import Soldier
from .setup_play import COVER_VALUE, facing_toward, setup_action

CLOSE_ENOUGH = 3
"""He stops advancing this near the nearest enemy."""


class Heuristic:
    """The scripted player for one side (``seed``: the order it breaks ties in)."""

    def __init__(self, side: str, seed: int = 0) -> None:
        self.side = side
        self.rng = random.Random(seed)
        self._done: set[str] = set()
        self._impulse: object = None
        self._idle: set[Hex] = set()
        self._phase: object = None
        self._acted = False

    def to_act(self, state: GameState) -> bool:
        """Whether the game waits for this side (rules.basic.turn.deciders)."""
        return decides(state, self.side)

    def choose(self, state: GameState) -> Action:
        """One action ``engine.check`` accepts."""
        action = self._choose(state)
        if engine.check(state, action) is None:
            return action
        for a in (EndImpulse(), EndPhase(), DrawChit()):
            if engine.check(state, a) is None:
                return a
        return engine.legal_actions(state)[0]

    def _choose(self, state: GameState) -> Action:
        if state.phase in (Phase.FORCES, Phase.DEPLOY):
            return setup_action(state, self.side)
        if state.pending is not None:
            return self._answer(state)
        if state.active is None:
            return DrawChit()
        phase = (state.turn, len(state.played))
        if phase != self._phase:
            self._phase, self._idle = phase, set()
        if not state.impulse:
            hexes = [h for h in engine.impulse_hexes(state) if h not in self._idle]
            if not hexes:
                return EndPhase()
            shooters = [h for h in hexes if any(self._in_arc(state, s) for s in state.soldiers_at(h)
                                               if s.side == self.side)]
            return StartImpulse(hex=self.rng.choice(shooters or hexes))
        key = (phase, state.impulses_used, state.impulse_hex)
        if key != self._impulse:
            self._impulse, self._done, self._acted = key, set(), False
        for sid in state.group:
            s = state.soldier(sid)
            if s is None or sid in self._done or s.killed or s.status is Status.STUNNED:
                continue
            action = self._act(state, s)
            if action is not None and engine.check(state, action) is None:
                self._acted = True
                return action
            self._done.add(sid)
        if not self._acted and state.impulse_hex is not None:
            self._idle.add(state.impulse_hex)
        return EndImpulse()

    def _answer(self, state: GameState) -> Action:
        """A snap shot on Overwatch at the best chance of a kill, else hold."""
        legal = engine.legal_actions(state)
        best: tuple[float, Action] = (0.3, next((a for a in legal if isinstance(a, Hold)), legal[0]))
        for a in legal:
            if isinstance(a, Overwatch) and isinstance(a.shot, Fire):
                odds = engine.assess(state, a)
                chance = 1.0 - odds.kill_distribution[0] if hasattr(odds, "kill_distribution") else 0.0
                if chance > best[0]:
                    best = (chance, a)
        return best[1]

    def _in_arc(self, state: GameState, s: Soldier) -> bool:
        """Whether an enemy stands in his firing arc (6.3.3): worth activating his hex first."""
        return any(e.side != self.side and not e.hidden and in_firing_arc(s.hex, s.facing, e.hex)
                   for e in state.living())

    def _shot(self, state: GameState, s: Soldier) -> Action | None:
        """His fire at the enemy he is likeliest to kill (by the preview's odds), if any."""
        if s.combat_used or s.mf_left < COMBAT_MF:
            return None
        best: tuple[float, Action | None] = (0.0, None)
        for e in state.living():
            if e.side == self.side or e.hidden or not in_firing_arc(s.hex, s.facing, e.hex):
                continue
            fire = Fire(soldier=s.id, targets=(e.id,))
            if engine.check(state, fire) is not None:
                continue
            chance = engine.assess(state, fire).bursts[0].kill_chance
            if chance > best[0]:
                best = (chance, fire)
        return best[1]

    def _act(self, state: GameState, s: Soldier) -> Action | None:
        if s.status is Status.SUPPRESSED and s.posture is not Posture.PRONE:
            return ChangePosture(soldier=s.id, posture=Posture.PRONE)  # go Prone when Suppressed
        enemies = [e for e in state.living() if e.side != self.side]
        if not enemies:
            return None
        fire = self._shot(state, s)
        if fire is not None:
            return fire
        nearest = min(enemies, key=lambda e: hex_distance(s.hex, e.hex))
        if not s.combat_used and s.mf_left >= COMBAT_MF + 1 and not in_firing_arc(s.hex, s.facing, nearest.hex):
            turn = Turn(soldier=s.id, facing=facing_toward(s.hex, nearest.hex, s.facing))
            if engine.check(state, turn) is None:
                return turn
        if s.status is Status.SUPPRESSED or hex_distance(s.hex, nearest.hex) <= CLOSE_ENOUGH:
            return None
        if s.posture is not Posture.STAND:
            return ChangePosture(soldier=s.id, posture=Posture.STAND)
        return self._step(state, s, nearest.hex)

    def _step(self, state: GameState, s: Soldier, toward: Hex) -> Action | None:
        """A step to the neighbouring hex nearest ``toward``, cover first (a turn first if he must)."""
        gmap = state.scenario.map
        here = hex_distance(s.hex, toward)
        options = []
        for f in range(6):
            h = hex_neighbor(s.hex, f)
            if not gmap.on_map(h) or hex_distance(h, toward) >= here:
                continue
            options.append((hex_distance(h, toward) - COVER_VALUE.get(gmap.terrain_at(h), 0.0) * 0.6, h))
        for _, h in sorted(options, key=lambda o: o[0]):
            d = direction_between(s.hex, h)
            if d is None:
                continue
            action: Action = Move(soldier=s.id) if d == s.facing else Turn(soldier=s.id, facing=d)
            if engine.check(state, action) is None:
                return action
        return None
