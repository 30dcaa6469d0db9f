"""The radio of the ``special_weapons`` rule (RULES.md §9.5): calling a barrage, its landing at the
side's next chit, and the rule's hooks after every action (barrages landing, smoke clearing);
also every §9.5 action's candidates."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction

from ..basic.combat import combat_used_refusal
from ..basic.grenades import max_throw, throw_los
from ..board.hexgrid import Facing, Hex, hex_distance, hex_to_id, hexes_within
from ..board.spread import entry_hexsides, spread_hex
from ..model.actions.special import CallBarrage, PlaceSatchel, ThrowMolotov, ThrowSmoke
from ..model.breakdown import RollBreakdown
from ..model.dice import Dice
from ..model.errors import Refusal
from ..model.events import ChitDrawn, Event, Rolled, TurnEnded
from ..model.events.special import BarrageCalled, ItemLanded, SmokeChanged
from ..model.special_types import Barrage
from ..model.state import GameState
from ..model.types import RollOutcome
from ..model.units import Soldier
from . import buildings
from .special_rule import (RULE, SpecialAssessment, blast, blast_roll, item_refusal, items_left, molotov_range,
                           risks_at, scenario_items, special_of, use_item)

CONTACT = 6
"""Radio contact on d10 <= 6 (§9.5)."""
BARRAGE_HIT = 7
BARRAGE_RING = {0: 0, 1: 2, 2: 3}
"""The barrage's blast: hit number 7, +2 at distance 1, +3 at distance 2 (§9.5)."""
BARRAGE_DAMAGE = 1
BARRAGE_BACK = Facing.S
"""The spread diagram of a barrage is oriented with F = north, so its B points south (§9.5)."""


def check_radio(state: GameState, s: Soldier, action: CallBarrage) -> Refusal | None:
    """A radio, the combat action, MF left to spend, the side's calls not used up, a hex in his LOS."""
    refusal = item_refusal(state, s, "radio") or combat_used_refusal(s)
    if refusal is not None:
        return refusal
    if s.mf_left <= 0:
        return Refusal(reason=f"{s.id} has no MF left to spend on the radio", rule=RULE)
    limit = state.scenario.spec.barrages.get(s.side)
    if limit is not None and special_of(state).calls_of(s.side) >= limit:
        return Refusal(reason=f"{s.side} has called all {limit} of its barrages", rule=RULE)
    if not state.scenario.map.on_map(action.hex):
        return Refusal(reason=f"{hex_to_id(action.hex)} is off the map", rule=RULE)
    los = throw_los(state, s, action.hex)
    if action.hex != s.hex and not los.clear:
        return Refusal(reason=f"no line of sight from {s.id} to {hex_to_id(action.hex)}: {los.summary(cited=RULE)}", rule=RULE)
    return None


def contact_roll(s: Soldier, h: Hex) -> RollBreakdown:
    return RollBreakdown(purpose=f"radio: {s.id} calls a barrage on {hex_to_id(h)}", need=CONTACT,
                         need_rule="§9.5 contact 6")


def barrage_roll(state: GameState, u: Soldier, e: Hex) -> RollBreakdown:
    return blast_roll(state, u, e, BARRAGE_HIT, BARRAGE_RING, "barrage")


def impact_chances(state: GameState, h: Hex) -> dict[Hex, Fraction]:
    """Where the barrage may land: each face of the spread diagram, F = north (off the map: nowhere)."""
    out: dict[Hex, Fraction] = {}
    for roll in range(1, 11):
        x, _ = spread_hex(h, BARRAGE_BACK, roll)
        if state.scenario.map.on_map(x):
            out[x] = out.get(x, Fraction(0)) + Fraction(1, 10)
    return out


def assess_radio(state: GameState, action: CallBarrage) -> SpecialAssessment:
    """Contact d10 <= 6, then where it may land and each man's chances (men where they stand now)."""
    s = state.soldier(action.soldier)
    assert s is not None
    b = contact_roll(s, action.hex)
    p = Fraction(b.faces_succeeding, 10)
    landing = {x: q * p for x, q in impact_chances(state, action.hex).items()}
    risks = risks_at(state, None, landing, "barrage", 2, barrage_roll)  # nobody's hand (R170)
    return SpecialAssessment(soldier=s.id, item="radio", aimed=hex_to_id(action.hex), roll=b, lands=0.0,
                             spread=float(p), dud=float(1 - sum(landing.values(), Fraction(0))),
                             landing={hex_to_id(x): float(q) for x, q in landing.items()}, risks=risks)


def apply_radio(state: GameState, action: CallBarrage, dice: Dice) -> tuple[GameState, list[Event]]:
    """Spend all his MF; roll for contact; on contact a Barrage marker waits for his side's next chit."""
    s = state.soldier(action.soldier)
    assert s is not None
    b = contact_roll(s, action.hex)
    state, s2, used = use_item(state, s, "radio", s.mf_left, action.hex)
    die = dice.d10(b.purpose)
    ok = die <= b.need
    events: list[Event] = [used, Rolled.of(b.evolve(die=die, result="contact: a barrage is coming" if ok
                                                    else "no contact", result_rule=RULE),
                                           RollOutcome.CONTACT if ok else RollOutcome.NO_CONTACT)]
    sp = special_of(state)
    calls = dict(sp.calls)
    calls[s.side] = calls.get(s.side, 0) + 1
    sp = replace(sp, calls=tuple(sorted(calls.items())))
    if ok:
        sp = replace(sp, barrages=(*sp.barrages, Barrage(side=s.side, soldier=s.id, hex=action.hex)))
        events.append(BarrageCalled(soldier=s.id, side=s.side, hex=action.hex))
    return state.evolve(special=sp), events


