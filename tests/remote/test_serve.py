"""``firepower serve`` on loopback, through asyncssh clients whose screens are pyte's: the lobby,
two players, a watcher, the chat, what is refused, a client or the server killed, the limits."""

from __future__ import annotations

import asyncio
import functools
import json
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import asyncssh
import pytest

from firepower_tui.games import served
from firepower_tui.games.store import Store

from .serve_harness import Client, Server, connect, write_allowed

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("serve")]

NAMES = ["alice", "bob", "carol"]


@pytest.fixture
def keys() -> dict[str, asyncssh.SSHKey]:
    return {name: asyncssh.generate_private_key("ssh-ed25519") for name in [*NAMES, "mallory"]}


@pytest.fixture
def server(tmp_path: Path, keys: dict[str, asyncssh.SSHKey]) -> Iterator[Server]:
    allow = write_allowed(tmp_path / "allowed", [keys[n] for n in NAMES])  # (not mallory's)
    s = Server(tmp_path / "data", allow).start()
    try:
        yield s
    finally:
        s.stop()


def entries(server: Server, game_id: int = 1) -> int:
    store = Store(server.db)
    try:
        return store.last_seq(game_id)
    finally:
        store.close()


async def command(client: Client, line: str) -> None:
    """``:`` and a line of notation (the line opens, then takes the keys)."""
    client.send(":")
    await asyncio.sleep(0.3)
    client.send(line)
    await asyncio.sleep(0.1)
    client.send("\r")


async def create_and_seat(server: Server, keys: dict[str, asyncssh.SSHKey], *,
                          lobby: bool = False) -> tuple[Client, Client]:
    """alice creates the basic scenario in the lobby and takes Tan; bob follows her link (join 1),
    or with ``lobby`` takes the free side in the lobby (Enter on the game's row)."""
    alice = await connect(server.port, "alice", keys["alice"])
    await alice.wait_for(r"No game yet")
    alice.send("n")
    await alice.wait_for(r"basic: Two equal squads")
    alice.send("\r")  # the picker's first scenario: basic
    await alice.wait_for(r"which side do you play")
    alice.send("\r")  # Tan
    await alice.wait_for(r"You: Tan", where="header")
    if lobby:
        bob = await connect(server.port, "bob", keys["bob"])
        await bob.wait_for(r"1 +basic .*Tan: alice +Green: free")
        bob.send("\r")
    else:
        bob = await connect(server.port, "bob", keys["bob"], "join 1")
    await bob.wait_for(r"You: Green", where="header")
    return alice, bob


async def test_two_players_play_to_game_over_chat_and_a_watcher_changes_nothing(
        server: Server, keys: dict[str, asyncssh.SSHKey]) -> None:
    async def scenario() -> None:
        alice, bob = await create_and_seat(server, keys, lobby=True)
        store = Store(server.db)
        assert served.seats(store, 1)["tan"].name == "alice" and served.seats(store, 1)["green"].name == "bob"
        assert store.game(1).options.get("served") is True
        store.close()
        # chat both ways, seen by both
        alice.send("'")
        await asyncio.sleep(0.3)
        alice.send("hello bob\r")
        await bob.wait_for(r"alice \(Tan\): hello bob")
        bob.send("'")
        await asyncio.sleep(0.3)
        bob.send("good luck\r")
        await alice.wait_for(r"bob \(Green\): good luck")
        # a third key: both seats are taken, so join 1 watches; the players' headers name it
        carol = await connect(server.port, "carol", keys["carol"], "join 1")
        await carol.wait_for(r"Watching", where="header")
        await alice.wait_for(r"watching: carol|1 watching", where="header")
        before = entries(server)
        await command(carol, "done")
        await carol.wait_for(r"you are watching this game")
        for key in ("E", "E", "e", "\r", "m"):
            carol.send(key)
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.5)
        assert entries(server) == before  # nothing of the watcher's was stored
        # the record has no seed while the game runs (R181)
        rec = await connect(server.port, "alice", keys["alice"], "record 1", term=False)
        await asyncio.wait_for(rec.view.closed.wait(), 20)
        assert json.loads(rec.view.raw)["seed"] is None
        rec.close()  # (four connections at once from one address at most)
        # the game to its end: each player ends his side's phases when it is his move
        deadline = time.monotonic() + 320
        while "game over" not in alice.view.header():
            assert time.monotonic() < deadline, alice.view.text()
            for player in (alice, bob):
                header = player.view.header()
                if "Your move" in header:
                    seq = entries(server)
                    player.send("EE")  # end the phase (6.2; the second E answers its question)
                    # the phase is stored, then a chit drawn: the header's cup (or turn) changes (a
                    # header not yet redrawn said "Your move" too early: the keys were refused)
                    wait = time.monotonic() + 5
                    while (entries(server) == seq or player.view.header() == header) and time.monotonic() < wait:
                        await asyncio.sleep(0.05)
            await asyncio.sleep(0.05)
        await bob.wait_for(r"game over", where="header")
        await carol.wait_for(r"game over", where="header")
        store = Store(server.db)
        seed = store.game(1).seed
        assert store.game(1).finished
        # the chat is beside the moves, never among them
        assert [line.text for line in served.chat(store, 1)] == ["hello bob", "good luck"]
        assert not any("hello" in e.notation for e in store.entries(1))
        store.close()
        await alice.wait_for(rf"seed was {seed}")
        await carol.wait_for(rf"seed was {seed}")
        rec = await connect(server.port, "bob", keys["bob"], "record 1", term=False)
        await asyncio.wait_for(rec.view.closed.wait(), 20)
        assert json.loads(rec.view.raw)["seed"] == seed
        for c in (alice, bob, carol):
            c.close()

    await asyncio.wait_for(scenario(), 400)


