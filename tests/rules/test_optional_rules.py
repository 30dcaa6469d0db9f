"""The optional rules as a whole (RULES.md §9): switches, the pending reaction under random
play, take-backs (§9.9), checkpoints, the log."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from firepower_tui.games.session import Session
from firepower_tui.headless.playout import random_action
from firepower_tui.rules import engine
from firepower_tui.rules.model.actions import EndImpulse, EndPhase, Move
from firepower_tui.rules.engine.describe import describe
from firepower_tui.rules.model.dice import SeededDice
from firepower_tui.rules.model.errors import IllegalActionError
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.basic.sequence import new_game
from firepower_tui.rules.engine.snapshot import state_from_data, state_to_data
from firepower_tui.rules.model.types import IMPLEMENTED_RULES, RuleId
from firepower_tui.rules.model.values import to_json
from tests.conftest import ALL_OPTIONAL, make_scenario
from tests.rules.test_legal import check_position, positions

BASIC = load_scenario("basic")
VILLAGE = str(Path(__file__).resolve().parents[1] / "fixtures" / "scenarios" / "buildings.toml")
"""A map with every §9.6 feature: buildings, a bunker, high walls, water, rubble."""


@pytest.mark.rule("§9")
def test_the_rules_come_from_the_scenario_or_the_caller() -> None:
    assert new_game(BASIC).rules == frozenset()
    assert new_game(BASIC, rules=["hiding", "OVERWATCH"]).rules == {"hiding", "overwatch"}
    sc = make_scenario("....", ["T1 tan RFL A1 S", "G1 green RFL D1 N"], extra='rules = ["hiding"]')
    assert new_game(sc).rules == {"hiding"} and new_game(sc, rules=()).rules == frozenset()
    with pytest.raises(ValueError, match="nightfall"):
        new_game(BASIC, rules=["nightfall"])
    assert {str(r) for r in IMPLEMENTED_RULES} == set(ALL_OPTIONAL) == {str(r) for r in RuleId}  # all of §9
    assert RuleId.SPECIAL_WEAPONS.section == "§9.5" and RuleId.BUILDINGS.section == "§9.6"


def _play(seed: int, steps: int, scenario: str = "basic"):
    rng, dice = random.Random(seed), SeededDice(seed)
    state = new_game(load_scenario(scenario), rules=ALL_OPTIONAL)
    for _ in range(steps):
        if state.over:
            return
        yield state, rng, dice
        before = state
        state, _ = engine.apply(state, random_action(state, rng), dice)
        if state.active is None or state.active != before.active:
            assert state.pending is None, "a reaction was left open at the end of a phase"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sampled_from(["basic", "meeting", VILLAGE]))
def test_no_reaction_is_left_open_at_the_end_of_a_phase(seed: int, scenario: str) -> None:
    for _ in _play(seed, 600, scenario):
        pass


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000))
def test_refused_actions_change_nothing_with_every_rule_on(seed: int) -> None:
    for state, rng, dice in _play(seed, 300):
        if rng.random() > 0.1:
            continue
        sid = rng.choice(state.soldiers).id
        for line in (f"move {sid}", f"watch {sid}", "hold", "fall-back", f"hit-dirt {sid}", "done", "end",
                     f"overwatch fire {sid} {rng.choice(state.soldiers).id}"):
            action = parse_action(line)
            refusal = engine.check(state, action)
            if refusal is None:
                continue
            assert refusal.rule and refusal.reason
            rolled = len(dice.calls)
            with pytest.raises(IllegalActionError):
                engine.apply(state, action, dice)
            assert len(dice.calls) == rolled


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sampled_from(["basic", VILLAGE]))
def test_legal_actions_are_exactly_what_check_accepts_with_every_rule_on(seed: int, scenario: str) -> None:
    rng = random.Random(seed)
    for state in positions(scenario, False, seed=seed, steps=80, rules=ALL_OPTIONAL):
        check_position(state, rng, samples=15)
        if state.pending is not None:
            assert all(type(a).__name__ in {"Overwatch", "Hold", "HitDirt", "StandAndShoot", "FallBack"}
                       for a in engine.legal_actions(state))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sampled_from(["basic", VILLAGE]))
def test_every_state_with_the_rules_on_survives_a_checkpoint(seed: int, scenario: str) -> None:
    for state, _, _ in _play(seed, 300, scenario):
        data = json.loads(json.dumps(state_to_data(state)))
        assert state_from_data(data, state.scenario) == state


def test_an_old_checkpoint_loads_with_no_rule_on() -> None:
    state = new_game(BASIC)
    data = state_to_data(state)
    del data["rules"], data["pending"]
    assert state_from_data(data, BASIC) == state


@pytest.mark.rule("§9.9")
def test_no_take_back_crosses_a_reaction() -> None:
    sc = make_scenario("\n".join(["." * 10] * 10), ["T1 tan RFL B2 S", "G1 green RFL B8 N"],
                       extra='rules = ["overwatch"]')
    s = Session(sc, seed=1)
    for line in ("chit green", "impulse B8", "watch G1", "end", "chit tan", "impulse B2", "move T1"):
        assert s.submit(parse_action(line)).ok, line
    assert s.state.pending is not None
    r = s.undo_refusal()
    assert r is not None and r.rule == "§9.9"  # it opened a reaction: the opponent has seen it
    assert s.submit(parse_action("hold")).ok
    r = s.undo_refusal()
    assert r is not None and r.rule == "§9.9"  # it answered one
    assert s.submit(Move(soldier="T1")).ok and s.submit(parse_action("hold")).ok
    assert s.submit(parse_action("turn T1 SE")).ok and s.state.pending is not None


def test_every_new_event_is_written_and_described() -> None:
    seen: set[str] = set()
    from firepower_tui.rules.model import events as ev
    from firepower_tui.rules.board.hexgrid import hex_from_id
    from firepower_tui.rules.model.types import ReactionKind

    h = hex_from_id("B5")
    samples = [ev.WatchDeclared(soldier="G1", hex=h), ev.OverwatchEnded(soldier="G1", why="he fired"),
               ev.ReactionOpened(kind=ReactionKind.OVERWATCH, side="green", trigger="T1", hex=h, answerers=("G1",),
                                 rule="§9.1"),
               ev.ReactionClosed(kind=ReactionKind.MELEE, side="green", answer="hold", rule="§9.7"),
               ev.HitTheDirt(soldier="G1"), ev.HiddenChanged(soldier="T1", hidden=True, why="x"),
               ev.FellBack(soldier="G1", origin=h, to=None, why="he is Stunned"), ev.MeleeCalledOff(hex=h)]
    for e in samples:
        data = to_json(e)
        assert json.loads(json.dumps(data))["event"] == e.event
        text = describe(e)
        assert "§9." in text and not text.startswith(type(e).__name__)
        seen.add(e.event)
    assert len(seen) == len(samples)


def test_with_no_rule_on_nothing_new_happens() -> None:
    """The basic game: no reaction ever opens, and no optional marker is ever placed."""
    rng, dice = random.Random(11), SeededDice(11)
    state = new_game(BASIC)
    while not state.over:
        state, _ = engine.apply(state, random_action(state, rng), dice)
        assert state.pending is None
        assert not any(s.overwatch or s.hidden or s.dirt_used for s in state.soldiers)


def test_done_ends_a_phase_at_any_moment_but_while_a_reaction_is_open() -> None:
    """§9.8 (the clock is the session's): ``done`` is always legal in a phase unless a reaction waits."""
    for state, _, _ in _play(21, 500):
        if state.active is not None:
            refusal = engine.check(state, EndPhase())
            assert (refusal is None) == (state.pending is None)
            if state.pending is not None:
                assert engine.check(state, EndImpulse()) is not None


def _weapons_held(state) -> Counter:  # noqa: ANN001
    """Every weapon in the game: carried or lying on the ground (§9.4); a destroyed weapon is
    gone (a man who picks up with one leaves nothing, R61). A killed man's LMG or pistol is
    counted where it lies, not on him."""
    from firepower_tui.rules.optional.weapons_rule import DROPPED

    held = Counter(s.weapon for s in state.soldiers
                   if s.weapon_state != "destroyed" and not (s.killed and s.weapon in DROPPED))
    return held + Counter(g.code for gs in state.ground.values() for g in gs)


def _destroyed_by(before, after) -> Counter:  # noqa: ANN001
    """The weapons a step destroyed (a repair's 10, §9.4): the men's whose weapon was not destroyed before."""
    return Counter(s.weapon for s in after.soldiers if s.weapon_state == "destroyed"
                   and (was := before.soldier(s.id)) is not None and was.weapon_state != "destroyed")


@pytest.mark.rule("§9.4")
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sampled_from(["basic", "meeting"]))
@example(1224, "basic")  # a man with a destroyed rifle picks up an LMG (R61)
def test_weapons_are_neither_made_nor_lost_and_broken_ones_never_fire(seed: int, scenario: str) -> None:
    """With every rule on: pick-ups, exchanges and drops move weapons, never create or lose one;
    a man whose weapon is broken or destroyed never fires; a jam follows two natural 10s."""
    from firepower_tui.rules.model.events import Fired, Rolled
    from firepower_tui.rules.model.events.weapons import WeaponJammed

    start = None
    rng, dice = random.Random(seed), SeededDice(seed)
    state = new_game(load_scenario(scenario), rules=ALL_OPTIONAL)
    for _ in range(800):
        if state.over:
            break
        if start is None and state.phase == "play" and all(s.deployed for s in state.soldiers):
            start = _weapons_held(state)
        before = state
        state, events = engine.apply(state, random_action(state, rng), dice)
        if start is not None:
            start -= _destroyed_by(before, state)
            assert _weapons_held(state) == start
        tens = 0
        for e in events:
            if isinstance(e, Fired) and e.weapon != "HGN" and e.mode in ("auto", "semi"):
                firer = before.soldier(e.soldier)
                assert firer is not None and firer.weapon_state == "ok", e
            if isinstance(e, Rolled) and e.purpose.startswith("fire:"):
                tens = tens + 1 if e.die == 10 else tens
            if isinstance(e, WeaponJammed):
                assert e.tens >= 2 and tens >= 2


