"""The app driven by key presses (Pilot): the game state after each, not pixels."""

from __future__ import annotations

from firepower_tui.rules.board.hexgrid import hex_from_id
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.ui.app import make_app
from firepower_tui.ui.widgets.hex_map import HexMap
from firepower_tui.ui.widgets.side_log import SideLog

SEED = 7  # seed 7 draws a Tan chit first; the cursor starts on T1 in K2


def app():  # noqa: ANN201
    return make_app(load_scenario("basic"), seed=SEED)


async def test_first_phase_and_a_move_by_keys() -> None:
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        c = a.controller
        assert c.state.active == "tan" and c.cursor == hex_from_id("K2")
        await pilot.press("enter")
        assert c.state.impulse == 1 and c.selected == "T1"
        await pilot.press("m", "t", "8", "c")
        t1 = c.state.soldier("T1")
        assert (t1.hex, t1.facing.name, t1.posture.value) == (hex_from_id("K3"), "N", "crouch")
        assert c.state.mf_left(t1) == 1
        await pilot.press("m")  # crouching entry costs 2: refused with its rule
        assert c.state.soldier("T1").hex == hex_from_id("K3")
        assert c.message.endswith("[6.2.8]")
        log = a.screen.query_one(SideLog)
        assert any("[6.2.8]" in e.plain for e in log.entries)


async def test_the_footer_offers_only_what_the_engine_allows() -> None:
    """With 1 MF left a crouching man's move (2 MF) and a throw (2 MF) leave the footer; m pressed
    anyway still answers with the engine's refusal and its rule."""
    from firepower_tui.rules import engine
    from firepower_tui.rules.model.actions import Move
    from firepower_tui.ui.widgets.footer import KeyFooter

    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        c = a.controller

        def footer_keys() -> set[str]:
            return {key for key, *_ in a.screen.query_one(KeyFooter).keys_shown()}

        await pilot.press("enter")
        await pilot.pause()
        assert {"m", "g"} <= footer_keys()
        await pilot.press("m", "t", "8", "c")
        await pilot.pause()
        assert c.state.mf_left(c.soldier()) == 1
        assert "m" not in footer_keys() and "g" not in footer_keys() and "e" in footer_keys()
        await pilot.press("m")
        refusal = engine.check(c.state, Move(soldier="T1"))
        assert refusal is not None and c.message == f"{refusal.reason} [{refusal.rule}]"


async def test_cursor_keys_move_by_hex_directions() -> None:
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        c = a.controller
        await pilot.press("down", "3", "9", "left", "7")
        # odd columns sit half a hex lower: K2 -> K3 (S) -> L3 (SE) -> M3 (NE) -> L3 (left) -> K3 (NW)
        assert c.cursor == hex_from_id("K3")
        assert a.screen.query_one(HexMap).cursor == hex_from_id("K3")


async def test_fire_with_odds_then_the_roll_in_the_log() -> None:
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        c = a.controller
        for _ in range(7):
            await pilot.press("left")
        await pilot.press("enter", "f")
        assert c.selected == "T3" and c.cursor == hex_from_id("D14")
        preview = a.screen.query_one("#preview")
        assert preview.display
        text = str(preview.render())
        assert "hit number 4 [4.7 RFL auto 9-12]" in text and "48.8% to kill" in text
        a.session.dice.force([10, 10, 10])
        await pilot.press("enter")
        rolls = [e for e in c.session.log if getattr(e, "event", "") == "roll"]
        assert [r.die for r in rolls] == [10, 10, 10]
        assert c.state.soldier("G3").status.value == "suppressed"
        log_text = "\n".join(e.plain for e in a.screen.query_one(SideLog).entries)
        assert "+1 trees in LOS (D7) [6.3.6.2.5]" in log_text


async def test_undo_and_end_impulse_and_phase() -> None:
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        c = a.controller
        await pilot.press("enter", "m", "z")
        assert c.state.soldier("T1").hex == hex_from_id("K2")
        await pilot.press("m", "e")
        assert c.state.impulse == 0 and c.state.impulses_used == 1
        await pilot.press("E")  # one impulse left unused: asked first (6.2)
        assert len(c.state.played) == 1
        await pilot.press("E")
        assert c.state.active is not None and len(c.state.played) == 2


