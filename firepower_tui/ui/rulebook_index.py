"""The bundled rulebook (``data/rulebook.md``, the player's edition of the rules) as a book: its
sections by number, the blocks of a section, full-text search, and where a rule reference
(``6.3.6.2.5``, ``§9.1``, ``A17``) leads (plain Python; the rulebook screen shows it).

Two numberings meet in the game's texts, as the book's §0 explains: the original rulebook's
paragraphs (``6.3.4.1``, cited bare; the book prints each in brackets at the rule it numbers,
``[6.3.4.1]``, or as the first cell of a chart row) and the book's own sections (``§9.1``, with
the sign, or a bare number no original paragraph has, ``4.10.4``). Ambiguities are the ``A17``
paragraphs of section 7. Rulings (``R72``) are named in the text but lead nowhere here.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

HEADING = re.compile(r"^(#{1,4})\s+(?:(\d+(?:\.\d+)*)\.?\s+)?(.*)$")
REF = re.compile(r"§?\d+(?:\.\d+)+|§\d+|\bA\d+\b")
"""One rule reference inside brackets (``6.3.4.1``, ``§9.6``, ``§9``, ``A17``)."""
BRACKETS = re.compile(r"\[([^\[\]]{1,80})\]")
PARAGRAPH = re.compile(r"\d+(?:\.\d+)+")
"""An original paragraph number (``6.3.4.1``)."""
ANCHOR = re.compile(r"\[(\d+(?:\.\d+)+(?:,\s*\d+(?:\.\d+)+)*)\]")
"""The book's mark of the original paragraphs a rule carries: ``[6.3.4.1]``, ``[6.2.5, 6.3.1.3]``."""
CHART_ROW = re.compile(r"^\|\s*(\d+(?:\.\d+)+)\s*\|")
CODE_SPAN = re.compile(r"`[^`]*`")


class Section(NamedTuple):
    """One heading of the book and the lines under it, up to the next heading of any level."""

    number: str
    """``4.4`` (empty for the title)."""
    title: str
    level: int
    start: int
    """Its heading's line (0-based)."""
    end: int
    """The line after its last."""

    @property
    def label(self) -> str:
        return f"{self.number} {self.title}".strip()


class Block(NamedTuple):
    """One block of a section as it is shown: a heading, a paragraph, one item of a list, a
    table or a diagram (``kind``), with its source lines ``start:end``."""

    kind: str
    """``heading``, ``paragraph``, ``item``, ``table`` or ``code``."""
    start: int
    end: int
    last_item: bool = False
    """An item that ends its list (a gap follows it)."""


class Hit(NamedTuple):
    """A line that matches a search."""

    section: int
    """The index of its section."""
    line: int
    text: str
    """The line as a reader sees it (no Markdown marks)."""


class Place(NamedTuple):
    """Where a reference leads: a section and the line in it."""

    section: int
    line: int


