"""The map's overlays in words, for the hex panel: every colour the map puts on a hex is also
said in letters there (nothing told by colour alone)."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

WORDS: dict[str, str] = {
    "impulse": "impulse hex (Enter)",
    "place": "placement hex (Enter)",
    "group": "his group",
    "move": "next move",
    "arc": "in arc",
    "los": "on the LOS",
    "blocked": "LOS blocked",
    "spread": "may land here",
    "target": "target",
    "melee": "melee hex",
    "los_blocks": "blocks the LOS",
    "los_hinders": "hinders the LOS",
}
"""What each overlay of the map (ui/render/map_palette.py) means."""


def overlay_line(names: Iterable[str]) -> Text:
    """``marked: impulse hex (Enter), in arc`` for the overlays on a hex (empty if none)."""
    said = list(dict.fromkeys(WORDS[n] for n in names if n in WORDS))
    return Text(f"\nmarked: {', '.join(said)}", style="italic") if said else Text()


__all__ = ["WORDS", "overlay_line"]
