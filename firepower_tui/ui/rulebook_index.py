"""The bundled RULES.md as a book: its sections by number, full-text search, and where a rule
reference (``6.3.6.2.5``, ``§9.1``, ``A17``) leads (plain Python; the rulebook screen shows it).

Two numberings meet in the game's texts, as RULES.md §0 explains: the original rulebook's
(``6.3.4.1``, cited bare, as RULES.md tags its paragraphs ``[S6 6.3.4.1]``) and RULES.md's own
sections (``§9.1``, with the sign, or a bare number no original paragraph has, ``4.10.4``).
Ambiguities are the ``A17`` paragraphs of RULES.md section 7. Rulings (``R72``) live in
docs/rulings.md, which is not bundled: they lead nowhere here.
"""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

HEADING = re.compile(r"^(#{1,4})\s+(?:(\d+(?:\.\d+)*)\.?\s+)?(.*)$")
REF = re.compile(r"§?\d+(?:\.\d+)+|§\d+|\bA\d+\b")
"""One rule reference inside brackets (``6.3.4.1``, ``§9.6``, ``§9``, ``A17``)."""
BRACKETS = re.compile(r"\[([^\[\]]{1,80})\]")
S6_TAG = re.compile(r"\[S6 ([^\]]*)\]")


class Section(NamedTuple):
    """One heading of RULES.md and the lines under it, up to the next heading of any level."""

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


class Hit(NamedTuple):
    """A line that matches a search."""

    section: int
    """The index of its section."""
    line: int
    text: str


class Place(NamedTuple):
    """Where a reference leads: a section and the line in it."""

    section: int
    line: int


class Rulebook:
    """RULES.md, split into sections (``Rulebook(text)``; the bundled one: :func:`rulebook`)."""

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
        """The section numbered ``number`` (``4.4``), if RULES.md has one."""
        return self._by_number.get(number)

    def find(self, ref: str) -> Place | None:
        """Where a reference leads, or None.

        ``§9.1`` and ``§5``: RULES.md's section. ``A17``: its paragraph in section 7. A bare
        number: the first line tagged with it as an original paragraph (``[S6 6.3.4.1]``, or a
        table row starting with it), else the same for its parents (``6.3.4``, down to two
        parts), else RULES.md's own section of that number.

        >>> book = Rulebook("## 4. Fire\\n### 4.4 LOS [S6 6.3.4]\\ntext\\n1. **Hill** [S6 6.3.4.1]: blocks")
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
        if self._tags is None:
            self._tags = _tag_index(self.lines)
        return self._tags.get(number)

    def search(self, query: str, limit: int = 200) -> list[Hit]:
        """Lines holding every word of ``query`` (any case), in book order.

        >>> [h.line for h in Rulebook("# T\\nhill blocks\\nthe HILL\\nblocks").search("hill blocks")]
        [1]
        """
        words = [w.lower() for w in query.split()]
        if not words:
            return []
        out: list[Hit] = []
        for i, line in enumerate(self.lines):
            low = line.lower()
            if all(w in low for w in words):
                out.append(Hit(self.section_of(i), i, line.strip()))
                if len(out) >= limit:
                    break
        return out


def _tag_index(lines: list[str]) -> dict[str, int]:
    """The line tagging each original paragraph number (``[S6 6.3.4.1, CARD]`` or a table row
    ``| 6.3.6.2.5 |``): the first heading that does, else the first line."""
    out: dict[str, int] = {}
    headings_first = sorted(range(len(lines)), key=lambda i: (not lines[i].startswith("#"), i))
    for i in headings_first:
        line = lines[i]
        for tag in S6_TAG.findall(line):
            for part in tag.split(","):
                word = part.strip().split(" ")[0]
                if re.fullmatch(r"\d+(?:\.\d+)+", word):
                    out.setdefault(word, i)
        row = re.match(r"^\|\s*(\d+(?:\.\d+)+)\s*\|", line)
        if row:
            out.setdefault(row.group(1), i)
    return out


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


@cache
def rulebook() -> Rulebook:
    """The bundled RULES.md."""
    from importlib import resources

    return Rulebook(resources.files("firepower_tui").joinpath("data/RULES.md").read_text("utf-8"))


__all__ = ["Hit", "Place", "Rulebook", "Section", "refs_in", "rulebook"]