class Rulebook:
    """The rulebook, split into sections (``Rulebook(text)``; the bundled one: :func:`rulebook`)."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        heads: list[tuple[int, str, str, int]] = []
        fence = False
        for i, line in enumerate(self.lines):
            if line.startswith("```"):
                fence = not fence
            m = None if fence else HEADING.match(line)
            if m:
                heads.append((i, m.group(2) or "", m.group(3).strip(), len(m.group(1))))
        ends = [h[0] for h in heads[1:]] + [len(self.lines)]
        self.sections = [Section(n, t, lvl, i, end) for (i, n, t, lvl), end in zip(heads, ends)]
        if not heads or heads[0][0] > 0:
            self.sections.insert(0, Section("", "", 1, 0, heads[0][0] if heads else len(self.lines)))
        self._by_number = {s.number: k for k, s in enumerate(self.sections) if s.number}
        self._tags: dict[str, int] | None = None
        self._found: dict[str, Place | None] = {}

    def section_of(self, line: int) -> int:
        """The index of the section holding ``line``."""
        for k, s in enumerate(self.sections):
            if s.start <= line < s.end:
                return k
        return len(self.sections) - 1

    def number(self, number: str) -> int | None:
        """The section numbered ``number`` (``4.4``), if the book has one."""
        return self._by_number.get(number)

    def span(self, k: int) -> tuple[int, int]:
        """The lines of section ``k`` with all its subsections (``4.10`` runs to the end of 4.10.5)."""
        s = self.sections[k]
        end = s.end
        for t in self.sections[k + 1:]:
            if t.level <= s.level:
                break
            end = t.end
        return s.start, end

    def find(self, ref: str) -> Place | None:
        """Where a reference leads, or None.

        ``§9.1`` and ``§5``: the book's section. ``A17``: its paragraph in section 7. A bare
        number: the line marking it as an original paragraph (``[6.3.4.1]`` in a heading first,
        else the first line; or a chart row starting with it), else the same for its parents
        (``6.3.4``, down to two parts), else the book's own section of that number.

        >>> book = Rulebook("## 4. Fire\\n### 4.4 LOS [6.3.4]\\ntext\\n1. **Hill**: blocks. [6.3.4.1]")
        >>> book.find("6.3.4.1"), book.find("6.3.4.9"), book.find("§4.4"), book.find("4.4"), book.find("9.9")
        (Place(section=1, line=3), Place(section=1, line=1), Place(section=1, line=1), Place(section=1, line=1), None)
        """
        ref = ref.strip().strip("[]").strip()
        if ref not in self._found:
            self._found[ref] = self._find(ref)
        return self._found[ref]

    def _find(self, ref: str) -> Place | None:
        if not ref:
            return None
        if ref.startswith("§"):
            k = self.number(ref[1:].rstrip("."))
            return Place(k, self.sections[k].start) if k is not None else None
        if re.fullmatch(r"A\d+", ref):
            for i, line in enumerate(self.lines):
                if line.startswith(f"**{ref}."):
                    return Place(self.section_of(i), i)
            return None
        if not re.fullmatch(r"\d+(?:\.\d+)*", ref):
            return None
        parts = ref.split(".")
        for n in range(len(parts), 1, -1):
            at = self._tagged(".".join(parts[:n]))
            if at is not None:
                return Place(self.section_of(at), at)
        k = self.number(ref)
        return Place(k, self.sections[k].start) if k is not None else None

    def _tagged(self, number: str) -> int | None:
        return self.anchors().get(number)

    def anchors(self) -> dict[str, int]:
        """The line marking each original paragraph number (see :func:`anchor_index`)."""
        if self._tags is None:
            self._tags = anchor_index(self.lines)
        return self._tags

    def blocks(self, k: int) -> list[Block]:
        """Section ``k`` as the blocks a reader sees, in order (rules between sections left out)."""
        s = self.sections[k]
        return blocks_of(self.lines, s.start, s.end)

    def search(self, query: str, limit: int = 200) -> list[Hit]:
        """Lines holding every word of ``query`` (any case), in book order, as a reader sees them
        (no Markdown marks; a chart row's cells separated by ``;``).

        >>> [(h.line, h.text) for h in Rulebook("# T\\n**hill** blocks\\nthe HILL\\nblocks").search("hill blocks")]
        [(1, 'hill blocks')]
        """
        words = [w.lower() for w in query.split()]
        if not words:
            return []
        out: list[Hit] = []
        for i, line in enumerate(self.lines):
            text = plain_line(line)
            low = text.lower()
            if all(w in low for w in words):
                out.append(Hit(self.section_of(i), i, text))
                if len(out) >= limit:
                    break
        return out


def anchor_index(lines: list[str]) -> dict[str, int]:
    """The line marking each original paragraph number: a bracketed mark (``[6.3.4.1]``, or a
    list ``[6.2.5, 6.3.1.3]``) outside code, in a heading first, else the first line that has one;
    or a chart row whose first cell is the number (``| 6.3.6.2.5 |``)."""
    out: dict[str, int] = {}
    headings_first = sorted(range(len(lines)), key=lambda i: (not lines[i].startswith("#"), i))
    for i in headings_first:
        line = CODE_SPAN.sub("", lines[i])
        for mark in ANCHOR.findall(line):
            for number in PARAGRAPH.findall(mark):
                out.setdefault(number, i)
        row = CHART_ROW.match(line)
        if row:
            out.setdefault(row.group(1), i)
    return out


@cache
def _parser() -> MarkdownIt:
    from markdown_it import MarkdownIt  # when a section is first shown, not at every start

    return MarkdownIt("commonmark").enable("table")


_BLOCK_KINDS = {"heading_open": "heading", "paragraph_open": "paragraph", "table_open": "table",
                "fence": "code", "code_block": "code"}


def blocks_of(lines: list[str], start: int, end: int) -> list[Block]:
    """The blocks of ``lines[start:end]``: each top-level heading, paragraph, table and code block,
    and each item of a top-level list (its nested lists inside it); horizontal rules are left out."""
    tokens = _parser().parse("\n".join(lines[start:end]) + "\n")
    out: list[Block] = []
    depth = 0
    for t in tokens:
        if t.type in ("bullet_list_open", "ordered_list_open"):
            depth += 1
            continue
        if t.type in ("bullet_list_close", "ordered_list_close"):
            depth -= 1
            if depth == 0 and out and out[-1].kind == "item":
                out[-1] = out[-1]._replace(last_item=True)
            continue
        if t.map is None or t.level != (1 if depth else 0):
            continue
        kind = "item" if depth == 1 and t.type == "list_item_open" else _BLOCK_KINDS.get(t.type) if not depth else None
        if kind is None:
            continue
        a, b = t.map
        while b > a + 1 and not lines[start + b - 1].strip():
            b -= 1
        out.append(Block(kind, start + a, start + b))
    return out


_LIST_MARK = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_EMPHASIS = re.compile(r"(\*\*|__|\*|_)(?=\S)(.+?)(?<=\S)\1")


def plain_line(line: str) -> str:
    """One line of the book as a reader sees it: no heading, list or emphasis marks, no code
    backticks, a chart row's cells joined by ``;`` (a table's rule line is empty).

    >>> plain_line("| LMG | 3x4 | **5** |"), plain_line("- **Fence**: `fence` [6.3.4.2]"), plain_line("|---|---|")
    ('LMG; 3x4; 5', 'Fence: fence [6.3.4.2]', '')
    """
    text = line.strip()
    if text.startswith("|"):
        cells = [c.strip() for c in text.strip("|").split("|")]
        if all(re.fullmatch(r":?-+:?", c) for c in cells if c):
            return ""
        text = "; ".join(c for c in cells)
    text = re.sub(r"^#{1,6}\s+", "", text)
    text = _LIST_MARK.sub("", text)
    text = text.replace("`", "")
    for _ in range(2):
        text = _EMPHASIS.sub(r"\2", text)
    return text


def snippet(text: str, query: str, width: int = 110) -> str:
    """``text`` cut to about ``width`` characters around the first word of ``query`` found in it,
    at word boundaries, with ``…`` where it was cut (a search hit in a long paragraph).

    >>> snippet("one two three four five six seven", "six", 20)
    '…five six seven'
    >>> snippet("short line", "line")
    'short line'
    """
    if len(text) <= width:
        return text
    low = text.lower()
    found = [low.find(w.lower()) for w in query.split() if w.lower() in low]
    at = min(found) if found else 0
    start = text.rfind(" ", 0, max(0, at - width // 4)) + 1
    end = start + width
    if end < len(text):
        cut = text.rfind(" ", start, end)
        end = cut if cut > at else end
    return ("…" if start else "") + text[start:end].strip() + ("…" if end < len(text) else "")


def refs_in(text: str) -> list[tuple[int, int, str]]:
    """Every rule reference inside square brackets in ``text``: ``(start, end, ref)``.

    >>> refs_in("+1 trees [6.3.6.2.5]; wall [§9.6], see [A17, R72]")
    [(10, 19, '6.3.6.2.5'), (28, 32, '§9.6'), (40, 43, 'A17')]
    """
    out: list[tuple[int, int, str]] = []
    for b in BRACKETS.finditer(text):
        for m in REF.finditer(b.group(1)):
            start = b.start(1) + m.start()
            out.append((start, start + len(m.group(0)), m.group(0)))
    return out


BOOK = "data/rulebook.md"
"""The bundled rulebook, inside the package."""


def rulebook_text() -> str:
    """The bundled rulebook's Markdown."""
    from importlib import resources

    return resources.files("firepower_tui").joinpath(BOOK).read_text("utf-8")


@cache
def rulebook() -> Rulebook:
    """The bundled rulebook."""
    return Rulebook(rulebook_text())


__all__ = ["BOOK", "Block", "Hit", "Place", "Rulebook", "Section", "anchor_index", "blocks_of", "plain_line",
           "refs_in", "rulebook", "rulebook_text", "snippet"]
