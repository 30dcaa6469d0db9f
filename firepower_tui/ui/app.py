"""The Textual app: ``make_app`` builds it from a scenario (STYLE.md §8)."""

from __future__ import annotations

import os
from pathlib import Path

from textual.app import App

from ..controller.controller import Controller
from ..controller.session import Session
from ..rules.scenario import Scenario
from .crash import write_crash_report
from .screens.game import GameScreen


class FirepowerApp(App[None]):
    """FIREPOWER, hotseat."""

    CSS_PATH = Path(__file__).with_name("firepower.tcss")
    TITLE = "FIREPOWER"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, session: Session, *, ascii: bool = False, handover: bool = False) -> None:
        super().__init__()
        self.session = session
        self.controller = Controller(session)
        self.ascii = ascii
        self.handover = handover

    def on_mount(self) -> None:
        if self.ascii:
            self.add_class("-ascii")
        result = self.controller.begin()
        screen = GameScreen(self.controller, ascii=self.ascii, no_color=self.no_color, handover=self.handover)
        self.push_screen(screen)
        if result.chits:
            screen.call_after_refresh(screen._banner, result.chits[-1])


    def _handle_exception(self, error: Exception) -> None:
        """Last resort: exit with a short message and a crash report instead of a traceback."""
        path = write_crash_report(error, "unhandled exception in the app")
        self.crash_report = path
        super()._handle_exception(error)
        self._exit_renderables.clear()
        self._exit_renderables.append(
            f"firepower: an internal error stopped the game ({type(error).__name__}: {error}).\n"
            f"A report was saved to {path}; please attach it to a bug report.")


def make_app(scenario: Scenario, *, seed: int = 1, ascii: bool = False, handover: bool = False,
             session: Session | None = None) -> FirepowerApp:
    """The app for a scenario (tests pass their own session or seed)."""
    if session is None:
        session = Session(scenario, seed=seed)
    if os.environ.get("FIREPOWER_ASCII"):
        ascii = True
    return FirepowerApp(session, ascii=ascii, handover=handover)
