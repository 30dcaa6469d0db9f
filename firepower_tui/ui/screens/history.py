"""The history view: every action of the game with the map as it was; read-only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...games.session import Session
from ...rules.model.actions import DrawChit
from ...rules.model.events import Event, TurnStarted
from ...rules.board.hexgrid import hex_to_id
from ...rules.model.state import GameState
from ..render.log_text import event_text
from ..widgets.hex_map import HexMap
from ..widgets.side_log import SideLog


Kept = Callable[..., "list[Any] | None"]
"""The store's side of a review: ``kept()`` reads it back (None: none for these actions),
``kept(points)`` keeps it (the store is used from the app's thread only)."""


class HistoryScreen(Screen[None]):
    """Step back and forward; Esc returns to the present (or leaves a replay)."""

    BINDINGS = [
        Binding("left,comma", "step(-1)", "Back", priority=True),
        Binding("right,full_stop", "step(1)", "Forward", priority=True),
        Binding("[", "phase(-1)", "Phase -", priority=True),
        Binding("]", "phase(1)", "Phase +", priority=True),
        Binding("pageup,{", "turn(-1)", "Turn -", priority=True),
        Binding("pagedown,}", "turn(1)", "Turn +", priority=True),
        Binding("home", "go(0)", "Start", priority=True),
        Binding("end", "go(-1)", "Present", priority=True),
        Binding("b", "bookmark", "Bookmark", priority=True),
        Binding("n", "next_bookmark", "Next mark", priority=True),
        Binding("R", "review", "Review", priority=True),
        Binding("escape,h", "leave", "Back to play", priority=True),
    ]

    def __init__(self, session: Session, *, ascii: bool = False, bookmarks: list[tuple[int, str]] | None = None,
                 save_bookmark: Callable[[int, str], None] | None = None, replay_only: bool = False,
                 start: int | None = None, kept: Kept | None = None) -> None:
        """``kept``: the game's review as kept with it (called with none: read back, or None; with
        the points: keep them); None: a review is made here and not kept."""
        super().__init__()
        self.kept = kept
        self._reviewing = False
        self.session = session
        self.ascii = ascii
        self.marks = dict(bookmarks or [])
        self.save_bookmark = save_bookmark
        self.replay_only = replay_only
        self.step = len(session.history) if start is None else start
        from ..theme import load_theme

        sides = session.state.sides
        self.theme = load_theme()
        """The remembered theme (ui/theme.py), as the game screen shows it."""
        self.side_styles = {sides[0]: self.theme.sides[0], sides[1]: self.theme.sides[1]}

    @property
    def last(self) -> int:
        return len(self.session.history)

    def state_at(self, i: int) -> GameState:
        return self.session.history[i].before if i < self.last else self.session.state

    def _event_text(self, e: Event) -> Text:
        return event_text(e, self.state_at(self.step).scenario.side_name, lambda s: self.side_styles.get(s, ""))

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        with Horizontal(id="main"):
            yield HexMap(self.state_at(self.step), ascii=self.ascii, id="map")
            with Vertical(id="side"):
                yield Static(id="soldier-panel")
                yield SideLog(self._event_text, id="log")
        yield Static(id="status")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        if self.theme.palette:
            self.query_one(HexMap).set_theme(self.theme.palette, self.theme.lower_second)
        self._show()

    def _show(self) -> None:
        st = self.state_at(self.step)
        self.query_one(HexMap).set_state(st)
        name = st.scenario.side_name
        head = Text(" HISTORY ", style="bold reverse")
        head.append(f" step {self.step}/{self.last}  turn {st.turn}  ")
        head.append(f"{name(st.active)}'s phase" if st.active else "between phases")
        if st.impulse and st.impulse_hex is not None:
            head.append(f", impulse {st.impulse} in {hex_to_id(st.impulse_hex)}")
        if self.step in self.marks:
            head.append(f"  [{self.marks[self.step]}]", style="bold yellow")
        self.query_one("#header", Static).update(head)
        panel = Text()
        if self.step == 0:
            panel.append("The start of the game.", style="bold")
        else:
            entry = self.session.history[self.step - 1]
            panel.append(f"Action {self.step}: ", style="bold")
            panel.append(entry.notation)
            if entry.rolls:
                panel.append(f"\n{len(entry.rolls)} roll(s)", style="dim")
        marks = ", ".join(f"{k}: {v}" for k, v in sorted(self.marks.items()))
        if marks:
            panel.append(f"\nbookmarks: {marks}", style="dim")
        self.query_one("#soldier-panel", Static).update(panel)
        events = self.session.history[self.step - 1].events if self.step else ()
        self.query_one(SideLog).reset(events)
        where = "present" if self.step == self.last else "past"
        leave = "Esc leaves the replay" if self.replay_only else "Esc returns to play"
        self.query_one("#status", Static).update(Text(f"Read-only: the map as it was ({where}). {leave}.",
                                                      style="dim"))

    def action_step(self, delta: int) -> None:
        self.step = max(0, min(self.last, self.step + delta))
        self._show()

    def action_go(self, i: int) -> None:
        self.step = self.last if i < 0 else i
        self._show()

    def _jump(self, delta: int, is_mark: Callable[[int], bool]) -> None:
        i = self.step + delta
        while 0 < i < self.last and not is_mark(i):
            i += delta
        self.step = max(0, min(self.last, i))
        self._show()

    def action_phase(self, delta: int) -> None:
        """To the next/previous chit draw (the start of an impulse phase)."""
        self._jump(delta, lambda i: isinstance(self.session.history[i - 1].action, DrawChit))

    def action_turn(self, delta: int) -> None:
        self._jump(delta, lambda i: any(isinstance(e, TurnStarted) for e in self.session.history[i - 1].events))

    def action_bookmark(self) -> None:
        label = f"turn {self.state_at(self.step).turn}, step {self.step}"
        self.marks[self.step] = label
        if self.save_bookmark is not None:
            self.save_bookmark(self.step, label)
        self._show()

    def action_next_bookmark(self) -> None:
        later = sorted(k for k in self.marks if k > self.step) or sorted(self.marks)
        if later:
            self.step = later[0]
            self._show()

    def action_review(self) -> None:
        """R: the game's turning points (made in a thread with a progress bar, or read back as
        kept); Enter on one shows the position before it."""
        if self._reviewing:
            return
        if self.kept is not None:
            points = self.kept()
            if points is not None:
                self._reviewed(points, None, keep=False)
                return
        self._reviewing = True
        status = self.query_one("#status", Static)
        reviewer = self._review
        app = self.app

        def bar(done: int, total: int) -> None:
            width = 30
            filled = width * done // max(1, total)
            text = Text(f"Reviewing: [{'#' * filled}{'.' * (width - filled)}] {done}/{total} decisions")
            app.call_from_thread(status.update, text)

        def work() -> None:
            try:
                points, error = reviewer(bar), None
            except Exception as exc:  # noqa: BLE001 - shown, not raised in the worker
                points, error = [], exc
            app.call_from_thread(self._reviewed, points, error)

        self.run_worker(work, thread=True, group="review", exit_on_error=False)

    def _review(self, progress: Callable[[int, int], None]) -> list[Any]:
        from ...players.review import human_sides, review

        history = [(h.before, h.action) for h in self.session.history]
        if not history:
            return []
        return review(history, human_sides(history[0][0], self.session.players), progress=progress)

    def _reviewed(self, points: list[Any], error: Exception | None, keep: bool = True) -> None:
        from ...players.review import turning_words
        from .advice import PickScreen

        self._reviewing = False
        self._show()
        if error is None and keep and self.kept is not None:
            self.kept(points)
        if error is not None:
            self.query_one("#status", Static).update(Text(f"The review failed: {type(error).__name__}: {error}",
                                                          style="bold red"))
            return
        if not points:
            self.query_one("#status", Static).update(Text("No turning point: every decision reviewed was the "
                                                          "computer's best, or close to it.", style="bold"))
            return
        name = self.state_at(0).scenario.side_name
        lines = [Text(f"{i}. {turning_words(t, name)}") for i, t in enumerate(points, 1)]

        def go(index: int | None) -> None:
            if index is not None:
                self.step = max(0, min(self.last, points[index].step))
                self._show()

        self.app.push_screen(PickScreen("The turning points (expected men lost; Enter: the position before it)",
                                        lines, "up/down pick | Enter shows it in the history | Esc closes"), go)

    def action_leave(self) -> None:
        if self.replay_only:
            self.app.exit()
        else:
            self.app.pop_screen()
