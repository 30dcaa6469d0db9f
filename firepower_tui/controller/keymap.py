"""The one table of intents, their default keys and help text (STYLE.md §7).

The UI builds its bindings, its footer and its help screen from :data:`KEYMAP`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class KeySpec:
    """One intent and how to reach it."""

    intent: str
    """The controller method / UI action name, e.g. ``move``."""
    keys: tuple[str, ...]
    """Textual key names, the first shown in the footer."""
    label: str
    """Short footer label."""
    help: str
    """What it does, for the help screen (with its rule)."""
    group: str
    """Help-screen section."""
    footer: bool = True
    """Shown in the footer when legal."""


KEYMAP: tuple[KeySpec, ...] = (
    KeySpec("select", ("enter",), "Select", "start an impulse in the hex under the cursor (6.2), or pick the "
            "soldier there; while aiming: fire, throw or melee", "Impulse"),
    KeySpec("move", ("m",), "Move", "enter the hex in front: 1/2/3 MF standing/crouching/prone, +1 across a "
            "hill or depression hexside (6.2.1, 6.2.3)", "Actions"),
    KeySpec("turn_to", ("t",), "Face", "turn to any facing for 1 MF: t then a direction key (6.2.2)", "Actions"),
    KeySpec("stand", ("u",), "Stand", "stand up (from prone 2 MF, from crouch 1; 6.2.4)", "Actions"),
    KeySpec("crouch", ("c",), "Crouch", "crouch (1 MF; 6.2.4, A2)", "Actions"),
    KeySpec("prone", ("p",), "Prone", "go prone (1 MF; 6.2.4)", "Actions"),
    KeySpec("cross", ("x",), "Cross", "cross the fence or hedge in his hex (1 MF, 6.2.3)", "Actions"),
    KeySpec("aim_fire", ("f",), "Fire", "aim his weapon: move the cursor to the target hex, Enter fires "
            "(2 MF; 6.3)", "Combat"),
    KeySpec("aim_throw", ("g",), "Grenade", "aim a grenade: move the cursor, Enter throws (2 MF; 6.3.6.3.2)",
            "Combat"),
    KeySpec("aim_melee", ("k",), "Melee", "melee the enemy hex in front (entry + 1 MF; 6.5)", "Combat"),
    KeySpec("toggle_target", ("space",), "Target", "aiming automatic fire: add/remove the man under the "
            "cursor; melee: add/remove an attacker", "Combat"),
    KeySpec("toggle_mode", ("a",), "Auto/semi", "aiming a rifle: automatic or semi-automatic (6.3.5.2)", "Combat"),
    KeySpec("more_then", ("plus", "equals_sign"), "+MF", "declare one more non-combat MF after firing "
            "(6.3.6.2.7)", "Combat"),
    KeySpec("less_then", ("minus",), "-MF", "declare one fewer MF after firing", "Combat"),
    KeySpec("toggle_via", ("v",), "Via", "grenade entering through a corner: pick the other hexside "
            "(6.3.6.3.2.1)", "Combat"),
    KeySpec("cancel", ("escape",), "Cancel", "stop aiming / choosing", "Combat"),
    KeySpec("end_impulse", ("e",), "End imp.", "end this impulse (6.2)", "Impulse"),
    KeySpec("end_phase", ("E",), "End phase", "end this impulse phase (done; 6.2)", "Impulse"),
    KeySpec("undo", ("z", "backspace"), "Undo", "take back the last action if it rolled no dice (§9.9)",
            "Game"),
    KeySpec("next_soldier", ("tab",), "Next", "cycle the soldiers of the stack / impulse", "Impulse", footer=False),
    KeySpec("turn_left", ("[", "less_than_sign"), "Turn L", "turn one hexside left (1 MF, 6.2.2)", "Actions", footer=False),
    KeySpec("turn_right", ("]", "greater_than_sign"), "Turn R", "turn one hexside right (1 MF, 6.2.2)", "Actions", footer=False),
    KeySpec("help", ("question_mark",), "Help", "this screen", "Game"),
    KeySpec("history", ("h",), "History", "step back through every action with the map as it was; Esc returns "
            "(read-only)", "Game"),
    KeySpec("stats", ("S",), "Dice", "dice statistics for both players, and luck (kills against the odds)", "Game",
            footer=False),
    KeySpec("show_log", ("l",), "Log", "the whole game log, full width: every roll with its modifiers and rules",
            "Game"),
    KeySpec("rules", ("r",), "Rules", "the RULES.md text for what you are doing now", "Game"),
    KeySpec("command", ("colon",), "Cmd", "type an action in notation (docs/notation.md)", "Game", footer=False),
    KeySpec("zoom", ("o",), "Zoom", "compact or detailed map", "Game", footer=False),
    KeySpec("quit", ("Q", "ctrl+q"), "Quit", "quit (asks first)", "Game"),
    KeySpec("cursor_n", ("up", "8"), "N", "cursor one hex north", "Cursor", footer=False),
    KeySpec("cursor_s", ("down", "2"), "S", "cursor one hex south", "Cursor", footer=False),
    KeySpec("cursor_ne", ("9",), "NE", "cursor one hex north-east", "Cursor", footer=False),
    KeySpec("cursor_se", ("3",), "SE", "cursor one hex south-east", "Cursor", footer=False),
    KeySpec("cursor_sw", ("1",), "SW", "cursor one hex south-west", "Cursor", footer=False),
    KeySpec("cursor_nw", ("7",), "NW", "cursor one hex north-west", "Cursor", footer=False),
    KeySpec("cursor_left", ("left", "4"), "W", "cursor one column left (same row)", "Cursor", footer=False),
    KeySpec("cursor_right", ("right", "6"), "E", "cursor one column right (same row)", "Cursor", footer=False),
)
"""Every intent the player has, in help order."""

DIRECTION_KEYS: dict[str, str] = {"8": "N", "up": "N", "9": "NE", "3": "SE", "2": "S", "down": "S", "1": "SW",
                                  "7": "NW"}
"""Keys that name a facing after ``t`` (turn to)."""


def spec(intent: str) -> KeySpec:
    """The entry of an intent."""
    for k in KEYMAP:
        if k.intent == intent:
            return k
    raise KeyError(intent)
