"""What happened: the game log as data (docs/style.md §3).

``engine.apply`` returns a tuple of these. Each is a ``NamedTuple`` whose last field, ``event``,
is its name and its JSON tag: ``values.to_json(event)`` writes it first, as the JSON of
``firepower script --json``. Hexes dump as map ids, facings as ``N`` … ``NW``.
"""

from __future__ import annotations

from typing import Literal, NamedTuple, Union

from ...board.hexgrid import Facing, Hex
from ..breakdown import Modifier, RollBreakdown
from ..types import GrenadeOutcome, Posture, ReactionKind, RollOutcome
from ..values import hidden_in_json
from .buildings import BuildingDamaged
from .special import BarrageCalled, ItemLanded, ItemUsed, SmokeChanged
from .weapons import RepairTried, WeaponDropped, WeaponJammed, WeaponPickedUp, WeaponsSwapped


class TurnStarted(NamedTuple):
    """A new turn: every chit back in the cup (§2.1)."""

    turn: int
    cup: dict[str, int]
    """Chits per side in the cup."""
    event: Literal["turn"] = "turn"


class ChitDrawn(NamedTuple):
    """A sequence chit was drawn; its side has an impulse phase (6.1)."""

    turn: int
    side: str
    letter: str
    random: bool
    """Drawn blind from the cup (False: forced by a script)."""
    cup: dict[str, int]
    """Chits left in the cup per side after the draw."""
    event: Literal["chit"] = "chit"


class StatusChanged(NamedTuple):
    """A Suppressed / Stunned marker was placed, changed or removed (6.1, 6.4)."""

    soldier: str
    status: Literal["ok", "suppressed", "stunned"]
    rule: str
    why: str = ""
    event: Literal["status"] = "status"


class RunningChanged(NamedTuple):
    """A Running marker was placed or removed (6.2.1, 6.1.1, 6.4.3)."""

    soldier: str
    running: bool
    rule: str
    why: str = ""
    event: Literal["running"] = "running"


class ImpulseStarted(NamedTuple):
    """The soldiers in one hex were activated (6.2)."""

    number: int
    """1 or 2 within the phase."""
    hex: Hex
    soldiers: tuple[str, ...]
    event: Literal["impulse"] = "impulse"


class Moved(NamedTuple):
    """A soldier entered the hex in front (6.2.1)."""

    soldier: str
    origin: Hex
    to: Hex
    cost: tuple[Modifier, ...]
    mf_left: int
    fence_side: str | None = None
    event: Literal["moved"] = "moved"


class Turned(NamedTuple):
    """A soldier turned in place (6.2.2)."""

    soldier: str
    origin: Facing
    facing: Facing
    cost: tuple[Modifier, ...]
    mf_left: int
    event: Literal["turned"] = "turned"


class Crossed(NamedTuple):
    """A soldier crossed the fence or hedge in his hex (6.2.3)."""

    soldier: str
    hex: Hex
    line: str
    fence_side: str
    cost: tuple[Modifier, ...]
    mf_left: int
    event: Literal["crossed"] = "crossed"


class PostureChanged(NamedTuple):
    """A soldier stood, crouched or went prone (6.2.4)."""

    soldier: str
    origin: Posture
    posture: Posture
    cost: tuple[Modifier, ...]
    mf_left: int
    rule: str = "6.2.4"
    event: Literal["posture"] = "posture"


@hidden_in_json("outcome")
class Rolled(NamedTuple):
    """One d10 with its full breakdown (every roll of the game)."""

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
    outcome: RollOutcome
    """What the roll decided, as data (not in the JSON, whose ``result`` words say it)."""
    event: Literal["roll"] = "roll"

    @classmethod
    def of(cls, b: RollBreakdown, outcome: RollOutcome) -> Rolled:
        """The event for a resolved breakdown."""
        assert b.die is not None and b.total is not None
        return cls(purpose=b.purpose, die=b.die, need=b.need, need_rule=b.need_rule, modifiers=b.modifiers,
                   total=b.total, result=b.result, result_rule=b.result_rule, outcome=outcome)


class Fired(NamedTuple):
    """A soldier fired or threw (the rolls follow as ``roll`` events)."""

    soldier: str
    weapon: str
    mode: str
    target_hex: Hex
    targets: tuple[str, ...] = ()
    mf_left: int = 0
    note: str = ""
    event: Literal["fired"] = "fired"


