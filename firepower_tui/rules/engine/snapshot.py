"""A game state as plain JSON data and back: the checkpoints of the game store.

A checkpoint lets ``resume`` start from the state after the last chit draw instead of
replaying the whole game before the first frame; the full replay still runs afterwards and
must agree with it (replay is the source of truth, :mod:`firepower_tui.games.service`). The format
is versioned: a checkpoint of another format is ignored, never misread.

Only the state's own fields are written; the scenario is the game's and is given back on
load.
"""

from __future__ import annotations

from typing import Any

from ..board.hexgrid import Facing, Hex
from ..model.actions import Fire, Melee
from ..model.scenario import Scenario
from ..model.special_types import Barrage, SpecialState
from ..model.state import Chit, GameState, Pending
from ..model.types import Phase, Posture, ReactionKind, SetupStep, Status, WeaponState
from ..model.units import GroundWeapon, Soldier

FORMAT = 1
"""The checkpoint format this version writes and reads."""


class SnapshotError(ValueError):
    """A checkpoint that does not decode (another format, or damaged)."""


def _hex(h: Hex | None) -> list[int] | None:
    return None if h is None else [h.q, h.r]


def _unhex(v: Any) -> Hex | None:
    return None if v is None else Hex(int(v[0]), int(v[1]))


def _soldier(s: Soldier) -> list[Any]:
    out = [s.id, s.side, s.weapon, _hex(s.hex), int(s.facing), s.posture.value, s.running, s.status.value, s.killed,
           s.fence_side, s.mf_spent, s.noncombat_mf, s.entries, s.combat_used, s.mf_cap, s.halted, list(s.traits),
           s.deployed]
    if s.overwatch or s.hidden or s.dirt_used or s.weapon_state is not WeaponState.OK:  # §9 markers, when on him
        out += [s.overwatch, s.hidden, s.dirt_used]
        if s.weapon_state is not WeaponState.OK:
            out.append(str(s.weapon_state))
    return out


def _unsoldier(v: list[Any]) -> Soldier:
    (sid, side, weapon, h, facing, posture, running, status, killed, fence_side, mf_spent, noncombat_mf, entries,
     combat_used, mf_cap, halted, traits, deployed) = v[:18]
    overwatch, hidden, dirt_used = v[18:21] if len(v) > 18 else (False, False, False)
    weapon_state = WeaponState(v[21]) if len(v) > 21 else WeaponState.OK  # §9.4; older checkpoints: working
    here = _unhex(h)
    assert here is not None
    return Soldier(id=sid, side=side, weapon=weapon, hex=here, facing=Facing(facing), posture=Posture(posture),
                   running=running, status=Status(status), killed=killed, fence_side=fence_side, mf_spent=mf_spent,
                   noncombat_mf=noncombat_mf, entries=entries, combat_used=combat_used, mf_cap=mf_cap, halted=halted,
                   traits=tuple(traits), deployed=deployed, overwatch=overwatch, hidden=hidden, dirt_used=dirt_used,
                   weapon_state=weapon_state)


def _pending(p: Pending | None) -> dict[str, Any] | None:
    if p is None:
        return None
    from .notation import format_action

    return {"kind": str(p.kind), "side": p.side, "trigger": p.trigger, "hex": _hex(p.hex),
            "answerers": list(p.answerers), "action": format_action(p.action) if p.action is not None else None}


def _unpending(v: dict[str, Any] | None) -> Pending | None:
    if v is None:
        return None
    from .notation import parse_action

    action = parse_action(v["action"]) if v["action"] is not None else None
    assert action is None or isinstance(action, Fire | Melee)
    here = _unhex(v["hex"])
    assert here is not None
    return Pending(kind=ReactionKind(v["kind"]), side=v["side"], trigger=v["trigger"], hex=here,
                   answerers=tuple(v["answerers"]), action=action)


def _unground(v: Any) -> dict[Hex, tuple[GroundWeapon, ...]]:
    ground: dict[Hex, tuple[GroundWeapon, ...]] = {}
    for q, r, code, condition in v:
        h = Hex(int(q), int(r))
        ground[h] = ground.get(h, ()) + (GroundWeapon(code, WeaponState(condition)),)
    return ground


def _unspecial(v: Any) -> SpecialState | None:
    if v is None:
        return None
    return SpecialState(smoke=tuple((Hex(int(q), int(r)), int(t)) for q, r, t in v["smoke"]),
                        barrages=tuple(Barrage(side, sid, Hex(int(q), int(r))) for side, sid, q, r in v["barrages"]),
                        used=tuple((a, b, int(n)) for a, b, n in v["used"]),
                        calls=tuple((a, int(n)) for a, n in v["calls"]),
                        bought=tuple((a, b, int(n)) for a, b, n in v.get("bought", ())))


