"""The action registry: one entry per kind, from which the notation and the engine come."""

from __future__ import annotations

import typing
from typing import Any, cast

import pytest

from firepower_tui.rules import engine
from firepower_tui.rules.engine import notation
from firepower_tui.rules.model.actions import Action
from firepower_tui.rules.engine.registry import KINDS, Stage, kind_for_verb, kind_of
from tests.rules.test_notation import LINES


def test_every_action_class_has_exactly_one_kind() -> None:
    classes = typing.get_args(Action)
    assert sorted(k.action.__name__ for k in KINDS) == sorted(c.__name__ for c in classes)
    assert len({k.action for k in KINDS}) == len(KINDS)


def test_the_verbs_are_the_kinds_and_the_action_kind_field() -> None:
    assert notation.ACTION_WORDS == tuple(k.verb for k in KINDS)
    assert len(set(notation.ACTION_WORDS)) == len(KINDS)
    for k in KINDS:
        assert k.action._field_defaults["kind"] == k.verb
        assert kind_for_verb(k.verb) is k
        assert k.summary and k.usage.split()[0] == k.verb


def test_the_verbs_stay_in_the_published_order() -> None:
    """The list is printed in the unknown-action message; docs/notation.md lists the same verbs."""
    assert notation.ACTION_WORDS == ("chit", "impulse", "move", "turn", "cross", "posture", "end", "done", "fire",
                                     "throw", "melee", "buy", "drop", "ready", "rolloff", "choose", "place",
                                     "deployed", "watch", "overwatch", "hold", "hit-dirt", "stand-and-shoot",
                                     "fall-back", "climb", "pickup", "swap", "repair", "smoke", "molotov",
                                     "satchel", "radio", "equip")
    with pytest.raises(notation.NotationError, match="unknown action 'jump' \\(actions: chit, impulse, move, .*; "
                                                     "queries: odds, los\\)"):
        notation.parse_action("jump T1")


def test_the_round_trip_lines_cover_every_kind() -> None:
    assert {line.split()[0] for line in LINES} == set(notation.ACTION_WORDS)


@pytest.mark.parametrize("line", LINES)
def test_each_line_goes_through_its_kind(line: str) -> None:
    action = notation.parse_action(line)
    kind = kind_of(action)
    assert kind is not None and kind.verb == line.split()[0]
    assert kind.format(action) == line


def test_odds_covers_the_kinds_with_an_assessment() -> None:
    assert notation.ODDS_WORDS == ("fire", "throw", "melee", "overwatch", "stand-and-shoot", "climb", "repair",
                                   "smoke", "molotov", "satchel", "radio")
    with pytest.raises(notation.NotationError,
                       match=r"usage: odds fire\|throw\|melee\|overwatch\|stand-and-shoot\|climb\|repair\|smoke\|molotov\|satchel\|radio …"):
        notation.parse_line("odds move T1")


def test_setup_kinds_are_refused_in_play_and_play_kinds_in_setup() -> None:
    from firepower_tui.rules import load_scenario, new_game

    play = new_game(load_scenario("basic"))
    setup = new_game(load_scenario("basic"), deploy=True)
    for k in KINDS:
        line = next(x for x in LINES if x.split()[0] == k.verb)
        refusal_in_play = engine.check(play, notation.parse_action(line))
        refusal_in_setup = engine.check(setup, notation.parse_action(line))
        if k.stage is Stage.SETUP:
            assert refusal_in_play is not None and refusal_in_play.rule == "§10.2"
            assert refusal_in_play.reason == "the game has begun: forces and deployment are over"
        else:
            assert refusal_in_setup is not None
            assert refusal_in_setup.reason == "the game is being set up: buy, place or roll first"


def test_something_that_is_not_an_action() -> None:
    from firepower_tui.rules import load_scenario, new_game

    text = cast(Any, "move T1")
    with pytest.raises(TypeError, match="not an action"):
        notation.format_action(text)
    refusal = engine.check(new_game(load_scenario("basic")), text)
    assert refusal is not None and refusal.rule == "docs/notation.md"
