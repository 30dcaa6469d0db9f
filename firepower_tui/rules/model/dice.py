"""Dice, injected (docs/style.md §4).

One d10 is every roll of the game; a face of 0 counts as 10 (RULES.md §1.6). Rules
functions take a :class:`Dice` and never call ``random`` themselves. Each roll carries a
``purpose`` string so a record can be checked on replay.
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Iterable
from functools import cache
from typing import Any, Protocol

from .errors import DiceError


class Dice(Protocol):
    """Where every random number of a game comes from."""

    def d10(self, purpose: str) -> int:
        """One d10, 1-10."""
        ...

    def pick(self, purpose: str, n: int) -> int:
        """A uniform choice among ``n`` things (0 .. n-1), e.g. a chit from the cup."""
        ...


def normalise_face(value: int) -> int:
    """A d10 face: 0 counts as 10 (RULES.md §1.6).

    Raises:
        ValueError: the value is not 0-10.
    """
    if not 0 <= value <= 10:
        raise ValueError(f"a d10 shows 0-9 (0 counts as 10) or 1-10, not {value}")
    return 10 if value == 0 else value


D10 = 0
"""``n`` of a recorded call that was a d10 (a pick records its number of choices)."""


class Recorder:
    """Mixin that remembers every roll as ``(purpose, value)`` and every call as ``(purpose, value, n)``."""

    def __init__(self) -> None:
        self.rolls: list[tuple[str, int]] = []
        self.calls: list[tuple[str, int, int]] = []

    def _record(self, purpose: str, value: int, n: int = D10) -> int:
        self.rolls.append((purpose, value))
        self.calls.append((purpose, value, n))
        return value


class RecordingDice(Dice, Protocol):
    """Dice that keep every call as ``(purpose, value, n)`` (what a history entry stores)."""

    calls: list[tuple[str, int, int]]


MAX_SEED = 2**63 - 1
"""The largest seed a game takes: a stored game keeps its seed as SQLite's 64-bit integer
(ruling R190; seeds are 0 to this)."""


def seed_problem(seed: int) -> str | None:
    """Why ``seed`` cannot seed a game, or None.

    >>> seed_problem(7) is None, seed_problem(-1)
    (True, 'a seed is a whole number from 0 to 9223372036854775807, not -1')
    """
    if 0 <= seed <= MAX_SEED:
        return None
    text = str(seed) if seed.bit_length() < 200 else f"a number of {len(str(seed))} digits"
    return f"a seed is a whole number from 0 to {MAX_SEED}, not {text}"


STREAM = "sha256"
"""The name of the dice stream (docs/notation.md, "The dice stream"): a generator state names it,
so a state of other dice is refused rather than misread."""

_SPAN = 1 << 256
"""How many numbers a SHA-256 digest can be."""


@cache
def _limit(n: int) -> int:
    """The largest multiple of ``n`` that is at most 2^256: a digest's number below it is kept."""
    return _SPAN - _SPAN % n


def stream_value(seed: int, index: int, n: int) -> int:
    """Roll ``index`` (0, 1, 2 ...) of the dice seeded with ``seed``, as a pick among ``n`` (0 .. n-1).

    The SHA-256 digest of the ASCII text ``seed:index:attempt`` (decimal numbers; ``attempt`` is
    0 first) is read as a 256-bit number; a number at or above the largest multiple of ``n`` that
    fits in 256 bits is thrown away and the next ``attempt`` hashed, so every value is exactly as
    likely; else the value is the number modulo ``n``. docs/notation.md writes it out.

    >>> [stream_face(1, i) for i in range(5)], stream_value(1, 5, 7)
    ([2, 1, 6, 5, 4], 0)
    """
    if n < 1:
        raise ValueError(f"a pick is among 1 or more things, not {n}")
    limit = _limit(n)
    attempt = 0
    while True:
        number = int.from_bytes(hashlib.sha256(b"%d:%d:%d" % (seed, index, attempt)).digest(), "big")
        if number < limit:
            return number % n
        attempt += 1


def stream_face(seed: int, index: int) -> int:
    """Roll ``index`` of the dice seeded with ``seed``, as a d10 (1-10): a pick among 10, plus 1."""
    return stream_value(seed, index, 10) + 1


