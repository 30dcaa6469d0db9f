"""A random legal player for every phase: tests play whole scenarios with it, benchmarks too."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

from ..rules import engine
from ..rules.model.actions import (Action, Buy, Deployed, DrawChit, EndImpulse, EndPhase, Fire, Place, Ready,
                                   StartImpulse, Throw, Watch)
from ..rules.basic.combat import COMBAT_MF
from ..rules.model.dice import Dice
from ..rules.model.errors import Refusal
from ..rules.basic.grenades import max_throw
from ..rules.board.hexgrid import Facing, Hex, hex_distance, in_firing_arc
from ..rules.scenario.setup import placeable
from ..rules.model.state import GameState
from ..rules.model.types import Phase, Posture, RuleId, SetupStep
from ..rules.model.units import weapon_chart
from ..rules.optional.special_barrage import may_carry_items, special_candidates
from ..rules.optional.weapons_rule import may_have_weapon_actions, weapon_candidates

# Enum members read in hot paths, looked up once (on Python 3.11 a class attribute of an Enum costs
# about 0.2 us: EnumType's __getattr__ slows every lookup on the class).
_PHASE_DEPLOY = Phase.DEPLOY
_PHASE_FORCES = Phase.FORCES
_RULE_OVERWATCH = RuleId.OVERWATCH
_RULE_SPECIAL_WEAPONS = RuleId.SPECIAL_WEAPONS
_RULE_WEAPONS = RuleId.WEAPONS


_DRAW, _END_PHASE, _END_IMPULSE = DrawChit(), EndPhase(), EndImpulse()
"""The actions without parameters (values: built once, then shared)."""


@lru_cache(maxsize=1024)
def _impulse_in(h: Hex) -> StartImpulse:
    return StartImpulse(hex=h)


@lru_cache(maxsize=4096)
def _fire_at(soldier_id: str, target_id: str) -> Fire:
    """Fire at one man in the default mode (built once, then shared)."""
    return Fire(soldier=soldier_id, targets=(target_id,))


@lru_cache(maxsize=1024)
def _watch(soldier_id: str) -> Watch:
    """Going on Overwatch (§9.1; built once, then shared)."""
    return Watch(soldier=soldier_id)


@lru_cache(maxsize=2048)
def _throw_at(soldier_id: str, h: Hex) -> Throw:
    """A throw at a hex, without ``via`` (at a corner the check refuses it; he picks another)."""
    return Throw(soldier=soldier_id, hex=h)


def random_action(state: GameState, rng: random.Random, *, combat: float = 0.5) -> Action:
    """One legal action chosen at random (``combat``: how keen it is to shoot).

    Every action returned is one ``engine.check`` accepts (the caller may apply it trusted).
    In play, candidates are drawn at random without replacement and checked until a legal
    one turns up: the first legal action of a random order is uniform over the legal ones,
    and most candidates are never checked. The setup is played from
    :func:`engine.legal_actions`.
    """
    if state.phase == _PHASE_FORCES:
        return _checked(state, _buy(state, rng))
    if state.phase == _PHASE_DEPLOY:
        return _checked(state, _deploy(state, rng))
    if state.pending is not None:
        return rng.choice(engine.legal_actions(state))  # answer the open reaction (§9.1, §9.2, §9.7)
    if state.active is None:
        return _DRAW  # legal between phases of a game not over (6.1)
    if not state.impulse:
        hexes = engine.impulse_hexes(state)  # hexes someone may start an impulse in (6.2)
        return _impulse_in(rng.choice(hexes)) if hexes and rng.random() < 0.95 else _END_PHASE
    check = engine.checker(state)
    if rng.random() < combat:
        shot = _first_legal(rng, _combat(state), check)
        if shot is not None:
            return shot
    if rng.random() < 0.92:
        move = _first_legal(rng, _moves(state), check)
        if move is not None:
            return move
    return _END_IMPULSE


def _checked(state: GameState, action: Action) -> Action:
    refusal = engine.check(state, action)
    assert refusal is None, (action, refusal)
    return action


def _first_legal(rng: random.Random, candidates: list[Action],
                 check: Callable[[Action], Refusal | None]) -> Action | None:
    """Draw candidates at random without replacement until one is legal (uniform over the legal)."""
    while candidates:
        i = rng.randrange(len(candidates))
        action = candidates[i]
        candidates[i] = candidates[-1]
        candidates.pop()
        if check(action) is None:
            return action
    return None


def _moves(state: GameState) -> list[Action]:
    """Every MF action of the men of the impulse who can still pay for one (§3.2: each costs 1+),
    then, with the optional rules on, his ``watch`` (§9.1), his §9.4 and his §9.5 actions."""
    out: list[Action] = []
    rules = state.rules
    mf_candidates = _MF_CANDIDATES
    weapons = special = False
    if rules:
        last = _plan_last
        mf_candidates, weapons, special = last[1] if last[0] is rules else _plan(rules)
    soldier = state.soldier
    for sid in state.group:  # (an impulse is under way: state.mf_left(s) is his own, unless killed)
        s = soldier(sid)
        if s is None or s.killed or not s.mf_left:
            continue
        key = (sid, s.facing, s.posture)
        mine = mf_candidates.get(key)
        if mine is None:
            mine = _build_mf(state, sid, key, mf_candidates)
        out += mine
        if weapons and may_have_weapon_actions(state, s):
            out += weapon_candidates(state, s)  # §9.4: pick up, exchange, repair (else he has none)
        if special and may_carry_items(state, s):
            out += special_candidates(state, s)  # §9.5: smoke, Molotov, satchel, radio at enemy hexes
    return out


def _build_mf(state: GameState, sid: str, key: tuple[str, Facing, Posture],
              table: dict[tuple[str, Facing, Posture], tuple[Action, ...]]) -> tuple[Action, ...]:
    """His MF candidates, kept in :data:`_MF_CANDIDATES`; for ``table`` :data:`_MF_WATCH_CANDIDATES`,
    those and his ``watch`` after them, kept there too."""
    mine = _MF_CANDIDATES.get(key)
    if mine is None:
        if len(_MF_CANDIDATES) > 4096:  # bounded, as the builders' own caches
            _MF_CANDIDATES.clear()
        mine = _MF_CANDIDATES[key] = tuple(engine.candidate_actions(state, sid))
    if table is _MF_WATCH_CANDIDATES:
        if len(table) > 4096:
            table.clear()
        mine = table[key] = (*mine, _watch(sid))
    return mine


_MF_CANDIDATES: dict[tuple[str, Facing, Posture], tuple[Action, ...]] = {}
""":func:`engine.candidate_actions` of a man by his id, facing and posture: the MF candidates
(kinds/play.py) are values of those three alone (a move and a crossing of his own, the turns to
every other facing, the changes to every other posture), built once and shared."""
_MF_WATCH_CANDIDATES: dict[tuple[str, Facing, Posture], tuple[Action, ...]] = {}
"""The same with his ``watch`` (§9.1) after them, for games with overwatch on."""

_Plan = tuple[dict[tuple[str, Facing, Posture], tuple[Action, ...]], bool, bool]
_plan_last: tuple[frozenset[str] | None, _Plan] = (None, (_MF_CANDIDATES, False, False))
"""What :func:`_moves` asks in a game of the last rule set seen (a game keeps one): the table of
his kept MF candidates (with his ``watch`` after them when §9.1 is on), whether §9.4 and §9.5
are on (one tuple: read and replaced whole)."""


def _plan(rules: frozenset[str]) -> _Plan:
    global _plan_last
    plan = (_MF_WATCH_CANDIDATES if _RULE_OVERWATCH in rules else _MF_CANDIDATES, _RULE_WEAPONS in rules,
            _RULE_SPECIAL_WEAPONS in rules)
    _plan_last = (rules, plan)
    return plan


def _combat(state: GameState) -> list[Action]:
    """Fire at, or throw a grenade at, each enemy in arc and in range (the player's choice of
    targets; the LOS and the rest are the engine's to say)."""
    out: list[Action] = []
    weapons = weapon_chart().weapons
    in_arc, fires, throws = _IN_ARC, _FIRES, _THROWS
    enemies: list[tuple[str, int, int, Hex]] | None = None
    soldier = state.soldier
    for sid in state.group:  # (an impulse is under way: state.mf_left(s) is his own, unless killed)
        s = soldier(sid)
        assert s is not None
        if s.killed or s.combat_used or s.mf_left < COMBAT_MF:  # 6.2.5
            continue
        if enemies is None:  # (read once, and only when someone may fire)
            active = state.active
            enemies = [(e.id, e.hex.q, e.hex.r, e.hex) for e in state.soldiers
                       if not e.killed and e.deployed and e.side != active]
        q, r, facing = s.hex.q, s.hex.r, s.facing
        reach, throw = weapons[s.weapon].max_range, max_throw(s)  # 6.3.2
        for eid, eq, er, there in enemies:
            where = (eq - q, er - r, facing)
            d = in_arc.get(where)
            if d is None:
                d = in_arc[where] = _distance_in_arc(*where)
            if d < 0:  # 6.3.3
                continue
            if d <= reach:
                key = (sid, eid)
                shot = fires.get(key)
                if shot is None:
                    shot = fires[key] = _fire_at(sid, eid)
                out.append(shot)
            if d <= throw:
                at = (sid, there)
                toss = throws.get(at)
                if toss is None:
                    toss = throws[at] = _throw_at(sid, there)
                out.append(toss)
    if len(fires) > 4096 or len(throws) > 2048:  # bounded, as the builders' own caches
        fires.clear()
        throws.clear()
    return out


_IN_ARC: dict[tuple[int, int, Facing], int] = {}
""":func:`_distance_in_arc` by offset and facing, read without a cache wrapper (six entries per
offset on a map at most)."""
_FIRES: dict[tuple[str, str], Action] = {}
_THROWS: dict[tuple[str, Hex], Action] = {}
"""The shared :func:`_fire_at` and :func:`_throw_at` actions, by firer and target (plain reads)."""


def _distance_in_arc(dq: int, dr: int, facing: Facing) -> int:
    """For a hex ``(dq, dr)`` away: its distance (6.3.2) if it is in the firing arc of a man facing
    ``facing`` (6.3.3), else -1 (worked out once per offset and facing, kept in :data:`_IN_ARC`)."""
    origin, there = Hex(0, 0), Hex(dq, dr)
    return hex_distance(origin, there) if in_firing_arc(origin, facing, there) else -1


def _buy(state: GameState, rng: random.Random) -> Action:
    """The first side still buying buys a random man it can afford (now and then a scout),
    or, one time in ten once it has someone, says it is ready."""
    legal = engine.legal_actions(state, kinds=(Buy, Ready))
    buying = {a.side for a in legal if isinstance(a, Buy | Ready)} - state.ready  # (ready twice is no error)
    side = next(side for side in state.sides if side in buying)
    buys = [a for a in legal if isinstance(a, Buy) and a.side == side]
    ready = Ready(side=side)
    if buys and (rng.random() < 0.9 or ready not in legal):
        plain = rng.choice([b for b in buys if not b.scout])
        scout = plain._replace(scout=True)
        return scout if scout in buys and rng.random() < 0.15 else plain
    return ready


def _deploy(state: GameState, rng: random.Random) -> Action:
    """Roll and choose at random; place a random man in a random hex he may go to, facing and
    posture at random, and now and then end the placement."""
    if state.setup_step != SetupStep.PLACE:
        return rng.choice(engine.legal_actions(state))  # the roll, or a side to choose
    men = placeable(state, state.placer or state.sides[0])
    if men and (state.placed_now == 0 or rng.random() < 0.7):
        s = rng.choice(men)
        spots = engine.legal_actions(state, s.id, kinds=(Place,))
        if spots:
            spot = rng.choice(spots)
            assert isinstance(spot, Place)
            return spot._replace(facing=Facing(rng.randrange(6)), posture=rng.choice(list(Posture)))
    return Deployed()


def play_to_end(state: GameState, rng: random.Random, dice: Dice, limit: int = 20000) -> GameState:
    """Random legal play until the game is over (or ``limit`` actions)."""
    return play_counted(state, rng, dice, limit)[0]


def play_counted(state: GameState, rng: random.Random, dice: Dice, limit: int = 20000) -> tuple[GameState, int]:
    """:func:`play_to_end`, and how many actions were taken."""
    apply = engine.apply_trusted
    for taken in range(limit):
        if state.over:
            return state, taken
        state, _ = apply(state, random_action(state, rng), dice)  # the action is already checked
    return state, limit
