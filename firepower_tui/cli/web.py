"""``firepower web``: play a stored game in a browser tab (textual-serve), each tab one side.

textual-serve runs one command per websocket and checks nothing: any page, from any origin,
that can reach the port may open a session. This server adds, around textual-serve's own
page, assets and websocket:

* a random token as the first segment of every path: a request without it gets 403;
* an ``Origin`` check on every request to a game's websocket address, whatever its headers say
  (a browser sends ``Origin`` with every websocket upgrade; a page cannot forge it): a page from
  another origin gets 403; a request there that is no websocket handshake (aiohttp's own test)
  gets 400;
* no request to another host: the page is our own (``data/web/play.html``), its font served
  from textual-serve's static folder;
* loopback by default: bound to 127.0.0.1 unless ``--host`` is given, and then it says so;
  while bound to loopback a request naming another host (DNS rebinding) gets 403 too;
* one command per tab, made from checked parts: ``firepower join GAME --side SIDE --db DB``
  for a game in the store and one of its sides (anything else gets 404), so a browser
  player and a terminal or SSH player (``firepower join`` there too) share one game.
"""

from __future__ import annotations

import asyncio
import html
import ipaddress
import logging
import re
import secrets
import shlex
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..games.store import Store
from ..rules.model.errors import FirepowerError

PAGES = Path(__file__).resolve().parents[1] / "data" / "web"
"""Our page for a tab (``play.html``: textual-serve's, loading nothing from another host)."""

GAME_NUMBER = re.compile(r"[0-9]{1,18}")
"""A game number in a path: ASCII digits (``str.isdigit`` takes ``²``, and ``١``, which ``int``
reads as 1), at most 18 (a stored id is a 64-bit integer)."""

SOCKET_ROUTE = "websocket"
"""The name of the route of a game's websocket (every request to it has its Origin checked)."""

LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1"})
"""Host names a browser on this machine reaches a loopback server by."""

log = logging.getLogger("firepower.web")


def is_loopback(host: str) -> bool:
    """``host`` (a name or an address) reaches only this machine.

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0")
    (True, True, False)
    """
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def firepower_command() -> list[str]:
    """The command that runs this firepower: the console script beside this Python (a venv or
    an install), else ``python -m firepower_tui``; absolute, so it works from sshd or a server
    whatever their PATH."""
    script = Path(sys.executable).parent / "firepower"
    if script.is_file():
        return [str(script.absolute())]
    return [str(Path(sys.executable).absolute()), "-m", "firepower_tui"]


def join_command(game_id: int, side: str, db: Path) -> list[str]:
    """``firepower join GAME --side SIDE --db DB`` (absolute paths)."""
    return [*firepower_command(), "join", str(game_id), "--side", side, "--db", str(db.absolute())]


class WebRefusal(FirepowerError):
    """A ``firepower web`` option that cannot be served (e.g. a bad port)."""


@dataclass(frozen=True)
class WebConfig:
    """What one ``firepower web`` serves."""

    db: Path
    host: str = "127.0.0.1"
    port: int = 8000
    token: str = ""

    @property
    def loopback(self) -> bool:
        return is_loopback(self.host)


def new_token() -> str:
    """A random, URL-safe token (128 bits)."""
    return secrets.token_urlsafe(16)


def url_host(host: str) -> str:
    """``host`` as it goes in a URL (an IPv6 address in brackets; 0.0.0.0 and :: as this
    machine's loopback, which a browser here can open)."""
    if host in ("0.0.0.0", ""):
        return "127.0.0.1"
    if host == "::":
        return "[::1]"
    return f"[{host}]" if ":" in host else host


def start_url(config: WebConfig) -> str:
    """The URL ``firepower web`` prints: the landing page, token included."""
    return f"http://{url_host(config.host)}:{config.port}/{config.token}/"


# --- the checks, as an aiohttp middleware ---------------------------------------------------------------


def origin_allowed(origin: str | None, host_header: str, loopback: bool) -> bool:
    """A websocket upgrade's ``Origin`` is this server's own: ``http://`` + the ``Host`` the
    browser asked for (and, while bound to loopback, that host is a loopback one).

    >>> origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", True)
    True
    >>> origin_allowed("http://evil.example", "127.0.0.1:8000", True)
    False
    >>> origin_allowed(None, "127.0.0.1:8000", True)
    False
    """
    if not origin or origin.lower() != f"http://{host_header}".lower():
        return False
    return not loopback or host_allowed(host_header, loopback)


