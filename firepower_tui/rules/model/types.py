"""Enums shared by the rules records: posture, status, the game's phase and setup step.

The enums whose values are written to JSON or compared with words from files are
:class:`~enum.StrEnum`: a member equals, hashes and formats as its value (``Phase.PLAY ==
"play"``, ``f"{Phase.PLAY}" == "play"``), so code and files that use the plain words keep
working.
"""

from __future__ import annotations

from enum import Enum, StrEnum


class Posture(str, Enum):
    """RULES.md 4.4 / §1.8: Stand (no marker), Crouch, Prone."""

    STAND = "stand"
    CROUCH = "crouch"
    PRONE = "prone"

    @property
    def height(self) -> int:
        """Stand 3 > Crouch 2 > Prone 1 (6.3.4.4, ruling A4)."""
        return _HEIGHT[self]


_HEIGHT = {Posture.STAND: 3, Posture.CROUCH: 2, Posture.PRONE: 1}


class Status(str, Enum):
    """Status markers (RULES.md §1.4, 6.4)."""

    OK = "ok"
    SUPPRESSED = "suppressed"
    STUNNED = "stunned"


class Phase(StrEnum):
    """Where the game is: buying forces, deploying, or playing turns (§10.2, §10.3, §2)."""

    FORCES = "forces"
    """Sides bought by points buy their men (§10.3)."""
    DEPLOY = "deploy"
    """The deployment phase (§10.2)."""
    PLAY = "play"
    """Turns of chits and impulses (§2)."""


class SetupStep(StrEnum):
    """The step of the forces and deployment phases (§10.2, §10.3); ``NONE`` in play.

    >>> [str(s) for s in SetupStep]
    ['forces', 'rolloff', 'choose_deploy', 'place', 'initiative', 'choose_first', '']
    >>> bool(SetupStep.NONE)
    False
    """

    FORCES = "forces"
    """Each side with a budget buys, then says ``ready`` (§10.3)."""
    ROLLOFF = "rolloff"
    """A d10 each, ties rolled again: the winner decides who places first (§10.2 step 1)."""
    CHOOSE_DEPLOY = "choose_deploy"
    """The roll-off winner picks the side that places first."""
    PLACE = "place"
    """Alternate placements; scouts last (§10.2 steps 2-3)."""
    INITIATIVE = "initiative"
    """A d10 each, the side that finished placing first adds its bonus (§10.2 step 4)."""
    CHOOSE_FIRST = "choose_first"
    """The initiative winner picks who takes the first impulse phase of turn 1."""
    NONE = ""
    """No setup step: the game is in play."""


class GrenadeOutcome(StrEnum):
    """Where a thrown grenade ended up (6.3.6.3.2, 6.3.6.3.2.1, A10)."""

    LANDED = "landed"
    """It landed in the aimed hex."""
    SPREAD = "spread"
    """It spread to another hex and exploded there."""
    DUD = "dud"
    """No explosion: a throw total over 10, or a spread off the map, out of range or out of LOS."""


class RollOutcome(StrEnum):
    """What one d10 decided: the data a roll's ``result`` words are written from."""

    HIT = "hit"
    """A small-arms shot kills its target (6.3.6.3)."""
    MISS = "miss"
    """A shot misses."""
    NO_EFFECT = "no_effect"
    """A further shot of the same fire at a man already killed (6.3.6.3.1)."""
    LANDS = "lands"
    """The grenade lands in the aimed hex (6.3.6.3.2)."""
    SPREADS = "spreads"
    """The grenade misses the aimed hex: roll on the spread diagram (6.3.6.3.2.1)."""
    DUD = "dud"
    """No explosion: a throw total over 10 (A10), or a spread off the map, out of range or out of LOS."""
    EXPLODES = "explodes"
    """The spread diagram puts the grenade in a hex where it explodes (6.3.6.3.2.1)."""
    KILLED = "killed"
    """The blast kills the man (6.3.6.3.2.2)."""
    STUNNED = "stunned"
    """He survives a grenade in his own hex: Stunned (6.4.2)."""
    SUPPRESSED = "suppressed"
    """He survives the blast ring, but a natural 2 would have killed him: Suppressed (6.4.2, A13)."""
    UNHARMED = "unharmed"
    """He survives the blast ring untouched."""
    WON = "won"
    """The attackers win the melee; every defender dies (§5.2)."""
    LOST = "lost"
    """The attackers lose the melee; every attacker dies (§5.2)."""
    TOTAL = "total"
    """The total itself is the result: the roll-off and the roll for the first phase (§10.2)."""
    REPAIRED = "repaired"
    """A repair roll of 1-4: the weapon works again (§9.4)."""
    STILL_BROKEN = "still_broken"
    """A repair roll of 5-9: the weapon is still broken (§9.4)."""
    DESTROYED = "destroyed"
    """A repair roll of 10: the weapon is gone; he keeps his grenades (§9.4)."""
    CONTACT = "contact"
    """A radio call of d10 <= 6: a barrage is coming (§9.5)."""
    NO_CONTACT = "no_contact"
    """A radio call that failed (§9.5)."""


