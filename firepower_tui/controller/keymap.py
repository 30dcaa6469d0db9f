"""The one table of intents, their default keys and help text (docs/style.md §7).

:class:`Intent` names everything a key can ask for. :data:`KEYMAP` gives each intent its
keys, footer label and help text, exactly once; the UI builds its bindings, footer and help
screen from it. The controller handles every intent except the :data:`VIEW_INTENTS`, which
the game screen handles itself (help, the log, the command line ...); both sides check at
start-up that nothing is left without a handler.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..rules.basic.combat import COMBAT_MF
from ..rules.basic.melee import MELEE_MF
from ..rules.basic.movement import CROSS_COST, ENTRY_COST, LEVEL_COST, POSTURE_COST, TURN_COST
from ..rules.model.types import Posture

_ENTRY = "/".join(str(ENTRY_COST[p]) for p in (Posture.STAND, Posture.CROUCH, Posture.PRONE))
"""Entry costs standing/crouching/prone, for the help text (§3.2)."""


class Intent(StrEnum):
    """What the player asks for by a key; the value is the Textual action parameter.

    >>> Intent("aim_fire") is Intent.AIM_FIRE and f"{Intent.AIM_FIRE}" == "aim_fire"
    True
    """

    SELECT = "select"
    MOVE = "move"
    TURN_TO = "turn_to"
    STAND = "stand"
    CROUCH = "crouch"
    PRONE = "prone"
    CROSS = "cross"
    AIM_FIRE = "aim_fire"
    AIM_THROW = "aim_throw"
    AIM_MELEE = "aim_melee"
    TOGGLE_TARGET = "toggle_target"
    TOGGLE_MODE = "toggle_mode"
    MORE_THEN = "more_then"
    LESS_THEN = "less_then"
    TOGGLE_VIA = "toggle_via"
    CANCEL = "cancel"
    END_IMPULSE = "end_impulse"
    END_PHASE = "end_phase"
    UNDO = "undo"
    NEXT_SOLDIER = "next_soldier"
    TURN_LEFT = "turn_left"
    TURN_RIGHT = "turn_right"
    HELP = "help"
    HISTORY = "history"
    STATS = "stats"
    SHOW_LOG = "show_log"
    RULES = "rules"
    COMMAND = "command"
    ZOOM = "zoom"
    QUIT = "quit"
    WATCH = "watch"
    HOLD = "hold"
    HIT_DIRT = "hit_dirt"
    HIT_DIRT_ALL = "hit_dirt_all"
    STAND_SHOOT = "stand_shoot"
    FALL_BACK = "fall_back"
    PAUSE = "pause"
    SKIP = "skip"
    THREATS = "threats"
    ADVICE = "advice"
    PICK_UP = "pick_up"
    SWAP = "swap"
    REPAIR = "repair"
    CLIMB = "climb"
    SMOKE = "smoke"
    MOLOTOV = "molotov"
    SATCHEL = "satchel"
    RADIO = "radio"
    LOS = "los"
    RULEBOOK = "rulebook"
    PANELS = "panels"
    CURSOR_N = "cursor_n"
    CURSOR_S = "cursor_s"
    CURSOR_NE = "cursor_ne"
    CURSOR_SE = "cursor_se"
    CURSOR_SW = "cursor_sw"
    CURSOR_NW = "cursor_nw"
    CURSOR_LEFT = "cursor_left"
    CURSOR_RIGHT = "cursor_right"


@dataclass(frozen=True)
class KeySpec:
    """One intent and how to reach it."""

    intent: Intent
    """What the keys ask for."""
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
    view: bool = False
    """Handled by the game screen (a view, a dialog, the command line), not by the controller;
    always available."""


KEYMAP: tuple[KeySpec, ...] = (
    KeySpec(Intent.SELECT, ("enter",), "Select", "start an impulse in the hex under the cursor (6.2), or pick the "
            "soldier there; while aiming: fire, throw or melee", "Impulse"),
    KeySpec(Intent.MOVE, ("m",), "Move", f"enter the hex in front: {_ENTRY} MF standing/crouching/prone, +{LEVEL_COST} across "
            "a hill or depression hexside (6.2.1, 6.2.3)", "Actions"),
    KeySpec(Intent.TURN_TO, ("t",), "Face", f"turn to any facing for {TURN_COST} MF: t then a direction key (6.2.2)", "Actions"),
    KeySpec(Intent.STAND, ("u",), "Stand", f"stand up (from prone {POSTURE_COST[Posture.PRONE, Posture.STAND][0]} MF, from crouch "
            f"{POSTURE_COST[Posture.CROUCH, Posture.STAND][0]}; 6.2.4)", "Actions"),
    KeySpec(Intent.CROUCH, ("c",), "Crouch", f"crouch ({POSTURE_COST[Posture.STAND, Posture.CROUCH][0]} MF; 6.2.4, A2)", "Actions"),
    KeySpec(Intent.PRONE, ("p",), "Prone", f"go prone ({POSTURE_COST[Posture.STAND, Posture.PRONE][0]} MF; 6.2.4)", "Actions"),
    KeySpec(Intent.CROSS, ("x",), "Cross", f"cross the fence or hedge in his hex ({CROSS_COST} MF, 6.2.3)", "Actions"),
    KeySpec(Intent.AIM_FIRE, ("f",), "Fire", "aim his weapon: move the cursor to the target hex, Enter fires "
            f"({COMBAT_MF} MF; 6.3); on overwatch, the snap shot at the man who acted (§9.1)", "Combat"),
    KeySpec(Intent.AIM_THROW, ("g",), "Grenade", f"aim a grenade: move the cursor, Enter throws ({COMBAT_MF} MF; 6.3.6.3.2); on "
            "overwatch, the snap throw (§9.1)",
            "Combat"),
    KeySpec(Intent.AIM_MELEE, ("k",), "Melee", f"melee the enemy hex in front (entry + {MELEE_MF} MF; 6.5)", "Combat"),
    KeySpec(Intent.TOGGLE_TARGET, ("space",), "Target", "aiming automatic fire: add/remove the man under the "
            "cursor; melee: add/remove an attacker", "Combat"),
    KeySpec(Intent.TOGGLE_MODE, ("A",), "Auto/semi", "aiming a rifle: automatic or semi-automatic (6.3.5.2)",
            "Combat"),
    KeySpec(Intent.MORE_THEN, ("plus", "equals_sign"), "+MF", "declare one more non-combat MF after firing "
            "(6.3.6.2.7)", "Combat"),
    KeySpec(Intent.LESS_THEN, ("minus",), "-MF", "declare one fewer MF after firing", "Combat"),
    KeySpec(Intent.TOGGLE_VIA, ("V",), "Via", "grenade entering through a corner: pick the other hexside "
            "(6.3.6.3.2.1)", "Combat"),
    KeySpec(Intent.CANCEL, ("escape",), "Cancel", "stop aiming / choosing", "Combat"),
    KeySpec(Intent.END_IMPULSE, ("e",), "End imp.", "end this impulse (6.2); while deploying, end this "
            "placement (§10.2)", "Impulse"),
    KeySpec(Intent.END_PHASE, ("E",), "End phase", "end this impulse phase (done; 6.2); with impulses left unused it asks first: E "
            "again ends it, any other key carries on", "Impulse"),
    KeySpec(Intent.WATCH, ("w",), "Overwatch", "go on Overwatch instead of acting: all his MF and his combat "
            "action; he may fire in the enemy's impulse (optional rule, §9.1)", "Impulse"),
    KeySpec(Intent.HIT_DIRT, ("d",), "Hit dirt", "fired on: the selected man drops Prone (free) and is Suppressed "
            "(§9.2)", "Reactions"),
    KeySpec(Intent.HIT_DIRT_ALL, ("D",), "All down", "fired on: every man who may hits the dirt (§9.2)",
            "Reactions"),
    KeySpec(Intent.STAND_SHOOT, ("s",), "Stand+shoot", "charged: one defender fires first at an attacker, +1 "
            "hasty fire; aim, Enter fires (§9.7)", "Reactions"),
    KeySpec(Intent.FALL_BACK, ("b",), "Fall back", "charged: the defenders step one hex away, Suppressed (§9.7)",
            "Reactions"),
    KeySpec(Intent.HOLD, ("n",), "Hold", "a reaction is open: decline it, the enemy's action goes ahead as "
            "declared (§9.1, §9.2, §9.7)", "Reactions"),
    KeySpec(Intent.PICK_UP, ("i",), "Pick up", "take a weapon lying in his hex, leaving his own there (1 MF; "
            "optional rule, §9.4)", "Actions"),
    KeySpec(Intent.SWAP, ("X",), "Exchange", "exchange weapons with a man of his impulse in his hex (1 MF each; "
            "§9.4)", "Actions"),
    KeySpec(Intent.REPAIR, ("R",), "Repair", "try to repair his broken weapon (2 MF): d10 1-4 repaired, 10 "
            "destroyed; the odds are in the soldier panel (§9.4)", "Actions"),
    KeySpec(Intent.CLIMB, ("C",), "Climb", "climb the high wall across his front hexside: 2 MF, d10 <= 6, "
            "standing; a failure ends his impulse (optional rule buildings, §9.6)", "Actions"),
    KeySpec(Intent.SMOKE, ("y",), "Smoke", "aim a smoke grenade as a grenade: the odds and where it may come down "
            "show, Enter throws (2 MF; optional rule, §9.5)", "Actions"),
    KeySpec(Intent.MOLOTOV, ("M",), "Molotov", "aim a Molotov: the odds show, Enter throws (2 MF; no spread; §9.5)",
            "Actions"),
    KeySpec(Intent.SATCHEL, ("T",), "Satchel", "aim a satchel charge at an adjacent hex: the odds show, Enter places "
            "it (2 MF; §9.5)", "Actions"),
    KeySpec(Intent.RADIO, ("B",), "Barrage", "aim a barrage by radio at a hex he sees: the odds and where it may "
            "land show, Enter calls it (all MF; contact d10 <= 6; §9.5)", "Actions"),
    KeySpec(Intent.UNDO, ("z", "backspace"), "Undo", "take back the last action if it rolled no dice (§9.9)",
            "Game"),
    KeySpec(Intent.NEXT_SOLDIER, ("tab",), "Next", "cycle the soldiers of the stack / impulse", "Impulse",
            footer=False),
    KeySpec(Intent.TURN_LEFT, ("[", "less_than_sign"), "Turn L", f"turn one hexside left ({TURN_COST} MF, 6.2.2)", "Actions",
            footer=False),
    KeySpec(Intent.TURN_RIGHT, ("]", "greater_than_sign"), "Turn R", f"turn one hexside right ({TURN_COST} MF, 6.2.2)",
            "Actions", footer=False),
    KeySpec(Intent.HELP, ("question_mark",), "Help", "this screen", "Game", view=True),
    KeySpec(Intent.HISTORY, ("h",), "History", "step back through every action with the map as it was; Esc returns "
            "(read-only)", "Game", view=True),
    KeySpec(Intent.STATS, ("S",), "Dice", "dice statistics for both players, and luck (kills against the odds)",
            "Game", footer=False, view=True),
    KeySpec(Intent.SHOW_LOG, ("l",), "Log", "the whole game log, full width: every roll with its modifiers and rules",
            "Game", view=True),
    KeySpec(Intent.RULES, ("r",), "Rules", "the rules for what you are doing now", "Game", view=True),
    KeySpec(Intent.LOS, ("L",), "LOS", "the line of sight from the selected man (or the cursor) to the cursor: "
            "every hex and hexside it touches, what blocks or hinders it and the rule (6.3.4); Esc leaves",
            "Game", footer=False, view=True),
    KeySpec(Intent.RULEBOOK, ("K",), "Rulebook", "the whole rulebook: contents, search, next/previous section; "
            "opens at the rule the log cited last (also :rule 6.3.2)", "Game", footer=False, view=True),
    KeySpec(Intent.PANELS, ("I",), "Info", "the soldier and hex panels in full, and the LOS panel when open (on a "
            "small screen they may not fit)", "Game", footer=False, view=True),
    KeySpec(Intent.COMMAND, ("colon",), "Cmd", "type an action in notation (docs/notation.md)", "Game", footer=False,
            view=True),
    KeySpec(Intent.ZOOM, ("o",), "Zoom", "compact or detailed map", "Game", footer=False, view=True),
    KeySpec(Intent.PAUSE, ("P",), "Pause", "stop the phase clock (optional rule, §9.8); P again resumes", "Game",
            footer=False, view=True),
    KeySpec(Intent.THREATS, ("v",), "Threats", "threat view: every enemy who could fire at, throw at or melee the "
            "cursor hex in his next impulse, with the chance of each; for a selected man, whom he can hit from "
            "here (6.3, 6.3.6.3.2, §5.1); v or Esc leaves it", "Game", footer=False, view=True),
    KeySpec(Intent.ADVICE, ("a",), "Advice", "the computer's three best choices for you now, with their odds, "
            "expected kills, exposure and rules; Enter takes one (refused in a game started with advice off)",
            "Game", view=True),
    KeySpec(Intent.SKIP, ("full_stop",), "Skip", "the computer is playing: show the rest of its moves at once "
            "(--pace sets the speed)", "Game", view=True),
    KeySpec(Intent.QUIT, ("Q", "ctrl+q"), "Quit", "quit (asks first)", "Game", view=True),
    KeySpec(Intent.CURSOR_N, ("up", "8"), "N", "cursor one hex north", "Cursor", footer=False),
    KeySpec(Intent.CURSOR_S, ("down", "2"), "S", "cursor one hex south", "Cursor", footer=False),
    KeySpec(Intent.CURSOR_NE, ("9",), "NE", "cursor one hex north-east", "Cursor", footer=False),
    KeySpec(Intent.CURSOR_SE, ("3",), "SE", "cursor one hex south-east", "Cursor", footer=False),
    KeySpec(Intent.CURSOR_SW, ("1",), "SW", "cursor one hex south-west", "Cursor", footer=False),
    KeySpec(Intent.CURSOR_NW, ("7",), "NW", "cursor one hex north-west", "Cursor", footer=False),
    KeySpec(Intent.CURSOR_LEFT, ("left", "4"), "W", "cursor one column left (same row)", "Cursor", footer=False),
    KeySpec(Intent.CURSOR_RIGHT, ("right", "6"), "E", "cursor one column right (same row)", "Cursor", footer=False),
)
"""Every intent the player has, in help order."""

VIEW_INTENTS: frozenset[Intent] = frozenset(k.intent for k in KEYMAP if k.view)
"""The intents the game screen handles itself."""


def _check_keymap() -> None:
    """Every intent has exactly one entry, and no key reaches two intents."""
    intents = [k.intent for k in KEYMAP]
    if sorted(intents) != sorted(Intent):
        missing = set(Intent) - set(intents)
        twice = {i for i in intents if intents.count(i) > 1}
        raise AssertionError(f"keymap: missing {sorted(missing)}, twice {sorted(twice)}")
    keys = [key for k in KEYMAP for key in k.keys]
    if len(keys) != len(set(keys)):
        raise AssertionError(f"keymap: a key bound to two intents: {sorted({x for x in keys if keys.count(x) > 1})}")


_check_keymap()
