"""Before turn 1: forces by points (§10.3) and the deployment phase (§10.2).

Steps: ``forces`` (each side with a budget buys, then ``ready``) -> ``rolloff`` (d10 each,
ties re-rolled) -> ``choose_deploy`` (the winner picks who places first) -> ``place``
(alternate placements of one or more men, ``deployed`` ends one; scouts last) ->
``initiative`` (d10 each, the side that finished first adds its bonus) -> ``choose_first``
(the winner picks who takes the first impulse phase of turn 1) -> play.
"""

from __future__ import annotations

from ..board.hexgrid import Facing, hex_distance, hex_to_id
from ..model.actions import Buy, Choose, Deployed, Drop, Place, Ready, RollOff
from ..model.breakdown import Modifier
from ..model.dice import Dice
from ..model.errors import Refusal
from ..model.events import Event, Rolled, SetupEvent
from ..model.state import GameState
from ..model.types import Phase, RollOutcome, SetupStep
from ..model.units import OFF_MAP, Soldier
from .victory import POINTS, TRAIT_POINTS, soldier_points

SCOUT_DISTANCE = 6
"""Scouts are placed more than 6 hexes from every enemy soldier (§10.2 step 3)."""


def start_setup(state: GameState) -> GameState:
    """The first setup step for a new game that needs one."""
    if state.scenario.spec.forces:
        return state.evolve(phase=Phase.FORCES, setup_step=SetupStep.FORCES)
    return state.evolve(phase=Phase.DEPLOY, setup_step=SetupStep.ROLLOFF)


def spent(state: GameState, side: str) -> int:
    """Points spent by a side (§10.3)."""
    men = sum(soldier_points(s) for s in state.soldiers if s.side == side)
    if state.special is not None and state.special.bought:  # §9.5 items bought for points (R94)
        from .victory import ITEM_POINTS

        mine = {s.id for s in state.soldiers if s.side == side}
        men += sum(ITEM_POINTS[i] * n for sid, i, n in state.special.bought if sid in mine)
    return men


def budget(state: GameState, side: str) -> int | None:
    f = state.scenario.spec.forces.get(side)
    return f.budget if f else None


def _name(state: GameState, side: str | None) -> str:
    return state.scenario.side_name(side or "")


# --- checks (one per action kind; the engine has already refused them outside the setup) ---------

def check_buy(state: GameState, action: Buy) -> Refusal | None:
    """§10.3: a side bought by points, not yet complete, with the points left."""
    refusal = _forces_step(state)
    if refusal is not None:
        return refusal
    left = budget(state, action.side)
    if left is None:
        return Refusal(reason=f"{_name(state, action.side)} is not bought by points in this scenario", rule="§10.3")
    if action.side in state.ready:
        return Refusal(reason=f"{_name(state, action.side)}'s force is already complete", rule="§10.3")
    cost = POINTS[action.weapon] + (TRAIT_POINTS["scout"] if action.scout else 0)
    if spent(state, action.side) + cost > left:
        return Refusal(reason=f"{_name(state, action.side)} has {left - spent(state, action.side)} of "
                              f"{left} points left; a {action.weapon}{' scout' if action.scout else ''} "
                              f"costs {cost}", rule="§10.3")
    return None


def check_drop(state: GameState, action: Drop) -> Refusal | None:
    """§10.3: a man bought by points, of a side not yet complete."""
    refusal = _forces_step(state)
    if refusal is not None:
        return refusal
    s = state.soldier(action.soldier)
    if s is None or budget(state, s.side) is None:
        return Refusal(reason=f"{action.soldier} was not bought by points", rule="§10.3")
    if s.side in state.ready:
        return Refusal(reason=f"{_name(state, s.side)}'s force is already complete", rule="§10.3")
    return None


def check_ready(state: GameState, action: Ready) -> Refusal | None:
    """§10.3: a side bought by points that has bought someone."""
    refusal = _forces_step(state)
    if refusal is not None:
        return refusal
    if budget(state, action.side) is None:
        return Refusal(reason=f"{_name(state, action.side)} is not bought by points", rule="§10.3")
    if action.side in state.ready:
        return Refusal(reason=f"{_name(state, action.side)}'s force is already complete", rule="§10.3")
    if not any(s.side == action.side for s in state.soldiers):
        return Refusal(reason=f"{_name(state, action.side)} has bought nobody yet", rule="§10.3")
    return None