def host_allowed(host_header: str, loopback: bool) -> bool:
    """While bound to loopback, the ``Host`` a request names is a loopback one (a page whose
    name was made to point at 127.0.0.1, DNS rebinding, names its own)."""
    if not loopback:
        return True
    name = host_header.rsplit(":", 1)[0] if not host_header.endswith("]") else host_header
    return is_loopback(name.strip("[]"))


def make_guard(config: WebConfig) -> Callable[..., Awaitable[Any]]:
    """The middleware that refuses (403) a request without the token, naming a foreign host
    while bound to loopback, or to a game's websocket address from another origin (whether or
    not its ``Upgrade`` header looks like a websocket's: aiohttp's handshake strips Unicode
    spaces that a test of ours might not)."""
    from aiohttp import web

    @web.middleware
    async def guard(request: web.Request, handler: Callable[[web.Request], Awaitable[Any]]) -> Any:
        first = request.path.lstrip("/").split("/", 1)[0]
        if not secrets.compare_digest(first.encode(), config.token.encode()):
            raise web.HTTPForbidden(text="firepower web: this address needs the token printed by `firepower web`\n")
        if not host_allowed(request.host, config.loopback):
            raise web.HTTPForbidden(text=f"firepower web: serving 127.0.0.1 only, not {request.host}\n")
        if request.match_info.route.name == SOCKET_ROUTE and not origin_allowed(
                request.headers.get("Origin"), request.host, config.loopback):
            raise web.HTTPForbidden(text="firepower web: a page from another origin may not open a game\n")
        try:
            response = await handler(request)
        except FirepowerError as exc:  # (the store went bad while serving: said, not a traceback)
            log.error("firepower web: %s", exc)
            raise web.HTTPInternalServerError(text=f"firepower web: {exc}\n") from None
        # no page of ours links elsewhere; should one ever, it is not told the tokened address
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    return guard


# --- pages -------------------------------------------------------------------------------------------------


def landing_page(config: WebConfig) -> str:
    """The tab's first page: each unfinished game hosted for two players (``firepower host``),
    a link per side."""
    store = Store(config.db)
    try:
        games = [g for g in store.games() if not g.finished and g.options.get("shared")]
    finally:
        store.close()
    from ..games.served import side_names as _side_names

    rows = []
    for g in games:
        names = _side_names(g.scenario_text)
        links = " ".join(f'<a href="play/{g.id}/{html.escape(s)}">play {html.escape(names.get(s, s))}</a>'
                         for s in g.sides)
        rows.append(f"<li>game {g.id}: {html.escape(g.scenario_id)}, turn {g.turn} &mdash; {links}</li>")
    body = "<ul>" + "".join(rows) + "</ul>" if rows else (
        "<p>No hosted game in the store. Start one with <code>firepower host SCENARIO</code>.</p>")
    return ("<!DOCTYPE html><html><head><meta charset='utf-8'><title>FIREPOWER</title></head>"
            f"<body><h1>FIREPOWER: open games</h1>{body}"
            "<p>Each tab plays one side; the other side may play in another tab, a terminal or over SSH "
            "(<code>firepower join</code>).</p></body></html>")


def game_side(config: WebConfig, game: str, side: str) -> tuple[int, str] | None:
    """``(game id, side)`` when the store has an unfinished game ``game`` with side ``side``."""
    if not GAME_NUMBER.fullmatch(game):
        return None
    store = Store(config.db)
    try:
        try:
            row = store.game(int(game))
        except FirepowerError:
            return None
    finally:
        store.close()
    if row.finished or side not in row.sides:
        return None
    return row.id, side


