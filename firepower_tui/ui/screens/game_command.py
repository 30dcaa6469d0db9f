"""The game screen's command line (``:``): opening and closing it, and what a typed line does
(a view command such as ``:los`` or ``:rule``, else the controller's command; a mixin of
:class:`.game.GameScreen`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ..widgets.hex_map import HexMap
from ..widgets.side_log import SideLog
from .game_parts import GameScreenParts
from .game_views import command_line
from .see_commands import view_command

if TYPE_CHECKING:
    from textual.widgets import Input

    from ...controller.controller import Result


class CommandLine(GameScreenParts):
    """The part of :class:`.game.GameScreen` that runs its command line."""

    if TYPE_CHECKING:  # (the game screen's)
        def _sync(self, result: Result, cursor_only: bool = False) -> None: ...

    def open_command(self) -> None:
        box = command_line(self)
        self.command_open = True
        box.display = True
        box.value = ""
        box.focus()
        self.refresh_bindings()

    def _close_command(self) -> None:
        box = command_line(self)
        self.command_open = False
        box.display = False
        self.query_one(HexMap).focus()
        self.refresh_bindings()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value
        self._close_command()
        try:
            self._command(text)
        except Exception as exc:  # noqa: BLE001
            self._internal_error(exc, f"command {text!r}")

    def _command(self, text: str) -> None:
        if view_command(self, text):
            return
        result = self.c.command(text)
        if result.ok and result.message and not result.events:
            self.query_one(SideLog).write([self.shown(Text(line)) for line in result.message.splitlines()])
        self._sync(result)