def _forces_step(state: GameState) -> Refusal | None:
    if state.setup_step != SetupStep.FORCES:
        return Refusal(reason="the forces are already bought", rule="§10.3")
    return None


def check_rolloff(state: GameState, action: RollOff) -> Refusal | None:
    """§10.2: the deployment roll-off, or the roll for the first phase once everyone is placed."""
    if state.setup_step not in (SetupStep.ROLLOFF, SetupStep.INITIATIVE):
        return Refusal(reason="no roll is due now", rule="§10.2")
    return None


def check_choose(state: GameState, action: Choose) -> Refusal | None:
    """§10.2: the winner of a roll chooses a side."""
    if state.setup_step not in (SetupStep.CHOOSE_DEPLOY, SetupStep.CHOOSE_FIRST):
        return Refusal(reason="no choice is due now", rule="§10.2")
    if action.side not in state.sides:
        return Refusal(reason=f"there is no side {action.side!r}", rule="§10.2")
    return None


def check_place(state: GameState, action: Place) -> Refusal | None:
    """§10.2: a man of the placing side, in its zone (a scout: far from every enemy, last)."""
    refusal = _place_step(state)
    return refusal if refusal is not None else _check_place(state, action)


def check_deployed(state: GameState, action: Deployed) -> Refusal | None:
    """§10.2: at least one man placed in each placement, while any may be."""
    refusal = _place_step(state)
    return refusal if refusal is not None else _check_deployed(state)


def _place_step(state: GameState) -> Refusal | None:
    if state.setup_step != SetupStep.PLACE:
        return Refusal(reason="soldiers are not being placed now", rule="§10.2")
    return None


def _scouts_turn(state: GameState) -> bool:
    """Scouts are placed last: once every other man of both sides is on the map."""
    return not any("scout" not in s.traits for s in state.undeployed())


def _check_place(state: GameState, action: Place) -> Refusal | None:
    s = state.soldier(action.soldier)
    if s is None:
        return Refusal(reason=f"there is no soldier {action.soldier!r}", rule="docs/notation.md")
    if s.side != state.placer:
        return Refusal(reason=f"{s.id} is {_name(state, s.side)}'s; {_name(state, state.placer)} is placing now",
                       rule="§10.2")
    if s.deployed:
        return Refusal(reason=f"{s.id} is already on the map", rule="§10.2")
    gmap = state.scenario.map
    h = action.hex
    if not gmap.on_map(h):
        return Refusal(reason=f"{hex_to_id(h)} is off the map", rule="§10.2")
    if any(o.side != s.side for o in state.soldiers_at(h)):
        return Refusal(reason=f"{hex_to_id(h)} holds enemy soldiers", rule="§3.8")
    if "scout" in s.traits:
        if not _scouts_turn(state):
            return Refusal(reason=f"{s.id} is a scout: scouts are placed last, after every other man", rule="§10.2")
        enemy = state.enemy_of(s.side)
        if h in state.scenario.zone(enemy):
            return Refusal(reason=f"a scout may not be placed in the enemy zone ({hex_to_id(h)})", rule="§10.2")
        near = [e for e in state.living(enemy) if hex_distance(e.hex, h) <= SCOUT_DISTANCE]
        if near:
            return Refusal(reason=f"a scout must be more than {SCOUT_DISTANCE} hexes from every enemy; "
                                  f"{near[0].id} is {hex_distance(near[0].hex, h)} away", rule="§10.2")
        return None
    if h not in state.scenario.zone(s.side):
        return Refusal(reason=f"{hex_to_id(h)} is outside {_name(state, s.side)}'s deployment zone", rule="§10.2")
    return None


def placeable(state: GameState, side: str) -> list[Soldier]:
    """Men of a side that may be placed now (scouts only once everyone else is down)."""
    scouts = _scouts_turn(state)
    return [s for s in state.undeployed(side) if scouts or "scout" not in s.traits]


