"""The game screen: map, panels, log, status line, footer; keys from the keymap table.

It is made of parts in files of their own (its mixins, its views, the objects it holds), which
see it as :class:`.game_base.GameScreenBase` or :class:`.game_parts.GameScreenParts` and never
import this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Static

from ...controller.controller import Controller, Mode, Result
from ...controller.keymap import KEYMAP, VIEW_INTENTS, Intent
from ...rules.board.hexgrid import Hex
from ...rules.model.events import ChitDrawn, Event
from ...rules.model.types import Phase
from ..crash import write_crash_report
from ..key_names import key_name
from ..render.ascii import fold
from ..render.log_text import event_text
from ..render.header import Seats, header_text
from ..render.panels import hex_text, soldier_text
from ..render.overlay_words import overlay_line
from ..render.reaction import bottom_panel, shows_panel
from ..widgets.footer import KeyFooter, deploying_words
from ..widgets.hex_map import HexMap
from ..widgets.lazy_log import warm_cell_widths
from ..widgets.side_log import SideLog
from ..threat_view import ThreatView
from .game_command import CommandLine
from .game_log import LogAndPrompts
from .game_views import VIEW_GUARDS, VIEWS, ask_quit, show_game_over
from .los_mode import LosMode
from .see_commands import linkify, open_rule
from .side_fit import PANELS as SIDE_PANELS, SideFit
from ..theme import load_theme
from .reaction import HandOver, ScreenClock

if TYPE_CHECKING:
    from ..computer import ComputerTurns
    from ..theme import Theme

KEY_INTENTS: dict[str, Intent] = {key: k.intent for k in KEYMAP for key in k.keys if not k.view}
"""The controller's intents by key (for a key whose binding is not offered now)."""
MIN_WIDTH, MIN_HEIGHT = 80, 24
GROWING_PANELS = frozenset(SIDE_PANELS)
"""The side panels that grow past their usual height when their text needs it (:mod:`.side_fit`)."""
SIDE_COLOURS = ("#ffd787", "#87ff87")
"""Tan-ish and green, as the counters (RULES.md §1.5); the map uses the same (ui/render/map_palette.py)."""

def seat_words(players: dict[str, str]) -> Seats:
    """The header's words for a game's ``players`` (side -> seat, :mod:`...games.seats`): none
    when every side is human (hotseat), else "you" for a person and the computer with its level."""
    from ...games.seats import COMPUTER, HUMAN

    if all(seat == HUMAN for seat in players.values()):
        return {}
    out: dict[str, tuple[str, ...]] = {}
    for side, seat in players.items():
        kind, _, level = seat.partition(":")
        out[side] = (f"computer, {level}", f"cpu {level}") if kind == COMPUTER else ("you",)
    return out


def _computer_turns(screen: GameScreen, controller: Controller, pace: float | None) -> ComputerTurns | None:
    """The computer's sides, its module loaded only for a game the computer plays."""
    if not controller.session.players:
        return None
    from ..computer import computer_turns

    return computer_turns(screen, controller, pace)


FOOTER_FIRST = (Intent.HELP, Intent.SELECT, Intent.END_IMPULSE, Intent.END_PHASE, Intent.SMOKE, Intent.MOLOTOV,
                Intent.SATCHEL, Intent.RADIO)
"""The footer's first keys, in this order, then the others in the keymap's: what fits at 80
columns. The §9.5 items come early: they are offered only while the man carries one, and
nothing else tells a player he does."""


def _bindings() -> list[BindingType]:
    out: list[BindingType] = []
    first = {intent: i for i, intent in enumerate(FOOTER_FIRST)}
    for k in sorted(KEYMAP, key=lambda k: first.get(k.intent, len(first))):  # (a stable sort: the rest as listed)
        out.append(Binding(",".join(k.keys), f"intent('{k.intent}')", k.label, show=k.footer, priority=True,
                           key_display=key_name(k.keys[0]), id=k.intent))
    return out


