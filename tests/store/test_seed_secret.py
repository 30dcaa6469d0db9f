"""Dice no player can predict (R181): the seed of a game is never shown while it runs (`host`
prints none, `games` lists none, the record of an unfinished game carries none); a finished
game's record carries it, so anyone can check every roll against it."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

from firepower_tui.games.record import export_game, read_record
from firepower_tui.games.replay import StepRecord, rolls_not_from_seed
from firepower_tui.games.service import complete_from_store, load_game, new_game, resume_game
from firepower_tui.games.store import Store
from firepower_tui.headless.playout import random_action
from firepower_tui.rules.model.actions import DrawChit
from firepower_tui.rules.model.dice import D10, MAX_SEED, stream_value
from firepower_tui.rules.scenario.load import load_scenario
from tests.conftest import play

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "fixtures" / "golden"
SEED = 918273645


def firepower(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "firepower_tui", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL, env={**os.environ})


def test_host_and_games_show_no_seed(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    hosted = firepower("host", "basic", "--seed", str(SEED), "--db", str(db))
    assert hosted.returncode == 0 and "firepower join" in hosted.stdout
    assert str(SEED) not in hosted.stdout + hosted.stderr
    listed = firepower("games", "--db", str(db))
    assert listed.returncode == 0 and str(SEED) not in listed.stdout
    assert Store(db).games()[0].seed == SEED  # (kept by the store all the same)


def test_the_record_of_an_unfinished_game_carries_no_seed(store: Store, tmp_path: Path) -> None:
    session, gid = new_game(store, load_scenario("basic"), seed=SEED)
    play(session, "chit tan", "impulse K2")
    export_game(store, gid, tmp_path / "game.json")
    data = json.loads((tmp_path / "game.json").read_text())
    assert data["seed"] is None and str(SEED) not in (tmp_path / "game.json").read_text()
    assert [e["action"] for e in data["entries"]] == ["chit tan", "impulse K2"]  # the rolls made are all there


def test_the_record_of_a_finished_game_carries_its_seed_and_every_roll_is_its(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    shutil.copy(GOLDEN / "v0_1_games.db", db)
    store = Store(db)
    (first, *_) = sorted(store.games(), key=lambda g: g.id)
    assert first.finished
    record = export_game(store, first.id, tmp_path / "game.json")
    assert record.seed == first.seed
    steps = [StepRecord(e.kind, e.action, e.rolls) for e in record.entries]
    assert rolls_not_from_seed(record.seed, steps) is None
    at = next(i for i, s in enumerate(steps, start=1) if i > 40 and any(n == 0 for _, _, n in s.rolls))
    forged = [StepRecord(s.kind, s.notation, [(p, v % 10 + 1 if n == 0 else v, n) for p, v, n in s.rolls])
              if i == at else s for i, s in enumerate(steps, start=1)]  # a d10 one more than it rolled
    assert rolls_not_from_seed(record.seed, forged) == at
    imported = firepower("import", str(tmp_path / "game.json"), "--db", str(tmp_path / "new.db"))
    rolls = sum(len(s.rolls) for s in steps)
    assert imported.returncode == 0 and f"dice: {rolls} rolls, each the seed's" in imported.stdout


def test_a_record_without_its_seed_imports_and_goes_on_with_new_dice(store: Store, tmp_path: Path) -> None:
    session, gid = new_game(store, load_scenario("basic"), seed=SEED)
    play(session, "chit tan", "impulse K2", "move T1")
    export_game(store, gid, tmp_path / "game.json")
    assert read_record(tmp_path / "game.json").seed is None
    imported = firepower("import", str(tmp_path / "game.json"), "--db", str(store.path))
    assert imported.returncode == 0, imported.stderr
    new_id = max(g.id for g in store.games())
    assert store.game(new_id).seed != SEED
    assert load_game(store, new_id).state == session.state
    resumed, _ = resume_game(store, new_id)
    play(resumed, "end", "done")
    assert resumed.submit(DrawChit()).ok  # a chit drawn with the new dice: its checkpoint is the replay's
    quick = load_game(store, new_id, quick=True)
    assert quick.unchecked is not None
    complete_from_store(store, quick)
    scripted = firepower("script", str(tmp_path / "game.json"))
    assert scripted.returncode == 0, scripted.stderr


def test_a_finished_game_of_the_dice_stream_checks_against_its_seed(store: Store, tmp_path: Path) -> None:
    """Every roll of a game played now is roll i of its seed's stream (docs/notation.md), so its
    finished record checks; a roll changed is found at its entry."""
    session, gid = new_game(store, load_scenario("basic"), seed=SEED)
    rng = random.Random(5)
    while not session.state.over:
        assert session.submit(random_action(session.state, rng, combat=0.7)).ok
    record = export_game(store, gid, tmp_path / "game.json")
    assert record.seed == SEED
    steps = [StepRecord(e.kind, e.action, e.rolls) for e in record.entries]
    calls = [c for s in steps for c in s.rolls]
    assert len(calls) > 50
    assert [v for _, v, _ in calls] == \
        [stream_value(SEED, i, n or 10) + (n == D10) for i, (_, _, n) in enumerate(calls)]
    assert rolls_not_from_seed(SEED, steps) is None
    at = next(i for i, s in enumerate(steps, start=1) if i > 40 and any(n == D10 for _, _, n in s.rolls))
    forged = [StepRecord(s.kind, s.notation, [(p, v % 10 + 1 if n == D10 else v, n) for p, v, n in s.rolls])
              if i == at else s for i, s in enumerate(steps, start=1)]
    assert rolls_not_from_seed(SEED, forged) == at


def test_a_game_begun_before_the_stream_and_finished_with_it_checks_against_its_seed(tmp_path: Path) -> None:
    """A game stored before the dice stream (tests/fixtures/golden/checkpoints_mt.db: the Mersenne
    Twister's rolls) and played to its end now: its record's rolls are that generator's up to
    where it was resumed and the stream's after (R250), and the check takes both; a roll changed
    after the switch is found at its entry."""
    db = tmp_path / "old.db"
    shutil.copy(GOLDEN / "checkpoints_mt.db", db)
    store = Store(db)
    game = store.games()[0]
    before = len(store.entries(game.id))
    session, _ = resume_game(store, game.id)
    rng = random.Random(8)
    while not session.state.over:
        assert session.submit(random_action(session.state, rng, combat=0.7)).ok
    record = export_game(store, game.id, tmp_path / "game.json")
    steps = [StepRecord(e.kind, e.action, e.rolls) for e in record.entries]
    assert record.seed == game.seed and rolls_not_from_seed(game.seed, steps) is None
    old = [c for s in steps[:before] for c in s.rolls]
    assert [v for _, v, _ in old] != [stream_value(game.seed, i, n or 10) + (n == D10) for i, (_, _, n) in
                                      enumerate(old)]  # (the rolls stored before are not the stream's)
    at = next(i for i, s in enumerate(steps, start=1) if i > before + 20 and any(n == D10 for _, _, n in s.rolls))
    forged = [StepRecord(s.kind, s.notation, [(p, v % 10 + 1 if n == D10 else v, n) for p, v, n in s.rolls])
              if i == at else s for i, s in enumerate(steps, start=1)]
    assert rolls_not_from_seed(game.seed, forged) == at
    store.close()


def test_a_seed_the_game_draws_is_one_of_all_it_takes(tmp_path: Path) -> None:
    """R250: a seed nobody gave is drawn from all the seeds a game takes (0 to 2^63-1, R190), too
    many to find one by trying each against the rolls seen: `host`, `play` and `import` of a
    record that withholds its seed (a seed so drawn is below 2^31 once in 2^32 draws)."""
    from firepower_tui.cli import _starter
    from firepower_tui.cli.parsers import _parse

    db = tmp_path / "games.db"
    assert firepower("host", "basic", "--db", str(db)).returncode == 0
    store = Store(db)
    session, played = _starter(store, _parse(["play", "basic", "--db", str(db)]))("basic")
    play(session, "chit tan")
    export_game(store, played, tmp_path / "game.json")
    assert firepower("import", str(tmp_path / "game.json"), "--db", str(db)).returncode == 0
    seeds = [g.seed for g in sorted(store.games(), key=lambda g: g.id)]
    assert len(seeds) == 3 and all(2**31 <= s <= MAX_SEED for s in seeds), seeds
    store.close()
