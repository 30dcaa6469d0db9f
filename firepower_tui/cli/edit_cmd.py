"""``firepower edit [FILE]``: the map and scenario editor (ui/editor)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..rules.model.errors import FirepowerError, Problem, ScenarioError

DEFAULT_SIZE = (24, 16)
"""A new map's size when none is asked for (the basic scenario's)."""


def copy_name(folder: Path, scenario_id: str) -> Path:
    """Where the editor saves its copy of a scenario that ships with the game: ``ID.toml`` in
    ``folder``, else ``ID-2.toml``, ``ID-3.toml`` … (a file of that name is never written over)."""
    path = folder / f"{scenario_id}.toml"
    n = 2
    while path.exists():
        path = folder / f"{scenario_id}-{n}.toml"
        n += 1
    return path


def run(args: argparse.Namespace) -> int:
    """Open FILE (a path, or a scenario id: a copy of it, saved in the current folder), or a new scenario (``--new CxR``, a FILE that does not
    exist yet, or no FILE: then the name is asked on the first save).

    Raises:
        FirepowerError: --new with a FILE that exists; a size that is not one.
        ScenarioError: FILE is not TOML, or not a scenario's keys (each problem named).
    """
    from ..ui.editor.document import ScenarioDoc, check_text, file_id, new_text, parse_size

    path = Path(args.file) if args.file else None
    if args.new is not None:
        try:
            columns, rows = parse_size(args.new)
        except ValueError as exc:
            raise FirepowerError(f"--new: {exc}") from None
        if path is not None and path.exists():
            raise FirepowerError(f"{path} exists already: open it with `firepower edit {path}`, or name a new file")
    else:
        columns, rows = DEFAULT_SIZE
    source = path
    if path is not None and args.new is None and not path.exists() and path.suffix != ".toml":
        from ..rules.scenario.load import find_scenario

        source = find_scenario(str(path))  # a scenario that ships with the game: edit a copy of it
        path = copy_name(Path.cwd(), str(path))
    if source is not None and source.exists():
        try:
            text = source.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ScenarioError(str(source), [Problem("", f"cannot read: {getattr(exc, 'strerror', None) or exc}")]) from None
        checked = check_text(text, str(source))
        if checked.scenario is None:
            raise ScenarioError(str(source), [*checked.problems, Problem("", "the editor opens a file once it is TOML "
                                                                              "with the scenario's keys; fix these first")])
        note = f"{len(checked.problems)} problem(s) to fix: listed on the right" if checked.problems else ""
        if source != path:
            note = f"a copy of the scenario {source.stem!r}: ctrl+s saves it to {path}" + (f"; {note}" if note else "")
    else:
        text = new_text(columns, rows, file_id(path.stem if path is not None else "my-scenario"))
        where = f"ctrl+s saves it to {path}" if path is not None else "ctrl+s asks where to save it"
        note = f"a new {columns}x{rows} map ({where}; --new CxR makes another size, up to 60x60)"
    from .hangup import missing_terminal

    missing = missing_terminal("the editor needs a terminal (`firepower validate FILE` checks a file)")
    if missing is not None:
        return missing
    from ..ui.editor.app import EditorApp
    from .hangup import run_app

    run_app(EditorApp(ScenarioDoc(text), path, ascii=args.ascii, note=note))
    return 0
