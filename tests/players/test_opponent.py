"""The computer opponent (players/opponent.py): legal actions only, in every phase, and it
beats the random player (the CI smoke test, not timed)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from firepower_tui.headless.playout import random_action
from firepower_tui.players.heuristic import Heuristic
from firepower_tui.players.match import play_match
from firepower_tui.players.opponent import LEVELS, Opponent
from firepower_tui.players.setup_play import SetupStyle, setup_action
from firepower_tui.rules import engine
from firepower_tui.rules.model.actions import Fire, Overwatch, Throw
from firepower_tui.rules.model.dice import SeededDice
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.basic.sequence import new_game
from firepower_tui.rules.scenario.setup import budget, spent
from firepower_tui.rules.model.state import GameState
from firepower_tui.rules.basic.turn import deciders
from firepower_tui.rules.model.types import Phase
from firepower_tui.rules.scenario.victory import POINTS
from tests.conftest import FIELD, Game, make_scenario, optional_game

FIXTURES = Path(__file__).parent.parent / "fixtures" / "scenarios"


def positions(state: GameState, seed: int, every: int, count: int) -> list[GameState]:
    """``count`` positions of one random game (every ``every``-th action), setup phases included."""
    rng, dice = random.Random(seed), SeededDice(seed)
    out: list[GameState] = []
    n = 0
    while not state.over and len(out) < count:
        if n % every == 0 or state.pending is not None:
            out.append(state)
        state, _ = engine.apply_trusted(state, random_action(state, rng), dice)
        n += 1
    return out


@pytest.mark.slow  # whole games, the computer on every move
@pytest.mark.rule("6.2")
@pytest.mark.parametrize(("scenario", "deploy", "level", "every", "count"), [
    ("basic", False, "normal", 7, 80),
    ("basic", True, "easy", 5, 40),  # the deployment phase (§10.2)
    ("meeting", False, "normal", 4, 80),  # forces by points (§10.3), deployment, overwatch, hit the dirt
    ("reactions", False, "normal", 1, 80),  # every reaction of §9.1, §9.2, §9.7 and the clock
    ("defence", False, "hard", 9, 30),
])
def test_never_an_illegal_action(scenario: str, deploy: bool, level: str, every: int, count: int) -> None:
    source = FIXTURES / "reactions.toml" if scenario == "reactions" else scenario
    start = new_game(load_scenario(str(source)), deploy=deploy)
    seen_phases, answered = set(), 0
    players = {side: Opponent(side, level, seed=3) for side in start.sides}
    checked = 0
    for seed in range(3):
        for state in positions(start, seed, every, count):
            for side in sorted(deciders(state)):
                action = players[side].choose(state)
                assert engine.check(state, action) is None, (action, engine.check(state, action))
                checked += 1
                seen_phases.add(state.phase)
                answered += state.pending is not None
    assert sum(p.refused for p in players.values()) == 0  # no action needed the fall-back
    assert checked >= count
    if deploy or scenario == "meeting":
        assert Phase.DEPLOY in seen_phases
    if scenario == "reactions":
        assert answered > 0


@pytest.mark.slow  # many whole games
@pytest.mark.rule("§2.6")
def test_smoke_normal_beats_random() -> None:
    """10 seeded pairs on basic, sides swapped in each pair: at least 18 of 20 won."""
    wins = 0
    for seed in range(10):
        for side in ("tan", "green"):
            state = new_game(load_scenario("basic"))
            rng = random.Random(seed)
            other = state.enemy_of(side)
            opponent = Opponent(side, "normal", seed=seed)
            result = play_match(state, {side: opponent.choose, other: lambda s: random_action(s, rng)},
                                SeededDice(seed))
            assert result.finished and opponent.refused == 0
            wins += result.winner == side
    assert wins >= 18


@pytest.mark.rule("§2.6")
def test_a_whole_game_against_the_heuristic_player_is_legal() -> None:
    state = new_game(load_scenario("meeting"))
    ai, heuristic = Opponent("tan", "easy", seed=1), Heuristic("green", seed=1)
    result = play_match(state, {"tan": ai.choose, "green": heuristic.choose}, SeededDice(1))
    assert result.finished and ai.refused == 0


def test_levels_are_checked() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    with pytest.raises(ValueError, match="level 'expert'"):
        Opponent("tan", "expert")


@pytest.mark.rule("6.3")
def test_takes_a_good_shot() -> None:
    g = Game(make_scenario(FIELD, ["T1 tan LMG B2 S", "G1 green RFL B5 N"]))
    g.do("chit tan", "impulse B2")
    ai, sent = Opponent("tan", "normal"), []
    while g.state.impulse and not g.state.over and len(sent) < 8:
        sent.append(ai.choose(g.state))
        g.state, _ = engine.apply(g.state, sent[-1], g.dice)
    attacks = [a for a in sent if isinstance(a, Fire | Throw)]  # perhaps after going low (6.2.4)
    assert len(attacks) == 1 and attacks[0].soldier == "T1"
    assert g.soldier("T1").combat_used


@pytest.mark.rule("§10.3")
def test_buys_a_sensible_force_within_budget() -> None:
    state = new_game(load_scenario("meeting"))
    dice = SeededDice(1)
    while "tan" not in state.ready:
        state, _ = engine.apply(state, setup_action(state, "tan"), dice)
    men = [s.weapon for s in state.soldiers if s.side == "tan"]
    left = budget(state, "tan") - spent(state, "tan")  # type: ignore[operator]
    assert "LMG" in men and "PST" in men and men.count("RFL") >= 3
    assert 0 <= left < POINTS["PST"]  # nothing more fits


@pytest.mark.rule("§9.1")
def test_overwatch_takes_the_snap_shot() -> None:
    g = optional_game(["T1 tan RFL B2 S", "G1 green LMG B8 N"], ["overwatch"])
    g.do("chit green", "impulse B8", "watch G1", "end", "chit tan", "impulse B2", "move T1")
    assert g.state.pending is not None and g.state.pending.side == "green"
    action = Opponent("green", "normal").choose(g.state)
    assert isinstance(action, Overwatch)


def test_hard_does_not_close_in_normal_does() -> None:
    """R107: closing in on the enemy is worth nothing to hard, 0.03 a hex to normal."""
    from firepower_tui.players.evaluate import Evaluator
    from firepower_tui.players.style import STYLES
    from firepower_tui.rules.scenario.load import load_scenario
    from firepower_tui.rules.basic.sequence import new_game

    state = new_game(load_scenario("basic"))
    side = state.sides[0]
    man = state.living(side)[0]
    assert Evaluator(side, STYLES["hard"]).approach(state, man) == 0.0
    assert Evaluator(side, STYLES["normal"]).approach(state, man) < 0.0


def _deployed(scenario: str, seed: int, sectors: bool) -> GameState:
    """``scenario`` bought and deployed by the computer's setup, Tan with ``sectors`` (R108)."""
    state, dice = new_game(load_scenario(scenario)), SeededDice(seed)
    while state.phase in (Phase.FORCES, Phase.DEPLOY):
        side = next(s for s in state.sides if s in deciders(state))
        state, _ = engine.apply(state, setup_action(state, side, SetupStyle(sectors=sectors and side == "tan")), dice)
    return state


