"""Modal screens: help, rules text, confirm, hand-over banner, end of game; the too-small screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual import events
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from ..widgets.full_log import FullLog
from ..widgets.lazy_log import Render

if TYPE_CHECKING:
    from ..rules_text import RulesPage


class TextScreen(ModalScreen[None]):
    """A scrollable page of text; Esc, q or Enter closes it."""

    BINDINGS = [Binding("escape,q,enter,question_mark,r,l", "dismiss_screen", "Close", priority=True)]

    def __init__(self, text: Text | RulesPage, title: str, *, at_end: bool = False) -> None:
        super().__init__()
        self.body = text
        self.title_text = title
        self.at_end = at_end
        """Open scrolled to the end (the newest lines)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.title_text, style="bold"), id="dialog-title")
            with VerticalScroll(id="dialog-body"):
                yield Static(self.body)
            yield Static(Text("Esc closes | up/down PgUp/PgDn scroll", style="dim"), id="dialog-foot")

    def on_mount(self) -> None:
        if self.at_end:
            body = self.query_one("#dialog-body", VerticalScroll)
            self.call_after_refresh(lambda: body.scroll_end(animate=False))

    def action_dismiss_screen(self) -> None:
        self.dismiss(None)


class LogScreen(ModalScreen[None]):
    """The game log as a :class:`TextScreen` shows a page, newest last at the bottom; only the lines
    on screen are wrapped (see :mod:`..widgets.lazy_log`)."""

    BINDINGS = TextScreen.BINDINGS

    def __init__(self, entries: list[object], render: Render, title: str) -> None:
        super().__init__()
        self.entries = entries
        self.render_entry = render
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.title_text, style="bold"), id="dialog-title")
            log = FullLog(self.render_entry, id="dialog-body")
            log.write(self.entries)
            yield log
            yield Static(Text("Esc closes | up/down PgUp/PgDn scroll", style="dim"), id="dialog-foot")

    def action_dismiss_screen(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A question with two answers (y/Enter = True, n/Esc = False by default)."""

    BINDINGS = [Binding("y,enter", "answer(True)", "Yes", priority=True),
                Binding("n,escape", "answer(False)", "No", priority=True)]
    HINT = "y / Enter: yes    n / Esc: no"

    def __init__(self, question: str | Text) -> None:
        super().__init__()
        self.question = question if isinstance(question, Text) else Text(question, style="bold")

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="small"):
            yield Static(self.question)
            yield Static(Text(self.HINT, style="dim"))

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


class BannerScreen(ModalScreen[None]):
    """Hand-over: whose impulse phase it is now."""

    BINDINGS = [Binding("enter,space,escape", "close", "Continue", priority=True)]

    def __init__(self, text: Text) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="small banner"):
            yield Static(self.text)
            yield Static(Text("Enter: continue", style="dim"))

    def action_close(self) -> None:
        self.dismiss(None)


class EndScreen(ConfirmScreen):
    """The result. Enter/Esc looks at the map (False); q quits (True)."""

    BINDINGS = [Binding("escape,enter", "answer(False)", "Look at the map", priority=True),
                Binding("q,Q", "answer(True)", "Quit", priority=True)]
    HINT = "Enter: look at the map    q: quit"


class TooSmallScreen(Screen[None]):
    """Over the game while the terminal is smaller than the game needs: it says so, takes every
    key itself (the game hears none) and closes when the window is large enough again; Q asks
    to quit, as on the map."""

    BINDINGS = [Binding("Q", "quit_game", "Quit", priority=True)]

    def __init__(self, min_size: tuple[int, int], ask_quit: Callable[[], None], *, what: str = "FIREPOWER",
                 waiting: str = "the game is waiting as you left it") -> None:
        """``what`` needs the size; ``waiting``: what is kept meanwhile (the editor says its own)."""
        super().__init__()
        self.min_size = min_size
        self.ask_quit = ask_quit
        self.what = what
        self.waiting = waiting

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self._say()

    def fits(self) -> bool:
        """Whether the terminal is large enough for the game."""
        w, h = self.app.size
        return w >= self.min_size[0] and h >= self.min_size[1]

    def _say(self) -> None:
        w, h = self.app.size
        need_w, need_h = self.min_size
        self.query_one("#too-small", Static).update(Text(
            f"Terminal too small: {w}x{h}.\n{self.what} needs at least {need_w}x{need_h}.\n"
            f"Enlarge the window; {self.waiting} (Q quits).", style="bold"))

    def on_resize(self, event: events.Resize) -> None:
        if self.fits():
            if self.app.screen is self:
                self.dismiss(None)
            return
        self._say()

    def on_key(self, event: events.Key) -> None:
        """Any other key: nothing (the game under this screen does not hear it)."""
        event.stop()
        event.prevent_default()

    def action_quit_game(self) -> None:
        self.ask_quit()
