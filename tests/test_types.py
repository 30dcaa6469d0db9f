"""The whole package type-checks under ``mypy --strict`` (``[tool.mypy]`` in pyproject; docs/style.md §9), the UI included."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow  # mypy over the whole package
def test_mypy_core() -> None:
    pytest.importorskip("mypy")
    r = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"],  # pyproject: strict, the package
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_is_strict_in_pyproject() -> None:
    """The bar lives in pyproject, where every run of mypy reads it, not in this test's command line."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True and config["files"] == ["firepower_tui"]


# ``# type: ignore[code, ...]`` then, after it, a ``# reason``: the one accepted form of an ignore.
_IGNORE = re.compile(r"#\s*type:\s*ignore\b(?P<codes>\[[^\]]*\])?(?P<rest>.*)$")
_REASON = re.compile(r"^\s*#\s*\S")


def _ignores() -> list[tuple[str, str, str]]:
    """(where, the codes in brackets or "", what follows) for every ``type: ignore`` in the package."""
    found = []
    for path in sorted((ROOT / "firepower_tui").rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = _IGNORE.search(line)
            if m:
                found.append((f"{path.relative_to(ROOT)}:{n}", m["codes"] or "", m["rest"]))
    return found


def test_every_type_ignore_names_its_code_and_gives_a_reason() -> None:
    bad = [where for where, codes, rest in _ignores() if not codes or not _REASON.match(rest)]
    assert bad == [], "type: ignore without [code] and a '# reason' after it:\n" + "\n".join(bad)


def test_no_union_attr_ignore() -> None:
    """An optional or union value is narrowed (isinstance, an assert the rules guarantee), never ignored."""
    bad = [where for where, codes, _ in _ignores() if "union-attr" in codes]
    assert bad == [], "union-attr ignores:\n" + "\n".join(bad)
