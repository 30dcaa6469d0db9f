"""Who can hurt whom next: the threat arithmetic the computer opponent and the threat view share.

A :class:`Threat` is one enemy's best attack on one hex in his next impulse: fire (6.3), a
grenade (6.3.6.3.2) or melee (§5.1), from where he stands or after one turn (6.2.2) or one step
forward (6.2.1). Every number is the odds preview's own: the attack is put to
:func:`.check` and :func:`.assess` in a hypothetical state where his impulse has
just begun in his hex (fresh MF, combat action unused, nobody of that impulse has fired yet),
so a threat's ``chance`` is exactly what the preview would show him then.

Nothing here looks at the dice or the cup's order: :func:`enemy_first` reads only the public
count of chits left by side (6.1).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .. import engine
from ..basic.combat import COMBAT_MF, chance_of
from ..basic.grenades import blast_breakdown, max_throw
from ..basic.melee import MELEE_MF
from ..basic.movement import entry_ledger
from ..board.hexgrid import (Hex, direction_between, facing_toward, hex_distance, hex_from_id, hex_neighbor, hex_to_id,
                             in_firing_arc)
from ..board.spread import entry_hexsides
from ..model.actions import Fire, Melee, Move, Throw
from ..model.errors import IllegalActionError
from ..model.state import GameState
from ..model.types import Phase, Status
from ..model.units import Soldier, weapon_chart

NOTIONAL_ID = "?"
"""The id of the notional man :func:`threats_to` stands in an empty hex."""
_MEMO_LIMIT = 4096
"""Most threat lists kept per soldiers tuple (the memo is shared by every state with those soldiers)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Threat:
    """One enemy's best attack of one kind on one hex in his next impulse."""

    attacker: str
    """The soldier who could make it."""
    target: str
    """The hex attacked (map id, docs/notation.md)."""
    kind: str
    """``fire`` (6.3), ``throw`` (6.3.6.3.2) or ``melee`` (§5.1)."""
    chance: float
    """Chance of at least one kill; for melee, the chance the attackers win (§5.2)."""
    expected_kills: float
    """Expected men killed in the hex."""
    suppress: float
    """Chance the survivors are Suppressed or Stunned (automatic fire 6.4.1, blast 6.4.2); 0 if none."""
    moves: int
    """MF he must spend before it: 0 from where he stands, 1 for a turn (6.2.2), the entry cost of a step (6.2.1)."""
    rule: str
    """The rule that makes it: ``6.3`` fire, ``6.3.6.3.2`` throw, ``§5.1`` melee."""
    action: str = ""
    """The attack in notation (``fire T1 at G1``, after ``turn T1 NE`` when ``moves``)."""


_RULES = {"fire": "6.3", "throw": "6.3.6.3.2", "melee": "§5.1"}


# --- the hypothetical impulse ------------------------------------------------------------------


def impulse_of(state: GameState, s: Soldier, **changes: Any) -> GameState:
    """``state`` as it would be had ``s`` just begun an impulse of his own in his hex (6.2): his
    side active, his MF unspent, his combat action unused, nobody of it fired yet (4.5);
    ``changes`` are made to him (a facing, a hex, MF spent). Only for asking the engine."""
    fresh = s.evolve(**{"mf_spent": 0, "noncombat_mf": 0, "entries": 0, "combat_used": False, "mf_cap": None,
                        "halted": False, "overwatch": False, **changes})
    return state.with_soldiers(fresh, phase=Phase.PLAY, active=s.side, impulse=1, impulses_used=0,
                               impulse_hex=s.hex, group=(s.id,), committed=False, acted=frozenset(),
                               fired_from=frozenset(), pending=None, over=False)


def _poses(state: GameState, s: Soldier, target: Hex, steps: bool) -> Iterator[tuple[int, str, GameState]]:
    """Where and how he might attack from: as he stands, after one turn towards ``target``, after
    one step forward (each with the MF it costs and its words)."""
    here = impulse_of(state, s)
    yield 0, "", here
    if not in_firing_arc(s.hex, s.facing, target):
        toward = facing_toward(s.hex, target)
        if toward is not None and toward != s.facing:
            yield 1, f"turn {s.id} {toward.name}, ", impulse_of(state, s, facing=toward, mf_spent=1, noncombat_mf=1)
    if steps:
        front = hex_neighbor(s.hex, s.facing)
        if state.scenario.map.on_map(front) and hex_distance(front, target) >= 1:
            cost = entry_ledger(state, s, front).total
            if 0 < cost <= s.allowance - COMBAT_MF and engine.check(here, Move(soldier=s.id)) is None:
                line = state.scenario.map.line_at(front)
                fence = line.half_of_hexside(s.facing.opposite) if line is not None else None
                yield cost, f"move {s.id}, ", impulse_of(state, s, hex=front, mf_spent=cost, noncombat_mf=cost,
                                                          entries=1, fence_side=fence)


# --- the attacks -------------------------------------------------------------------------------


