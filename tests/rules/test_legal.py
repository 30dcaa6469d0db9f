"""``engine.legal_actions`` lists exactly what ``engine.check`` accepts (Hypothesis, every
shipped scenario, every phase), in the forms its docstring names."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firepower_tui.headless.playout import random_action
from firepower_tui.rules import engine
from firepower_tui.rules.model.actions import (Action, Buy, ChangePosture, Choose, Climb, Cross, Deployed, DrawChit,
                                               Drop, EndImpulse, EndPhase, FallBack, Fire, HitDirt, Hold, Melee, Move,
                                               Overwatch, Place, Ready, RollOff, StandAndShoot, StartImpulse, Throw,
                                               Turn, Watch)
from firepower_tui.rules.model.actions.special import CallBarrage, Equip, PlaceSatchel, ThrowMolotov, ThrowSmoke
from firepower_tui.rules.model.actions.weapons import PickUp, Repair, Swap
from firepower_tui.rules.model.dice import SeededDice
from firepower_tui.rules.basic.fire import fire_mode
from firepower_tui.rules.board.spread import entry_hexsides
from firepower_tui.rules.board.hexgrid import Facing, Hex, hex_add, hex_from_id, hex_neighbor, hex_to_id, hexes_within
from firepower_tui.rules.engine.registry import KINDS
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.basic.sequence import new_game
from firepower_tui.rules.model.state import GameState
from firepower_tui.rules.model.types import Posture
from tests.conftest import FIELD, Game, make_scenario

OPTIONAL_VERBS = ("watch", "overwatch", "hold", "hit-dirt", "stand-and-shoot", "fall-back", "climb", "pickup", "swap",
                  "repair", "smoke", "molotov", "satchel", "radio", "equip")
"""The actions of the optional rules (§9), legal only when their rules are on."""
BASIC_KINDS = tuple(k for k in KINDS if k.verb not in OPTIONAL_VERBS)
GAMES = [("basic", False), ("basic", True), ("meeting", False), ("defence", False), ("village", False)]
"""Every shipped scenario (defence buys its forces by points), and basic deployed."""


def positions(scenario_id: str, deploy: bool, seed: int, steps: int,
              rules: tuple[str, ...] | None = None) -> Iterator[GameState]:
    """States of a random legal game: half the moves uniform over ``legal_actions``, half the
    random player's (which gets to combat sooner)."""
    state = new_game(load_scenario(scenario_id), deploy=deploy, rules=rules)
    rng, dice = random.Random(seed), SeededDice(seed)
    for _ in range(steps):
        if state.over:
            return
        yield state
        legal = engine.legal_actions(state)
        action = rng.choice(legal) if legal and rng.random() < 0.5 else random_action(state, rng)
        state, _ = engine.apply(state, action, dice)


# --- random well-formed actions, legal or not --------------------------------------------------


def _someone(state: GameState, rng: random.Random) -> str:
    if state.group and rng.random() < 0.8:
        return rng.choice(state.group)
    return rng.choice([s.id for s in state.soldiers] + ["Z9"])


def _near(state: GameState, sid: str, rng: random.Random, radius: int = 9) -> Hex:
    s = state.soldier(sid)
    centre = s.hex if s is not None and s.deployed else rng.choice(sorted(state.scenario.map.terrain))
    return rng.choice(hexes_within(centre, radius))


