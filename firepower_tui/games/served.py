"""Games hosted by ``firepower serve``: seats owned by SSH keys, the players' chat, and who watches.

A served game is a shared game of the store (:mod:`.shared`): each connected player plays one
side of it in his own process, as ``firepower join`` does. What ``serve`` adds lives in tables of
its own (schema 4), never among the game's entries, so a game's record and its replay are the
same whether it was served or not:

* ``seats``: the SSH key (its SHA-256 fingerprint) that took a side first, and its player's name.
  Only that key plays the side, from any number of connections (:func:`take_seat`).
* ``chat``: the players' lines, numbered per game; capped in length and rate (:func:`post_chat`).
* ``watchers``: the processes that watch a game read-only, by pid and start (:mod:`.owner`), so a
  watcher whose connection died is not listed (:func:`watchers`; a watcher's end of the game is
  :class:`~.watching.Watching`).

Who a connected player is (name and key) is told to his process by the server, never by the
client; the functions here trust their caller for it.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

from ..rules.kit.untrusted import cut
from ..rules.model.errors import FirepowerError
from . import owner as owners
from .store import GameRow, Store
from .watch import ring

NAME = re.compile(r"[A-Za-z0-9_-]{1,24}")
"""A player's name: the SSH user name, letters, digits, ``-`` and ``_``, at most 24."""
CHAT_LENGTH = 200
"""Characters of one chat line at most (a longer line is refused, not cut)."""
CHAT_BURST = 5
"""Chat lines one player may send to a game within :data:`CHAT_WINDOW` seconds."""
CHAT_WINDOW = 10.0
WATCHER = ""
"""The side a watcher plays: none (no side's id is empty: a scenario's ids are checked)."""


class SeatTaken(FirepowerError):
    """The side's seat belongs to another key (nothing was written)."""

    exit_code = 1


class ChatRefused(FirepowerError):
    """A chat line that is not stored: ``kind`` is ``empty``, ``long`` or ``rate``."""

    exit_code = 1

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True, slots=True)
class Player:
    """Who is connected: his name (the SSH user name) and his key's fingerprint."""

    name: str
    key: str


@dataclass(frozen=True, slots=True)
class Seat:
    """One side's seat of a served game."""

    side: str
    key: str
    name: str


@dataclass(frozen=True, slots=True)
class ChatLine:
    n: int
    name: str
    side: str | None
    text: str
    at: float


def valid_name(name: str) -> bool:
    """Whether ``name`` is a player's name (:data:`NAME`).

    >>> valid_name("alice_2"), valid_name("a b"), valid_name("x" * 25)
    (True, False, False)
    """
    return NAME.fullmatch(name) is not None


def side_names(scenario_text: str) -> dict[str, str]:
    """The sides' names in a stored scenario text (id -> name).

    >>> side_names('[[sides]]\\nid = "tan"\\nname = "Tan"')
    {'tan': 'Tan'}
    """
    import tomllib

    try:
        data = tomllib.loads(scenario_text)
    except tomllib.TOMLDecodeError:
        return {}
    return {str(s.get("id")): str(s.get("name", s.get("id"))) for s in data.get("sides", []) if isinstance(s, dict)}


def serve_game(store: Store, game_id: int) -> None:
    """Mark a new game as hosted by ``firepower serve``: shared (each player joins his side,
    nobody resumes it hotseat) and listed in the server's lobby (``options.served``)."""
    store.share(game_id)
    with store.conn:
        store.conn.execute("UPDATE games SET options=json_set(options, '$.served', json('true')) WHERE id=?",
                           (game_id,))
    store.release(game_id)
    ring(store.path, game_id)


def served_games(store: Store) -> list[GameRow]:
    """The games the server hosts, most recently played first."""
    return [g for g in store.games() if g.options.get("served")]


def computer_sides(g: GameRow) -> dict[str, str]:
    """The sides of a game the computer plays, with its level (``{"green": "normal"}``): no
    key takes them; the process of the player of the other side plays them."""
    from .seats import computer_levels

    return computer_levels(g.options.get("players"))


def free_sides(store: Store, g: GameRow) -> list[str]:
    """The sides of a game a connected player may take: neither taken nor the computer's."""
    taken, computer = seats(store, g.id), computer_sides(g)
    return [s for s in g.sides if s not in taken and s not in computer]


def seats(store: Store, game_id: int) -> dict[str, Seat]:
    """The taken seats of a game, by side."""
    return {side: Seat(side, key, name) for side, key, name in store.conn.execute(
        "SELECT side, key, name FROM seats WHERE game_id=?", (game_id,))}


