"""A random legal player for every phase: tests play whole scenarios with it, benchmarks too."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..rules import engine
from ..rules.actions import (Buy, ChangePosture, Choose, Cross, Deployed, DrawChit, EndImpulse, EndPhase, Fire, Move,
                            Place, Ready, RollOff, StartImpulse, Throw, Turn)
from ..rules.combat import COMBAT_MF
from ..rules.engine import Action
from ..rules.grenades import max_throw
from ..rules.hexgrid import Facing, hex_distance, in_firing_arc
from ..rules.setup import budget, placeable, spent
from ..rules.state import GameState
from ..rules.victory import POINTS
from ..rules.types import Phase, Posture, SetupStep
from ..rules.units import weapon_chart


def random_action(state: GameState, rng: random.Random, *, combat: float = 0.5) -> Action:
    """One legal action chosen at random (``combat``: how keen it is to shoot).

    Every action returned is one ``engine.check`` accepts (the caller may apply it trusted).
    Candidates are drawn at random without replacement and checked until a legal one turns
    up: the first legal action of a random order is uniform over the legal ones, and most
    candidates are never built, let alone checked.
    """
    if state.phase == Phase.FORCES:
        return _checked(state, _buy(state, rng))
    if state.phase == Phase.DEPLOY:
        return _checked(state, _deploy(state, rng))
    if state.active is None:
        return DrawChit()  # legal between phases of a game not over (6.1)
    if not state.impulse:
        hexes = engine.impulse_hexes(state)  # hexes someone may start an impulse in (6.2)
        return StartImpulse(hex=rng.choice(hexes)) if hexes and rng.random() < 0.95 else EndPhase()
    if rng.random() < combat:
        shot = _first_legal(state, rng, _combat(state))
        if shot is not None:
            return shot
    if rng.random() < 0.92:
        move = _first_legal(state, rng, _moves(state))
        if move is not None:
            return move
    return EndImpulse()


def _checked(state: GameState, action: Action) -> Action:
    refusal = engine.check(state, action)
    assert refusal is None, (action, refusal)
    return action


Candidate = tuple[Callable[..., Action], dict[str, Any]]
"""An action not built yet: its class and its fields."""


def _first_legal(state: GameState, rng: random.Random, candidates: list[Candidate]) -> Action | None:
    """Draw candidates at random without replacement until one is legal (uniform over the legal)."""
    while candidates:
        i = rng.randrange(len(candidates))
        make, fields = candidates[i]
        candidates[i] = candidates[-1]
        candidates.pop()
        action = make(**fields)
        if engine.check(state, action) is None:
            return action
    return None


def _moves(state: GameState) -> list[Candidate]:
    """Every MF action of the men of the impulse who can still pay for one (§3.2: each costs 1+)."""
    out: list[Candidate] = []
    for sid in state.group:
        s = state.soldier(sid)
        if s is None or not state.mf_left(s):
            continue
        me = {"soldier": s.id}
        out += [(Move, me), (Cross, me)]
        out += [(Turn, {"soldier": s.id, "facing": f}) for f in _FACINGS if f != s.facing]
        out += [(ChangePosture, {"soldier": s.id, "posture": p}) for p in _POSTURES if p != s.posture]
    return out


_FACINGS = tuple(Facing)
_POSTURES = tuple(Posture)


def _combat(state: GameState) -> list[Candidate]:
    """Fire at, or throw a grenade at, each enemy in arc and in range (the LOS and the rest are
    the engine's to say)."""
    out: list[Candidate] = []
    enemies = [e for e in state.living() if e.side != state.active]
    weapons = weapon_chart().weapons
    for sid in state.group:
        s = state.soldier(sid)
        assert s is not None
        if s.killed or s.combat_used or state.mf_left(s) < COMBAT_MF:  # 6.2.5
            continue
        reach, throw = weapons[s.weapon].max_range, max_throw(s)  # 6.3.2
        for e in enemies:
            if not in_firing_arc(s.hex, s.facing, e.hex):  # 6.3.3
                continue
            d = hex_distance(s.hex, e.hex)
            if d <= reach:
                out.append((Fire, {"soldier": sid, "targets": (e.id,)}))
            if d <= throw:
                out.append((Throw, {"soldier": sid, "hex": e.hex}))
    return out


def _buy(state: GameState, rng: random.Random) -> Action:
    for side in state.sides:
        limit = budget(state, side)
        if limit is None or side in state.ready:
            continue
        left = limit - spent(state, side)
        afford = [w for w, cost in POINTS.items() if cost <= left]
        if afford and (rng.random() < 0.9 or not any(s.side == side for s in state.soldiers)):
            weapon = rng.choice(afford)
            scout = left - POINTS[weapon] >= 3 and rng.random() < 0.15
            return Buy(side=side, weapon=weapon, scout=scout)  # type: ignore[arg-type]
        return Ready(side=side)
    raise AssertionError("nothing to buy")


def _deploy(state: GameState, rng: random.Random) -> Action:
    step = state.setup_step
    if step in (SetupStep.ROLLOFF, SetupStep.INITIATIVE):
        return RollOff()
    if step in (SetupStep.CHOOSE_DEPLOY, SetupStep.CHOOSE_FIRST):
        return Choose(side=rng.choice(state.sides))
    side = state.placer or state.sides[0]
    men = placeable(state, side)
    if men and (state.placed_now == 0 or rng.random() < 0.7):
        s = rng.choice(men)
        zone = sorted(state.scenario.zone(side)) if "scout" not in s.traits else sorted(state.scenario.map.terrain)
        rng.shuffle(zone)
        for h in zone[:200]:
            action = Place(soldier=s.id, hex=h, facing=Facing(rng.randrange(6)),
                           posture=rng.choice(list(Posture)))
            if engine.check(state, action) is None:
                return action
    return Deployed()


def play_to_end(state: GameState, rng: random.Random, dice: object, limit: int = 20000) -> GameState:
    """Random legal play until the game is over (or ``limit`` actions)."""
    for _ in range(limit):
        if state.over:
            return state
        action = random_action(state, rng)  # already checked
        state, _ = engine.apply_trusted(state, action, dice)  # type: ignore[arg-type]
    return state
