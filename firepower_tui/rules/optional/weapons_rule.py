"""The ``weapons`` optional rule (RULES.md §9.4): dropped weapons, pick-up and exchange,
jamming, repair.

- A killed man's LMG or pistol stays in his hex as a weapon marker (:func:`drop_weapons`,
  run after every action while the rule is on; a broken one lies there broken, ruling R63).
- ``pickup`` (1 MF) takes a marker and leaves his own weapon in its place; ``swap`` (1 MF
  each) exchanges the weapons of two men of the impulse in one hex (R62).
- A burst of automatic fire with two or more natural 10s breaks the weapon and ends its fire
  (:func:`jam`, called by :func:`..basic.fire.resolve_fire` once the burst's dice are rolled, R60).
- A broken or destroyed weapon does not fire (:func:`fire_refusal`).
- ``repair`` (2 non-combat MF): d10 1-4 repaired, 10 destroyed, else still broken;
  :func:`assess_repair` gives the odds the roll is resolved against.

The jam and the refusal are what the rule adds to the basic game's fire (:data:`EXTENSION`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..basic.acting import acting_soldier
from ..basic.extensions import Extension
from ..basic.movement import mf_refusal, spend
from ..basic.sequence import commit_changes
from ..board.hexgrid import Hex, hex_to_id
from ..model.actions.weapons import PickUp, Repair, Swap
from ..model.breakdown import MovementLedger, RollBreakdown, modifier
from ..model.dice import Dice
from ..model.errors import Refusal
from ..model.events import Event, Killed, Rolled
from ..model.events.weapons import RepairTried, WeaponDropped, WeaponJammed, WeaponPickedUp, WeaponsSwapped
from ..model.state import GameState
from ..model.types import RollOutcome, RuleId, WeaponState
from ..model.units import GroundWeapon, Soldier

# Enum members read in hot paths, looked up once (on Python 3.11 a class attribute of an Enum costs
# about 0.2 us: EnumType's __getattr__ slows every lookup on the class).
_OUTCOME_DESTROYED = RollOutcome.DESTROYED
_OUTCOME_REPAIRED = RollOutcome.REPAIRED
_OUTCOME_STILL_BROKEN = RollOutcome.STILL_BROKEN
_RULE_WEAPONS = RuleId.WEAPONS
_WEAPON_BROKEN = WeaponState.BROKEN
_WEAPON_DESTROYED = WeaponState.DESTROYED
_WEAPON_OK = WeaponState.OK

RULE = "§9.4"
DROPPED = frozenset({"LMG", "PST"})
"""The weapons a killed man leaves behind (§9.4: his LMG or pistol; a rifle goes with him)."""
JAM_TENS = 2
"""Natural 10s in one burst that jam the weapon (§9.4)."""
REPAIRED_AT_MOST, DESTROYED_ON = 4, 10
"""The repair roll: 1-4 repaired, 10 destroyed, else still broken (§9.4)."""
_PICKUP = MovementLedger((modifier("pick up a weapon", 1, RULE),))
_SWAP = MovementLedger((modifier("exchange weapons", 1, RULE),))
_REPAIR = MovementLedger((modifier("repair his weapon", 2, RULE),))


def weapon_label(code: str, state: WeaponState) -> str:
    """``LMG``, ``LMG (broken)``, ``no weapon (LMG destroyed)``."""
    if state is _WEAPON_DESTROYED:
        return f"no weapon ({code} destroyed)"
    return code if state is _WEAPON_OK else f"{code} ({state})"


def fire_refusal(state: GameState, s: Soldier) -> Refusal | None:
    """A broken or destroyed weapon cannot fire (§9.4); grenades still may be thrown."""
    if s.weapon_state is _WEAPON_BROKEN:
        return Refusal(reason=f"{s.id}'s {s.weapon} is broken (jammed): repair it first (repair {s.id}, 2 MF)",
                       rule=RULE)
    if s.weapon_state is _WEAPON_DESTROYED:
        return Refusal(reason=f"{s.id}'s {s.weapon} was destroyed: he has only grenades", rule=RULE)
    return None


def _off(state: GameState) -> Refusal | None:
    if _RULE_WEAPONS in state.rules:
        return None
    return Refusal(reason="the optional rule 'weapons' is not in play in this game", rule=RULE)


# --- dropped weapons --------------------------------------------------------------------------

def drop_weapons(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """Each man killed by this action leaves his LMG or pistol in his hex (the marker's event
    follows his ``killed`` event)."""
    if not any(isinstance(e, Killed) for e in events):
        return state, events
    ground = dict(state.ground)
    out: list[Event] = []
    for e in events:
        out.append(e)
        if not isinstance(e, Killed):
            continue
        s = state.soldier(e.soldier)
        if s is None or s.weapon not in DROPPED or s.weapon_state is _WEAPON_DESTROYED:
            continue
        ground[s.hex] = ground.get(s.hex, ()) + (GroundWeapon(s.weapon, s.weapon_state),)
        out.append(WeaponDropped(soldier=s.id, weapon=s.weapon, hex=s.hex,
                                 broken=s.weapon_state is _WEAPON_BROKEN))
    return state.evolve(ground=ground), out


def ground_at(state: GameState, h: Hex) -> tuple[GroundWeapon, ...]:
    """The weapon markers lying in ``h``."""
    return state.ground.get(h, ())


def _take(markers: tuple[GroundWeapon, ...], code: str) -> int | None:
    """Which marker ``pickup … code`` takes: a working one before a broken one (R61)."""
    found = [i for i, g in enumerate(markers) if g.code == code]
    working = [i for i in found if markers[i].state is _WEAPON_OK]
    if working:
        return working[0]
    return found[0] if found else None


# --- pick up -------------------------------------------------------------------------------

def check_pickup(state: GameState, s: Soldier, action: PickUp) -> Refusal | None:
    """§9.4: a marker of that weapon in his hex, and 1 MF."""
    off = _off(state)
    if off is not None:
        return off
    here = ground_at(state, s.hex)
    if _take(here, action.weapon) is None:
        lying = ", ".join(weapon_label(g.code, g.state) for g in here) or "none"
        return Refusal(reason=f"no {action.weapon} lies in {hex_to_id(s.hex)} (weapons there: {lying})", rule=RULE)
    return mf_refusal(state, s, _PICKUP, lambda: f"pick up the {action.weapon}")


def pickup_candidates(state: GameState, s: Soldier) -> list[PickUp]:
    """One pick-up per weapon code lying in his hex (while the rule is on)."""
    here = state.ground.get(s.hex) if _RULE_WEAPONS in state.rules else None
    if not here:
        return []  # (the usual case: nothing lies in his hex)
    return [PickUp(soldier=s.id, weapon=code) for code in dict.fromkeys(g.code for g in here)]


def apply_pickup(state: GameState, action: PickUp, dice: Dice) -> tuple[GameState, list[Event]]:
    """Take the marker, leave his own weapon (if he has one) in its place."""
    s = state.soldier(action.soldier)
    assert s is not None
    here = list(ground_at(state, s.hex))
    i = _take(tuple(here), action.weapon)
    assert i is not None
    taken = here.pop(i)
    left = ""
    if s.weapon_state is not _WEAPON_DESTROYED:
        here.append(GroundWeapon(s.weapon, s.weapon_state))
        left = weapon_label(s.weapon, s.weapon_state)
    ground = dict(state.ground)
    if here:
        ground[s.hex] = tuple(here)
    else:
        del ground[s.hex]
    changed = spend(s, _PICKUP.total, weapon=taken.code, weapon_state=taken.state)
    state = state.with_soldiers(changed, ground=ground, **commit_changes(state))
    return state, [WeaponPickedUp(soldier=s.id, weapon=weapon_label(taken.code, taken.state), left=left, hex=s.hex,
                                  mf_left=changed.mf_left)]


# --- exchange --------------------------------------------------------------------------------

def check_swap(state: GameState, s: Soldier, action: Swap) -> Refusal | None:
    """§9.4, R62: both men of this impulse, one side, one hex, 1 MF each, each with a weapon."""
    off = _off(state)
    if off is not None:
        return off
    o, refusal = acting_soldier(state, action.other)
    if o is None or refusal is not None:
        return refusal
    if o.id == s.id:
        return Refusal(reason=f"{s.id} cannot exchange weapons with himself", rule=RULE)
    if o.side != s.side or o.hex != s.hex:
        return Refusal(reason=f"{o.id} is not in {s.id}'s hex ({hex_to_id(s.hex)}): only men in one hex may "
                              "exchange weapons", rule=RULE)
    for m in (s, o):
        if m.weapon_state is _WEAPON_DESTROYED:
            return Refusal(reason=f"{m.id} has no weapon to exchange (his {m.weapon} was destroyed)", rule=RULE)
    if (s.weapon, s.weapon_state) == (o.weapon, o.weapon_state):
        return Refusal(reason=f"{s.id} and {o.id} carry the same weapon ({weapon_label(s.weapon, s.weapon_state)}): "
                              "nothing to exchange", rule=RULE)
    return mf_refusal(state, s, _SWAP, lambda: "exchange weapons") or mf_refusal(
        state, o, _SWAP, lambda: "exchange weapons")


def swap_candidates(state: GameState, s: Soldier) -> list[Swap]:
    """With each other man of the impulse in his hex (while the rule is on)."""
    if len(state.group) < 2 or _RULE_WEAPONS not in state.rules:
        return []  # (the usual case: he is alone in his impulse)
    return [Swap(soldier=s.id, other=o) for o in state.group if o != s.id
            and (m := state.soldier(o)) is not None and m.hex == s.hex and not m.killed]


def apply_swap(state: GameState, action: Swap, dice: Dice) -> tuple[GameState, list[Event]]:
    """Each takes the other's weapon (with its condition) and pays 1 MF."""
    s, o = state.soldier(action.soldier), state.soldier(action.other)
    assert s is not None and o is not None
    new_s = spend(s, _SWAP.total, weapon=o.weapon, weapon_state=o.weapon_state)
    new_o = spend(o, _SWAP.total, weapon=s.weapon, weapon_state=s.weapon_state)
    state = state.with_soldiers(new_s, new_o, **commit_changes(state))
    return state, [WeaponsSwapped(soldier=s.id, other=o.id, weapon=weapon_label(o.weapon, o.weapon_state),
                                  other_weapon=weapon_label(s.weapon, s.weapon_state))]


