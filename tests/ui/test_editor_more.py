"""``firepower edit`` as an author meets it, beyond the first tests: the deployment zones,
objectives and sector edges drawn on the map as he paints; a terrain key drawing only what it
changed (the file checked off the key's path); the recovery file that keeps every change when
the terminal drops or the process is killed; a new map up to 60x60; every key reachable."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from firepower_tui.rules.board.hexgrid import hex_from_id
from firepower_tui.rules.board.terrain import Terrain
from firepower_tui.rules.model.errors import FirepowerError
from firepower_tui.ui.editor.app import EditorApp, EditorScreen
from firepower_tui.ui.editor.document import ScenarioDoc, new_text
from firepower_tui.ui.editor.recovery import Recovery
from firepower_tui.ui.editor.recovery_screen import RecoverScreen

ROOT = Path(__file__).resolve().parents[2]


def _app(path: Path, folder: Path, **kw: object) -> EditorApp:
    return EditorApp(ScenarioDoc(path.read_text(encoding="utf-8")), path, recovery=Recovery(path, folder),
                     **kw)  # type: ignore[arg-type]


def _screen(app: EditorApp) -> EditorScreen:
    screen = app.screen
    assert isinstance(screen, EditorScreen)
    return screen


async def _checked(pilot: object, screen: EditorScreen) -> None:
    for _ in range(300):
        if not screen.check_pending:
            return
        await pilot.pause(0.02)  # type: ignore[attr-defined]
    raise AssertionError("the file was not checked after the change")


def _last_run(screen: EditorScreen, hid: str) -> str:
    """The characters of a hex's last content run as the map draws it."""
    y, x, w = screen.map.grid.slots[hex_from_id(hid)][-1]
    return "".join(screen.map.grid.chars[y][x:x + w])


def _last_run_styles(screen: EditorScreen, hid: str) -> list[str]:
    y, x, w = screen.map.grid.slots[hex_from_id(hid)][-1]
    return screen.map.grid.styles[y][x:x + w]


@pytest.fixture
def defence(tmp_path: Path) -> Path:
    """The defence scenario: deployment zones for both sides, points and ground (six sectors)."""
    path = tmp_path / "defence.toml"
    path.write_text((ROOT / "scenarios" / "defence.toml").read_text(encoding="utf-8"), encoding="utf-8")
    return path


@pytest.mark.slow
@pytest.mark.rule("§10.2")
async def test_zones_objectives_and_sectors_are_drawn_as_the_author_edits(defence: Path, tmp_path: Path) -> None:
    app = _app(defence, tmp_path / "rec")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = _screen(app)
        spec = screen.state.scenario.spec
        sides = [s.id for s in spec.sides]
        for k, side in enumerate(sides):  # every hex of each zone carries its side's initial
            zone = screen.state.scenario.zone(side)
            assert zone
            for h in zone:
                y, x, w = screen.map.grid.slots[h][-1]
                assert screen.map.grid.chars[y][x + 1] == side[:1].lower()
                assert screen.map.grid.styles[y][x + 1] == f"zone{k}"
        outside = next(h for h in screen.state.scenario.map.terrain
                       if not any(h in screen.state.scenario.zone(s) for s in sides))
        y, x, w = screen.map.grid.slots[outside][-1]
        assert not screen.map.grid.styles[y][x + 1].startswith("zone")
        # the sectors (points and ground, 3 x 2 on a 20x18 map): the edge between F and G, and rows 9 and 10
        edges = screen.map.marked_sides
        from firepower_tui.rules.board.features import side_key
        from firepower_tui.rules.board.hexgrid import Facing

        assert edges[side_key(hex_from_id("H4"), Facing.NW)] == "sector_edge"  # G | H: columns 7 and 8 of 20
        assert edges[side_key(hex_from_id("H4"), Facing.SW)] == "sector_edge"
        assert edges[side_key(hex_from_id("C10"), Facing.N)] == "sector_edge"
        assert side_key(hex_from_id("C4"), Facing.N) not in edges
        assert any("sector_edge" in row for row in screen.map.grid.styles)
        # an objective put on the cursor hex (A1) shows at once after the check, and goes again
        await pilot.press("O")
        await _checked(pilot, screen)
        assert _last_run(screen, "A1")[0] == "◎" and _last_run_styles(screen, "A1")[0] == "objective"
        # painting a zone hex keeps its mark (the hex drawn again, the mark with it)
        await pilot.press("t")
        assert screen.map.state.scenario.map.terrain[hex_from_id("A1")] is Terrain.TREES
        assert _last_run(screen, "A1")[0] == "◎"
        await _checked(pilot, screen)
        await pilot.press("O")
        await _checked(pilot, screen)
        assert _last_run(screen, "A1")[0] != "◎"