async def test_a_third_key_cannot_take_a_seat_and_a_stranger_cannot_connect(
        server: Server, keys: dict[str, asyncssh.SSHKey]) -> None:
    alice, bob = await create_and_seat(server, keys)
    store = Store(server.db)
    with pytest.raises(served.SeatTaken):
        served.take_seat(store, 1, "tan", served.Player("carol", keys["carol"].get_fingerprint()))
    store.close()
    impostor = await connect(server.port, "alice", keys["carol"], "join 1")  # alice's name, another key
    await impostor.wait_for(r"Watching", where="header")
    before = entries(server)
    await alice.wait_for(r"Your move|Waiting", where="header")
    for key in ("\r", "E", "E", "m", "z"):
        impostor.send(key)
        await asyncio.sleep(0.1)
    await impostor.wait_for(r"you are watching this game")
    await asyncio.sleep(0.5)
    assert entries(server) == before
    impostor.close()
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server.port, "mallory", keys["mallory"])
    with pytest.raises(asyncssh.PermissionDenied):  # a name that is no player's name
        await connect(server.port, "bad name", keys["alice"])
    alice.close()
    bob.close()


async def test_only_the_game_is_served(server: Server, keys: dict[str, asyncssh.SSHKey]) -> None:
    conn = await asyncssh.connect("127.0.0.1", server.port, username="alice", client_keys=[keys["alice"]],
                                  known_hosts=None, agent_path=None)
    async with conn:
        with pytest.raises(asyncssh.ChannelOpenError):  # ssh host cat /etc/passwd
            await conn.run("cat /etc/passwd", check=True)
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):  # sftp
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError):  # -L: a connection through the server
            await conn.open_connection("127.0.0.1", server.port)
        with pytest.raises(asyncssh.ChannelListenError):  # -R
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
        # without a terminal the game is not started
        result = await conn.run("join 1")
        assert result.exit_status == 2


async def test_agent_and_x11_forwarding_are_refused(server: Server, keys: dict[str, asyncssh.SSHKey]) -> None:
    """The session's requests for agent and X11 forwarding are answered no (asked with a reply
    wanted, as OpenSSH asks for X11)."""
    from asyncssh.packet import Boolean, String, UInt32

    client = await connect(server.port, "alice", keys["alice"])
    await client.wait_for(r"the games on this server")
    chan = client.chan
    x11 = await chan._make_request(b"x11-req", Boolean(False), String(b"MIT-MAGIC-COOKIE-1"),
                                   String(b"00" * 16), UInt32(0))
    agent = await chan._make_request(b"auth-agent-req@openssh.com")
    assert x11 is False and agent is False
    client.close()


