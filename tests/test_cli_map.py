"""``firepower map show`` and ``firepower map check``: the map as the app draws
it, on stdout, and a scenario file checked with its map marked for its author."""

from __future__ import annotations

from pathlib import Path

import pytest

from firepower_tui.cli import main
from firepower_tui.rules.board.hexgrid import hex_from_id
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.basic.sequence import new_game
from firepower_tui.ui.render.map_grid import COMPACT, UNICODE, terrain_base
from firepower_tui.ui.render.map_counters import draw_counters

ROOT = Path(__file__).resolve().parents[1]
BAD = ROOT / "tests" / "fixtures" / "bad_scenarios"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_show_prints_the_grid_the_app_draws(capsys: pytest.CaptureFixture[str]) -> None:
    """Every line of the app's map grid (:mod:`ui.render.map_grid`) is in the output, after the
    row number, under the column letters."""
    code, out, err = run(capsys, "map", "show", "basic", "--width", "0")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "basic: Two equal squads (24x16)"
    assert lines[1].split() == [chr(ord("A") + i) for i in range(24)]
    scenario = load_scenario("basic")
    grid = draw_counters(terrain_base(scenario.map, COMPACT, UNICODE), new_game(scenario), COMPACT, UNICODE,
                         lower_second=False)
    body = lines[2:2 + grid.height]
    for drawn, row in zip(body, grid.chars, strict=True):
        assert drawn[3:] == "".join(row).rstrip()
    assert body[1].startswith(" 1 /") and body[3].startswith(" 2 /")
    assert "T1↓" in out and "Terrain: ^ hill" in out


def test_show_ascii_no_color_is_plain_ascii(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "map", "show", "basic", "--ascii", "--no-color", "--width", "0")
    assert code == 0 and out.isascii() and "\x1b[" not in out
    assert "T1S" in out and "g1N" in out  # without colour the second side is lower case


def test_width_cuts_a_wide_map_into_bands(capsys: pytest.CaptureFixture[str]) -> None:
    """basic is 24 columns (some 125 characters): at --width 80, two bands, each with its row numbers."""
    code, out, _ = run(capsys, "map", "show", "basic", "--width", "80")
    assert code == 0
    lines = out.splitlines()
    assert max(len(line) for line in lines[1:-1]) <= 80
    rulers = [line.split() for line in lines if line.strip() and all(len(w) == 1 and w.isupper() for w in line.split())]
    assert len(rulers) == 2 and rulers[0][0] == "A" and rulers[0] + rulers[1] == [chr(ord("A") + i) for i in range(24)]
    assert sum(1 for line in lines if line.startswith(" 1 /")) == 2


def test_show_an_unknown_scenario_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "map", "show", "nosuch")
    assert code == 2 and out == "" and "no scenario with that id" in err and "Traceback" not in err


@pytest.mark.rule("§10.2")
def test_check_marks_zones_and_objectives(capsys: pytest.CaptureFixture[str]) -> None:
    """village: ok (exit 0 as validate), the objectives marked ◎ and each side's zone by its initial."""
    code, out, err = run(capsys, "map", "check", str(ROOT / "scenarios" / "village.toml"), "--width", "0")
    assert code == 0 and err == ""
    assert out.splitlines()[0].endswith("village.toml: ok (The village by the stream; 14x14, 14 soldiers, 8 turns)")
    scenario = load_scenario("village")
    assert out.count("◎") == len(scenario.spec.objectives) + 1  # and once in the legend
    assert "Marks under each hex" in out


@pytest.mark.rule("§10.2")
def test_check_draws_a_zone_where_the_file_puts_it(capsys: pytest.CaptureFixture[str]) -> None:
    """basic's Tan zone is rows 1-3: the mark 't' sits in the bottom run of those hexes only."""
    code, out, _ = run(capsys, "map", "check", str(ROOT / "scenarios" / "basic.toml"), "--width", "0")
    assert code == 0
    lines = out.splitlines()[2:]
    zone_rows = {i for i, line in enumerate(lines) if "\\_t" in line}
    green_rows = {i for i, line in enumerate(lines) if "\\_g" in line}
    # compact hexes: 2 lines a row, odd columns half a row lower; rows 1-3 end by grid line 7
    assert zone_rows and max(zone_rows) <= 7
    assert green_rows and min(green_rows) >= 2 * 13


def test_check_a_file_with_problems(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A soldier off the map and two sides in one hex: the problems on stderr as validate prints
    them, exit 2, and the map still drawn with what is off it listed by key path."""
    text = (ROOT / "firepower_tui" / "data" / "lessons" / "melee.toml").read_text(encoding="utf-8")
    text = text.replace('hex = "H8"', 'hex = "Z40"').replace('hex = "C4"', 'hex = "C3"')
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "map", "check", str(path))
    validate_code = main(["validate", str(path)])
    _, validate_err = capsys.readouterr()
    assert code == validate_code == 2
    assert err == validate_err and "Z40" in err
    assert "soldiers[3].hex: Z40 is not on the 10x10 map" in out
    assert "C3: T1, T2, G1: men of both sides in one hex (3.8)" in out
    assert "    A    B    C" in out  # the map is drawn all the same


def test_check_a_file_that_is_not_toml(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "map", "check", str(BAD / "syntax.toml"))
    assert code == 2 and out == "" and "syntax.toml" in err and "Traceback" not in err


def test_a_hex_named_twice_is_marked_once_per_mark() -> None:
    """mark_hexes writes each mark into the hex's last content run at its offset."""
    from firepower_tui.ui.render.map_text import map_grid, mark_hexes

    scenario = load_scenario("basic")
    grid = map_grid(scenario.map, None)
    h = hex_from_id("C3")
    y, x, _ = grid.slots[h][-1]
    mark_hexes(grid, {h: [(0, "◎", "objective"), (1, "t", "zone0")]})
    assert "".join(grid.chars[y][x:x + 4]) == "◎t__"
    assert grid.styles[y][x] == "objective"
