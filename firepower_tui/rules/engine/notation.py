"""The action notation (docs/notation.md): parse and format actions.

This is a public contract: scripts, bug reports, game records and the in-game command
line all speak it. Words are case-insensitive; soldier ids and hex ids too. Each kind's
words are read and written by its entry in :data:`.registry.KINDS`.

>>> format_action(parse_action("MOVE t1 c8"))
'move T1 C8'
>>> parse_line("odds fire T2 G1")
OddsQuery(action=Fire(soldier='T2', targets=('G1',), mode=None, then=0, kind='fire'))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..board.hexgrid import Hex
from ..kinds.words import NotationError, expect, hex_word
from ..kit.untrusted import cut
from ..model.actions import Action, Fire, Melee, Overwatch, Repair, StandAndShoot, Throw
from ..model.actions.special import CallBarrage, PlaceSatchel, ThrowMolotov, ThrowSmoke
from .registry import KINDS, kind_for_verb, kind_of

__all__ = ["ACTION_WORDS", "QUERY_WORDS", "LosQuery", "NotationError", "OddsQuery", "format_action", "parse_action",
           "parse_line"]

ACTION_WORDS: tuple[str, ...] = tuple(k.verb for k in KINDS)
"""First words of actions."""
QUERY_WORDS = ("odds", "los")
"""First words of queries (they change nothing)."""
ODDS_WORDS: tuple[str, ...] = tuple(k.verb for k in KINDS if k.assess is not None)
"""The actions ``odds`` previews: those with an assessment (the combat actions)."""


@dataclass(frozen=True, slots=True)
class OddsQuery:
    """``odds <fire|throw|melee|overwatch|stand-and-shoot …>``: the preview of a combat action
    (a reaction's fire included, §9.1, §9.7); changes nothing."""

    action: (Fire | Throw | Melee | Overwatch | StandAndShoot | Repair | ThrowSmoke | ThrowMolotov | PlaceSatchel
             | CallBarrage)


@dataclass(frozen=True, slots=True)
class LosQuery:
    """``los <hex> <hex>``: the line of sight between two hexes; changes nothing."""

    origin: Hex
    target: Hex


def parse_line(line: str) -> Action | OddsQuery | LosQuery:
    """An action, or a query (``odds …``, ``los …``).

    Raises:
        NotationError: the line is not well-formed.
    """
    words = line.split()
    verb = words[0].lower() if words else ""
    if verb == "odds":
        if len(words) < 2 or words[1].lower() not in ODDS_WORDS:
            raise NotationError(f"usage: odds {'|'.join(ODDS_WORDS)} … (the action as you would give it)")
        action = parse_action(" ".join(words[1:]))
        assert isinstance(action, Fire | Throw | Melee | Overwatch | StandAndShoot | Repair | ThrowSmoke | ThrowMolotov
                          | PlaceSatchel | CallBarrage)
        return OddsQuery(action)
    if verb == "los":
        expect(words, 2, 2, "los <hex> <hex>")
        return LosQuery(hex_word(words[1]), hex_word(words[2]))
    return parse_action(line)


def parse_action(line: str) -> Action:
    """Parse one action line.

    Raises:
        NotationError: the line is not a well-formed action.
    """
    words = line.split()
    if not words:
        raise NotationError("empty action")
    kind = kind_for_verb(words[0].lower())
    if kind is None:
        raise NotationError(f"unknown action {cut(words[0])!r} (actions: {', '.join(ACTION_WORDS)}; "
                            f"queries: {', '.join(QUERY_WORDS)})")
    action: Action = kind.parse(words)
    return action


def format_action(action: Action) -> str:
    """The notation of an action.

    For any action :func:`parse_action` returns, ``parse_action(format_action(a)) == a``
    (the parser writes soldier ids upper-case and side ids lower-case).

    Raises:
        TypeError: ``action`` is not an action.
    """
    kind = kind_of(action)
    if kind is None:
        raise TypeError(f"not an action: {action!r}")
    return kind.format(action)