def _fire(st: GameState, s: Soldier, men: list[Soldier], moves: int, words: str) -> Threat | None:
    """His fire at the men in the hex: on automatic one burst each, as many as he has (4.6);
    else one target, the one he is likeliest to kill."""
    me = st.soldier(s.id)
    assert me is not None
    target = men[0].hex
    if hex_distance(me.hex, target) > weapon_chart().weapons[me.weapon].max_range:
        return None  # 6.3.2, asked before any LOS
    best: Threat | None = None
    ids = tuple(m.id for m in men if not m.hidden)
    if not ids:
        return None
    tries = [ids] + ([(i,) for i in ids] if len(ids) > 1 else [])
    for targets in tries:
        action = Fire(soldier=s.id, targets=targets)
        if engine.check(st, action) is not None:
            continue
        a = engine.assess(st, action)
        dist = a.kill_distribution
        all_killed = dist[len(men)] if len(dist) > len(men) else 0.0  # nobody left to suppress
        threat = Threat(attacker=s.id, target=hex_to_id(target), kind="fire", chance=1.0 - dist[0],
                        expected_kills=a.expected_kills, suppress=(1.0 - all_killed) if a.suppresses else 0.0,
                        moves=moves, rule=_RULES["fire"], action=f"{words}fire {s.id} {','.join(targets)}")
        if best is None or (threat.expected_kills, threat.chance) > (best.expected_kills, best.chance):
            best = threat
        if len(targets) == len(ids):
            break  # every man named: the fullest fire there is
    return best


def _throw(st: GameState, s: Soldier, men: list[Soldier], moves: int, words: str) -> Threat | None:
    """His grenade at the hex (6.3.6.3.2): per man the preview's own blast risks."""
    me = st.soldier(s.id)
    assert me is not None
    target = men[0].hex
    if hex_distance(me.hex, target) > max_throw(me) or me.hex == target:
        return None
    via = entry_hexsides(me.hex, target)
    action = Throw(soldier=s.id, hex=target, via=via[0] if len(via) == 2 else None)
    if engine.check(st, action) is not None:
        return None
    a = engine.assess(st, action)
    ids = {m.id for m in men}
    risks = [r for r in a.risks if r.soldier in ids]
    if not risks:
        return None
    # At least one kill: over the hexes it may explode in, the men's blast rolls are independent.
    by_hex = {m.id: m for m in st.soldiers if m.id in ids}
    none_killed = 0.0
    for cell, p in a.explosions.items():
        spared = 1.0
        for m in by_hex.values():
            if hex_distance(m.hex, hex_from_id(cell)) <= 2:
                spared *= 1.0 - float(chance_of(blast_breakdown(st, m, hex_from_id(cell)).faces_succeeding))
        none_killed += p * spared
    chance = sum(a.explosions.values()) - none_killed
    via_words = f" via {action.via.name}" if action.via is not None else ""
    return Threat(attacker=s.id, target=hex_to_id(target), kind="throw", chance=max(0.0, chance),
                  expected_kills=sum(r.kill for r in risks), suppress=max(r.stun + r.suppress for r in risks),
                  moves=moves, rule=_RULES["throw"], action=f"{words}throw {s.id} {hex_to_id(target)}{via_words}")


def _melee(state: GameState, s: Soldier, target: Hex) -> Threat | None:
    """He enters the hex and fights (§5.1), turning to face it first if he must (6.2.2)."""
    d = direction_between(s.hex, target)
    if d is None:
        return None
    moves, words = 0, ""
    if d != s.facing:
        moves, words = 1, f"turn {s.id} {d.name}, "
    st = impulse_of(state, s, facing=d, mf_spent=moves, noncombat_mf=moves)
    me = st.soldier(s.id)
    assert me is not None
    if me.mf_left < entry_ledger(st, me).total + MELEE_MF:
        return None
    action = Melee(soldiers=(s.id,), hex=target)
    if engine.check(st, action) is not None:
        return None
    a = engine.assess(st, action)
    return Threat(attacker=s.id, target=hex_to_id(target), kind="melee", chance=a.win_chance,
                  expected_kills=a.win_chance * len(a.defenders), suppress=0.0, moves=moves, rule=_RULES["melee"],
                  action=f"{words}melee {s.id} {hex_to_id(target)}")


def _attacks(state: GameState, s: Soldier, men: list[Soldier], steps: bool) -> list[Threat]:
    """His best attack of each kind on the men's hex."""
    target = men[0].hex
    best: dict[str, Threat] = {}

    def keep(t: Threat | None) -> None:
        if t is not None and t.chance > 0:
            old = best.get(t.kind)
            if old is None or (t.expected_kills, t.chance, -t.moves) > (old.expected_kills, old.chance, -old.moves):
                best[t.kind] = t

    reach = max(weapon_chart().weapons[s.weapon].max_range, max_throw(s)) + (1 if steps else 0)
    if hex_distance(s.hex, target) > reach:
        return []
    for moves, words, st in _poses(state, s, target, steps):
        try:
            keep(_fire(st, s, men, moves, words))
            keep(_throw(st, s, men, moves, words))
        except IllegalActionError:  # pragma: no cover - checked first; never raised
            continue
    if hex_distance(s.hex, target) == 1:
        keep(_melee(state, s, target))
    return list(best.values())


