"""Victory conditions (§6, §10.4) on constructed end states."""

from __future__ import annotations

import pytest

from firepower_tui.rules import engine
from firepower_tui.rules.model.dice import ScriptedDice
from firepower_tui.rules.board.hexgrid import hex_from_id
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.rules.scenario.load import parse_scenario
from firepower_tui.rules.basic.sequence import new_game
from firepower_tui.rules.model.types import Status
from firepower_tui.rules.scenario.victory import decide, score, sector_control, sector_of

MAP = "\n".join(["." * 12] * 8)


def scenario(victory: str, men: list[str], extra: str = ""):  # noqa: ANN201
    text = f'id = "v"\ntitle = "v"\nturns = 1\nchits_per_side = 1\nvictory = "{victory}"\n{extra}\n'
    text += f'[map]\ncolumns = 12\nrows = 8\nterrain = """\n{MAP}\n"""\n'
    text += '[[sides]]\nid = "tan"\nname = "Tan"\n[[sides]]\nid = "green"\nname = "Green"\n'
    for m in men:
        sid, side, weapon, hx = m.split()
        text += f'[[soldiers]]\nid = "{sid}"\nside = "{side}"\nweapon = "{weapon}"\nhex = "{hx}"\nfacing = "N"\n'
    return parse_scenario(text, "v.toml")


def kill(state, *ids):  # noqa: ANN001, ANN202
    changed = [state.soldier(i).evolve(killed=True) for i in ids]
    return state.with_soldiers(*changed)


@pytest.mark.rule("§10.4")
def test_sectors_are_a_grid() -> None:
    state = new_game(scenario("points_and_ground", ["T1 tan RFL A1", "G1 green RFL L8"]))
    assert sector_of(state, hex_from_id("A1")) == 0 and sector_of(state, hex_from_id("L8")) == 5
    assert sector_of(state, hex_from_id("E1")) == 1 and sector_of(state, hex_from_id("A5")) == 3
    assert sector_control(state) == ["tan", None, None, None, None, "green"]


@pytest.mark.rule("§10.4")
def test_points_and_ground_needs_both() -> None:
    men = ["T1 tan RFL A1", "T2 tan RFL E1", "T3 tan PST A5", "G1 green LMG L8", "G2 green RFL K8", "G3 green RFL E2"]
    state = new_game(scenario("points_and_ground", men))
    # Tan lost T3 (8), Green lost G1 (18): Tan destroyed more; sectors: Tan 1 (A1), E1/E2 shared... contested
    state = kill(state, "T3", "G1")
    sc = score(state)
    assert (sc["tan"].points_destroyed, sc["tan"].points_lost) == (18, 8)
    assert sector_control(state) == ["tan", None, None, None, None, "green"]
    winner, why = decide(state, "end")
    assert winner is None and "neither side has both" in why  # more points, equal ground: a draw
    state = kill(state, "G3")  # Tan now alone in sector 1 as well
    winner, why = decide(state, "end")
    assert winner == "tan" and "destroyed more and holds more ground" in why


@pytest.mark.rule("§10.4")
def test_stunned_men_hold_no_ground() -> None:
    state = new_game(scenario("points_and_ground", ["T1 tan RFL A1", "G1 green RFL L8"]))
    stunned = state.soldier("T1").evolve(status=Status.STUNNED)
    state = state.with_soldiers(stunned)
    assert sector_control(state)[0] is None


@pytest.mark.rule("§10.4")
def test_hold_objectives() -> None:
    sc = scenario("hold", ["T1 tan RFL C3", "G1 green RFL F5", "G2 green RFL A8"],
                  extra='objectives = ["F5", "F6"]\ndefender = "green"')
    state = new_game(sc)
    assert state.holders == {hex_from_id("F5"): "green", hex_from_id("F6"): "green"}
    assert decide(state, "end")[0] == "green"
    dice = ScriptedDice([])
    # Tan walks into the empty objective F6 (C3 -> ... is far; place him next to it instead)
    t1 = state.soldier("T1").evolve(hex=hex_from_id("F7"))
    state = state.with_soldiers(t1)
    for line in ("chit tan", "impulse F7", "move T1 F6"):
        state, _ = engine.apply(state, parse_action(line), dice)
    assert state.holders[hex_from_id("F6")] == "tan"
    winner, why = decide(state, "end")
    assert winner == "tan" and "took 1 of the 2 objective hexes" in why
    assert decide(kill(state, "G1", "G2"), "end")[1].endswith("no soldiers left to hold the objectives (§10.4)")


@pytest.mark.rule("§10.4")
def test_hold_needs_objectives_and_defender() -> None:
    from firepower_tui.rules.model.errors import ScenarioError

    with pytest.raises(ScenarioError, match="needs objective hexes"):
        scenario("hold", ["T1 tan RFL C3", "G1 green RFL F5"], extra='defender = "green"')


@pytest.mark.rule("§10.4")
def test_wipe_out_decides_by_the_scenario_condition() -> None:
    men = ["T1 tan RFL B2", "G1 green RFL B1"]  # everyone faces N: G1 is in front of T1
    state = new_game(scenario("points_and_ground", men))
    state, events = engine.apply(state, parse_action("chit tan"), ScriptedDice([]))
    state, events = engine.apply(state, parse_action("impulse B2"), ScriptedDice([]))
    state, events = engine.apply(state, parse_action("fire T1 G1 semi"), ScriptedDice([1, 1]))
    assert state.over and state.winner == "tan" and "Green has no soldiers left" in state.result
    assert "(§10.4)" in state.result
