"""``firepower serve``: an SSH server that is nothing but the game (asyncssh).

A player needs nothing but ``ssh -p PORT NAME@HOST``: his SSH key is who he is, his user name
is his name. Each connection gets a lobby of the server's games (``firepower served``, run by
this server on a pseudo-terminal of its own, one process per connection: a crash or a hung
client harms nobody else). The process is told who the player is (his name, his key's
fingerprint) by the server, on its command line, never by the client; the client's bytes go
to its terminal and its window size and resizes to the terminal's size.

What the server refuses:

* any authentication but a public key; with ``--allow-keys FILE`` (an ``authorized_keys``
  file) any key not in it; ``--open`` lets every key in. A user name that is no player's name
  (:data:`~firepower_tui.games.served.NAME`) is refused with a banner saying why;
* shell-less requests: a command other than ``join N``, ``watch N`` (which need a terminal,
  ``ssh -t``) or ``record N`` (a finished game's record, its seed included, to check every roll;
  an unfinished game's without its seed, R181), subsystems (sftp), port forwarding (``-L``,
  ``-R``), agent and X11 forwarding;
* more than ``--max-per-address`` connections at once from one address, more than
  ``--max-new-per-minute`` new ones a minute from one address, more than ``--max-connections``
  in all;
* a connection idle (no byte from its client) for ``--idle-timeout`` seconds: closed, its
  game's moves all stored.

It binds the loopback address unless ``--listen`` says otherwise, and warns when it listens
beyond this machine. Its host key is made on the first start, kept (mode 0600) beside the game
store in the data folder, and its fingerprint printed so players can check it.
"""

from __future__ import annotations

import asyncio
import collections
import fcntl
import os
import re
import shlex
import signal
import struct
import sys
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from ..games.served import valid_name
from ..rules.model.errors import FirepowerError
from .web import firepower_command, is_loopback
from .stopping import until_stopped

HOST_KEY_NAME = "ssh_host_ed25519_key"
"""The server's host key, in the data folder (``$XDG_DATA_HOME/firepower/``)."""
COMMAND = re.compile(r"(join|watch|record) ([0-9]{1,18})")
"""The commands a client may ask for instead of the lobby (``ssh -t host join 7``)."""
TERM = re.compile(r"[A-Za-z0-9._+-]{1,40}")
"""A terminal type passed on to the game's process as ``TERM`` (else ``xterm-256color``)."""
DISC_TOO_MANY_CONNECTIONS = 12  # RFC 4253 §11.1


class ServeRefusal(FirepowerError):
    """An option ``firepower serve`` cannot serve (a bad address, an unreadable key file...)."""


@dataclass(frozen=True, slots=True)
class ServeConfig:
    """What one ``firepower serve`` serves, and to whom."""

    db: Path
    host_key: Path
    host: str = "127.0.0.1"
    port: int = 2222
    allow_keys: Path | None = None
    open: bool = False
    per_address: int = 4
    per_minute: int = 20
    """New connections one address may open within a minute."""
    total: int = 40
    idle: float = 1800.0
    python: tuple[str, ...] = field(default_factory=lambda: tuple(firepower_command()))
    """The command that runs this firepower (each connection's game process)."""

    @property
    def loopback(self) -> bool:
        return is_loopback(self.host)


def parse_listen(text: str) -> tuple[str, int]:
    """``--listen HOST:PORT`` (``[::1]:2222`` for IPv6; ``:2222`` or a bare port: loopback).

    >>> parse_listen("127.0.0.1:2222"), parse_listen("[::]:22"), parse_listen("2223")
    (('127.0.0.1', 2222), ('::', 22), ('127.0.0.1', 2223))
    """
    host, sep, port = text.rpartition(":")
    if not sep:
        host, port = "", text
    host = host.strip("[]") or "127.0.0.1"
    if not port.isascii() or not port.isdigit() or not 0 <= int(port) <= 65535:
        raise ServeRefusal(f"--listen {text}: HOST:PORT, the port 0-65535")
    return host, int(port)


def listen_warning(config: ServeConfig) -> str | None:
    """What ``serve`` says when it listens beyond this machine (None on loopback)."""
    if config.loopback:
        return None
    who = "any SSH key (--open)" if config.open else f"the keys of {config.allow_keys}"
    return (f"firepower serve: warning: listening on {config.host}, beyond this machine: {who} may connect "
            f"from anywhere that reaches port {config.port}")


# --- the host key -------------------------------------------------------------------------------------------


