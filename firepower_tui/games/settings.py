"""The player's settings, kept beside the game store (``$XDG_DATA_HOME/firepower/settings.json``).

A small JSON object of plain values (today only ``theme``). Reading never fails the game: a
missing, unreadable or malformed file is no settings; writing returns where it wrote, or None
when the directory cannot be written (the setting then lasts for this run only).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..rules.kit.untrusted import PARSER_FAILURES, shape_problem
from .store import default_db_path


def settings_path() -> Path:
    """``settings.json`` in the directory of the default game store."""
    return default_db_path().parent / "settings.json"


def load_settings(path: Path | None = None) -> dict[str, object]:
    """Every stored setting ({} if none can be read)."""
    try:
        data = json.loads((path or settings_path()).read_text("utf-8"))
    except (OSError, *PARSER_FAILURES):  # (a file nested too deeply, or not UTF-8, is malformed too)
        return {}
    if not isinstance(data, dict) or shape_problem(data):
        return {}
    return data


def save_setting(key: str, value: object, path: Path | None = None) -> Path | None:
    """Store one setting beside the others; the file's path, or None if it cannot be written."""
    path = path or settings_path()
    data = load_settings(path)
    data[key] = value
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", "utf-8")
        os.replace(tmp, path)
    except OSError:
        return None
    return path


__all__ = ["load_settings", "save_setting", "settings_path"]
