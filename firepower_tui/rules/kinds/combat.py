"""Notation, candidates and resolution of the combat actions: fire, throw, melee (RULES.md
6.3, 6.3.6.3.2, 6.5).

The checks and the numbers are the rule modules' (:mod:`..basic.fire`, :mod:`..basic.grenades`,
:mod:`..basic.melee`); here each kind's apply adds what every combat action ends with, the
wipe-out check (§2.6).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations

from ..basic.fire import resolve_fire
from ..basic.grenades import max_throw, resolve_throw
from ..basic.melee import resolve_melee
from ..basic.sequence import check_wipe_out
from ..board.hexgrid import Hex, hex_neighbor, hex_to_id, hexes_within
from ..board.spread import entry_hexsides
from ..model.actions import FIRE_MODES, Fire, FireModeName, Melee, Throw
from ..model.dice import Dice
from ..model.events import Event
from ..model.state import GameState
from ..model.units import Soldier
from .words import NotationError, aimed_words, expect, format_aimed, hex_word, number_word, soldier_word, soldiers_word

_MODES: dict[str, FireModeName] = {m: m for m in FIRE_MODES}

# --- fire -----------------------------------------------------------------------------------

FIRE_USAGE = "fire <soldier> <target>[,<target>…] [auto|semi] [then <n>]"


def parse_fire(words: list[str]) -> Fire:
    if len(words) < 3:
        raise NotationError(f"usage: {FIRE_USAGE}")
    mode: FireModeName | None = None
    then = 0
    rest = [w.lower() for w in words[3:]]
    if rest and rest[0] in _MODES:
        mode = _MODES[rest.pop(0)]
    if rest:
        if rest[0] != "then" or len(rest) != 2:
            raise NotationError(f"usage: {FIRE_USAGE}")
        then = number_word(rest[1], "a number of MF (digits 0-9)")
    targets = soldiers_word(words[2])
    if not targets:
        raise NotationError(f"usage: {FIRE_USAGE}")
    return Fire(soldier=soldier_word(words[1]), targets=targets, mode=mode, then=then)


def format_fire(action: Fire) -> str:
    text = f"fire {action.soldier} {','.join(action.targets)}"
    text += f" {action.mode}" if action.mode else ""
    return text + (f" then {action.then}" if action.then else "")


def fire_candidates(state: GameState, s: Soldier) -> list[Fire]:
    """Fire at each living enemy alone, in the weapon's default mode, declaring no MF after
    (several targets, an explicit mode and ``then n`` are left to the player)."""
    return [_fire_at(s.id, e.id) for e in state.living() if e.side != s.side]


@lru_cache(maxsize=4096)
def _fire_at(soldier_id: str, target_id: str) -> Fire:
    return Fire(soldier=soldier_id, targets=(target_id,))


def apply_fire(state: GameState, action: Fire, dice: Dice) -> tuple[GameState, list[Event]]:
    s = state.soldier(action.soldier)
    assert s is not None
    state, events = resolve_fire(state, s, action, dice)
    return _wipe_out(state, events)


# --- throw ----------------------------------------------------------------------------------

THROW_USAGE = "throw <soldier> <hex> [via <facing>]"


def parse_throw(words: list[str]) -> Throw:
    soldier, h, via = aimed_words(words, THROW_USAGE)
    return Throw(soldier=soldier, hex=h, via=via)


def format_throw(action: Throw) -> str:
    return format_aimed("throw", action.soldier, action.hex, action.via)


def throw_candidates(state: GameState, s: Soldier) -> Iterator[Throw]:
    """A throw at each hex he might reach (6.3.2), occupied or not: without ``via`` where the
    LOS enters the hex through one hexside, and once by each hexside where it enters through a
    corner (6.3.6.3.2.1). Naming the one entry hexside with ``via`` is allowed but not listed."""
    on_map = state.scenario.map.on_map
    for h in hexes_within(s.hex, max_throw(s)):
        if h == s.hex or not on_map(h):
            continue
        sides = entry_hexsides(s.hex, h)
        if len(sides) == 1:
            yield Throw(soldier=s.id, hex=h)
        else:
            yield from (Throw(soldier=s.id, hex=h, via=f) for f in sides)


def apply_throw(state: GameState, action: Throw, dice: Dice) -> tuple[GameState, list[Event]]:
    s = state.soldier(action.soldier)
    assert s is not None
    state, events = resolve_throw(state, s, action, dice)
    return _wipe_out(state, events)


# --- melee ----------------------------------------------------------------------------------


def parse_melee(words: list[str]) -> Melee:
    expect(words, 2, 2, "melee <soldier>[,<soldier>…] <hex>")
    return Melee(soldiers=soldiers_word(words[1]), hex=hex_word(words[2]))


def format_melee(action: Melee) -> str:
    return f"melee {','.join(action.soldiers)} {hex_to_id(action.hex)}"


def melee_candidates(state: GameState, soldier_id: str | None) -> list[Melee]:
    """For each enemy-held hex in front of men of this impulse: every group of those men, in
    impulse order (§5.1). With ``soldier_id``, only the groups he is in."""
    facing: dict[Hex, list[str]] = {}
    for sid in state.group:
        s = state.soldier(sid)
        if s is None or s.killed:
            continue
        front = hex_neighbor(s.hex, s.facing)
        if any(d.side != s.side for d in state.soldiers_at(front)):
            facing.setdefault(front, []).append(s.id)
    out: list[Melee] = []
    for h, ids in facing.items():
        for n in range(1, len(ids) + 1):
            out += [Melee(soldiers=group, hex=h) for group in combinations(ids, n)
                    if soldier_id is None or soldier_id in group]
    return out


def apply_melee(state: GameState, action: Melee, dice: Dice) -> tuple[GameState, list[Event]]:
    state, events = resolve_melee(state, action, dice)
    return _wipe_out(state, events)


def _wipe_out(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """§2.6: the game ends at once when a side has no soldiers left."""
    state, more = check_wipe_out(state)
    return state, events + more
