"""``firepower learn``: the guided lessons."""

from __future__ import annotations

import argparse
import re
import sys


def run(args: argparse.Namespace) -> int:
    """Open the lessons (or list them, or forget the progress)."""
    from ..games.lesson_progress import LessonProgress
    from ..games.lessons import load_lessons
    from ..rules.model.errors import FirepowerError
    from ..rules.kit.untrusted import cut

    lessons = load_lessons()
    progress = LessonProgress()
    if args.reset:
        progress.reset()
        if progress.problem is not None:
            raise FirepowerError(progress.problem)
        print("firepower: the progress of every lesson was forgotten")
        return 0
    start = None
    if args.lesson is not None:
        start = _lesson_index(lessons, args.lesson)
        if start is None:
            known = ", ".join(f"{i} {lesson.id}" for i, lesson in enumerate(lessons, 1))
            raise FirepowerError(f"no lesson {cut(args.lesson)!r} (lessons: {known})")
    if args.list:
        for i, (lesson, mark) in enumerate(zip(lessons, progress.marks(lessons), strict=True), 1):
            steps = f"{progress.steps_done(lesson.id)}/{len(lesson.steps)} steps"
            print(f"{i:>2} {lesson.id:<16} {lesson.title:<34} {steps:<12} {mark}".rstrip())
        return 0
    from .hangup import missing_terminal, run_app

    missing = missing_terminal("the lessons need a terminal (`firepower learn --list` prints them)")
    if missing is not None:
        return missing
    from ..ui.learn_app import LearnApp

    run_app(LearnApp(lessons, progress, ascii=args.ascii, start=start))  # (a clean exit on SIGHUP, as every app)
    return 0


def _lesson_index(lessons: tuple[object, ...], ref: str) -> int | None:
    if re.fullmatch(r"[0-9]{1,4}", ref) and 1 <= int(ref) <= len(lessons):  # (ASCII digits: not "²")
        return int(ref) - 1
    for i, lesson in enumerate(lessons):
        if getattr(lesson, "id", None) == ref.lower():
            return i
    return None
