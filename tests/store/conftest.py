"""The game store's tests: a store of their own in a temporary folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from firepower_tui.games.store import Store


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "games.db")
