"""The rulebook's index (RULES.md §0): sections by number, where a reference leads, search."""

from __future__ import annotations

import pytest

from firepower_tui.ui.rulebook_index import Rulebook, refs_in, rulebook


@pytest.mark.parametrize(("ref", "section", "line_has"), [
    ("6.3.4.1", "4.4", "**Hill** [S6 6.3.4.1]"),      # an original paragraph: its tagged line
    ("6.3.6.2.5", "4.4", "[S6 6.3.6.2.5"),            # tagged in a heading's body first
    ("6.3.4.9", "4.4", "### 4.4"),                    # unknown: its parent paragraph
    ("6.2", "3.1", "### 3.1"),                        # a heading's tag before a body line's
    ("§9.6", "9.6", "### 9.6"),                       # RULES.md's own section
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
        assert real.lines[h.line].strip() == h.text and "prone" in h.text.lower() and "fence" in h.text.lower()


def test_references_inside_brackets_only() -> None:
    assert [r for *_, r in refs_in("+1 trees [6.3.6.2.5]; 4.4 wall [§9.6, A17] (R72) [R80]")] == \
        ["6.3.6.2.5", "§9.6", "A17"]


@pytest.mark.parametrize("name", ["firepower_tui.ui.rulebook_index", "firepower_tui.ui.widgets.terminal_cursor"])
def test_docstring_examples_of_the_reading_aids(name: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted >= 2 and result.failed == 0
