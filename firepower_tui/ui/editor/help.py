"""The editor's help (``?``): its keys, from :data:`.keys.EDIT_KEYS`, and how a scenario is made."""

from __future__ import annotations

from rich.text import Text

from ..help_tables import HELP_WIDTH, _hanging
from .keys import help_rows

INTRO = ("Paint the map, put buildings, walls, men and objectives on it, and fill in the scenario's form (e). "
         "The panel on the right lists every problem of the file as you edit, with its line; P plays the "
         "scenario once there are none. ctrl+s saves: the file keeps its comments and its order. The header "
         "shows the brush, the hexside the door, window, slit and wall keys work on (marked on the map) and "
         "the side and weapon of the next man. The map marks each side's deployment zone (the side's initial), "
         "the objectives (◎) and, when the victory counts sectors, the edges between them. Every change is kept "
         "in a recovery file until it is saved: if the terminal closes, the next `firepower edit` offers it back.")


def editor_help() -> Text:
    t = Text()
    t.append(INTRO + "\n", style="dim")
    group = None
    for g, keys, what in help_rows():
        if g != group:
            t.append(f"\n{g}\n", style="bold")
            group = g
        _hanging(t, f"  {keys:<10}", what, HELP_WIDTH)
    return t
