"""The game store: one SQLite database (WAL) of append-only game records.

A game is its scenario (id, path, content hash, and a copy of the file), its seed and
options, and an append-only list of entries: each accepted action in notation with the
dice it used, or an ``undo`` that takes back the action before it (§9.9). The state is
always derived by replaying the entries (:mod:`.replay`). Every entry is committed before
the screen shows its result.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from pathlib import Path
from typing import Any

from ..rules.errors import FirepowerError, Problem, SaveError
from ..rules.records import record

SCHEMA_VERSION = 2
"""The schema this version writes and reads; older ones are upgraded by :data:`MIGRATIONS`."""
APP_ID = "firepower-tui"

CHECKPOINTS = """
CREATE TABLE IF NOT EXISTS checkpoints (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    seq INTEGER NOT NULL,
    history_len INTEGER NOT NULL,
    log_len INTEGER NOT NULL,
    dice TEXT NOT NULL,
    state TEXT NOT NULL
);
"""
"""Schema 2: one checkpoint per game, the state after its last chit draw (quick resume)."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    scenario_id TEXT NOT NULL,
    scenario_path TEXT NOT NULL,
    scenario_hash TEXT NOT NULL,
    scenario_text TEXT NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL DEFAULT '{}',
    sides TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    turn INTEGER NOT NULL DEFAULT 1,
    finished INTEGER NOT NULL DEFAULT 0,
    result TEXT NOT NULL DEFAULT '',
    owner_pid INTEGER
);
CREATE TABLE IF NOT EXISTS entries (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('action', 'undo')),
    notation TEXT NOT NULL,
    rolls TEXT NOT NULL DEFAULT '[]',
    turn INTEGER NOT NULL,
    side TEXT,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS bookmarks (
    game_id INTEGER NOT NULL REFERENCES games(id),
    step INTEGER NOT NULL,
    label TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, step)
);
""" + CHECKPOINTS

MIGRATIONS: dict[int, str] = {
    1: CHECKPOINTS,
}
"""SQL that upgrades schema ``n`` to ``n + 1``: 2 adds the checkpoints of quick resume."""


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/firepower/games.db`` (``~/.local/share/firepower/games.db``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "firepower" / "games.db"


@record(kw_only=False, slots=False)
class GameRow:
    """One game as listed by ``firepower games``."""

    id: int
    scenario_id: str
    scenario_path: str
    scenario_hash: str
    scenario_text: str
    seed: int
    options: dict[str, Any]
    sides: list[str]
    created: float
    updated: float
    turn: int
    finished: bool
    result: str
    owner_pid: int | None


@record(kw_only=False, slots=False)
class Entry:
    """One stored entry."""

    seq: int
    kind: str
    notation: str
    rolls: list[tuple[str, int, int]]
    """(purpose, value, n): n is 10 for a d10, else the number of choices of a pick."""
    turn: int
    side: str | None


@record(kw_only=False, slots=False)
class Checkpoint:
    """The state of a game after entry ``seq`` (a chit draw, which no take-back crosses, §9.9)."""

    seq: int
    """The entry it follows."""
    history_len: int
    """Accepted actions up to it (take-backs removed)."""
    log_len: int
    """Events up to it, the opening ones included."""
    dice: str
    """The live dice generator's state (JSON)."""
    state: str
    """The state, as :func:`firepower_tui.rules.snapshot.state_to_data` writes it (JSON)."""


