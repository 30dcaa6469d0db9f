"""What happened: the game log as data (docs/style.md §3).

``engine.apply`` returns a tuple of these. Each has an ``event`` name that is also its
JSON tag (``firepower script --json``). Hexes dump as map ids, facings as ``N`` … ``NW``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Union

from ...board.hexgrid import Facing, Hex
from ..breakdown import Modifier, RollBreakdown
from ..types import GrenadeOutcome, Posture, ReactionKind, RollOutcome
from ..values import NOT_IN_JSON, to_json
from .buildings import BuildingDamaged
from .special import BarrageCalled, ItemLanded, ItemUsed, SmokeChanged
from .weapons import RepairTried, WeaponDropped, WeaponJammed, WeaponPickedUp, WeaponsSwapped


class _Event:
    __slots__ = ()

    def to_json(self) -> dict[str, Any]:
        """The JSON object of ``firepower script --json`` (docs/notation.md)."""
        data: dict[str, Any] = to_json(self)
        return data


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnStarted(_Event):
    """A new turn: every chit back in the cup (§2.1)."""

    event: Literal["turn"] = "turn"
    turn: int
    cup: dict[str, int]
    """Chits per side in the cup."""


@dataclass(frozen=True, slots=True, kw_only=True)
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


@dataclass(frozen=True, slots=True, kw_only=True)
class StatusChanged(_Event):
    """A Suppressed / Stunned marker was placed, changed or removed (6.1, 6.4)."""

    event: Literal["status"] = "status"
    soldier: str
    status: Literal["ok", "suppressed", "stunned"]
    rule: str
    why: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class RunningChanged(_Event):
    """A Running marker was placed or removed (6.2.1, 6.1.1, 6.4.3)."""

    event: Literal["running"] = "running"
    soldier: str
    running: bool
    rule: str
    why: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ImpulseStarted(_Event):
    """The soldiers in one hex were activated (6.2)."""

    event: Literal["impulse"] = "impulse"
    number: int
    """1 or 2 within the phase."""
    hex: Hex
    soldiers: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(_Event):
    """A soldier entered the hex in front (6.2.1)."""

    event: Literal["moved"] = "moved"
    soldier: str
    origin: Hex
    to: Hex
    cost: tuple[Modifier, ...]
    mf_left: int
    fence_side: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Turned(_Event):
    """A soldier turned in place (6.2.2)."""

    event: Literal["turned"] = "turned"
    soldier: str
    origin: Facing
    facing: Facing
    cost: tuple[Modifier, ...]
    mf_left: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Crossed(_Event):
    """A soldier crossed the fence or hedge in his hex (6.2.3)."""

    event: Literal["crossed"] = "crossed"
    soldier: str
    hex: Hex
    line: str
    fence_side: str
    cost: tuple[Modifier, ...]
    mf_left: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PostureChanged(_Event):
    """A soldier stood, crouched or went prone (6.2.4)."""

    event: Literal["posture"] = "posture"
    soldier: str
    origin: Posture
    posture: Posture
    cost: tuple[Modifier, ...]
    mf_left: int
    rule: str = "6.2.4"


@dataclass(frozen=True, slots=True, kw_only=True)
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
    """The outcome in words (written from :attr:`outcome`)."""
    result_rule: str
    outcome: RollOutcome = field(metadata=NOT_IN_JSON)
    """What the roll decided, as data (not in the JSON, whose ``result`` words say it)."""

    @classmethod
    def of(cls, b: RollBreakdown, outcome: RollOutcome) -> Rolled:
        """The event for a resolved breakdown."""
        assert b.die is not None and b.total is not None
        return cls(purpose=b.purpose, die=b.die, need=b.need, need_rule=b.need_rule, modifiers=b.modifiers,
                   total=b.total, result=b.result, result_rule=b.result_rule, outcome=outcome)


@dataclass(frozen=True, slots=True, kw_only=True)
class Fired(_Event):
    """A soldier fired or threw (the rolls follow as ``roll`` events)."""

    event: Literal["fired"] = "fired"
    soldier: str
    weapon: str
    mode: str
    target_hex: Hex
    targets: tuple[str, ...] = ()
    mf_left: int = 0
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Killed(_Event):
    """A soldier was killed and removed (6.3.6.3)."""

    event: Literal["killed"] = "killed"
    soldier: str
    rule: str = "6.3.6.3"


@dataclass(frozen=True, slots=True, kw_only=True)
class GrenadeLanded(_Event):
    """Where a thrown grenade ended up (6.3.6.3.2)."""

    event: Literal["grenade"] = "grenade"
    aimed: Hex
    outcome: GrenadeOutcome
    hex: Hex | None = None
    rule: str
    why: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class MeleeFought(_Event):
    """A melee was resolved (6.5)."""

    event: Literal["melee"] = "melee"
    hex: Hex
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    winner: Literal["attackers", "defenders"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ImpulseEnded(_Event):
    """The current impulse is over (6.2)."""

    event: Literal["impulse_end"] = "impulse_end"
    number: int
    counted: bool = True
    """False when nobody spent an MF: the impulse was not used (§9.9)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseEnded(_Event):
    """The active side's impulse phase is over (6.1.3 housekeeping follows)."""

    event: Literal["phase_end"] = "phase_end"
    side: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnEnded(_Event):
    """The cup is empty (§2.1)."""

    event: Literal["turn_end"] = "turn_end"
    turn: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SetupEvent(_Event):
    """Something in the forces or deployment phase (§10.2, §10.3)."""

    event: Literal["setup"] = "setup"
    what: str
    """``bought``, ``dropped``, ``ready``, ``rolloff``, ``chose``, ``placed``, ``placement_end``,
    ``initiative``, ``play``."""
    side: str | None = None
    soldier: str | None = None
    hex: Hex | None = None
    text: str
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class GameEnded(_Event):
    """The game is over (§2.6, §6)."""

    event: Literal["game_end"] = "game_end"
    winner: str | None
    """Winning side id; None for a draw."""
    reason: str
    kills: dict[str, int]
    """Enemy soldiers killed by each side."""


