"""The ``special_weapons`` optional rule on the map and in the panels (RULES.md §9.5): Smoke and
Barrage markers (``~`` and ``!``, plain ASCII, so they read at both zooms, in ``--ascii`` and
with ``NO_COLOR``), the items a man carries, and what a hex's smoke or barrage does."""

from __future__ import annotations

from rich.text import Text

from ...rules.board.hexgrid import Hex
from ...rules.optional.special_rule import carried, special_of
from ...rules.model.state import GameState
from ...rules.model.types import RuleId
from ...rules.model.units import Soldier

SMOKE_MARK, BARRAGE_MARK = "~", "!"


def special_hexes(state: GameState) -> set[Hex]:
    """Every hex with a Smoke or Barrage marker."""
    if state.special is None:
        return set()
    return {h for h, _ in state.special.smoke} | {b.hex for b in state.special.barrages}


def marks(state: GameState, h: Hex) -> str:
    """The markers of ``h`` as the map writes them: ``~`` Smoke, ``!`` Barrage coming."""
    sp = special_of(state)
    return (SMOKE_MARK if any(x == h for x, _ in sp.smoke) else "") + \
        (BARRAGE_MARK if any(b.hex == h for b in sp.barrages) else "")


def item_lines(state: GameState, s: Soldier) -> Text:
    """The items he carries (soldier panel)."""
    t = Text()
    if RuleId.SPECIAL_WEAPONS not in state.rules:
        return t
    have = carried(state, s.id)
    if have:
        t.append("\nitems: " + ", ".join(f"{k} {n}" if k != "radio" else "radio" for k, n in have.items()))
        t.append(" [§9.5]", style="dim")
    return t


def hex_lines(state: GameState, h: Hex) -> Text:
    """The Smoke and Barrage markers of a hex, with what they do (hex panel)."""
    t = Text()
    sp = special_of(state)
    for x, turn in sp.smoke:
        if x == h:
            t.append(f"\n~ Smoke: +2 to every LOS touching this hex, never blocks; clears at the end of turn {turn}")
            t.append(" [§9.5]", style="dim")
    for b in sp.barrages:
        if b.hex == h:
            t.append(f"\n! Barrage called by {b.soldier}: lands when {b.side}'s next chit is drawn (spread, "
                     "blast 7, +2/+3 in the rings)")
            t.append(" [§9.5]", style="dim")
    return t


__all__ = ["BARRAGE_MARK", "SMOKE_MARK", "hex_lines", "item_lines", "marks", "special_hexes"]
