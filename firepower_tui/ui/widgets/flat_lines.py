"""A widget's lines laid out as Textual's styles cache would, for a widget styled with a
background and side padding alone (the side log and the full log).

The styles cache reads a dozen style properties again for every line it lays out (the border,
the outline, the gutter...): about 0.14 ms a line on the 2-core machine, 5 ms for a 38-line
log against 1 ms for the log's own lines; and every entry written, every take-back, repaints
the log's lines below it. ``tests/ui/test_flat_lines.py`` compares the two, segment by segment.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


class MadeFrom:
    """Strips made from other strips, each kept by the identity of the strip it was made from
    (held, so the id is not reused while kept), under a key (a width, a style...) that empties
    it when it changes, and at most ``limit`` of them (then it starts again)."""

    def __init__(self, limit: int) -> None:
        self._limit = limit
        self._key: object = None
        self._made: dict[int, tuple[Strip, Strip]] = {}

    def under(self, key: object) -> None:
        """Use ``key`` from now on: what was made under another is forgotten."""
        if key != self._key:
            self._made.clear()
            self._key = key

    def get(self, source: Strip) -> Strip | None:
        """What was made from ``source``, if it is kept."""
        kept = self._made.get(id(source))
        return kept[1] if kept is not None and kept[0] is source else None

    def put(self, source: Strip, made: Strip) -> Strip:
        """Keep ``made`` as made from ``source``; returns it."""
        if len(self._made) >= self._limit:
            self._made.clear()
        self._made[id(source)] = (source, made)
        return made


class FlatLines:
    """One widget's laid-out lines: by y in the widget's styles cache, until Textual marks them
    dirty (as its own path keeps them: a frame that repaints other widgets costs nothing here),
    and by the content line they came from (a widget's ``render_line`` gives the same Strip
    object again for an unchanged line: the log keeps its wrapped lines), so a line that only
    moved, as when the log scrolls, costs a dictionary lookup."""

    def __init__(self) -> None:
        self._laid = MadeFrom(limit=512)  # content line -> it laid out (before the line filters)

    def lines(self, widget: Widget, crop: Region) -> list[Strip] | None:
        """``widget``'s lines in ``crop`` as Textual's styles cache lays them out, or None (take
        Textual's own path) when the widget has more than a background and side padding: a
        border, an outline, a border title, a tint, an opacity, a hatch, top or bottom padding.

        The styles cache's path for such a widget: each line fitted to the content width and
        padded on the widget's background, then the app's line filters (``NO_COLOR``, the ANSI
        theme), the crop, and a hovered link's style."""
        styles = widget.styles
        padding = styles.padding
        if (padding.top or padding.bottom or widget.BLANK or widget._border_title is not None
                or widget._border_subtitle is not None or any(edge for edge, _ in styles.border)
                or any(edge for edge, _ in styles.outline) or styles.tint.a or widget.opacity != 1.0
                or styles.text_opacity != 1.0 or styles.has_rule("hatch")):
            return None
        base_background, background = widget.background_colors
        inner = widget._styles_cache.get_inner_outer(base_background, background)[0].rich_style
        width = widget.region.width
        content_width, content_height = widget.content_region.size
        filters = widget.get_line_filters()
        self._laid.under((width, content_width, inner, padding.left, padding.right))
        left = [Segment(" " * padding.left, inner)] if padding.left else []
        right = [Segment(" " * padding.right, inner)] if padding.right else []
        cache = widget._styles_cache  # its lines by y, and which are dirty, as its own path keeps them
        if width != cache._width:
            cache.clear()
            cache._width = width
        by_y, dirty = cache._cache, cache._dirty_lines
        strips: list[Strip] = []
        for y in crop.line_range:
            strip = by_y.get(y) if y not in dirty else None
            if strip is None:
                strip = by_y[y] = self._lay_out(widget, y, content_height, content_width, inner, width, left, right)
            for line_filter in filters:
                strip = strip.apply_filter(line_filter, background)
            strips.append(strip)
        dirty.difference_update(crop.line_range)
        if crop.column_span != (0, width):
            x1, x2 = crop.column_span
            strips = [strip.crop(x1, x2) for strip in strips]
        hover = widget.hover_style
        if widget.auto_links and hover._link_id and hover._meta and "@click" in hover.meta:
            link_style = widget.link_style_hover
            if link_style:
                strips = [strip.style_links(hover.link_id, link_style) for strip in strips]
        return strips

    def _lay_out(self, widget: Widget, y: int, content_height: int, content_width: int, inner: Style, width: int,
                 left: list[Segment], right: list[Segment]) -> Strip:
        """Line ``y`` padded on the background (kept by the content line it came from)."""
        if y >= content_height:
            blank = Strip.blank(content_width, inner)
            return Strip([*left, *blank, *right], width) if left or right else Strip(blank, width)
        line = widget.render_line(y)
        kept = self._laid.get(line)
        if kept is not None:
            return kept
        fitted = line.adjust_cell_length(content_width, inner)
        return self._laid.put(line, Strip([*left, *fitted, *right], width) if left or right else Strip(fitted, width))


__all__ = ["FlatLines", "MadeFrom"]
