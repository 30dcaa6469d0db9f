"""The optional rules in the app: the scenario picker turns each on or off before play, and
the game's header says which are on (RULES.md §9; ruling R50)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import Static

from firepower_tui.cli import all_scenarios
from firepower_tui.controller.controller import Controller
from firepower_tui.games.service import new_game
from firepower_tui.games.session import Session
from firepower_tui.games.store import Store
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.ui.app import FirepowerApp, make_app
from firepower_tui.ui.render.header import header_text


def panel_text(app: FirepowerApp) -> str:
    return str(app.screen.query_one("#scenario-info", Static).render())


@pytest.mark.rule("§9")
async def test_the_picker_shows_and_toggles_the_rules(tmp_path: Path) -> None:
    """meeting starts with its own rules (R32); keys turn rules on and off, the choice stays
    with the scenario while the highlight moves, and Enter starts with that set."""
    store = Store(tmp_path / "g.db")
    choices = all_scenarios()
    index = next(i for i, (sc, dep) in enumerate(choices) if sc.id == "meeting")
    picked: list[tuple[str, ...]] = []

    def pick(path: str, deploy: bool, rules: tuple[str, ...], advice: bool | None = None):  # noqa: ANN202
        picked.append(rules)
        return new_game(store, load_scenario(path), 7, {"deploy": deploy, "rules": rules})

    a = FirepowerApp(None, store=store, picker=choices, on_pick=pick)
    async with a.run_test(size=(100, 40)) as pilot:
        assert "[ ] o overwatch §9.1: watch, then fire +1 at movers" in panel_text(a)  # basic: none on
        await pilot.press(*(["down"] * index))
        text = panel_text(a)
        assert "[x] o overwatch §9.1" in text and "[x] d hit the dirt §9.2" in text
        assert "[ ] h hiding §9.3" in text and "[ ] c clock §9.8: 90 s per phase" in text
        await pilot.press("h", "o")
        text = panel_text(a)
        assert "[x] h hiding" in text and "[ ] o overwatch" in text
        await pilot.press("up", "down")  # away and back: the choice is kept
        assert "[x] h hiding" in panel_text(a) and "[ ] o overwatch" in panel_text(a)
        await pilot.press("enter")
        await pilot.pause()
        assert picked == [("hit_the_dirt", "hiding")]
        assert a.controller is not None and a.controller.state.rules == {"hit_the_dirt", "hiding"}
        assert store.game(a.game_id).options["rules"] == ["hit_the_dirt", "hiding"]


async def test_the_picker_starts_from_the_command_lines_rules() -> None:
    a = FirepowerApp(None, picker=all_scenarios(), on_pick=lambda *_: None,
                     picker_rules=lambda sc: ("hiding", "clock"), picker_clock=45)
    async with a.run_test(size=(100, 40)):
        text = panel_text(a)
        assert "[x] h hiding" in text and "[x] c clock §9.8: 45 s per phase" in text
        assert "[ ] o overwatch" in text


def header(rules: tuple[str, ...]) -> str:
    return header_text(Controller(Session(load_scenario("basic"), seed=3, rules=rules)), {}).plain


@pytest.mark.parametrize(("rules", "label"), [
    ((), None),
    (("hiding", "overwatch"), "Rules: overwatch, hiding"),
    (("overwatch", "hit_the_dirt"), "Rules: overwatch, dirt"),
    (("overwatch", "hit_the_dirt", "hiding", "melee_reactions", "clock"), "Rules: OW HD HI MR CL"),
])
def test_the_header_names_the_rules_on(rules: tuple[str, ...], label: str | None) -> None:
    text = header(rules)
    if label is None:
        assert "Rules" not in text
    else:
        assert label in text


@pytest.mark.parametrize("rules", [("overwatch", "hit_the_dirt"), ("overwatch", "hit_the_dirt", "hiding",
                                                                   "melee_reactions", "clock")])
async def test_the_rules_fit_the_header_where_there_is_room(rules: tuple[str, ...]) -> None:
    """In play, an impulse started (the longest line): at 120 columns the rules are shown whole;
    at 80 the line still fits, with the impulse, the clock and both sides' kills (the rules
    are shortened or left out first: ui/render/header.py)."""
    for width in (120, 80):
        a = make_app(load_scenario("basic"), session=Session(load_scenario("basic"), seed=3, rules=rules))
        async with a.run_test(size=(width, 30)) as pilot:
            await pilot.press("enter")
            line = str(a.screen.query_one("#header", Static).render())
            # with the clock on, its own box says so (clock m:ss) and the list leaves it out
            label = "Rules: overwatch, dirt" if len(rules) == 2 else "Rules: OW HD HI MR"
            # (the clock runs while the test does: any m:ss, not exactly 1:30)
            assert re.search(r"imp(ulse)? 1/2", line) and bool(re.search(r"clock \d:\d\d", line)) == ("clock" in rules)
            assert len(line) <= width and re.search(r"Tan\D*0", line) and re.search(r"Green\D*0", line), line
            if width == 120:
                assert label in line, line
