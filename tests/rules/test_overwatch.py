"""Overwatch (optional rule, RULES.md §9.1) and the pending reaction it opens."""

from __future__ import annotations

import pytest

from firepower_tui.rules import engine
from firepower_tui.rules.model.actions import Fire, Hold, Overwatch, Throw
from firepower_tui.rules.model.dice import ScriptedDice, SeededDice
from firepower_tui.rules.model.events import OverwatchEnded, ReactionOpened, Rolled, WatchDeclared
from firepower_tui.rules.board.hexgrid import hex_from_id
from firepower_tui.rules.engine.notation import format_action, parse_action
from firepower_tui.rules.model.types import ReactionKind, Status
from tests.conftest import FIELD, optional_game, set_soldier, with_terrain

# T1 walks south down column B towards G1 and G2 (both facing north, watching).
MEN = ["T1 tan RFL B2 S", "T2 tan RFL D2 S", "G1 green RFL B8 N", "G2 green LMG C8 N"]


def watching(*lines: str, rules: tuple[str, ...] = ("overwatch",), men: list[str] = MEN, dice: object = None,
             terrain: str = FIELD):
    """Green's G1 (and G2) on Overwatch, then Tan's phase with T1 and T2 activated in turn."""
    g = optional_game(men, rules, dice=dice if dice is not None else SeededDice(1), terrain=terrain)
    g.do("chit green", "impulse B8", "watch G1", "end")
    if any(m.startswith("G2") for m in men):
        g.do("impulse C8", "watch G2")
    if g.state.active is not None:
        g.do("done")
    g.do("chit tan", *lines)
    return g


@pytest.mark.rule("§9.1")
def test_watch_needs_the_rule() -> None:
    g = optional_game(MEN, ["hiding"])
    g.do("chit green", "impulse B8")
    r = g.refusal("watch G1")
    assert (r.rule, r.reason) == ("§9.1", "the optional rule overwatch is not in play in this game")


@pytest.mark.rule("§9.1")
def test_watch_uses_all_his_mf_and_his_combat_action() -> None:
    g = optional_game(MEN, ["overwatch"])
    g.do("chit green", "impulse B8")
    events = g.do("watch G1")
    assert events == [WatchDeclared(soldier="G1", hex=hex_from_id("B8"))]
    g1 = g.soldier("G1")
    assert g1.overwatch and g1.combat_used and g1.mf_left == 0
    assert g.state.committed  # the impulse is used (§9.9)
    assert g.refusal("fire G1 T1").rule == "6.2.5"
    assert g.refusal("turn G1 NE").rule == "6.2.8"


@pytest.mark.rule("§9.1")
def test_watch_refused_after_an_mf_when_running_or_stunned() -> None:
    g = optional_game(MEN, ["overwatch"])
    g.do("chit green", "impulse B8", "turn G1 NE")
    assert (g.refusal("watch G1").rule, "spent MF" in g.refusal("watch G1").reason) == ("§9.1", True)
    g2 = optional_game(MEN, ["overwatch"])
    g2.do("chit green", "impulse B8")
    set_soldier(g2, "G1", running=True)
    assert g2.refusal("watch G1").rule == "§9.1"
    g3 = optional_game(MEN + ["G3 green RFL B8 N"], ["overwatch"])
    g3.do("chit green")
    set_soldier(g3, "G3", status=Status.STUNNED)
    g3.do("impulse B8")
    assert g3.refusal("watch G3").rule == "6.4.4"


@pytest.mark.rule("§9.1")
def test_an_enemy_move_in_arc_range_and_los_opens_the_reaction() -> None:
    g = watching("impulse B2")
    events = g.do("move T1")
    opened = [e for e in events if isinstance(e, ReactionOpened)]
    assert opened == [ReactionOpened(kind=ReactionKind.OVERWATCH, side="green", trigger="T1", hex=hex_from_id("B3"),
                                     answerers=("G1", "G2"), rule="§9.1")]
    p = g.state.pending
    assert p is not None and (p.kind, p.side, p.trigger, p.answerers) == (ReactionKind.OVERWATCH, "green", "T1",
                                                                         ("G1", "G2"))
    legal = [format_action(a) for a in engine.legal_actions(g.state)]
    assert legal == ["overwatch fire G1 T1", "overwatch throw G1 B3", "overwatch fire G2 T1", "overwatch throw G2 B3",
                     "hold"]


