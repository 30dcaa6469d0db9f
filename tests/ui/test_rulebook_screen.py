"""The rulebook on screen (Pilot): Markdown rendered (no raw marks), paragraphs reflowed to the
window, every cited rule opening its section, and the contents list's page keys."""

from __future__ import annotations

import re

import pytest
from textual.app import App
from textual.geometry import Region
from textual.widget import Widget

from firepower_tui.ui.rulebook_index import rulebook
from firepower_tui.ui.screens.rulebook import RulebookScreen

from tests.ui.test_rulebook_book import _code_ids, _lesson_ids

RAW = re.compile(r"\*\*|\|\s*-{3}|`|\[(?:INF|CARD|S6|ADAPT)|^#{1,4} ")
"""Markdown a reader should never see: bold marks, a table's rule line, code ticks, source tags, heading marks."""


def lines_of(w: Widget) -> list[str]:
    """What a widget shows, line by line (trailing blanks cut)."""
    strips = w.render_lines(Region(0, 0, w.size.width, w.size.height))
    return ["".join(seg.text for seg in strip).rstrip() for strip in strips]


def shown(screen: RulebookScreen) -> list[str]:
    return [line for w in screen.query_one("#rb-body").children for line in lines_of(w)]


async def open_book(app: App[None], place=None) -> RulebookScreen:  # noqa: ANN001
    screen = RulebookScreen(place)
    await app.push_screen(screen)
    return screen


@pytest.mark.slow  # every section of the rulebook, at two widths
@pytest.mark.parametrize("width", [80, 120])
async def test_no_section_shows_raw_markdown(width: int) -> None:
    book = rulebook()
    app: App[None] = App()
    async with app.run_test(size=(width, 40)) as pilot:
        screen = await open_book(app, book.find("§0"))
        await pilot.pause()
        for k in range(len(book.sections)):
            await screen.show(k)
            await pilot.pause()
            text = shown(screen)
            raw = [line for line in text if RAW.search(line)]
            assert not raw, (book.sections[k].label, raw)
            assert any(line.strip() for line in text), book.sections[k].label


async def test_charts_are_tables_and_headings_are_plain() -> None:
    book = rulebook()
    app: App[None] = App()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_book(app, book.find("§4.7"))
        await pilot.pause()
        text = shown(screen)
        assert text[0].startswith("4.7 The firing chart")
        row = next(line for line in text if line.lstrip().startswith("RFL"))
        assert re.search(r"RFL rifle\s+2x3 / 2\s+5 / 6\s+4 / 5", row) and "|" not in row


async def test_items_of_a_list_stand_together_and_a_gap_follows_the_list() -> None:
    book = rulebook()
    app: App[None] = App()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_book(app, book.find("§4.4"))
        await pilot.pause()
        items = list(screen.query(".rb-item"))
        assert len(items) >= 5
        assert [w.styles.margin.bottom for w in items[-5:]] == [0, 0, 0, 0, 1]  # rules 1-5, then a paragraph
        assert all(w.styles.margin.bottom == 1 for w in screen.query(".rb-paragraph"))


def _paragraph(screen: RulebookScreen) -> Widget:
    """The longest paragraph shown."""
    pars = [w for w in screen.query(".rb-paragraph")]
    return max(pars, key=lambda w: w.end_line - w.first_line + len(rulebook().lines[w.first_line]))


@pytest.mark.rule("6.3.6.3")
async def test_a_paragraph_reflows_to_the_window() -> None:
    """The same paragraph at 80 and 120 columns: every line but the last filled up to the next
    word (no line wrapped twice, as "Chits are / drawn blind"), fewer lines when wider, the same words."""
    book = rulebook()
    words = None
    heights = {}
    for width in (80, 120):
        app: App[None] = App()
        async with app.run_test(size=(width, 40)) as pilot:
            screen = await open_book(app, book.find("6.3.6.3"))
            await pilot.pause()
            par = _paragraph(screen)
            lines = [line for line in lines_of(par) if line]
            room = par.content_region.width
            for line, after in zip(lines, lines[1:]):
                assert len(line) + 1 + len(after.split()[0]) > room, (width, line, after)
            heights[width] = len(lines)
            these = " ".join(lines).split()
            assert words is None or these == words
            words = these
    assert heights[120] < heights[80]


@pytest.mark.slow  # every place a rule is cited
async def test_every_rule_the_game_cites_opens_at_its_line() -> None:
    """Each place a cited rule leads to: its section shown, the block holding the line marked."""
    book = rulebook()
    places = {book.find(ref) for ref in {**_code_ids(), **_lesson_ids()}}
    assert None not in places and len(places) > 40
    app: App[None] = App()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_book(app, None)
        await pilot.pause()
        for place in sorted(places):  # type: ignore[type-var]
            await screen.show(place.section, place.line)
            await pilot.pause()
            target = screen.query(".rb-target")
            assert screen.section == place.section and len(target) == 1, place
            assert target.first().first_line <= place.line < target.first().end_line


async def test_search_finds_a_rule_and_opens_it() -> None:
    book = rulebook()
    app: App[None] = App()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_book(app, None)
        await pilot.pause()
        await pilot.press("slash", *"prone fence blocks", "enter")
        await pilot.pause()
        ol = screen.query_one("#rb-list")
        hits = book.search("prone fence blocks")
        assert ol.display and ol.option_count == len(hits) >= 1
        at = next(i for i, h in enumerate(hits) if book.sections[h.section].number == "4.4")
        prompt = str(ol.get_option_at_index(at).prompt)
        assert prompt.startswith(f"4.4 line {hits[at].line + 1}: Fence: when the firer or the target is Prone")
        assert not any(RAW.search(str(ol.get_option_at_index(i).prompt)) for i in range(ol.option_count))
        await pilot.press(*["down"] * at, "enter")
        await pilot.pause()
        assert book.sections[screen.section].number == "4.4"
        assert any("Fence" in line for line in lines_of(screen.query_one(".rb-target")))


async def test_a_hit_in_a_long_paragraph_shows_the_words_found() -> None:
    """A paragraph is one line of the book: its hit shows the text around the word, not its start."""
    app: App[None] = App()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_book(app, None)
        await pilot.pause()
        await pilot.press("slash", *"included", "enter")
        await pilot.pause()
        ol = screen.query_one("#rb-list")
        prompts = [str(ol.get_option_at_index(i).prompt) for i in range(ol.option_count)]
        assert len(prompts) >= 5 and all("included" in p.lower() and len(p) < 140 for p in prompts), prompts


@pytest.mark.parametrize("key", ["pagedown", "pageup", "home", "end"])
async def test_page_keys_right_after_the_contents_are_refilled(key: str) -> None:
    """The contents list is filled while hidden, then shown: a page key pressed before the next
    refresh (as under load) must not crash and must still act once the list is laid out."""
    book = rulebook()
    place = book.find("6.3.4.1")
    assert place is not None
    app: App[None] = App()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_book(app, place)
        await pilot.pause()
        screen.action_contents()
        ol = screen.query_one("#rb-list")
        before = ol.highlighted
        action = {"pagedown": "page_down", "pageup": "page_up", "home": "first", "end": "last"}[key]
        getattr(ol, f"action_{action}")()  # the key's action, before any refresh
        await pilot.pause()
        after = ol.highlighted
        assert before is not None and after is not None
        assert {"pagedown": after > before, "pageup": after < before, "home": after == 0,
                "end": after == ol.option_count - 1}[key]
        await pilot.press("pagedown")  # and the list pages as usual afterwards
        assert ol.highlighted is not None
