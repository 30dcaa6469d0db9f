"""Two processes, one game: the store's expected-entry check, the race of two
commits at one point, each player's side, catching up, and take-backs in a shared game (R120)."""

from __future__ import annotations

import multiprocessing
import sqlite3
from pathlib import Path

import pytest

from firepower_tui.games.service import complete_from_store, load_game, new_game
from firepower_tui.games.shared import NotASide, SharedGame
from firepower_tui.games.store import MovedFirst, Store
from firepower_tui.games.watch import listen, listen_all
from firepower_tui.rules.model.actions import DrawChit, EndPhase, Move, StartImpulse
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.rules.scenario.load import load_scenario

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


def hosted(db: Path, seed: int = 7) -> int:
    """A game stored as ``firepower host`` stores it (nobody has it open)."""
    store = Store(db)
    _, game_id = new_game(store, load_scenario("basic"), seed)
    store.release(game_id)
    store.close()
    return game_id


def two_players(db: Path, game_id: int):  # noqa: ANN201
    """Tan's and Green's ends of the game, each with its own connection (as two processes)."""
    tan, green = SharedGame(Store(db), game_id, "tan"), SharedGame(Store(db), game_id, "green")
    return (tan, tan.open()), (green, green.open())


def act(session, line: str):  # noqa: ANN001, ANN201
    return session.submit(parse_action(line))


# --- the store's expected-entry check -----------------------------------------------------------------


def test_append_with_the_expected_number_stores_it(db: Path) -> None:
    game_id = hosted(db)
    store = Store(db)
    assert store.append(game_id, "action", "chit tan", [], turn=1, side=None, expect=1) == 1
    assert store.append(game_id, "action", "impulse K2", [], turn=1, side="tan", expect=2) == 2
    assert [e.notation for e in store.entries(game_id)] == ["chit tan", "impulse K2"]


def test_append_at_a_taken_number_is_refused_and_writes_nothing(db: Path) -> None:
    game_id = hosted(db)
    first, second = Store(db), Store(db)
    first.append(game_id, "action", "chit tan", [], turn=1, side=None, expect=1)
    with pytest.raises(MovedFirst) as err:
        second.append(game_id, "action", "chit green", [], turn=1, side=None, expect=1)
    assert (err.value.expected, err.value.last) == (1, 1)
    assert [e.notation for e in second.entries(game_id)] == ["chit tan"]
    assert not second.conn.in_transaction  # the lock is given back
    assert second.append(game_id, "action", "impulse K2", [], turn=1, side="tan", expect=2) == 2


def test_data_version_moves_for_the_other_connections_commits_only(db: Path) -> None:
    game_id = hosted(db)
    mine, other = Store(db), Store(db)
    v = mine.data_version()
    mine.append(game_id, "action", "chit tan", [], turn=1, side=None)
    assert mine.data_version() == v
    other.append(game_id, "action", "impulse K2", [], turn=1, side="tan")
    assert mine.data_version() != v


def _commit_at(db: str, game_id: int, expect: int, notation: str, barrier, results) -> None:  # noqa: ANN001
    store = Store(db)
    barrier.wait()
    try:
        store.append(game_id, "action", notation, [], turn=1, side=None, expect=expect)
        results.put(("stored", notation))
    except MovedFirst:
        results.put(("refused", notation))
    except sqlite3.Error as exc:  # (would be a failure of the lock: reported, not hidden)
        results.put(("error", f"{notation}: {exc}"))
    finally:
        store.close()


def test_race_two_processes_commit_at_one_point_exactly_one_wins(db: Path) -> None:
    """Both processes write entry n at once, twelve times over: each time exactly one is stored,
    the other is refused (MovedFirst), and no entry is lost or doubled."""
    game_id = hosted(db)
    ctx = multiprocessing.get_context("fork")
    for n in range(1, 13):
        barrier, results = ctx.Barrier(2), ctx.Queue()
        procs = [ctx.Process(target=_commit_at, args=(str(db), game_id, n, f"x{n}{who}", barrier, results))
                 for who in "ab"]
        for p in procs:
            p.start()
        for p in procs:
            p.join(30)
        outcomes = sorted(results.get(timeout=5) for _ in procs)
        assert [o[0] for o in outcomes] == ["refused", "stored"], outcomes
    entries = Store(db).entries(game_id)
    assert [e.seq for e in entries] == list(range(1, 13))