# --- optional rules (RULES.md §9) ----------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class WatchDeclared(_Event):
    """A soldier went on Overwatch (§9.1)."""

    event: Literal["watch"] = "watch"
    soldier: str
    hex: Hex
    rule: str = "§9.1"


@dataclass(frozen=True, slots=True, kw_only=True)
class OverwatchEnded(_Event):
    """An Overwatch marker came off (§9.1): he fired, his side's chit was drawn, or he was
    Suppressed or Stunned."""

    event: Literal["overwatch_end"] = "overwatch_end"
    soldier: str
    why: str
    rule: str = "§9.1"


@dataclass(frozen=True, slots=True, kw_only=True)
class ReactionOpened(_Event):
    """The game waits on the reacting side's answer (§9.1, §9.2, §9.7)."""

    event: Literal["reaction"] = "reaction"
    kind: ReactionKind
    side: str
    """The side that decides."""
    trigger: str
    """The enemy soldier whose action opened it."""
    hex: Hex
    answerers: tuple[str, ...]
    """The men who may answer."""
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ReactionClosed(_Event):
    """The reacting side answered (``answer`` is the action in notation)."""

    event: Literal["reaction_end"] = "reaction_end"
    kind: ReactionKind
    side: str
    answer: str
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HitTheDirt(_Event):
    """A man fired on dropped Prone (free) and is Suppressed (§9.2)."""

    event: Literal["hit_dirt"] = "hit_dirt"
    soldier: str
    rule: str = "§9.2"


@dataclass(frozen=True, slots=True, kw_only=True)
class HiddenChanged(_Event):
    """A Hidden marker was placed or removed (§9.3)."""

    event: Literal["hidden"] = "hidden"
    soldier: str
    hidden: bool
    why: str = ""
    rule: str = "§9.3"


@dataclass(frozen=True, slots=True, kw_only=True)
class FellBack(_Event):
    """A defender fell back one hex from a melee, or could not and holds (``to`` None) (§9.7)."""

    event: Literal["fell_back"] = "fell_back"
    soldier: str
    origin: Hex
    to: Hex | None
    why: str = ""
    rule: str = "§9.7"


@dataclass(frozen=True, slots=True, kw_only=True)
class MeleeCalledOff(_Event):
    """Every attacker of a declared melee was killed or stunned first: no melee (§9.7)."""

    event: Literal["melee_off"] = "melee_off"
    hex: Hex
    rule: str = "§9.7"


Event = Union[TurnStarted, ChitDrawn, StatusChanged, RunningChanged, ImpulseStarted, Moved, Turned, Crossed,
              PostureChanged, Rolled, Fired, Killed, GrenadeLanded, MeleeFought, ImpulseEnded, PhaseEnded,
              TurnEnded, SetupEvent, GameEnded, WatchDeclared, OverwatchEnded, ReactionOpened, ReactionClosed,
              HitTheDirt, HiddenChanged, FellBack, MeleeCalledOff, BuildingDamaged,
              WeaponDropped, WeaponPickedUp, WeaponsSwapped, WeaponJammed, RepairTried,
              ItemUsed, ItemLanded, SmokeChanged, BarrageCalled]
"""Any event."""

__all__ = [
    "Event", "TurnStarted", "ChitDrawn", "StatusChanged", "RunningChanged", "ImpulseStarted", "Moved",
    "Turned", "Crossed", "PostureChanged", "Rolled", "Fired", "Killed", "GrenadeLanded", "MeleeFought",
    "ImpulseEnded", "PhaseEnded", "TurnEnded", "GameEnded", "Facing", "WatchDeclared", "OverwatchEnded",
    "ReactionOpened", "ReactionClosed", "HitTheDirt", "HiddenChanged", "FellBack", "MeleeCalledOff",
]
