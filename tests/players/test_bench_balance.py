"""bench/bench_balance.py: each side's match score, both side assignments, in parallel."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from bench_balance import Balance, main  # noqa: E402


def test_a_side_scores_its_wins_and_half_the_draws() -> None:
    b = Balance("x", ("tan", "green"), wins={"tan": 90, "green": 70}, draws=40)
    assert b.games == 200
    assert b.score("tan") == pytest.approx(0.55) and b.score("green") == pytest.approx(0.45)
    assert b.fair
    assert not Balance("x", ("tan", "green"), wins={"tan": 130, "green": 70}).fair  # 65 %: out of the band
    lo, hi = b.interval("tan")
    assert lo < 0.55 < hi


@pytest.mark.slow
def test_the_quick_run_plays_both_assignments_in_two_processes(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "balance.json"
    assert main(["ambush", "--quick", "--jobs", "2", "--level", "easy", "--json", str(out)]) == 0
    figures = json.loads(out.read_text())
    (sc,) = figures["scenarios"]
    assert sc["scenario"] == "ambush" and sum(sc["wins"].values()) + sc["draws"] == 4 and not sc["errors"]
    assert sum(sc["score"].values()) == pytest.approx(1.0)
    printed, progress = capsys.readouterr()
    assert "| ambush | 4 |" in printed and "4/4 games" in progress


@pytest.mark.slow
def test_each_scenario_is_reported_as_soon_as_its_games_are_done(capsys: pytest.CaptureFixture[str]) -> None:
    """A long run stopped halfway keeps the figures of the scenarios it finished (on stderr)."""
    assert main(["ambush", "crossing", "--quick", "--jobs", "1", "--level", "easy"]) == 0
    printed, progress = capsys.readouterr()
    assert "| ambush | 4 |" in progress and "| crossing | 4 |" not in progress  # the last is in the table
    assert "| ambush | 4 |" in printed and "| crossing | 4 |" in printed

