"""The expert level (players/search.py): positions with a known best choice, which the search
ranks first and the expert plays; the same choices for a seed and budget; never the dice or the
cup's order."""

from __future__ import annotations

import dataclasses

import pytest

from firepower_tui.players.opponent import Opponent
from firepower_tui.players.search import Budget, Search, budget_for
from firepower_tui.rules import engine
from firepower_tui.rules.model.actions import ChangePosture, EndImpulse, Fire, Melee, Move
from firepower_tui.rules.model.types import Posture
from tests.conftest import FIELD, Game, make_scenario


def _choices(g: Game, side: str = "tan"):  # noqa: ANN202
    return Search(side, seed=0).choices(g.state, budget_for(1.0, clock=False))


def _expert(side: str = "tan", seed: int = 0) -> Opponent:
    return Opponent(side, "expert", seed=seed, think=1.0, clock=False)


def lmg_position() -> Game:
    """A prone LMG facing an enemy rifleman standing in the open four hexes away."""
    g = Game(make_scenario(FIELD, ["T1 tan LMG B2 S prone", "T2 tan RFL C1 S", "G1 green RFL B6 N",
                                   "G2 green RFL H9 N"]))
    g.do("chit tan", "impulse B2")
    return g


def flank_position() -> Game:
    """A rifleman standing in the open, an enemy LMG lying in trees off his left flank, out of his arc."""
    terrain = "\n".join(["." * 10] * 7 + [".t........"] + ["." * 10] + [".........t"])
    g = Game(make_scenario(terrain, ["T1 tan RFL E5 N", "T2 tan RFL J1 S", "G1 green LMG B8 NE prone",
                                     "G2 green RFL J10 N prone"]))
    g.do("chit tan", "impulse E5")
    return g


def melee_position() -> Game:
    """Three riflemen facing a lone enemy lying in trees next to them: shots barely touch him
    (cover and prone, 6.3.6.2), a melee of three against one wins nine times in ten (§5.2)."""
    terrain = "\n".join(["." * 10] * 3 + ["....t....."] + ["." * 10] * 5 + [".........t"])
    g = Game(make_scenario(terrain, ["T1 tan RFL E5 N", "T2 tan RFL E5 N", "T3 tan RFL E5 N",
                                     "G1 green RFL E4 S prone", "G2 green RFL J10 N prone", "T4 tan RFL A1 S"]))
    g.do("chit tan", "impulse E5")
    return g


@pytest.mark.rule("6.3")
def test_the_lmg_fires_at_the_man_in_the_open() -> None:
    g = lmg_position()
    best = _choices(g)[0]
    assert best.action == Fire(soldier="T1", targets=("G1",))
    assert best.odds is not None and best.odds > 0.8 and best.kills > 0.8
    assert _expert().choose(g.state) == best.action


@pytest.mark.rule("6.3.6.2.4")
def test_a_flanked_man_goes_low_or_withdraws() -> None:
    g = flank_position()
    choices = _choices(g)
    best = choices[0]
    assert any(isinstance(a, ChangePosture) and a.posture is Posture.PRONE or isinstance(a, Move)
               for a in best.actions)
    stay = engine.apply(g.state, EndImpulse(), g.dice)[0]
    from firepower_tui.rules.engine.threat import expected_losses

    standing = expected_losses(stay, g.soldier("T1").hex, "tan")
    assert best.exposure < standing
    ai = _expert()
    for _ in range(8):  # the expert plays his impulse out
        if not g.state.impulse or g.state.active != "tan":
            break
        g.state, _ = engine.apply(g.state, ai.choose(g.state), g.dice)
    t1 = g.soldier("T1")
    assert t1.killed or t1.posture is Posture.PRONE or expected_losses(g.state, t1.hex, "tan") < standing


@pytest.mark.rule("§5.2")
def test_melee_at_favourable_odds() -> None:
    g = melee_position()
    best = _choices(g)[0]
    assert isinstance(best.action, Melee) and set(best.action.soldiers) == {"T1", "T2", "T3"}
    assert best.odds == pytest.approx(0.9)
    assert _expert().choose(g.state) == best.action
    assert not isinstance(Opponent("tan", "hard").choose(g.state), Melee)  # one man's plans find no such melee


