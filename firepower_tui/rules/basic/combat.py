"""What fire, throws and melee share: the combat-action checks and the bookkeeping (RULES.md 6.2.5, 4.5)."""

from __future__ import annotations

from fractions import Fraction

from ..board.hexgrid import hex_to_id
from ..model.errors import Refusal
from ..model.state import GameState
from ..model.units import Soldier
from .extensions import in_play

COMBAT_MF = 2
"""Fire or throw costs 2 MF (§3.2, 6.2.5)."""


def combat_used_refusal(s: Soldier) -> Refusal | None:
    """One combat action per soldier per impulse phase (6.2.5)."""
    if s.combat_used:
        return Refusal(reason=f"{s.id} already used his combat action this phase", rule="6.2.5")
    return None


def combat_refusal(state: GameState, s: Soldier, *, then: int = 0) -> Refusal | None:
    """Fire or throw: one combat action per phase (6.2.5), one firer per hex per impulse (4.5), 2 MF
    plus the non-combat MF declared for after (6.3.6.2.7)."""
    refusal = combat_used_refusal(s)
    if refusal is None:
        more = in_play(state).combat_refusal  # extension point "a combat action's refusal": §9.6, not from water
        refusal = None if more is None else more(state, s)
    if refusal is not None:
        return refusal
    if s.hex in state.fired_from:
        return Refusal(reason=f"someone of this impulse already fired from {hex_to_id(s.hex)}: one firer per hex "
                              "per impulse", rule="4.5")
    left, cost = s.mf_left, COMBAT_MF
    if left < cost:
        return Refusal(reason=f"{s.id} needs {cost} MF to fire but has {left} left", rule="6.2.5")
    if then < 0 or then > left - cost:
        return Refusal(reason=f"{s.id} will have {left - cost} MF left after firing: he cannot declare {then} "
                              "more", rule="6.3.6.2.7")
    return None


def chance_of(faces: int) -> Fraction:
    """A d10 roll-under with ``faces`` succeeding faces (0-10)."""
    return Fraction(max(0, min(10, faces)), 10)


def kill_distribution(chances: list[tuple[int, int]]) -> tuple[float, ...]:
    """P(0 kills), P(1), … for independent kill chances given as exact ``(numerator, denominator)``.

    Computed in integers over the product of the denominators (exact), then divided once.
    """
    dist = [1]
    denom = 1
    for num, den in chances:
        nxt = [0] * (len(dist) + 1)
        miss = den - num
        for k, q in enumerate(dist):
            nxt[k] += q * miss
            nxt[k + 1] += q * num
        dist = nxt
        denom *= den
    return tuple(x / denom for x in dist)


def credit_kill(state: GameState, killer_side: str, victim: Soldier) -> dict[str, int]:
    """Kills per side after ``killer_side`` killed ``victim`` (only enemies count, §6)."""
    return dict(add_kill(state.kills, killer_side, victim))


def add_kill(kills: dict[str, int], killer_side: str, victim: Soldier) -> dict[str, int]:
    """``kills`` after ``killer_side`` killed ``victim``: a new table when he was an enemy (only
    enemies count, §6), else ``kills`` itself (never changed in place)."""
    if victim.side == killer_side:
        return kills
    kills = dict(kills)
    kills[killer_side] = kills.get(killer_side, 0) + 1
    return kills
