"""The game review (players/review.py, `firepower review`): a scripted blunder is the first
turning point; the review is kept with the game and shown again without recomputing."""

from __future__ import annotations

from pathlib import Path

import pytest

from firepower_tui.cli import main
from firepower_tui.games.service import new_game
from firepower_tui.games.store import Store
from firepower_tui.players import review as review_module
from firepower_tui.players.review import review
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.rules.scenario.load import load_scenario
from tests.conftest import Game, make_scenario

TERRAIN = "\n".join(["." * 10] * 4 + ["....t....."] + ["." * 10] * 5)
MEN = ["T1 tan RFL E5 N", "T2 tan RFL J9 N", "G1 green LMG E1 S", "G2 green RFL A1 S"]
BLUNDER = ("chit tan", "impulse E5", "move T1", "fire T1 G1", "end")
"""Tan's rifleman steps out of the trees into the open in front of a ready LMG, then fires."""


def _history(lines: tuple[str, ...]):  # noqa: ANN202
    g = Game(make_scenario(TERRAIN, MEN))
    out = []
    for line in lines:
        out.append((g.state, parse_action(line)))
        g.do(line)
    return out


@pytest.mark.rule("6.3.6.2.2")
def test_the_blunder_is_the_first_turning_point() -> None:
    points = review(_history(BLUNDER), {"tan"})
    assert points, "no turning point"
    first = points[0]
    assert first.step == 2 and first.played == "move T1" and first.loss > 0.2
    assert first.better != "move T1"
    assert all(t.side == "tan" for t in points)
    assert all(a.loss >= b.loss for a, b in zip(points, points[1:]))


def test_a_computer_side_is_not_reviewed() -> None:
    assert review(_history(BLUNDER), {"green"}) == []


def test_the_review_is_kept_and_shown_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "blunder.toml"
    path.write_text(make_scenario(TERRAIN, MEN).text, encoding="utf-8")
    db = tmp_path / "games.db"
    store = Store(db)
    session, gid = new_game(store, load_scenario(str(path)), seed=4)
    for line in BLUNDER:
        assert session.submit(parse_action(line)).ok, line
    store.release(gid)
    store.close()
    assert main(["review", str(gid), "--db", str(db)]) == 0
    out, err = capsys.readouterr()
    assert "move T1" in out.splitlines()[1] and "decisions" in err
    kept = Store(db).review(gid)
    assert kept is not None and kept[0] == len(BLUNDER) and kept[1][0]["played"] == "move T1"

    def no_search(*args: object, **kwargs: object) -> list[object]:
        raise AssertionError("recomputed")

    monkeypatch.setattr(review_module, "review", no_search)
    assert main(["review", str(gid), "--db", str(db)]) == 0
    out2, err2 = capsys.readouterr()
    assert out2.splitlines()[1:] == out.splitlines()[1:] and "kept with the game" in out2 and err2 == ""