@pytest.mark.rule("§9.1")
@pytest.mark.parametrize("line", ["move T1", "turn T1 SE", "end", "done", "fire T1 G1", "impulse C2", "chit",
                                  "watch T1"])
def test_while_the_reaction_is_open_nothing_else_happens(line: str) -> None:
    """§9.1 and §9.8: not even the end of the phase (the clock waits for the answer)."""
    g = watching("impulse B2", "move T1")
    r = g.refusal(line)
    assert r.rule == "§9.1" and "reaction is open" in r.reason
    assert g.state.pending is not None


@pytest.mark.rule("§9.1")
@pytest.mark.parametrize(("line", "why"), [
    ("turn T1 SE", "turn"), ("posture T1 crouch", "posture"), ("fire T1 G1", "fire"), ("throw T1 B8", "throw")])
def test_every_kind_of_action_triggers(line: str, why: str) -> None:
    g = watching("impulse B2", rules=("overwatch",), dice=SeededDice(4))
    events = g.do(line)
    if why in ("fire", "throw"):
        assert not g.soldier("G1").overwatch or any(isinstance(e, ReactionOpened) for e in events)
    else:
        assert any(isinstance(e, ReactionOpened) for e in events), why


@pytest.mark.rule("§9.1")
def test_no_trigger_out_of_arc_range_or_los() -> None:
    g = watching("impulse J2", men=["T1 tan RFL J2 S", "G1 green RFL B8 N"])
    g.do("turn T1 SW")
    assert g.state.pending is None  # J2 is outside G1's arc (he faces N from B8)
    g1 = optional_game(["T1 tan RFL B1 S", "G1 green PST B10 N"], ["overwatch"])
    g1.do("chit green", "impulse B10", "watch G1", "end", "chit tan", "impulse B1", "turn T1 SE")
    assert g1.state.pending is None  # 9 hexes: beyond a pistol's and a grenade's 8
    g2 = watching("impulse B2", men=["T1 tan RFL B2 S", "G1 green RFL B8 S"])  # G1 faces away
    g2.do("move T1")
    assert g2.state.pending is None
    hill = with_terrain(FIELD, B5="h")
    g3 = watching("impulse B2", men=["T1 tan RFL B2 S", "G1 green RFL B8 N"], terrain=hill)
    g3.do("move T1")
    assert g3.state.pending is None  # a hill between two ends off the hill blocks the LOS (6.3.4.1)


@pytest.mark.rule("§9.1")
def test_the_snap_shot_has_plus_one_no_firer_mf_and_rolls_what_the_odds_said() -> None:
    g = watching("impulse B2", "move T1", dice=ScriptedDice([5, 5, 5]))
    set_soldier(g, "G1", noncombat_mf=2)  # would be +2 for an ordinary firer (6.3.6.2.7)
    shot = parse_action("overwatch fire G1 T1")
    a = engine.assess(g.state, shot)
    mods = a.bursts[0].breakdown.modifiers
    assert [(m.label, m.value, m.rule) for m in mods] == [("snap shot (overwatch)", 1, "§9.1")]
    events = g.do("overwatch fire G1 T1")
    rolls = [e for e in events if isinstance(e, Rolled)]
    assert [r.modifiers for r in rolls] == [mods] * 3 and all(r.need == a.bursts[0].breakdown.need for r in rolls)