def _check_deployed(state: GameState) -> Refusal | None:
    if state.placed_now == 0 and placeable(state, state.placer or ""):
        return Refusal(reason="place at least one soldier in each placement", rule="§10.2")
    return None


# --- applying ---------------------------------------------------------------------------------------

def apply_drop(state: GameState, action: Drop, dice: Dice) -> tuple[GameState, list[Event]]:
    gone = state.soldier(action.soldier)
    assert gone is not None
    state = state.evolve(soldiers=tuple(s for s in state.soldiers if s.id != gone.id))
    return state, [SetupEvent(what="dropped", side=gone.side, soldier=gone.id, hex=None, rule="§10.3",
                              text=f"{gone.id} dropped; {_name(state, gone.side)} has spent "
                                   f"{spent(state, gone.side)} of {budget(state, gone.side)} points")]


def apply_ready(state: GameState, action: Ready, dice: Dice) -> tuple[GameState, list[Event]]:
    ready = state.ready | {action.side}
    state = state.evolve(ready=ready)
    events: list[Event] = [SetupEvent(what="ready", side=action.side, soldier=None, hex=None, rule="§10.3",
                                      text=f"{_name(state, action.side)}'s force is complete: "
                                           f"{spent(state, action.side)} of {budget(state, action.side)} points")]
    if set(state.scenario.spec.forces) <= ready:
        state = state.evolve(phase=Phase.DEPLOY, setup_step=SetupStep.ROLLOFF)
    return state, events


def apply_deployed(state: GameState, action: Deployed, dice: Dice) -> tuple[GameState, list[Event]]:
    return _end_placement(state)


def apply_buy(state: GameState, action: Buy, dice: Dice) -> tuple[GameState, list[Event]]:
    letter = _name(state, action.side)[:1].upper() or action.side[:1].upper()
    taken = {s.id.upper() for s in state.soldiers}
    n = 1
    while f"{letter}{n}" in taken:
        n += 1
    facing = Facing.S if state.sides.index(action.side) == 0 else Facing.N
    s = Soldier(id=f"{letter}{n}", side=action.side, weapon=action.weapon, hex=OFF_MAP,
                facing=facing, deployed=False, traits=("scout",) if action.scout else ())
    state = state.evolve(soldiers=state.soldiers + (s,))
    return state, [SetupEvent(what="bought", side=action.side, soldier=s.id, hex=None, rule="§10.3",
                              text=f"{_name(state, action.side)} buys {s.id}, {action.weapon}"
                                   f"{' scout' if action.scout else ''} ({soldier_points(s)} points): "
                                   f"{spent(state, action.side)} of {budget(state, action.side)} spent")]


def apply_rolloff(state: GameState, action: RollOff, dice: Dice) -> tuple[GameState, list[Event]]:
    a, b = state.sides
    events: list[Event] = []
    initiative = state.setup_step == SetupStep.INITIATIVE
    what = "first phase" if initiative else "roll-off"
    while True:
        ra, rb = dice.d10(f"{what}: {_name(state, a)}"), dice.d10(f"{what}: {_name(state, b)}")
        ta, tb = ra, rb
        mods = {a: 0, b: 0}
        if initiative and state.finished_first is not None:
            mods[state.finished_first] = state.bonus
        ta += mods[a]
        tb += mods[b]
        for side, die, total in ((a, ra, ta), (b, rb, tb)):
            m = (Modifier(label="initiative bonus", value=mods[side], rule="§10.2"),) if mods[side] else ()
            events.append(Rolled(purpose=f"{what}: {_name(state, side)}", die=die, need=None, need_rule="§10.2",
                                 modifiers=m, total=total, result=f"{total}", result_rule="§10.2",
                                 outcome=RollOutcome.TOTAL))
        if initiative:
            break
        if ta != tb:
            break
        events.append(SetupEvent(what="rolloff", side=None, soldier=None, hex=None, rule="§10.2",
                                 text="a tie: both roll again"))
    if initiative:
        first = state.finished_first or a
        other = state.enemy_of(first)
        t_first = ta if first == a else tb
        t_other = tb if first == a else ta
        decider = first if t_first > t_other else other
        text = (f"{_name(state, decider)} decides who takes the first impulse phase of turn 1 "
                f"({_name(state, first)} {t_first} with bonus {state.bonus} against {_name(state, other)} {t_other})")
        step = SetupStep.CHOOSE_FIRST
    else:
        decider = a if ta > tb else b
        text = f"{_name(state, decider)} wins the roll-off ({max(ta, tb)} to {min(ta, tb)}) and decides who deploys first"
        step = SetupStep.CHOOSE_DEPLOY
    events.append(SetupEvent(what="initiative" if initiative else "rolloff", side=decider, soldier=None, hex=None,
                             rule="§10.2", text=text))
    return state.evolve(setup_step=step, decider=decider), events


