"""Who plays each side: a person at the keyboard or the computer at a level.

A game's stored ``options`` hold ``players``, a side id -> seat mapping such as
``{"tan": "computer:normal", "green": "human"}``; a game without it is hotseat (every side
human). The same words are the script notation's ``players`` line (docs/notation.md). The
levels are the opponent's (``players.opponent.LEVELS``, checked equal by a test: this layer
sits below the players and cannot import them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..rules.model.actions import Action, Buy, Ready
from ..rules.model.state import GameState

HUMAN = "human"
"""The seat of a person at the keyboard."""
COMPUTER = "computer"
LEVELS = ("easy", "normal", "hard")
"""The computer's levels, weakest first (the opponent's own list)."""
DEFAULT_LEVEL = "normal"


class SeatError(ValueError):
    """A seat or a ``players`` entry that names no side or no level (the text says which)."""


def computer_seat(level: str = DEFAULT_LEVEL) -> str:
    """``computer:<level>``.

    >>> computer_seat("hard")
    'computer:hard'
    """
    if level not in LEVELS:
        raise SeatError(f"level {level!r}: one of {', '.join(LEVELS)}")
    return f"{COMPUTER}:{level}"


def parse_seat(text: str) -> str:
    """A seat in its one spelling: ``human``, ``computer`` (normal) or ``computer:<level>``.

    >>> parse_seat("computer"), parse_seat("Human")
    ('computer:normal', 'human')
    """
    word = text.strip().lower()
    if word == HUMAN:
        return HUMAN
    kind, _, level = word.partition(":")
    if kind != COMPUTER:
        raise SeatError(f"{text!r} is not a player: human, computer or computer:<{'|'.join(LEVELS)}>")
    return computer_seat(level or DEFAULT_LEVEL)


def parse_players(words: Iterable[str], sides: Iterable[str]) -> dict[str, str]:
    """``side=seat`` words (the notation's ``players`` line) as a full mapping: each side of the
    game once; a side not named is human.

    >>> parse_players(["tan=computer:hard"], ["tan", "green"])
    {'tan': 'computer:hard', 'green': 'human'}
    """
    known = list(sides)
    out: dict[str, str] = {}
    for word in words:
        side, eq, seat = word.partition("=")
        side = side.strip().lower()
        if not eq or not side:
            raise SeatError(f"{word!r}: write side=seat, e.g. {known[0] if known else 'tan'}=computer:normal")
        if side not in known:
            raise SeatError(f"{side!r} is not a side of this scenario ({', '.join(known)})")
        if side in out:
            raise SeatError(f"{side!r} is named twice")
        out[side] = parse_seat(seat)
    return {side: out.get(side, HUMAN) for side in known}


def versus_computer(sides: Iterable[str], side: str, level: str = DEFAULT_LEVEL) -> dict[str, str]:
    """The players of a game against the computer, which plays ``side``.

    >>> versus_computer(["tan", "green"], "tan")
    {'tan': 'computer:normal', 'green': 'human'}
    """
    known = list(sides)
    if side not in known:
        raise SeatError(f"{side!r} is not a side of this scenario ({', '.join(known)})")
    seat = computer_seat(level)
    return {s: seat if s == side else HUMAN for s in known}


def computer_levels(players: Mapping[str, str] | None) -> dict[str, str]:
    """The sides the computer plays, each with its level (none for a hotseat game).

    >>> computer_levels({"tan": "computer:hard", "green": "human"})
    {'tan': 'hard'}
    """
    out: dict[str, str] = {}
    if not isinstance(players, Mapping):  # (none, or a shape an earlier import let into the store)
        return out
    for side, seat in players.items():
        kind, _, level = str(seat).partition(":")
        if kind == COMPUTER:
            out[side] = level if level in LEVELS else DEFAULT_LEVEL
    return out


def players_label(players: Mapping[str, str] | None) -> str:
    """Who plays, for the games list: ``hotseat``, or e.g. ``tan: computer (normal)``."""
    levels = computer_levels(players)
    if not levels:
        return "hotseat"
    return ", ".join(f"{side}: computer ({level})" for side, level in levels.items())


def other_side_of(state: GameState, action: Action, side: str) -> str | None:
    """The side ``action`` would act for if it is not ``side``'s (a computer player sends only its
    own side's actions: its men's, its buying; the engine, made for hotseat, accepts either side's
    from one keyboard), else None. Nobody's actions (a chit draw, a roll, a §10.2 choice) are anyone's.
    """
    if isinstance(action, (Buy, Ready)):
        return action.side if action.side != side else None
    ids = [getattr(action, "soldier", None), *getattr(action, "soldiers", ())]
    for sid in ids:
        s = state.soldier(sid) if isinstance(sid, str) else None
        if s is not None and s.side != side:
            return s.side
    return None