def random_well_formed(state: GameState, rng: random.Random) -> Action:
    """Any action the notation can say, with ids, hexes and sides near the game's."""
    sides = [*state.sides, "purple"]
    sid = _someone(state, rng)
    pool = KINDS if state.rules else BASIC_KINDS  # with no optional rule, as before they existed
    kind = rng.choice(pool).action
    if kind is DrawChit:
        return DrawChit(side=rng.choice([None, *sides]))
    if kind is StartImpulse:
        return StartImpulse(hex=_near(state, sid, rng, 2))
    if kind is Move:
        s = state.soldier(sid)
        front = hex_neighbor(s.hex, s.facing) if s is not None else None
        return Move(soldier=sid, to=rng.choice([None, front, _near(state, sid, rng, 1)]))
    if kind is Turn:
        return Turn(soldier=sid, facing=rng.choice(list(Facing)))
    if kind is Cross:
        return Cross(soldier=sid)
    if kind is ChangePosture:
        return ChangePosture(soldier=sid, posture=rng.choice(list(Posture)))
    if kind is Fire:
        enemies = [e.id for e in state.living() if e.side != state.active]
        ids = enemies if enemies and rng.random() < 0.7 else [s.id for s in state.soldiers] + ["Z9"]
        targets = tuple(rng.sample(ids, min(len(ids), rng.choice([1, 1, 1, 2]))))
        return Fire(soldier=sid, targets=targets, mode=rng.choice([None, None, "auto", "semi"]),
                    then=rng.choice([0, 0, 0, 1, 2]))
    if kind is Throw:
        enemies = [e.hex for e in state.living() if e.side != state.active]
        target = rng.choice(enemies) if enemies and rng.random() < 0.5 else _near(state, sid, rng)
        return Throw(soldier=sid, hex=target, via=rng.choice([None, None, *Facing]))
    if kind is Melee:
        s = state.soldier(sid)
        men = list(state.group) or [sid]
        attackers = tuple(rng.sample(men, rng.randint(1, len(men))))
        target = hex_neighbor(s.hex, s.facing) if s is not None and rng.random() < 0.7 else _near(state, sid, rng, 1)
        return Melee(soldiers=attackers, hex=target)
    if kind is Buy:
        return Buy(side=rng.choice(sides), weapon=rng.choice(["RFL", "PST", "LMG"]), scout=rng.random() < 0.3)
    if kind is Drop:
        return Drop(soldier=sid)
    if kind is Ready:
        return Ready(side=rng.choice(sides))
    if kind is Choose:
        return Choose(side=rng.choice(sides))
    if kind is Place:
        undeployed = [s.id for s in state.undeployed()]
        who = rng.choice(undeployed) if undeployed and rng.random() < 0.9 else sid
        hexes = sorted(state.scenario.zone(state.placer or "")) or sorted(state.scenario.map.terrain)
        where = rng.choice(hexes) if rng.random() < 0.7 else rng.choice(sorted(state.scenario.map.terrain))
        return Place(soldier=who, hex=where, facing=rng.choice(list(Facing)), posture=rng.choice(list(Posture)))
    if kind is Watch:
        return Watch(soldier=sid)
    if kind is Climb:
        return Climb(soldier=sid)
    if kind is Overwatch:
        p = state.pending
        trigger = p.trigger if p is not None and rng.random() < 0.8 else _someone(state, rng)
        watcher = rng.choice(p.answerers) if p is not None and p.answerers and rng.random() < 0.8 else sid
        t = state.soldier(trigger)
        if rng.random() < 0.7 or t is None:
            return Overwatch(shot=Fire(soldier=watcher, targets=(trigger,), mode=rng.choice([None, "auto", "semi"])))
        return Overwatch(shot=Throw(soldier=watcher, hex=t.hex, via=rng.choice([None, None, *Facing])))
    if kind is HitDirt:
        p = state.pending
        ids = list(p.answerers) if p is not None and rng.random() < 0.8 else [s.id for s in state.soldiers]
        return HitDirt(soldiers=tuple(rng.sample(ids, rng.randint(1, min(3, len(ids))))) if ids else (sid,))
    if kind is StandAndShoot:
        p = state.pending
        melee = p.action if p is not None and isinstance(p.action, Melee) else None
        defender = rng.choice(p.answerers) if p is not None and p.answerers else sid
        attacker = rng.choice(melee.soldiers) if melee is not None else _someone(state, rng)
        return StandAndShoot(defender=defender, attacker=attacker)
    if kind is PickUp:
        return PickUp(soldier=sid, weapon=rng.choice(["LMG", "RFL", "PST"]))
    if kind is Swap:
        return Swap(soldier=sid, other=_someone(state, rng))
    if kind is Repair:
        return Repair(soldier=sid)
    if kind is ThrowSmoke:
        return ThrowSmoke(soldier=sid, hex=_near(state, sid, rng), via=rng.choice([None, None, *Facing]))
    if kind is ThrowMolotov:
        return ThrowMolotov(soldier=sid, hex=_near(state, sid, rng))
    if kind is PlaceSatchel:
        return PlaceSatchel(soldier=sid, hex=_near(state, sid, rng, 2))
    if kind is Equip:
        return Equip(soldier=_someone(state, rng), item=rng.choice(["smoke", "molotov", "satchel", "radio"]))
    if kind is CallBarrage:
        return CallBarrage(soldier=sid, hex=_near(state, sid, rng))
    return {RollOff: RollOff(), Deployed: Deployed(), EndImpulse: EndImpulse(), EndPhase: EndPhase(), Hold: Hold(),
            FallBack: FallBack()}[kind]


