"""The Textual app: ``make_app`` builds it from a scenario (docs/style.md §8)."""

from __future__ import annotations

import gc
import os
import shlex
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from textual import events
from textual.app import App
from textual.screen import Screen

from ..controller.controller import Controller
from ..games.session import Session
from ..rules.model.errors import FirepowerError
from ..rules.model.scenario import Scenario
from ..rules.model.state import GameState
from ..games.store import Store
from .screens.game import GameScreen
from .widgets.terminal_cursor import load_show_cursor, write_cursor_mode

if TYPE_CHECKING:  # the other screens are imported when they are opened: the first frame needs none
    from ..games.replay import OnEntry
    from .screens.history import HistoryScreen

CHECK_QUIET = 0.4
"""Seconds after the player's last key before the background check of a quick resume goes on."""
SWITCH_INTERVAL = 0.0005
"""Seconds a thread of the app may keep the GIL while another waits for it, while the app runs
(Python's default is 0.005). Textual writes each frame from its own output thread: the frame is
queued, and the game's thread goes on (the footer's keys, the collector) while the writer waits
for the lock, up to the whole default interval (traced: 5.7-6.4 ms from a take-back's frame to its
bytes in the pty; under 1 ms at this interval). The background check of a quick resume shares the
lock with the game's thread too. A thread that waits for nothing asks for no lock, so a shorter
interval costs nothing while only the game's thread runs."""


class PickStarter(Protocol):
    """Starts the game picked in the scenario picker: its scenario, deployment and optional rules,
    and, when the picker chose it, who plays each side (the command line's ``_starter``)."""

    def __call__(self, scenario_ref: str, deploy: bool, rules: tuple[str, ...], *,
                 players: dict[str, str] | None = None, advice: bool | None = None) -> tuple[Session, int]: ...


class _CheckStopped(Exception):
    """The app closed while its background check was waiting for the player."""


