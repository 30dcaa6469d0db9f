"""Scenario files (RULES.md §6, §10.1): every shipped file loads; broken files list every problem."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from firepower_tui.rules.model.errors import ScenarioError
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.board.terrain import LineKind, Terrain

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
    assert problem.what.startswith("TOML syntax: Expected ']' at the end of a table declaration; ")  # and a hint


def test_schema_problems_are_all_listed_with_lines_and_keys() -> None:
    """The schema's problems (turns, colour) and the checks' beyond it, in one run."""
    with pytest.raises(ScenarioError) as info:
        load_scenario(BAD / "many_problems.toml")
    found = {p.where.split(": ", 1)[1]: (p.where, p.what) for p in info.value.problems}
    assert set(found) == {"turns", "colour", "map.terrain", "map.fences[0].hex", "soldiers[0].weapon",
                          "soldiers[1].side", "soldiers[1].hex", "soldiers[1].facing", "sides"}
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
    with pytest.raises(ScenarioError, match=r"unknown optional rule 'nightfall' \(rulebook §9"):
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


SCENARIO_SET = {
    # id: (sides, forces, zones (each side's first or last rows of the map), turns, rules, victory),
    # as RULES.md §10.5's table gives them
    "basic": (("Tan", "Green"), "8 each", {"tan": ("first", 3), "green": ("last", 3)}, 10, set(), "kills"),
    "meeting": (("Tan", "Green"), {"tan": 100, "green": 100}, {"tan": ("first", 2), "green": ("last", 2)}, 6,
                {"overwatch", "hit_the_dirt"}, "points_and_ground"),
    "defence": (("attacker", "defender"), {"tan": 120, "green": 80}, {"green": ("first", "half"), "tan": ("last", 2)},
                6, {"overwatch", "buildings"}, "points_and_ground"),
    "village": (("Tan", "Green"), "fixed", "fixed", 8, {"buildings", "special_weapons", "weapons", "hiding"}, "hold"),
}


def _features_in(sc, rows: tuple[int, int]) -> int:  # noqa: ANN001
    """Terrain features in map rows ``rows``: each connected patch of one kind of terrain that is
    not open ground, and each fence or hedge hex."""
    from firepower_tui.rules.board.hexgrid import hex_neighbors, qoffset_from_cube

    inside = {h for h in sc.map.terrain if rows[0] <= qoffset_from_cube(h).row + 1 <= rows[1]}
    seen: set = set()
    count = sum(1 for h in inside if sc.map.lines.get(h) is not None)
    for h in inside:
        t = sc.map.terrain[h]
        if t is Terrain.OPEN or h in seen:
            continue
        count += 1
        patch = [h]
        while patch:
            x = patch.pop()
            if x in seen:
                continue
            seen.add(x)
            patch += [n for n in hex_neighbors(x) if n in inside and sc.map.terrain.get(n) is t]
    return count


@pytest.mark.rule("§10.5")
@pytest.mark.parametrize("name", list(SCENARIO_SET))
def test_the_scenario_set_as_the_table_gives_it(name: str) -> None:
    """Each row of §10.5: sides, forces, set-up, turns, rules and victory. ``defence`` plays
    without ``buildings`` (its map has nothing the rule acts on: ruling R172)."""
    sides, forces, zones, turns, rules, victory = SCENARIO_SET[name]
    spec = load_scenario(name).spec
    assert all(want in side.name for want, side in zip(sides, spec.sides)) and len(spec.sides) == 2
    assert (spec.turns, spec.victory) == (turns, victory)
    played = rules - {"buildings"} if name == "defence" else rules
    assert set(spec.rules) == played
    if forces == "8 each":
        assert not spec.forces and {s.side for s in spec.soldiers} == {"tan", "green"}
        assert all(sum(s.side == side for s in spec.soldiers) == 8 for side in ("tan", "green"))
    elif forces == "fixed":
        assert not spec.forces and spec.soldiers and all(s.hex for s in spec.soldiers)
    else:
        assert {side: f.budget for side, f in spec.forces.items()} == forces
    if zones == "fixed":
        assert not spec.zones
        return
    rows = spec.map.rows
    by_side = {z.side: z.rows for z in spec.zones}
    for side, (edge, n) in zones.items():
        n = rows // 2 if n == "half" else n
        assert by_side[side] == ((1, n) if edge == "first" else (rows - n + 1, rows)), side
    if name == "defence":  # "the attacker's zone holds at most 3 terrain features"
        assert _features_in(load_scenario(name), by_side["tan"]) <= 3
