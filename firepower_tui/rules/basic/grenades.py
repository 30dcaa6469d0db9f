"""Hand grenades (RULES.md 4.10, 6.3.6.3.2-6.3.6.3.2.2, 6.4.2; rulings A10-A13, A15, A25, A29).

:func:`assess_throw` gives every outcome with its exact chance — lands, each spread
hex, dud — and each soldier's kill and stun/suppression chance; :func:`resolve_throw`
rolls against the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from ..board.hexgrid import Facing, Hex, hex_distance, hex_to_id, in_firing_arc
from ..board.spread import entry_hexsides, spread_hex
from ..model.actions import Throw
from ..model.breakdown import Modifier, RollBreakdown
from ..model.dice import Dice
from ..model.errors import Refusal
from ..model.events import Event, Fired, GrenadeLanded, Killed, Rolled
from ..model.state import GameState
from ..model.types import GrenadeOutcome, Posture, RollOutcome, Status
from ..model.units import Soldier, weapon_chart
from ..model.values import NOT_IN_JSON
from .combat import COMBAT_MF, chance_of, combat_refusal, credit_kill
from .extensions import in_play
from .fire import hindrance_modifiers, posture_modifier, target_terrain_modifiers
from .los import LosResult, line_of_sight
from .sequence import commit
from .stun import stun, suppress

# Enum members read in hot paths, looked up once (on Python 3.11 a class attribute of an Enum costs
# about 0.2 us: EnumType's __getattr__ slows every lookup on the class).
_OUTCOME_DUD = RollOutcome.DUD
_OUTCOME_EXPLODES = RollOutcome.EXPLODES
_OUTCOME_KILLED = RollOutcome.KILLED
_OUTCOME_LANDS = RollOutcome.LANDS
_OUTCOME_SPREADS = RollOutcome.SPREADS
_OUTCOME_STUNNED = RollOutcome.STUNNED
_OUTCOME_SUPPRESSED = RollOutcome.SUPPRESSED
_OUTCOME_UNHARMED = RollOutcome.UNHARMED
_POSTURE_STAND = Posture.STAND
_STATUS_SUPPRESSED = Status.SUPPRESSED

BLAST_RING_MODIFIER = {0: 0, 1: 3, 2: 4}
"""Positional blast modifier by distance from the explosion hex (6.3.6.3.2.2)."""
SUPPRESSION_TEST_ROLL = 2
"""Ring survivors are Suppressed if a natural 2 plus their modifiers would have killed them (6.4.2, A13)."""


def max_throw(s: Soldier) -> int:
    """8 hexes standing, 5 crouching or prone (6.3.2)."""
    g = weapon_chart().grenade
    return g.max_range_standing if s.posture is _POSTURE_STAND else g.max_range_low


def throw_los(state: GameState, s: Soldier, h: Hex) -> LosResult:
    """The thrower's LOS to a hex: only his posture counts for fences (4.4 note)."""
    return line_of_sight(state, s.hex, h, viewer_side=s.side, viewer_posture=s.posture,
                         viewer_fence_side=s.fence_side, target_posture=None)


# --- checks ---------------------------------------------------------------------------------

def check_throw(state: GameState, s: Soldier, action: Throw) -> Refusal | None:
    """RULES.md 6.3.6.3.2, 6.3.2, 6.3.3, 4.4, A25."""
    refusal = combat_refusal(state, s)
    if refusal is not None:
        return refusal
    return check_throw_at(state, s, action)


def check_throw_at(state: GameState, s: Soldier, action: Throw) -> Refusal | None:
    """The throw's own rules, whoever throws and whenever (hex, range, arc, LOS, corner): what
    :func:`check_throw` asks after the combat-action checks; a reaction's throw asks only this."""
    x = action.hex
    if not state.scenario.map.on_map(x):
        return Refusal(reason=f"{hex_to_id(x)} is off the map", rule="6.3.6.3.2")
    if x == s.hex:
        return Refusal(reason="a grenade is thrown at another hex (range starts at 1)", rule="A25")
    dist = hex_distance(s.hex, x)
    if dist > max_throw(s):
        how = "standing" if s.posture is _POSTURE_STAND else "crouching or prone"
        return Refusal(reason=f"{hex_to_id(x)} is {dist} hexes away: {s.id} throws {max_throw(s)} {how}",
                       rule="6.3.2")
    if not in_firing_arc(s.hex, s.facing, x):
        return Refusal(reason=f"{hex_to_id(x)} is outside {s.id}'s firing arc (he faces {s.facing.name}): turn first",
                       rule="6.3.3")
    los = throw_los(state, s, x)
    if not los.clear:
        rule = los.blocked_by[0].rule
        return Refusal(reason=f"no line of sight from {s.id} to {hex_to_id(x)}: {los.summary(cited=rule)}", rule=rule)
    sides = entry_hexsides(s.hex, x)
    if len(sides) == 2 and action.via is None:
        names = " or ".join(f.name for f in sides)
        return Refusal(reason=f"the LOS enters {hex_to_id(x)} through a corner: choose the hexside to orient "
                              f"the spread by (via {names})", rule="6.3.6.3.2.1")
    if action.via is not None and action.via not in sides:
        allowed = " or ".join(f.name for f in sides)
        return Refusal(reason=f"the LOS enters {hex_to_id(x)} through its {allowed} hexside"
                              f"{'s' if len(sides) > 1 else ''}, not {action.via.name}", rule="6.3.6.3.2.1")
    return None


