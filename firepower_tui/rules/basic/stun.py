"""Stun and suppression (RULES.md 4.11, 6.4): the markers fire, grenades, melee and the
optional rules put on a man, and what each takes off him."""

from __future__ import annotations

from ..model.events import Event, RunningChanged, StatusChanged
from ..model.types import Posture, Status
from ..model.units import Soldier


def suppress(s: Soldier, rule: str, why: str) -> tuple[Soldier, list[Event]]:
    """Suppressed marker: Running comes off at once; a Stunned man stays Stunned (6.4.3, A28)."""
    events: list[Event] = []
    if s.status is Status.STUNNED:
        return s, events
    update: dict[str, object] = {}
    if s.status is not Status.SUPPRESSED:
        update["status"] = Status.SUPPRESSED
        events.append(StatusChanged(soldier=s.id, status="suppressed", rule=rule, why=why))
    if s.running:
        update["running"] = False
        events.append(RunningChanged(soldier=s.id, running=False, rule="6.4.3", why="he became Suppressed"))
    return (s.evolve(**update) if update else s), events


def stun(s: Soldier, rule: str, why: str) -> tuple[Soldier, list[Event]]:
    """Stunned marker: forced Prone at no cost, Running removed (6.4.2, 6.4.4, 4.11.3)."""
    events: list[Event] = [StatusChanged(soldier=s.id, status="stunned", rule=rule, why=why)]
    update: dict[str, object] = {"status": Status.STUNNED, "posture": Posture.PRONE}
    if s.running:
        update["running"] = False
        events.append(RunningChanged(soldier=s.id, running=False, rule="6.4.3", why="he became Stunned"))
    return s.evolve(**update), events
