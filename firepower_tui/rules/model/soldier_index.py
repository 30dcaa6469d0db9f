"""Where each soldier of one soldiers tuple is: by id, by hex and who carries a marker (derived
data of a :class:`.state.GameState`, kept from state to state where the soldiers allow)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..board.hexgrid import Hex
from .units import Soldier

PATCH_MAX = 16
"""Most soldier changes a by-hex table is patched with (beyond, it is built anew)."""


@dataclass(frozen=True, slots=True)
class Marks:
    """Who carries the optional rules' markers: positions in the soldiers tuple, in its order
    (derived data: ``soldiers[i]`` is the man, no lookup by id)."""

    watching: tuple[int, ...]
    """The men with an Overwatch marker (§9.1)."""
    hidden: tuple[int, ...]
    """The men with a Hidden marker (§9.3)."""


def _remark(marked: tuple[int, ...], i: int, on: bool) -> tuple[int, ...]:
    """``marked`` with position ``i`` in (``on``) or out, in order."""
    return tuple(sorted((*marked, i))) if on else tuple(j for j in marked if j != i)


_new_index: Callable[[type[SoldierIndex]], SoldierIndex] = object.__new__


class SoldierIndex:
    """Where each soldier of one soldiers tuple is: by id (as written and upper-case) and,
    built on first use, the living deployed soldiers of each hex.

    Derived data, not state: any two indexes compare equal, so states compare by their fields.
    """

    __slots__ = ("soldiers", "pos", "_by_hex", "_prev", "_changed", "memo", "_marks")
    _prev: SoldierIndex | None
    _changed: tuple[Soldier, ...]
    _marks: Marks | None

    def __init__(self, soldiers: tuple[Soldier, ...]) -> None:
        pos: dict[str, int] = {}
        for i, s in enumerate(soldiers):
            pos.setdefault(s.id, i)
            pos.setdefault(s.id.upper(), i)
        self.soldiers = soldiers
        self.pos = pos
        self.memo: dict[Any, Any] = {}
        """What is worked out from these soldiers alone (LOS between two of them, :mod:`..basic.los`)."""
        self._by_hex: dict[Hex, tuple[Soldier, ...]] | None = None
        self._marks = None
        self._prev = None
        self._changed = ()

    @classmethod
    def following(cls, soldiers: tuple[Soldier, ...], pos: dict[str, int], prev: SoldierIndex,
                  changed: tuple[Soldier, ...]) -> SoldierIndex:
        """The index of ``soldiers``, the soldiers of ``prev`` with ``changed`` put in (by ``pos``,
        the positions, which do not change): what ``prev`` knew is kept or patched (made with
        every state copy that changes soldiers; no keywords, no __init__)."""
        ix = _new_index(cls)
        ix.soldiers = soldiers
        ix.pos = pos
        ix.memo = {}
        ix._by_hex = None
        ix._follow(prev, changed)
        return ix

    def _follow(self, prev: SoldierIndex, changed: tuple[Soldier, ...]) -> None:
        """Derive what can be kept from the index of the soldiers before ``changed`` (their markers,
        the by-hex table to patch)."""
        marks = prev._marks
        if marks is not None:  # (kept up to date from the previous index's once asked for: the optional rules)
            pos = self.pos
            watching, hidden = marks.watching, marks.hidden
            for c in changed:  # (the last of an id counts, as in the soldiers tuple)
                i = pos[c.id]
                if c.overwatch != (i in watching):
                    watching = _remark(watching, i, c.overwatch)
                if c.hidden != (i in hidden):
                    hidden = _remark(hidden, i, c.hidden)
            if watching is not marks.watching or hidden is not marks.hidden:
                marks = Marks(watching, hidden)
        self._marks = marks
        if prev._by_hex is None:
            older = prev._prev
            if older is not None and len(prev._changed) + len(changed) <= PATCH_MAX:
                # Nobody asked the previous index where anyone is: patch from the one it would have.
                self._prev = older
                self._changed = prev._changed + changed
            else:
                self._prev = None
                self._changed = changed
        else:
            # The previous index, kept only if its by-hex table is built: this one is then that
            # table with the changed soldiers moved (one index back, never a chain of older states).
            self._prev = prev
            self._changed = changed

    def occupied(self) -> dict[Hex, tuple[Soldier, ...]]:
        """The living soldiers on the map, by hex (in scenario order within a hex)."""
        by_hex = self._by_hex
        if by_hex is None:
            prev = self._prev
            if prev is not None and prev._by_hex is not None:
                by_hex = self._patched(prev, prev._by_hex)
            else:
                by_hex = {}
                for s in self.soldiers:
                    if not s.killed and s.deployed:
                        h = s.hex
                        here = by_hex.get(h)
                        by_hex[h] = (s,) if here is None else here + (s,)
            self._by_hex = by_hex
            self._prev = None
            self._changed = ()
        return by_hex

    def _patched(self, prev: SoldierIndex, old: dict[Hex, tuple[Soldier, ...]]) -> dict[Hex, tuple[Soldier, ...]]:
        by_hex = dict(old)
        pos = self.pos
        changed = self._changed
        if len(changed) > 1:  # (the last of an id counts, as in the soldiers tuple)
            changed = tuple({c.id: c for c in changed}.values())
        for c in changed:
            was = prev.soldiers[pos[c.id]]
            if was.hex == c.hex and not was.killed and was.deployed and not c.killed and c.deployed:
                by_hex[c.hex] = tuple([c if s.id == c.id else s for s in by_hex[c.hex]])  # in place
                continue
            if not was.killed and was.deployed:
                rest = tuple(s for s in by_hex[was.hex] if s.id != c.id)
                if rest:
                    by_hex[was.hex] = rest
                else:
                    del by_hex[was.hex]
            if not c.killed and c.deployed:
                by_hex[c.hex] = tuple(sorted(by_hex.get(c.hex, ()) + (c,), key=lambda s: pos[s.id]))
        return by_hex

    def at(self, h: Hex) -> tuple[Soldier, ...]:
        """Living soldiers on the map in ``h``."""
        return self.occupied().get(h, ())

    def marks(self) -> Marks:
        """Who carries an Overwatch or a Hidden marker (§9.1, §9.3), killed men included."""
        marks = self._marks
        if marks is None:
            soldiers = self.soldiers
            marks = self._marks = Marks(tuple(i for i, s in enumerate(soldiers) if s.overwatch),
                                        tuple(i for i, s in enumerate(soldiers) if s.hidden))
        return marks

    def __eq__(self, other: object) -> bool:
        return other is None or isinstance(other, SoldierIndex)

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "SoldierIndex()"
