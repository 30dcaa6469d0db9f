"""The layered layout is a test (docs/style.md §2): ui over
controller and headless, over games, over rules; only the app imports Textual and Rich; inside
the rules, engine over optional over kinds over basic over scenario over model over board over
kit, and the basic game never imports the optional rules but by the imports the contracts name."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
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
    assert "4 kept, 0 broken" in out.stdout


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


def _contracts_without_ignores(tmp_path: Path) -> Path:
    """pyproject.toml's contracts as they stand, each without its list of imports let through."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    lines = ["[tool.importlinter]", f'root_package = "{config["root_package"]}"', "include_external_packages = true"]
    for contract in config["contracts"]:
        lines += ["", "[[tool.importlinter.contracts]]"]
        lines += [f"{key} = {_toml(value)}" for key, value in contract.items() if key != "ignore_imports"]
    path = tmp_path / "no_ignores.toml"
    path.write_text("\n".join(lines) + "\n")
    return path


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return '"' + str(value) + '"'


def test_the_basic_game_importing_an_optional_rule_is_caught(tmp_path: Path) -> None:
    """The contracts inside the rules are kept only by the imports they name: without that list
    both find the basic game importing the optional rules."""
    out = lint_imports(_contracts_without_ignores(tmp_path))
    assert out.returncode != 0
    assert "2 kept, 2 broken" in out.stdout, out.stdout
    assert "firepower_tui.rules.basic.fire -> firepower_tui.rules.optional.spotting" in " ".join(out.stdout.split())


def test_an_import_the_contracts_let_through_must_exist(tmp_path: Path) -> None:
    """A listed import that no longer exists is an error, so the list shrinks as the imports go."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    listed = '"firepower_tui.rules.basic.melee -> firepower_tui.rules.optional.buildings",'
    assert listed in text
    config = tmp_path / "stale.toml"
    config.write_text(text.replace(listed, listed + '\n    "firepower_tui.rules.basic.melee -> firepower_tui.rules.optional.smoke",', 1))
    out = lint_imports(config)
    assert out.returncode != 0
    assert "No matches for ignored import" in out.stdout + out.stderr
    assert "firepower_tui.rules.optional.smoke" in out.stdout + out.stderr
