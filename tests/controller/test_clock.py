"""The phase clock of the optional rule ``clock`` (RULES.md §9.8), driven by a fake time."""

from __future__ import annotations

import pytest

from firepower_tui.controller.clock import PhaseClock


class FakeTime:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def t() -> FakeTime:
    return FakeTime()


@pytest.mark.rule("§9.8")
def test_the_budget_counts_down_only_while_a_phase_is_under_way(t: FakeTime) -> None:
    clock = PhaseClock(90, now=t)
    clock.sync(phase=None, paused=False)
    t.t += 50
    assert clock.remaining() == 90 and not clock.expired()
    clock.sync(phase=(1, 1), paused=False)
    t.t += 89
    assert clock.remaining() == 1 and not clock.expired()
    t.t += 1
    assert clock.remaining() == 0 and clock.expired()
    assert clock.text() == "0:00"


@pytest.mark.rule("§9.8")
def test_a_paused_game_stops_the_clock(t: FakeTime) -> None:
    clock = PhaseClock(60, now=t)
    clock.sync(phase=(1, 1), paused=False)
    t.t += 20
    clock.sync(phase=(1, 1), paused=True)
    t.t += 500
    assert clock.remaining() == 40 and not clock.running
    clock.sync(phase=(1, 1), paused=True)  # still paused: nothing counted
    t.t += 5
    clock.sync(phase=(1, 1), paused=False)
    t.t += 10
    assert clock.remaining() == 30 and clock.running
    assert clock.text() == "0:30"


@pytest.mark.rule("§9.8")
def test_each_new_phase_gets_a_full_budget(t: FakeTime) -> None:
    clock = PhaseClock(90, now=t)
    clock.sync(phase=(1, 1), paused=False)
    t.t += 100
    assert clock.expired()
    clock.sync(phase=(1, 2), paused=False)
    assert clock.remaining() == 90 and not clock.expired()
    clock.sync(phase=None, paused=False)
    assert not clock.expired() and not clock.running


def test_a_budget_must_be_positive() -> None:
    with pytest.raises(ValueError, match="positive"):
        PhaseClock(0)
