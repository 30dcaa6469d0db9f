"""What the schema made of a scenario text it already checked, so the next start needs no pydantic.

Importing pydantic and building the schema cost a game's start about a third of a bare
Textual app's whole start. Once a text has passed the schema, its validated plain data is
kept in ``$XDG_CACHE_HOME/firepower/scenarios/`` (``~/.cache/...``), one JSON file per text,
named by the SHA-256 this module computes of the text itself (never a hash a caller or a file
claims); the file also holds a fingerprint of the schema (the package version and the
schema's own source files), so an entry is used only for the very same text under the very
same schema. Anything else (a new or edited file, another version, a damaged or unreadable
entry) is a miss, and the text goes through pydantic as ever. The cross-field checks
(:mod:`firepower_tui.rules.scenario.checks`) run on every load either way.

Only scenario files loaded to be played go through it (:func:`load_cached`): ``firepower
validate`` and ``map check`` never read it, and a scenario text read from a game record or a
game's stored copy never reaches it. Only texts that passed every check are written; a cache
that cannot be written is no error.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from .. import __version__
from ..rules.model.scenario import Scenario
from ..rules.scenario.load import load_scenario

_SCHEMA_SOURCES = ("scenario/schema.py", "model/scenario.py")
_RULES = Path(__file__).resolve().parents[1] / "rules"


def cache_dir() -> Path:
    """``$XDG_CACHE_HOME/firepower/scenarios`` (``~/.cache/firepower/scenarios``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "firepower" / "scenarios"


def fingerprint() -> str:
    """The package version and the size and time of each schema source file: any edit to the
    schema (or a new version) makes every entry a miss."""
    parts = [__version__]
    for name in _SCHEMA_SOURCES:
        try:
            st = (_RULES / name).stat()
        except OSError:
            return ""  # no source to compare against: never trust an entry
        parts.append(f"{name}:{st.st_size}:{st.st_mtime_ns}")
    return " ".join(parts)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


class CheckedTexts:
    """The cache on disk, as :func:`firepower_tui.rules.scenario.load.parse_scenario` asks it."""

    def get(self, text: str) -> dict[str, Any] | None:
        """The validated data of ``text``, if the cache holds it for this schema."""
        key = fingerprint()
        if not key:
            return None
        digest = _digest(text)
        try:
            entry = json.loads((cache_dir() / f"{digest}.json").read_bytes())
        except (OSError, ValueError, RecursionError):
            return None
        if not isinstance(entry, dict) or entry.get("fingerprint") != key or entry.get("digest") != digest:
            return None
        data = entry.get("data")
        return data if isinstance(data, dict) else None

    def put(self, text: str, data: dict[str, Any]) -> None:
        """Keep the validated data of a text that passed every check (written whole, or not at all)."""
        key = fingerprint()
        if not key:
            return
        digest = _digest(text)
        folder = cache_dir()
        tmp = folder / f".{digest}.{os.getpid()}.tmp"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            tmp.write_text(json.dumps({"fingerprint": key, "digest": digest, "data": data}), encoding="utf-8")
            os.replace(tmp, folder / f"{digest}.json")
        except (OSError, TypeError, ValueError):
            try:
                tmp.unlink()
            except OSError:
                pass


CACHE = CheckedTexts()


def load_cached(id_or_path: str | Path) -> Scenario:
    """:func:`~firepower_tui.rules.scenario.load.load_scenario` with the cache: a scenario file loaded
    to be played (by id or path).

    Raises:
        ScenarioError: with every problem found.
    """
    return load_scenario(id_or_path, cache=CACHE)
