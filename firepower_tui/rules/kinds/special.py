"""Notation of the ``special_weapons`` optional rule's actions (RULES.md §9.5, docs/notation.md):
``smoke <soldier> <hex> [via <facing>]``, ``molotov <soldier> <hex>``, ``satchel <soldier> <hex>``,
``radio <soldier> <hex>``.

>>> format_smoke(parse_smoke(["smoke", "t1", "e5", "via", "sw"]))
'smoke T1 E5 via SW'
>>> format_radio(parse_radio(["radio", "t1", "c3"]))
'radio T1 C3'
"""

from __future__ import annotations

from ..hexgrid import hex_to_id
from ..actions_special import CallBarrage, Equip, PlaceSatchel, ThrowMolotov, ThrowSmoke
from .words import NotationError, expect, facing_word, hex_word, soldier_word

SMOKE_USAGE = "smoke <soldier> <hex> [via <facing>]"
MOLOTOV_USAGE = "molotov <soldier> <hex>"
SATCHEL_USAGE = "satchel <soldier> <hex>"
RADIO_USAGE = "radio <soldier> <hex>"
EQUIP_USAGE = "equip <soldier> smoke|molotov|satchel|radio"


def parse_smoke(words: list[str]) -> ThrowSmoke:
    if len(words) not in (3, 5) or (len(words) == 5 and words[3].lower() != "via"):
        raise NotationError(f"usage: {SMOKE_USAGE}")
    via = facing_word(words[4]) if len(words) == 5 else None
    return ThrowSmoke(soldier=soldier_word(words[1]), hex=hex_word(words[2]), via=via)


def format_smoke(action: ThrowSmoke) -> str:
    via = f" via {action.via.name}" if action.via is not None else ""
    return f"smoke {action.soldier} {hex_to_id(action.hex)}{via}"


def parse_molotov(words: list[str]) -> ThrowMolotov:
    expect(words, 2, 2, MOLOTOV_USAGE)
    return ThrowMolotov(soldier=soldier_word(words[1]), hex=hex_word(words[2]))


def format_molotov(action: ThrowMolotov) -> str:
    return f"molotov {action.soldier} {hex_to_id(action.hex)}"


def parse_satchel(words: list[str]) -> PlaceSatchel:
    expect(words, 2, 2, SATCHEL_USAGE)
    return PlaceSatchel(soldier=soldier_word(words[1]), hex=hex_word(words[2]))


def format_satchel(action: PlaceSatchel) -> str:
    return f"satchel {action.soldier} {hex_to_id(action.hex)}"


def parse_radio(words: list[str]) -> CallBarrage:
    expect(words, 2, 2, RADIO_USAGE)
    return CallBarrage(soldier=soldier_word(words[1]), hex=hex_word(words[2]))


def format_radio(action: CallBarrage) -> str:
    return f"radio {action.soldier} {hex_to_id(action.hex)}"


def parse_equip(words: list[str]) -> Equip:
    expect(words, 2, 2, EQUIP_USAGE)
    item = words[2].lower()
    if item not in ("smoke", "molotov", "satchel", "radio"):
        raise NotationError(f"{words[2]!r} is not an item (smoke, molotov, satchel or radio)")
    return Equip(soldier=soldier_word(words[1]), item=item)


def format_equip(action: Equip) -> str:
    return f"equip {action.soldier} {action.item}"
