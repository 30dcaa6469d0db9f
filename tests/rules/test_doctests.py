"""The examples in the rules core's docstrings run with the suite (docs/style.md §10)."""

from __future__ import annotations

import doctest
import importlib
import io
import pkgutil

import pytest

import firepower_tui.rules as rules

MODULES = sorted(m.name for m in pkgutil.walk_packages(rules.__path__, f"{rules.__name__}."))


def doctests_of(name: str) -> list[doctest.DocTest]:
    return [t for t in doctest.DocTestFinder().find(importlib.import_module(name)) if t.examples]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out = io.StringIO()
    for test in doctests_of(name):
        runner.run(test, out=out.write)
    assert runner.failures == 0, out.getvalue()


def test_the_examples_are_found() -> None:
    """Guards against a finder that quietly finds nothing (every test above would pass)."""
    found = {name: sum(len(t.examples) for t in doctests_of(name)) for name in MODULES}
    assert {n.rsplit(".", 1)[1] for n, count in found.items() if count} >= {"sightline", "memo", "snapshot",
                                                                           "types", "values", "words", "registry",
                                                                           "notation", "engine"}