# --- assessment -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class SpreadCell:
    """Where one face of the spread diagram puts a thrown grenade (6.3.6.3.2.1)."""

    roll: int
    """The d10 face."""
    words: str
    """The diagram's direction, e.g. ``two beyond, left``."""
    landing: Hex | None
    """The hex the diagram points to; None off the map."""
    explosion: Hex | None
    """Where the grenade explodes; None: a dud (off the map, out of range or out of LOS)."""
    why: str = ""
    """Why it is a dud, in words ("" when it explodes)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BlastRisk:
    """One soldier's chances from a grenade."""

    soldier: str
    kill: float
    stun: float
    suppress: float


@dataclass(frozen=True, slots=True, kw_only=True)
class ThrowAssessment:
    """Every outcome of a throw before the dice."""

    soldier: str
    aimed: str
    range: int
    back: str
    """Hexside of the aimed hex the LOS enters by (arrow of the spread diagram)."""
    throw: RollBreakdown
    lands: float
    spread: float
    dud: float
    """Total chance of no explosion (dud throw, or a spread off the map, out of range or out of LOS)."""
    spread_hexes: tuple[tuple[int, str, str], ...]
    """Each spread roll: (d10, hex id or '' off the map, 'explodes' or why it is a dud)."""
    explosions: dict[str, float]
    """Chance the grenade explodes in each hex."""
    risks: tuple[BlastRisk, ...]
    spread_cells: tuple[SpreadCell, ...] = field(metadata=NOT_IN_JSON)
    """Each spread roll as data (``spread_hexes`` is written from it; not in the JSON)."""


def blast_breakdown(state: GameState, u: Soldier, explosion: Hex) -> RollBreakdown:
    """The blast roll for one soldier (6.3.6.3.2.2; cover and posture, no other modifier: A12, A15)."""
    d = hex_distance(u.hex, explosion)
    mods = [Modifier(label=f"blast ring {d}" if d else "explosion hex", value=BLAST_RING_MODIFIER[d],
                     rule="6.3.6.3.2.2")]
    mods += target_terrain_modifiers(state, u, explosion if d else None, concealment=False)
    mods += posture_modifier(u)
    return RollBreakdown(purpose=f"blast: {u.id} in {hex_to_id(u.hex)}, distance {d} from {hex_to_id(explosion)}",
                         need=weapon_chart().grenade.blast_hit, need_rule="4.7 HGN blast", modifiers=tuple(mods))


def survivor_outcome(b: RollBreakdown, distance: int) -> RollOutcome:
    """What befalls a man the blast does not kill (6.4.2, A13): Stunned in the explosion hex;
    in the ring Suppressed if a natural 2 would have killed him, else unharmed."""
    if distance == 0:
        return _OUTCOME_STUNNED
    if SUPPRESSION_TEST_ROLL + b.modifier_total <= b.need:
        return _OUTCOME_SUPPRESSED
    return _OUTCOME_UNHARMED


def blast_outcome(b: RollBreakdown, die: int, distance: int) -> RollOutcome:
    """The blast roll: killed at or under the need (6.3.6.3.2.2), else :func:`survivor_outcome`."""
    return _OUTCOME_KILLED if die + b.modifier_total <= b.need else survivor_outcome(b, distance)


_BLAST_WORDS = {
    RollOutcome.KILLED: "{soldier} killed",
    RollOutcome.STUNNED: "{soldier} survives, Stunned",
    RollOutcome.SUPPRESSED: "{soldier} survives, Suppressed (a 2 would have killed him)",
    RollOutcome.UNHARMED: "{soldier} unharmed",
}
"""The result words of a blast roll, by outcome."""


