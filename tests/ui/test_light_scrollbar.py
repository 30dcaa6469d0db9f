"""The logs' scrollbar draws the very lines Textual's own ScrollBar would (glyphs, colours and the
mouse's actions), without Rich's render path (a frame that costs what changed)."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.scrollbar import ScrollBar
from textual.strip import Strip

from firepower_tui.ui.widgets.light_scrollbar import LightScrollBar
from firepower_tui.ui.widgets.side_log import SideLog


class LogApp(App[None]):
    CSS = "SideLog { width: 30; height: 17; }"

    def compose(self) -> ComposeResult:
        log = SideLog(id="log")
        log.write([Text(f"entry {i} " + "word " * (i % 7)) for i in range(300)])
        yield log


def cells(strips: list[Strip]) -> list[list[tuple[str, str, bytes | None]]]:
    """Each line's segments as text, style and mouse meta (a style's link id is new each render)."""
    return [[(s.text, str(s.style), s.style._meta if s.style else None) for s in strip] for strip in strips]


@pytest.mark.parametrize("no_color", [False, True])
async def test_the_log_scrollbar_draws_what_textual_s_would(no_color: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if no_color:  # (Textual reads it when the app is made: its line filters then make every colour grey)
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    app = LogApp()
    assert app.no_color is no_color
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        log = app.query_one(SideLog)
        bar = log.vertical_scrollbar
        assert isinstance(bar, LightScrollBar) and bar.display
        crop = Region(0, 0, bar.size.width, bar.size.height)
        thumbs = set()
        for position in [0, 1, 5, 33, 100, 250, bar.window_virtual_size]:
            for hover in (False, True):
                bar.position, bar.mouse_over = position, hover
                mine = bar.render_lines(crop)
                bar._styles_cache.clear()
                assert cells(mine) == cells(ScrollBar.render_lines(bar, crop)), (position, hover)
                thumbs.add(tuple(i for i, line in enumerate(cells(mine)) if "grab" in str(line[0][2])))
        assert len(mine) == bar.size.height == 17
        assert len(thumbs) >= 5  # the thumb moved: the comparison saw different bars
        part = Region(0, 3, 1, 4)
        assert cells(bar.render_lines(part)) == cells(mine[3:7])
