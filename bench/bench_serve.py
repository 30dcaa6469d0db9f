"""``firepower serve`` under load, on loopback (docs/performance.md, "The SSH game server").

    python bench/bench_serve.py [--games 10] [--watchers 5] [--seconds 30] [--together] [--json FILE]

Starts a server with a fresh data folder, connects two asyncssh clients per game (each with its
own key; alice-N creates basic game N in the lobby and takes Tan, bob-N joins it) and
``--watchers`` spectators spread over the games, then for ``--seconds`` each game's deciding
player acts once a second (a turn right, then its take-back: each a stored entry that shows on
every screen of the game), the games' players each at their own moment of the second, as people
act (``--together``: all at the same moment, ten moves at once, the worst case). Measures,
from the key's bytes sent to the first bytes of the next frame on the other player's (or a
watcher's) connection:

* the move's latency on the other player's screen and on a watcher's (median, p95, max; while
  timing, the clients only note when bytes come and parse none: the bench costs under 1 % CPU);
* resident memory per connection's game process, and the server's own;
* the CPU of the server and all its game processes over 10 s with every connection idle;
* the time from ``ssh`` to the lobby's first frame (the games played listed) against a local
  ``firepower`` start (the basic game's first frame in a pty), each the median of 5, once the
  players' processes have ended.

Every request goes to 127.0.0.1; the run ends by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.remote.serve_harness import Client, Server, connect, write_allowed  # noqa: E402


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, int(len(values) * 0.95) - 1)] if values else float("nan")


def spread(values: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(values), 1), "p95": round(p95(values), 1),
            "max": round(max(values), 1)}


def first_bytes_after(client: Client, t0: float) -> asyncio.Future[float]:
    """A future set to the time the client's next bytes arrive after ``t0``."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[float] = loop.create_future()
    view = client.view
    original = view.data_received

    def stamped(data: bytes, datatype: object) -> None:
        if not done.done():
            done.set_result(time.perf_counter())
            view.data_received = original  # type: ignore[method-assign]
        original(data, datatype)

    view.data_received = stamped  # type: ignore[method-assign]
    return done


async def start_game(server: Server, keys: dict[str, asyncssh.SSHKey], n: int) -> tuple[Client, Client]:
    alice = await connect(server.port, f"alice-{n}", keys[f"alice-{n}"])
    await alice.wait_for(r"the games on this server", timeout=60)
    alice.send("n")
    await alice.wait_for(r"basic: Two equal squads", timeout=60)
    alice.send("\r")
    await alice.wait_for(r"which side do you play", timeout=60)
    alice.send("\r")
    await alice.wait_for(r"You: Tan", where="header", timeout=60)
    game_id = int(await _last_game(server))
    bob = await connect(server.port, f"bob-{n}", keys[f"bob-{n}"], f"join {game_id}")
    await bob.wait_for(r"You: Green", where="header", timeout=60)
    return alice, bob


async def _last_game(server: Server) -> int:
    from firepower_tui.games.store import Store

    store = Store(server.db)
    try:
        return max(g.id for g in store.games())
    finally:
        store.close()


async def play(mover: Client, other: Client, watchers: list[Client], seconds: float,
               other_ms: list[float], watcher_ms: list[float], offset: float = 0.0) -> None:
    """Once a second, the deciding player acts: Enter on his first impulse, then ``]`` and ``z``
    by turns; the time to the other screens' next bytes is noted. ``offset``: seconds before his
    first key (players who act on their own, each at his own moment of the second)."""
    keys = ["\r"] + ["]", "z"] * int(seconds + 2)
    await asyncio.sleep(offset)
    end = time.monotonic() + seconds
    for key in keys:
        if time.monotonic() > end:
            return
        await asyncio.sleep(0.25)  # (the previous frame's last bytes have come)
        t0 = time.perf_counter()
        seen = [first_bytes_after(other, t0), *(first_bytes_after(w, t0) for w in watchers)]
        mover.send(key)
        try:
            got = await asyncio.wait_for(asyncio.gather(*seen), 5)
        except asyncio.TimeoutError:
            continue
        other_ms.append((got[0] - t0) * 1000)
        watcher_ms.extend((t - t0) * 1000 for t in got[1:])
        await asyncio.sleep(max(0.0, 1.0 - (time.perf_counter() - t0)))


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_ticks(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total


def local_first_frame(data: Path) -> float:
    """Seconds from starting ``firepower`` (the basic game, an empty store) to its first frame."""
    env = {**os.environ, "XDG_DATA_HOME": str(data), "TERM": "xterm-256color"}
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(sys.executable, [sys.executable, "-m", "firepower_tui", "play", "basic"], env)
    t0 = time.perf_counter()
    import fcntl
    import struct
    import termios

    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 110, 0, 0))
    out = b""
    try:
        while time.perf_counter() - t0 < 30:
            ready, _, _ = select.select([fd], [], [], 1)
            if ready:
                try:
                    out += os.read(fd, 65536)
                except OSError:
                    break
                if b"Turn 1/" in out:
                    return time.perf_counter() - t0
        return float("nan")
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)


