"""The rulebook: the bundled player's edition of the rules, a section at a time, rendered from its
Markdown (headings, charts as tables, emphasis, paragraphs reflowed to the window), with its
contents by section number, full-text search and next/previous section (the index is
:mod:`..rulebook_index`, the rendering :mod:`..render.book`).

Opened by its key from the game (at the rule the log cited last), by ``:rule 6.3.2``, and by a
click on a rule reference in the log or a panel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ..render.ascii import fold
from ..render.book import section_renderables
from ..rulebook_index import Place, Rulebook, rulebook, snippet

if TYPE_CHECKING:
    from rich.console import RenderableType

KEYS_LINE = "t contents | / search | n/p next/previous section | PgUp/PgDn | Esc back"


class Passage(Static):
    """One block of a section as shown, with the rulebook's lines it was written from
    (``first_line`` up to, not including, ``end_line``)."""

    def __init__(self, shown: RenderableType, first_line: int, end_line: int, *, classes: str) -> None:
        super().__init__(shown, classes=classes)
        self.first_line = first_line
        self.end_line = end_line


class ContentsList(OptionList):
    """The contents or a search's results.

    Textual 8.2.8's ``OptionList`` pages (PageDown, PageUp) from its cache of lines, which it
    fills only once the list has a size: a list refilled while hidden, then shown, has none until
    the next refresh, and a page key pressed before it (under load) raised ``KeyError`` in
    ``OptionList._move_page``. Here a page key waits for that refresh instead.
    """

    def _laid_out(self) -> bool:
        return not self.options or (self.highlighted or 0) in self._index_to_line

    def action_page_down(self) -> None:
        if self._laid_out():
            super().action_page_down()  # type: ignore[no-untyped-call]  # (Textual leaves it unannotated)
        else:
            self.call_after_refresh(self._page_later, 1)

    def action_page_up(self) -> None:
        if self._laid_out():
            super().action_page_up()  # type: ignore[no-untyped-call]  # (Textual leaves it unannotated)
        else:
            self.call_after_refresh(self._page_later, -1)

    def _page_later(self, direction: int) -> None:
        """The page key, once the list has its lines (still none: it has no page to move by)."""
        if self._laid_out():
            (super().action_page_down if direction > 0 else super().action_page_up)()  # type: ignore[no-untyped-call]  # (as above)


class RulebookScreen(Screen[None]):
    """The rulebook, browsable and searchable."""

    DEFAULT_CSS = """
    RulebookScreen { layout: vertical; }
    #rb-title { height: 1; background: $panel; text-style: bold; }
    #rb-search { height: 3; display: none; }
    #rb-list { height: 1fr; display: none; }
    #rb-body { height: 1fr; padding: 0 1; }
    #rb-body > .rb-par { margin-bottom: 1; }
    #rb-body > .rb-tight { margin-bottom: 0; }
    #rb-body > .rb-target { background: $boost; text-style: bold; }
    #rb-keys { height: 1; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("t", "contents", "Contents"),
        Binding("slash", "search", "Search"),
        Binding("n", "step(1)", "Next"),
        Binding("p", "step(-1)", "Previous"),
    ]

    def __init__(self, place: Place | None = None, *, book: Rulebook | None = None, ascii: bool = False) -> None:
        super().__init__()
        self.book = book or rulebook()
        self.place = place
        self.ascii = ascii
        self.section: int | None = None
        """The section shown (None: the contents or a search's results are shown)."""
        self.listing = ""
        """What the list shows: ``contents`` or ``search``."""

    def compose(self) -> ComposeResult:
        yield Static(id="rb-title")
        yield Input(placeholder="search the rules (all words, any case); Enter lists the lines", id="rb-search")
        yield ContentsList(id="rb-list")
        yield VerticalScroll(id="rb-body")
        yield Static(Text(KEYS_LINE), id="rb-keys")

    async def on_mount(self) -> None:
        if self.place is None:
            self.action_contents()
        else:
            await self.show(self.place.section, self.place.line)

    def _t(self, text: str) -> Text:
        t = Text(text)
        return fold(t) if self.ascii else t

    # --- a section ---------------------------------------------------------------------------------

    async def show(self, k: int, line: int | None = None) -> None:
        """Show section ``k``, scrolled to ``line`` (marked) if given."""
        book = self.book
        k = max(0, min(k, len(book.sections) - 1))
        self.section = k
        s = book.sections[k]
        self.query_one("#rb-list").display = False
        self.query_one("#rb-search").display = False
        body = self.query_one("#rb-body", VerticalScroll)
        body.display = True
        await body.remove_children()
        widgets: list[Static] = []
        target: Static | None = None
        for block, shown in section_renderables(book, k, ascii=self.ascii):
            between = "rb-tight" if block.kind == "item" and not block.last_item else "rb-par"
            w = Passage(shown, block.start, block.end, classes=f"{between} rb-{block.kind}")
            if line is not None and block.start <= line < block.end:
                w.add_class("rb-target")
                target = w
            widgets.append(w)
        await body.mount_all(widgets)
        where = f"line {line + 1}" if line is not None else f"line {s.start + 1}"
        self.query_one("#rb-title", Static).update(self._t(
            f"Rulebook {s.label}  ({k + 1}/{len(book.sections)}, {where})"))
        body.focus()
        if target is not None:
            self.call_after_refresh(body.scroll_to_widget, target, animate=False, top=True)
        else:
            body.scroll_home(animate=False)

    async def action_step(self, delta: int) -> None:
        """The next or previous section."""
        k = self.section if self.section is not None else (self.place.section if self.place else 0)
        await self.show(k + delta if self.section is not None else k)

    # --- the contents and the search -----------------------------------------------------------------

    def _list(self, title: str, options: list[Option], kind: str) -> None:
        self.listing = kind
        self.query_one("#rb-body").display = False
        ol = self.query_one("#rb-list", OptionList)
        ol.clear_options()
        ol.add_options(options)
        ol.display = True
        self.query_one("#rb-title", Static).update(self._t(title))
        if options:
            current = self.section if self.section is not None and kind == "contents" else 0
            ol.highlighted = min(current, len(options) - 1)
        ol.focus()

    def action_contents(self) -> None:
        """The table of contents, by section number; Enter opens one."""
        opts = [Option(self._t("  " * max(0, s.level - 2) + s.label), id=f"s{k}")
                for k, s in enumerate(self.book.sections) if s.label]
        self._list("Rulebook contents (Enter opens a section; / searches)", opts, "contents")

    def action_search(self) -> None:
        box = self.query_one("#rb-search", Input)
        box.display = True
        box.value = ""
        box.focus()

    def results(self, query: str) -> list[Option]:
        """The search's results as the list shows them: ``section, line: text``."""
        out = []
        for hit in self.book.search(query):
            s = self.book.sections[hit.section]
            out.append(Option(self._t(f"{s.number or '-'} line {hit.line + 1}: {snippet(hit.text, query)}"),
                              id=f"l{hit.line}"))
        return out

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        query = event.value.strip()
        self.query_one("#rb-search").display = False
        if not query:
            self.query_one("#rb-body", VerticalScroll).focus()
            return
        found = self.results(query)
        self._list(f"Search '{query}': {len(found)} line{'s' if len(found) != 1 else ''} "
                   "(Enter jumps to one; Esc back)", found, "search")

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        oid = event.option.id or ""
        if oid.startswith("s"):
            await self.show(int(oid[1:]))
        elif oid.startswith("l"):
            line = int(oid[1:])
            await self.show(self.book.section_of(line), line)

    async def action_back(self) -> None:
        """Esc: close the search box, leave a list for the section, or close the rulebook."""
        box = self.query_one("#rb-search", Input)
        if box.display:
            box.display = False
            (self.query_one("#rb-list") if self.listing and self.section is None else
             self.query_one("#rb-body")).focus()
            return
        if self.query_one("#rb-list").display and self.section is not None:
            await self.show(self.section)
            return
        self.dismiss(None)
