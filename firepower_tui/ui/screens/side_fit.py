"""The game screen's side column: the soldier and hex panels take the lines their text needs,
the log under them the rest (a few lines at least), so that no panel cuts a line.

Each panel is as tall as usual (:data:`PANEL_LINES`) unless its text wraps to more lines; then
it grows, the soldier panel first, as far as the column allows with :data:`LOG_LINES` left to
the log. A text that still does not fit (a building's hex with three men at 80x24) ends with a
line that says so and names the key that shows the panels in full, never with a line cut off.
A panel is laid out again only when its height changes (most updates keep it: no layout).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual.visual import visualize
from textual.widgets import Static

from ...controller.keymap import KEYMAP, Intent
from ..key_names import key_name
from .see_commands import linkify

if TYPE_CHECKING:
    from textual.css.styles import RulesMap  # noqa: F401 (the cast's)

    from .game_base import GameScreenBase

PANELS = ("#soldier-panel", "#hex-panel")
"""The growing panels, top to bottom (the first is served first)."""
PANEL_LINES = 6
"""A panel's usual height, its border included (firepower.tcss)."""
LOG_LINES = 3
"""The lines the log keeps at least, under the panels."""


def heights(total: int, needs: tuple[int, int]) -> tuple[int, int]:
    """The two panels' heights in a column ``total`` lines high, each needing ``needs`` lines
    (borders included): each at least :data:`PANEL_LINES`, together at most ``total`` less
    :data:`LOG_LINES` (when that leaves each its usual height), the first served first.

    >>> heights(21, (6, 6)), heights(21, (7, 13)), heights(21, (9, 4)), heights(40, (9, 13))
    ((6, 6), (7, 11), (9, 6), (9, 13))
    """
    room = max(total - LOG_LINES, 2 * PANEL_LINES)
    first = min(max(PANEL_LINES, needs[0]), room - PANEL_LINES)
    second = min(max(PANEL_LINES, needs[1]), room - first)
    return first, second


def more_line() -> Text:
    """The last line of a panel whose text does not fit: the key that shows it in full."""
    key = next(key_name(k.keys[0]) for k in KEYMAP if k.intent is Intent.PANELS)
    return Text(f"… ({key}: all of it)", style="dim italic")


def lines_of(panel: Static, text: Text, width: int) -> int:
    """The lines ``text`` takes in ``panel`` at ``width`` columns, wrapped as the panel wraps it."""
    rules = cast("RulesMap", panel.styles)  # (what Textual's own Widget.get_content_height passes)
    return visualize(panel, text, markup=False).get_height(rules, width)


def cut_to(panel: Static, text: Text, width: int, lines: int) -> Text:
    """``text`` cut at the end of a word, as much of it as fits ``lines`` lines together with
    :func:`more_line` under it."""
    ends = [i for i, ch in enumerate(text.plain) if ch in " \n"] + [len(text.plain)]
    fitted, lo, hi = Text(), 0, len(ends) - 1
    while lo <= hi:  # the most words that still fit
        mid = (lo + hi) // 2
        tried = text[:ends[mid]]
        tried.rstrip()
        tried.append("\n")
        tried.append_text(more_line())
        if lines_of(panel, tried, width) <= lines:
            fitted, lo = tried, mid + 1
        else:
            hi = mid - 1
    return fitted or more_line()


class SideFit:
    """The texts of the two panels and the heights they were given (see the module)."""

    def __init__(self, screen: GameScreenBase) -> None:
        self.screen = screen
        self.texts: dict[str, Text] = {}
        self.shown: dict[str, int] = {}
        """The height each panel was given last."""
        self._due = False

    def show(self, widget_id: str, text: Text) -> None:
        """A panel's new text (already as the terminal shows it): fit the column again."""
        self.texts[widget_id] = text
        self.fit()

    def fit(self) -> None:
        """Give each panel its height and its text (cut after a whole line and ended by
        :func:`more_line` if it does not fit)."""
        screen = self.screen
        panels = [screen.query_one(w, Static) for w in PANELS]
        texts = [self.texts.get(w, Text()) for w in PANELS]
        total = screen.query_one("#side").content_region.height
        width = panels[0].content_region.width
        if not total or not width:  # before the first layout: as it is, and again after it
            for panel, text in zip(panels, texts, strict=True):
                panel.update(linkify(text), layout=False)
            if not self._due:
                self._due = True
                screen.call_after_refresh(self._after_layout)
            return
        needs = [lines_of(panel, text, width) + 1 for panel, text in zip(panels, texts, strict=True)]
        given = heights(total, (needs[0], needs[1]))
        for widget_id, panel, text, need, height in zip(PANELS, panels, texts, needs, given, strict=True):
            shown = text if need <= height else cut_to(panel, text, width, height - 1)
            panel.update(linkify(shown), layout=False)
            if self.shown.get(widget_id) != height:
                self.shown[widget_id] = height
                panel.styles.height = height

    def _after_layout(self) -> None:
        self._due = False
        self.fit()
