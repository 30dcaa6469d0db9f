"""A vertical scrollbar drawn straight into strips (the side log's and the full log's).

Textual's :class:`~textual.scrollbar.ScrollBar` returns a Rich renderable, and every frame that
moves its thumb (each entry the log writes, a take-back) sends it through Rich and the styles
cache line by line: 2-4 ms for a one-cell bar on the 2-core machine, about as much as the log's
own lines. :class:`LightScrollBar` asks the same ``ScrollBarRender.render_bar`` for the same
segments (glyphs, colours and the mouse's ``@mouse.down`` meta, so clicks and drags behave as
before), cuts them into strips itself, keeping the last bar drawn, and passes them through the
app's line filters (``NO_COLOR``, the ANSI theme) as Textual's styles cache does.
"""

from __future__ import annotations

from math import ceil
from typing import Any

from rich.color import Color
from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.strip import Strip
from textual.widget import Widget

_BACK = Color.parse("#555555")
_BAR = Color.parse("bright_magenta")


class LightScrollBar(ScrollBar):
    """A :class:`ScrollBar` whose vertical bar is cut into strips without Rich's render path."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._drawn: tuple[tuple[Any, ...], list[Strip]] | None = None

    def render_lines(self, crop: Region) -> list[Strip]:
        """The bar's lines in ``crop`` (Textual's own path for a horizontal bar, or a themed one
        that draws no thumb)."""
        if not self.vertical or self.renderer is not ScrollBarRender or self.screen.styles.scrollbar_color.a == 0:
            return super().render_lines(crop)
        width, height = self.size
        shown = self.render()  # (the colours as ScrollBar.render mixes them)
        # (with ScrollBarRender as its renderer, tested above, ScrollBar.render makes one of a Style)
        assert isinstance(shown, ScrollBarRender) and isinstance(shown.style, Style)
        style = shown.style
        window = self.window_size if self.window_size < self.window_virtual_size else 0
        under = self.rich_style  # (the widget's colours, which Textual's styles lay under the bar's)
        key = (width, height, ceil(self.window_virtual_size), ceil(window), self.position, style, under)
        if self._drawn is None or self._drawn[0] != key:
            bar = ScrollBarRender.render_bar(
                size=height, virtual_size=ceil(self.window_virtual_size), window_size=ceil(window),
                position=self.position, thickness=width, vertical=True,
                back_color=style.bgcolor or _BACK, bar_color=style.color or _BAR)  # (ScrollBarRender's fallbacks)
            # One segment a line (Segments(new_lines=True) puts the line breaks in when Rich renders it).
            self._drawn = (key, [Strip((Segment(s.text, under + s.style),), width) for s in bar.segments[:height]])
        strips = self._drawn[1][crop.y:crop.bottom]
        filters = self.get_line_filters()  # (NO_COLOR's monochrome, the ANSI theme's colours: each strip keeps its own)
        if filters:
            background = self.background_colors[1]
            for line_filter in filters:
                strips = [strip.apply_filter(line_filter, background) for strip in strips]
        if crop.x > 0 or crop.right < width:
            strips = [strip.crop(crop.x, crop.right) for strip in strips]
        return strips


def light_vertical_scrollbar(widget: Widget) -> ScrollBar:
    """``widget``'s vertical scrollbar, made a :class:`LightScrollBar` the first time it is asked
    for (what ``Widget.vertical_scrollbar`` does with Textual's own class)."""
    bar: ScrollBar | None = widget._vertical_scrollbar
    if bar is None:
        bar = widget._vertical_scrollbar = LightScrollBar(vertical=True, name="vertical",
                                                          thickness=widget.scrollbar_size_vertical)
        bar.display = False
        widget.app._start_widget(widget, bar)
    return bar


__all__ = ["LightScrollBar", "light_vertical_scrollbar"]