class FirepowerApp(App[None]):
    """FIREPOWER, hotseat."""

    CSS_PATH = Path(__file__).with_name("firepower.tcss")
    TITLE = "FIREPOWER"
    ENABLE_COMMAND_PALETTE = False
    _switch_before: float | None = None
    """The GIL switch interval before the app set its own (:data:`SWITCH_INTERVAL`), restored on unmount."""

    def __init__(self, session: Session | None, *, ascii: bool = False, handover: bool = False,
                 store: Store | None = None, game_id: int | None = None, replay_only: bool = False,
                 title: tuple[str, str] | None = None, on_choice: Callable[[str], tuple[Session, int] | None] | None = None,
                 picker: list[tuple[Scenario, bool]] | None = None,
                 on_pick: PickStarter | None = None,
                 picker_rules: Callable[[Scenario], Sequence[str] | None] | None = None,
                 picker_clock: int | None = None, picker_players: tuple[str | None, str] = (None, "normal"),
                 pace: float | None = None, picker_advice: bool = True) -> None:
        """``picker_rules`` and ``picker_clock``: the rules and the clock the picker starts each
        scenario with (the command line's ``--rules`` and ``--clock``; R50); ``picker_players``:
        the side the computer plays and its level there (``--vs-computer``, ``--level``);
        ``pace``: seconds between the computer's actions (``--pace``); ``picker_advice``: whether
        the picker starts with advice allowed (``--no-advice``: off, R270)."""
        super().__init__()
        self.picker_players = picker_players
        self.picker_advice = picker_advice
        self.pace = pace
        self.last_input = 0.0
        """``time.monotonic()`` of the player's last key or click."""
        self.session = session
        self.controller = Controller(session) if session is not None else None
        self.ascii = ascii
        self.handover = handover
        self.store = store
        self.game_id = game_id
        self.replay_only = replay_only
        self.title_labels = title
        self.on_choice = on_choice
        self.picker = picker
        self.on_pick = on_pick
        self.picker_rules = picker_rules
        self.picker_clock = picker_clock
        if ascii:
            self.add_class("-ascii", update=False)  # before the first screen is styled
        self.show_cursor = False
        """The terminal's cursor shown (the ``cursor`` setting; Textual hides it)."""
        self.next_command: str | None = None
        """A command to run once this app has closed (``learn``: the title screen's lessons)."""
        self._opens_on_game = session is not None and title is None and not replay_only
        """The game screen is the first screen (see get_default_screen)."""

    def get_default_screen(self) -> Screen[Any]:
        """The game screen itself when the app opens on a game (no title screen, picker or
        replay view): Textual's blank default screen, mounted, styled and resumed under the
        game screen pushed on top of it, cost the first frame about 20 ms for nothing."""
        if self._opens_on_game:
            return self._game_screen()
        return super().get_default_screen()

    def on_mount(self) -> None:
        self._switch_before = sys.getswitchinterval()
        sys.setswitchinterval(min(self._switch_before, SWITCH_INTERVAL))  # (restored in on_unmount)
        self.set_show_cursor(load_show_cursor())
        self.app_resume_signal.subscribe(self, lambda _app: self.set_show_cursor(self.show_cursor))
        if self._opens_on_game:
            self._check_later()
        else:
            self._first_screen()
        self.screen.call_after_refresh(resume_gc)  # the first screen: after its first frame

    def set_show_cursor(self, on: bool) -> None:
        """Show the terminal's own cursor (it stands on the map's cursor hex) or hide it, as
        Textual does (``:cursor``, ``--show-cursor``; ui/widgets/terminal_cursor.py)."""
        if on or self.show_cursor:
            write_cursor_mode(self, on)
        self.show_cursor = on

    def _first_screen(self) -> None:
        if self.title_labels is not None:
            from .screens.title import TitleScreen

            self.push_screen(TitleScreen(*self.title_labels, can_pick=self.picker is not None), self._chosen)
            return
        if self.session is None and self.picker is not None:
            self._pick()
            return
        self._start()

    def _pick(self) -> None:
        from .screens.setup import ScenarioPicker

        assert self.picker is not None
        picker = ScenarioPicker(self.picker, self.picker_rules, self.picker_clock, self.picker_players,
                                advice=self.picker_advice)
        self.push_screen(picker, lambda choice: self._picked(choice, picker.advice))

    def _picked(self, choice: tuple[str, bool, tuple[str, ...]] | tuple[str, bool, tuple[str, ...], dict[str, str]]
                | None, advice: bool | None = None) -> None:
        """Start the game picked; ``advice``: whether its players may ask advice, as the picker left it."""
        if choice is None or self.on_pick is None:
            self.exit()
            return
        try:
            if len(choice) == 4:  # the computer plays a side
                self.session, self.game_id = self.on_pick(*choice[:3], players=choice[3], advice=advice)
            else:
                self.session, self.game_id = self.on_pick(*choice, advice=advice)
        except FirepowerError as exc:
            self.exit(message=str(exc))
            return
        self.controller = Controller(self.session)
        self._start()

    def _chosen(self, choice: str | None) -> None:
        if choice == "pick":
            self._pick()
            return
        if choice == "learn":  # the lessons are their own app (ui/learn_app.py): the command starts it next
            self.next_command = "learn"
            self.exit()
            return
        if choice in (None, "quit") or self.on_choice is None:
            self.exit()
            return
        try:
            picked = self.on_choice(choice)
        except FirepowerError as exc:
            self.exit(message=str(exc))
            return
        if picked is None:
            self.exit()
            return
        self.session, self.game_id = picked
        self.controller = Controller(self.session)
        self._start()

    def _start(self) -> None:
        assert self.session is not None and self.controller is not None
        if self.replay_only:
            self.push_screen(self.history_screen(replay_only=True, start=0))
            return
        self.push_screen(self._game_screen())
        self._check_later()

    def _game_screen(self) -> GameScreen:
        """Start of play (the first chit is drawn and recorded), and the screen to play it on."""
        assert self.controller is not None
        result = self.controller.begin()
        return GameScreen(self.controller, ascii=self.ascii, no_color=self.no_color, handover=self.handover,
                          opening_chit=result.chits[-1] if result.chits else None, pace=self.pace)

    def _check_later(self) -> None:
        """A quick resume: check it against the full replay after the first frame."""
        assert self.session is not None
        if self.session.unchecked is not None and self.store is not None:
            self.screen.call_after_refresh(self._check_in_background)

    # --- a quick resume is checked against the full replay after the first frame -------------------

    def _check_in_background(self) -> None:
        """Replay the whole stored game in a thread (its own database connection) and check the
        quickly resumed session against it; the early history arrives with it."""
        assert self.store is not None and self.session is not None
        session, path = self.session, self.store.path

        def give_way(_entry: object) -> None:
            """Between two replayed actions: wait while the player is at the keys. The check's
            thread shares the interpreter with the game's (one GIL): running beside a key's
            handling and drawing, it made a take-back half as fast (50-100 ms, not 30)."""
            while time.monotonic() - self.last_input < CHECK_QUIET:
                if worker.is_cancelled:
                    raise _CheckStopped
                time.sleep(CHECK_QUIET / 4)

        def replay_all() -> None:
            # Until the game's thread hears of a key (and this one gives way), they share the GIL,
            # handed over every SWITCH_INTERVAL (the app's, set on mount).
            store = Store(path)
            try:
                full, error = replay_for_check(store, session, on_entry=give_way)
            except _CheckStopped:  # the app is closing: the next resume checks again
                return
            finally:
                store.close()
            if full is not None or error is not None:
                self.call_from_thread(self._checked, full, error)

        worker = self.run_worker(replay_all, thread=True, exclusive=True, group="check-resume")

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.MouseDown)):
            self.last_input = time.monotonic()  # the background check gives way (_check_in_background)
        await super().on_event(event)

    def ensure_complete(self) -> bool:
        """Before anything that needs the early history (history view, statistics): check and
        complete a quick resume now if the background check has not yet. False if it failed."""
        session = self.session
        if session is None or session.unchecked is None or self.store is None:
            return True
        return self._checked(*replay_for_check(self.store, session))

    def _checked(self, full: Session | None, error: Exception | None) -> bool:
        from ..games.service import complete
        from ..games.replay import ReplayError

        session = self.session
        if session is None or session.unchecked is None:
            return True  # done already (the history view asked first)
        before = len(session.log)
        if full is not None:
            try:
                complete(session, full)
            except ReplayError as exc:
                error = exc
        if error is not None:
            self._reload_in_full(error)
            return False
        screen = self.screen
        if isinstance(screen, GameScreen):
            screen.prepend_log(session.log[:len(session.log) - before])
        else:
            for s in self.screen_stack:
                if isinstance(s, GameScreen):
                    s.prepend_log(session.log[:len(session.log) - before])
        freeze_history()
        return True

    def _reload_in_full(self, error: Exception) -> None:
        """The checkpoint disagrees with the replay (or the replay fails): the replay is the game.
        Drop the checkpoint, say so, and go on from the full replay of every stored entry."""
        from ..games.service import attach_recorder, load_game
        from ..games.replay import ReplayError
        from .screens.modals import TextScreen

        assert self.store is not None and self.game_id is not None and self.session is not None
        self.store.drop_checkpoint(self.game_id)
        try:
            session = load_game(self.store, self.game_id)
        except ReplayError as exc:
            self.exit(message=f"firepower: {exc}")
            return
        attach_recorder(session, self.store, self.game_id)
        self.session = session
        self.controller = Controller(session)
        self.controller.begin()
        screen = next((s for s in self.screen_stack if isinstance(s, GameScreen)), None)
        if screen is not None:  # (it may be the default screen, which Textual cannot switch)
            self.call_next(screen.show_game, self.controller)
        else:
            self.push_screen(GameScreen(self.controller, ascii=self.ascii, no_color=self.no_color,
                                        handover=self.handover, pace=self.pace))
        from rich.text import Text

        self.push_screen(TextScreen(Text(f"{error}\n\nThe game was reloaded from its full record of moves "
                                         "(nothing is lost)."), "Resume check"))

    def history_screen(self, *, replay_only: bool = False, start: int | None = None) -> HistoryScreen:
        from .screens.history import HistoryScreen

        assert self.session is not None
        store, game_id = self.store, self.game_id
        marks = store.bookmarks(game_id) if store is not None and game_id is not None else []
        saver = (lambda step, label: store.set_bookmark(game_id, step, label)) \
            if store is not None and game_id is not None else None
        kept = None
        if store is not None and game_id is not None:
            from ..players.review import Turning, keep_review, kept_review

            def kept(points: list[Turning] | None = None) -> list[Turning] | None:  # read back, or kept
                session = self.session
                assert session is not None  # the history screen is opened on a game
                n = len(session.history)
                if points is None:
                    return kept_review(store, game_id, n)
                keep_review(store, game_id, n, points)
                return points
        return HistoryScreen(self.session, ascii=self.ascii, bookmarks=marks, save_bookmark=saver,
                             replay_only=replay_only, start=start, kept=kept)

    def quit_question(self) -> str:
        """What Q asks before the game closes (every move is already kept)."""
        return "Quit FIREPOWER?"

    def farewell(self) -> str:
        """What the terminal says once the app has given it back: where the game is kept and the
        command that goes on with it (``firepower resume``), or replays it when it is over;
        nothing for a game that is not stored (or a replay, or the lessons chosen on the title
        screen, which open next)."""
        session, store, game_id = self.session, self.store, self.game_id
        if session is None or store is None or game_id is None or self.replay_only or self.next_command:
            return ""
        return game_farewell(game_id, session.state, store, f"firepower resume {game_id}")

    def on_unmount(self) -> None:
        if self._switch_before is not None:
            sys.setswitchinterval(self._switch_before)
        if self.store is not None and self.game_id is not None:
            try:
                self.store.release(self.game_id)
            except Exception:  # noqa: BLE001 - never fail on the way out
                pass

    crashed: BaseException | None = None
    """The exception that stopped the app (a bug), for :func:`..cli.hangup.run_app` to raise
    again once the terminal is restored: ``cli.main`` writes the crash report and exits 3."""

    leaving = False
    """The app was told to end (the quit key, a hang-up, a closed browser tab)."""

    def exit(self, *args: Any, **kwargs: Any) -> None:
        self.leaving = True
        super().exit(*args, **kwargs)

    def on_exit_app(self) -> None:
        self.leaving = True

    def _handle_exception(self, error: Exception) -> None:
        """Last resort: end the app, keeping the error for the command to report (no traceback
        on the screen). Once the app is ending, a query that finds no widget is no error: Textual
        takes the screens apart while events queued for them (a mount, a resume, a resize: the
        player left as the game was coming up) still run."""
        from textual.css.query import NoMatches

        if self.leaving and isinstance(error, NoMatches):
            return
        self.crashed = error
        super()._handle_exception(error)
        self._exit_renderables.clear()


