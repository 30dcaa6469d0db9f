"""The action controller, intent by intent (no Textual)."""

from __future__ import annotations

import pytest

from firepower_tui.controller import KEYMAP, Controller, Mode, Result
from firepower_tui.controller.base import Handler, stay
from firepower_tui.controller.controller import build_tables
from firepower_tui.controller.keymap import VIEW_INTENTS, Intent
from firepower_tui.games.session import Session
from firepower_tui.rules import engine
from firepower_tui.rules.model.actions import DrawChit, Fire
from firepower_tui.rules.model.dice import ScriptedDice
from firepower_tui.rules.board.hexgrid import Facing, hex_from_id
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.rules.model.types import Posture, Status
from tests.conftest import FIELD, make_scenario


def controller(*soldiers: str, dice: list[int] | None = None, terrain: str = FIELD) -> Controller:
    session = Session(make_scenario(terrain, soldiers))
    if dice is not None:
        session.dice.force(dice)
    c = Controller(session)
    session.submit(__import__("firepower_tui.rules.model.actions", fromlist=["DrawChit"]).DrawChit(side="tan"))
    c.cursor = c.start_cursor()
    return c


def test_keymap_has_every_intent_once() -> None:
    intents = [k.intent for k in KEYMAP]
    assert len(intents) == len(set(intents))
    keys = [key for k in KEYMAP for key in k.keys]
    assert len(keys) == len(set(keys)), "a key bound to two intents"


def test_enter_starts_an_impulse_and_selects() -> None:
    c = controller("T1 tan RFL B2 S", "T2 tan RFL B2 S", "G1 green RFL B8 N")
    c.cursor = hex_from_id("B2")
    result = c.select()
    assert result.ok and c.state.impulse == 1 and c.selected == "T1"
    c.next_soldier()
    assert c.selected == "T2"


def test_refusal_is_explained_with_its_rule() -> None:
    c = controller("T1 tan RFL B2 S", "G1 green RFL B8 N")
    c.cursor = hex_from_id("E5")
    result = c.select()
    assert not result.ok and result.refusal.rule == "6.2"
    assert c.message == "E5 holds no Tan soldier [6.2]" and c.message_error


def test_move_turn_posture_cross_from_intents() -> None:
    c = controller("T1 tan RFL B4 S", "G1 green RFL J9 N")
    c.cursor = hex_from_id("B4")
    c.select()
    assert c.move().ok and c.soldier().hex == hex_from_id("B5") and c.cursor == hex_from_id("B5")
    assert c.turn_right().ok and c.soldier().facing.name == "SW"
    c.turn_to_mode()
    assert c.mode is Mode.TURN
    c.move_cursor("n")  # in turn mode a direction key turns
    assert c.mode is Mode.BROWSE and c.soldier().facing.name == "N"
    assert c.posture(Posture.PRONE).ok  # 1 move + 2 turns = 3 MF; going prone costs the last one
    assert c.soldier().posture is Posture.PRONE and c.state.mf_left(c.soldier()) == 0
    assert c.cross().refusal.rule == "6.2.3"


def test_posture_and_mf_refusal() -> None:
    c = controller("T1 tan RFL B4 S prone", "G1 green RFL J9 N")
    c.cursor = hex_from_id("B4")
    c.select()
    assert c.posture(Posture.STAND).ok
    c.move()
    c.turn_left()
    result = c.move()
    assert not result.ok and result.refusal.rule == "6.2.8"


def test_can_drives_the_footer() -> None:
    c = controller("T1 tan RFL B4 S", "G1 green RFL B8 N")
    assert c.can("select") and c.can("end_phase") and not c.can("move") and not c.can("end_impulse")
    c.cursor = hex_from_id("B4")
    c.select()
    assert c.can("move") and c.can("aim_fire") and c.can("end_impulse") and not c.can("stand")
    assert not c.can("toggle_target")
    c.aim_fire()
    assert c.can("toggle_target") and c.can("cancel") and not c.can("move")


