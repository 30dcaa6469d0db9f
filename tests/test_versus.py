"""Playing against the computer, outside the app: who plays each side
(games/seats.py), the command line, the store and ``firepower script`` with a computer side."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from firepower_tui.cli import _parse, main
from firepower_tui.games.seats import (LEVELS, SeatError, computer_levels, other_side_of,
                                       parse_players, parse_seat, players_label, versus_computer)
from firepower_tui.games.service import load_game, new_game, resume_game
from firepower_tui.games.store import Store
from firepower_tui.headless.script import run_script_file
from firepower_tui.players import opponent
from firepower_tui.rules import engine
from firepower_tui.rules.model.actions import Action, Buy, Ready
from firepower_tui.rules.model.errors import ScriptError
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.model.state import GameState
from firepower_tui.rules.basic.turn import deciders, decision_rule

SIDES = ["tan", "green"]


class OwnSide:
    """A computer player that sends random legal actions of its own side only (what the opponent
    must do; the tests do not depend on how well it plays)."""

    def __init__(self, side: str, level: str = "normal", seed: int = 0) -> None:
        self.side, self.level, self.rng = side, level, random.Random(seed)

    def to_act(self, state: GameState) -> bool:
        return self.side in deciders(state)

    def choose(self, state: GameState) -> Action:
        mine = [a for a in engine.legal_actions(state) if other_side_of(state, a, self.side) is None]
        return self.rng.choice(mine)


# --- seats ------------------------------------------------------------------------------------


def test_the_levels_are_the_opponents() -> None:
    assert LEVELS == opponent.LEVELS


def test_seats_parse_and_fill_in_the_humans() -> None:
    assert parse_seat("computer") == "computer:normal"
    assert parse_players(["green=computer:hard"], SIDES) == {"tan": "human", "green": "computer:hard"}
    assert computer_levels({"tan": "computer:easy", "green": "human"}) == {"tan": "easy"}
    assert computer_levels(None) == {} and players_label(None) == "hotseat"
    assert players_label(versus_computer(SIDES, "tan", "hard")) == "tan: computer (hard)"


@pytest.mark.parametrize("words", [["red=computer"], ["tan=robot"], ["tan=computer:genius"], ["tan"],
                                   ["tan=human", "tan=computer"]])
def test_bad_players_words_are_refused(words: list[str]) -> None:
    with pytest.raises(SeatError):
        parse_players(words, SIDES)


@pytest.mark.rule("§10.3")
def test_a_computer_may_not_act_for_the_other_side() -> None:
    state = load_scenario("meeting")
    from firepower_tui.rules.basic.sequence import new_game as start

    st = start(state)
    assert other_side_of(st, Buy(side="tan", weapon="RFL"), "green") == "tan"
    assert other_side_of(st, Ready(side="green"), "green") is None
    assert decision_rule(st) == "§10.3"


# --- the command line and the store ---------------------------------------------------------


def test_play_parses_vs_computer_level_and_pace() -> None:
    args = _parse(["play", "basic", "--vs-computer", "tan", "--level", "hard", "--pace", "0"])
    assert (args.vs_computer, args.level, args.pace) == ("tan", "hard", 0.0)
    args = _parse(["resume", "--pace", "1.5"])
    assert args.pace == 1.5


def test_an_unknown_side_is_a_clear_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(["play", "basic", "--vs-computer", "red", "--db", str(tmp_path / "g.db")])
    err = capsys.readouterr().err
    assert code != 0 and "red" in err and "tan" in err and "Traceback" not in err


def test_a_bad_level_or_pace_is_a_usage_error() -> None:
    for argv in (["play", "basic", "--vs-computer", "tan", "--level", "genius"], ["play", "--pace", "-1"]):
        with pytest.raises(SystemExit) as exc:
            _parse(argv)
        assert exc.value.code == 2


def test_the_store_keeps_who_plays_and_resume_keeps_the_computer(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    store = Store(tmp_path / "g.db")
    players = versus_computer(SIDES, "tan", "easy")
    session, gid = new_game(store, load_scenario("basic"), 5, {"players": players})
    assert session.players == players
    assert store.game(gid).options["players"] == players
    hotseat, hid = new_game(store, load_scenario("basic"), 5, {})
    assert hotseat.players == {} and "players" not in store.game(hid).options
    store.close()
    store = Store(tmp_path / "g.db")
    resumed, _ = resume_game(store, gid)
    assert resumed.players == players
    store.release(gid)
    assert load_game(store, gid).state == resumed.state
    store.close()
    assert main(["games", "--db", str(tmp_path / "g.db")]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert any(f"{gid:>4}" in line and "tan: computer (easy)" in line for line in listed)
    assert any(f"{hid:>4}" in line and "computer" not in line for line in listed)


# --- firepower script -----------------------------------------------------------------------------


def run(tmp_path: Path, text: str, make_player: object = OwnSide) -> list[dict[str, object]]:
    p = tmp_path / "s.fps"
    p.write_text(text)
    out: list[str] = []
    assert run_script_file(str(p), as_json=True, emit=out.append, make_player=make_player) == 0  # type: ignore[arg-type]
    return [json.loads(line) for line in out]


def test_script_records_the_players_and_the_computer_plays_to_the_end(tmp_path: Path) -> None:
    out = run(tmp_path, "scenario basic\nplayers tan=computer:easy green=computer\nseed 3\n")
    assert out[0] == {"event": "players", "players": {"tan": "computer:easy", "green": "computer:normal"},
                      "label": "tan: computer (easy), green: computer (normal)"}
    moves = [e for e in out if e["event"] == "computer"]
    assert {e["side"] for e in moves} == {"tan", "green"}
    assert out[-1]["event"] == "game_end" or any(e["event"] == "game_end" for e in out)
    assert not [e for e in out if e["event"] == "refused"]


def test_a_scripted_human_and_the_computer_take_turns(tmp_path: Path) -> None:
    """Green is scripted; whenever Tan decides, the computer plays Tan, before each line and after the last
    (seed 3: the chit drawn at random after the last line is Tan's)."""
    out = run(tmp_path, "scenario basic\nplayers tan=computer\nseed 3\n"
                        "chit green\nimpulse L15\nmove G1 L14\ndone\nstate\n")
    kinds = [e["event"] for e in out]
    assert not [e for e in out if e["event"] == "refused"]
    assert all(e["side"] == "tan" for e in out if e["event"] == "computer")
    at = kinds.index("state")
    assert out[at]["active"] is None  # Green's phase is done; the chit is left to the script's next line
    assert "computer" not in kinds[:at]  # Green's chit was the script's: Tan had nothing to decide
    assert "computer" in kinds[at:]  # after the last line, the computer plays on (its phases) ...
    assert out[-2]["event"] == "game_end" or out[-2]["event"] in ("chit", "impulse_end", "phase_end", "turn")
    assert out[-1]["event"] == "summary" and out[-1]["actions"] == 4 + kinds.count("computer")  # chit, impulse, move, done


def test_the_same_seed_gives_the_same_game(tmp_path: Path) -> None:
    text = "scenario basic\nplayers tan=computer green=computer\nseed 11\n"
    assert run(tmp_path, text, opponent.Opponent) == run(tmp_path, text, opponent.Opponent)


def test_a_computer_side_in_forces_and_deployment(tmp_path: Path) -> None:
    """meeting: both sides buy by points and deploy (§10.3, §10.2): the computer does it all for its side."""
    out = run(tmp_path, "scenario meeting\nplayers tan=computer green=computer\nseed 2\n")
    setup = [e for e in out if e["event"] == "setup"]
    assert {e["what"] for e in setup} >= {"bought", "ready", "placed"}
    assert any(e["event"] == "game_end" for e in out)


def test_a_computer_that_acts_for_the_other_side_is_stopped(tmp_path: Path) -> None:
    class Cheat(OwnSide):
        def choose(self, state: GameState) -> Action:
            return Buy(side="green" if self.side == "tan" else "tan", weapon="RFL")

    out = run(tmp_path, "scenario meeting\nplayers tan=computer\n", Cheat)
    refused = [e for e in out if e["event"] == "refused"]
    assert len(refused) == 1 and refused[0]["rule"] == "§10.3" and refused[0]["player"] == "computer"
    assert not [e for e in out if e["event"] == "setup" and e.get("what") == "bought"]


@pytest.mark.parametrize("line", ["players", "players red=computer", "players tan=genius"])
def test_a_bad_players_line_stops_the_script(tmp_path: Path, line: str) -> None:
    p = tmp_path / "s.fps"
    p.write_text(f"scenario basic\n{line}\n")
    with pytest.raises(ScriptError) as exc:
        run_script_file(str(p), emit=lambda _: None, make_player=OwnSide)
    assert f"{p}:2" in str(exc.value)


def test_a_players_line_after_an_action_is_refused(tmp_path: Path) -> None:
    p = tmp_path / "s.fps"
    p.write_text("scenario basic\nchit tan\nplayers tan=computer\n")
    with pytest.raises(ScriptError):
        run_script_file(str(p), emit=lambda _: None, make_player=OwnSide)


def test_old_scripts_are_unchanged_without_a_players_line(tmp_path: Path) -> None:
    out = run(tmp_path, "scenario basic\nchit tan\nimpulse K2\nmove T1 K3\n", None)
    assert not [e for e in out if e["event"] in ("players", "computer")]


def test_a_game_record_names_who_played(tmp_path: Path) -> None:
    """An exported game against the computer replays through ``firepower script`` with its
    ``players`` event first; the moves are the record's (no computer plays a replay)."""
    from firepower_tui.games.record import export_game

    store = Store(tmp_path / "g.db")
    players = versus_computer(SIDES, "green", "hard")
    session, gid = new_game(store, load_scenario("basic"), 5, {"players": players})
    session.draw_if_needed()
    me = OwnSide(session.state.active or "tan", seed=1)
    for _ in range(5):
        assert session.submit(me.choose(session.state)).ok
    path = tmp_path / "game.json"
    export_game(store, gid, path)
    out: list[str] = []
    assert run_script_file(str(path), as_json=True, emit=out.append) == 0
    events = [json.loads(line) for line in out]
    assert events[0]["event"] == "players" and events[0]["players"] == players
    assert not [e for e in events if e["event"] == "computer"]
    assert events[-1]["event"] == "state"


def test_a_players_line_may_follow_the_seed(tmp_path: Path) -> None:
    """A seed (or dice) line is not an action: ``players`` may still come after it (docs/notation.md)."""
    out = run(tmp_path, "scenario basic\nseed 5\nplayers tan=computer green=computer:easy\n", opponent.Opponent)
    assert out[0]["event"] == "players"
    assert any(e["event"] == "computer" for e in out)
    assert out[-2]["event"] == "game_end" and out[-1]["event"] == "summary"