async def ssh_first_frame(server: Server, key: asyncssh.SSHKey) -> float:
    t0 = time.perf_counter()
    c = await connect(server.port, "timer", key)
    await c.wait_for(r"the games on this server", timeout=30)
    t = time.perf_counter() - t0
    c.close()
    return t


async def main(args: argparse.Namespace) -> dict[str, object]:
    folder = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    names = [f"{who}-{n}" for n in range(args.games) for who in ("alice", "bob")]
    names += [f"eye-{i}" for i in range(args.watchers)] + ["timer"]
    keys = {name: asyncssh.generate_private_key("ssh-ed25519") for name in names}
    allow = write_allowed(folder / "allowed", list(keys.values()))
    total = 2 * args.games + args.watchers + 4
    server = Server(folder / "data", allow, "--max-per-address", str(total), "--max-connections", str(total),
                    "--max-new-per-minute", str(3 * total)).start()
    out: dict[str, object] = {"games": args.games, "watchers": args.watchers, "together": args.together,
                              "load_average": round(os.getloadavg()[0], 1)}
    try:
        pairs = [await start_game(server, keys, n) for n in range(args.games)]
        eyes: list[list[Client]] = [[] for _ in pairs]
        for i in range(args.watchers):
            game = i % len(pairs)
            c = await connect(server.port, f"eye-{i}", keys[f"eye-{i}"], f"watch {game + 1}")
            await c.wait_for(r"Watching", where="header", timeout=60)
            eyes[game].append(c)
        await asyncio.sleep(3)
        children = server.children()
        assert server.proc is not None
        rss = [rss_kb(pid) for pid in children]
        out["rss_per_connection_mb"] = round(statistics.median(rss) / 1024, 1)
        out["rss_server_mb"] = round(rss_kb(server.proc.pid) / 1024, 1)
        ticks = os.sysconf("SC_CLK_TCK")
        pids = [server.proc.pid, *children]
        before, server_before = cpu_ticks(pids), cpu_ticks(pids[:1])
        await asyncio.sleep(10)
        out["idle_cpu_percent_server"] = round(100 * (cpu_ticks(pids[:1]) - server_before) / ticks / 10, 2)
        out["idle_cpu_percent_all"] = round(100 * (cpu_ticks(pids) - before) / ticks / 10, 2)
        out["idle_connections"] = len(children)
        other_ms: list[float] = []
        watcher_ms: list[float] = []
        everyone = [c for pair in pairs for c in pair] + [c for e in eyes for c in e]
        movers = [(a, b) if "Your move" in a.view.header() else (b, a) for a, b in pairs]
        for c in everyone:
            c.view.parse = False  # (only the bytes' arrival is timed)
        own_before = time.process_time()
        await asyncio.gather(*(play(*movers[i], eyes[i], args.seconds, other_ms, watcher_ms,
                                    0.0 if args.together else i / len(pairs))
                               for i in range(len(pairs))))
        out["bench_cpu_percent"] = round(100 * (time.process_time() - own_before) / args.seconds, 1)
        if os.environ.get("FIREPOWER_PROFILE"):
            import signal
            for pid in server.children():
                os.kill(pid, signal.SIGUSR1)
            await asyncio.sleep(3)
        out["moves"] = len(other_ms)
        out["other_player_ms"] = spread(other_ms)
        if watcher_ms:
            out["watcher_ms"] = spread(watcher_ms)
        for c in [c for pair in pairs for c in pair] + [c for e in eyes for c in e]:
            c.close()
        deadline = time.monotonic() + 20
        while server.children() and time.monotonic() < deadline:  # (the game processes end first)
            await asyncio.sleep(0.2)
        ssh_times = [await ssh_first_frame(server, keys["timer"]) for _ in range(5)]
        local_times = [local_first_frame(folder / f"local-{i}") for i in range(5)]
        out["ssh_to_lobby_s"] = round(statistics.median(ssh_times), 3)
        out["local_first_frame_s"] = round(statistics.median(local_times), 3)
        out["ssh_over_local"] = round(statistics.median(ssh_times) / statistics.median(local_times), 2)
    finally:
        server.stop()
        subprocess.run(["rm", "-rf", str(folder)], check=False)
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--watchers", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--json", default=None)
    parser.add_argument("--together", action="store_true",
                        help="every game's player acts at the same moment of each second (the worst "
                             "case: ten moves at once); by default the games' moves are spread over the second")
    result = asyncio.run(main(parser.parse_args()))
    print(json.dumps(result, indent=1))
    if parser.parse_args().json:
        Path(parser.parse_args().json).write_text(json.dumps(result, indent=1) + "\n")