def apply_choose(state: GameState, action: Choose, dice: Dice) -> tuple[GameState, list[Event]]:
    if state.setup_step == SetupStep.CHOOSE_DEPLOY:
        state = state.evolve(setup_step=SetupStep.PLACE, placer=action.side, placed_now=0)
        return state, [SetupEvent(what="chose", side=action.side, soldier=None, hex=None, rule="§10.2",
                                  text=f"{_name(state, state.decider)} chooses: {_name(state, action.side)} "
                                       "places first")]
    state = state.evolve(phase=Phase.PLAY, setup_step=SetupStep.NONE, first_side=action.side, decider=None, placer=None)
    return state, [SetupEvent(what="play", side=action.side, soldier=None, hex=None, rule="§10.2",
                              text=f"{_name(state, action.side)} takes the first impulse phase of turn 1")]


def apply_place(state: GameState, action: Place, dice: Dice) -> tuple[GameState, list[Event]]:
    s = state.soldier(action.soldier)
    assert s is not None
    line = state.scenario.map.line_at(action.hex)
    fence = line.half_of_hexside(action.facing.opposite) if line is not None else None
    placed = s.evolve(hex=action.hex, facing=action.facing, posture=action.posture, deployed=True, fence_side=fence)
    state = state.with_soldiers(placed, placed_now=state.placed_now + 1)
    events: list[Event] = [SetupEvent(what="placed", side=s.side, soldier=s.id, hex=action.hex, rule="§10.2",
                                      text=f"{s.id} placed in {hex_to_id(action.hex)} facing {action.facing.name}, "
                                           f"{action.posture.value}")]
    if not placeable(state, s.side):  # nobody left he could place now: the placement ends by itself
        state, more = _end_placement(state, scouts_only="scout" in s.traits)
        events += more
    return state, events


def _end_placement(state: GameState, scouts_only: bool | None = None) -> tuple[GameState, list[Event]]:
    """§10.2 step 2: hand over; count the other side's placements once one side is done.

    Args:
        scouts_only: the placement placed scouts only (they do not count for the bonus);
            by default, judged from whether only scouts are left to place.
    """
    side = state.placer or state.sides[0]
    other = state.enemy_of(side)
    finished_first = state.finished_first
    bonus = state.bonus
    scouts = _scouts_turn(state) if scouts_only is None else scouts_only
    if finished_first is not None and side != finished_first and state.placed_now and not scouts:
        bonus += 1
    if finished_first is None and not [s for s in state.undeployed(side) if "scout" not in s.traits] \
            and [s for s in state.undeployed(other) if "scout" not in s.traits]:
        finished_first = side
    events: list[Event] = [SetupEvent(what="placement_end", side=side, soldier=None, hex=None, rule="§10.2",
                                      text=f"{_name(state, side)} ends a placement")]
    if not state.undeployed():
        if finished_first is None:
            finished_first = side
        state = state.evolve(setup_step=SetupStep.INITIATIVE, placer=None, placed_now=0, finished_first=finished_first,
                             bonus=bonus)
        events.append(SetupEvent(what="initiative", side=finished_first, soldier=None, hex=None, rule="§10.2",
                                 text=f"Everyone is placed. {_name(state, finished_first)} finished first: "
                                      f"initiative bonus {bonus}. Roll for the first phase (rolloff)."))
        return state, events
    nxt = other if placeable(state, other) else side if placeable(state, side) else other
    state = state.evolve(placer=nxt, placed_now=0, finished_first=finished_first, bonus=bonus)
    return state, events
