"""Sequence of play: chits, impulses, phases, turns and the end of the game (RULES.md §2, 6.1, 6.2)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..board.hexgrid import Facing, Hex, hex_from_id, hex_to_id
from ..model.actions import DrawChit, EndImpulse, EndPhase, StartImpulse
from ..model.dice import Dice
from ..model.errors import Refusal
from ..model.events import (ChitDrawn, Event, GameEnded, ImpulseEnded, ImpulseStarted, PhaseEnded, RunningChanged,
                            StatusChanged, TurnEnded, TurnStarted)
from ..model.scenario import Scenario
from ..model.state import Chit, GameState
from ..model.types import Phase, Status
from ..model.units import OFF_MAP, Soldier
from ..scenario.options import AVAILABLE, RuleChoiceError, rule_problem

# Enum members read in hot paths, looked up once (on Python 3.11 a class attribute of an Enum costs
# about 0.2 us: EnumType's __getattr__ slows every lookup on the class).
_PHASE_PLAY = Phase.PLAY
_STATUS_OK = Status.OK
_STATUS_STUNNED = Status.STUNNED
_STATUS_SUPPRESSED = Status.SUPPRESSED

_NOBODY: frozenset[Any] = frozenset()
"""An empty set of men or hexes (one value, shared)."""

IMPULSES_PER_PHASE = 2
"""Impulses a side may take in one impulse phase (6.2)."""


def new_game(scenario: Scenario, *, deploy: bool = False, rules: Iterable[str] | None = None) -> GameState:
    """Turn 1, every chit in the cup, soldiers as the scenario places them.

    Args:
        deploy: place every soldier of a side with a deployment zone in a deployment
            phase, ignoring the scenario's fixed positions (§10.2).
        rules: the optional rules in play (§9 ids); by default the scenario's ``rules``.

    Raises:
        ValueError: a rule id that is unknown or not implemented yet.
    """
    chosen = frozenset(str(r).lower() for r in (scenario.spec.rules if rules is None else rules))
    for rule in sorted(chosen):
        problem = rule_problem(rule)
        if problem is not None:
            raise RuleChoiceError(f"{problem}; available: {', '.join(AVAILABLE)}")
    zoned = {z.side for z in scenario.spec.zones} if deploy else set()
    soldiers = []
    for s in scenario.spec.soldiers:
        fixed = s.hex is not None and s.side not in zoned
        soldiers.append(Soldier(id=s.id, side=s.side, weapon=s.weapon,
                                hex=hex_from_id(s.hex) if fixed and s.hex else OFF_MAP,
                                facing=Facing[s.facing], posture=s.posture,
                                fence_side=s.fence_side if fixed else None, traits=tuple(s.traits), deployed=fixed))
    defender = scenario.spec.defender
    holders = {h: defender for h in scenario.objective_hexes} if defender else {}
    state = GameState.start(scenario=scenario, soldiers=tuple(soldiers),
                            kills={side.id: 0 for side in scenario.spec.sides}, holders=holders, rules=chosen)
    state = state.evolve(cup=full_cup(state))
    if scenario.spec.forces or any(not s.deployed for s in state.soldiers):
        from ..scenario.setup import start_setup

        state = start_setup(state)
    return state


def opening_events(state: GameState) -> tuple[Event, ...]:
    """What the log says when a game starts."""
    return (TurnStarted(turn=state.turn, cup=state.cup_counts()),)


def full_cup(state: GameState) -> tuple[Chit, ...]:
    """Every chit of both sides, letters A, B, … (§1.5, A23, A36)."""
    n = state.scenario.spec.chits_per_side
    return tuple(Chit(side=side, letter=chr(ord("A") + i)) for side in state.sides for i in range(n))


# --- chits -----------------------------------------------------------------------------

def check_draw(state: GameState, action: DrawChit) -> Refusal | None:
    """RULES.md 6.1."""
    if state.active is not None:
        name = state.scenario.side_name(state.active)
        return Refusal(reason=f"{name}'s impulse phase is still under way: end it first (done)", rule="6.1")
    if action.side is not None:
        if action.side not in state.sides:
            return Refusal(reason=f"there is no side {action.side!r} (sides: {', '.join(state.sides)})", rule="6.1")
        if not any(c.side == action.side for c in state.cup):
            return Refusal(reason=f"no {state.scenario.side_name(action.side)} chit is left in the cup "
                                  f"this turn", rule="6.1")
    return None


def apply_draw(state: GameState, action: DrawChit, dice: Dice) -> tuple[GameState, list[Event]]:
    """Draw a chit, then the 6.1.1-6.1.2 housekeeping; end the phase at once if nobody can act."""
    if action.side is None and state.first_side and state.turn == 1 and not state.played:
        chit = next(c for c in state.cup if c.side == state.first_side)  # chosen after deployment (§10.2 step 4)
    elif action.side is None:
        chit = state.cup[dice.pick("chit draw", len(state.cup))]
    else:
        chit = next(c for c in state.cup if c.side == action.side)
    cup = list(state.cup)
    cup.remove(chit)
    active = chit.side
    events: list[Event] = []
    changed: list[Soldier] = []
    for s in state.living():
        if s.side == active:
            if s.running:  # 6.1.1
                events.append(RunningChanged(soldier=s.id, running=False, rule="6.1.1",
                                             why="his side's chit was drawn"))
                changed.append(s.evolve(combat_used=False, running=False))
            elif s.combat_used:  # a new phase: a combat action again (6.2.5)
                changed.append(s.evolve(combat_used=False))
        elif s.status is _STATUS_SUPPRESSED:
            changed.append(s.evolve(status=_STATUS_OK))
            events.append(StatusChanged(soldier=s.id, status="ok", rule="6.1.2",
                                        why="the enemy's chit was drawn"))
    state = state.with_soldiers(*changed, cup=tuple(cup), played=state.played + (chit,), active=active, impulse=0,
                                impulses_used=0, impulse_hex=None, group=(), committed=False, acted=_NOBODY,
                                fired_from=_NOBODY)
    events.insert(0, ChitDrawn(turn=state.turn, side=active, letter=chit.letter,
                               random=action.side is None, cup=state.cup_counts()))
    if not impulse_hexes(state):
        state, more = end_phase(state)
        events += more
    return state, events


# --- impulses --------------------------------------------------------------------------

def impulse_hexes(state: GameState) -> list[Hex]:
    """Hexes that may start an impulse now (someone there who is not Stunned and has not acted)."""
    return list(_free_men(state)[1]) if _phase_open(state, state.impulses_used) else []


def _phase_open(state: GameState, used: int) -> bool:
    """Whether the phase may have another impulse once ``used`` of its impulses are used (6.2),
    before asking whether any hex can start one."""
    return state.active is not None and used < IMPULSES_PER_PHASE and not state.over


def _free_men(state: GameState) -> tuple[dict[Hex, tuple[Soldier, ...]], tuple[Hex, ...]]:
    """The active side's living men who have not acted this phase, by hex (in scenario order:
    the groups an impulse would activate, 6.2), and the hexes where one of them is not Stunned
    (where an impulse may start), in the order of the soldiers. Read once for the soldiers, the
    side and who acted: asked after the action that led here, by the next player and by the
    impulse he starts."""
    active, acted = state.active, state.acted
    memo = state.memo()
    key = ("free men", active, acted)
    found: tuple[dict[Hex, tuple[Soldier, ...]], tuple[Hex, ...]] | None = memo.get(key)
    if found is None:
        stunned = _STATUS_STUNNED
        groups: dict[Hex, tuple[Soldier, ...]] = {}
        seen: dict[Hex, None] = {}
        for s in state.soldiers:
            if s.side == active and not s.killed and s.deployed and s.id not in acted:
                h = s.hex
                here = groups.get(h)
                groups[h] = (s,) if here is None else here + (s,)
                if s.status is not stunned:
                    seen[h] = None
        found = memo[key] = (groups, tuple(seen))
    return found


def impulses_left(state: GameState) -> int:
    """The impulses the active side may still start this phase besides the one under way (6.2):
    none once both are used, or when no hex holds a man who has not acted. An impulse under way
    that has spent no MF is not used yet (§9.9): it counts among them."""
    if state.active is None or state.over:
        return 0
    used = state.impulses_used + (1 if state.impulse and state.committed else 0)
    if not _phase_open(state, used) or not _free_men(state)[1]:
        return 0
    return IMPULSES_PER_PHASE - used


def check_start_impulse(state: GameState, action: StartImpulse) -> Refusal | None:
    """RULES.md 6.2, §9.9."""
    if state.impulse and state.committed:
        return Refusal(reason=f"impulse {state.impulse} in {hex_to_id(state.impulse_hex or action.hex)} is under way "
                              "and committed (an MF was spent): end it first (end)", rule="§9.9")
    if state.impulses_used >= IMPULSES_PER_PHASE:
        return Refusal(reason="both impulses of this phase are used: end the phase (done)", rule="6.2")
    h = action.hex
    if not state.scenario.map.on_map(h):
        return Refusal(reason=f"{hex_to_id(h)} is off the map", rule="6.2")
    ours = [s for s in state.occupied().get(h, ()) if s.side == state.active]
    name = state.scenario.side_name(state.active or "") if not ours or all(s.id in state.acted for s in ours) else ""
    if not ours:
        return Refusal(reason=f"{hex_to_id(h)} holds no {name} soldier", rule="6.2")
    group = [s for s in ours if s.id not in state.acted]
    if not group:
        return Refusal(reason=f"every {name} soldier in {hex_to_id(h)} already acted in this phase "
                              "(one impulse per soldier per phase)", rule="6.2")
    if all(s.status is _STATUS_STUNNED for s in group):
        return Refusal(reason=f"every soldier in {hex_to_id(h)} is Stunned and may spend no MF", rule="6.4.4")
    return None


def apply_start_impulse(state: GameState, action: StartImpulse) -> tuple[GameState, list[Event]]:
    """Activate the hex; an uncommitted impulse is simply replaced (§9.9)."""
    events: list[Event] = []
    if state.impulse:
        events.append(ImpulseEnded(number=state.impulse, counted=False))
    group = _free_men(state)[0].get(action.hex, ())
    fresh = [s.evolve(mf_spent=0, noncombat_mf=0, entries=0, mf_cap=None, halted=False)
             for s in group if s.mf_spent or s.noncombat_mf or s.entries or s.mf_cap is not None or s.halted]
    number = state.impulses_used + 1
    state = state.with_soldiers(*fresh, impulse=number, impulse_hex=action.hex, group=tuple([s.id for s in group]),
                                committed=False, fired_from=_NOBODY)
    events.append(ImpulseStarted(number=number, hex=action.hex, soldiers=state.group))
    return state, events


def commit(state: GameState) -> GameState:
    """The first MF of an impulse commits it to its hex; its soldiers have now acted (6.2, §9.9)."""
    if state.committed:
        return state
    return state.evolve(**commit_changes(state))


def commit_changes(state: GameState) -> dict[str, Any]:
    """The fields :func:`commit` changes (none once committed), to merge into another copy."""
    if state.committed:
        return {}
    return {"committed": True, "acted": state.acted | frozenset(state.group)}


def check_end_impulse(state: GameState, action: EndImpulse) -> Refusal | None:
    """RULES.md 6.2."""
    if not state.impulse:
        return Refusal(reason="no impulse is under way (start one: impulse <hex>; or end the phase: done)", rule="6.2")
    return None


def apply_end_impulse(state: GameState, action: EndImpulse | None = None) -> tuple[GameState, list[Event]]:
    """Close the impulse; the phase ends after the second one or when no hex can start another."""
    counted = state.committed
    events: list[Event] = [ImpulseEnded(number=state.impulse, counted=counted)]
    if counted and not (_phase_open(state, state.impulses_used + 1) and _free_men(state)[1]):
        # No hex may start another impulse: the phase ends, and end_phase sets every field the
        # impulse's end would (one copy of the state instead of two).
        state, more = end_phase(state)
        events += more
        return state, events
    state = state.evolve(impulse=0, impulse_hex=None, group=(), committed=False, fired_from=_NOBODY,
                         impulses_used=state.impulses_used + (1 if counted else 0))
    return state, events


def check_end_phase(state: GameState, action: EndPhase) -> Refusal | None:
    """RULES.md 6.2: a player may use fewer than two impulses."""
    return None


def apply_end_phase(state: GameState, action: EndPhase) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    if state.impulse:
        state, events = apply_end_impulse(state)
        if state.active is None:
            return state, events
    state, more = end_phase(state)
    return state, events + more


def end_phase(state: GameState) -> tuple[GameState, list[Event]]:
    """6.1.3: the phasing side's Stunned men become Suppressed; then maybe the turn ends."""
    side = state.active
    assert side is not None
    events: list[Event] = [PhaseEnded(side=side)]
    changed = []
    for s in state.living(side):
        if s.status is _STATUS_STUNNED:
            changed.append(s.evolve(status=_STATUS_SUPPRESSED))
            events.append(StatusChanged(soldier=s.id, status="suppressed", rule="6.1.3",
                                        why="Stunned men of the side that ends its phase become Suppressed"))
    state = state.with_soldiers(*changed, active=None, impulse=0, impulses_used=0, impulse_hex=None, group=(),
                                committed=False, acted=_NOBODY, fired_from=_NOBODY)
    if not state.cup:
        state, more = end_turn(state)
        events += more
    return state, events


