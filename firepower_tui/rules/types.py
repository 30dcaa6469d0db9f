"""Pydantic field types shared by the rules models."""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Any

from pydantic import BeforeValidator, PlainSerializer

from .hexgrid import Facing, Hex, hex_from_id, hex_to_id


def _parse_hex(value: Any) -> Any:
    if isinstance(value, str):
        return hex_from_id(value)
    return value


def _parse_facing(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return Facing[value.strip().upper()]
        except KeyError:
            raise ValueError(f"{value!r} is not a facing (N, NE, SE, S, SW or NW)") from None
    return value


HexField = Annotated[Hex, BeforeValidator(_parse_hex), PlainSerializer(hex_to_id, return_type=str)]
"""A hex that reads and writes as its map id (``C7``)."""

FacingField = Annotated[Facing, BeforeValidator(_parse_facing), PlainSerializer(lambda f: f.name, return_type=str)]
"""A facing that reads and writes as ``N``, ``NE``, ``SE``, ``S``, ``SW`` or ``NW``."""


class Posture(str, Enum):
    """RULES.md 4.4 / §1.8: Stand (no marker), Crouch, Prone."""

    STAND = "stand"
    CROUCH = "crouch"
    PRONE = "prone"

    @property
    def height(self) -> int:
        """Stand 3 > Crouch 2 > Prone 1 (6.3.4.4, ruling A4)."""
        return _HEIGHT[self]


_HEIGHT = {Posture.STAND: 3, Posture.CROUCH: 2, Posture.PRONE: 1}


class Status(str, Enum):
    """Status markers (RULES.md §1.4, 6.4)."""

    OK = "ok"
    SUPPRESSED = "suppressed"
    STUNNED = "stunned"
