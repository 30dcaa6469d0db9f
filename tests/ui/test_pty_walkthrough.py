"""A full turn of the basic game at 80x24, played by keys alone and read from the screen alone,
as a new player meets it: whose phase it is from the header, the marked hexes from the hex
panel, where the men stand from the map's counters, its column letters and row numbers.

Every wait is for something on the screen, with a time limit; no pause is tuned to a machine."""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
pytest.importorskip("pyte")
from pty_harness import PtyApp  # noqa: E402

COLS, ROWS = 80, 24
HEX_LINE = re.compile(r"\b([A-Z]{1,2})(\d{1,2}) (?:open|hill|depression|trees|scrub|rough)\b")
"""The hex panel's first line: the cursor's hex and its terrain."""
COUNTER = re.compile(r"([A-Z])(\d{1,2})[↑↗↘↓↙↖]")
"""A man's counter on the map: his id and his facing arrow."""
TURN = re.compile(r"Turn (\d+)/\d+\s+(\w+)")
"""The header: the turn, then whose decision it is."""
IMPULSE = re.compile(r"\bimp(?:ulse)? ([12])/2 ")
MF_LEFT = re.compile(r"MF left (\d)/(\d)")


def wait_until(app: PtyApp, what: str, test: Callable[[str], bool], timeout: float = 15.0) -> str:
    """The screen's text once ``test`` holds for it (else TimeoutError naming ``what``)."""
    end = time.monotonic() + timeout
    while True:
        text = app.text()
        if test(text):
            return text
        if time.monotonic() > end:
            raise TimeoutError(f"{what}: not on screen after {timeout}s:\n{text}")
        app.pump(0.01)


class Screen:
    """What the walk reads off one screen's text."""

    def __init__(self, text: str) -> None:
        self.lines = text.split("\n")
        self.side_x = self.lines[1].index("▏") + 1  # the side column, right of the map's edge

    @property
    def side(self) -> str:
        return "\n".join(line[self.side_x:] for line in self.lines[1:-2])

    @property
    def header(self) -> str:
        return self.lines[0]

    def cursor(self) -> tuple[str, int] | None:
        """The cursor's hex (the hex panel names it): column letters, row; None while the panel
        is being drawn."""
        found = HEX_LINE.search(self.side)
        return (found.group(1), int(found.group(2))) if found else None

    def counters(self, letter: str) -> list[tuple[str, int]]:
        """The hexes of the map's counters of the men whose ids start with ``letter``."""
        ruler = self.lines[1][:self.side_x]
        out = []
        for y, line in enumerate(self.lines[2:-2], start=2):
            for found in COUNTER.finditer(line[:self.side_x]):
                if found.group(1) != letter:
                    continue
                column = ruler[found.start() + 1].strip()  # the letter over the hex's middle
                label = line[:2].strip() or self.lines[y - 1][:2].strip()  # an odd column: half a row down
                if column and label.isdigit():
                    out.append((column, int(label)))
        return out


def column_index(letters: str) -> int:
    return ord(letters) - ord("A")


def go_to(app: PtyApp, target: tuple[str, int]) -> Screen:
    """Arrow keys, one at a time, until the hex panel names ``target`` (left and right: a column
    along the row; up and down: a row along the column)."""
    for _ in range(60):
        here = Screen(wait_until(app, "the hex panel", lambda t: Screen(t).cursor() is not None)).cursor()
        assert here is not None
        if here == target:
            return Screen(app.text())
        dx, dy = column_index(target[0]) - column_index(here[0]), target[1] - here[1]
        app.press(("right" if dx > 0 else "left") if dx else ("down" if dy > 0 else "up"))
        wait_until(app, f"the cursor off {here}", lambda t: Screen(t).cursor() not in (None, here))
    raise AssertionError(f"the cursor never reached {target}:\n{app.text()}")


def play_an_impulse(app: PtyApp) -> None:
    """Find a marked hex of the side whose phase it is, start an impulse there, move the man one
    hex (or crouch if he cannot move), end the impulse."""
    screen = Screen(app.text())
    side = TURN.search(screen.header).group(2)
    tried: set[tuple[str, int]] = set()
    while "impulse hex" not in screen.side:
        left = [h for h in screen.counters(side[0]) if h not in tried]
        if not left:  # none on screen is marked: look at the other half of the map
            here = screen.cursor()
            assert here is not None
            far = ("W", here[1]) if column_index(here[0]) < 12 else ("B", here[1])
            screen = go_to(app, far)
            tried.clear()
            continue
        tried.add(left[0])
        screen = go_to(app, left[0])
    app.press("enter")
    screen = Screen(wait_until(app, "the impulse started", lambda t: bool(IMPULSE.search(t.split("\n")[0]))))
    app.press("m")
    screen = Screen(wait_until(app, "the move done or refused", lambda t: moved(t) or refused(t)))
    if not moved(app.text()):
        app.press("c")
        wait_until(app, "the man crouched", moved)
    app.press("e")
    wait_until(app, "the impulse ended", lambda t: not IMPULSE.search(t.split("\n")[0]))


def moved(text: str) -> bool:
    """The soldier panel says the man has spent MF."""
    found = MF_LEFT.search(text)
    return bool(found) and found.group(1) != found.group(2)


def refused(text: str) -> bool:
    """The status line (the line above the footer) gives a refusal's rule."""
    return bool(re.search(r"\[[§\d.A-Z]+\]\s*$", text.split("\n")[-2]))


@pytest.mark.rule("6.1")
def test_a_whole_basic_turn_by_keys_at_80x24(tmp_path: Path) -> None:
    """From the first frame to turn 2: every impulse phase of turn 1 (eight chits) played with
    two impulses, each found, started, used and ended by keys read off the screen."""
    app = PtyApp(["play", "basic", "--seed", "3"], cols=COLS, rows=ROWS, env={"XDG_DATA_HOME": str(tmp_path)},
                 frames=True)  # (whole frames only: a half-drawn screen would misplace a counter)
    started = time.monotonic()
    try:
        text = wait_until(app, "the first frame", lambda t: bool(TURN.search(t)) and "impulse phase" in t, 30)
        assert TURN.search(text).group(1) == "1"
        phases = []
        for _ in range(40):  # (a turn is 8 phases of 2 impulses: 16)
            header = Screen(app.text()).header
            turn, side = TURN.search(header).groups()
            if turn == "2":
                break
            phases.append(side)
            play_an_impulse(app)
        else:
            pytest.fail("turn 2 never began:\n" + app.text())
        assert sorted(set(phases)) == ["Green", "Tan"] and len(phases) == 16, phases
        assert "Traceback" not in app.text()
        assert time.monotonic() - started < 60
    finally:
        app.close()