@pytest.mark.slow
async def test_the_sectors_follow_the_victory(tmp_path: Path) -> None:
    """No sector edges unless the victory counts sectors; the form's victory draws them."""
    path = tmp_path / "small.toml"
    path.write_text(new_text(12, 8, "small"), encoding="utf-8")
    app = _app(path, tmp_path / "rec")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = _screen(app)
        assert screen.map.marked_sides == {}
        screen.change(lambda: screen.doc.set("victory", "points_and_ground") or "")
        await _checked(pilot, screen)
        assert screen.map.marked_sides and set(screen.map.marked_sides.values()) == {"sector_edge"}


@pytest.mark.slow
async def test_a_terrain_key_draws_only_the_hexes_it_painted(tmp_path: Path) -> None:
    """A paint on a 60x60 map draws the painted hexes again, not the whole map, and the check
    of the file that follows finds nothing else to draw."""
    path = tmp_path / "big.toml"
    path.write_text(new_text(60, 60, "big"), encoding="utf-8")
    app = _app(path, tmp_path / "rec")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = _screen(app)
        hexmap = screen.map
        version, drawn = hexmap._grid_version, hexmap.redrawn_hexes
        on_the_key: list[str] = []
        recheck = screen._recheck
        screen._recheck = lambda text: (on_the_key.append(text), recheck(text))  # type: ignore[method-assign]
        await pilot.press("3", "b", "t")  # B1 and its six neighbours on the map
        from firepower_tui.rules.board.hexgrid import hex_neighbors

        brush = [h for h in (hex_from_id("B1"), *hex_neighbors(hex_from_id("B1"))) if screen.doc.on_map(h)]
        assert hexmap.redrawn_hexes - drawn == len(brush) < 7
        assert hexmap._grid_version == version  # the map was not drawn whole
        await _checked(pilot, screen)
        assert hexmap._grid_version == version
        assert screen.checked_text == screen.text and on_the_key == []  # checked, in the thread, not on the key


@pytest.mark.slow
async def test_a_dropped_editor_leaves_its_changes_to_restore(tmp_path: Path) -> None:
    """Each change is written to the recovery file; an editor that ends without saving (the
    terminal gone: the app simply exits) leaves it; the next editor of the file offers it:
    restored, it is the text as it was, not saved yet; saving removes the recovery file."""
    path = tmp_path / "small.toml"
    original = new_text(8, 6, "small")
    path.write_text(original, encoding="utf-8")
    folder = tmp_path / "rec"
    app = _app(path, folder)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = _screen(app)
        await pilot.press("h", "2", "B", "D")
        edited = screen.text
        await pilot.pause()
        screen.recovery.flush()
        app.exit()  # as a hang-up ends it
    assert path.read_text(encoding="utf-8") == original
    assert Recovery(path, folder).read().text == edited
    app = _app(path, folder)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RecoverScreen)
        await pilot.press("r")
        screen = _screen(app)
        assert screen.text == edited and screen.modified
        assert screen.doc.building_of(hex_from_id("A2")) is not None
        await pilot.press("z")  # the restore is one change: undo takes it back
        assert screen.text == original
        await pilot.press("Z", "ctrl+s")
        await pilot.pause()
        assert path.read_text(encoding="utf-8") == edited
    assert Recovery(path, folder).read() is None


@pytest.mark.slow
async def test_discarding_the_recovered_changes(tmp_path: Path) -> None:
    path = tmp_path / "small.toml"
    original = new_text(8, 6, "small")
    path.write_text(original, encoding="utf-8")
    folder = tmp_path / "rec"
    Recovery(path, folder).write(original.replace("turns = 8", "turns = 9"))
    app = _app(path, folder)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RecoverScreen)
        await pilot.press("d")
        screen = _screen(app)
        assert screen.text == original and not screen.modified
    assert Recovery(path, folder).read() is None


