"""The basic game's extension points: where an optional rule (RULES.md §9) changes the basic game
(§1-§8) without the basic game knowing the rule.

Each optional rule that changes the basic game gives what it adds as one :class:`Extension`,
registered once (:func:`register`, by :mod:`..engine.registry` as it is imported). The basic
game asks :func:`in_play` for the extensions of a game and calls each point where the rules
say; each call names its point and the §9 rule that uses it. The points:

- **the map in play** (``map_in_play``): the map a line of sight, a move's cost and a target's
  cover are read from (§9.6: the features only with the rule on, a destroyed building rubble);
- **the modifiers of a roll**: a cover that stands for the target's terrain (``cover``, §9.6
  inside a building) and what lies on the line of sight of a fire or a throw
  (``los_modifiers``, §9.5 smoke);
- **the cost of an MF action**: items added to entering a hex (``entry_items``, §9.6 doorways
  and water);
- **a refusal**: of a move (``move_refusal``), a posture (``posture_refusal``), a combat action
  (``combat_refusal``), a firer (``firer_refusal``, §9.4 a broken weapon), a target
  (``target_refusal``) and a shot at a hex (``shot_refusal``), all §9.6 but the firer's;
- **a step inside a fire**: a roll the fire must pass before any shot (``before_fire`` and
  ``roll_before_fire``, §9.6 spotting) and the jam after a burst (``burst_jams`` and ``jam``,
  §9.4);
- **who a blast may harm** (``blast_harms``, §9.6 bunkers).

When two rules fill one point, a refusal is the first found in the order of registration and
the modifiers and items of each are added in that order; a point that decides one thing (the
map, a cover, a roll before the fire, a jam, who a blast harms) takes one rule's only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import ParamSpec, Protocol, TypeVar

from ..board.hexgrid import Hex
from ..board.terrain import MapData
from ..model.breakdown import Modifier, RollBreakdown
from ..model.dice import Dice
from ..model.errors import Refusal
from ..model.events import Event
from ..model.state import GameState
from ..model.types import Posture, RuleId
from ..model.units import Soldier

P = ParamSpec("P")
T = TypeVar("T")


class Sightline(Protocol):
    """What a point is told of a line of sight: its ends and the hexes between (a
    :class:`.los.LosResult` is one)."""

    @property
    def origin(self) -> Hex: ...

    @property
    def target(self) -> Hex: ...

    @property
    def touched(self) -> tuple[tuple[Hex, str], ...]: ...


@dataclass(frozen=True, slots=True)
class Extension:
    """What optional rules add to the basic game, a field per extension point (None: nothing)."""

    map_in_play: Callable[[GameState], MapData] | None = None
    """The map as it plays now (LOS 4.4, the terrain of 6.2.1 and 6.3.6.2.2)."""
    cover: Callable[[GameState, Soldier], Modifier | None] | None = None
    """A cover for the target that stands for his hex's terrain and fence (6.3.6.2.2; a blast too)."""
    los_modifiers: Callable[[GameState, Sightline], tuple[Modifier, ...]] | None = None
    """Modifiers of a fire or throw roll for what lies on its line of sight (after those of 4.8)."""
    entry_items: Callable[[GameState, Soldier, Hex], tuple[Modifier, ...]] | None = None
    """Items added to the cost of entering the hex in front (after those of §3.2)."""
    move_refusal: Callable[[GameState, Soldier, Hex], Refusal | None] | None = None
    """Why he may not leave his hex into the hex in front (a move, and a melee's entry)."""
    posture_refusal: Callable[[GameState, Soldier, Posture], Refusal | None] | None = None
    """Why he may not change to this posture (6.2.4)."""
    combat_refusal: Callable[[GameState, Soldier], Refusal | None] | None = None
    """Why he may take no combat action (after his own combat action, 6.2.5)."""
    firer_refusal: Callable[[GameState, Soldier], Refusal | None] | None = None
    """Why he may not fire at all (before his targets are looked at)."""
    target_refusal: Callable[[GameState, Soldier, Soldier], Refusal | None] | None = None
    """Why he may not fire at this man (after the target checks of 6.3.1)."""
    shot_refusal: Callable[[GameState, Soldier, Hex], Refusal | None] | None = None
    """Why he may not fire into this hex (after his targets, before range, arc and LOS)."""
    before_fire: Callable[[GameState, Soldier, Soldier], RollBreakdown | None] | None = None
    """A roll the fire at this (first) target must pass before any shot, before its die (None: none)."""
    roll_before_fire: Callable[[GameState, Soldier, RollBreakdown, int, Dice],
                               tuple[GameState, list[Event], bool]] | None = None
    """That roll made (with the MF he declares for after): the state, the events, whether the fire
    goes on (failed: what it costs him is the rule's)."""
    burst_jams: Callable[[int], bool] | None = None
    """Whether a burst of automatic fire with this many natural 10s jams the weapon."""
    jam: Callable[[GameState, str, int, int], tuple[GameState, Event]] | None = None
    """The jam, once the burst's dice are all rolled: the firer, his natural 10s, the bursts lost."""
    blast_harms: Callable[[GameState, Hex, Hex, Hex | None, str], bool] | None = None
    """Whether a blast may harm the men of a hex: that hex, the explosion's, where it was thrown or
    placed from (None: nobody's hand) and the weapon (``HGN``, ``MOL``, ``SAT``, ``BRG``)."""

    def __post_init__(self) -> None:
        if (self.before_fire is None) != (self.roll_before_fire is None):
            raise ValueError("a roll before the fire needs both its breakdown and its roll")
        if (self.burst_jams is None) != (self.jam is None):
            raise ValueError("a jam after a burst needs both when it happens and what it does")