async def test_end_phase_asks_and_any_other_key_carries_on() -> None:
    """E with impulses unused asks; ?, an unbound key, a cursor key and Esc each answer no
    (nothing else happens: no help, no cursor move); E, E ends the phase."""
    from firepower_tui.controller import Mode

    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        c = a.controller
        start, cursor = c.state, c.cursor
        for other in ("question_mark", "j", "up", "escape", "m"):
            await pilot.press("E")
            assert c.mode is Mode.CONFIRM_END and "unused" in str(a.screen.query_one("#status").render())
            await pilot.press(other)
            await pilot.pause()
            assert c.mode is Mode.BROWSE and c.state is start and c.cursor == cursor, other
            assert a.screen is not None and type(a.screen).__name__ == "GameScreen", other
        await pilot.press("E", "E")
        assert len(c.state.played) == 2


async def test_command_line() -> None:
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        c = a.controller
        await pilot.press("colon")
        await pilot.press(*"impulse K2")
        await pilot.press("enter")
        assert c.state.impulse == 1
        await pilot.press("colon", *"move T1", "enter")
        assert c.state.soldier("T1").hex == hex_from_id("K3")


async def test_help_rules_and_quit_confirmation() -> None:
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.press("question_mark")
        assert type(a.screen).__name__ == "TextScreen"
        await pilot.press("escape", "r")
        assert [s.number for s in a.screen.body.sections][0] == "2.1"  # the phase's rules (rulebook §2)
        await pilot.press("escape", "Q")
        assert type(a.screen).__name__ == "ConfirmScreen"
        await pilot.press("n")
        assert type(a.screen).__name__ == "GameScreen"


async def test_too_small_terminal_shows_a_message() -> None:
    a = app()
    async with a.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        tiny = a.screen.query_one("#too-small")
        assert "needs at least 80x24" in str(tiny.render())
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert type(a.screen).__name__ == "GameScreen"


async def test_mouse_click_moves_the_cursor() -> None:
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        hex_map = a.screen.query_one(HexMap)
        target = hex_from_id("C3")
        y, x, _ = hex_map.grid.slots[target][0]
        await pilot.click(HexMap, offset=(x + 2 + 1 - hex_map.scroll_offset.x, y + 1 - hex_map.scroll_offset.y))
        assert a.controller.cursor == target


def close_quarters_app(dice: list[int]):  # noqa: ANN201
    """Tan in B4 (two men facing S), Green in B5 and B7; Tan's phase already drawn."""
    from firepower_tui.games.session import Session
    from firepower_tui.rules.model.actions import DrawChit
    from tests.conftest import FIELD, make_scenario

    scenario = make_scenario(FIELD, ["T1 tan RFL B4 S", "T2 tan RFL B4 S", "G1 green RFL B5 N",
                                     "G2 green RFL B7 N", "G3 green RFL J9 N"])
    session = Session(scenario, seed=1)
    session.submit(DrawChit(side="tan"))
    session.dice.force(dice)
    return make_app(scenario, session=session)


async def test_grenade_by_keys() -> None:
    """g aims at the nearest enemy hex; the preview lists spread and risks; Enter throws."""
    a = close_quarters_app([1, 1, 9, 9])  # throw lands (1 <= 8); G1 killed (1+3... ring rolls follow)
    async with a.run_test(size=(100, 30)) as pilot:
        c = a.controller
        await pilot.press("enter", "g")
        assert c.cursor == hex_from_id("B5")
        text = str(a.screen.query_one("#preview").render())
        assert "GRENADE at B5, range 1" in text and "Lands on roll ≤ 8" in text
        await pilot.press("enter")
        grenade = [e for e in c.session.log if getattr(e, "event", "") == "grenade"]
        assert grenade and grenade[0].outcome == "landed"
        rolls = [e for e in c.session.log if getattr(e, "event", "") == "roll"]
        assert rolls[0].purpose == "throw: T1 at B5" and rolls[1].purpose.startswith("blast:")


async def test_melee_by_keys() -> None:
    """k picks the hex in front with both men of the impulse; Enter resolves at 70%."""
    a = close_quarters_app([3])  # 3 - 2 = 1 <= 5: the attackers win
    async with a.run_test(size=(100, 30)) as pilot:
        c = a.controller
        await pilot.press("enter", "k")
        text = str(a.screen.query_one("#preview").render())
        assert "MELEE into B5: T1, T2 against G1" in text and "70%" in text
        await pilot.press("enter")
        assert c.state.soldier("G1").killed
        assert c.state.soldier("T1").hex == hex_from_id("B5") == c.state.soldier("T2").hex


