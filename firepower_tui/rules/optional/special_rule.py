"""The ``special_weapons`` optional rule (RULES.md §9.5): smoke grenades, Molotov, satchel charge.

Each use is a combat action at 2 MF (:func:`..basic.combat.combat_refusal`). The odds of each
(:func:`assess_special`) are computed by the functions that resolve it. The radio and its
barrage are in :mod:`.special_barrage`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

from ..basic.combat import COMBAT_MF, chance_of, combat_refusal, credit_kill
from ..basic.fire import posture_modifier, target_terrain_modifiers
from ..basic.grenades import (BlastRisk, SUPPRESSION_TEST_ROLL, check_throw_at, spread_outcome, throw_breakdown,
                              throw_los, throw_outcome)
from ..basic.sequence import commit
from ..basic.stun import stun, suppress
from ..board.hexgrid import Facing, Hex, hex_distance, hex_to_id
from ..board.spread import entry_hexsides
from ..model.actions import Throw
from ..model.actions.special import PlaceSatchel, ThrowMolotov, ThrowSmoke
from ..model.breakdown import Modifier, RollBreakdown
from ..model.dice import Dice
from ..model.errors import Refusal
from ..model.events import Event, Killed, Rolled
from ..model.events.special import ItemLanded, ItemUsed, SmokeChanged
from ..model.special_types import ITEM_CODES, NO_SPECIAL, SpecialState
from ..model.state import GameState
from ..model.types import Posture, RollOutcome, RuleId
from ..model.units import Soldier
from . import buildings

RULE = "§9.5"
MOLOTOV_RANGE, MOLOTOV_RANGE_LOW, MOLOTOV_HIT = 5, 3, 6
"""Molotov: 5 hexes standing, 3 otherwise; hit number 6 in the hex, cover 0 (§9.5)."""
SATCHEL_THROW, SATCHEL_HIT = 8, 7
"""Satchel: placed on a throw number 8 into an adjacent hex; blast hit number 7 (§9.5)."""
SATCHEL_DAMAGE = 2
"""Building or bunker damage of a satchel charge (§9.5, §9.6)."""
SATCHEL_RING = {0: 0, 1: 3, 2: 4}
"""The satchel's blast is a grenade's (the positional modifiers of 6.3.6.3.2.2)."""

Special = ThrowSmoke | ThrowMolotov | PlaceSatchel
BlastRollFn = Callable[[GameState, Soldier, Hex], RollBreakdown]
"""One man's roll against a blast in a hex (the barrage's differs from the satchel's)."""


def special_of(state: GameState) -> SpecialState:
    """The rule's state (empty when nothing was used yet)."""
    return state.special if state.special is not None else NO_SPECIAL


_ISSUED: dict[int, tuple[object, dict[str, dict[str, int]]]] = {}
"""The items each scenario issues, by soldier (built once per scenario; a few scenarios kept)."""


_issued_last: tuple[object, dict[str, dict[str, int]]] = (None, {})
"""The entry of :data:`_ISSUED` asked last."""


def scenario_items(state: GameState) -> dict[str, dict[str, int]]:
    """The items the scenario gives each soldier who has any (§9.5), by soldier id."""
    global _issued_last
    scenario = state.scenario
    hit = _issued_last  # (the last scenario's first: asked of every man at every MF action)
    if hit[0] is scenario:
        return hit[1]
    hit = _ISSUED.get(id(scenario), hit)
    if hit[0] is scenario:
        _issued_last = hit
        return hit[1]
    table = {x.id: {k: int(n) for k, n in x.items.items()} for x in scenario.spec.soldiers if x.items}
    if len(_ISSUED) >= 16:
        _ISSUED.clear()
    _ISSUED[id(scenario)] = _issued_last = (scenario, table)
    return table


def issued(state: GameState, soldier: str, item: str) -> int:
    """How many of ``item`` the scenario gave him, and the force builder sold him (§10.3)."""
    bought = special_of(state).bought_of(soldier, item)
    return bought + scenario_items(state).get(soldier, {}).get(item, 0)


def items_left(state: GameState, soldier: str, item: str) -> int:
    """What he still carries of ``item`` (issued minus used)."""
    return max(0, issued(state, soldier, item) - special_of(state).used_of(soldier, item))


def carried(state: GameState, soldier: str) -> dict[str, int]:
    """His items with what is left of each (the panels name them)."""
    from ..model.special_types import ITEMS

    return {i: n for i in ITEMS if (n := items_left(state, soldier, i)) > 0}


def item_refusal(state: GameState, s: Soldier, item: str) -> Refusal | None:
    """The rule in play and the item in his hands."""
    if RuleId.SPECIAL_WEAPONS not in state.rules:
        return Refusal(reason="the optional rule 'special_weapons' is not in play in this game", rule=RULE)
    if items_left(state, s.id, item) <= 0:
        return Refusal(reason=f"{s.id} carries no {item}", rule=RULE)
    return None


