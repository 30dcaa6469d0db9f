"""The help a player reads comes from the tables that define what it describes, so `?`,
`firepower --help` and docs/playing.md cannot disagree with the game: the keymap, the optional
rules, the scenario picker's keys and the map's glyphs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from firepower_tui.cli import parsers
from firepower_tui.controller.keymap import KEYMAP
from firepower_tui.rules.scenario.options import AVAILABLE
from firepower_tui.ui.help_tables import game_keys, help_text, optional_rules, picker_keys, playing_markdown
from firepower_tui.ui.key_names import key_name
from firepower_tui.ui.render.ascii import fold_str
from firepower_tui.ui.render.map_counters import MARKERS
from firepower_tui.ui.render.map_grid import ASCII, FEATURE_GLYPHS, SIDE_GLYPHS, UNICODE
from firepower_tui.ui.render.map_legend import ENTRIES, legend_text
from firepower_tui.ui.render.special import BARRAGE_MARK, SMOKE_MARK
from firepower_tui.ui.screens.setup import RULE_KEYS
from firepower_tui.ui.theme import COLOUR_BLIND

ROOT = Path(__file__).resolve().parents[2]
KEYS = [key_name(k) for spec in KEYMAP for k in spec.keys]


def test_the_command_lines_help_names_every_rule_and_picker_key_of_the_tables() -> None:
    assert parsers.RULE_KEYS == tuple((rule, RULE_KEYS[rule]) for rule in AVAILABLE)
    main = " ".join(parsers._parser().format_help().split())  # (argparse wraps the lines)
    for rule, key in parsers.RULE_KEYS:
        assert rule in main
    assert " ".join(key for _, key in parsers.RULE_KEYS) in main


def test_the_help_screen_shows_every_key_rule_picker_key_and_glyph_entry() -> None:
    text = help_text().plain
    for group, keys, what in game_keys():
        assert f"{keys:<14}{what}" in text
    for rule, section, what, key in optional_rules():
        assert rule in text and f"picker key {key}" in text
    for keys, _ in picker_keys():
        assert f"  {keys:<14}" in text
    assert all(e.words[0] in text for e in ENTRIES)


def section(markdown: str, heading: str) -> str:
    """A ``## `` section of a Markdown file, to the next one."""
    found = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", markdown, flags=re.S | re.M)
    assert found is not None, heading
    return found.group(1)


def test_docs_playing_lists_every_key_and_rule_id_of_the_tables() -> None:
    doc = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    keys = section(doc, "Keys")
    for k in KEYS:
        assert f"`{k}`" in keys, k
    for shown, _ in picker_keys():
        for k in shown.split(" "):
            assert f"`{k}`" in keys, k
    rules = section(doc, "Optional rules")
    for rule, sec, _, key in optional_rules():
        assert re.search(rf"\| `{rule}` \| {re.escape(sec)} \|.*\| `{key}` \|", rules), rule


def test_docs_playing_holds_the_tables_as_the_game_writes_them() -> None:
    """The "Keys" and "Optional rules" sections are the tables' own rendering, word for word:
    a key's help changed in the keymap and not in the manual fails here. To refresh them:
    ``python -c "from firepower_tui.ui.help_tables import playing_markdown; print(playing_markdown())"``."""
    doc = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    assert playing_markdown() in doc


@pytest.mark.parametrize("glyphs", [UNICODE, ASCII], ids=["unicode", "ascii"])
def test_the_legend_draws_every_glyph_of_the_map(glyphs) -> None:  # noqa: ANN001
    """Every terrain, line, feature and hexside glyph, every status and marker letter, the
    weapon and §9.5 marks, the facing and the posture letters: each in the legend's hexes."""
    ascii = glyphs is ASCII
    text = legend_text(ascii=ascii, lower_second=ascii).plain
    pictures = "\n".join(line[2:8] for line in text.splitlines())  # the hexes, not the words
    pick = 1 if ascii else 0
    wanted = [g for g in glyphs.terrain.values() if g != " "] + [glyphs.fence["E-W"], glyphs.hedge]
    wanted += [v[pick] for v in FEATURE_GLYPHS.values()] + [v[pick] for v in SIDE_GLYPHS.values()]
    wanted += ["X", "S", *(m[0] for m in MARKERS), "w", SMOKE_MARK, BARRAGE_MARK, glyphs.facing[next(iter(glyphs.facing))]]
    for g in wanted:
        assert g in pictures, g
    assert re.search(r"c\b|c_", pictures) and "p" in pictures  # crouching and prone
    if ascii:  # (the words are folded as every text is with --ascii)
        assert fold_str(text).isascii() and "g1" in pictures  # the second side in lower case


def test_the_legend_is_in_the_theme_of_the_game() -> None:
    """The colour-blind theme's styles, and its lower-case second side, reach the legend."""
    t = legend_text(restyled=COLOUR_BLIND.palette, lower_second=True)
    at = t.plain.index("g1")
    style = next(s.style for s in t.spans if s.start <= at < s.end)
    assert style == COLOUR_BLIND.palette["side1"]


async def test_question_mark_opens_the_keys_the_legend_and_the_rules() -> None:
    from firepower_tui.rules.scenario.load import load_scenario
    from firepower_tui.ui.app import make_app

    a = make_app(load_scenario("basic"), seed=3)
    async with a.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert type(a.screen).__name__ == "TextScreen"
        body = a.screen.body.plain  # type: ignore[attr-defined]
        assert "The map" in body and "Optional rules" in body and ENTRIES[1].words[0] in body


def test_the_help_wraps_each_entry_beside_its_key_or_picture() -> None:
    """At the dialog's width no line is longer than the dialog, and a description that wraps
    goes on under its first word, not at the left edge (where it broke the legend's hexes)."""
    from firepower_tui.ui.help_tables import HELP_WIDTH

    lines = help_text(width=HELP_WIDTH).plain.splitlines()
    keyed = [line for line in lines if line.startswith("  ") and not line.startswith("   ")]
    assert keyed, "no key lines"
    prose = ("The footer shows", "Chosen per game")
    assert all(len(line) <= HELP_WIDTH for line in lines if not line.startswith(prose))
    # every line is a heading, blank, a key's or picture's line, or a continuation indented under the text
    for line in lines:
        if line.strip() and not line.startswith(" "):
            assert line.startswith(prose) or line in {g for g, _, _ in game_keys()} or line.istitle() or \
                line[0].isupper(), line
    continuation = [line for line in lines if line.startswith(" " * 16) and line.strip()]
    assert continuation, "nothing wrapped at the dialog's width"
