"""The words of the action notation (docs/notation.md): hexes, facings, soldiers, postures.

Each ``*_word`` function reads one word or raises :class:`NotationError` saying what was
expected.

>>> hex_word("c7"), facing_word("ne").name, soldier_word("t1"), soldiers_word("t1,g2")
(Hex(q=2, r=5), 'NE', 'T1', ('T1', 'G2'))
>>> posture_word("crouch")
<Posture.CROUCH: 'crouch'>
>>> expect(["turn", "T1"], 2, 2, "turn <soldier> <facing>")
Traceback (most recent call last):
...
firepower_tui.rules.kinds.words.NotationError: usage: turn <soldier> <facing>
"""

from __future__ import annotations

import re

from ..board.hexgrid import Facing, Hex, hex_from_id, hex_to_id, is_hex_id
from ..kit.untrusted import cut
from ..model.types import Posture

_NUMBER = re.compile(r"[0-9]{1,19}")
"""A whole number in ASCII digits (not ``²`` nor ``١``, which ``str.isdigit`` accepts), at most
19 of them (a 64-bit integer's width)."""


class NotationError(ValueError):
    """A line that is not well-formed notation; the message says what was expected."""


def expect(words: list[str], lo: int, hi: int, usage: str) -> None:
    """Between ``lo`` and ``hi`` words after the verb, else ``usage: …``."""
    if not lo <= len(words) - 1 <= hi:
        raise NotationError(f"usage: {usage}")


def number_word(word: str, what: str = "a whole number (digits 0-9)") -> int:
    """A whole number written in ASCII digits (``then 2``, ``seed 7``).

    >>> number_word("12")
    12
    >>> number_word("²")
    Traceback (most recent call last):
    ...
    firepower_tui.rules.kinds.words.NotationError: '²' is not a whole number (digits 0-9)
    """
    if not _NUMBER.fullmatch(word):
        raise NotationError(f"{cut(word)!r} is not {what}")
    return int(word)


def hex_word(word: str) -> Hex:
    """A hex id (``C7``, ``AA12``)."""
    if not is_hex_id(word):
        raise NotationError(f"{cut(word)!r} is not a hex id (column letters then a row number, e.g. C7)")
    return hex_from_id(word)


def facing_word(word: str) -> Facing:
    """``N``, ``NE``, ``SE``, ``S``, ``SW`` or ``NW``."""
    try:
        return Facing[word.upper()]
    except KeyError:
        raise NotationError(f"{cut(word)!r} is not a facing (N, NE, SE, S, SW or NW)") from None


def soldier_word(word: str) -> str:
    """A soldier id, upper-case (``T1``): a letter then up to five letters or digits (ruling R9)."""
    if not word or len(word) > 6 or not word[0].isalpha() or not word.isalnum():
        raise NotationError(f"{cut(word)!r} is not a soldier id (e.g. T1)")
    return word.upper()


def soldiers_word(word: str) -> tuple[str, ...]:
    """Soldier ids separated by commas (``T1,T2``)."""
    return tuple(soldier_word(w) for w in word.split(",") if w)


def posture_word(word: str) -> Posture:
    """``stand``, ``crouch`` or ``prone``."""
    try:
        return Posture(word.lower())
    except ValueError:
        raise NotationError(f"{cut(word)!r} is not a posture (stand, crouch or prone)") from None


def side_word(word: str) -> str:
    """A side id, lower-case (whether the scenario has it is the rules' to say)."""
    return word.lower()


def aimed_words(words: list[str], usage: str) -> tuple[str, Hex, Facing | None]:
    """``<verb> <soldier> <hex> [via <facing>]``: the soldier, the hex and the entry hexside
    (a throw, a smoke grenade: 6.3.6.3.2.1)."""
    if len(words) not in (3, 5) or (len(words) == 5 and words[3].lower() != "via"):
        raise NotationError(f"usage: {usage}")
    return soldier_word(words[1]), hex_word(words[2]), facing_word(words[4]) if len(words) == 5 else None


def format_aimed(verb: str, soldier: str, h: Hex, via: Facing | None = None) -> str:
    """The line :func:`aimed_words` reads (``via`` only when given)."""
    return f"{verb} {soldier} {hex_to_id(h)}" + (f" via {via.name}" if via is not None else "")

