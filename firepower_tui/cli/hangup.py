"""Run the app so that it ends, cleanly, when its player goes away.

A game played over SSH (or in a browser tab) loses its terminal when the connection drops:
the kernel sends SIGHUP, and the terminal reads end of input. Python's default for SIGHUP
kills the process at once (no terminal reset, the game's claim left behind); and Textual's
terminal reader, at end of input, goes on selecting a descriptor that is always readable
(a busy loop that never ends: the orphan this module prevents). Here both end the app as
its quit key does: every move is already committed before the screen shows it, so the
game is stored as it stands and another ``firepower join`` carries it on.
"""

from __future__ import annotations

import asyncio
import os
import select
import signal
import sys
import threading
from typing import Any

from .terminal import hung_up_early, silence_output

WEB_DRIVER = "textual.drivers.web_driver:WebDriver"
"""The driver textual-serve (``firepower web``) runs the app with: its input is a pipe."""


def web_driver() -> bool:
    """The app runs under ``firepower web`` (Textual's web driver, no terminal: it talks
    through pipes to the server, which speaks to the browser)."""
    return os.environ.get("TEXTUAL_DRIVER") == WEB_DRIVER


def missing_terminal(message: str) -> int | None:
    """None when the app has what it runs in: a terminal (or ``firepower web``'s pipes). Else the
    exit code: 0 when the terminal hung up while the command got ready (the player left; there is
    no one to tell), 2 after saying ``message``."""
    if hung_up_early():
        return 0
    if (sys.stdin.isatty() and sys.stdout.isatty()) or web_driver():
        return None
    print(f"firepower: {message}", file=sys.stderr)
    return 2


def input_closed(fd: int) -> bool:
    """Block (no CPU) until ``fd`` hangs up or fails: the terminal's other end closed, or
    the pipe's writer. True then; False if ``fd`` cannot be watched at all."""
    poller = select.poll()
    try:
        poller.register(fd, 0)  # no events asked: only POLLHUP, POLLERR and POLLNVAL come back
    except (OSError, ValueError):
        return False
    while True:
        try:
            events = poller.poll()
        except InterruptedError:
            continue
        if any(mask & (select.POLLHUP | select.POLLERR | select.POLLNVAL) for _, mask in events):
            return True


GRACE = 10.0
"""Seconds the app has to end after a hang-up before the process ends itself (a frame stuck
on the lost terminal must not keep it alive); every move is already in the store."""


class Hangup:
    """What to do once the player is gone, whichever way it is noticed (once)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, app: Any) -> None:
        self.loop, self.app = loop, app
        self.lock = threading.Lock()
        self.done = False

    def __call__(self, *_: object) -> None:
        with self.lock:
            if self.done:
                return
            self.done = True
        # Textual's writer thread dies on its first write to a terminal that is gone, and the
        # app then blocks on its full queue: send what is left to /dev/null instead.
        silence_output()
        try:
            self.loop.call_soon_threadsafe(self.app.exit)
        except RuntimeError:  # the app had already ended, and its loop closed
            return
        timer = threading.Timer(GRACE, os._exit, args=(0,))
        timer.daemon = True
        timer.start()


def run_app(app: Any) -> Any:
    """``app.run()``, ended like the quit key on SIGHUP or when standard input closes; then, once
    Textual has given the terminal back, the app's farewell (``Game 7 saved. Continue with:
    firepower resume 7``; not under ``firepower web``, whose output is the browser's pipe).

    Raises:
        Exception: the one that stopped the app (``app.crashed``), once the terminal is restored.
    """

    async def main() -> Any:
        hang_up = Hangup(asyncio.get_running_loop(), app)
        previous = signal.signal(signal.SIGHUP, hang_up)
        stdin = sys.__stdin__
        if stdin is not None:
            def watch(fd: int) -> None:
                if input_closed(fd):
                    hang_up()

            threading.Thread(target=watch, args=(stdin.fileno(),), name="firepower-hangup", daemon=True).start()
        if hung_up_early():  # the terminal went while the game was being made ready
            hang_up()
        try:
            return await app.run_async()
        finally:
            signal.signal(signal.SIGHUP, previous)

    result = asyncio.run(main())
    crashed = getattr(app, "crashed", None)
    if crashed is not None:  # a bug stopped the app: cli.main reports it (exit code 3), not a quit
        raise crashed
    farewell = getattr(app, "farewell", None)
    line = farewell() if farewell is not None and not web_driver() else ""
    if line:
        print(line)
    return result
