"""The player's edition of the rules (data/rulebook.md) against the specification (docs/RULES.md):
every number the game cites opens a section, every chart carries the specification's numbers,
every section, ambiguity and original paragraph of the specification is there, and none of the
sources' working notes is."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

from firepower_tui.ui.rulebook_index import Rulebook, anchor_index, refs_in, rulebook, rulebook_text

ROOT = Path(__file__).resolve().parents[2]
SPEC_PATH = ROOT / "docs" / "RULES.md"
SPEC = Rulebook(SPEC_PATH.read_text(encoding="utf-8"))
BOOK = rulebook()

RULE_ID = re.compile(r"^(§\d+(?:\.\d+)*|[1-9]\d?(?:\.\d+)+|A\d+)(?:\s|$)")
"""A whole string that is a rule id, maybe followed by words (``6.2.1``, ``§9.6``, ``4.7 LMG 13-20``, ``A25``)."""


# --- every id the game cites ------------------------------------------------------------------------

def _code_ids() -> dict[str, str]:
    """Every rule id the game's code can show: references in brackets in its strings, and strings
    that are a rule id (the ``rule`` of a refusal, a modifier, an event). Id -> where."""
    out: dict[str, str] = {}
    for path in sorted((ROOT / "firepower_tui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            for _, _, ref in refs_in(node.value):
                if not ref.startswith("0"):  # "[0.0]" is a number, not a rule
                    out.setdefault(ref, where)
            m = RULE_ID.match(node.value.strip())
            if m:
                out.setdefault(m.group(1), where)
    return out


def _lesson_ids() -> dict[str, str]:
    """Every rule a lesson cites: its and its steps' ``rules``, and references in brackets."""
    out: dict[str, str] = {}

    def walk(value: object, where: str) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key == "rules" and isinstance(item, list) and all(isinstance(r, str) for r in item):
                    for r in item:
                        if RULE_ID.match(r):  # (a lesson scenario's `rules` are optional rule ids)
                            out.setdefault(r, where)
                else:
                    walk(item, where)
        elif isinstance(value, list):
            for item in value:
                walk(item, where)
        elif isinstance(value, str):
            for _, _, ref in refs_in(value):
                out.setdefault(ref, where)

    for path in sorted((ROOT / "firepower_tui" / "data" / "lessons").glob("*.toml")):
        walk(tomllib.loads(path.read_text(encoding="utf-8")), path.name)
    return out


def _test_ids() -> dict[str, str]:
    """The rules the tests mark (``@pytest.mark.rule("6.3.4.1")``) and look up (``find("A17")``)."""
    out: dict[str, str] = {}
    for path in sorted((ROOT / "tests").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"mark\.rule\(\"([^\"]+)\"\)|\.find\(\"([^\"]+)\"\)", text):
            ref = m.group(1) or m.group(2)
            if RULE_ID.match(ref):
                out.setdefault(ref, path.name)
    return out


def test_the_scan_sees_the_ids_it_should() -> None:
    """The scans are not empty by accident: refusals, lesson steps and test marks are all in."""
    code, lessons, tests = _code_ids(), _lesson_ids(), _test_ids()
    assert {"6.2.1", "§9.6", "6.3.6.2.5", "A25", "4.10.4", "§10.2"} <= set(code)
    assert {"6.2", "3.2", "4.10.5"} <= set(lessons)
    assert {"6.3.4.1", "§9.1"} <= set(tests)


@pytest.mark.parametrize("source", ["code", "lessons", "tests"])
def test_every_rule_the_game_cites_opens_a_section(source: str) -> None:
    ids = {"code": _code_ids, "lessons": _lesson_ids, "tests": _test_ids}[source]()
    lost = {ref: where for ref, where in ids.items() if BOOK.find(ref) is None}
    assert not lost, f"cited but not in the rulebook: {lost}"


@pytest.mark.parametrize(("ref", "number"), [
    ("6.1", "2.1"), ("6.1.2", "2.2"), ("6.2", "2.3"), ("6.2.1", "3.3"), ("6.3", "4"), ("6.3.4", "4.4"),
    ("6.3.6.2.5", "4.8"), ("6.3.6.3.2.1", "4.10.2"), ("6.4.2", "4.11.2"), ("6.5", "5"), ("6.6", "2.5"),
])
def test_an_original_paragraph_opens_the_rule_it_numbers(ref: str, number: str) -> None:
    place = BOOK.find(ref)
    assert place is not None and BOOK.sections[place.section].number == number


