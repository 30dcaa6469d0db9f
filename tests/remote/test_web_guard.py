"""``firepower web``'s guard: the token on every path, the websocket's Origin,
loopback by default; and each tab's game and side checked against the store."""

from __future__ import annotations

import doctest
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

pytest.importorskip("textual_serve")
from aiohttp import WSServerHandshakeError  # noqa: E402
from aiohttp.test_utils import TestClient, TestServer  # noqa: E402

from firepower_tui.cli import web  # noqa: E402
from firepower_tui.cli.web import WebConfig, join_command, listen_warning, make_server  # noqa: E402

TOKEN = "tok3n-for-the-test"


@pytest.fixture
async def client(game_db: tuple[Path, int]) -> AsyncIterator[TestClient]:
    db, _ = game_db
    server = make_server(WebConfig(db=db, host="127.0.0.1", port=0, token=TOKEN))
    async with TestClient(TestServer(await server._make_app(), host="127.0.0.1")) as c:
        yield c


def own_origin(client: TestClient) -> str:
    return f"http://127.0.0.1:{client.port}"


@pytest.mark.parametrize("path", ["/", f"/{TOKEN}x/", "/static/js/textual.js", f"/x{TOKEN}/play/1/tan",
                                  f"/{TOKEN[:-1]}/ws/1/tan"])
async def test_without_the_token_403(client: TestClient, path: str) -> None:
    r = await client.get(path)
    assert r.status == 403


async def test_with_the_token_the_landing_page_lists_each_side(client: TestClient, game_db: tuple[Path, int]) -> None:
    _, game_id = game_db
    r = await client.get(f"/{TOKEN}/")
    body = await r.text()
    assert r.status == 200
    assert f'href="play/{game_id}/tan"' in body and f'href="play/{game_id}/green"' in body
    assert r.headers["Referrer-Policy"] == "no-referrer"  # the token never leaves in a Referer


async def test_the_play_page_opens_the_tokened_websocket_of_its_side(client: TestClient) -> None:
    r = await client.get(f"/{TOKEN}/play/1/green")
    body = await r.text()
    assert r.status == 200
    assert f'data-session-websocket-url="ws://127.0.0.1:{client.port}/{TOKEN}/ws/1/green"' in body
    assert (await client.get(f"/{TOKEN}/static/js/textual.js")).status == 200


@pytest.mark.parametrize("game, side", [("2", "tan"), ("1", "blue"), ("x", "tan")])
async def test_no_such_game_or_side_404(client: TestClient, game: str, side: str) -> None:
    assert (await client.get(f"/{TOKEN}/play/{game}/{side}")).status == 404


@pytest.mark.parametrize("origin", ["http://evil.example", "http://127.0.0.1:1", "null", None])
async def test_websocket_from_another_origin_403(client: TestClient, origin: str | None) -> None:
    headers = {"Origin": origin} if origin else {}
    with pytest.raises(WSServerHandshakeError) as refused:
        await client.ws_connect(f"/{TOKEN}/ws/1/tan", headers=headers)
    assert refused.value.status == 403


