"""Climbing a high wall (RULES.md §9.6, the ``buildings`` rule; ruling R76).

A standing man whose front hexside is a high wall may climb it: 2 MF and a d10 <= 6. Over,
he is in the hex beyond (facing as before; no entry cost besides the climb). A failed climb
ends his impulse where he is (the 2 MF are spent, the rest are lost). :func:`climb_breakdown`
gives the roll before the die (``odds climb …``); :func:`apply_climb` rolls against it.
"""

from __future__ import annotations

from ..basic.movement import mf_refusal, spend
from ..basic.sequence import commit_changes
from ..board.features import side_id, side_key
from ..board.hexgrid import hex_neighbor, hex_to_id
from ..kinds.words import expect, soldier_word
from ..model.actions import Climb
from ..model.breakdown import Modifier, MovementLedger, RollBreakdown
from ..model.dice import Dice
from ..model.errors import Refusal
from ..model.events import Event, Moved, Rolled
from ..model.state import GameState
from ..model.types import Posture, RollOutcome
from ..model.units import Soldier
from .buildings import features_in_play

CLIMB_COST = 2
"""MF to climb a high wall (§9.6)."""
CLIMB_NEED = 6
"""A climb succeeds on d10 <= 6 (§9.6)."""

_LEDGER = MovementLedger(items=(Modifier(label="climb the high wall", value=CLIMB_COST, rule="§9.6"),))


def check_climb(state: GameState, s: Soldier, action: Climb) -> Refusal | None:
    """A high wall across his front hexside, standing, 2 MF, no enemy beyond (§9.6)."""
    f = features_in_play(state)
    if f is None:
        return Refusal(reason="there are no high walls in play (the buildings rule, §9.6)", rule="§9.6")
    key = side_key(s.hex, s.facing)
    if key not in f.walls:
        return Refusal(reason=f"no high wall across {s.id}'s front hexside ({hex_to_id(s.hex)}:{s.facing.name}): "
                              "turn to face it", rule="§9.6")
    if s.posture is not Posture.STAND:
        return Refusal(reason=f"{s.id} must be standing to climb", rule="§9.6")
    beyond = hex_neighbor(s.hex, s.facing)
    if any(o.side != s.side for o in state.occupied().get(beyond, ())):
        return Refusal(reason=f"{hex_to_id(beyond)} holds enemy soldiers", rule="6.2.1")
    return mf_refusal(state, s, _LEDGER, lambda: f"climb the wall {side_id(key)}")


def climb_breakdown(state: GameState, action: Climb) -> RollBreakdown:
    """The climb's roll before the die: the same numbers :func:`apply_climb` rolls against."""
    s = state.soldier(action.soldier)
    assert s is not None
    return RollBreakdown(f"climb: {s.id} over the wall {side_id(side_key(s.hex, s.facing))}", CLIMB_NEED, "§9.6")


def assess_climb(state: GameState, action: Climb) -> RollBreakdown:
    """``odds climb <soldier>``."""
    return climb_breakdown(state, action)


def apply_climb(state: GameState, action: Climb, dice: Dice) -> tuple[GameState, list[Event]]:
    """Roll the climb; over the wall, or his impulse ends (§9.6)."""
    s = state.soldier(action.soldier)
    assert s is not None
    b = climb_breakdown(state, action)
    die = dice.d10(f"climb: {s.id}")
    ok = die + b.modifier_total <= b.need
    events: list[Event] = [Rolled.of(b.evolve(die=die, result="over the wall" if ok else "fails: his impulse ends",
                                              result_rule="§9.6"), RollOutcome.HIT if ok else RollOutcome.MISS)]
    if ok:
        beyond = hex_neighbor(s.hex, s.facing)
        line = state.scenario.map.line_at(beyond)
        fence_side = line.half_of_hexside(s.facing.opposite) if line is not None else None
        moved = spend(s, CLIMB_COST, hex=beyond, fence_side=fence_side)
        events.append(Moved(soldier=s.id, origin=s.hex, to=beyond, cost=_LEDGER.items, mf_left=moved.mf_left,
                            fence_side=fence_side))
    else:
        moved = spend(s, CLIMB_COST, halted=True)
    return state.with_soldiers(moved, **commit_changes(state)), events


def parse_climb(words: list[str]) -> Climb:
    expect(words, 1, 1, "climb <soldier>")
    return Climb(soldier=soldier_word(words[1]))


def format_climb(action: Climb) -> str:
    return f"climb {action.soldier}"


def climb_candidates(state: GameState, s: Soldier) -> tuple[Climb, ...]:
    f = state.scenario.map.features
    if f is None or not f.walls:
        return ()
    return (Climb(soldier=s.id),)


__all__ = ["CLIMB_COST", "CLIMB_NEED", "apply_climb", "assess_climb", "check_climb", "climb_breakdown",
           "climb_candidates", "format_climb", "parse_climb"]
