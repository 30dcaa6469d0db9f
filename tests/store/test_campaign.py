"""Campaigns (ruling R282): the survivors of one scenario, with their weapons and items,
are the force of the next; a campaign is stored and resumed like a game; its score."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from firepower_tui.cli import main
from firepower_tui.games import campaign as campaigns
from firepower_tui.games.session import Session
from firepower_tui.games.store import Store
from firepower_tui.players.opponent import Opponent
from firepower_tui.rules.basic.turn import deciders
from firepower_tui.rules.model.types import Status, WeaponState
from firepower_tui.rules.scenario.load import load_scenario


def play_out(session: Session, seed: int, limit: int = 20000) -> None:
    """The computer plays both sides of a stored session to its end (each action recorded)."""
    players = {side: Opponent(side, "easy", seed=seed + i) for i, side in enumerate(session.state.sides)}
    for _ in range(limit):
        state = session.state
        if state.over:
            return
        side = next(s for s in state.sides if s in deciders(state))
        outcome = session.submit(players[side].choose(state))
        assert outcome.refusal is None, outcome.refusal
    raise AssertionError("the game did not end")


def test_the_campaign_file_loads() -> None:
    spec = campaigns.load_campaign("valley")
    assert spec.scenarios == ("ambush", "crossing", "bunkers") and spec.side == "tan" and spec.heal == "rest"
    assert [m.id for m in campaigns.first_force(spec)] == ["T1", "T2", "T3", "T4", "T5", "T6"]


def test_the_next_scenario_takes_the_survivors_with_their_weapons_and_items() -> None:
    """Two men left, one with a smoke grenade of his own and one resting: the one fit to fight
    takes the first Tan place of the crossing, keeps his LMG and smoke and gets the place's items."""
    base = load_scenario("crossing")
    force = [campaigns.Man("T2", "LMG", {"smoke": 1}), campaigns.Man("T5", "RFL", {}, resting=True),
             campaigns.Man("T6", "RFL", {"molotov": 1})]
    text = campaigns.scenario_text(base, "tan", force)
    from firepower_tui.rules.scenario.load import parse_scenario

    sc = parse_scenario(text)
    tan = [s for s in sc.spec.soldiers if s.side == "tan"]
    places = [s for s in base.spec.soldiers if s.side == "tan"]
    assert [(s.id, s.weapon, s.hex) for s in tan] == [("T2", "LMG", places[0].hex), ("T6", "RFL", places[1].hex)]
    assert tan[0].items == {"smoke": 1} and tan[1].items == {"molotov": 1}
    assert [s.id for s in sc.spec.soldiers if s.side == "green"] == [s.id for s in base.spec.soldiers
                                                                     if s.side == "green"]


def test_survivors_are_healed_as_the_campaign_says() -> None:
    """Killed men are gone; a Stunned man rests for one scenario under heal = "rest"; a destroyed
    weapon is replaced by a rifle (R282)."""
    spec = campaigns.load_campaign("valley")
    state = Session(load_scenario("ambush"), seed=3).state
    soldiers = []
    for s in state.soldiers:
        if s.id == "T1":
            s = s._replace(killed=True)
        elif s.id == "T2":
            s = s._replace(status=Status.STUNNED)
        elif s.id == "T3":
            s = s._replace(weapon_state=WeaponState.DESTROYED)
        soldiers.append(s)
    state = state.evolve(soldiers=tuple(soldiers))
    force = campaigns.survivors(state, spec, campaigns.first_force(spec))
    by_id = {m.id: m for m in force}
    assert "T1" not in by_id and by_id["T2"].resting and not by_id["T4"].resting
    assert by_id["T3"].weapon == "RFL"
    healed = campaigns.survivors(state, dataclasses.replace(spec, heal="all"), campaigns.first_force(spec))
    assert not any(m.resting for m in healed)


