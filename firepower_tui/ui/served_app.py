"""A served game on a connected player's screen (``firepower serve``): his side of the game as
``firepower join`` plays it, plus the chat (``'``), the names of the other player and of those
watching in the header, and the dice's seed once the game is over. A watcher gets the same
screen, read-only: no key of his reaches the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import Input

from ..controller.controller import Controller, Result
from ..games import served
from ..games.served import ChatRefused, Player
from ..games.watching import Watching
from ..games.session import Session
from ..games.shared import SharedGame
from ..rules.model.errors import Refusal
from ..rules.model.events import ChitDrawn, Event
from ..rules.basic.turn import deciders, nobodys_decision
from .render.header import Seats, short_name
from .screens.game import GameScreen
from .screens.game_views import command_line
from .screens.shared_game import SharedGameScreen
from .quiet_driver import quiet
from .shared_app import SharedApp
from .widgets.side_log import SideLog

CHAT_STYLE = "italic magenta"
"""How a chat line looks in the log (no event of the game looks so)."""
CHAT_RULING = "R260"
"""The ruling on the chat of a served game (docs/rulings.md)."""
CHAT_PLACEHOLDER = "say it to the other player (Enter sends, Esc closes)"


class ServedGameScreen(SharedGameScreen):
    """One player's side of a served game, with the chat."""

    BINDINGS: ClassVar[list[BindingType]] = [*SharedGameScreen.BINDINGS,
                                             Binding("apostrophe", "chat", "Chat", key_display="'")]

    def __init__(self, controller: Controller, link: SharedGame, *, player: Player, ascii: bool, no_color: bool,
                 opening_chit: ChitDrawn | None = None) -> None:
        super().__init__(controller, link, ascii=ascii, no_color=no_color, opening_chit=opening_chit)
        self.player = player
        self.chatting = False
        self.chat_seen = 0
        self.watching: list[str] = []
        self.names: dict[str, str] = {}
        """The player of each taken side, by side."""
        self._seed_shown = False
        self._chat_at: list[tuple[int, Text]] = []
        """The chat lines in the log: each one's place and text."""
        self.computer_sides = served.computer_sides(link.store.game(link.game_id))
        """The sides the computer plays, with its level."""

    def on_mount(self) -> None:
        super().on_mount()
        self._follow_room()

    # --- the other player's moves, the chat, who watches ----------------------------------------------

    def follow(self) -> bool:
        changed = super().follow()
        if changed:
            self._follow_room()
        return changed

    def _follow_room(self) -> None:
        store, game_id = self.link.store, self.link.game_id
        lines = served.chat(store, game_id, after=self.chat_seen)
        if lines:
            name = self.c.state.scenario.side_name
            self._write_chat([self.shown(Text("✉ " + served.chat_label(line, name(line.side) if line.side else None),
                                              style=CHAT_STYLE)) for line in lines])
            self.chat_seen = lines[-1].n
        watching = served.watchers(store, game_id)
        names = {side: seat.name for side, seat in served.seats(store, game_id).items()}
        if (watching, names) != (self.watching, self.names):  # (a header costs a few ms: only when it changes)
            self.watching, self.names = watching, names
            self.redraw_header()
        self._reveal_seed()

    def _write_chat(self, lines: list[Text]) -> None:
        """Chat lines at the end of the log, their places noted (a take-back keeps them)."""
        log = self.query_one(SideLog)
        start = len(log.entries)
        log.write(lines)
        self._chat_at.extend(zip(range(start, start + len(lines)), lines, strict=True))

    def _log_new(self, result: Result) -> None:
        """The log after a move or a take-back; a take-back cuts the log from its move's first line
        on, and the chat lines written since are written again after it (they were said)."""
        log = self.query_one(SideLog)
        n = len(self.c.session.log)
        cut_at = self._entry_at[n] if n < self._logged else None
        super()._log_new(result)
        if cut_at is None:
            return
        kept = [(i, text) for i, text in self._chat_at if i < cut_at]
        cut = [text for i, text in self._chat_at if i >= cut_at]
        self._chat_at = kept
        if cut and log.is_mounted:
            self._write_chat(cut)

    def prepend_log(self, events: Sequence[Event]) -> None:
        super().prepend_log(events)
        self._chat_at = [(i + len(events), text) for i, text in self._chat_at]

    def _reveal_seed(self) -> None:
        """Once the game is over, its seed is no secret (R181): the log and the status line say it,
        with how to check every roll."""
        if not self.c.state.over:
            return
        seed = self.link.store.game(self.link.game_id).seed
        line = f"The dice's seed was {seed}: `record {self.link.game_id}` over SSH gives the record to check every roll"
        if not self._seed_shown:
            self._seed_shown = True
            self.query_one(SideLog).write([self.shown(Text(line, style="bold"))])
        self._update("#status", Text(line, style="bold"))

    def _sync(self, result: Result, cursor_only: bool = False) -> None:
        super()._sync(result, cursor_only)
        if self.c.state.over and self.is_mounted:
            self._reveal_seed()

    # --- the chat line -----------------------------------------------------------------------------------

    def action_chat(self) -> None:
        """``'``: a line at the bottom; Enter sends it to the other player (and the watchers)."""
        if self.command_open:
            return
        self.open_command()
        box = command_line(self)
        box.placeholder = CHAT_PLACEHOLDER
        self.chatting = True

    def _close_command(self) -> None:
        if self.chatting:
            from .screens.game_views import COMMAND_PLACEHOLDER

            command_line(self).placeholder = COMMAND_PLACEHOLDER
            self.chatting = False
        super()._close_command()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """A chat line sent (else the command line's handler, the base class's, runs next)."""
        if not self.chatting:
            return
        event.prevent_default()  # (Textual calls each class's handler in turn unless told not to)
        text = event.value
        self._close_command()
        self._send_chat(text)

    def _send_chat(self, text: str) -> None:
        try:
            served.post_chat(self.link.store, self.link.game_id, self.player, self.link.side, text)
        except ChatRefused as exc:
            self._sync(self.c.refused(Refusal(reason=f"chat: {exc}", rule=CHAT_RULING)))
            return
        self._follow_room()  # (the process's own commit wakes no watch of its own)

    # --- the header ----------------------------------------------------------------------------------------

    def seats(self) -> Seats:
        return {side: self.seat_names(side) for side in self.c.state.sides if side != self.link.side}

    def seat_names(self, side: str) -> tuple[str, str]:
        """Who plays ``side``, long and short: a player's name, the computer, or a free seat."""
        name = self.names.get(side)
        if name is not None:
            return name, short_name(name)
        if side in self.computer_sides:
            return f"computer ({self.computer_sides[side]})", "computer"
        return "free seat", "free"

    def decision(self) -> tuple[Text, ...]:
        """The whose-move part as the shared screen words it; with watchers, its short form and
        who watches (never left out: the header says who watches)."""
        if not self.watching:
            return super().decision()
        return tuple(f + e for f in self._decision_forms() for e in self._eyes())

    def _eyes(self) -> tuple[Text, Text]:
        """Who watches, long and short."""
        return (Text(f" watching: {', '.join(self.watching)} ", style="dim"),
                Text(f" {len(self.watching)} watching ", style="dim"))

    def _decision_forms(self) -> tuple[Text, ...]:
        name = self.c.state.scenario.side_name
        me = self.link.side
        style = f"bold reverse {self.side_styles.get(me, '')}"
        if self.c.state.over:
            word = Text(" game over ", style="bold reverse")
        elif not self.my_turn:
            word = Text(f" Waiting for {' and '.join(short_name(name(s)) for s in sorted(deciders(self.c.state)))}… ",
                        style="bold")
        else:
            word = Text(" Your move ", style=style)
        return (Text(f" You: {short_name(name(me))} ", style=style) + word,)