@pytest.mark.rule("§10.2")
def test_hard_leaves_no_sector_of_its_zone_empty() -> None:
    """R108: with ``sectors`` the last men placed go where none of theirs stands (§10.4)."""
    from firepower_tui.rules.scenario.victory import sector_of

    zone = {sector_of(s, h) for s in [new_game(load_scenario("meeting"))] for h in s.scenario.zone("tan")}
    empty_before = 0
    for seed in range(3):
        held = {sector_of(st, m.hex) for st in [_deployed("meeting", seed, True)] for m in st.living("tan")}
        assert held == zone
        plain = _deployed("meeting", seed, False)
        empty_before += len(zone - {sector_of(plain, m.hex) for m in plain.living("tan")})
    assert empty_before > 0  # without it a sector is left to the enemy (the east one, far from him)


@pytest.mark.rule("6.1")
def test_last_word_only_when_the_enemy_has_no_chit_left() -> None:
    """R109: in the last turn, with none of the enemy's chits in the cup, hard weighs the outcome
    and not the exposure; one enemy chit left (or an earlier turn) and it is as before."""
    from firepower_tui.players.evaluate import Evaluator
    from firepower_tui.players.style import STYLES
    from firepower_tui.rules.model.state import Chit

    state = _deployed("meeting", 1, True)
    turns = state.scenario.spec.turns
    last = state.evolve(turn=turns, active="tan", cup=(Chit("tan", "B"),))
    ev = Evaluator("tan", STYLES["hard"])
    exposed = max(last.living("tan"), key=lambda m: ev.risk(last, m))
    for st, final in ((last, True), (last.evolve(cup=(Chit("tan", "B"), Chit("green", "C"))), False),
                      (last.evolve(turn=turns - 1), False)):
        ev.refresh(st)
        assert ev.final is final
        assert (ev.risk(st, exposed) == 0.0) is final
        assert (ev.style.victory > STYLES["hard"].victory) is final
    normal = Evaluator("tan", STYLES["normal"])
    normal.refresh(last)
    assert not normal.final and normal.risk(last, exposed) > 0.0


