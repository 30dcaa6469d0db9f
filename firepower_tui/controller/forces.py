"""Buying forces by points (§10.3): who buys now.

The mode :attr:`Mode.FORCES`. The force builder screen has the keys (it submits ``Buy``,
``Drop`` and ``Ready``); the map's keys do nothing then but move the cursor.
"""

from __future__ import annotations

from ..rules.setup import budget
from .base import Core, Mode, Table


class Forces:
    """The side buying now."""

    def __init__(self, core: Core) -> None:
        self.core = core

    def tables(self) -> dict[Mode, Table]:
        return {Mode.FORCES: {}}

    @property
    def side(self) -> str | None:
        """The side buying now: the first with a budget that has not said it is ready."""
        st = self.core.state
        for side in st.sides:
            if budget(st, side) is not None and side not in st.ready:
                return side
        return None