def host_key(path: Path) -> Any:
    """The server's host key: read from ``path``, or made there on the first start (mode 0600).

    Raises:
        ServeRefusal: the file is readable by others, or not a private key (named).
    """
    if path.exists():
        mode = path.stat().st_mode & 0o777
        if mode & 0o077:
            raise ServeRefusal(f"{path}: the host key is readable by others (mode {mode:o}); "
                               f"`chmod 600 {shlex.quote(str(path))}` and start again")
        try:
            return asyncssh.read_private_key(path)
        except (OSError, asyncssh.KeyImportError) as exc:
            raise ServeRefusal(f"{path}: not a private key the server can use ({exc})") from None
    key = asyncssh.generate_private_key("ssh-ed25519")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    return key


def allowed_keys(path: Path) -> Any:
    """The keys of an ``authorized_keys`` file (``--allow-keys``).

    Raises:
        ServeRefusal: it cannot be read, or holds a line that is no key (asyncssh names it).
    """
    try:
        return asyncssh.read_authorized_keys(str(path))
    except (OSError, ValueError, asyncssh.KeyImportError) as exc:
        raise ServeRefusal(f"--allow-keys {path}: {getattr(exc, 'strerror', None) or exc}") from None


# --- connections --------------------------------------------------------------------------------------------