def test_aim_fire_previews_then_fires() -> None:
    c = controller("T1 tan RFL B2 S", "G1 green RFL B8 N prone", dice=[1, 9, 9])
    c.cursor = hex_from_id("B2")
    c.select()
    c.aim_fire()
    assert c.cursor == hex_from_id("B8")  # nearest enemy in arc and LOS
    assessment, refusal = c.preview()
    assert refusal is None and assessment.bursts[0].breakdown.need == 4
    assert [(m.rule, m.value) for m in assessment.bursts[0].breakdown.modifiers] == [("6.3.6.2.4", 2)]
    c.change_then(1)
    assessment, _ = c.preview()
    assert ("6.3.6.2.7", 1) in [(m.rule, m.value) for m in assessment.bursts[0].breakdown.modifiers]
    result = c.select()
    assert result.ok and c.mode is Mode.OVER  # G1 was Green's last man
    assert [e.event for e in result.events if e.event == "roll"] == ["roll"] * 3
    rolls = [e for e in result.events if e.event == "roll"]
    assert (rolls[0].die, rolls[0].total, rolls[0].result) == (1, 4, "hit: G1 killed")  # 1 +2 prone +1 MF
    assert c.state.soldier("G1").killed and c.state.over and c.state.winner == "tan"
    assert result.game_over is not None


def test_aim_fire_out_of_arc_explains() -> None:
    c = controller("T1 tan RFL B4 N", "G1 green RFL B8 N", "G2 green RFL B1 N")
    c.cursor = hex_from_id("B4")
    c.select()
    assert c.aim_fire().ok and c.mode is Mode.AIM_FIRE and c.cursor == hex_from_id("B1")
    c.cursor = hex_from_id("B8")
    _, refusal = c.preview()
    assert refusal is not None and refusal.rule == "6.3.3"


def test_aim_fire_with_nothing_to_fire_at_gives_the_engines_reason() -> None:
    """f with every fire refused: no aim, but the engine's refusal of fire at the nearest enemy."""
    c = controller("T1 tan RFL B2 N", "G1 green RFL B8 N")
    c.cursor = hex_from_id("B2")
    c.select()
    assert not c.can("aim_fire")
    result = c.aim_fire()
    assert c.mode is Mode.BROWSE
    assert result.refusal == engine.check(c.state, Fire(soldier="T1", targets=("G1",)))
    assert result.refusal.rule == "6.3.3" and c.message_error


def test_toggle_mode_and_targets() -> None:
    c = controller("T1 tan LMG B2 S", "G1 green RFL B8 N", "G2 green RFL B8 N")
    c.cursor = hex_from_id("B2")
    c.select()
    c.aim_fire()
    action = c.pending_action()
    assert action.targets == ("G1", "G2")  # automatic: one burst per man, up to 3
    c.toggle_target()
    assert c.pending_action().targets == ("G1",)


def test_throw_and_melee_by_intents() -> None:
    c = controller("T1 tan RFL B4 S", "T2 tan RFL B4 S", "G1 green RFL B5 N", "G2 green RFL J9 N", dice=[9])
    c.cursor = hex_from_id("B4")
    c.select()
    c.aim_melee()
    assert c.mode is Mode.MELEE and c.aiming.attackers == ["T1", "T2"]
    assessment, refusal = c.preview()
    assert refusal is None and assessment.win_chance == 0.7
    result = c.select()  # 9 - 2 = 7 > 5: the attackers lose
    assert result.ok and c.state.soldier("T1").killed and c.state.soldier("T2").killed


def test_grenade_preview_marks_spread_hexes() -> None:
    c = controller("T1 tan RFL B2 S", "G1 green RFL B5 N")
    c.cursor = hex_from_id("B2")
    c.select()
    c.aim_throw()
    assert c.cursor == hex_from_id("B5")
    h = c.highlights()
    assert hex_from_id("B5") in h.spread and len(h.spread) == 11  # X plus the ten spread hexes


