"""bench/bench_ai.py's two measures of a match: the win rate counts a draw as
not won; the score, which decides "hard beats normal", counts it as half."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from bench_ai import Tally, wilson  # noqa: E402


def test_the_score_counts_a_draw_as_half_and_the_win_rate_as_nothing() -> None:
    tally = Tally(wins=50, draws=30, losses=20)
    assert tally.points == 65
    lo, hi = tally.interval()
    slo, shi = tally.interval(score=True)
    assert lo < 0.5 < hi  # 50 won of 100: the win rate cannot tell
    assert slo == pytest.approx(0.552, abs=0.001)  # 65 of 100: above 50 % with 95 % confidence
    assert shi == pytest.approx(0.736, abs=0.001)


def test_two_equal_players_score_half_whatever_the_draws() -> None:
    for draws in (0, 30, 80):
        tally = Tally(wins=(100 - draws) // 2, draws=draws, losses=(100 - draws) // 2)
        lo, hi = tally.interval(score=True)
        assert tally.points / tally.games == 0.5
        assert lo < 0.5 < hi


def test_the_wilson_interval_of_a_win_rate() -> None:
    lo, hi = wilson(95, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.8882, 0.9785)  # the textbook values for 95 of 100
    assert wilson(0, 0) == (0.0, 1.0)
