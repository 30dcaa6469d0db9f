"""The side log wraps only what is on screen: the newest entries at the bottom after thousands,
and a resize, a cut or a write costs a screenful of wrapping, not the whole log."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from firepower_tui.ui.widgets.side_log import SideLog

N = 5000
HEIGHT = 12
WRAP = SideLog._wrap
"""The wrapping itself (tests count its calls by patching SideLog._wrap)."""


def entry(i: int) -> Text:
    """Entries of one to three lines at the test widths."""
    return Text(f"entry {i} " + "word " * (i % 9), style="bold" if i % 5 == 0 else "")


class LogApp(App[None]):
    CSS = f"SideLog {{ width: 1fr; height: {HEIGHT}; }}"

    def __init__(self, entries: list[Text], early: bool = True) -> None:
        super().__init__()
        self.entries = entries
        self.early = early

    def compose(self) -> ComposeResult:
        log = SideLog(id="log")
        if self.early:  # as the game screen does: written before the log has a size
            log.write(self.entries)
        yield log

    def on_mount(self) -> None:
        if not self.early:
            self.query_one(SideLog).write(self.entries)


class WrapCounter:
    """Counts calls of SideLog._wrap (the expensive part) and which entries they were for."""

    def __init__(self, monkeypatch) -> None:  # noqa: ANN001
        self.texts: list[str] = []
        def counted(log: SideLog, text: Text, width: int):  # noqa: ANN202
            self.texts.append(text.plain)
            return WRAP(log, text, width)

        monkeypatch.setattr(SideLog, "_wrap", counted)

    def take(self) -> int:
        n = len(self.texts)
        self.texts.clear()
        return n


def shown(log: SideLog) -> list[str]:
    """The lines on screen, as text."""
    return [log.render_line(y).text.rstrip() for y in range(log.scrollable_content_region.height)]


def tail_lines(log: SideLog, entries: list[Text], count: int) -> list[str]:
    """The last ``count`` lines of the whole log wrapped at the log's width, worked out directly."""
    width = log.scrollable_content_region.width
    lines: list[str] = []
    for t in reversed(entries):
        lines[:0] = [s.text.rstrip() for s in WRAP(log, t, width)]
        if len(lines) >= count:
            break
    return lines[-count:]


async def test_the_end_shows_the_newest_entries_after_thousands(monkeypatch) -> None:  # noqa: ANN001
    entries = [entry(i) for i in range(N)]
    counter = WrapCounter(monkeypatch)
    for early in (True, False):
        app = LogApp(entries, early=early)
        async with app.run_test(size=(40, 20)) as pilot:
            await pilot.pause()
            log = app.query_one(SideLog)
            assert log.scroll_y == log.max_scroll_y > 0
            assert shown(log) == tail_lines(log, entries, HEIGHT)
            assert shown(log)[-1].startswith(f"entry {N - 1}")
            assert counter.take() < 6 * HEIGHT  # not 5,000
            log.write([Text("the newest"), entry(N + 1)])
            await pilot.pause()
            assert shown(log) == tail_lines(log, entries + [Text("the newest"), entry(N + 1)], HEIGHT)
            assert counter.take() <= 2


async def test_resize_rewraps_only_what_is_visible(monkeypatch) -> None:  # noqa: ANN001
    entries = [entry(i) for i in range(N)]
    app = LogApp(entries)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        log = app.query_one(SideLog)
        counter = WrapCounter(monkeypatch)
        await pilot.resize_terminal(35, 20)
        await pilot.pause()
        assert log.scrollable_content_region.width < 40
        wrapped = counter.take()
        assert 0 < wrapped <= 4 * HEIGHT, wrapped
        assert shown(log) == tail_lines(log, entries, HEIGHT)
        await pilot.resize_terminal(60, 20)  # back: the first width's lines are still cached
        await pilot.pause()
        assert counter.take() <= 2 * HEIGHT
        assert shown(log) == tail_lines(log, entries, HEIGHT)


async def test_truncate_drops_the_tail_and_wraps_little(monkeypatch) -> None:  # noqa: ANN001
    entries = [entry(i) for i in range(N)]
    app = LogApp(entries)
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        log = app.query_one(SideLog)
        counter = WrapCounter(monkeypatch)
        log.truncate(N - 40)
        log.write([Text("↶ taken back")])
        await pilot.pause()
        assert [t.plain for t in log.entries[-3:]] == [entries[N - 42].plain, entries[N - 41].plain, "↶ taken back"]
        assert len(log.entries) == N - 39
        assert shown(log) == tail_lines(log, entries[:N - 40] + [Text("↶ taken back")], HEIGHT)
        assert counter.take() <= 6 * HEIGHT


async def test_scrolling_up_moves_the_view_by_one_line(monkeypatch) -> None:  # noqa: ANN001
    """Entries wrapped as they come into view above it must not make the view jump."""
    entries = [entry(i) for i in range(N)]
    app = LogApp(entries)
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        log = app.query_one(SideLog)
        before = shown(log)
        for _ in range(5 * HEIGHT):  # well past the lines wrapped when it was shown
            log.scroll_to(y=log.scroll_y - 1, animate=False, immediate=True)
            await pilot.pause()
            now = shown(log)
            assert now[1:] == before[:-1]
            before = now
        log.scroll_to(y=0, animate=False, immediate=True)
        await pilot.pause()
        assert shown(log)[0] == "entry 0"


async def test_entries_render_lazily() -> None:
    rendered: list[int] = []

    def render(i: object) -> Text:
        rendered.append(int(str(i)))
        return entry(int(str(i)))

    class Lazy(LogApp):
        def compose(self) -> ComposeResult:
            log = SideLog(render, id="log")
            log.write(range(N))
            yield log

    app = Lazy([])
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        assert 0 < len(rendered) < 6 * HEIGHT and min(rendered) > N - 6 * HEIGHT
        log = app.query_one(SideLog)
        assert log.entries[7].plain == entry(7).plain and len(log.entries) == N


async def test_a_write_moves_the_scrollbar_without_a_layout(monkeypatch) -> None:  # noqa: ANN001
    """A write that leaves the scrollbar where it is (shown, or not) lays nothing out: Textual
    repaints every widget of the screen after a layout (a take-back's 30 ms), and only the log's
    lines and its scrollbar's thumb change. The thumb still takes the new size, and the end shows."""
    from textual.screen import Screen

    layouts: list[Screen] = []
    refresh_layout = Screen._refresh_layout

    def counted(screen: Screen, *args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        layouts.append(screen)
        return refresh_layout(screen, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    app = LogApp([entry(i) for i in range(3)])
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        log = app.query_one(SideLog)
        assert not log.show_vertical_scrollbar
        layouts.clear()
        log.write([Text(f"short {i}") for i in range(2)])  # still no scrollbar: no layout
        await pilot.pause()
        assert layouts == [] and not log.show_vertical_scrollbar
        log.write([entry(i) for i in range(3, 60)])  # the scrollbar appears: a layout gives it room
        await pilot.pause()
        assert layouts and log.show_vertical_scrollbar
        for _ in range(10):  # (the narrower log rewraps at its new width: let that settle)
            layouts.clear()
            await pilot.pause()
            if not layouts:
                break
        assert layouts == []
        log.write([Text("the newest")])  # the thumb moves: no layout
        await pilot.pause()
        assert layouts == []
        bar = log.vertical_scrollbar
        assert bar.window_virtual_size == log.virtual_size.height > len(log.entries)  # (some wrapped in two)
        assert log.scroll_y == log.max_scroll_y > 0
        assert shown(log)[-1] == "the newest"