@pytest.mark.rule("§9.9")
def test_take_back_only_without_dice() -> None:
    c = controller("T1 tan RFL B2 S", "G1 green RFL B8 N", dice=[9, 9])
    c.cursor = hex_from_id("B2")
    c.select()
    c.move()
    assert c.can("undo")
    assert c.undo().ok and c.state.soldier("T1").hex == hex_from_id("B2")
    c.undo()  # the impulse start itself rolled nothing either
    assert c.state.impulse == 0
    r = c.undo()
    assert not r.ok and "chit" in r.refusal.reason and r.refusal.rule == "§9.9"
    c.cursor = hex_from_id("B2")
    c.select()
    c.aim_fire()
    c.toggle_mode()
    c.select()
    r = c.undo()
    assert not r.ok and "rolled dice" in r.refusal.reason


def test_command_line_actions_and_queries() -> None:
    c = controller("T1 tan RFL B2 S", "G1 green RFL B8 N")
    assert c.command("impulse B2").ok and c.selected == "T1"
    assert c.command("move T1 B3").ok
    odds = c.command("odds fire T1 G1 semi")
    assert odds.ok and "hit number 5" in odds.message
    los = c.command("los B3 B8")
    assert los.ok and los.message.startswith("LOS B3 -> B8: clear")
    bad = c.command("flurb")
    assert not bad.ok and "unknown action" in c.message
    forced = c.command("chit green")
    assert not forced.ok and forced.refusal.rule == "6.1" and "drawn blind" in forced.refusal.reason


def test_phase_end_draws_the_next_chit() -> None:
    c = controller("T1 tan RFL B2 S", "G1 green RFL B8 N")
    result = c.end_phase_now()
    assert result.ok and len(result.chits) == 1 and c.state.active is not None


@pytest.mark.rule("6.2")
def test_ending_the_phase_with_impulses_unused_asks_first() -> None:
    """E with both impulses unused asks; E again ends the phase (the chit it draws cannot be taken back)."""
    c = controller("T1 tan RFL B2 S", "T2 tan RFL B6 S", "G1 green RFL J8 N")
    before = c.state
    asked = c.end_phase()
    assert asked.ok and not asked.events and c.state is before and c.mode is Mode.CONFIRM_END
    assert "2 impulses unused" in c.message
    assert c.can(Intent.END_PHASE) and c.can(Intent.CANCEL) and not c.can(Intent.MOVE)
    done = c.end_phase()
    assert done.ok and len(done.chits) == 1 and c.state.played[-1:] != before.played[-1:]
    assert c.mode is not Mode.CONFIRM_END


@pytest.mark.parametrize("other", [lambda c: c.move_cursor("n"), lambda c: c.cancel(), lambda c: c.move(),
                                   lambda c: c.end_impulse(), lambda c: c.select()])
def test_any_other_key_carries_on(other) -> None:  # noqa: ANN001
    c = controller("T1 tan RFL B2 S", "G1 green RFL J8 N")
    before, cursor = c.state, c.cursor
    c.end_phase()
    assert c.mode is Mode.CONFIRM_END
    other(c)
    assert c.mode is Mode.BROWSE and c.state is before and c.cursor == cursor  # nothing done, not even the key's own


def test_nothing_is_asked_when_no_impulse_is_left() -> None:
    """One man who has acted: no impulse is left unused, E ends the phase at once."""
    c = controller("T1 tan RFL B2 S", "G1 green RFL J8 N")
    c.cursor = hex_from_id("B2")
    assert c.select().ok and c.move().ok  # committed: T1 has acted, nobody else may start one
    done = c.end_phase()
    assert done.ok and done.chits and c.mode is not Mode.CONFIRM_END
    c2 = controller("T1 tan RFL B2 S", "T2 tan RFL B6 S", "G1 green RFL J8 N")
    c2.cursor = hex_from_id("B2")
    assert c2.select().ok and c2.move().ok  # one impulse used (under way), one left for T2
    assert c2.end_phase().ok and c2.mode is Mode.CONFIRM_END and "1 impulse unused" in c2.message


