"""The rulebook's Markdown as the reader sees it: one Rich renderable per block of a section
(:meth:`..rulebook_index.Rulebook.blocks`), so paragraphs reflow to the window, charts are
tables and emphasis is emphasis. Rich's Markdown renders a block in a few milliseconds, so a
section is rendered when it is shown, never the whole book.

The original paragraph marks (``[6.3.4.1]``) and the rulings named in the text (``(R12)``) are
shown dim: they are for finding a rule, not for reading it. With ``--ascii`` the source is
folded to ASCII before it is parsed and Rich draws its tables and bullets in ASCII.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.markdown import Markdown, TableElement
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text

from ..rulebook_index import Block, Rulebook, plain_line
from .ascii import fold_str

QUIET = re.compile(r"\[\d+(?:\.\d+)+(?:,\s*\d+(?:\.\d+)+)*\]|\((?:R\d+(?:,\s*)?)+\)")
"""A paragraph mark or a ruling's name: shown dim."""
HEADING_STYLES = {1: "bold reverse", 2: "bold underline", 3: "bold", 4: "bold italic"}
QUIET_STYLE = "dim"


class ChartElement(TableElement):
    """A Markdown table as Rich draws it, but a cell too narrow for its words folds them onto
    more lines instead of cutting them short with an ellipsis ("21-30" never shows as "21-…")."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        table = Table(box=box.SIMPLE, pad_edge=False, style="markdown.table.border", show_edge=True,
                      collapse_padding=True)
        if self.header is not None and self.header.row is not None:
            for column in self.header.row.cells:
                title = column.content.copy()
                title.stylize("markdown.table.header")
                table.add_column(title, overflow="fold")
        if self.body is not None:
            for row in self.body.rows:
                table.add_row(*[cell.content for cell in row.cells])
        yield table


class _Markdown(Markdown):
    elements = {**Markdown.elements, "table_open": ChartElement}


class BookMarkdown:
    """One block of Markdown, rendered by Rich at the width it is given (ASCII-only if asked).

    Textual asks a widget for its size and its lines several times a frame: the block is parsed
    once, and its lines are kept for the last widths asked."""

    def __init__(self, source: str, *, ascii: bool = False) -> None:
        self.source = fold_str(source) if ascii else source
        self.ascii = ascii
        self._md: Markdown | None = None
        self._lines: dict[int, list[list[Segment]]] = {}

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = self._lines.get(options.max_width)
        if lines is None:
            lines = self._lines[options.max_width] = self._render(console, options)
            if len(self._lines) > 4:
                del self._lines[next(iter(self._lines))]
        for line in lines:
            yield from line
            yield Segment.line()

    def _render(self, console: Console, options: ConsoleOptions) -> list[list[Segment]]:
        if self._md is None:
            self._md = _Markdown(self.source, hyperlinks=False)
        if self.ascii:
            options = options.copy()
            options.encoding = "ascii"  # Rich then draws its table rules in ASCII
        lines = console.render_lines(self._md, options, pad=False)
        while lines and _blank(lines[0]):  # Rich opens a lone list or table with an empty line,
            lines.pop(0)  # and a table's edge rows are empty: the gaps are the page's to make
        while lines and _blank(lines[-1]):
            lines.pop()
        out: list[list[Segment]] = []
        for line in lines:
            out.append([Segment(fold_str(seg.text.replace("•", "*")), seg.style, seg.control)
                        if self.ascii and not seg.text.isascii() else seg for seg in _quieted(line, console)])
        return out


def _blank(line: list[Segment]) -> bool:
    return not "".join(seg.text for seg in line).strip()


def _quieted(segments: Iterable[Segment], console: Console) -> Iterable[Segment]:
    """The segments with every paragraph mark and ruling name in them dimmed (a mark split over
    two segments stays as it is: the text is the same either way)."""
    dim = console.get_style(QUIET_STYLE)
    for seg in segments:
        if seg.control or not QUIET.search(seg.text):
            yield seg
            continue
        at = 0
        for m in QUIET.finditer(seg.text):
            if m.start() > at:
                yield Segment(seg.text[at:m.start()], seg.style)
            yield Segment(m.group(0), (seg.style or Style()) + dim)
            at = m.end()
        if at < len(seg.text):
            yield Segment(seg.text[at:], seg.style)


def heading(text: str, level: int, *, ascii: bool = False) -> Text:
    """A heading: its words in the level's style, its paragraph marks dim."""
    plain = plain_line(text)
    out = Text(fold_str(plain) if ascii else plain, style=HEADING_STYLES.get(level, "bold"))
    for m in QUIET.finditer(out.plain):
        out.stylize(QUIET_STYLE, m.start(), m.end())
    return out


def block_renderable(book: Rulebook, block: Block, *, ascii: bool = False) -> RenderableType:
    """What one block shows: a heading, a diagram as drawn (never wrapped), or Markdown."""
    lines = book.lines[block.start:block.end]
    if block.kind == "heading":
        level = len(lines[0]) - len(lines[0].lstrip("#"))
        return heading(lines[0], level, ascii=ascii)
    if block.kind == "code":
        body = "\n".join(line for line in lines if not line.startswith("```"))
        return Text(fold_str(body) if ascii else body, no_wrap=True, overflow="crop")
    return BookMarkdown("\n".join(lines), ascii=ascii)


def section_renderables(book: Rulebook, k: int, *, ascii: bool = False) -> list[tuple[Block, RenderableType]]:
    """Each block of section ``k`` with what it shows."""
    return [(b, block_renderable(book, b, ascii=ascii)) for b in book.blocks(k)]


def page(book: Rulebook, sections: Iterable[int], *, ascii: bool = False) -> Group:
    """Whole sections one after the other, as one renderable (a gap after each block but the
    items of one list): the rules key's page."""
    parts: list[RenderableType] = []
    for k in sections:
        for block, shown in section_renderables(book, k, ascii=ascii):
            parts.append(shown)
            if block.kind != "item" or block.last_item:
                parts.append(Text(""))
    return Group(*parts)


__all__ = ["BookMarkdown", "block_renderable", "heading", "page", "section_renderables"]