# --- two players' sessions -------------------------------------------------------------------------------


def test_the_other_player_catches_up_with_each_stored_action(db: Path) -> None:
    game_id = hosted(db)
    (tan, ts), (green, gs) = two_players(db, game_id)
    for line in ("chit tan", "impulse K2", "move T1"):
        assert act(ts, line).ok
    assert green.changed()
    events = green.catch_up(gs)
    assert gs.state == ts.state and green.seen == tan.seen == 3
    assert events and gs.log == ts.log
    assert not green.changed() and green.catch_up(gs) == []


def test_the_catching_up_dice_go_on_as_the_writers(db: Path) -> None:
    """After catching up, both live dice are at the same point (a roll either makes next is the same)."""
    game_id = hosted(db)
    (tan, ts), (green, gs) = two_players(db, game_id)
    assert ts.submit(DrawChit()).ok and ts.history[-1].rolls  # a blind draw: a pick from the dice
    green.catch_up(gs)
    assert gs.dice.generator_state() == ts.dice.generator_state()


@pytest.mark.rule("6.2")
def test_a_player_acts_only_for_his_side(db: Path) -> None:
    game_id = hosted(db)
    (tan, ts), (green, gs) = two_players(db, game_id)
    assert act(gs, "chit tan").ok  # 6.1: a chit draw is nobody's in particular
    tan.catch_up(ts)
    out = act(gs, "impulse K2")  # a legal start, but Tan's (6.2)
    assert out.refusal is not None and out.refusal.rule == "6.2"
    assert Store(db).last_seq(game_id) == 1  # nothing stored
    assert act(ts, "impulse K2").ok


@pytest.mark.rule("6.1")
def test_moved_first_refuses_and_catches_up(db: Path) -> None:
    """Both draw the first chit from the same point: the second is refused, sees the first's
    chit, and nothing is stored twice."""
    game_id = hosted(db)
    (tan, ts), (green, gs) = two_players(db, game_id)
    assert ts.submit(DrawChit()).ok
    out = gs.submit(DrawChit())
    assert out.refusal is not None and out.refusal.rule == "6.2"
    assert gs.state == ts.state and green.seen == 1
    assert [e.kind for e in Store(db).entries(game_id)] == ["action"]


@pytest.mark.rule("6.1")
def test_a_lost_draw_spends_no_dice_and_the_next_checkpoint_is_accepted(db: Path) -> None:
    """Green's end draws the chit Tan's end drew first: its pick was rolled, then refused. Its live
    dice stay the seed's plus the stored rolls (as Tan's are), so the checkpoint it writes at its
    next draw agrees with the replay of the entries."""
    game_id = hosted(db)
    (tan, ts), (green, gs) = two_players(db, game_id)
    assert ts.submit(DrawChit()).ok
    assert gs.submit(DrawChit()).refusal is not None  # lost, caught up
    assert gs.dice.generator_state() == ts.dice.generator_state()
    assert gs.dice.calls == []  # (the refused pick is not among its calls either)
    for line in ("impulse K2", "move T1", "end", "done"):
        assert act(ts, line).ok
    green.catch_up(gs)
    assert gs.submit(DrawChit()).ok  # Green's end draws: its checkpoint
    store = Store(db)
    assert store.checkpoint(game_id).seq == 6
    session = load_game(store, game_id, quick=True)
    assert session.unchecked is not None  # (from the checkpoint)
    complete_from_store(store, session)  # raises if the checkpoint disagrees with the replay
    assert session.dice.generator_state() == gs.dice.generator_state()


