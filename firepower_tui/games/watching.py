"""A watcher's end of a served game (:mod:`.served`): the game as it is played, read-only."""

from __future__ import annotations

from ..rules.basic.turn import decision_rule
from ..rules.model.actions import Action
from ..rules.model.errors import Refusal
from ..rules.model.state import GameState
from .served import WATCHER
from .session import Session
from .shared import SharedGame
from .store import Store


class Watching(SharedGame):
    """A watcher's end of a served game: the game follows the store as a player's does, and
    every action or take-back is refused (the session's gate): nothing of a watcher is stored."""

    def __init__(self, store: Store, game_id: int) -> None:  # noqa: D107 - no side is checked: none is played
        store.game(game_id)  # (no such game: said by name)
        self.store = store
        self.game_id = game_id
        self.side = WATCHER
        self.computer = frozenset()
        self.seen = 0
        self._version = store.data_version()

    def refuse(self, session: Session, action: Action | None) -> Refusal | None:
        return self.waiting(session.state)

    def waiting(self, state: GameState) -> Refusal | None:
        return Refusal(reason="you are watching this game: your keys change nothing", rule=decision_rule(state))

    def overtaken(self, session: Session, action: Action | None) -> Refusal | None:
        self.catch_up(session)
        return self.waiting(session.state)