@pytest.mark.rule("§9.1")
def test_after_he_fires_the_next_watcher_may_and_neither_spends_mf_or_the_hex() -> None:
    men = ["T1 tan RFL B2 S", "G1 green RFL B8 N", "G2 green RFL B8 N"]
    g = optional_game(men, ["overwatch"], dice=ScriptedDice([9] * 6))
    g.do("chit green", "impulse B8", "watch G1", "watch G2", "done", "chit tan", "impulse B2", "move T1")
    before = g.soldier("G1")
    events = g.do("overwatch fire G1 T1")
    assert OverwatchEnded(soldier="G1", why="he fired") in events
    assert g.soldier("G1").mf_spent == before.mf_spent and not g.soldier("G1").overwatch
    assert g.state.pending is not None and g.state.pending.answerers == ("G2",)  # one after another
    g.do("overwatch fire G2 T1")  # same hex: no one-firer-per-hex limit (4.5 does not apply)
    assert g.state.pending is None and hex_from_id("B8") not in g.state.fired_from
    g.do("move T1")  # the interrupted impulse goes on; nobody is left watching
    assert g.state.pending is None


@pytest.mark.rule("§9.1")
def test_hold_closes_it_for_every_watcher() -> None:
    """Ruling R40."""
    g = watching("impulse B2", "move T1")
    g.do("hold")
    assert g.state.pending is None and g.soldier("G1").overwatch and g.soldier("G2").overwatch
    g.do("move T1")  # the next action opens it again
    assert g.state.pending is not None


@pytest.mark.rule("§9.1")
def test_the_snap_shot_goes_at_the_man_who_acted() -> None:
    men = MEN + ["T3 tan RFL B3 S"]
    g = watching("impulse B2", "move T1", men=men)
    r = g.refusal("overwatch fire G1 T3")
    assert r.rule == "§9.1" and "name T1" in r.reason
    assert g.refusal("overwatch throw G1 B4").rule == "§9.1"
    assert g.refusal("overwatch fire T2 T1").rule == "§9.1"  # not a watcher
    assert engine.check(g.state, Overwatch(shot=Throw(soldier="G1", hex=hex_from_id("B3")))) is None


@pytest.mark.rule("§9.1")
def test_the_snap_throw_has_plus_one() -> None:
    g = watching("impulse B2", "move T1", "hold", "move T1", "hold", "move T1")  # T1 in B5, 3 hexes from G1
    a = engine.assess(g.state, parse_action("overwatch throw G1 B5"))
    assert a.throw.modifiers[-1].rule == "§9.1" and a.throw.modifier_total == 1


@pytest.mark.rule("§9.1")
def test_removed_when_his_sides_next_chit_is_drawn() -> None:
    g = watching("impulse B2", "move T1", "hold", "done")
    events = g.do("chit green")
    assert {e.soldier for e in events if isinstance(e, OverwatchEnded)} == {"G1", "G2"}
    assert not g.soldier("G1").overwatch


@pytest.mark.rule("§9.1")
def test_removed_at_once_when_suppressed() -> None:
    men = ["T1 tan RFL B2 S", "G1 green RFL B8 N"]
    g = watching("impulse B2", men=men, dice=ScriptedDice([9, 9, 9]))
    g.state = g.state.evolve(pending=None)
    events = g.do("fire T1 G1")  # automatic fire: G1 survives Suppressed (6.4.1)
    assert OverwatchEnded(soldier="G1", why="he is Suppressed") in events
    assert not g.soldier("G1").overwatch and g.state.pending is None  # so he cannot answer T1's fire


@pytest.mark.rule("§9.1")
def test_a_melee_does_not_trigger_it() -> None:
    """Ruling R40: the fight resolves at once."""
    men = ["T1 tan RFL B2 S", "G1 green RFL B3 N", "G2 green RFL B5 N"]
    g = optional_game(men, ["overwatch"], dice=ScriptedDice([1]))
    g.do("chit green", "impulse B5", "watch G2", "done", "chit tan", "impulse B2")
    g.do("melee T1 B3")
    assert g.state.pending is None and g.soldier("T1").hex == hex_from_id("B3")


