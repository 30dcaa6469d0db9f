"""Notation and candidates of the play actions outside combat: the chit draw, impulses, the
end of an impulse or phase, and the four MF actions (RULES.md 6.1, 6.2).

Each ``parse_*`` takes the words of a line (verb first) and raises
:class:`~.words.NotationError`; each ``format_*`` writes the line back. The ``*_candidates``
functions give the actions of a kind that might be legal now, a superset that
:func:`..engine.legal_actions` checks one by one.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TypeVar

from ..basic.sequence import commit_changes, impulse_hexes
from ..board.hexgrid import Facing, hex_to_id
from ..model.actions import ChangePosture, Cross, DrawChit, EndImpulse, EndPhase, Move, StartImpulse, Turn
from ..model.dice import Dice
from ..model.events import Event
from ..model.state import GameState
from ..model.types import Posture
from ..model.units import Soldier
from .words import expect, facing_word, hex_word, posture_word, side_word, soldier_word

# --- chit, impulse, end, done ---------------------------------------------------------------


def parse_chit(words: list[str]) -> DrawChit:
    expect(words, 0, 1, "chit [<side>]")
    return DrawChit(side=side_word(words[1]) if len(words) > 1 else None)


def format_chit(action: DrawChit) -> str:
    return "chit" if action.side is None else f"chit {action.side}"


def chit_candidates(state: GameState, soldier_id: str | None) -> list[DrawChit]:
    """A blind draw, and a draw of each side's chit (``chit <side>``, for scripts and tests)."""
    return [DrawChit(), *(DrawChit(side=side) for side in state.sides)]


def parse_impulse(words: list[str]) -> StartImpulse:
    expect(words, 1, 1, "impulse <hex>")
    return StartImpulse(hex=hex_word(words[1]))


def format_impulse(action: StartImpulse) -> str:
    return f"impulse {hex_to_id(action.hex)}"


def impulse_candidates(state: GameState, soldier_id: str | None) -> list[StartImpulse]:
    """The hexes holding someone of the active side who may still act (6.2)."""
    return [StartImpulse(hex=h) for h in impulse_hexes(state)]


def parse_end(words: list[str]) -> EndImpulse:
    expect(words, 0, 0, "end")
    return EndImpulse()


def format_end(action: EndImpulse) -> str:
    return "end"


def end_candidates(state: GameState, soldier_id: str | None) -> list[EndImpulse]:
    return [EndImpulse()]


def parse_done(words: list[str]) -> EndPhase:
    expect(words, 0, 0, "done")
    return EndPhase()


def format_done(action: EndPhase) -> str:
    return "done"


def done_candidates(state: GameState, soldier_id: str | None) -> list[EndPhase]:
    return [EndPhase()]


# --- the MF actions ---------------------------------------------------------------------------


def parse_move(words: list[str]) -> Move:
    expect(words, 1, 2, "move <soldier> [<hex>]")
    return Move(soldier=soldier_word(words[1]), to=hex_word(words[2]) if len(words) > 2 else None)


def format_move(action: Move) -> str:
    return f"move {action.soldier}" + (f" {hex_to_id(action.to)}" if action.to is not None else "")


def move_candidates(state: GameState, s: Soldier) -> tuple[Move, ...]:
    """Enter the hex in front (listed without the optional hex, which is only a check)."""
    return _moves(s.id)


def parse_turn(words: list[str]) -> Turn:
    expect(words, 2, 2, "turn <soldier> <facing>")
    return Turn(soldier=soldier_word(words[1]), facing=facing_word(words[2]))


def format_turn(action: Turn) -> str:
    return f"turn {action.soldier} {action.facing.name}"


def turn_candidates(state: GameState, s: Soldier) -> tuple[Turn, ...]:
    """Every facing but his own."""
    return _turns(s.id, s.facing)


def parse_cross(words: list[str]) -> Cross:
    expect(words, 1, 1, "cross <soldier>")
    return Cross(soldier=soldier_word(words[1]))


def format_cross(action: Cross) -> str:
    return f"cross {action.soldier}"


def cross_candidates(state: GameState, s: Soldier) -> tuple[Cross, ...]:
    return _crosses(s.id)


def parse_posture(words: list[str]) -> ChangePosture:
    expect(words, 2, 2, "posture <soldier> stand|crouch|prone")
    posture = posture_word(words[2])
    return ChangePosture(soldier=soldier_word(words[1]), posture=posture)


def format_posture(action: ChangePosture) -> str:
    return f"posture {action.soldier} {action.posture.value}"


def posture_candidates(state: GameState, s: Soldier) -> tuple[ChangePosture, ...]:
    """Every posture but his own."""
    return _postures(s.id, s.posture)


# The candidates are values: built once per soldier (and facing or posture), then shared.

@lru_cache(maxsize=1024)
def _moves(soldier_id: str) -> tuple[Move, ...]:
    return (Move(soldier=soldier_id),)


@lru_cache(maxsize=1024)
def _crosses(soldier_id: str) -> tuple[Cross, ...]:
    return (Cross(soldier=soldier_id),)


@lru_cache(maxsize=4096)
def _turns(soldier_id: str, facing: Facing) -> tuple[Turn, ...]:
    return tuple(Turn(soldier=soldier_id, facing=f) for f in Facing if f != facing)


@lru_cache(maxsize=4096)
def _postures(soldier_id: str, posture: Posture) -> tuple[ChangePosture, ...]:
    return tuple(ChangePosture(soldier=soldier_id, posture=p) for p in Posture if p != posture)


_MF = TypeVar("_MF", Move, Turn, Cross, ChangePosture)


def apply_mf(rule: Callable[[GameState, Soldier, _MF], tuple[Soldier, list[Event]]]
             ) -> Callable[[GameState, _MF, Dice], tuple[GameState, list[Event]]]:
    """An MF action's apply from the rule that changes the soldier: the first MF commits the
    impulse (6.2, §9.9)."""
    def apply(state: GameState, action: _MF, dice: Dice) -> tuple[GameState, list[Event]]:
        s = state.soldier(action.soldier)
        assert s is not None
        changed, events = rule(state, s, action)
        if state.committed:
            return state.with_soldiers(changed), events
        return state.with_soldiers(changed, **commit_changes(state)), events
    return apply