# --- jam -------------------------------------------------------------------------------------

def burst_jams(tens: int) -> bool:
    """Whether a burst with ``tens`` natural 10s jams the weapon (§9.4: two or more)."""
    return tens >= JAM_TENS


def jam(state: GameState, soldier_id: str, tens: int, bursts_lost: int) -> tuple[GameState, Event]:
    """A burst with ``tens`` (>= 2) natural 10s: his weapon is broken, ``bursts_lost`` bursts
    are not fired (R60)."""
    s = state.soldier(soldier_id)
    assert s is not None
    return (state.with_soldiers(s.evolve(weapon_state=_WEAPON_BROKEN)),
            WeaponJammed(soldier=s.id, weapon=s.weapon, tens=tens, bursts_lost=bursts_lost))


# --- repair ----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class RepairAssessment:
    """The odds of a repair before the die (§9.4): the roll :func:`apply_repair` resolves."""

    soldier: str
    weapon: str
    roll: RollBreakdown
    """Repaired on d10 <= ``need`` (no modifiers)."""
    repaired: float
    still_broken: float
    destroyed: float
    mf: int = _REPAIR.total


def check_repair(state: GameState, s: Soldier, action: Repair) -> Refusal | None:
    """§9.4: a broken weapon, 2 MF (non-combat)."""
    off = _off(state)
    if off is not None:
        return off
    if s.weapon_state is not _WEAPON_BROKEN:
        what = "was destroyed" if s.weapon_state is _WEAPON_DESTROYED else "is not broken"
        return Refusal(reason=f"{s.id}'s {s.weapon} {what}: nothing to repair", rule=RULE)
    return mf_refusal(state, s, _REPAIR, lambda: "repair his weapon")


