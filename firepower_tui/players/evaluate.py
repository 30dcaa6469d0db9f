"""What a position and an attack are worth to the computer: the exact odds of the preview
(:func:`.engine.assess`) against the exposure of :mod:`..rules.engine.threat`.

One :class:`Evaluator` serves one decision (one side, one style); its caches are keyed by what
the numbers depend on (the enemy's men, the hex, the posture), so the many positions a search
visits share their exposures.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..rules import engine
from ..rules.engine import threat
from ..rules.model.actions import Action, Fire, Melee, Throw
from ..rules.basic.combat import COMBAT_MF
from ..rules.model.errors import IllegalActionError
from ..rules.basic.grenades import max_throw
from ..rules.board.hexgrid import Hex, direction_between, hex_distance, hex_from_id, in_firing_arc
from ..rules.model.state import GameState
from ..rules.board.terrain import Terrain
from ..rules.model.types import Posture, Status
from ..rules.model.units import Soldier
from ..rules.scenario.victory import score, sector_control, sector_of, soldier_points
from .style import Style

SUPPRESS_VALUE = 0.15
"""What Suppressing an enemy is worth, in men (3 MF and +1 to his fire until our next chit, 6.2.8, 6.4.3)."""
STUN_VALUE = 0.35
"""What Stunning an enemy is worth, in men (no MF, Prone, 6.4.4)."""
QUICK_COVER = {Terrain.TREES: 0.2, Terrain.ROUGH: 0.1, Terrain.SCRUB: 0.1, Terrain.HILL: 0.05}
"""The quick score's cover (trees +2 in all, rough cover +1, scrub concealment +1)."""
QUICK_POSTURE = {Posture.STAND: 0.0, Posture.CROUCH: 0.08, Posture.PRONE: 0.12}
"""The quick score's posture (+1 crouching, +2 prone, but slower)."""
SECTOR_VALUE = 0.6
"""A sector held alone (§10.4), in men."""
CACHE_LIMIT = 50_000
"""Most exposures (and reaches) kept; beyond, the table starts again."""


