"""The side log: a Line-API ScrollView that wraps only the entries on screen (see
:mod:`.lazy_log`); appending repaints only the new lines (``RichLog.write`` repaints the whole panel)."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

from .lazy_log import LazyLog, Render

__all__ = ["SideLog", "Render"]

_BLANK_STYLE = Style()


class SideLog(LazyLog):
    """Entries are wrapped with Rich, as the console would print them."""

    DEFAULT_CSS = """
    SideLog { scrollbar-size-vertical: 1; overflow-x: hidden; }
    """

    def _wrap(self, text: Text, width: int) -> list[Strip]:
        console = self.app.console
        options = console.options.update_width(width)
        lines = console.render_lines(text, options, pad=False, new_lines=False)
        # Segments without a style break Textual's NO_COLOR filter: give each one a style.
        return [Strip([Segment(seg.text, seg.style or _BLANK_STYLE) for seg in line]) for line in lines]
