"""A resumed game shows its first frame from the checkpoint; the full replay checks it after, in
the background, and the early history arrives in the log."""

from __future__ import annotations

import json
import random
from pathlib import Path

from firepower_tui.games.service import load_game, new_game, resume_game
from firepower_tui.headless.playout import random_action
from firepower_tui.rules.model.events import TurnStarted
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.games.store import Store
from firepower_tui.ui.app import make_app
from firepower_tui.ui.screens.game import GameScreen
from firepower_tui.ui.widgets.hex_map import HexMap
from firepower_tui.ui.widgets.side_log import SideLog


def stored_game(path: Path, actions: int = 400) -> int:
    store = Store(path)
    session, gid = new_game(store, load_scenario("basic"), seed=5)
    rng = random.Random(5)
    for _ in range(actions):
        assert session.submit(random_action(session.state, rng, combat=0.2)).ok
    store.release(gid)
    store.close()
    return gid


async def test_the_early_history_arrives_after_the_first_frame(tmp_path: Path) -> None:
    gid = stored_game(tmp_path / "g.db")
    store = Store(tmp_path / "g.db")
    session, _ = resume_game(store, gid)
    assert session.history_base > 0 and session.unchecked is not None
    tail = len(session.log)
    a = make_app(session.scenario, session=session, store=store, game_id=gid)
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await a.workers.wait_for_complete()
        await pilot.pause()
        assert session.unchecked is None and session.history_base == session.log_base == 0
        full = load_game(store, gid)
        assert [h.notation for h in session.history] == [h.notation for h in full.history]
        log = a.screen.query_one(SideLog)
        assert len(log.sources) == len(session.log) > tail
        assert isinstance(log.sources[0], TurnStarted) and log.sources[0].turn == 1
        await pilot.press("z")  # a take-back after the merge still cuts at the right entry
        await pilot.pause()
        assert len(log.sources) == len(session.log) + 1  # plus the "taken back" line
    store.close()


async def test_the_background_check_waits_while_the_player_is_at_the_keys(tmp_path: Path) -> None:
    """The check's thread shares the interpreter with the game's: it replays nothing while keys
    come (CHECK_QUIET after the last one), so a key right after a resume is handled at full speed."""
    import asyncio
    import time

    gid = stored_game(tmp_path / "g.db", actions=300)
    store = Store(tmp_path / "g.db")
    session, _ = resume_game(store, gid)
    a = make_app(session.scenario, session=session, store=store, game_id=gid)
    a.last_input = time.monotonic() + 3600  # a key "now", for an hour
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await asyncio.sleep(0.6)
        assert session.unchecked is not None  # still waiting
        a.last_input = 0.0  # the player stopped
        await a.workers.wait_for_complete()
        await pilot.pause()
        assert session.unchecked is None and session.history_base == 0
    store.close()


async def test_the_history_view_waits_for_the_whole_game(tmp_path: Path) -> None:
    gid = stored_game(tmp_path / "g.db", actions=300)
    store = Store(tmp_path / "g.db")
    session, _ = resume_game(store, gid)
    a = make_app(session.scenario, session=session, store=store, game_id=gid)
    a._check_in_background = lambda: None  # type: ignore[method-assign]  # no background check: h must do it
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert session.unchecked is not None
        await pilot.press("h")
        await pilot.pause()
        assert session.unchecked is None and session.history_base == 0
        assert type(a.screen).__name__ == "HistoryScreen"
    store.close()


async def test_a_checkpoint_that_disagrees_reloads_the_game_in_full(tmp_path: Path) -> None:
    gid = stored_game(tmp_path / "g.db")
    store = Store(tmp_path / "g.db")
    cp = store.checkpoint(gid)
    assert cp is not None
    data = json.loads(cp.state)
    data["kills"] = {"tan": 7, "green": 0}  # not what the moves lead to
    store.conn.execute("UPDATE checkpoints SET state=? WHERE game_id=?", (json.dumps(data), gid))
    session, _ = resume_game(store, gid)
    assert session.state.kills["tan"] == 7
    a = make_app(session.scenario, session=session, store=store, game_id=gid)
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await a.workers.wait_for_complete()
        await pilot.pause()
        assert a.session is not session and a.session is not None
        assert a.session.state == load_game(store, gid).state  # the replay is the game
        assert a.session.state.kills["tan"] != 7
        assert store.checkpoint(gid) is None
        assert type(a.screen).__name__ == "TextScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(a.screen, GameScreen)
        # the game screen now shows the reloaded game (the same screen: it may be the default one)
        assert [type(s) for s in a.screen_stack] == [GameScreen]
        assert a.screen.c is a.controller and a.screen.query_one(HexMap).state is a.controller.state
        log = a.screen.query_one(SideLog)
        assert len(log.sources) == len(a.session.log)
        assert a.screen.query_one(HexMap).has_focus
    store.close()


async def test_the_early_history_is_frozen_with_the_start_up(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """When the start-up was frozen (firepower pauses the collector, see ui.app.resume_gc), the
    early history that arrives with the check is frozen too: the next full collection would
    otherwise walk it all at the player's next key (45-70 ms after 100 turns)."""
    import gc

    import firepower_tui.ui.app as app_module

    gid = stored_game(tmp_path / "g.db")
    store = Store(tmp_path / "g.db")
    session, _ = resume_game(store, gid)
    monkeypatch.setattr(app_module, "_FROZEN", True)
    frozen = gc.get_freeze_count()
    a = make_app(session.scenario, session=session, store=store, game_id=gid)
    try:
        async with a.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await a.workers.wait_for_complete()
            await pilot.pause()
            assert session.unchecked is None  # checked and complete
            assert gc.get_freeze_count() > frozen
    finally:
        gc.unfreeze()
        store.close()
