"""The LOS explained (RULES.md 4.4, §9.6; A17, A20): every hex and hexside the line meets, in
order, with what it does and its rule; the explanation decides nothing (the verdict is
``los_query``'s) and shows every blocker and hindrance of it."""

from __future__ import annotations

from pathlib import Path

import pytest

from firepower_tui.rules.board.hexgrid import Hex, hex_add
from firepower_tui.rules.board.hexgrid import hex_from_id as H
from firepower_tui.rules.board.hexgrid import hex_to_id
from firepower_tui.rules.basic.los import los_query
from firepower_tui.rules.basic.los_explain import Effect, LosItem, explain_los, explanation_lines
from firepower_tui.rules.scenario.load import load_scenario
from tests.conftest import FIELD, Game, make_scenario, with_terrain

VILLAGE = Path(__file__).resolve().parents[1] / "fixtures" / "scenarios" / "buildings.toml"


def game(terrain: str = FIELD, *soldiers: str, fences: str = "") -> Game:
    return Game(make_scenario(terrain, soldiers or ("T9 tan RFL B2 S", "G9 green RFL B8 N"), fences=fences))


def doing(items: tuple[LosItem, ...]) -> list[tuple[str, str, Effect, str]]:
    """The items that block or hinder: (where, touch, effect, rule)."""
    return [(i.where, i.touch, i.effect, i.rule) for i in items if i.effect is not Effect.NONE]


@pytest.mark.rule("6.3.4")
def test_every_hex_and_hexside_of_a_column_line_in_order() -> None:
    ex = explain_los(game().state, H("B2"), H("B8"))
    assert [i.where for i in ex.items] == ["B2", "B2|B3", "B3", "B3|B4", "B4", "B4|B5", "B5", "B5|B6", "B6",
                                           "B6|B7", "B7", "B7|B8", "B8"]
    assert [i.touch for i in ex.items][:3] == ["firer", "across", "crossed"] and ex.items[-1].touch == "target"
    assert ex.verdict() == "clear" and not doing(ex.items)
    assert ex.viewer == "T9" and ex.target == "G9"


@pytest.mark.rule("6.3.4.1")
@pytest.mark.rule("6.3.4.3")
@pytest.mark.rule("6.3.6.2.5")
def test_hill_friendly_man_and_trees_named_with_their_rules() -> None:
    g = game(with_terrain(FIELD, B4="t", B5="h"), "T9 tan RFL B2 S", "T8 tan RFL B6 S", "G9 green RFL B8 N")
    ex = explain_los(g.state, H("B2"), H("B8"))
    assert doing(ex.items) == [("B4", "crossed", Effect.HINDERS, "6.3.6.2.5"),
                               ("B5", "crossed", Effect.BLOCKS, "6.3.4.1"),
                               ("B6", "crossed", Effect.BLOCKS, "6.3.4.3")]
    assert ex.verdict() == "blocked"
    assert ex.marks()[H("B5")] is Effect.BLOCKS and ex.marks()[H("B4")] is Effect.HINDERS
    assert ex.marks()[H("B3")] is Effect.NONE


@pytest.mark.rule("A20")
def test_a_hill_at_an_end_is_shown_and_why_it_does_not_block() -> None:
    ex = explain_los(game(with_terrain(FIELD, B5="h", B2="h")).state, H("B2"), H("B8"))
    hill = [i for i in ex.items if i.where == "B5"]
    assert [(i.effect, i.rule) for i in hill] == [(Effect.NONE, "6.3.4.1")] and "A20" in hill[0].why


@pytest.mark.rule("6.3.4.3")
def test_enemy_men_on_the_line_are_named_and_do_not_block() -> None:
    g = game(FIELD, "T9 tan RFL B2 S", "G8 green RFL B5 S", "G9 green RFL B8 N")
    ex = explain_los(g.state, H("B2"), H("B8"))
    men = [i for i in ex.items if i.where == "B5" and i.rule == "6.3.4.3"]
    assert len(men) == 1 and men[0].effect is Effect.NONE and "G8" in men[0].what
    assert ex.result.clear


@pytest.mark.rule("6.3.4.2")
@pytest.mark.parametrize(("posture", "effect"), [("stand", Effect.NONE), ("prone", Effect.BLOCKS)])
def test_a_fence_crossed_blocks_only_with_a_prone_end(posture: str, effect: Effect) -> None:
    g = game(FIELD, f"T9 tan RFL B2 S {posture}", "G9 green RFL B8 N", fences='{ hex = "B5", axis = "E-W" }')
    ex = explain_los(g.state, H("B2"), H("B8"))
    fence = [i for i in ex.items if i.where == "B5"]
    assert [(i.effect, i.rule) for i in fence] == [(effect, "6.3.4.2")]


