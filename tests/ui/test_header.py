"""The header never drops what matters: at 80, 100 and 120 columns, for every shipped scenario,
hotseat, against the computer and on one terminal of two (``join``), both sides' score by the
scenario's victory condition (§10.4) is shown whole, each side named with who plays it, and
nothing is cut at the window's edge."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import Static

from firepower_tui.games.service import new_game
from firepower_tui.games.session import Session
from firepower_tui.games.shared import SharedGame
from firepower_tui.games.store import Store
from firepower_tui.rules.scenario import victory
from firepower_tui.rules.model.scenario import Scenario
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.ui.app import FirepowerApp, make_app
from firepower_tui.ui.render.header import Part, fit
from firepower_tui.ui.screens.game import GameScreen
from firepower_tui.ui.shared_app import SharedApp
from rich.text import Text

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted(p.stem for p in (ROOT / "scenarios").glob("*.toml"))
WIDTHS = (80, 100, 120)
FIGURES = {"tan": dict(kills=7, points_destroyed=18, sectors=2, objectives=1),
           "green": dict(kills=6, points_destroyed=10, sectors=3, objectives=2)}
"""Each side's live figures for the test: none equal to another, nor to a turn or cup count."""


def fixed_score(state):  # noqa: ANN001, ANN201
    return {side: victory.Score(side=side, points_lost=0, **FIGURES[side]) for side in state.sides}


def score_shown(scenario: Scenario, line: str) -> list[str]:
    """The sides whose figures are not all in ``line`` after the side's name (empty: all are)."""
    spec = scenario.spec
    missing = []
    for side in ("tan", "green"):
        name = re.escape(scenario.side_name(side).split(" (")[0])
        f = FIGURES[side]
        if spec.victory == "points_and_ground":
            pattern = rf"{name}\D*{f['points_destroyed']}\D*{f['sectors']}(?!\d)"
        elif spec.victory == "hold":
            pattern = rf"{name}\D*{f['objectives']}/{len(spec.objectives)}"
        else:
            pattern = rf"{name}\D*{f['kills']}(?!\d)"
        if not re.search(pattern, line):
            missing.append(side)
    return missing


def header_line(app: FirepowerApp) -> tuple[str, int]:
    """The game screen's header as shown, and the width it has."""
    screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    header = screen.query_one("#header", Static)
    return str(header.render()), header.size.width


async def shown_at(app: FirepowerApp, width: int, *, start_impulse: bool) -> tuple[str, int]:
    async with app.run_test(size=(width, 30)) as pilot:
        await pilot.pause()
        if start_impulse and type(app.screen) is not GameScreen:
            start_impulse = False  # (buying forces: the force builder has the keys)
        if start_impulse:
            await pilot.press("enter")  # an impulse under way: the longest line
            await pilot.pause()
        return header_line(app)


@pytest.mark.slow  # every scenario at every width, for both kinds of player
@pytest.mark.rule("§10.4")
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", SCENARIOS)
@pytest.mark.parametrize("players", ["hotseat", "computer"])
async def test_both_scores_are_shown_whole(monkeypatch: pytest.MonkeyPatch, name: str, width: int,
                                           players: str) -> None:
    monkeypatch.setattr(victory, "score", fixed_score)
    scenario = load_scenario(name)
    session = Session(scenario, seed=3)
    if players == "computer":
        session.players = {"tan": "human", "green": "computer:normal"}
    app = make_app(scenario, session=session, pace=60.0)
    line, room = await shown_at(app, width, start_impulse=True)
    assert len(line) <= room == width, line
    assert score_shown(scenario, line) == [], line
    if players == "computer":
        assert re.search(r"Tan[^·]*\(you\)", line) and re.search(r"Green[^·]*\((computer|cpu),? normal", line), line


@pytest.mark.slow  # every scenario at every width
@pytest.mark.rule("§10.4")
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", SCENARIOS)
async def test_both_scores_are_shown_whole_on_a_terminal_of_two(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 name: str, width: int) -> None:
    monkeypatch.setattr(victory, "score", fixed_score)
    db = tmp_path / "games.db"
    store = Store(db)
    scenario = load_scenario(name)
    _, game_id = new_game(store, scenario, 3)
    store.release(game_id)
    link = SharedGame(Store(db), game_id, "green")
    session = link.open(use_saved=True)
    line, room = await shown_at(SharedApp(session, link), width, start_impulse=False)
    assert len(line) <= room == width, line
    assert score_shown(scenario, line) == [], line
    assert "You: Green" in line and re.search(r"Tan[^·]*\(other", line), line
    store.close()


def test_the_least_important_part_is_shortened_first_and_left_out_last() -> None:
    """Every part is shortened (the least important first) before any is left out; the room
    left is given back to the most important first."""
    parts = [Part(0, (Text("A" * 10), Text("A" * 5))), Part(1, (Text("B" * 10), Text("B" * 5), Text(""))),
             Part(2, (Text("C" * 10), Text("C" * 5), Text("")))]
    assert fit(parts, None).plain == "A" * 10 + "  " + "B" * 10 + "  " + "C" * 10
    assert fit(parts, 30).plain == "A" * 10 + "  " + "B" * 10 + "  " + "C" * 5
    assert fit(parts, 24).plain == "A" * 10 + "  " + "B" * 5 + "  " + "C" * 5
    assert fit(parts, 19).plain == "A" * 5 + "  " + "B" * 5 + "  " + "C" * 5
    assert fit(parts, 17).plain == "A" * 10 + "  " + "B" * 5
    assert fit(parts, 12).plain == "A" * 5 + "  " + "B" * 5
    assert fit(parts, 8).plain == "A" * 5


@pytest.mark.rule("§10.2")
def test_the_header_names_the_side_that_chooses_after_the_roll_off() -> None:
    """After the deployment roll-off the winner decides who places first: the header names him
    (it said 'deployment rolls', whoever was to choose)."""
    from firepower_tui.controller.controller import Controller
    from firepower_tui.rules.engine.notation import parse_action
    from firepower_tui.rules.basic.turn import deciders
    from firepower_tui.ui.render.header import header_text

    session = Session(load_scenario("meeting"), seed=3)
    for line in ("buy tan RFL", "ready tan", "buy green RFL", "ready green", "rolloff"):
        assert session.submit(parse_action(line)).ok, line
    (chooser,) = deciders(session.state)
    line = header_text(Controller(session), {}).plain
    assert f" {session.scenario.side_name(chooser)} " in line and "deployment rolls" not in line, line
