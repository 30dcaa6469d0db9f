"""Dice, injected (RULES.md §1.6, docs/style.md §4)."""

from __future__ import annotations

import collections
import hashlib
import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest

from firepower_tui.rules.model.dice import (D10, MAX_SEED, ForcedDice, ReplayDice, ScriptedDice, SeededDice,
                                            normalise_face, stream_face, stream_value)
from firepower_tui.rules.model.errors import DiceError

ROOT = Path(__file__).resolve().parents[2]


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
        d.set_generator_state({**SeededDice(5).generator_state(), "forced": [4]})


def test_generator_state_round_trip_keeps_the_forced_queue() -> None:
    d = ForcedDice(9, forced=[2])
    d.d10("a")
    d.d10("b")
    d.force([6])
    d.d10("c")
    d.force([3])
    state = d.generator_state()
    assert state == {"stream": "sha256", "index": 1, "forced": [3]}  # one roll drawn from the stream
    e = ForcedDice(9)
    e.set_generator_state(json.loads(json.dumps(state)))  # (a checkpoint keeps it as JSON)
    assert [e.d10("d"), e.d10("e"), e.pick("f", 6)] == [d.d10("d"), d.d10("e"), d.pick("f", 6)]
    assert e.rolls[0] == ("d", 3)  # the forced 3, then the same seeded rolls
    assert SeededDice(9).generator_state()["forced"] == []  # the stored format keeps its slot for the queue


@pytest.mark.parametrize("state", [
    [3, [0] * 625, None, []],  # the Mersenne Twister's state a checkpoint held before the stream
    {"stream": "mt19937", "index": 4, "forced": []},
    {"stream": "sha256", "index": -1, "forced": []},
    {"stream": "sha256", "index": True, "forced": []},
    {"stream": "sha256", "index": 4, "forced": [11]},
    {"stream": "sha256", "index": 4},
    None,
])
def test_a_state_of_other_dice_is_refused(state: object) -> None:
    d = ForcedDice(9)
    with pytest.raises(ValueError):
        d.set_generator_state(state)
    assert d.generator_state() == {"stream": "sha256", "index": 0, "forced": []}  # left as it was


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


# --- the stream (docs/notation.md, "The dice stream") ---------------------------------------------------

def reference_pick(seed: int, i: int, n: int) -> int:
    """Roll ``i`` of ``seed`` as a pick among ``n``, written again from docs/notation.md alone."""
    limit = 2**256 - 2**256 % n
    for attempt in itertools.count():
        x = int.from_bytes(hashlib.sha256(b"%d:%d:%d" % (seed, i, attempt)).digest(), "big")
        if x < limit:
            return x % n
    raise AssertionError("unreachable")


def test_the_dice_are_the_worked_example_of_the_notation() -> None:
    """The example written in docs/notation.md is what the dice roll (and what the text's own
    recipe gives)."""
    text = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    faces = re.search(r"^ +seed 1, rolls 0-4 as d10s: ([\d ]+)$", text, re.M)
    chit = re.search(r"^ +seed 1, roll 5 as a chit draw among 8 chits: (\d+)$", text, re.M)
    assert faces is not None and chit is not None
    dice = SeededDice(1)
    assert [dice.d10("d") for _ in range(5)] == [int(f) for f in faces[1].split()]
    assert dice.pick("chit draw", 8) == int(chit[1])
    assert [reference_pick(1, i, 10) + 1 for i in range(5)] == [int(f) for f in faces[1].split()]
    assert reference_pick(1, 5, 8) == int(chit[1])
    assert stream_face(1, 0) == 2 and stream_value(1, 5, 8) == 4  # (as the text says)
    section = text[text.index("## The dice stream"):]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None
    written: dict[str, Any] = {}
    exec(code[1], written)  # the text's own Python
    assert [written["pick"](1, i, 10) + 1 for i in range(5)] == [int(f) for f in faces[1].split()]
    assert all(written["pick"](9, i, n) == stream_value(9, i, n) for i in range(50) for n in (2, 7, 10))


@pytest.mark.parametrize("seed", [0, 1, 918273645, MAX_SEED])
def test_seeded_dice_roll_the_written_stream(seed: int) -> None:
    dice = SeededDice(seed)
    for i in range(400):
        n = 2 + i % 15
        if i % 5 == 3:
            assert dice.pick("p", n) == reference_pick(seed, i, n)
        else:
            assert dice.d10("d") == reference_pick(seed, i, 10) + 1
    assert dice.index == 400


def test_a_number_past_the_last_whole_multiple_is_thrown_away() -> None:
    """With n a little over 2^255 about half the digests are at or past the largest multiple of
    n: the next attempt of the same roll is hashed (docs/notation.md, step 3)."""
    n = 2**255 + 1
    retried = [i for i in range(40)
               if int.from_bytes(hashlib.sha256(b"7:%d:0" % i).digest(), "big") >= 2**256 - 2**256 % n]
    assert len(retried) > 5
    for i in range(40):
        assert stream_value(7, i, n) == reference_pick(7, i, n)
    with pytest.raises(ValueError):
        stream_value(7, 0, 0)


def test_every_face_comes_up() -> None:
    counts = collections.Counter(stream_face(3, i) for i in range(5000))
    assert set(counts) == set(range(1, 11)) and min(counts.values()) > 400


def test_reseed_starts_the_stream_again() -> None:
    d = ForcedDice(2)
    first = [d.d10("x") for _ in range(3)]
    d.reseed(2)
    assert [d.d10("x") for _ in range(3)] == first and d.index == 3
