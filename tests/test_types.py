"""The whole package type-checks under ``mypy --strict`` (``[tool.mypy]`` in pyproject; docs/style.md §9), the UI included."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow  # mypy over the whole package


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
