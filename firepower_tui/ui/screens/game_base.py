"""The game screen as the objects it holds see it.

The game screen (:class:`.game.GameScreen`) imports every part it is made of; none of them may
import it back. What they use of it is declared here, beneath them all: :class:`GameScreenBase`
is the screen's own state and methods (the controller, the display options, its panels and
its sync), the type of the screen for the objects it holds (the computer's sides, the threat
view, the ``los`` mode, the hand-over and the clock, the side column), and
:class:`.game_parts.GameScreenParts` adds those objects, for its views and its command line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

if TYPE_CHECKING:
    from rich.text import Text

    from ...controller.controller import Controller, Result
    from ..theme import Theme


class GameScreenBase(Screen[None]):
    """What the game screen's parts use of it (the game screen sets and defines each)."""

    if TYPE_CHECKING:
        c: Controller
        """The game's controller."""
        ascii: bool
        """``--ascii``: the screen shows ASCII only."""
        handover: bool
        """``--handover``: a pass-the-keyboard prompt when the other player decides."""
        command_open: bool
        """The command line is open."""
        side_styles: dict[str, str]
        """Each side's colour (the theme's)."""
        theme_name: str
        """The theme shown (ui/theme.py)."""

        def shown(self, text: Text) -> Text:
            """Text as this terminal shows it."""

        def sync_result(self, result: Result) -> None:
            """Show the state after ``result``."""

        def sync_result_view(self) -> None:
            """Show the state again after a view changed what the map and panels show."""

        def update_panel(self, widget_id: str, content: Text) -> None:
            """Show ``content`` in a panel."""

        def update_hex_panel(self) -> None:
            """The hex panel, for the cursor's hex."""

        def redraw_header(self) -> None:
            """The header alone."""

        def apply_theme(self, theme: Theme) -> None:
            """Show the game in ``theme``."""

        def _internal_error(self, exc: Exception, context: str) -> None:
            """Report a bug without a traceback; the game goes on."""
