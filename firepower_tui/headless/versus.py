"""The computer in a script: a ``players`` line names who plays each side, and a side
marked ``computer`` is played by the opponent whenever the game waits for it
(rules.basic.turn.deciders), through the same session as the script's own actions.

The opponent is given, not imported (``make_player``: the CLI passes
``players.opponent.Opponent``); the headless runner and the players are beside each other
in the layers. The runner is seen through :class:`ScriptRun`, what the computer uses of it:
this module does not import the runner, which imports it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from ..games.seats import computer_levels, other_side_of, players_label
from ..rules.basic.turn import decision_rule
from ..games.session import Outcome, Session
from ..rules.model.errors import Refusal
from ..rules.model.events import Event
from ..rules.model.actions import Action, RollOff
from ..rules.model.dice import ForcedDice
from ..rules.engine.notation import format_action
from ..rules.model.state import GameState
from ..rules.model.types import Phase
from ..rules.basic.turn import deciders

MOST_ACTIONS = 20000
"""The computer's actions in one run of decisions, at most (a guard: a game ends long before)."""


class Player(Protocol):
    """What the runner asks of a computer player (players.opponent.Opponent)."""

    side: str

    def to_act(self, state: GameState) -> bool: ...

    def choose(self, state: GameState) -> Action: ...


MakePlayer = Callable[[str, str, int], Player]
"""``make_player(side, level, seed)``: a computer player."""


class ScriptRun(Protocol):
    """What the computer's sides use of the script run they play in (:class:`.script.Runner`):
    its dice and session, its output, and its counts."""

    dice: ForcedDice
    session: Session
    carried_out: int
    """Actions accepted so far."""

    @property
    def state(self) -> GameState:
        """The game now."""

    def side_name(self, side: str) -> str: ...

    def out(self, record: dict[str, Any], text: str) -> None:
        """Print one event (a record and its text line)."""

    def events(self, events: Iterable[Event]) -> None:
        """Print the events of an action."""

    def note_refusal(self, line: int) -> None:
        """Count a refusal (printed already; line 0: the computer's)."""

    def draw_if_needed(self) -> None:
        """Draw chits until an impulse phase is under way."""


def players_event(players: dict[str, str], side_name: Callable[[str], str]) -> tuple[dict[str, object], str]:
    """The ``players`` event: who plays each side (a record and its text line)."""
    text = "Players: " + ", ".join(f"{side_name(side)} {seat}" for side, seat in players.items())
    return {"event": "players", "players": dict(players), "label": players_label(players)}, text


class Computer:
    """The computer's sides of a script run (see the module)."""

    def __init__(self, runner: ScriptRun, players: dict[str, str], make_player: MakePlayer) -> None:
        self.runner = runner
        self.levels = computer_levels(players)
        self.make_player = make_player
        self.players: dict[str, Player] | None = None
        """Made at their first decision, seeded from the dice's seed then (a ``seed`` line counts)."""
        self.stopped = False

    def _made(self) -> dict[str, Player]:
        if self.players is None:
            seed = self.runner.dice.seed
            self.players = {side: self.make_player(side, level, seed + i)
                            for i, (side, level) in enumerate(self.levels.items())}
        return self.players

    def play(self, draw: bool = True) -> None:
        """While the game waits for a computer side: its action, and what follows by itself (the
        deployment rolls, chit draws), printed like any; until a human side decides or the game ends.
        ``draw=False`` (before a script's ``chit`` or ``rolloff`` line, a ``state`` or an ``odds``):
        what nobody decides is left to the script, and the computer acts only on its own decisions."""
        r = self.runner
        for _ in range(MOST_ACTIONS):
            if self.stopped or r.state.over:
                return
            if draw:
                self._automatic()
            elif self._nobodys():
                return
            mine = sorted(deciders(r.state) & set(self.levels))
            if not mine or r.state.over:
                return
            player = self._made()[mine[0]]
            action = player.choose(r.state)
            other = other_side_of(r.state, action, player.side)
            out = r.session.submit(action) if other is None else Outcome(refusal=Refusal(
                reason=f"not its side's action: {r.side_name(other)}'s", rule=decision_rule(r.state)))
            words = format_action(action)
            if out.refusal is not None:  # a bug in the player: said, and it stops
                self.stopped = True
                r.out({"event": "refused", "line": 0, "action": words, "reason": out.refusal.reason,
                       "rule": out.refusal.rule, "player": "computer"},
                      f"Refused (computer, {r.side_name(player.side)}: {words}): {out.refusal.reason} "
                      f"[{out.refusal.rule}]; the computer stops")
                r.note_refusal(0)
                return
            r.carried_out += 1
            r.out({"event": "computer", "side": player.side, "action": words},
                  f"Computer ({r.side_name(player.side)}): {words}")
            r.events(out.events)

    def _nobodys(self) -> bool:
        """The next action is nobody's in particular: a chit draw (6.1) or a §10.2 roll."""
        st = self.runner.state
        return (st.phase == Phase.PLAY and st.active is None and st.pending is None) or \
            self.runner.session.check(RollOff()) is None

    def _automatic(self) -> None:
        """What nobody decides, as the app does it: the §10.2 rolls, the blind chit draws (6.1)."""
        r = self.runner
        while r.session.check(RollOff()) is None:
            r.events(r.session.submit(RollOff()).events)
        r.draw_if_needed()
