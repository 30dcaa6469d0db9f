"""Notation and candidates of the optional rules' actions (RULES.md §9.1, §9.2, §9.7):
``watch``, and the answers to an open reaction, ``overwatch fire|throw …``, ``hold``,
``hit-dirt …``, ``stand-and-shoot …`` and ``fall-back``.

An answer's candidates are empty unless its reaction is open, so
:func:`..engine.legal_actions` lists exactly the answers of the open reaction.
"""

from __future__ import annotations

from itertools import combinations

from ..board.spread import entry_hexsides
from ..model.actions import FallBack, Fire, HitDirt, Hold, Melee, Overwatch, StandAndShoot, Throw, Watch
from ..model.state import GameState
from ..model.types import ReactionKind
from .combat import format_fire, format_throw, parse_fire, parse_throw
from .words import NotationError, expect, soldier_word, soldiers_word

WATCH_USAGE = "watch <soldier>"
OVERWATCH_USAGE = "overwatch fire <soldier> <target>[,<target>…] [auto|semi] | overwatch throw <soldier> <hex> [via <facing>]"
HIT_DIRT_USAGE = "hit-dirt <soldier>[,<soldier>…]"
STAND_USAGE = "stand-and-shoot <defender> <attacker>"


def parse_watch(words: list[str]) -> Watch:
    expect(words, 1, 1, WATCH_USAGE)
    return Watch(soldier=soldier_word(words[1]))


def format_watch(action: Watch) -> str:
    return f"watch {action.soldier}"


def parse_overwatch(words: list[str]) -> Overwatch:
    """``overwatch fire …`` or ``overwatch throw …``: the ordinary fire or throw, after the verb."""
    sub = words[1].lower() if len(words) > 1 else ""
    if sub == "fire":
        fire = parse_fire(words[1:])
        if fire.then:
            raise NotationError(f"usage: {OVERWATCH_USAGE} (a snap shot declares no MF)")
        return Overwatch(shot=fire)
    if sub == "throw":
        return Overwatch(shot=parse_throw(words[1:]))
    raise NotationError(f"usage: {OVERWATCH_USAGE}")


def format_overwatch(action: Overwatch) -> str:
    shot = action.shot
    return "overwatch " + (format_fire(shot) if isinstance(shot, Fire) else format_throw(shot))


def overwatch_candidates(state: GameState, soldier_id: str | None) -> list[Overwatch]:
    """Each eligible watcher: fire at the man who acted (default mode), throw at his hex (once
    per entry hexside at a corner)."""
    p = state.pending
    if p is None or p.kind is not ReactionKind.OVERWATCH:
        return []
    out: list[Overwatch] = []
    for wid in p.answerers:
        w = state.soldier(wid)
        if w is None or (soldier_id is not None and wid != soldier_id):
            continue
        out.append(Overwatch(shot=Fire(soldier=wid, targets=(p.trigger,))))
        sides = entry_hexsides(w.hex, p.hex) if w.hex != p.hex else ()
        if len(sides) == 1:
            out.append(Overwatch(shot=Throw(soldier=wid, hex=p.hex)))
        else:
            out += [Overwatch(shot=Throw(soldier=wid, hex=p.hex, via=f)) for f in sides]
    return out


def parse_hold(words: list[str]) -> Hold:
    expect(words, 0, 0, "hold")
    return Hold()


def format_hold(action: Hold) -> str:
    return "hold"


def hold_candidates(state: GameState, soldier_id: str | None) -> list[Hold]:
    return [Hold()] if state.pending is not None else []


def parse_hit_dirt(words: list[str]) -> HitDirt:
    expect(words, 1, 1, HIT_DIRT_USAGE)
    names = soldiers_word(words[1])
    if not names:
        raise NotationError(f"usage: {HIT_DIRT_USAGE}")
    return HitDirt(soldiers=names)


def format_hit_dirt(action: HitDirt) -> str:
    return f"hit-dirt {','.join(action.soldiers)}"


def hit_dirt_candidates(state: GameState, soldier_id: str | None) -> list[HitDirt]:
    """Every group of the men who may hit the dirt (each alone and all together when more than four)."""
    p = state.pending
    if p is None or p.kind is not ReactionKind.HIT_THE_DIRT:
        return []
    ids = p.answerers
    if len(ids) <= 4:
        groups = [g for n in range(1, len(ids) + 1) for g in combinations(ids, n)]
    else:
        groups = [(i,) for i in ids] + [ids]
    return [HitDirt(soldiers=g) for g in groups if soldier_id is None or soldier_id in g]


def parse_stand(words: list[str]) -> StandAndShoot:
    expect(words, 2, 2, STAND_USAGE)
    return StandAndShoot(defender=soldier_word(words[1]), attacker=soldier_word(words[2]))


def format_stand(action: StandAndShoot) -> str:
    return f"stand-and-shoot {action.defender} {action.attacker}"


def stand_candidates(state: GameState, soldier_id: str | None) -> list[StandAndShoot]:
    """Each defender at each attacker."""
    p = state.pending
    if p is None or p.kind is not ReactionKind.MELEE or not isinstance(p.action, Melee):
        return []
    return [StandAndShoot(defender=d, attacker=a) for d in p.answerers for a in p.action.soldiers
            if soldier_id is None or soldier_id == d]


def parse_fall_back(words: list[str]) -> FallBack:
    expect(words, 0, 0, "fall-back")
    return FallBack()


def format_fall_back(action: FallBack) -> str:
    return "fall-back"


def fall_back_candidates(state: GameState, soldier_id: str | None) -> list[FallBack]:
    p = state.pending
    return [FallBack()] if p is not None and p.kind is ReactionKind.MELEE else []
