"""What the schema made of a scenario text it already checked, so the next start needs no pydantic.

Importing pydantic and building the schema cost a game's start about a third of a bare
Textual app's whole start. Once a text has passed the schema, its validated plain data is
kept in ``$XDG_CACHE_HOME/firepower/scenarios/`` (``~/.cache/...``), one JSON file per text,
named by the text's SHA-256; the file also holds a fingerprint of the schema (the package
version and the schema's own source files), so an entry is used only for the very same text
under the very same schema. Anything else (a new or edited file, another version, a damaged
or unreadable entry) is a miss, and the text goes through pydantic as ever. The cross-field
checks (:mod:`.scenario_checks`) run on every load either way; ``firepower validate`` never
reads the cache.

Only texts that passed every check are written; a cache that cannot be written is no error.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from .. import __version__

_SCHEMA_SOURCES = ("scenario_schema.py", "scenario_spec.py")


def cache_dir() -> Path:
    """``$XDG_CACHE_HOME/firepower/scenarios`` (``~/.cache/firepower/scenarios``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "firepower" / "scenarios"


def fingerprint() -> str:
    """The package version and the size and time of each schema source file: any edit to the
    schema (or a new version) makes every entry a miss."""
    here = Path(__file__).parent
    parts = [__version__]
    for name in _SCHEMA_SOURCES:
        try:
            st = (here / name).stat()
        except OSError:
            return ""  # no source to compare against: never trust an entry
        parts.append(f"{name}:{st.st_size}:{st.st_mtime_ns}")
    return " ".join(parts)


def get(digest: str) -> dict[str, Any] | None:
    """The validated data of the text with SHA-256 ``digest``, if the cache holds it for this schema."""
    key = fingerprint()
    if not key or not digest:
        return None
    try:
        entry = json.loads((cache_dir() / f"{digest}.json").read_bytes())
    except (OSError, ValueError):
        return None
    if not isinstance(entry, dict) or entry.get("fingerprint") != key or entry.get("digest") != digest:
        return None
    data = entry.get("data")
    return data if isinstance(data, dict) else None


def put(digest: str, data: dict[str, Any]) -> None:
    """Keep the validated data of a text that passed every check (written whole, or not at all)."""
    key = fingerprint()
    if not key or not digest:
        return
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


def toml_data(path: Path) -> dict[str, Any]:
    """The parsed TOML of a package data file (the weapon chart), kept as JSON next to the
    scenarios' entries (``.../firepower/data/NAME.json``) under the file's size and time and the
    package version, so that a start needs no tomllib (its import cost the first frame 2 ms).
    A miss, or a cache that cannot be read or written, parses the file as ever."""
    try:
        st = path.stat()
        key = f"{__version__} {path.name}:{st.st_size}:{st.st_mtime_ns}"
    except OSError:
        key = ""
    kept = cache_dir().parent / "data" / f"{path.stem}.json"
    if key:
        try:
            entry = json.loads(kept.read_bytes())
            if isinstance(entry, dict) and entry.get("fingerprint") == key and isinstance(entry.get("data"), dict):
                data: dict[str, Any] = entry["data"]
                return data
        except (OSError, ValueError):
            pass
    import tomllib

    data = tomllib.loads(path.read_text("utf-8"))
    if key:
        tmp = kept.with_name(f".{kept.name}.{os.getpid()}.tmp")
        try:
            kept.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(json.dumps({"fingerprint": key, "data": data}), encoding="utf-8")
            os.replace(tmp, kept)
        except (OSError, TypeError, ValueError):
            try:
                tmp.unlink()
            except OSError:
                pass
    return data