class Killed(NamedTuple):
    """A soldier was killed and removed (6.3.6.3)."""

    soldier: str
    rule: str = "6.3.6.3"
    event: Literal["killed"] = "killed"


class GrenadeLanded(NamedTuple):
    """Where a thrown grenade ended up (6.3.6.3.2)."""

    aimed: Hex
    outcome: GrenadeOutcome
    hex: Hex | None
    rule: str
    why: str = ""
    event: Literal["grenade"] = "grenade"


class MeleeFought(NamedTuple):
    """A melee was resolved (6.5)."""

    hex: Hex
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    winner: Literal["attackers", "defenders"]
    event: Literal["melee"] = "melee"


class ImpulseEnded(NamedTuple):
    """The current impulse is over (6.2)."""

    number: int
    counted: bool = True
    """False when nobody spent an MF: the impulse was not used (§9.9)."""
    event: Literal["impulse_end"] = "impulse_end"


class PhaseEnded(NamedTuple):
    """The active side's impulse phase is over (6.1.3 housekeeping follows)."""

    side: str
    event: Literal["phase_end"] = "phase_end"


class TurnEnded(NamedTuple):
    """The cup is empty (§2.1)."""

    turn: int
    event: Literal["turn_end"] = "turn_end"


class SetupEvent(NamedTuple):
    """Something in the forces or deployment phase (§10.2, §10.3)."""

    what: str
    """``bought``, ``dropped``, ``ready``, ``rolloff``, ``chose``, ``placed``, ``placement_end``,
    ``initiative``, ``play``."""
    side: str | None
    soldier: str | None
    hex: Hex | None
    text: str
    rule: str
    event: Literal["setup"] = "setup"


class GameEnded(NamedTuple):
    """The game is over (§2.6, §6)."""

    winner: str | None
    """Winning side id; None for a draw."""
    reason: str
    kills: dict[str, int]
    """Enemy soldiers killed by each side."""
    event: Literal["game_end"] = "game_end"


# --- optional rules (RULES.md §9) ----------------------------------------------------------------


class WatchDeclared(NamedTuple):
    """A soldier went on Overwatch (§9.1)."""

    soldier: str
    hex: Hex
    rule: str = "§9.1"
    event: Literal["watch"] = "watch"


class OverwatchEnded(NamedTuple):
    """An Overwatch marker came off (§9.1): he fired, his side's chit was drawn, or he was
    Suppressed or Stunned."""

    soldier: str
    why: str
    rule: str = "§9.1"
    event: Literal["overwatch_end"] = "overwatch_end"


class ReactionOpened(NamedTuple):
    """The game waits on the reacting side's answer (§9.1, §9.2, §9.7)."""

    kind: ReactionKind
    side: str
    """The side that decides."""
    trigger: str
    """The enemy soldier whose action opened it."""
    hex: Hex
    answerers: tuple[str, ...]
    """The men who may answer."""
    rule: str
    event: Literal["reaction"] = "reaction"


class ReactionClosed(NamedTuple):
    """The reacting side answered (``answer`` is the action in notation)."""

    kind: ReactionKind
    side: str
    answer: str
    rule: str
    event: Literal["reaction_end"] = "reaction_end"


class HitTheDirt(NamedTuple):
    """A man fired on dropped Prone (free) and is Suppressed (§9.2)."""

    soldier: str
    rule: str = "§9.2"
    event: Literal["hit_dirt"] = "hit_dirt"


class HiddenChanged(NamedTuple):
    """A Hidden marker was placed or removed (§9.3)."""

    soldier: str
    hidden: bool
    why: str = ""
    rule: str = "§9.3"
    event: Literal["hidden"] = "hidden"


class FellBack(NamedTuple):
    """A defender fell back one hex from a melee, or could not and holds (``to`` None) (§9.7)."""

    soldier: str
    origin: Hex
    to: Hex | None
    why: str = ""
    rule: str = "§9.7"
    event: Literal["fell_back"] = "fell_back"


class MeleeCalledOff(NamedTuple):
    """Every attacker of a declared melee was killed or stunned first: no melee (§9.7)."""

    hex: Hex
    rule: str = "§9.7"
    event: Literal["melee_off"] = "melee_off"


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
