"""Errors and refusals.

Bad *input* (a scenario file, a script, a game record) raises a :class:`FirepowerError`
subclass that lists every problem it found, each with where it is and what is wrong.
An illegal *action* is not an exception: :func:`~firepower_tui.rules.engine.check`
returns a :class:`Refusal` naming the rule. Applying an unchecked illegal action raises
:class:`IllegalActionError`, because that is a bug in the caller.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


class Refusal(NamedTuple):
    """Why an action is not allowed now, with the rule that says so."""

    reason: str
    """Plain words for the player, e.g. "T1 needs 2 MF to enter C4 crouching but has 1 left"."""
    rule: str
    """RULES.md section, e.g. ``6.2.1`` or ``§3.6``."""

    def __str__(self) -> str:
        return f"{self.reason} [{self.rule}]"


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem found in an input file."""

    where: str
    """File, line when known, and key path, e.g. ``basic.toml:41: soldiers[3].weapon``."""
    what: str
    """What is wrong."""

    def __str__(self) -> str:
        return f"{self.where}: {self.what}" if self.where else self.what


class FirepowerError(Exception):
    """Base of every error shown to a user (never with a traceback). Its exit code is 2, bad
    input (a file, a record, an argument), unless a subclass says otherwise."""

    exit_code = 2

    def __init__(self, message: str, *, title: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.title = title

    def __str__(self) -> str:
        return self.message


class GameRefusal(FirepowerError):
    """A command the state of a game refuses (it is finished, open elsewhere, played in two
    terminals; a stored action refused): exit code 1."""

    exit_code = 1


class InputError(FirepowerError):
    """A file with one or more problems."""

    kind = "input"

    def __init__(self, path: str, problems: list[Problem]) -> None:
        self.path = path
        self.problems = problems
        lines = [f"{path}: {len(problems)} problem{'s' if len(problems) != 1 else ''} in this {self.kind}:"]
        lines += [f"  {p}" for p in problems]
        super().__init__("\n".join(lines), title=f"Bad {self.kind}: {path}")


class ScenarioError(InputError):
    """A scenario file that cannot be loaded (RULES.md §10.1)."""

    kind = "scenario"


class ScriptError(InputError):
    """A malformed ``firepower script`` file (docs/notation.md)."""

    kind = "script"


class SaveError(InputError):
    """A damaged or unreadable game record."""

    kind = "game record"


class StoreError(SaveError):
    """A game database that cannot be opened or created (its folder, its file)."""

    kind = "game database"


class IllegalActionError(FirepowerError):
    """``apply`` was given an action that ``check`` refuses (a caller bug)."""

    exit_code = 1

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal), title="Illegal action")
        self.refusal = refusal


class DiceError(FirepowerError):
    """Scripted or replayed dice ran out or did not match."""
