"""The rules core stays pure (docs/style.md §2): nothing in ``firepower_tui/rules`` writes a file,
reads the clock or the environment. It may read a file it is given (a scenario) and the
package's own data files (the weapon chart, the shipped scenarios).

Two checks, each shown to catch what it looks for: the modules the rules import (grimp's graph,
imports inside functions included) are none that write files, keep time, read the environment
or talk to other processes; and no call in the rules' source writes through a path or opens a
file, reads the environment or asks for the home or working folder.
"""

from __future__ import annotations

import ast
from pathlib import Path

import grimp
import pytest

RULES = Path(__file__).resolve().parents[1] / "firepower_tui" / "rules"

IMPURE_MODULES = frozenset({
    "os", "sys", "io", "time", "datetime", "calendar", "zoneinfo", "sqlite3", "dbm", "shelve", "pickle",
    "subprocess", "multiprocessing", "threading", "concurrent", "asyncio", "signal", "select", "selectors",
    "socket", "ssl", "http", "urllib", "email", "smtplib", "tempfile", "shutil", "glob", "fileinput",
    "secrets", "uuid", "getpass", "platform", "locale", "logging", "webbrowser", "atexit",
})
"""Modules that write files, read the clock or the environment, or reach other processes."""

IMPURE_CALLS = frozenset({
    "open", "input", "write_text", "write_bytes", "mkdir", "touch", "unlink", "rmdir", "rename", "symlink_to",
    "hardlink_to", "chmod", "home", "cwd", "expanduser", "getenv",
})
"""Calls (functions or methods, by name) that write, open a file or read the environment."""


def impure_imports(package: str) -> dict[str, set[str]]:
    """For each module of ``package``, the impure modules it imports."""
    graph = grimp.build_graph(package.split(".")[0], include_external_packages=True, cache_dir=None)
    out: dict[str, set[str]] = {}
    for module in graph.modules:
        if module == package or module.startswith(package + "."):
            bad = {m for m in graph.find_modules_directly_imported_by(module) if m.split(".")[0] in IMPURE_MODULES}
            if bad:
                out[module] = bad
    return out


def impure_calls(source: str) -> list[str]:
    """The impure calls in ``source`` (and every mention of ``environ``), as ``line: name``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name in IMPURE_CALLS:
                found.append(f"{node.lineno}: {name}")
        elif isinstance(node, (ast.Name, ast.Attribute)) and (getattr(node, "id", None) == "environ"
                                                              or getattr(node, "attr", None) == "environ"):
            found.append(f"{node.lineno}: environ")
    return found


def test_the_rules_import_nothing_impure() -> None:
    assert impure_imports("firepower_tui.rules") == {}


def test_an_impure_import_is_found() -> None:
    """The same check over the game store finds its SQLite and its files."""
    found = impure_imports("firepower_tui.games")
    assert "sqlite3" in found["firepower_tui.games.store"]
    assert "os" in set().union(*found.values())


def test_the_rules_call_nothing_impure() -> None:
    files = sorted(RULES.rglob("*.py"))
    assert len(files) > 50
    found = {str(f.relative_to(RULES)): calls for f in files if (calls := impure_calls(f.read_text(encoding="utf-8")))}
    assert found == {}


@pytest.mark.parametrize(("source", "expected"), [
    ("from pathlib import Path\nPath('x').write_text('y')\n", ["2: write_text"]),
    ("p.parent.mkdir(parents=True)\n", ["1: mkdir"]),
    ("with open('x', 'w') as f:\n    pass\n", ["1: open"]),
    ("import os\nbase = os.environ.get('HOME')\n", ["2: environ"]),
    ("from pathlib import Path\nroot = Path.home()\n", ["2: home"]),
    ("text = Path('x').read_text('utf-8')\n", []),
], ids=["write", "mkdir", "open", "environ", "home", "a read"])
def test_an_impure_call_is_found(source: str, expected: list[str]) -> None:
    assert impure_calls(source) == expected
