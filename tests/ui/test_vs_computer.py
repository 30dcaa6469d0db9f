"""Playing against the computer in the app and the threat view: the
computer plays its side through the controller, the skip key, the human's keys refused while it
decides, the picker's players key, and ``v`` listing threat.threats_to's numbers (Pilot; the
state, not pixels)."""

from __future__ import annotations

from pathlib import Path

import pytest

from firepower_tui.controller.keymap import KEYMAP, Intent
from firepower_tui.games.seats import other_side_of, versus_computer
from firepower_tui.games.session import Session
from firepower_tui.rules.model.actions import DrawChit
from firepower_tui.rules.board.hexgrid import hex_to_id
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.engine.threat import reach_of, threats_to
from firepower_tui.rules.basic.turn import deciders
from firepower_tui.ui import computer
from firepower_tui.ui.app import FirepowerApp, make_app
from firepower_tui.ui.widgets.hex_map import HexMap
from firepower_tui.ui.widgets.side_log import SideLog
from tests.test_versus import OwnSide

SIDES = ["tan", "green"]


def first_side_seed(side: str) -> int:
    """A seed whose first chit of basic is ``side``'s."""
    for seed in range(1, 50):
        s = Session(load_scenario("basic"), seed=seed)
        s.draw_if_needed()
        if s.state.active == side:
            return seed
    raise AssertionError("no seed")


def vs_tan(seed: int, pace: float, monkeypatch: pytest.MonkeyPatch) -> tuple[FirepowerApp, Session]:
    """basic, the computer (a random player of its own side) plays Tan."""
    monkeypatch.setattr(computer, "make_players", lambda players, seed, think=None: {
        side: OwnSide(side, seed=seed) for side in players if players[side] != "human"})
    session = Session(load_scenario("basic"), seed=seed)
    session.players = versus_computer(SIDES, "tan")
    return make_app(session.scenario, session=session, pace=pace), session


async def until_green(pilot, app: FirepowerApp, rounds: int = 5000) -> bool:  # noqa: ANN001
    """Wait (a bounded number of short pauses, not a time limit) until Green decides."""
    for _ in range(rounds):
        if "green" in deciders(app.controller.state):
            return True
        await pilot.pause(0.01)
    return "green" in deciders(app.controller.state)


@pytest.mark.rule("6.2")
async def test_the_computer_plays_its_side_to_the_humans_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    app, session = vs_tan(first_side_seed("tan"), 0, monkeypatch)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await until_green(pilot, app)
        played = [h for h in session.history if not isinstance(h.action, DrawChit)]
        assert played and all(other_side_of(h.before, h.action, "tan") is None for h in played)
        assert all(h.before.active == "tan" for h in played)
        await pilot.pause()
        # every event went to the side log as a human's would (the same session path)
        assert len(app.screen.query_one(SideLog).sources) >= len(session.log)
        assert app.screen.computer is not None and not app.screen.computer.deciding()


@pytest.mark.rule("6.2")
async def test_skip_shows_the_rest_of_the_computers_moves_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    app, session = vs_tan(first_side_seed("tan"), 30, monkeypatch)  # 30 s between its actions
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert not await until_green(pilot, app, rounds=20)  # at this pace, still the computer's turn
        assert "full_stop" in {k for k, *_ in app.screen.query_one("KeyFooter").keys_shown()}
        await pilot.press("full_stop")
        assert await until_green(pilot, app)


@pytest.mark.rule("6.2")
async def test_the_humans_keys_are_refused_while_the_computer_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    app, session = vs_tan(first_side_seed("tan"), 30, monkeypatch)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        c = app.controller
        assert c.state.active == "tan" and not c.state.impulse
        before = len(session.history)
        hexes = [s.hex for s in c.state.living("tan")]
        c.set_cursor(hexes[0])
        await pilot.press("enter", "E", "e")
        assert len(session.history) == before and c.state.impulse == 0  # nothing done for Tan
        assert c.message_error
        refusal = app.screen.computer.refusal(Intent.SELECT)
        assert refusal is not None and refusal.rule == "6.2"
        assert app.screen.computer.refusal(Intent.CURSOR_N) is None  # looking is free
        assert app.screen.computer.refusal(Intent.THREATS) is None
        keys = {k for k, *_ in app.screen.query_one("KeyFooter").keys_shown()}
        assert "enter" not in keys and "E" not in keys
        await pilot.press("up")
        assert c.cursor != hexes[0]


