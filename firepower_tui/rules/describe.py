"""Events as plain text lines (the headless runner's output and the basis of the UI log)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .breakdown import Modifier
from .events import (ChitDrawn, Crossed, Fired, GameEnded, GrenadeLanded, ImpulseEnded, ImpulseStarted, Killed,
                     MeleeFought, Moved, PhaseEnded, PostureChanged, Rolled, RunningChanged, StatusChanged,
                     TurnEnded, Turned, TurnStarted)
from .hexgrid import hex_to_id

Names = Callable[[str], str]


def _cost(items: Iterable[Modifier]) -> str:
    items = list(items)
    total = sum(m.value for m in items)
    parts = ", ".join(f"{m.label} {m.value} [{m.rule}]" for m in items)
    return f"{total} MF ({parts})"


def modifiers_text(mods: Iterable[Modifier]) -> str:
    """``+2 target prone [6.3.6.2.4], +1 trees [6.3.6.2.2]``."""
    return ", ".join(f"{m.value:+d} {m.label} [{m.rule}]" for m in mods) or "no modifiers"


def describe(event: object, side_name: Names = str) -> str:
    """One line of plain text for an event."""
    e = event
    if isinstance(e, TurnStarted):
        cup = ", ".join(f"{side_name(s)} {n}" for s, n in e.cup.items())
        return f"Turn {e.turn} begins; chits in the cup: {cup} [§2.1]"
    if isinstance(e, ChitDrawn):
        cup = ", ".join(f"{side_name(s)} {n}" for s, n in e.cup.items())
        how = "drawn" if e.random else "drawn (forced)"
        return f"Chit {how}: {side_name(e.side)} {e.letter} - {side_name(e.side)}'s impulse phase; left: {cup} [6.1]"
    if isinstance(e, StatusChanged):
        word = "no longer Suppressed or Stunned" if e.status == "ok" else f"is {e.status.capitalize()}"
        return f"{e.soldier} {word}" + (f" ({e.why})" if e.why else "") + f" [{e.rule}]"
    if isinstance(e, RunningChanged):
        word = "is Running" if e.running else "is no longer Running"
        return f"{e.soldier} {word}" + (f" ({e.why})" if e.why else "") + f" [{e.rule}]"
    if isinstance(e, ImpulseStarted):
        return f"Impulse {e.number}: {hex_to_id(e.hex)} activated - {', '.join(e.soldiers)} [6.2]"
    if isinstance(e, Moved):
        side = f", {e.fence_side} of the line" if e.fence_side else ""
        return f"{e.soldier} enters {hex_to_id(e.to)} from {hex_to_id(e.origin)}{side}: {_cost(e.cost)}; {e.mf_left} MF left"
    if isinstance(e, Turned):
        return f"{e.soldier} turns {e.origin.name} to {e.facing.name}: {_cost(e.cost)}; {e.mf_left} MF left"
    if isinstance(e, Crossed):
        return (f"{e.soldier} crosses the {e.line} in {hex_to_id(e.hex)} to its {e.fence_side} side: "
                f"{_cost(e.cost)}; {e.mf_left} MF left")
    if isinstance(e, PostureChanged):
        return f"{e.soldier} goes from {e.origin.value} to {e.posture.value}: {_cost(e.cost)}; {e.mf_left} MF left"
    if isinstance(e, Rolled):
        return (f"{e.purpose}: d10 {e.die} {modifiers_text(e.modifiers)} = {e.total} vs {e.need} "
                f"[{e.need_rule}] -> {e.result} [{e.result_rule}]")
    if isinstance(e, Fired):
        who = f" at {', '.join(e.targets)}" if e.targets else ""
        return f"{e.soldier} {e.mode} ({e.weapon}) into {hex_to_id(e.target_hex)}{who}" + (f"; {e.note}" if e.note else "")
    if isinstance(e, Killed):
        return f"{e.soldier} is killed [{e.rule}]"
    if isinstance(e, GrenadeLanded):
        where = f" in {hex_to_id(e.hex)}" if e.hex is not None else ""
        return f"Grenade aimed at {hex_to_id(e.aimed)}: {e.outcome}{where}" + (f" ({e.why})" if e.why else "") + f" [{e.rule}]"
    if isinstance(e, MeleeFought):
        return (f"Melee in {hex_to_id(e.hex)}: {', '.join(e.attackers)} against {', '.join(e.defenders)} - "
                f"the {e.winner} win [6.5]")
    if isinstance(e, ImpulseEnded):
        return f"Impulse {e.number} ends" if e.counted else f"Impulse {e.number} dropped (no MF spent, not used) [§9.9]"
    if isinstance(e, PhaseEnded):
        return f"{side_name(e.side)}'s impulse phase ends [6.1.3]"
    if isinstance(e, TurnEnded):
        return f"Turn {e.turn} ends"
    if isinstance(e, GameEnded):
        who = f"{side_name(e.winner)} wins" if e.winner else "a draw"
        return f"Game over - {who}: {e.reason}"
    return repr(e)
