"""The FIREPOWER rules core: pure Python, no UI (docs/style.md §2).

Public API, re-exported from the modules that define it. The re-exports are lazy (PEP 562):
``from firepower_tui.rules import GameState`` imports :mod:`.model.state` when the name is first
asked for, and importing one submodule (say :mod:`.model.errors`) does not import the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .model.actions import (Action, ChangePosture, Cross, DrawChit, EndImpulse, EndPhase, Fire, Melee, Move,
                                StartImpulse, Throw, Turn)
    from .model.breakdown import Modifier, MovementLedger, RollBreakdown
    from .model.dice import Dice, ReplayDice, ScriptedDice, SeededDice
    from .engine import apply, apply_trusted, check, impulse_hexes, legal_actions
    from .model.errors import (DiceError, FirepowerError, IllegalActionError, Problem, Refusal, SaveError,
                               ScenarioError, ScriptError)
    from .model.events import Event
    from .board.hexgrid import Facing, Hex, hex_distance, hex_from_id, hex_neighbor, hex_to_id, in_firing_arc
    from .model.scenario import Scenario
    from .scenario.load import find_scenario, load_scenario, parse_scenario
    from .basic.sequence import new_game, opening_events
    from .model.state import Chit, GameState
    from .board.terrain import HexLine, LineKind, MapData, Terrain
    from .model.types import GrenadeOutcome, Phase, Posture, RollOutcome, SetupStep, Status
    from .model.units import Soldier, weapon_chart

_EXPORTS: dict[str, tuple[str, ...]] = {
    "model.actions": ("Action", "ChangePosture", "Cross", "DrawChit", "EndImpulse", "EndPhase", "Fire", "Melee", "Move",
                      "StartImpulse", "Throw", "Turn"),
    "model.breakdown": ("Modifier", "MovementLedger", "RollBreakdown"),
    "model.dice": ("Dice", "ReplayDice", "ScriptedDice", "SeededDice"),
    "engine": ("apply", "apply_trusted", "check", "impulse_hexes", "legal_actions"),
    "model.errors": ("DiceError", "FirepowerError", "IllegalActionError", "Problem", "Refusal", "SaveError",
                     "ScenarioError", "ScriptError"),
    "model.events": ("Event",),
    "board.hexgrid": ("Facing", "Hex", "hex_distance", "hex_from_id", "hex_neighbor", "hex_to_id", "in_firing_arc"),
    "model.scenario": ("Scenario",),
    "scenario.load": ("find_scenario", "load_scenario", "parse_scenario"),
    "basic.sequence": ("new_game", "opening_events"),
    "model.state": ("Chit", "GameState"),
    "board.terrain": ("HexLine", "LineKind", "MapData", "Terrain"),
    "model.types": ("GrenadeOutcome", "Phase", "Posture", "RollOutcome", "SetupStep", "Status"),
    "model.units": ("Soldier", "weapon_chart"),
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