def openssh(server: Server, key: asyncssh.SSHKey, folder: Path, *args: str,
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """OpenSSH's ``ssh`` to the server as alice with ``key``; its exit code and output."""
    path = folder / "alice_key"
    if not path.exists():
        path.write_bytes(key.export_private_key())
        path.chmod(0o600)
    return subprocess.run(
        ["ssh", "-F", "/dev/null", "-p", str(server.port), "-i", str(path), "-o", "IdentitiesOnly=yes",
         "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
         "-o", "ConnectTimeout=20", *args], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30,
        env={"PATH": os.environ["PATH"], "HOME": str(folder), **(env or {})})


@pytest.mark.skipif(shutil.which("ssh") is None, reason="no OpenSSH client (Debian's openssh-client)")
async def test_openssh_gets_nothing_but_the_game(server: Server, keys: dict[str, asyncssh.SSHKey],
                                                 tmp_path: Path) -> None:
    """With the OpenSSH client: a command runs nothing (``record`` says there is no such game and
    ends), -R is refused, and -X is refused."""
    run = functools.partial(openssh, server, keys["alice"], tmp_path)
    passwd = await asyncio.to_thread(run, "alice@127.0.0.1", "cat", "/etc/passwd")
    assert passwd.returncode != 0 and "root:" not in passwd.stdout
    record = await asyncio.to_thread(run, "alice@127.0.0.1", "record", "1")  # (its input ends at once)
    assert record.returncode == 1  # no game 1 on this server: said, and the connection ends
    remote = await asyncio.to_thread(run, "-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:22",
                                     "alice@127.0.0.1")
    assert remote.returncode == 255
    x11 = await asyncio.to_thread(run, "-tt", "-X", "-o", "ForwardX11Trusted=yes", "alice@127.0.0.1", "record", "1",
                                  env={"DISPLAY": "127.0.0.1:9"})
    assert "X11 forwarding request failed" in x11.stderr + x11.stdout  # (OpenSSH's own word for the refusal)


def first_mover(alice: Client, bob: Client) -> tuple[Client, Client, str, str]:
    """The player whose impulse phase the opening chit gave (the seed is the server's secret),
    the other, and the mover's name and side."""
    if "Your move" in alice.view.header():
        return alice, bob, "alice", "Tan"
    return bob, alice, "bob", "Green"


async def test_a_client_killed_mid_move_loses_nothing(server: Server, keys: dict[str, asyncssh.SSHKey]) -> None:
    alice, bob = await create_and_seat(server, keys)
    await bob.wait_for(r"Your move|Waiting", where="header")
    mover, other, name, side = first_mover(alice, bob)
    mover.send("\r")  # the impulse at the cursor's hex (6.2)
    await mover.wait_for(r"activated")
    mover.send("m")
    await mover.wait_for(r"enters")
    stored = entries(server)
    mover.send("m")
    mover.conn.abort()  # the connection drops at once, a key in flight
    await asyncio.sleep(1.5)
    after = entries(server)
    assert after in (stored, stored + 1)  # the move in flight was stored whole or not at all
    again = await connect(server.port, name, keys[name], "join 1")
    await again.wait_for(rf"You: {side}", where="header")
    assert entries(server) == after
    await other.wait_for(r"enters")
    again.close()
    other.close()


async def test_the_server_killed_and_restarted_keeps_every_seat_and_move(
        server: Server, keys: dict[str, asyncssh.SSHKey]) -> None:
    alice, bob = await create_and_seat(server, keys)
    await bob.wait_for(r"Your move|Waiting", where="header")
    mover, other, _, _ = first_mover(alice, bob)
    mover.send("\r")
    await mover.wait_for(r"activated")
    mover.send("m")
    await other.wait_for(r"enters")
    stored = entries(server)
    children = server.children()
    assert len(children) == 2
    server.kill9()
    deadline = time.monotonic() + 20
    while any(os.path.exists(f"/proc/{pid}") and _alive(pid) for pid in children):
        assert time.monotonic() < deadline, "a game process outlived its server"
        await asyncio.sleep(0.2)
    server.start()
    alice = await connect(server.port, "alice", keys["alice"], "join 1")
    bob = await connect(server.port, "bob", keys["bob"], "join 1")
    await alice.wait_for(r"You: Tan", where="header")
    await bob.wait_for(r"You: Green", where="header")
    await alice.wait_for(r"enters")
    assert entries(server) == stored
    alice.close()
    bob.close()


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rpartition(")")[2].split()[0] not in "ZX"
    except OSError:
        return False


async def test_forty_connections_from_one_address_are_limited(server: Server,
                                                              keys: dict[str, asyncssh.SSHKey]) -> None:
    async def attempt() -> asyncssh.SSHClientConnection | None:
        try:
            return await asyncio.wait_for(asyncssh.connect(
                "127.0.0.1", server.port, username="alice", client_keys=[keys["alice"]], known_hosts=None,
                agent_path=None), 20)
        except (OSError, asyncssh.Error, asyncio.TimeoutError):
            return None

    conns = await asyncio.gather(*(attempt() for _ in range(40)))
    admitted = [c for c in conns if c is not None]
    assert 1 <= len(admitted) <= 4  # --max-per-address's default
    for c in admitted:
        c.close()


def stored(server: Server, game_id: int = 1) -> list[tuple[str | None, str]]:
    """The game's stored entries: (side, notation) each."""
    store = Store(server.db)
    try:
        return [(e.side, e.notation) for e in store.entries(game_id)]
    finally:
        store.close()


async def test_a_game_against_the_computer_from_the_lobby_a_watcher_sees_its_moves(
        server: Server, keys: dict[str, asyncssh.SSHKey]) -> None:
    """The picker's p: the computer plays Tan (its level: normal), alice Green. Her process plays
    the computer's side and stores its moves; nobody can take its seat; a watcher sees its moves,
    and the lobby says whose move it is."""
    alice = await connect(server.port, "alice", keys["alice"])
    await alice.wait_for(r"No game yet")
    alice.send("n")
    await alice.wait_for(r"basic: Two equal squads")
    await alice.wait_for(r"level\): two players")  # (not "hotseat": the other side is whoever connects)
    alice.send("p")
    await alice.wait_for(r"the computer plays Tan \(normal\)")
    alice.send("\r")
    await alice.wait_for(r"You: Green", where="header")
    store = Store(server.db)
    assert served.computer_sides(store.game(1)) == {"tan": "normal"}
    with pytest.raises(served.SeatTaken):  # the computer's side is no key's
        served.take_seat(store, 1, "tan", served.Player("bob", keys["bob"].get_fingerprint()))
    store.close()
    bob = await connect(server.port, "bob", keys["bob"], "join 1")  # no free side: he watches
    await bob.wait_for(r"Watching", where="header")

    async def computer_moves(after: int) -> str:
        """Green ends its phases until the computer stores an impulse after entry ``after``."""
        deadline = time.monotonic() + 90
        while True:
            mine = [n for side, n in stored(server)[after:] if side == "tan" and n.startswith("impulse")]
            if mine:
                return mine[0]
            assert time.monotonic() < deadline, alice.view.text()
            if "Your move" in alice.view.header():
                alice.send("EE")
                await asyncio.sleep(1)
            await asyncio.sleep(0.2)

    move = await computer_moves(len(stored(server)))
    where = move.split()[1]
    await bob.wait_for(rf"{where} activated")  # the watcher's log has the computer's impulse
    carol = await connect(server.port, "carol", keys["carol"])
    row = await carol.wait_for(r"1 +basic.*Tan: computer \(normal\) +Green: alice +\d+ +(Tan|Green|chit draw) ")
    assert row.group(1) in ("Tan", "Green", "chit draw")
    bob.send("Q")  # Q asks what it does on a server: back to the lobby, not out of FIREPOWER
    await bob.wait_for(r"Stop watching, back to the lobby\?")
    alice.send("Q")
    await alice.wait_for(r"Back to the lobby\? \(your seat and every move are kept\)")
    alice.send("y")
    await alice.wait_for(r"the games on this server")
    for c in (alice, bob, carol):
        c.close()


async def test_the_chat_stays_in_the_log_after_a_take_back(server: Server, keys: dict[str, asyncssh.SSHKey]) -> None:
    """A chat line written after a move stays in both players' logs when the move is taken back
    (the take-back cuts the move's lines from the log, not the chat's)."""
    alice, bob = await create_and_seat(server, keys)
    await bob.wait_for(r"Your move|Waiting", where="header")
    mover, other, _, _ = first_mover(alice, bob)
    mover.send("\r")  # an impulse (6.2)
    await mover.wait_for(r"activated")
    await other.wait_for(r"activated")
    other.send("'")
    await asyncio.sleep(0.3)
    other.send("nice try\r")
    await mover.wait_for(r"nice try")
    mover.send("z")  # taken back (§9.9, R120)
    for c in (mover, other):
        await c.wait_for(r"taken back")
        await asyncio.sleep(0.5)
        assert "nice try" in c.view.text(), c.view.text()
    again = await connect(server.port, "carol", keys["carol"], "watch 1")
    await again.wait_for(r"nice try")
    for c in (alice, bob, again):
        c.close()
