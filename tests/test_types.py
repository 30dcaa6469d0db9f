"""The whole package type-checks (docs/style.md §9), the UI included."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORE = ["firepower_tui"]

pytestmark = pytest.mark.slow  # mypy over the whole package


def test_mypy_core() -> None:
    pytest.importorskip("mypy")
    r = subprocess.run([sys.executable, "-m", "mypy", "--ignore-missing-imports", "--no-error-summary", *CORE],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
