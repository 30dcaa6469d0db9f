"""The game state: a frozen value that only ``engine.apply`` replaces (STYLE.md §3)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from .hexgrid import Hex
from .scenario import Scenario
from .types import HexField, Status
from .units import Soldier


class Chit(BaseModel):
    """A sequence chit: its side's colour and a cosmetic letter (RULES.md §1.5, A36)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    side: str
    letter: str


class GameState(BaseModel):
    """Everything about a game at one moment.

    The scenario (with its map) is carried by reference; it never changes.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    scenario: Scenario
    """The scenario being played (map, sides, turns)."""
    turn: int = 1
    """Current turn, from 1 (§2.1)."""
    cup: tuple[Chit, ...] = ()
    """Chits still in the cup this turn (6.1)."""
    played: tuple[Chit, ...] = ()
    """Chits drawn this turn, in order (their colours are public, §2.7)."""
    active: str | None = None
    """The side whose impulse phase it is; None between phases."""
    impulse: int = 0
    """Number (1 or 2) of the impulse under way; 0 when none is."""
    impulses_used: int = 0
    """Impulses of this phase already committed (at most 2, 6.2)."""
    impulse_hex: HexField | None = None
    """The hex activated by the current impulse."""
    group: tuple[str, ...] = ()
    """Soldiers activated by the current impulse (6.2)."""
    committed: bool = False
    """An MF has been spent in the current impulse, so it is committed to its hex (§9.9)."""
    acted: frozenset[str] = frozenset()
    """Soldiers who took part in a committed impulse this phase (one impulse each, 6.2)."""
    fired_from: frozenset[Hex] = frozenset()
    """Hexes someone of this impulse already fired or threw from (one per hex, 4.5)."""
    soldiers: tuple[Soldier, ...] = ()
    """Every soldier, killed ones included, in scenario order."""
    kills: dict[str, int] = {}
    """Enemy soldiers killed by each side (read-only)."""
    phase: str = "play"
    """``forces`` (buying by points, §10.3), ``deploy`` (§10.2) or ``play``."""
    setup_step: str = ""
    """In forces/deploy: ``forces``, ``rolloff``, ``choose_deploy``, ``place``, ``initiative``, ``choose_first``."""
    decider: str | None = None
    """The side whose choice is pending (after a roll)."""
    placer: str | None = None
    """The side placing soldiers now."""
    placed_now: int = 0
    """Soldiers placed in the current placement."""
    finished_first: str | None = None
    """The side that finished deploying first (§10.2 step 2)."""
    bonus: int = 0
    """Placements the other side made after that: the initiative bonus (§10.2)."""
    first_side: str | None = None
    """The side whose chit is drawn first in turn 1 (§10.2 step 4)."""
    ready: frozenset[str] = frozenset()
    """Sides whose bought force is complete (§10.3)."""
    holders: dict[Hex, str] = {}
    """Who holds each objective hex (``hold``, §10.4; read-only)."""
    over: bool = False
    """The game has ended (§2.6)."""
    winner: str | None = None
    """Winning side id when over (None: a draw, or not over)."""
    result: str = ""
    """How the game ended, in words."""

    # --- lookups -----------------------------------------------------------------------

    def soldier(self, soldier_id: str) -> Soldier | None:
        """A soldier by id (case-insensitive), killed or not."""
        key = soldier_id.upper()
        for s in self.soldiers:
            if s.id.upper() == key:
                return s
        return None

    def soldiers_at(self, h: Hex) -> list[Soldier]:
        """Living soldiers on the map in hex ``h``."""
        return [s for s in self.soldiers if s.hex == h and not s.killed and s.deployed]

    def living(self, side: str | None = None) -> list[Soldier]:
        """Living soldiers on the map, of one side or all."""
        return [s for s in self.soldiers if not s.killed and s.deployed and (side is None or s.side == side)]

    def undeployed(self, side: str | None = None) -> list[Soldier]:
        """Soldiers still to be placed (§10.2)."""
        return [s for s in self.soldiers if not s.deployed and not s.killed and (side is None or s.side == side)]

    def enemy_of(self, side: str) -> str:
        """The other side's id."""
        for s in self.scenario.spec.sides:
            if s.id != side:
                return s.id
        raise ValueError(side)

    @property
    def sides(self) -> list[str]:
        """Side ids in scenario order."""
        return [s.id for s in self.scenario.spec.sides]

    def cup_counts(self) -> dict[str, int]:
        """Chits left in the cup per side."""
        return {side: sum(1 for c in self.cup if c.side == side) for side in self.sides}

    def mf_left(self, s: Soldier) -> int:
        """MF the soldier may still spend now: 0 unless he is in the current impulse."""
        if self.impulse == 0 or s.id not in self.group or s.killed:
            return 0
        return s.mf_left

    def status_word(self, s: Soldier) -> str:
        """``ok``, ``suppressed``, ``stunned`` or ``killed``."""
        return "killed" if s.killed else s.status.value

    def is_stunned(self, s: Soldier) -> bool:
        """Whether the soldier is Stunned."""
        return s.status is Status.STUNNED

    def replace(self, *changed: Soldier) -> tuple[Soldier, ...]:
        """The soldiers tuple with some soldiers replaced (matched by id)."""
        by_id = {s.id: s for s in changed}
        return tuple(by_id.get(s.id, s) for s in self.soldiers)