def test_stunned_man_cannot_act() -> None:
    c = controller("T1 tan RFL B2 S", "T2 tan RFL B2 S", "G1 green RFL B8 N")
    st = c.session.state
    c.session.state = st.with_soldiers(st.soldier("T1").evolve(status=Status.STUNNED, posture=Posture.PRONE))
    c.cursor = hex_from_id("B2")
    c.select()
    result = c.move()
    assert not result.ok and result.refusal.rule == "6.4.4"


def test_deployment_by_intents() -> None:
    """Enter places the selected man (facing and posture set first), e ends the placement (§10.2)."""
    from firepower_tui.rules.scenario.load import load_scenario

    session = Session(load_scenario("basic"), seed=4, deploy=True)
    session.dice.force([9, 2])  # roll-off: Tan 9, Green 2
    c = Controller(session)
    c.begin()
    assert c.pending_choice == ("tan", "who places first")
    assert c.choose("tan").ok and c.state.placer == "tan"
    assert c.selected == "T1" and c.cursor in c.state.scenario.zone("tan")
    assert c.highlights().place_hexes == c.state.scenario.zone("tan") and not c.highlights().impulse_hexes
    c.turn_to(__import__("firepower_tui.rules.board.hexgrid", fromlist=["Facing"]).Facing.SE)
    c.posture(Posture.PRONE)
    assert c.select().ok
    t1 = c.state.soldier("T1")
    assert (t1.deployed, t1.facing.name, t1.posture) == (True, "SE", Posture.PRONE)
    assert c.selected == "T2"
    c.cursor = hex_from_id("K8")
    result = c.select()
    assert not result.ok and "outside Tan's deployment zone" in result.refusal.reason
    assert c.end_impulse().ok and c.state.placer == "green"  # 'e' ends the placement
    assert c.can("select") and not c.can("aim_fire") and not c.can("move")
    # Tan's choices were Tan's: Green places facing Tan's edge, standing, until he chooses (R30)
    assert (c.placing_facing.name, c.deployment.posture) == ("N", Posture.STAND)
    assert c.select().ok
    g = c.state.soldier("G1")
    assert (g.facing.name, g.posture) == ("N", Posture.STAND)


def in_impulse(*soldiers: str, at: str, **scenario: str) -> Controller:
    session = Session(make_scenario(FIELD, soldiers, **scenario))
    session.submit(DrawChit(side="tan"))
    c = Controller(session)
    c.cursor = hex_from_id(at)
    assert c.select().ok
    return c


def placing() -> Controller:
    from firepower_tui.rules.scenario.load import load_scenario

    session = Session(load_scenario("basic"), seed=4, deploy=True)
    session.dice.force([9, 2])
    c = Controller(session)
    c.begin()
    c.choose("tan")
    return c


def then(c: Controller, *steps: str) -> Controller:
    """The controller after these intents."""
    for step in steps:
        assert c.can(step), step
        c.dispatch(Intent(step))
    return c


def optional(lines: tuple[str, ...], *soldiers: str, rules: str) -> Controller:
    """A controller after these actions, in a game with some optional rules on (§9)."""
    from firepower_tui.rules.engine.notation import parse_action

    session = Session(make_scenario(FIELD, soldiers, extra=f"rules = [{rules}]"))
    for line in lines:
        assert session.submit(parse_action(line)).ok, line
    return Controller(session)


def weapons_situation() -> Controller:
    """T1's LMG jammed, a pistol lying in his hex and T2 beside him (optional rule §9.4)."""
    from firepower_tui.rules.model.types import WeaponState
    from firepower_tui.rules.model.units import GroundWeapon

    c = optional(("chit tan", "impulse B2"), "T1 tan LMG B2 S", "T2 tan RFL B2 S", "G1 green RFL B8 N",
                 rules='"weapons"')
    st = c.session.state
    t1 = st.soldier("T1")
    assert t1 is not None
    c.session.state = st.with_soldiers(t1.evolve(weapon_state=WeaponState.BROKEN),
                                       ground={hex_from_id("B2"): (GroundWeapon("PST"),)})
    return c