class SeededDice(Recorder):
    """The dice of a game: roll ``index`` of the seed's stream (:func:`stream_value`), each call
    (a d10 or a pick) taking the next index.

    Its state (:meth:`generator_state`) is what a checkpoint keeps: the seed's stream needs only
    the index of the next roll. :meth:`advance` moves on as a recorded game did, so a resumed
    game goes on with the dice it would have had.
    """

    def __init__(self, seed: int = 1) -> None:
        super().__init__()
        self.seed = seed
        self.index = 0
        """The number of the next roll in the seed's stream."""

    def reseed(self, seed: int) -> None:
        """Restart from roll 0 of ``seed``'s stream."""
        self.seed = seed
        self.index = 0

    def _draw(self, n: int) -> int:
        value = stream_value(self.seed, self.index, n)
        self.index += 1
        return value

    def d10(self, purpose: str) -> int:
        return self._record(purpose, self._draw(10) + 1)

    def pick(self, purpose: str, n: int) -> int:
        return self._record(purpose, self._draw(n), n)

    def generator_state(self) -> dict[str, Any]:
        """Where the dice are, as JSON-ready data: ``{"stream": "sha256", "index": next roll,
        "forced": [...]}`` (a checkpoint keeps it; ``forced`` is the queue of :class:`ForcedDice`,
        empty here). The seed is not in it: the game keeps its seed."""
        return {"stream": STREAM, "index": self.index, "forced": self._forced_state()}

    def set_generator_state(self, data: Any) -> None:
        """Go on from a state :meth:`generator_state` gave.

        Raises:
            ValueError: the state is not one of these dice (the state of another generator, such
                as the one games had before this stream, or damaged data), or holds forced
                results these dice cannot queue.
        """
        if not isinstance(data, dict) or set(data) != {"stream", "index", "forced"} or data["stream"] != STREAM:
            raise ValueError(f"not a state of the {STREAM} dice stream")
        index, forced = data["index"], data["forced"]
        if type(index) is not int or index < 0:
            raise ValueError(f"a roll index is a whole number from 0, not {index!r}")
        if not isinstance(forced, list) or any(type(v) is not int or not 1 <= v <= 10 for v in forced):
            raise ValueError(f"forced dice are d10 results 1-10, not {forced!r}")
        self._set_forced_state(forced)
        self.index = index

    def _forced_state(self) -> list[int]:
        return []

    def _set_forced_state(self, forced: list[int]) -> None:
        if forced:
            raise ValueError(f"forced dice {forced} in a generator state: only ForcedDice queue them")

    def advance(self, calls: Iterable[tuple[str, int, int]]) -> None:
        """Move on past the rolls of a recorded game, one index each, so play goes on with the
        same dice an uninterrupted game would have had (the forced queue is left alone)."""
        for _call in calls:
            self.index += 1


class ForcedDice(SeededDice):
    """Seeded dice with a queue of forced d10 results, used first, in order: the ``dice`` line
    of a script (docs/notation.md), and tests that set up a roll.

    A pick (a chit draw) always comes from the seed's stream; a forced result takes no roll index.
    """

    def __init__(self, seed: int = 1, forced: Iterable[int] = ()) -> None:
        super().__init__(seed)
        self.forced: deque[int] = deque(normalise_face(v) for v in forced)

    def force(self, values: Iterable[int]) -> None:
        """Queue d10 results to be used before the seeded ones (0 counts as 10)."""
        self.forced.extend(normalise_face(v) for v in values)

    def d10(self, purpose: str) -> int:
        if self.forced:
            return self._record(purpose, self.forced.popleft())
        return super().d10(purpose)

    def _forced_state(self) -> list[int]:
        return list(self.forced)

    def _set_forced_state(self, forced: list[int]) -> None:
        self.forced = deque(forced)


class ScriptedDice(Recorder):
    """Exactly the given d10 results, in order; for tests.

    Running out raises :class:`DiceError`; :meth:`assert_used` fails if any are left.
    ``pick`` takes from the same list (values 0 .. n-1).
    """

    def __init__(self, values: Iterable[int]) -> None:
        super().__init__()
        self.values: deque[int] = deque(values)

    def _next(self, purpose: str) -> int:
        if not self.values:
            raise DiceError(f"scripted dice ran out at {purpose!r}")
        return self.values.popleft()

    def d10(self, purpose: str) -> int:
        return self._record(purpose, normalise_face(self._next(purpose)))

    def pick(self, purpose: str, n: int) -> int:
        value = self._next(purpose)
        if not 0 <= value < n:
            raise DiceError(f"scripted pick {value} out of range 0..{n - 1} at {purpose!r}")
        return self._record(purpose, value, n)

    def assert_used(self) -> None:
        """Fail if scripted results are left over."""
        if self.values:
            raise DiceError(f"{len(self.values)} scripted dice were not used: {list(self.values)}")


class ReplayDice(Recorder):
    """Hands back recorded rolls and fails on any mismatch of purpose (or kind of call)."""

    def __init__(self, recorded: Iterable[tuple[str, int] | tuple[str, int, int]]) -> None:
        super().__init__()
        self.recorded: deque[tuple[str, int] | tuple[str, int, int]] = deque(recorded)

    def _next(self, purpose: str, n: int) -> int:
        if not self.recorded:
            raise DiceError(f"the record has no roll for {purpose!r}")
        want, value, *kind = self.recorded.popleft()
        if want != purpose:
            raise DiceError(f"the record rolled for {want!r} where the game now rolls for {purpose!r}")
        if kind and kind[0] != n:
            raise DiceError(f"the record made a different kind of roll for {purpose!r}")
        if not (1 <= value <= 10 if n == D10 else 0 <= value < n):
            raise DiceError(f"the recorded roll {value} for {purpose!r} is impossible")
        return self._record(purpose, value, n)

    def d10(self, purpose: str) -> int:
        return self._next(purpose, D10)

    def pick(self, purpose: str, n: int) -> int:
        return self._next(purpose, n)
