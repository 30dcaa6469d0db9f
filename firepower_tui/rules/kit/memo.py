"""A cache bounded in bytes: what the LOS tables keep is capped by memory, not by count.

A trace across a 160-hex map holds hundreds of hexes, one beside a neighbour a handful;
a count limit lets the first kind grow without bound (1.1 GB after 34 k queries on a
120x160 map). Each entry carries its own size estimate; the least recently used entries
go first when the budget is passed.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")

ENTRY_OVERHEAD = 120
"""Bytes of a dict slot, its key tuple and the entry's own tuple (an estimate, CPython 3.11)."""


class ByteBoundedCache(Generic[V]):
    """A least-recently-used map whose estimated size stays under ``budget`` bytes.

    Each entry costs its estimate plus :data:`ENTRY_OVERHEAD` (120 bytes), so two entries of
    100 bytes fit in 500 and a third does not:

    >>> c = ByteBoundedCache[str](budget=500)
    >>> c.put("a", "x", 100); c.put("b", "y", 100)
    >>> c.get("a")  # a is now the most recent
    'x'
    >>> c.put("c", "z", 100)  # over budget: b, the least recent, goes
    >>> c.get("b") is None, c.get("a"), len(c), c.size
    (True, 'x', 2, 440)
    """

    __slots__ = ("budget", "size", "_items")

    def __init__(self, budget: int) -> None:
        self.budget = budget
        """Most bytes the entries may hold together (estimated)."""
        self.size = 0
        """Bytes held now (estimated)."""
        self._items: dict[Hashable, tuple[V, int]] = {}

    def get(self, key: Hashable) -> V | None:
        """The value, or None; a hit becomes the most recent entry."""
        items = self._items
        hit = items.pop(key, None)
        if hit is None:
            return None
        items[key] = hit
        return hit[0]

    def put(self, key: Hashable, value: V, nbytes: int) -> None:
        """Keep ``value`` (estimated at ``nbytes``), dropping the least recent entries as needed."""
        items = self._items
        old = items.pop(key, None)
        if old is not None:
            self.size -= old[1]
        nbytes += ENTRY_OVERHEAD
        if nbytes > self.budget:
            return
        items[key] = (value, nbytes)
        self.size += nbytes
        while self.size > self.budget:
            oldest = next(iter(items))
            self.size -= items.pop(oldest)[1]

    def clear(self) -> None:
        """Drop everything."""
        self._items.clear()
        self.size = 0

    def __len__(self) -> int:
        return len(self._items)
