"""The game screen of a lesson: the game screen plus the lesson panel under the map and a hint key."""

from __future__ import annotations

from typing import ClassVar, Protocol, cast

from textual.binding import Binding, BindingType
from textual.widgets import Static

from ...controller.controller import Controller, Result
from ...games.lesson_progress import LessonProgress
from ...games.lessons import LessonRun
from ...rules.model.events import ChitDrawn
from ..render.lesson_text import lesson_panel_text
from ..widgets.hex_map import HexMap
from .game import GameScreen


class LessonApp(Protocol):
    """What the lesson's screen asks of its app besides Textual's (``LearnApp``, which imports this screen)."""

    def lesson_done(self) -> None: ...


class LessonGameScreen(GameScreen):
    """A lesson's game: every accepted action is checked against the current step (data: the
    engine's events and state, :mod:`...games.lessons`); the panel under the map says what to try."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *GameScreen.BINDINGS,
        Binding("H", "hint", "Hint", priority=True),
    ]

    def __init__(self, controller: Controller, lesson_run: LessonRun, progress: LessonProgress, *, number: int, total: int,
                 ascii: bool, no_color: bool, opening_chit: ChitDrawn | None = None) -> None:
        super().__init__(controller, ascii=ascii, no_color=no_color, handover=False, opening_chit=opening_chit)
        self.lesson_run = lesson_run
        self.progress = progress
        self.number = number
        self.total = total
        self.hint = False
        self._announced_done = False
        self._aiming = False
        """The odds panel is up under the map: the lesson panel keeps to the step itself (80x24)."""

    def on_mount(self) -> None:
        """(GameScreen's own on_mount runs after this one: Textual calls each class's handler.)"""
        self.query_one("#left").mount(Static(id="lesson"), before="#preview")
        self.call_after_refresh(self.show_lesson)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hint":
            return not self.command_open and self.lesson_run.step is not None
        return super().check_action(action, parameters)

    def action_hint(self) -> None:
        self.hint = True
        self.show_lesson()

    def _sync(self, result: Result, cursor_only: bool = False) -> None:
        super()._sync(result, cursor_only)
        if cursor_only or not self.is_mounted:
            return
        if self.lesson_run.observe():
            self.hint = False
            told = self.progress.problem is not None
            self.progress.record(self.lesson_run.lesson, self.lesson_run.index)
            if self.progress.problem is not None and not told:  # once, not at every step
                self.notify(self.progress.problem, severity="warning", timeout=8)
        aiming = bool(self.query_one("#preview", Static).display)
        if aiming != self._aiming:  # the odds panel came or went: the map's height changed
            self._aiming = aiming
            self.call_after_refresh(self.query_one(HexMap).scroll_to_cursor)
        self.show_lesson()

    def show_lesson(self) -> None:
        """The lesson panel as the lesson stands; the end-of-lesson prompt once it is done."""
        panels = self.query("#lesson")
        if not panels:
            return
        panels.first(Static).update(self.shown(lesson_panel_text(self.lesson_run, self.number, self.total, hint=self.hint,
                                                                 ascii=self.ascii, compact=self._aiming)))
        if self.lesson_run.done and not self._announced_done:
            self._announced_done = True
            self.app.call_later(cast(LessonApp, self.app).lesson_done)
