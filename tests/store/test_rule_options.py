"""The optional rules a game is played with are stored with it, and every way back into the
game plays them again (RULES.md §9; rulings R50-R51)."""

from __future__ import annotations

import io
import json
import shutil
import sqlite3
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from firepower_tui.cli import main
from firepower_tui.games.record import export_game
from firepower_tui.games.replay import ReplayError
from firepower_tui.games.service import load_game, new_game, resume_game
from firepower_tui.games.store import Store
from firepower_tui.rules.model.errors import FirepowerError
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.rules.scenario.load import load_scenario

from tests.conftest import play

ROOT = Path(__file__).resolve().parents[2]
REACTIONS = ROOT / "tests" / "fixtures" / "scenarios" / "reactions.toml"
GOLDEN = ROOT / "tests" / "fixtures" / "golden"


def test_the_rules_chosen_are_recorded_and_played(store: Store) -> None:
    session, gid = new_game(store, load_scenario("basic"), seed=3, options={"rules": ["hiding", "overwatch"]})
    assert session.state.rules == {"overwatch", "hiding"}
    assert store.game(gid).options == {"rules": ["overwatch", "hiding"]}
    assert load_game(store, gid).state.rules == {"overwatch", "hiding"}


def test_a_new_game_records_the_scenarios_own_rules(store: Store) -> None:
    """Recorded explicitly, so the game does not depend on the scenario's list later."""
    _, gid = new_game(store, load_scenario("meeting"), seed=3)
    assert store.game(gid).options == {"rules": ["overwatch", "hit_the_dirt"]}
    _, gid = new_game(store, load_scenario("meeting"), seed=3, options={"rules": []})
    assert store.game(gid).options == {"rules": []}
    assert load_game(store, gid).state.rules == frozenset()


def test_the_clock_budget_is_recorded_only_with_the_clock_on(store: Store) -> None:
    session, gid = new_game(store, load_scenario("basic"), seed=3, options={"rules": ["clock"], "clock": 60})
    assert session.clock == 60 and store.game(gid).options == {"rules": ["clock"], "clock": 60}
    assert load_game(store, gid).clock == 60
    session, gid = new_game(store, load_scenario("basic"), seed=3, options={"rules": ["clock"]})
    assert session.clock == 90 and store.game(gid).options["clock"] == 90  # the default (R35)
    session, gid = new_game(store, load_scenario("basic"), seed=3, options={"rules": [], "clock": 60})
    assert session.clock is None and "clock" not in store.game(gid).options


def test_a_rule_not_available_stores_nothing(store: Store) -> None:
    with pytest.raises(FirepowerError, match="unknown optional rule 'nightfall'"):
        new_game(store, load_scenario("basic"), seed=3, options={"rules": ["nightfall"]})
    assert store.games() == []


def test_resume_with_a_reaction_open(store: Store) -> None:
    """Quick resume (checkpoint after the chit draw, then the tail) and the full replay both
    come back to the open overwatch reaction, and the game goes on from it."""
    scenario = load_scenario(REACTIONS)
    session, gid = new_game(store, scenario, seed=1, options={"rules": ["overwatch"]})
    play(session, "chit green", "impulse B8", "watch G1", "end", "done", "chit tan", "impulse B2", "move T1")
    assert session.state.pending is not None
    store.release(gid)
    resumed, _ = resume_game(store, gid)
    assert resumed.history_base > 0  # it came from the checkpoint
    assert resumed.state == session.state and resumed.state.pending is not None
    assert resumed.state.rules == {"overwatch"}
    assert load_game(store, gid).state == session.state  # the full replay agrees
    assert resumed.submit(parse_action("move T1")).refusal is not None  # the reaction must be answered first
    play(resumed, "hold", "move T1")
    assert load_game(store, gid).state == resumed.state


def test_export_import_and_script_keep_the_rules(store: Store, tmp_path: Path) -> None:
    session, gid = new_game(store, load_scenario(REACTIONS), seed=1, options={"rules": ["overwatch"]})
    play(session, "chit green", "impulse B8", "watch G1", "end", "done", "chit tan", "impulse B2", "move T1")
    out = tmp_path / "game.json"
    export_game(store, gid, out)
    assert json.loads(out.read_text())["options"] == {"rules": ["overwatch"]}
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(["import", str(out), "--db", str(store.path)]) == 0
        assert main(["script", "--json", str(out)]) == 0
    new_id = max(g.id for g in store.games())
    assert store.game(new_id).options == {"rules": ["overwatch"]}
    imported = load_game(store, new_id, use_saved=True).state
    assert (imported.soldiers, imported.rules, imported.pending) == \
        (session.state.soldiers, session.state.rules, session.state.pending)
    snap = json.loads(buf.getvalue().splitlines()[-1])
    assert snap["rules"] == ["overwatch"] and snap["pending"]["kind"] == "overwatch"


def test_a_record_with_the_rules_it_was_played_with_replays_only_with_them(store: Store, tmp_path: Path) -> None:
    """Change the recorded rules and the same moves no longer replay: the rules are the game's."""
    session, gid = new_game(store, load_scenario(REACTIONS), seed=1, options={"rules": ["overwatch"]})
    play(session, "chit green", "impulse B8", "watch G1", "end")
    store.conn.execute("UPDATE games SET options = ? WHERE id = ?", (json.dumps({"rules": []}), gid))
    store.conn.commit()
    with pytest.raises(ReplayError, match="watch G1"):
        load_game(store, gid)


def test_games_of_0_1_play_their_scenarios_rules_even_after_the_scenario_changed(tmp_path: Path) -> None:
    """0.1 stored no rules: the game plays the list of the scenario text stored with it (none).
    meeting and defence have turned their rules on since; their games still replay, with their
    own copy, though their path now finds the new file (R51)."""
    db = tmp_path / "old.db"
    shutil.copy(GOLDEN / "v0_1_games.db", db)
    conn = sqlite3.connect(db)
    conn.execute("UPDATE games SET scenario_path = scenario_id")  # found by id: today's files
    conn.commit()
    conn.close()
    store = Store(db)
    for g in store.games():
        assert "rules" not in g.options
        session = load_game(store, g.id)
        assert session.state.rules == frozenset() and session.state.over
    assert load_scenario("meeting").spec.rules == ["overwatch", "hit_the_dirt"]
    store.close()
