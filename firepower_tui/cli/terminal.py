"""The terminal the command runs in, outside the app: error messages on stderr, and a hang-up
that comes before the app runs (from the command's first line; ``firepower --help`` loads this
module, so it imports nothing at start-up but the standard library's ``os`` and ``sys``)."""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing at start-up (mypy knows the name)
if TYPE_CHECKING:
    from typing import Any

MESSAGE_LINE = 500
"""Characters of one line of an error message printed (a value quoted whole would flood the terminal)."""


def say(message: str) -> None:
    """An error message on stderr, each line cut to :data:`MESSAGE_LINE` characters."""
    from ..rules.kit.untrusted import cut

    print("\n".join(cut(line, MESSAGE_LINE) for line in message.splitlines()), file=sys.stderr)


_HUNG_UP: list[bool] = []
"""Holds True once the terminal hung up before the app ran (:func:`_early_hangup`)."""


def hung_up_early() -> bool:
    """Whether the terminal hung up while the command was getting ready to open the app (then
    ``hangup.run_app`` ends the app as soon as it runs, as a quit does)."""
    return bool(_HUNG_UP)


def silence_output() -> None:
    """Send standard output and error to /dev/null: the terminal they wrote to is gone."""
    null = os.open(os.devnull, os.O_WRONLY)
    for fd in (1, 2):
        os.dup2(null, fd)
    os.close(null)


def _early_hangup(signum: int, frame: object) -> None:
    """SIGHUP before the app runs (a connection dropped during start-up): noted, and the output
    silenced (the terminal is gone); the start-up goes on, so that whatever it holds (a claimed
    game) is released by the app's own way out, not lost with a process killed where it stood."""
    _HUNG_UP.append(True)
    silence_output()


def catch_hangup() -> Any:
    """Forget any earlier hang-up and install :func:`_early_hangup`; the handler it replaces (None:
    not the main thread)."""
    import signal

    _HUNG_UP.clear()
    try:
        return signal.signal(signal.SIGHUP, _early_hangup)
    except ValueError:  # (signals are the main thread's)
        return None