class Evaluator:
    """The worth of attacks and positions for ``side`` in one game, cached between decisions while
    the enemy's men stay as they are."""

    def __init__(self, side: str, style: Style) -> None:
        self.side, self.style, self.base = side, style, style
        self._key: Any = None
        self._risk: dict[Any, float] = {}
        self._reach: dict[Any, float] = {}
        self._worth: dict[str, float] = {}
        self._cells: dict[str, list[list[Hex]]] = {}
        self._distance: dict[tuple[str, Hex, int], int] = {}
        """:meth:`sector_distance` by scenario, hex and sector (a map has a few hundred hexes)."""
        self.final = False
        """Only our phases are left of the game (:meth:`last_phases`, R109)."""
        self.targets: dict[str, int] = {}
        """The sector plan (R124): the sector each man it sends is to go to."""

    # --- caches ---------------------------------------------------------------------------------

    def refresh(self, state: GameState) -> None:
        """Forget what the enemy's men (or the optional state) have made stale."""
        key = (tuple(s for s in state.soldiers if s.side != self.side), state.special, state.building_damage,
               state.rules)
        if key != self._key:
            self._key = key
            self._worth.clear()
        self.final = False
        self.style = self.base
        self.targets = self.sector_plan(state) if self.base.sector_plan else {}
        if self.base.push:
            late = state.turn >= state.scenario.spec.turns - 1
            if late and self.outlook_now(state) < 1:
                p = self.base.push
                self.style = replace(self.base, caution=self.base.caution * (1 - p),
                                     aggression=self.base.aggression * (1 + p))
        if self.base.last_word and self.last_phases(state):
            self.final = True
            self.style = replace(self.style, caution=0.1 * self.style.caution,
                                 victory=self.base.last_word * max(1.0, self.base.victory), full_impulse_search=True)

    def last_phases(self, state: GameState) -> bool:
        """Whether only our phases are left of the game (R109): its last turn, and none of the
        enemy's chits in the cup (the public count, 6.1; never its order)."""
        if state.turn < state.scenario.spec.turns or state.active != self.side:
            return False
        return all(n == 0 for side, n in state.cup_counts().items() if side != self.side)

    def _enemies(self, state: GameState) -> tuple[Soldier, ...]:
        """The enemy's men as they are (what exposure and reach depend on besides the hex)."""
        return tuple(s for s in state.soldiers if s.side != self.side)

    # --- the enemy's men ------------------------------------------------------------------------

    def worth(self, state: GameState, enemy: Soldier) -> float:
        """What killing ``enemy`` is worth, in men: his points (§10.3) in a points game, else 1;
        at ``dangerous_first`` plus the harm he threatens our men with."""
        w = self._worth.get(enemy.id)
        if w is None:
            w = soldier_points(enemy) / 11.0 if state.scenario.spec.victory == "points_and_ground" else 1.0
            if enemy.status is Status.STUNNED:
                w *= 0.9
            if self.style.dangerous_first:
                harm = max((t.expected_kills for t in threat.reach_of(state, enemy.id, steps=False)), default=0.0)
                w += 0.5 * harm
            self._worth[enemy.id] = w
        return w

    # --- attacks ----------------------------------------------------------------------------------

    def attack_value(self, state: GameState, action: Action) -> float:
        """The expected harm of a legal attack, in men: kills by the kill distribution, then
        Suppressions and Stuns of the survivors; our own men in a blast count against it."""
        try:
            if isinstance(action, Fire):
                a = engine.assess(state, action)
                v = 0.0
                for b in a.bursts:
                    t = state.soldier(b.target)
                    assert t is not None
                    v += b.kill_chance * self.worth(state, t)
                if a.suppresses and a.bursts:
                    h = hex_from_id(a.target_hex)
                    named = {b.target: b.kill_chance for b in a.bursts}
                    for t in state.soldiers_at(h):
                        if t.side != self.side and t.status is Status.OK:
                            v += (1.0 - named.get(t.id, 0.0)) * SUPPRESS_VALUE
                return v
            if isinstance(action, Throw):
                ta = engine.assess(state, action)
                v = 0.0
                for r in ta.risks:
                    u = state.soldier(r.soldier)
                    assert u is not None
                    if u.side == self.side:
                        v -= 1.3 * r.kill + 0.3 * r.stun + 0.1 * r.suppress
                    else:
                        v += r.kill * self.worth(state, u) + r.stun * STUN_VALUE + r.suppress * SUPPRESS_VALUE
                return v
            if isinstance(action, Melee):
                m = engine.assess(state, action)
                gain = sum(self.worth(state, d) for d in state.soldiers_at(action.hex) if d.side != self.side)
                return m.win_chance * gain - (1.0 - m.win_chance) * len(action.soldiers)
        except IllegalActionError:
            return float("-inf")
        return 0.0

    def best_attack(self, state: GameState, s: Soldier) -> tuple[float, Action | None]:
        """His best legal attack now (fire at one hex's men, a grenade, a melee) and its value."""
        if s.combat_used or s.mf_left < COMBAT_MF - 1 or s.id not in state.group:
            return 0.0, None
        check = engine.checker(state)
        best: tuple[float, Action | None] = (0.0, None)
        by_hex: dict[Hex, list[Soldier]] = {}
        for e in state.living():
            if e.side != self.side and not e.hidden and in_firing_arc(s.hex, s.facing, e.hex) and e.hex != s.hex:
                by_hex.setdefault(e.hex, []).append(e)
        for h, men in by_hex.items():
            d = hex_distance(s.hex, h)
            tries: list[Action] = []
            if s.mf_left >= COMBAT_MF:
                ids = tuple(m.id for m in men)
                tries.append(Fire(soldier=s.id, targets=ids))
                if len(ids) > 1:
                    tries += [Fire(soldier=s.id, targets=(i,)) for i in ids]
                if d <= max_throw(s):
                    tries.append(Throw(soldier=s.id, hex=h))
            if d == 1 and direction_between(s.hex, h) == s.facing:
                tries.append(Melee(soldiers=(s.id,), hex=h))
            for a in tries:
                if check(a) is None:
                    v = self.attack_value(state, a)
                    if v > best[0]:
                        best = (v, a)
        return best

    # --- positions --------------------------------------------------------------------------------

    def risk(self, state: GameState, s: Soldier) -> float:
        """His exposure where he stands: the expected men lost in his hex when the enemy acts
        (:func:`.threat.expected_losses`) per man there, weighted by the public chit odds."""
        if self.final:
            return 0.0  # no enemy chit is left to act on it (R109)
        r = self._raw_risk(state, s)
        w = self.style.base_risk + (1.0 - self.style.base_risk) * threat.enemy_first(state, self.side)
        return w * r

    def _raw_risk(self, state: GameState, s: Soldier) -> float:
        friends = sum(1 for m in state.soldiers_at(s.hex) if m.side == self.side)
        key = (self._enemies(state), s.hex, s.posture, s.running, s.fence_side, s.status is Status.STUNNED, friends)
        r = self._risk.get(key)
        if r is None:
            if len(self._risk) > CACHE_LIMIT:
                self._risk.clear()
            r = threat.expected_losses(state, s.hex, self.side, steps=self.style.steps) / max(1, friends)
            self._risk[key] = r
        return r

    def reach(self, state: GameState, s: Soldier) -> float:
        """The harm he could do from here in an impulse of his own (a turn allowed), in men."""
        key = (self._enemies(state), s.id, s.hex, s.posture, s.fence_side, s.status)
        v = self._reach.get(key)
        if v is None:
            if len(self._reach) > CACHE_LIMIT:
                self._reach.clear()
            v = 0.0
            for t in threat.reach_of(state, s.id, steps=False):
                e = next((m for m in state.soldiers_at(hex_from_id(t.target)) if m.side != self.side), None)
                worth = self.worth(state, e) if e is not None else 1.0
                v = max(v, t.expected_kills * worth + t.suppress * SUPPRESS_VALUE * 0.5)
            self._reach[key] = v
        return v

    def ground(self, state: GameState) -> float:
        """Sectors held alone, ours less theirs (§10.4), in men; 0 unless the scenario scores ground."""
        if state.scenario.spec.victory != "points_and_ground":
            return 0.0
        control = sector_control(state)
        return self.style.ground * SECTOR_VALUE * (sum(1 for c in control if c == self.side) - sum(1 for c in control if c not in
                                                                                  (None, self.side)))

    def approach(self, state: GameState, s: Soldier) -> float:
        """A little for being nearer the nearest enemy (closing in when nobody is in sight),
        ``Style.approach`` a hex."""
        d = min((hex_distance(s.hex, e.hex) for e in state.living() if e.side != self.side), default=0)
        return -self.style.approach * d

    def quick(self, state: GameState, s: Soldier) -> float:
        """A quick worth of his standing where he is, to rank places before :meth:`position`: the
        cover and concealment of his hex (6.3.6.2.2-6.3.6.2.4), ground and closing in."""
        cover = QUICK_COVER.get(state.scenario.map.terrain_at(s.hex), 0.0) + QUICK_POSTURE[s.posture]
        if state.scenario.map.line_at(s.hex) is not None and s.fence_side is not None:
            cover += 0.05
        v = self.style.caution * cover + self.ground(state) + self.approach(state, s)
        target = self.targets.get(s.id)
        if target is not None:  # R124: the places towards his sector among the finalists
            v -= self.style.sector_plan * self.sector_distance(state, s.hex, target)
        return v - self.objective_pull(state, s)

    def position(self, state: GameState, s: Soldier) -> float:
        """The worth of his standing where he is (after his moves): his reach for the next
        impulse, less his exposure, plus ground and closing in."""
        st = self.style
        reach = self.reach(state, s)
        v = st.aggression * 0.35 * reach - st.caution * self.risk(state, s) + self.ground(state)
        if reach == 0.0:
            v += self.approach(state, s)
        if s.posture is Posture.PRONE and s.status is Status.OK:
            v -= 0.02  # slow to move from (6.2.1: 3 MF an entry)
        if st.victory:
            v += self.outlook(state)
        target = self.targets.get(s.id)
        if target is not None:
            v -= st.sector_plan * self.sector_distance(state, s.hex, target)
        elif st.pull:
            gain, dist = self.sector_gain(state, s)
            if gain > 0:
                v -= st.pull * dist
        return v - self.objective_pull(state, s)

    def objective_pull(self, state: GameState, s: Soldier) -> float:
        """R273: for the attacker of a ``hold`` game, ``Style.hold`` a hex from ``s`` to the nearest
        objective hex the defender still holds (§10.4); 0 otherwise."""
        spec = state.scenario.spec
        if not self.style.hold or spec.victory != "hold" or spec.defender in (None, self.side) \
                or s.status is Status.STUNNED:
            return 0.0
        theirs = [h for h, side in state.holders.items() if side == spec.defender]
        if not theirs:
            return 0.0
        return self.style.hold * min(hex_distance(s.hex, h) for h in theirs)

    def sector_distance(self, state: GameState, h: Hex, k: int) -> int:
        """Hexes from ``h`` to the nearest hex of sector ``k`` (0 inside it)."""
        key = (state.scenario.spec.id, h, k)
        d = self._distance.get(key)
        if d is None:
            d = self._distance[key] = (0 if sector_of(state, h) == k
                                       else min(hex_distance(h, c) for c in self._sectors(state)[k]))
        return d

    def sector_plan(self, state: GameState) -> dict[str, int]:
        """Ruling R124: in the last ``Style.plan_turns`` turns of a points-and-ground game, while
        we have destroyed more points than we lost but hold no more sectors than the enemy (a
        draw, §10.4), the men to send and where: each sector none of our men is in (empty, or
        held by the enemy alone: our man there takes it from him) is worth one to the count;
        only a man with another of ours in his sector may go (else his own sector is lost), at
        most one man a sector, cheapest first (his hexes to it, three more to a sector the enemy
        holds, and :func:`_slow`), as many as the count needs. Empty when no plan can make the
        count ours."""
        spec = state.scenario.spec
        if spec.victory != "points_and_ground" or state.turn <= spec.turns - self.base.plan_turns:
            return {}
        ours_now = score(state)[self.side]
        if ours_now.points_destroyed <= ours_now.points_lost:
            return {}
        n = spec.sectors.columns * spec.sectors.rows
        ours: list[list[Soldier]] = [[] for _ in range(n)]
        theirs = [0] * n
        for m in state.living():
            if m.status is not Status.STUNNED:
                k = sector_of(state, m.hex)
                if m.side == self.side:
                    ours[k].append(m)
                else:
                    theirs[k] += 1
        mine = sum(1 for k in range(n) if ours[k] and not theirs[k])
        other = sum(1 for k in range(n) if theirs[k] and not ours[k])
        need = other - mine + 1
        if need <= 0:
            return {}
        free = {k: len(ours[k]) - 1 for k in range(n) if len(ours[k]) > 1}
        pairs = sorted((self.sector_distance(state, m.hex, t) + (3 if theirs[t] else 0) + _slow(m), m.id, k, t)
                       for k in free for m in ours[k] for t in range(n) if not ours[t])
        plan: dict[str, int] = {}
        taken: set[int] = set()
        for _, sid, k, t in pairs:
            if len(plan) >= need:
                break
            if sid in plan or t in taken or free[k] <= 0:
                continue
            plan[sid] = t
            taken.add(t)
            free[k] -= 1
        return plan if len(plan) >= need else {}

    def sector_gain(self, state: GameState, s: Soldier) -> tuple[float, int]:
        """The most the sectors held (ours less theirs, §10.4) would gain were ``s`` in another
        sector instead of his own, and how far (hexes) that sector's nearest hex is; (0, 0) when
        no sector would gain or the scenario does not score ground."""
        spec = state.scenario.spec
        if spec.victory != "points_and_ground" or s.status is Status.STUNNED:
            return 0.0, 0
        n = spec.sectors.columns * spec.sectors.rows
        ours = [0] * n
        theirs = [0] * n
        for m in state.living():
            if m.status is not Status.STUNNED and m.id != s.id:
                k = sector_of(state, m.hex)
                if m.side == self.side:
                    ours[k] += 1
                else:
                    theirs[k] += 1

        def held(k: int, extra: int) -> int:
            o = ours[k] + extra
            return (o > 0 and theirs[k] == 0) - (theirs[k] > 0 and o == 0)

        here = sector_of(state, s.hex)
        base = held(here, 1) - held(here, 0)
        best, dist = 0.0, 0
        cells = self._sectors(state)
        for k in range(n):
            if k == here:
                continue
            g = held(k, 1) - held(k, 0) - base
            if g > 0:
                d = min(hex_distance(s.hex, h) for h in cells[k])
                if g > best or (g == best and d < dist):
                    best, dist = float(g), d
        return best * SECTOR_VALUE * self.style.ground, dist

    def _sectors(self, state: GameState) -> list[list[Hex]]:
        key = state.scenario.spec.id
        cells = self._cells.get(key)
        if cells is None:
            spec = state.scenario.spec
            cells = [[] for _ in range(spec.sectors.columns * spec.sectors.rows)]
            for h in state.scenario.map.hexes():
                cells[sector_of(state, h)].append(h)
            self._cells[key] = cells
        return cells

    def outlook(self, state: GameState) -> float:
        """The game's outcome were it to end now, for us, in men (ruling R105): with ``kills``,
        the sign of the kills (dead enemies less our dead); with ``points_and_ground``, half
        for each of points destroyed and sectors held (more, less) and the rest for having both
        (a win) or neither (a loss); weighted by ``Style.victory`` and by how far the game has
        run (turn / turns), so it counts most in the last turn."""
        return self.style.victory * self.outlook_now(state) * min(1.0, state.turn / max(1, state.scenario.spec.turns))

    def outlook_now(self, state: GameState) -> float:
        """:meth:`outlook` unweighted: 1 a win, -1 a loss, between on the way (R105)."""
        spec = state.scenario.spec
        ours = theirs = 0
        for m in state.soldiers:
            if m.killed:
                if m.side == self.side:
                    ours += soldier_points(m) if spec.victory == "points_and_ground" else 1
                else:
                    theirs += soldier_points(m) if spec.victory == "points_and_ground" else 1
        pts = (theirs > ours) - (theirs < ours)
        if spec.victory == "points_and_ground":
            control = sector_control(state)
            mine = sum(1 for c in control if c == self.side)
            other = sum(1 for c in control if c not in (None, self.side))
            sec = (mine > other) - (mine < other)
            o = 0.25 * (pts + sec) + 0.5 * ((pts > 0 and sec > 0) - (pts < 0 and sec < 0))
        elif spec.victory == "kills":
            o = float(pts)
        elif spec.victory == "hold" and self.base.hold and spec.defender is not None:
            total = len(state.scenario.objective_hexes)
            kept = sum(1 for side in state.holders.values() if side == spec.defender) == total
            o = 1.0 if kept == (self.side == spec.defender) else -1.0  # R273: the outcome were it to end now
        else:
            return 0.0
        return o


def _slow(m: Soldier) -> float:
    """What sending ``m`` costs the sector plan (R124) beyond his hexes, in hexes: Suppressed (3 MF,
    6.4.3) 2, Prone (3 MF a hex, 6.2.1) 1, and his points over a rifleman's a fourth (the LMG's
    18 points are the enemy's with one kill)."""
    slow = 2.0 if m.status is Status.SUPPRESSED else 0.0
    if m.posture is Posture.PRONE:
        slow += 1.0
    return slow + max(0, soldier_points(m) - 10) / 4
