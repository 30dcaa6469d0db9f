"""What the engine allows now, asked once per game state (plain Python, docs/style.md §7).

The keys the footer offers and the hexes the map marks come from the rules'
:func:`~firepower_tui.rules.engine.legal_actions` and :func:`~firepower_tui.rules.engine.checker`,
never from a second copy of the rules here. A :class:`~firepower_tui.rules.model.state.GameState`
is immutable, so the answers are kept until the session holds another state: the footer asks
on every key, a cursor move does not change the state, and the guards then cost a look-up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from ..games.session import Session
from ..rules import engine
from ..rules.model.actions import Action
from ..rules.model.errors import Refusal
from ..rules.model.state import GameState

A = TypeVar("A", bound=Action)


class Legal:
    """The engine's answers for the session's current state, each worked out once."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._state: GameState | None = None
        self._check: Callable[[Action], Refusal | None] = lambda action: None
        self._refusals: dict[Action, Refusal | None] = {}
        self._lists: dict[tuple[type, str | None], tuple[Any, ...]] = {}
        self._any: dict[tuple[type, str | None], bool] = {}

    def _now(self) -> GameState:
        state = self.session.state
        if state is not self._state:
            self._state, self._check = state, engine.checker(state)
            self._refusals, self._lists, self._any = {}, {}, {}
        return state

    def refusal(self, action: Action) -> Refusal | None:
        """Why the engine refuses ``action`` now (its :func:`~firepower_tui.rules.engine.check`), or None."""
        self._now()
        try:
            return self._refusals[action]
        except KeyError:
            found = self._refusals[action] = self._check(action)
            return found

    def allows(self, action: Action) -> bool:
        return self.refusal(action) is None

    def of(self, kind: type[A], soldier_id: str | None = None) -> tuple[A, ...]:
        """The legal actions of one kind now (by or for one soldier, if given), as
        :func:`~firepower_tui.rules.engine.legal_actions` lists them."""
        state = self._now()
        key = (kind, soldier_id)
        found = self._lists.get(key)
        if found is None:
            kinds = cast("tuple[type[Action]]", (kind,))
            found = self._lists[key] = tuple(engine.legal_actions(state, soldier_id, kinds=kinds))
        return found

    def any(self, kind: type[Action], soldier_id: str | None = None) -> bool:
        """Whether the engine allows any action of one kind now (by or for one soldier, if given):
        :meth:`of` without listing them all (a throw's LOS to every hex in reach costs a millisecond)."""
        state = self._now()
        key = (kind, soldier_id)
        found = self._any.get(key)
        if found is None:
            listed = self._lists.get(key)
            if listed is not None:
                found = bool(listed)
            else:
                found = next(engine.iter_legal_actions(state, soldier_id, kinds=(kind,)), None) is not None
            self._any[key] = found
        return found