def throw_breakdown(state: GameState, s: Soldier, x: Hex, los: LosResult,
                    extra: tuple[Modifier, ...] = ()) -> RollBreakdown:
    """The throw roll: thrower Suppressed +1, each tree/hedge hex in LOS +1 (A15)."""
    g = weapon_chart().grenade
    dist = hex_distance(s.hex, x)
    band = weapon_chart().band_index(dist)
    assert band is not None and band < len(g.throw)
    mods: list[Modifier] = []
    if s.status is _STATUS_SUPPRESSED:
        mods.append(Modifier(label="thrower suppressed", value=1, rule="6.3.6.2.1"))
    mods += hindrance_modifiers(los)
    more = in_play(state).los_modifiers  # extension point "what lies on the LOS": §9.5, +2 a smoke hex
    if more is not None:
        mods += more(state, los)
    return RollBreakdown(purpose=f"throw: {s.id} at {hex_to_id(x)}", need=g.throw[band],
                         need_rule=f"4.7 HGN throw {weapon_chart().band_label(band)}", modifiers=tuple(mods) + extra)


def throw_outcome(total: int, need: int) -> RollOutcome:
    """The throw roll (6.3.6.3.2): at or under the need it lands, over 10 it is a dud (A10), else
    it spreads."""
    if total <= need:
        return _OUTCOME_LANDS
    if total > 10:
        return _OUTCOME_DUD
    return _OUTCOME_SPREADS


_THROW_WORDS = {
    RollOutcome.LANDS: "lands in {hex}",
    RollOutcome.DUD: "dud (total over 10)",
    RollOutcome.SPREADS: "spreads",
}
"""The result words of a throw roll, by outcome."""


def spread_outcome(state: GameState, s: Soldier, x: Hex, back: Facing, roll: int) -> SpreadCell:
    """Where a spread roll puts the grenade and whether it explodes there (6.3.6.3.2.1)."""
    h, words = spread_hex(x, back, roll)
    if not state.scenario.map.on_map(h):
        return SpreadCell(roll, words, None, None, "off the map")
    if hex_distance(s.hex, h) > max_throw(s):
        return SpreadCell(roll, words, h, None, f"beyond {s.id}'s throwing range")
    if h != s.hex and not throw_los(state, s, h).clear:
        return SpreadCell(roll, words, h, None, f"out of {s.id}'s line of sight")
    return SpreadCell(roll, words, h, h)


def assess_throw(state: GameState, action: Throw, *, extra: tuple[Modifier, ...] = ()) -> ThrowAssessment:
    """The odds of a legal throw (``check`` must have passed); ``extra``: a reaction's modifiers (§9.1)."""
    s = state.soldier(action.soldier)
    assert s is not None
    x = action.hex
    back = action.via or entry_hexsides(s.hex, x)[0]
    tb = throw_breakdown(state, s, x, throw_los(state, s, x), extra)
    faces = [throw_outcome(d + tb.modifier_total, tb.need) for d in range(1, 11)]
    lands = Fraction(faces.count(_OUTCOME_LANDS), 10)
    dud = Fraction(faces.count(_OUTCOME_DUD), 10)
    spread = 1 - lands - dud
    explosions: dict[Hex, Fraction] = {x: lands} if lands else {}
    cells = tuple(spread_outcome(state, s, x, back, roll) for roll in range(1, 11))
    for c in cells:
        if c.explosion is None:
            dud += spread / 10
        elif spread:
            explosions[c.explosion] = explosions.get(c.explosion, Fraction(0)) + spread / 10
    table = tuple((c.roll, hex_to_id(c.landing) if c.landing is not None else "",
                   "explodes" if c.explosion is not None else c.why) for c in cells)
    risks = _risks(state, s, explosions)
    return ThrowAssessment(
        soldier=s.id, aimed=hex_to_id(x), range=hex_distance(s.hex, x), back=back.name, throw=tb,
        lands=float(lands), spread=float(spread), dud=float(dud), spread_hexes=table,
        explosions={hex_to_id(h): float(p) for h, p in explosions.items()}, risks=risks, spread_cells=cells)


def _risks(state: GameState, thrower: Soldier, explosions: dict[Hex, Fraction]) -> tuple[BlastRisk, ...]:
    out = []
    for u in state.living():
        kill = stun_p = supp = Fraction(0)
        for h, p in explosions.items():
            d = hex_distance(u.hex, h)
            if d > 2 or not harmed(state, u, h, thrower):
                continue
            b = blast_breakdown(state, u, h)
            k = chance_of(b.faces_succeeding)
            kill += p * k
            after = survivor_outcome(b, d)
            if after is _OUTCOME_STUNNED:
                stun_p += p * (1 - k)
            elif after is _OUTCOME_SUPPRESSED:
                supp += p * (1 - k)
        if kill or stun_p or supp:
            out.append(BlastRisk(soldier=u.id, kill=float(kill), stun=float(stun_p), suppress=float(supp)))
    return tuple(out)


# --- resolution ---------------------------------------------------------------------------------

