"""The computer's side on the game screen: it chooses through the opponent and acts
through the controller, one action at a time at a readable pace, exactly as a player's key
would (the same session path: the side log, the history and the store get the same events).

:class:`ComputerTurns` is a small object the :class:`~.screens.game.GameScreen` holds and
calls from its ``_sync`` (it sees the screen as :class:`~.screens.game_base.GameScreenBase`).
While only the computer's side may decide (rules.basic.turn.deciders: its impulse phase, its
reaction, its §10.2 choice or placement, its buying) the human's keys for decisions are
refused with the reason; the cursor, the views and the skip key stay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..controller.keymap import VIEW_INTENTS, Intent
from ..controller.base import CURSOR_STEPS
from ..games.seats import computer_levels, other_side_of
from ..rules.basic.turn import decision_rule
from ..rules.model.actions import Action
from ..rules.model.errors import Refusal
from ..rules.engine.notation import format_action
from ..rules.model.state import GameState
from ..rules.basic.turn import deciders

if TYPE_CHECKING:
    from textual.timer import Timer

    from ..controller.controller import Controller
    from .screens.game_base import GameScreenBase

DEFAULT_PACE = 0.6
"""Seconds between the computer's actions (``--pace``)."""
FREE_INTENTS = frozenset(VIEW_INTENTS) | frozenset(CURSOR_STEPS)
"""What the human may still do while the computer decides: look (the views, the cursor)."""


class Player(Protocol):
    """What the screen asks of a computer player (players.opponent.Opponent)."""

    side: str

    def to_act(self, state: GameState) -> bool: ...

    def choose(self, state: GameState) -> Action: ...


def make_players(players: dict[str, str], seed: int) -> dict[str, Player]:
    """The computer's players for a game's ``players`` (none for hotseat); each seeded from
    the game's seed, so a game's choices can be repeated."""
    levels = computer_levels(players)
    if not levels:
        return {}
    from ..players.opponent import Opponent

    return {side: Opponent(side, level, seed=seed + i) for i, (side, level) in enumerate(levels.items())}


def computer_turns(screen: GameScreenBase, controller: Controller, pace: float | None) -> ComputerTurns | None:
    """The computer's sides of a game screen's game (its session's ``players``), or None for hotseat."""
    players = make_players(controller.session.players, controller.session.seed)
    return ComputerTurns(screen, controller, players, pace) if players else None