def test_draw_if_needed_stops_when_the_other_drew_first(db: Path) -> None:
    game_id = hosted(db)
    (tan, ts), (green, gs) = two_players(db, game_id)
    ts.draw_if_needed()
    out = gs.draw_if_needed()  # refused once, caught up: the phase is under way, no loop
    assert gs.state.active == ts.state.active is not None
    assert out.events == ()


@pytest.mark.rule("§9.9")
def test_take_back_own_last_action_only(db: Path) -> None:
    """R120: a player takes back his own last action (no dice, §9.9), not the other's."""
    game_id = hosted(db)
    (tan, ts), (green, gs) = two_players(db, game_id)
    for line in ("chit tan", "impulse K2", "move T1"):
        assert act(ts, line).ok
    green.catch_up(gs)
    refused = gs.undo()
    assert refused.refusal is not None and refused.refusal.rule == "§9.9"
    assert len(gs.history) == 3
    assert ts.undo().ok
    green.catch_up(gs)
    assert gs.state == ts.state and isinstance(gs.history[-1].action, StartImpulse)
    assert [e.kind for e in Store(db).entries(game_id)][-1] == "undo"


@pytest.mark.rule("§9.9")
def test_take_back_after_the_other_moved_is_refused(db: Path) -> None:
    """Tan's take-back races Green's stored action: refused, caught up, nothing taken back."""
    game_id = hosted(db)
    (tan, ts), (green, gs) = two_players(db, game_id)
    for line in ("chit tan", "impulse K2", "move T1", "end", "done"):
        assert act(ts, line).ok
    green.catch_up(gs)
    assert act(gs, "chit green").ok  # (either may draw, 6.1)
    out = ts.undo()  # Tan has not seen the draw yet
    assert out.refusal is not None
    assert ts.state == gs.state and isinstance(ts.history[-1].action, DrawChit)


def test_join_names_only_the_games_sides(db: Path) -> None:
    game_id = hosted(db)
    with pytest.raises(NotASide):
        SharedGame(Store(db), game_id, "blue")


def test_a_session_going_on_from_a_restart_agrees_with_the_other(db: Path) -> None:
    """A player who leaves and joins again replays the stored game and goes on in step."""
    game_id = hosted(db)
    (tan, ts), (green, gs) = two_players(db, game_id)
    for line in ("chit tan", "impulse K2", "move T1", "end"):
        assert act(ts, line).ok
    again = SharedGame(Store(db), game_id, "green")
    gs2 = again.open()
    assert gs2.state == ts.state and again.seen == 4
    assert ts.submit(EndPhase()).ok and again.catch_up(gs2) and gs2.state == ts.state
    assert not isinstance(ts.history[-1].action, Move)


def test_a_commit_rings_its_own_games_bell_only_and_is_whole_when_heard(db: Path) -> None:
    """A stored entry wakes the processes that follow its game (and the lobby's), never those of
    another game; when the bell is heard, the commit is visible to the other end."""
    import threading

    first, second = hosted(db), hosted(db)
    (tan, ts), _ = two_players(db, first)
    heard: dict[str, threading.Event] = {name: threading.Event() for name in ("first", "second", "any")}
    seen_whole: list[bool] = []

    def first_rang() -> None:  # (in the watch's thread: a connection of its own)
        look = Store(db)
        seen_whole.append(look.last_seq(first) > 0)
        look.close()
        heard["first"].set()

    watches = [listen(db, first, first_rang), listen(db, second, heard["second"].set),
               listen_all(db, heard["any"].set)]
    if None in watches:
        pytest.skip("no inotify here")
    try:
        assert act(ts, "chit tan").ok
        assert heard["first"].wait(10) and heard["any"].wait(10)
        assert seen_whole[0]
        assert not heard["second"].wait(0.5)
    finally:
        for watch in watches:
            assert watch is not None
            watch.stop()


