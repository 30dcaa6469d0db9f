"""Scenario files (RULES.md §6, §10.1): every shipped file loads; broken files list every problem."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from firepower_tui.rules.errors import ScenarioError
from firepower_tui.rules.scenario import load_scenario
from firepower_tui.rules.terrain import LineKind, Terrain

ROOT = Path(__file__).resolve().parents[2]
BAD = ROOT / "tests" / "fixtures" / "bad_scenarios"


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*.toml")), ids=lambda p: p.stem)
def test_shipped_scenarios_load(path: Path) -> None:
    sc = load_scenario(path)
    assert sc.spec.id == path.stem


@pytest.mark.rule("§6")
def test_basic_scenario_per_section_6(basic) -> None:  # noqa: ANN001
    """24x16, every basic terrain, 2 fence lines and a hedge line, 8 men a side (PST, LMG, 6 RFL)."""
    spec = basic.spec
    assert (spec.map.columns, spec.map.rows, spec.turns, spec.chits_per_side) == (24, 16, 10, 4)
    assert set(basic.map.terrain.values()) == set(Terrain)
    kinds = [line.kind for line in basic.map.lines.values()]
    assert kinds.count(LineKind.FENCE) >= 2 and kinds.count(LineKind.HEDGE) >= 1
    hills = sum(1 for t in basic.map.terrain.values() if t is Terrain.HILL)
    assert 8 <= hills <= 12
    for side in ("tan", "green"):
        weapons = sorted(s.weapon for s in spec.soldiers if s.side == side)
        assert weapons == ["LMG", "PST"] + ["RFL"] * 6


def test_syntax_error_names_line_and_column() -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario(BAD / "syntax.toml")
    (problem,) = info.value.problems
    assert problem.where == f"{BAD / 'syntax.toml'}:4:5"  # the file, line 4, column 5
    assert problem.what == "TOML syntax: Expected ']' at the end of a table declaration"  # position moved to where


def test_schema_problems_are_all_listed_with_lines_and_keys() -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario(BAD / "many_problems.toml")
    found = {p.where.split(": ", 1)[1]: (p.where, p.what) for p in info.value.problems}
    assert set(found) == {"turns", "colour"}
    assert found["turns"][0].endswith("many_problems.toml:3: turns")
    assert found["colour"][0].endswith("many_problems.toml:7: colour")
    assert "unknown key" in found["colour"][1]


def test_cross_field_problems_are_all_listed() -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario(BAD / "cross_checks.toml")
    text = str(info.value)
    problems = [str(p) for p in info.value.problems]
    expected = [
        "3 terrain rows" not in text,  # 3 rows is right here
        any("row 2 column 3: unknown terrain letter 'x'" in p and "cross_checks.toml:10:" in p for p in problems),
        any("row 3 has 3 letters for columns = 4" in p for p in problems),
        any("map.fences[0].hex" in p and "Z9 is off the 4x3 map" in p for p in problems),
        any("soldiers[0].weapon" in p and "unknown weapon 'BAZ'" in p and ":26:" in p for p in problems),
        any("soldiers[1].hex" in p and "enemies never share a hex (§3.8)" in p for p in problems),
        any("soldiers[1].facing" in p and "'up' is not a facing" in p for p in problems),
        any("soldiers[2].id" in p and "already used" in p for p in problems),
        any("soldiers[2].hex" in p and "D9 is off the 4x3 map" in p for p in problems),
    ]
    assert all(expected), "\n".join(problems)


def test_unknown_optional_rule_rejected(tmp_path: Path) -> None:
    text = (ROOT / "scenarios" / "basic.toml").read_text().replace("rules = []", 'rules = ["nightfall"]')
    p = tmp_path / "opt.toml"
    p.write_text(text)
    with pytest.raises(ScenarioError, match=r"unknown optional rule 'nightfall' \(RULES.md §9"):
        load_scenario(p)


@pytest.mark.rule("§9")
def test_implemented_optional_rules_load(tmp_path: Path) -> None:
    rules = '["overwatch", "hit_the_dirt", "hiding", "weapons", "special_weapons", "buildings", "melee_reactions", "clock"]'
    text = (ROOT / "scenarios" / "basic.toml").read_text().replace("rules = []", f"rules = {rules}")
    p = tmp_path / "opt.toml"
    p.write_text(text)
    assert set(load_scenario(p).spec.rules) == {"overwatch", "hit_the_dirt", "hiding", "weapons", "special_weapons", "buildings", "melee_reactions", "clock"}


def test_unknown_scenario_id() -> None:
    with pytest.raises(ScenarioError, match="no scenario with that id"):
        load_scenario("no-such-scenario")


def _firepower(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "firepower_tui", *args], capture_output=True, text=True,
                          cwd=ROOT, stdin=subprocess.DEVNULL)


def test_validate_command_ok_and_broken() -> None:
    ok = _firepower("validate", "scenarios/basic.toml")
    assert ok.returncode == 0 and "ok (Two equal squads" in ok.stdout
    bad = _firepower("validate", "scenarios/basic.toml", str(BAD / "cross_checks.toml"), str(BAD / "syntax.toml"))
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr
    assert "cross_checks.toml" in bad.stderr and "syntax.toml:4" in bad.stderr
    assert "unknown weapon 'BAZ'" in bad.stderr


@pytest.mark.rule("§9.8")
@pytest.mark.parametrize(("value", "needle"), [("5", "greater than or equal to 10"), ("4000", "less than or equal to 3600"),
                                               ('"soon"', "valid integer")])
def test_a_scenario_clock_out_of_range_is_named(tmp_path: Path, value: str, needle: str) -> None:
    """The scenario's ``clock`` (seconds per impulse phase, R35) is checked with its key named."""
    text = (ROOT / "scenarios" / "basic.toml").read_text().replace("rules = []", f"rules = []\nclock = {value}")
    p = tmp_path / "clock.toml"
    p.write_text(text)
    with pytest.raises(ScenarioError) as e:
        load_scenario(p)
    assert "clock" in str(e.value) and needle in str(e.value)


def test_a_scenario_clock_is_the_budget(tmp_path: Path) -> None:
    from firepower_tui.games.session import Session

    text = (ROOT / "scenarios" / "basic.toml").read_text().replace("rules = []", 'rules = ["clock"]\nclock = 45')
    p = tmp_path / "clock.toml"
    p.write_text(text)
    sc = load_scenario(p)
    assert sc.spec.clock == 45 and Session(sc).clock == 45 and Session(sc, clock=30).clock == 30
    assert Session(sc, rules=[]).clock is None