def game_farewell(game_id: int, state: GameState, store: Store, go_on: str) -> str:
    """``Game 7 saved. Continue with: firepower resume 7`` (``go_on`` is the command, given
    ``--db`` when the store is not the default one); for a game that is over, its result and
    how to replay it."""
    from ..games.store import default_db_path

    db = "" if store.path.absolute() == default_db_path().absolute() else f" --db {shlex.quote(str(store.path))}"
    if state.over:
        winner = f"{state.scenario.side_name(state.winner)} won" if state.winner else "a draw"
        return f"Game {game_id} is finished ({winner}). Replay it with: firepower replay {game_id}{db}"
    return f"Game {game_id} saved. Continue with: {go_on}{db}"


def replay_for_check(store: Store, session: Session, *,
                     on_entry: OnEntry | None = None) -> tuple[Session | None, Exception | None]:
    """The full replay that checks a quick resume (:func:`..games.service.replay_unchecked`), or
    why it failed: what :meth:`FirepowerApp._checked` takes, from the background check and
    from :meth:`FirepowerApp.ensure_complete` alike. (None, None): nothing to check."""
    from ..games.replay import ReplayError
    from ..games.service import replay_unchecked

    try:
        return replay_unchecked(store, session, on_entry=on_entry), None
    except ReplayError as exc:
        return None, exc


