"""Actions are data (docs/style.md §3): a ``kind``-discriminated union.

Every action a player (or a script, or a replay) can take is one of these. The text
form of each is the action notation of ``docs/notation.md``
(see :mod:`...engine.notation`). ``engine.check`` says whether one is legal now;
``engine.apply`` carries it out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Union, get_args

from ...board.hexgrid import Facing, Hex
from ..types import Posture



FireModeName = Literal["auto", "semi"]
"""A mode a fire action can name (a weapon has one or both, by the weapon chart)."""
FIRE_MODES: tuple[FireModeName, ...] = get_args(FireModeName)
"""Every mode a fire action can name, automatic first."""


class _Action:
    __slots__ = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawChit(_Action):
    """Draw the next sequence chit (RULES.md 6.1). ``side=None`` draws at random."""

    kind: Literal["chit"] = "chit"
    side: str | None = None
    """Force a chit of this side (scripts and tests); it must still be in the cup."""


@dataclass(frozen=True, slots=True, kw_only=True)
class StartImpulse(_Action):
    """Activate the soldiers in one hex for an impulse (RULES.md 6.2)."""

    kind: Literal["impulse"] = "impulse"
    hex: Hex


@dataclass(frozen=True, slots=True, kw_only=True)
class Move(_Action):
    """Enter the hex in front (RULES.md 6.2.1). Naming the hex is a check."""

    kind: Literal["move"] = "move"
    soldier: str
    to: Hex | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Turn(_Action):
    """Turn to any new facing for 1 MF (RULES.md 6.2.2)."""

    kind: Literal["turn"] = "turn"
    soldier: str
    facing: Facing


@dataclass(frozen=True, slots=True, kw_only=True)
class Cross(_Action):
    """Cross the fence or hedge line in his hex for 1 MF (RULES.md 6.2.3)."""

    kind: Literal["cross"] = "cross"
    soldier: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ChangePosture(_Action):
    """Stand, crouch or go prone (RULES.md 6.2.4, §3.2)."""

    kind: Literal["posture"] = "posture"
    soldier: str
    posture: Posture


@dataclass(frozen=True, slots=True, kw_only=True)
class EndImpulse(_Action):
    """End the current impulse (RULES.md 6.2)."""

    kind: Literal["end"] = "end"


@dataclass(frozen=True, slots=True, kw_only=True)
class EndPhase(_Action):
    """End the impulse phase now, using no further impulse (RULES.md 6.2)."""

    kind: Literal["done"] = "done"


@dataclass(frozen=True, slots=True, kw_only=True)
class Fire(_Action):
    """Fire a personal weapon at soldiers in one hex (RULES.md 6.3, 4.6)."""

    kind: Literal["fire"] = "fire"
    soldier: str
    targets: tuple[str, ...]
    """Target soldiers, all in one hex; automatic fire puts one burst on each (4.6)."""
    mode: FireModeName | None = None
    """Selective fire (RFL); None takes the weapon's only mode (or auto for a rifle)."""
    then: int = 0
    """Non-combat MF he declares he will still spend after firing (6.3.6.2.7)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Throw(_Action):
    """Throw a hand grenade at a hex (RULES.md 6.3.6.3.2)."""

    kind: Literal["throw"] = "throw"
    soldier: str
    hex: Hex
    via: Facing | None = None
    """When the LOS enters the aimed hex through a corner: the hexside (of the aimed hex) to
    orient the spread diagram by (6.3.6.3.2.1)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Melee(_Action):
    """Attackers of this impulse enter an enemy hex and fight (RULES.md 6.5)."""

    kind: Literal["melee"] = "melee"
    soldiers: tuple[str, ...]
    hex: Hex


@dataclass(frozen=True, slots=True, kw_only=True)
class Buy(_Action):
    """Buy a man for a side bought by points (§10.3)."""

    kind: Literal["buy"] = "buy"
    side: str
    weapon: Literal["RFL", "PST", "LMG"]
    scout: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Drop(_Action):
    """Take back a man bought for points (§10.3)."""

    kind: Literal["drop"] = "drop"
    soldier: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Ready(_Action):
    """A side's bought force is complete (§10.3)."""

    kind: Literal["ready"] = "ready"
    side: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RollOff(_Action):
    """Both sides roll a d10: the deployment roll-off, or the roll for the first phase (§10.2)."""

    kind: Literal["rolloff"] = "rolloff"


