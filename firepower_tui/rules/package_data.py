"""The package's own data files (the weapon chart), parsed once and kept as JSON.

A start needs no tomllib this way (its import cost the first frame 2 ms). These are the
package's files, never a user's: the kept copy is named by the file and valid only for its
size and time and the package version.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from .. import __version__


def data_cache_dir() -> Path:
    """``$XDG_CACHE_HOME/firepower/data`` (``~/.cache/firepower/data``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "firepower" / "data"


def toml_data(path: Path) -> dict[str, Any]:
    """The parsed TOML of a package data file, kept as ``.../firepower/data/NAME.json`` under the
    file's size and time and the package version. A miss, or a cache that cannot be read or
    written, parses the file as ever."""
    try:
        st = path.stat()
        key = f"{__version__} {path.name}:{st.st_size}:{st.st_mtime_ns}"
    except OSError:
        key = ""
    kept = data_cache_dir() / f"{path.stem}.json"
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
