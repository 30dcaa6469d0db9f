"""The screen's themes: the default, and a colour-blind-safe one (README: Readable for everyone).

In ``colour-blind`` the two sides differ by lightness (a light yellow and a dark-ish blue of
the Okabe-Ito palette, told apart in every kind of colour blindness and in grey) and by glyph
(the second side's ids in lower case on the map, as with ``--ascii``); the map's overlays
carry a text attribute each besides their colour (bold, underline, italic, strike), and the
LOS marks are named in the panel with a glyph. Chosen with ``:theme NAME`` or ``--theme``,
remembered in the settings file beside the game store (:mod:`...games.settings`).
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from rich.style import Style

from ..games.settings import load_settings, save_setting


class Theme(NamedTuple):
    """What a theme changes."""

    name: str
    sides: tuple[str, str]
    """The two sides' colours (header, log, counters)."""
    lower_second: bool
    """The second side's ids in lower case on the map (a glyph difference, not a colour one)."""
    palette: dict[str, Style]
    """Map style keys it restyles (ui/render/map_palette.py)."""
    about: str


_CB_IMPULSE = Style(bgcolor="#4e4e4e", bold=True)
"""The colour-blind theme's hexes that Enter acts on (an impulse starts, a man is placed)."""

DEFAULT = Theme("default", ("#ffd787", "#87ff87"), False, {}, "tan and green counters, as the game's (rulebook §1.5)")
COLOUR_BLIND = Theme(
    "colour-blind", ("#f0e442", "#56b4e9"), True,
    {
        "side0": Style(color="#f0e442", bold=True),
        "side1": Style(color="#0072b2", bgcolor="#d0d0d0", bold=True),
        "status": Style(color="#ffffff", bgcolor="#000000", bold=True, reverse=True),
        # each overlay a set of text attributes of its own besides its colour (the cursor is reverse)
        "arc": Style(bgcolor="#262640", dim=True),
        "impulse": _CB_IMPULSE,
        "place": _CB_IMPULSE,  # as in the palette: never both at once (ui/render/map_palette.py)
        "group": Style(bgcolor="#005f87", bold=True, underline=True),
        "move": Style(bgcolor="#0072b2", underline=True),
        "target": Style(bgcolor="#d55e00", bold=True, italic=True, underline=True),
        "melee": Style(bgcolor="#d55e00", bold=True, underline=True, strike=True),
        "los": Style(bgcolor="#303070", italic=True),
        "blocked": Style(bgcolor="#d55e00", italic=True, strike=True),
        "los_blocks": Style(bgcolor="#d55e00", bold=True, strike=True),
        "los_hinders": Style(bgcolor="#e69f00", color="#000000", italic=True, underline=True),
        "spread": Style(bgcolor="#e69f00", color="#000000", dim=True, underline=True),
        "side_crossed": Style(color="#56b4e9", bold=True),
        "side_through": Style(color="#009e73", bold=True, underline=True),
        "side_hinders": Style(color="#e69f00", bold=True, italic=True, underline=True),
        "side_blocks": Style(color="#d55e00", bold=True, reverse=True),
    },
    "sides by lightness and by letter case (the second side in lower case); overlays by attribute too")
THEMES: dict[str, Theme] = {t.name: t for t in (DEFAULT, COLOUR_BLIND)}
"""Every theme by name (the command line's --theme offers the same names)."""


def load_theme() -> Theme:
    """The remembered theme (the default if none, or an unknown name)."""
    name = load_settings().get("theme")
    return THEMES.get(name, DEFAULT) if isinstance(name, str) else DEFAULT


def save_theme(name: str) -> Path | None:
    """Remember ``name``; where, or None if the settings cannot be written."""
    return save_setting("theme", name)


__all__ = ["COLOUR_BLIND", "DEFAULT", "THEMES", "Theme", "load_theme", "save_theme"]
