"""The checks every soldier action shares (RULES.md 3.10)."""

from __future__ import annotations

from ..board.hexgrid import hex_to_id
from ..model.errors import Refusal
from ..model.state import GameState
from ..model.types import Status
from ..model.units import Soldier

# Enum members read in hot paths, looked up once (on Python 3.11 a class attribute of an Enum costs
# about 0.2 us: EnumType's __getattr__ slows every lookup on the class).
_STATUS_STUNNED = Status.STUNNED


def acting_soldier(state: GameState, soldier_id: str) -> tuple[Soldier | None, Refusal | None]:
    """The soldier, or why he may not act now: his side's phase, his impulse, not Stunned (3.10)."""
    s = state.soldier(soldier_id)
    if s is None:
        return None, Refusal(reason=f"there is no soldier {soldier_id!r} in this scenario", rule="docs/notation.md")
    if s.killed:
        return s, Refusal(reason=f"{s.id} has been killed", rule="6.3.6.3")
    if s.side != state.active:
        name = state.scenario.side_name
        return s, Refusal(reason=f"{s.id} is {name(s.side)}'s; this is {name(state.active or '')}'s impulse phase",
                          rule="6.1")
    if not state.impulse:
        return s, Refusal(reason=f"start an impulse first (impulse {hex_to_id(s.hex)})", rule="6.2")
    if s.id not in state.group:
        if s.id in state.acted:
            return s, Refusal(reason=f"{s.id} already acted in the other impulse of this phase", rule="6.2")
        return s, Refusal(reason=f"{s.id} was not in {hex_to_id(state.impulse_hex or s.hex)} when this impulse began",
                          rule="6.2")
    if s.status is _STATUS_STUNNED:
        return s, Refusal(reason=f"{s.id} is Stunned and may spend no MF", rule="6.4.4")
    if s.halted:
        return s, Refusal(reason=f"{s.id} won a melee and must stop for this impulse", rule="6.5.3")
    return s, None
