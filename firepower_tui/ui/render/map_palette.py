"""The map's palette: the style of each style key of the grid (:mod:`.map_grid`) and of each
overlay, as Rich styles.

Terrain, lines, counters and overlays have fixed colours, written here. Only the ruler, the
hex borders, the map edge and the hex ids follow the theme's text colours: the map takes those
from two component classes (``hexmap--muted``, ``hexmap--text`` in firepower.tcss). Each
component class costs Textual a styled virtual node whenever the map is styled (once before
the first frame, again on each focus change); one per style key, as the map had, cost the
first frame some 8-10 ms.
"""

from __future__ import annotations

from rich.style import Style

FIXED: dict[str, Style] = {
    "map": Style(),
    "t_open": Style(),
    "t_hill": Style(color="#d7875f", bgcolor="#3a2a1a"),
    "t_depression": Style(color="#87afd7", bgcolor="#1a2433"),
    "t_trees": Style(color="#5faf5f", bgcolor="#15301a"),
    "t_scrub": Style(color="#afaf5f", bgcolor="#2a2a15"),
    "t_rough": Style(color="#a8a8a8", bgcolor="#2a2a2a"),
    "l_fence": Style(color="#d7d7af", bold=True),
    "l_hedge": Style(color="#87d75f", bold=True),
    "side0": Style(color="#ffd787", bold=True),
    "side1": Style(color="#87ff87", bold=True),
    "status": Style(color="#ff875f", bold=True),
    # overlays
    "cursor": Style(bold=True, reverse=True),
    "impulse": Style(bgcolor="#5f5f00", bold=True),
    "group": Style(bgcolor="#005f5f", bold=True),
    "move": Style(bgcolor="#005f00", underline=True),
    "arc": Style(bgcolor="#262640"),
    "los": Style(bgcolor="#303070", italic=True),
    "blocked": Style(bgcolor="#702020", italic=True),
    "los_blocks": Style(bgcolor="#a00000", bold=True, underline=True),
    "los_hinders": Style(bgcolor="#6f5f00", italic=True),
    # the los mode's hexsides (border cells): an attribute set each, so they show without colour too
    "side_crossed": Style(color="#afafff", bold=True),
    "side_through": Style(color="#5fd7ff", bold=True, underline=True),
    "side_hinders": Style(color="#ffd700", bold=True, italic=True, underline=True),
    "side_blocks": Style(color="#ff5f5f", bold=True, reverse=True),
    "target": Style(bgcolor="#870000", bold=True),
    "spread": Style(bgcolor="#875f00"),
    "melee": Style(bgcolor="#870000", bold=True, underline=True),
    # marks for scenario authors (``firepower map check``, the editor)
    "objective": Style(color="#ffffff", bgcolor="#5f0087", bold=True),
    "problem": Style(color="#ffffff", bgcolor="#870000", bold=True),
    "zone0": Style(color="#ffd787", underline=True),
    "zone1": Style(color="#87ff87", underline=True),
    "sector_edge": Style(color="#d787ff", bold=True),
}
"""The style keys with fixed colours (the side colours are the counters', RULES.md §1.5)."""
FIXED["place"] = FIXED["impulse"]  # where Enter places looks like where Enter starts an impulse (never both at once)

THEMED: dict[str, tuple[str, Style]] = {
    "ruler": ("muted", Style(bold=True)),
    "border": ("muted", Style()),
    "edge": ("muted", Style()),
    "hexid": ("muted", Style()),
    "edge_info": ("text", Style(underline=True)),
}
"""The style keys in a theme colour: (which: ``muted`` or ``text``, added attributes)."""


def palette(muted: Style, text: Style) -> dict[str, Style]:
    """Every style key's style, given the styles of the two themed component classes."""
    themed = {"muted": muted, "text": text}
    return {**FIXED, **{key: themed[which] + extra for key, (which, extra) in THEMED.items()}}
