"""The game screen's log and its prompts before turn 1: what the side log shows of the session's
log (a take-back cuts it, a quick resume puts the early history above), the impulse-phase
announcements, and the force builder and §10.2 choices (a mixin of :class:`.game.GameScreen`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from ...controller.controller import Result
from ...rules.model.events import ChitDrawn, Event, Rolled
from ...rules.model.types import Phase
from ..render.log_text import refusal_text
from ..widgets.side_log import SideLog
from .game_parts import GameScreenParts


class LogAndPrompts(GameScreenParts):
    """The part of :class:`.game.GameScreen` that keeps its log and opens its set-up prompts."""

    if TYPE_CHECKING:  # (the game screen's, set in its __init__)
        _prompt_open: bool
        _logged: int
        _entry_at: list[int]

        def _sync(self, result: Result, cursor_only: bool = False) -> None: ...
        def _update(self, widget_id: str, content: Text) -> None: ...

    # --- before turn 1 (§10.2, §10.3) -------------------------------------------------------------

    def _setup_prompts(self) -> None:
        """Open the force builder or a §10.2 choice when one is due (once each)."""
        c = self.c
        if self._prompt_open or (self.computer is not None and self.computer.deciding()):
            return  # the computer buys or chooses first
        if c.state.phase == Phase.FORCES:
            from .setup import ForceBuilderScreen

            self._prompt_open = True
            self.app.push_screen(ForceBuilderScreen(c), self._forces_done)
            return
        choice = c.pending_choice
        if choice is not None:
            from .setup import ChoiceScreen

            decider, what = choice
            name = c.state.scenario.side_name
            rolls = [e for e in c.session.log if isinstance(e, Rolled)][-2:]
            q = Text(f"{name(decider)} decides {what} (§10.2)\n", style="bold")
            q.append(", ".join(f"{r.purpose}: {r.total}" for r in rolls) + "\n", style="dim")
            self._prompt_open = True
            self.app.push_screen(ChoiceScreen(self.shown(q), [(sd, name(sd)) for sd in c.state.sides]),
                                 self._chosen)

    def _forces_done(self, _: object = None) -> None:
        self._prompt_open = False
        self._sync(self.c.begin())

    def _chosen(self, side: str | None) -> None:
        self._prompt_open = False
        self._sync(self.c.choose(side or self.c.state.sides[0]))

    def _log_new(self, result: Result) -> None:
        log = self.query_one(SideLog)
        session_log = self.c.session.log
        n = len(session_log)
        if n < self._logged:  # a take-back: its entries and whatever was written after them out, a line in
            log.replace_tail(self._entry_at[n], [self.shown(Text("↶ taken back [§9.9]", style="dim"))])
            del self._entry_at[n:]
        elif n > self._logged:
            start = len(log.entries)
            self._entry_at.extend(range(start, start + n - self._logged))
            log.write(session_log[self._logged:])
        self._logged = n
        if result.refusal is not None:
            log.write([self.shown(refusal_text(result.refusal.reason, result.refusal.rule))])

    def prepend_log(self, events: Sequence[Event]) -> None:
        """The early history of a quick resume arrived: put its events above what the log shows."""
        if not events:
            return
        log = self.query_one(SideLog)
        n = len(events)
        log.reset([*events, *log.sources])
        self._entry_at = [*range(n), *(i + n for i in self._entry_at)]
        self._logged += n

    def _banner(self, chit: ChitDrawn) -> None:
        """A new impulse phase: say so in the status line and, with --handover, in a banner."""
        text = self._announce(chit)
        if self.handover:
            from .modals import BannerScreen

            self.app.push_screen(BannerScreen(self.shown(text)))

    def _announce(self, chit: ChitDrawn) -> Text:
        """Put a new impulse phase in the status line; returns the banner's text."""
        side = chit.side
        name = self.c.state.scenario.side_name(side)
        text = Text(f"{name}'s impulse phase", style=f"bold {self.side_styles.get(side, '')}")
        text.append(f"\nChit {chit.letter} was drawn from the cup (6.1).")
        self.c.say(f"▶ {name}'s impulse phase (chit {chit.letter}): Enter on a marked hex")
        self._update("#status", Text(self.c.message, style=f"bold reverse {self.side_styles.get(side, '')}"))
        if self.handover:
            text.append(f"\nPass the keyboard to the {name} player.")
        return text
