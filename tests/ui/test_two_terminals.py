"""Two terminals, one game: ``firepower host`` then two ``firepower join`` in two
pseudo-terminals, each read through pyte, playing a short game to its end. Each screen must
follow the other's moves, show whose turn it is, and refuse keys for the other side."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
pytest.importorskip("pyte")
from pty_harness import PtyApp  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SHORT = ROOT / "tests" / "fixtures" / "scenarios" / "short.toml"


def host(db: Path, scenario: Path | str = SHORT, seed: int = 3) -> int:
    """``firepower host``: the game's number, read from what it prints."""
    r = subprocess.run([sys.executable, "-m", "firepower_tui", "host", str(scenario), "--seed", str(seed),
                        "--db", str(db)], capture_output=True, text=True, check=True)
    assert f"firepower join {r.stdout.split()[1].rstrip(':')} --side tan --db" in r.stdout, r.stdout
    return int(r.stdout.split()[1].rstrip(":"))


def join(db: Path, game_id: int, side: str, env: dict[str, str] | None = None) -> PtyApp:
    return PtyApp(["join", str(game_id), "--side", side, "--db", str(db)], cols=100, rows=30, env=env)


def moved_line(app: PtyApp) -> str:
    """The log's line of the last man who entered a hex, e.g. 'T1 enters K3 from K2'."""
    found = re.findall(r"[A-Z]\d+ enters [A-Z]\d+ from [A-Z]\d+", app.text())
    assert found, app.text()
    return found[-1]


def play_a_phase(me: PtyApp, other: PtyApp) -> None:
    """``me`` starts an impulse, moves a man (the other screen shows the move), ends the phase."""
    me.press("enter")
    me.wait_for("impulse 1/2")
    other.wait_for("impulse 1/2")  # the waiting screen follows the start of the impulse
    me.press("m")
    me.wait_for(" enters ")
    other.wait_for(moved_line(me))
    me.press("E")
    me.wait_for("unused?")  # one impulse left: asked first (6.2)
    me.press("E")


@pytest.mark.rule("6.2")
def test_two_players_play_a_game_to_the_end_each_screen_following_the_other(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    game_id = host(db)
    tan = join(db, game_id, "tan")
    green = None
    try:
        tan.wait_for("You: Tan", timeout=30)
        green = join(db, game_id, "green")
        green.wait_for("You: Green", timeout=30)
        apps = {"Tan": tan, "Green": green}
        first = "Tan" if "Your move" in tan.text() else "Green"
        second = "Green" if first == "Tan" else "Tan"
        apps[second].wait_for(f"Waiting for {first}")
        # the waiting player's key for an action is refused, with its rule: one the footer does
        # not offer him (move, with nobody selected) as well as the other side's (end the phase)
        waiting = f"waiting for {first}: it is not {second}'s decision [6.2]"
        apps[second].press("m")
        apps[second].wait_for(waiting)
        apps[second].press("E")
        apps[second].wait_for(waiting)

        play_a_phase(apps[first], apps[second])
        apps[second].wait_for("Your move")  # the next chit was drawn: the second side's phase (6.1)
        apps[first].wait_for(f"Waiting for {second}")
        play_a_phase(apps[second], apps[first])
        for app in apps.values():  # one turn of one chit a side: the game is over on both screens
            app.wait_for("GAME OVER")
            assert "Traceback" not in app.text()
        tan.press("q")
        green.press("q")
        for app in apps.values():
            app.pump(2.0)
    finally:
        tan.close()
        if green is not None:
            green.close()
    store_entries = subprocess.run([sys.executable, "-m", "firepower_tui", "games", "--db", str(db)],
                                   capture_output=True, text=True, check=True).stdout
    assert "finished" in store_entries


def test_without_inotify_the_slow_poll_follows(tmp_path: Path) -> None:
    """FIREPOWER_NO_INOTIFY (a network file system): the waiting screen still follows, by its
    slow poll of the store."""
    db = tmp_path / "games.db"
    game_id = host(db)
    tan = join(db, game_id, "tan", env={"FIREPOWER_NO_INOTIFY": "1"})
    green = None
    try:
        tan.wait_for("You: Tan", timeout=30)
        green = join(db, game_id, "green", env={"FIREPOWER_NO_INOTIFY": "1"})
        green.wait_for("You: Green", timeout=30)
        me, other = (tan, green) if "Your move" in tan.text() else (green, tan)
        play_a_phase(me, other)
        other.wait_for("Your move")
    finally:
        tan.close()
        if green is not None:
            green.close()


def test_join_refuses_a_side_the_game_does_not_have(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    game_id = host(db)
    r = subprocess.run([sys.executable, "-m", "firepower_tui", "join", str(game_id), "--side", "blue",
                        "--db", str(db)], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert r.returncode == 2 and "no side 'blue'" in r.stderr and "Traceback" not in r.stderr