async def test_hotseat_has_no_computer() -> None:
    session = Session(load_scenario("basic"), seed=1)
    app = make_app(session.scenario, session=session)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.screen.computer is None
        assert app.screen.computer is None and "full_stop" not in {
            k for k, *_ in app.screen.query_one("KeyFooter").keys_shown()}


async def test_the_picker_cycles_who_plays(tmp_path: Path) -> None:
    from firepower_tui.cli import all_scenarios
    from firepower_tui.games.service import new_game
    from firepower_tui.games.store import Store

    store = Store(tmp_path / "g.db")
    picked: list[dict[str, str] | None] = []

    def pick(path: str, deploy: bool, rules: tuple[str, ...], players: dict[str, str] | None = None,
             advice: bool | None = None):  # noqa: ANN202
        picked.append(players)
        return new_game(store, load_scenario(path), 7, {"deploy": deploy, "rules": rules, "players": players})

    a = FirepowerApp(None, store=store, picker=all_scenarios(), on_pick=pick, pace=30)
    async with a.run_test(size=(100, 40)) as pilot:
        info = a.screen.query_one("#scenario-info")
        assert "hotseat" in str(info.render())
        await pilot.press("p", "p", "l", "l")  # green, then the level: normal -> hard -> expert
        assert "plays Green (expert)" in str(info.render())
        await pilot.press("enter")
        await pilot.pause()
        assert picked == [{"tan": "human", "green": "computer:expert"}]
        assert store.game(a.game_id).options["players"] == picked[0]
        assert a.screen.computer is not None and set(a.screen.computer.players) == {"green"}


def test_via_moved_to_shift_v_and_v_is_the_threat_view() -> None:
    keys = {k.intent: k.keys for k in KEYMAP}
    assert keys[Intent.TOGGLE_VIA] == ("V",) and keys[Intent.THREATS] == ("v",)
    assert keys[Intent.SKIP] == ("full_stop",)


@pytest.mark.rule("6.3")
async def test_the_threat_view_lists_threats_to_with_their_chances() -> None:
    session = Session(load_scenario("basic"), seed=first_side_seed("green"))
    app = make_app(session.scenario, session=session)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        c = app.controller
        g1 = c.state.soldier("G1")
        c.set_cursor(g1.hex)
        expected = threats_to(c.state, g1.hex, "green")
        assert expected  # Tan's riflemen have G1 in range at the start (the view has something to show)
        await pilot.press("v")
        assert app.screen.threats.on
        panel = app.screen.query_one("#preview")
        assert panel.display
        text = str(panel.render())
        for t in expected:
            s = c.state.soldier(t.attacker)
            assert f"{t.attacker:<6}{hex_to_id(s.hex):<5}" in text and f"{t.chance:>4.0%}" in text
            assert f"[{t.rule}]" in text
        reach = reach_of(c.state, "G1")
        marked = app.screen.query_one(HexMap).highlights.targets
        assert {t.attacker for t in expected} <= marked
        assert all(any(s.hex == t.target or hex_to_id(s.hex) == t.target for s in c.state.soldiers if s.id in marked)
                   for t in reach)
        await pilot.press("escape")
        assert not app.screen.threats.on and not panel.display


@pytest.mark.rule("6.3")
async def test_the_threat_view_follows_the_cursor() -> None:
    session = Session(load_scenario("basic"), seed=first_side_seed("green"))
    app = make_app(session.scenario, session=session)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        c = app.controller
        c.set_cursor(c.state.soldier("T3").hex)
        await pilot.press("v")
        at_t3 = app.screen.query_one(HexMap).highlights.targets
        expected = {t.attacker for t in threats_to(c.state, c.cursor, "tan")}
        assert expected <= at_t3
        await pilot.press("down", "down")  # an empty hex: a notional man of the side to act (Green) there
        assert not c.state.soldiers_at(c.cursor) and c.state.active == "green"
        moved = {t.attacker for t in threats_to(c.state, c.cursor, "green")}
        assert moved and moved <= app.screen.query_one(HexMap).highlights.targets
        assert str(app.screen.query_one("#preview").render()).startswith(f"Threats to {hex_to_id(c.cursor)}")


