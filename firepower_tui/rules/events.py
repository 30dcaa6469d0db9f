"""What happened: the game log as data (STYLE.md §3).

``engine.apply`` returns a tuple of these. Each has an ``event`` name that is also its
JSON tag (``firepower script --json``). Hexes dump as map ids, facings as ``N`` … ``NW``.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from .breakdown import Modifier, RollBreakdown
from .types import FacingField, HexField, Posture


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TurnStarted(_Event):
    """A new turn: every chit back in the cup (§2.1)."""

    event: Literal["turn"] = "turn"
    turn: int
    cup: dict[str, int]
    """Chits per side in the cup."""


class ChitDrawn(_Event):
    """A sequence chit was drawn; its side has an impulse phase (6.1)."""

    event: Literal["chit"] = "chit"
    turn: int
    side: str
    letter: str
    random: bool
    """Drawn blind from the cup (False: forced by a script)."""
    cup: dict[str, int]
    """Chits left in the cup per side after the draw."""


class StatusChanged(_Event):
    """A Suppressed / Stunned marker was placed, changed or removed (6.1, 6.4)."""

    event: Literal["status"] = "status"
    soldier: str
    status: Literal["ok", "suppressed", "stunned"]
    rule: str
    why: str = ""


class RunningChanged(_Event):
    """A Running marker was placed or removed (6.2.1, 6.1.1, 6.4.3)."""

    event: Literal["running"] = "running"
    soldier: str
    running: bool
    rule: str
    why: str = ""


class ImpulseStarted(_Event):
    """The soldiers in one hex were activated (6.2)."""

    event: Literal["impulse"] = "impulse"
    number: int
    """1 or 2 within the phase."""
    hex: HexField
    soldiers: tuple[str, ...]


class Moved(_Event):
    """A soldier entered the hex in front (6.2.1)."""

    event: Literal["moved"] = "moved"
    soldier: str
    origin: HexField
    to: HexField
    cost: tuple[Modifier, ...]
    mf_left: int
    fence_side: str | None = None


class Turned(_Event):
    """A soldier turned in place (6.2.2)."""

    event: Literal["turned"] = "turned"
    soldier: str
    origin: FacingField
    facing: FacingField
    cost: tuple[Modifier, ...]
    mf_left: int


class Crossed(_Event):
    """A soldier crossed the fence or hedge in his hex (6.2.3)."""

    event: Literal["crossed"] = "crossed"
    soldier: str
    hex: HexField
    line: str
    fence_side: str
    cost: tuple[Modifier, ...]
    mf_left: int


class PostureChanged(_Event):
    """A soldier stood, crouched or went prone (6.2.4)."""

    event: Literal["posture"] = "posture"
    soldier: str
    origin: Posture
    posture: Posture
    cost: tuple[Modifier, ...]
    mf_left: int
    rule: str = "6.2.4"


class Rolled(_Event):
    """One d10 with its full breakdown (every roll of the game)."""

    event: Literal["roll"] = "roll"
    purpose: str
    die: int
    need: int | None
    """The number to roll at or under; None for a table roll (the grenade spread diagram)."""
    need_rule: str
    modifiers: tuple[Modifier, ...]
    total: int
    result: str
    result_rule: str

    @classmethod
    def of(cls, b: RollBreakdown) -> Rolled:
        """The event for a resolved breakdown."""
        assert b.die is not None and b.total is not None
        # Trusted: every field comes from a validated breakdown (no re-validation on the hot path).
        return cls.model_construct(purpose=b.purpose, die=b.die, need=b.need, need_rule=b.need_rule,
                                   modifiers=b.modifiers, total=b.total, result=b.result, result_rule=b.result_rule)


class Fired(_Event):
    """A soldier fired or threw (the rolls follow as ``roll`` events)."""

    event: Literal["fired"] = "fired"
    soldier: str
    weapon: str
    mode: str
    target_hex: HexField
    targets: tuple[str, ...] = ()
    mf_left: int = 0
    note: str = ""


class Killed(_Event):
    """A soldier was killed and removed (6.3.6.3)."""

    event: Literal["killed"] = "killed"
    soldier: str
    rule: str = "6.3.6.3"


class GrenadeLanded(_Event):
    """Where a thrown grenade ended up (6.3.6.3.2)."""

    event: Literal["grenade"] = "grenade"
    aimed: HexField
    outcome: Literal["landed", "spread", "dud"]
    hex: HexField | None = None
    rule: str
    why: str = ""


class MeleeFought(_Event):
    """A melee was resolved (6.5)."""

    event: Literal["melee"] = "melee"
    hex: HexField
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    winner: Literal["attackers", "defenders"]


class ImpulseEnded(_Event):
    """The current impulse is over (6.2)."""

    event: Literal["impulse_end"] = "impulse_end"
    number: int
    counted: bool = True
    """False when nobody spent an MF: the impulse was not used (§9.9)."""


class PhaseEnded(_Event):
    """The active side's impulse phase is over (6.1.3 housekeeping follows)."""

    event: Literal["phase_end"] = "phase_end"
    side: str


class TurnEnded(_Event):
    """The cup is empty (§2.1)."""

    event: Literal["turn_end"] = "turn_end"
    turn: int


class SetupEvent(_Event):
    """Something in the forces or deployment phase (§10.2, §10.3)."""

    event: Literal["setup"] = "setup"
    what: str
    """``bought``, ``dropped``, ``ready``, ``rolloff``, ``chose``, ``placed``, ``placement_end``,
    ``initiative``, ``play``."""
    side: str | None = None
    soldier: str | None = None
    hex: HexField | None = None
    text: str
    rule: str


class GameEnded(_Event):
    """The game is over (§2.6, §6)."""

    event: Literal["game_end"] = "game_end"
    winner: str | None
    """Winning side id; None for a draw."""
    reason: str
    kills: dict[str, int]
    """Enemy soldiers killed by each side."""


Event = Annotated[
    Union[TurnStarted, ChitDrawn, StatusChanged, RunningChanged, ImpulseStarted, Moved, Turned, Crossed,
          PostureChanged, Rolled, Fired, Killed, GrenadeLanded, MeleeFought, ImpulseEnded, PhaseEnded,
          TurnEnded, SetupEvent, GameEnded],
    Field(discriminator="event"),
]
"""Any event."""

__all__ = [
    "Event", "TurnStarted", "ChitDrawn", "StatusChanged", "RunningChanged", "ImpulseStarted", "Moved",
    "Turned", "Crossed", "PostureChanged", "Rolled", "Fired", "Killed", "GrenadeLanded", "MeleeFought",
    "ImpulseEnded", "PhaseEnded", "TurnEnded", "GameEnded", "FacingField",
]
