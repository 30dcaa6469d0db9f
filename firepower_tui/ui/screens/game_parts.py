"""The game screen with the objects it holds, as its views (:mod:`.game_views`), its reading
aids (:mod:`.see_commands`), its command line and its log (:mod:`.game_command`,
:mod:`.game_log`) see it; the screen's own state is :class:`.game_base.GameScreenBase`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .game_base import GameScreenBase

if TYPE_CHECKING:
    from ..computer import ComputerTurns
    from ..threat_view import ThreatView
    from .los_mode import LosMode
    from .reaction import ScreenClock


class GameScreenParts(GameScreenBase):
    """:class:`GameScreenBase` and the objects the game screen holds (it sets each)."""

    if TYPE_CHECKING:
        computer: ComputerTurns | None
        """The computer's sides, or None in a hotseat game."""
        los: LosMode
        """The ``los`` mode."""
        clock: ScreenClock
        """The phase clock (§9.8)."""
        threats: ThreatView
        """The threat view (v)."""

        def open_command(self) -> None:
            """Open the command line."""
