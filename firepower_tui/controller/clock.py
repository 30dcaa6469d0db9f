"""The phase clock of the optional rule ``clock`` (RULES.md §9.8): a time budget per impulse phase.

Plain Python with the time injected, so tests drive it without waiting. The clock belongs to
the interface, not to the rules: what it decides is recorded as an ordinary ``done`` (the
phase ends), so a stored game replays without it (docs/rulings.md R35).

>>> t = [0.0]
>>> clock = PhaseClock(90, now=lambda: t[0])
>>> clock.sync(phase=(1, 1), paused=False)
>>> t[0] = 30.0
>>> clock.remaining()
60.0
>>> clock.sync(phase=(1, 1), paused=True); t[0] = 100.0; clock.remaining()
60.0
>>> clock.sync(phase=(1, 1), paused=False); t[0] = 160.5; clock.expired()
True
>>> clock.sync(phase=(1, 2), paused=False); clock.remaining()
90.0
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable

from ..rules.model.state import GameState
from ..rules.model.types import Phase


class PhaseClock:
    """How much of the current impulse phase's budget is left.

    The owner calls :meth:`sync` whenever the game or the screen changes (and on each tick)
    with a key naming the impulse phase under way (None between phases) and whether the clock
    is paused (a reaction pending, a dialog open, the game paused): a new key starts a full
    budget; a pause stops the count until it is lifted.
    """

    __slots__ = ("budget", "_now", "_phase", "_used", "_since")

    def __init__(self, budget: float, *, now: Callable[[], float] = time.monotonic) -> None:
        if budget <= 0:
            raise ValueError(f"a phase clock needs a positive budget, not {budget}")
        self.budget = float(budget)
        self._now = now
        self._phase: Hashable | None = None
        self._used = 0.0
        """Seconds used before the running stretch."""
        self._since: float | None = None
        """When the running stretch began (None while stopped)."""

    def sync(self, *, phase: Hashable | None, paused: bool) -> None:
        """Follow the game: a new phase resets the budget; ``paused`` stops or restarts the count."""
        now = self._now()
        if phase != self._phase:
            self._phase, self._used, self._since = phase, 0.0, None
        if phase is None or paused:
            if self._since is not None:
                self._used += now - self._since
                self._since = None
        elif self._since is None:
            self._since = now

    @property
    def running(self) -> bool:
        """A phase is under way and the clock is not paused."""
        return self._since is not None

    @property
    def phase(self) -> Hashable | None:
        """The key of the phase being timed (None between phases)."""
        return self._phase

    def used(self) -> float:
        """Seconds of the budget used in this phase."""
        if self._since is None:
            return self._used
        return self._used + self._now() - self._since

    def remaining(self) -> float:
        """Seconds left in this phase (never below 0)."""
        return max(0.0, self.budget - self.used())

    def expired(self) -> bool:
        """The budget of a phase under way is used up (§9.8)."""
        return self._phase is not None and self.used() >= self.budget

    def text(self) -> str:
        """``m:ss`` left, for the header."""
        left = int(self.remaining() + 0.999)
        return f"{left // 60}:{left % 60:02d}"


def phase_key(state: GameState) -> Hashable | None:
    """A key naming the impulse phase under way (None between phases, before play, at the end):
    the turn, the side and the chits left in the cup (one fewer after each draw)."""
    if state.over or state.active is None or state.phase != Phase.PLAY:
        return None
    return state.turn, state.active, len(state.cup)


__all__ = ["PhaseClock", "phase_key"]