async def test_a_bug_is_reported_without_a_traceback(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """A failing intent leaves the game as it was, notifies, and writes a crash report."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        c = a.controller
        dispatch = c.dispatch

        def boom(intent):  # noqa: ANN001, ANN202
            if intent == "move":
                raise RuntimeError("simulated bug")
            return dispatch(intent)

        monkeypatch.setattr(c, "dispatch", boom)
        await pilot.press("enter")
        before = c.state
        await pilot.press("m")
        assert c.state is before
        reports = list((tmp_path / "firepower").glob("crash-*.txt"))
        assert reports and "simulated bug" in reports[0].read_text()
        await pilot.press("m")  # still playable


async def test_end_of_game_screen() -> None:
    from firepower_tui.games.session import Session
    from firepower_tui.rules.model.actions import DrawChit
    from tests.conftest import FIELD, make_scenario

    scenario = make_scenario(FIELD, ["T1 tan RFL B2 S", "G1 green RFL B5 N"])
    session = Session(scenario, seed=1)
    session.submit(DrawChit(side="tan"))
    session.dice.force([1, 10, 10])
    a = make_app(scenario, session=session)
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter", "f", "enter")
        await pilot.pause()
        assert type(a.screen).__name__ == "EndScreen"
        text = str(a.screen.query_one("Static").render())
        assert "Tan wins" in text and "Green: 1 lost (G1)" in text and "Green has no soldiers left" in text
        await pilot.press("escape")
        assert type(a.screen).__name__ == "GameScreen" and a.controller.state.over


async def test_history_view_steps_back_and_returns() -> None:
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        c = a.controller
        await pilot.press("enter", "m", "m")
        assert c.state.soldier("T1").hex == hex_from_id("K4")
        await pilot.press("h")
        assert type(a.screen).__name__ == "HistoryScreen"
        hex_map = a.screen.query_one(HexMap)
        await pilot.press("left")
        assert hex_map.state.soldier("T1").hex == hex_from_id("K3")
        await pilot.press("home")
        assert hex_map.state.soldier("T1").hex == hex_from_id("K2") and a.screen.step == 0
        await pilot.press("m")  # read-only: nothing happens
        assert c.state.soldier("T1").hex == hex_from_id("K4")
        await pilot.press("b", "end", "n")
        assert a.screen.step == 0
        await pilot.press("escape")
        assert type(a.screen).__name__ == "GameScreen"
        assert a.screen.query_one(HexMap).state.soldier("T1").hex == hex_from_id("K4")


async def test_title_screen_continue(tmp_path) -> None:  # noqa: ANN001
    from firepower_tui.games.service import new_game, resume_game
    from firepower_tui.games.store import Store
    from firepower_tui.ui.app import FirepowerApp

    store = Store(tmp_path / "g.db")
    session, gid = new_game(store, load_scenario("basic"), seed=7)
    session.draw_if_needed()
    store.release(gid)
    picked: list[str] = []

    def choose(choice: str):  # noqa: ANN202
        picked.append(choice)
        return resume_game(store, gid)

    a = FirepowerApp(None, store=store, title=(f"game {gid}", "basic"), on_choice=choose)
    async with a.run_test(size=(100, 30)) as pilot:
        assert type(a.screen).__name__ == "TitleScreen"
        await pilot.press("enter")
        await pilot.pause()
        assert picked == ["continue"] and type(a.screen).__name__ == "GameScreen"
        assert a.controller.state.active == "tan"


async def test_the_title_screen_fits_a_narrow_terminal(tmp_path) -> None:  # noqa: ANN001
    """Under 80 columns the title's menu is drawn whole within the screen (its box narrows), so
    a player in a small window still reads every choice; the game then says how big it must be."""
    from firepower_tui.games.store import Store
    from firepower_tui.ui.app import FirepowerApp

    store = Store(tmp_path / "g.db")
    a = FirepowerApp(None, store=store, title=("game 1", "basic"), on_choice=lambda choice: None)
    async with a.run_test(size=(60, 15)) as pilot:
        await pilot.pause()
        assert type(a.screen).__name__ == "TitleScreen"
        box = a.screen.query_one("#dialog").region
        assert box.x >= 0 and box.right <= 60, box
        choices = a.screen.query_one("#choices").region
        assert choices.right <= box.right and choices.width >= len("Learn the rules: guided lessons...")
    store.close()


async def test_meeting_from_picker_to_play(tmp_path) -> None:  # noqa: ANN001
    """Pick meeting, buy both forces by keys, deploy, answer both choices: turn 1 begins."""
    from firepower_tui.cli import all_scenarios
    from firepower_tui.games.service import new_game
    from firepower_tui.games.store import Store
    from firepower_tui.ui.app import FirepowerApp

    store = Store(tmp_path / "g.db")
    choices = all_scenarios()
    index = next(i for i, (sc, dep) in enumerate(choices) if sc.id == "meeting")

    def pick(path: str, deploy: bool, rules: tuple[str, ...], advice: bool | None = None):  # noqa: ANN202
        return new_game(store, load_scenario(path), 7, {"deploy": deploy, "rules": rules})

    a = FirepowerApp(None, store=store, picker=choices, on_pick=pick)
    async with a.run_test(size=(100, 30)) as pilot:
        assert type(a.screen).__name__ == "ScenarioPicker"
        await pilot.press(*(["down"] * index), "enter")
        await pilot.pause()
        assert type(a.screen).__name__ == "ForceBuilderScreen"
        await pilot.press("3", "3", "1", "1", "2", "enter")     # Tan: 18+18+10+10+8 = 64
        await pilot.press("3", "1", "1", "1", "s", "1", "enter")  # Green: 18+30+13 = 61
        await pilot.pause()
        c = a.controller
        assert c.state.phase == "deploy"
        assert sorted(s.id for s in c.state.soldiers) == ["G1", "G2", "G3", "G4", "G5", "T1", "T2", "T3", "T4", "T5"]
        for _ in range(40):  # answer choices with Enter, place men with Enter, until turn 1
            if c.state.phase == "play":
                break
            await pilot.press("enter")
            await pilot.pause()
        assert c.state.phase == "play" and c.state.active == c.state.first_side
        g5 = c.state.soldier("G5")
        assert g5.deployed and "scout" in g5.traits
        assert g5.hex not in c.state.scenario.zone("tan")


async def test_history_jumps_by_phase_and_turn() -> None:
    from firepower_tui.games.session import Session

    sc = load_scenario("basic")
    session = Session(sc, seed=7)
    c_app = make_app(sc, session=session)
    async with c_app.run_test(size=(100, 30)) as pilot:
        c = c_app.controller
        for _ in range(9):  # end phases: more than one turn of chits (each asked: E again)
            await pilot.press("E", "E")
        assert c.state.turn == 2
        await pilot.press("h")
        screen = c_app.screen
        last = screen.step
        await pilot.press("left_square_bracket")
        from firepower_tui.rules.model.actions import DrawChit

        assert screen.step < last and isinstance(session.history[screen.step - 1].action, DrawChit)
        await pilot.press("pageup")  # the start of this turn (turn 2)
        from firepower_tui.rules.model.events import TurnStarted

        assert screen.state_at(screen.step).turn == 2
        assert any(isinstance(e, TurnStarted) for e in session.history[screen.step - 1].events)
        await pilot.press("pageup")  # the turn before: the start of the game
        assert screen.step == 0 and screen.state_at(0).turn == 1
        await pilot.press("end")
        assert screen.step == len(session.history)


async def test_handover_banner_between_phases() -> None:
    from firepower_tui.games.session import Session

    sc = load_scenario("basic")
    a = make_app(sc, session=Session(sc, seed=7), handover=True)
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert type(a.screen).__name__ == "BannerScreen"  # the first phase is announced too
        await pilot.press("enter", "E", "E")
        await pilot.pause()
        assert type(a.screen).__name__ == "BannerScreen"
        text = str(a.screen.query("Static").first().render())
        assert "impulse phase" in text and "Pass the keyboard to the" in text
        await pilot.press("enter")
        assert type(a.screen).__name__ == "GameScreen"


async def test_turning_by_t_and_a_direction_updates_the_panels() -> None:
    """After ``t 8`` the soldier panel shows the new facing and the MF left (a turn, not a cursor move)."""
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter", "t", "8")
        await pilot.pause()
        panel = str(a.screen.query_one("#soldier-panel").render())
        assert "K2 facing N" in panel and "MF left 3/4" in panel


def test_the_game_screen_handles_every_view_intent() -> None:
    """The keymap's view intents are exactly the ones the game screen handles; every other goes to the controller."""
    from firepower_tui.controller.keymap import VIEW_INTENTS
    from firepower_tui.ui.screens.game import GameScreen

    assert set(GameScreen.VIEWS) == VIEW_INTENTS


def test_force_builder_keys_follow_the_points_table() -> None:
    """Keys 1, 2, 3 buy the kinds of man in the order of ``victory.POINTS``, each labelled with its cost."""
    from firepower_tui.rules.scenario.victory import POINTS
    from firepower_tui.ui.screens.setup import ForceBuilderScreen

    buys = [(b.key, b.action, b.description) for b in ForceBuilderScreen.BINDINGS if b.action.startswith("buy")]
    assert buys == [("1", "buy('RFL')", "Rifleman 10"), ("2", "buy('PST')", "Leader 8"), ("3", "buy('LMG')", "LMG 18")]
    assert [action for _, action, _ in buys] == [f"buy({code!r})" for code in POINTS]
