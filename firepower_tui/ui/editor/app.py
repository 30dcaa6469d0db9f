"""``firepower edit``: the map and scenario editor, on the game's own map widget.

The screen holds a :class:`.document.ScenarioDoc` (the file, comments and order kept), draws
the scenario it makes on :class:`..widgets.hex_map.HexMap` as the game would, and lists every
problem :func:`.document.check_text` finds after each change. Undo and redo keep the file's
texts; the file is written only by the save key.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from ...controller.base import DIRECTIONS
from ...controller.controller import Highlights
from ...rules.board.features import MapFeatures, SideKey, side_key
from ...rules.board.hexgrid import (Facing, Hex, OffsetCoord, hex_from_id, hex_neighbor, hex_neighbors, hex_to_id, is_hex_id,
                                    qoffset_from_cube, qoffset_to_cube)
from ...rules.board.terrain import TERRAIN_LETTERS, MapData, Terrain
from ...rules.model.scenario import Scenario
from ...rules.model.state import GameState
from ..widgets.footer import KeyFooter
from ..widgets.hex_map import HexMap
from .document import WEAPONS, Checked, ScenarioDoc, check_text, describe
from .keys import bindings
from .recovery import Recovery

MIN_WIDTH, MIN_HEIGHT = 80, 24
"""The least terminal the editor works in (the game's)."""
CHECK_AFTER = 0.06
"""Seconds after a paint key before the file is checked again (the painted map shows at once;
painting on, key after key, checks once the keys pause)."""
UNDO_DEPTH = 200
"""Changes kept for undo."""
PROBLEMS_SHOWN = 40
"""Problems listed in the panel (the rest counted)."""

PlayRunner = Callable[[Path], int]
"""Plays a scenario file to try it; its exit code (the app's default runs ``firepower play`` in the terminal)."""


def play_in_terminal(path: Path) -> int:
    """``firepower play FILE`` in this terminal, its games stored apart (a throw-away store)."""
    db = path.with_suffix(".db")
    return subprocess.call([sys.executable, "-m", "firepower_tui", "play", str(path), "--db", str(db)])


def drawn_state(scenario: Scenario) -> GameState:
    """The scenario as a game starts it (for the map and the line of sight), with the optional
    rules it names that this version plays."""
    from ...rules.basic.sequence import new_game
    from ...rules.scenario.options import rule_problem

    rules = [r for r in scenario.spec.rules if rule_problem(r) is None]
    return new_game(scenario, rules=rules)


def _changed(old: MapData, new: MapData) -> tuple[set[Hex], set[SideKey]] | None:
    """What differs between two maps of the editor: the hexes whose insides differ (terrain,
    line, feature fill) and the hexsides whose wall, door, window or slit differs; None when the
    size changed (the map drawn whole)."""
    from ..render.map_grid import feature_fills

    if (old.columns, old.rows) != (new.columns, new.rows):
        return None
    old_fill, new_fill = feature_fills(old.features), feature_fills(new.features)
    before = old.terrain
    hexes = {h for h, t in new.terrain.items() if before.get(h) is not t}
    for a, b in ((old.lines, new.lines), (old_fill, new_fill)):
        if a != b:
            hexes |= {h for h in a.keys() | b.keys() if a.get(h) != b.get(h)}
    empty = MapFeatures()
    fa, fb = old.features or empty, new.features or empty
    sides: set[SideKey] = set(fa.walls ^ fb.walls)
    if fa.openings != fb.openings:
        sides |= {k for k in fa.openings.keys() | fb.openings.keys() if fa.openings.get(k) != fb.openings.get(k)}
    return hexes, sides


@dataclass(frozen=True, slots=True)
class Drawn:
    """A text checked, and what the map draws from it."""

    text: str
    checked: Checked
    state: GameState | None
    """The scenario as a game starts it (None: nothing to draw: the map stays as it was)."""
    drawn_over: GameState | None
    """The state on the map when the check began (``changed`` is against its map)."""
    changed: tuple[set[Hex], set[SideKey]] | None
    """The hexes whose insides differ from ``drawn_over``'s, and the hexsides (:func:`_changed`;
    None: draw the map whole)."""
    marks: dict[Hex, tuple[tuple[int, str, str], ...]]
    """The deployment zones and objectives on their hexes (:func:`scenario_marks`)."""
    sector_edges: dict[SideKey, str]
    """The hexsides between two sectors, when the victory counts sectors (§10.4)."""


def _check_and_draw(text: str, name: str, drawn_over: GameState | None, *, ascii: bool = False) -> Drawn:
    """Check ``text`` and make what the map shows of it (the editor's one check, in a thread or not)."""
    checked = check_text(text, name)
    if checked.scenario is None:
        return Drawn(text, checked, None, drawn_over, None, {}, {})
    state = drawn_state(checked.scenario)
    changed = _changed(drawn_over.scenario.map, state.scenario.map) if drawn_over is not None else None
    marks, edges = scenario_marks(state, ascii=ascii)
    return Drawn(text, checked, state, drawn_over, changed, marks, edges)


def scenario_marks(state: GameState, *, ascii: bool = False) -> tuple[dict[Hex, tuple[tuple[int, str, str], ...]],
                                                                          dict[SideKey, str]]:
    """What an author sees on the map beyond the game's own drawing, as ``firepower map check``
    marks it: each side's deployment zone (the side's initial, underlined in its colour; §10.2),
    the objectives (◎; §10.4), and with ``points_and_ground`` the edges between the sectors
    (their hexsides in their own colour; §10.4)."""
    from ...rules.scenario.victory import sector_of

    marks: dict[Hex, list[tuple[int, str, str]]] = {}
    scenario = state.scenario
    spec = scenario.spec
    for k, side in enumerate(s.id for s in spec.sides):
        for h in scenario.zone(side):
            marks.setdefault(h, []).append((1, side[:1].lower(), f"zone{min(k, 1)}"))
    gmap = scenario.map
    for text in spec.objectives:
        if is_hex_id(text) and gmap.on_map(hex_from_id(text)):
            marks.setdefault(hex_from_id(text), []).append((0, "@" if ascii else "◎", "objective"))
    edges: dict[SideKey, str] = {}
    if spec.victory == "points_and_ground":
        for h in gmap.terrain:
            mine = sector_of(state, h)
            for facing in (Facing.N, Facing.NE, Facing.SE):
                n = hex_neighbor(h, facing)
                if gmap.on_map(n) and sector_of(state, n) != mine:
                    edges[side_key(h, facing)] = "sector_edge"
    return {h: tuple(v) for h, v in marks.items()}, edges


class EditorScreen(Screen[None]):
    """The editor: header, map, side panel (the hex, the problems), status line, footer."""

    BINDINGS = bindings()
    AUTO_FOCUS = "HexMap"
    DEFAULT_CSS = """
    #ed-header { height: 1; background: $panel; }
    #ed-body { height: 1fr; }
    #ed-map { width: 1fr; height: 1fr; }
    #ed-side { width: 38; height: 1fr; border-left: solid $panel-lighten-2; padding: 0 1; }
    #ed-hex { height: 10; }
    #ed-problems-box { height: 1fr; }
    #ed-status { height: 1; }
    """

    def __init__(self, doc: ScenarioDoc, path: Path | None, *, ascii: bool = False, note: str = "",
                 recovery: Recovery | None = None) -> None:
        super().__init__()
        self.doc = doc
        self.path = path
        self.recovery = recovery if recovery is not None else Recovery(path)
        """Where each change is kept until it is saved (:mod:`.recovery`)."""
        self.ascii = ascii
        self.text = doc.text()
        """The file as it is now (as :meth:`ScenarioDoc.text` gives it)."""
        self.saved_text = self.text if path is not None and path.exists() else None
        """The text as it is on disk (None: not saved yet)."""
        self.undo_stack: list[str] = []
        self.redo_stack: list[str] = []
        self.brush = 1
        self.side_facing = Facing.N
        """The hexside the door, window, slit and wall keys work on."""
        self.weapon = WEAPONS[0]
        self.side_index = 0
        self.los_origin: Hex | None = None
        self.message = note
        first = _check_and_draw(self.text, self.name, None, ascii=ascii)
        self.checked: Checked = first.checked
        self.checked_text = self.text
        """The text :attr:`checked` is the check of."""
        self._first = first
        self._check_timer: Timer | None = None
        self._checking: str | None = None
        """The text being checked in a thread (None: no check running)."""
        self._shown: dict[str, str] = {}
        """Each panel's text as last shown (a panel is updated only when it changes)."""
        self.state = first.state
        self.cursor: Hex = qoffset_to_cube(OffsetCoord(0, 0))

    @property
    def name(self) -> str:
        return str(self.path) if self.path is not None else "<new>"

    def compose(self) -> ComposeResult:
        yield Static(id="ed-header")
        with Horizontal(id="ed-body"):
            if self.state is not None:
                yield HexMap(self.state, ascii=self.ascii, id="ed-map")
            with Vertical(id="ed-side"):
                yield Static(id="ed-hex")
                with VerticalScroll(id="ed-problems-box"):
                    yield Static(id="ed-problems")
        yield Static(id="ed-status")
        yield KeyFooter()

    def on_mount(self) -> None:
        self._check_size()
        if self.state is not None:
            self.map.set_marks(self._first.marks, self._first.sector_edges)
        self.map.set_cursor(self.cursor)
        self._show_problems()
        self._show()
        self._offer_recovered()
        from ..app import resume_gc

        self.call_after_refresh(resume_gc)  # (as the game's: the start-up frozen after the first frame)

    def _offer_recovered(self) -> None:
        """The text an editor of this file left unsaved (killed, or its terminal gone): restore
        it, or discard it."""
        found = self.recovery.read()
        if found is None or found.text == self.text:
            self.recovery.discard()
            return
        from .recovery_screen import RecoverScreen

        def answer(restore: bool | None) -> None:
            if restore:
                self.undo_stack.append(self.text)
                self.message = "the unsaved changes restored: ctrl+s saves them, z takes them back"
                self._restore(found.text)
            else:
                self.recovery.discard()
                self.message = "the unsaved changes discarded"
                self._show()

        self.app.push_screen(RecoverScreen(self.path, found), answer)

    @property
    def map(self) -> HexMap:
        return self.query_one(HexMap)

    # --- the size --------------------------------------------------------------------------------

    def on_resize(self) -> None:
        self._check_size()

    def _check_size(self) -> None:
        w, h = self.app.size
        if w >= MIN_WIDTH and h >= MIN_HEIGHT:
            return
        from ..screens.modals import TooSmallScreen

        if not any(isinstance(s, TooSmallScreen) for s in self.app.screen_stack):
            self.app.push_screen(TooSmallScreen((MIN_WIDTH, MIN_HEIGHT), self.action_quit, what="The editor",
                                                waiting="your map is waiting as you left it"))

    # --- showing -----------------------------------------------------------------------------------

    @property
    def modified(self) -> bool:
        return self.text != self.saved_text

    def _put(self, widget_id: str, text: Text, *, layout: bool = False) -> None:
        """Update a panel when its text changed (``layout``: its height may change too)."""
        if self._shown.get(widget_id) != text.markup:
            self._shown[widget_id] = text.markup
            self.query_one(f"#{widget_id}", Static).update(text, layout=layout)

    def _show(self) -> None:
        """The header, the hex panel (or the line of sight), the status line and the hexside mark."""
        sides = self.doc.side_ids()
        side = sides[self.side_index % len(sides)] if sides else "?"
        t = Text()
        t.append(f" {self.path.name if self.path else '(new file)'}{' *' if self.modified else ''}", style="bold")
        t.append(f"  {self.doc.columns}x{self.doc.rows}  brush {self.brush}  hexside {self.side_facing.name}"
                 f"  next man: {side} {self.weapon}")
        self._put("ed-header", t)
        self._put("ed-status", Text(self.message))
        if self.los_origin is not None:
            self._show_los()
        else:
            lines = describe(self.checked.data or {}, self.cursor)
            if self.state is not None:  # (the terrain as drawn: a paint shows before the file is checked again)
                lines[0] = f"{hex_to_id(self.cursor)}: {self.state.scenario.map.terrain[self.cursor].value}"
            self._put("ed-hex", Text("\n".join(lines)))
            self._mark_side()

    def _show_problems(self) -> None:
        problems = self.checked.problems
        p = Text()
        if not problems:
            p.append("No problems: P plays it, ctrl+s saves.", style="green")
        else:
            p.append(f"{len(problems)} problem{'s' if len(problems) != 1 else ''}:\n", style="bold red")
            for pr in problems[:PROBLEMS_SHOWN]:
                where = pr.where.removeprefix(self.name + ":").removeprefix(self.name).strip()
                p.append(f"{where}: ", style="bold")
                p.append(f"{pr.what}\n")
            if len(problems) > PROBLEMS_SHOWN:
                p.append(f"and {len(problems) - PROBLEMS_SHOWN} more (firepower validate lists them all)")
        self._put("ed-problems", p, layout=True)

    def _mark_side(self) -> None:
        if self.state is None:
            return
        self.map.set_highlights(Highlights(explain_sides={side_key(self.cursor, self.side_facing): "side_crossed"}))

    def _show_los(self) -> None:
        from ...rules.basic.los_explain import explain_los
        from ..screens.los_mode import OVERLAY, SIDE_OVERLAY, panel_text

        assert self.los_origin is not None
        if self.state is None:
            return
        ex = explain_los(self.state, self.los_origin, self.cursor) if self.cursor != self.los_origin else None
        hl = Highlights()
        if ex is not None:
            hl = replace(hl, explain={h: OVERLAY[e.value] for h, e in ex.marks().items()},
                         explain_sides={k: SIDE_OVERLAY[e.value] for k, e in ex.side_marks().items()})
        self.map.set_highlights(hl)
        text = panel_text(ex, self.los_origin)
        spec = self.state.scenario.spec
        if self.state.scenario.map.features is not None and "buildings" not in spec.rules:
            text.append("\nThe buildings rule is off in this scenario: the game sees no building or wall.",
                        style="dim")
        self._put("ed-hex", text)

    # --- changes -----------------------------------------------------------------------------------

    def change(self, edit: Callable[[], str], painted: tuple[list[Hex], Terrain] | None = None) -> None:
        """Make one change to the file: undo keeps the text before it; then check and redraw.
        ``painted``: the change paints these hexes with this terrain and nothing else; the map
        is drawn at once and the file checked off the key's path (:meth:`_check_later`)."""
        before = self.text
        why = edit()
        after = self.doc.text()
        if after == before:
            self.message = why or "nothing changed"
            self._show()
            return
        self.undo_stack.append(before)
        del self.undo_stack[:-UNDO_DEPTH]
        self.redo_stack.clear()
        self.message = why
        self.text = after
        self.call_after_refresh(self.recovery.write_soon, after)  # (written once the key's frame is out)
        if painted is not None and self.state is not None:
            hexes, terrain = painted
            self._paint_now(hexes, terrain)
            self._show()
            self._check_later()
            return
        self._recheck(after)

    def _paint_now(self, hexes: list[Hex], terrain: Terrain) -> None:
        """The painted hexes on the map before the file is checked again."""
        assert self.state is not None
        old = self.state.scenario.map
        new_terrain = dict(old.terrain)
        new_terrain.update({h: terrain for h in hexes})
        plain = MapData(columns=old.columns, rows=old.rows, terrain=new_terrain, lines=old.lines)
        new_map = plain if old.features is None else MapData(columns=old.columns, rows=old.rows, terrain=new_terrain,
                                                             lines=old.lines, features=old.features, plain=plain)
        scenario = replace(self.state.scenario, map=new_map)
        self.state = self.state.evolve(scenario=scenario)
        self.map.set_map(self.state, set(hexes))

    @property
    def check_pending(self) -> bool:
        """A check of the file is waiting for the keys to pause, or running in its thread."""
        return self._check_timer is not None or self._checking is not None

    def _check_later(self) -> None:
        """Check the file once the keys pause for :data:`CHECK_AFTER`, in a thread: the keys go
        on being answered while it runs, and its problems and map are shown when it ends (if the
        file is still the one it checked; else the next check follows)."""
        if self._check_timer is not None:
            self._check_timer.stop()
        self._check_timer = self.set_timer(CHECK_AFTER, self._start_check)

    def _start_check(self) -> None:
        self._check_timer = None
        if self._checking is not None:
            return  # (the check running calls again when it ends)
        text, drawn, name, app = self.text, self.state, self.name, self.app
        self._checking = text

        def work() -> None:
            try:
                found: Drawn | Exception = _check_and_draw(text, name, drawn, ascii=self.ascii)
            except Exception as exc:  # noqa: BLE001 - raised again in the app's thread
                found = exc
            try:
                app.call_from_thread(self._checked_in_thread, text, found)
            except RuntimeError:  # the app ended meanwhile
                return

        self.run_worker(work, thread=True, group="check", exit_on_error=False)

    def _checked_in_thread(self, text: str, found: Drawn | Exception) -> None:
        self._checking = None
        if isinstance(found, Exception):
            raise found
        if text != self.text:  # changed while it was checked: check the file as it is now
            if self._check_timer is None:
                self._start_check()
            return
        self._show_checked(found)

    def _recheck(self, text: str) -> None:
        """Check the file now: the problem panel, and the map drawn from the file as it is."""
        self._show_checked(_check_and_draw(text, self.name, self.state, ascii=self.ascii))

    def _show_checked(self, found: Drawn) -> None:
        self.checked = found.checked
        self.checked_text = found.text
        if found.state is not None:
            changed = found.changed if self.state is found.drawn_over else None
            self.state = found.state
            self.map.set_marks(found.marks, found.sector_edges)
            if changed is None:
                self.map.set_map(self.state)
            else:
                self.map.set_map(self.state, *changed)
        self._show_problems()
        self._show()

    def _checked_now(self) -> Checked:
        """The check of the file as it is now (made now if the last one is older)."""
        if self.checked_text != self.text:
            self._recheck(self.text)
        return self.checked

    def _restore(self, text: str) -> None:
        self.doc = ScenarioDoc(text)
        self.text = text
        self.recovery.write_soon(text)
        self._recheck(text)

    def _under_brush(self) -> list[Hex]:
        return [self.cursor, *hex_neighbors(self.cursor)] if self.brush == 7 else [self.cursor]

    # --- actions -----------------------------------------------------------------------------------

    def action_cursor(self, step: str) -> None:
        if step in ("left", "right"):
            c = qoffset_from_cube(self.cursor)
            nxt = qoffset_to_cube(OffsetCoord(c.col + (-1 if step == "left" else 1), c.row))
        else:
            nxt = hex_neighbor(self.cursor, DIRECTIONS[step])
        if self.doc.on_map(nxt):
            self.cursor = nxt
            self.map.set_cursor(nxt)
        self.message = ""
        self._show()

    def on_hex_map_hex_clicked(self, message: HexMap.HexClicked) -> None:
        self.cursor = message.hex
        self.map.set_cursor(message.hex)
        self._show()

    def action_paint(self, letter: str) -> None:
        hexes = [h for h in self._under_brush() if self.doc.on_map(h)]
        self.change(lambda: self.doc.paint(hexes, letter), painted=(hexes, TERRAIN_LETTERS[letter]))

    def action_brush(self) -> None:
        self.brush = 7 if self.brush == 1 else 1
        self.message = f"brush: {'the hex and its six neighbours' if self.brush == 7 else 'one hex'}"
        self._show()

    def action_water(self) -> None:
        self.change(lambda: self.doc.toggle_water(self.cursor))

    def action_rubble(self) -> None:
        self.change(lambda: self.doc.toggle_rubble(self.cursor))

    def action_line(self, kind: str) -> None:
        self.change(lambda: self.doc.cycle_line(self.cursor, kind))

    def action_building(self, key: str) -> None:
        self.change(lambda: self.doc.toggle_building(self.cursor, key))

    def action_side(self, step: int) -> None:
        order = list(Facing)
        self.side_facing = order[(order.index(self.side_facing) + step) % len(order)]
        self.message = ""
        self._show()

    def action_opening(self, kind: str) -> None:
        self.change(lambda: self.doc.toggle_opening(self.cursor, self.side_facing, kind))

    def action_wall(self) -> None:
        self.change(lambda: self.doc.toggle_wall(self.cursor, self.side_facing))

    def action_man(self) -> None:
        sides = self.doc.side_ids()
        if not sides:
            self.message = "the scenario has no sides (e: the scenario's form)"
            self._show()
            return
        side = sides[self.side_index % len(sides)]
        self.change(lambda: self.doc.add_soldier(self.cursor, side, self.weapon))

    def action_next_side(self) -> None:
        self.side_index += 1
        self.message = ""
        self._show()

    def action_arm(self) -> None:
        men = self.doc.soldiers_at(self.cursor)
        if men:
            self.change(lambda: self.doc.cycle_weapon(self.cursor))
            self.weapon = str(self.doc.soldiers_at(self.cursor)[-1].get("weapon", self.weapon))
        else:
            self.weapon = WEAPONS[(WEAPONS.index(self.weapon) + 1) % len(WEAPONS)]
        self._show()

    def action_turn(self, step: int) -> None:
        self.change(lambda: self.doc.turn_soldier(self.cursor, step))

    def action_remove_man(self) -> None:
        self.change(lambda: self.doc.remove_soldier(self.cursor))

    def action_objective(self) -> None:
        self.change(lambda: self.doc.toggle_objective(self.cursor))

    def action_undo(self) -> None:
        if not self.undo_stack:
            self.message = "nothing to undo"
            self._show()
            return
        self.redo_stack.append(self.text)
        self.message = "undone"
        self._restore(self.undo_stack.pop())

    def action_redo(self) -> None:
        if not self.redo_stack:
            self.message = "nothing to redo"
            self._show()
            return
        self.undo_stack.append(self.text)
        self.message = "redone"
        self._restore(self.redo_stack.pop())

    def action_zoom(self) -> None:
        self.map.toggle_zoom()

    def action_help(self) -> None:
        from ..screens.modals import TextScreen
        from .help import editor_help

        self.app.push_screen(TextScreen(editor_help(), "The scenario editor: keys"))

    def action_los(self) -> None:
        if self.los_origin is not None:
            self.action_cancel()
            return
        self.los_origin = self.cursor
        self.message = f"line of sight from {hex_to_id(self.cursor)}: move the cursor (L or Esc ends it)"
        self._show()

    def action_cancel(self) -> None:
        if self.los_origin is not None:
            self.los_origin = None
            self.message = ""
            self._show()

    def action_form(self) -> None:
        from .form import ScenarioForm

        def apply(values: dict[str, Any] | None) -> None:
            if values is not None:
                self.change(lambda: _apply_form(self.doc, values))

        self.app.push_screen(ScenarioForm(self.doc), apply)

    def action_save(self) -> None:
        if self.path is None:
            from .form import AskPath

            def chosen(path: Path | None) -> None:
                if path is not None:
                    self.path = path
                    self.recovery = self.recovery.moved_to(path)
                    self.action_save()

            self.app.push_screen(AskPath(), chosen)
            return
        text = self.text
        try:
            self.path.write_text(text, encoding="utf-8")
        except OSError as exc:
            self.message = f"not saved: {exc.strerror or exc}"
        else:
            self.saved_text = text
            self.recovery.discard()
            n = len(self._checked_now().problems)
            self.message = f"saved {self.path}" + (f" ({n} problem{'s' if n != 1 else ''} left)" if n else "")
        self._show()

    def action_play(self) -> None:
        n = len(self._checked_now().problems)
        if n or self.checked.scenario is None:
            self.message = f"fix the {n} problem{'s' if n != 1 else ''} first (listed on the right)"
            self._show()
            return
        app = self.app
        assert isinstance(app, EditorApp)  # (this screen is the editor's own)
        with tempfile.TemporaryDirectory(prefix="firepower-edit-") as tmp:
            path = Path(tmp) / f"{self.checked.scenario.id}.toml"
            path.write_text(self.text, encoding="utf-8")
            code = app.play(path)
        self.message = "back from the game" if code == 0 else f"the game ended with exit code {code}"
        self._show()
        self.refresh()

    def action_quit(self) -> None:
        if not self.modified:
            self.recovery.discard()
            self.app.exit()
            return
        from ..screens.modals import ConfirmScreen

        def answer(yes: bool | None) -> None:
            if yes:
                self.recovery.discard()
                self.app.exit()

        self.app.push_screen(ConfirmScreen("Quit the editor without saving the changes?"), answer)

    def on_key(self, event: events.Key) -> None:
        """A key the editor does not know: say so (rather than nothing)."""
        if event.is_printable:
            self.message = f"{event.character!r} does nothing here (? lists the keys)"
            self._show()


def _apply_form(doc: ScenarioDoc, values: dict[str, Any]) -> str:
    """The form's values into the file (each key changed only if its value did)."""
    for i, (sid, name) in enumerate(values.pop("sides")):
        doc.set_side(i, "name", name)
        doc.set_side(i, "id", sid)
    for side, zone in values.pop("zones").items():
        doc.set_zone(side, *zone) if zone is not None else doc.set_zone(side, None, None)
    for side, budget in values.pop("budgets").items():
        doc.set_budget(side, budget)
    for key, value in values.items():
        doc.set(key, value)
    return ""


class EditorApp(App[None]):
    """``firepower edit``."""

    CSS_PATH = Path(__file__).parent.parent / "firepower.tcss"
    TITLE = "FIREPOWER editor"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, doc: ScenarioDoc, path: Path | None, *, ascii: bool = False, note: str = "",
                 play: PlayRunner | None = None, recovery: Recovery | None = None) -> None:
        super().__init__()
        self.recovery = recovery
        self.doc = doc
        self.path = path
        self.ascii = ascii
        self.note = note
        self.play_runner = play or play_in_terminal
        if ascii:
            self.add_class("-ascii", update=False)

    _switch_before: float | None = None
    editor: EditorScreen | None = None

    def on_mount(self) -> None:
        from ..app import SWITCH_INTERVAL  # (the game's reason: Textual's writer thread waits for the GIL)

        self._switch_before = sys.getswitchinterval()
        sys.setswitchinterval(min(self._switch_before, SWITCH_INTERVAL))
        self.editor = EditorScreen(self.doc, self.path, ascii=self.ascii, note=self.note, recovery=self.recovery)
        self.push_screen(self.editor)

    def on_unmount(self) -> None:
        if self.editor is not None:  # (the last change on disk before the process ends: a hang-up too)
            self.editor.recovery.flush()
        if self._switch_before is not None:
            sys.setswitchinterval(self._switch_before)

    crashed: BaseException | None = None
    """The exception that stopped the app (a bug), raised again by :func:`...cli.hangup.run_app`
    once the terminal is restored (a crash report, exit code 3; as the game's app)."""

    def _handle_exception(self, error: Exception) -> None:
        self.crashed = error
        super()._handle_exception(error)
        self._exit_renderables.clear()

    def play(self, path: Path) -> int:
        """Play ``path`` with the app suspended (the game has the terminal), then come back."""
        if self.play_runner is not play_in_terminal:
            return self.play_runner(path)
        with self.suspend():
            return self.play_runner(path)
