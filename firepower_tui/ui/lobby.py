"""The lobby of ``firepower serve``: the server's games, and the way into one.

Each row is a game: its number, scenario and optional rules, each side and whose seat it is
(``free`` for a side nobody took, the computer's level for its own), the turn, whose move it is
(read from the game's last checkpoint) and the last move. The player's own
games come first. Enter goes into the highlighted game: his own seat if he has one, else a free
side (he takes it, and his key owns it from then on), else it watches the game; ``w`` watches
any game; ``n`` creates one with the scenario picker (its rules, against a person or the
computer: the player's own process plays the computer's side, as on one machine) and takes a
side of it. The line under the list is the game's link to share
(``ssh -p 2222 NAME@host -t join 7``).

The app ends with the choice (:class:`LobbyChoice`), and the connection's process plays it
(cli/served.py); the game's Q comes back here.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Static

from ..games import served
from ..games.served import Player, SeatTaken
from ..games.store import GameRow, Store
from ..games.watch import FolderWatch, listen_all
from ..rules.model.errors import FirepowerError
from .quiet_driver import quiet

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the lobby's first frame comes first)
if TYPE_CHECKING:
    from ..rules.model.scenario import Scenario

REFRESH_SECONDS = 5.0
"""How often the list is read again without a write to the store (a watcher who left)."""
SETTLE_SECONDS = 0.3
"""After a game's bell rings, the list is read again this much later (one read for a burst of
moves in all the server's games)."""


@dataclass(frozen=True, slots=True)
class LobbyChoice:
    """What the player chose: ``play`` a side of a game, or ``watch`` it."""

    kind: str
    game_id: int
    side: str | None = None


def ago(seconds: float) -> str:
    """``just now``, ``5 min ago``, ``3 h ago``, ``2 d ago``.

    >>> ago(20), ago(300), ago(7200), ago(200000)
    ('just now', '5 min ago', '2 h ago', '2 d ago')
    """
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h ago"
    return f"{int(seconds // 86400)} d ago"