def land(state: GameState, b: Barrage, dice: Dice) -> tuple[GameState, list[Event]]:
    """The spread roll (F = north), the blast, 1 damage to a building there (§9.5)."""
    die = dice.d10(f"barrage: {b.soldier}'s on {hex_to_id(b.hex)}")
    x, words = spread_hex(b.hex, BARRAGE_BACK, die)
    on = state.scenario.map.on_map(x)
    events: list[Event] = [
        Rolled(purpose=f"barrage: {b.soldier}'s on {hex_to_id(b.hex)} (spread diagram, F = north)", die=die,
               need=None, need_rule="4.10.4 spread diagram", modifiers=(), total=die,
               result=f"{words}: {hex_to_id(x) if on else 'off the map - no effect'}", result_rule=RULE,
               outcome=RollOutcome.EXPLODES if on else RollOutcome.DUD),
        ItemLanded(item="barrage", aimed=b.hex, hex=x if on else None, why="" if on else "off the map")]
    if not on:
        return state, events
    state, more = blast(state, b.side, None, x, "barrage", 2, barrage_roll, dice)  # nobody's hand (R170)
    events += more
    state, more = buildings.damage_building(state, x, BARRAGE_DAMAGE)
    return state, events + more


def after(state: GameState, events: list[Event], dice: Dice) -> tuple[GameState, list[Event]]:
    """After any action with the rule on: a side's chit drawn lands its barrages; the end of a
    turn clears the smoke placed the turn before (§9.5)."""
    if state.special is None or not any(isinstance(e, (ChitDrawn, TurnEnded)) for e in events):
        return state, events
    out: list[Event] = []
    for e in events:
        out.append(e)
        if isinstance(e, ChitDrawn):
            sp = special_of(state)
            mine = [b for b in sp.barrages if b.side == e.side]
            if mine:
                state = state.evolve(special=replace(sp, barrages=tuple(b for b in sp.barrages if b.side != e.side)))
                for b in mine:
                    state, more = land(state, b, dice)
                    out += more
        elif isinstance(e, TurnEnded):
            sp = special_of(state)
            gone = [h for h, t in sp.smoke if t <= e.turn]
            if gone:
                state = state.evolve(special=replace(sp, smoke=tuple((h, t) for h, t in sp.smoke if t > e.turn)))
                out += [SmokeChanged(hex=h, clears=0) for h in gone]
    return state, out


# --- candidates ---------------------------------------------------------------------------------

def _aimed(state: GameState, s: Soldier, reach: int) -> Iterator[Hex]:
    on_map = state.scenario.map.on_map
    yield from (h for h in hexes_within(s.hex, reach) if h != s.hex and on_map(h))


def smoke_candidates(state: GameState, s: Soldier) -> list[ThrowSmoke]:
    if items_left(state, s.id, "smoke") <= 0:
        return []
    out = []
    for h in _aimed(state, s, max_throw(s)):
        sides = entry_hexsides(s.hex, h)
        out += [ThrowSmoke(soldier=s.id, hex=h)] if len(sides) == 1 else [ThrowSmoke(soldier=s.id, hex=h, via=f)
                                                                           for f in sides]
    return out


def molotov_candidates(state: GameState, s: Soldier) -> list[ThrowMolotov]:
    if items_left(state, s.id, "molotov") <= 0:
        return []
    return [ThrowMolotov(soldier=s.id, hex=h) for h in _aimed(state, s, molotov_range(s))]


def satchel_candidates(state: GameState, s: Soldier) -> list[PlaceSatchel]:
    if items_left(state, s.id, "satchel") <= 0:
        return []
    return [PlaceSatchel(soldier=s.id, hex=h) for h in _aimed(state, s, 1)]


def radio_candidates(state: GameState, s: Soldier) -> list[CallBarrage]:
    """A call on each hex with an enemy in it (the hexes worth calling on; any hex in LOS is legal)."""
    if items_left(state, s.id, "radio") <= 0:
        return []
    hexes = sorted({u.hex for u in state.living() if u.side != s.side and u.deployed}, key=lambda h: (h.q, h.r))
    return [CallBarrage(soldier=s.id, hex=h) for h in hexes if hex_distance(s.hex, h) >= 0]


def may_carry_items(state: GameState, s: Soldier) -> bool:
    """Whether he may carry a §9.5 item: the scenario issued him some, or items were bought
    (§10.3). Else :func:`special_candidates` is empty (the usual case: the random player asks
    this first)."""
    return s.id in scenario_items(state) or (state.special is not None and bool(state.special.bought))


def special_candidates(state: GameState, s: Soldier) -> list[ThrowSmoke | ThrowMolotov | PlaceSatchel | CallBarrage]:
    """The random player's §9.5 actions: each item he has, at the hexes holding enemies."""
    if not may_carry_items(state, s):
        return []  # he carries nothing (the usual case: no item was issued or bought)
    enemies = {u.hex for u in state.living() if u.side != s.side and u.deployed}
    if not enemies:
        return []
    out: list[ThrowSmoke | ThrowMolotov | PlaceSatchel | CallBarrage] = []
    out += [a for a in smoke_candidates(state, s) if a.hex in enemies]
    out += [a for a in molotov_candidates(state, s) if a.hex in enemies]
    out += [a for a in satchel_candidates(state, s) if a.hex in enemies]
    out += radio_candidates(state, s)
    return out


__all__ = ["BARRAGE_HIT", "special_candidates", "CONTACT", "after", "apply_radio", "assess_radio", "check_radio", "land",
           "molotov_candidates", "radio_candidates", "satchel_candidates", "smoke_candidates"]
