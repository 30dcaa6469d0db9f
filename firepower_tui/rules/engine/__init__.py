"""The only door into state changes: :func:`check`, :func:`apply`, :func:`legal_actions`.

``check(state, action)`` returns a :class:`Refusal` (plain reason + rule) or None.
``apply(state, action, dice)`` returns the new state and the events; it raises
:class:`IllegalActionError` for an action ``check`` refuses (a caller bug, docs/style.md §6).
Every kind of action is one entry of :data:`.registry.KINDS`, which says how to check and
apply it; this module adds what all kinds share.

The package is what the rest of the program uses of the rules, on top of them all:

- this module: :func:`check`, :func:`apply`, :func:`apply_trusted`, :func:`legal_actions`
  and the odds of a combat action (:func:`assess`);
- :mod:`.registry`: every kind of action in one table (its notation and candidates from
  :mod:`..kinds`, its check and apply from the rule that decides it);
- :mod:`.notation`: the action notation (docs/notation.md), parsed and written;
- :mod:`.describe`: events as plain text lines, with the §9.5 and §9.4 ones in
  :mod:`.describe.special` and :mod:`.describe.weapons`;
- :mod:`.snapshot`: a game state as plain JSON data and back (the checkpoints);
- :mod:`.threat`: who can hurt whom next (the computer opponent and the threat view).

Imports: every other part of the rules (:mod:`..optional`, :mod:`..kinds`, :mod:`..basic`,
:mod:`..scenario`, :mod:`..model`, :mod:`..board`, :mod:`..kit`); nothing imports it back.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from functools import partial
from typing import Any, overload

from ..basic.acting import acting_soldier
from ..basic.fire import FireAssessment
from ..basic.grenades import ThrowAssessment
from ..basic.melee import MeleeAssessment
from ..basic.sequence import impulse_hexes as _impulse_hexes
from ..board.hexgrid import Hex
from ..model.actions import (ANSWERS, Action, ChangePosture, Cross, FallBack, Fire, HitDirt, Hold, Melee, Move,
                             Overwatch, Repair, StandAndShoot, Throw, Turn)
from ..model.actions.special import CallBarrage, PlaceSatchel, ThrowMolotov, ThrowSmoke
from ..model.dice import Dice
from ..model.errors import IllegalActionError, Refusal
from ..model.events import Event
from ..model.state import GameState
from ..model.types import NO_CORE_HOOK, Phase, ReactionKind
from ..model.units import Soldier
from ..optional import reactions
from ..optional.shared import waiting_refusal
from ..optional.special_rule import SpecialAssessment
from ..optional.weapons_rule import RepairAssessment
from ..scenario import victory
from .registry import KINDS, ActionKind, SoldierRule, Stage, kind_of, kinds_of

# Enum members read in hot paths, looked up once (on Python 3.11 a class attribute of an Enum costs
# about 0.2 us: EnumType's __getattr__ slows every lookup on the class).
_PHASE_PLAY = Phase.PLAY
_REACTION_HIT_THE_DIRT = ReactionKind.HIT_THE_DIRT
_STAGE_PHASE = Stage.PHASE
_STAGE_SETUP = Stage.SETUP

__all__ = ["Action", "apply", "apply_trusted", "assess", "candidate_actions", "check", "checker", "impulse_hexes",
           "iter_legal_actions", "legal_actions", "MF_ACTIONS"]

MF_ACTIONS: tuple[type[Action], ...] = (Move, Turn, Cross, ChangePosture)
"""The movement-factor actions (RULES.md 6.2.1-6.2.4): what ``legal_actions(state, soldier_id)`` lists."""


def check(state: GameState, action: Action) -> Refusal | None:
    """Whether ``action`` is legal now: None, or the reason it is not (with its rule).

    >>> from firepower_tui.rules import load_scenario, new_game
    >>> from firepower_tui.rules.model.actions import DrawChit, Move
    >>> state = new_game(load_scenario("basic"))
    >>> check(state, DrawChit()) is None
    True
    >>> check(state, Move(soldier="T1")).reason
    'no impulse phase is under way: draw a chit first'
    """
    if state.over:
        return _game_over(state)
    if state.pending is not None and type(action) not in _ANSWER_TYPES:
        return waiting_refusal(state)  # a reaction is open: only its answers (§9.1, §9.2, §9.7)
    in_phase = _PHASE_CHECKS.get(type(action))
    if in_phase is not None and state.active is not None and state.phase == _PHASE_PLAY:
        return in_phase(state, action)  # the common case: an impulse-phase action in one
    kind = kind_of(action)
    refusal = _stage_refusal(state, kind, action)
    if refusal is not None:
        return refusal
    assert kind is not None
    return kind.check(state, action)


_PHASE_CHECKS: dict[type, Callable[[GameState, Any], Refusal | None]] = {
    k.action: k.check for k in KINDS if k.stage is Stage.PHASE}
"""The checks of the kinds taken in an impulse phase (their stage is then no obstacle)."""
_ANSWER_TYPES: frozenset[type] = frozenset(ANSWERS)
_ANSWERS_TO: dict[ReactionKind, tuple[ActionKind[Any], ...]] = {
    ReactionKind.OVERWATCH: kinds_of((Overwatch, Hold)), ReactionKind.HIT_THE_DIRT: kinds_of((Hold, HitDirt)),
    ReactionKind.MELEE: kinds_of((Hold, StandAndShoot, FallBack))}
"""The kinds that may answer each reaction, in table order (§9.1, §9.2, §9.7): every other answer's
candidates are none while it is open, so an open reaction's list asks only these."""
_SOLDIER_RULES: dict[type, SoldierRule[Any]] = {
    k.action: k.by_soldier for k in KINDS if k.by_soldier is not None and k.stage is Stage.PHASE}
