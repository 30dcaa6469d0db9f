"""A log that costs what is on screen: a Line-API ScrollView over a sequence of entries.

An entry is any object (a game event, a Rich ``Text``); ``render`` turns it into Rich Text when
it is first needed, and it is wrapped to the width only when a line of it is about to be shown
(or sits just above the lines shown). Wrapped lines are cached per width. Entries never wrapped
count as one line each, so the scrollbar is a guess until they are seen; the lines on screen are
always exact: the tail (where the log normally sits) is wrapped before scrolling to it, and lines
wrapped above the view move the scroll offset with them, so nothing on screen jumps.

Writing, taking back (``truncate``), resizing and resuming a game thus cost the same after 10
entries or 10,000.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, overload

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.scrollbar import ScrollBar
from textual.strip import Strip

from .flat_lines import FlatLines, MadeFrom
from .light_scrollbar import light_vertical_scrollbar
from .line_index import LineIndex

_BLANK_STYLE = Style()

Render = Callable[[Any], Text]
WIDTHS_KEPT = 3
"""Widths whose wrapped lines are kept (the scrollbar coming and going changes the width by one)."""

FITTED_KEPT = 4096
"""Wrapped lines whose filled-out copies are kept (a few screens' worth; then started again)."""


def warm_cell_widths() -> None:
    """Load Rich's table of character widths now (call it when nothing waits: after the first
    frame). Rich loads it the first time it measures a character outside its quick ranges (an
    arrow, where Latin letters, ``§`` and box lines are quick); without this, that is in the
    handling of the first key whose log entry has one (a take-back's, say): about a millisecond."""
    cell_len("\N{RIGHTWARDS ARROW}")


def as_text(entry: object) -> Text:
    """The default ``render``: entries are Text already (or strings)."""
    return entry if isinstance(entry, Text) else Text(str(entry))


class Entries(Sequence[Text]):
    """The entries as Rich Text, rendered as they are read (``log.entries[i]``)."""

    def __init__(self, log: LazyLog) -> None:
        self._log = log

    def __len__(self) -> int:
        return len(self._log._sources)

    @overload
    def __getitem__(self, i: int) -> Text: ...
    @overload
    def __getitem__(self, i: slice) -> list[Text]: ...
    def __getitem__(self, i: int | slice) -> Text | list[Text]:
        if isinstance(i, slice):
            return [self._log._text(j) for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        return self._log._text(i)

    def __iter__(self) -> Iterator[Text]:
        return (self._log._text(j) for j in range(len(self)))


class LazyLog(ScrollView):
    """A log that wraps only what is on screen; subclasses may wrap another way (``_wrap``)."""

    def __init__(self, render: Render | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.render_entry: Render = render or as_text
        self._sources: list[Any] = []
        self._texts: list[Text | None] = []
        self._index = LineIndex()
        self._by_width: dict[int, list[list[Strip] | None]] = {}  # width -> entry -> its wrapped lines
        self._strips: list[list[Strip] | None] = []  # those at the current width
        self._wrap_width = 0
        self._settled: tuple[int, ...] = ()
        self._settling = False
        self._end_due = False  # written before it had a size: show the end when it has one
        self._resettle_due = False
        self.wrap_count = 0
        """Entries wrapped so far (tests and benchmarks)."""
        self._line_style: Style | None = None  # (render_lines sets both for its render_line calls)
        self._line_width = 0
        self._flat = FlatLines()
        self._fit = MadeFrom(limit=FITTED_KEPT)  # wrapped line -> it filled out to the view's width

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        """The scrollbar, drawn without Rich's render path (it moves with every entry written)."""
        return light_vertical_scrollbar(self)

    # --- the entries ------------------------------------------------------------------------------

    @property
    def entries(self) -> Entries:
        """The entries as Rich Text (each rendered when read)."""
        return Entries(self)

    @property
    def sources(self) -> list[Any]:
        """The entries as they were written (a copy)."""
        return list(self._sources)

    def write(self, entries: Iterable[Any]) -> None:
        """Append entries and scroll to the end."""
        new = list(entries)
        if not new:
            return
        first = len(self._sources)
        self._append(new)
        self._changed(first_new=first)

    def truncate(self, n: int) -> None:
        """Keep the first n entries (a take-back drops what came after)."""
        if n >= len(self._sources):
            return
        self._cut(max(0, n))
        self._changed()

    def replace_tail(self, n: int, entries: Iterable[Any]) -> None:
        """Keep the first n entries and append ``entries``, as one change (a take-back: its
        entries out, a line saying so in). Only the lines from the first new entry down are
        repainted, unless the number of lines changed (then the view scrolls: all of it)."""
        n = max(0, min(n, len(self._sources)))
        new = list(entries)
        lines_before = self._index.total
        self._cut(n)
        self._append(new)
        self._changed(first_new=n, lines_before=lines_before)

    def _append(self, new: list[Any]) -> None:
        self._sources.extend(new)
        self._texts.extend([None] * len(new))
        for strips in self._caches():
            strips.extend([None] * len(new))
        self._index.extend(len(new))

    def _cut(self, n: int) -> None:
        del self._sources[n:]
        del self._texts[n:]
        for strips in self._caches():
            del strips[n:]
        self._index.truncate(n)

    def reset(self, entries: Iterable[Any]) -> None:
        """Replace everything."""
        self._sources = []
        self._texts = []
        self._by_width = {}
        self._strips = []
        self._wrap_width = 0
        self._index.clear()
        new = list(entries)
        if new:
            self.write(new)
        else:
            self._changed()

    def _caches(self) -> list[list[list[Strip] | None]]:
        return [*self._by_width.values(), self._strips] if self._wrap_width else list(self._by_width.values())

    def _changed(self, first_new: int | None = None, lines_before: int = 0) -> None:
        """After a write or a cut: the tail exact, the end shown (``first_new``: the first entry
        written; ``lines_before``: the lines there were, when entries were also cut)."""
        self._settled = ()
        if not self.is_mounted or self.size.width == 0:
            self._end_due = True
            return
        self._end_due = False
        self._use_width()
        self._settle_tail()
        if first_new:  # only the new lines need painting (unless the view scrolls)
            start = self._index.prefix(first_new)
            self.refresh_lines(start, max(self._index.total, lines_before) - start)
        else:
            self.refresh()
        self.scroll_end(animate=False, immediate=True, x_axis=False, force=True)

    # --- wrapping on demand -------------------------------------------------------------------------

    def _wrap(self, text: Text, width: int) -> list[Strip]:
        """Wrap as the console would print it (``FullLog`` wraps as a ``Static`` does instead)."""
        console = self.app.console
        options = console.options.update_width(width)
        lines = console.render_lines(text, options, pad=False, new_lines=False)
        # Segments without a style break Textual's NO_COLOR filter: give each one a style.
        return [Strip([Segment(seg.text, seg.style or _BLANK_STYLE) for seg in line]) for line in lines]

    def _text(self, i: int) -> Text:
        text = self._texts[i]
        if text is None:
            text = self._texts[i] = self.render_entry(self._sources[i])
        return text

    def _lines(self, i: int) -> list[Strip]:
        """Entry i wrapped to the current width (cached); its line count becomes exact."""
        strips = self._strips[i]
        if strips is None:
            strips = self._strips[i] = self._wrap(self._text(i), self._wrap_width)
            self.wrap_count += 1
        self._index.set(i, len(strips))
        return strips

    def _width(self) -> int:
        return max(10, self.scrollable_content_region.width)

    def _use_width(self) -> bool:
        """Switch the cache to the current width; True if it changed."""
        width = self._width()
        if width == self._wrap_width:
            return False
        if self._wrap_width:
            self._by_width[self._wrap_width] = self._strips
        strips = self._by_width.pop(width, None)
        self._strips = strips if strips is not None else [None] * len(self._sources)
        while len(self._by_width) >= WIDTHS_KEPT:
            del self._by_width[next(iter(self._by_width))]
        self._wrap_width = width
        self._settled = ()
        return True

    def _view_height(self) -> int:
        return max(1, self.scrollable_content_region.height)

    def _settle_tail(self) -> None:
        """Wrap the newest entries until they fill the view (and a view more to scroll up into)."""
        want = 2 * self._view_height()
        lines, i = 0, len(self._sources)
        while i > 0 and lines < want:
            i -= 1
            lines += len(self._lines(i))
        self._set_virtual_size()

    def _set_virtual_size(self) -> None:
        size = Size(self._wrap_width, self._index.total)
        old = self.virtual_size
        if old == size:
            return
        scroll_update = getattr(self, "_scroll_update", None)  # (Textual's, what a layout calls)
        if scroll_update is not None and self._scrollbar_stays(old, size):
            # Only the scrollbar's thumb moves: no layout, which would have Textual repaint every
            # widget on the screen (about 30 ms a take-back or a logged action) for a change no
            # other widget sees. The scrollbar takes the new size as a layout would give it.
            self.set_reactive(ScrollView.virtual_size, size)
            scroll_update(size)
        else:
            self.virtual_size = size

    def _scrollbar_stays(self, old: Size, new: Size) -> bool:
        """Whether the log keeps its scrollbars (shown or not) and its width at the new size."""
        if not self.is_mounted or not self.container_size or old.width != new.width:
            return False
        styles = self.styles
        if styles.overflow_x == "scroll" or (styles.overflow_x == "auto" and new.width > self.container_size.width):
            return False  # (a horizontal scrollbar: its height changes the sum below)
        if styles.overflow_y != "auto":
            return styles.overflow_y in ("hidden", "scroll")
        height = self.container_size.height
        return (old.height > height) == (new.height > height) == self.show_vertical_scrollbar

    def _settle(self) -> None:
        """Make the lines in view exact (and a view's worth above them, keeping the view still)."""
        if self._settling or not self._sources or not self.size.width:
            return
        if self._use_width() or self._end_due:  # (before on_resize hears of it) as a write: show the end
            self._changed()
            return
        y, h = round(self.scroll_y), self._view_height()
        key = (y, h, self._wrap_width, len(self._sources), self._index.total)
        if key == self._settled:
            return
        self._settling = True
        try:
            index = self._index
            top, offset = index.find(y)
            if top >= len(self._sources):  # past the end (the total shrank): show the end
                self._settle_tail()
                self.scroll_to(y=self.max_scroll_y, animate=False, immediate=True, force=True)
                return
            offset = min(offset, len(self._lines(top)) - 1)
            y = index.prefix(top) + max(0, offset)
            line, j = y - offset, top
            while j < len(self._sources) and line < y + h:
                line += len(self._lines(j))
                j += 1
            shift, above, k = 0, 0, top
            animating = self.app.animator.is_being_animated(self, "scroll_y")
            if animating:
                k = 0  # moving the view now would stop the animation: wrap above it when it ends
            while k > 0 and above < h:
                k -= 1
                before = index[k]
                above += len(self._lines(k))
                shift += index[k] - before
            self._set_virtual_size()
            if y + shift != round(self.scroll_y):
                self.scroll_to(y=y + shift, animate=False, immediate=True, force=True)
            if animating:
                if not self._resettle_due:
                    self._resettle_due = True
                    self.call_after_refresh(self._resettle)
            else:
                self._settled = (round(self.scroll_y), h, self._wrap_width, len(self._sources), index.total)
        finally:
            self._settling = False

    def _resettle(self) -> None:
        self._resettle_due = False
        self._settle()

    # --- Textual hooks --------------------------------------------------------------------------------

    def on_resize(self) -> None:
        if self._use_width() or self._end_due:
            self._changed()
        else:
            self._settle()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if not self._settling:
            self._settle()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """For ``height: auto``: exact when the entries fit the screen, else at least a screen."""
        if len(self._sources) < viewport.height and width > 0:
            return sum(len(self._wrap_cached(i, width)) for i in range(len(self._sources)))
        return max(self._index.total, viewport.height)

    def _wrap_cached(self, i: int, width: int) -> list[Strip]:
        if width == self._wrap_width:
            return self._lines(i)
        cache = self._by_width.setdefault(width, [None] * len(self._sources))
        strips = cache[i]
        if strips is None:
            strips = cache[i] = self._wrap(self._text(i), width)
            self.wrap_count += 1
        return strips

    def render_lines(self, crop: Region) -> list[Strip]:
        if self._end_due:
            self._changed()
        self._settle()
        # Once for all the lines: the style walks every ancestor's styles, the width works out
        # the gutter and the scrollbars (about 0.1 ms each on the 2-core machine, per line).
        self._line_style = self.rich_style
        self._line_width = self.scrollable_content_region.width
        try:
            flat = self._flat.lines(self, crop)  # (Textual's styles cache, without its cost a line)
            return flat if flat is not None else super().render_lines(crop)
        finally:
            self._line_style = None

    def render_line(self, y: int) -> Strip:
        vy = y + self.scroll_offset.y
        style = self._line_style
        if style is None:  # (called on its own, not by render_lines)
            style, width = self.rich_style, self.scrollable_content_region.width
        else:
            width = self._line_width
        i, offset = self._index.find(vy)
        if i < len(self._sources) and self._wrap_width:
            strips = self._lines(i)
            if offset < len(strips):
                return self._fitted(strips[offset], width, style)
        return Strip.blank(width, style)

    def _fitted(self, line: Strip, width: int, style: Style) -> Strip:
        """A wrapped line filled out to the view's width: the same Strip each time it is asked
        for (Strip.extend_cell_length makes a new one), so what is laid out from it is kept too
        (FlatLines)."""
        self._fit.under((width, style))
        kept = self._fit.get(line)
        return kept if kept is not None else self._fit.put(line, line.extend_cell_length(width, style).crop(0, width))

