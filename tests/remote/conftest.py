"""A store holding one hosted game of the basic scenario (sides tan and green), as
``firepower host basic`` leaves it."""

from __future__ import annotations

from pathlib import Path

import pytest

from firepower_tui.games.service import new_game
from firepower_tui.games.store import Store
from firepower_tui.rules.scenario.load import load_scenario


@pytest.fixture
def game_db(tmp_path: Path) -> tuple[Path, int]:
    db = tmp_path / "games.db"
    store = Store(db)
    try:
        _, game_id = new_game(store, load_scenario("basic"), 7, {})
        store.share(game_id)
        store.release(game_id)
    finally:
        store.close()
    return db, game_id
