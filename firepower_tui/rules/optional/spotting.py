"""Fire into and out of buildings (RULES.md §9.6, the ``buildings`` rule; rulings R78-R81).

* A man inside a standing building may be targeted from outside only if he fired, threw or
  meleed since the start of the previous turn (``GameState.exposed``: the last turn he did),
  and then only after a spotting roll d10 <= 5 succeeds: one roll per fire action (its
  targets share a hex); a failed spot costs the firer his fire action and 2 MF all the same.
  Fire between men of the same building needs no spotting.
* At most 2 soldiers fire through one window (or slit) hexside per turn
  (``GameState.window_fire``).

:func:`spot_breakdown` is the roll before the die (the odds of ``odds fire`` and the aiming
panel); :func:`roll_spot` rolls against exactly that breakdown. Both, and the refusals, are what
spotting adds to the basic game's fire (:data:`EXTENSION`).
"""

from __future__ import annotations

from bisect import bisect_left

from ..basic.combat import COMBAT_MF
from ..basic.extensions import Extension
from ..basic.sequence import commit_changes
from ..board.features import Opening, side_id
from ..board.hexgrid import Hex, hex_to_id
from ..board.walls import feature_los
from ..model.breakdown import RollBreakdown
from ..model.dice import Dice
from ..model.errors import Refusal
from ..model.events import Event, Fired, MeleeFought, Rolled
from ..model.state import GameState
from ..model.types import RollOutcome
from ..model.units import Soldier
from .buildings import combat_refusal, features_in_play, map_in_play, standing_building

SPOT_NEED = 5
"""A spot succeeds on d10 <= 5 (§9.6)."""
WINDOW_FIRERS = 2
"""At most 2 soldiers fire through one window hexside per turn (§9.6)."""


def exposed(state: GameState, sid: str) -> bool:
    """Whether he fired, threw or meleed since the start of the previous turn (§9.6)."""
    last = dict(state.exposed).get(sid)
    return last is not None and last >= state.turn - 1


def _hidden_inside(state: GameState, s: Soldier, t: Soldier) -> bool:
    """Whether ``t`` is inside a standing building ``s`` is not in (spotting applies)."""
    f = features_in_play(state)
    if f is None:
        return False
    b = standing_building(state, f, t.hex)
    return b is not None and s.hex not in b.hexes


def target_refusal(state: GameState, s: Soldier, t: Soldier) -> Refusal | None:
    """A man inside who has not fired, thrown or meleed since the start of the previous turn
    cannot be targeted from outside (§9.6)."""
    if _hidden_inside(state, s, t) and not exposed(state, t.id):
        return Refusal(reason=f"{t.id} is inside {hex_to_id(t.hex)} and has not fired, thrown or meleed since "
                              "the start of the previous turn: he cannot be targeted from outside", rule="§9.6")
    return None


def windows_crossed(state: GameState, origin: Hex, target: Hex) -> tuple[str, ...]:
    """The window and slit hexsides (``D4:N``) the line from ``origin`` to ``target`` goes through."""
    found = feature_los(map_in_play(state), origin, target).through
    return tuple(side_id(c.side) for c in found if c.opening in (Opening.WINDOW, Opening.SLIT))


def window_refusal(state: GameState, s: Soldier, target: Hex) -> Refusal | None:
    """At most 2 soldiers through one window hexside per turn (§9.6, ruling R79)."""
    if features_in_play(state) is None:
        return None
    for side in windows_crossed(state, s.hex, target):
        firers = {sid for turn, k, sid in state.window_fire if turn == state.turn and k == side}
        if len(firers) >= WINDOW_FIRERS and s.id not in firers:
            return Refusal(reason=f"{WINDOW_FIRERS} soldiers ({', '.join(sorted(firers))}) have fired through the "
                                  f"window {side} this turn", rule="§9.6")
    return None


def spot_breakdown(state: GameState, s: Soldier, t: Soldier | None) -> RollBreakdown | None:
    """The spotting roll a fire at ``t`` (its first target) needs (None: none), before the die."""
    if t is None or not _hidden_inside(state, s, t):
        return None
    return RollBreakdown(f"spot: {s.id} at {hex_to_id(t.hex)}", SPOT_NEED, "§9.6")


