"""Scenarios: a loaded, checked scenario file and how one is found and loaded (RULES.md §6, §10.1).

A scenario is a hand-editable TOML file in ``scenarios/``. :func:`load_scenario`
collects **every** problem in a file — TOML syntax (with line and column), schema
errors (:mod:`.scenario_schema`, with the key path and the line found for it), and
cross-field checks naming their rule (:mod:`.scenario_checks`) — and raises one
:class:`ScenarioError` listing them all. A caller may hand in a cache of texts that passed
the schema before (:class:`TextCache`; the game's is ``games.scenario_cache``, on disk): such a
text is taken from it without TOML or pydantic (the cross-field checks still run).
"""

from __future__ import annotations

import hashlib
from functools import cached_property
from pathlib import Path
from typing import Any, Protocol

from .errors import Problem, ScenarioError
from .board.hexgrid import Hex, OffsetCoord, column_index, hex_from_id, qoffset_to_cube
from .kit.records import record
from .scenario_checks import KNOWN_RULES, check_spec, fill_fence_sides, schema_problems, toml_problem
from .scenario_spec import ScenarioFile, spec_from_data
from .board.terrain import MapData
from .kit.untrusted import MAX_FILE_BYTES, PARSER_FAILURES, cut, parser_failure, shape_problem


@record(kw_only=False, slots=False)
class Scenario:
    """A loaded, checked scenario: the file plus the built map."""

    spec: ScenarioFile
    map: MapData
    path: str
    """Where it was loaded from."""
    digest: str
    """SHA-256 of the file's bytes (a changed file is detected on resume)."""
    text: str = ""
    """The file's text (stored with each game, so a game replays even if the file changes)."""

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def objective_hexes(self) -> list[Hex]:
        return [hex_from_id(h) for h in self.spec.objectives]

    def zone(self, side: str) -> frozenset[Hex]:
        """The hexes of a side's deployment zone (empty if it has none)."""
        zones = self._zones
        if side not in zones:
            zones[side] = self._zone(side)
        return zones[side]

    @cached_property
    def _zones(self) -> dict[str, frozenset[Hex]]:
        return {}

    def _zone(self, side: str) -> frozenset[Hex]:
        out: set[Hex] = set()
        for z in self.spec.zones:
            if z.side != side:
                continue
            c0, c1 = (0, self.spec.map.columns - 1) if z.columns is None else \
                (column_index(z.columns[0]), column_index(z.columns[1]))
            for col in range(c0, c1 + 1):
                for row in range(z.rows[0] - 1, z.rows[1]):
                    h = qoffset_to_cube(OffsetCoord(col, row))
                    if self.map.on_map(h):
                        out.add(h)
        return frozenset(out)

    @property
    def has_zones(self) -> bool:
        return bool(self.spec.zones)

    @property
    def needs_deployment(self) -> bool:
        """Some soldier has no fixed hex, or a side is bought by points."""
        return bool(self.spec.forces) or any(s.hex is None for s in self.spec.soldiers)

    def side_name(self, side: str) -> str:
        """Display name of a side id."""
        for s in self.spec.sides:
            if s.id == side:
                return s.name
        return side


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
    return [(Path(__file__).resolve().parents[1] / "scenarios").resolve()]


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

    from .scenario_schema import ScenarioFile as Schema

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


__all__ = ["KNOWN_RULES", "Scenario", "ScenarioFile", "TextCache", "find_scenario", "load_scenario", "parse_scenario",
           "scenario_dirs"]
