"""Events as Rich Text for the side log: every roll with its modifiers and rules."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from ...rules.engine.describe import describe
from ...rules.model.events import ChitDrawn, Event, GameEnded, Killed, Rolled, StatusChanged, TurnStarted
from ...rules.model.types import RollOutcome

Names = Callable[[str], str]

_OUTCOME_STYLE = {
    RollOutcome.HIT: "bold green", RollOutcome.LANDS: "bold green", RollOutcome.WON: "bold green",
    RollOutcome.KILLED: "bold red", RollOutcome.LOST: "bold red", RollOutcome.NO_EFFECT: "bold red",
    RollOutcome.SUPPRESSED: "bold red",
}
"""How a roll's result is coloured, from what it decided (the rest plain bold): good news for the
roller green, a death (or a near one) red."""


def roll_text(e: Rolled) -> Text:
    """``fire: T2 … shot 1  d10 7 +2 prone [6.3.6.2.4] = 9 > 3 [4.7 …] miss``."""
    t = Text()
    t.append(e.purpose, style="bold")
    t.append(f"  d10 {e.die}", style="bold")
    for m in e.modifiers:
        t.append(f" {m.value:+d} {m.label}", style="italic")
        t.append(f" [{m.rule}]", style="dim")
    if e.need is not None:
        t.append(f" = {e.total} {'<=' if e.total <= e.need else '>'} {e.need}", style="bold")
    elif e.modifiers:  # a roll with no target number (a table, the other side's roll): its total
        t.append(f" = {e.total}", style="bold")
    if e.outcome is RollOutcome.TOTAL:  # the total is the result (the roll-off, §10.2): said once
        t.append(f" [{e.need_rule}]", style="dim")
        return t
    t.append(f" [{e.need_rule}] ", style="dim")
    t.append(e.result, style=_OUTCOME_STYLE.get(e.outcome, "bold"))
    t.append(f" [{e.result_rule}]", style="dim")
    return t


def event_text(e: Event, name: Names, side_style: Callable[[str], str]) -> Text:
    """One log entry."""
    if isinstance(e, Rolled):
        return roll_text(e)
    if isinstance(e, ChitDrawn):
        t = Text(f"▶ {name(e.side)}'s impulse phase", style=f"bold reverse {side_style(e.side)}")
        left = ", ".join(f"{name(s)} {n}" for s, n in e.cup.items())
        t.append(f"  chit {e.letter}; in the cup: {left} [6.1]", style="dim")
        return t
    if isinstance(e, TurnStarted):
        return Text(f"══ Turn {e.turn} ══", style="bold")
    if isinstance(e, Killed):
        return Text(describe(e, name), style="bold red")
    if isinstance(e, StatusChanged):
        return Text(describe(e, name), style="yellow")
    if isinstance(e, GameEnded):
        return Text(describe(e, name), style="bold reverse")
    return Text(describe(e, name))


def refusal_text(reason: str, rule: str) -> Text:
    t = Text("✗ ", style="bold red")
    t.append(reason)
    t.append(f" [{rule}]", style="dim")
    return t
