"""The lesson panel's text and the lesson list's lines (pure: lesson data -> Rich Text)."""

from __future__ import annotations

from rich.text import Text

from ...games.lesson_progress import Mark
from ...games.lessons import Lesson, LessonRun

MARK_TEXT: dict[str, tuple[str, str]] = {"done": ("✓ done", "green"), "next": ("▶ next", "bold"),
                                         "started": ("… begun", "yellow"), "": ("", "")}
"""How the lesson list shows each mark (a word with every glyph: readable without colour)."""


KEY_GLYPHS = {"enter": "Enter", "down": "↓", "up": "↑", "left": "←", "right": "→", "space": "Space", "plus": "+",
              "minus": "-", "escape": "Esc", "tab": "Tab"}
"""How the hint names a key."""


DONE_MARK = "✓ "
"""Before the explanation of the step just done (``*`` with ``--ascii``, which has no check mark)."""


def lesson_panel_text(run: LessonRun, number: int, total: int, *, hint: bool = False, ascii: bool = False,
                      compact: bool = False) -> Text:
    """The lesson panel: lesson and step, what to try, the rule sections, the hint when asked.
    ``compact`` (while the odds panel is up too): what to try and its sections only."""
    lesson = run.lesson
    steps = len(lesson.steps)
    t = Text()
    step = run.step
    if compact and step is not None:
        t.append(f"{min(run.index + 1, steps)}/{steps} ", style="bold")
        t.append(step.say)
        t.append(f"  [{', '.join(step.rules)}]", style="cyan")
        return t
    t.append(f"Lesson {number}/{total}: {lesson.title}", style="bold")
    t.append(f"  step {min(run.index + 1, steps)}/{steps}\n", style="dim")
    if run.last_done is not None and run.last_done.explain:
        t.append(("* " if ascii else DONE_MARK) + run.last_done.explain + "\n", style="green")
    if step is None:
        t.append("Lesson done. Enter: the next lesson, Esc: the lesson list.", style="bold")
        return t
    t.append(step.say)
    t.append(f"  [{', '.join(step.rules)}]", style="cyan")
    if hint:
        keys = " ".join(KEY_GLYPHS.get(k, k) for k in step.keys)
        t.append(f"\nHint: {'keys ' + keys + ', or ' if keys else ''}type :{step.do}", style="italic")
    else:
        t.append("  H: hint", style="dim")
    return t


def lesson_line(lesson: Lesson, number: int, mark: Mark, *, ascii: bool = False, title_width: int = 33) -> Text:
    """One line of the lesson list: number, title (padded to ``title_width``), mark."""
    word, style = MARK_TEXT[mark]
    if ascii:
        word = word.replace("✓", "*").replace("▶", ">").replace("…", "...")
    t = Text(f"{number:>2}. {lesson.title:<{title_width}}")
    t.append(f" {word}", style=style)
    return t


def lesson_info(lesson: Lesson, steps_done: int) -> Text:
    """The lesson list's right-hand pane: what the highlighted lesson teaches."""
    t = Text(lesson.title + "\n\n", style="bold")
    t.append(lesson.intro + "\n\n")
    t.append(f"Rules: {', '.join(lesson.rules)}\n", style="cyan")
    t.append(f"{len(lesson.steps)} steps; furthest reached: {steps_done}\n", style="dim")
    t.append("\nEnter: begin    Q: quit", style="dim")
    return t
