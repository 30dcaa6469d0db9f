"""The game screen of one player of a shared game (``firepower join``): his own side's keys,
whose turn it is in the header, and the other player's moves as soon as they are stored.

The screen listens to its game's bell (:func:`~firepower_tui.games.watch.listen`, inotify),
which the other process rings after each commit of this game; each ring makes the screen ask
the store whether another process committed (``PRAGMA data_version``), and if so apply the new
entries to the live session and redraw. Without inotify it asks every :data:`POLL_SECONDS`.
"""

from __future__ import annotations

from rich.text import Text
from textual import events

from ...controller.controller import Controller, Result
from ...controller.keymap import VIEW_INTENTS
from ...games.replay import ReplayError
from ...games.session import Outcome
from ...games.shared import SharedGame
from ...games.watch import FolderWatch, listen
from ...rules.basic.turn import deciders
from ...rules.model.events import ChitDrawn
from ...rules.model.types import Phase
from ...rules.scenario.setup import budget
from ..render.header import Seats, header_text, short_name
from .game import KEY_INTENTS, GameScreen
from .reaction import ScreenClock
from .setup import ForceBuilderScreen

POLL_SECONDS = 1.5
"""How often a screen without inotify looks at the store."""
SAFETY_POLL_SECONDS = 5.0
"""How often a screen with inotify looks anyway (a writer that rings no bell)."""
BROWSING = frozenset(("cursor_n", "cursor_s", "cursor_ne", "cursor_se", "cursor_sw", "cursor_nw", "cursor_left",
                      "cursor_right", "next_soldier"))
"""Intents a player may use while the other decides: they only move the cursor (the footer
offers nothing else then; any other key pressed is refused with the reason)."""


def _acts(intent: str) -> bool:
    """Whether a key's intent acts in the game (only the deciding side's may), not a view or the cursor."""
    return intent not in VIEW_INTENTS and intent not in BROWSING


