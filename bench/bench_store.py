"""Resume speed. Run: python bench/bench_store.py

Builds a stored 10-turn game of the basic scenario by random legal play (moves, turns,
postures, fire and grenades), then times opening the database and replaying it.
Target: resuming a 10-turn game (several hundred actions) under 0.5 s.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from firepower_tui.games.service import load_game, new_game
from firepower_tui.rules import engine
from firepower_tui.rules.model.actions import EndImpulse, EndPhase, Fire, StartImpulse, Throw
from firepower_tui.rules.board.hexgrid import hex_distance
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.games.store import Store


def combat_options(state, sid):  # noqa: ANN001, ANN201
    s = state.soldier(sid)
    out = []
    for e in state.living():
        if e.side != s.side and hex_distance(s.hex, e.hex) <= 40:
            out.append(Fire(soldier=sid, targets=(e.id,)))
            out.append(Throw(soldier=sid, hex=e.hex))
    return [a for a in out if engine.check(state, a) is None]


def build(path: Path, seed: int = 4) -> tuple[int, int]:
    store = Store(path)
    session, gid = new_game(store, load_scenario("basic"), seed=seed)
    rng = random.Random(seed)
    while not session.state.over:
        st = session.state
        if st.active is None:
            session.draw_if_needed()
            continue
        if not st.impulse:
            hexes = engine.impulse_hexes(st)
            action = StartImpulse(hex=rng.choice(hexes)) if hexes else EndPhase()
        else:
            options: list[object] = []
            combat: list[object] = []
            for sid in st.group:
                options += engine.legal_actions(st, sid)
                combat += combat_options(st, sid)
            if combat and rng.random() < 0.8:
                action = rng.choice(combat)
            else:
                action = rng.choice(options) if options and rng.random() < 0.93 else EndImpulse()
        assert session.submit(action).ok
    n = len(store.entries(gid))
    store.close()
    return gid, n


def main() -> None:
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "games.db"
        gid, n = build(path)
        times = []
        for _ in range(7):
            t0 = time.perf_counter()
            store = Store(path)
            session = load_game(store, gid)
            times.append(time.perf_counter() - t0)
            store.close()
        rolls = sum(len(h.rolls) for h in session.history)
        print(f"resume a {session.state.turn}-turn game of {n} stored actions, {rolls} dice ({len(session.state.living())} men "
              f"left, {session.state.result or 'unfinished'}): median {statistics.median(times) * 1000:.0f} ms "
              f"(open the database + replay every action); target < 500 ms")


if __name__ == "__main__":
    main()