O = H("C6")


@pytest.mark.rule("A17")
def test_a_spine_is_the_hexside_run_along_before_the_two_hexes_it_touches() -> None:
    target = hex_add(O, Hex(1, -2))
    sides = (hex_add(O, Hex(0, -1)), hex_add(O, Hex(1, -1)))
    ex = explain_los(game(with_terrain(FIELD, **{hex_to_id(sides[0]): "t"})).state, O, target)
    wheres = [i.where for i in ex.items]
    spine = f"{hex_to_id(sides[0])}|{hex_to_id(sides[1])}"
    assert wheres == [hex_to_id(O), spine, hex_to_id(sides[0]), hex_to_id(sides[1]), hex_to_id(target)]
    along = ex.items[1]
    assert (along.touch, along.rule) == ("along", "A17")
    assert doing(ex.items) == [(hex_to_id(sides[0]), "hexside", Effect.HINDERS, "6.3.6.2.5")]
    assert ex.verdict() == "hindered +1"


@pytest.mark.rule("§9.6")
def test_a_building_wall_and_a_window_in_the_village() -> None:
    g = Game(load_scenario(VILLAGE))
    g.state = g.state.evolve(rules=g.state.rules | {"buildings"})
    blocked = explain_los(g.state, H("D4"), H("B4"))
    assert [(e, r) for _, _, e, r in doing(blocked.items)] == [(Effect.BLOCKS, "§9.6")]
    through = explain_los(g.state, H("D4"), H("D1"))
    assert through.result.clear and any(i.effect is Effect.THROUGH and i.rule == "§9.6" for i in through.items)


@pytest.mark.rule("6.3.4")
def test_the_explanation_shows_every_note_of_the_verdict_on_the_basic_map() -> None:
    """Over many pairs of the basic scenario: the items that block are exactly the verdict's
    blockers, the hindrances its hindrances, and every hex it touches is listed."""
    state = Game(load_scenario("basic")).state
    hexes = sorted(state.scenario.map.terrain, key=lambda h: (h.q, h.r))[::7]
    for a in hexes[::5]:
        for b in hexes:
            if a == b:
                continue
            r = los_query(state, a, b)
            ex = explain_los(state, a, b)
            blocks = [(i.hex, i.rule) for i in ex.items if i.effect is Effect.BLOCKS]
            assert blocks == [(n.hex, n.rule) for n in sorted(r.blocked_by, key=lambda n: ex.hexes.index(n.hex))]
            assert sorted((i.hex, i.rule) for i in ex.items if i.effect is Effect.HINDERS) == \
                sorted((n.hex, n.rule) for n in r.hindrances)
            listed = {i.hex for i in ex.items if not i.hexside}
            assert listed == set(ex.hexes)


def test_lines_carry_a_glyph_for_each_effect() -> None:
    assert len({e.glyph for e in Effect}) == len(Effect)
    g = game(with_terrain(FIELD, B5="h"))
    lines = explanation_lines(explain_los(g.state, H("B2"), H("B8")))
    assert lines[0].startswith("LOS B2 -> B8") and "blocked" in lines[0]
    assert [ln.split()[0] for ln in lines[1:] if "B5 crossed" in ln] == [Effect.BLOCKS.glyph]


@pytest.mark.rule("§9.5")
def test_smoke_on_the_line_hinders_two_each_ends_included() -> None:
    from firepower_tui.rules.model.special_types import SpecialState

    g = game()
    g.state = g.state.evolve(special=SpecialState(smoke=((H("B2"), 2), (H("B5"), 2))))
    ex = explain_los(g.state, H("B2"), H("B8"))
    assert doing(ex.items) == [("B2", "firer", Effect.HINDERS, "§9.5"), ("B5", "crossed", Effect.HINDERS, "§9.5")]
    assert ex.smoke == 2 and ex.verdict() == "hindered +4" and ex.result.clear


@pytest.mark.rule("6.3.4.3")
def test_the_ends_name_their_men_and_level() -> None:
    ex = explain_los(game(with_terrain(FIELD, B2="h")).state, H("B2"), H("B8"))
    assert (ex.items[0].where, ex.items[0].what) == ("B2", "firer's hex (T9; hill, level 2)")
    assert ex.items[-1].what == "target's hex (G9; open, level 1)"