class SharedGameScreen(GameScreen):
    """:class:`GameScreen` for one side of a game another process plays too."""

    def __init__(self, controller: Controller, link: SharedGame, *, ascii: bool, no_color: bool,
                 opening_chit: ChitDrawn | None = None) -> None:
        super().__init__(controller, ascii=ascii, no_color=no_color, handover=False,
                         opening_chit=opening_chit)
        self.link = link
        self.clock = SharedClock(self)
        self._watch: FolderWatch | None = None
        self._waiting = False
        """Whether this side was waiting at the last redraw (the footer changes when it flips)."""

    @property
    def my_turn(self) -> bool:
        """Whether the game waits for this player's side (see ``rules.basic.turn.deciders``)."""
        return self.link.side in deciders(self.c.state)

    def on_mount(self) -> None:
        super().on_mount()
        self._watch = listen(self.link.store.path, self.link.game_id, self._poke)
        self.set_interval(POLL_SECONDS if self._watch is None else SAFETY_POLL_SECONDS, self.follow)
        self.call_after_refresh(self.follow)  # (a commit between the game's opening and the bell's first ring)

    def on_unmount(self) -> None:
        if self._watch is not None:
            self._watch.stop()
            self._watch = None

    def _poke(self) -> None:
        """From the watch thread: the game's bell rang (a commit of this game, whole)."""
        self.app.call_from_thread(self.follow)

    def follow(self) -> bool:
        """Apply what the other player stored since the last look, and show it; whether another
        process had committed anything."""
        link = self.link
        if not link.changed():
            return False
        seen = link.seen
        try:
            events = link.catch_up(self.c.session)
        except ReplayError as exc:
            self.app.exit(message=f"firepower: {exc}")
            return True
        if link.seen == seen:
            return True
        c = self.c
        c.reset_mode()
        if c.selected is not None and not self.my_turn:
            c.selected = None
        if self.my_turn and c.state.active == link.side and c.state.impulse == 0:
            c.cursor = c.start_cursor()
        if self.my_turn:
            c.pick_placer_man()  # placing (§10.2): a man to place, the cursor in the zone
        c.say("")
        c.reaction.follow()  # a reaction opened for this side (§9.1, §9.2, §9.7), or closed
        self._sync(Result(Outcome(events=tuple(events))))
        return True

    # --- keys: this player's side only -----------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "intent" and parameters and _acts(str(parameters[0])) and not self.my_turn:
            return False
        return super().check_action(action, parameters)

    def on_key(self, event: events.Key) -> None:
        """A key of the game's actions pressed while the other side decides: the reason is that
        it is not this player's decision (not what the controller would say of the key)."""
        intent = KEY_INTENTS.get(event.key)
        if intent is not None and _acts(intent) and not self.command_open and not self.los.active:
            refusal = self.link.waiting(self.c.state)
            if refusal is not None:
                event.stop()
                event.prevent_default()  # (Textual would call GameScreen.on_key next: the controller's word)
                self._sync(self.c.refused(refusal))

    def seats(self) -> Seats:
        """The other side is the other terminal's (this player's own is named first in the header: You: Tan)."""
        return {side: ("other terminal", "other") for side in self.c.state.sides if side != self.link.side}

    def redraw_header(self) -> None:
        """The header, whose decision it is said from this player's side: his move, or whom he waits for."""
        waiting = not self.my_turn
        self._update("#header", header_text(self.c, self.side_styles, self.clock.header(), width=self.app.size.width,
                                            seats=self.seats(), decision=self.decision()))
        if waiting != self._waiting:
            self._waiting = waiting
            self.refresh_bindings()

    def decision(self) -> tuple[Text, ...]:
        """The forms of the header's whose-decision part, longest first."""
        state = self.c.state
        name = state.scenario.side_name
        me = self.link.side
        style = f"bold reverse {self.side_styles.get(me, '')}"
        waiting = not self.my_turn
        you = Text(f" You: {name(me)} ", style=style)
        if state.over:
            word = short = Text(" game over ", style="bold reverse")
        elif waiting:
            others = sorted(deciders(state))
            word = Text(f" Waiting for {' and '.join(name(s) for s in others)}… ", style="bold")
            short = Text(f" Waiting for {' and '.join(short_name(name(s)) for s in others)}… ", style="bold")
        else:
            word = short = Text(" Your move ", style=style)
        you_short = Text(f" You: {short_name(name(me))} ", style=style)
        forms = (you + word, you + short, you_short + short)
        return tuple(f for i, f in enumerate(forms) if f.plain not in {g.plain for g in forms[:i]})

    def _setup_prompts(self) -> None:
        """The force builder (for this side only: both sides buy at once, §10.3) and the §10.2
        choices open only on the deciding player's screen."""
        if not self.my_turn:
            return
        if self.c.state.phase == Phase.FORCES:
            if not self._prompt_open:
                self._prompt_open = True
                self.app.push_screen(SharedForceBuilder(self.c, self.link.side), self._forces_done)
            return
        super()._setup_prompts()


class SharedClock(ScreenClock):
    """The phase clock (§9.8) on one player's screen of a shared game: each screen counts the
    phase, and only the active side's screen ends it when the time is up (ruling R122; the
    other's follows from the store)."""

    screen: SharedGameScreen

    def time_up(self) -> None:
        if self.screen.c.state.active == self.screen.link.side:
            super().time_up()


class SharedForceBuilder(ForceBuilderScreen):
    """The force builder of one side of a shared game (§10.3): it buys for that side only, while
    the other player buys for his on his own screen."""

    def __init__(self, controller: Controller, side: str) -> None:
        super().__init__(controller)
        self.own = side

    @property
    def side(self) -> str | None:
        """This player's side while it is still buying, else None (the builder closes)."""
        st = self.c.state
        return self.own if budget(st, self.own) is not None and self.own not in st.ready else None