@pytest.mark.rule("§9.1")
def test_a_killed_mover_leaves_the_impulse_to_the_others() -> None:
    men = ["T1 tan RFL B2 S", "T2 tan RFL B2 S", "G1 green RFL B8 N"]
    g = watching("impulse B2", "move T1", men=men, dice=ScriptedDice([1, 1, 1]))
    g.do("overwatch fire G1 T1")
    assert g.soldier("T1").killed and g.state.pending is None
    g.do("move T2")  # his impulse goes on with the others
    assert g.soldier("T2").hex == hex_from_id("B3")


@pytest.mark.rule("§9.1")
def test_the_odds_of_a_snap_shot_are_refused_without_the_reaction() -> None:
    g = watching("impulse B2")
    assert engine.check(g.state, Overwatch(shot=Fire(soldier="G1", targets=("T1",)))).rule == "§9.1"
    assert engine.check(g.state, Hold()).rule == "§9.1"


@pytest.mark.rule("§9.1")
def test_only_an_activated_man_may_go_on_watch() -> None:
    """"An activated soldier ... may go on Overwatch": G2 in C8 is not of the impulse of B8."""
    g = optional_game(MEN, ["overwatch"])
    g.do("chit green", "impulse B8")
    assert g.refusal("watch G2").rule == "6.2"


@pytest.mark.rule("§9.1")
def test_a_fence_crossing_triggers_it() -> None:
    """"Each time an enemy soldier finishes an action (enter a hex, turn, cross, ...)"."""
    g = optional_game(["T1 tan RFL B4 S stand N", "G1 green RFL B8 N"], ["overwatch"],
                      fences='{ hex = "B4", axis = "E-W" }')
    g.do("chit green", "impulse B8", "watch G1", "end", "chit tan", "impulse B4")
    events = g.do("cross T1")
    assert g.soldier("T1").fence_side == "S"
    assert any(isinstance(e, ReactionOpened) and e.trigger == "T1" for e in events)


@pytest.mark.rule("§9.1")
def test_his_own_sides_actions_do_not_trigger_it() -> None:
    """"During an enemy impulse": G2 walks through G1's arc in Green's own phase."""
    g = optional_game(MEN, ["overwatch"])
    g.do("chit green", "impulse B8", "watch G1", "end", "impulse C8")
    g.do("move G2", "turn G2 NW")
    assert g.state.pending is None and g.soldier("G1").overwatch


@pytest.mark.rule("§9.1")
def test_removed_at_once_when_stunned() -> None:
    """T1's grenade lands in B8: G1 survives it Stunned and is no longer watching, so T1's throw
    opens no reaction for him."""
    men = ["T1 tan RFL B2 S", "G1 green RFL B8 N"]
    g = watching("impulse B2", men=men, dice=ScriptedDice([1, 9]))
    events = g.do("throw T1 B8")
    assert g.soldier("G1").status is Status.STUNNED
    assert OverwatchEnded(soldier="G1", why="he is Stunned") in events
    assert not g.soldier("G1").overwatch and g.state.pending is None


@pytest.mark.rule("§9.1")
def test_a_stunned_mover_leaves_the_impulse_to_the_others() -> None:
    """"If the mover is killed or stunned, his impulse goes on with the others": G1's snap
    throw at B3 stuns T1 there (T2, still in B2, survives it Suppressed) and T2 moves on."""
    men = ["T1 tan RFL B2 S", "T2 tan RFL B2 S", "G1 green RFL B8 N"]
    g = watching("impulse B2", "move T1", men=men, dice=ScriptedDice([1, 9, 9]))
    g.do("overwatch throw G1 B3")
    assert g.soldier("T1").status is Status.STUNNED and g.state.pending is None
    assert g.refusal("move T1").rule in ("6.2.8", "6.4.4")
    g.do("move T2")
    assert g.soldier("T2").hex == hex_from_id("B3")
