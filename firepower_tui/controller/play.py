"""Play: browsing the map, starting impulses and the MF actions (RULES.md 6.2), take-backs (§9.9).

The modes :attr:`Mode.BROWSE` and :attr:`Mode.TURN` (a direction key turns the man).
Aiming is in :mod:`.aiming`.
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules.model.actions import Action, ChangePosture, Cross, EndImpulse, EndPhase, Move, StartImpulse, Turn
from ..rules.board.hexgrid import Facing, hex_neighbor, hex_to_id
from ..rules.basic.movement import entry_ledger
from ..rules.basic.sequence import impulses_left
from ..rules.model.types import Posture
from ..rules.model.units import Soldier
from .base import (FACING_INTENTS, POSTURE_INTENTS, SELECT_FIRST, Core, Handler, Highlights, Mode, Result, Table,
                   stay)
from .keymap import KEYMAP, VIEW_INTENTS, Intent

TURN_HINT = "Turn to which facing? 8 N, 9 NE, 3 SE, 2 S, 1 SW, 7 NW (Esc cancels)"
END_KEY = next(k.keys[0] for k in KEYMAP if k.intent is Intent.END_PHASE)
"""The key that ends the phase (and confirms it)."""
SHOWN = frozenset(k.intent for k in KEYMAP if k.footer)
"""The intents the footer would show: while the question is open they are not offered (any
of them pressed still answers it: no)."""


def never() -> bool:
    return False


class Play:
    """The keys of play outside aiming."""

    def __init__(self, core: Core) -> None:
        self.core = core

    def tables(self) -> dict[Mode, Table]:
        """Browsing, and choosing a facing to turn to."""
        core, legal = self.core, self.core.legal
        browse: Table = {
            Intent.SELECT: Handler(self.select),
            Intent.NEXT_SOLDIER: Handler(core.next_man),
            Intent.MOVE: Handler(self.move, self._offers(lambda s: Move(soldier=s.id))),
            Intent.TURN_LEFT: Handler(self.turn_left, self._offers(lambda s: Turn(soldier=s.id,
                                                                                  facing=s.facing.turned(-1)))),
            Intent.TURN_RIGHT: Handler(self.turn_right, self._offers(lambda s: Turn(soldier=s.id,
                                                                                    facing=s.facing.turned(1)))),
            Intent.TURN_TO: Handler(self.turn_to_mode, self._may_turn),
            Intent.CROSS: Handler(self.cross, self._offers(lambda s: Cross(soldier=s.id))),
            Intent.END_IMPULSE: Handler(self.end_impulse, lambda: legal.allows(EndImpulse())),
            Intent.END_PHASE: Handler(self.end_phase, lambda: legal.allows(EndPhase())),
            Intent.UNDO: Handler(self.undo, lambda: core.session.undo_refusal() is None),
        }
        for intent, posture in POSTURE_INTENTS.items():
            browse[intent] = Handler(self._poser(posture), self._offers(self._posture_of(posture)))
        turn: Table = {
            Intent.SELECT: Handler(core.close_mode),
            Intent.NEXT_SOLDIER: Handler(core.next_man),
            Intent.CANCEL: Handler(core.close_mode),
            Intent.CURSOR_LEFT: Handler(stay),
            Intent.CURSOR_RIGHT: Handler(stay),
        }
        for intent, facing in FACING_INTENTS.items():
            turn[intent] = Handler(self._turner(facing))
        keep_on = Handler(self.keep_on)
        confirm: Table = {intent: Handler(self.keep_on, never) if intent in SHOWN else keep_on
                          for intent in Intent if intent not in VIEW_INTENTS}
        confirm[Intent.END_PHASE] = Handler(self.end_phase)
        confirm[Intent.CANCEL] = keep_on
        return {Mode.BROWSE: browse, Mode.TURN: turn, Mode.CONFIRM_END: confirm}

    # --- when the keys are offered: when the engine would take the action -----------------------

    def _offers(self, make: Callable[[Soldier], Action]) -> Callable[[], bool]:
        """The key of an action of the selected man is offered when the engine allows it."""
        def offered() -> bool:
            s = self.core.soldier()
            return s is not None and self.core.legal.allows(make(s))
        return offered

    @staticmethod
    def _posture_of(posture: Posture) -> Callable[[Soldier], Action]:
        return lambda s: ChangePosture(soldier=s.id, posture=posture)

    def _may_turn(self) -> bool:
        """t: he may turn to some facing."""
        s = self.core.soldier()
        return s is not None and self.core.legal.any(Turn, s.id)

    # --- impulses ---------------------------------------------------------------------------------

    def select(self) -> Result:
        """Enter: pick a man of the impulse here, start an impulse here, or pick the man here."""
        core, st = self.core, self.core.state
        here = st.soldiers_at(core.cursor)
        ours = [s for s in here if st.impulse and s.id in st.group]
        if ours:
            return core.pick(ours)
        if st.active is not None and (not st.impulse or not st.committed):
            result = core.submit(StartImpulse(hex=core.cursor))
            if result.ok:
                core.selected = core.state.group[0] if core.state.group else None
                core.say(f"Impulse {core.state.impulse}: {', '.join(core.state.group)} may act")
            return result
        if here:
            return core.pick(here)
        return Result()

    def end_impulse(self) -> Result:
        self.core.reset_mode()
        return self.core.submit(EndImpulse())

    def end_phase(self) -> Result:
        """E: end the impulse phase; while the side has impulses left unused (6.2), ask first:
        E again ends it, any other key carries on (nothing is asked when none is left)."""
        core = self.core
        gate = core.session.gate
        refusal = (gate.refuse(core.session, EndPhase()) if gate is not None else None) or \
            core.legal.refusal(EndPhase())
        if refusal is not None:
            core.reset_mode()
            return core.refused(refusal)
        left = impulses_left(core.state)
        if left and core.mode is not Mode.CONFIRM_END:
            side = core.state.scenario.side_name(core.state.active or "")
            return core.enter(Mode.CONFIRM_END, f"End {side}'s phase, {left} impulse{'s' if left > 1 else ''} "
                                                f"unused? {END_KEY} ends it, any other key: no")
        return self.end_phase_now()

    def end_phase_now(self) -> Result:
        """End the impulse phase without asking (the phase clock's time is up, §9.8)."""
        self.core.reset_mode()
        return self.core.submit(EndPhase())

    def keep_on(self) -> Result:
        """Any key but E while the end of the phase is asked: the phase goes on."""
        self.core.reset_mode()
        self.core.say("The impulse phase goes on")
        return Result(message=self.core.message)

    def undo(self) -> Result:
        """Take back the last action if it rolled no dice (§9.9)."""
        core = self.core
        out = core.session.undo()
        if out.refusal is not None:
            return core.refused(out.refusal)
        core.say("Taken back")
        s = core.soldier()
        if s is not None:
            core.cursor = s.hex
        return Result(message=core.message)

    # --- MF actions -------------------------------------------------------------------------------

    def move(self) -> Result:
        return self.core.act(lambda s: Move(soldier=s.id))

    def turn_left(self) -> Result:
        return self.core.act(lambda s: Turn(soldier=s.id, facing=s.facing.turned(-1)))

    def turn_right(self) -> Result:
        return self.core.act(lambda s: Turn(soldier=s.id, facing=s.facing.turned(1)))

    def turn_to_mode(self) -> Result:
        """t: the next direction key turns him."""
        if self.core.soldier() is None:
            return self.core.refused(SELECT_FIRST)
        return self.core.enter(Mode.TURN, TURN_HINT)

    def turn_to(self, facing: Facing) -> Result:
        self.core.reset_mode()
        return self.core.act(lambda s: Turn(soldier=s.id, facing=facing))

    def _turner(self, facing: Facing) -> Callable[[], Result]:
        return lambda: self.turn_to(facing)

    def posture(self, posture: Posture) -> Result:
        return self.core.act(lambda s: ChangePosture(soldier=s.id, posture=posture))

    def _poser(self, posture: Posture) -> Callable[[], Result]:
        return lambda: self.posture(posture)

    def cross(self) -> Result:
        return self.core.act(lambda s: Cross(soldier=s.id))

    # --- what the panels and the map show ---------------------------------------------------------

    def next_cost(self) -> str:
        """What moving forward would cost the selected soldier now (for the panel)."""
        core = self.core
        s = core.soldier()
        if s is None or not core.in_impulse(s):
            return ""
        refusal = core.legal.refusal(Move(soldier=s.id))
        ledger = entry_ledger(core.state, s)
        front = hex_to_id(hex_neighbor(s.hex, s.facing))
        if refusal is None:
            return f"move to {front}: {ledger.total} MF"
        return f"move to {front}: no - {refusal.reason} [{refusal.rule}]"

    def highlights(self) -> Highlights:
        """The hexes that may start an impulse, the men of the impulse, the hex a move would enter."""
        core, st = self.core, self.core.state
        h = Highlights()
        if not st.impulse:
            h.impulse_hexes = frozenset(a.hex for a in core.legal.of(StartImpulse))
        h.group = frozenset(st.group)
        s = core.soldier()
        if s is not None and core.mode is Mode.BROWSE and core.legal.allows(Move(soldier=s.id)):
            h.move_target = hex_neighbor(s.hex, s.facing)
        return h