def use_item(state: GameState, s: Soldier, item: str, mf: int, at: Hex) -> tuple[GameState, Soldier, ItemUsed]:
    """Spend the MF and the combat action, count one item used (a radio is not used up)."""
    user = s.evolve(mf_spent=s.mf_spent + mf, combat_used=True)
    sp = special_of(state)
    if item != "radio":
        counts = {(a, b): n for a, b, n in sp.used}
        counts[(s.id, item)] = counts.get((s.id, item), 0) + 1
        sp = replace(sp, used=tuple(sorted((a, b, n) for (a, b), n in counts.items())))
    state = commit(state).with_soldiers(user, fired_from=state.fired_from | {s.hex}).evolve(special=sp)
    return state, user, ItemUsed(soldier=s.id, item=item, hex=at, mf_left=user.mf_left,
                                 left=items_left(state, s.id, item) if item != "radio" else 1)


# --- checks ---------------------------------------------------------------------------------

def molotov_range(s: Soldier) -> int:
    return MOLOTOV_RANGE if s.posture is Posture.STAND else MOLOTOV_RANGE_LOW


def check_smoke(state: GameState, s: Soldier, action: ThrowSmoke) -> Refusal | None:
    """Thrown exactly like a grenade (§9.5, 6.3.6.3.2)."""
    refusal = item_refusal(state, s, "smoke") or combat_refusal(state, s)
    return refusal or check_throw_at(state, s, Throw(soldier=s.id, hex=action.hex, via=action.via))


def check_molotov(state: GameState, s: Soldier, action: ThrowMolotov) -> Refusal | None:
    """Like a grenade, at most 5 hexes (3 when not standing) (§9.5)."""
    refusal = item_refusal(state, s, "molotov") or combat_refusal(state, s)
    if refusal is not None:
        return refusal
    x = action.hex
    if x != s.hex and hex_distance(s.hex, x) > molotov_range(s):
        return Refusal(reason=f"{hex_to_id(x)} is {hex_distance(s.hex, x)} hexes away: a Molotov goes "
                              f"{molotov_range(s)}", rule=RULE)
    via = entry_hexsides(s.hex, x)[0] if x != s.hex and state.scenario.map.on_map(x) else None
    return check_throw_at(state, s, Throw(soldier=s.id, hex=x, via=via))


def check_satchel(state: GameState, s: Soldier, action: PlaceSatchel) -> Refusal | None:
    """Into an adjacent hex in his arc and LOS (§9.5)."""
    refusal = item_refusal(state, s, "satchel") or combat_refusal(state, s)
    if refusal is not None:
        return refusal
    if hex_distance(s.hex, action.hex) != 1:
        return Refusal(reason=f"a satchel charge is placed into an adjacent hex, not {hex_to_id(action.hex)}",
                       rule=RULE)
    return check_throw_at(state, s, Throw(soldier=s.id, hex=action.hex))


# --- odds -----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class SpecialAssessment:
    """The odds of a §9.5 action before any die: the first roll (throw, placement or radio
    contact), where the item may come down, and each man's chances there."""

    soldier: str
    item: str
    aimed: str
    roll: RollBreakdown
    lands: float
    spread: float
    dud: float
    landing: dict[str, float]
    """Chance it comes down (or the barrage lands) in each hex."""
    risks: tuple[BlastRisk, ...] = ()


def satchel_breakdown(state: GameState, s: Soldier, x: Hex) -> RollBreakdown:
    """The placement roll: a grenade's throw modifiers against 8 (§9.5)."""
    b = throw_breakdown(state, s, x, throw_los(state, s, x))
    return b.evolve(purpose=f"satchel: {s.id} into {hex_to_id(x)}", need=SATCHEL_THROW, need_rule="§9.5 satchel 8")


def item_throw(state: GameState, s: Soldier, action: Special) -> RollBreakdown:
    """The first roll of a smoke grenade, Molotov or satchel (the same numbers the odds show)."""
    if isinstance(action, PlaceSatchel):
        return satchel_breakdown(state, s, action.hex)
    b = throw_breakdown(state, s, action.hex, throw_los(state, s, action.hex))
    what = "smoke" if isinstance(action, ThrowSmoke) else "molotov"
    return b.evolve(purpose=f"{what}: {s.id} at {hex_to_id(action.hex)}")