def climbing_situation() -> Controller:
    """T1 facing the high wall B7:NE in an impulse (optional rule buildings, §9.6)."""
    from firepower_tui.rules.scenario.load import load_scenario
    from firepower_tui.rules.model.types import RuleId
    from tests.rules.test_buildings import VILLAGE

    session = Session(load_scenario(VILLAGE))
    st = session.state.evolve(rules=session.state.rules | {RuleId.BUILDINGS})
    t1 = st.soldier("T1")
    assert t1 is not None
    session.state = st.with_soldiers(t1.evolve(hex=hex_from_id("B7"), facing=Facing.NE))
    for line in ("chit tan", "impulse B7"):
        assert session.submit(parse_action(line)).ok, line
    c = Controller(session)
    c.cursor = hex_from_id("B7")
    assert c.select().ok
    return c


def special_situation() -> Controller:
    """T1 with every §9.5 item, the cursor on G1 in the hex in front of him."""
    c = optional(("chit tan", "impulse B4"), "T1 tan RFL B4 S smoke=1 molotov=1 satchel=1 radio=1",
                 "G1 green RFL B5 N", rules='"special_weapons"')
    c.cursor = hex_from_id("B5")
    return c


SITUATIONS = {
    "between impulses": lambda: controller("T1 tan RFL B2 S", "G1 green RFL B8 N"),
    "in an impulse, an enemy ahead": lambda: in_impulse("T1 tan RFL B4 S", "G1 green RFL B6 N", at="B4"),
    "in an impulse, an enemy in front": lambda: in_impulse("T1 tan RFL B4 S", "G1 green RFL B5 N", at="B4"),
    "in an impulse, prone on a fence": lambda: in_impulse(
        "T1 tan RFL B4 S prone N", "G1 green RFL B8 N", at="B4", fences='{ hex = "B4", axis = "E-W" }'),
    "turning": lambda: then(in_impulse("T1 tan RFL B2 S", "G1 green RFL B8 N", at="B2"), "turn_to"),
    "aiming a rifle, 1 MF declared": lambda: then(in_impulse("T1 tan RFL B2 S", "G1 green RFL B8 N", at="B2"),
                                                  "aim_fire", "more_then"),
    "aiming a grenade through a corner": lambda: then(in_impulse("T1 tan RFL B2 S", "G1 green RFL D5 N", at="B2"),
                                                      "aim_throw"),
    "choosing a melee": lambda: then(in_impulse("T1 tan RFL B4 S", "G1 green RFL B5 N", at="B4"), "aim_melee"),
    "about to go on overwatch": lambda: optional(("chit tan", "impulse B2"), "T1 tan RFL B2 S", "G1 green RFL B8 N",
                                                 rules='"overwatch"'),
    "an overwatch reaction": lambda: optional(
        ("chit green", "impulse B8", "watch G1", "done", "chit tan", "impulse B2", "move T1"),
        "T1 tan RFL B2 S", "G1 green RFL B8 N", rules='"overwatch"'),
    "fired on": lambda: optional(("chit tan", "impulse B2", "fire T1 G1,G2"), "T1 tan LMG B2 S", "G1 green RFL B5 N",
                                 "G2 green RFL B5 N", rules='"hit_the_dirt"'),
    "charged": lambda: optional(("chit tan", "impulse B4", "melee T1 B5"), "T1 tan RFL B4 S", "G1 green RFL B5 N",
                                rules='"melee_reactions"'),
    "weapons: jammed, a pistol on the ground, a comrade": weapons_situation,
    "facing a high wall": climbing_situation,
    "special weapons, the cursor on an adjacent enemy": lambda: special_situation(),
    "placing": placing,
    "placing, choosing the facing": lambda: then(placing(), "turn_to"),
}


