"""The events of the ``special_weapons`` optional rule (RULES.md §9.5); :mod:`..events` joins them
into its ``Event`` union. Every die is an ordinary ``roll`` event citing §9.5."""

from __future__ import annotations

from typing import Literal, NamedTuple

from ...board.hexgrid import Hex


class ItemUsed(NamedTuple):
    """A man used one of his §9.5 items (thrown, placed or a radio call) and what he has left."""

    soldier: str
    item: str
    hex: Hex
    mf_left: int
    left: int
    rule: str = "§9.5"
    event: Literal["item_used"] = "item_used"


class ItemLanded(NamedTuple):
    """Where a smoke grenade, Molotov, satchel or barrage came down (``hex`` None: a dud)."""

    item: str
    aimed: Hex
    hex: Hex | None
    why: str = ""
    rule: str = "§9.5"
    event: Literal["item_landed"] = "item_landed"


class SmokeChanged(NamedTuple):
    """Smoke placed in a hex (``clears`` = the turn at whose end it goes) or cleared (``clears`` 0)."""

    hex: Hex
    clears: int
    rule: str = "§9.5"
    event: Literal["smoke"] = "smoke"


class BarrageCalled(NamedTuple):
    """Radio contact made: a Barrage marker waits for the side's next chit (§9.5)."""

    soldier: str
    side: str
    hex: Hex
    rule: str = "§9.5"
    event: Literal["barrage_called"] = "barrage_called"


SPECIAL_EVENTS = (ItemUsed, ItemLanded, SmokeChanged, BarrageCalled)

__all__ = ["SPECIAL_EVENTS", "BarrageCalled", "ItemLanded", "ItemUsed", "SmokeChanged"]
