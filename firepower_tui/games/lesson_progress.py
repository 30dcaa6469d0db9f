"""Where the lessons of ``firepower learn`` got to: a small JSON file beside the game database.

``$XDG_DATA_HOME/firepower/lessons.json`` holds, per lesson id, the number of steps done and
whether the lesson was finished. It is written after every step (to a temporary file, then
renamed into place), so a closed terminal loses nothing; an unreadable file counts as no
progress (ruling R142) and is replaced at the next step.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

from ..rules.kit.untrusted import PARSER_FAILURES, shape_problem
from .lessons import Lesson
from .store import default_db_path

Mark = Literal["done", "next", "started", ""]
"""How the lesson list marks a lesson: finished, the one to take next, begun, or not yet."""


def default_progress_path() -> Path:
    """``lessons.json`` in the folder of the game database (``$XDG_DATA_HOME/firepower``)."""
    return default_db_path().with_name("lessons.json")


class LessonProgress:
    """The steps done in each lesson, kept in a JSON file."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else default_progress_path()
        self._data: dict[str, dict[str, int | bool]] = self._read()
        self.problem: str | None = None
        """Why the last write failed (an unwritable folder, a full disk), else None: the
        lessons go on and the progress is kept in memory until the program ends."""

    def _read(self) -> dict[str, dict[str, int | bool]]:
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, *PARSER_FAILURES):
            return {}
        lessons = raw.get("lessons") if isinstance(raw, dict) and not shape_problem(raw) else None
        if not isinstance(lessons, dict):
            return {}
        out: dict[str, dict[str, int | bool]] = {}
        for key, value in lessons.items():
            steps = value.get("steps", 0) if isinstance(value, dict) else None
            if isinstance(steps, int) and 0 <= steps <= 1000:  # (a count of steps: anything else is damage)
                out[str(key)] = {"steps": steps, "done": value.get("done") is True}
        return out

    def steps_done(self, lesson_id: str) -> int:
        """Steps done in the lesson (0 if never begun)."""
        return int(self._data.get(lesson_id, {}).get("steps", 0))

    def is_done(self, lesson_id: str) -> bool:
        """Whether the lesson was played to its end (once is enough)."""
        return bool(self._data.get(lesson_id, {}).get("done", False))

    def record(self, lesson: Lesson, steps: int) -> None:
        """``steps`` of ``lesson`` are done (the lesson is finished when they are all done)."""
        entry = self._data.setdefault(lesson.id, {"steps": 0, "done": False})
        entry["steps"] = max(int(entry["steps"]), min(steps, len(lesson.steps)))
        entry["done"] = bool(entry["done"]) or steps >= len(lesson.steps)
        self._write()

    def reset(self) -> None:
        """Forget every lesson."""
        self._data = {}
        self._write()

    def _write(self) -> None:
        tmp = self.path.with_suffix(".tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(json.dumps({"lessons": self._data}, indent=1, sort_keys=True), encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError as exc:
            self.problem = f"{self.path}: the lesson progress cannot be kept ({exc.strerror or exc})"
        else:
            self.problem = None

    def marks(self, lessons: Sequence[Lesson]) -> list[Mark]:
        """Each lesson's mark in the list: ``done``, ``next`` (the first not done), ``started``, or ``""``."""
        out: list[Mark] = []
        next_given = False
        for lesson in lessons:
            if self.is_done(lesson.id):
                out.append("done")
            elif not next_given:
                out.append("next")
                next_given = True
            else:
                out.append("started" if self.steps_done(lesson.id) else "")
        return out


__all__ = ["LessonProgress", "Mark", "default_progress_path"]