def listed_form(state: GameState, action: Action) -> Action | None:
    """The form ``legal_actions`` lists a legal action in (its docstring), or None for the
    forms it leaves out (several targets, ``then n``, a mode that is not the default)."""
    if isinstance(action, Move):
        return action._replace(to=None)
    if isinstance(action, Overwatch):  # the snap shot is listed in the form of its fire or throw
        inner = listed_form(state, action.shot)
        return None if inner is None else action._replace(shot=inner)
    if isinstance(action, Fire):
        if len(action.targets) != 1 or action.then:
            return None
        default = action._replace(mode=None)
        s = state.soldier(action.soldier)
        assert s is not None
        return default if action.mode in (None, fire_mode(s, default)) else None
    if isinstance(action, Throw | ThrowSmoke) and action.via is not None:
        s = state.soldier(action.soldier)
        assert s is not None
        return action._replace(via=None) if len(entry_hexsides(s.hex, action.hex)) == 1 else action
    if isinstance(action, CallBarrage):  # listed on the hexes holding an enemy (any hex in LOS is legal)
        s = state.soldier(action.soldier)
        assert s is not None
        return action if any(u.side != s.side for u in state.occupied().get(action.hex, ())) else None
    if isinstance(action, Melee):
        return action._replace(soldiers=tuple(sorted(action.soldiers, key=state.group.index)))
    if isinstance(action, Place):
        s = state.soldier(action.soldier)
        assert s is not None
        return action._replace(facing=s.facing, posture=Posture.STAND)
    return action


def check_position(state: GameState, rng: random.Random, samples: int, seen: Counter[str] | None = None) -> None:
    legal = engine.legal_actions(state)
    assert len(set(legal)) == len(legal), "listed twice"
    for a in legal:
        assert engine.check(state, a) is None, (engine.check(state, a), a)
    listed = set(legal)
    check_here = engine.checker(state)
    for _ in range(samples):
        a = random_well_formed(state, rng)
        refusal = engine.check(state, a)
        assert check_here(a) == refusal, a
        if refusal is None:
            form = listed_form(state, a)
            if form is not None:
                assert form in listed, (a, form)
            if seen is not None:
                seen[a.kind] += 1


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 10_000))
def test_legal_actions_are_exactly_what_check_accepts(game: tuple[str, bool], seed: int) -> None:
    rng = random.Random(seed)
    for state in positions(*game, seed=seed, steps=60):
        check_position(state, rng, samples=20)


def test_the_random_actions_reach_every_kind() -> None:
    """Guards the property above: its random actions are accepted often enough, of each kind
    random play gets to (melee and cross have their own positions below)."""
    seen: Counter[str] = Counter()
    for game in GAMES:
        for seed in range(2):
            rng = random.Random(seed)
            for state in positions(*game, seed=seed, steps=100):
                check_position(state, rng, samples=40, seen=seen)
    optional = set(OPTIONAL_VERBS)  # with no optional rule on, never legal (tests/rules/test_reactions.py)
    assert {k.verb for k in KINDS} - set(seen) - optional <= {"melee", "cross"}, seen
    # those two: below; the optional rules' verbs (village) have their own tests
    assert min(n for verb, n in seen.items() if verb not in {"melee", "cross", *optional}) >= 5


