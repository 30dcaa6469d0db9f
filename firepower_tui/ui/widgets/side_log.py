"""The side log: a Line-API ScrollView that wraps only the entries on screen (see
:mod:`.lazy_log`); appending repaints only the new lines (``RichLog.write`` repaints the whole panel)."""

from __future__ import annotations

from .lazy_log import LazyLog, Render

__all__ = ["SideLog", "Render"]


class SideLog(LazyLog):
    """Entries are wrapped with Rich, as the console would print them."""

    DEFAULT_CSS = """
    SideLog { scrollbar-size-vertical: 1; overflow-x: hidden; }
    """