@pytest.mark.rule("§9.1")
async def test_the_computer_answers_a_reaction_that_falls_to_its_side(monkeypatch: pytest.MonkeyPatch) -> None:
    """Green's G1 is on overwatch and Green is the computer's: the human moves Tan's T1 into his
    sight, the reaction opens for Green and the computer answers it; the move goes on."""
    from firepower_tui.rules.model.events import ReactionClosed, ReactionOpened
    from firepower_tui.rules.engine.notation import parse_action
    from tests.conftest import FIELD, make_scenario
    from tests.ui.test_reactions import WATCHING

    monkeypatch.setattr(computer, "make_players", lambda players, seed, think=None: {
        side: OwnSide(side, seed=seed) for side in players if players[side] != "human"})
    session = Session(make_scenario(FIELD, ("T1 tan RFL B2 S", "G1 green RFL B8 N"), extra='rules = ["overwatch"]'),
                      seed=1)
    for line in WATCHING:
        assert session.submit(parse_action(line)).ok, line
    session.players = versus_computer(SIDES, "green")
    app = make_app(session.scenario, session=session, pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        c = app.controller
        await pilot.press("m")
        opened = [e for e in c.session.log if isinstance(e, ReactionOpened)]
        assert opened and opened[-1].side == "green"
        for _ in range(200):
            if c.state.pending is None:
                break
            await pilot.pause(0.01)
        closed = [e for e in c.session.log if isinstance(e, ReactionClosed)]
        assert closed and closed[-1].side == "green" and c.state.pending is None
        answers = [h for h in c.session.history if h.before.pending is not None]
        assert answers and all(other_side_of(h.before, h.action, "green") is None for h in answers)


@pytest.mark.rule("§9.9")
def test_the_computers_move_cannot_be_taken_back() -> None:
    """R113: z would take back an action of the computer's that rolled no dice: refused (meeting's
    buying, §10.3, where both sides decide and the human's keys are not otherwise refused)."""
    from types import SimpleNamespace

    from firepower_tui.controller.controller import Controller

    session = Session(load_scenario("meeting"), seed=1)
    c = Controller(session)
    turns = computer.ComputerTurns(SimpleNamespace(c=c), c, {"tan": OwnSide("tan")})  # type: ignore[arg-type]
    assert not turns.humans_wait()
    assert c.submit(parse_action("buy tan RFL")).ok
    refusal = turns.refusal(Intent.UNDO)
    assert refusal is not None and refusal.rule == "§9.9"
    assert session.undo_refusal() is None  # (the session alone would take it back)
    assert c.submit(parse_action("buy green RFL")).ok
    assert turns.refusal(Intent.UNDO) is None  # the human's own buy


def test_a_choice_made_before_a_reload_is_not_sent_to_the_game_after_it() -> None:
    """The screen goes on with another game (a quick resume whose check failed is reloaded from
    the full replay: a new controller, and new computer's sides): the old computer's choice,
    arriving from its thread afterwards, is dropped, and neither game gets it."""
    from types import SimpleNamespace

    from firepower_tui.controller.controller import Controller

    def game() -> Controller:
        session = Session(load_scenario("meeting"), seed=1)
        return Controller(session)

    before, after = game(), game()
    timers: list[object] = []
    screen = SimpleNamespace(c=before, set_timer=lambda *args, **kwargs: timers.append(args))
    turns = computer.ComputerTurns(screen, before, {"tan": OwnSide("tan")})  # type: ignore[arg-type]
    state = before.state
    action = turns.players["tan"].choose(state)
    screen.c, screen.computer = after, None  # the reload
    turns._act(turns.players["tan"], state, action, None)
    assert before.session.history == [] and after.session.history == []
    assert timers == []  # (nor does it think again about the new game)


async def test_a_computer_that_fails_stops_and_the_game_goes_on(monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    """A bug in the computer's choice (raised in its thread) is reported, never a traceback: the
    computer stops, the game is as it was, the human can still look and quit."""
    class Broken(OwnSide):
        def choose(self, state):  # noqa: ANN001, ANN201
            raise RuntimeError("no idea")

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    monkeypatch.setattr(computer, "make_players", lambda players, seed, think=None: {"tan": Broken("tan")})
    session = Session(load_scenario("basic"), seed=first_side_seed("tan"))
    session.players = versus_computer(SIDES, "tan")
    app = make_app(session.scenario, session=session, pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(200):
            if app.screen.computer.stopped:
                break
            await pilot.pause(0.01)
        assert app.screen.computer.stopped and app.is_running
        assert [h.action for h in session.history if not isinstance(h.action, DrawChit)] == []
        await pilot.press("v")
        assert app.screen.threats.on