"""The per-soldier rules of the kinds one acting soldier takes."""


def _game_over(state: GameState) -> Refusal:
    return Refusal(reason=f"the game is over: {state.result}", rule="§2.6")


def _stage_refusal(state: GameState, kind: ActionKind[Any] | None, action: object) -> Refusal | None:
    """Whether the kind may be taken at all now: setup actions only before play (§10.2), the
    rest only in play, most only in an impulse phase (6.1)."""
    if state.phase != _PHASE_PLAY:
        if kind is None or kind.stage is not _STAGE_SETUP:
            return Refusal(reason="the game is being set up: buy, place or roll first", rule="§10.2")
        return None
    if kind is None:
        return Refusal(reason=f"unknown action {action!r}", rule="docs/notation.md")
    if kind.stage is _STAGE_SETUP:
        return Refusal(reason="the game has begun: forces and deployment are over", rule="§10.2")
    if kind.stage is _STAGE_PHASE and state.active is None:
        return Refusal(reason="no impulse phase is under way: draw a chit first", rule="6.1")
    return None


def apply(state: GameState, action: Action, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """Carry out a legal action.

    Raises:
        IllegalActionError: ``check`` refuses the action.
    """
    refusal = check(state, action)
    if refusal is not None:
        raise IllegalActionError(refusal)
    return apply_trusted(state, action, dice)


def apply_trusted(state: GameState, action: Action, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """:func:`apply` without the check (replay of a record already checked)."""
    kind = kind_of(action)
    if kind is None:
        raise TypeError(f"not an action: {action!r}")
    events: Sequence[Event]
    if state.rules <= NO_CORE_HOOK:  # no optional rule, or only the phase clock (§9.8, the app's): the basic game
        new, events = kind.apply(state, action, dice)
    else:  # the optional rules' hooks around the action (§9)
        new, events = reactions.apply(state, action, dice, kind.apply)
    if new.phase == _PHASE_PLAY and new.holders:
        new = victory.update_holders(new)
    return new, tuple(events)


@overload
def assess(state: GameState, action: Fire) -> FireAssessment: ...
@overload
def assess(state: GameState, action: Throw) -> ThrowAssessment: ...
@overload
def assess(state: GameState, action: Melee) -> MeleeAssessment: ...
@overload
def assess(state: GameState, action: StandAndShoot) -> FireAssessment: ...
@overload
def assess(state: GameState, action: Overwatch) -> FireAssessment | ThrowAssessment: ...
@overload
def assess(state: GameState, action: Repair) -> RepairAssessment: ...
@overload
def assess(state: GameState, action: ThrowSmoke | ThrowMolotov | PlaceSatchel | CallBarrage) -> SpecialAssessment: ...
@overload
def assess(state: GameState, action: Fire | Throw | Melee | Overwatch | StandAndShoot | Repair | ThrowSmoke
           | ThrowMolotov | PlaceSatchel | CallBarrage
           ) -> FireAssessment | ThrowAssessment | MeleeAssessment | RepairAssessment | SpecialAssessment: ...


def assess(state: GameState, action: Fire | Throw | Melee | Overwatch | StandAndShoot | Repair | ThrowSmoke
           | ThrowMolotov | PlaceSatchel | CallBarrage
           ) -> FireAssessment | ThrowAssessment | MeleeAssessment | RepairAssessment | SpecialAssessment:
    """The odds of a combat action before any die (the same numbers :func:`apply` rolls against),
    a reaction's fire included (``overwatch …``, ``stand-and-shoot …``, §9.1, §9.7).

    Raises:
        IllegalActionError: the action is not legal now.
    """
    refusal = check(state, action)
    if refusal is not None:
        raise IllegalActionError(refusal)
    kind = kind_of(action)
    assert kind is not None and kind.assess is not None
    result: FireAssessment | ThrowAssessment | MeleeAssessment | RepairAssessment | SpecialAssessment = (
        kind.assess(state, action))
    return result


# --- what is legal now ------------------------------------------------------------------------


def checker(state: GameState) -> Callable[[Action], Refusal | None]:
    """:func:`check` for one state and many actions: the same answer for every action, with
    what every soldier action asks first (3.10) worked out once per soldier."""
    if state.over or state.active is None or state.phase != _PHASE_PLAY or state.pending is not None:
        return partial(check, state)  # no soldier may act: nothing to work out once
    actors: dict[str, tuple[Soldier | None, Refusal | None]] = {}

    def check_here(action: Action) -> Refusal | None:
        rule = _SOLDIER_RULES.get(type(action))
        if rule is None:
            return check(state, action)
        sid = rule.actor(action)
        found = actors.get(sid)
        if found is None:
            found = actors[sid] = acting_soldier(state, sid)
        s, refusal = found
        if s is None or refusal is not None:
            return refusal
        return rule.check(state, s, action)

    return check_here


def legal_actions(state: GameState, soldier_id: str | None = None, *,
                  kinds: Collection[type[Action]] | None = None) -> list[Action]:
    """Every legal action now, each one that :func:`check` accepts, in the order of
    :data:`.registry.KINDS`.

    Args:
        soldier_id: only the actions by (or, in the setup, for) this soldier.
        kinds: only actions of these classes. The default is every kind; with a
            ``soldier_id`` it is his MF actions (:data:`MF_ACTIONS`), as before.

    Where the notation has optional parts that change nothing but the words, one form is
    listed: ``move`` without the hex; ``fire`` at one target in the weapon's default mode,
    declaring no MF for after (several targets, ``auto``/``semi`` and ``then n`` are left
    out); ``throw`` without ``via`` unless the LOS enters the hex through a corner (then once
    per hexside); ``place`` facing as the man does now, standing, in each hex he may go to
    (any facing and posture are as legal; listing them would multiply the list by 18);
    ``melee`` once per group of attackers, named in impulse order; ``smoke`` like ``throw``;
    ``radio`` on each hex holding an enemy (any hex in his LOS is as legal); ``chit`` both blind and
    for each side that has a chit in the cup. Every other kind is listed in full.

    Each kind's candidates (:data:`.registry.KINDS`) are a superset of its legal actions,
    and each is decided by the kind's own check, the one :func:`check` uses; the checks every
    soldier action shares (3.10) are made once per soldier. A position of ``basic`` takes
    about a millisecond (most of it the LOS of the throws in arc).
    """
    return list(iter_legal_actions(state, soldier_id, kinds=kinds))


def iter_legal_actions(state: GameState, soldier_id: str | None = None, *,
                       kinds: Collection[type[Action]] | None = None) -> Iterator[Action]:
    """:func:`legal_actions` one at a time: whether there is any costs only the checks up to the first."""
    if state.over:
        return
    if kinds is None and soldier_id is not None:
        kinds = MF_ACTIONS
    if state.pending is not None:  # only the open reaction's answers (§9.1, §9.2, §9.7)
        if (kinds is None and soldier_id is None and state.pending.kind is _REACTION_HIT_THE_DIRT
                and state.phase == _PHASE_PLAY):
            yield from _dirt_answers(state)  # (the usual reaction: its answers are values of who may answer)
            return
        kinds = ANSWERS if kinds is None else [k for k in kinds if k in _ANSWER_TYPES]
    acting: dict[str, Soldier] | None = None
    p = state.pending
    for kind in (KINDS if kinds is None else _ANSWERS_TO[p.kind] if kinds is ANSWERS and p is not None
                 else kinds_of(kinds)):
        if _stage_refusal(state, kind, None) is not None:
            continue
        if soldier_id is not None and kind.actors is None:
            continue
        rule = kind.by_soldier
        if rule is None:
            yield from (a for a in kind.candidates(state, soldier_id) if kind.check(state, a) is None)
            continue
        if acting is None:
            acting = _acting(state, soldier_id)
        first = rule.first
        for s in acting.values():
            if first is not None and first(state, s) is not None:
                continue  # refused alike, each of his candidates (SoldierRule.first)
            yield from (a for a in rule.candidates(state, s) if rule.check(state, s, a) is None)


def _dirt_answers(state: GameState) -> tuple[Action, ...]:
    """The answers to an open hit the dirt reaction (§9.2): ``hold`` and each group of the men
    fired at who may hit the dirt, listed and checked as :func:`iter_legal_actions` does any
    kind, once per tuple of those men (each answer's check asks only that the reaction is open
    and who may answer it) and then kept."""
    p = state.pending
    assert p is not None and p.kind is _REACTION_HIT_THE_DIRT
    kept = _DIRT_ANSWERS.get(p.answerers)
    if kept is None:
        if len(_DIRT_ANSWERS) > 1024:  # bounded
            _DIRT_ANSWERS.clear()
        kept = _DIRT_ANSWERS[p.answerers] = tuple(
            a for kind in _ANSWERS_TO[_REACTION_HIT_THE_DIRT] for a in kind.candidates(state, None)
            if kind.check(state, a) is None)
    return kept


_DIRT_ANSWERS: dict[tuple[str, ...], tuple[Action, ...]] = {}
""":func:`_dirt_answers` by the men who may hit the dirt, in order."""


def _acting(state: GameState, soldier_id: str | None) -> dict[str, Soldier]:
    """The men who may take a soldier action now (3.10): of the impulse, alive, not Stunned…"""
    out: dict[str, Soldier] = {}
    for sid in state.group if soldier_id is None else (soldier_id,):
        s, refusal = acting_soldier(state, sid)
        if refusal is None and s is not None:
            out[s.id] = s
    return out


_MF_CANDIDATE_RULES: tuple[SoldierRule[Any], ...] = tuple(_SOLDIER_RULES[k] for k in (Move, Cross, Turn, ChangePosture))
"""The per-soldier rules of the MF actions (6.2.1-6.2.4), in the order :func:`candidate_actions`
lists their candidates (the random player draws from that list: seeded games depend on it)."""


def candidate_actions(state: GameState, soldier_id: str) -> list[Action]:
    """Every MF action one soldier might take now, legal or not (:func:`legal_actions` checks
    them): his moves, crossings, turns and posture changes, in that order."""
    s = state.soldier(soldier_id)
    if s is None:
        return []
    out: list[Action] = []
    for rule in _MF_CANDIDATE_RULES:
        out += rule.candidates(state, s)
    return out


def impulse_hexes(state: GameState) -> list[Hex]:
    """Hexes that may start an impulse now."""
    return _impulse_hexes(state)