def resume_gc() -> None:
    """After the first frame: if the start-up paused the cyclic garbage collector (``firepower``
    does, see ``cli.main``), move everything it made to the permanent generation and
    resume collection. Later collections then walk only what the game makes after it.

    The few hundred KB of cyclic garbage made during start-up is kept (the ``gc.freeze``
    recipe in the Python docs); a collection to free it would hold the interpreter for
    35-85 ms, just when the player may press the first key.
    """
    global _FROZEN
    if not gc.isenabled():
        gc.freeze()
        gc.enable()
        _FROZEN = True


_FROZEN = False
"""Whether resume_gc froze the start-up (then freeze_history freezes the early history too)."""


def freeze_history() -> None:
    """The early history of a quick resume has arrived (the full replay, made in the background):
    tens of thousands of objects the game keeps to the end. If the start-up was frozen, freeze
    them too; else the next full collection walks them all, 45-70 ms after 100 turns, and it
    fell due at the player's next key (a take-back measured 75-110 ms instead of 25-30). What
    the game drops later is still freed by reference counting; only cycles made by the replay
    (some 1,200 objects after 100 turns) are kept."""
    if _FROZEN:
        gc.freeze()


def make_app(scenario: Scenario, *, seed: int = 1, ascii: bool = False, handover: bool = False,
             session: Session | None = None, store: Store | None = None, game_id: int | None = None,
             replay_only: bool = False, deploy: bool = False, pace: float | None = None) -> FirepowerApp:
    """The app for a scenario (tests pass their own session or seed); ``pace``: seconds between
    the computer's actions when it plays a side (the session's ``players``)."""
    if session is None:
        session = Session(scenario, seed=seed, deploy=deploy)
    if os.environ.get("FIREPOWER_ASCII"):
        ascii = True
    return FirepowerApp(session, ascii=ascii, handover=handover, store=store, game_id=game_id,
                        replay_only=replay_only, pace=pace)
