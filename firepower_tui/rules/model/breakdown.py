"""Roll breakdowns and MF ledgers as data (docs/style.md §5).

Every die rolled in the game produces a :class:`RollBreakdown`; the same record with
``roll=None`` is the preview shown before the player commits. Movement costs are a
:class:`MovementLedger` of :class:`Modifier` items. The log, the panels and the tests all
read these records; nothing parses rendered text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .values import evolve


class Modifier(NamedTuple):
    """One signed term of a roll or an MF cost, with the rule that adds it."""

    label: str
    """What the player reads, e.g. ``target prone`` or ``enter a hex standing``."""
    value: int
    """Signed change to the die total (or MF for a ledger)."""
    rule: str
    """RULES.md section number, e.g. ``6.3.6.2.4`` or ``§3.6``."""


def modifier(label: str, value: int, rule: str) -> Modifier:
    """A modifier built by the rules themselves."""
    return Modifier(label, value, rule)


@dataclass(frozen=True, slots=True)
class MovementLedger:
    """What one MF action costs and why (RULES.md §3.2)."""

    items: tuple[Modifier, ...]
    """The cost terms, e.g. entry by posture plus a hill-hexside crossing."""
    total: int = field(init=False)
    """MF the action costs (the sum of the items)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", sum(m.value for m in self.items))


class RollBreakdown(NamedTuple):
    """One d10 roll: the chart number, each modifier, the die and the result.

    A roll succeeds when ``die + modifier total <= need`` (every roll in the basic game is
    roll-under, RULES.md 6.3.6.3). With ``die=None`` it is an assessment (odds before the
    roll).
    """

    purpose: str
    """What is rolled for, e.g. ``fire: T2 (LMG) burst 1 at G5``."""
    need: int
    """The chart number to roll at or under after modifiers (the hit number)."""
    need_rule: str
    """The chart cell it came from, e.g. ``4.7 LMG 13-20``."""
    modifiers: tuple[Modifier, ...] = ()
    """Every modifier, in the order of the chart."""
    die: int | None = None
    """The natural d10 (1-10; a 0 counts as 10). None for a preview."""
    result: str = ""
    """The outcome in words, e.g. ``hit: G5 killed``; empty for a preview."""
    result_rule: str = ""
    """The rule that decided the outcome."""

    def evolve(self, **changes: Any) -> RollBreakdown:
        """A copy with ``changes`` (the resolved die and result of a previewed roll)."""
        return evolve(self, changes)

    @property
    def modifier_total(self) -> int:
        """Sum of the modifiers."""
        return sum(m.value for m in self.modifiers)

    @property
    def total(self) -> int | None:
        """Die plus modifiers (None for a preview)."""
        return None if self.die is None else self.die + self.modifier_total

    @property
    def faces_succeeding(self) -> int:
        """How many of the ten faces succeed: ``clamp(need - modifiers, 0, 10)``."""
        return max(0, min(10, self.need - self.modifier_total))

    @property
    def chance(self) -> float:
        """Probability of success, exact in tenths (RULES.md 4.9)."""
        return self.faces_succeeding / 10
