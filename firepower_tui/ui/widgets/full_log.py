"""The full log view's page: the log wrapped as a ``Static`` wraps its text."""

from __future__ import annotations

from rich.text import Text
from textual.strip import Strip

from .lazy_log import LazyLog


class FullLog(LazyLog):
    """A log page wrapped as a ``Static`` wraps its text (the full log view)."""

    DEFAULT_CSS = """
    FullLog { overflow-x: hidden; }
    """

    def _wrap(self, text: Text, width: int) -> list[Strip]:
        from textual.content import Content
        from textual.visual import Visual

        return Visual.to_strips(self, Content.from_rich_text(text, self.app.console), width, None, self.visual_style)
