"""The app of one player of a shared game (``firepower join``): :class:`FirepowerApp` on a
:class:`~.screens.shared_game.SharedGameScreen`."""

from __future__ import annotations

import os

from ..games.session import Session
from ..games.shared import SharedGame
from .app import FirepowerApp, game_farewell
from .screens.game import GameScreen
from .screens.shared_game import SharedGameScreen


class SharedApp(FirepowerApp):
    """FIREPOWER, one side of a game another terminal plays too."""

    def __init__(self, session: Session, link: SharedGame, *, ascii: bool = False) -> None:
        super().__init__(session, ascii=ascii or bool(os.environ.get("FIREPOWER_ASCII")), store=link.store,
                         game_id=link.game_id)
        self.link = link
        self.sub_title = session.scenario.side_name(link.side)

    def farewell(self) -> str:
        """``Game 7 saved. Continue with: firepower join 7 --side tan`` (the same side again)."""
        session = self.session
        if session is None:
            return ""
        return game_farewell(self.link.game_id, session.state, self.link.store,
                             f"firepower join {self.link.game_id} --side {self.link.side}")

    def _game_screen(self) -> GameScreen:
        assert self.controller is not None
        result = self.controller.begin()  # a roll or chit draw that is due: whoever comes first (R121)
        return SharedGameScreen(self.controller, self.link, ascii=self.ascii, no_color=self.no_color,
                                opening_chit=result.chits[-1] if result.chits else None)

