"""One game, two processes: each player plays his own side of a stored game in his own terminal.

The store is the meeting point. Each process keeps a live :class:`~.session.Session` and the
number of stored entries it has applied (:attr:`SharedGame.seen`). Its player's actions are
stored only as entry ``seen + 1`` (the store takes its lock first, ``BEGIN IMMEDIATE``): when
the other player stored that entry first, nothing is written, the session catches up with the
stored entries and the player reads why (:class:`~.store.MovedFirst`). A commit by the other
process is noticed by :meth:`SharedGame.changed` (``PRAGMA data_version`` on the store's one
long-lived connection) and applied by :meth:`SharedGame.catch_up`, entry by entry on the live
session (no full replay).

Only the side the game waits for acts (:func:`~firepower_tui.rules.basic.turn.deciders`): the active
side in its impulse phase (6.2), the reacting side while a reaction is open (§9.1, §9.2,
§9.7), the buying side (§10.3), the placer or the roll's winner (§10.2); a chit draw (6.1) or a
roll-off is nobody's in particular, and the first process to store it wins. A take-back
(§9.9) takes back only the player's own last action (ruling R120).
"""

from __future__ import annotations

from ..rules.model.actions import Action, Buy, Drop, Equip, Ready
from ..rules.model.errors import FirepowerError, Refusal
from ..rules.model.events import Event
from ..rules.model.state import GameState
from ..rules.basic.turn import deciders, decision_rule
from ..rules.model.types import Phase
from .replay import StepRecord, replay_into, scenario_for
from .service import attach_recorder, full_replay
from .session import Session
from .store import Store

OWN_SIDE_ACTIONS = (Buy, Ready)
"""Actions that name the side they are for (§10.3): a player may send them only for his own."""
OWN_MAN_ACTIONS = (Drop, Equip)
"""Actions of the force builder that name a man (§10.3, §9.5): a player's own men only."""


class NotASide(FirepowerError):
    """``firepower join --side`` names no side of the game."""


class SharedGame:
    """One player's end of a shared game: his side, the store and what he has seen of it."""

    def __init__(self, store: Store, game_id: int, side: str, computer: frozenset[str] = frozenset()) -> None:
        """``computer``: the sides the computer plays in this process, beside the player's own
        (a served game against the computer: its moves are stored by this end).

        Raises:
            NotASide: ``side`` is not one of the game's sides (the message lists them).
        """
        g = store.game(game_id)
        if side not in g.sides:
            raise NotASide(f"game {game_id} has the sides {', '.join(g.sides)}; there is no side {side!r}")
        self.store = store
        self.game_id = game_id
        self.side = side
        """The side this process's player plays."""
        self.computer = computer
        """The sides the computer plays in this process (its keys are the computer's, not the player's)."""
        self.seen = 0
        """The stored entries this process has applied (its next entry must be ``seen + 1``)."""
        self._version = store.data_version()

    # --- opening -------------------------------------------------------------------------------

    def open(self, *, use_saved: bool = False) -> Session:
        """The game as stored (a full replay), recording into the store as this player's end.

        Raises:
            ReplayError: the stored game no longer replays (named).
        """
        store, game_id = self.store, self.game_id
        self._version = store.data_version()
        self.seen = store.last_seq(game_id)
        g = store.game(game_id)
        scenario, _ = scenario_for(g.scenario_path, g.scenario_id, g.scenario_hash, g.scenario_text,
                                   use_saved=use_saved)
        session = full_replay(store, game_id, scenario, upto=self.seen)  # what came since: catch_up below
        attach_recorder(session, self.store, self.game_id, shared=self)
        session.gate = self
        self.catch_up(session)
        return session

    # --- following the other player ----------------------------------------------------------------

    def changed(self) -> bool:
        """Whether another connection has committed to the store since the last look (cheap: no
        read of the game; the process's own commits do not count)."""
        version = self.store.data_version()
        if version == self._version:
            return False
        self._version = version
        return True

    def catch_up(self, session: Session) -> list[Event]:
        """Apply the entries stored since :attr:`seen` to ``session``; the events they added (a
        take-back among them removes events: the screen's log follows the session's).

        Raises:
            ReplayError: a stored entry does not apply (the other process plays another version
                of the scenario or the rules).
        """
        entries = self.store.entries(self.game_id, after=self.seen)
        if not entries:
            return []
        before = len(session.log)
        recorder, gate = session.recorder, session.gate
        session.recorder = session.gate = None  # the stored entries are applied, not stored again
        try:
            calls = replay_into(session, [StepRecord(e.kind, e.notation, e.rolls) for e in entries],
                                where=f"{self.store.path}: game {self.game_id}, ", first=self.seen + 1)
        finally:
            session.recorder, session.gate = recorder, gate
        session.dice.advance(calls)  # the live dice go on from where the other process left them
        self.seen = entries[-1].seq
        return session.log[before:] if len(session.log) > before else []

    # --- the gate (games.session.Gate) ------------------------------------------------------------

    def refuse(self, session: Session, action: Action | None) -> Refusal | None:
        """Why this player may not send ``action`` now (None: take back his last action), or None."""
        state = session.state
        name = state.scenario.side_name
        if action is None:
            return self._refuse_undo(session)
        if isinstance(action, OWN_SIDE_ACTIONS) and action.side != self.side and action.side not in self.computer:
            return Refusal(reason=f"you play {name(self.side)}: {name(action.side)} buys for itself", rule="§10.3")
        if state.phase == Phase.FORCES and isinstance(action, OWN_MAN_ACTIONS):
            man = state.soldier(action.soldier)
            if man is not None and man.side != self.side and man.side not in self.computer:
                return Refusal(reason=f"you play {name(self.side)}: {action.soldier} is {name(man.side)}'s",
                               rule="§10.3")
        return self.waiting(state)

    def waiting(self, state: GameState) -> Refusal | None:
        """Why nothing this player sends now can be taken: the game waits for the other side (or
        is over); None when it waits for this player's side."""
        deciding = deciders(state)
        if self.side in deciding or deciding & self.computer:  # (the computer's turn: its player's keys
            return None  # are refused on the screen, as in a game against the computer on one machine)
        if not deciding:
            return Refusal(reason="the game is over", rule="§2.6")
        name = state.scenario.side_name
        others = " and ".join(name(s) for s in sorted(deciding))
        return Refusal(reason=f"waiting for {others}: it is not {name(self.side)}'s decision", rule=decision_rule(state))

    def _refuse_undo(self, session: Session) -> Refusal | None:
        """R120: in a shared game a player takes back only his own last action (the other
        player has not acted since: anything he stored is applied first and is the last)."""
        if not session.history:
            return None  # (undo_refusal says there is nothing)
        last = session.history[-1]
        if deciders(last.before) != frozenset((self.side,)):
            name = session.state.scenario.side_name
            return Refusal(reason=f"'{last.notation}' was not {name(self.side)}'s own action: only your own last "
                                  "action can be taken back in a shared game (R120)", rule="§9.9")
        return None

    def overtaken(self, session: Session, action: Action | None) -> Refusal | None:
        """The other player stored the entry this one meant to (:class:`~.store.MovedFirst`):
        apply what he stored; the refusal to show, or None to send ``action`` again. Only a
        purchase is sent again (both sides buy at once and neither's depends on the other's,
        §10.3, ruling R121); any other action was chosen on a state that is gone."""
        self.catch_up(session)
        if action is not None and session.state.phase == Phase.FORCES and self.refuse(session, action) is None \
                and session.check(action) is None:
            return None
        return Refusal(reason="the other player moved first: his move is shown and yours was not made",
                       rule=decision_rule(session.state))
