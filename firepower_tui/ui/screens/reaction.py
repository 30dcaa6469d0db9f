"""The game screen's helpers for the optional rules: the hotseat hand-over when a reaction
opens and closes (§9.1, §9.2, §9.7), and the phase clock (§9.8, docs/rulings.md R35).

Both are small objects the :class:`~.game.GameScreen` holds and calls from its ``_sync``; they
read the controller and never change the game except through it (the clock's ``done``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text

from ...controller.base import AIMS, Mode
from ...controller.clock import PhaseClock, phase_key
from ...controller.controller import Result
from ...controller.reaction_prompt import what_opened
from ...rules.model.state import GameState
from ..widgets.side_log import SideLog

if TYPE_CHECKING:
    from .game_base import GameScreenBase


def decider(state: GameState) -> str | None:
    """The side at the keyboard: the reacting side while a reaction is open, else the active one."""
    return state.pending.side if state.pending is not None else state.active


class HandOver:
    """With ``--handover``: a pass-the-keyboard prompt when a reaction opens for the other side,
    and again when control returns (the new impulse phase has its own, :meth:`GameScreen._banner`)."""

    def __init__(self, screen: GameScreenBase) -> None:
        self.screen = screen
        self.side = decider(screen.c.state)

    def follow(self, result: Result) -> None:
        """After each action: a banner if another player must take the keyboard."""
        screen = self.screen
        state = screen.c.state
        now = decider(state)
        before, self.side = self.side, now
        if not screen.handover or now is None or now == before or result.chits or state.over:
            return
        name = state.scenario.side_name(now)
        style = f"bold {screen.side_styles.get(now, '')}"
        if state.pending is not None:
            text = Text(f"Reaction: {name} decides", style=style)
            text.append(f"\n{what_opened(screen.c)} [{state.pending.kind.rule}]")
        else:
            text = Text(f"Back to {name}'s impulse phase", style=style)
            text.append("\nThe reaction is answered; the log says how.")
        text.append(f"\nPass the keyboard to the {name} player.")
        from .modals import BannerScreen

        screen.app.push_screen(BannerScreen(screen.shown(text)))


class ScreenClock:
    """The phase clock on the game screen (§9.8): a one-second tick that redraws the header,
    stops while a reaction is open, a dialog is up or the player paused, and enters ``done``
    for the active side when the time is up (once an aimed or typed action is finished)."""

    def __init__(self, screen: GameScreenBase, now: Callable[[], float] = time.monotonic) -> None:
        self.screen = screen
        budget = screen.c.session.clock  # seconds while the clock rule is on (R35, R50), else None
        self.clock: PhaseClock | None = PhaseClock(budget, now=now) if budget is not None else None
        """None: the clock rule is off, and nothing here does anything."""
        self.paused = False
        """Paused by the player (P)."""

    def use_time(self, now: Callable[[], float]) -> None:
        """Time from ``now`` from here on (tests inject theirs); the phase starts afresh."""
        if self.clock is not None:
            self.clock = PhaseClock(self.clock.budget, now=now)
            self.sync()

    def start(self) -> None:
        if self.clock is not None:
            self.screen.set_interval(1, self.tick, name="phase clock")
            self.sync()

    def stopped(self) -> bool:
        """A reaction is open, a dialog is up, or the player paused."""
        screen = self.screen
        return (self.paused or screen.c.state.pending is not None
                or (screen.is_attached and screen.app.screen is not screen))

    def sync(self) -> None:
        if self.clock is not None:
            self.clock.sync(phase=phase_key(self.screen.c.state), paused=self.stopped())

    def header(self) -> Text | None:
        """The header's clock part: time left, or why it stands still."""
        clock = self.clock
        if clock is None or clock.phase is None:
            return None
        t = Text(" ")
        low = clock.remaining() <= 10
        t.append(f" clock {clock.text()} ", style="bold reverse red" if low else "bold reverse")
        if self.paused:
            t.append(" PAUSED (P resumes)", style="bold")
        elif self.screen.c.state.pending is not None:
            t.append(" (stopped: reaction)", style="dim")
        return t

    def tick(self) -> None:
        """Once a second: count, redraw the header, and end the phase when the time is up."""
        clock = self.clock
        if clock is None:
            return
        self.sync()
        self.screen.redraw_header()
        if not clock.expired() or self.stopped():
            return
        screen = self.screen
        if screen.c.mode in AIMS or screen.c.mode is Mode.TURN or screen.command_open:
            return  # the action in progress may be finished (or cancelled) first (R35)
        self.time_up()

    def time_up(self) -> None:
        """Enter ``done`` for the active side, as the rules record any ``done`` (§9.8, R35)."""
        screen, c = self.screen, self.screen.c
        side = c.state.scenario.side_name(c.state.active) if c.state.active else ""
        screen.query_one(SideLog).write([screen.shown(Text(f"⏱ {side}: time is up (§9.8)", style="bold"))])
        result = c.end_phase_now()
        if result.ok:
            c.say(f"Time is up (§9.8): {side}'s impulse phase ended")
        screen.sync_result(result)

    def toggle_pause(self) -> None:
        """P: stop or restart the clock; the map and panels stay in view."""
        screen = self.screen
        if self.clock is None:
            screen.c.say("No phase clock in this game: the optional rule clock (§9.8) is off")
        else:
            self.paused = not self.paused
            screen.c.say("Paused: the clock is stopped; P resumes (§9.8)" if self.paused else "The clock runs again")
        self.sync()
        screen.sync_result(Result())
