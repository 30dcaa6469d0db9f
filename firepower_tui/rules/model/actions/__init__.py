"""Actions are data (docs/style.md §3): a ``kind``-discriminated union.

Every action a player (or a script, or a replay) can take is one of these. The text
form of each is the action notation of ``docs/notation.md``
(see :mod:`...engine.notation`). ``engine.check`` says whether one is legal now;
``engine.apply`` carries it out. Each is a ``NamedTuple`` made by keyword; its ``kind`` tag
has a default, so it is the last field (``values.to_json`` writes it first).
"""

from __future__ import annotations

from typing import Literal, NamedTuple, Union, get_args

from ...board.hexgrid import Facing, Hex
from ..types import Posture



FireModeName = Literal["auto", "semi"]
"""A mode a fire action can name (a weapon has one or both, by the weapon chart)."""
FIRE_MODES: tuple[FireModeName, ...] = get_args(FireModeName)
"""Every mode a fire action can name, automatic first."""


class DrawChit(NamedTuple):
    """Draw the next sequence chit (RULES.md 6.1). ``side=None`` draws at random."""

    side: str | None = None
    """Force a chit of this side (scripts and tests); it must still be in the cup."""
    kind: Literal["chit"] = "chit"


class StartImpulse(NamedTuple):
    """Activate the soldiers in one hex for an impulse (RULES.md 6.2)."""

    hex: Hex
    kind: Literal["impulse"] = "impulse"


class Move(NamedTuple):
    """Enter the hex in front (RULES.md 6.2.1). Naming the hex is a check."""

    soldier: str
    to: Hex | None = None
    kind: Literal["move"] = "move"


class Turn(NamedTuple):
    """Turn to any new facing for 1 MF (RULES.md 6.2.2)."""

    soldier: str
    facing: Facing
    kind: Literal["turn"] = "turn"


class Cross(NamedTuple):
    """Cross the fence or hedge line in his hex for 1 MF (RULES.md 6.2.3)."""

    soldier: str
    kind: Literal["cross"] = "cross"


class ChangePosture(NamedTuple):
    """Stand, crouch or go prone (RULES.md 6.2.4, §3.2)."""

    soldier: str
    posture: Posture
    kind: Literal["posture"] = "posture"


class EndImpulse(NamedTuple):
    """End the current impulse (RULES.md 6.2)."""

    kind: Literal["end"] = "end"


class EndPhase(NamedTuple):
    """End the impulse phase now, using no further impulse (RULES.md 6.2)."""

    kind: Literal["done"] = "done"


class Fire(NamedTuple):
    """Fire a personal weapon at soldiers in one hex (RULES.md 6.3, 4.6)."""

    soldier: str
    targets: tuple[str, ...]
    """Target soldiers, all in one hex; automatic fire puts one burst on each (4.6)."""
    mode: FireModeName | None = None
    """Selective fire (RFL); None takes the weapon's only mode (or auto for a rifle)."""
    then: int = 0
    """Non-combat MF he declares he will still spend after firing (6.3.6.2.7)."""
    kind: Literal["fire"] = "fire"


class Throw(NamedTuple):
    """Throw a hand grenade at a hex (RULES.md 6.3.6.3.2)."""

    soldier: str
    hex: Hex
    via: Facing | None = None
    """When the LOS enters the aimed hex through a corner: the hexside (of the aimed hex) to
    orient the spread diagram by (6.3.6.3.2.1)."""
    kind: Literal["throw"] = "throw"


class Melee(NamedTuple):
    """Attackers of this impulse enter an enemy hex and fight (RULES.md 6.5)."""

    soldiers: tuple[str, ...]
    hex: Hex
    kind: Literal["melee"] = "melee"


class Buy(NamedTuple):
    """Buy a man for a side bought by points (§10.3)."""

    side: str
    weapon: Literal["RFL", "PST", "LMG"]
    scout: bool = False
    kind: Literal["buy"] = "buy"


class Drop(NamedTuple):
    """Take back a man bought for points (§10.3)."""

    soldier: str
    kind: Literal["drop"] = "drop"


class Ready(NamedTuple):
    """A side's bought force is complete (§10.3)."""

    side: str
    kind: Literal["ready"] = "ready"


class RollOff(NamedTuple):
    """Both sides roll a d10: the deployment roll-off, or the roll for the first phase (§10.2)."""

    kind: Literal["rolloff"] = "rolloff"


class Choose(NamedTuple):
    """The side that won a roll decides: who deploys first, or who takes the first phase (§10.2)."""

    side: str
    kind: Literal["choose"] = "choose"


class Place(NamedTuple):
    """Place one soldier in the deployment phase (§10.2)."""

    soldier: str
    hex: Hex
    facing: Facing
    posture: Posture = Posture.STAND
    kind: Literal["place"] = "place"


class Deployed(NamedTuple):
    """End this placement; the other side places next (§10.2)."""

    kind: Literal["deployed"] = "deployed"


# --- optional rules: overwatch and the reactions (RULES.md §9.1, §9.2, §9.7) -----------------


class Watch(NamedTuple):
    """Go on Overwatch instead of acting: all his MF and his combat action (§9.1)."""

    soldier: str
    kind: Literal["watch"] = "watch"


class Overwatch(NamedTuple):
    """Answer an overwatch reaction: the snap shot, a fire at the man who acted or a throw at
    his hex (§9.1). ``shot`` is written as the ordinary action (``then`` is always 0)."""

    shot: Fire | Throw
    kind: Literal["overwatch"] = "overwatch"


class Hold(NamedTuple):
    """Decline the open reaction (§9.1, §9.2, §9.7): the suspended action goes ahead as declared."""

    kind: Literal["hold"] = "hold"


class HitDirt(NamedTuple):
    """Answer declared fire: the named targets drop Prone and are Suppressed (§9.2)."""

    soldiers: tuple[str, ...]
    kind: Literal["hit-dirt"] = "hit-dirt"


class StandAndShoot(NamedTuple):
    """Answer a declared melee: one defender fires at one attacker first (§9.7)."""

    defender: str
    attacker: str
    kind: Literal["stand-and-shoot"] = "stand-and-shoot"


class FallBack(NamedTuple):
    """Answer a declared melee: the defenders step back one hex (§9.7)."""

    kind: Literal["fall-back"] = "fall-back"


class Climb(NamedTuple):
    """Climb the high wall across his front hexside: 2 MF and d10 <= 6, standing (§9.6)."""

    soldier: str
    kind: Literal["climb"] = "climb"


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