def _set_up(scenario: str, seed: int, hard_side: str) -> GameState:
    """``scenario`` bought and deployed: ``hard_side`` by the hard style's setup, the other by normal's."""
    from firepower_tui.players.style import STYLES

    state, dice = new_game(load_scenario(scenario)), SeededDice(seed)
    while state.phase in (Phase.FORCES, Phase.DEPLOY):
        side = next(s for s in state.sides if s in deciders(state))
        st = STYLES["hard" if side == hard_side else "normal"]
        action = setup_action(state, side, st.setup)
        state, _ = engine.apply(state, action, dice)
    return state


@pytest.mark.rule("§10.2")
def test_hard_deploys_prone_in_the_open_unless_hit_the_dirt() -> None:
    """R117: without Hit the dirt (§9.2) hard's men placed in the open lie Prone; normal's stand;
    with Hit the dirt (``meeting``) hard's stand too."""
    from firepower_tui.rules.model.types import Posture

    state = _set_up("defence", 0, "tan")
    gmap = state.scenario.map
    open_tan = [m for m in state.living("tan") if gmap.terrain_at(m.hex).name == "OPEN"]
    assert open_tan and all(m.posture is Posture.PRONE for m in open_tan)
    state = _set_up("defence", 0, "green")
    assert all(m.posture is Posture.STAND for m in state.living("tan"))
    state = _set_up("meeting", 0, "tan")
    assert all(m.posture is Posture.STAND for m in state.living("tan"))


@pytest.mark.rule("§10.3")
def test_hard_buys_at_most_two_lmgs() -> None:
    """R118: with 120 points (``defence``'s attacker) normal buys three LMGs, hard two, and spends
    the rest on riflemen within the budget."""
    hard = _set_up("defence", 0, "tan")
    normal = _set_up("defence", 0, "green")
    assert sum(1 for m in hard.soldiers if m.side == "tan" and m.weapon == "LMG") == 2
    assert sum(1 for m in normal.soldiers if m.side == "tan" and m.weapon == "LMG") == 3
    assert 110 <= spent(hard, "tan") <= (budget(hard, "tan") or 0)


def _sector_plan_position(turn: int, g3_killed: bool = True) -> GameState:
    """An open 12 x 10 map cut into 3 x 2 sectors (§10.4), a ridge across its middle (row 5: no
    line of sight over it, 6.3.4.1), in ``turn`` of 6, Tan to act: Tan's T1 and T2 in the west
    sector of the north row, T3 in the middle one, the east one empty; Green holds the west and
    middle sectors of the south row, its G3 (the south-east one) dead, so Tan has destroyed more
    points and the sectors stand two to two: a draw."""
    terrain = "\n".join(["." * 12] * 4 + ["h" * 12] + ["." * 12] * 5)
    men = ["T1 tan RFL A1 S", "T2 tan RFL D1 SE", "T3 tan RFL F1 S",
           "G1 green RFL A10 N", "G2 green RFL F10 N", "G3 green RFL K10 N"]
    extra = 'victory = "points_and_ground"\nsectors = { columns = 3, rows = 2 }'
    state = new_game(make_scenario(terrain, men, turns=6, extra=extra))
    g3 = state.soldier("G3")
    assert g3 is not None
    if g3_killed:
        state = state.with_soldiers(g3.evolve(killed=True))
    return state.evolve(turn=turn, active="tan")


