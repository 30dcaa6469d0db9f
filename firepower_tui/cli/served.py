"""``firepower serve`` (the SSH server, :mod:`.serve`) and ``firepower served``, the process of one
connection to it: the lobby, then the game chosen there (a side, or watching), then the lobby
again, until the player leaves or the connection drops.

``served`` is started by the server alone, on the connection's own pseudo-terminal; its
``--name`` and ``--key`` are what the server authenticated (the SSH user name and the key's
fingerprint), never anything the client said.
"""

from __future__ import annotations

import argparse
import select
import sys
from pathlib import Path

from ..games.store import Store, default_db_path
from ..rules.model.errors import FirepowerError, GameRefusal

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (as in cli/__init__)
if TYPE_CHECKING:
    from ..games.served import Player
    from ..ui.lobby import LobbyChoice


def run(args: argparse.Namespace) -> int:
    if args.command == "serve":
        return _serve(args)
    return served(args)


def _serve(args: argparse.Namespace) -> int:
    from .serve import ServeConfig, parse_listen, serve

    host, port = parse_listen(args.listen)
    db = Path(args.db or default_db_path()).absolute()
    return serve(ServeConfig(db=db, host_key=default_db_path().parent / "ssh_host_ed25519_key", host=host, port=port,
                             allow_keys=Path(args.allow_keys) if args.allow_keys else None, open=args.open,
                             per_address=args.max_per_address, per_minute=args.max_new_per_minute, total=args.max_connections,
                             idle=float(args.idle_timeout)))


def _take_terminal() -> None:
    """Make standard input, the connection's pty, this session's controlling terminal (the
    server started this process in a session of its own): its hang-up then reaches us as SIGHUP."""
    import fcntl
    import termios

    try:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    except OSError:
        pass


def terminal_gone() -> bool:
    """Whether the terminal on standard input hung up (the connection dropped)."""
    poller = select.poll()
    try:
        poller.register(0, select.POLLIN)
    except (OSError, ValueError):
        return True
    return any(mask & (select.POLLHUP | select.POLLERR | select.POLLNVAL) for _, mask in poller.poll(0))


def served(args: argparse.Namespace) -> int:
    from ..games.served import Player, valid_name

    if not valid_name(args.name):
        raise FirepowerError(f"--name {args.name[:40]!r}: letters, digits, - and _, at most 24")
    store = Store(args.db or default_db_path())
    player = Player(args.name, args.key)
    try:
        if args.record is not None:
            return _record(store, args.record)
        _take_terminal()
        from .hangup import missing_terminal

        missing = missing_terminal("the game needs a terminal: connect with ssh -t")
        if missing is not None:
            return missing
        return _connection(store, player, args)
    finally:
        store.close()


def _record(store: Store, game_id: int) -> int:
    """A served game's record on standard output (its seed only once it is over, R181)."""
    import tempfile

    from ..games.record import export_game
    from ..games.served import served_games

    if game_id not in {g.id for g in served_games(store)}:
        raise GameRefusal(f"there is no game {game_id} on this server")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "record.json"
        export_game(store, game_id, path)
        sys.stdout.write(path.read_text(encoding="utf-8"))
    return 0


def _connection(store: Store, player: Player, args: argparse.Namespace) -> int:
    """The lobby and the games chosen there, until the player leaves or hangs up."""
    from ..games import served
    from ..ui.lobby import LobbyApp, LobbyChoice
    from ..games.served import side_names
    from .hangup import run_app
    from .scenario_list import all_scenarios

    choice: LobbyChoice | None = None
    message = ""
    if args.join is not None or args.watch is not None:
        choice, message = _direct(store, player, args.join, args.watch)
    while True:
        if choice is None:
            lobby = LobbyApp(store, player, args.link, picker=all_scenarios, names=side_names,
                             message=message)
            choice = run_app(lobby)
            message = ""
            if choice is None or terminal_gone():
                return 0
        try:
            _play(store, player, choice, ascii=args.ascii)
        except FirepowerError as exc:  # (a game that no longer replays: said in the lobby)
            message = str(exc)
        if terminal_gone():
            return 0
        served.stop_watching(store, choice.game_id)
        choice = None


def _direct(store: Store, player: Player, join: int | None, watch: int | None) -> tuple[LobbyChoice | None, str]:
    """``ssh -t host join 7``: the player's seat in game 7, else its free side, else watching it;
    ``watch 7`` watches it. (None, why) when there is no such game on this server."""
    from ..games import served
    from ..ui.lobby import LobbyChoice

    game_id = join if join is not None else watch
    assert game_id is not None
    if game_id not in {g.id for g in served.served_games(store)}:
        return None, f"there is no game {game_id} on this server"
    g = store.game(game_id)
    if watch is not None or g.finished:
        return LobbyChoice("watch", game_id), ""
    mine = served.seat_of(store, game_id, player)
    if mine is not None:
        return LobbyChoice("play", game_id, mine), ""
    for side in served.free_sides(store, g):
        try:
            served.take_seat(store, game_id, side, player)
        except served.SeatTaken:
            continue
        return LobbyChoice("play", game_id, side), ""
    return LobbyChoice("watch", game_id), f"no side of game {game_id} is free: you watch it"


def _play(store: Store, player: Player, choice: LobbyChoice, *, ascii: bool) -> None:
    """Play the chosen side of a game (its seat must be this player's key's), or watch it."""
    from ..games import served
    from ..games.service import seat_options
    from ..games.shared import SharedGame
    from ..games.watching import Watching
    from ..ui.served_app import ServedApp
    from .hangup import run_app

    kind, game_id, side = choice.kind, choice.game_id, choice.side
    g = store.game(game_id)
    if kind == "play":
        if side is None or served.seat_of(store, game_id, player) != side:
            raise GameRefusal(f"game {game_id}: {side} is not your seat")
        link: SharedGame = SharedGame(store, game_id, side, computer=frozenset(served.computer_sides(g)))
    else:
        link = Watching(store, game_id)
        served.start_watching(store, game_id, player)
    session = link.open()
    if link.computer:
        seat_options(session, g.options)  # the computer plays its sides here, as on one machine
    run_app(ServedApp(session, link, player, ascii=ascii))


def watch_locally(store: Store, game_id: int, *, ascii: bool) -> int:
    """``firepower join GAME --watch``: watch a game read-only from this machine."""
    import getpass

    from ..games import served
    from ..ui.lobby import LobbyChoice

    try:
        name = getpass.getuser()
    except (KeyError, OSError):
        name = "local"
    player = served.Player(name if served.valid_name(name) else "local", "local")
    try:
        _play(store, player, LobbyChoice("watch", game_id), ascii=ascii)
    finally:
        served.stop_watching(store, game_id)
    return 0

