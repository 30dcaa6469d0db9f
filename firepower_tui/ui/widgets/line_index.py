"""Line counts of log entries with fast sums: which entry holds line y, how many lines in all.

A Fenwick (binary indexed) tree over the entries' line counts: finding, changing, appending and
dropping the newest all cost O(log n), so a log of 10,000 entries never needs a pass over them.
"""

from __future__ import annotations


class LineIndex:
    """The number of lines of each entry (a guess of 1 until the entry is wrapped)."""

    def __init__(self) -> None:
        self._heights: list[int] = []
        self._tree: list[int] = [0]  # 1-based: _tree[i] = sum of heights (i - lowbit(i), i]
        self.total = 0
        """All lines."""

    def __len__(self) -> int:
        return len(self._heights)

    def __getitem__(self, i: int) -> int:
        return self._heights[i]

    def extend(self, count: int) -> None:
        """Append ``count`` entries of one line each."""
        if count <= 0:
            return
        tree, old = self._tree, len(self._heights)
        new = old + count
        self._heights.extend([1] * count)
        tree.extend([i & -i for i in range(old + 1, new + 1)])  # right for nodes that hold only new entries
        if old:  # the nodes on old's update path also hold old entries
            j = old + (old & -old)
            while j <= new:
                start = j - (j & -j)
                tree[j] = (j - old) + self.total - self.prefix(start)
                j += j & -j
        self.total += count

    def set(self, i: int, height: int) -> int:
        """Set entry i's line count; returns the change."""
        delta = height - self._heights[i]
        if delta:
            self._heights[i] = height
            tree, n, j = self._tree, len(self._heights), i + 1
            while j <= n:
                tree[j] += delta
                j += j & -j
            self.total += delta
        return delta

    def truncate(self, n: int) -> None:
        """Keep the first n entries."""
        if n >= len(self._heights):
            return
        self.total = self.prefix(n)
        del self._heights[n:]
        del self._tree[n + 1:]

    def clear(self) -> None:
        self._heights.clear()
        del self._tree[1:]
        self.total = 0

    def prefix(self, n: int) -> int:
        """Lines in the first n entries (the first line of entry n)."""
        s, tree = 0, self._tree
        while n > 0:
            s += tree[n]
            n -= n & -n
        return s

    def find(self, y: int) -> tuple[int, int]:
        """The entry holding line y and y's line within it; ``(len, y - total)`` past the end."""
        if y < 0:
            return 0, 0
        tree, n, pos, rest = self._tree, len(self._heights), 0, y
        step = 1 << n.bit_length() if n else 0
        while step:
            nxt = pos + step
            if nxt <= n and tree[nxt] <= rest:
                pos = nxt
                rest -= tree[nxt]
            step >>= 1
        return pos, rest