def _able(s: Soldier) -> bool:
    """A man who could act in an impulse of his own: alive, on the map, not Stunned (6.4.4)."""
    return not s.killed and s.deployed and s.status is not Status.STUNNED


def _order(threats: list[Threat]) -> tuple[Threat, ...]:
    return tuple(sorted(threats, key=lambda t: (-t.expected_kills, -t.chance, t.moves, t.attacker, t.kind)))


# --- the two views -----------------------------------------------------------------------------


def threats_to(state: GameState, h: Hex, side: str, *, steps: bool = True) -> tuple[Threat, ...]:
    """Every enemy of ``side`` who could fire at, throw at or melee ``h`` in his next impulse, with
    the chance of each (his best attack of each kind), best first.

    The men of ``side`` in ``h`` are the targets; if there are none, a notional man of ``side``
    standing in the open order of the hex (no fence side) is (the most any enemy could do to a man
    who goes there). ``steps=False`` leaves out the attacks after a step forward (faster).
    """
    if state.over or not state.scenario.map.on_map(h):
        return ()
    key = (h, side, steps, state.rules, state.special, state.building_damage)
    memo = state.memo().setdefault("threat", {})
    found: tuple[Threat, ...] | None = memo.get(key)
    if found is not None:
        return found
    st, men = _targets_in(state, h, side)
    out: list[Threat] = []
    if men:
        for e in st.soldiers:
            if e.side != side and _able(e):
                out += _attacks(st, e, men, steps)
    result = _order(out)
    if len(memo) > _MEMO_LIMIT:
        memo.clear()
    memo[key] = result
    return result


def _targets_in(state: GameState, h: Hex, side: str) -> tuple[GameState, list[Soldier]]:
    """The men of ``side`` in ``h`` (and the state), or a notional man standing there."""
    men = [m for m in state.soldiers_at(h) if m.side == side]
    if men:
        return state, men
    if any(m.side != side for m in state.soldiers_at(h)):
        return state, []  # an enemy's hex: nobody of ``side`` can stand there but by melee
    template = next((m for m in state.soldiers if m.side == side), None)
    if template is None:
        return state, []
    notional = Soldier(id=NOTIONAL_ID, side=side, weapon=template.weapon, hex=h, facing=template.facing)
    st = state.evolve(soldiers=state.soldiers + (notional,))
    return st, [notional]


def reach_of(state: GameState, soldier_id: str, *, steps: bool = True) -> tuple[Threat, ...]:
    """Whom ``soldier_id`` can hit from here in his next impulse: his best attack of each kind on
    each enemy-held hex (the reverse of :func:`threats_to`), best first."""
    s = state.soldier(soldier_id)
    if s is None or not _able(s) or state.over:
        return ()
    out: list[Threat] = []
    for h, men in state.occupied().items():
        enemies = [m for m in men if m.side != s.side]
        if enemies:
            out += _attacks(state, s, enemies, steps)
    return _order(out)


# --- the opponent's exposure -------------------------------------------------------------------


def enemy_first(state: GameState, side: str) -> float:
    """The public chance that the enemy of ``side`` acts before ``side`` next (6.1): of the chits
    left in the cup, the share that is the enemy's; 0 when only ours are left; one half when the cup
    is empty (a new turn's first chit is either side's). Never reads the cup's order."""
    counts = state.cup_counts()
    enemy = sum(n for s, n in counts.items() if s != side)
    own = counts.get(side, 0)
    if enemy == 0:
        return 0.0 if own else 0.5  # not this turn; with the cup empty, a new turn: either may be first
    if own == 0:
        return 1.0
    return enemy / (enemy + own)


def expected_losses(state: GameState, h: Hex, side: str, *, steps: bool = False) -> float:
    """Expected men of ``side`` lost in ``h`` if the enemy's next impulse phase came now: his two
    impulses (6.2), each the best hex's men each making his best attack, no more than the men there."""
    threats = threats_to(state, h, side, steps=steps)
    if not threats:
        return 0.0
    by_attacker: dict[str, float] = {}
    for t in threats:
        by_attacker[t.attacker] = max(by_attacker.get(t.attacker, 0.0), t.expected_kills)
    by_hex: dict[Hex, float] = {}
    for sid, k in by_attacker.items():
        e = state.soldier(sid)
        if e is not None:
            by_hex[e.hex] = by_hex.get(e.hex, 0.0) + k
    best = sorted(by_hex.values(), reverse=True)[:2]
    men = max(1, sum(1 for m in state.soldiers_at(h) if m.side == side))
    return min(float(men), sum(best))


