"""What the first frame costs, checked without timing (bench/bench_core.py times it): the first
phase is announced in the first frame, the footer's keys are composed once, and the garbage
collector is paused for the start-up only."""

from __future__ import annotations

import gc

import pytest

import firepower_tui.cli as cli
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.ui.app import make_app, resume_gc
from firepower_tui.ui.screens.game import GameScreen
from firepower_tui.ui.widgets.footer import KeyFooter
from firepower_tui.ui.widgets.hex_map import HexMap


def app():  # noqa: ANN201
    return make_app(load_scenario("basic"), seed=7)


def first_key_per_action(footer: KeyFooter) -> list[str]:
    """The keys the stock Footer would show: the first key bound to each shown action."""
    keys: dict[str, str] = {}
    for key, action, *_ in footer.keys_shown():
        keys.setdefault(action, key)
    return list(keys.values())


async def test_the_first_phase_is_in_the_first_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever on_mount puts on the screen is in the first frame; the status line used to get
    the phase one refresh later, so the player waited for a second frame."""
    seen: list[str] = []
    mount = GameScreen.on_mount

    def on_mount(self: GameScreen) -> None:
        mount(self)
        seen.append(str(self.query_one("#status").render()))

    monkeypatch.setattr(GameScreen, "on_mount", on_mount)
    async with app().run_test(size=(100, 30)):
        pass
    assert len(seen) == 1 and "Tan's impulse phase" in seen[0]


async def test_the_footer_keys_are_built_once_and_again_only_when_they_change() -> None:
    """Built once just after the first frame (as Textual's footer is), not two or three times;
    after a key press only if the legal keys changed."""
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        footer = a.screen.query_one(KeyFooter)
        assert footer.composed == 1
        keys = [k.key for k in footer.query("FooterKey")]
        assert keys and keys == first_key_per_action(footer)
        await pilot.press("left", "right")  # the cursor moves; the legal keys stay
        a.screen.refresh_bindings()
        await pilot.pause()
        assert footer.composed == 1
        await pilot.press("enter")  # an impulse starts: moves become legal
        await pilot.pause()
        assert footer.composed == 2
        keys = [k.key for k in footer.query("FooterKey")]
        assert "m" in keys and keys == first_key_per_action(footer)


async def test_the_map_is_styled_once_before_the_first_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each styling of the map styles its component classes too. Before the first frame it is
    styled once (its mount): not again when the screen first resumes, and its focus (which
    restyles it; nothing shows it) comes just after the frame. The frame is the same (the
    snapshots)."""
    from textual.css.stylesheet import Stylesheet

    styled: list[str] = []
    apply = Stylesheet.apply

    def counting(self: Stylesheet, node: object, *args: object, **kwargs: object) -> None:
        if isinstance(node, HexMap):
            styled.append(type(node).__name__)
        apply(self, node, *args, **kwargs)  # type: ignore[arg-type]

    at_mount: list[int] = []
    mount = GameScreen.on_mount

    def on_mount(self: GameScreen) -> None:
        mount(self)
        at_mount.append(len(styled))

    monkeypatch.setattr(Stylesheet, "apply", counting)
    monkeypatch.setattr(GameScreen, "on_mount", on_mount)
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert a.screen.query_one(HexMap).has_focus
        assert at_mount == [1] and len(styled) == 2  # (a third comes with the blur as the app closes)


async def test_a_new_game_opens_on_the_game_screen_itself() -> None:
    """No blank default screen under it: Textual would mount, style and resume one first."""
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert [type(s) for s in a.screen_stack] == [GameScreen]


def test_app_commands_pause_the_collector_until_the_first_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """`firepower play` starts with the cyclic collector off, and main turns it on again on its
    way out however it leaves (here: the stubbed game returns at once)."""
    assert gc.isenabled()
    during: list[bool] = []
    monkeypatch.setattr(cli, "_play", lambda ref, args: during.append(gc.isenabled()) or 0)
    assert cli.main(["play", "basic"]) == 0
    assert during == [False] and gc.isenabled()


def test_headless_commands_leave_the_collector_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    during: list[bool] = []
    monkeypatch.setattr(cli, "_validate", lambda files: during.append(gc.isenabled()) or 0)
    assert cli.main(["validate", "x.toml"]) == 0
    assert during == [True]


def test_resume_gc_freezes_the_start_up_only_when_it_was_paused() -> None:
    frozen = gc.get_freeze_count()
    resume_gc()  # collector on (as under pytest): nothing to do
    assert gc.get_freeze_count() == frozen and gc.isenabled()
    gc.disable()
    try:
        resume_gc()
        assert gc.isenabled() and gc.get_freeze_count() > frozen
    finally:
        gc.enable()
        gc.unfreeze()


async def test_the_command_line_is_built_when_first_opened() -> None:
    """The hidden command line is not in the first frame's DOM; opened, it sits between the
    status line and the footer as it always did, and closing and opening it again reuses it."""
    a = app()
    async with a.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert not a.screen.query("#command")
        await pilot.press("colon")
        await pilot.pause()
        box = a.screen.query_one("#command")
        ids = [w.id for w in a.screen.children]
        assert ids.index("status") + 1 == ids.index("command") and box.has_focus and box.display
        await pilot.press("escape")
        await pilot.pause()
        assert not box.display and a.screen.query_one(HexMap).has_focus
        await pilot.press("colon")
        await pilot.pause()
        assert a.screen.query_one("#command") is box and box.has_focus
