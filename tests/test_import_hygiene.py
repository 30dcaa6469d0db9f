"""Import hygiene: the rules core and the controller never load the UI (docs/style.md §2), the
headless commands load no Textual or rich, and ``firepower --help`` loads neither the rules
core nor pydantic.

Every check runs in a fresh interpreter (a subprocess) and looks at ``sys.modules`` after the
command's code path has run, so a stray import anywhere on the path shows up. No timings
here: those are in bench/bench_startup.py.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
UI = ("textual", "rich")
GOLDEN_DB = ROOT / "tests" / "fixtures" / "golden" / "v0_1_games.db"

# Runs main(argv) as the console script would, then reports the exit code and sys.modules.
RUN_MAIN = """
import json, sys
from firepower_tui.cli import main
argv = json.loads(sys.argv[1])
try:
    code = main(argv)
except SystemExit as exc:
    code = exc.code
sys.stdout.flush()
print("\\n@@" + json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def run_main(argv: list[str]) -> tuple[int, list[str], str]:
    """Exit code, loaded modules and output of ``firepower ARGV`` run in a fresh interpreter."""
    out = subprocess.run([sys.executable, "-c", RUN_MAIN, json.dumps(argv)], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    text, _, report = out.stdout.rpartition("\n@@")
    result = json.loads(report)
    return result["code"] or 0, result["modules"], text + out.stderr


def loaded(modules: list[str], *packages: str) -> list[str]:
    """The modules in ``modules`` that are one of ``packages`` or inside one."""
    return [m for m in modules if any(m == p or m.startswith(p + ".") for p in packages)]


@pytest.mark.parametrize("module", ["firepower_tui.rules", "firepower_tui.controller", "firepower_tui.headless.script"])
def test_core_imports_no_ui(module: str) -> None:
    code = (
        f"import sys, {module}\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich') or m.startswith('firepower_tui.ui'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"{module} loaded UI modules: {out.stdout.strip()}"


@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["validate", "--help"], ["script", "--help"]],
                         ids=" ".join)
def test_help_loads_no_rules_and_no_pydantic(argv: list[str]) -> None:
    code, modules, output = run_main(argv)
    assert code == 0, output
    assert "firepower" in output
    assert loaded(modules, "firepower_tui") == ["firepower_tui", "firepower_tui.cli", "firepower_tui.cli.parsers",
                                                 "firepower_tui.cli.terminal"]
    assert loaded(modules, "pydantic", "pydantic_core", *UI) == []


def test_help_as_a_module_loads_no_rules_and_no_pydantic() -> None:
    """``python -m firepower_tui --help``, the whole process seen through -X importtime."""
    out = subprocess.run([sys.executable, "-X", "importtime", "-m", "firepower_tui", "--help"], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    assert "usage: firepower" in out.stdout
    modules = [line.rpartition("|")[2].strip() for line in out.stderr.splitlines() if line.startswith("import time:")]
    assert "argparse" in modules  # the report is there to read
    assert loaded(modules, "firepower_tui.rules", "pydantic", "pydantic_core", *UI) == []


@pytest.mark.parametrize("columns", [None, "", "junk", "0", "-3", "37", "180"])
def test_help_width_is_found_as_shutil_finds_it(columns: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """``firepower`` finds the help width without shutil, and lays help out exactly as argparse would."""
    import argparse
    import shutil

    from firepower_tui import cli

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert cli._terminal_columns() == shutil.get_terminal_size().columns

    def helps() -> list[str]:
        p = cli._parser()
        subs = next(a for a in p._actions if isinstance(a, argparse._SubParsersAction))
        return [p.format_help()] + [sp.format_help() for sp in subs.choices.values()]

    ours = helps()
    monkeypatch.setattr(cli.parsers, "_HelpFormatter", argparse.HelpFormatter)
    assert ours == helps()


HEADLESS = {
    "validate": ["validate", "scenarios/basic.toml"],
    "validate-broken": ["validate", "tests/fixtures/bad_scenarios/cross_checks.toml"],
    "scenarios": ["scenarios"],
    "script": ["script", "tests/fixtures/scripts/walk.fps"],
    "script-json": ["script", "--json", "tests/fixtures/scripts/walk.fps"],
    "games-empty": ["games", "--db", "{empty}"],
    "games": ["games", "--db", "{golden}"],
    "stats": ["stats", "--db", "{golden}"],
    "stats-one": ["stats", "1", "--db", "{golden}"],
}


@pytest.mark.slow  # a process for each command
@pytest.mark.parametrize("name", list(HEADLESS))
def test_headless_commands_load_no_textual(name: str, tmp_path: Path) -> None:
    golden = tmp_path / "golden.db"
    shutil.copy(GOLDEN_DB, golden)
    argv = [a.format(empty=tmp_path / "empty.db", golden=golden) for a in HEADLESS[name]]
    code, modules, output = run_main(argv)
    assert code == (2 if name == "validate-broken" else 0), output
    assert loaded(modules, *UI, "firepower_tui.ui") == []
    if name.startswith("stats"):
        assert "Dice statistics" in output  # the games were replayed, not skipped
        assert "skipped" not in output


def test_listing_games_needs_no_engine(tmp_path: Path) -> None:
    golden = tmp_path / "golden.db"
    shutil.copy(GOLDEN_DB, golden)
    code, modules, output = run_main(["games", "--db", str(golden)])
    assert code == 0 and "defence" in output, output
    assert loaded(modules, "firepower_tui.rules.engine", "firepower_tui.games.service", "firepower_tui.games.replay") == []


def subprocess_modules(code: str) -> list[str]:
    out = subprocess.run([sys.executable, "-c", f"import sys\n{code}\nprint('\\n'.join(sorted(sys.modules)))"],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    return out.stdout.split()


def test_one_rules_submodule_imports_only_what_it_needs() -> None:
    """The package's re-exports are lazy: rules.model.errors alone does not pull in the engine."""
    modules = subprocess_modules("import firepower_tui.rules.model.errors")
    assert sorted(loaded(modules, "firepower_tui")) == [
        "firepower_tui", "firepower_tui.rules", "firepower_tui.rules.kit", "firepower_tui.rules.kit.lazy",
        "firepower_tui.rules.model", "firepower_tui.rules.model.errors"]


def test_a_session_does_not_import_the_controller() -> None:
    modules = subprocess_modules("import firepower_tui.games.session")
    assert "firepower_tui.controller.controller" not in modules
    assert "firepower_tui.controller.keymap" not in modules


@pytest.mark.parametrize("package", ["firepower_tui.rules", "firepower_tui.controller"])
def test_lazy_reexports_are_the_defining_objects(package: str) -> None:
    """Every name in ``__all__`` resolves (``from package import *`` too) to the object its module defines."""
    import importlib

    pkg = importlib.import_module(package)
    assert sorted(pkg.__all__) == sorted(pkg._MODULE_OF)
    assert len(set(pkg.__all__)) == len(pkg.__all__)
    for name in pkg.__all__:
        module = importlib.import_module(f"{package}.{pkg._MODULE_OF[name]}")
        assert getattr(pkg, name) is getattr(module, name), name
        assert name in dir(pkg)
    namespace: dict[str, object] = {}
    exec(f"from {package} import *", namespace)
    assert set(pkg.__all__) <= set(namespace)
    with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
        pkg.no_such_name  # noqa: B018
    with pytest.raises(ImportError):
        exec(f"from {package} import no_such_name", {})


@pytest.mark.parametrize("package", ["firepower_tui.rules", "firepower_tui.controller"])
def test_type_checking_imports_match_the_lazy_map(package: str) -> None:
    """What mypy sees (the ``if TYPE_CHECKING:`` imports) is what ``__getattr__`` serves."""
    import ast
    import importlib

    pkg = importlib.import_module(package)
    tree = ast.parse(Path(pkg.__file__).read_text())
    block = next(n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING")
    seen = {(a.name, imp.module) for imp in block.body if isinstance(imp, ast.ImportFrom) for a in imp.names}
    assert seen == {(name, module) for name, module in pkg._MODULE_OF.items()}


def test_rules_use_no_global_random() -> None:
    """Only dice.py may import random (docs/style.md §4)."""
    import firepower_tui.rules as rules

    root = Path(rules.__file__).parent
    offenders = [p.name for p in root.rglob("*.py") if p.name != "dice.py" and "import random" in p.read_text()]
    assert offenders == []


def test_a_checked_scenario_loads_without_pydantic(tmp_path: Path) -> None:
    """The first load of a scenario goes through the pydantic schema; later ones (the cache holds
    the checked text) import no pydantic; ``firepower validate`` always checks."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    code = "from firepower_tui.games.scenario_cache import load_cached\nload_cached('basic')"

    def modules(code: str) -> list[str]:
        out = subprocess.run([sys.executable, "-c", f"import sys\n{code}\nprint('\\n'.join(sorted(sys.modules)))"],
                             cwd=ROOT, capture_output=True, text=True, check=True, env=env)
        return out.stdout.split()

    assert "pydantic" in modules(code)
    assert loaded(modules(code), "pydantic", "pydantic_core", "firepower_tui.rules.scenario.schema") == []
    validate = "from firepower_tui.cli import main\nassert main(['validate', 'scenarios/basic.toml']) == 0"
    assert "firepower_tui.rules.scenario.schema" in modules(validate)


START = """
import sys
from firepower_tui.games.service import new_game
from firepower_tui.games.store import Store
from firepower_tui.games.scenario_cache import load_cached
from firepower_tui.ui.app import make_app

scenario = load_cached("basic")
session, game_id = new_game(Store(sys.argv[1]), scenario, 3)
make_app(scenario, session=session, game_id=game_id)._game_screen()
print("\\n".join(sorted(sys.modules)))
"""

LATER = ("pydantic", "pydantic_core", "firepower_tui.rules.scenario.schema", "importlib.resources", "zipfile",
         "firepower_tui.ui.screens.history", "firepower_tui.ui.screens.modals", "firepower_tui.ui.screens.title",
         "firepower_tui.ui.screens.setup", "firepower_tui.games.stats", "firepower_tui.games.record")
"""What the first frame of a new game does not need: the scenario schema (a checked scenario is
cached), the rules text, the other screens, statistics and game records. (tomllib it does need:
the rules read the weapon chart from the package's TOML, and keep nothing on disk.)"""


def test_a_new_games_first_frame_imports_only_what_it_shows(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}

    def modules() -> list[str]:
        out = subprocess.run([sys.executable, "-c", START, str(tmp_path / "games.db")], cwd=ROOT, capture_output=True,
                             text=True, check=True, env=env)
        return out.stdout.split()

    assert "pydantic" in modules()  # the first start checks the scenario and caches it
    again = modules()
    assert "firepower_tui.ui.screens.game" in again and "firepower_tui.rules.engine" in again
    assert loaded(again, *LATER) == []
