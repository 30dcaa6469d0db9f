"""Notation of the ``weapons`` optional rule's actions (RULES.md §9.4, docs/notation.md):
``pickup <soldier> <weapon>``, ``swap <soldier> <soldier>``, ``repair <soldier>``.

>>> parse_pickup(["pickup", "t1", "lmg"])
PickUp(soldier='T1', weapon='LMG', kind='pickup')
>>> format_swap(parse_swap(["swap", "t1", "t2"]))
'swap T1 T2'
"""

from __future__ import annotations

from ..kit.untrusted import cut
from ..model.actions.weapons import PickUp, Repair, Swap
from ..model.units import weapon_chart
from .words import NotationError, expect, soldier_word

PICKUP_USAGE = "pickup <soldier> LMG|RFL|PST"
SWAP_USAGE = "swap <soldier> <soldier>"
REPAIR_USAGE = "repair <soldier>"


def parse_pickup(words: list[str]) -> PickUp:
    expect(words, 2, 2, PICKUP_USAGE)
    code = words[2].upper()
    if code not in weapon_chart().weapons:
        raise NotationError(f"{cut(words[2])!r} is not a weapon (LMG, RFL or PST)")
    return PickUp(soldier=soldier_word(words[1]), weapon=code)


def format_pickup(action: PickUp) -> str:
    return f"pickup {action.soldier} {action.weapon}"


def parse_swap(words: list[str]) -> Swap:
    expect(words, 2, 2, SWAP_USAGE)
    return Swap(soldier=soldier_word(words[1]), other=soldier_word(words[2]))


def format_swap(action: Swap) -> str:
    return f"swap {action.soldier} {action.other}"


def parse_repair(words: list[str]) -> Repair:
    expect(words, 1, 1, REPAIR_USAGE)
    return Repair(soldier=soldier_word(words[1]))


def format_repair(action: Repair) -> str:
    return f"repair {action.soldier}"
