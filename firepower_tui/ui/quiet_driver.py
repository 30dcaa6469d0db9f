"""A terminal driver that sleeps while nobody types: the SSH server's game and lobby processes.

Textual's Linux driver reads the terminal in a thread that wakes ten times a second even when no
key comes (it selects with a 0.1 s timeout, so that a lone Escape is told from the start of a key
sequence and so that the thread sees the app end). ``firepower serve`` runs one process for each
connection, and twenty idle connections cost twenty of those wake-ups: 0.08 % of a core each, 1.6 %
in all, against the server's 1 % for twenty idle connections. This driver keeps Textual's tick for
a second after any input (an Escape's wait is over by then) and while the input is being closed;
otherwise it blocks until a key comes, or until :meth:`disable_input` writes to a pipe it also
watches. The same A/B on the 2-core machine, five idle apps of each kind for 60 s: 0.1 % a process
with Textual's driver, 0.0 % with this one (docs/performance.md).

Its loop is Textual 8's ``LinuxDriver.run_input_thread`` with that timeout; the parser is Textual's.
"""

from __future__ import annotations

import os
import selectors
import time
from codecs import getincrementaldecoder
from typing import Any

from textual.app import App
from textual.driver import Driver
from textual.drivers.linux_driver import LinuxDriver
from textual._xterm_parser import XTermParser

TICK = 0.1
"""Textual's own select timeout: the parser's clock (a lone Escape) and the app's end."""

AWAKE = 1.0
"""Seconds after input during which the thread still ticks."""


class QuietDriver(LinuxDriver):
    """Textual's Linux driver, whose input thread blocks while the terminal is quiet."""

    def __init__(self, app: App[Any], *, debug: bool = False, mouse: bool = True,
                 size: tuple[int, int] | None = None) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self._wake_read, self._wake_write = os.pipe()
        self._closing = False

    def disable_input(self) -> None:
        self.wake_for_the_end()
        super().disable_input()

    def wake_for_the_end(self) -> None:
        """Wake the input thread, which ticks from now on until it sees the app's end."""
        self._closing = True  # (before the wake-up)
        try:
            os.write(self._wake_write, b"\0")
        except OSError:
            pass

    def run_input_thread(self) -> None:
        self._closing = False
        fileno, wake = self.fileno, self._wake_read
        selector = selectors.SelectSelector()
        selector.register(fileno, selectors.EVENT_READ)
        selector.register(wake, selectors.EVENT_READ)
        parser = XTermParser(self._debug)
        decode = getincrementaldecoder("utf-8")().decode
        awake_until = time.monotonic() + AWAKE

        def timeout() -> float | None:
            return TICK if self._closing or time.monotonic() < awake_until else None

        def process(events: list[tuple[selectors.SelectorKey, int]], final: bool = False) -> bool:
            """Feed what the terminal sent to the parser; whether anything came."""
            came = False
            for key, mask in events:
                if key.fd == wake:
                    os.read(wake, 64)
                elif mask & selectors.EVENT_READ:
                    data = decode(os.read(fileno, 1024 * 4), final=final)
                    if not data:
                        break  # (standard input is a pipe that ended)
                    came = True
                    for event in parser.feed(data):
                        self.process_message(event)
            for event in parser.tick():
                self.process_message(event)
            return came

        try:
            while not self.exit_event.is_set():
                if process(selector.select(timeout())):
                    awake_until = time.monotonic() + AWAKE
            selector.unregister(fileno)
            process(selector.select(TICK), final=True)
        finally:
            selector.close()


def quiet(driver_class: type[Driver]) -> type[Driver]:
    """This driver where Textual would use its Linux driver; any other (a test's, Windows') kept."""
    return QuietDriver if driver_class is LinuxDriver else driver_class
