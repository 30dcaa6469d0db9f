"""The ``buildings`` optional rule's key (RULES.md §9.6): climb the high wall ahead.

Offered only when the engine would take the climb for the selected man now
(:class:`.legal.Legal`); pressed anyway, it submits the action and shows the engine's refusal.
"""

from __future__ import annotations

from ..rules.model.actions import Climb
from .base import Core, Handler, Mode, Result, Table
from .keymap import Intent


class Climbing:
    """``C`` climbs the high wall across his front hexside (2 MF, d10 <= 6; §9.6)."""

    def __init__(self, core: Core) -> None:
        self.core = core

    def tables(self) -> dict[Mode, Table]:
        return {Mode.BROWSE: {Intent.CLIMB: Handler(self.climb, self._offered)}}

    def _offered(self) -> bool:
        s = self.core.soldier()
        return s is not None and bool(self.core.state.rules) and bool(self.core.legal.of(Climb, s.id))

    def climb(self) -> Result:
        """Climb: the odds are those of ``odds climb`` (the soldier panel)."""
        return self.core.act(lambda s: Climb(soldier=s.id))


__all__ = ["Climbing"]