@pytest.mark.rule("§10.4")
def test_hard_sends_a_spare_man_to_the_sector_that_flips_the_count() -> None:
    """R124: in the last three turns, ahead on points but not on sectors, hard sends the man who is
    not his sector's only holder (T2, with T1) to the empty sector that makes the count three to
    two, and his plan takes him towards it; normal makes no such plan (T2 only closes in on the
    enemy, R107, and ends farther from that sector). Not earlier than the last three turns, and
    not when the points are even (more sectors alone is a draw)."""
    import random as _random

    from firepower_tui.players.evaluate import Evaluator
    from firepower_tui.players.style import STYLES
    from firepower_tui.players.planner import plan_for
    from firepower_tui.rules.model.actions import StartImpulse
    from firepower_tui.rules.board.hexgrid import hex_from_id
    from firepower_tui.rules.scenario.victory import sector_of

    state = _sector_plan_position(6)
    hard, normal = Evaluator("tan", STYLES["hard"]), Evaluator("tan", STYLES["normal"])
    hard.refresh(state)
    normal.refresh(state)
    assert hard.targets == {"T2": 2} and normal.targets == {}
    for st in (_sector_plan_position(3), _sector_plan_position(6, g3_killed=False)):
        hard.refresh(st)
        assert hard.targets == {}
    t2 = state.soldier("T2")
    assert t2 is not None
    nearer = state.with_soldiers(t2.evolve(hex=hex_from_id("G2")))  # three hexes nearer the east sector
    gains = {}
    for name, ev in (("hard", hard), ("normal", normal)):
        ev.refresh(state)
        moved = nearer.soldier("T2")
        assert moved is not None
        gains[name] = ev.position(nearer, moved) - ev.position(state, t2)
    assert gains["hard"] == pytest.approx(3 * STYLES["hard"].sector_plan) and gains["normal"] < 0.1
    started, _ = engine.apply(state, StartImpulse(hex=t2.hex), SeededDice(0))
    ends = {}
    for name, ev in (("hard", hard), ("normal", normal)):
        ev.refresh(started)
        plan = plan_for(started, "T2", ev, _random.Random(0))
        end = started
        for a in plan.actions:
            end, _ = engine.apply(end, a, SeededDice(0))
        man = end.soldier("T2")
        assert man is not None
        ends[name] = hard.sector_distance(end, man.hex, 2)
    before = hard.sector_distance(state, t2.hex, 2)
    assert ends["hard"] <= before - 3 and ends["hard"] < ends["normal"]
    assert sector_of(state, t2.hex) == 0


@pytest.mark.rule("§10.2")
@pytest.mark.parametrize("scenario", ["defence", "meeting"])
def test_the_computer_places_its_men_facing_the_enemy(scenario: str) -> None:
    """Each man the computer places faces the enemy as he stands then (his placed men, else his
    zone): their centre lies in his firing arc (4.3), however far. It used to turn him only
    towards a hex next to him, so men placed at range kept the facing they were bought with."""
    from firepower_tui.players.setup_play import enemy_centre
    from firepower_tui.players.style import STYLES
    from firepower_tui.rules.model.actions import Place
    from firepower_tui.rules.board.hexgrid import in_firing_arc

    for level in ("normal", "hard"):
        state, dice, placed = new_game(load_scenario(scenario)), SeededDice(1), 0
        while state.phase in (Phase.FORCES, Phase.DEPLOY):
            side = next(s for s in state.sides if s in deciders(state))
            action = setup_action(state, side, STYLES[level].setup)
            if isinstance(action, Place):
                centre = enemy_centre(state, side)
                assert action.hex == centre or in_firing_arc(action.hex, action.facing, centre), (level, action)
                placed += 1
            state, _ = engine.apply(state, action, dice)
        assert placed == len(state.living())