NOTHING = Extension()
"""No extension: the basic game as §1-§8 give it."""

_REGISTERED: list[tuple[Extension, RuleId, bool]] = []
"""Every rule's extension, in the order of registration, with its rule and whether it is in play
on every map with §9.6 features instead."""


def register(extension: Extension, *, rule: RuleId, featured_maps: bool = False) -> None:
    """Put an optional rule's extension in place: in play in a game with ``rule`` chosen, or, with
    ``featured_maps``, in a game on a map with §9.6 features, the rule chosen or not (its points then
    say what the rule off means: for §9.6, the map without its features and nothing else)."""
    _REGISTERED.append((extension, rule, featured_maps))
    _extensions.cache_clear()


def in_play(state: GameState) -> Extension:
    """The extensions in play in ``state``'s game.

    Raises:
        LookupError: the game has optional rules or map features and no rule has registered its
            extension yet (:mod:`..engine` registers them all: import it first).
    """
    return _extensions(state.rules, state.scenario.map.features is not None)


def map_in_play(state: GameState) -> MapData:
    """The map as it plays now: the scenario's, unless a rule in play says otherwise."""
    changed = in_play(state).map_in_play
    return state.scenario.map if changed is None else changed(state)


@cache
def _extensions(rules: frozenset[str], featured: bool) -> Extension:
    """The extensions of the rules chosen, on a map with §9.6 features or not, joined (a handful of
    rule sets in a run, each joined once)."""
    if not _REGISTERED and (rules or featured):
        raise LookupError("the optional rules have not registered their extensions of the basic game: "
                          "import firepower_tui.rules.engine first")
    chosen = [e for e, rule, on_features in _REGISTERED if (featured if on_features else rule in rules)]
    return _joined(chosen) if chosen else NOTHING


def _joined(chosen: Sequence[Extension]) -> Extension:
    """The extensions of several rules as one (the module's docstring says how each point joins)."""
    return Extension(
        map_in_play=_one([e.map_in_play for e in chosen]),
        cover=_one([e.cover for e in chosen]),
        los_modifiers=_every([e.los_modifiers for e in chosen]),
        entry_items=_every([e.entry_items for e in chosen]),
        move_refusal=_first([e.move_refusal for e in chosen]),
        posture_refusal=_first([e.posture_refusal for e in chosen]),
        combat_refusal=_first([e.combat_refusal for e in chosen]),
        firer_refusal=_first([e.firer_refusal for e in chosen]),
        target_refusal=_first([e.target_refusal for e in chosen]),
        shot_refusal=_first([e.shot_refusal for e in chosen]),
        before_fire=_one([e.before_fire for e in chosen]),
        roll_before_fire=_one([e.roll_before_fire for e in chosen]),
        burst_jams=_one([e.burst_jams for e in chosen]),
        jam=_one([e.jam for e in chosen]),
        blast_harms=_one([e.blast_harms for e in chosen]))


def _one(points: Sequence[T | None]) -> T | None:
    """The one rule's point given (None: none)."""
    given = [p for p in points if p is not None]
    if len(given) > 1:
        raise ValueError("two optional rules in play both decide one extension point")
    return given[0] if given else None


def _first(points: Sequence[Callable[P, Refusal | None] | None]) -> Callable[P, Refusal | None] | None:
    """The refusals of each rule, as one: the first found, in the order of registration."""
    given = [p for p in points if p is not None]
    if len(given) <= 1:
        return given[0] if given else None

    def first(*args: P.args, **kwargs: P.kwargs) -> Refusal | None:
        for p in given:
            refusal = p(*args, **kwargs)
            if refusal is not None:
                return refusal
        return None

    return first


def _every(points: Sequence[Callable[P, tuple[Modifier, ...]] | None]) -> Callable[P, tuple[Modifier, ...]] | None:
    """The modifiers or items of each rule, as one: all of them, in the order of registration."""
    given = [p for p in points if p is not None]
    if len(given) <= 1:
        return given[0] if given else None

    def every(*args: P.args, **kwargs: P.kwargs) -> tuple[Modifier, ...]:
        return tuple(m for p in given for m in p(*args, **kwargs))

    return every
