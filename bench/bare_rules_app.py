"""A bare Textual app (as bench/bare_app.py) that first does the rules' share of the game's start:
for bench/frame_parts.py, which splits the first-frame figure of bench_core.py into parts.

Run: python bench/bare_rules_app.py {scenario|rules}

  scenario  load_cached("basic"): after the untimed warm-up run, from the cache of checked
            scenarios (games/scenario_cache.py), as the game's start is; pydantic is imported
            only by a start whose scenario text is not yet checked
  rules     that, plus the rest of the rules core the game imports (engine, notation, snapshot,
            describe), a new game and the first chit draw, as the game does before its first frame

Like `firepower play`, it pauses the cyclic garbage collector during start-up and resumes it
after the first frame, so the difference to the game is the game's own (UI, store, controller).
"""

from __future__ import annotations

import gc
import sys

gc.disable()

from textual.app import App, ComposeResult  # noqa: E402
from textual.widgets import Static  # noqa: E402

READY = "bare textual app ready"


def rules_share(upto: str) -> None:
    from firepower_tui.games.scenario_cache import load_cached

    scenario = load_cached("basic")
    if upto == "scenario":
        return
    from firepower_tui.rules.engine import describe, notation, snapshot
    from firepower_tui.rules import engine  # noqa: F401 - imported by the game
    from firepower_tui.rules.model.actions import DrawChit
    from firepower_tui.rules.model.dice import SeededDice
    from firepower_tui.rules.basic.sequence import new_game, opening_events

    state = new_game(scenario)
    opening_events(state)
    dice = SeededDice(7)  # as `firepower play basic --seed 7` (bench_core's first frame)
    while state.active is None and not state.over:
        state, events = engine.apply(state, DrawChit(), dice)
        notation.format_action(DrawChit())
    snapshot.state_to_data(state)


class BareApp(App[None]):
    BINDINGS = [("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Static(READY)

    def on_mount(self) -> None:
        self.call_after_refresh(self._resume_gc)

    @staticmethod
    def _resume_gc() -> None:
        gc.freeze()
        gc.enable()


if __name__ == "__main__":
    rules_share(sys.argv[1] if len(sys.argv) > 1 else "rules")
    BareApp().run()
