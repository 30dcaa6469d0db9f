"""The panels show the rules' numbers (pure functions: controller in, Rich Text out)."""

from __future__ import annotations

from dataclasses import replace

from firepower_tui.controller import Controller
from firepower_tui.games.session import Session
from firepower_tui.rules.model.actions import DrawChit
from firepower_tui.rules.board.hexgrid import hex_from_id
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


def test_the_fire_preview_says_what_a_failed_spot_leaves_him() -> None:
    """§9.6 (ruling R78): a failed spot costs his fire and 2 MF, and he keeps only the MF he
    declared for after the fire (4.8): the preview says how many before he fires, and a failed
    spot leaves him exactly those."""
    from pathlib import Path

    from firepower_tui.rules.model.dice import ScriptedDice
    from firepower_tui.rules.scenario.load import load_scenario

    village = Path(__file__).resolve().parents[1] / "fixtures" / "scenarios" / "buildings.toml"
    session = Session(load_scenario(village), rules=["buildings"])
    session.state = session.state.evolve(exposed=(("T2", 1),))  # T2 in D4 fired this turn: a target after a spot
    session.submit(DrawChit(side="green"))
    c = Controller(session)
    c.cursor = hex_from_id("D1")
    c.select()
    c.aim_fire()
    c.cursor = hex_from_id("D4")
    text = preview_text(c).plain
    assert "if the spot fails: his fire and 2 MF; you keep 0 MF" in text
    c.aiming.change_then(1)
    assert "if the spot fails: his fire and 2 MF; you keep 1 MF" in preview_text(c).plain
    session.dice = ScriptedDice([6])  # not spotted
    c.select()
    g1 = session.state.soldier("G1")
    assert g1 is not None and g1.combat_used and g1.mf_left == 1


def test_the_panel_names_the_side_that_starts_an_impulse() -> None:
    """On a shared or served screen the panel is read by both players: it names whose choice it
    is (6.2), so the waiting player is not told to choose a hex."""
    from firepower_tui.ui.render.panels import soldier_text

    session = Session(make_scenario(FIELD, ["T1 tan RFL B4 S", "G1 green RFL B8 N"]))
    session.submit(DrawChit(side="green"))
    c = Controller(session)
    assert soldier_text(c).plain.startswith("Green: choose a hex to start an impulse")
