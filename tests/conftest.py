"""Shared fixtures: small scenarios built from text, and a game driven by notation."""

from __future__ import annotations

import os
import random
import tempfile
import textwrap
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from firepower_tui.rules import engine
from firepower_tui.rules.model.dice import ScriptedDice, SeededDice
from firepower_tui.rules.model.errors import Refusal
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.rules.model.scenario import Scenario
from firepower_tui.rules.scenario.load import load_scenario, parse_scenario
from firepower_tui.rules.basic.sequence import new_game
from firepower_tui.rules.model.state import GameState


def pytest_configure(config: object) -> None:
    """Keep games, crash reports, state and the scenario cache of the test run out of the user's own folders."""
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="firepower-test-data-")
    os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="firepower-test-state-")
    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="firepower-test-cache-")


SLOW_FOLDERS = ("remote", "fault", "fuzz")
"""Folders of tests/ whose every test is slow: sshd and the browser, processes killed and raced, fuzzing."""


def uses_pty_harness(item: pytest.Item) -> bool:
    """Whether a test drives the app in a pseudo-terminal (``bench/pty_harness.py``): its module
    imported the harness (or something from it), or the test imports it itself."""
    if not isinstance(item, pytest.Function):
        return False
    for value in vars(item.module).values():
        if getattr(value, "__name__", None) == "pty_harness" or getattr(value, "__module__", None) == "pty_harness":
            return True
    return "pty_harness" in item.function.__code__.co_names


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark slow every test in :data:`SLOW_FOLDERS` and every test that uses the pty harness, so
    that ``pytest -m "not slow"`` leaves them out without anyone marking a new one by hand."""
    tests = Path(__file__).parent
    for item in items:
        folder = item.path.relative_to(tests).parts[0] if item.path.is_relative_to(tests) else ""
        if folder in SLOW_FOLDERS or uses_pty_harness(item):
            item.add_marker(pytest.mark.slow)


def make_scenario(terrain: str, soldiers: Iterable[str], *, fences: str = "", hedges: str = "",
                  turns: int = 10, chits: int = 4, extra: str = "", zones: str = "") -> Scenario:
    """A scenario from a terrain picture and soldier lines ``id side weapon hex facing [posture] [fence_side]``.

    A hex of ``-`` leaves him to the deployment phase; a word ``scout`` gives him that trait;
    words ``item=count`` (``smoke=2``) issue him §9.5 items.
    """
    rows = [r for r in textwrap.dedent(terrain).strip("\n").splitlines()]
    soldier_toml = []
    for line in soldiers:
        parts = line.split()
        scout = "scout" in parts
        items = [p for p in parts if "=" in p]  # §9.5 items, e.g. smoke=2
        parts = [p for p in parts if p != "scout" and "=" not in p]
        sid, side, weapon, hx, facing = parts[:5]
        entry = f'[[soldiers]]\nid = "{sid}"\nside = "{side}"\nweapon = "{weapon}"\nfacing = "{facing}"\n'
        if hx != "-":
            entry += f'hex = "{hx}"\n'
        if scout:
            entry += 'traits = ["scout"]\n'
        if len(parts) > 5:
            entry += f'posture = "{parts[5]}"\n'
        if len(parts) > 6:
            entry += f'fence_side = "{parts[6]}"\n'
        if items:
            entry += "items = { " + ", ".join(items) + " }\n"
        soldier_toml.append(entry)
    text = f'''id = "test"
title = "test"
turns = {turns}
chits_per_side = {chits}
{extra}
[map]
columns = {len(rows[0])}
rows = {len(rows)}
terrain = """
{chr(10).join(rows)}
"""
fences = [{fences}]
hedges = [{hedges}]

[[sides]]
id = "tan"
name = "Tan"

[[sides]]
id = "green"
name = "Green"

{chr(10).join(soldier_toml)}
{zones}
'''
    return parse_scenario(text, "test.toml")


class Game:
    """A game driven by notation lines; refusals raise unless asked for."""

    def __init__(self, scenario: Scenario, dice: object | None = None) -> None:
        self.state: GameState = new_game(scenario)
        self.dice = dice if dice is not None else SeededDice(1)
        self.events: list[object] = []

    def do(self, *lines: str) -> list[object]:
        out: list[object] = []
        for line in lines:
            action = parse_action(line)
            refusal = engine.check(self.state, action)
            if refusal is not None:
                raise AssertionError(f"{line!r} refused: {refusal}")
            self.state, events = engine.apply(self.state, action, self.dice)  # type: ignore[arg-type]
            out += events
        self.events += out
        return out

    def refusal(self, line: str) -> Refusal:
        refusal = engine.check(self.state, parse_action(line))
        assert refusal is not None, f"{line!r} was not refused"
        return refusal

    def soldier(self, sid: str):  # noqa: ANN201
        s = self.state.soldier(sid)
        assert s is not None
        return s


OPEN_8 = "\n".join(["........"] * 8)


@pytest.fixture
def basic() -> Scenario:
    return load_scenario("basic")


def set_soldier(game: Game, sid: str, **changes: object) -> None:
    """Put a soldier in a given condition (test set-up only)."""
    s = game.soldier(sid).evolve(**changes)
    game.state = game.state.with_soldiers(s)


def enumerate_runs(run):  # noqa: ANN001, ANN201
    """Run ``run(dice)`` down every path of d10 faces; yield (probability, result) per complete path.

    A path that runs out of scripted dice is extended by each of the ten faces, so the
    paths are exactly the game's chance tree (each die 1/10).
    """
    from fractions import Fraction

    from firepower_tui.rules.model.errors import DiceError

    stack: list[list[int]] = [[]]
    while stack:
        prefix = stack.pop()
        try:
            result = run(ScriptedDice(prefix))
        except DiceError:
            stack.extend(prefix + [face] for face in range(1, 11))
            continue
        yield Fraction(1, 10 ** len(prefix)), result


def with_terrain(base: str, **cells: str) -> str:
    """``base`` with single hexes changed, e.g. ``with_terrain(FIELD, B8="t")``."""
    from firepower_tui.rules.board.hexgrid import hex_from_id, qoffset_from_cube

    rows = [list(r) for r in base.strip("\n").splitlines()]
    for hid, letter in cells.items():
        c = qoffset_from_cube(hex_from_id(hid))
        rows[c.row][c.col] = letter
    return "\n".join("".join(r) for r in rows)


FIELD = "\n".join(["." * 10] * 10)


ALL_OPTIONAL = ("overwatch", "hit_the_dirt", "hiding", "weapons", "special_weapons", "buildings", "melee_reactions", "clock")
"""Every optional rule this version implements (RULES.md §9)."""


def optional_game(soldiers: Iterable[str], rules: Iterable[str], *, terrain: str = FIELD, dice: object | None = None,
                  fences: str = "", hedges: str = "") -> Game:
    """A game on ``terrain`` with some optional rules on (§9)."""
    listed = ", ".join(f'"{r}"' for r in rules)
    return Game(make_scenario(terrain, soldiers, extra=f"rules = [{listed}]", fences=fences, hedges=hedges), dice)


def play(session, *lines: str) -> None:  # noqa: ANN001
    """Submit each line of notation to a session; every one must be accepted."""
    for line in lines:
        out = session.submit(parse_action(line))
        assert out.ok, (line, out.refusal)


def random_positions(name: str, rules: Iterable[str], seeds: Iterable[int], limit: int) -> Iterator[GameState]:
    """Every position of seeded random games of scenario ``name`` (``playout.random_action`` with
    ``random.Random(seed)``, ``SeededDice(seed)``), each before its action is chosen, at most
    ``limit`` actions a game: for tests that hold a kept or planned value to the general one."""
    from firepower_tui.headless.playout import random_action

    scenario = load_scenario(name)
    for seed in seeds:
        state = new_game(scenario, rules=tuple(rules))
        rng, dice = random.Random(seed), SeededDice(seed)
        for _ in range(limit):
            if state.over:
                break
            yield state
            state, _ = engine.apply_trusted(state, random_action(state, rng), dice)