class Store:
    """An open game database."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.conn = self._open()

    def _fail(self, what: str) -> SaveError:
        return SaveError(str(self.path), [Problem("", what)])

    def _open(self) -> sqlite3.Connection:
        existed = self.path.exists()
        if existed and self.path.is_dir():
            raise self._fail("is a folder, not a game database")
        if not existed:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise self._fail(f"cannot create its folder: {exc.strerror or exc}") from None
        try:
            conn = sqlite3.connect(self.path, timeout=10, isolation_level=None)
            conn.execute("PRAGMA busy_timeout = 10000")
            if existed:
                self._check_existing(conn)
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("PRAGMA foreign_keys = ON")
            if not existed or not self._has_meta(conn):
                with conn:
                    conn.executescript(SCHEMA)
                    conn.execute("INSERT OR IGNORE INTO meta VALUES ('app', ?)", (APP_ID,))
                    conn.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
            else:
                self._upgrade(conn)
        except sqlite3.DatabaseError as exc:
            raise self._fail(f"not a readable game database ({exc}); it was left untouched") from None
        return conn

    @staticmethod
    def _has_meta(conn: sqlite3.Connection) -> bool:
        return conn.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='meta'").fetchone() is not None

    def _check_existing(self, conn: sqlite3.Connection) -> None:
        """Refuse a damaged, foreign or newer database before writing anything to it."""
        result = conn.execute("PRAGMA quick_check").fetchone()
        if result is None or result[0] != "ok":
            raise self._fail(f"the database is damaged ({result[0] if result else 'no answer'}); "
                             "it was left untouched")
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not tables:
            return
        if "meta" not in tables:
            raise self._fail(f"an SQLite database of another program (tables: {', '.join(sorted(tables))}); "
                             "it was left untouched")
        app = conn.execute("SELECT value FROM meta WHERE key='app'").fetchone()
        if app is None or app[0] != APP_ID:
            raise self._fail("an SQLite database of another program; it was left untouched")
        version = int(conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise self._fail(f"made by a newer firepower (schema {version}; this version reads up to "
                             f"{SCHEMA_VERSION}); it was left untouched")

    def _upgrade(self, conn: sqlite3.Connection) -> None:
        version = int(conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0])
        while version < SCHEMA_VERSION:
            with conn:
                conn.executescript(MIGRATIONS[version])
                version += 1
                conn.execute("UPDATE meta SET value=? WHERE key='schema_version'", (str(version),))

    def close(self) -> None:
        self.conn.close()

    # --- games -------------------------------------------------------------------------------

    def create_game(self, *, scenario_id: str, scenario_path: str, scenario_hash: str, scenario_text: str,
                    seed: int, sides: list[str], options: dict[str, Any] | None = None) -> int:
        now = time.time()
        with self.conn:
            cur = self.conn.execute(
                "INSERT INTO games (scenario_id, scenario_path, scenario_hash, scenario_text, seed, options, sides,"
                " created, updated, owner_pid) VALUES (?,?,?,?,?,?,?,?,?,?)",
                (scenario_id, scenario_path, scenario_hash, scenario_text, seed, json.dumps(options or {}),
                 json.dumps(sides), now, now, os.getpid()))
        return int(cur.lastrowid or 0)

    def game(self, game_id: int) -> GameRow:
        row = self.conn.execute("SELECT * FROM games WHERE id=?", (game_id,)).fetchone()
        if row is None:
            raise FirepowerError(f"{self.path}: there is no game {game_id} (see `firepower games`)")
        return self._row(row)

    @staticmethod
    def _row(row: tuple[Any, ...]) -> GameRow:
        return GameRow(id=row[0], scenario_id=row[1], scenario_path=row[2], scenario_hash=row[3],
                       scenario_text=row[4], seed=row[5], options=json.loads(row[6]), sides=json.loads(row[7]),
                       created=row[8], updated=row[9], turn=row[10], finished=bool(row[11]), result=row[12],
                       owner_pid=row[13])

    def games(self) -> list[GameRow]:
        return [self._row(r) for r in self.conn.execute("SELECT * FROM games ORDER BY updated DESC, id DESC")]

    def latest_unfinished(self) -> GameRow | None:
        """The most recently played unfinished game that is not shared (those are joined, not resumed)."""
        row = self.conn.execute("SELECT * FROM games WHERE finished=0 AND json_extract(options, '$.shared') IS NULL "
                                "ORDER BY updated DESC, id DESC").fetchone()
        return self._row(row) if row else None

    def share(self, game_id: int) -> None:
        """Mark a game as played by two terminals (``firepower host``): each player joins it,
        and nobody resumes it hotseat (``options.shared``)."""
        with self.conn:
            self.conn.execute("UPDATE games SET options=json_set(options, '$.shared', json('true')) WHERE id=?",
                              (game_id,))

    def claim(self, game_id: int) -> None:
        """Mark the game as open in this process; refuse if another live process has it."""
        g = self.game(game_id)
        if g.owner_pid and g.owner_pid != os.getpid() and _alive(g.owner_pid):
            raise FirepowerError(f"{self.path}: game {game_id} is open in another firepower (pid {g.owner_pid}); "
                                 "close it there first")
        with self.conn:
            self.conn.execute("UPDATE games SET owner_pid=? WHERE id=?", (os.getpid(), game_id))

    def release(self, game_id: int) -> None:
        with self.conn:
            self.conn.execute("UPDATE games SET owner_pid=NULL WHERE id=? AND owner_pid=?", (game_id, os.getpid()))

    # --- entries --------------------------------------------------------------------------------

    def append(self, game_id: int, kind: str, notation: str, rolls: list[tuple[str, int, int]], *, turn: int,
               side: str | None, game_turn: int | None = None, finished: bool = False, result: str = "",
               expect: int | None = None) -> int:
        """Append one entry and commit (durable before the caller shows anything).

        The write takes the database lock first (``BEGIN IMMEDIATE``), so the number it reads
        for the new entry is still the next one when it commits.

        Args:
            expect: the number the new entry must get (a shared game: the entries this
                process has seen, plus one).

        Raises:
            MovedFirst: with ``expect``, another process stored entry ``expect`` first
                (nothing is written).
        """
        now = time.time()
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            row = conn.execute("SELECT COALESCE(MAX(seq), 0) FROM entries WHERE game_id=?", (game_id,)).fetchone()
            seq = int(row[0]) + 1
            if expect is not None and seq != expect:
                raise MovedFirst(game_id, expect, seq - 1)
            conn.execute("INSERT INTO entries VALUES (?,?,?,?,?,?,?,?)",
                         (game_id, seq, kind, notation, json.dumps(rolls), turn, side, now))
            conn.execute("UPDATE games SET updated=?, turn=?, finished=?, result=? WHERE id=?",
                         (now, game_turn if game_turn is not None else turn, int(finished), result, game_id))
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        return seq

    def data_version(self) -> int:
        """SQLite's ``PRAGMA data_version`` on this connection: it changes when another
        connection commits to the database (this one's own commits leave it as it was)."""
        return int(self.conn.execute("PRAGMA data_version").fetchone()[0])

    def entries(self, game_id: int, *, after: int = 0, upto: int | None = None) -> list[Entry]:
        """The game's entries in order (those with ``after < seq <= upto``)."""
        out = []
        for seq, kind, notation, rolls, turn, side in self.conn.execute(
                "SELECT seq, kind, notation, rolls, turn, side FROM entries WHERE game_id=? AND seq>? AND seq<=? "
                "ORDER BY seq", (game_id, after, upto if upto is not None else 1 << 62)):
            out.append(Entry(seq=seq, kind=kind, notation=notation,
                             rolls=[(str(p), int(v), int(n)) for p, v, n in json.loads(rolls)], turn=turn, side=side))
        return out

    def last_seq(self, game_id: int) -> int:
        """The number of the game's last entry (0 before the first)."""
        row = self.conn.execute("SELECT COALESCE(MAX(seq), 0) FROM entries WHERE game_id=?", (game_id,)).fetchone()
        return int(row[0])

    # --- checkpoints: the state after the last chit draw, for a quick resume ------------------------

    def put_checkpoint(self, game_id: int, cp: Checkpoint) -> None:
        """Keep ``cp`` as the game's checkpoint (one per game: the newest)."""
        with self.conn:
            self.conn.execute("INSERT OR REPLACE INTO checkpoints VALUES (?,?,?,?,?,?)",
                              (game_id, cp.seq, cp.history_len, cp.log_len, cp.dice, cp.state))

    def drop_checkpoint(self, game_id: int) -> None:
        """Forget the game's checkpoint (the next resume replays every entry)."""
        with self.conn:
            self.conn.execute("DELETE FROM checkpoints WHERE game_id=?", (game_id,))

    def checkpoint(self, game_id: int) -> Checkpoint | None:
        """The game's checkpoint, if it has one."""
        row = self.conn.execute("SELECT seq, history_len, log_len, dice, state FROM checkpoints WHERE game_id=?",
                                (game_id,)).fetchone()
        return Checkpoint(*row) if row else None

    # --- bookmarks ---------------------------------------------------------------------------------

    def set_bookmark(self, game_id: int, step: int, label: str) -> None:
        with self.conn:
            self.conn.execute("INSERT OR REPLACE INTO bookmarks VALUES (?,?,?,?)", (game_id, step, label, time.time()))

    def bookmarks(self, game_id: int) -> list[tuple[int, str]]:
        return [(s, label) for s, label in self.conn.execute(
            "SELECT step, label FROM bookmarks WHERE game_id=? ORDER BY step", (game_id,))]


class MovedFirst(FirepowerError):
    """A shared game: another process stored the entry this one meant to write (its player
    moved first). Nothing was written; the caller catches up with the stored entries."""

    def __init__(self, game_id: int, expected: int, last: int) -> None:
        super().__init__(f"game {game_id}: entry {expected} was already stored by the other player "
                         f"(the game is at entry {last})")
        self.game_id = game_id
        self.expected = expected
        """The number this process meant to write."""
        self.last = last
        """The number of the last stored entry."""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
