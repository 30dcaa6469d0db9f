"""Smoke on the line of sight (RULES.md §9.5): +2 for every smoke hex the LOS touches, the
firer's and the target's hexes included; smoke never blocks. What it adds to the basic game's
fire and throws (:data:`EXTENSION`), in play with the ``special_weapons`` rule."""

from __future__ import annotations

from ..basic.extensions import Extension, Sightline
from ..board.hexgrid import Hex, hex_to_id
from ..model.breakdown import Modifier, modifier
from ..model.state import GameState

SMOKE_MODIFIER = 2
"""Per smoke hex on the LOS (§9.5)."""


def smoke_on_line(smoke: frozenset[Hex], los: Sightline) -> list[Hex]:
    """The smoke hexes the LOS touches, from the firer's to the target's."""
    line = [los.origin, *(h for h, _ in los.touched), los.target]
    return [h for h in dict.fromkeys(line) if h in smoke]


def smoke_modifiers(smoke: frozenset[Hex], los: Sightline) -> tuple[Modifier, ...]:
    """+2 per smoke hex on the LOS (§9.5)."""
    return tuple(modifier(f"smoke in LOS ({hex_to_id(h)})", SMOKE_MODIFIER, "§9.5") for h in smoke_on_line(smoke, los))


def los_modifiers(state: GameState, los: Sightline) -> tuple[Modifier, ...]:
    """The smoke modifiers of a fire or throw along ``los``: none until smoke lies on the map."""
    special = state.special
    if special is None or not special.smoke:
        return ()
    return smoke_modifiers(special.smoke_hexes(), los)


EXTENSION = Extension(los_modifiers=los_modifiers)
"""What smoke (§9.5) adds to the basic game at its extension points (:mod:`..basic.extensions`)."""


__all__ = ["EXTENSION", "SMOKE_MODIFIER", "los_modifiers", "smoke_modifiers", "smoke_on_line"]
