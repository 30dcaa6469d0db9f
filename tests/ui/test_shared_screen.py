"""One player's screen of a shared game, in Textual's test harness: a reaction the
other player's move opens comes to this screen's keys (§9.1), and its footer offers only the
cursor keys and the views while the other side decides (R123)."""

from __future__ import annotations

from pathlib import Path

import pytest

from firepower_tui.controller.base import Mode
from firepower_tui.games.service import new_game
from firepower_tui.games.shared import SharedGame
from firepower_tui.games.store import Store
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.ui.screens.shared_game import SharedGameScreen
from firepower_tui.ui.shared_app import SharedApp
from tests.conftest import FIELD, make_scenario

MEN = ["T1 tan RFL B2 S", "T2 tan RFL D2 S", "G1 green RFL B8 N", "G2 green LMG C8 N"]


def ends(tmp_path: Path):  # noqa: ANN201
    """Tan's and Green's ends of an overwatch game in which Green's G1 and G2 watch and Tan's
    impulse phase has begun (Tan's end played in this process, Green's shown by the app)."""
    db = tmp_path / "games.db"
    store = Store(db)
    _, game_id = new_game(store, make_scenario(FIELD, MEN, extra='rules = ["overwatch"]'), 1)
    store.release(game_id)
    tan, green = SharedGame(Store(db), game_id, "tan"), SharedGame(Store(db), game_id, "green")
    ts, gs = tan.open(use_saved=True), green.open(use_saved=True)
    for line in ("chit green", "impulse B8", "watch G1", "end", "impulse C8", "watch G2"):
        assert gs.submit(parse_action(line)).ok, line
    if gs.state.active is not None:
        assert gs.submit(parse_action("done")).ok
    tan.catch_up(ts)
    for line in ("chit tan", "impulse B2"):
        assert ts.submit(parse_action(line)).ok, line
    green.catch_up(gs)
    return (tan, ts), (green, gs)


def offered(screen: SharedGameScreen) -> set[str]:
    """The intents the footer offers now."""
    return {b.binding.action.split("'")[1] for b in screen.active_bindings.values()
            if b.enabled and b.binding.show and b.binding.action.startswith("intent(")}


@pytest.mark.rule("§9.1")
async def test_a_reaction_opened_by_the_other_player_comes_to_this_screen(tmp_path: Path) -> None:
    (tan, ts), (green, gs) = ends(tmp_path)
    app = SharedApp(gs, green)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, SharedGameScreen) and not screen.my_turn
        assert "hold" not in offered(screen) and "end_phase" not in offered(screen)
        assert ts.submit(parse_action("move T1")).ok  # into G1's and G2's view: Green's reaction
        assert screen.follow()
        await pilot.pause()
        assert screen.my_turn and app.controller.mode is Mode.REACT
        assert "hold" in offered(screen)
        await pilot.press("n")  # hold (§9.1)
        await pilot.pause()
        assert gs.state.pending is None
        tan.catch_up(ts)
        assert ts.state == gs.state
        assert not screen.my_turn and "hold" not in offered(screen)


def test_leaving_a_shared_game_names_the_join_command_of_this_side(tmp_path: Path) -> None:
    (tan, ts), (green, gs) = ends(tmp_path)
    db = tmp_path / "games.db"
    assert SharedApp(gs, green).farewell() == \
        f"Game {green.game_id} saved. Continue with: firepower join {green.game_id} --side green --db {db}"
