"""Deployment (§10.2): the two choices after the rolls, and placing men with a facing and a posture.

The modes :attr:`Mode.SETUP` (rolls and choices: the screen asks), :attr:`Mode.PLACE` and
:attr:`Mode.PLACE_FACING` (a direction key sets the facing the next man is placed with).
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules.model.actions import Choose, Deployed, Place
from ..rules.model.errors import Refusal
from ..rules.board.hexgrid import Facing
from ..rules.scenario.setup import placeable
from ..rules.model.types import Posture, SetupStep
from .base import FACING_INTENTS, POSTURE_INTENTS, Core, Handler, Highlights, Mode, Result, Table, stay
from .keymap import Intent

FACING_HINT = "Place facing which way? 8 N, 9 NE, 3 SE, 2 S, 1 SW, 7 NW (Esc cancels)"
NOBODY_TO_PLACE = Refusal(reason="nobody to place: end the placement (e)", rule="§10.2")


class Deployment:
    """The facing and posture the next man is placed with, and the placing keys."""

    def __init__(self, core: Core) -> None:
        self.core = core
        self._facing: Facing | None = None
        self._posture = Posture.STAND
        self._chosen_by: str | None = None
        """The side whose placer set the facing and posture: the other side starts from the defaults
        again (R30)."""

    @property
    def posture(self) -> Posture:
        """The posture the next man is placed in: as this side's placer set it, else standing (R30)."""
        return self._posture if self._chosen_by == self.core.state.placer else Posture.STAND

    @posture.setter
    def posture(self, posture: Posture) -> None:
        self._keep_choices()
        self._posture = posture

    def _keep_choices(self) -> None:
        """The placer is about to choose: start from the defaults if the choices were the other side's."""
        placer = self.core.state.placer
        if self._chosen_by != placer:
            self._facing, self._posture, self._chosen_by = None, Posture.STAND, placer

    def tables(self) -> dict[Mode, Table]:
        """Placing, and choosing the facing to place with; nothing by keys during the rolls."""
        place: Table = {
            Intent.SELECT: Handler(self.place),
            Intent.NEXT_SOLDIER: Handler(self.next_soldier),
            Intent.TURN_LEFT: Handler(lambda: self._set_facing(self.facing.turned(-1))),
            Intent.TURN_RIGHT: Handler(lambda: self._set_facing(self.facing.turned(1))),
            Intent.TURN_TO: Handler(self.facing_mode),
            Intent.END_IMPULSE: Handler(self.end_placement, lambda: self.core.legal.allows(Deployed())),
        }
        for intent, posture in POSTURE_INTENTS.items():
            place[intent] = Handler(self._poser(posture))
        close = Handler(self.core.close_mode)
        facing: Table = {**place, Intent.SELECT: close, Intent.CANCEL: close,
                         Intent.CURSOR_LEFT: Handler(stay), Intent.CURSOR_RIGHT: Handler(stay)}
        for intent, f in FACING_INTENTS.items():
            facing[intent] = Handler(self._facer(f))
        return {Mode.SETUP: {}, Mode.PLACE: place, Mode.PLACE_FACING: facing}

    # --- the choices (§10.2) ----------------------------------------------------------------------

    @property
    def pending_choice(self) -> tuple[str, str] | None:
        """(deciding side, question) when a §10.2 choice is due."""
        st = self.core.state
        if st.decider and self.core.mode is Mode.SETUP:
            if st.setup_step == SetupStep.CHOOSE_DEPLOY:
                return st.decider, "who places first"
            if st.setup_step == SetupStep.CHOOSE_FIRST:
                return st.decider, "who takes the first impulse phase"
        return None

    def choose(self, side: str) -> Result:
        """Answer a pending §10.2 choice."""
        return self.core.submit(Choose(side=side))

    # --- placing ----------------------------------------------------------------------------------

    @property
    def facing(self) -> Facing:
        """The facing the next man is placed with: as this side's placer set it, else toward the enemy
        (the first side faces S; R30)."""
        if self._facing is not None and self._chosen_by == self.core.state.placer:
            return self._facing
        st = self.core.state
        s = st.soldier(self.core.selected) if self.core.selected else None
        return Facing.S if s is not None and st.sides.index(s.side) == 0 else Facing.N

    def place(self) -> Result:
        """Enter: put the selected man on the cursor hex (§10.2)."""
        core = self.core
        s = core.state.soldier(core.selected) if core.selected else None
        if s is None:
            return core.refused(NOBODY_TO_PLACE)
        result = core.submit(Place(soldier=s.id, hex=core.cursor, facing=self.facing, posture=self.posture))
        if result.ok:
            core.pick_placer_man()
        return result

    def end_placement(self) -> Result:
        self.core.reset_mode()
        return self.core.submit(Deployed())

    def next_soldier(self) -> Result:
        """Tab: the next man still to place."""
        st = self.core.state
        men = placeable(st, st.placer) if st.placer else []
        if men:
            self.core.pick(men)
        return Result()

    def facing_mode(self) -> Result:
        """t: the next direction key sets the facing."""
        return self.core.enter(Mode.PLACE_FACING, FACING_HINT)

    def face(self, facing: Facing) -> Result:
        """Place the next men with this facing."""
        self.core.reset_mode()
        return self._set_facing(facing)

    def _set_facing(self, facing: Facing) -> Result:
        self._keep_choices()
        self._facing = facing
        return Result()

    def _facer(self, facing: Facing) -> Callable[[], Result]:
        return lambda: self.face(facing)

    def _poser(self, posture: Posture) -> Callable[[], Result]:
        def set_posture() -> Result:
            self.posture = posture
            return Result()
        return set_posture

    def highlights(self) -> Highlights:
        """Where the engine lets the selected man be placed (his side's zone; a scout, more); with
        nobody selected, the placing side's zone."""
        core, st = self.core, self.core.state
        h = Highlights()
        if not st.placer:
            return h
        if core.selected is None:
            h.place_hexes = st.scenario.zone(st.placer)
        else:
            h.place_hexes = frozenset(a.hex for a in core.legal.of(Place, core.selected))
        return h
