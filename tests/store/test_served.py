"""Served games in the store: seats owned by keys, the chat beside the moves, watchers, and the
server's host key and options (games/served.py, cli/serve.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from firepower_tui.games import served
from firepower_tui.games.scenario_cache import load_cached
from firepower_tui.games.service import new_game
from firepower_tui.games.store import Store
from firepower_tui.games.watching import Watching
from firepower_tui.rules.model.actions import DrawChit

ALICE = served.Player("alice", "SHA256:aaaa")
BOB = served.Player("bob", "SHA256:bbbb")
CAROL = served.Player("carol", "SHA256:cccc")


@pytest.fixture
def store(tmp_path: Path) -> Store:
    s = Store(tmp_path / "games.db")
    _, game_id = new_game(s, load_cached("basic"), 5)
    served.serve_game(s, game_id)
    return s


def test_the_first_key_owns_a_seat_and_only_it(store: Store) -> None:
    assert served.take_seat(store, 1, "tan", ALICE).key == ALICE.key
    assert served.take_seat(store, 1, "tan", ALICE).name == "alice"  # again: a reconnect
    with pytest.raises(served.SeatTaken):
        served.take_seat(store, 1, "tan", served.Player("alice", "SHA256:other"))  # the name is not the key
    served.take_seat(store, 1, "green", BOB)
    assert served.seat_of(store, 1, ALICE) == "tan" and served.seat_of(store, 1, BOB) == "green"
    assert served.seat_of(store, 1, CAROL) is None


def test_a_served_game_is_shared_and_listed(store: Store) -> None:
    g = store.game(1)
    assert g.options["shared"] is True and g.options["served"] is True
    assert g.owner_pid is None  # nobody has it open: each player joins it
    assert [x.id for x in served.served_games(store)] == [1]


def test_chat_is_stored_beside_the_moves_capped_and_rate_limited(store: Store) -> None:
    line = served.post_chat(store, 1, ALICE, "tan", "hello\x1b[2J bob\n", now=100.0)
    assert line.text == "hello [2J bob"  # no escape sequence reaches another's terminal
    assert store.entries(1) == []  # not an action: the record and the replay are unchanged
    with pytest.raises(served.ChatRefused) as long:
        served.post_chat(store, 1, ALICE, "tan", "x" * (served.CHAT_LENGTH + 1), now=101.0)
    assert long.value.kind == "long"
    with pytest.raises(served.ChatRefused) as empty:
        served.post_chat(store, 1, ALICE, "tan", " \n ", now=101.0)
    assert empty.value.kind == "empty"
    for i in range(served.CHAT_BURST - 1):
        served.post_chat(store, 1, ALICE, "tan", f"line {i}", now=102.0 + i)
    with pytest.raises(served.ChatRefused) as rate:
        served.post_chat(store, 1, ALICE, "tan", "one too many", now=106.0)
    assert rate.value.kind == "rate"
    served.post_chat(store, 1, BOB, "green", "my turn to speak", now=106.0)  # the limit is per player
    served.post_chat(store, 1, ALICE, "tan", "later", now=100.0 + served.CHAT_WINDOW + 5)
    assert [c.n for c in served.chat(store, 1, after=5)] == [6, 7]


def test_a_watcher_is_listed_while_its_process_lives_and_can_store_nothing(store: Store) -> None:
    served.start_watching(store, 1, CAROL)
    assert served.watchers(store, 1) == ["carol"]
    store.conn.execute("INSERT INTO watchers VALUES (1, 'ghost', 999999999, 'x:1')")  # a process that is gone
    assert served.watchers(store, 1) == ["carol"]
    link = Watching(store, 1)
    session = link.open()
    before = store.last_seq(1)
    assert session.submit(DrawChit()).refusal is not None  # a chit draw is due: not the watcher's to make
    assert session.draw_if_needed().events == ()
    assert store.last_seq(1) == before
    served.stop_watching(store, 1)
    assert served.watchers(store, 1) == []


def test_player_names(store: Store) -> None:
    assert served.valid_name("alice-2_b")
    assert not served.valid_name("alice bob") and not served.valid_name("") and not served.valid_name("é")


def test_the_host_key_is_made_once_private_and_refused_when_readable(tmp_path: Path) -> None:
    from firepower_tui.cli.serve import ServeRefusal, host_key

    path = tmp_path / "data" / "ssh_host_ed25519_key"
    key = host_key(path)
    assert path.stat().st_mode & 0o777 == 0o600
    assert host_key(path).get_fingerprint() == key.get_fingerprint()  # the same key at the next start
    os.chmod(path, 0o644)
    with pytest.raises(ServeRefusal):
        host_key(path)


def test_listen_and_its_warning(tmp_path: Path) -> None:
    from firepower_tui.cli.serve import ServeConfig, ServeRefusal, listen_warning, parse_listen

    assert parse_listen("0.0.0.0:2222") == ("0.0.0.0", 2222)
    with pytest.raises(ServeRefusal):
        parse_listen("host:99999")
    local = ServeConfig(db=tmp_path / "g.db", host_key=tmp_path / "k", open=True)
    assert listen_warning(local) is None
    assert listen_warning(ServeConfig(db=tmp_path / "g.db", host_key=tmp_path / "k", host="0.0.0.0", open=True))


def test_serve_needs_to_be_told_who_may_connect(tmp_path: Path) -> None:
    from firepower_tui.cli.serve import ServeConfig, ServeRefusal, serve

    with pytest.raises(ServeRefusal):
        serve(ServeConfig(db=tmp_path / "g.db", host_key=tmp_path / "k"))
