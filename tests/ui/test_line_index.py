"""The side log's line index agrees with plain sums over a list, whatever is done to it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from firepower_tui.ui.widgets.line_index import LineIndex

OPS = st.lists(st.one_of(
    st.tuples(st.just("extend"), st.integers(0, 40)),
    st.tuples(st.just("set"), st.integers(0, 10_000), st.integers(0, 6)),
    st.tuples(st.just("truncate"), st.integers(0, 200)),
), max_size=40)


def check(index: LineIndex, heights: list[int]) -> None:
    assert len(index) == len(heights) and index.total == sum(heights)
    for n in range(len(heights) + 1):
        assert index.prefix(n) == sum(heights[:n])
    y = 0
    for i, h in enumerate(heights):
        for off in range(h):
            assert index.find(y) == (i, off)
            y += 1
    assert index.find(y) == (len(heights), 0)


@settings(max_examples=200, deadline=None)
@given(OPS)
def test_line_index_matches_a_list(ops: list[tuple]) -> None:  # type: ignore[type-arg]
    index, heights = LineIndex(), []
    for op in ops:
        if op[0] == "extend":
            index.extend(op[1])
            heights += [1] * op[1]
        elif op[0] == "set" and heights:
            i = op[1] % len(heights)
            assert index.set(i, op[2]) == op[2] - heights[i]
            heights[i] = op[2]
        elif op[0] == "truncate":
            index.truncate(op[1])
            del heights[op[1]:]
        check(index, heights)
