"""``firepower learn``: the lesson list and the end-of-lesson prompt."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...games.lesson_progress import LessonProgress
from ...games.lessons import Lesson
from ..render.lesson_text import lesson_info, lesson_line


LIST_CHROME = 6
"""Columns of the lesson list that are not its lines: its border and padding (4) and a scrollbar (2)."""


class LessonOptions(OptionList):
    """The list of lessons: its own Enter (select) shows in the footer as "Begin"."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "select", "Begin")]


class LessonListScreen(Screen[int | None]):
    """The lessons in order, each marked done / next; Enter begins the highlighted one.

    Enter is the list's own key, not a priority binding of the screen: a priority binding is
    heard before the arrows typed just before it have moved the list (Down, Down, Enter typed
    at once began the first lesson, not the third)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "begin", "Begin", show=False),
        Binding("Q,q,escape", "app.quit", "Quit", priority=True),
    ]

    def __init__(self, lessons: Sequence[Lesson], progress: LessonProgress) -> None:
        super().__init__()
        self.lessons = lessons
        self.progress = progress

    def compose(self) -> ComposeResult:
        yield Static(Text("Learn the rules by playing (firepower learn)", style="bold"), id="lesson-title")
        with Horizontal(id="picker"):
            yield LessonOptions(id="lesson-list")
            yield Static(id="lesson-info")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.refill()
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        self.refill()

    def refill(self) -> None:
        """The list with each lesson's mark as stored now; the cursor on the next lesson."""
        box = self.query_one(OptionList)
        marks = self.progress.marks(self.lessons)
        box.clear_options()
        ascii = bool(getattr(self.app, "ascii", False))
        title_width = max(len(lesson.title) for lesson in self.lessons) + 1
        lines = [lesson_line(lesson, i, mark, ascii=ascii, title_width=title_width)
                 for i, (lesson, mark) in enumerate(zip(self.lessons, marks, strict=True), 1)]
        box.add_options([Option(line, id=lesson.id) for line, lesson in zip(lines, self.lessons, strict=True)])
        # as wide as its longest line with the room of a scrollbar beside it; the description the rest
        box.styles.width = max(line.cell_len for line in lines) + LIST_CHROME
        box.highlighted = marks.index("next") if "next" in marks else 0
        self._info(box.highlighted)

    def _info(self, index: int | None) -> None:
        if index is None or not 0 <= index < len(self.lessons):
            return
        lesson = self.lessons[index]
        self.query_one("#lesson-info", Static).update(lesson_info(lesson, self.progress.steps_done(lesson.id)))

    def on_option_list_option_highlighted(self, message: OptionList.OptionHighlighted) -> None:
        self._info(message.option_index)

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        self.dismiss(message.option_index)

    def action_begin(self) -> None:
        index = self.query_one(OptionList).highlighted
        if index is not None:
            self.dismiss(index)


class LessonDoneScreen(ModalScreen[str]):
    """A lesson is finished: on to the next, or back to the list."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,n", "choose('next')", "Next lesson", priority=True),
        Binding("escape,l", "choose('list')", "Lesson list", priority=True),
    ]

    def __init__(self, title: str, has_next: bool) -> None:
        super().__init__()
        self.lesson_title = title
        self.has_next = has_next

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            t = Text(f"Lesson done: {self.lesson_title}\n\n", style="bold")
            t.append("Enter: the next lesson\n" if self.has_next else "That was the last lesson.\n")
            t.append("Esc: the lesson list")
            yield Static(t)
        yield Footer(compact=True, show_command_palette=False)

    def action_choose(self, choice: str) -> None:
        self.dismiss("list" if choice == "next" and not self.has_next else choice)
