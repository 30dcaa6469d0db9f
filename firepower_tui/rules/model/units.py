"""Soldiers and weapons (RULES.md §1.3, §1.4, 4.7).

The weapon chart is data (``data/weapons.toml``), read once and validated here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from ..board.hexgrid import Facing, Hex
from .types import Posture, Status, WeaponState
from .values import evolve

# Enum members read in hot paths, looked up once (on Python 3.11 a class attribute of an Enum costs
# about 0.2 us: EnumType's __getattr__ slows every lookup on the class).
_STATUS_OK = Status.OK
_STATUS_STUNNED = Status.STUNNED
_STATUS_SUPPRESSED = Status.SUPPRESSED


@dataclass(frozen=True, slots=True)
class FireMode:
    """One rate of fire of a weapon (RULES.md 4.6): bursts x shots and hit numbers by band."""

    bursts: int
    """Bursts (automatic) or 1 (semi-automatic)."""
    shots: int
    """Dice per burst (automatic) or shots (semi-automatic)."""
    hit: tuple[int, ...]
    """Hit number per range band of :attr:`WeaponChart.bands`; a short list means out of range beyond it."""


@dataclass(frozen=True, slots=True)
class Weapon:
    """A personal weapon of the basic game (RULES.md 4.7)."""

    name: str
    """Full name, e.g. ``light machine gun``."""
    max_range: int
    """Maximum range in hexes (RULES.md 6.3.2)."""
    modes: dict[str, FireMode]
    """``auto`` and/or ``semi``."""


@dataclass(frozen=True, slots=True)
class Grenade:
    """The hand grenade row of the chart (RULES.md 4.7, 4.10)."""

    code: str
    name: str
    max_range_standing: int
    """8 when the thrower stands (6.3.2)."""
    max_range_low: int
    """5 when he crouches or lies prone (6.3.2)."""
    throw: tuple[int, ...]
    """Throw hit numbers by band (1-2, 3-5, 6-8)."""
    blast_hit: int
    """5: the blast number (6.3.6.3.2.2)."""


@dataclass(frozen=True, slots=True)
class WeaponChart:
    """RULES.md 4.7 Basic Game Firing Chart."""

    bands: tuple[int, ...]
    """Upper bound of each range band in hexes."""
    weapons: dict[str, Weapon]
    """Personal weapons by code (LMG, RFL, PST)."""
    grenade: Grenade

    def band_index(self, distance: int) -> int | None:
        """The band a range falls in (None beyond 40)."""
        for i, upper in enumerate(self.bands):
            if distance <= upper:
                return i
        return None

    def band_label(self, index: int) -> str:
        """``1-2``, ``3-5`` … for the breakdown's chart cell."""
        lower = 1 if index == 0 else self.bands[index - 1] + 1
        return f"{lower}-{self.bands[index]}"


@cache
def weapon_chart() -> WeaponChart:
    """The firing chart, loaded from the package data once (a file next to this module, as the
    scenarios are: importlib.resources and zipfile would cost every start a few ms more)."""
    import tomllib

    return _chart(tomllib.loads((Path(__file__).parent / "data" / "weapons.toml").read_text("utf-8")))


def _chart(data: dict[str, Any]) -> WeaponChart:
    """The chart from the package's own TOML (trusted data: a typo fails loudly here)."""
    weapons = {code: Weapon(name=w["name"], max_range=w["max_range"],
                            modes={m: FireMode(bursts=f["bursts"], shots=f["shots"], hit=tuple(f["hit"]))
                                   for m, f in w["modes"].items()})
               for code, w in data["weapons"].items()}
    g = data["grenade"]
    grenade = Grenade(code=g["code"], name=g["name"], max_range_standing=g["max_range_standing"],
                      max_range_low=g["max_range_low"], throw=tuple(g["throw"]), blast_hit=g["blast_hit"])
    return WeaponChart(bands=tuple(data["bands"]), weapons=weapons, grenade=grenade)


