"""The basic game's extension points (rules/basic/extensions.py): which optional rules are in play
at them in a game, how two rules at one point join, and a new rule that is only a module and its
registration (RULES.md §9)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import pytest

from firepower_tui.rules import engine
from firepower_tui.rules.basic import extensions
from firepower_tui.rules.basic.extensions import NOTHING, Extension, in_play, register
from firepower_tui.rules.basic.los import los_between_soldiers
from firepower_tui.rules.model.actions import ChangePosture, Fire, Move
from firepower_tui.rules.model.breakdown import Modifier, modifier
from firepower_tui.rules.model.errors import Refusal
from firepower_tui.rules.model.state import GameState
from firepower_tui.rules.model.types import Posture, RuleId
from firepower_tui.rules.model.units import Soldier
from firepower_tui.rules.optional import buildings, smoke, spotting, weapons_rule
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.basic.sequence import new_game
from tests.conftest import optional_game

MEN = ["T1 tan RFL C3 S", "G1 green RFL C6 N"]


@pytest.fixture
def own_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The registry as the engine left it, in a copy this test may add to."""
    monkeypatch.setattr(extensions, "_REGISTERED", list(extensions._REGISTERED))
    yield
    extensions._extensions.cache_clear()


def test_the_basic_game_has_no_extension() -> None:
    assert in_play(new_game(load_scenario("basic"))) is NOTHING
    assert in_play(new_game(load_scenario("basic"), rules=["overwatch", "hiding", "clock"])) is NOTHING


@pytest.mark.rule("§9.6")
def test_a_map_with_features_has_the_buildings_points_the_rule_on_or_off() -> None:
    """§9.6 is in play on every map with features: with the rule off its map in play is the map
    without them (and its other points find nothing to do)."""
    for rules in ([], ["buildings"]):
        ext = in_play(new_game(load_scenario("village"), rules=rules))
        assert ext.map_in_play is buildings.map_in_play and ext.entry_items is buildings.entry_items
        assert ext.before_fire is spotting.spot_breakdown and ext.shot_refusal is spotting.shot_refusal
        assert ext.firer_refusal is None and ext.los_modifiers is None
    assert in_play(new_game(load_scenario("basic"), rules=["buildings"])) is NOTHING  # no features: nothing to do


@pytest.mark.rule("§9.4")
@pytest.mark.rule("§9.5")
def test_weapons_and_smoke_are_in_play_with_their_rules() -> None:
    ext = in_play(new_game(load_scenario("basic"), rules=["weapons", "special_weapons"]))
    assert ext.firer_refusal is weapons_rule.fire_refusal and ext.jam is weapons_rule.jam
    assert ext.los_modifiers is smoke.los_modifiers
    assert ext.map_in_play is None and ext.move_refusal is None


@pytest.mark.rule("§9.6")
def test_two_rules_at_one_refusal_point_are_asked_in_the_order_they_registered() -> None:
    """Buildings' target refusal (a bunker's men) before spotting's (a man unseen inside)."""
    ext = in_play(new_game(load_scenario("village"), rules=["buildings"]))
    assert ext.target_refusal not in (buildings.target_refusal, spotting.target_refusal)
    calls: list[str] = []

    def refuse(name: str) -> Extension:
        def refusal(state: GameState, s: Soldier, t: Soldier) -> Refusal | None:
            calls.append(name)
            return Refusal(reason=name, rule="§9") if name != "first" else None
        return Extension(target_refusal=refusal)

    joined = extensions._joined([refuse("first"), refuse("second"), refuse("third")])
    assert joined.target_refusal is not None
    g = optional_game(MEN, [])
    assert joined.target_refusal(g.state, g.soldier("T1"), g.soldier("G1")) == Refusal(reason="second", rule="§9")
    assert calls == ["first", "second"]


def test_modifiers_of_two_rules_add_up_and_two_maps_in_play_are_an_error() -> None:
    fog, mist = modifier("fog", 1, "§9"), modifier("mist", 2, "§9")
    joined = extensions._joined([Extension(los_modifiers=lambda state, los: (fog,)),
                                 Extension(los_modifiers=lambda state, los: (mist,))])
    assert joined.los_modifiers is not None
    g = optional_game(MEN, [])
    assert joined.los_modifiers(g.state, los_between_soldiers(g.state, "T1", "G1")) == (fog, mist)
    with pytest.raises(ValueError):
        extensions._joined([buildings.EXTENSION, Extension(map_in_play=buildings.map_in_play)])


def test_a_point_of_two_halves_needs_both() -> None:
    with pytest.raises(ValueError):
        Extension(before_fire=spotting.spot_breakdown)
    with pytest.raises(ValueError):
        Extension(jam=weapons_rule.jam)


@pytest.mark.rule("§9")
def test_a_new_rule_is_a_module_and_its_registration(own_registry: None) -> None:
    """A made-up rule (fog) that refuses every move and posture change and adds +1 to every fire,
    registered under a rule id that changes nothing of the basic game itself (the clock's), changes
    the basic game in the games that choose it and in no other."""
    fog = modifier("fog in LOS", 1, "§9")

    def no_move(state: GameState, s: Soldier, front: object) -> Refusal | None:
        return Refusal(reason=f"{s.id} is lost in the fog", rule="§9")

    def no_posture(state: GameState, s: Soldier, to: Posture) -> Refusal | None:
        return Refusal(reason=f"{s.id} freezes in the fog", rule="§9")

    def in_fog(state: GameState, los: object) -> tuple[Modifier, ...]:
        return (fog,)

    register(Extension(move_refusal=no_move, posture_refusal=no_posture, los_modifiers=in_fog), rule=RuleId.CLOCK)
    foggy, clear = optional_game(MEN, ["clock"]), optional_game(MEN, [])
    for g in (foggy, clear):
        g.do("chit tan", "impulse C3")
    assert engine.check(foggy.state, Move(soldier="T1")) == Refusal(reason="T1 is lost in the fog", rule="§9")
    assert engine.check(foggy.state, ChangePosture(soldier="T1", posture=Posture.PRONE)).rule == "§9"
    assert engine.check(clear.state, Move(soldier="T1")) is None
    fire = Fire(soldier="T1", targets=("G1",))
    foggy_mods = engine.assess(foggy.state, fire).bursts[0].breakdown.modifiers
    assert foggy_mods[-1] == fog and foggy_mods[:-1] == engine.assess(clear.state, fire).bursts[0].breakdown.modifiers


@pytest.mark.slow  # starts a Python process
def test_the_points_ask_for_the_registration_before_any_game_with_optional_rules() -> None:
    """Without the engine imported no rule has registered: a game on a map with features is
    refused loudly, not played as the basic game."""
    code = ("from firepower_tui.rules.scenario.load import load_scenario\n"
            "from firepower_tui.rules.basic.sequence import new_game\n"
            "from firepower_tui.rules.basic.los import los_query\n"
            "from firepower_tui.rules.board.hexgrid import hex_from_id as H\n"
            "import sys\n"
            "los_query(new_game(load_scenario('basic')), H('C3'), H('C6'))\n"
            "try:\n"
            "    los_query(new_game(load_scenario('village')), H('C3'), H('C6'))\n"
            "except LookupError:\n"
            "    print('refused', 'firepower_tui.rules.engine' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.split() == ["refused", "False"], out.stderr