def make_server(config: WebConfig) -> Any:
    """A textual-serve :class:`Server` for ``config`` whose routes all start with the token."""
    import aiohttp_jinja2
    import jinja2
    from aiohttp import web
    from textual_serve.app_service import AppService
    from textual_serve.server import Server, to_int

    class FirepowerServer(Server):
        """textual-serve's page and session, behind the token and the Origin check."""

        async def _make_app(self) -> web.Application:
            app = web.Application(middlewares=[make_guard(config)])
            aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(PAGES))
            t = f"/{config.token}"
            app.add_routes([
                web.get(f"{t}/", self.handle_landing, name="landing"),
                web.get(t + "/play/{game}/{side}", self.handle_play, name="play"),
                web.get(t + "/ws/{game}/{side}", self.handle_game_socket, name=SOCKET_ROUTE),
                web.static(f"{t}/static", self.statics_path, name="static"),
            ])
            app.on_startup.append(self.on_startup)
            return app

        async def on_startup(self, app: web.Application) -> None:
            """Say where to go (textual-serve prints its logo and an address without the token)."""

        async def handle_landing(self, request: web.Request) -> web.Response:
            return web.Response(text=landing_page(config), content_type="text/html")

        def _chosen(self, request: web.Request) -> tuple[int, str]:
            chosen = game_side(config, request.match_info["game"], request.match_info["side"])
            if chosen is None:
                raise web.HTTPNotFound(text="firepower web: no unfinished game with that number and side\n")
            return chosen

        async def handle_play(self, request: web.Request) -> web.Response:
            """textual-serve's page for one game and side; its terminal opens our websocket."""
            game_id, side = self._chosen(request)
            base = f"http://{request.host}/{config.token}"
            context = {
                "font_size": to_int(request.query.get("fontsize", "16"), 16),
                "app_websocket_url": f"ws://{request.host}/{config.token}/ws/{game_id}/{side}",
                "config": {"static": {"url": f"{base}/static/"}},
                "application": {"name": f"FIREPOWER game {game_id}: {side}"},
            }
            response: web.Response = aiohttp_jinja2.render_template("play.html", request, context)
            return response

        async def handle_game_socket(self, request: web.Request) -> web.WebSocketResponse:
            """textual-serve's websocket session running ``firepower join`` for the tab's side."""
            game_id, side = self._chosen(request)
            command = shlex.join(join_command(game_id, side, config.db))
            websocket = web.WebSocketResponse(heartbeat=15)
            if not websocket.can_prepare(request).ok:  # (aiohttp's own test of the handshake)
                raise web.HTTPBadRequest(text="firepower web: this is a game's websocket address; open its play "
                                              "page instead\n")
            width = to_int(request.query.get("width", "80"), 80)
            height = to_int(request.query.get("height", "24"), 24)
            app_service: AppService | None = None

            async def close() -> None:  # (aiohttp's close returns a bool textual-serve does not take)
                await websocket.close()

            try:
                await websocket.prepare(request)
                app_service = AppService(command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                                         close=close,
                                         download_manager=self.download_manager,
                                         debug=self.debug)
                await app_service.start(width, height)
                try:
                    await self._process_messages(websocket, app_service)
                finally:
                    await app_service.stop()
            except asyncio.CancelledError:
                await websocket.close()
            except Exception as error:  # noqa: BLE001 - one tab's failure is logged, the server goes on
                log.exception(error)
            finally:
                if app_service is not None:
                    await app_service.stop()
            return websocket

    return FirepowerServer("firepower join", host=config.host, port=config.port, title="FIREPOWER")


def listen_warning(config: WebConfig) -> str | None:
    """What ``firepower web`` says when ``--host`` reaches beyond this machine (None on loopback).

    >>> listen_warning(WebConfig(db=Path("g.db"))) is None
    True
    """
    if config.loopback:
        return None
    return (f"firepower web: warning: listening on {config.host}, beyond this machine: anyone who can reach "
            f"port {config.port} and has the token can play (plain HTTP: the token crosses the network unencrypted)")


def serve(config: WebConfig) -> int:
    """Listen, then print where (the port it got, for ``--port 0``) and the URL; serve until
    Ctrl+C or SIGTERM. Every tab's game process is ended on the way out (its moves are stored)."""
    from dataclasses import replace

    from aiohttp import web

    from .stopping import until_stopped

    if not 0 <= config.port <= 65535:
        raise WebRefusal(f"--port {config.port}: a port is 0-65535")
    Store(config.db).close()  # a store that cannot be read is refused (exit code 2) before serving

    async def main() -> None:
        server = make_server(config)
        runner = web.AppRunner(await server._make_app(), handle_signals=False, access_log=None)
        await runner.setup()
        try:
            await web.TCPSite(runner, config.host, config.port).start()
        except OSError as exc:
            await runner.cleanup()
            raise WebRefusal(f"cannot listen on {config.host}:{config.port}: {exc.strerror or exc}") from None
        bound = replace(config, port=int(runner.addresses[0][1]))
        warning = listen_warning(bound)
        if warning:
            print(warning, file=sys.stderr)
        print(f"firepower web: serving the games of {config.db}")
        print(f"Open {start_url(bound)} (Ctrl+C to stop)", flush=True)
        try:
            await until_stopped()
        finally:
            await runner.cleanup()

    asyncio.run(main())
    return 0