OFF_MAP = Hex(-999, -999)
"""Where a soldier not yet placed is (§10.2)."""


class Soldier(NamedTuple):
    """One man (one counter). RULES.md §1.3-1.4.

    Per-impulse bookkeeping (``mf_spent`` …) is reset when he is activated.
    """

    id: str
    """Counter id, e.g. ``T1``."""
    side: str
    """Side id, e.g. ``tan``."""
    weapon: str
    """Personal weapon code: ``LMG``, ``RFL`` or ``PST``; every man also has grenades (6.3.5.3)."""
    hex: Hex
    """Where he is."""
    facing: Facing
    """His front hexside (4.3)."""
    posture: Posture = Posture.STAND
    """Stand, Crouch or Prone (4.4)."""
    running: bool = False
    """Running marker (6.2.1): +2 to fire at him."""
    status: Status = Status.OK
    """Suppressed or Stunned marker (6.4)."""
    killed: bool = False
    """Killed and removed from play (6.3.6.3)."""
    fence_side: str | None = None
    """Which half of a fence/hedge line he is on, in a line hex (§3.6)."""
    mf_spent: int = 0
    """MF spent in the current impulse."""
    noncombat_mf: int = 0
    """Of those, MF spent on non-combat actions (6.3.6.2.7)."""
    entries: int = 0
    """New hexes entered in the current impulse (Running after 4, 6.2.1)."""
    combat_used: bool = False
    """He fired, threw or meleed this impulse phase (6.2.5)."""
    mf_cap: int | None = None
    """After firing: the non-combat MF he declared and may still spend (4.8, 6.3.6)."""
    halted: bool = False
    """He won a melee and must stop for this impulse (6.5.3)."""
    traits: tuple[str, ...] = ()
    """``scout`` (§10.2, §10.3)."""
    deployed: bool = True
    """On the map; False until placed in the deployment phase (§10.2)."""
    overwatch: bool = False
    """Overwatch marker (optional rule, RULES.md §9.1)."""
    hidden: bool = False
    """Hidden marker (optional rule, RULES.md §9.3)."""
    dirt_used: bool = False
    """He hit the dirt this turn (optional rule, RULES.md §9.2: once per turn)."""
    weapon_state: WeaponState = WeaponState.OK
    """His weapon works, is broken (jammed) or destroyed (optional rule, RULES.md §9.4)."""

    @property
    def allowance(self) -> int:
        """MF per impulse: 4, 3 if Suppressed, 0 if Stunned (6.2, 6.2.8)."""
        if self.status is _STATUS_STUNNED:
            return 0
        if self.status is _STATUS_SUPPRESSED:
            return 3
        return 4

    @property
    def mf_left(self) -> int:
        """MF he may still spend in this impulse: his allowance less what he spent, at most the
        MF he declared when he fired (4.8); none after winning a melee (6.5.3)."""
        if self.halted:
            return 0
        status = self.status  # the allowance (6.2, 6.2.8), inline: asked of every candidate action
        left = (4 if status is _STATUS_OK else 3 if status is _STATUS_SUPPRESSED else 0) - self.mf_spent
        if left < 0:
            left = 0
        cap = self.mf_cap
        return cap if cap is not None and cap < left else left

    def evolve(self, **changes: Any) -> Soldier:
        """A copy with ``changes`` (field names as keywords)."""
        return evolve(self, changes)


@dataclass(frozen=True, slots=True)
class GroundWeapon:
    """A weapon marker lying in a hex (optional rule, RULES.md §9.4)."""

    code: str
    """``LMG``, ``RFL`` or ``PST``."""
    state: WeaponState = WeaponState.OK
    """Working or broken (a destroyed weapon is gone, never on the ground)."""


__all__ = ["FireMode", "GroundWeapon", "Weapon", "Grenade", "WeaponChart", "weapon_chart", "Soldier", "Facing", "Hex"]