@pytest.mark.slow
def test_a_killed_editor_loses_nothing(tmp_path: Path) -> None:
    """``firepower edit FILE`` in a terminal, a few changes, then the process killed (SIGKILL:
    nothing of it runs after); ``firepower edit FILE`` again offers the changes; restored and
    saved, the file holds them."""
    sys.path.insert(0, str(ROOT / "bench"))
    from pty_harness import PtyApp

    path = tmp_path / "small.toml"
    path.write_text(new_text(8, 6, "small"), encoding="utf-8")
    env = {"XDG_DATA_HOME": str(tmp_path / "data")}
    app = PtyApp(["edit", str(path)], cols=100, rows=30, env=env)
    try:
        app.wait_for("A1: open", timeout=60)
        for key in ("t", "3", "h"):  # A1 trees, then B1 a hill
            app.press(key)
            app.pump(0.2)
        app.wait_for("B1: hill", timeout=30)
        folder = tmp_path / "data" / "firepower" / "editor"
        deadline = time.monotonic() + 20  # (the recovery file is written in a thread just after each change)
        while not any("th......" in f.read_text() for f in folder.glob("*.json")) and time.monotonic() < deadline:
            time.sleep(0.05)
        os.kill(app.pid, signal.SIGKILL)
        os.waitpid(app.pid, 0)
    finally:
        app.close()
    assert path.read_text(encoding="utf-8") == new_text(8, 6, "small")  # nothing saved
    again = PtyApp(["edit", str(path)], cols=100, rows=30, env=env)
    try:
        again.wait_for("Restore them?", timeout=60)
        again.press("r")
        again.wait_for("restored", timeout=30)
        again.press("\x13")  # ctrl+s
        again.wait_for(f"saved {tmp_path}"[:40], timeout=30)
    finally:
        again.close()
    rows = path.read_text(encoding="utf-8").split('terrain = """\n')[1].splitlines()
    assert rows[0].startswith("th")