def test_every_intent_of_the_controller_is_offered_somewhere_and_dispatches() -> None:
    """Each intent the screen leaves to the controller is offered (the footer) in some real situation,
    and dispatching it there gives a result; the screen's own intents are never the controller's."""
    offered: set[Intent] = set()
    for make in SITUATIONS.values():
        for intent in sorted(set(Intent) - VIEW_INTENTS):
            c = make()
            if c.can(intent):
                assert isinstance(c.dispatch(intent), Result), intent
                offered.add(intent)
    assert offered == set(Intent) - VIEW_INTENTS
    c = SITUATIONS["between impulses"]()
    assert all(c.can(i) for i in VIEW_INTENTS)
    with pytest.raises(ValueError, match="game screen"):
        c.dispatch(Intent.HELP)


def test_an_intent_left_without_a_handler_stops_the_start() -> None:
    """The tables are checked when a controller is built: a missing or doubled handler is a bug, not a dead key."""
    c = SITUATIONS["between impulses"]()
    assert set().union(*(c.intents(m) for m in Mode)) == set(Intent) - VIEW_INTENTS
    everything = {m: {i: Handler(stay) for i in c.intents(m)} for m in Mode}
    build_tables({}, [everything])
    without_cross = {m: {i: h for i, h in t.items() if i is not Intent.CROSS} for m, t in everything.items()}
    with pytest.raises(AssertionError, match="no handler in any mode: .*cross"):
        build_tables({}, [without_cross])
    with pytest.raises(AssertionError, match="handled twice"):
        build_tables({}, [everything, {Mode.BROWSE: {Intent.MOVE: Handler(stay)}}])
    with pytest.raises(AssertionError, match="screen's intents"):
        build_tables({}, [everything, {Mode.OVER: {Intent.HELP: Handler(stay)}}])


def test_the_mode_follows_the_game_state() -> None:
    """Buying, the deployment rolls, placing and the end come from the state; keys only open sub-modes."""
    from firepower_tui.rules.scenario.load import load_scenario

    c = Controller(Session(load_scenario("meeting"), seed=7, deploy=True))
    assert c.mode is Mode.FORCES and not c.can(Intent.SELECT) and c.can(Intent.CURSOR_N)
    c = placing()
    assert c.mode is Mode.PLACE
    c.turn_to_mode()
    assert c.mode is Mode.PLACE_FACING
    c.move_cursor("ne")
    assert c.mode is Mode.PLACE and c.placing_facing.name == "NE"
    c.aim_fire()  # no such key while placing: nothing happens
    assert c.mode is Mode.PLACE
    session = Session(load_scenario("basic"), seed=4, deploy=True)
    session.dice.force([9, 2])
    assert Controller(session).mode is Mode.SETUP  # the roll-off is due


def test_the_offers_are_the_points_table_within_the_budget() -> None:
    """Each kind of man at its §10.3 cost, plus the scout trait when chosen; dim what the points left don't cover."""
    from firepower_tui.rules.model.actions import Buy
    from firepower_tui.rules.scenario.load import load_scenario
    from firepower_tui.rules.scenario.victory import POINTS, TRAIT_POINTS

    c = Controller(Session(load_scenario("meeting"), seed=7, deploy=True))
    side = c.forces.side
    assert side == "tan" and c.forces.points_left(side) == 100
    offers = c.forces.offers(side, scout=True)
    assert [(o.weapon, o.cost, o.scout_cost, o.affordable) for o in offers] == [
        (code, cost, TRAIT_POINTS["scout"], True) for code, cost in POINTS.items()]
    for _ in range(5):
        assert c.submit(Buy(side=side, weapon="LMG")).ok
    assert c.forces.points_left(side) == 10
    assert [(o.weapon, o.affordable) for o in c.forces.offers(side)] == [("RFL", True), ("PST", True), ("LMG", False)]
    assert [(o.weapon, o.affordable) for o in c.forces.offers(side, scout=True)] == [
        ("RFL", False), ("PST", False), ("LMG", False)]


