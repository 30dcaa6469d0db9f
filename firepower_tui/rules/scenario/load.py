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

import copy
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ..kit.untrusted import MAX_FILE_BYTES, PARSER_FAILURES, cut, parser_failure, shape_problem
from ..model.errors import Problem, ScenarioError
from ..board.terrain import MapData
from ..model.scenario import Scenario, ScenarioFile, spec_from_data
from .checks import KNOWN_RULES, ScenarioProblem, fill_fence_sides, schema_problems, spec_problems, toml_problem


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
            game_map, problems = spec_problems(spec, lines)
            if not problems:
                return Scenario(spec=fill_fence_sides(spec, game_map), map=game_map, path=name, digest=digest,
                                text=text)
    checked = check_text(text)
    if checked.problems or checked.spec is None or checked.map is None or checked.data is None:
        raise ScenarioError(name, [p.as_problem(name) for p in checked.problems])
    if cache is not None:
        cache.put(text, checked.data)
    return Scenario(spec=fill_fence_sides(checked.spec, checked.map), map=checked.map, path=name, digest=digest,
                    text=text)


def list_problems(text: str, name: str = "<scenario>") -> list[ScenarioProblem]:
    """Every problem of a scenario file given as its TOML text, in one run (ruling R280), and
    never an exception: a TOML syntax error (with its column); else every schema error (a string
    where a number goes, an unknown key) and every problem of the checks beyond the schema (an
    unknown side, weapon, rule or terrain letter, a hex off the map), each with its line, key
    path, message and hint. An empty list: the file loads. ``name`` is the file's name (the
    problems are placed by line and key; a caller adds the name to its messages)."""
    del name  # the problems are placed by line and key; a caller adds its file name
    try:
        return check_text(text).problems
    except RecursionError:
        return [ScenarioProblem(None, "", "nested too deeply to read", "a scenario nests tables a few levels deep")]


@dataclass(frozen=True, slots=True)
class Checked:
    """A text through every check: its problems, and what could be read of it."""

    problems: list[ScenarioProblem]
    spec: ScenarioFile | None
    """The file as read; where the schema refused a value, a stand-in so the other checks still
    run (None when not even that could be read)."""
    map: MapData | None
    data: dict[str, Any] | None
    """The validated plain data, only when the schema passed."""


def check_text(text: str) -> Checked:
    """Check a scenario text through TOML, the schema and the cross-field checks, every problem
    collected (see :func:`list_problems`); never raises on a bad text."""
    import tomllib

    from pydantic import ValidationError

    from .schema import ScenarioFile as Schema

    problem = shape_problem(text)
    if problem:
        return Checked([ScenarioProblem(None, "", problem, "a scenario is a small UTF-8 TOML text")], None, None, None)
    lines = text.splitlines()
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return Checked([toml_problem(exc)], None, None, None)
    except PARSER_FAILURES as exc:
        return Checked([ScenarioProblem(None, "", parser_failure(exc), "a scenario is a small UTF-8 TOML text")],
                       None, None, None)
    problem = shape_problem(raw)
    if problem:
        return Checked([ScenarioProblem(None, "", problem, "a scenario nests tables a few levels deep")],
                       None, None, None)
    try:
        data = Schema.model_validate(raw).model_dump(mode="json")
    except ValidationError as exc:
        schema = schema_problems(lines, exc)
        stand_in = _stand_in(raw, exc, Schema)
        if stand_in is None:
            return Checked(schema, None, None, None)
        spec = spec_from_data(stand_in)
        game_map, more = spec_problems(spec, lines)
        refused = [p.key for p in schema]
        more = [p for p in more if not any(_under(p.key, k) for k in refused)]
        return Checked(_in_file_order(schema + more), spec, game_map, None)
    spec = spec_from_data(data)
    game_map, problems = spec_problems(spec, lines)
    return Checked(_in_file_order(problems), spec, game_map, data)


def _under(key: str, refused: str) -> bool:
    """Whether a problem at ``key`` comes of a value the schema refused at ``refused``."""
    return key == refused or key.startswith((refused + ".", refused + "["))


def _in_file_order(problems: list[ScenarioProblem]) -> list[ScenarioProblem]:
    """By line (a problem of the whole file, with none, first); the checks' order within a line."""
    return sorted(problems, key=lambda p: p.line if p.line is not None else 0)


# --- stand-ins: a file the schema refused, read for the checks beyond it ---------------------