def test_each_original_paragraph_is_marked_once_and_every_one_of_the_spec_is() -> None:
    """The book marks an original paragraph in one place only, never a number of its own sections
    (only section 6 of the original is known), and every paragraph the specification cites."""
    marks: dict[str, list[int]] = {}
    for i, line in enumerate(BOOK.lines):
        for mark in re.findall(r"\[(\d+(?:\.\d+)+(?:,\s*\d+(?:\.\d+)+)*)\]", re.sub(r"`[^`]*`", "", line)):
            for number in re.findall(r"\d+(?:\.\d+)+", mark):
                marks.setdefault(number, []).append(i)
        row = re.match(r"^\|\s*(\d+(?:\.\d+)+)\s*\|", line)
        if row and row.group(1) not in marks:
            marks[row.group(1)] = [i]
    twice = {n: lines for n, lines in marks.items() if len(lines) > 1}
    assert not twice
    assert all(n.startswith("6.") for n in marks), sorted(n for n in marks if not n.startswith("6."))
    spec_paragraphs = {n for tag in re.findall(r"\[S6 ([^\]]*)\]", "\n".join(SPEC.lines))
                       for n in re.findall(r"\b6(?:\.\d+)+", tag)}
    spec_paragraphs |= {m for line in SPEC.lines if (m := (re.match(r"^\|\s*(6(?:\.\d+)+)\s*\|", line) or
                                                           [None, None])[1])}
    assert spec_paragraphs - set(anchor_index(BOOK.lines)) == set()


def test_every_section_and_ambiguity_of_the_spec_is_in_the_book() -> None:
    assert {s.number for s in SPEC.sections if s.number} <= {s.number for s in BOOK.sections if s.number}
    spec_a = set(re.findall(r"^\*\*(A\d+)\.", "\n".join(SPEC.lines), re.M))
    assert len(spec_a) == 36 and all(BOOK.find(a) is not None for a in spec_a)
    assert all(BOOK.sections[BOOK.find(a).section].number == "7" for a in spec_a)  # type: ignore[union-attr]


def test_every_ruling_the_book_names_is_a_ruling() -> None:
    rulings = set(re.findall(r"^### (R\d+) — ", (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8"), re.M))
    named = set(re.findall(r"\bR\d+\b", rulebook_text()))
    assert named and named <= rulings, sorted(named - rulings)


@pytest.mark.parametrize("note", ["[INF", "[CARD", "[S6", "[RU", "[OCR", "[BGG", "[WG", "[ADAPT", "scribd", "OCR",
                                  "translat", "seed", "poisk", "http", "Make it a scenario field", "not found",
                                  "implementation", "RULES.md"])
def test_no_working_note_of_the_sources(note: str) -> None:
    text = rulebook_text()
    assert note.lower() not in text.lower(), [line for line in text.splitlines() if note.lower() in line.lower()]


# --- the charts -----------------------------------------------------------------------------------

NOT_CHARTS = {"0": "the specification's table of its sources' tags", "8": "its table of sources",
              "3.10": "a checklist, reworded for players"}


def _numbers(text: str) -> list[str]:
    """The numbers of a cell as a player reads them: references, source tags and ids left out."""
    text = re.sub(r"\[[^\]]*\]", " ", text)
    text = re.sub(r"\bseeds? \d+", " ", text)
    text = re.sub(r"§?\d+(?:\.\d+)+|§\d+|\b[AR]\d+\b", " ", text)
    return re.findall(r"[+-]?\d+", text.replace("−", "-"))


def _charts(book: Rulebook) -> dict[str, list[list[list[str]]]]:
    """Each section's tables and diagrams: for every table its rows' numbers (the rule line left
    out), for every diagram its lines' numbers."""
    out: dict[str, list[list[list[str]]]] = {}
    current: list[list[str]] | None = None
    fence = False
    for i, line in enumerate(book.lines):
        number = book.sections[book.section_of(i)].number
        if number in NOT_CHARTS:
            current = None
            continue
        if line.startswith("```"):
            fence = not fence
            current = [] if fence else None
            if fence:
                out.setdefault(number, []).append(current)
            continue
        if fence and current is not None:
            current.append(_numbers(line))
        elif line.startswith("|"):
            if current is None:
                current = []
                out.setdefault(number, []).append(current)
            if not re.fullmatch(r"[|\s:-]+", line):
                current.append([n for cell in line.strip("|").split("|") for n in _numbers(cell)])
        else:
            current = None
    return out


def test_the_charts_carry_the_specifications_numbers() -> None:
    """Row by row, every table and diagram of the book holds the numbers of the specification's,
    in order (words may differ; numbers may not)."""
    spec, book = _charts(SPEC), _charts(BOOK)
    assert set(book) == set(spec)
    for number, tables in spec.items():
        assert len(book[number]) == len(tables), number
        for k, (theirs, ours) in enumerate(zip(tables, book[number])):
            assert ours == theirs, f"§{number} chart {k + 1}"


def test_the_chart_check_sees_a_changed_number() -> None:
    changed = rulebook_text().replace("| RFL rifle | 2x3 / 2 | 5 / 6 |", "| RFL rifle | 2x3 / 2 | 5 / 7 |")
    assert changed != rulebook_text()
    assert _charts(Rulebook(changed))["4.7"] != _charts(SPEC)["4.7"]
