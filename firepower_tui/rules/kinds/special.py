"""Notation of the ``special_weapons`` optional rule's actions (RULES.md §9.5, docs/notation.md):
``smoke <soldier> <hex> [via <facing>]``, ``molotov <soldier> <hex>``, ``satchel <soldier> <hex>``,
``radio <soldier> <hex>``.

>>> format_smoke(parse_smoke(["smoke", "t1", "e5", "via", "sw"]))
'smoke T1 E5 via SW'
>>> format_radio(parse_radio(["radio", "t1", "c3"]))
'radio T1 C3'
"""

from __future__ import annotations

from ..board.hexgrid import Hex
from ..kit.untrusted import cut
from ..model.actions.special import CallBarrage, Equip, PlaceSatchel, ThrowMolotov, ThrowSmoke
from .words import NotationError, aimed_words, expect, format_aimed, hex_word, soldier_word

SMOKE_USAGE = "smoke <soldier> <hex> [via <facing>]"
MOLOTOV_USAGE = "molotov <soldier> <hex>"
SATCHEL_USAGE = "satchel <soldier> <hex>"
RADIO_USAGE = "radio <soldier> <hex>"
EQUIP_USAGE = "equip <soldier> smoke|molotov|satchel|radio"


def parse_smoke(words: list[str]) -> ThrowSmoke:
    soldier, h, via = aimed_words(words, SMOKE_USAGE)  # thrown like a grenade (§9.5)
    return ThrowSmoke(soldier=soldier, hex=h, via=via)


def format_smoke(action: ThrowSmoke) -> str:
    return format_aimed("smoke", action.soldier, action.hex, action.via)


def _at_hex(words: list[str], usage: str) -> tuple[str, Hex]:
    """``<verb> <soldier> <hex>``."""
    expect(words, 2, 2, usage)
    return soldier_word(words[1]), hex_word(words[2])


def parse_molotov(words: list[str]) -> ThrowMolotov:
    soldier, h = _at_hex(words, MOLOTOV_USAGE)
    return ThrowMolotov(soldier=soldier, hex=h)


def format_molotov(action: ThrowMolotov) -> str:
    return format_aimed("molotov", action.soldier, action.hex)


def parse_satchel(words: list[str]) -> PlaceSatchel:
    soldier, h = _at_hex(words, SATCHEL_USAGE)
    return PlaceSatchel(soldier=soldier, hex=h)


def format_satchel(action: PlaceSatchel) -> str:
    return format_aimed("satchel", action.soldier, action.hex)


def parse_radio(words: list[str]) -> CallBarrage:
    soldier, h = _at_hex(words, RADIO_USAGE)
    return CallBarrage(soldier=soldier, hex=h)


def format_radio(action: CallBarrage) -> str:
    return format_aimed("radio", action.soldier, action.hex)


def parse_equip(words: list[str]) -> Equip:
    expect(words, 2, 2, EQUIP_USAGE)
    item = words[2].lower()
    if item not in ("smoke", "molotov", "satchel", "radio"):
        raise NotationError(f"{cut(words[2])!r} is not an item (smoke, molotov, satchel or radio)")
    return Equip(soldier=soldier_word(words[1]), item=item)


def format_equip(action: Equip) -> str:
    return f"equip {action.soldier} {action.item}"
