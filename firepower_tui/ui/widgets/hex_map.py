"""The hex map: a Line-API ScrollView over the pure grid of ``ui/render/map_grid.py``.

Only visible lines are built; strips are cached under (line, scroll, width, grid
version, line version, overlay version, cursor-on-this-line), so moving the cursor rebuilds
just the lines of the old and new hex, and a new state just the lines of the hexes whose men
changed (docs/style.md §8).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ...controller.controller import Highlights
from ...rules.optional.buildings import map_in_play
from ...rules.board.features import SideKey
from ...rules.board.hexgrid import Hex
from ...rules.model.state import GameState
from ...rules.board.terrain import MapData
from ..render.map_grid import (ASCII, COMPACT, DETAILED, UNICODE, Grid, Zoom, repaint_hexes, side_cells,
                               side_mark_cells, terrain_base)
from ..render.map_counters import Stacks, draw_counters, redraw_hexes, stacks_of
from ..render.map_text import Marks, mark_hexes
from ..render.map_palette import palette
from .flat_lines import FlatLines
from .map_strips import column_ruler, grid_strip, row_label
from .map_view import COLUMN_PAIR, Window, grid_cell, place, screen_cell
from .terminal_cursor import terminal_cursor

RULER_W = 2
"""Columns of row numbers on the left."""
RULER_H = 1
"""Line of column letters on top."""

NULL_STYLE = Style()
FOLD_MARKS = {"unicode": ("┊", "┈"), "ascii": (":", "-")}
"""The column and the line that stand where a fold leaves grid out (:mod:`.map_view`)."""
Fold = tuple[tuple[Window, ...], tuple[Window, ...]]
"""The windows shown across and down while the map is folded."""


class HexMap(ScrollView, can_focus=True):
    """The map. Attributes down (state, cursor, highlights), messages up (clicks)."""

    COMPONENT_CLASSES = {"hexmap--muted", "hexmap--text"}
    """The theme's text colours for the ruler, borders, edge and hex ids; every other colour of
    the map is fixed (:mod:`..render.map_palette`)."""

    DEFAULT_CSS = """
    HexMap { scrollbar-size: 0 0; }
    """

    class HexClicked(Message):
        """A hex was clicked."""

        def __init__(self, hex: Hex) -> None:
            super().__init__()
            self.hex = hex

    def __init__(self, state: GameState, *, ascii: bool = False, lower_second: bool = False,
                 zoom: Zoom = COMPACT, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.state = state
        self.glyphs = ASCII if ascii else UNICODE
        self.lower_second = lower_second
        self.zoom = zoom
        self._bases: dict[str, Grid] = {}
        self.marks: Marks = {}
        """Marks written on hexes over the drawing (the editor's zones and objectives): per hex,
        ``(offset in its last content run, character, style key)``."""
        self.marked_sides: dict[SideKey, str] = {}
        """Hexsides whose border cells take a style key (the editor's sector edges)."""
        self._sector_cells: dict[int, dict[int, str]] = {}
        """The cells of :attr:`marked_sides`: per line, ``x -> style key``."""
        self._stacks: Stacks = {}
        self._line_versions: dict[int, int] = {}
        """Per grid line, bumped when set_state changes it (the strip cache keys on it)."""
        self.redrawn_hexes = 0
        """Hexes drawn again by set_state so far (tests: a take-back redraws two or three)."""
        self.grid = self._build(state)
        self.cursor: Hex | None = None
        self.highlights = Highlights()
        self._overlay_of: dict[Hex, tuple[str, ...]] = {}
        self._side_cells: dict[int, dict[int, str]] = {}
        """Per grid line, the hexside cells marked (``x -> overlay``: the ``los`` mode's hexsides)."""
        self._grid_version = 0
        self._overlay_version = 0
        self._cache: dict[tuple[object, ...], Strip] = {}
        self._flat = FlatLines()
        self._styles: dict[str, Style] = {}
        self._run_styles: dict[tuple[str, tuple[str, ...], bool, str | None], Style] = {}
        self._base_style: Style | None = None
        self._owners: list[list[tuple[int, int, Hex]]] = []
        self.restyled: dict[str, Style] = {}
        """The theme's styles for some style keys (ui/theme.py)."""
        self._index_owners()
        self.kept: tuple[Hex, ...] = ()
        """Hexes kept in view with the cursor (the firer's while aiming; the los mode's origin)."""
        self.fold: Fold | None = None
        """The windows shown when the cursor and the focus do not fit one view (:mod:`.map_view`)."""
        self._set_virtual_size()

    # --- attributes down -----------------------------------------------------------------------

    def _build(self, state: GameState) -> Grid:
        base = self._bases.get(self.zoom.name)
        if base is None:
            base = self._bases[self.zoom.name] = terrain_base(_drawn_map(state), self.zoom, self.glyphs)
        self._line_versions = {}
        self._stacks = stacks_of(state)
        grid = draw_counters(base, state, self.zoom, self.glyphs, lower_second=self.lower_second)
        if self.marks:
            mark_hexes(grid, self.marks, blank_only=True)
        self._sector_cells = side_mark_cells(self.marked_sides, self.zoom, grid.width, grid.height) \
            if self.marked_sides else {}
        for y, cells in self._sector_cells.items():
            for x, key in cells.items():
                if grid.styles[y][x] == "border":
                    grid.styles[y][x] = key
        return grid

    def set_marks(self, marks: Marks, sides: dict[SideKey, str]) -> None:
        """New marks on hexes and hexsides (:attr:`marks`, :attr:`marked_sides`): the map drawn again."""
        if marks == self.marks and sides == self.marked_sides:
            return
        self.marks, self.marked_sides = marks, sides
        self.grid = self._build(self.state)
        self._grid_version += 1
        self._cache.clear()
        self.refresh()

    def _index_owners(self) -> None:
        owners: list[list[tuple[int, int, Hex]]] = [[] for _ in range(self.grid.height)]
        for h, runs in self.grid.slots.items():
            for y, x, w in runs:
                owners[y].append((x, x + w, h))
        self._owners = owners

    def set_state(self, state: GameState) -> None:
        """New game state: redraw the counters of the hexes whose men changed, repainting only
        the cells that changed (a move or a take-back touches two or three hexes)."""
        old_state, old = self.state, self.grid
        self.state = state
        if state.scenario is not old_state.scenario or state.building_damage != old_state.building_damage:
            if state.building_damage != old_state.building_damage:  # a building may be rubble now (§9.6)
                self._bases.clear()
            self.grid = self._build(state)
            rows: Iterable[int] = range(min(old.height, self.grid.height))
            self._grid_version += 1
            self._cache.clear()
        else:
            stacks = stacks_of(state)
            changed = {h for h in self._stacks.keys() | stacks.keys() if self._stacks.get(h) != stacks.get(h)}
            if state.ground is not old_state.ground:  # weapon markers (§9.4)
                changed |= {h for h in state.ground.keys() | old_state.ground.keys()
                            if state.ground.get(h) != old_state.ground.get(h)}
            if state.special is not old_state.special:  # Smoke and Barrage markers (§9.5)
                from ..render.special import special_hexes

                changed |= special_hexes(state) | special_hexes(old_state)
            self._stacks = stacks
            if not changed:
                return
            self.grid, rows = redraw_hexes(old, self._base_grid(), state, stacks, changed, self.zoom, self.glyphs,
                                           lower_second=self.lower_second)
            if self.marks:
                mark_hexes(self.grid, {h: self.marks[h] for h in changed if h in self.marks}, blank_only=True)
            self.redrawn_hexes += len(changed)
        self._refresh_rows(old, rows)

    def _refresh_rows(self, old: Grid, rows: Iterable[int]) -> None:
        """Repaint the cells of ``rows`` that differ between ``old`` and the grid now."""
        for y in sorted(rows):
            a_c, b_c, a_s, b_s = old.chars[y], self.grid.chars[y], old.styles[y], self.grid.styles[y]
            if a_c == b_c and a_s == b_s:
                continue
            self._line_versions[y] = self._line_versions.get(y, 0) + 1
            xs = [x for x in range(len(b_c)) if a_c[x] != b_c[x] or a_s[x] != b_s[x]]
            self._refresh_grid(xs[0], y, xs[-1] - xs[0] + 1, 1)

    def set_map(self, state: GameState, hexes: set[Hex] | None = None, sides: Iterable[SideKey] = ()) -> None:
        """A state whose map itself changed (the editor), then as :meth:`set_state` (only the
        lines that changed are repainted). ``hexes``: only the insides of these changed (their
        terrain, lines or feature fills: :func:`..render.map_grid.repaint_hexes`); None: draw
        the terrain again whole."""
        base = self._bases.get(self.zoom.name)
        self._bases.clear()
        if hexes is None or base is None:
            self.set_state(state)
            return
        new_base = self._bases[self.zoom.name] = repaint_hexes(base, _drawn_map(state), hexes, self.zoom, self.glyphs,
                                                               sides)
        old_state, old = self.state, self.grid
        if state.building_damage != old_state.building_damage or state.ground != old_state.ground \
                or state.special != old_state.special or not hexes <= self.grid.slots.keys():
            self.set_state(state)
            return
        self.state = state
        stacks = stacks_of(state)  # only the painted hexes and those whose men changed are drawn again
        changed = set(hexes) | {h for h in self._stacks.keys() | stacks.keys() if self._stacks.get(h) != stacks.get(h)}
        self._stacks = stacks
        self.grid, rows = redraw_hexes(old, new_base, state, stacks, changed, self.zoom, self.glyphs,
                                       lower_second=self.lower_second)
        marked = {h: self.marks[h] for h in changed if h in self.marks}
        if marked:
            mark_hexes(self.grid, marked, blank_only=True)
        grid = self.grid
        for x, y in side_cells(self.zoom, [k for k in sides if k[0] in grid.slots]):  # the hexsides drawn again
            if y not in rows:
                grid.chars[y], grid.styles[y] = grid.chars[y][:], grid.styles[y][:]
                rows.add(y)
            style = new_base.styles[y][x]
            grid.chars[y][x] = new_base.chars[y][x]
            grid.styles[y][x] = self._sector_cells.get(y, {}).get(x, style) if style == "border" else style
        self.redrawn_hexes += len(changed)
        self._refresh_rows(old, rows)

    def _base_grid(self) -> Grid:
        base = self._bases.get(self.zoom.name)
        if base is None:
            base = self._bases[self.zoom.name] = terrain_base(_drawn_map(self.state), self.zoom, self.glyphs)
        return base

    def _set_virtual_size(self) -> None:
        """The grid and the rulers, the width rounded up to a sideways step of the view (so a
        view at the east edge may start on an even column too: blank cells past the grid)."""
        step = COLUMN_PAIR * self.zoom.pitch_x
        self.virtual_size = Size(-(-self.grid.width // step) * step + RULER_W, self.grid.height + RULER_H)

    def _refresh_grid(self, x: int, y: int, w: int, h: int) -> None:
        """Repaint a rectangle given in grid coordinates, widened to the map's left edge.

        Textual writes a partial update of a line from the left edge of the widget's part of
        it to the right end of each dirty span, so the width costs nothing; but two hexes
        changed on one line with a border between them made two spans, and the line was
        written twice. From the left edge, the spans of a line always merge into one.
        """
        if self.fold is not None:
            self.refresh()
            return
        sx, sy = self.scroll_offset
        right = x - sx + RULER_W + w
        if right > 0:
            self.refresh(Region(0, y - sy + RULER_H, right, h))

    def _refresh_hex(self, h: Hex) -> None:
        runs = self.grid.slots.get(h)
        if not runs:
            return
        x0 = min(r[1] for r in runs)
        x1 = max(r[1] + r[2] for r in runs)
        y0 = min(r[0] for r in runs)
        y1 = max(r[0] for r in runs)
        self._refresh_grid(x0, y0, x1 - x0, y1 - y0 + 1)

    def set_zoom(self, zoom: Zoom) -> None:
        self.zoom = zoom
        self.grid = self._build(self.state)
        self._index_owners()
        self._side_cells = self._index_sides(self.highlights.explain_sides)
        self._grid_version += 1
        self._cache.clear()
        self._set_virtual_size()
        self.refresh()
        self.follow()
        self.call_after_refresh(self.follow)  # (again once the new size is laid out)

    def set_theme(self, restyled: dict[str, Style], lower_second: bool) -> None:
        """A theme's styles and its choice of letter case for the second side (ui/theme.py)."""
        if restyled == self.restyled and lower_second == self.lower_second:
            return
        self.restyled = restyled
        self.lower_second = lower_second
        self._styles = {}
        self._run_styles = {}
        self.set_zoom(self.zoom)

    def side_marks_at(self, y: int) -> dict[int, str]:
        """The hexside cells marked on grid line ``y``: ``x -> overlay`` (tests)."""
        return dict(self._side_cells.get(y, {}))

    def _index_sides(self, sides: dict[SideKey, str]) -> dict[int, dict[int, str]]:
        return side_mark_cells(sides, self.zoom, self.grid.width, self.grid.height)

    def overlays_at(self, h: Hex) -> tuple[str, ...]:
        """The overlays marked on ``h`` (their names, as map_palette.py styles them)."""
        return self._overlay_of.get(h, ())

    def place_terminal_cursor(self) -> None:
        """Put the terminal's cursor on the cursor hex while the map has the focus (screen
        magnifiers and braille displays follow it)."""
        if self.has_focus:
            runs = self.grid.slots.get(self.cursor) if self.cursor is not None else None
            at = terminal_cursor(runs, self._offset_of(runs), self.content_region, (RULER_W, RULER_H))
            if at is not None:
                self.app.cursor_position = at

    def toggle_zoom(self) -> None:
        self.set_zoom(DETAILED if self.zoom is COMPACT else COMPACT)

    def set_highlights(self, highlights: Highlights) -> None:
        """New overlays (impulse hexes, aim, LOS...): every line may change."""
        self.highlights = highlights
        overlay: dict[Hex, list[str]] = {}

        def mark(hexes: Iterable[Hex], name: str) -> None:
            for h in hexes:
                overlay.setdefault(h, []).append(name)

        hl = highlights
        mark(hl.arc, "arc")
        mark(hl.impulse_hexes, "impulse")
        mark(hl.place_hexes, "place")
        mark({s.hex for s in self.state.soldiers if s.id in hl.group and not s.killed}, "group")
        mark(hl.los, "blocked" if hl.blocked else "los")
        mark(hl.spread, "spread")
        mark({s.hex for s in self.state.soldiers if s.id in hl.targets and not s.killed}, "target")
        if hl.move_target is not None:
            mark([hl.move_target], "move")
        if hl.melee_hex is not None:
            mark([hl.melee_hex], "melee")
        for h, name in hl.explain.items():
            mark([h], name)
        new = {h: tuple(v) for h, v in overlay.items()}
        sides = self._index_sides(hl.explain_sides)
        if sides != self._side_cells:
            rows = set(sides) | set(self._side_cells)
            self._side_cells = sides
            self._overlay_version += 1
            self._cache.clear()
            for y in rows:
                self._refresh_grid(0, y, self.grid.width, 1)
        if new != self._overlay_of:
            changed = {h for h in set(new) | set(self._overlay_of) if new.get(h) != self._overlay_of.get(h)}
            self._overlay_of = new
            self._overlay_version += 1
            self._cache.clear()
            for h in changed:
                self._refresh_hex(h)

    def set_cursor(self, h: Hex) -> None:
        """Move the cursor: refresh only the lines of the old and new hex, and keep it in view."""
        old = self.cursor
        self.cursor = h
        if old != h:
            for hx in (old, h):
                if hx is not None:
                    self._refresh_hex(hx)
        self.scroll_to_cursor()

    def keep_in_view(self, hexes: tuple[Hex, ...]) -> None:
        """Keep ``hexes`` in view with the cursor from now on (none: the cursor alone)."""
        if hexes != self.kept:
            self.kept = hexes
            self.follow()

    def scroll_to_cursor(self, animate: bool = False) -> None:
        """Keep the cursor (and the hexes kept with it) in view: :meth:`follow`."""
        self.follow()

    def follow(self) -> None:
        """Show the cursor's hex and the hexes kept with it whole: the view scrolled as little as
        that takes (sideways by two columns at a time), or folded when they are too far apart
        for one view (:mod:`.map_view`)."""
        hexes = [h for h in (self.cursor, *self.kept) if h is not None and h in self.grid.slots]
        width, height = self.size.width - RULER_W, self.size.height - RULER_H
        if not hexes or width <= 0 or height <= 0:
            return
        xs = place(width, self.grid.width, [self._x_span(h) for h in hexes], self.scroll_offset.x,
                   COLUMN_PAIR * self.zoom.pitch_x)
        ys = place(height, self.grid.height, [self._y_span(h) for h in hexes], self.scroll_offset.y)
        fold = (xs, ys) if len(xs) > 1 or len(ys) > 1 else None
        if fold != self.fold:
            self.fold = fold
            self.refresh()
        if fold is None:
            self.scroll_to(xs[0][0], ys[0][0], animate=False, immediate=True)

    def _x_span(self, h: Hex) -> tuple[int, int]:
        """The hex's cells across, its borders included (the end excluded)."""
        runs = self.grid.slots[h]
        return min(r[1] for r in runs) - 1, max(r[1] + r[2] for r in runs) + 1

    def _y_span(self, h: Hex) -> tuple[int, int]:
        """The hex's grid lines, its borders included (the end excluded)."""
        top, bottom = self.grid.lines_of_hex[h]
        return top, bottom + 1

    def shows(self, h: Hex) -> bool:
        """Whether the hex is whole on screen (folded or not)."""
        if h not in self.grid.slots:
            return False
        windows = self.fold or (((self.scroll_offset.x, self.size.width - RULER_W),),
                                ((self.scroll_offset.y, self.size.height - RULER_H),))
        for axis, (a, b) in zip(windows, (self._x_span(h), self._y_span(h)), strict=True):
            first, last = screen_cell(axis, a), screen_cell(axis, b - 1)
            if first is None or last is None or last - first != b - 1 - a:  # (off screen, or across a fold)
                return False
        return True

    def on_resize(self) -> None:
        """A new size (the odds panel opened under the map, the window resized): follow again."""
        self.follow()

    def _offset_of(self, runs: list[tuple[int, int, int]] | None) -> Offset:
        """The scroll offset that puts ``runs``' first cell where the map shows it (folded or not)."""
        if self.fold is None or not runs:
            return self.scroll_offset
        y, x, _ = min(runs)
        xs, ys = self.fold
        sx, sy = screen_cell(xs, x), screen_cell(ys, y)
        return Offset(x - sx if sx is not None else 1 << 20, y - sy if sy is not None else 1 << 20)

    # --- rendering ---------------------------------------------------------------------------------

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles = {}
        self._run_styles = {}
        self._cache.clear()

    def _load_styles(self) -> dict[str, Style]:
        if not self._styles:
            self._styles = palette(self.get_component_rich_style("hexmap--muted", partial=True),
                                   self.get_component_rich_style("hexmap--text", partial=True)) | self.restyled
            self._run_styles = {}
        return self._styles

    def render_lines(self, crop: Region) -> list[Strip]:
        """Textual's layout of the lines (without its styles cache's cost a line: FlatLines), with
        the widget's own style worked out once for all the lines (it walks every ancestor's styles)."""
        self._base_style = self.rich_style
        try:
            flat = self._flat.lines(self, crop)
            return flat if flat is not None else super().render_lines(crop)
        finally:
            self._base_style = None
            self.place_terminal_cursor()

    def _base(self) -> Style:
        return self._base_style if self._base_style is not None else self.rich_style

    def render_line(self, y: int) -> Strip:
        if self.fold is not None:
            return self._folded_line(y)
        scroll_x, scroll_y = self.scroll_offset
        width = self.size.width
        if y < RULER_H:
            return self._column_ruler(scroll_x, width)
        vy = y - RULER_H + scroll_y
        cursor_here = None
        if self.cursor is not None:
            top, bottom = self.grid.lines_of_hex.get(self.cursor, (-1, -1))
            if top <= vy <= bottom:
                cursor_here = self.cursor
        key = (vy, scroll_x, width, self._grid_version, self._line_versions.get(vy, 0), self._overlay_version,
               cursor_here)
        strip = self._cache.get(key)
        if strip is None:
            base = self._base()
            body = self._render_grid_line(vy, scroll_x, max(0, width - RULER_W), cursor_here, base)
            strip = Strip.join([self._row_label(vy, base), body])
            if len(self._cache) > 4096:
                self._cache.clear()
            self._cache[key] = strip
        return strip

    def _cursor_on(self, vy: int) -> Hex | None:
        """The cursor's hex if it touches grid line ``vy``."""
        if self.cursor is not None:
            top, bottom = self.grid.lines_of_hex.get(self.cursor, (-1, -1))
            if top <= vy <= bottom:
                return self.cursor
        return None

    def _folded_line(self, y: int) -> Strip:
        """Line ``y`` of the folded map: each window across, a mark between two; a line of marks
        where grid lines are left out."""
        assert self.fold is not None
        xs, ys = self.fold
        width = self.size.width
        base = self._base()
        across, down = FOLD_MARKS["ascii" if self.glyphs is ASCII else "unicode"]
        mark_style = base + self._load_styles()["ruler"]
        if y < RULER_H:
            ruler = column_ruler(self.zoom, self.grid.width, self.state.scenario.map.columns)
            text = " " * RULER_W + across.join(ruler[a:a + n].ljust(n) for a, n in xs)
            return Strip([Segment(text, mark_style)]).extend_cell_length(width, mark_style)
        vy = grid_cell(ys, y - RULER_H)
        if vy is None:
            if y - RULER_H >= sum(n for _, n in ys) + len(ys) - 1:  # past the last window
                return Strip.blank(width, base)
            return Strip([Segment(" " * RULER_W + down * max(0, width - RULER_W), mark_style)], width)
        cursor_here = self._cursor_on(vy)
        key = ("fold", vy, xs, width, self._grid_version, self._line_versions.get(vy, 0), self._overlay_version,
               cursor_here)
        strip = self._cache.get(key)
        if strip is None:
            parts = [self._row_label(vy, base)]
            for i, (a, n) in enumerate(xs):
                if i:
                    parts.append(Strip([Segment(across, mark_style)], 1))
                parts.append(self._render_grid_line(vy, a, n, cursor_here, base))
            strip = Strip.join(parts).extend_cell_length(width, base)
            self._cache[key] = strip
        return strip

    def _row_label(self, vy: int, base: Style) -> Strip:
        """Row numbers beside the middle line of the even columns' hexes."""
        label = row_label(self.zoom, vy, self.state.scenario.map.rows)
        return Strip([Segment(f"{label:>2}", base + self._load_styles()["ruler"])], RULER_W)

    def _column_ruler(self, scroll_x: int, width: int) -> Strip:
        text = column_ruler(self.zoom, self.grid.width, self.state.scenario.map.columns)
        text = text[scroll_x: scroll_x + max(0, width - RULER_W)]
        style = self._base() + self._load_styles()["ruler"]
        return Strip([Segment(" " * RULER_W + text, style)]).extend_cell_length(width, style)

    def _run_style(self, key: str, h: Hex | None, cursor: Hex | None, side: str | None = None) -> Style:
        """The style of a cell with style key ``key`` in hex ``h`` (None: no overlay or cursor
        there): the key's, plus the hex's overlays, plus the cursor's, plus a hexside mark's
        (``side``: the overlay of a marked hexside cell), cached per combination."""
        overlays = self._overlay_of.get(h, ()) if h is not None else ()
        at_cursor = h is not None and h == cursor
        combo = (key, overlays, at_cursor, side)
        style = self._run_styles.get(combo)
        if style is None:
            styles = self._load_styles()
            style = styles.get(key, NULL_STYLE)
            for name in overlays:
                style = style + styles[name]
            if at_cursor:
                style = style + styles["cursor"]
            if side is not None:
                style = style + styles[side]
            self._run_styles[combo] = style
        return style

    def _render_grid_line(self, vy: int, x0: int, width: int, cursor: Hex | None, base_style: Style) -> Strip:
        grid = self.grid
        if not 0 <= vy < grid.height:
            return Strip.blank(width, base_style)
        blank = min(width, self._left_neighbours_only(vy, x0))
        if blank:
            return Strip.join([Strip.blank(blank, base_style),
                               self._render_grid_line(vy, x0 + blank, width - blank, cursor, base_style)])
        end = min(x0 + width, grid.width)
        # Cells owned by a hex with an overlay or the cursor: (from, to, hex), clipped to the view.
        marked = [(max(xa, x0), min(xb, end), h) for xa, xb, h in self._owners[vy]
                  if (h == cursor or h in self._overlay_of) and xa < end and xb > x0]
        sides = {x: name for x, name in self._side_cells.get(vy, {}).items() if x0 <= x < end}
        self._load_styles()
        return grid_strip(grid.chars[vy], grid.styles[vy], x0, end, width, marked, sides, cursor, self._run_style,
                          base_style)

    def _left_neighbours_only(self, vy: int, x0: int) -> int:
        """How many cells from ``x0``, where a view starts on an even column, draw only the edge
        of the odd column left of the view (its outline reaches past its pitch: a cell in the
        compact zoom, two in the detailed one), on the lines under that even column's last hex:
        there a lone ``/`` at the edge read as the first of one more row of hexes. Else 0."""
        zoom = self.zoom
        if x0 <= 0 or x0 % (COLUMN_PAIR * zoom.pitch_x):
            return 0
        depth = max(dy for _, dy, _ in zoom.borders)
        if vy <= (self.state.scenario.map.rows - 1) * zoom.pitch_y + depth:
            return 0
        return max(dx for dx, _, _ in zoom.borders) + 1 - zoom.pitch_x

    # --- messages up -------------------------------------------------------------------------------------

    def on_click(self, event: events.Click) -> None:
        if self.fold is not None:
            gx, gy = grid_cell(self.fold[0], event.x - RULER_W), grid_cell(self.fold[1], event.y - RULER_H)
            if gx is None or gy is None:
                return
            x, y = gx, gy
        else:
            x = event.x - RULER_W + self.scroll_offset.x
            y = event.y - RULER_H + self.scroll_offset.y
        h = self.grid.hex_at(x, y)
        if h is not None:
            self.post_message(self.HexClicked(h))



def _drawn_map(state: GameState) -> MapData:
    """The scenario's map, with its destroyed buildings drawn as rubble (§9.6, R80)."""
    return map_in_play(state) if state.building_damage else state.scenario.map
