"""``firepower edit``, driven by keys through Textual's pilot: paint, a building with a door,
save, reload, compare; the file's comments kept; undo and redo; the problem panel; the tiny
terminal; L and P."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from firepower_tui.rules.board.hexgrid import Facing, hex_from_id
from firepower_tui.rules.board.terrain import Terrain
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.ui.editor.app import EditorApp, EditorScreen
from firepower_tui.ui.editor.document import ScenarioDoc, check_text, describe, new_text
from firepower_tui.ui.screens.modals import TooSmallScreen

ROOT = Path(__file__).resolve().parents[2]


def _app(path: Path, **kw: object) -> EditorApp:
    return EditorApp(ScenarioDoc(path.read_text(encoding="utf-8")), path, **kw)  # type: ignore[arg-type]


def _screen(app: EditorApp) -> EditorScreen:
    screen = app.screen
    assert isinstance(screen, EditorScreen)
    return screen


async def _checked(pilot: object, screen: EditorScreen) -> None:
    """Wait for the check a paint key leaves for just after its frame."""
    for _ in range(200):
        if not screen.check_pending:
            return
        await pilot.pause(0.02)  # type: ignore[attr-defined]
    raise AssertionError("the file was not checked after the paint")


@pytest.fixture
def small(tmp_path: Path) -> Path:
    """A new 8x6 scenario file with a comment of its own."""
    path = tmp_path / "small.toml"
    path.write_text(new_text(8, 6, "small").replace("turns = 8", "turns = 8  # eight turns, on purpose"),
                    encoding="utf-8")
    return path


@pytest.mark.slow
@pytest.mark.rule("§9.6")
async def test_paint_building_door_save_reload(small: Path) -> None:
    app = _app(small)
    async with app.run_test(size=(120, 40)) as pilot:
        # cursor A1 -> B1 (SE); paint trees with the 7-hex brush (B1 and its six neighbours)
        await pilot.press("3", "b", "t", "b")
        screen = _screen(app)
        assert screen.cursor == hex_from_id("B1")
        # C2 (SE): a building (the trees there become open ground, R71) with a door on its N side
        await pilot.press("3", "B", "D")
        # a tan man on C3, a green one on C5 (Tab: the next man's side)
        await pilot.press("2", "m", "2", "2", "tab", "m")
        assert screen.checked.problems == ()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not screen.modified
    saved = load_scenario(small)
    spec = saved.spec
    rows = spec.map.terrain.strip("\n").splitlines()
    assert [r[:3] for r in rows[:3]] == ["ttt", "tt.", "..."]  # B1 and around it; C2 open again (the building)
    assert spec.buildings[0].hexes == ["C2"] and spec.buildings[0].doors == ["C2:N"]
    assert [(s.id, s.side, s.hex) for s in spec.soldiers] == [("T1", "tan", "C3"), ("G1", "green", "C5")]
    assert saved.map.terrain[hex_from_id("C2")] is Terrain.OPEN
    assert "# eight turns, on purpose" in small.read_text()
    # reloaded: the same scenario
    app2 = _app(small)
    async with app2.run_test(size=(120, 40)):
        again = _screen(app2).checked.scenario
        assert again is not None and again.spec == spec


@pytest.mark.slow
async def test_round_trip_keeps_comments_and_order(tmp_path: Path) -> None:
    """Every comment of a shipped scenario survives an edit and a save; only the edited values change."""
    path = tmp_path / "village.toml"
    original = (ROOT / "scenarios" / "village.toml").read_text(encoding="utf-8")
    path.write_text(original, encoding="utf-8")
    app = _app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r", "ctrl+s")  # A1 rough
        await pilot.pause()
    saved = path.read_text(encoding="utf-8")
    comments = [ln for ln in original.splitlines() if "#" in ln]
    assert comments and all(ln in saved.splitlines() for ln in comments)
    changed = [(a, b) for a, b in zip(original.splitlines(), saved.splitlines(), strict=True) if a != b]
    assert changed == [("..............", "r.............")]
    before, after = tomllib.loads(original), tomllib.loads(saved)
    after["map"]["terrain"] = before["map"]["terrain"]
    assert after == before


@pytest.mark.slow
async def test_undo_redo(small: Path) -> None:
    app = _app(small)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = _screen(app)
        first = screen.doc.text()
        await pilot.press("h", "w")  # A1 hill, then water (the hill becomes open ground)
        assert screen.doc.terrain_at(hex_from_id("A1")) is Terrain.OPEN
        await pilot.press("z")
        assert screen.doc.terrain_at(hex_from_id("A1")) is Terrain.HILL
        await pilot.press("z")
        assert screen.doc.text() == first and not screen.modified
        await pilot.press("Z", "Z")
        assert "water" in describe(screen.checked.data, hex_from_id("A1"))
        assert screen.map.state.scenario.map.features is not None  # the map drawn is the file's


@pytest.mark.slow
async def test_the_panel_lists_every_problem_with_its_place(small: Path) -> None:
    app = _app(small)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = _screen(app)
        # a new scenario: no men on either side
        assert len(screen.checked.problems) == 2
        await pilot.press("m", "t", "B")  # a man, trees, then a building on his hex: now the trees are gone
        await pilot.press("O")  # an objective with victory "kills": no problem
        await pilot.press("2", "w", "t")  # water on A2, then trees under it: water lies on . or d (R71)
        await _checked(pilot, screen)
        whats = [p.what for p in screen.checked.problems]
        assert any("water" in w and "R71" in w for w in whats)
        assert any("green" in w for w in whats)
        assert all(":" in p.where for p in screen.checked.problems)  # each with its line or key
        await pilot.press("P")  # refused while problems remain
        assert "problem" in screen.message


@pytest.mark.slow
async def test_a_tiny_terminal_says_so(small: Path) -> None:
    app = _app(small)
    async with app.run_test(size=(60, 16)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, EditorScreen)


@pytest.mark.slow
@pytest.mark.rule("6.3.4")
async def test_los_as_the_game_sees_it(tmp_path: Path) -> None:
    path = tmp_path / "village.toml"
    path.write_text((ROOT / "scenarios" / "village.toml").read_text(encoding="utf-8"), encoding="utf-8")
    app = _app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = _screen(app)
        # from F4, across the yard's high wall (F5:S, G5:S), to F7
        screen.cursor = hex_from_id("F4")
        await pilot.press("L", "2", "2", "2")
        assert screen.cursor == hex_from_id("F7")
        from firepower_tui.rules.basic.los_explain import explain_los

        expected = explain_los(screen.state, hex_from_id("F4"), hex_from_id("F7"))
        assert not expected.result.clear  # the wall blocks
        assert screen.map.overlays_at(hex_from_id("F7")) != ()
        await pilot.press("escape")
        assert screen.los_origin is None


@pytest.mark.slow
async def test_play_tries_the_scenario_and_comes_back(tmp_path: Path) -> None:
    path = tmp_path / "village.toml"
    path.write_text((ROOT / "scenarios" / "village.toml").read_text(encoding="utf-8"), encoding="utf-8")
    played: list[str] = []

    def play(p: Path) -> int:
        played.append(p.read_text(encoding="utf-8"))
        return 0

    app = _app(path, play=play)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t", "P")  # A1 trees, unsaved: the game gets the text as it is now
        assert isinstance(app.screen, EditorScreen)
    assert len(played) == 1 and played[0].startswith("# Village") and 'terrain = """\nt' in played[0]


