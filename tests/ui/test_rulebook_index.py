"""The rulebook's index (its §0): sections by number, where a reference leads, its blocks, search."""

from __future__ import annotations

import pytest

from firepower_tui.ui.rulebook_index import Rulebook, plain_line, refs_in, rulebook


@pytest.mark.parametrize(("ref", "section", "line_has"), [
    ("6.3.4.1", "4.4", "**Hill**"),                   # an original paragraph: the line marking it
    ("6.3.6.2.5", "4.8", "| 6.3.6.2.5 |"),            # a chart row of that number
    ("6.3.4.9", "4.4", "### 4.4"),                    # unknown: its parent paragraph
    ("6.2", "2.3", "### 2.3"),                        # marked in a heading
    ("6.1.2", "2.2", "[6.1.2]"),                      # marked in a body line
    ("6.3", "4", "## 4. Fire"),                       # a chapter
    ("§9.6", "9.6", "### 9.6"),                       # the book's own section
    ("4.10.4", "4.10.4", "#### 4.10.4"),              # a bare number no original paragraph has
    ("A17", "7", "**A17."),                           # an ambiguity
])
def test_where_a_reference_leads(ref: str, section: str, line_has: str) -> None:
    book = rulebook()
    place = book.find(ref)
    assert place is not None
    assert book.sections[place.section].number == section and line_has in book.lines[place.line]


@pytest.mark.parametrize("ref", ["R72", "99.9", "§42", "", "hill"])
def test_what_it_does_not_know_leads_nowhere(ref: str) -> None:
    assert rulebook().find(ref) is None


def test_sections_cover_the_book_in_order() -> None:
    book = rulebook()
    assert book.sections[0].start == 0 and book.sections[-1].end == len(book.lines)
    assert all(a.end == b.start for a, b in zip(book.sections, book.sections[1:]))
    assert [s.number for s in book.sections if s.number.startswith("4.1")][:3] == ["4.1", "4.10", "4.10.1"]


def test_search_finds_every_line_with_all_words_in_any_case() -> None:
    book = Rulebook("# T\n## 1. One\nHill blocks\nthe hill\n## 2. Two\nBLOCKS a HILL\n")
    hits = book.search("hill blocks")
    assert [(h.line, h.text) for h in hits] == [(2, "Hill blocks"), (5, "BLOCKS a HILL")]
    assert [book.sections[h.section].number for h in hits] == ["1", "2"]
    real = rulebook()
    for h in real.search("prone fence"):
        assert plain_line(real.lines[h.line]) == h.text and "prone" in h.text.lower() and "fence" in h.text.lower()
    assert all("**" not in h.text and "`" not in h.text for h in real.search("the"))


def test_a_section_in_blocks_each_list_item_its_own() -> None:
    book = Rulebook("## 2. Two\n\nA paragraph\ngoes on.\n\n- one\n- two\n  more\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n---\n")
    blocks = book.blocks(0)
    assert [(b.kind, b.start, b.end, b.last_item) for b in blocks] == [
        ("heading", 0, 1, False), ("paragraph", 2, 4, False), ("item", 5, 6, False), ("item", 6, 8, True),
        ("table", 9, 12, False)]


def test_a_section_with_its_subsections() -> None:
    book = rulebook()
    start, end = book.span(book.number("4.10"))
    assert book.lines[start].startswith("### 4.10") and book.sections[book.section_of(end - 1)].number == "4.10.5"


def test_references_inside_brackets_only() -> None:
    assert [r for *_, r in refs_in("+1 trees [6.3.6.2.5]; 4.4 wall [§9.6, A17] (R72) [R80]")] == \
        ["6.3.6.2.5", "§9.6", "A17"]


@pytest.mark.parametrize("name", ["firepower_tui.ui.rulebook_index", "firepower_tui.ui.widgets.terminal_cursor"])
def test_docstring_examples_of_the_reading_aids(name: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted >= 2 and result.failed == 0