class WatchScreen(ServedGameScreen):
    """A watcher's screen: the map and the log live; every key that would act is refused."""

    BINDINGS: ClassVar[list[BindingType]] = list(SharedGameScreen.BINDINGS)

    def action_chat(self) -> None:
        self._sync(self.c.refused(Refusal(reason="watchers read the chat; only the two players write it", rule=CHAT_RULING)))

    def seats(self) -> Seats:
        return {side: self.seat_names(side) for side in self.c.state.sides}

    def decision(self) -> tuple[Text, ...]:
        st = self.c.state
        name = st.scenario.side_name
        if st.over:
            word = Text(" game over ", style="bold reverse")
        else:
            to_move = nobodys_decision(st) or f"{' and '.join(short_name(name(s)) for s in sorted(deciders(st)))} to move"
            word = Text(f" {to_move} ", style="bold")
        base = (Text(" Watching ", style="bold reverse") + word,)
        return tuple(f + e for f in base for e in self._eyes()) if self.watching else base


class ServedApp(SharedApp):
    """A connected player's game (or a watcher's, with a :class:`Watching` link)."""

    def __init__(self, session: Session, link: SharedGame, player: Player, *, ascii: bool = False) -> None:
        super().__init__(session, link, ascii=ascii)
        self.driver_class = quiet(self.driver_class)  # (an idle connection costs no CPU)
        self.player = player
        if isinstance(link, Watching):
            self.sub_title = "watching"

    def quit_question(self) -> str:
        if isinstance(self.link, Watching):
            return "Stop watching, back to the lobby?"
        return "Back to the lobby? (your seat and every move are kept)"

    def farewell(self) -> str:
        return ""  # (back to the lobby)

    def _game_screen(self) -> GameScreen:
        assert self.controller is not None
        link = self.link
        if isinstance(link, Watching):
            return WatchScreen(self.controller, link, ascii=self.ascii, no_color=self.no_color, player=self.player)
        result = self.controller.begin()  # a roll or chit draw that is due: whoever comes first (R121)
        return ServedGameScreen(self.controller, link, ascii=self.ascii, no_color=self.no_color, player=self.player,
                                opening_chit=result.chits[-1] if result.chits else None)

