"""Dice, injected (RULES.md §1.6, docs/style.md §4)."""

from __future__ import annotations

import pytest

from firepower_tui.rules.model.dice import D10, ForcedDice, ReplayDice, ScriptedDice, SeededDice, normalise_face
from firepower_tui.rules.model.errors import DiceError


@pytest.mark.rule("§1.6")
def test_zero_counts_as_ten() -> None:
    assert normalise_face(0) == 10
    assert ScriptedDice([0]).d10("x") == 10
    with pytest.raises(ValueError):
        normalise_face(11)


def test_seeded_is_reproducible_and_in_range() -> None:
    a, b = SeededDice(42), SeededDice(42)
    rolls = [a.d10("r") for _ in range(500)]
    assert rolls == [b.d10("r") for _ in range(500)]
    assert set(rolls) == set(range(1, 11))


def test_forced_before_seeded() -> None:
    d = ForcedDice(5, forced=[3, 0])
    seeded = SeededDice(5)
    assert [d.d10("a"), d.d10("b"), d.d10("c")] == [3, 10, seeded.d10("c")]  # then the seed's first roll
    assert d.rolls == [("a", 3), ("b", 10), ("c", seeded.rolls[0][1])]
    d.force([7])
    assert d.pick("chit draw", 4) == seeded.pick("chit draw", 4)  # a pick never takes a forced result
    assert d.d10("d") == 7


def test_seeded_dice_take_no_forced_results() -> None:
    """Forcing is ForcedDice's: the dice of a game have no test hook."""
    d = SeededDice(5)
    assert not hasattr(d, "force")
    with pytest.raises(ValueError, match="forced dice"):
        d.set_generator_state([*SeededDice(5).generator_state()[:3], [4]])


def test_generator_state_round_trip_keeps_the_forced_queue() -> None:
    d = ForcedDice(9, forced=[2, 6])
    d.d10("a")
    state = d.generator_state()
    assert state[3] == [6]
    e = ForcedDice(1)
    e.set_generator_state(state)
    assert [e.d10("b"), e.d10("c")] == [d.d10("b"), d.d10("c")]  # the forced 6, then the same seeded roll
    assert e.rolls[0] == ("b", 6)
    assert SeededDice(9).generator_state()[3] == []  # the stored format keeps its slot for the queue


def test_advance_draws_as_the_record_did() -> None:
    played = SeededDice(3)
    calls = [("x", played.d10("x"), D10), ("chit draw", played.pick("chit draw", 5), 5)]
    resumed = SeededDice(3)
    resumed.advance(calls)
    assert resumed.d10("next") == played.d10("next")


def test_scripted_runs_out_and_leftovers() -> None:
    d = ScriptedDice([2, 7])
    d.d10("x")
    with pytest.raises(DiceError, match="not used"):
        d.assert_used()
    d.d10("y")
    with pytest.raises(DiceError, match="ran out"):
        d.d10("z")


def test_replay_checks_purpose() -> None:
    d = ReplayDice([("fire: T1", 4), ("chit draw", 2)])
    assert d.d10("fire: T1") == 4
    with pytest.raises(DiceError, match="rolled for 'chit draw'"):
        d.d10("fire: T2")



def test_seeded_dice_draw_what_randint_and_randrange_draw() -> None:
    """SeededDice draws through Random._randbelow for speed: the numbers must be those of
    randint(1, 10) and randrange(n) from the same seed, or stored games would change dice."""
    import random

    for seed in (1, 7, 12345):
        dice, ref = SeededDice(seed), random.Random(seed)
        for i in range(300):
            if i % 7 == 3:
                n = 2 + i % 9
                assert dice.pick("p", n) == ref.randrange(n)
            else:
                assert dice.d10("d") == ref.randint(1, 10)
        follower = SeededDice(seed)
        follower.advance(dice.calls)  # a resumed game's dice go on from where the recorded ones stopped
        assert follower._rng.getstate() == ref.getstate()