def resolve_throw(state: GameState, s: Soldier, action: Throw, dice: Dice, *,
                  extra: tuple[Modifier, ...] = ()) -> tuple[GameState, list[Event]]:
    """Throw (6.3.6.3.2), spread (6.3.6.3.2.1), blast (6.3.6.3.2.2), stun and suppression (6.4.2)."""
    x = action.hex
    back = action.via or entry_hexsides(s.hex, x)[0]
    tb = throw_breakdown(state, s, x, throw_los(state, s, x), extra)
    thrower = s.evolve(mf_spent=s.mf_spent + COMBAT_MF, combat_used=True)
    state = commit(state).with_soldiers(thrower, fired_from=state.fired_from | {s.hex})
    events: list[Event] = [Fired(soldier=s.id, weapon="HGN", mode="throw", target_hex=x, mf_left=thrower.mf_left)]
    die = dice.d10(tb.purpose)
    outcome = throw_outcome(die + tb.modifier_total, tb.need)
    words = _THROW_WORDS[outcome].format(hex=hex_to_id(x))
    events.append(Rolled.of(tb.evolve(die=die, result=words, result_rule="6.3.6.3.2"), outcome))
    explosion: Hex | None = None
    if outcome is _OUTCOME_LANDS:
        explosion = x
        events.append(GrenadeLanded(aimed=x, outcome=GrenadeOutcome.LANDED, hex=x, rule="6.3.6.3.2"))
    elif outcome is _OUTCOME_DUD:
        events.append(GrenadeLanded(aimed=x, outcome=GrenadeOutcome.DUD, hex=None, rule="A10",
                                    why="the throw total was over 10"))
    else:
        explosion, more = _spread(state, s, x, back, dice)
        events += more
    if explosion is not None:
        state, more = _blast(state, s, explosion, dice)
        events += more
    return state, events


def _spread(state: GameState, s: Soldier, x: Hex, back: Facing, dice: Dice) -> tuple[Hex | None, list[Event]]:
    die = dice.d10(f"spread: {s.id}'s grenade from {hex_to_id(x)}")
    c = spread_outcome(state, s, x, back, die)
    result = f"{c.words}: {hex_to_id(c.landing) if c.landing is not None else 'off the map'}"
    if c.explosion is None:
        result += f" - dud, {c.why}"
    roll = Rolled(purpose=f"spread: {s.id}'s grenade from {hex_to_id(x)} (arrow from {back.name})", die=die,
                  need=None, need_rule="4.10.4 spread diagram", modifiers=(), total=die, result=result,
                  result_rule="6.3.6.3.2.1",
                  outcome=_OUTCOME_EXPLODES if c.explosion is not None else _OUTCOME_DUD)
    landed = GrenadeLanded(aimed=x, outcome=GrenadeOutcome.SPREAD if c.explosion is not None else GrenadeOutcome.DUD,
                           hex=c.landing, rule="6.3.6.3.2.1", why=c.why)
    return c.explosion, [roll, landed]


def harmed(state: GameState, u: Soldier, e: Hex, thrower: Soldier) -> bool:
    """Whether the blast in ``e`` may harm ``u`` at all (else nobody rolls for him): in the basic
    game every man within 2 hexes (6.3.6.3.2.2)."""
    harms = in_play(state).blast_harms  # extension point "who a blast may harm": §9.6, not a bunker's men (R170)
    return harms is None or harms(state, u.hex, e, thrower.hex, "HGN")


def _blast(state: GameState, thrower: Soldier, e: Hex, dice: Dice) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    victims = sorted((u for u in state.living() if hex_distance(u.hex, e) <= 2 and harmed(state, u, e, thrower)),
                     key=lambda u: hex_distance(u.hex, e))
    for u in victims:
        b = blast_breakdown(state, u, e)
        die = dice.d10(b.purpose)
        d = hex_distance(u.hex, e)
        outcome = blast_outcome(b, die, d)
        rule = "6.3.6.3.2.2" if outcome is _OUTCOME_KILLED or d else "6.4.2"
        events.append(Rolled.of(b.evolve(die=die, result=_BLAST_WORDS[outcome].format(soldier=u.id), result_rule=rule),
                                outcome))
        current = state.soldier(u.id)
        assert current is not None
        if outcome is _OUTCOME_KILLED:
            state = state.with_soldiers(current.evolve(killed=True), kills=credit_kill(state, thrower.side, current))
            events.append(Killed(soldier=u.id, rule="6.3.6.3.2.2"))
        elif outcome is _OUTCOME_STUNNED:
            new, evs = stun(current, "6.4.2", f"survived a grenade in his hex {hex_to_id(e)}")
            state = state.with_soldiers(new)
            events += evs
        elif outcome is _OUTCOME_SUPPRESSED:
            new, evs = suppress(current, "6.4.2", f"grenade blast at distance {d}")
            state = state.with_soldiers(new)
            events += evs
    return state, events


__all__ = ["assess_throw", "resolve_throw", "check_throw"]
