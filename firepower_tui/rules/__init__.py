"""The FIREPOWER rules core: pure Python, no UI (docs/style.md §2).

Public API, re-exported from the modules that define it. The re-exports are lazy (PEP 562):
``from firepower_tui.rules import GameState`` imports :mod:`.state` when the name is first
asked for, and importing one submodule (say :mod:`.errors`) does not import the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .actions import (Action, ChangePosture, Cross, DrawChit, EndImpulse, EndPhase, Fire, Melee, Move,
                          StartImpulse, Throw, Turn)
    from .breakdown import Modifier, MovementLedger, RollBreakdown
    from .dice import Dice, ReplayDice, ScriptedDice, SeededDice
    from .engine import apply, apply_trusted, check, impulse_hexes, legal_actions
    from .errors import (DiceError, FirepowerError, IllegalActionError, Problem, Refusal, SaveError, ScenarioError,
                         ScriptError)
    from .events import Event
    from .board.hexgrid import Facing, Hex, hex_distance, hex_from_id, hex_neighbor, hex_to_id, in_firing_arc
    from .scenario import Scenario, find_scenario, load_scenario, parse_scenario
    from .sequence import new_game, opening_events
    from .state import Chit, GameState
    from .board.terrain import HexLine, LineKind, MapData, Terrain
    from .types import GrenadeOutcome, Phase, Posture, RollOutcome, SetupStep, Status
    from .units import Soldier, weapon_chart

_EXPORTS: dict[str, tuple[str, ...]] = {
    "actions": ("Action", "ChangePosture", "Cross", "DrawChit", "EndImpulse", "EndPhase", "Fire", "Melee", "Move",
                "StartImpulse", "Throw", "Turn"),
    "breakdown": ("Modifier", "MovementLedger", "RollBreakdown"),
    "dice": ("Dice", "ReplayDice", "ScriptedDice", "SeededDice"),
    "engine": ("apply", "apply_trusted", "check", "impulse_hexes", "legal_actions"),
    "errors": ("DiceError", "FirepowerError", "IllegalActionError", "Problem", "Refusal", "SaveError",
               "ScenarioError", "ScriptError"),
    "events": ("Event",),
    "hexgrid": ("Facing", "Hex", "hex_distance", "hex_from_id", "hex_neighbor", "hex_to_id", "in_firing_arc"),
    "scenario": ("Scenario", "find_scenario", "load_scenario", "parse_scenario"),
    "sequence": ("new_game", "opening_events"),
    "state": ("Chit", "GameState"),
    "terrain": ("HexLine", "LineKind", "MapData", "Terrain"),
    "types": ("GrenadeOutcome", "Phase", "Posture", "RollOutcome", "SetupStep", "Status"),
    "units": ("Soldier", "weapon_chart"),
}
_MODULE_OF = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = [
    "Action", "ChangePosture", "Cross", "DrawChit", "EndImpulse", "EndPhase", "Fire", "Melee", "Move",
    "StartImpulse", "Throw", "Turn", "Modifier", "MovementLedger", "RollBreakdown", "Dice", "ReplayDice",
    "ScriptedDice", "SeededDice", "apply", "apply_trusted", "check", "impulse_hexes", "legal_actions",
    "DiceError", "FirepowerError", "IllegalActionError", "Problem", "Refusal", "SaveError", "ScenarioError",
    "ScriptError", "Event", "Facing", "Hex", "hex_distance", "hex_from_id", "hex_neighbor", "hex_to_id",
    "in_firing_arc", "Scenario", "find_scenario", "load_scenario", "parse_scenario", "new_game",
    "opening_events", "Chit", "GameState", "HexLine", "LineKind", "MapData", "Terrain", "GrenadeOutcome", "Phase",
    "Posture", "RollOutcome", "SetupStep", "Status", "Soldier", "weapon_chart",
]


if not TYPE_CHECKING:  # hidden from mypy, which would otherwise accept any name as Any
    from .kit.lazy import lazy_exports

    __getattr__, __dir__ = lazy_exports(__name__, globals(), _MODULE_OF)
