"""Scenarios: a loaded, checked scenario file and how one is found and loaded (RULES.md §6, §10.1).

A scenario is a hand-editable TOML file in ``scenarios/``. :func:`load_scenario`
collects **every** problem in a file — TOML syntax (with line and column), schema
errors (:mod:`.schema`, with the key path and the line found for it), and
cross-field checks naming their rule (:mod:`.checks`) — and raises one
:class:`ScenarioError` listing them all. A caller may hand in a cache of texts that passed
the schema before (:class:`TextCache`; the game's is ``games.scenario_cache``, on disk): such a
text is taken from it without TOML or pydantic (the cross-field checks still run).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, Protocol

from ..kit.untrusted import MAX_FILE_BYTES, PARSER_FAILURES, cut, parser_failure, shape_problem
from ..model.errors import Problem, ScenarioError
from ..model.scenario import Scenario, spec_from_data
from .checks import KNOWN_RULES, check_spec, fill_fence_sides, schema_problems, toml_problem


# --- loading -------------------------------------------------------------------------

class TextCache(Protocol):
    """The validated plain data of scenario texts that passed every check, by text."""

    def get(self, text: str) -> dict[str, Any] | None:
        """The data kept for exactly ``text``, if any."""

    def put(self, text: str, data: dict[str, Any]) -> None:
        """Keep the data of ``text``, which passed every check."""


def scenario_dirs() -> list[Path]:
    """Where scenario ids are looked up: the package's ``scenarios/`` (in the source tree a link to
    the project's ``scenarios/`` folder, in a built wheel a copy of it)."""
    return [(Path(__file__).resolve().parents[2] / "scenarios").resolve()]


def find_scenario(id_or_path: str) -> Path:
    """A scenario file by path, or by id in :func:`scenario_dirs`.

    Raises:
        ScenarioError: nothing by that name.
    """
    name = cut(id_or_path, 200)
    p = Path(id_or_path)
    try:
        if p.suffix == ".toml" or p.exists():
            if not p.is_file():
                raise ScenarioError(name, [Problem("", "no such file")])
            return p
        for d in scenario_dirs():
            candidate = d / f"{id_or_path}.toml"
            if candidate.is_file():
                return candidate
    except (OSError, ValueError) as exc:  # a name too long for a path, or holding a NUL
        raise ScenarioError(name, [Problem("", f"not a file name: {getattr(exc, 'strerror', None) or exc}")]) from None
    known = sorted(f.stem for d in scenario_dirs() if d.is_dir() for f in d.glob("*.toml"))
    raise ScenarioError(name, [Problem("", f"no scenario with that id (known: {', '.join(known) or 'none'})")])


def load_scenario(id_or_path: str | Path, *, cache: TextCache | None = None) -> Scenario:
    """Load and check a scenario file (``cache``: see :func:`parse_scenario`).

    Raises:
        ScenarioError: with every problem found (file, line, key path, what is wrong).
    """
    path = find_scenario(str(id_or_path))
    name = str(path)
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ScenarioError(name, [Problem("", f"larger than {MAX_FILE_BYTES // 2**20} MB: not a scenario")])
        raw = path.read_bytes()
    except OSError as exc:
        raise ScenarioError(name, [Problem("", f"cannot read: {exc.strerror or exc}")]) from None
    except MemoryError as exc:
        raise ScenarioError(name, [Problem("", parser_failure(exc))]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError(name, [Problem(f"{name}: byte {exc.start}", "not UTF-8 text")]) from None
    return parse_scenario(text, name, cache=cache)


def parse_scenario(text: str, name: str = "<scenario>", *, cache: TextCache | None = None) -> Scenario:
    """Check a scenario given as TOML text (see :func:`load_scenario`). Its digest is the SHA-256
    of the text's UTF-8 bytes, computed here. With ``cache``, a text it holds skips TOML and the
    schema (the cross-field checks still run), and a text that passes every check is given to it.
    """
    problem = shape_problem(text)  # (a text from a game record may hold what no UTF-8 file can)
    if problem:
        raise ScenarioError(name, [Problem(name, problem)])
    digest = hashlib.sha256(text.encode()).hexdigest()
    lines = text.splitlines()
    data = cache.get(text) if cache is not None else None
    if data is not None:
        try:
            spec = spec_from_data(data)
        except (KeyError, TypeError, ValueError):
            pass  # a damaged entry: check the text again
        else:
            game_map, problems = check_spec(spec, name, lines)
            if not problems:
                return Scenario(spec=fill_fence_sides(spec, game_map), map=game_map, path=name, digest=digest,
                                text=text)
    data = _validated_data(text, name, lines)
    spec = spec_from_data(data)
    game_map, problems = check_spec(spec, name, lines)
    if problems:
        raise ScenarioError(name, problems)
    if cache is not None:
        cache.put(text, data)
    return Scenario(spec=fill_fence_sides(spec, game_map), map=game_map, path=name, digest=digest, text=text)


def _validated_data(text: str, name: str, lines: list[str]) -> dict[str, Any]:
    """The text through TOML and the pydantic schema: its plain data, every default filled in.

    Raises:
        ScenarioError: a TOML syntax error, or every schema error.
    """
    import tomllib

    from pydantic import ValidationError

    from .schema import ScenarioFile as Schema

    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(name, [toml_problem(name, exc)]) from None
    except PARSER_FAILURES as exc:
        raise ScenarioError(name, [Problem(name, parser_failure(exc))]) from None
    problem = shape_problem(raw)
    if problem:
        raise ScenarioError(name, [Problem(name, problem)])
    try:
        model = Schema.model_validate(raw)
    except ValidationError as exc:
        raise ScenarioError(name, schema_problems(name, lines, exc)) from None
    return model.model_dump(mode="json")


__all__ = ["KNOWN_RULES", "TextCache", "find_scenario", "load_scenario", "parse_scenario", "scenario_dirs"]
