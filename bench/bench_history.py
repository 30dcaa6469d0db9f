"""What a long history costs the app: take-back (z), resume (mounting the game screen with the
whole log), resize and the full log view, in the headless app (``App.run_test``).

Run: python bench/bench_history.py [reps]

A game of ``scenarios/basic.toml`` with ``turns = 99`` (the most a scenario may have) is played with random legal movement
(no combat) up to turn 10 and up to turn 99; each figure is the median wall time of ``reps``
tries (and the least). "in the side log" is the wall time spent inside the side log's own methods
during the step above it. "cursor" (a cursor move) is the floor: what Pilot and a repaint cost
anyway. The figures should not grow with the length of the game.

"resize" widens the terminal by 11 columns: the side log's width is set by the stylesheet, so it is
not re-wrapped (tests/ui/test_side_log.py counts the wrapping when a log's own width changes).
"""

from __future__ import annotations

import asyncio
import functools
import random
import statistics
import sys
import time
from pathlib import Path

from firepower_tui.controller.controller import Result
from firepower_tui.games.session import Session
from firepower_tui.headless.playout import random_action
from firepower_tui.rules.scenario.load import parse_scenario
from firepower_tui.ui.app import make_app
from firepower_tui.ui.widgets.side_log import SideLog

ROOT = Path(__file__).resolve().parent.parent
SIZE = (120, 40)
HOOKS = ("write", "reset", "truncate", "on_resize", "render_line", "render_lines", "watch_scroll_y",
         "get_content_height")


class LogClock:
    """Wall time spent inside the side log's methods (outermost calls only), whatever its version."""

    def __init__(self) -> None:
        self.spent = 0.0
        self._depth = 0
        for name in HOOKS:
            for cls in SideLog.__mro__:
                if name in cls.__dict__:
                    setattr(cls, name, self._timed(cls.__dict__[name]))  # where Textual will look for it
                    break

    def _timed(self, fn):  # noqa: ANN001, ANN202
        @functools.wraps(fn)  # Textual counts a handler's parameters
        def timed(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
            self._depth += 1
            t0 = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self._depth -= 1
                if not self._depth:
                    self.spent += time.perf_counter() - t0
        return timed

    def take(self) -> float:
        spent, self.spent = self.spent, 0.0
        return spent


CLOCK = LogClock()


def long_game(turn: int, seed: int = 7) -> Session:
    """A game played at random (movement only) until ``turn``, ending on an action that can be taken back."""
    text = (ROOT / "scenarios" / "basic.toml").read_text().replace("turns = 10", "turns = 99")
    session = Session(parse_scenario(text, "basic-99"), seed=seed)
    rng = random.Random(seed)
    while True:
        st = session.state
        assert not st.over, "the game ended early"
        if st.turn >= turn and st.impulse and session.undo_refusal() is None:
            return session
        action = random_action(st, rng, combat=0.0)
        if session.check(action) is None:
            session.apply_checked(action)


async def measure(session: Session, reps: int) -> dict[str, float]:
    out: dict[str, list[float]] = {"mount": [], "  in the side log": [], "z": [], "  in the side log ": [],
                                   "cursor": [], "resize": [], "log view": []}
    for _ in range(reps):
        app = make_app(session.scenario, session=session)
        CLOCK.take()
        t0 = time.perf_counter()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            out["mount"].append(time.perf_counter() - t0)
            out["  in the side log"].append(CLOCK.take())
            screen = app.screen
            assert type(screen).__name__ == "GameScreen", type(screen).__name__
            last = session.history[-1].action
            t0 = time.perf_counter()
            await pilot.press("right")
            await pilot.pause()
            out["cursor"].append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            CLOCK.take()
            await pilot.press("z")
            await pilot.pause()
            out["z"].append(time.perf_counter() - t0)
            out["  in the side log "].append(CLOCK.take())
            assert session.check(last) is None
            session.apply_checked(last)  # the same move again, so the next try takes back the same
            screen._sync(Result())
            await pilot.pause()
            t0 = time.perf_counter()
            await pilot.resize_terminal(SIZE[0] + 11, SIZE[1])
            await pilot.pause()
            out["resize"].append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            await pilot.press("l")
            await pilot.pause()
            out["log view"].append(time.perf_counter() - t0)
            await pilot.press("escape")
            await pilot.pause()
    return {k: (statistics.median(v), min(v)) for k, v in out.items()}


def main() -> None:
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    for turn in (10, 99):
        t0 = time.perf_counter()
        session = long_game(turn)
        built = time.perf_counter() - t0
        figures = asyncio.run(measure(session, reps))
        print(f"turn {turn:3d}: {len(session.log):5d} events, {len(session.history):5d} actions "
              f"(built in {built:.1f} s)")
        for name, (median, least) in figures.items():
            print(f"    {name:18s} median {median * 1000:7.1f} ms  min {least * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
