"""What the controller does for one key while playing ``basic`` (seed 7), without the terminal:
a cursor move (the step and the guard of every key, as the footer asks) and the guards after
an action (a new state: nothing cached). Run: python bench/bench_keys.py
"""

from __future__ import annotations

import timeit

from firepower_tui.controller.controller import Controller
from firepower_tui.controller.keymap import Intent
from firepower_tui.games.session import Session
from firepower_tui.rules.scenario.load import load_scenario


def setup() -> Controller:
    c = Controller(Session(load_scenario("basic"), seed=7))
    c.begin()
    s = c.state.living(c.state.active)[0]
    c.cursor = s.hex
    c.select()  # start an impulse: a man of it is selected
    return c


def main() -> None:
    c = setup()
    flip = iter(("n", "s") * 100000)

    def cursor_move() -> None:
        c.move_cursor(next(flip))
        for i in Intent:
            c.can(i)

    def after_action() -> None:
        c.session.state = c.state._replace()  # a new state object, as after an action
        for i in Intent:
            c.can(i)
        c.highlights()

    for name, fn in (("cursor move + every guard", cursor_move), ("new state: every guard + highlights", after_action)):
        n = 2000
        best = min(timeit.repeat(fn, number=n, repeat=5)) / n
        print(f"{name}: {best * 1e6:.0f} us")


if __name__ == "__main__":
    main()