class GameScreen(LogAndPrompts, CommandLine):
    """Where the game is played."""

    BINDINGS: ClassVar[list[BindingType]] = _bindings()
    AUTO_FOCUS = ""
    """The map takes the focus just after the first frame (on_mount), not before it: a change
    of focus restyles the map and its component classes, and nothing shows the focus."""
    _resumed = False
    """Whether the first ScreenResume has been sent (see post_message)."""

    def __init__(self, controller: Controller, *, ascii: bool, no_color: bool, handover: bool,
                 opening_chit: ChitDrawn | None = None, pace: float | None = None) -> None:
        """``pace``: seconds between the computer's actions when it plays a side (None: the default)."""
        super().__init__()
        self.pace = pace
        self.computer = _computer_turns(self, controller, pace)
        """The computer's sides, or None in a hotseat game."""
        handover = handover and self.computer is None  # one player at the keyboard: nothing to pass
        self.threats = ThreatView(self, self.computer)
        """The threat view (v)."""
        self.c = controller
        self.opening_chit = opening_chit
        """The chit drawn as the game (re)started, announced in the first frame."""
        self.ascii = ascii
        self.no_color = no_color
        self.handover = handover
        self.command_open = False
        self._logged = 0
        self._entry_at: list[int] = []
        """For each event of the session's log, its entry in the side log (a take-back cuts there)."""
        self._prompt_open = False
        self._state_seen: object = None
        self._panel_cache: dict[str, object] = {}
        self.side = SideFit(self)
        """The soldier and hex panels' heights in the side column (:mod:`.side_fit`)."""
        sides = controller.state.sides
        self.side_styles = {sides[0]: SIDE_COLOURS[0], sides[1]: SIDE_COLOURS[1]}
        self.hand_over = HandOver(self)
        """Pass-the-keyboard prompts for reactions (§9.1, §9.2, §9.7)."""
        self.clock = ScreenClock(self)
        """The phase clock (§9.8; does nothing unless that rule is on)."""
        self.los = LosMode(self)
        """The ``los`` mode (the LOS explained on the map; its key and ``:los A B``)."""
        self.theme_name = "default"
        """The theme shown (ui/theme.py; the remembered one is applied on mount)."""

    # --- layout ----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield HexMap(self.c.state, ascii=self.ascii, lower_second=self.no_color or self.ascii, id="map")
                yield Static(id="preview")
            with Vertical(id="side"):
                yield Static(id="soldier-panel")
                yield Static(id="hex-panel")
                yield SideLog(self._entry_text, id="log")
        yield Static(id="status")
        yield KeyFooter(compact=True, show_command_palette=False)

    def post_message(self, message: Message) -> bool:
        """Textual's, except that the first ScreenResume, which it sends as the screen is pushed
        and handles just after the mount has styled every widget, does not style them all again
        (a second pass over some 60 widgets, with the map's component classes and two for
        each footer key, that cost the first frame about a third of its styling time). Later
        resumes (back from a modal or the history view) restyle as Textual decides."""
        if isinstance(message, events.ScreenResume) and not self._resumed:
            self._resumed = True
            message.refresh_styles = False
        return super().post_message(message)

    def on_screen_resume(self) -> None:
        """Back from the history view: the map shows the present again."""
        hex_map = self.query_one(HexMap)
        if hex_map.state is not self.c.state:
            hex_map.set_state(self.c.state)
        self._state_seen = self.c.state
        self.clock.sync()
        if self.computer is not None:
            self.computer.follow()
        self._check_size()  # (the window may have shrunk while another screen was up)

    def on_screen_suspend(self) -> None:
        """A dialog or another view is up: the phase clock stops (R35)."""
        self.clock.sync()

    def on_mount(self) -> None:
        hex_map = self.query_one(HexMap)
        self.call_after_refresh(self._focus_map)
        self._check_size()
        theme = load_theme()
        if theme.name != self.theme_name:
            self.apply_theme(theme)
        self._sync(Result())
        if self.opening_chit is not None:  # in the first frame, not one refresh later
            text = self._announce(self.opening_chit)
            if self.handover:
                from .modals import BannerScreen

                self.call_after_refresh(self.app.push_screen, BannerScreen(self.shown(text)))
        self.call_after_refresh(hex_map.scroll_to_cursor)
        self.call_after_refresh(warm_cell_widths)  # (after the first frame, not in the first take-back)
        self.clock.start()

    async def show_game(self, controller: Controller) -> None:
        """Play ``controller``'s game on this screen from now on, shown afresh as a new game
        screen would show it (a quick resume whose check failed goes on from its full replay)."""
        self.c = controller
        self.opening_chit = None
        self.command_open = False
        self._prompt_open = False
        self._logged = 0
        self._entry_at = []
        self._state_seen = None
        self._panel_cache = {}
        self.side = SideFit(self)
        self.hand_over, self.clock = HandOver(self), ScreenClock(self)
        self.los = LosMode(self)
        self.computer = _computer_turns(self, controller, self.pace)
        self.threats = ThreatView(self, self.computer)
        await self.recompose()
        self.on_mount()

    def _focus_map(self) -> None:
        if self.focused is None:  # (the command line may have opened meanwhile)
            self.query_one(HexMap).focus()

    def on_resize(self) -> None:
        self._check_size()
        self.redraw_header()
        self.call_after_refresh(self.side.fit)
        self.call_after_refresh(self.query_one(HexMap).scroll_to_cursor)

    def _check_size(self) -> None:
        """Under the least size the game needs, the too-small screen goes over it (and over any
        dialog): it takes every key until the window is large enough (it closes itself then)."""
        w, h = self.app.size
        if w >= MIN_WIDTH and h >= MIN_HEIGHT:
            return
        from .modals import TooSmallScreen

        if not any(isinstance(s, TooSmallScreen) for s in self.app.screen_stack):
            self.app.push_screen(TooSmallScreen((MIN_WIDTH, MIN_HEIGHT), lambda: ask_quit(self)))

    # --- keys -------------------------------------------------------------------------------------------

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys in force; while deploying, ``e`` reads as ending the placement (§10.2)."""
        active = super().active_bindings
        return deploying_words(active) if self.c.state.phase is Phase.DEPLOY else active

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action != "intent":
            return True
        intent = str(parameters[0]) if parameters else ""
        if self.command_open:
            return False
        if self.los.active:
            if not self.los.allows(intent):
                return False
            return self.VIEW_GUARDS.get(Intent(intent), bool)(self) if intent in VIEW_INTENTS else True
        if intent == Intent.CANCEL and self.threats.on:
            return True  # Esc leaves the threat view
        if self.computer is not None and self.computer.refusal(Intent(intent)) is not None:
            return False
        if intent in VIEW_INTENTS:
            if self.c.mode is Mode.CONFIRM_END:
                return False  # the question is open: this key answers it (on_key)
            return self.VIEW_GUARDS.get(Intent(intent), bool)(self)
        return True if self.c.can(intent) else False

    def action_intent(self, intent: str) -> None:
        try:
            self._intent(intent)
        except Exception as exc:  # noqa: BLE001 - a bug must not cost the player the game
            self._internal_error(exc, f"key intent {intent!r}")

    def _internal_error(self, exc: Exception, context: str) -> None:
        """Report a bug without a traceback; the game state is immutable, so it is as it was."""
        path = write_crash_report(exc, f"{context}\nactions so far: "
                                       + "; ".join(h.notation for h in self.c.session.history))
        self.c.reset_mode()
        self.notify(f"Internal error ({type(exc).__name__}); the game is unchanged. Report saved to {path}",
                    severity="error", timeout=10)

    def _intent(self, name: str) -> None:
        intent = Intent(name)
        if self.los.active and self.los.handle(intent):
            return
        refusal = self.computer.refusal(intent) if self.computer is not None else None
        if refusal is not None:
            self._sync(self.c.refused(refusal))
            return
        if intent is Intent.CANCEL and self.threats.on:
            self.threats.toggle()
            return
        view = self.VIEWS.get(intent)
        if view is not None:
            view(self)
            return
        result = self.c.dispatch(intent)
        self._sync(result, cursor_only=result.cursor_only)

    VIEWS = VIEWS
    """The intents the screen handles itself (:mod:`.game_views`)."""
    VIEW_GUARDS = VIEW_GUARDS
    """When the footer offers a view intent that is not always there (:mod:`.game_views`)."""

    def on_key(self, event: events.Key) -> None:
        if self.command_open:
            if event.key == "escape":
                self._close_command()
                event.stop()
            return
        if self.c.mode is Mode.CONFIRM_END:  # ending the phase was asked: any other key carries on
            event.stop()
            self.action_intent(Intent.CANCEL)
            return
        intent = KEY_INTENTS.get(event.key)
        if intent is not None and self.los.active and not self.los.allows(intent):
            return
        if intent is not None and intent in self.c.intents(self.c.mode):
            # a key the footer leaves out because the engine would refuse it: pressed anyway, the
            # controller tries it and the player reads the engine's reason (with its rule)
            event.stop()
            self.action_intent(intent)

    # --- mouse -----------------------------------------------------------------------------------------------

    def on_hex_map_hex_clicked(self, message: HexMap.HexClicked) -> None:
        self.c.set_cursor(message.hex)
        self._sync(Result())

    # --- show the state ---------------------------------------------------------------------------------------

    def _entry_text(self, entry: Event | Text) -> Text:
        """A side-log entry: an event of the game, or a line already made (refusals, answers);
        its rule references are links to the rulebook."""
        return linkify(entry if isinstance(entry, Text) else self._event_text(entry))

    def _event_text(self, e: Event) -> Text:
        return self.shown(event_text(e, self.c.state.scenario.side_name, lambda side: self.side_styles.get(side, "")))

    def shown(self, text: Text) -> Text:
        """Text as this terminal shows it (ASCII-folded with --ascii)."""
        return fold(text) if self.ascii else text

    def apply_theme(self, theme: Theme) -> None:
        """Show the game in ``theme`` (ui/theme.py): the sides' colours (header, log) and the map's styles."""
        self._panel_cache.clear()
        sides = self.c.state.sides
        self.side_styles = {sides[0]: theme.sides[0], sides[1]: theme.sides[1]}
        self.theme_name = theme.name
        self.query_one(HexMap).set_theme(theme.palette, theme.lower_second or self.no_color or self.ascii)
        self.sync_result(Result())

    def action_open_rule(self, ref: str) -> None:
        """A rule reference clicked in the log or a panel: the rulebook at its section."""
        open_rule(self, ref)

    def update_hex_panel(self) -> None:
        """The hex panel, with the map's marks on the cursor hex in words."""
        self._update("#hex-panel", hex_text(self.c) + overlay_line(self.query_one(HexMap).overlays_at(self.c.cursor)))

    def update_panel(self, widget_id: str, content: Text) -> None:
        """Show ``content`` in a panel (unless it shows it already)."""
        self._update(widget_id, content)

    def _update(self, widget_id: str, content: Text) -> None:
        content = self.shown(content)
        if self._panel_cache.get(widget_id) == content.plain + str(content.spans):
            return
        self._panel_cache[widget_id] = content.plain + str(content.spans)
        if widget_id in GROWING_PANELS:
            self.side.show(widget_id, content)
            return
        self.query_one(widget_id, Static).update(linkify(content), layout=False)

    def _sync(self, result: Result, cursor_only: bool = False) -> None:
        c = self.c
        hex_map = self.query_one(HexMap)
        if c.state is not self._state_seen:
            self._state_seen = c.state
            hex_map.set_state(c.state)
        if self.threats.on:  # the threat view follows the cursor
            hex_map.set_highlights(self.threats.highlights())
        elif not cursor_only:
            hex_map.set_highlights(c.highlights())
        hex_map.keep_in_view(self.kept_in_view())
        hex_map.set_cursor(c.cursor)
        self.update_hex_panel()
        if not cursor_only:
            self._update("#soldier-panel", soldier_text(c))
            self.redraw_header()
        aiming = shows_panel(c) or self.threats.on
        preview = self.query_one("#preview", Static)
        if preview.display != aiming:
            preview.display = aiming
        preview.set_class(self.threats.on, "-threats")
        if aiming:
            self._update("#preview", self.threats.panel() if self.threats.on else bottom_panel(c, self.side_styles))
        self._log_new(result)
        status = Text(c.message, style="bold red" if c.message_error else "")
        self._update("#status", status)
        if not cursor_only:
            self.refresh_bindings()
        if result.chits and not c.state.over:
            self._banner(result.chits[-1])
        self.hand_over.follow(result)
        self.clock.sync()
        if result.game_over is not None:
            show_game_over(self)
        self._setup_prompts()
        self.los.sync()
        if self.computer is not None:
            self.computer.follow()

    def kept_in_view(self) -> tuple[Hex, ...]:
        """The hexes the map keeps in view with the cursor: the los mode's origin, or while an
        action with a target is aimed (the odds panel open) the hex of the man who acts."""
        if self.los.origin is not None:
            return (self.los.origin,)
        s = self.c.soldier() if shows_panel(self.c) else None
        return (s.hex,) if s is not None and s.deployed else ()

    def sync_result(self, result: Result) -> None:
        """Show the state after ``result`` (the clock's ``done``, the pause key, the computer's move)."""
        self._sync(result)

    def sync_result_view(self) -> None:
        """Show the state again after a view changed what the map and panel show (the threat view)."""
        self._sync(Result())

    def redraw_header(self) -> None:
        """The header alone (the clock's tick redraws nothing else), laid out for the window's width."""
        self._update("#header", header_text(self.c, self.side_styles, self.clock.header(), width=self.app.size.width,
                                            seats=self.seats()))

    def seats(self) -> Seats:
        """Who plays each side, in words for the header: nothing when both sides are played at
        this keyboard; against the computer, "you" and the computer with its level."""
        return seat_words(self.c.session.players)
