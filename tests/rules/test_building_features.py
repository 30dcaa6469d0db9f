"""The §9.6 map features in scenario files: read, checked with every problem named, and inert
for a game without the ``buildings`` rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from firepower_tui.rules.model.errors import ScenarioError
from firepower_tui.rules.board.features import Opening, side_id, side_key
from firepower_tui.rules.board.hexgrid import Facing, hex_from_id
from firepower_tui.rules.scenario.load import load_scenario

ROOT = Path(__file__).resolve().parents[2]
VILLAGE = ROOT / "tests" / "fixtures" / "scenarios" / "buildings.toml"
BAD = ROOT / "tests" / "fixtures" / "bad_scenarios" / "features.toml"


@pytest.mark.rule("§9.6")
def test_the_features_as_written() -> None:
    f = load_scenario(VILLAGE).map.features
    assert f is not None
    house = f.building_at(hex_from_id("E4"))
    assert house is not None and house.name == "building D4" and not house.bunker
    assert f.building_at(hex_from_id("D4")) == house
    bunker = f.building_at(hex_from_id("G2"))
    assert bunker is not None and bunker.bunker
    assert f.edge(hex_from_id("D4"), Facing.S) is Opening.DOOR
    assert f.edge(hex_from_id("D5"), Facing.N) is Opening.DOOR  # the same hexside, named from outside
    assert f.edge(hex_from_id("D4"), Facing.NW) == "wall"
    assert f.edge(hex_from_id("D4"), Facing.NE) is None or f.edge(hex_from_id("D4"), Facing.SE) is None  # inside
    assert f.edge(hex_from_id("G2"), Facing.S) is Opening.SLIT
    assert side_id(side_key(hex_from_id("B7"), Facing.NE)) in {side_id(k) for k in f.walls}
    assert {hex_from_id("H7"), hex_from_id("H8")} == f.water
    assert f.rubble == {hex_from_id("J6")}


def test_a_map_without_features_has_none(basic) -> None:  # noqa: ANN001
    assert basic.map.features is None and basic.map.plain is None


@pytest.mark.rule("§10.1")
def test_every_feature_problem_is_named_with_line_and_key() -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario(BAD)
    problems = [str(p) for p in info.value.problems]
    expected = [
        (":22: buildings[0].doors", "E5:N: E5 is not one of this building's hexes"),
        (":22: buildings[0].doors", "C3:SE is inside the building"),
        (":23: buildings[0].windows", "'C3-N' is not a hexside"),
        (":23: buildings[0].windows", "C3:S: that hexside is already a door"),
        (":26: buildings[1].hexes", "C3 is already part of a building"),
        (":26: buildings[1].hexes", "not all side by side"),
        (":27: buildings[1].windows", "A1:N opens off the map"),
        (":30: bunkers[0].hexes", "B2 is trees"),
        (":34: walls[0].hexsides", "A5:SW is on the map's edge"),
        (":34: walls[0].hexsides", "'E5:UP' is not a hexside"),
        (":34: walls[0].hexsides", "B5:N (B5:N) is already a wall"),
        (":17: map.water", "Z9 is off the map"),
        (":17: map.water", "C3 is a building or bunker hex"),
        (":18: map.rubble", "C3 is a building or bunker hex"),
    ]
    for where, what in expected:
        assert any(where in p and what in p for p in problems), (where, what, problems)


@pytest.mark.rule("§10.1")
@pytest.mark.parametrize("entry", [
    '[[buildings]]\nhexes = []\n', '[[buildings]]\nhexes = ["A1"]\nroof = "tile"\n', '[[walls]]\nhexsides = "A1:N"\n',
    '[[bunkers]]\nhexes = ["A1"]\nwindows = ["A1:S"]\n'])
def test_schema_problems_of_features_are_refused_cleanly(entry: str, tmp_path: Path) -> None:
    text = VILLAGE.read_text().replace("[[sides]]", entry + "\n[[sides]]", 1)
    path = tmp_path / "f.toml"
    path.write_text(text)
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert all(p.where.startswith(str(path)) for p in info.value.problems)
    assert any(k in p.where for p in info.value.problems for k in ("buildings[", "walls[", "bunkers["))