def end_turn(state: GameState) -> tuple[GameState, list[Event]]:
    """§2.1 step 3: after the last chit, check the end of the game, else start the next turn."""
    events: list[Event] = [TurnEnded(turn=state.turn)]
    if state.turn >= state.scenario.spec.turns:
        from ..scenario.victory import decide

        winner, reason = decide(state, f"turn {state.turn} of {state.scenario.spec.turns} is over")
        state, more = _game_over(state, winner, reason)
        return state, events + more
    state = state.evolve(turn=state.turn + 1, played=(), cup=full_cup(state))  # (the cup is the scenario's alone)
    events.append(TurnStarted(turn=state.turn, cup=state.cup_counts()))
    return state, events


def check_wipe_out(state: GameState) -> tuple[GameState, list[Event]]:
    """§2.6: the game ends at once when a side has no soldiers left."""
    if state.over or state.phase != _PHASE_PLAY:
        return state, []
    alive = {s.side for s in state.soldiers if not s.killed and s.deployed}  # sides with someone living
    for side in state.sides:
        if side not in alive:
            other = state.enemy_of(side)
            if other not in alive:
                return _game_over(state, None, "both sides were wiped out: a draw (§2.6)")
            why = f"{state.scenario.side_name(side)} has no soldiers left (§2.6)"
            if state.scenario.spec.victory == "kills":
                return _game_over(state, other, why)
            from ..scenario.victory import decide

            return _game_over(state, *decide(state, why))
    return state, []


def _game_over(state: GameState, winner: str | None, reason: str) -> tuple[GameState, list[Event]]:
    state = state.evolve(over=True, winner=winner, result=reason, active=None, impulse=0, group=(), impulse_hex=None)
    return state, [GameEnded(winner=winner, reason=reason, kills=dict(state.kills))]
