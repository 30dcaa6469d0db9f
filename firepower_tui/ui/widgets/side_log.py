"""The side log: a Line-API ScrollView that appends wrapped lines without repainting
everything (``RichLog.write`` repaints the whole panel)."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip


class SideLog(ScrollView):
    """Entries are Rich Text; they are wrapped to the width once and cached."""

    DEFAULT_CSS = """
    SideLog { scrollbar-size-vertical: 1; overflow-x: hidden; }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.entries: list[Text] = []
        self._lines: list[Strip] = []
        self._wrap_width = 0
        self._blank_style = Style()

    def _width(self) -> int:
        return max(10, self.scrollable_content_region.width)

    def _wrap(self, text: Text, width: int) -> list[Strip]:
        console = self.app.console
        options = console.options.update_width(width)
        lines = console.render_lines(text, options, pad=False, new_lines=False)
        # Segments without a style break Textual's NO_COLOR filter: give each one a style.
        return [Strip([Segment(seg.text, seg.style or self._blank_style) for seg in line]) for line in lines]

    def _rewrap(self) -> None:
        width = self._width()
        self._wrap_width = width
        self._lines = [strip for e in self.entries for strip in self._wrap(e, width)]
        self.virtual_size = Size(width, len(self._lines))

    def write(self, texts: list[Text]) -> None:
        """Append entries and scroll to the end."""
        if not texts:
            return
        self.entries.extend(texts)
        if not self.is_mounted or self.size.width == 0:
            return
        width = self._width()
        if width != self._wrap_width:
            self._rewrap()
        else:
            start = len(self._lines)
            for t in texts:
                self._lines.extend(self._wrap(t, width))
            self.virtual_size = Size(width, len(self._lines))
            self.refresh_lines(start, len(self._lines) - start)
        self.scroll_end(animate=False, immediate=True, x_axis=False)

    def reset(self, texts: list[Text]) -> None:
        """Replace everything (after a take-back)."""
        self.entries = list(texts)
        if self.is_mounted and self.size.width:
            self._rewrap()
            self.refresh()
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def on_resize(self) -> None:
        if self._width() != self._wrap_width:
            self._rewrap()
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def render_line(self, y: int) -> Strip:
        vy = y + self.scroll_offset.y
        width = self.scrollable_content_region.width
        if 0 <= vy < len(self._lines):
            return self._lines[vy].extend_cell_length(width, self.rich_style).crop(0, width)
        return Strip([Segment(" " * width, self.rich_style)], width)
