"""The layered layout is a test (docs/style.md §2): ui over
controller and headless, over games, over rules; only the app imports Textual and Rich."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def lint_imports(config: Path) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if exe is None:
        pytest.fail("lint-imports is not installed (it is in the test extras: pip install -e '.[test]')")
    return subprocess.run([exe, "--config", str(config), "--no-cache"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def test_the_layers_hold() -> None:
    out = lint_imports(ROOT / "pyproject.toml")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "2 kept, 0 broken" in out.stdout


def test_a_wrong_way_import_is_caught(tmp_path: Path) -> None:
    """The same checker, told that the rules sit above the UI, finds the UI importing the rules."""
    config = tmp_path / "upside_down.toml"
    config.write_text(
        '[tool.importlinter]\nroot_package = "firepower_tui"\n\n'
        '[[tool.importlinter.contracts]]\nname = "upside down"\ntype = "layers"\n'
        'layers = ["firepower_tui.rules", "firepower_tui.ui"]\n')
    out = lint_imports(config)
    assert out.returncode != 0
    assert "firepower_tui.ui" in out.stdout and "BROKEN" in out.stdout