def test_the_same_seed_and_budget_choose_the_same() -> None:
    for position in (lmg_position, flank_position, melee_position):
        a = [(c.action, round(c.score, 9)) for c in _choices(position())]
        b = [(c.action, round(c.score, 9)) for c in _choices(position())]
        assert a == b


def test_a_budget_cut_short_plays_the_planners_choice() -> None:
    """Anytime: with no nodes to spend the search keeps the hard level's own choice."""
    g = lmg_position()
    tiny = Search("tan", seed=0).choices(g.state, Budget(nodes=1))
    assert tiny[0].action == Opponent("tan", "hard").choose(g.state)
    assert not any(c.searched for c in tiny if not isinstance(c.action, EndImpulse))


@pytest.mark.rule("6.1")
def test_never_the_cups_order() -> None:
    """The chit draw is weighed from the public count: the cup in another order, the same choices."""
    g = flank_position()
    turned = g.state.evolve(cup=tuple(reversed(g.state.cup)))
    assert turned.cup != g.state.cup
    a = [(c.action, round(c.score, 9)) for c in Search("tan").choices(g.state, budget_for(1.0, clock=False))]
    b = [(c.action, round(c.score, 9)) for c in Search("tan").choices(turned, budget_for(1.0, clock=False))]
    assert a == b


def test_choices_are_legal_and_carry_their_plan() -> None:
    for position in (lmg_position, flank_position, melee_position):
        g = position()
        for c in _choices(g):
            assert engine.check(g.state, c.action) is None
            assert len(c.actions) == len(c.states) and c.states[0] == g.state
            assert dataclasses.is_dataclass(c)


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ["basic", "village"])
def test_without_time_to_search_the_expert_plays_as_hard(scenario: str) -> None:
    """The hard level's choice is the expert's unless the search finds better: with no nodes to
    spend (and hard's weights: the expert's own add R273 in a hold game), a whole game is the
    hard level's own, action for action."""
    from firepower_tui.players.style import STYLES

    from firepower_tui.players.match import play_match
    from firepower_tui.rules.basic.sequence import new_game
    from firepower_tui.rules.model.dice import SeededDice
    from firepower_tui.rules.scenario.load import load_scenario

    played: dict[str, list[object]] = {}
    for level in ("hard", "expert"):
        state = new_game(load_scenario(scenario))
        ours = Opponent("tan", level, seed=3, think=1e-6, clock=False, style=STYLES["hard"])
        theirs = Opponent("green", "hard", seed=4)
        log: list[object] = []

        def tan(st, ai=ours, log=log):  # noqa: ANN001, ANN202
            a = ai.choose(st)
            log.append(a)
            return a

        result = play_match(state, {"tan": tan, "green": theirs.choose}, SeededDice(11), limit=3000)
        played[level] = [*log, result.winner]
    assert played["expert"] == played["hard"]


def hold_position() -> Game:
    """The last turn of a hold game (§10.4): Green holds the objective E3, two hexes in front of
    a Tan rifleman, with nobody in it; Green's one man lies far off, facing away."""
    g = Game(make_scenario(FIELD, ["T1 tan RFL E5 N", "G1 green RFL J10 S prone"], turns=1,
                           extra='victory = "hold"\nobjectives = ["E3"]\ndefender = "green"'))
    g.do("chit tan", "impulse E5")
    return g


@pytest.mark.rule("§10.4")
def test_the_attacker_of_a_hold_game_takes_an_objective() -> None:
    """R273: the expert's attacker walks into the objective the defender left empty (taking it
    wins the game as it stands); hard, which does not weigh a hold game's outcome, does not."""
    from firepower_tui.rules.board.hexgrid import hex_from_id

    for level, takes in (("expert", True), ("hard", False)):
        g = hold_position()
        ai = Opponent("tan", level, seed=0, think=1.0, clock=False)
        for _ in range(12):
            if not g.state.impulse or g.state.active != "tan":
                break
            g.state, _ = engine.apply(g.state, ai.choose(g.state), g.dice)
        assert (g.state.holders.get(hex_from_id("E3")) == "tan") is takes, level
