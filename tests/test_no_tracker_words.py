"""No words of the project's tracker anywhere in the repository: the package (its help texts,
docstrings shown as help, the lessons, the rulebook, the screens' words, the data files), the
README, the documentation in docs/, the scenarios, the tests and the benchmarks. History lives
in git."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEXT = {".py", ".toml", ".md", ".tcss", ".txt", ".json", ".html", ".css", ".js"}
TRACKER = re.compile(
    r"\bissues?\s*#?\s*\d+"  # issue 13, issue #28
    r"|\bissue:"  # (issue: scenarios)
    r"|\btracker\b"
    r"|\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\d+(?:st|nd|rd|th))"
    r"\s+session\b"  # the ninth session
    r"|\bsession\s+#?\d+\b"  # session 9
    r"|\bfiled by\b",
    re.IGNORECASE)


def shipped_files() -> list[Path]:
    files = [p for p in (ROOT / "firepower_tui").rglob("*") if p.suffix in TEXT and "__pycache__" not in p.parts]
    files += sorted((ROOT / "docs").glob("*.md")) + sorted((ROOT / "scenarios").glob("*.toml"))
    files += [p for top in ("tests", "bench") for p in (ROOT / top).rglob("*.py") if p != Path(__file__).resolve()]
    files.append(ROOT / "README.md")
    return sorted(files)


def test_the_pattern_finds_tracker_words_and_leaves_plain_words() -> None:
    for bad in ("the threat view (issue 13)", "Opens the picker (issue: scenarios)", "Until the ninth session",
                "see the tracker", "in session 9"):
        assert TRACKER.search(bad), bad
    for fine in ("the items each scenario issues", "Scenario-issued items", "a game session", "Session(sc, seed=1)"):
        assert not TRACKER.search(fine), fine


def test_no_tracker_words() -> None:
    found = []
    for path in shipped_files():
        text = path.read_text(encoding="utf-8")
        found += [f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)!r}"
                  for m in TRACKER.finditer(text)]
    assert not found, "\n".join(found)