def state_to_data(state: GameState) -> dict[str, Any]:
    """The state as JSON-ready data (sets sorted, so equal states give equal data).

    >>> from ..scenario.load import load_scenario
    >>> from ..basic.sequence import new_game
    >>> st = new_game(load_scenario("basic"))
    >>> state_from_data(state_to_data(st), st.scenario) == st
    True
    """
    data: dict[str, Any] = {
        "format": FORMAT,
        "turn": state.turn,
        "cup": [[c.side, c.letter] for c in state.cup],
        "played": [[c.side, c.letter] for c in state.played],
        "active": state.active,
        "impulse": state.impulse,
        "impulses_used": state.impulses_used,
        "impulse_hex": _hex(state.impulse_hex),
        "group": list(state.group),
        "committed": state.committed,
        "acted": sorted(state.acted),
        "fired_from": sorted(_hex(h) for h in state.fired_from),
        "soldiers": [_soldier(s) for s in state.soldiers],
        "kills": dict(state.kills),
        "phase": str(state.phase),
        "setup_step": str(state.setup_step),
        "decider": state.decider,
        "placer": state.placer,
        "placed_now": state.placed_now,
        "finished_first": state.finished_first,
        "bonus": state.bonus,
        "first_side": state.first_side,
        "ready": sorted(state.ready),
        "holders": [[h.q, h.r, side] for h, side in state.holders.items()],
        "over": state.over,
        "winner": state.winner,
        "result": state.result,
        "rules": sorted(state.rules),
        "pending": _pending(state.pending),
    }
    if state.special is not None:  # §9.5's smoke, barrages, used items and calls, once something was used
        sp = state.special
        data["special"] = {"smoke": [[h.q, h.r, t] for h, t in sp.smoke],
                           "barrages": [[b.side, b.soldier, b.hex.q, b.hex.r] for b in sp.barrages],
                           "used": [list(u) for u in sp.used], "calls": [list(c) for c in sp.calls],
                           "bought": [list(b) for b in sp.bought]}
    if state.ground:  # §9.4's weapon markers, only when some lie on the map
        data["ground"] = [[h.q, h.r, g.code, str(g.state)] for h, gs in state.ground.items() for g in gs]
    for key in ("building_damage", "exposed", "window_fire"):  # §9.6, only when there is something
        if getattr(state, key):
            data[key] = [list(v) for v in getattr(state, key)]
    return data


def state_from_data(data: dict[str, Any], scenario: Scenario) -> GameState:
    """The state written by :func:`state_to_data`, on ``scenario``.

    Raises:
        SnapshotError: another format, or data that does not decode.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SnapshotError(f"checkpoint format {data.get('format') if isinstance(data, dict) else '?'}, "
                            f"not {FORMAT}")
    try:
        return GameState.start(
            scenario=scenario,
            turn=data["turn"],
            cup=tuple(Chit(side, letter) for side, letter in data["cup"]),
            played=tuple(Chit(side, letter) for side, letter in data["played"]),
            active=data["active"],
            impulse=data["impulse"],
            impulses_used=data["impulses_used"],
            impulse_hex=_unhex(data["impulse_hex"]),
            group=tuple(data["group"]),
            committed=data["committed"],
            acted=frozenset(data["acted"]),
            fired_from=frozenset(Hex(q, r) for q, r in data["fired_from"]),
            soldiers=tuple(_unsoldier(s) for s in data["soldiers"]),
            kills=dict(data["kills"]),
            phase=Phase(data["phase"]),
            setup_step=SetupStep(data["setup_step"]),
            decider=data["decider"],
            placer=data["placer"],
            placed_now=data["placed_now"],
            finished_first=data["finished_first"],
            bonus=data["bonus"],
            first_side=data["first_side"],
            ready=frozenset(data["ready"]),
            holders={Hex(q, r): side for q, r, side in data["holders"]},
            over=data["over"],
            winner=data["winner"],
            result=data["result"],
            rules=frozenset(data.get("rules", ())),  # checkpoints from before the optional rules: none
            pending=_unpending(data.get("pending")),
            ground=_unground(data.get("ground", ())),  # §9.4; older checkpoints: none
            building_damage=tuple((int(n), int(d)) for n, d in data.get("building_damage", ())),  # §9.6
            # §9.6: one entry a man (the last one written counts, as `spotting.exposed` reads it), sorted by id,
            # as spotting.note_combat keeps it and updates it in place
            exposed=tuple(sorted({str(sid): int(t) for sid, t in data.get("exposed", ())}.items())),
            window_fire=tuple((int(t), str(k), str(sid)) for t, k, sid in data.get("window_fire", ())),
            special=_unspecial(data.get("special")),  # §9.5; older checkpoints: none
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise SnapshotError(f"checkpoint does not decode: {exc!r}") from None


__all__ = ["FORMAT", "SnapshotError", "state_from_data", "state_to_data"]
