"""The logs lay their lines out as Textual's styles cache would (ui/widgets/flat_lines.py, each line kept by the line it came from), without
its cost a line (a frame that costs what changed): the same segments, styles and mouse
actions, scrolled, cropped, in NO_COLOR, with a link under the mouse."""

from __future__ import annotations

import pytest
from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from firepower_tui.ui.widgets.flat_lines import FlatLines
from firepower_tui.ui.widgets.full_log import FullLog
from firepower_tui.ui.widgets.side_log import SideLog


def entry(i: int) -> Text:
    """An entry with a rule reference that is a link, as the game's log writes them."""
    text = Text(f"entry {i} " + "word " * (i % 7), style="bold" if i % 5 == 0 else "")
    text.append(f"[6.{i % 9}]", Style(color="cyan", meta={"@click": f"app.open_rule('6.{i % 9}')"}))
    return text


class LogsApp(App[None]):
    CSS = """
    #side { width: 30; height: 17; padding: 0 0 0 1; }
    #full { width: 40; height: 12; }
    #boxed { width: 30; height: 8; border: round red; }
    """

    def compose(self) -> ComposeResult:
        for log in (SideLog(id="side"), FullLog(id="full"), SideLog(id="boxed")):
            log.write([entry(i) for i in range(120)])
            yield log


def cells(strips: list[Strip]) -> list[list[tuple[str, str, object]]]:
    return [[(s.text, str(s.style), s.style._meta if s.style else None) for s in strip] for strip in strips]


def textual_s(widget: Widget, crop: Region) -> list[Strip]:
    """What Textual's styles cache gives (its line cache emptied first)."""
    widget._styles_cache.clear()
    return Widget.render_lines(widget, crop)


@pytest.mark.parametrize("no_color", [False, True])
async def test_the_logs_lay_out_their_lines_as_textual_would(no_color: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    app = LogsApp()
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.pause()
        for log in (app.query_one("#side", SideLog), app.query_one("#full", FullLog)):
            width, height = log.region.size
            for y in (0, 7, log.max_scroll_y):
                log.scroll_to(y=y, animate=False, immediate=True)
                for crop in (Region(0, 0, width, height), Region(2, 3, 9, 5)):
                    mine = log.render_lines(crop)
                    assert FlatLines().lines(log, crop) is not None
                    assert cells(mine) == cells(textual_s(log, crop)), (log.id, y, crop)
            assert any(s.text.strip() for s in mine[0])  # (lines with words in them were compared)
        side = app.query_one("#side", SideLog)
        full = Region(0, 0, *side.region.size)
        link = next(s.style for strip in side.render_lines(full) for s in strip if s.style and s.style._link_id)
        side.hover_style = link  # the mouse over a rule's link: Textual restyles that link
        hovered = side.render_lines(full)
        assert cells(hovered) == cells(textual_s(side, full))
        side.hover_style = Style()
        assert cells(hovered) != cells(side.render_lines(full))  # (the link under the mouse was restyled)


async def test_a_log_with_a_border_takes_textual_s_own_path() -> None:
    app = LogsApp()
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.pause()
        boxed = app.query_one("#boxed", SideLog)
        crop = Region(0, 0, *boxed.region.size)
        assert FlatLines().lines(boxed, crop) is None
        assert cells(boxed.render_lines(crop)) == cells(textual_s(boxed, crop))
        assert cells(boxed.render_lines(crop))[0][0][0] == "╭"


async def test_a_written_line_is_shown_and_the_rest_kept() -> None:
    """Lines Textual has not marked dirty come from its styles cache; a write repaints what it
    changed, and the result is still Textual's own."""
    app = LogsApp()
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.pause()
        side = app.query_one("#side", SideLog)
        full = Region(0, 0, *side.region.size)
        first = side.render_lines(full)
        again = side.render_lines(full)
        assert all(a is b for a, b in zip(first, again))  # nothing dirty: every line from the cache
        side.write([Text("a new entry, written last")])
        await pilot.pause()
        after = side.render_lines(full)
        assert "a new entry" in "".join(s.text for s in after[-1])
        assert cells(after) == cells(textual_s(side, full))


async def test_the_map_lays_out_its_lines_as_textual_would() -> None:
    """The hex map too (its lines come from its own cache): whole, cropped, scrolled, and after a
    move has redrawn two hexes, the lines Textual's styles cache would give."""
    from firepower_tui.rules.scenario.load import load_scenario
    from firepower_tui.ui.app import make_app
    from firepower_tui.ui.widgets.hex_map import HexMap

    app = make_app(load_scenario("basic"), seed=7)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        hex_map = app.screen.query_one(HexMap)
        full = Region(0, 0, *hex_map.region.size)
        for crop in (full, Region(5, 2, 30, 9)):
            assert FlatLines().lines(hex_map, crop) is not None
            assert cells(hex_map.render_lines(crop)) == cells(textual_s(hex_map, crop)), crop
        await pilot.press("enter", "m")  # T1 starts an impulse and moves K2 -> K3
        await pilot.pause()
        moved = hex_map.render_lines(full)
        assert any("T1" in s.text for strip in moved for s in strip)
        assert cells(moved) == cells(textual_s(hex_map, full))
        hex_map.scroll_to(y=6, animate=False, immediate=True)
        await pilot.pause()
        assert cells(hex_map.render_lines(full)) == cells(textual_s(hex_map, full))
        assert cells(hex_map.render_lines(full)) != cells(moved)  # (it did scroll)
