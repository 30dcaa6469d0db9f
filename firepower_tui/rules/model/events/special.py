"""The events of the ``special_weapons`` optional rule (RULES.md §9.5); :mod:`..events` joins them
into its ``Event`` union. Every die is an ordinary ``roll`` event citing §9.5."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ...board.hexgrid import Hex
from ..values import to_json


class _SpecialEvent:
    __slots__ = ()

    def to_json(self) -> dict[str, Any]:
        """The JSON object of ``firepower script --json`` (docs/notation.md)."""
        data: dict[str, Any] = to_json(self)
        return data


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemUsed(_SpecialEvent):
    """A man used one of his §9.5 items (thrown, placed or a radio call) and what he has left."""

    event: Literal["item_used"] = "item_used"
    soldier: str
    item: str
    hex: Hex
    mf_left: int
    left: int
    rule: str = "§9.5"


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemLanded(_SpecialEvent):
    """Where a smoke grenade, Molotov, satchel or barrage came down (``hex`` None: a dud)."""

    event: Literal["item_landed"] = "item_landed"
    item: str
    aimed: Hex
    hex: Hex | None
    why: str = ""
    rule: str = "§9.5"


@dataclass(frozen=True, slots=True, kw_only=True)
class SmokeChanged(_SpecialEvent):
    """Smoke placed in a hex (``clears`` = the turn at whose end it goes) or cleared (``clears`` 0)."""

    event: Literal["smoke"] = "smoke"
    hex: Hex
    clears: int
    rule: str = "§9.5"


@dataclass(frozen=True, slots=True, kw_only=True)
class BarrageCalled(_SpecialEvent):
    """Radio contact made: a Barrage marker waits for the side's next chit (§9.5)."""

    event: Literal["barrage_called"] = "barrage_called"
    soldier: str
    side: str
    hex: Hex
    rule: str = "§9.5"


SPECIAL_EVENTS = (ItemUsed, ItemLanded, SmokeChanged, BarrageCalled)

__all__ = ["SPECIAL_EVENTS", "BarrageCalled", "ItemLanded", "ItemUsed", "SmokeChanged"]