def take_seat(store: Store, game_id: int, side: str, player: Player) -> Seat:
    """Give ``side`` of the game to ``player``'s key if it is free; his seat either way.

    One ``INSERT OR IGNORE`` under the database's lock: of two players taking a side at once,
    one gets it.

    Raises:
        SeatTaken: another key owns the seat (its player is named), or the computer plays it.
        FirepowerError: no such game or side.
    """
    g = store.game(game_id)
    if side not in g.sides:
        raise FirepowerError(f"game {game_id} has the sides {', '.join(g.sides)}; there is no side {side!r}")
    if side in computer_sides(g):
        raise SeatTaken(f"game {game_id}: the computer plays {side}; watch the game instead")
    with store._immediate() as conn:
        conn.execute("INSERT OR IGNORE INTO seats VALUES (?,?,?,?,?)",
                     (game_id, side, player.key, player.name, time.time()))
        key, name = conn.execute("SELECT key, name FROM seats WHERE game_id=? AND side=?", (game_id, side)).fetchone()
    ring(store.path, game_id)
    if key != player.key:
        raise SeatTaken(f"game {game_id}: {side} is {name}'s seat (another key); watch the game instead")
    return Seat(side, key, name)


def seat_of(store: Store, game_id: int, player: Player) -> str | None:
    """The side of the game ``player``'s key owns (the first, should it own both), or None."""
    g = store.game(game_id)
    mine = [s.side for s in seats(store, game_id).values() if s.key == player.key]
    return next((s for s in g.sides if s in mine), None)


# --- chat --------------------------------------------------------------------------------------------------


def clean_chat(text: str) -> str:
    """A chat line as stored: control characters (escape sequences, newlines) replaced by
    spaces and the ends stripped.

    >>> clean_chat(" hi\\x1b[2J there\\n")
    'hi [2J there'
    """
    return "".join(" " if (ord(ch) < 32 or 127 <= ord(ch) < 160) else ch for ch in text).strip()


def post_chat(store: Store, game_id: int, player: Player, side: str | None, text: str,
              now: float | None = None) -> ChatLine:
    """Store a chat line of ``player`` (who plays ``side``) in the game.

    Raises:
        ChatRefused: an empty line, one longer than :data:`CHAT_LENGTH`, or more than
            :data:`CHAT_BURST` lines from this player within :data:`CHAT_WINDOW` seconds.
    """
    line = clean_chat(text)
    if not line:
        raise ChatRefused("empty", "nothing to send")
    if len(line) > CHAT_LENGTH:
        raise ChatRefused("long", f"a chat line is at most {CHAT_LENGTH} characters (this one has {len(line)})")
    at = time.time() if now is None else now
    with store._immediate() as conn:
        recent = conn.execute("SELECT COUNT(*) FROM chat WHERE game_id=? AND name=? AND at>?",
                              (game_id, player.name, at - CHAT_WINDOW)).fetchone()[0]
        if recent >= CHAT_BURST:
            raise ChatRefused("rate", f"at most {CHAT_BURST} lines in {CHAT_WINDOW:g} seconds: wait a moment")
        n = conn.execute("SELECT COALESCE(MAX(n), 0) + 1 FROM chat WHERE game_id=?", (game_id,)).fetchone()[0]
        conn.execute("INSERT INTO chat VALUES (?,?,?,?,?,?)", (game_id, n, player.name, side, line, at))
    ring(store.path, game_id)
    return ChatLine(n, player.name, side, line, at)


def chat(store: Store, game_id: int, after: int = 0) -> list[ChatLine]:
    """The game's chat lines after line ``after``, in order."""
    return [ChatLine(n, name, side, text, at) for n, name, side, text, at in store.conn.execute(
        "SELECT n, name, side, text, at FROM chat WHERE game_id=? AND n>? ORDER BY n", (game_id, after))]


# --- watchers ----------------------------------------------------------------------------------------------


def start_watching(store: Store, game_id: int, player: Player) -> None:
    """This process watches the game (until :func:`stop_watching`, or its end)."""
    me = owners.me()
    with store.conn:
        store.conn.execute("INSERT OR REPLACE INTO watchers VALUES (?,?,?,?)", (game_id, player.name, me.pid, me.start))
    ring(store.path, game_id)


def stop_watching(store: Store, game_id: int) -> None:
    with store.conn:
        store.conn.execute("DELETE FROM watchers WHERE game_id=? AND pid=?", (game_id, owners.me().pid))
    ring(store.path, game_id)


def watchers(store: Store, game_id: int) -> list[str]:
    """The names of those watching the game now (a process that died watches no more), sorted."""
    rows = store.conn.execute("SELECT name, pid, start FROM watchers WHERE game_id=?", (game_id,)).fetchall()
    return sorted({name for name, pid, start in rows if owners.alive(pid, start or None)})


def chat_label(line: ChatLine, side_name: str | None) -> str:
    """``alice (Tan): hello`` (a watcher's line has no side), cut to one line."""
    who = f"{line.name} ({side_name})" if side_name else line.name
    return cut(f"{who}: {line.text}", CHAT_LENGTH + 60)