def shot_refusal(state: GameState, s: Soldier, target: Hex) -> Refusal | None:
    """What §9.6 forbids any fire, a reaction's too: from water, a third man through a window."""
    if features_in_play(state) is None:
        return None
    return combat_refusal(state, s) or window_refusal(state, s, target)


def roll_spot(state: GameState, s: Soldier, b: RollBreakdown, then: int,
              dice: Dice) -> tuple[GameState, list[Event], bool]:
    """Roll the spot; failed, he has spent his fire action and 2 MF (§9.6)."""
    die = dice.d10(b.purpose)
    ok = die + b.modifier_total <= b.need
    words = "spotted" if ok else "not spotted: his fire action and 2 MF are spent"
    events: list[Event] = [Rolled.of(b.evolve(die=die, result=words, result_rule="§9.6"),
                                     RollOutcome.HIT if ok else RollOutcome.MISS)]
    if ok:
        return state, events, True
    firer = s.evolve(mf_spent=s.mf_spent + COMBAT_MF, combat_used=True, mf_cap=then)
    return state.with_soldiers(firer, **commit_changes(state)), events, False


def note_combat(state: GameState, events: list[Event], thrower: str | None) -> GameState:
    """Record who fired, threw or meleed this turn (:func:`exposed`) and who fired through
    which window (:func:`window_refusal`)."""
    acted: list[str] = [thrower] if thrower is not None else []
    windows: list[tuple[int, str, str]] = []
    turn = state.turn
    walled = state.scenario.map.features is not None  # (no walls: no window to count, R79)
    for e in events:
        if isinstance(e, Fired):
            acted.append(e.soldier)
            if walled and e.mode != "throw":  # the window limit is small arms' (R79)
                s = state.soldier(e.soldier)
                if s is not None:
                    windows += [(turn, k, s.id) for k in windows_crossed(state, s.hex, e.target_hex)]
        elif isinstance(e, MeleeFought):
            acted += [*e.attackers, *e.defenders]
    if not acted and not windows:
        return state
    window_fire = state.window_fire
    stale = bool(window_fire) and any(w[0] != turn for w in window_fire)
    if not windows and not stale:  # (the usual case: the window fire stays as it is)
        exposed = _noted(state.exposed, acted, turn)
        return state if exposed is state.exposed else state.evolve(exposed=exposed)
    last = dict(state.exposed)
    for sid in acted:
        last[sid] = turn
    kept = tuple(w for w in window_fire if w[0] == turn)
    return state.evolve(exposed=tuple(sorted(last.items())), window_fire=tuple(dict.fromkeys(kept + tuple(windows))))


def _noted(exposed: tuple[tuple[str, int], ...], acted: list[str], turn: int) -> tuple[tuple[str, int], ...]:
    """``exposed`` (one entry a man, sorted by his id: as :func:`note_combat` writes it and a
    snapshot keeps it) with each man of ``acted`` at ``turn``; the same tuple when each of them
    was already noted this turn (§9.6)."""
    for sid in acted:
        i = bisect_left(exposed, (sid,))  # (his entry, or where it goes: (sid,) sorts before (sid, turn))
        if i < len(exposed) and exposed[i][0] == sid:
            if exposed[i][1] != turn:
                exposed = (*exposed[:i], (sid, turn), *exposed[i + 1:])
        else:
            exposed = (*exposed[:i], (sid, turn), *exposed[i:])
    return exposed


EXTENSION = Extension(target_refusal=target_refusal, shot_refusal=shot_refusal, before_fire=spot_breakdown,
                      roll_before_fire=roll_spot)
"""What spotting (§9.6) adds to the basic game's fire at its extension points (:mod:`..basic.extensions`)."""


__all__ = ["EXTENSION", "SPOT_NEED", "WINDOW_FIRERS", "exposed", "note_combat", "roll_spot", "shot_refusal",
           "spot_breakdown", "target_refusal", "window_refusal", "windows_crossed"]
