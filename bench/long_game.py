"""Long stored games for the take-back and resume figures of ``bench/bench_core.py``.

Writes a copy of ``scenarios/basic.toml`` with many turns (100, or the most the scenario
schema allows) and plays one stored game of it by random legal movement (``combat=0.0``:
nobody dies, so the game runs to its last turn), through ``games.new_game`` and
``session.submit`` as the app does. A snapshot of the database is taken at each requested
turn, just after a Move (no dice, no chit: a take-back is allowed there).

Run alone: ``python bench/long_game.py OUT_DIR [--turns 100] [--at 10,100] [--seed 5]``;
then ``firepower resume --db OUT_DIR/turn10.db``.
"""

from __future__ import annotations

import argparse
import random
import re
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from firepower_tui.games.service import new_game
from firepower_tui.headless.playout import random_action
from firepower_tui.rules.model.actions import Move
from firepower_tui.rules.model.errors import FirepowerError
from firepower_tui.rules.model.scenario import Scenario
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.games.store import Store

BASIC = Path(__file__).resolve().parent.parent / "scenarios" / "basic.toml"


@dataclass
class Snapshot:
    """One stored game, stopped in ``turn`` just after a Move."""

    db: Path
    turn: int
    actions: int
    """Entries in the store (accepted actions, draws included)."""
    last: str
    """The last action, in notation (the one ``z`` takes back)."""


@dataclass
class LongGames:
    scenario_path: Path
    turns: int
    """Turns of the scenario written (100 unless the schema refuses; then its maximum)."""
    note: str
    snapshots: dict[int, Snapshot]
    """By requested turn (a turn beyond the scenario's last is played in its last turn)."""
    build_seconds: float


def write_scenario(folder: Path, turns: int) -> tuple[Scenario, Path, str]:
    """basic.toml with ``turns`` turns (or fewer, if the scenario schema caps it), loaded."""
    text = BASIC.read_text(encoding="utf-8")
    if not re.search(r"(?m)^turns\s*=\s*\d+", text):
        raise RuntimeError(f"{BASIC}: no 'turns = N' line to change")
    note = ""
    want = turns
    while True:
        path = folder / f"basic{want}.toml"
        path.write_text(re.sub(r"(?m)^turns\s*=\s*\d+", f"turns = {want}", text, count=1), encoding="utf-8")
        try:
            return load_scenario(path), path, note
        except FirepowerError as exc:
            m = re.search(r"less than or equal to (\d+)", str(exc))
            if m is None or int(m.group(1)) >= want:
                raise
            note = f"the scenario schema allows at most {m.group(1)} turns (asked {turns})"
            path.unlink()
            want = int(m.group(1))


def _copy_db(store: Store, dest: Path) -> None:
    """A consistent copy of the open database (SQLite backup API: WAL contents included)."""
    if dest.exists():
        dest.unlink()
    out = sqlite3.connect(dest)
    try:
        store.conn.backup(out)
    finally:
        out.close()


def _release(db: Path, game_id: int) -> None:
    """The copy's game owned by nobody: its owner is this live process, and `firepower resume`
    refuses a game open elsewhere (R180)."""
    copy = Store(db)
    try:
        copy.release(game_id)
    finally:
        copy.close()


def build(folder: Path, *, turns: int = 100, at: tuple[int, ...] = (10, 100), seed: int = 5,
          deadline: float | None = None) -> LongGames:
    """Play one long stored game, snapshotting the database in each turn of ``at``.

    Raises:
        TimeoutError: ``deadline`` (a ``time.perf_counter()`` value) passed first.
    """
    t0 = time.perf_counter()
    folder.mkdir(parents=True, exist_ok=True)
    scenario, path, note = write_scenario(folder, turns)
    last_turn = scenario.spec.turns
    wanted = sorted({min(t, last_turn): t for t in at}.items())  # (turn played in, requested)
    store = Store(folder / "building.db")
    snapshots: dict[int, Snapshot] = {}
    try:
        session, gid = new_game(store, scenario, seed)  # this process owns the game while it plays it
        rng = random.Random(seed)
        steps = 0
        while wanted:
            st = session.state
            if st.over:
                raise RuntimeError(f"the long game ended in turn {st.turn} ({st.result}) before turn {wanted[0][0]}")
            if deadline is not None and steps % 200 == 0 and time.perf_counter() > deadline:
                raise TimeoutError(f"building the long game: only at turn {st.turn} of {wanted[-1][0]} "
                                   f"after {time.perf_counter() - t0:.0f} s")
            if st.active is None:
                session.draw_if_needed()
                continue
            action = random_action(st, rng, combat=0.0)
            out = session.submit(action)
            if not out.ok:
                raise RuntimeError(f"random_action gave a refused action {action!r}: {out.refusal}")
            steps += 1
            turn, requested = wanted[0]
            if (session.state.turn >= turn and isinstance(action, Move) and session.undo_refusal() is None
                    and not session.state.over):
                db = folder / f"turn{requested}.db"
                _copy_db(store, db)
                _release(db, gid)
                snapshots[requested] = Snapshot(db=db, turn=session.state.turn, actions=len(store.entries(gid)),
                                                last=session.history[-1].notation)
                wanted.pop(0)
    finally:
        store.close()
    for suffix in ("", "-wal", "-shm"):
        (folder / f"building.db{suffix}").unlink(missing_ok=True)
    return LongGames(scenario_path=path, turns=last_turn, note=note, snapshots=snapshots,
                     build_seconds=time.perf_counter() - t0)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("out", type=Path, help="folder for the scenario copy and the databases")
    p.add_argument("--turns", type=int, default=100)
    p.add_argument("--at", default="10,100", help="turns to snapshot, comma-separated")
    p.add_argument("--seed", type=int, default=5)
    a = p.parse_args()
    games = build(a.out, turns=a.turns, at=tuple(int(x) for x in a.at.split(",")), seed=a.seed)
    print(f"{games.scenario_path}: {games.turns} turns{' (' + games.note + ')' if games.note else ''}; "
          f"built in {games.build_seconds:.1f} s")
    for req, snap in games.snapshots.items():
        print(f"  turn {req}: {snap.db} (turn {snap.turn}, {snap.actions} entries, last {snap.last})")


if __name__ == "__main__":
    main()
