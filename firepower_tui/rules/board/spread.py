"""The grenade spread diagram (RULES.md 4.10.4, 6.3.6.3.2.1; ruling A11): the hexside a throw
enters its hex by, and where a spread roll puts it. Shared by hand grenades (:mod:`..basic.grenades`)
and the radio barrage's spread (:mod:`..optional.special_barrage`, §9.5)."""

from __future__ import annotations

from .hexgrid import CORNER_OFFSETS, HEXSIDE_CORNERS, Facing, Hex, direction_between, hex_neighbor, hex_to_plane

def entry_hexsides(thrower: Hex, aimed: Hex) -> tuple[Facing, ...]:
    """The hexside(s) of ``aimed`` through which the thrower's LOS enters it (6.3.6.3.2.1).

    One hexside, or the two that meet at a corner when the LOS enters exactly through it.
    Adjacent throws enter through the shared hexside.
    """
    adjacent = direction_between(aimed, thrower)
    if adjacent is not None:
        return (adjacent,)
    ax, ay = hex_to_plane(aimed)
    tx, ty = hex_to_plane(thrower)
    vx, vy = tx - ax, ty - ay
    for side, (i, j) in HEXSIDE_CORNERS.items():
        cix, ciy = CORNER_OFFSETS[i]
        cjx, cjy = CORNER_OFFSETS[j]
        if cix * vy - ciy * vx > 0 and vx * cjy - vy * cjx > 0:
            return (side,)
    for i, (cx, cy) in enumerate(CORNER_OFFSETS):
        if cx * vy - cy * vx == 0 and cx * vx + cy * vy > 0:
            return tuple(sorted((f for f, pair in HEXSIDE_CORNERS.items() if i in pair), key=int))
    raise ValueError("thrower and aimed hex coincide")


def spread_hex(aimed: Hex, back: Facing, roll: int) -> tuple[Hex, str]:
    """Where spread roll ``roll`` puts the grenade (4.10.4; B = toward the thrower, F = beyond; A11)."""
    f = back.opposite
    b = back
    table: dict[int, tuple[list[Facing], str]] = {
        1: ([f], "just beyond"),
        2: ([f.turned(1)], "beyond, right"),
        3: ([f.turned(2)], "short, right"),
        4: ([b], "just short"),
        5: ([b.turned(1)], "short, left"),
        6: ([f.turned(-1)], "beyond, left"),
        7: ([f, f.turned(-1)], "two beyond, left"),
        8: ([f, f.turned(1)], "two beyond, right"),
        9: ([b, b.turned(1)], "two short, left"),
        10: ([b, b.turned(-1)], "two short, right"),
    }
    steps, words = table[roll]
    h = aimed
    for d in steps:
        h = hex_neighbor(h, d)
    return h, words


__all__ = ["entry_hexsides", "spread_hex"]
