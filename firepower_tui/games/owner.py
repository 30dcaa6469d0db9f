"""Which process has a game open: a name for a process that survives the reuse of its pid.

A game played hotseat is open in one process at a time (ruling R180): the store keeps its
owner as a pid and the process's start. On Linux the start is the boot's id and field 22 of
``/proc/PID/stat`` (the clock tick the process started at): a pid whose process started at
another tick, or after another boot, is another process (the owner died and its pid was
reused), and a zombie (state ``Z``: killed, not yet reaped by its parent) is dead too.
Without ``/proc`` the start is empty and the pid alone is asked (``os.kill(pid, 0)``): a
zombie or a reused pid then counts as alive, and ``firepower resume --take-over`` is the way
out (as it is for an owner that is alive but stuck).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


PROC = Path("/proc")


@dataclass(frozen=True, slots=True)
class Owner:
    """A process: its pid and its start (empty where the system does not tell it)."""

    pid: int
    start: str


def _boot_id() -> str:
    try:
        return (PROC / "sys" / "kernel" / "random" / "boot_id").read_text().strip()
    except OSError:
        return ""


def _stat(pid: int) -> tuple[str, str] | None:
    """The state letter and the start tick of process ``pid`` from /proc, or None if it has none.

    The command name (field 2) is in parentheses and may hold spaces and parentheses itself:
    the fields are counted after its last ``)``.
    """
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except (OSError, ValueError):
        return None
    fields = text.rpartition(")")[2].split()
    if len(fields) < 20:
        return None
    return fields[0], fields[19]  # fields 3 (state) and 22 (starttime)


def has_proc() -> bool:
    """Whether this system tells a process's start (Linux's /proc)."""
    return (PROC / "self" / "stat").is_file()


def process_start(pid: int) -> str:
    """The start of the live process ``pid`` (``BOOT:TICK``); empty without /proc or if there is
    no such live process."""
    stat = _stat(pid) if has_proc() else None
    if stat is None or stat[0] in "ZX":
        return ""
    return f"{_boot_id()}:{stat[1]}"


_me: list[Owner] = []
"""This process, once asked (asked again in a child made by ``fork``: another pid)."""


def me() -> Owner:
    """This process."""
    pid = os.getpid()
    if not _me or _me[0].pid != pid:
        _me[:] = [Owner(pid, process_start(pid))]
    return _me[0]


def alive(pid: int, start: str | None) -> bool:
    """Whether the process that wrote ``(pid, start)`` still runs.

    ``start`` None: written by a version that kept only the pid (the pid alone is asked, a
    zombie is still dead).
    """
    if has_proc():
        stat = _stat(pid)
        if stat is None or stat[0] in "ZX":  # gone, or a zombie (X: dying)
            return False
        return start is None or start == f"{_boot_id()}:{stat[1]}"
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: alive
        return True
    except OverflowError:  # not a pid at all
        return False
    return True