@pytest.mark.rule("§9.6")
def test_climb_is_offered_facing_a_high_wall_only_and_climbs() -> None:
    c = climbing_situation()
    assert c.can(Intent.CLIMB)
    c.session.dice.force([3])
    assert c.dispatch(Intent.CLIMB).ok
    t1 = c.session.state.soldier("T1")
    assert t1 is not None and t1.hex != hex_from_id("B7")
    assert not c.can(Intent.CLIMB)  # over it: no wall ahead any more


# --- where an aim starts, and the §9.5 items aimed like a grenade ---------------------------------------

ITEMS = "smoke=1 molotov=1 satchel=1 radio=1"


@pytest.mark.rule("6.3.6.3.2")
def test_a_grenade_aim_with_no_enemy_in_reach_starts_on_the_nearest_hex_he_may_throw_at() -> None:
    c = in_impulse("T1 tan RFL B2 S", "G1 green RFL J10 N", at="B2")
    assert c.aim_throw().ok and c.mode is Mode.AIM_THROW
    assert c.cursor != hex_from_id("B2") and engine.check(c.state, c.pending_action()) is None
    assert c.cursor == hex_from_id("B3")  # the hex in front, one hex away


@pytest.mark.rule("§9.5")
@pytest.mark.parametrize("kind", ["smoke", "molotov", "satchel", "radio"])
def test_an_item_aim_starts_on_the_nearest_enemy_and_waits_for_enter(kind: str) -> None:
    from firepower_tui.controller.special import KINDS, ITEM

    intent = next(i for i, k in KINDS.items() if ITEM[k] == kind)
    c = in_impulse(f"T1 tan RFL B4 S {ITEMS}", "G1 green RFL B5 N", "G2 green RFL B8 N", at="B4",
                   extra='rules = ["special_weapons"]')
    before = c.state
    assert c.can(intent)
    result = c.dispatch(intent)
    assert result.ok and not result.events and c.state is before and c.mode is Mode.AIM_SPECIAL
    assert c.cursor == hex_from_id("B5")
    assessment, refusal = c.preview()
    assert refusal is None and assessment is not None and assessment.item == kind
    assert c.highlights().spread
    assert c.cancel().ok and c.mode is Mode.BROWSE and c.state is before
    c.dispatch(intent)
    used = c.select()
    assert used.ok and c.session.history[-1].action.kind == kind and c.mode is Mode.BROWSE


@pytest.mark.rule("§9.5")
def test_an_item_aim_with_no_enemy_in_reach_starts_on_the_nearest_legal_hex() -> None:
    c = in_impulse(f"T1 tan RFL B2 S {ITEMS}", "G1 green RFL J10 N", at="B2", extra='rules = ["special_weapons"]')
    for intent in (Intent.SMOKE, Intent.MOLOTOV, Intent.SATCHEL):
        assert c.dispatch(intent).ok and c.mode is Mode.AIM_SPECIAL, intent
        assert c.cursor == hex_from_id("B3") and engine.check(c.state, c.pending_action()) is None, intent
        c.cancel()


@pytest.mark.rule("§9.5")
def test_an_item_he_may_use_nowhere_is_refused_with_the_reason() -> None:
    """A man not in the impulse carries smoke: the key is offered (he carries it) and says why not."""
    c = in_impulse("T1 tan RFL B2 S", f"T2 tan RFL E2 S {ITEMS}", "G1 green RFL B6 N", at="B2",
                   extra='rules = ["special_weapons"]')
    c.selected = "T2"
    assert c.can(Intent.SMOKE)
    result = c.dispatch(Intent.SMOKE)
    assert not result.ok and result.refusal.rule == "6.2" and c.mode is Mode.BROWSE