class ComputerTurns:
    """Plays the computer's sides on a game screen (see the module)."""

    def __init__(self, screen: GameScreenBase, controller: Controller, players: dict[str, Player],
                 pace: float | None = None) -> None:
        self.screen = screen
        self.controller = controller
        """The controller of the game it plays (the screen's, until a reload gives the screen another)."""
        self.players = players
        self.pace = DEFAULT_PACE if pace is None else pace
        self.fast = False
        """Skipping: the rest of this run of the computer's decisions at once (the skip key)."""
        self.stopped = False
        """The computer sent an action the engine refused (a bug): it stops, the human sees why."""
        self._timer: Timer | None = None
        self._thinking = False
        """Its choice is being made in a thread."""
        self._last_sent: object = None
        """The history entry of the computer's last accepted action."""

    # --- whose decision -----------------------------------------------------------------------------

    def deciding(self) -> frozenset[str]:
        """The computer's sides the game waits for now."""
        return deciders(self.screen.c.state) & frozenset(self.players)

    def humans_wait(self) -> bool:
        """Only the computer may decide now: the human's decision keys are refused."""
        d = deciders(self.screen.c.state)
        return bool(d) and d <= frozenset(self.players)

    def refusal(self, intent: Intent) -> Refusal | None:
        """Why the human may not send ``intent`` now (the computer decides, or a take-back would
        take back the computer's move: R113), or None."""
        if intent is Intent.UNDO and self._last_was_computers():
            return Refusal(reason="the computer's move cannot be taken back", rule="§9.9")
        if intent in FREE_INTENTS or not self.humans_wait():
            return None
        state = self.screen.c.state
        side = sorted(self.deciding())[0]
        return Refusal(reason=f"{state.scenario.side_name(side)} is played by the computer: wait for its move, "
                              "or press . to see it at once", rule=decision_rule(state))

    def _last_was_computers(self) -> bool:
        history = self.screen.c.session.history
        if not history:
            return False
        last = history[-1]
        if last is self._last_sent:
            return True  # (a §10.2 choice is nobody's man's, but it was the computer's)
        return any(other_side_of(last.before, last.action, side) is None and _owned(last.before, last.action)
                   for side in self.players)

    # --- acting -------------------------------------------------------------------------------------

    def follow(self) -> None:
        """After each sync: if the computer decides, its next action after the pace."""
        if not self.deciding():
            self.fast = False
            return
        if self._timer is not None or self.stopped or self._thinking:
            return
        delay = 0.01 if self.fast or self.pace <= 0 else self.pace
        self._timer = self.screen.set_timer(delay, self.step, name="computer")

    def skip(self) -> None:
        """The skip key: the rest of the computer's decisions at once."""
        if not self.deciding():
            return
        self.fast = True
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.follow()

    def step(self) -> None:
        """The computer's next action: chosen in a thread (the screen stays live: the cursor, the
        views, the skip key), then sent from the app's thread by :meth:`_act`. A dialog over the
        map waits (back, the screen follows again)."""
        self._timer = None
        screen = self.screen
        if not screen.is_active or self._thinking:
            return  # (on_screen_resume calls follow)
        mine = sorted(self.deciding())
        if not mine:
            return
        player, state, app = self.players[mine[0]], screen.c.state, screen.app
        self._thinking = True

        def think() -> None:
            try:
                action, error = player.choose(state), None
            except Exception as exc:  # noqa: BLE001 - reported in the app's thread
                action, error = None, exc
            app.call_from_thread(self._act, player, state, action, error)

        screen.run_worker(think, thread=True, group="computer", exit_on_error=False)

    def _act(self, player: Player, state: GameState, action: Action | None, error: Exception | None) -> None:
        """Send the action the computer chose for ``state`` (if the game is still there)."""
        self._thinking = False
        screen = self.screen
        if screen.c is not self.controller:
            return  # the screen goes on with another game (a reload)
        c = screen.c
        if error is not None or action is None:
            self.stopped = True
            screen._internal_error(error or ValueError("no action"), "the computer's choice")
            return
        if c.state is not state:
            self.follow()  # (the game moved on meanwhile: think again)
            return
        c.reset_mode()
        at = len(c.session.history)
        other = other_side_of(c.state, action, player.side)
        name = c.state.scenario.side_name(player.side)
        result = c.refused(Refusal(reason=f"not its side's action: {c.state.scenario.side_name(other)}'s",
                                   rule=decision_rule(c.state))) if other is not None else c.submit(action)
        if result.refusal is not None:
            self.stopped = True
            c.say(f"The computer ({name}) sent a refused action, {format_action(action)}: "
                  f"{result.refusal.reason} [{result.refusal.rule}]; it stops", error=True)
        else:
            self._last_sent = c.session.history[at] if len(c.session.history) > at else None
            c.say(f"Computer ({name}): {format_action(action)}")
            h = _acting_hex(c.state, action)
            if h is not None:
                c.cursor = h
        screen.sync_result(result)


def _owned(state: GameState, action: Action) -> bool:
    """The action is some side's own (a man's, a side's buying), not nobody's (a chit, a roll)."""
    return any(other_side_of(state, action, side) is not None for side in state.sides)


def _acting_hex(state: GameState, action: Action):  # noqa: ANN202 - Hex | None
    """Where the man who acted stands now (the cursor follows the computer's moves)."""
    for field in ("soldier", "shooter", "thrower", "watcher"):
        sid = getattr(action, field, None)
        if isinstance(sid, str):
            s = state.soldier(sid)
            if s is not None and not s.killed and s.deployed:
                return s.hex
    h = getattr(action, "hex", None)
    return h if isinstance(h, tuple) else None

