"""``firepower script``: the headless runner and its output contract (docs/notation.md)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from firepower_tui.rules.model.errors import ScriptError
from firepower_tui.headless.script import parse_script, run_script_file
from firepower_tui.rules.model.values import to_json

ROOT = Path(__file__).resolve().parents[1]

WALK = """\
scenario basic
seed 7
# Tan's leader walks forward, turns, crouches
chit tan
impulse K2
move T1 K3
move T1 K9
turn T1 SE
posture T1 crouch
state
done
"""


def run(tmp_path: Path, text: str, as_json: bool = True) -> list[object]:
    p = tmp_path / "s.fps"
    p.write_text(text)
    out: list[str] = []
    assert run_script_file(str(p), as_json=as_json, emit=out.append) == 0
    return [json.loads(line) for line in out] if as_json else out  # type: ignore[return-value]


def test_movement_script_prints_events_and_state(tmp_path: Path) -> None:
    events = run(tmp_path, WALK)
    kinds = [e["event"] for e in events]
    assert kinds == ["turn", "chit", "impulse", "moved", "refused", "turned", "posture", "state",
                     "impulse_end", "phase_end", "summary"]
    refused = events[4]
    assert refused == {"event": "refused", "line": 7, "action": "move T1 K9",
                       "reason": "T1 faces S: K9 is not the hex in front of him (K4); turn first", "rule": "6.2.1"}
    state = events[7]
    t1 = next(s for s in state["soldiers"] if s["id"] == "T1")
    assert t1 == {"id": "T1", "side": "tan", "weapon": "PST", "hex": "K3", "facing": "SE", "posture": "crouch",
                  "status": "ok", "running": False, "mf_left": 1, "fence_side": None}
    assert (state["turn"], state["active"]) == (1, "tan")
    moved = events[3]
    assert moved["cost"] == [{"label": "enter a hex standing", "value": 1, "rule": "6.2.1"}]


def test_text_output(tmp_path: Path) -> None:
    lines = run(tmp_path, WALK, as_json=False)
    assert lines[3] == "T1 enters K3 from K2: 1 MF (enter a hex standing 1 [6.2.1]); 3 MF left"
    assert lines[4] == "Refused (line 7: move T1 K9): T1 faces S: K9 is not the hex in front of him (K4); turn first [6.2.1]"


def test_chit_drawn_at_random_when_needed(tmp_path: Path) -> None:
    events = run(tmp_path, "scenario basic\nseed 3\nimpulse K2\nstate\n")
    assert events[1]["event"] == "chit" and events[1]["random"] is True
    # the same seed draws the same chits
    again = run(tmp_path, "scenario basic\nseed 3\nimpulse K2\nstate\n")
    assert events == again


def test_forced_dice_used_first(tmp_path: Path) -> None:
    """``dice`` queues d10 results before the seeded ones; unused ones are reported."""
    events = run(tmp_path, "scenario basic\ndice 4 0\nchit tan\n")
    assert events[-2] == {"event": "note", "text": "2 forced dice were not used: [4, 10]"}


def test_refusals_do_not_stop_the_run(tmp_path: Path) -> None:
    events = run(tmp_path, "scenario basic\nchit tan\nimpulse K2\nmove X1\nmove G1\nmove T1\n")
    refused = [e for e in events if e["event"] == "refused"]
    assert [(e["line"], e["rule"]) for e in refused] == [(4, "docs/notation.md"), (5, "6.1")]
    assert events[-2]["event"] == "moved"


@pytest.mark.parametrize(("text", "line", "what"), [
    ("impulse K2\n", 1, "the first line must be: scenario"),
    ("scenario basic\nfly T1\n", 2, "unknown action 'fly'"),
    ("scenario basic\nmove\n", 2, "usage: move <soldier> [<hex>]"),
    ("scenario basic\nturn T1 up\n", 2, "'up' is not a facing"),
    ("scenario basic\ndice 11\n", 2, "a d10 shows 0-9"),
    ("scenario basic\nseed x\n", 2, "usage: seed <n>"),
    ("scenario basic\nimpulse 7C\n", 2, "not a hex id"),
    ("scenario basic\nrules bogus\n", 2, "unknown optional rule 'bogus' (rulebook §9); available: overwatch,"),
    ("scenario basic\nrules\n", 2, "usage: rules <id>"),
    ("scenario basic\nrules none\nrules all\n", 3, "once, right after the scenario line"),
    ("scenario basic\nchit tan\nrules hiding\n", 3, "once, right after the scenario line"),
])
def test_malformed_script_names_the_line(tmp_path: Path, text: str, line: int, what: str) -> None:
    with pytest.raises(ScriptError) as info:
        parse_script(text, "bad.fps")
    assert any(p.where == f"bad.fps:{line}" and what in p.what for p in info.value.problems), info.value


def test_cli_exit_codes_and_no_traceback(tmp_path: Path) -> None:
    good = tmp_path / "good.fps"
    good.write_text(WALK)
    bad = tmp_path / "bad.fps"
    bad.write_text("scenario basic\nchit tan\nwibble\nalso bad\n")
    broken_scenario = tmp_path / "bs.fps"
    broken_scenario.write_text(f"scenario {ROOT / 'tests/fixtures/bad_scenarios/syntax.toml'}\n")
    cli = [sys.executable, "-m", "firepower_tui", "script"]
    ok = subprocess.run(cli + [str(good), "--json"], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert ok.returncode == 0 and json.loads(ok.stdout.splitlines()[-2])["event"] == "phase_end"
    for path, needle in ((bad, "bad.fps:3"), (broken_scenario, "syntax.toml:4")):
        r = subprocess.run(cli + [str(path)], capture_output=True, text=True, stdin=subprocess.DEVNULL)
        assert r.returncode == 2 and needle in r.stderr and "Traceback" not in r.stderr
    assert "bad.fps:4" in subprocess.run(cli + [str(bad)], capture_output=True, text=True).stderr


def test_a_script_on_standard_input(tmp_path: Path) -> None:
    """``firepower script -`` reads the script from standard input; its problems name ``<stdin>``."""
    cli = [sys.executable, "-m", "firepower_tui", "script", "-", "--json"]
    ok = subprocess.run(cli, input=WALK, capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    assert [json.loads(line)["event"] for line in ok.stdout.splitlines()][:4] == ["turn", "chit", "impulse", "moved"]
    bad = subprocess.run(cli, input="scenario basic\nchit tan\nwibble\n", capture_output=True, text=True)
    assert bad.returncode == 2 and "<stdin>:3" in bad.stderr and "Traceback" not in bad.stderr


def test_shipped_example_scripts_run() -> None:
    for path in sorted((ROOT / "tests" / "fixtures" / "scripts").glob("*.fps")):
        out: list[str] = []
        assert run_script_file(str(path), emit=out.append) == 0
        assert out


COMBAT = """\
scenario basic
chit tan
los L3 M14
impulse L3
odds fire T2 G2
odds throw T2 L5
odds melee T2 L4
"""


def test_odds_and_los_queries_change_nothing(tmp_path: Path) -> None:
    events = run(tmp_path, COMBAT)
    los = next(e for e in events if e["event"] == "los")
    assert los["clear"] is False and los["blocked_by"][0] == {"hex": "L6", "what": "hill (crossed)", "rule": "6.3.4.1"}
    assert los["origin"] == "L3" and los["target"] == "M14"
    refused = [e for e in events if e["event"] == "refused"]
    assert [(r["line"], r["rule"]) for r in refused] == [(5, "6.3.4.1"), (7, "§5.1")]
    assert refused[1]["reason"] == "L4 holds no enemy soldier to melee"
    odds = next(e for e in events if e["event"] == "odds")
    assert list(odds) == ["event", "kind", "soldier", "aimed", "range", "back", "throw", "lands", "spread", "dud",
                          "spread_hexes", "explosions", "risks"]  # the data the words come from stays out
    assert (odds["kind"], odds["aimed"], odds["back"]) == ("throw", "L5", "N")
    assert (odds["lands"], odds["spread"], odds["dud"]) == (0.8, pytest.approx(0.2), 0.0)
    assert [h for _, h, _ in odds["spread_hexes"]][:4] == ["L6", "K6", "K5", "L4"]
    risks = {r["soldier"]: r for r in odds["risks"]}
    assert risks["T2"]["kill"] == pytest.approx(0.096) and risks["T2"]["suppress"] == pytest.approx(0.048)
    base = "scenario basic\nchit tan\nimpulse L3\n"
    assert run(tmp_path, base + "state\n")[-1] == run(tmp_path, base + "odds throw T2 L5\nstate\n")[-1]


def test_odds_text_shows_the_numbers(tmp_path: Path) -> None:
    text = "\n".join(run(tmp_path, COMBAT, as_json=False))
    assert ("Odds: T2 throws at L5, range 2: lands on d10 + 0 <= 8 [4.7 HGN throw 1-2] (no modifiers); "
            "lands 80%, spreads 20%, no explosion 0% [6.3.6.3.2]") in text
    assert "T2: killed 9.6%, suppressed 4.8%" in text


# --- the runner plays through a Session; its dice are injected ----------------------------------


def test_the_runner_keeps_a_session_of_what_it_played() -> None:
    """A script is a game like the app's: the runner's session holds every accepted action
    (the blind chit draws it made included) and every event it printed."""
    from firepower_tui.headless.script import Runner

    script = parse_script("scenario basic\nchit tan\nimpulse K2\nmove T1 K3\nmove T1 K9\ndone\nmove G1\n",
                          "walk.fps")
    out: list[str] = []
    runner = Runner(script, out.append, as_json=True)
    assert runner.run() == 0
    notations = [h.notation for h in runner.session.history]
    assert notations[:4] == ["chit tan", "impulse K2", "move T1 K3", "done"]  # the refused move is not history
    assert notations[4:] == ["chit"]  # 'move G1' needed a phase: a chit drawn blind (and the move refused)
    printed = [json.loads(line) for line in out if json.loads(line)["event"] not in ("refused", "summary")]
    assert printed == [to_json(e) for e in runner.session.log]
    assert runner.state is runner.session.state


def test_the_runner_rolls_the_dice_it_is_given() -> None:
    """``Runner(…, dice=…)`` is the same as ``dice`` lines at the top of the script."""
    from firepower_tui.headless.script import Runner
    from firepower_tui.rules.model.dice import ForcedDice

    where = str(ROOT / "tests" / "fixtures" / "scripts" / "x.fps")  # the LMG example of RULES.md 6.3.6.3.1
    head, body = "scenario ../scenarios/lmg_example.toml\n", "chit tan\nimpulse A1\nfire T1 G1,G2\n"
    with_line: list[str] = []
    injected: list[str] = []
    Runner(parse_script(f"{head}dice 0 6 5 1 8 7 8 3\n{body}", where), with_line.append, True).run()
    runner = Runner(parse_script(f"{head}{body}", where), injected.append, True,
                    dice=ForcedDice(1, forced=[0, 6, 5, 1, 8, 7, 8, 3]))
    runner.run()
    assert with_line == injected
    rolls = [json.loads(line)["die"] for line in injected if json.loads(line)["event"] == "roll"]
    assert rolls == [10, 6, 5, 1, 8, 7, 8, 3]
    assert runner.session.dice is runner.dice


def test_a_session_rolls_the_dice_it_is_given() -> None:
    """``Session(dice=…)``: the default is seeded from ``seed``; injected dice are used instead."""
    from firepower_tui.games.session import Session
    from firepower_tui.rules.model.actions import DrawChit, EndPhase
    from firepower_tui.rules.model.dice import SeededDice
    from firepower_tui.rules.scenario.load import load_scenario

    basic = load_scenario("basic")
    seeded = Session(basic, seed=7)
    injected = Session(basic, seed=1, dice=SeededDice(7))
    other = Session(basic, seed=1)
    for s in (seeded, injected, other):
        for _ in range(4):
            assert s.submit(DrawChit()).ok and s.submit(EndPhase()).ok
    assert [h.rolls for h in injected.history] == [h.rolls for h in seeded.history]
    assert [h.rolls for h in other.history] != [h.rolls for h in seeded.history]
    assert injected.dice.calls == [r for h in injected.history for r in h.rolls]


@pytest.mark.rule("§9")
@pytest.mark.parametrize(("name", "expected"), [
    ("overwatch.fps", ["watch", "reaction", "odds", "reaction_end", "fired", "roll", "overwatch_end", "reaction",
                       "reaction_end"]),
    ("hit_the_dirt.fps", ["reaction", "reaction_end", "hit_dirt", "status", "fired", "roll", "hidden"]),
    ("melee_reactions.fps", ["reaction", "odds", "reaction_end", "fired", "roll", "melee"]),
])
def test_scripted_games_of_the_optional_rules(name: str, expected: list[str]) -> None:
    out: list[str] = []
    assert run_script_file(str(ROOT / "tests" / "fixtures" / "scripts" / name), as_json=True, emit=out.append) == 0
    events = [json.loads(line) for line in out]
    assert not [e for e in events if e["event"] == "refused"], [e for e in events if e["event"] == "refused"]
    kinds = [e["event"] for e in events]
    it = iter(kinds)
    assert all(k in it for k in expected), kinds  # in this order


REACTIONS = Path(__file__).resolve().parent / "fixtures" / "scenarios" / "reactions.toml"


@pytest.mark.rule("§9")
def test_a_rules_line_chooses_the_rules_and_the_state_shows_them(tmp_path: Path) -> None:
    """The rules line replaces the scenario's list; the snapshot shows the rules, the open
    reaction and the markers (R52)."""
    shutil.copy(REACTIONS, tmp_path / "reactions.toml")
    moves = "chit green\nimpulse B8\nwatch G1\nend\ndone\nchit tan\nimpulse B2\nmove T1\nstate\n"
    events: list[Any] = run(tmp_path, "scenario reactions.toml\nrules overwatch\n" + moves)
    snap = events[-2]
    assert snap["rules"] == ["overwatch"]
    assert snap["pending"] == {"kind": "overwatch", "side": "green", "trigger": "T1", "hex": "B3",
                               "answerers": ["G1"], "action": None, "rule": "§9.1"}
    g1 = next(s for s in snap["soldiers"] if s["id"] == "G1")
    assert (g1["overwatch"], g1["hidden"], g1["hit_the_dirt"]) == (True, False, False)
    text = "\n".join(map(str, run(tmp_path, "scenario reactions.toml\nrules overwatch\n" + moves, as_json=False)))
    assert "\n  optional rules: overwatch\n  waiting on Green: overwatch reaction to T1 in B3 (§9.1)" in text
    assert "G1   Green  RFL B8   facing N  stand ok overwatch; MF left 0" in text
    # rules none: the basic game, and the watch is refused; the snapshot is the basic one
    events = run(tmp_path, "scenario reactions.toml\nrules none\n" + moves)
    assert any(e["event"] == "refused" and e["action"] == "watch G1" for e in events)
    assert "rules" not in events[-2] and "overwatch" not in events[-2]["soldiers"][0]


# --- --strict, the summary line, hexes off the map -----------------------------------------------------

STRAY = """\
scenario basic
chit tan
impulse K2
move T1 K9
move T1 K3
"""


def test_the_last_line_counts_actions_and_refusals(tmp_path: Path) -> None:
    events = run(tmp_path, STRAY)
    assert events[-1] == {"event": "summary", "actions": 3, "refused": 1, "stopped": None}
    assert [e["event"] for e in events].count("moved") == 1  # the run went on after the refusal
    assert run(tmp_path, STRAY, as_json=False)[-1] == "End of script: 3 actions carried out, 1 refused"


def test_strict_stops_at_the_first_refusal_with_exit_code_1(tmp_path: Path) -> None:
    p = tmp_path / "s.fps"
    p.write_text(STRAY)
    out: list[str] = []
    assert run_script_file(str(p), as_json=True, emit=out.append, strict=True) == 1
    events = [json.loads(line) for line in out]
    assert [e["event"] for e in events][-2:] == ["refused", "summary"]
    assert events[-2]["line"] == 4 and "moved" not in [e["event"] for e in events]
    assert events[-1] == {"event": "summary", "actions": 2, "refused": 1, "stopped": 4}
    cli = subprocess.run([sys.executable, "-m", "firepower_tui", "script", "--strict", str(p)], capture_output=True,
                         text=True, stdin=subprocess.DEVNULL)
    assert cli.returncode == 1 and "Traceback" not in cli.stderr
    assert cli.stdout.splitlines()[-1] == "Stopped at line 4 (--strict): 2 actions carried out, 1 refused"
    clean = tmp_path / "clean.fps"
    clean.write_text(WALK.replace("move T1 K9\n", ""))
    assert run_script_file(str(clean), emit=[].append, strict=True) == 0


@pytest.mark.parametrize("line", ["impulse Z40", "move T1 Z40", "throw T1 Z40", "melee T1 Z40", "odds throw T1 Z40",
                                  "los K2 Z40"])
def test_a_hex_off_the_map_is_refused_as_such_naming_the_extent(tmp_path: Path, line: str) -> None:
    events = run(tmp_path, f"scenario basic\nchit tan\nimpulse K2\n{line}\n")
    refused = [e for e in events if e["event"] == "refused"]
    assert [(e["line"], e["rule"]) for e in refused] == [(4, "§1.2")]
    assert refused[0]["reason"] == "Z40 is off the map (A1-X16)"
