"""The editor's keys: one table gives each its keys, footer label, help text and group; the
screen's bindings, footer and help (``?``) are built from it. The cursor keys are the game's."""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding, BindingType

from ...controller.keymap import KEYMAP, Intent
from ..key_names import key_name


@dataclass(frozen=True, slots=True)
class EditKey:
    """One thing a key does in the editor."""

    keys: tuple[str, ...]
    """Textual key names, the first shown in the footer."""
    action: str
    """The screen's action (``paint('t')``)."""
    label: str
    help: str
    group: str
    footer: bool = False


TERRAIN_KEYS = (("full_stop", "."), ("h", "h"), ("d", "d"), ("t", "t"), ("s", "s"), ("r", "r"))
"""The key of each terrain: its letter in the file (``.`` open, ``h`` hill, ``d`` depression,
``t`` trees, ``s`` scrub, ``r`` rough; rulebook §1.2)."""
_TERRAIN_WORDS = {".": "open ground", "h": "hill", "d": "depression", "t": "trees", "s": "scrub", "r": "rough ground"}

_CURSOR = {Intent.CURSOR_N: "n", Intent.CURSOR_S: "s", Intent.CURSOR_NE: "ne", Intent.CURSOR_SE: "se",
           Intent.CURSOR_SW: "sw", Intent.CURSOR_NW: "nw", Intent.CURSOR_LEFT: "left", Intent.CURSOR_RIGHT: "right"}

EDIT_KEYS: tuple[EditKey, ...] = (
    EditKey(("question_mark",), "help", "Help", "this screen", "Editor", footer=True),
    *(EditKey((key,), f"paint({letter!r})", _TERRAIN_WORDS[letter].split()[0].capitalize(),
              f"paint {_TERRAIN_WORDS[letter]} under the brush (the letter of the file's terrain map)", "Terrain")
      for key, letter in TERRAIN_KEYS),
    EditKey(("b",), "brush", "Brush 1/7", "the brush: one hex, or the hex and its six neighbours", "Terrain",
            footer=True),
    EditKey(("w",), "water", "Water", "water on or off under the cursor (§9.6); the hex becomes open ground "
            "unless it is open or a depression", "Terrain"),
    EditKey(("u",), "rubble", "Rubble", "rubble on or off under the cursor (§9.6; rubble is rough ground)",
            "Terrain"),
    EditKey(("f",), "line('fences')", "Fence", "a fence in the hex: E-W, NE-SW, NW-SE, then none (§3.6)", "Terrain"),
    EditKey(("g",), "line('hedges')", "Hedge", "a hedge in the hex: E-W, NE-SW, NW-SE, then none (§3.6)", "Terrain"),
    EditKey(("B",), "building('buildings')", "Building", "the hex into a building (joining one next to it) or "
            "out of it (§9.6)", "Buildings", footer=True),
    EditKey(("N",), "building('bunkers')", "Bunker", "the hex into a bunker (joining one next to it) or out of "
            "it (§9.6)", "Buildings"),
    EditKey(("[",), "side(-1)", "Side L", "the hexside the next keys work on: one to the left (it is marked on "
            "the map)", "Buildings"),
    EditKey(("]",), "side(1)", "Side R", "the hexside: one to the right", "Buildings"),
    EditKey(("D",), "opening('door')", "Door", "a door on the hexside on or off (on a building's or bunker's "
            "edge; §9.6)", "Buildings", footer=True),
    EditKey(("I",), "opening('window')", "Window", "a window on the hexside on or off (a building's edge; §9.6)",
            "Buildings"),
    EditKey(("S",), "opening('slit')", "Slit", "a slit on the hexside on or off (a bunker's edge; §9.6)",
            "Buildings"),
    EditKey(("W",), "wall", "Wall", "a high wall on the hexside on or off (§9.6)", "Buildings"),
    EditKey(("m",), "man", "Man", "a man of the side and weapon shown in the header on the cursor hex",
            "Forces", footer=True),
    EditKey(("tab",), "next_side", "Side", "the side of the next man", "Forces"),
    EditKey(("a",), "arm", "Weapon", "the weapon of the last man in the hex: RFL, LMG, PST (rulebook 4.7); "
            "the next man gets it too", "Forces"),
    EditKey(("less_than_sign",), "turn(-1)", "Turn L", "the last man in the hex turns one hexside left", "Forces"),
    EditKey(("greater_than_sign",), "turn(1)", "Turn R", "the last man in the hex turns one hexside right",
            "Forces"),
    EditKey(("x",), "remove_man", "Remove", "take the last man in the hex off", "Forces"),
    EditKey(("O",), "objective", "Objective", "the hex an objective or not (victory hold, §10.4)", "Scenario"),
    EditKey(("e",), "form", "Scenario", "title, turns, rules, victory, sides, deployment zones, budgets "
            "(§10.1-§10.4)", "Scenario", footer=True),
    EditKey(("L",), "los", "LOS", "a line of sight as the game sees it: L on the near hex, move the cursor; "
            "L or Esc ends it (6.3.4)", "Scenario", footer=True),
    EditKey(("P",), "play", "Play", "play the scenario now, hotseat, to try it; quitting the game comes back "
            "here", "Scenario", footer=True),
    EditKey(("z", "backspace"), "undo", "Undo", "take back the last change", "File", footer=True),
    EditKey(("Z",), "redo", "Redo", "do again the change taken back", "File"),
    EditKey(("ctrl+s",), "save", "Save", "save the file (its comments and order kept)", "File", footer=True),
    EditKey(("o",), "zoom", "Zoom", "compact or detailed map", "File"),
    EditKey(("escape",), "cancel", "Cancel", "end the line of sight", "File"),
    EditKey(("Q", "ctrl+q"), "quit", "Quit", "leave the editor (asks first if there are changes)", "File",
            footer=True),
    *(EditKey(k.keys, f"cursor({_CURSOR[k.intent]!r})", k.label, k.help, "Cursor") for k in KEYMAP
      if k.intent in _CURSOR),
)
"""Every key of the editor, in help order."""


def bindings() -> list[BindingType]:
    return [Binding(",".join(k.keys), k.action, k.label, show=k.footer, priority=True,
                    key_display=_shown(k.keys[0])) for k in EDIT_KEYS]


def _shown(key: str) -> str:
    return "^" + key.removeprefix("ctrl+").upper() if key.startswith("ctrl+") else key_name(key)


def help_rows() -> list[tuple[str, str, str]]:
    """(group, keys as read, what they do) of every key."""
    return [(k.group, " ".join(_shown(x) for x in k.keys), k.help) for k in EDIT_KEYS]


def _check() -> None:
    keys = [key for k in EDIT_KEYS for key in k.keys]
    twice = sorted({x for x in keys if keys.count(x) > 1})
    if twice:
        raise AssertionError(f"editor keys bound twice: {twice}")


_check()