def _stand_in(raw: dict[str, Any], exc: Any, schema: Any) -> dict[str, Any] | None:
    """``raw`` with each value the schema refused dropped (its default then applies) or, where the
    key is required, a harmless stand-in: the data the schema then accepts, or None when no
    stand-in makes it whole (a ``[map]`` that is not a table, say)."""
    from pydantic import ValidationError

    data = copy.deepcopy(raw)
    errors = exc.errors(include_url=False)
    for _ in range(8):
        for err in sorted(errors, key=lambda e: len(e["loc"]), reverse=True):
            if not _mend(data, tuple(err["loc"]), err["type"] == "missing"):
                return None
        try:
            mended: dict[str, Any] = schema.model_validate(data).model_dump(mode="json")
            return mended
        except ValidationError as again:
            errors = again.errors(include_url=False)
    return None


def _mend(data: dict[str, Any], loc: tuple[Any, ...], missing: bool) -> bool:
    """Drop the value at ``loc`` or, when it is ``missing`` and required, put a stand-in there."""
    parent: Any = data
    for i, part in enumerate(loc[:-1]):
        child = parent.get(part) if isinstance(parent, dict) else (
            parent[part] if isinstance(parent, list) and isinstance(part, int) and part < len(parent) else None)
        if not isinstance(child, dict | list):
            return _drop(parent, part, loc[:i])
        parent = child
    last = loc[-1]
    if missing:
        value = _STAND_IN.get(tuple("#" if isinstance(p, int) else p for p in loc))
        if value is None:
            return _drop_entry(data, loc)
        parent[last] = value(data) if callable(value) else value
        return True
    return _drop(parent, last, loc[:-1])


def _drop(parent: Any, key: Any, where: tuple[Any, ...]) -> bool:
    if isinstance(parent, dict) and key in parent:
        del parent[key]
        return True
    if isinstance(parent, list) and isinstance(key, int) and key < len(parent):
        del parent[key]
        return True
    return bool(where) or isinstance(parent, dict)  # gone already (two errors at one place)


def _drop_entry(data: dict[str, Any], loc: tuple[Any, ...]) -> bool:
    """Drop the list entry (a soldier, a building) that holds ``loc``; False at the top."""
    for i in range(len(loc) - 1, 0, -1):
        if isinstance(loc[i], int):
            parent: Any = data
            for part in loc[:i]:
                parent = parent[part]
            if isinstance(parent, list) and loc[i] < len(parent):
                del parent[loc[i]]
                return True
    return False


def _first_side(data: dict[str, Any]) -> str:
    sides = data.get("sides")
    if isinstance(sides, list) and sides and isinstance(sides[0], dict) and isinstance(sides[0].get("id"), str):
        return str(sides[0]["id"])
    return "side"


def _terrain_rows(data: dict[str, Any]) -> list[str]:
    terrain = data.get("map", {}).get("terrain") if isinstance(data.get("map"), dict) else None
    return [r.strip() for r in terrain.strip("\n").splitlines() if r.strip()] if isinstance(terrain, str) else []


def _columns(data: dict[str, Any]) -> int:
    rows = _terrain_rows(data)
    return max(1, min(200, max((len(r) for r in rows), default=1)))


def _rows(data: dict[str, Any]) -> int:
    return max(1, min(200, len(_terrain_rows(data))))


def _open_map(data: dict[str, Any]) -> str:
    m = data.get("map", {})
    columns = m.get("columns") if isinstance(m.get("columns"), int) else _columns(data)
    rows = m.get("rows") if isinstance(m.get("rows"), int) else _rows(data)
    return "\n".join("." * columns for _ in range(rows))


_STAND_IN: dict[tuple[Any, ...], Any] = {
    ("id",): "scenario",
    ("title",): "scenario",
    ("turns",): 1,
    ("map", "columns"): _columns,
    ("map", "rows"): _rows,
    ("map", "terrain"): _open_map,
    ("sides", "#", "name"): "side",
    ("soldiers", "#", "side"): _first_side,
    ("soldiers", "#", "weapon"): "RFL",
    ("zones", "#", "side"): _first_side,
    ("zones", "#", "rows"): lambda data: [1, 1],
    ("forces", "#", "budget"): 100,
}
"""A required key's stand-in when the schema refused its value (the value itself is named)."""


__all__ = ["KNOWN_RULES", "Checked", "ScenarioProblem", "TextCache", "check_text", "list_problems", "find_scenario", "load_scenario", "parse_scenario", "scenario_dirs"]
