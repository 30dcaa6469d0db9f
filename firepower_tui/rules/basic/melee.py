"""Melee (RULES.md §5, 6.5, 6.5.3; ruling A21).

One melee action names all its attackers from the current impulse; :func:`assess_melee`
gives the roll and the win chance, :func:`resolve_melee` rolls the same.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board.hexgrid import hex_neighbor, hex_to_id
from ..model.actions import Melee
from ..model.breakdown import Modifier, RollBreakdown
from ..model.dice import Dice
from ..model.errors import Refusal
from ..model.events import Event, Killed, MeleeFought, Rolled
from ..model.state import GameState
from ..model.types import RollOutcome
from ..model.units import Soldier
from .acting import acting_soldier
from .combat import chance_of, combat_used_refusal, credit_kill
from .extensions import in_play
from .movement import entry_ledger, fence_refusal
from .sequence import commit

MELEE_HIT = 5
"""Attackers win on 5 or less (§5.2)."""
MELEE_MF = 1
"""MF the melee itself costs after the entry (§3.2, §5.1)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class MeleeAssessment:
    """The melee roll before the die."""

    hex: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    roll: RollBreakdown
    win_chance: float
    """Chance the attackers win (every defender dies); otherwise every attacker dies."""


def check_melee(state: GameState, action: Melee) -> Refusal | None:
    """RULES.md §5.1: attackers of this impulse, facing the hex, with entry + 1 MF, no combat yet."""
    if len(set(action.soldiers)) != len(action.soldiers):
        return Refusal(reason="an attacker is named twice", rule="§5.1")
    defenders = [d for d in state.soldiers_at(action.hex) if d.side != state.active]
    entry_refusal = in_play(state).move_refusal  # extension point "a move's refusal": §9.6, in by a door (R173)
    for sid in action.soldiers:
        s, refusal = acting_soldier(state, sid)
        if refusal is not None:
            return refusal
        assert s is not None
        front = hex_neighbor(s.hex, s.facing)
        if front != action.hex:
            return Refusal(reason=f"{s.id} faces {s.facing.name}: {hex_to_id(action.hex)} is not the hex in front "
                                  f"of him ({hex_to_id(front)})", rule="§5.1")
        if not defenders:
            return Refusal(reason=f"{hex_to_id(action.hex)} holds no enemy soldier to melee", rule="§5.1")
        refusal = fence_refusal(state, s)
        if refusal is None and entry_refusal is not None:
            refusal = entry_refusal(state, s, front)
        if refusal is not None:
            return refusal
        refusal = combat_used_refusal(s)
        if refusal is not None:
            return refusal
        cost = entry_ledger(state, s).total + MELEE_MF
        if s.mf_left < cost:
            return Refusal(reason=f"{s.id} needs {cost} MF to melee (entry {cost - MELEE_MF} + {MELEE_MF}) but has "
                                  f"{s.mf_left} left", rule="§5.1")
    return None


def assess_melee(state: GameState, action: Melee) -> MeleeAssessment:
    """±2 per surplus man, one d10 against 5 (§5.2)."""
    defenders = tuple(d.id for d in state.soldiers_at(action.hex) if d.side != state.active)
    n_att, n_def = len(action.soldiers), len(defenders)
    mods: list[Modifier] = []
    if n_att > n_def:
        mods.append(Modifier(label=f"{n_att - n_def} attacker(s) more than defenders", value=-2 * (n_att - n_def),
                             rule="§5.2"))
    elif n_def > n_att:
        mods.append(Modifier(label=f"{n_def - n_att} defender(s) more than attackers", value=2 * (n_def - n_att),
                             rule="§5.2"))
    names = ",".join(s.upper() for s in action.soldiers)
    b = RollBreakdown(purpose=f"melee: {names} into {hex_to_id(action.hex)}", need=MELEE_HIT, need_rule="§5.2",
                      modifiers=tuple(mods))
    return MeleeAssessment(hex=hex_to_id(action.hex), attackers=tuple(s.upper() for s in action.soldiers),
                           defenders=defenders, roll=b, win_chance=float(chance_of(b.faces_succeeding)))


def resolve_melee(state: GameState, action: Melee, dice: Dice) -> tuple[GameState, list[Event]]:
    """Winners stay and stop (6.5.3); the losing side's men in the melee all die (§5.2)."""
    a = assess_melee(state, action)
    die = dice.d10(a.roll.purpose)
    won = die + a.roll.modifier_total <= a.roll.need
    attackers = [state.soldier(sid) for sid in action.soldiers]
    outcome = RollOutcome.WON if won else RollOutcome.LOST
    result = "attackers win: every defender killed" if won else "attackers lose: every attacker killed"
    events: list[Event] = [Rolled.of(a.roll.evolve(die=die, result=result, result_rule="§5.2"), outcome)]
    events.append(MeleeFought(hex=action.hex, attackers=a.attackers, defenders=a.defenders,
                              winner="attackers" if won else "defenders"))
    state = commit(state)
    changed: list[Soldier] = []
    kills = dict(state.kills)
    attacker_side = state.active or ""
    for s in attackers:
        assert s is not None
        cost = entry_ledger(state, s).total + MELEE_MF
        line = state.scenario.map.line_at(action.hex)
        update: dict[str, object] = {"mf_spent": s.mf_spent + cost, "combat_used": True}
        if won:
            update.update(hex=action.hex, halted=True,
                          fence_side=line.half_of_hexside(s.facing.opposite) if line is not None else None)
        else:
            update["killed"] = True
        changed.append(s.evolve(**update))
    for d in state.soldiers_at(action.hex):
        if d.side != attacker_side and won:
            changed.append(d.evolve(killed=True))
    for c in changed:
        if c.killed:
            victim = state.soldier(c.id)
            assert victim is not None
            killer = state.enemy_of(victim.side)
            kills[killer] = credit_kill(state.evolve(kills=kills), killer, victim)[killer]
            events.append(Killed(soldier=c.id, rule="§5.2"))
    state = state.with_soldiers(*changed, kills=kills)
    return state, events
