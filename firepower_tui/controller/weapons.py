"""The ``weapons`` optional rule's keys (RULES.md §9.4): pick up, exchange, repair.

Each key is offered only when the engine would take its action for the selected man now
(:class:`.legal.Legal`); a key pressed anyway submits the action and shows the engine's refusal.
"""

from __future__ import annotations

from ..rules.model.actions.weapons import PickUp, Repair, Swap
from .base import Core, Handler, Mode, Result, Table
from .keymap import Intent


class Weapons:
    """``i`` picks up a weapon in his hex, ``X`` exchanges weapons with a man of his hex, ``R``
    tries a repair (§9.4)."""

    def __init__(self, core: Core) -> None:
        self.core = core

    def tables(self) -> dict[Mode, Table]:
        browse: Table = {
            Intent.PICK_UP: Handler(self.pick_up, lambda: bool(self._mine(PickUp))),
            Intent.SWAP: Handler(self.swap, lambda: bool(self._mine(Swap))),
            Intent.REPAIR: Handler(self.repair, lambda: bool(self._mine(Repair))),
        }
        return {Mode.BROWSE: browse}

    def _mine(self, kind: type[PickUp] | type[Swap] | type[Repair]) -> tuple[PickUp | Swap | Repair, ...]:
        s = self.core.soldier()
        if s is None or not self.core.state.rules:
            return ()
        return self.core.legal.of(kind, s.id)

    def pick_up(self) -> Result:
        """The first weapon lying in his hex that he may take (the command line names another)."""
        return self.core.act(lambda s: (self._mine(PickUp) or (PickUp(soldier=s.id, weapon="LMG"),))[0])

    def swap(self) -> Result:
        """With the first man of his hex he may exchange with (the command line names another)."""
        return self.core.act(lambda s: (self._mine(Swap) or (Swap(soldier=s.id, other=s.id),))[0])

    def repair(self) -> Result:
        """Try the repair whose odds the soldier panel shows."""
        return self.core.act(lambda s: Repair(soldier=s.id))


__all__ = ["Weapons"]
