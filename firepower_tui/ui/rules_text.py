"""The rulebook's sections for what the player is doing (the rules key), rendered as the rulebook
renders them."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult

from .rulebook_index import Section, rulebook


class RulesPage:
    """Whole sections of the rulebook, each with its subsections, one after the other (a section
    inside one already shown is not shown twice); unknown numbers are left out."""

    def __init__(self, numbers: tuple[str, ...], *, ascii: bool = False) -> None:
        book = rulebook()
        shown: list[int] = []
        covered: set[int] = set()
        for number in numbers:
            k = book.number(number.strip().lstrip("§").rstrip("."))
            if k is None or k in covered:
                continue
            start, end = book.span(k)
            inside = [j for j, s in enumerate(book.sections) if start <= s.start < end]
            shown += inside
            covered.update(inside)
        self.sections: list[Section] = [book.sections[k] for k in shown]
        """What the page shows, in order."""
        from .render.book import page  # (Rich's Markdown, about 25 ms of imports: when a page is asked for, not at start)

        self._page = page(book, shown, ascii=ascii)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self._page


def sections(numbers: tuple[str, ...], *, ascii: bool = False) -> RulesPage:
    """The sections numbered ``numbers`` (``3.2``, ``§9.1``, ``5``) with their subsections."""
    return RulesPage(numbers, ascii=ascii)
