"""The layered layout is a test (docs/style.md §2): ui over
controller and headless, over games, over rules; only the app imports Textual and Rich; inside
the rules, engine over optional over kinds over basic over scenario over model over board over
kit, and the basic game never imports the optional rules."""

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


def _rules_contracts() -> list[dict[str, object]]:
    """pyproject.toml's contracts inside the rules, as they stand."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    return [c for c in config["contracts"] if c.get("containers") == ["firepower_tui.rules"]
            or c.get("source_modules") == ["firepower_tui.rules.basic"]]


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return '"' + str(value) + '"'


def test_the_basic_game_importing_an_optional_rule_is_caught(tmp_path: Path) -> None:
    """The contracts inside the rules, run over a small package of the rules' parts whose basic
    game imports an optional rule: both find it."""
    contracts = _rules_contracts()
    assert len(contracts) == 2
    rules = tmp_path / "firepower_tui" / "rules"
    for part in contracts[0]["layers"]:  # type: ignore[union-attr]  (a list of the parts, from the TOML)
        (rules / str(part)).mkdir(parents=True)
        (rules / str(part) / "__init__.py").write_text("")
    (tmp_path / "firepower_tui" / "__init__.py").write_text("")
    (rules / "__init__.py").write_text("")
    (rules / "optional" / "spotting.py").write_text("")
    (rules / "basic" / "fire.py").write_text("from ..optional import spotting\n")
    lines = ["[tool.importlinter]", 'root_package = "firepower_tui"']
    for contract in contracts:
        lines += ["", "[[tool.importlinter.contracts]]", *(f"{k} = {_toml(v)}" for k, v in contract.items())]
    config = tmp_path / "contracts.toml"
    config.write_text("\n".join(lines) + "\n")
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert exe is not None
    out = subprocess.run([exe, "--config", str(config), "--no-cache"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode != 0
    assert "0 kept, 2 broken" in out.stdout, out.stdout
    assert "firepower_tui.rules.basic.fire -> firepower_tui.rules.optional.spotting" in " ".join(out.stdout.split())


def test_the_basic_game_imports_no_optional_rule_at_all() -> None:
    """Neither contract inside the rules lets any import through: the basic game calls the
    optional rules only at its extension points (rules/basic/extensions.py)."""
    assert [c.get("ignore_imports") for c in _rules_contracts()] == [None, None]
