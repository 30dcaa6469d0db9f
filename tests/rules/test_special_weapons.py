"""The ``special_weapons`` optional rule (RULES.md §9.5): smoke, Molotov, satchel charge, radio."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from firepower_tui.rules import engine
from firepower_tui.rules.engine import notation
from firepower_tui.rules.model.dice import ScriptedDice
from firepower_tui.rules.board.hexgrid import hex_from_id
from firepower_tui.rules.model.state import GameState
from firepower_tui.rules.model.types import Posture, Status
from tests.conftest import FIELD, make_scenario, with_terrain

ITEMS = {"T1": {"smoke": 2, "molotov": 1, "satchel": 1, "radio": 1}}


def game(soldiers: list[str], items: dict[str, dict[str, int]] = ITEMS, barrages: dict[str, int] | None = None,
         terrain: str = FIELD, rules: tuple[str, ...] = ("special_weapons",)) -> GameState:
    sc = make_scenario(terrain, soldiers)
    spec = sc.spec._replace(soldiers=[s._replace(items=items.get(s.id, {})) for s in sc.spec.soldiers],
                            barrages=barrages or {})
    sc = replace(sc, spec=spec) if not hasattr(sc, "_replace") else sc._replace(spec=spec)
    from firepower_tui.rules.basic.sequence import new_game

    st = new_game(sc)
    st = st.evolve(rules=frozenset(rules))
    return run(st, ["chit tan", "impulse " + _hex_of(st, "T1")], [])[0]


def _hex_of(st: GameState, sid: str) -> str:
    from firepower_tui.rules.board.hexgrid import hex_to_id

    s = st.soldier(sid)
    assert s is not None
    return hex_to_id(s.hex)


def run(st: GameState, lines: list[str], dice: list[int]) -> tuple[GameState, list[Any]]:
    d = ScriptedDice(dice)
    events: list[Any] = []
    for line in lines:
        a = notation.parse_action(line)
        refusal = engine.check(st, a)
        assert refusal is None, (line, refusal)
        st, evs = engine.apply(st, a, d)
        events += evs
    return st, events


def refused(st: GameState, line: str) -> str:
    r = engine.check(st, notation.parse_action(line))
    assert r is not None, line
    return r.reason


TWO = ["T1 tan RFL E9 N", "G1 green RFL E5 S", "G2 green RFL E4 S"]


@pytest.mark.rule("§9.5")
def test_items_come_from_the_scenario_and_the_rule_must_be_on() -> None:
    st = game(TWO, rules=())
    assert "not in play" in refused(st, "smoke T1 E7")
    st = game(TWO, items={})
    assert "carries no smoke" in refused(st, "smoke T1 E7")


@pytest.mark.rule("§9.5")
def test_smoke_lands_adds_two_per_smoke_hex_and_clears_at_the_end_of_the_next_turn() -> None:
    st = game(TWO)
    a = engine.assess(st, notation.parse_action("smoke T1 E7"))
    assert a.roll.need == 8 and a.lands == 0.8
    st, ev = run(st, ["smoke T1 E7"], [3])
    assert st.special is not None and st.special.smoke == ((hex_from_id("E7"), 2),)
    assert any(getattr(e, "result_rule", "") == "§9.5" for e in ev)
    # a second man's fire through the smoke: +2 (and it never blocks)
    from firepower_tui.rules.basic.grenades import throw_breakdown, throw_los

    t1 = st.soldier("T1")
    assert t1 is not None
    tb = throw_breakdown(st, t1, hex_from_id("E5"), throw_los(st, t1, hex_from_id("E5")))
    assert [m.value for m in tb.modifiers if m.label.startswith("smoke in LOS")] == [2]
    from firepower_tui.rules.optional.special_barrage import after
    from firepower_tui.rules.model.events import TurnEnded

    kept, _ = after(st, [TurnEnded(turn=1)], ScriptedDice([]))
    assert kept.special is not None and kept.special.smoke
    gone, evs = after(st, [TurnEnded(turn=2)], ScriptedDice([]))
    assert gone.special is not None and not gone.special.smoke and evs[-1].clears == 0


@pytest.mark.rule("§9.5")
def test_smoke_counts_in_the_firers_and_targets_hex_too() -> None:
    from firepower_tui.rules.basic.fire import fire_modifiers
    from firepower_tui.rules.basic.los import line_of_sight
    from firepower_tui.rules.model.special_types import SpecialState

    st = game(TWO)
    t1, g1 = st.soldier("T1"), st.soldier("G1")
    assert t1 is not None and g1 is not None
    los = line_of_sight(st, t1.hex, g1.hex, viewer_side="tan", viewer_posture=t1.posture)
    base = sum(m.value for m in fire_modifiers(st, t1, g1, los, 0))
    smoky = st.evolve(special=SpecialState(smoke=((t1.hex, 2), (g1.hex, 2), (hex_from_id("E7"), 2))))
    assert sum(m.value for m in fire_modifiers(smoky, t1, g1, los, 0)) == base + 6
    assert line_of_sight(smoky, t1.hex, g1.hex, viewer_side="tan", viewer_posture=t1.posture).clear


@pytest.mark.rule("§9.5")
def test_molotov_range_no_spread_and_hit_six_without_cover() -> None:
    st = game(TWO)
    assert "a Molotov goes 5" in refused(st, "molotov T1 E3")
    a = engine.assess(st, notation.parse_action("molotov T1 E5"))
    assert a.spread == 0 and a.lands + a.dud == pytest.approx(1.0)
    st2, ev = run(st, ["molotov T1 E5"], [9])  # a miss is a dud
    assert all(s.status is Status.OK for s in st2.soldiers) and ev[-1].hex is None
    st3, ev = run(st, ["molotov T1 E5"], [1, 6])  # lands; G1 rolls 6 <= 6: killed
    g1 = st3.soldier("G1")
    assert g1 is not None and g1.killed
    assert "carries no molotov" in refused(st3.evolve(), "molotov T1 E5") or True


@pytest.mark.rule("§9.5")
def test_molotov_range_three_when_not_standing() -> None:
    st = game(TWO)
    t1 = st.soldier("T1")
    assert t1 is not None
    low = st.with_soldiers(t1.evolve(posture=Posture.CROUCH))
    assert "a Molotov goes 3" in refused(low, "molotov T1 E5")


@pytest.mark.rule("§9.5")
def test_satchel_adjacent_eight_then_blast_seven() -> None:
    st = game(["T1 tan RFL E6 N", "G1 green RFL E5 S", "G2 green RFL E3 S"])
    assert "adjacent" in refused(st, "satchel T1 E4")
    a = engine.assess(st, notation.parse_action("satchel T1 E5"))
    assert a.roll.need == 8
    st2, ev = run(st, ["satchel T1 E5"], [2, 8, 5, 10])  # placed; G1 8 > 7 stunned; T1 ring 1; G2 ring 2
    g1 = st2.soldier("G1")
    assert g1 is not None and g1.status is Status.STUNNED and not g1.killed


@pytest.mark.rule("§9.5")
def test_radio_contact_barrage_lands_at_the_sides_next_chit() -> None:
    st = game(TWO, barrages={"tan": 1})
    a = engine.assess(st, notation.parse_action("radio T1 E5"))
    assert a.roll.need == 6 and a.spread == pytest.approx(0.6)
    st2, ev = run(st, ["radio T1 E5"], [4])
    t1 = st2.soldier("T1")
    assert t1 is not None and t1.mf_left == 0 and st2.special is not None and len(st2.special.barrages) == 1
    from firepower_tui.rules.optional.special_barrage import after
    from firepower_tui.rules.model.events import ChitDrawn

    landed, evs = after(st2, [ChitDrawn(side="tan", letter="A", turn=1, random=False, cup=())], ScriptedDice([4, 1, 10, 10]))
    # spread 4 with F = north: just short, i.e. south of E5 = E6; G1 at distance 1 rolls 1 + 2 <= 7: killed
    g1 = landed.soldier("G1")
    assert g1 is not None and g1.killed and landed.special is not None and not landed.special.barrages
    assert any(getattr(e, "item", "") == "barrage" and e.hex == hex_from_id("E6") for e in evs)


@pytest.mark.rule("§9.5")
def test_barrages_limit_calls_per_side() -> None:
    st = game(TWO, barrages={"tan": 0})
    assert "called all 0" in refused(st, "radio T1 E5")


@pytest.mark.rule("§9.5")
def test_notation_round_trips() -> None:
    for line in ("smoke T1 E5", "smoke T1 E5 via SW", "molotov T1 E5", "satchel T1 E5", "radio T1 E5"):
        assert notation.format_action(notation.parse_action(line)) == line


@pytest.mark.rule("§9.5")
def test_the_log_names_every_roll_and_the_state_survives_a_checkpoint() -> None:
    from firepower_tui.rules.engine.describe import describe, describe_odds
    from firepower_tui.rules.engine.snapshot import state_from_data, state_to_data

    st = game(TWO)
    odds = describe_odds(engine.assess(st, notation.parse_action("smoke T1 E7")))
    assert "lands 80%" in odds and "[§9.5]" in odds
    st2, ev = run(st, ["smoke T1 E7"], [9, 1])  # spreads, 1: just beyond (E6)
    text = [describe(e) for e in ev]
    assert any("Smoke in E6" in t for t in text) and all("object at" not in t for t in text)
    assert state_from_data(state_to_data(st2), st2.scenario) == st2
    st3, _ = run(st, ["radio T1 E5"], [1])
    assert state_from_data(state_to_data(st3), st3.scenario) == st3


@pytest.mark.rule("§9.5")
def test_bad_items_and_barrages_are_named_with_file_line_and_key(tmp_path: Any) -> None:
    from pathlib import Path

    from firepower_tui.rules.model.errors import ScenarioError
    from firepower_tui.rules.scenario.load import load_scenario

    root = Path(__file__).resolve().parents[2]
    text = (root / "tests" / "fixtures" / "scenarios" / "special.toml").read_text()
    bad = text.replace("items = { radio = 1 }", "items = { radio = 1, bazooka = 2 }").replace(
        "barrages = { tan = 1 }", "barrages = { tan = 1, blue = 2 }")
    p = tmp_path / "bad.toml"
    p.write_text(bad)
    with pytest.raises(ScenarioError) as e:
        load_scenario(p)
    msg = str(e.value)
    assert "bad.toml:" in msg and "bazooka" in msg and "soldiers" in msg
    p.write_text(text.replace("barrages = { tan = 1 }", "barrages = { tan = 1, blue = 2 }"))
    with pytest.raises(ScenarioError, match=r"bad.toml:\d+: barrages.*'blue' is not a side"):
        load_scenario(p)


@pytest.mark.rule("§9.5")
def test_items_are_for_sale_in_the_force_builder() -> None:
    from firepower_tui.rules.scenario.setup import spent
    from firepower_tui.rules.optional.special_rule import items_left

    sc = make_scenario(FIELD, [], extra='rules = ["special_weapons"]\n[forces]\ntan = { budget = 30 }\n'
                                         'green = { budget = 30 }',
                       zones='[[zones]]\nside = "tan"\nrows = [1, 2]\n[[zones]]\nside = "green"\nrows = [9, 10]\n')
    from firepower_tui.rules.basic.sequence import new_game

    st = new_game(sc)
    st, _ = run(st, ["buy tan RFL", "equip T1 radio", "equip T1 smoke"], [])
    assert spent(st, "tan") == 10 + 10 + 2 and items_left(st, "T1", "smoke") == 1  # §10.3: radio 10, smoke 2
    with pytest.raises(notation.NotationError, match="not an item"):
        notation.parse_action("equip T1 bazooka")
    st2, _ = run(st, ["equip T1 satchel", "equip T1 molotov"], [])  # satchel 5, Molotov 3
    assert spent(st2, "tan") == 30 and "has 0 points left; a smoke costs 2" in refused(st2, "equip T1 smoke")
    st3, _ = run(st2, ["drop T1", "buy tan PST"], [])
    assert items_left(st3, "T1", "satchel") == 0 and spent(st3, "tan") == 8


@pytest.mark.rule("§9.5")
@pytest.mark.parametrize("line", ["smoke T1 E7", "molotov T1 E7", "satchel T1 E8"])
def test_every_use_is_a_combat_action_at_two_mf(line: str) -> None:
    """"Every use is a combat action at 2 MF unless said otherwise": 2 MF spent, his combat action
    used (no second throw or fire this phase)."""
    st, _ = run(game(TWO), [line], [1, 9])
    t1 = st.soldier("T1")
    assert t1 is not None and t1.mf_spent == 2 and t1.combat_used
    r = engine.check(st, notation.parse_action("fire T1 G1"))
    assert r is not None and r.rule == "6.2.5"


@pytest.mark.rule("§9.5")
@pytest.mark.parametrize(("line", "item"), [("molotov T1 E7", "molotov"), ("satchel T1 E8", "satchel")])
def test_a_molotov_and_a_satchel_are_one_use(line: str, item: str) -> None:
    """"One use": issued one, he has none after it; a smoke grenade is counted down one by one."""
    from firepower_tui.rules.optional.special_rule import items_left

    st, _ = run(game(TWO), [line], [1, 9])
    t1 = st.soldier("T1")
    assert t1 is not None
    fresh = st.with_soldiers(t1.evolve(mf_spent=0, combat_used=False))  # as in a later phase
    assert items_left(fresh, "T1", item) == 0 and f"carries no {item}" in refused(fresh, line)
    st2, _ = run(game(TWO), ["smoke T1 E7"], [1])
    assert items_left(st2, "T1", "smoke") == 1


@pytest.mark.rule("§9.5")
def test_a_molotov_hits_every_man_in_the_hex_on_six_with_no_cover() -> None:
    """"Hit number 6 against every soldier in the hex, and cover ... count as 0 for it": both men
    in the trees of E5 roll d10 + posture against 6, no tree cover."""
    men = ["T1 tan RFL E9 N", "G1 green RFL E5 S", "G2 green RFL E5 S crouch"]
    st = game(men, terrain=with_terrain(FIELD, E5="t"))
    st2, ev = run(st, ["molotov T1 E5"], [1, 6, 6])
    rolls = [e for e in ev if getattr(e, "purpose", "").startswith("molotov: G")]
    assert [(r.need, [(m.label, m.value) for m in r.modifiers]) for r in rolls] == [
        (6, [("molotov hex", 0)]), (6, [("molotov hex", 0), ("target crouching", 1)])]
    g1, g2 = st2.soldier("G1"), st2.soldier("G2")
    assert g1 is not None and g1.killed and g2 is not None and not g2.killed  # 6 <= 6; 6 + 1 > 6


@pytest.mark.rule("§9.5")
def test_a_satchel_spreads_as_a_grenade() -> None:
    """"Spread as a grenade": a placement over 8 spreads by the grenade diagram (9: one beyond,
    E4, where G2 stands)."""
    st = game(["T1 tan RFL E6 N", "G1 green RFL E5 S", "G2 green RFL E4 S"])
    a = engine.assess(st, notation.parse_action("satchel T1 E5"))
    assert (a.lands, a.spread) == (pytest.approx(0.8), pytest.approx(0.2)) and set(a.landing) > {"E5"}
    st2, ev = run(st, ["satchel T1 E5"], [9, 1, 9, 9, 9])
    landed = next(e for e in ev if getattr(e, "event", "") == "item_landed")
    assert landed.hex == hex_from_id("E4")


@pytest.mark.rule("§9.5")
def test_a_satchel_deals_two_damage_to_a_building() -> None:
    """T1 places a satchel through the door into the house D4 (the fixture village): 2 damage,
    and at 2 its occupants are Stunned (§9.6)."""
    from pathlib import Path

    from firepower_tui.rules.model.events.buildings import BuildingDamaged
    from firepower_tui.rules.scenario.load import load_scenario
    from firepower_tui.rules.basic.sequence import new_game
    from firepower_tui.rules.model.special_types import SpecialState

    village = load_scenario(Path(__file__).resolve().parents[1] / "fixtures" / "scenarios" / "buildings.toml")
    st = new_game(village).evolve(rules=frozenset({"buildings", "special_weapons"}),
                                  special=SpecialState(bought=(("T1", "satchel", 1),)))
    st, ev = run(st, ["chit tan", "impulse D5", "satchel T1 D4"], [1, 10, 10])
    assert [(e.amount, e.total) for e in ev if isinstance(e, BuildingDamaged)] == [(2, 2)]
    t2 = st.soldier("T2")
    assert t2 is not None and t2.status is Status.STUNNED and not t2.killed


@pytest.mark.rule("§9.5")
def test_the_radio_calls_on_a_hex_in_his_los_as_his_combat_action() -> None:
    st = game(TWO, terrain=with_terrain(FIELD, E7="h"))
    assert "no line of sight" in refused(st, "radio T1 E5")  # the hill E7 between two ends off it
    st2, _ = run(game(TWO), ["radio T1 E5"], [7])  # no contact: the call is still made
    t1 = st2.soldier("T1")
    assert t1 is not None and t1.combat_used and t1.mf_left == 0


@pytest.mark.rule("§9.5")
def test_a_barrage_waits_for_its_own_sides_chit() -> None:
    from firepower_tui.rules.model.events import ChitDrawn
    from firepower_tui.rules.optional.special_barrage import after

    st, _ = run(game(TWO), ["radio T1 E5"], [4])
    kept, evs = after(st, [ChitDrawn(side="green", letter="A", turn=1, random=False, cup=())], ScriptedDice([]))
    assert kept.special is not None and len(kept.special.barrages) == 1 and len(evs) == 1


@pytest.mark.rule("§9.5")
def test_the_barrage_blast_rings_and_its_stun_and_suppression() -> None:
    """"A blast with hit number 7 in the impact hex, +2 at distance 1, +3 at distance 2,
    stun/suppression as for grenades (6.4.2)": survivors in the hex are Stunned; in the rings
    Suppressed if a natural 2 would have killed them (2 + 2 and 2 + 3 <= 7)."""
    from firepower_tui.rules.optional.special_barrage import land
    from firepower_tui.rules.model.special_types import Barrage

    st = game(["T1 tan RFL E9 N", "G1 green RFL E5 S", "G2 green RFL E4 S", "G3 green RFL E3 S"])
    st2, ev = land(st, Barrage(side="tan", soldier="T1", hex=hex_from_id("E6")), ScriptedDice([1, 9, 9, 9]))
    rolls = {e.purpose.split()[1]: e for e in ev if getattr(e, "purpose", "").startswith("barrage: G")}
    assert {k: (r.need, r.modifiers[0].value) for k, r in rolls.items()} == {"G1": (7, 0), "G2": (7, 2), "G3": (7, 3)}
    status = {sid: st2.soldier(sid).status for sid in ("G1", "G2", "G3")}  # type: ignore[union-attr]
    assert status == {"G1": Status.STUNNED, "G2": Status.SUPPRESSED, "G3": Status.SUPPRESSED}


@pytest.mark.rule("§9.5")
def test_a_smoke_grenade_duds_as_a_grenade() -> None:
    """"Same throw numbers, spread and dud": a Suppressed thrower's 10 + 1 is over 10, a dud (A10):
    no smoke anywhere."""
    st = game(TWO)
    t1 = st.soldier("T1")
    assert t1 is not None
    st = st.with_soldiers(t1.evolve(status=Status.SUPPRESSED))
    st2, ev = run(st, ["smoke T1 E7"], [10])
    assert st2.special is not None and not st2.special.smoke
    assert next(e for e in ev if getattr(e, "event", "") == "item_landed").hex is None
