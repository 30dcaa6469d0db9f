"""The SSH server's terminal driver: keys as Textual reads them, and no wake-up while nobody types."""

from __future__ import annotations

import asyncio
import os
import selectors
import signal
import sys
import threading
import time
from typing import Any

import pytest
from textual import events
from textual.app import App
from textual.drivers.linux_driver import LinuxDriver
from textual.message import Message

from firepower_tui.ui import quiet_driver
from firepower_tui.ui.quiet_driver import AWAKE, QuietDriver, quiet


class _Stdin:
    """What the driver reads at construction (the test's input is a pipe set afterwards)."""

    def fileno(self) -> int:
        return 0

    def isatty(self) -> bool:
        return False


class _Counted(selectors.SelectSelector):
    calls = 0

    def select(self, timeout: float | None = None) -> list[tuple[selectors.SelectorKey, int]]:
        type(self).calls += 1
        return super().select(timeout)


class _Heard(QuietDriver):
    """The driver with the app's side replaced by a list of what it was sent."""

    heard: list[Message]

    def process_message(self, message: Message) -> None:
        self.heard.append(message)


@pytest.fixture
def driver(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(sys, "__stdin__", _Stdin())
    monkeypatch.setattr(quiet_driver.selectors, "SelectSelector", _Counted)
    _Counted.calls = 0
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGTSTP, signal.SIGCONT)}

    async def make() -> _Heard:  # (a driver is made inside the app's loop)
        return _Heard(App())

    d = asyncio.run(make())
    for sig, handler in handlers.items():
        signal.signal(sig, handler)
    d.heard = []
    read, write = os.pipe()
    d.fileno = read
    thread = threading.Thread(target=d.run_input_thread, daemon=True)
    thread.start()
    yield d, write, thread
    d.wake_for_the_end()
    d.exit_event.set()
    thread.join(2)
    os.close(write)


def _keys(d: _Heard) -> list[str]:
    return [m.key for m in d.heard if isinstance(m, events.Key)]


def _wait(predicate: Any, seconds: float = 2.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()


def test_keys_and_a_lone_escape_arrive(driver: Any) -> None:
    d, write, _ = driver
    os.write(write, b"a")
    assert _wait(lambda: _keys(d) == ["a"])
    os.write(write, b"\x1b")  # (told from a sequence's start only by the parser's clock)
    assert _wait(lambda: _keys(d) == ["a", "escape"])


def test_an_idle_terminal_wakes_nobody_and_the_end_is_seen_at_once(driver: Any) -> None:
    d, write, thread = driver
    time.sleep(AWAKE + 0.3)
    before = _Counted.calls
    time.sleep(0.6)
    assert _Counted.calls == before  # Textual's own driver would have looked six times
    os.write(write, b"b")
    assert _wait(lambda: _keys(d) == ["b"])
    time.sleep(AWAKE + 0.3)
    started = time.monotonic()
    d.wake_for_the_end()
    d.exit_event.set()
    thread.join(2)
    assert not thread.is_alive() and time.monotonic() - started < 1.0


def test_only_textuals_linux_driver_is_replaced() -> None:
    assert quiet(LinuxDriver) is QuietDriver
    from textual.drivers.headless_driver import HeadlessDriver
    assert quiet(HeadlessDriver) is HeadlessDriver
