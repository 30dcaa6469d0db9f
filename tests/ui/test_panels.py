"""The panels show the rules' numbers (pure functions: controller in, Rich Text out)."""

from __future__ import annotations

from dataclasses import replace

from firepower_tui.controller import Controller
from firepower_tui.games.session import Session
from firepower_tui.rules.actions import DrawChit
from firepower_tui.rules.hexgrid import hex_from_id
from firepower_tui.ui.render.panels import preview_text
from tests.conftest import FIELD, make_scenario


def test_melee_preview_takes_its_number_from_the_assessment(monkeypatch) -> None:  # noqa: ANN001
    """The hit number in the melee preview is the assessment's need (§5.2), not a copy of it."""
    session = Session(make_scenario(FIELD, ["T1 tan RFL B4 S", "T2 tan RFL B4 S", "G1 green RFL B5 N"]))
    session.submit(DrawChit(side="tan"))
    c = Controller(session)
    c.cursor = hex_from_id("B4")
    c.select()
    c.aim_melee()
    assessment, _ = c.preview()
    assert "Attackers win on d10 -2 ≤ 5: 70%" in preview_text(c).plain
    other = replace(assessment, roll=assessment.roll.evolve(need=4))
    monkeypatch.setattr(c, "preview", lambda: (other, None))
    assert "Attackers win on d10 -2 ≤ 4:" in preview_text(c).plain
