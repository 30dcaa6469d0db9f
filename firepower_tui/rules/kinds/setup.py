"""Notation and candidates of the forces and deployment actions (RULES.md §10.2, §10.3).

The checks and the changes are :mod:`..scenario.setup`'s.
"""

from __future__ import annotations

from typing import Literal

from ..board.hexgrid import hex_to_id
from ..model.actions import Buy, Choose, Deployed, Drop, Place, Ready, RollOff
from ..model.state import GameState
from ..model.types import Posture
from ..scenario.setup import placeable
from .words import NotationError, expect, facing_word, hex_word, posture_word, side_word, soldier_word

Buyable = Literal["RFL", "PST", "LMG"]
BUYABLE: dict[str, Buyable] = {"RFL": "RFL", "PST": "PST", "LMG": "LMG"}
"""The weapons a man may be bought with (§10.3), by notation word."""

BUY_USAGE = "buy <side> RFL|PST|LMG [scout]"


def parse_buy(words: list[str]) -> Buy:
    expect(words, 2, 3, BUY_USAGE)
    weapon = BUYABLE.get(words[2].upper())
    if weapon is None or (len(words) == 4 and words[3].lower() != "scout"):
        raise NotationError(f"usage: {BUY_USAGE}")
    return Buy(side=side_word(words[1]), weapon=weapon, scout=len(words) == 4)


def format_buy(action: Buy) -> str:
    return f"buy {action.side} {action.weapon}" + (" scout" if action.scout else "")


def buy_candidates(state: GameState, soldier_id: str | None) -> list[Buy]:
    """Every weapon, with and without the scout trait, for each side."""
    return [Buy(side=side, weapon=w, scout=scout) for side in state.sides for w in BUYABLE.values()
            for scout in (False, True)]


def parse_drop(words: list[str]) -> Drop:
    expect(words, 1, 1, "drop <soldier>")
    return Drop(soldier=soldier_word(words[1]))


def format_drop(action: Drop) -> str:
    return f"drop {action.soldier}"


def drop_candidates(state: GameState, soldier_id: str | None) -> list[Drop]:
    return [Drop(soldier=s.id) for s in state.soldiers if soldier_id is None or s.id == soldier_id]


def parse_ready(words: list[str]) -> Ready:
    expect(words, 1, 1, "ready <side>")
    return Ready(side=side_word(words[1]))


def format_ready(action: Ready) -> str:
    return f"ready {action.side}"


def ready_candidates(state: GameState, soldier_id: str | None) -> list[Ready]:
    return [Ready(side=side) for side in state.sides]


def parse_rolloff(words: list[str]) -> RollOff:
    expect(words, 0, 0, "rolloff")
    return RollOff()


def format_rolloff(action: RollOff) -> str:
    return "rolloff"


def rolloff_candidates(state: GameState, soldier_id: str | None) -> list[RollOff]:
    return [RollOff()]


def parse_choose(words: list[str]) -> Choose:
    expect(words, 1, 1, "choose <side>")
    return Choose(side=side_word(words[1]))


def format_choose(action: Choose) -> str:
    return f"choose {action.side}"


def choose_candidates(state: GameState, soldier_id: str | None) -> list[Choose]:
    return [Choose(side=side) for side in state.sides]


PLACE_USAGE = "place <soldier> <hex> <facing> [stand|crouch|prone]"


def parse_place(words: list[str]) -> Place:
    expect(words, 3, 4, PLACE_USAGE)
    posture = posture_word(words[4]) if len(words) == 5 else Posture.STAND
    return Place(soldier=soldier_word(words[1]), hex=hex_word(words[2]), facing=facing_word(words[3]), posture=posture)


def format_place(action: Place) -> str:
    text = f"place {action.soldier} {hex_to_id(action.hex)} {action.facing.name}"
    return text + (f" {action.posture.value}" if action.posture is not Posture.STAND else "")


def place_candidates(state: GameState, soldier_id: str | None) -> list[Place]:
    """Each man the placing side may place now, in each hex he might go to (his zone; a
    scout: anywhere on the map), facing as he does now (the facing the scenario or the
    purchase gave him) and standing. Any facing and posture are as legal as these: 6 x 3
    times as many actions that differ in nothing else are not listed."""
    if state.placer is None:
        return []
    gmap = state.scenario.map
    out: list[Place] = []
    for s in placeable(state, state.placer):
        if soldier_id is not None and s.id != soldier_id:
            continue
        hexes = gmap.terrain if "scout" in s.traits else state.scenario.zone(s.side)
        out += [Place(soldier=s.id, hex=h, facing=s.facing) for h in sorted(hexes)]
    return out


def parse_deployed(words: list[str]) -> Deployed:
    expect(words, 0, 0, "deployed")
    return Deployed()


def format_deployed(action: Deployed) -> str:
    return "deployed"


def deployed_candidates(state: GameState, soldier_id: str | None) -> list[Deployed]:
    return [Deployed()]