def blast_roll(state: GameState, u: Soldier, e: Hex, need: int, ring: dict[int, int], what: str,
               *, cover: bool = True) -> RollBreakdown:
    """One man's roll against a §9.5 blast: ring modifier, cover (unless ``cover`` is off), posture."""
    d = hex_distance(u.hex, e)
    mods = [Modifier(label=f"{what} ring {d}" if d else f"{what} hex", value=ring[d], rule=RULE)]
    if cover:
        mods += target_terrain_modifiers(state, u, e if d else None, concealment=False)
    mods += posture_modifier(u)
    return RollBreakdown(purpose=f"{what}: {u.id} in {hex_to_id(u.hex)}, distance {d} from {hex_to_id(e)}",
                         need=need, need_rule=f"§9.5 {what} {need}", modifiers=tuple(mods))


def victims_of(state: GameState, origin: Hex | None, e: Hex, item: str, reach: int) -> list[Soldier]:
    """The living men a blast in ``e`` may harm, nearest first: within ``reach``, and a standing
    bunker's men only as :func:`.buildings.harmed_in_bunker` allows (§9.6, ruling R170; ``origin``
    the thrower's or placer's hex, None for a barrage). Nobody else is rolled for."""
    out = []
    code = ITEM_CODES.get(item, "BRG")
    walled = state.scenario.map.features is not None
    for u in sorted(state.living(), key=lambda u: (hex_distance(u.hex, e), u.id)):
        if hex_distance(u.hex, e) > reach:
            continue
        if walled and not buildings.harmed_in_bunker(state, u.hex, e, origin, code):
            continue
        out.append(u)
    return out


def item_blast(state: GameState, u: Soldier, e: Hex, item: str) -> RollBreakdown:
    if item == "molotov":
        return blast_roll(state, u, e, MOLOTOV_HIT, {0: 0}, "molotov", cover=False)
    return blast_roll(state, u, e, SATCHEL_HIT, SATCHEL_RING, "satchel")


def risks_at(state: GameState, origin: Hex | None, landing: dict[Hex, Fraction], item: str, reach: int,
             roll: BlastRollFn | None = None) -> tuple[BlastRisk, ...]:
    """Each man's kill, stun and suppression chances over where it may come down."""
    out: dict[str, list[Fraction]] = {}
    for h, p in landing.items():
        for u in victims_of(state, origin, h, item, reach):
            b = roll(state, u, h) if roll is not None else item_blast(state, u, h, item)
            k = chance_of(b.faces_succeeding)
            acc = out.setdefault(u.id, [Fraction(0)] * 3)
            acc[0] += p * k
            after = survivor(b, hex_distance(u.hex, h), item)
            if after is RollOutcome.STUNNED:
                acc[1] += p * (1 - k)
            elif after is RollOutcome.SUPPRESSED:
                acc[2] += p * (1 - k)
    return tuple(BlastRisk(soldier=k, kill=float(v[0]), stun=float(v[1]), suppress=float(v[2]))
                 for k, v in out.items() if any(v))


def survivor(b: RollBreakdown, d: int, item: str) -> RollOutcome:
    """Stun and suppression as for grenades (6.4.2) for a satchel or barrage; a Molotov's survivors
    are unharmed (ruling R92)."""
    if item == "molotov":
        return RollOutcome.UNHARMED
    if d == 0:
        return RollOutcome.STUNNED
    return RollOutcome.SUPPRESSED if SUPPRESSION_TEST_ROLL + b.modifier_total <= b.need else RollOutcome.UNHARMED


def assess_special(state: GameState, action: Special) -> SpecialAssessment:
    """The odds of a legal smoke throw, Molotov or satchel (its check must have passed)."""
    s = state.soldier(action.soldier)
    assert s is not None
    b = item_throw(state, s, action)
    faces = [throw_outcome(d + b.modifier_total, b.need) for d in range(1, 11)]
    lands = Fraction(faces.count(RollOutcome.LANDS), 10)
    spread = Fraction(0) if isinstance(action, ThrowMolotov) else Fraction(faces.count(RollOutcome.SPREADS), 10)
    landing: dict[Hex, Fraction] = {action.hex: lands} if lands else {}
    if spread:
        back = _back(s, action)
        for roll in range(1, 11):
            c = spread_outcome(state, s, action.hex, back, roll)
            if c.explosion is not None:
                landing[c.explosion] = landing.get(c.explosion, Fraction(0)) + spread / 10
    dud = 1 - sum(landing.values(), Fraction(0))
    item = str(action.kind)
    risks = () if isinstance(action, ThrowSmoke) else risks_at(state, s.hex, landing, item,
                                                                0 if item == "molotov" else 2)
    return SpecialAssessment(soldier=s.id, item=item, aimed=hex_to_id(action.hex), roll=b, lands=float(lands),
                             spread=float(spread), dud=float(dud),
                             landing={hex_to_id(h): float(p) for h, p in landing.items()}, risks=risks)


def _back(s: Soldier, action: Special) -> Facing:
    return getattr(action, "via", None) or entry_hexsides(s.hex, action.hex)[0]