def repair_candidates(state: GameState, s: Soldier) -> Iterable[Repair]:
    """His repair, when his weapon is broken (while the rule is on)."""
    return [Repair(soldier=s.id)] if s.weapon_state is _WEAPON_BROKEN and _RULE_WEAPONS in state.rules else []


def may_have_weapon_actions(state: GameState, s: Soldier) -> bool:
    """Whether he may have any §9.4 action (the rule on): a weapon lies in his hex, his impulse
    has another man to exchange with (R62), or his weapon is broken. Else :func:`weapon_candidates`
    is empty (the usual case: the random player asks this first)."""
    return len(state.group) >= 2 or s.weapon_state is _WEAPON_BROKEN or bool(state.ground.get(s.hex))


def weapon_candidates(state: GameState, s: Soldier) -> list[PickUp | Swap | Repair]:
    """Every §9.4 action of one man that might be legal now (the random player's)."""
    if len(state.group) < 2 and _RULE_WEAPONS in state.rules:  # (alone in his impulse: no exchange, R62)
        if not may_have_weapon_actions(state, s):
            return []  # (the usual case, asked at every MF action: nothing lies here, his weapon works)
        here = state.ground.get(s.hex)
        key = (s.id, here, s.weapon_state)
        kept = _KEPT.get(key)
        if kept is None:
            if len(_KEPT) > 1024:  # bounded
                _KEPT.clear()
            kept = _KEPT[key] = (*pickup_candidates(state, s), *repair_candidates(state, s))
        return list(kept)
    return [*pickup_candidates(state, s), *swap_candidates(state, s), *repair_candidates(state, s)]


