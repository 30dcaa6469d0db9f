"""``firepower web`` in headless Chromium: a tab opened from the tokened URL
plays a move of its side into the store; the token and the websocket's Origin are refused as
a browser meets them. Skipped without Debian's chromium and chromium-driver."""

from __future__ import annotations

import http.client
import http.server
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("textual_serve")
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
pytest.importorskip("pyte")
from pty_harness import PtyApp  # noqa: E402
from webdriver import ENTER, Browser, chromium  # noqa: E402

from firepower_tui.games.store import Store  # noqa: E402

pytestmark = pytest.mark.skipif(chromium() is None, reason="needs chromium and chromedriver (Debian: "
                                                             "apt-get install chromium chromium-driver)")
LIMIT = 60.0
"""Seconds to wait for what must happen before failing (a safety limit, not a speed check)."""


def wait_until(what: Callable[[], object], describe: str) -> object:
    end = time.monotonic() + LIMIT
    while time.monotonic() < end:
        got = what()
        if got:
            return got
        time.sleep(0.1)
    raise AssertionError(f"not within {LIMIT}s: {describe}")


def stored(db: Path) -> list[tuple[str, str | None]]:
    store = Store(db)
    try:
        (game,) = store.games()
        return [(e.notation, e.side) for e in store.entries(game.id)]
    finally:
        store.close()


def joins_of(db: Path) -> list[int]:
    """Live ``firepower join`` processes on ``db``."""
    out = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                cmd = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if b"join" in cmd and str(db).encode() in cmd:
                out.append(int(pid))
    return out


@pytest.fixture
def served(game_db: tuple[Path, int]) -> Iterator[tuple[str, int, Path]]:
    """``firepower web`` on a free loopback port: (its printed URL, port, db)."""
    db, _ = game_db
    server = subprocess.Popen([sys.executable, "-m", "firepower_tui", "web", "--port", "0", "--db", str(db)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        lines = [server.stdout.readline() for _ in range(2)]
        url = lines[1].split()[1]  # "Open URL (Ctrl+C to stop)": the port the server got
        port = int(url.split(":")[2].split("/")[0])
        wait_until(lambda: _status(url) == 200, "the server answers")
        yield url, port, db
    finally:
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=LIMIT) == 0
    wait_until(lambda: not joins_of(db), "no game process left once the server stops")


def _status(url: str, headers: dict[str, str] | None = None) -> int:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=10) as r:
            return int(r.status)
    except urllib.error.HTTPError as exc:
        return exc.code
    except OSError:
        return 0


@pytest.fixture
def browser() -> Iterator[Browser]:
    found = chromium()
    assert found is not None
    b = Browser(*found)
    try:
        yield b
    finally:
        b.close()


def test_the_printed_url_is_loopback_and_tokened(served: tuple[str, int, Path]) -> None:
    url, port, _ = served
    token = url.rstrip("/").rsplit("/", 1)[1]
    assert url == f"http://127.0.0.1:{port}/{token}/" and len(token) >= 16
    assert _status(f"http://127.0.0.1:{port}/") == 403
    assert _status(f"http://127.0.0.1:{port}/{token[:-1]}/") == 403
    assert _status(f"http://127.0.0.1:{port}/{token}/play/1/tan") == 200


def _handshake(port: int, path: str, origin: str) -> int:
    """The status of a websocket upgrade sent with ``origin``."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path, headers={"Upgrade": "websocket", "Connection": "Upgrade", "Origin": origin,
                                           "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
                                           "Sec-WebSocket-Version": "13"})
        return conn.getresponse().status
    finally:
        conn.close()


def test_a_page_from_another_origin_cannot_open_a_game(served: tuple[str, int, Path], browser: Browser) -> None:
    url, port, db = served
    ws = url.replace("http://", "ws://") + "ws/1/tan"
    # a page served from another loopback port is another origin: its socket is refused
    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        browser.go(f"http://127.0.0.1:{other.server_address[1]}/")
        outcome = browser.js_async("""const done = arguments[arguments.length - 1];
            const s = new WebSocket(arguments[0]);
            s.onopen = () => { s.close(); done('open'); };
            s.onerror = () => done('refused');""", ws)
    finally:
        other.shutdown()
        other.server_close()
    assert outcome == "refused"
    assert _handshake(port, ws.split(str(port), 1)[1], "http://evil.example") == 403
    assert stored(db) == [] and not joins_of(db)  # no game process was started for it


def test_a_tab_plays_a_move_of_its_side_and_a_terminal_player_sees_it(served: tuple[str, int, Path],
                                                                      browser: Browser) -> None:
    """Tan plays in the browser, Green in a terminal (``firepower join``, as over SSH). Seed 3
    draws Tan's chit first (as tests/ui/test_pty.py plays it in a terminal)."""
    url, _, db = served
    green = PtyApp(["join", "1", "--side", "green", "--db", str(db)], cols=100, rows=30)
    try:
        green.wait_for("You: Green", timeout=LIMIT)
        tab_plays_tan(url, db, browser)
        green.wait_for("T1 enters K3 from K2")  # the terminal player's screen follows the browser's move
        assert len(joins_of(db)) == 2
    finally:
        green.close()
    browser.go("about:blank")  # the tab leaves: its game process ends, the server goes on
    wait_until(lambda: not joins_of(db), "the tab's game process ends when it leaves")
    assert _status(url) == 200


def tab_plays_tan(url: str, db: Path, browser: Browser) -> None:
    browser.go(url)
    browser.click(browser.find("a[href='play/1/tan']"))
    wait_until(lambda: stored(db), "the tab's game opens and draws the first chit")
    wait_until(lambda: "-first-byte" in str(browser.js("return document.body.className")), "the terminal shows")
    browser.click(browser.find("#terminal"))

    def press_until(key: str, notation: str) -> None:
        browser.keys(key)
        wait_until(lambda: (notation, "tan") in stored(db), f"{notation} stored")

    press_until(ENTER, "impulse K2")
    press_until("m", "move T1")
    assert stored(db) == [("chit", None), ("impulse K2", "tan"), ("move T1", "tan")]