def test_a_new_map_is_open_ground_of_its_size() -> None:
    checked = check_text(new_text(60, 60, "big"), "big.toml")
    assert checked.scenario is not None
    assert checked.scenario.map.columns == 60 and len(checked.scenario.map.terrain) == 3600
    # the only problems: neither side has men yet (one problem a side, each naming its side's forces)
    assert len(checked.problems) == 2
    assert all(f"[forces.{side}]" in p.what for p, side in zip(checked.problems, ("tan", "green"), strict=True))


@pytest.mark.rule("§9.6")
def test_an_opening_is_named_by_the_buildings_own_hex() -> None:
    doc = ScenarioDoc(new_text(6, 6, "x"))
    doc.toggle_building(hex_from_id("C3"))
    assert doc.toggle_opening(hex_from_id("C2"), Facing.S, "door") == ""  # from outside, across C3's N side
    assert doc.opening_on(hex_from_id("C3"), Facing.N) == "door"
    assert doc.toggle_opening(hex_from_id("C3"), Facing.N, "window") == ""  # a window replaces it
    assert doc.opening_on(hex_from_id("C3"), Facing.N) == "window"
    assert doc.toggle_opening(hex_from_id("C3"), Facing.N, "slit") != ""  # a building has windows, not slits
    assert doc.toggle_opening(hex_from_id("A1"), Facing.S, "door") != ""  # no building there


def test_play_runs_the_firepower_command(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """P's default runner: ``python -m MODULE play FILE --db ...`` with a module that runs as a command."""
    import importlib.util
    import subprocess

    from firepower_tui.ui.editor import app as editor_app

    calls: list[list[str]] = []
    monkeypatch.setattr(subprocess, "call", lambda argv: calls.append(argv) or 0)
    assert editor_app.play_in_terminal(tmp_path / "x.toml") == 0
    argv = calls[0]
    assert argv[1] == "-m" and importlib.util.find_spec(argv[2] + ".__main__") is not None
    assert argv[3:5] == ["play", str(tmp_path / "x.toml")] and argv[5] == "--db"


def test_a_shipped_scenario_is_edited_as_a_copy_in_the_current_folder(monkeypatch: pytest.MonkeyPatch,
                                                                      tmp_path: Path) -> None:
    """``firepower edit village``: the shipped file is never written; the copy is saved as
    ./village.toml, or ./village-2.toml when that name is taken."""
    import argparse

    from firepower_tui.cli import edit_cmd, hangup
    from firepower_tui.rules.scenario.load import find_scenario

    opened: list[object] = []
    monkeypatch.setattr(hangup, "missing_terminal", lambda _why: None)
    monkeypatch.setattr(hangup, "run_app", opened.append)
    monkeypatch.chdir(tmp_path)
    args = argparse.Namespace(file="village", new=None, ascii=False)
    assert edit_cmd.run(args) == 0
    (tmp_path / "village.toml").write_text("# mine\n")
    assert edit_cmd.run(args) == 0
    first, second = opened
    assert first.path == tmp_path / "village.toml" and second.path == tmp_path / "village-2.toml"
    assert first.doc.text() == find_scenario("village").read_text(encoding="utf-8")
