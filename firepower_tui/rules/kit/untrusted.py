"""Reading files a player may have been sent (scenarios, game records, lessons, settings): the
limits every reader applies, and what it says when a file breaks the parser itself.

A parser given a hostile file can fail in ways its own error type does not cover: nesting
a thousand deep exhausts Python's recursion (``RecursionError``), a number of 5,000 digits
exceeds the integer conversion limit (``ValueError``), a huge file exhausts memory
(``MemoryError``), and a JSON escape can write an unpaired surrogate, a string no UTF-8 file
holds and no database or terminal accepts. The readers turn each into a problem naming the
file (exit code 2), never a traceback.
"""

from __future__ import annotations

MAX_DEPTH = 32
"""Nesting a file may have (tables and lists inside each other); the deepest a shipped file
or an exported record goes is 4."""

MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest file read (a scenario is a few KB, the record of a long game some 100 KB)."""

MAX_QUOTED = 60
"""Characters of a value a message quotes (:func:`cut`)."""

PARSER_FAILURES = (RecursionError, MemoryError, OverflowError, ValueError)
"""What a parser may raise beyond its own syntax error on a hostile file (``ValueError``
covers a number beyond the integer conversion limit and a text that is not UTF-8)."""


def parser_failure(exc: BaseException) -> str:
    """What a reader says when its parser fails with one of :data:`PARSER_FAILURES`.

    >>> parser_failure(RecursionError())
    'nested too deeply to read (at most 32 levels)'
    """
    if isinstance(exc, RecursionError):
        return f"nested too deeply to read (at most {MAX_DEPTH} levels)"
    if isinstance(exc, MemoryError):
        return "too large to read"
    if isinstance(exc, UnicodeError):
        return "not UTF-8 text"
    if isinstance(exc, OverflowError) or "digits" in str(exc):
        return "holds a number too large to read"
    return f"cannot be read: {cut(str(exc), 200)}"


def shape_problem(data: object, max_depth: int = MAX_DEPTH) -> str | None:
    """Why parsed data cannot be taken in (None: it can): nested deeper than ``max_depth``, or a
    string, key or value, holding an unpaired surrogate. Walks the data without recursion.

    >>> shape_problem({"a": [1, {"b": "c"}]}) is None
    True
    >>> shape_problem({"id": "\\ud800"})
    'a string holds an unpaired surrogate (\\\\ud800), which is not text'
    >>> shape_problem([[[[]]]], max_depth=3)
    'nested too deeply (more than 3 levels)'
    """
    stack: list[tuple[object, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            problem = _surrogate(value)
            if problem:
                return problem
        elif isinstance(value, (dict, list, tuple)):
            if depth >= max_depth:
                return f"nested too deeply (more than {max_depth} levels)"
            items = [*value.keys(), *value.values()] if isinstance(value, dict) else list(value)
            stack.extend((item, depth + 1) for item in items)
    return None


def _surrogate(text: str) -> str | None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return f"a string holds an unpaired surrogate ({text[exc.start].encode('unicode_escape').decode()}), " \
            "which is not text"
    return None


def cut(text: str, limit: int = MAX_QUOTED) -> str:
    """``text`` as a message quotes it: at most ``limit`` characters, a cut marked with how much
    was left out (a 1 MB action is not echoed whole).

    >>> cut("move T1")
    'move T1'
    >>> cut("x" * 100, 10)
    'xxxxxxxxxx… (100 characters)'
    """
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} characters)"


__all__ = ["MAX_DEPTH", "MAX_FILE_BYTES", "PARSER_FAILURES", "cut", "parser_failure", "shape_problem"]
