"""``firepower learn``: the app of the guided lessons: the lesson list, then each
lesson played on the game screen with its panel (:mod:`.screens.lesson_game`)."""

from __future__ import annotations

from collections.abc import Sequence

from ..controller.controller import Controller
from ..games.lesson_progress import LessonProgress
from ..games.lessons import Lesson, LessonRun, lesson_session
from .app import FirepowerApp
from .screens.lesson_game import LessonGameScreen


class LearnApp(FirepowerApp):
    """FIREPOWER's lessons: no game store (a lesson is not a stored game, ruling R141); the
    progress is kept in :class:`LessonProgress`."""

    def __init__(self, lessons: Sequence[Lesson], progress: LessonProgress, *, ascii: bool = False,
                 start: int | None = None) -> None:
        """``start``: open this lesson (an index into ``lessons``) at once instead of the list."""
        super().__init__(None, ascii=ascii)
        self.lessons = tuple(lessons)
        self.progress = progress
        self.start_at = start
        self.current: int | None = None
        """The index of the lesson being played."""

    def farewell(self) -> str:
        """A lesson is not a stored game (R141); what is kept is the progress (R142), once a step is done."""
        if not self.progress.path.exists():
            return ""
        return "Your lesson progress is kept. Continue with: firepower learn"

    def _first_screen(self) -> None:
        if self.start_at is not None:
            self.begin_lesson(self.start_at)
        else:
            self._show_list()

    def _show_list(self) -> None:
        from .screens.lessons import LessonListScreen

        self.push_screen(LessonListScreen(self.lessons, self.progress), self._picked_lesson)

    def _picked_lesson(self, index: int | None) -> None:
        if index is None:
            self.exit()
            return
        self.begin_lesson(index)

    def begin_lesson(self, index: int) -> None:
        """Play lesson ``index`` from its first step (on top of the list, if it is open)."""
        lesson = self.lessons[index]
        self.current = index
        self.session = lesson_session(lesson)
        self.controller = Controller(self.session)
        result = self.controller.begin()
        run = LessonRun(lesson, self.session)
        self.session.gate = run  # nothing ends the phase before its step (R220)
        run.observe()
        self.push_screen(LessonGameScreen(self.controller, run, self.progress, number=index + 1,
                                          total=len(self.lessons), ascii=self.ascii, no_color=self.no_color,
                                          opening_chit=result.chits[-1] if result.chits else None))

    def lesson_done(self) -> None:
        """The lesson's last step is done: on to the next lesson or back to the list."""
        from .screens.lessons import LessonDoneScreen

        assert self.current is not None
        lesson = self.lessons[self.current]
        self.push_screen(LessonDoneScreen(lesson.title, self.current + 1 < len(self.lessons)), self._after_lesson)

    def _after_lesson(self, choice: str | None) -> None:
        assert self.current is not None
        self.pop_screen()  # the lesson's game screen
        if choice == "next" and self.current + 1 < len(self.lessons):
            self.begin_lesson(self.current + 1)
        elif not any(True for _ in self._list_screens()):
            self._show_list()

    def _list_screens(self) -> list[object]:
        from .screens.lessons import LessonListScreen

        return [s for s in self.screen_stack if isinstance(s, LessonListScreen)]