async def test_websocket_from_its_own_origin_is_accepted(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[str] = []

    async def start(self: object, width: int, height: int) -> None:  # the game process is not the point here
        started.append(self.command)  # type: ignore[attr-defined]

    monkeypatch.setattr("textual_serve.app_service.AppService.start", start)
    ws = await client.ws_connect(f"/{TOKEN}/ws/1/tan", headers={"Origin": own_origin(client)})
    await ws.close()
    assert len(started) == 1 and started[0].split()[-5:-2] == ["1", "--side", "tan"]


async def test_a_foreign_host_name_403_while_on_loopback(client: TestClient) -> None:
    """DNS rebinding: a page at evil.example whose name now points at 127.0.0.1 names its own host."""
    r = await client.get(f"/{TOKEN}/", headers={"Host": f"evil.example:{client.port}"})
    assert r.status == 403


def test_join_command_is_absolute_and_names_game_side_and_store(tmp_path: Path) -> None:
    cmd = join_command(4, "green", tmp_path / "g.db")
    assert Path(cmd[0]).is_absolute() and cmd[-6:] == ["join", "4", "--side", "green", "--db", str(tmp_path / "g.db")]


def test_only_a_host_beyond_loopback_warns(tmp_path: Path) -> None:
    assert listen_warning(WebConfig(db=tmp_path, host="127.0.0.1")) is None
    assert listen_warning(WebConfig(db=tmp_path, host="::1")) is None
    assert listen_warning(WebConfig(db=tmp_path, host="0.0.0.0")) is not None
    assert listen_warning(WebConfig(db=tmp_path, host="192.168.1.5")) is not None


def test_docstring_examples() -> None:
    failures, tried = doctest.testmod(web)
    assert tried >= 5 and failures == 0


async def test_a_hotseat_game_is_not_listed(client: TestClient, game_db: tuple[Path, int]) -> None:
    """Only games hosted for two players (``firepower host``) are offered to tabs."""
    from firepower_tui.games.service import new_game
    from firepower_tui.games.store import Store
    from firepower_tui.rules.scenario.load import load_scenario

    db, hosted = game_db
    store = Store(db)
    try:
        _, hotseat = new_game(store, load_scenario("basic"), 4, {})
    finally:
        store.close()
    body = await (await client.get(f"/{TOKEN}/")).text()
    assert f"play/{hosted}/tan" in body and f"play/{hotseat}/tan" not in body


def test_a_busy_port_is_refused_before_any_url_is_printed(game_db: tuple[Path, int]) -> None:
    import socket
    import subprocess
    import sys

    db, _ = game_db
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        r = subprocess.run([sys.executable, "-m", "firepower_tui", "web", "--port", str(busy.getsockname()[1]),
                            "--db", str(db)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "Open http" not in r.stdout and "Traceback" not in r.stderr


# --- the edges: a look-alike upgrade, ids in other digits, a socket without a handshake, other hosts --------

HANDSHAKE = {"Connection": "Upgrade", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13"}


@pytest.fixture
def no_game_process(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """AppService.start recorded instead of run: the commands a socket would have started."""
    started: list[str] = []

    async def start(self: object, width: int, height: int) -> None:
        started.append(self.command)  # type: ignore[attr-defined]

    monkeypatch.setattr("textual_serve.app_service.AppService.start", start)
    return started


@pytest.mark.parametrize("upgrade", ["websocket\u00a0", "websocket\u0085", " WebSocket ", "websocket\t", "x"])
async def test_the_origin_is_checked_whatever_the_upgrade_header_says(client: TestClient, no_game_process: list[str],
                                                                      upgrade: str) -> None:
    """aiohttp's handshake strips Unicode spaces from ``Upgrade``: a look-alike header must not skip
    the Origin check (it is made on every request to the socket's address)."""
    r = await client.get(f"/{TOKEN}/ws/1/tan", headers={**HANDSHAKE, "Upgrade": upgrade,
                                                        "Origin": "http://evil.example"})
    assert r.status == 403 and no_game_process == []


@pytest.mark.parametrize("game", ["²", "%D9%A1", "%EF%BC%91", "1.0", "+1", "99999999999999999999999"])
async def test_a_game_number_in_other_digits_is_no_game(client: TestClient, game: str) -> None:
    """``str.isdigit`` takes ``²`` (then ``int`` fails: 500) and Arabic-Indic ``١`` (game 1): a
    game number is ASCII digits."""
    assert (await client.get(f"/{TOKEN}/play/{game}/tan")).status == 404
    r = await client.get(f"/{TOKEN}/ws/{game}/tan", headers={**HANDSHAKE, "Upgrade": "websocket",
                                                             "Origin": own_origin(client)})
    assert r.status == 404


async def test_the_socket_address_without_a_handshake_is_400(client: TestClient, no_game_process: list[str],
                                                           caplog: pytest.LogCaptureFixture) -> None:
    r = await client.get(f"/{TOKEN}/ws/1/tan", headers={"Origin": own_origin(client)})
    assert r.status == 400 and no_game_process == []
    assert not [rec for rec in caplog.records if rec.exc_info]  # no traceback logged


def _hosts_named(text: str) -> set[str]:
    """The hosts a page or stylesheet names outside its comments (a licence header's web address
    is no request): in absolute and scheme-relative URLs."""
    import re

    text = re.sub(r"<!--.*?-->|/\*.*?\*/", "", text, flags=re.S)
    return {m.group(1).lower() for m in re.finditer(r"(?:[a-z][a-z0-9+.-]*:)?//([^/\"'\s)>:]+)", text, re.I)}


async def test_the_pages_name_no_other_host(client: TestClient) -> None:
    """No third-party request: the play page, the landing page and the stylesheet the page loads
    name no host but the server's own (the font is served by the game)."""
    own = "127.0.0.1"
    page = await (await client.get(f"/{TOKEN}/play/1/tan")).text()
    landing = await (await client.get(f"/{TOKEN}/")).text()
    css = await (await client.get(f"/{TOKEN}/static/css/xterm.css")).text()
    for text in (page, landing, css):
        assert _hosts_named(text) <= {own}, _hosts_named(text)
    assert "@font-face" in page
    for ref in __import__("re").findall(r"url\(\"?([^\")]+)", page):
        r = await client.get(ref.replace(f"http://{own}:{client.port}", ""))
        assert r.status == 200, ref


def test_a_store_that_is_no_database_is_refused_before_serving(tmp_path: Path) -> None:
    import subprocess
    import sys

    junk = tmp_path / "junk.db"
    junk.write_text("not a database\n")
    r = subprocess.run([sys.executable, "-m", "firepower_tui", "web", "--port", "0", "--db", str(junk)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "Open http" not in r.stdout and "Traceback" not in r.stderr and str(junk) in r.stderr


async def test_a_store_gone_bad_while_serving_is_a_500_without_a_traceback(tmp_path: Path,
                                                                          caplog: pytest.LogCaptureFixture) -> None:
    junk = tmp_path / "junk.db"
    junk.write_text("not a database\n")
    server = make_server(WebConfig(db=junk, host="127.0.0.1", port=0, token=TOKEN))
    async with TestClient(TestServer(await server._make_app(), host="127.0.0.1")) as c:
        for path in (f"/{TOKEN}/", f"/{TOKEN}/play/1/tan"):
            r = await c.get(path)
            assert r.status == 500 and str(junk) in await r.text()
    assert not [rec for rec in caplog.records if rec.exc_info]