class LobbyApp(App[LobbyChoice | None]):
    """The server's games for one connected player."""

    CSS_PATH = Path(__file__).with_name("firepower.tcss")
    TITLE = "FIREPOWER"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("enter", "enter", "Play / take a side"),
                Binding("w", "watch", "Watch"), Binding("n", "new", "New game"),
                Binding("q,escape", "quit_lobby", "Leave")]

    def __init__(self, store: Store, player: Player, link: str, *, picker: Callable[[], list[tuple[Scenario, bool]]],
                 names: Callable[[str], dict[str, str]], message: str = "") -> None:
        """``link``: how a player connects (``ssh -p 2222 {name}@host``); ``names``: the sides'
        names in a stored scenario text; ``message``: said once the lobby is up."""
        super().__init__()
        self.driver_class = quiet(self.driver_class)  # (an idle connection costs no CPU)
        self.store = store
        self.player = player
        self.link = link
        self.picker = picker
        self.names = names
        self.message = message
        self.rows: list[GameRow] = []
        self._watch: FolderWatch | None = None
        self._pending = False
        self._painted = False
        self._side_names: dict[int, dict[str, str]] = {}
        self._shown: list[tuple[Text | str, ...]] | None = None
        """The rows on the screen (None before the first reading)."""
        self._to_move: dict[int, tuple[int, str]] = {}
        """Whose move each game waits for, by the game's number: (its last entry, the text)."""

    def compose(self) -> ComposeResult:
        yield Static(id="lobby-header")
        yield DataTable(id="lobby-games", cursor_type="row", zebra_stripes=True)
        yield Static(id="lobby-info")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("#", "scenario", "sides", "turn", "to move", "last move")
        self.query_one("#lobby-header", Static).update(
            Text(" FIREPOWER ", style="bold reverse") + Text(f"  the games on this server   you: {self.player.name}",
                                                           style="bold"))
        self.refresh_games()
        self.call_after_refresh(self._first_frame_shown)
        table.focus()
        self._watch = listen_all(self.store.path, lambda: self.call_from_thread(self._rung))
        self.set_interval(REFRESH_SECONDS, self.refresh_games)
        if self.message:
            self.notify(self.message, timeout=8)

    def on_unmount(self) -> None:
        if self._watch is not None:
            self._watch.stop()
            self._watch = None

    # --- the list ---------------------------------------------------------------------------------------

    def _first_frame_shown(self) -> None:
        """Whose move each game waits for, after the first frame (it reads the rules' state)."""
        self._painted = True
        self.refresh_games()

    def _rung(self) -> None:
        """A game's bell rang: read the list again soon (once for a burst)."""
        if not self._pending:
            self._pending = True
            self.set_timer(SETTLE_SECONDS, self._settled)

    def _settled(self) -> None:
        self._pending = False
        self.refresh_games()

    def refresh_games(self) -> None:
        table = self.query_one(DataTable)
        games = served.served_games(self.store)
        mine = {g.id for g in games if served.seat_of(self.store, g.id, self.player) is not None}
        games.sort(key=lambda g: (g.id not in mine, g.finished))
        keep = table.cursor_row if self.rows else 0
        chosen = self.rows[keep].id if self.rows and keep < len(self.rows) else None
        now = time.time()
        shown = [self.row(g, now) for g in games]
        if shown == self._shown:
            return  # (nothing to draw again: an idle lobby costs nothing)
        self.rows, self._shown = games, shown
        table.clear()
        for g, row in zip(games, shown, strict=True):
            table.add_row(*row, key=str(g.id))
        if chosen is not None and chosen in {g.id for g in games}:
            table.move_cursor(row=[g.id for g in games].index(chosen))
        self.describe()

    def row(self, g: GameRow, now: float) -> tuple[Text | str, ...]:
        names = self.side_names(g)
        seats = served.seats(self.store, g.id)
        computer = served.computer_sides(g)
        sides = Text()
        for i, s in enumerate(g.sides):
            seat = seats.get(s)
            who = seat.name if seat else f"computer ({computer[s]})" if s in computer else "free"
            free = not seat and s not in computer
            style = "bold" if seat and seat.key == self.player.key else ("green" if free else "")
            sides.append(("  " if i else "") + f"{names.get(s, s)}: ")
            sides.append(who, style=style)
        seq = self.store.last_seq(g.id)
        last = self.store.entries(g.id, after=max(0, seq - 1))
        to_move = "over: " + (g.result or "") if g.finished else self.to_move(g, seq, names)
        last_move = f"{last[-1].notation[:24]}, {ago(now - g.updated)}" if last else ago(now - g.updated)
        rules = ",".join(r[:2] for r in g.options.get("rules") or []) or "basic"
        return (str(g.id), f"{g.scenario_id} ({rules})", sides, str(g.turn), to_move, last_move)

    def side_names(self, g: GameRow) -> dict[str, str]:
        """The names of a game's sides (its scenario text read once)."""
        if g.id not in self._side_names:
            self._side_names[g.id] = self.names(g.scenario_text)
        return self._side_names[g.id]

    def to_move(self, g: GameRow, seq: int, names: dict[str, str]) -> str:
        """Whose decision the game waits for: its sides' names (``Tan``; both while both buy,
        §10.3), or ``chit draw`` (6.1) or ``roll-off`` (§10.2) when it is nobody's in particular. Read from the game's last checkpoint and the entries
        after it, once per new entry."""
        known = self._to_move.get(g.id)
        if known is not None and known[0] == seq:
            return known[1]
        if not self._painted:
            return "…"
        from ..games.service import load_game
        from ..rules.basic.turn import deciders, nobodys_decision

        try:
            state = load_game(self.store, g.id, quick=True).state
        except FirepowerError:
            text = "?"
        else:
            text = nobodys_decision(state) or " and ".join(names.get(s, s) for s in sorted(deciders(state)))
        self._to_move[g.id] = (seq, text)
        return text

    def selected(self) -> GameRow | None:
        table = self.query_one(DataTable)
        if not self.rows or table.cursor_row >= len(self.rows):
            return None
        return self.rows[table.cursor_row]

    def on_data_table_row_selected(self, _event: object) -> None:
        """Enter on a row (the table takes the key first)."""
        self.action_enter()

    def on_data_table_row_highlighted(self, _event: object) -> None:
        self.describe()

    def describe(self) -> None:
        g = self.selected()
        link = self.link.format(name="NAME")
        if g is None:
            text = Text("No game yet: n creates one (the scenario picker), and you take a side of it.\n", style="bold")
            text.append(f"Your friend connects with: {link}", style="dim")
        else:
            text = Text("Share this game: ", style="bold")
            text.append(f"{link} -t join {g.id}")
            if g.finished:
                text.append(f"\nGame {g.id} is over; its record, seed included: {link} record {g.id}", style="dim")
        self.query_one("#lobby-info", Static).update(text)

    # --- the choices ----------------------------------------------------------------------------------

    def action_enter(self) -> None:
        g = self.selected()
        if g is None:
            self.action_new()
            return
        self.go(g)

    def go(self, g: GameRow) -> None:
        """Into game ``g``: the player's own seat, else a free side (asked which when both are),
        else watching."""
        mine = served.seat_of(self.store, g.id, self.player)
        if mine is not None or g.finished:
            self.exit(LobbyChoice("play", g.id, mine) if mine and not g.finished else LobbyChoice("watch", g.id))
            return
        free = served.free_sides(self.store, g)
        if not free:
            self.exit(LobbyChoice("watch", g.id))
            return
        if len(free) == 1:
            self.take(g.id, free[0])
            return
        self.ask_side(g.id, g.scenario_text, free)

    def ask_side(self, game_id: int, scenario_text: str, free: list[str]) -> None:
        from .screens.setup import ChoiceScreen

        names = self.names(scenario_text)
        self.push_screen(ChoiceScreen(Text(f"Game {game_id}: which side do you play?", style="bold"),
                                      [(s, names.get(s, s)) for s in free]),
                         lambda side: self.take(game_id, side) if side else None)

    def take(self, game_id: int, side: str) -> None:
        try:
            served.take_seat(self.store, game_id, side, self.player)
        except SeatTaken as exc:
            self.notify(str(exc), severity="warning")
            self.refresh_games()
            return
        self.exit(LobbyChoice("play", game_id, side))

    def action_watch(self) -> None:
        g = self.selected()
        if g is not None:
            self.exit(LobbyChoice("watch", g.id))

    def action_new(self) -> None:
        from .screens.setup import ScenarioPicker

        people = "two players: you take a side, anyone who connects takes the other"
        self.push_screen(ScenarioPicker(self.picker(), people=people), self._picked)

    def _picked(self, choice: tuple[str, bool, tuple[str, ...]] | tuple[str, bool, tuple[str, ...], dict[str, str]]
                | None) -> None:
        if choice is None:
            return
        try:
            game_id, human = self.create(*choice)
        except FirepowerError as exc:
            self.notify(str(exc), severity="error")
            return
        g = self.store.game(game_id)
        if len(human) == 1:
            self.take(game_id, human[0])
        else:
            self.ask_side(game_id, g.scenario_text, human)

    def create(self, scenario_ref: str, deploy: bool, rules: tuple[str, ...],
               players: dict[str, str] | None = None) -> tuple[int, list[str]]:
        """A new served game (its seed drawn here, known to nobody, R181); its game number and
        the sides a person plays."""
        from ..games.scenario_cache import load_cached
        from ..games.seats import computer_levels
        from ..games.service import new_game
        from ..rules.model.dice import MAX_SEED

        scenario = load_cached(scenario_ref)
        seed = random.SystemRandom().randrange(MAX_SEED + 1)
        if deploy and not scenario.has_zones:
            deploy = False
        options = {"deploy": deploy, "rules": rules, "players": players}
        _, game_id = new_game(self.store, scenario, seed, options)
        served.serve_game(self.store, game_id)
        computer = computer_levels(players)
        return game_id, [s.id for s in scenario.spec.sides if s.id not in computer]

    def action_quit_lobby(self) -> None:
        self.exit(None)
