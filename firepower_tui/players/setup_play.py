"""The computer's setup: buying a force within its budget (§10.3) and deploying it (§10.2).

Shared by the scored opponent and the scripted heuristic player: a sensible force (a leader,
a light machine gun for every forty points, riflemen for the rest) and placements in cover,
as far forward as the zone allows, facing the enemy.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import engine
from ..rules.model.actions import Action, Buy, Choose, Deployed, Place, Ready, RollOff
from ..rules.board.hexgrid import Facing, Hex, OffsetCoord, hex_distance, qoffset_to_cube
from ..rules.board.hexgrid import facing_toward as hexgrid_facing_toward
from ..rules.scenario.setup import budget, placeable, spent
from ..rules.model.state import GameState
from ..rules.board.terrain import Terrain
from ..rules.model.types import Phase, Posture, RuleId, SetupStep
from ..rules.scenario.victory import POINTS, sector_of

@dataclass(frozen=True)
class SetupStyle:
    """How a computer level buys (§10.3) and deploys (§10.2)."""

    lmg_points: int = 40
    """An LMG per so many points of budget (at least one)."""
    lmg_most: int = 0
    """At most so many LMGs (0: no cap; ruling R118): each is 18 points the enemy scores by one kill (§10.4)."""
    sectors: bool = False
    """Where ground scores (§10.4), the last men placed go to the zone's sectors nobody holds (R108)."""
    low: bool = False
    """A man placed on open ground lies Prone (6.3.6.2.4: +2 to be hit), unless Hit the dirt (§9.2)
    drops him for free when he is fired on (R117)."""


PLAIN = SetupStyle()
"""The normal and easy levels' setup, and the heuristic player's."""


COVER_VALUE = {Terrain.TREES: 2.0, Terrain.ROUGH: 1.0, Terrain.SCRUB: 1.0, Terrain.HILL: 0.5}
"""How much a man likes a hex's terrain (6.3.6.2.2 cover +1, 6.3.6.2.3 concealment +1; a hill sees far)."""


def buy(state: GameState, side: str, style: SetupStyle = PLAIN) -> Action:
    """The next purchase (§10.3): a leader first, an LMG per ``style.lmg_points`` of budget (at
    most ``style.lmg_most``), riflemen, then ``ready`` when nothing more fits."""
    legal = [a for a in engine.legal_actions(state, kinds=(Buy, Ready)) if getattr(a, "side", None) == side]
    buys = {a.weapon: a for a in legal if isinstance(a, Buy) and not a.scout}
    mine = [s for s in state.soldiers if s.side == side]
    total = budget(state, side) or 0
    left = total - spent(state, side)
    lmgs = sum(1 for s in mine if s.weapon == "LMG")
    wanted: list[str] = []
    if not any(s.weapon == "PST" for s in mine):
        wanted.append("PST")
    if lmgs < max(1, min(total // style.lmg_points, style.lmg_most or total)):
        wanted.append("LMG")
    wanted.append("RFL")
    if left < POINTS["RFL"] + POINTS["PST"]:
        wanted = ["RFL", "PST", "LMG"]  # fill the last points
    for weapon in wanted:
        if weapon in buys:
            return buys[weapon]
    ready = Ready(side=side)
    return ready if ready in legal else (legal[0] if legal else ready)


def enemy_centre(state: GameState, side: str) -> Hex:
    """Where the enemy is (his deployed men, else his deployment zone, else the map's middle)."""
    men = [s.hex for s in state.living() if s.side != side]
    if not men:
        zone = [z for z in state.scenario.spec.zones if z.side != side]
        gmap = state.scenario.map
        if zone:
            rows = zone[0].rows
            mid_row = (rows[0] + rows[-1]) // 2 - 1
            return qoffset_to_cube(OffsetCoord(gmap.columns // 2, mid_row))
        return qoffset_to_cube(OffsetCoord(gmap.columns // 2, gmap.rows // 2))
    q = round(sum(h.q for h in men) / len(men))
    r = round(sum(h.r for h in men) / len(men))
    return Hex(q, r)


def facing_toward(origin: Hex, target: Hex, default: Facing = Facing.N) -> Facing:
    """The facing whose firing arc holds ``target`` most squarely (``hexgrid.facing_toward``);
    ``default`` for his own hex."""
    toward = hexgrid_facing_toward(origin, target)
    return default if toward is None else toward


def deploy(state: GameState, side: str, style: SetupStyle = PLAIN, *, spread: int = 2) -> Action:
    """The deployment step's action for ``side`` (§10.2): roll, let the enemy place first, take
    the first phase, and place each man in the best cover nearest the enemy, facing him.

    ``style.sectors`` (R108): leave no sector of the zone empty. ``style.low`` (R117): on open
    ground (a terrain :data:`COVER_VALUE` does not value: not trees, rough, scrub or a hill) he
    lies Prone, unless Hit the dirt is in play."""
    step = state.setup_step
    if step in (SetupStep.ROLLOFF, SetupStep.INITIATIVE):
        return RollOff()
    if step == SetupStep.CHOOSE_DEPLOY:
        return Choose(side=state.enemy_of(side))  # place second: see where he is first
    if step == SetupStep.CHOOSE_FIRST:
        return Choose(side=side)
    men = placeable(state, side)
    if not men:
        return Deployed()
    target = enemy_centre(state, side)
    s = max(men, key=lambda m: (m.weapon == "LMG", m.weapon == "RFL"))
    spots = [a for a in engine.legal_actions(state, s.id, kinds=(Place,)) if isinstance(a, Place)]
    if not spots:
        return Deployed()
    friends = [m.hex for m in state.living(side)]
    gmap = state.scenario.map

    empty: set[int] = set()
    if style.sectors and state.scenario.spec.victory == "points_and_ground":
        empty = {sector_of(state, p.hex) for p in spots} - {sector_of(state, h) for h in friends}
        if len(men) > len(empty):
            empty = set()  # the sectors wait for the last men: the first (the LMGs) go where they fight

    def value(p: Place) -> float:
        crowd = sum(1 for h in friends if hex_distance(h, p.hex) < spread)
        v = (COVER_VALUE.get(gmap.terrain_at(p.hex), 0.0) - 0.15 * hex_distance(p.hex, target)
             - 1.5 * crowd - 3.0 * sum(1 for h in friends if h == p.hex))
        if empty and sector_of(state, p.hex) in empty:
            v += 4.0
        return v

    best = max(spots, key=value)
    posture = best.posture
    if style.low and gmap.terrain_at(best.hex) not in COVER_VALUE and RuleId.HIT_THE_DIRT not in state.rules:
        posture = Posture.PRONE
    return Place(soldier=s.id, hex=best.hex, facing=facing_toward(best.hex, target, s.facing), posture=posture)


def setup_action(state: GameState, side: str, style: SetupStyle = PLAIN) -> Action:
    """The computer's action in the forces or deployment phase, checked (else the first legal one)."""
    action = buy(state, side, style) if state.phase == Phase.FORCES else deploy(state, side, style)
    if engine.check(state, action) is None:
        return action
    legal = engine.legal_actions(state)
    mine = [a for a in legal if getattr(a, "side", side) == side]
    return (mine or legal)[0]
