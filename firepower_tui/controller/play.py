"""Play: browsing the map, starting impulses and the MF actions (RULES.md 6.2), take-backs (§9.9).

The modes :attr:`Mode.BROWSE` and :attr:`Mode.TURN` (a direction key turns the man).
Aiming is in :mod:`.aiming`.
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules.actions import ChangePosture, Cross, EndImpulse, EndPhase, Move, StartImpulse, Turn
from ..rules.engine import impulse_hexes
from ..rules.hexgrid import Facing, hex_neighbor, hex_to_id
from ..rules.movement import entry_ledger
from ..rules.types import Posture
from .base import (FACING_INTENTS, POSTURE_INTENTS, SELECT_FIRST, Core, Handler, Highlights, Mode, Result, Table,
                   stay)
from .keymap import Intent

TURN_HINT = "Turn to which facing? 8 N, 9 NE, 3 SE, 2 S, 1 SW, 7 NW (Esc cancels)"


class Play:
    """The keys of play outside aiming."""

    def __init__(self, core: Core) -> None:
        self.core = core

    def tables(self) -> dict[Mode, Table]:
        """Browsing, and choosing a facing to turn to."""
        core, acting = self.core, self._acting
        browse: Table = {
            Intent.SELECT: Handler(self.select),
            Intent.NEXT_SOLDIER: Handler(core.next_man),
            Intent.MOVE: Handler(self.move, acting),
            Intent.TURN_LEFT: Handler(self.turn_left, acting),
            Intent.TURN_RIGHT: Handler(self.turn_right, acting),
            Intent.TURN_TO: Handler(self.turn_to_mode, acting),
            Intent.CROSS: Handler(self.cross, self._on_a_line),
            Intent.END_IMPULSE: Handler(self.end_impulse, lambda: core.state.impulse > 0),
            Intent.END_PHASE: Handler(self.end_phase, lambda: core.state.active is not None),
            Intent.UNDO: Handler(self.undo, lambda: core.session.undo_refusal() is None),
        }
        for intent, posture in POSTURE_INTENTS.items():
            browse[intent] = Handler(self._poser(posture), self._can_take(posture))
        turn: Table = {
            Intent.SELECT: Handler(core.close_mode),
            Intent.NEXT_SOLDIER: Handler(core.next_man),
            Intent.CANCEL: Handler(core.close_mode),
            Intent.CURSOR_LEFT: Handler(stay),
            Intent.CURSOR_RIGHT: Handler(stay),
        }
        for intent, facing in FACING_INTENTS.items():
            turn[intent] = Handler(self._turner(facing))
        return {Mode.BROWSE: browse, Mode.TURN: turn}

    # --- when the keys are offered --------------------------------------------------------------

    def _acting(self) -> bool:
        """The selected man is in the impulse."""
        return self.core.in_impulse(self.core.soldier())

    def _can_take(self, posture: Posture) -> Callable[[], bool]:
        def offered() -> bool:
            s = self.core.soldier()
            return self.core.in_impulse(s) and s is not None and s.posture is not posture
        return offered

    def _on_a_line(self) -> bool:
        s = self.core.soldier()
        return self.core.in_impulse(s) and s is not None and self.core.state.scenario.map.line_at(s.hex) is not None

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
        self.core.reset_mode()
        return self.core.submit(EndPhase())

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
        refusal = core.session.check(Move(soldier=s.id))
        ledger = entry_ledger(core.state, s)
        front = hex_to_id(hex_neighbor(s.hex, s.facing))
        if refusal is None:
            return f"move to {front}: {ledger.total} MF"
        return f"move to {front}: no - {refusal.reason} [{refusal.rule}]"

    def highlights(self) -> Highlights:
        """The hexes that may start an impulse, the men of the impulse, the hex a move would enter."""
        core, st = self.core, self.core.state
        h = Highlights()
        if st.active is not None and not st.impulse:
            h.impulse_hexes = frozenset(impulse_hexes(st))
        h.group = frozenset(st.group)
        s = core.soldier()
        if s is not None and core.mode is Mode.BROWSE and core.in_impulse(s) \
                and core.session.check(Move(soldier=s.id)) is None:
            h.move_target = hex_neighbor(s.hex, s.facing)
        return h