@pytest.mark.parametrize(("size", "ok"), [("60x60", True), ("1x1", True), ("61x60", False), ("60x61", False)])
def test_a_new_map_up_to_60_by_60(size: str, ok: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from firepower_tui.cli import edit_cmd, hangup

    opened: list[EditorApp] = []
    monkeypatch.setattr(hangup, "missing_terminal", lambda _why: None)
    monkeypatch.setattr(hangup, "run_app", opened.append)
    args = argparse.Namespace(file=str(tmp_path / "new.toml"), new=size, ascii=False)
    if not ok:
        with pytest.raises(FirepowerError):
            edit_cmd.run(args)
        return
    assert edit_cmd.run(args) == 0
    columns, rows = (int(n) for n in size.split("x"))
    assert (opened[0].doc.columns, opened[0].doc.rows) == (columns, rows)


@pytest.mark.slow
async def test_every_key_does_what_its_help_says_or_says_why_not(tmp_path: Path) -> None:
    """Each key of the editor's table is bound on the screen, listed in ``?`` help, and pressed
    on a small map leaves the editor working (a dialog it opens closes with Esc)."""
    from firepower_tui.ui.editor.help import editor_help
    from firepower_tui.ui.editor.keys import EDIT_KEYS, help_rows

    path = tmp_path / "small.toml"
    path.write_text(new_text(8, 6, "small"), encoding="utf-8")
    played: list[Path] = []
    app = _app(path, tmp_path / "rec", play=lambda p: played.append(p) or 0)
    help_text = editor_help().plain
    assert len(help_rows()) == len(EDIT_KEYS)
    for _, keys, what in help_rows():
        assert keys in help_text and what.split()[0] in help_text
    async with app.run_test(size=(120, 40)) as pilot:
        screen = _screen(app)
        bound = {b.action for b in screen.BINDINGS}  # type: ignore[union-attr]
        assert {k.action for k in EDIT_KEYS} <= bound
        await pilot.press("m")  # a change first: Q asks before it leaves
        for k in EDIT_KEYS:
            key = k.keys[0]
            if k.action == "quit":
                await pilot.press("h")  # (a change not saved: Q asks, Esc stays)
            await pilot.press(key)
            await pilot.pause()
            if not isinstance(app.screen, EditorScreen):
                await pilot.press("escape")
                await pilot.pause()
            assert app.is_running and isinstance(app.screen, EditorScreen), key
            if screen.los_origin is not None:
                await pilot.press("escape")
        assert app.is_running


@pytest.mark.slow
async def test_a_zone_mark_leaves_a_stack_count_readable(tmp_path: Path) -> None:
    path = tmp_path / "small.toml"
    path.write_text(new_text(8, 6, "small"), encoding="utf-8")
    app = _app(path, tmp_path / "rec")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = _screen(app)
        screen.change(lambda: screen.doc.set_zone("tan", (1, 2), None) or "")
        await _checked(pilot, screen)
        assert _last_run(screen, "A1")[1] == "t" and _last_run(screen, "B2")[1] == "t"
        await pilot.press("m", "m")  # two tan men on A1: the count is drawn where the zone's mark goes
        await _checked(pilot, screen)
        assert _last_run(screen, "A1")[1] == "2"
        assert _last_run(screen, "B2")[1] == "t"


def _fresh_grid(screen: EditorScreen) -> tuple[list[list[str]], list[list[str]]]:
    """The map as a new map widget draws the screen's scenario whole (its marks too)."""
    from firepower_tui.ui.widgets.hex_map import HexMap

    fresh = HexMap(screen.map.state, ascii=screen.ascii)
    fresh.marks, fresh.marked_sides = screen.map.marks, screen.map.marked_sides
    grid = fresh._build(screen.map.state)
    return grid.chars, grid.styles


@pytest.mark.slow
@pytest.mark.rule("§9.6")
async def test_what_a_key_redraws_is_the_map_drawn_whole(tmp_path: Path) -> None:
    """Each key draws again only what it changed (a paint its hexes, a door or wall its hexside,
    a building its hexes): after each, the map is the same as drawn whole, and it was not drawn
    whole."""
    path = tmp_path / "village.toml"
    path.write_text((ROOT / "scenarios" / "village.toml").read_text(encoding="utf-8"), encoding="utf-8")
    app = _app(path, tmp_path / "rec")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = _screen(app)
        version = screen.map._grid_version
        screen.cursor = hex_from_id("C4")  # a building's hex (its door on C4:N)
        screen.map.set_cursor(screen.cursor)
        keys = ["D", "D", "]", "I", "]", "]", "W", "W", "B", "t", "B", "N", "2", "D", "S", "b", "h", "b", "w", "u",
                "f", "f", "g", "6", "m", "m", "x", "[", "W", "z", "z", "Z"]
        for key in keys:
            await pilot.press(key)
            await _checked(pilot, screen)
            assert (screen.map.grid.chars, screen.map.grid.styles) == _fresh_grid(screen), key
        assert screen.map._grid_version == version  # never drawn whole


def test_the_question_says_when_the_file_changed_after_the_recovered_text(tmp_path: Path) -> None:
    from firepower_tui.ui.editor.recovery import Recovered
    from firepower_tui.ui.editor.recovery_screen import changed_since

    path = tmp_path / "x.toml"
    path.write_text("x", encoding="utf-8")
    stamp = path.stat().st_mtime
    assert changed_since(path, stamp - 10) and not changed_since(path, stamp + 10)
    assert not changed_since(tmp_path / "gone.toml", 0.0)
    assert "written after that" in RecoverScreen(path, Recovered("y", stamp - 10)).question.plain
    assert "written after that" not in RecoverScreen(path, Recovered("y", stamp + 10)).question.plain


@pytest.mark.slow
async def test_a_new_unnamed_scenario_is_recovered_too(tmp_path: Path) -> None:
    """``firepower edit`` with no FILE: its changes are kept under the name of a new scenario,
    offered by the next ``firepower edit`` with no FILE; saved under a name, they are that file's."""
    folder = tmp_path / "rec"
    text = new_text(8, 6, "my-scenario")
    app = EditorApp(ScenarioDoc(text), None, recovery=Recovery(None, folder))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("r")
        edited = _screen(app).text
        await pilot.pause()
        app.exit()
    app = EditorApp(ScenarioDoc(text), None, recovery=Recovery(None, folder))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RecoverScreen)
        await pilot.press("enter")
        screen = _screen(app)
        assert screen.text == edited
        await pilot.press("ctrl+s")  # asks where
        await pilot.pause()
        await pilot.press(*str(tmp_path / "mine.toml"), "enter")
        await pilot.pause()
        assert screen.path == tmp_path / "mine.toml" and not screen.modified
    assert (tmp_path / "mine.toml").read_text(encoding="utf-8") == edited
    assert Recovery(None, folder).read() is None and Recovery(tmp_path / "mine.toml", folder).read() is None
