"""The game store: one SQLite database (WAL) of append-only game records.

A game is its scenario (id, path, content hash, and a copy of the file), its seed and
options, and an append-only list of entries: each accepted action in notation with the
dice it used, or an ``undo`` that takes back the action before it (§9.9). The state is
always derived by replaying the entries (:mod:`.replay`). Every entry is committed before
the screen shows its result, as the next one after those its writer has seen (else nothing is
written). A game played hotseat is open in one live process at a time, its owner (ruling
R180, :mod:`.owner`); a game two terminals share has none (each writes as its player).
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..rules.model.errors import FirepowerError, Problem, StoreError
from . import owner as owners
from .owner import Owner
from .watch import ring

SCHEMA_VERSION = 6
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

SERVED = """
CREATE TABLE IF NOT EXISTS seats (
    game_id INTEGER NOT NULL REFERENCES games(id),
    side TEXT NOT NULL,
    key TEXT NOT NULL,
    name TEXT NOT NULL,
    taken REAL NOT NULL,
    PRIMARY KEY (game_id, side)
);
CREATE TABLE IF NOT EXISTS chat (
    game_id INTEGER NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    name TEXT NOT NULL,
    side TEXT,
    text TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, n)
);
CREATE TABLE IF NOT EXISTS watchers (
    game_id INTEGER NOT NULL REFERENCES games(id),
    name TEXT NOT NULL,
    pid INTEGER NOT NULL,
    start TEXT NOT NULL,
    PRIMARY KEY (game_id, pid)
);
"""
"""Schema 4: the games ``firepower serve`` hosts (games/served.py): each side's seat (the SSH key
that owns it and its player's name), the players' chat (kept beside the moves, never among
them: a game's record and replay are the same with or without it) and who watches."""

CAMPAIGNS = """
CREATE TABLE IF NOT EXISTS campaigns (
    id INTEGER PRIMARY KEY,
    campaign_id TEXT NOT NULL,
    side TEXT NOT NULL,
    step INTEGER NOT NULL DEFAULT 0,
    force TEXT NOT NULL,
    results TEXT NOT NULL DEFAULT '[]',
    game_id INTEGER REFERENCES games(id),
    finished INTEGER NOT NULL DEFAULT 0,
    options TEXT NOT NULL DEFAULT '{}',
    created REAL NOT NULL,
    updated REAL NOT NULL
);
"""
"""Schema 6: one row per campaign played (:mod:`.campaign`): the scenario it is at, the force
carried to it (JSON), each scenario's result (JSON) and the game of the scenario being played."""

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
    owner_pid INTEGER,
    owner_start TEXT
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
""" + CHECKPOINTS + SERVED + CAMPAIGNS

OWNER_START = "ALTER TABLE games ADD COLUMN owner_start TEXT;"
"""Schema 3: the start of the process that has the game open (:mod:`.owner`), beside its pid."""
REVIEWS = """
CREATE TABLE IF NOT EXISTS reviews (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    history_len INTEGER NOT NULL,
    data TEXT NOT NULL,
    at REAL NOT NULL
);
"""
"""Schema 5: a game's review (``firepower review``), for the actions it covers."""

MIGRATIONS: dict[int, str] = {
    1: CHECKPOINTS,
    2: OWNER_START,
    3: SERVED,
    4: REVIEWS,
    5: CAMPAIGNS,
}
"""SQL that upgrades schema ``n`` to ``n + 1``: 2 adds the checkpoints of quick resume, 3 the
owner's start (a game's owner written before has its pid alone: :func:`.owner.alive`), 4 the
seats, chat and watchers of served games, 5 the reviews, 6 the campaigns."""


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/firepower/games.db`` (``~/.local/share/firepower/games.db``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "firepower" / "games.db"


@dataclass(frozen=True)
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
    owner_start: str | None
    """With ``owner_pid``, the process that has the game open (:mod:`.owner`); None: nobody, or
    (the start) a game opened by a version that kept the pid alone."""


@dataclass(frozen=True)
class Entry:
    """One stored entry."""

    seq: int
    kind: str
    notation: str
    rolls: list[tuple[str, int, int]]
    """(purpose, value, n): n is 10 for a d10, else the number of choices of a pick."""
    turn: int
    side: str | None


@dataclass(frozen=True)
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
    """The state, as :func:`firepower_tui.rules.engine.snapshot.state_to_data` writes it (JSON)."""


@dataclass(frozen=True, slots=True)
class CampaignRow:
    """One stored campaign (:mod:`.campaign`)."""

    id: int
    campaign_id: str
    side: str
    step: int
    """The scenario it is at (0 for the first)."""
    force: list[dict[str, Any]]
    """The men carried into that scenario (:class:`.campaign.Man` as plain data)."""
    results: list[dict[str, Any]]
    """Each scenario played to its end: its id, game, winner and what it scored."""
    game_id: int | None
    """The game of the scenario it is at, once started."""
    finished: bool
    options: dict[str, Any]
    """Each of its games' options (who plays each side)."""
    created: float
    updated: float


class Store:
    """An open game database."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.conn = self._open()

    def _fail(self, what: str) -> StoreError:
        return StoreError(str(self.path), [Problem("", what)])

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
            conn.create_function("owner_alive", 2, _owner_alive)
            if not existed or not self._has_meta(conn):
                with conn:
                    conn.executescript(SCHEMA + REVIEWS)
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

    @contextmanager
    def _immediate(self) -> Iterator[sqlite3.Connection]:
        """One write transaction that takes the database's lock at once (``BEGIN IMMEDIATE``):
        what it reads is still so when it commits, and an exception rolls all of it back."""
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def create_game(self, *, scenario_id: str, scenario_path: str, scenario_hash: str, scenario_text: str,
                    seed: int, sides: list[str], options: dict[str, Any] | None = None) -> int:
        """A new game with no entries, open in this process."""
        with self._immediate() as conn:
            return self._insert_game(conn, scenario_id=scenario_id, scenario_path=scenario_path,
                                     scenario_hash=scenario_hash, scenario_text=scenario_text, seed=seed, sides=sides,
                                     options=options, owner=owners.me())

    @staticmethod
    def _insert_game(conn: sqlite3.Connection, *, scenario_id: str, scenario_path: str, scenario_hash: str,
                     scenario_text: str, seed: int, sides: list[str], options: dict[str, Any] | None,
                     owner: Owner | None) -> int:
        now = time.time()
        cur = conn.execute(
            "INSERT INTO games (scenario_id, scenario_path, scenario_hash, scenario_text, seed, options, sides,"
            " created, updated, owner_pid, owner_start) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (scenario_id, scenario_path, scenario_hash, scenario_text, seed, json.dumps(options or {}),
             json.dumps(sides), now, now, owner.pid if owner else None, owner.start if owner else None))
        return int(cur.lastrowid or 0)

    def import_game(self, *, scenario_id: str, scenario_path: str, scenario_hash: str, scenario_text: str,
                    seed: int, sides: list[str], options: dict[str, Any], entries: list[Entry], turn: int,
                    finished: bool, result: str) -> int:
        """A whole game at once (``firepower import``): the game and all its entries (numbered
        1, 2, ... in order) in one transaction, so an import cut short leaves nothing; ``turn``,
        ``finished`` and ``result`` are the state's after the last entry. Nobody has it open."""
        with self._immediate() as conn:
            game_id = self._insert_game(conn, scenario_id=scenario_id, scenario_path=scenario_path,
                                        scenario_hash=scenario_hash, scenario_text=scenario_text, seed=seed,
                                        sides=sides, options=options, owner=None)
            now = time.time()
            conn.executemany("INSERT INTO entries VALUES (?,?,?,?,?,?,?,?)",
                             [(game_id, e.seq, e.kind, e.notation, json.dumps(e.rolls), e.turn, e.side, now)
                              for e in entries])
            conn.execute("UPDATE games SET turn=?, finished=?, result=? WHERE id=?",
                         (turn, int(finished), result, game_id))
        return game_id

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
                       owner_pid=row[13], owner_start=row[14])

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
        """Open the game in this process, or refuse if another live process has it open (R180).

        One conditional ``UPDATE`` under the database's lock: of two processes claiming a game at
        once, one gets it, the other reads its owner. An owner that is dead (gone, a zombie, its
        pid now another process's, :mod:`.owner`) has no claim.

        Raises:
            GameOpen: a live process has it open (nothing is written).
        """
        mine = owners.me()
        with self._immediate() as conn:
            taken = conn.execute(
                "UPDATE games SET owner_pid=?, owner_start=? WHERE id=? AND "
                "(owner_pid IS NULL OR owner_pid=? OR NOT owner_alive(owner_pid, owner_start))",
                (mine.pid, mine.start, game_id, mine.pid)).rowcount
            if taken != 1:
                row = conn.execute("SELECT owner_pid FROM games WHERE id=?", (game_id,)).fetchone()
                if row is None:
                    raise FirepowerError(f"{self.path}: there is no game {game_id} (see `firepower games`)")
                raise GameOpen(self.path, game_id, int(row[0]))

    def take_over(self, game_id: int) -> int | None:
        """Open the game in this process whoever has it (``firepower resume --take-over``); the pid
        of the live process that had it open, if any (its moves from now on are refused)."""
        mine = owners.me()
        with self._immediate() as conn:
            row = conn.execute("SELECT owner_pid, owner_start FROM games WHERE id=?", (game_id,)).fetchone()
            if row is None:
                raise FirepowerError(f"{self.path}: there is no game {game_id} (see `firepower games`)")
            conn.execute("UPDATE games SET owner_pid=?, owner_start=? WHERE id=?", (mine.pid, mine.start, game_id))
        pid, start = row
        return pid if pid is not None and pid != mine.pid and owners.alive(pid, start) else None

    def open_elsewhere(self, game_id: int) -> int | None:
        """The pid of the live process, not this one, that has the game open, or None."""
        g = self.game(game_id)
        if g.owner_pid is None or g.owner_pid == os.getpid() or not owners.alive(g.owner_pid, g.owner_start):
            return None
        return g.owner_pid

    def release(self, game_id: int) -> None:
        """Close the game in this process (if it is open here)."""
        with self.conn:
            self.conn.execute("UPDATE games SET owner_pid=NULL, owner_start=NULL WHERE id=? AND owner_pid=?",
                              (game_id, os.getpid()))

    # --- entries --------------------------------------------------------------------------------

    def append(self, game_id: int, kind: str, notation: str, rolls: list[tuple[str, int, int]], *, turn: int,
               side: str | None, game_turn: int | None = None, finished: bool = False, result: str = "",
               expect: int | None = None, owned: bool = False) -> int:
        """Append one entry and commit (durable before the caller shows anything).

        The write takes the database lock first (``BEGIN IMMEDIATE``), so the number it reads
        for the new entry is still the next one when it commits. ``game_turn``, ``finished``
        and ``result`` are the game's after this entry.

        Args:
            expect: the number the new entry must get (the entries this process has seen, plus one).
            owned: the game must be open in this process (a hotseat game, R180).

        Raises:
            MovedFirst: with ``expect``, another process stored entry ``expect`` first.
            TakenOver: with ``owned``, another process has the game open now.
            (Either way nothing is written.)
        """
        now = time.time()
        with self._immediate() as conn:
            if owned:
                mine = owners.me()
                row = conn.execute("SELECT owner_pid, owner_start FROM games WHERE id=?", (game_id,)).fetchone()
                if row is None or (row[0], row[1]) != (mine.pid, mine.start):
                    raise TakenOver(game_id, row[0] if row else None)
            row = conn.execute("SELECT COALESCE(MAX(seq), 0) FROM entries WHERE game_id=?", (game_id,)).fetchone()
            seq = int(row[0]) + 1
            if expect is not None and seq != expect:
                raise MovedFirst(game_id, expect, seq - 1)
            conn.execute("INSERT INTO entries VALUES (?,?,?,?,?,?,?,?)",
                         (game_id, seq, kind, notation, json.dumps(rolls), turn, side, now))
            conn.execute("UPDATE games SET updated=?, turn=?, finished=?, result=? WHERE id=?",
                         (now, game_turn if game_turn is not None else turn, int(finished), result, game_id))
        ring(self.path, game_id)  # (the processes following this game look now: the commit is whole)
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

    # --- campaigns ---------------------------------------------------------------------------

    def create_campaign(self, campaign_id: str, side: str, force: list[dict[str, Any]],
                        options: dict[str, Any] | None = None) -> int:
        """A new campaign at its first scenario, with no game yet; ``options`` are each of its
        games' (who plays each side)."""
        now = time.time()
        with self._immediate() as conn:
            cur = conn.execute("INSERT INTO campaigns (campaign_id, side, force, options, created, updated) "
                               "VALUES (?,?,?,?,?,?)", (campaign_id, side, json.dumps(force),
                                                        json.dumps(options or {}), now, now))
            return int(cur.lastrowid or 0)

    def campaign(self, number: int) -> CampaignRow:
        row = self.conn.execute("SELECT * FROM campaigns WHERE id=?", (number,)).fetchone()
        if row is None:
            raise FirepowerError(f"{self.path}: there is no campaign {number} (see `firepower campaign list`)")
        return self._campaign_row(row)

    def campaigns(self) -> list[CampaignRow]:
        return [self._campaign_row(r) for r in
                self.conn.execute("SELECT * FROM campaigns ORDER BY updated DESC, id DESC")]

    def update_campaign(self, number: int, *, step: int, force: list[dict[str, Any]], results: list[dict[str, Any]],
                        game_id: int | None, finished: bool) -> None:
        with self._immediate() as conn:
            conn.execute("UPDATE campaigns SET step=?, force=?, results=?, game_id=?, finished=?, updated=? "
                         "WHERE id=?", (step, json.dumps(force), json.dumps(results), game_id, int(finished),
                                        time.time(), number))

    @staticmethod
    def _campaign_row(row: tuple[Any, ...]) -> CampaignRow:
        return CampaignRow(id=row[0], campaign_id=row[1], side=row[2], step=row[3], force=json.loads(row[4]),
                           results=json.loads(row[5]), game_id=row[6], finished=bool(row[7]),
                           options=json.loads(row[8]), created=row[9], updated=row[10])

    def set_bookmark(self, game_id: int, step: int, label: str) -> None:
        with self.conn:
            self.conn.execute("INSERT OR REPLACE INTO bookmarks VALUES (?,?,?,?)", (game_id, step, label, time.time()))

    def bookmarks(self, game_id: int) -> list[tuple[int, str]]:
        return [(s, label) for s, label in self.conn.execute(
            "SELECT step, label FROM bookmarks WHERE game_id=? ORDER BY step", (game_id,))]

    # --- reviews -----------------------------------------------------------------------------------

    def put_review(self, game_id: int, history_len: int, data: Any) -> None:
        """Keep a game's review (JSON data) of its first ``history_len`` actions."""
        with self.conn:
            self.conn.execute("INSERT OR REPLACE INTO reviews VALUES (?,?,?,?)",
                              (game_id, history_len, json.dumps(data), time.time()))

    def review(self, game_id: int) -> tuple[int, Any] | None:
        """The review kept for a game: the actions it covers and its data; None if none."""
        row = self.conn.execute("SELECT history_len, data FROM reviews WHERE game_id=?", (game_id,)).fetchone()
        return None if row is None else (int(row[0]), json.loads(row[1]))


class GameOpen(FirepowerError):
    """A hotseat game is open in another live process (R180); nothing was written."""

    exit_code = 1

    def __init__(self, path: Path, game_id: int, pid: int) -> None:
        super().__init__(f"{path}: game {game_id} is open in another window (firepower, pid {pid}); close it there "
                         f"first, or take it over with `firepower resume --take-over {game_id}`")
        self.game_id = game_id
        self.pid = pid


class Overtaken(FirepowerError):
    """Another process wrote to the game first: nothing was written by this one."""

    exit_code = 1


class MovedFirst(Overtaken):
    """Another process stored the entry this one meant to write (in a shared game: its player
    moved first). Nothing was written; the caller catches up with the stored entries."""

    def __init__(self, game_id: int, expected: int, last: int) -> None:
        super().__init__(f"game {game_id}: entry {expected} was already stored by the other player "
                         f"(the game is at entry {last})")
        self.game_id = game_id
        self.expected = expected
        """The number this process meant to write."""
        self.last = last
        """The number of the last stored entry."""


class TakenOver(Overtaken):
    """A hotseat game this process had open is open in another one now (``resume --take-over``,
    R180): nothing was written."""

    def __init__(self, game_id: int, pid: int | None) -> None:
        super().__init__(f"game {game_id} is open in another window now (firepower, pid {pid}): nothing was "
                         "stored here" if pid is not None else
                         f"game {game_id} is no longer open in this window: nothing was stored here")
        self.game_id = game_id
        self.pid = pid


def _owner_alive(pid: int | None, start: str | None) -> int:
    """SQL ``owner_alive(owner_pid, owner_start)``: 1 if that process still runs (:func:`.owner.alive`)."""
    return int(pid is not None and owners.alive(pid, start))
