"""The game state: a compact immutable value that only ``engine.apply`` replaces (docs/style.md §3).

A ``NamedTuple``: a change copies one tuple of fields and shares everything else; soldiers
are found by id or by hex through a :class:`SoldierIndex` built with each new soldiers tuple.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ..board.hexgrid import Hex
from .actions import Fire, Melee
from .scenario import Scenario
from .soldier_index import Marks, SoldierIndex
from .special_types import SpecialState
from .types import Phase, ReactionKind, SetupStep
from .units import GroundWeapon, Soldier
from .values import evolve, hidden_in_json


class Chit(NamedTuple):
    """A sequence chit: its side's colour and a cosmetic letter (RULES.md §1.5, A36)."""

    side: str
    letter: str


@dataclass(frozen=True, slots=True)
class Pending:
    """An open reaction (RULES.md §9.1, §9.2, §9.7): the game waits for one side's answer.

    While it is open the only legal actions are its answers (``overwatch …``, ``hold``,
    ``hit-dirt …``, ``stand-and-shoot …``, ``fall-back``); :func:`..engine.legal_actions`
    lists them and :func:`..engine.check` refuses everything else.
    """

    kind: ReactionKind
    """What is being answered."""
    side: str
    """The side that decides (the reacting side, never the active one)."""
    trigger: str
    """The enemy soldier whose action opened it: the man who moved or fired (overwatch), the
    firer (hit the dirt), the first attacker (melee)."""
    hex: Hex
    """Where it happens: the trigger's hex (overwatch), the target hex (hit the dirt, melee)."""
    answerers: tuple[str, ...]
    """The reacting side's men who may answer: the eligible watchers, the targets who may hit
    the dirt, the defenders."""
    action: Fire | Melee | None = None
    """The suspended action, carried out when the reaction is answered (None for overwatch,
    whose trigger has already happened)."""


@hidden_in_json("lookup")
class GameState(NamedTuple):
    """Everything about a game at one moment.

    The scenario (with its map) is carried by reference; it never changes. A change is a
    copy (:meth:`evolve`, :meth:`with_soldiers`) that shares every unchanged value.
    """

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
    impulse_hex: Hex | None = None
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
    kills: dict[str, int] = {}  # noqa: RUF012 (never mutated)
    """Enemy soldiers killed by each side (read-only)."""
    phase: Phase = Phase.PLAY
    """Buying forces by points (§10.3), deploying (§10.2) or playing turns."""
    setup_step: SetupStep = SetupStep.NONE
    """The step of the forces or deployment phase (``NONE`` in play)."""
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
    holders: dict[Hex, str] = {}  # noqa: RUF012 (never mutated)
    """Who holds each objective hex (``hold``, §10.4; read-only)."""
    over: bool = False
    """The game has ended (§2.6)."""
    winner: str | None = None
    """Winning side id when over (None: a draw, or not over)."""
    result: str = ""
    """How the game ended, in words."""
    rules: frozenset[str] = frozenset()
    """The optional rules in play (RULES.md §9; :class:`.types.RuleId` values). Empty: the basic game."""
    pending: Pending | None = None
    """The open reaction the game waits on (§9.1, §9.2, §9.7), or None."""
    ground: dict[Hex, tuple[GroundWeapon, ...]] = {}  # noqa: RUF012 (never mutated)
    """Weapon markers lying in each hex (``weapons``, §9.4; read-only)."""
    lookup: SoldierIndex | None = None
    """Soldiers by id and by hex (derived from ``soldiers``; equal for any two states)."""
    building_damage: tuple[tuple[int, int], ...] = ()
    """Damage taken by building (number, damage), for the ``buildings`` rule (§9.6); destroyed
    buildings are rubble."""
    exposed: tuple[tuple[str, int], ...] = ()
    """(soldier, the last turn he fired, threw or meleed), for §9.6's spotting (the ``buildings`` rule)."""
    window_fire: tuple[tuple[int, str, str], ...] = ()
    """(turn, window hexside ``D4:N``, soldier) this turn: 2 firers per window a turn (§9.6)."""
    special: SpecialState | None = None
    """Smoke, barrages and used items of the ``special_weapons`` rule (§9.5); None: nothing yet."""

    # --- copies ------------------------------------------------------------------------

    @classmethod
    def start(cls, **fields: Any) -> GameState:
        """A new state with its soldier index built."""
        state = cls(**fields)
        return evolve(state, {"lookup": SoldierIndex(state.soldiers)})

    def evolve(self, **changes: Any) -> GameState:
        """A copy with ``changes`` (field names as keywords); the index follows the soldiers."""
        if "soldiers" in changes:
            changes["lookup"] = SoldierIndex(changes["soldiers"])
        return evolve(self, changes)

    def with_soldiers(self, *changed: Soldier, **changes: Any) -> GameState:
        """A copy with some soldiers replaced (matched by id), the rest shared, and ``changes``."""
        if not changed:
            return evolve(self, changes)  # the same soldiers: the same index (and memo)
        ix = self.lookup
        if ix is None:
            ix = SoldierIndex(self.soldiers)
        pos = ix.pos
        soldiers = list(self.soldiers)
        for s in changed:
            soldiers[pos[s.id]] = s
        new = tuple(soldiers)
        changes["soldiers"] = new
        changes["lookup"] = SoldierIndex.following(new, pos, ix, changed)
        return evolve(self, changes)

    def memo(self) -> dict[Any, Any]:
        """A scratch table for results that depend on the soldiers and the map alone (shared by
        every state with the same soldiers; bounded by its users)."""
        return self._index().memo

    def _index(self) -> SoldierIndex:
        ix = self.lookup
        return ix if ix is not None else SoldierIndex(self.soldiers)

    # --- lookups -----------------------------------------------------------------------

    def soldier(self, soldier_id: str) -> Soldier | None:
        """A soldier by id (case-insensitive), killed or not."""
        ix = self.lookup
        pos = (ix if ix is not None else SoldierIndex(self.soldiers)).pos
        i = pos.get(soldier_id)
        if i is None:
            i = pos.get(soldier_id.upper())
            if i is None:
                return None
        return self.soldiers[i]

    def marks(self) -> Marks:
        """Who carries an Overwatch or a Hidden marker (§9.1, §9.3; kept from state to state once asked)."""
        ix = self.lookup
        marks = ix._marks if ix is not None else None
        return marks if marks is not None else self._index().marks()

    def soldiers_at(self, h: Hex) -> list[Soldier]:
        """Living soldiers on the map in hex ``h``, in scenario order."""
        return list(self._index().at(h))

    def occupied(self) -> dict[Hex, tuple[Soldier, ...]]:
        """Living soldiers on the map by hex (read-only)."""
        return self._index().occupied()

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
        counts = dict.fromkeys(self.sides, 0)
        for c in self.cup:
            counts[c.side] += 1
        return counts

    def mf_left(self, s: Soldier) -> int:
        """MF the soldier may still spend now: 0 unless he is in the current impulse."""
        if self.impulse == 0 or s.id not in self.group or s.killed:
            return 0
        return s.mf_left

    def status_word(self, s: Soldier) -> str:
        """``ok``, ``suppressed``, ``stunned`` or ``killed``."""
        return "killed" if s.killed else s.status.value

    def replace(self, *changed: Soldier) -> tuple[Soldier, ...]:
        """The soldiers tuple with some soldiers replaced (matched by id)."""
        return self.with_soldiers(*changed).soldiers
