"""Enums shared by the rules records: posture and status."""

from __future__ import annotations

from enum import Enum


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