class Hub:
    """The server's bookkeeping: the connections open, by address, and the recent attempts."""

    def __init__(self, config: ServeConfig, allowed: Any) -> None:
        self.config = config
        self.allowed = allowed
        self.open: collections.Counter[str] = collections.Counter()
        self.attempts: dict[str, collections.deque[float]] = collections.defaultdict(collections.deque)
        self.channels: set[GameChannel] = set()

    def admit(self, address: str) -> str | None:
        """Count a new connection from ``address``; why it is refused, or None."""
        now = time.monotonic()
        recent = self.attempts[address]
        while recent and recent[0] < now - 60:
            recent.popleft()
        recent.append(now)
        if sum(self.open.values()) >= self.config.total:
            return f"the server is full ({self.config.total} connections); try again later"
        if self.open[address] >= self.config.per_address:
            return f"at most {self.config.per_address} connections at once from one address"
        if len(recent) > self.config.per_minute:
            return f"at most {self.config.per_minute} new connections a minute from one address"
        self.open[address] += 1
        return None

    def leave(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


def make_server_class(hub: Hub) -> Any:
    """The asyncssh :class:`SSHServer` class of the connections to ``hub``'s server."""

    class Gate(asyncssh.SSHServer):
        """Authentication by public key only, and the connection limits."""

        def __init__(self) -> None:
            self.conn: Any = None
            self.address = ""
            self.admitted = False
            self.key: Any = None
            self.name = ""

        def connection_made(self, conn: Any) -> None:
            self.conn = conn
            peer = conn.get_extra_info("peername") or ("?",)
            self.address = str(peer[0])
            refusal = hub.admit(self.address)
            if refusal is not None:
                asyncio.get_running_loop().call_soon(conn.disconnect, DISC_TOO_MANY_CONNECTIONS,
                                                     f"firepower serve: {refusal}")
                return
            self.admitted = True

        def connection_lost(self, exc: Exception | None) -> None:
            if self.admitted:
                hub.leave(self.address)
                self.admitted = False

        def begin_auth(self, username: str) -> bool:
            if not valid_name(username):
                self.conn.send_auth_banner(
                    "firepower serve: your player name is your SSH user name: letters, digits, - and _, at most "
                    f"24 (ssh -p {hub.config.port} NAME@host)\r\n")
            return True

        def password_auth_supported(self) -> bool:
            return False

        def kbdint_auth_supported(self) -> bool:
            return False

        def host_based_auth_supported(self) -> bool:
            return False

        def public_key_auth_supported(self) -> bool:
            return True

        def validate_public_key(self, username: str, key: Any) -> bool:
            if not self.admitted or not valid_name(username):
                return False
            if not hub.config.open:
                if hub.allowed is None or hub.allowed.validate(key, "", self.address) is None:
                    return False
            self.key, self.name = key, username  # (the last key accepted is the one that signs)
            return True

        def session_requested(self) -> Any:
            return GameChannel(hub, self)

        def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
            return False  # -L and -W

        def server_requested(self, listen_host: str, listen_port: int) -> bool:
            return False  # -R

        def unix_connection_requested(self, dest_path: str) -> bool:
            return False

        def unix_server_requested(self, listen_path: str) -> bool:
            return False

    return Gate


def _set_size(fd: int, columns: int, rows: int) -> None:
    """The terminal size of a pty (its master or slave side)."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", max(1, rows), max(1, columns), 0, 0))


class GameChannel(asyncssh.SSHServerSession[bytes]):
    """One SSH session: the game's process on a pty of its own, its bytes relayed both ways."""

    def __init__(self, hub: Hub, gate: Any) -> None:
        self.hub = hub
        self.gate = gate
        self.chan: Any = None
        self.term = "xterm-256color"
        self.size: tuple[int, int] | None = None
        self.command: tuple[str, int] | None = None
        self.master = -1
        self.proc: asyncio.subprocess.Process | None = None
        self.last_input = time.monotonic()
        self.idle_timer: asyncio.TimerHandle | None = None
        self.reading = False

    # --- what the client asks for ------------------------------------------------------------------------

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self.term = term_type if TERM.fullmatch(term_type or "") else "xterm-256color"
        self.size = (term_size[0] or 80, term_size[1] or 24)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        """Only ``join N``, ``watch N`` and ``record N``: anything else is refused."""
        match = COMMAND.fullmatch(command.strip())
        if match is None:
            return False
        self.command = (match.group(1), int(match.group(2)))
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal_name: str) -> None:
        """Signals from the client reach nobody."""

    def session_started(self) -> None:
        asyncio.get_running_loop().create_task(self._start())

    # --- the game's process ---------------------------------------------------------------------------

    def _argv(self) -> list[str]:
        config = self.hub.config
        gate = self.gate
        fingerprint = gate.key.get_fingerprint() if gate.key is not None else ""
        link = f"ssh -p {config.port} {{name}}@{_shown_host(config.host)}"
        argv = [*config.python, "served", "--db", str(config.db.absolute()), "--name", gate.name,
                "--key", fingerprint, "--link", link]
        if self.command is not None:
            argv += [f"--{self.command[0]}", str(self.command[1])]
        return argv

    async def _start(self) -> None:
        chan = self.chan
        if self.gate.key is None:  # (asyncssh opens no session before authentication)
            chan.exit(1)
            return
        if self.command is not None and self.command[0] == "record":
            await self._record(self.command[1])
            return
        if self.size is None:
            chan.write(b"firepower serve: the game needs a terminal: connect with ssh -t\r\n")
            chan.exit(2)
            return
        master, slave = os.openpty()
        _set_size(slave, *self.size)
        env = {"TERM": self.term, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
               "HOME": os.environ.get("HOME", "/"), "COLORTERM": "truecolor"}
        for name in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "FIREPOWER_NO_INOTIFY"):
            if name in os.environ:
                env[name] = os.environ[name]
        try:
            self.proc = await asyncio.create_subprocess_exec(
                *self._argv(), stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
                close_fds=True)
        except OSError as exc:
            os.close(master)
            os.close(slave)
            chan.write(f"firepower serve: cannot start the game: {exc}\r\n".encode())
            chan.exit(1)
            return
        os.close(slave)
        os.set_blocking(master, False)
        self.master = master
        self.hub.channels.add(self)
        self._read(True)
        self._arm_idle()
        code = await self.proc.wait()
        self._done(code)

    async def _record(self, game_id: int) -> None:
        """``record N``: the game's record (JSON) on standard output, as ``firepower export`` writes
        it (the seed only once the game is over, R181)."""
        proc = await asyncio.create_subprocess_exec(
            *self._argv(), stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
            start_new_session=True)
        out, err = await proc.communicate()
        try:
            self.chan.write(out)
            self.chan.write_stderr(err)
            self.chan.exit(proc.returncode or 0)
        except OSError:  # (the client left first)
            pass

    def _read(self, on: bool) -> None:
        if self.master < 0 or on == self.reading:
            return
        loop = asyncio.get_running_loop()
        if on:
            loop.add_reader(self.master, self._readable)
        else:
            loop.remove_reader(self.master)
        self.reading = on

    def _readable(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: the game's process closed its terminal
            data = b""
        if not data:
            self._read(False)
            return
        self.chan.write(data)

    def pause_writing(self) -> None:
        """The client reads slower than the game writes: stop reading the game's output for now."""
        self._read(False)

    def resume_writing(self) -> None:
        self._read(True)

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_input = time.monotonic()
        if self.master < 0:
            return
        try:
            os.write(self.master, data)
        except (BlockingIOError, OSError):  # a game that reads nothing: its player's keys are dropped
            pass

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = (width or 80, height or 24)
        if self.master >= 0:
            _set_size(self.master, *self.size)

    def eof_received(self) -> bool:
        """The client sends no more (``ssh host record 7 </dev/null``): the channel stays open for
        what the game writes until it ends."""
        return True

    def _arm_idle(self) -> None:
        idle = self.hub.config.idle
        if idle <= 0:
            return
        left = self.last_input + idle - time.monotonic()
        if left > 0:
            self.idle_timer = asyncio.get_running_loop().call_later(left, self._arm_idle)
            return
        self.idle_timer = None
        self.chan.write_stderr(f"\r\nfirepower serve: closed after {idle:g} s without a key; every move is "
                               "stored\r\n".encode())
        self._hang_up()

    def _hang_up(self) -> None:
        """Close the game's terminal: its process ends as after a dropped connection (SIGHUP),
        its moves all stored; after a grace period it is killed."""
        self._close_master()
        proc = self.proc
        if proc is not None and proc.returncode is None:
            try:
                os.killpg(proc.pid, signal.SIGHUP)
            except ProcessLookupError:
                pass
            asyncio.get_running_loop().call_later(15, _kill, proc)

    def _close_master(self) -> None:
        if self.master >= 0:
            self._read(False)
            os.close(self.master)
            self.master = -1

    def _done(self, code: int) -> None:
        if self.master >= 0:
            try:  # what the process wrote last
                while data := os.read(self.master, 65536):
                    self.chan.write(data)
            except OSError:
                pass
        self._close_master()
        if self.idle_timer is not None:
            self.idle_timer.cancel()
        self.hub.channels.discard(self)
        try:
            self.chan.exit(max(0, code))
        except OSError:
            pass

    def connection_lost(self, exc: Exception | None) -> None:
        self.hub.channels.discard(self)
        if self.idle_timer is not None:
            self.idle_timer.cancel()
        self._hang_up()


def _kill(proc: asyncio.subprocess.Process) -> None:
    if proc.returncode is None:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def _shown_host(host: str) -> str:
    """The host as a player types it in ``ssh``: loopback's wildcard as ``localhost``."""
    if host in ("0.0.0.0", "::", ""):
        return "HOST"
    return "localhost" if is_loopback(host) else host


def serve(config: ServeConfig) -> int:
    """Listen, print the address and the host key's fingerprint, serve until Ctrl+C or SIGTERM
    (then every game's process is told the connection ended: its moves are all stored)."""
    from ..games.store import Store

    if not config.open and config.allow_keys is None:
        raise ServeRefusal("say who may connect: --allow-keys FILE (an authorized_keys file of the players' keys) "
                           "or --open (any SSH key)")
    allowed = allowed_keys(config.allow_keys) if config.allow_keys is not None else None
    Store(config.db).close()  # a store that cannot be read is refused (exit code 2) before serving
    key = host_key(config.host_key)
    hub = Hub(config, allowed)

    async def main() -> None:
        try:
            acceptor = await asyncssh.create_server(
                make_server_class(hub), config.host, config.port, server_host_keys=[key], encoding=None,
                agent_forwarding=False, x11_forwarding=False, allow_scp=False, line_editor=False, login_timeout=30,
                keepalive_interval=30, keepalive_count_max=3, server_version="firepower")
        except OSError as exc:
            raise ServeRefusal(f"cannot listen on {config.host}:{config.port}: {exc.strerror or exc}") from None
        port = acceptor.sockets[0].getsockname()[1] if acceptor.sockets else config.port
        bound = ServeConfig(**{**{f: getattr(config, f) for f in config.__dataclass_fields__}, "port": port})
        hub.config = bound
        warning = listen_warning(bound)
        if warning:
            print(warning, file=sys.stderr)
        print(f"firepower serve: the games of {config.db}")
        print(f"Host key {key.get_fingerprint()} ({config.host_key})")
        print(f"Listening on {config.host}:{port}; players connect with: ssh -p {port} NAME@{_shown_host(config.host)}"
              " (Ctrl+C to stop)", flush=True)
        try:
            await until_stopped()
        finally:
            acceptor.close()
            for channel in list(hub.channels):
                channel._hang_up()
            waits = [c.proc.wait() for c in hub.channels if c.proc is not None]
            if waits:
                await asyncio.wait([asyncio.ensure_future(w) for w in waits], timeout=12)

    asyncio.run(main())
    return 0