_KEPT: dict[tuple[str, tuple[GroundWeapon, ...] | None, WeaponState], tuple[PickUp | Repair, ...]] = {}
"""A lone man's pick-ups and repair while the rule is on, by his id, the markers in his hex and
his weapon's condition (they are values of those alone): built once and shared."""


def assess_repair(state: GameState, action: Repair) -> RepairAssessment:
    """The repair roll before the die: the faces that repair, destroy, or leave it broken."""
    s = state.soldier(action.soldier)
    assert s is not None
    b = RollBreakdown(f"repair: {s.id} {s.weapon}", REPAIRED_AT_MOST, "§9.4 repair 1-4")
    destroyed = (11 - DESTROYED_ON) / 10
    return RepairAssessment(soldier=s.id, weapon=s.weapon, roll=b, repaired=b.chance, destroyed=destroyed,
                            still_broken=1 - b.chance - destroyed)


def repair_outcome(a: RepairAssessment, die: int) -> tuple[RollOutcome, WeaponState, str]:
    """What a die decides, by the assessment's numbers."""
    if die <= a.roll.need:
        return _OUTCOME_REPAIRED, _WEAPON_OK, f"repaired: {a.soldier}'s {a.weapon} fires again"
    if die >= DESTROYED_ON:
        return _OUTCOME_DESTROYED, _WEAPON_DESTROYED, f"destroyed: {a.soldier} keeps only his grenades"
    return _OUTCOME_STILL_BROKEN, _WEAPON_BROKEN, f"still broken: {a.soldier}'s {a.weapon} stays jammed"


def apply_repair(state: GameState, action: Repair, dice: Dice) -> tuple[GameState, list[Event]]:
    """Spend 2 MF, roll against :func:`assess_repair`."""
    a = assess_repair(state, action)
    s = state.soldier(action.soldier)
    assert s is not None
    die = dice.d10(a.roll.purpose)
    outcome, condition, words = repair_outcome(a, die)
    changed = spend(s, _REPAIR.total, weapon_state=condition)
    state = state.with_soldiers(changed, **commit_changes(state))
    return state, [RepairTried(soldier=s.id, weapon=s.weapon, mf_left=changed.mf_left),
                   Rolled.of(a.roll.evolve(die=die, result=words, result_rule=RULE), outcome)]


EXTENSION = Extension(firer_refusal=fire_refusal, burst_jams=burst_jams, jam=jam)
"""What §9.4 adds to the basic game's fire at its extension points (:mod:`..basic.extensions`)."""


__all__ = ["DROPPED", "EXTENSION", "JAM_TENS", "burst_jams", "RepairAssessment", "apply_pickup", "apply_repair", "apply_swap", "assess_repair",
           "check_pickup", "check_repair", "check_swap", "drop_weapons", "fire_refusal", "ground_at", "jam",
           "pickup_candidates", "repair_candidates", "weapon_candidates", "repair_outcome", "swap_candidates", "weapon_label"]