def _special_scenario():  # noqa: ANN202
    """Every man with smoke, a Molotov, a satchel and a radio; two barrages a side (§9.5)."""
    men = [f"{i} {side} RFL {h} {f} smoke=2 molotov=1 satchel=1 radio=1"
           for i, side, h, f in (("T1", "tan", "C3", "S"), ("T2", "tan", "F3", "S"), ("T3", "tan", "H2", "S"),
                                 ("G1", "green", "C7", "N"), ("G2", "green", "F8", "N"), ("G3", "green", "H7", "N"))]
    return make_scenario("\n".join(["." * 10] * 10), men, turns=3, extra="barrages = { tan = 2, green = 2 }")


@pytest.mark.slow  # fifteen whole random games
@pytest.mark.rule("§9.5")
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000))
def test_special_items_are_never_overused_smoke_clears_and_barrages_land(seed: int) -> None:
    """With every rule on and the men choosing among their legal actions (the §9.5 ones often):
    nobody uses more items than issued, no side calls more barrages than allowed, no smoke outlives
    the end of the turn after its throw, no barrage outlives its side's next chit, and a checkpoint
    keeps it all."""
    from firepower_tui.rules.model.actions.special import SPECIAL_ACTIONS
    from firepower_tui.rules.model.events import ChitDrawn
    from firepower_tui.rules.optional.special_rule import items_left, special_of
    from firepower_tui.rules.model.special_types import ITEMS

    rng, dice = random.Random(seed), SeededDice(seed)
    state = new_game(_special_scenario(), rules=ALL_OPTIONAL)
    for _ in range(250):
        if state.over:
            break
        legal = engine.legal_actions(state)
        special = [a for a in legal if isinstance(a, SPECIAL_ACTIONS)]
        action = rng.choice(special) if special and rng.random() < 0.5 else random_action(state, rng)
        state, events = engine.apply(state, action, dice)
        sp = special_of(state)
        assert all(items_left(state, s.id, i) >= 0 and sp.used_of(s.id, i) <= 2 for s in state.soldiers for i in ITEMS)
        assert all(n <= 2 for _, n in sp.calls)
        assert all(t >= state.turn for _, t in sp.smoke) and all(t <= state.turn + 1 for _, t in sp.smoke)
        drawn = {e.side for e in events if isinstance(e, ChitDrawn)}
        assert not any(b.side in drawn for b in sp.barrages)
        assert state_from_data(json.loads(json.dumps(state_to_data(state))), state.scenario) == state


@pytest.mark.rule("§9.1")
def test_every_answer_kind_answers_some_reaction() -> None:
    """The table of which kinds may answer each reaction (§9.1, §9.2, §9.7) holds every answer
    kind: one left out would never be offered while its reaction is open."""
    from firepower_tui.rules import engine

    listed = {k.action for kinds in engine._ANSWERS_TO.values() for k in kinds}
    assert listed == set(engine.ANSWERS)
