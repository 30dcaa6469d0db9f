"""No import circle anywhere in the package: modules that import each other, directly or round
a loop, cannot be read, tested or moved one at a time (docs/style.md §2).

The import graph is grimp's (import-linter's own reader: every import, those inside functions
and under ``TYPE_CHECKING`` included); a circle is a strongly connected group of two or more
modules of it, or a module that imports itself.
"""

from __future__ import annotations

from collections.abc import Iterable

import grimp
import pytest


def circles(modules: Iterable[str], imports_of: dict[str, set[str]]) -> set[frozenset[str]]:
    """Every group of two or more modules that reach one another by imports (Tarjan's strongly
    connected components, without recursion), and every module that imports itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[frozenset[str]] = set()
    for root in sorted(modules):
        if root in index:
            continue
        work = [(root, iter(sorted(imports_of.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(imports_of.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1 or node in imports_of.get(node, ()):
                    found.add(frozenset(group))
    return found


def package_circles(package: str) -> set[frozenset[str]]:
    graph = grimp.build_graph(package, cache_dir=None)
    return circles(graph.modules, {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules})


def test_no_circle() -> None:
    found = package_circles("firepower_tui")
    assert not found, f"import circles: {sorted(sorted(c) for c in found)}"


@pytest.mark.parametrize(("imports_of", "expected"), [
    ({"a": {"b"}, "b": {"c"}, "c": set()}, set()),
    ({"a": {"b"}, "b": {"a"}}, {frozenset({"a", "b"})}),
    ({"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": {"e"}, "e": {"d"}},
     {frozenset({"a", "b", "c"}), frozenset({"d", "e"})}),
    ({"a": {"a"}, "b": set()}, {frozenset({"a"})}),
], ids=["none", "two", "a loop and a pair", "itself"])
def test_circles_are_found(imports_of: dict[str, set[str]], expected: set[frozenset[str]]) -> None:
    assert circles(imports_of, imports_of) == expected


def test_a_circle_of_real_modules_is_found() -> None:
    """grimp's graph with one import added back up (the rules' errors importing the engine) shows
    the circle that import would make."""
    graph = grimp.build_graph("firepower_tui", cache_dir=None)
    graph.add_import(importer="firepower_tui.rules.model.errors", imported="firepower_tui.rules.engine")
    found = circles(graph.modules, {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules})
    assert len(found) == 1
    assert {"firepower_tui.rules.model.errors", "firepower_tui.rules.engine"} <= found.pop()