# --- positions built for the rarer kinds -------------------------------------------------------


def test_melee_lists_every_group_of_attackers_in_impulse_order() -> None:
    g = Game(make_scenario(FIELD, ["T1 tan RFL B4 S", "T2 tan RFL B4 S", "T3 tan RFL B4 N", "G1 green RFL B5 N"]))
    g.do("chit tan", "impulse B4")
    melees = [a for a in engine.legal_actions(g.state) if isinstance(a, Melee)]
    b5 = hex_from_id("B5")
    assert melees == [Melee(soldiers=("T1",), hex=b5), Melee(soldiers=("T2",), hex=b5),
                      Melee(soldiers=("T1", "T2"), hex=b5)]
    assert engine.legal_actions(g.state, "T2", kinds=[Melee]) == melees[1:]
    g.do("turn T2 N")  # T2 now faces away: only T1 may go in
    assert [a for a in engine.legal_actions(g.state) if isinstance(a, Melee)] == melees[:1]


def test_cross_is_listed_in_a_fence_hex() -> None:
    g = Game(make_scenario(FIELD, ["T1 tan RFL E5 N stand S", "G1 green RFL J10 N"],
                          fences='{ hex = "E5", axis = "E-W" }'))
    g.do("chit tan", "impulse E5")
    assert Cross(soldier="T1") in engine.legal_actions(g.state, "T1")
    g2 = Game(make_scenario(FIELD, ["T1 tan RFL E5 N", "G1 green RFL J10 N"]))
    g2.do("chit tan", "impulse E5")
    assert Cross(soldier="T1") not in engine.legal_actions(g2.state, "T1")


def test_a_throw_through_a_corner_is_listed_once_per_hexside() -> None:
    thrower = hex_to_id(hex_add(hex_from_id("E5"), Hex(1, 1)))  # the LOS enters E5 through its SE/S corner
    g = Game(make_scenario(FIELD, [f"T1 tan RFL {thrower} NW", "G1 green RFL J10 N"]))
    g.do("chit tan", f"impulse {thrower}")
    assert entry_hexsides(hex_from_id(thrower), hex_from_id("E5")) == (Facing.SE, Facing.S)
    throws = {hex_to_id(a.hex) + (f" via {a.via.name}" if a.via else "")
              for a in engine.legal_actions(g.state, kinds=[Throw])}
    assert {"E5 via SE", "E5 via S"} <= throws and "E5" not in throws


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g[0]}{'-deploy' if g[1] else ''}")
def test_the_old_form_lists_one_soldiers_mf_actions(game: tuple[str, bool]) -> None:
    """``legal_actions(state, soldier_id)`` is still his legal MF actions, as callers expect."""
    for state in positions(*game, seed=5, steps=80):
        for sid in state.group:
            mf = engine.legal_actions(state, sid)
            assert set(mf) == {a for a in engine.candidate_actions(state, sid) if engine.check(state, a) is None}
            assert all(isinstance(a, Move | Turn | Cross | ChangePosture) for a in mf)
            everything = engine.legal_actions(state, sid, kinds=[k.action for k in KINDS])
            assert set(everything) == {a for a in engine.legal_actions(state)
                                       if sid in (getattr(a, "soldiers", None) or (getattr(a, "soldier", None),))}


def test_nothing_is_legal_once_the_game_is_over() -> None:
    rng, dice = random.Random(3), SeededDice(3)
    state = new_game(load_scenario("basic"))
    while not state.over:
        state, _ = engine.apply(state, random_action(state, rng), dice)
    assert engine.legal_actions(state) == []
