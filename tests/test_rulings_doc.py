"""docs/rulings.md, the list of the game's rulings: every ruling the package, the tests and the
docs cite is there, each is one heading with one paragraph, and each stands under a section
(a section of RULES.md, or a group of what is not a rule of the game)."""

from __future__ import annotations

import ast
import io
import re
import tokenize
import tomllib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULINGS = ROOT / "docs" / "rulings.md"
SPEC = ROOT / "docs" / "RULES.md"

HEADING = re.compile(r"^### (R\d+) — \S.*$")
"""A ruling's heading: ``### R42 — Hiding is automatic; overwatch and melee (§9.3, §9.1)``."""
CITED = re.compile(r"\bR\d+\b")
WHOLE_ID = re.compile(r"[A-Z]{1,2}\d+")
"""A string that is only an id (``"B12"``) may be a map hex or a soldier, not a ruling."""
HEX_PLACES = {"H", "hex_from_id", "soldier", "hex", "hexes", "at", "to", "id"}
"""Calls and keywords whose string argument is a hex or a soldier (``H("B5")``, ``hex = "C12"``)."""


def _lines() -> list[str]:
    return RULINGS.read_text(encoding="utf-8").splitlines()


def ruling_ids() -> list[str]:
    """The ids of the rulings' headings, in the file's order (one per ruling)."""
    return [m.group(1) for line in _lines() if (m := HEADING.match(line))]


def _spec_sections() -> set[str]:
    """RULES.md's section numbers (``1``, ``4.10.2``, ``9.1``), from its headings."""
    return set(re.findall(r"^#{2,4} (\d+(?:\.\d+)*)\.? ", SPEC.read_text(encoding="utf-8"), re.M))


# --- the ids cited -----------------------------------------------------------------------------

def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _python_texts(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) of each comment and string of a Python file; a string that is only an id is
    left out where it names a hex or a soldier."""
    source = path.read_text(encoding="utf-8")
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            yield tok.start[0], tok.string
    tree = ast.parse(source)
    hex_places: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node.func) in HEX_PLACES:
            hex_places.update(id(a) for a in node.args)
        if isinstance(node, ast.keyword) and node.arg in HEX_PLACES:
            hex_places.add(id(node.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in hex_places and WHOLE_ID.fullmatch(node.value.strip()):
                continue
            yield node.lineno, node.value


def _toml_texts(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) of each comment and prose string of a TOML file (scenarios, lessons): a value
    that is only an id is a hex or a soldier there."""
    text = path.read_text(encoding="utf-8")
    for n, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("#"):
            yield n, line

    def walk(value: object) -> Iterator[str]:
        if isinstance(value, dict):
            for item in value.values():
                yield from walk(item)
        elif isinstance(value, list):
            for item in value:
                yield from walk(item)
        elif isinstance(value, str) and not WHOLE_ID.fullmatch(value.strip()):
            yield value

    for s in walk(tomllib.loads(text)):
        yield 0, s


def _sources() -> Iterator[Path]:
    """Where rulings are cited: the package, the tests, the benchmarks, the docs, the README and
    the scenarios (not the golden records, whose log lines name hexes)."""
    for top in ("firepower_tui", "tests", "bench"):
        yield from sorted((ROOT / top).rglob("*.py"))
    yield from sorted((ROOT / "firepower_tui").rglob("*.md"))
    yield from sorted((ROOT / "firepower_tui").rglob("*.toml"))
    yield from sorted((ROOT / "scenarios").glob("*.toml"))
    yield from sorted((ROOT / "tests" / "fixtures" / "scenarios").glob("*.toml"))
    yield from sorted((ROOT / "docs").glob("*.md"))
    if (ROOT / "README.md").is_file():
        yield ROOT / "README.md"


def cited_ids() -> dict[str, str]:
    """Every ruling id cited, with the first place that cites it (``path:line``)."""
    out: dict[str, str] = {}
    for path in _sources():
        if path.suffix == ".py":
            texts: Iterator[tuple[int, str]] = _python_texts(path)
        elif path.suffix == ".toml":
            texts = _toml_texts(path)
        else:
            texts = enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for line, text in texts:
            for rid in CITED.findall(text):
                out.setdefault(rid, f"{path.relative_to(ROOT)}:{line}")
    return out


@pytest.mark.slow  # reads every source file of the repository
def test_every_cited_ruling_is_in_rulings_md() -> None:
    cited = cited_ids()
    assert len(cited) > 50  # the scan reads the places the rulings are cited in
    known = set(ruling_ids())
    missing = {rid: where for rid, where in cited.items() if rid not in known}
    assert missing == {}, f"cited but not in docs/rulings.md: {missing}"


def test_the_scan_skips_hexes_and_soldiers_but_not_rulings(tmp_path: Path) -> None:
    r = "R"  # (written apart, so that this file cites none of these made-up ids)
    code = tmp_path / "x.py"
    code.write_text(f'H("{r}905")\nf(hex="{r}906")\nRefusal("no", rule="{r}907")\n["{r}908"]\n# see {r}909\n',
                    encoding="utf-8")
    found = {rid for _, text in _python_texts(code) for rid in CITED.findall(text)}
    assert found == {f"{r}907", f"{r}908", f"{r}909"}
    toml = tmp_path / "x.toml"
    toml.write_text(f'# ruling {r}910\ntext = "as {r}911 says"\nhex = "{r}912"\n', encoding="utf-8")
    assert {rid for _, text in _toml_texts(toml) for rid in CITED.findall(text)} == {f"{r}910", f"{r}911"}


# --- the file's shape --------------------------------------------------------------------------

def test_each_ruling_is_one_heading() -> None:
    lines = _lines()
    bad = [line for line in lines if line.startswith("### ") and not HEADING.match(line)]
    assert bad == [], "a ruling's heading is `### R<n> — <question>`"
    twice = sorted(rid for rid, n in Counter(ruling_ids()).items() if n > 1)
    assert twice == [], f"rulings with more than one heading: {twice}"
    assert len(ruling_ids()) > 100


def test_each_ruling_is_one_paragraph() -> None:
    """Its heading, one blank line, then one block of text (a superseded ruling: one line
    naming the ruling that replaced it), up to the next heading."""
    lines = _lines()
    starts = [i for i, line in enumerate(lines) if line.startswith("#")] + [len(lines)]
    for a, b in zip(starts, starts[1:]):
        m = HEADING.match(lines[a])
        if not m:
            continue
        body = lines[a + 1:b]
        while body and not body[-1].strip():
            body.pop()
        assert len(body) >= 2 and body[0] == "" and all(line.strip() for line in body[1:]), \
            f"{m.group(1)}: one paragraph after its heading"


def test_each_ruling_stands_under_a_section() -> None:
    """Every ruling comes after a `## ` heading; one that names a section (`## §9.1 Overwatch`)
    names a section of RULES.md."""
    sections = _spec_sections()
    assert {"1", "4.10.2", "9.1", "10.5"} <= sections
    group: str | None = None
    for line in _lines():
        if line.startswith("## "):
            group = line[3:]
            m = re.match(r"§(\d+(?:\.\d+)*) ", group)
            assert m is None or m.group(1) in sections, f"`{line}`: RULES.md has no §{m.group(1)}"
        elif (h := HEADING.match(line)):
            assert group is not None, f"{h.group(1)} stands under no section"
