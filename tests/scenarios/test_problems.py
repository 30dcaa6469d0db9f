"""Every problem of a scenario file at once (RULES.md §10.1): type errors of the schema and the
checks beyond it together, each with its line, key and a hint, from one public function that
never raises (the editor's live panel calls it) and from ``validate``, ``map check`` and loading."""

from __future__ import annotations

from pathlib import Path

import pytest

from firepower_tui.cli import main
from firepower_tui.rules.model.errors import ScenarioError
from firepower_tui.rules.scenario.load import ScenarioProblem, list_problems, load_scenario

ROOT = Path(__file__).resolve().parents[2]
BAD = ROOT / "tests" / "fixtures" / "bad_scenarios"
SIX = BAD / "six_problems.toml"

SIX_EXPECTED = {
    # key: line (of tests/fixtures/bad_scenarios/six_problems.toml)
    "turns": 4,  # a string where a number goes
    "rules[1]": 5,  # an unknown rule
    "map.terrain": 12,  # an unknown terrain letter, on its own row's line
    "soldiers[0].side": 26,  # an unknown side colour
    "soldiers[1].weapon": 33,  # an unknown weapon
    "soldiers[2].hex": 40,  # an off-map hex
}


@pytest.mark.rule("§10.1")
def test_six_problems_are_six_named_problems() -> None:
    problems = list_problems(SIX.read_text(encoding="utf-8"), str(SIX))
    assert all(isinstance(p, ScenarioProblem) for p in problems)
    assert {p.key: p.line for p in problems} == SIX_EXPECTED
    assert len(problems) == 6
    assert all(p.message and p.hint for p in problems)


@pytest.mark.rule("§10.1")
def test_loading_and_validate_name_all_six(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario(SIX)
    assert len(info.value.problems) == 6
    assert {p.where.rsplit(": ", 1)[1] for p in info.value.problems} == set(SIX_EXPECTED)
    assert main(["validate", str(SIX)]) == 2
    _, err = capsys.readouterr()
    assert "6 problems" in err
    assert main(["map", "check", str(SIX)]) == 2
    out, err = capsys.readouterr()
    assert "6 problems" in err and "A" in out  # the map drawn all the same


@pytest.mark.parametrize("text", [
    "", "id = ", "\x00", "[map]\ncolumns = 'x'", "map = 5\nsides = 3", "[[soldiers]]\nid = 5\n[[soldiers]]\nside = []",
    "id = 'x'\ntitle = 'x'\nturns = 1\n[map]\ncolumns = 3\nrows = 1\nterrain = '...'\n[[buildings]]\nhexes = 4",
    "[zones]\nrows = [1]\n", "a = [" * 200,
])
def test_the_problem_list_never_raises(text: str) -> None:
    problems = list_problems(text, "t.toml")
    assert problems and all(isinstance(p, ScenarioProblem) and p.message for p in problems)


def test_a_good_file_has_no_problem() -> None:
    assert list_problems((ROOT / "scenarios" / "village.toml").read_text(encoding="utf-8")) == []


def test_a_placeholder_breeds_no_problem_of_its_own() -> None:
    """A soldier whose side is not text gets one problem (its type), not a second "unknown side"."""
    text = (ROOT / "scenarios" / "basic.toml").read_text(encoding="utf-8").replace('side = "tan"\nweapon', 'side = 7\nweapon', 1)
    problems = list_problems(text)
    assert [p.key for p in problems] == ["soldiers[0].side"]


def test_a_broken_map_size_still_checks_the_soldiers() -> None:
    text = (ROOT / "scenarios" / "basic.toml").read_text(encoding="utf-8")
    text = text.replace("columns = 24", 'columns = "wide"').replace('weapon = "LMG"', 'weapon = "MG42"', 1)
    keys = [p.key for p in list_problems(text)]
    assert "map.columns" in keys and any(k.endswith(".weapon") for k in keys), keys


def test_a_syntax_error_has_its_line_and_column() -> None:
    (p,) = list_problems((BAD / "syntax.toml").read_text(encoding="utf-8"))
    assert (p.line, p.column) == (4, 5) and p.hint


@pytest.mark.parametrize(("wrong", "table", "meant"), [
    ("terain", "map", "terrain"),
    ("nmae", "sides[0]", "name"),
    ("facng", "soldiers[0]", "facing"),
])
def test_a_misspelt_key_is_told_the_key_it_was_meant_to_be(wrong: str, table: str, meant: str) -> None:
    """An unknown key's hint names the nearest key of its own table (rulebook §10.1)."""
    from firepower_tui.rules.scenario.checks import table_keys

    text = (Path(__file__).resolve().parents[2] / "scenarios" / "basic.toml").read_text(encoding="utf-8")
    header = {"map": "[map]", "sides[0]": "[[sides]]", "soldiers[0]": "[[soldiers]]"}[table]
    text = text.replace(header, f"{header}\n{wrong} = 1", 1)
    (problem,) = [p for p in list_problems(text) if p.key == f"{table}.{wrong}"]
    assert meant in table_keys(("sides", 0) if table == "sides[0]" else ("soldiers", 0) if table == "soldiers[0]"
                               else ("map",))
    assert f"did you mean {meant}?" in problem.hint


def test_a_key_like_none_of_its_table_gets_the_general_hint() -> None:
    text = (Path(__file__).resolve().parents[2] / "scenarios" / "basic.toml").read_text(encoding="utf-8").replace("[map]", "[map]\nzzzzzz = 1", 1)
    (problem,) = [p for p in list_problems(text) if p.key == "map.zzzzzz"]
    assert "did you mean" not in problem.hint
