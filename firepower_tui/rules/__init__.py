"""The FIREPOWER rules core: pure Python, no UI (STYLE.md §2).

Public API, re-exported from the modules that define it.
"""

from __future__ import annotations

from .actions import (Action, ChangePosture, Cross, DrawChit, EndImpulse, EndPhase, Fire, Melee, Move, StartImpulse,
                      Throw, Turn)
from .breakdown import Modifier, MovementLedger, RollBreakdown
from .dice import Dice, ReplayDice, ScriptedDice, SeededDice
from .engine import apply, apply_trusted, check, impulse_hexes, legal_actions
from .errors import (DiceError, FirepowerError, IllegalActionError, Problem, Refusal, SaveError, ScenarioError,
                     ScriptError)
from .events import Event
from .hexgrid import Facing, Hex, hex_distance, hex_from_id, hex_neighbor, hex_to_id, in_firing_arc
from .scenario import Scenario, find_scenario, load_scenario, parse_scenario
from .sequence import new_game, opening_events
from .state import Chit, GameState
from .terrain import HexLine, LineKind, MapData, Terrain
from .types import Posture, Status
from .units import Soldier, weapon_chart

__all__ = [
    "Action", "ChangePosture", "Cross", "DrawChit", "EndImpulse", "EndPhase", "Fire", "Melee", "Move",
    "StartImpulse", "Throw", "Turn", "Modifier", "MovementLedger", "RollBreakdown", "Dice", "ReplayDice",
    "ScriptedDice", "SeededDice", "apply", "apply_trusted", "check", "impulse_hexes", "legal_actions",
    "DiceError", "FirepowerError", "IllegalActionError", "Problem", "Refusal", "SaveError", "ScenarioError",
    "ScriptError", "Event", "Facing", "Hex", "hex_distance", "hex_from_id", "hex_neighbor", "hex_to_id",
    "in_firing_arc", "Scenario", "find_scenario", "load_scenario", "parse_scenario", "new_game",
    "opening_events", "Chit", "GameState", "HexLine", "LineKind", "MapData", "Terrain", "Posture", "Status",
    "Soldier", "weapon_chart",
]
