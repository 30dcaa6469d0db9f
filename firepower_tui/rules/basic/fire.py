"""Small-arms fire (RULES.md §4: 6.3.1-6.3.6.3.1, 6.4.1; rulings A6, A7, A14, A25, A28, A31).

:func:`assess_fire` computes every number of a fire action — hit number, each
modifier with its rule, the chance per shot and the kill distribution — without a die;
:func:`resolve_fire` rolls against exactly that assessment, so the preview and the
result cannot disagree (docs/style.md §5).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..board.hexgrid import Hex, hex_distance, hex_to_id, in_firing_arc
from ..board.sightline import half_containing
from ..board.terrain import LineKind, Terrain
from ..model.actions import Fire
from ..model.breakdown import Modifier, RollBreakdown, modifier
from ..model.dice import Dice
from ..model.errors import Refusal
from ..model.events import Event, Fired, Killed, Rolled
from ..model.state import GameState
from ..model.types import Posture, RollOutcome, Status
from ..model.units import Soldier, weapon_chart
from ..model.values import NOT_IN_JSON
from .combat import COMBAT_MF, add_kill, combat_refusal, kill_distribution
from .extensions import Extension, in_play, map_in_play
from .los import LosNote, LosNoteKind, LosResult, los_between_soldiers
from .sequence import commit_changes
from .stun import suppress

# Enum members read in hot paths, looked up once (on Python 3.11 a class attribute of an Enum costs
# about 0.2 us: EnumType's __getattr__ slows every lookup on the class).
_OUTCOME_HIT = RollOutcome.HIT
_OUTCOME_MISS = RollOutcome.MISS
_OUTCOME_NO_EFFECT = RollOutcome.NO_EFFECT
_STATUS_SUPPRESSED = Status.SUPPRESSED
_TERRAIN_ROUGH = Terrain.ROUGH
_TERRAIN_SCRUB = Terrain.SCRUB
_TERRAIN_TREES = Terrain.TREES

NONCOMBAT_MF_MAX = 2
"""The firer-MF modifier tops out at +2 (6.3.6.2.7)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TargetShots:
    """The shots at one target soldier, assessed."""

    target: str
    shots: int
    """Dice rolled at him (a burst, or the semi-automatic shots)."""
    breakdown: RollBreakdown
    """Need and modifiers for each of those shots (``die=None``)."""
    kill_chance: float
    """Chance that at least one shot kills him."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FireAssessment:
    """Everything about a fire action before the dice (the odds)."""

    soldier: str
    weapon: str
    mode: str
    target_hex: str
    range: int
    bursts: tuple[TargetShots, ...]
    wasted_bursts: int
    """Automatic bursts with no target of their own (4.6)."""
    kill_distribution: tuple[float, ...]
    """P(0 kills), P(1 kill), …"""
    expected_kills: float
    suppresses: bool
    """Automatic fire suppresses every survivor in the target hex (6.4.1, A14)."""
    los: tuple[LosResult, ...]
    spot: RollBreakdown | None = field(default=None, metadata=NOT_IN_JSON)
    """The spotting roll made first (§9.6: a target inside a building, the firer outside); its
    die is in the event stream, the JSON of the odds leaves it out (the basic game's unchanged)."""


def fire_mode(s: Soldier, action: Fire) -> str:
    """The mode used: as declared, else the weapon's only mode, else automatic (A31)."""
    modes = weapon_chart().weapons[s.weapon].modes
    if action.mode is not None:
        return action.mode
    return "auto" if "auto" in modes else next(iter(modes))


def check_fire(state: GameState, s: Soldier, action: Fire) -> Refusal | None:
    """RULES.md 6.3.1-6.3.5, 4.5, A6, A7, A25."""
    refusal = combat_refusal(state, s, then=action.then)
    if refusal is not None:
        return refusal
    return check_shot(state, s, action)


def check_shot(state: GameState, s: Soldier, action: Fire) -> Refusal | None:
    """The fire's own rules, whoever fires and whenever (targets, mode, range, arc, LOS): what
    :func:`check_fire` asks after the combat-action checks; a reaction's fire asks only this."""
    ext = in_play(state)
    if ext.firer_refusal is not None:  # extension point "a firer's refusal": §9.4, a broken or destroyed weapon
        refusal = ext.firer_refusal(state, s)
        if refusal is not None:
            return refusal
    targets, refusal = _targets(state, s, action, ext)
    if refusal is None and targets and ext.shot_refusal is not None:
        # extension point "a shot's refusal": §9.6, not from water, at most 2 through a window
        refusal = ext.shot_refusal(state, s, targets[0].hex)
    if refusal is not None:
        return refusal
    weapon = weapon_chart().weapons[s.weapon]
    mode = fire_mode(s, action)
    if mode not in weapon.modes:
        return Refusal(reason=f"a {s.weapon} fires {' or '.join(weapon.modes)} only, not {mode}", rule="6.3.5")
    if mode == "semi" and len(targets) != 1:
        return Refusal(reason="semi-automatic shots all go at one soldier: name one target", rule="A7")
    if mode == "auto" and len(targets) > weapon.modes[mode].bursts:
        return Refusal(reason=f"a {s.weapon} on automatic has {weapon.modes[mode].bursts} bursts, one per target: "
                              f"name at most {weapon.modes[mode].bursts}", rule="6.3.5.1")
    th = targets[0].hex
    dist = hex_distance(s.hex, th)
    if dist > weapon.max_range:
        return Refusal(reason=f"{hex_to_id(th)} is {dist} hexes away: out of range (a {s.weapon} reaches "
                              f"{weapon.max_range})", rule="6.3.2")
    if not in_firing_arc(s.hex, s.facing, th):
        return Refusal(reason=f"{hex_to_id(th)} is outside {s.id}'s firing arc (he faces {s.facing.name}): "
                              "turn first", rule="6.3.3")
    for t in targets:
        los = los_between_soldiers(state, s.id, t.id)
        if not los.clear:
            rule = los.blocked_by[0].rule
            return Refusal(reason=f"no line of sight from {s.id} to {t.id}: {los.summary(cited=rule)}", rule=rule)
    return None


def _targets(state: GameState, s: Soldier, action: Fire, ext: Extension) -> tuple[list[Soldier], Refusal | None]:
    found: list[Soldier] = []
    more = ext.target_refusal  # extension point "a target's refusal": §9.6, a bunker's men, men unseen inside
    for tid in action.targets:
        t = state.soldier(tid)
        if t is None:
            return [], Refusal(reason=f"there is no soldier {tid!r} in this scenario", rule="docs/notation.md")
        if t.killed:
            return [], Refusal(reason=f"{t.id} has already been killed", rule="6.3.6.3")
        if t.side == s.side:
            return [], Refusal(reason=f"{t.id} is on {s.id}'s own side: fire only at enemy soldiers", rule="6.3.1.2")
        if t.hidden:
            return [], Refusal(reason=f"{t.id} is Hidden: he cannot be chosen as the target of small-arms fire",
                               rule="§9.3")
        if more is not None:
            refusal = more(state, s, t)
            if refusal is not None:
                return [], refusal
        if found and any(t.id == f.id for f in found):
            return [], Refusal(reason=f"{t.id} is named twice: at most one burst per target soldier", rule="6.3.5.1")
        found.append(t)
    if len(found) != 1 and len({t.hex for t in found}) != 1:  # (one man is in one hex)
        return [], Refusal(reason="all targets must be in one hex", rule="A6")
    if found[0].hex == s.hex:
        return [], Refusal(reason="no fire into one's own hex: that is melee", rule="A25")
    return found, None


# --- modifiers and the assessment -----------------------------------------------------------

@lru_cache(maxsize=512)
def hit_number(weapon: str, mode: str, distance: int) -> tuple[int, str]:
    """The chart number and its cell (RULES.md 4.7)."""
    chart = weapon_chart()
    band = chart.band_index(distance)
    assert band is not None
    return chart.weapons[weapon].modes[mode].hit[band], f"4.7 {weapon} {mode} {chart.band_label(band)}"


def target_terrain_modifiers(state: GameState, t: Soldier, attack_from: Hex | None, *, concealment: bool) -> list[Modifier]:
    """Cover and concealment of the target's hex (6.3.6.2.2, 6.3.6.2.3)."""
    return list(_target_terrain(state, t, attack_from, concealment))


def _target_terrain(state: GameState, t: Soldier, attack_from: Hex | None, concealment: bool) -> tuple[Modifier, ...]:
    cover = in_play(state).cover  # extension point "a cover for the terrain's": §9.6, +2 inside a building
    if cover is not None:
        inside = cover(state, t)
        if inside is not None:
            return (inside,)
    gmap = map_in_play(state)  # extension point "the map in play": §9.6, a destroyed building's rubble is rough
    line = gmap.line_at(t.hex)
    between = (line is not None and t.fence_side is not None and attack_from is not None
               and half_containing(t.hex, line.axis, attack_from) not in (None, t.fence_side))
    return _terrain_modifiers(gmap.terrain_at(t.hex), line.kind if line is not None and between else None,
                              concealment)


@lru_cache(maxsize=64)
def _terrain_modifiers(terrain: Terrain, line_between: LineKind | None, concealment: bool) -> tuple[Modifier, ...]:
    """The modifiers of a target's terrain, and of the fence or hedge line in his hex when it is
    between him and the attacker (``line_between``), built once each."""
    mods: list[Modifier] = []
    if terrain in (_TERRAIN_TREES, _TERRAIN_ROUGH):
        mods.append(modifier(f"target in cover ({terrain.value})", 1, "6.3.6.2.2"))
    elif line_between is LineKind.FENCE:
        mods.append(modifier("target in cover (fence between)", 1, "6.3.6.2.2"))
    if concealment:
        if terrain in (_TERRAIN_TREES, _TERRAIN_SCRUB):
            mods.append(modifier(f"target concealed ({terrain.value})", 1, "6.3.6.2.3"))
        elif line_between is LineKind.HEDGE:
            mods.append(modifier("target concealed (hedge between)", 1, "6.3.6.2.3"))
    return tuple(mods)


_POSTURE_MODIFIERS = {
    Posture.STAND: (),
    Posture.CROUCH: (modifier("target crouching", 1, "6.3.6.2.4"),),
    Posture.PRONE: (modifier("target prone", 2, "6.3.6.2.4"),),
}
_SUPPRESSED = modifier("firer suppressed", 1, "6.3.6.2.1")
_RUNNING = modifier("target running", 2, "6.3.6.2.6")


def posture_modifier(t: Soldier) -> list[Modifier]:
    """Target Crouching +1, Prone +2 (6.3.6.2.4)."""
    return list(_POSTURE_MODIFIERS[t.posture])


_HINDRANCE_WORD = {LosNoteKind.TREES: "trees", LosNoteKind.HEDGE: "hedge"}
"""How a hindrance is named in a modifier."""


def hindrance_modifiers(los: LosResult) -> list[Modifier]:
    """+1 for each tree hex and hedge line the LOS crosses (6.3.6.2.5; throws too, A15)."""
    return list(_hindrance_modifiers(los.hindrances))


@lru_cache(maxsize=1024)
def _hindrance_modifiers(hindrances: tuple[LosNote, ...]) -> tuple[Modifier, ...]:
    return tuple(modifier(f"{_HINDRANCE_WORD[n.kind]} in LOS ({hex_to_id(n.hex)})", 1, n.rule) for n in hindrances)


def fire_modifiers(state: GameState, s: Soldier, t: Soldier, los: LosResult, then: int, *,
                   extra: tuple[Modifier, ...] = (), firer_mf: bool = True) -> tuple[Modifier, ...]:
    """Every small-arms modifier, in the chart's order (RULES.md 4.8); then ``extra`` (a
    reaction's, §9.1, §9.7). ``firer_mf=False``: a reaction's fire, with no firer-MF modifier."""
    mods = _fire_modifiers(s.status is _STATUS_SUPPRESSED, _target_terrain(state, t, s.hex, True), t.posture,
                           los.hindrances, t.running, s.noncombat_mf if firer_mf else 0, then if firer_mf else 0)
    more = in_play(state).los_modifiers  # extension point "what lies on the LOS": §9.5, +2 a smoke hex
    if more is not None:
        mods = mods + more(state, los)
    return mods + extra if extra else mods


@lru_cache(maxsize=1024)
def _fire_modifiers(suppressed: bool, terrain: tuple[Modifier, ...], posture: Posture,
                    hindrances: tuple[LosNote, ...], running: bool, noncombat_mf: int,
                    then: int) -> tuple[Modifier, ...]:
    """:func:`fire_modifiers` from what they depend on (built once for each combination)."""
    mods: list[Modifier] = []
    if suppressed:
        mods.append(_SUPPRESSED)  # 6.3.6.2.1
    mods += terrain  # 6.3.6.2.2, 6.3.6.2.3
    mods += _POSTURE_MODIFIERS[posture]  # 6.3.6.2.4
    mods += _hindrance_modifiers(hindrances)  # 6.3.6.2.5
    if running:
        mods.append(_RUNNING)  # 6.3.6.2.6
    firer_mf = min(NONCOMBAT_MF_MAX, noncombat_mf + then)  # 6.3.6.2.7
    if firer_mf:
        detail = f"{noncombat_mf} spent" + (f" + {then} declared" if then else "")
        mods.append(modifier(f"firer spends non-combat MF ({detail})", firer_mf, "6.3.6.2.7"))
    return tuple(mods)


def assess_fire(state: GameState, action: Fire, *, extra: tuple[Modifier, ...] = (),
                firer_mf: bool = True) -> FireAssessment:
    """The odds of a legal fire action (``check`` must have passed); ``extra`` and
    ``firer_mf`` as in :func:`fire_modifiers` (a reaction's fire)."""
    s = state.soldier(action.soldier)
    assert s is not None
    mode = fire_mode(s, action)
    fm = weapon_chart().weapons[s.weapon].modes[mode]
    targets: list[Soldier] = []
    for target_id in action.targets:
        target = state.soldier(target_id)
        assert target is not None  # ``check`` passed: every target is a soldier on the map (6.3.6.1)
        targets.append(target)
    th = targets[0].hex
    dist = hex_distance(s.hex, th)
    need, cell = hit_number(s.weapon, mode, dist)
    shots: list[TargetShots] = []
    kills: list[tuple[int, int]] = []
    losses: list[LosResult] = []
    first = in_play(state).before_fire  # extension point "a roll before the fire": §9.6, spotting a man inside
    spot = None if first is None else first(state, s, targets[0])
    for t in targets:
        los = los_between_soldiers(state, s.id, t.id)
        losses.append(los)
        b = RollBreakdown(f"fire: {s.id} {s.weapon} {mode} at {t.id}", need, cell,  # purpose, need, need_rule
                          fire_modifiers(state, s, t, los, action.then, extra=extra, firer_mf=firer_mf))  # a preview
        den = 10 ** fm.shots
        num = den - (10 - b.faces_succeeding) ** fm.shots  # 1 - (1 - p)^shots, exactly
        kills.append((num, den))
        shots.append(TargetShots(target=t.id, shots=fm.shots, breakdown=b, kill_chance=num / den))
    dist_kills, expected = kill_distribution(kills), sum(n / d for n, d in kills)
    if spot is not None:  # nothing happens unless the roll before the fire succeeds
        dist_kills, expected = passed_first(spot, dist_kills), expected * spot.chance
    return FireAssessment(
        soldier=s.id, weapon=s.weapon, mode=mode, target_hex=hex_to_id(th), range=dist, bursts=tuple(shots),
        wasted_bursts=max(0, fm.bursts - len(targets)) if mode == "auto" else 0,
        kill_distribution=dist_kills, expected_kills=expected,
        suppresses=mode == "auto", los=tuple(losses), spot=spot)


def passed_first(first: RollBreakdown, dist: tuple[float, ...]) -> tuple[float, ...]:
    """A kill distribution given that a roll before the fire succeeded, made unconditional: failed,
    no kills."""
    p = first.chance
    return tuple((1 - p if k == 0 else 0.0) + p * q for k, q in enumerate(dist))


# --- resolution ---------------------------------------------------------------------------------

def resolve_fire(state: GameState, s: Soldier, action: Fire, dice: Dice, *, extra: tuple[Modifier, ...] = (),
                 firer_mf: bool = True) -> tuple[GameState, list[Event]]:
    """Roll every shot of the assessment (6.3.6.3), then automatic-fire suppression (6.4.1)."""
    a = assess_fire(state, action, extra=extra, firer_mf=firer_mf)
    ext = in_play(state)
    spotted: list[Event] = []
    if a.spot is not None:  # extension point "a roll before the fire": §9.6, a failed spot costs the fire
        assert ext.roll_before_fire is not None
        state, spotted, seen = ext.roll_before_fire(state, s, a.spot, action.then, dice)
        if not seen:
            return state, spotted
    spent = s.evolve(mf_spent=s.mf_spent + COMBAT_MF, combat_used=True, mf_cap=action.then)
    firer: Soldier | None = spent  # (None once written into the state before a jam)
    fired: dict[str, Any] = {"fired_from": state.fired_from | {s.hex}, **commit_changes(state)}  # 6.2.5, 4.5
    before = state  # (every change of the fire is made in one copy, at the end or before a jam)
    first_target = state.soldier(a.bursts[0].target)
    assert first_target is not None  # the assessment's targets are soldiers of this state
    th = first_target.hex
    events: list[Event] = [*spotted, Fired(soldier=s.id, weapon=s.weapon, mode=a.mode, target_hex=th,
                                 targets=tuple(b.target for b in a.bursts), mf_left=spent.mf_left,
                                 note=f"{a.wasted_bursts} burst(s) wasted (no target of their own, 4.6)"
                                 if a.wasted_bursts else "")]
    auto = a.mode == "auto"
    dice_for = f"fire: {s.id} "  # + the shot: what each die is rolled for
    roll_for = f"fire: {s.id} {s.weapon} {a.mode} "  # + the shot: the purpose the roll event shows
    d10, add = dice.d10, events.append
    jams = ext.burst_jams if auto else None  # extension point "after a burst": §9.4, two natural 10s jam
    killed: list[Soldier] = []
    gone: set[str] = set()
    kills = state.kills
    for i, ts in enumerate(a.bursts):
        dead = False
        tens = 0
        b = ts.breakdown
        target = ts.target
        need, mod_total, need_rule, modifiers = b.need, b.modifier_total, b.need_rule, b.modifiers
        for shot in range(1, ts.shots + 1):
            label = f"burst at {target}, shot {shot}" if auto else f"shot {shot} at {target}"
            die = d10(dice_for + label)
            if die == 10:
                tens += 1
            total = die + mod_total
            if dead:
                outcome, result = _OUTCOME_NO_EFFECT, f"no effect: {target} already killed"
            elif total <= need:  # 6.3.6.3: a hit kills
                outcome, result = _OUTCOME_HIT, f"hit: {target} killed"
            else:
                outcome, result = _OUTCOME_MISS, "miss"
            add(Rolled(purpose=roll_for + label, die=die, need=need, need_rule=need_rule, modifiers=modifiers,
                       total=total, result=result, result_rule="6.3.6.3", outcome=outcome))
            if outcome is _OUTCOME_HIT:
                dead = True
                victim = before.soldier(target)  # (each man is named once: not changed yet)
                assert victim is not None
                killed.append(victim.evolve(killed=True))
                gone.add(victim.id)
                kills = add_kill(kills, s.side, victim)  # (only enemies count, §6)
                add(Killed(soldier=victim.id))
        if jams is not None and jams(tens):  # every die of the burst is rolled first (R12, R60)
            assert ext.jam is not None
            state = state.with_soldiers(*([] if firer is None else [firer]), *killed, kills=kills, **fired)
            firer, killed, fired = None, [], {}
            state, jammed = ext.jam(state, s.id, tens, len(a.bursts) - i - 1)
            add(jammed)
            break
    changed: list[Soldier] = [] if firer is None else [firer]
    changed += killed
    if a.suppresses:  # 6.4.1: every survivor in the hex
        why = f"automatic fire into {hex_to_id(th)}"
        for survivor in before.soldiers_at(th):  # (the men there are none of those changed so far)
            if survivor.id in gone:
                continue
            new, evs = suppress(survivor, "6.4.1", why)
            if new is not survivor:
                changed.append(new)
            events += evs
    if changed or fired:
        state = state.with_soldiers(*changed, kills=kills, **fired) if changed else state.evolve(kills=kills, **fired)
    return state, events
