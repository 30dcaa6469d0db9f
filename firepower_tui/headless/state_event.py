"""The ``state`` event of ``firepower script`` (docs/notation.md): what a snapshot of the game
holds, as JSON data and as the text lines the runner prints."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..rules.board.hexgrid import hex_to_id
from ..rules.engine.notation import format_action
from ..rules.scenario.options import ordered, rules_label
from ..rules.model.state import GameState


def state_snapshot(state: GameState) -> dict[str, Any]:
    """The ``state`` event: turn, active side and every soldier (docs/notation.md); while an
    optional rule is on, also the rules, the open reaction and each man's §9 markers (only
    then, so the basic game's snapshot stays as it always was)."""
    optional = bool(state.rules)
    weapons = "weapons" in state.rules  # §9.4's keys only in its games (the other rules' streams unchanged)
    snap: dict[str, Any] = {
        "event": "state",
        "phase": str(state.phase),
        "setup_step": str(state.setup_step) or None,
        "turn": state.turn,
        "active": state.active,
        "impulse": state.impulse,
        "impulse_hex": hex_to_id(state.impulse_hex) if state.impulse_hex else None,
        "cup": state.cup_counts(),
        "over": state.over,
        "winner": state.winner,
        "soldiers": [
            {
                "id": s.id, "side": s.side, "weapon": s.weapon, "hex": hex_to_id(s.hex),
                "facing": s.facing.name, "posture": s.posture.value, "status": state.status_word(s),
                "running": s.running, "mf_left": state.mf_left(s), "fence_side": s.fence_side,
            } | ({"overwatch": s.overwatch, "hidden": s.hidden, "hit_the_dirt": s.dirt_used} if optional else {})
            | ({"weapon_state": str(s.weapon_state)} if weapons else {})
            for s in state.soldiers
        ],
    }
    if optional:
        p = state.pending
        snap["rules"] = list(ordered(state.rules))
        snap["pending"] = None if p is None else {
            "kind": str(p.kind), "side": p.side, "trigger": p.trigger, "hex": hex_to_id(p.hex),
            "answerers": list(p.answerers), "action": format_action(p.action) if p.action is not None else None,
            "rule": p.kind.rule}
    if "special_weapons" in state.rules:  # §9.5's keys only in its games
        from ..rules.optional.special_rule import carried, special_of

        sp = special_of(state)
        snap["items"] = {s.id: carried(state, s.id) for s in state.soldiers if not s.killed and carried(state, s.id)}
        snap["smoke"] = {hex_to_id(h): t for h, t in sp.smoke}
        snap["barrages"] = [{"side": b.side, "soldier": b.soldier, "hex": hex_to_id(b.hex)} for b in sp.barrages]
    if weapons:
        snap["ground"] = {hex_to_id(h): [g.code + ("" if g.state == "ok" else f" ({g.state})") for g in gs]
                          for h, gs in sorted(state.ground.items())}
    return snap


def snapshot_text(snap: dict[str, Any], side_name: Callable[[str], str]) -> str:
    """The ``state`` event as text: a header line and one indented line per soldier."""
    phase = f"{side_name(snap['active'])}'s impulse phase" if snap["active"] else "between impulse phases"
    if snap["impulse"]:
        phase += f", impulse {snap['impulse']} in {snap['impulse_hex']}"
    if snap["over"]:
        phase = "game over"
    cup = ", ".join(f"{side_name(k)} {v}" for k, v in snap["cup"].items())
    lines = [f"State: turn {snap['turn']}, {phase}; cup: {cup}"]
    for s in snap["soldiers"]:
        extra = [s["posture"], s["status"]] + (["running"] if s["running"] else [])
        fence = f" ({s['fence_side']} of line)" if s["fence_side"] else ""
        extra += [m.replace("_", " ") for m in ("overwatch", "hidden", "hit_the_dirt") if s.get(m)]
        extra += [f"weapon {s['weapon_state']}"] if s.get("weapon_state", "ok") != "ok" else []
        lines.append(f"  {s['id']:<4} {side_name(s['side']):<6} {s['weapon']} {s['hex']:<4} facing {s['facing']:<2} "
                     f"{' '.join(extra)}{fence}; MF left {s['mf_left']}")
    if "rules" in snap:
        lines.insert(1, f"  optional rules: {rules_label(snap['rules'])}")
        p = snap["pending"]
        if p is not None:
            lines.insert(2, f"  waiting on {side_name(p['side'])}: {p['kind'].replace('_', ' ')} reaction to "
                            f"{p['trigger']} in {p['hex']} ({p['rule']}); may answer: {', '.join(p['answerers'])}")
    if snap.get("items"):
        lines.append("  items: " + "; ".join(f"{sid} " + ", ".join(f"{k} {n}" for k, n in it.items())
                                              for sid, it in snap["items"].items()))
    if snap.get("smoke"):
        lines.append("  smoke: " + ", ".join(f"{h} (clears at the end of turn {t})" for h, t in snap["smoke"].items()))
    if snap.get("barrages"):
        lines.append("  barrages coming: " + ", ".join(f"{b['hex']} ({b['side']}, {b['soldier']})"
                                                      for b in snap["barrages"]))
    if snap.get("ground"):
        lines.append("  weapons on the ground: " + "; ".join(f"{h} {', '.join(w)}" for h, w in snap["ground"].items()))
    return "\n".join(lines)


__all__ = ["snapshot_text", "state_snapshot"]