class RuleId(StrEnum):
    """The optional rules of RULES.md §9, by the id a scenario lists (``rules = ["overwatch"]``)."""

    OVERWATCH = "overwatch"
    """§9.1: watch and fire in the enemy's impulse."""
    HIT_THE_DIRT = "hit_the_dirt"
    """§9.2: drop prone when fired on."""
    HIDING = "hiding"
    """§9.3: concealed and untargetable."""
    WEAPONS = "weapons"
    """§9.4: dropping, passing, jamming."""
    SPECIAL_WEAPONS = "special_weapons"
    """§9.5: smoke, Molotov, satchel charge, radio."""
    BUILDINGS = "buildings"
    """§9.6: houses, bunkers, walls, water (not implemented yet)."""
    MELEE_REACTIONS = "melee_reactions"
    """§9.7: answering a charge."""
    CLOCK = "clock"
    """§9.8: a time limit per phase (kept by the session, not the rules)."""

    @property
    def section(self) -> str:
        """Its section of RULES.md, e.g. ``§9.1``."""
        return _RULE_SECTION[self]


_RULE_SECTION = {RuleId.OVERWATCH: "§9.1", RuleId.HIT_THE_DIRT: "§9.2", RuleId.HIDING: "§9.3",
                 RuleId.WEAPONS: "§9.4", RuleId.SPECIAL_WEAPONS: "§9.5", RuleId.BUILDINGS: "§9.6",
                 RuleId.MELEE_REACTIONS: "§9.7", RuleId.CLOCK: "§9.8"}

IMPLEMENTED_RULES: frozenset[RuleId] = frozenset({RuleId.OVERWATCH, RuleId.HIT_THE_DIRT, RuleId.HIDING, RuleId.WEAPONS,
                                                  RuleId.SPECIAL_WEAPONS, RuleId.BUILDINGS, RuleId.MELEE_REACTIONS,
                                                  RuleId.CLOCK})
"""The optional rules this version plays (the rest are refused by name until they exist)."""

NO_CORE_HOOK: frozenset[str] = frozenset({RuleId.CLOCK})
"""The rules the rules core never consults: the phase clock (§9.8) is timed by the app alone,
so a game with only these on is played by the core exactly as the basic game."""


class WeaponState(StrEnum):
    """A personal weapon's condition under the ``weapons`` rule (RULES.md §9.4)."""

    OK = "ok"
    """It fires."""
    BROKEN = "broken"
    """Jammed: it cannot fire until repaired."""
    DESTROYED = "destroyed"
    """A failed repair ruined it: the man keeps only his grenades."""


class ReactionKind(StrEnum):
    """What an open reaction is answering (RULES.md §9.1, §9.2, §9.7)."""

    OVERWATCH = "overwatch"
    """An enemy finished an action in a watcher's arc, range and LOS (§9.1)."""
    HIT_THE_DIRT = "hit_the_dirt"
    """Small-arms fire was declared at Standing or Crouching men (§9.2)."""
    MELEE = "melee"
    """A melee was declared against a hex (§9.7)."""

    @property
    def rule(self) -> str:
        """Its section of RULES.md."""
        return _REACTION_SECTION[self]  # (a table built once: asked at every reaction opened and closed)


_REACTION_SECTION = {ReactionKind.OVERWATCH: "§9.1", ReactionKind.HIT_THE_DIRT: "§9.2", ReactionKind.MELEE: "§9.7"}