@pytest.mark.rule("§9.1")
def test_a_reaction_is_answered_from_the_reacting_sides_end_only(db: Path) -> None:
    """Overwatch (§9.1): Tan's move opens Green's reaction; Tan's end refuses to go on until
    Green's end answers it, and then both ends agree."""
    from tests.conftest import FIELD, make_scenario

    men = ["T1 tan RFL B2 S", "T2 tan RFL D2 S", "G1 green RFL B8 N", "G2 green LMG C8 N"]
    scenario = make_scenario(FIELD, men, extra='rules = ["overwatch"]')
    store = Store(db)
    _, game_id = new_game(store, scenario, 1)
    store.release(game_id)
    tan, green = SharedGame(Store(db), game_id, "tan"), SharedGame(Store(db), game_id, "green")
    ts, gs = tan.open(use_saved=True), green.open(use_saved=True)
    for line in ("chit green", "impulse B8", "watch G1", "end", "impulse C8", "watch G2"):
        assert act(gs, line).ok, line
    if gs.state.active is not None:
        assert act(gs, "done").ok
    tan.catch_up(ts)
    for line in ("chit tan", "impulse B2", "move T1"):
        assert act(ts, line).ok, line
    assert ts.state.pending is not None and ts.state.pending.side == "green"
    assert ts.check(parse_action("hold")) is None  # legal: but it is Green's answer, not Tan's
    refused = act(ts, "hold")
    assert refused.refusal is not None and refused.refusal.rule == "§9.1" and ts.state.pending is not None
    assert ts.undo().refusal is not None
    green.catch_up(gs)
    assert gs.state.pending is not None
    assert act(gs, "hold").ok
    tan.catch_up(ts)
    assert ts.state == gs.state and ts.state.pending is None
    assert act(ts, "move T1").ok


def hosted_meeting(db: Path) -> tuple[tuple[SharedGame, object], tuple[SharedGame, object]]:
    store = Store(db)
    _, game_id = new_game(store, load_scenario("meeting"), 5)
    store.release(game_id)
    store.close()
    return two_players(db, game_id)


@pytest.mark.rule("§10.3")
def test_both_buy_at_once_and_neither_purchase_is_lost(db: Path) -> None:
    """R121: the sides buy at the same time; a purchase overtaken by the other side's is sent
    again on the caught-up state (it does not depend on it), so both are stored."""
    (tan, ts), (green, gs) = hosted_meeting(db)
    assert act(ts, "buy tan RFL").ok
    out = act(gs, "buy green LMG")  # Green has not seen Tan's purchase: overtaken, then sent again
    assert out.ok and green.seen == 2
    tan.catch_up(ts)
    assert ts.state == gs.state
    assert sorted(s.id for s in gs.state.soldiers) == ["G1", "T1"]


@pytest.mark.rule("§10.3")
def test_a_player_buys_and_drops_only_for_his_side(db: Path) -> None:
    (tan, ts), (green, gs) = hosted_meeting(db)
    assert act(ts, "buy tan RFL").ok
    green.catch_up(gs)
    for line in ("buy tan LMG", "drop T1", "ready tan"):
        out = act(gs, line)
        assert out.refusal is not None and out.refusal.rule == "§10.3", line
    assert [s.id for s in gs.state.soldiers] == ["T1"] and not gs.state.ready


def test_a_hosted_game_is_joined_not_resumed(db: Path) -> None:
    """A game played in two terminals is never resumed hotseat (its writes would not be checked
    against the players'): `resume` names the way in, and the default start passes it over."""
    from firepower_tui.games.service import resume_game
    from firepower_tui.rules.model.errors import FirepowerError

    store = Store(db)
    _, hotseat = new_game(store, load_scenario("basic"), 1)
    store.release(hotseat)
    shared = hosted(db)
    store.share(shared)
    latest = store.latest_unfinished()
    assert latest is not None and latest.id == hotseat
    with pytest.raises(FirepowerError) as err:
        resume_game(store, shared)
    assert f"firepower join {shared} --side tan" in str(err.value)
    assert store.game(shared).owner_pid is None  # not claimed