@dataclass(frozen=True, slots=True, kw_only=True)
class Choose(_Action):
    """The side that won a roll decides: who deploys first, or who takes the first phase (§10.2)."""

    kind: Literal["choose"] = "choose"
    side: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Place(_Action):
    """Place one soldier in the deployment phase (§10.2)."""

    kind: Literal["place"] = "place"
    soldier: str
    hex: Hex
    facing: Facing
    posture: Posture = Posture.STAND


@dataclass(frozen=True, slots=True, kw_only=True)
class Deployed(_Action):
    """End this placement; the other side places next (§10.2)."""

    kind: Literal["deployed"] = "deployed"


# --- optional rules: overwatch and the reactions (RULES.md §9.1, §9.2, §9.7) -----------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Watch(_Action):
    """Go on Overwatch instead of acting: all his MF and his combat action (§9.1)."""

    kind: Literal["watch"] = "watch"
    soldier: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Overwatch(_Action):
    """Answer an overwatch reaction: the snap shot, a fire at the man who acted or a throw at
    his hex (§9.1). ``shot`` is written as the ordinary action (``then`` is always 0)."""

    kind: Literal["overwatch"] = "overwatch"
    shot: Fire | Throw


@dataclass(frozen=True, slots=True, kw_only=True)
class Hold(_Action):
    """Decline the open reaction (§9.1, §9.2, §9.7): the suspended action goes ahead as declared."""

    kind: Literal["hold"] = "hold"


@dataclass(frozen=True, slots=True, kw_only=True)
class HitDirt(_Action):
    """Answer declared fire: the named targets drop Prone and are Suppressed (§9.2)."""

    kind: Literal["hit-dirt"] = "hit-dirt"
    soldiers: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class StandAndShoot(_Action):
    """Answer a declared melee: one defender fires at one attacker first (§9.7)."""

    kind: Literal["stand-and-shoot"] = "stand-and-shoot"
    defender: str
    attacker: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FallBack(_Action):
    """Answer a declared melee: the defenders step back one hex (§9.7)."""

    kind: Literal["fall-back"] = "fall-back"


@dataclass(frozen=True, slots=True, kw_only=True)
class Climb(_Action):
    """Climb the high wall across his front hexside: 2 MF and d10 <= 6, standing (§9.6)."""

    kind: Literal["climb"] = "climb"
    soldier: str


from .special import CallBarrage as CallBarrage, Equip as Equip, PlaceSatchel as PlaceSatchel  # noqa: E402 (§9.5)
from .special import ThrowMolotov as ThrowMolotov, ThrowSmoke as ThrowSmoke  # noqa: E402
from .weapons import PickUp as PickUp, Repair as Repair, Swap as Swap  # noqa: E402 (the §9.4 actions, in their own module)

Action = Union[DrawChit, StartImpulse, Move, Turn, Cross, ChangePosture, EndImpulse, EndPhase, Fire, Throw, Melee,
               Buy, Drop, Ready, RollOff, Choose, Place, Deployed, Watch, Overwatch, Hold, HitDirt, StandAndShoot,
               FallBack, Climb, PickUp, Swap, Repair, ThrowSmoke, ThrowMolotov, PlaceSatchel, CallBarrage,
               Equip]
"""Any action."""

COMBAT_ACTIONS = (Fire, Throw, Melee)
"""Combat actions: one per soldier per impulse phase (6.2.5)."""
SETUP_ACTIONS = (Buy, Drop, Ready, RollOff, Choose, Place, Deployed)
"""Actions of the forces and deployment phases (§10.2, §10.3)."""
ANSWERS = (Overwatch, Hold, HitDirt, StandAndShoot, FallBack)
"""The answers to an open reaction (§9.1, §9.2, §9.7): the only actions legal while one is open."""
