"""Smoke on the line of sight (RULES.md §9.5): +2 for every smoke hex the LOS touches, the
firer's and the target's hexes included; smoke never blocks. Called only when smoke lies on
the map (the LOS and fire hot paths pay nothing otherwise)."""

from __future__ import annotations

from ..basic.los import LosResult
from ..board.hexgrid import Hex, hex_to_id
from ..model.breakdown import Modifier, modifier

SMOKE_MODIFIER = 2
"""Per smoke hex on the LOS (§9.5)."""


def smoke_on_line(smoke: frozenset[Hex], los: LosResult) -> list[Hex]:
    """The smoke hexes the LOS touches, from the firer's to the target's."""
    line = [los.origin, *(h for h, _ in los.touched), los.target]
    return [h for h in dict.fromkeys(line) if h in smoke]


def smoke_modifiers(smoke: frozenset[Hex], los: LosResult) -> tuple[Modifier, ...]:
    """+2 per smoke hex on the LOS (§9.5)."""
    return tuple(modifier(f"smoke in LOS ({hex_to_id(h)})", SMOKE_MODIFIER, "§9.5") for h in smoke_on_line(smoke, los))


__all__ = ["SMOKE_MODIFIER", "smoke_modifiers", "smoke_on_line"]