@pytest.mark.slow
def test_a_campaign_is_stored_played_through_and_scored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Three scenarios, each an ordinary stored game; after each, the survivors are the next force;
    the store keeps where it is (a new Store on the same file carries on); the score is counted."""
    db = tmp_path / "games.db"
    store = Store(db)
    number = campaigns.start(store, "valley")
    seen_forces = []
    for step in range(3):
        started = campaigns.next_game(store, number, seed=10 + step, folder=tmp_path / "c")
        if started is None:
            break
        session, game_id = started
        row = store.campaign(number)
        assert row.step == step and row.game_id == game_id
        tan = [s.id for s in session.state.soldiers if s.side == "tan"]
        fit = [m["id"] for m in row.force if not m["resting"]]
        assert tan == fit[:len(tan)] and tan, (tan, fit)
        seen_forces.append(tan)
        play_out(session, seed=step)
        store.close()
        store = Store(db)  # stored and resumable: a fresh store carries on
    assert campaigns.next_game(store, number, seed=99, folder=tmp_path / "c") is None
    row = store.campaign(number)
    assert row.finished and 1 <= len(row.results) <= 3
    for earlier, later in zip(seen_forces, seen_forces[1:]):
        assert set(later) <= set(earlier)  # nobody new: the survivors go on
    assert campaigns.score(row.results, row.force, True) == sum(r["points"] for r in row.results) + len(row.force)
    store.close()
    assert main(["campaign", "list", "--db", str(db)]) == 0
    out, _ = capsys.readouterr()
    assert "valley" in out and "finished" in out


def test_a_store_of_schema_3_gains_the_campaigns_table(tmp_path: Path) -> None:
    import sqlite3

    from firepower_tui.games.store import SCHEMA_VERSION

    db = tmp_path / "old.db"
    Store(db).close()
    conn = sqlite3.connect(db)
    conn.execute("DROP TABLE campaigns")
    conn.execute("UPDATE meta SET value='3' WHERE key='schema_version'")
    conn.commit()
    conn.close()
    store = Store(db)
    assert store.conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0] == str(SCHEMA_VERSION)
    number = campaigns.start(store, "valley")
    assert store.campaign(number).step == 0 and store.campaigns()[0].campaign_id == "valley"


def _campaign_rows(db: Path) -> list[tuple[object, ...]]:
    store = Store(db)
    try:
        return [(c.step, c.force, c.results, c.game_id, c.finished) for c in store.campaigns()]
    finally:
        store.close()


@pytest.mark.slow
def test_a_campaign_game_finished_by_resume_carries_the_campaign_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """``firepower resume`` of a campaign's game, played to its end, counts it at once as
    ``firepower campaign`` does (ruling R283): the same results, survivors and score, the campaign
    at its next scenario; and the next ``firepower campaign`` plays that scenario with them."""
    import firepower_tui.cli.games as games_cli
    import firepower_tui.cli.hangup as hangup

    actions = {"left": 0}

    def fake_run_app(app: object) -> None:
        """The player at the terminal: plays ``actions['left']`` actions (None: to the end)."""
        session = app.session  # type: ignore[attr-defined]
        players = {side: Opponent(side, "easy", seed=7 + i) for i, side in enumerate(session.state.sides)}
        left = actions["left"]
        while not session.state.over and (left is None or left > 0):
            side = next(s for s in session.state.sides if s in deciders(session.state))
            assert session.submit(players[side].choose(session.state)).refusal is None
            left = None if left is None else left - 1

    monkeypatch.setattr(hangup, "run_app", fake_run_app)
    monkeypatch.setattr(games_cli, "_missing_terminal", lambda: None)
    rows = {}
    for how in ("campaign", "resume"):
        db = tmp_path / f"{how}.db"
        actions["left"] = 12  # the first scenario begun, then left
        assert main(["campaign", "start", "valley", "--seed", "8", "--db", str(db)]) == 0
        (_, _, _, game_id, _), = _campaign_rows(db)
        assert game_id is not None
        actions["left"] = None  # carried on to its end, by one command or the other
        argv = ["campaign", "--db", str(db)] if how == "campaign" else ["resume", str(game_id), "--db", str(db)]
        assert main(argv) == 0
        rows[how] = _campaign_rows(db)
        (step, force, results, game_id, finished), = rows[how]
        assert step == 1 and game_id is None and not finished, how  # counted at once
        out, _ = capsys.readouterr()
        assert "Campaign 1: scenario 1 is over" in out  # the farewell says where the campaign stands
    assert rows["resume"] == rows["campaign"]
    assert len(results) == 1 and results[0]["scenario"] == "ambush" and results[0]["survivors"] == len(force)
    # the next `firepower campaign` plays the crossing with the survivors fit to fight
    actions["left"] = 0
    db = tmp_path / "resume.db"
    assert main(["campaign", "--db", str(db), "--seed", "6"]) == 0
    store = Store(db)
    row = store.campaign(1)
    assert row.step == 1 and row.game_id is not None
    game = store.game(row.game_id)
    assert game.scenario_id == "crossing"
    tan = [s.id for s in load_game_state(store, row.game_id).soldiers if s.side == "tan"]
    fit = [m["id"] for m in force if not m["resting"]]
    assert tan and tan == fit[:len(tan)]
    store.close()


def load_game_state(store: Store, game_id: int):  # type: ignore[no-untyped-def]
    from firepower_tui.games.service import load_game

    return load_game(store, game_id).state