# --- resolution -------------------------------------------------------------------------------

def apply_special(state: GameState, action: Special, dice: Dice) -> tuple[GameState, list[Event]]:
    """Throw or place the item: its roll, spread or dud, then smoke, fire or blast (§9.5)."""
    s = state.soldier(action.soldier)
    assert s is not None
    item = str(action.kind)
    b = item_throw(state, s, action)
    state, s, used = use_item(state, s, item, COMBAT_MF, action.hex)
    events: list[Event] = [used]
    die = dice.d10(b.purpose)
    outcome = throw_outcome(die + b.modifier_total, b.need)
    if isinstance(action, ThrowMolotov) and outcome is RollOutcome.SPREADS:
        outcome = RollOutcome.DUD  # no spread: a miss is a dud
    words = {RollOutcome.LANDS: f"lands in {hex_to_id(action.hex)}", RollOutcome.DUD: "dud",
             RollOutcome.SPREADS: "spreads"}[outcome]
    events.append(Rolled.of(b.evolve(die=die, result=words, result_rule=RULE), outcome))
    at: Hex | None = action.hex if outcome is RollOutcome.LANDS else None
    why = "" if at is not None else "missed" if outcome is RollOutcome.DUD else ""
    if outcome is RollOutcome.SPREADS:
        back = _back(s, action)
        roll = dice.d10(f"spread: {s.id}'s {item} from {hex_to_id(action.hex)}")
        c = spread_outcome(state, s, action.hex, back, roll)
        at, why = c.explosion, c.why
        result = f"{c.words}: {hex_to_id(c.landing) if c.landing is not None else 'off the map'}"
        events.append(Rolled(purpose=f"spread: {s.id}'s {item} from {hex_to_id(action.hex)} (arrow from {back.name})",
                             die=roll, need=None, need_rule="4.10.4 spread diagram", modifiers=(), total=roll,
                             result=result + (f" - dud, {why}" if at is None else ""), result_rule=RULE,
                             outcome=RollOutcome.EXPLODES if at is not None else RollOutcome.DUD))
    events.append(ItemLanded(item=item, aimed=action.hex, hex=at, why=why))
    if at is None:
        return state, events
    if isinstance(action, ThrowSmoke):
        sp = special_of(state)
        smoke = dict(sp.smoke)
        smoke[at] = state.turn + 1  # clears at the end of the next turn
        state = state.evolve(special=replace(sp, smoke=tuple(sorted(smoke.items()))))
        return state, [*events, SmokeChanged(hex=at, clears=state.turn + 1)]
    state, more = blast(state, s.side, s.hex, at, item, 0 if item == "molotov" else 2, None, dice)
    events += more
    if item == "satchel":
        state, more = buildings.damage_building(state, at, SATCHEL_DAMAGE)
        events += more
    return state, events


def blast(state: GameState, side: str, origin: Hex | None, e: Hex, item: str, reach: int,
          roll: BlastRollFn | None, dice: Dice) -> tuple[GameState, list[Event]]:
    """Roll for every man the blast may harm (:func:`victims_of`); kill, stun or suppress as the
    roll says."""
    events: list[Event] = []
    for u in victims_of(state, origin, e, item, reach):
        b = roll(state, u, e) if roll is not None else item_blast(state, u, e, item)
        die = dice.d10(b.purpose)
        d = hex_distance(u.hex, e)
        killed = die + b.modifier_total <= b.need
        outcome = RollOutcome.KILLED if killed else survivor(b, d, item)
        words = {RollOutcome.KILLED: f"{u.id} killed", RollOutcome.STUNNED: f"{u.id} survives, Stunned",
                 RollOutcome.SUPPRESSED: f"{u.id} survives, Suppressed", RollOutcome.UNHARMED: f"{u.id} unharmed"}
        events.append(Rolled.of(b.evolve(die=die, result=words[outcome], result_rule=RULE), outcome))
        current = state.soldier(u.id)
        assert current is not None
        if outcome is RollOutcome.KILLED:
            state = state.with_soldiers(current.evolve(killed=True), kills=credit_kill(state, side, current))
            events.append(Killed(soldier=u.id, rule=RULE))
        elif outcome is RollOutcome.STUNNED:
            new, evs = stun(current, "6.4.2", f"survived a {item} in his hex {hex_to_id(e)}")
            state, events = state.with_soldiers(new), events + evs
        elif outcome is RollOutcome.SUPPRESSED:
            new, evs = suppress(current, "6.4.2", f"{item} at distance {d}")
            state, events = state.with_soldiers(new), events + evs
    return state, events


__all__ = ["RULE", "SpecialAssessment", "apply_special", "assess_special", "blast", "carried", "check_molotov",
           "check_satchel", "check_smoke", "issued", "item_refusal", "items_left", "special_of", "use_item"]
