"""The ``weapons`` optional rule in the panels (RULES.md §9.4): the selected man's weapon, the
odds of his repair (the same :func:`~firepower_tui.rules.optional.weapons_rule.assess_repair` the roll is
resolved against) and the weapons lying in a hex."""

from __future__ import annotations

from rich.text import Text

from ...controller.controller import Controller
from ...rules.model.actions.weapons import PickUp, Repair, Swap
from ...rules.board.hexgrid import Hex
from ...rules.model.state import GameState
from ...rules.model.types import RuleId, WeaponState
from ...rules.model.units import Soldier
from ...rules.optional.weapons_rule import assess_repair, weapon_label


def _pct(p: float) -> str:
    return f"{p * 100:.1f}%".replace(".0%", "%")


def weapon_lines(c: Controller, s: Soldier) -> Text:
    """His weapon's condition, the repair odds when it is broken, and the §9.4 keys he has now."""
    t = Text()
    if RuleId.WEAPONS not in c.state.rules:
        return t
    if s.weapon_state is WeaponState.BROKEN:
        a = assess_repair(c.state, Repair(soldier=s.id))
        t.append(f"\nweapon: {s.weapon} broken (jammed), cannot fire", style="bold red")
        t.append(" [§9.4]", style="dim")
        t.append(f"\nrepair ({a.mf} MF): d10 ≤ {a.roll.need} repaired {_pct(a.repaired)}, still broken "
                 f"{_pct(a.still_broken)}, 10 destroyed {_pct(a.destroyed)}", style="bold")
    elif s.weapon_state is WeaponState.DESTROYED:
        t.append(f"\nweapon: {s.weapon} destroyed, grenades only", style="bold red")
        t.append(" [§9.4]", style="dim")
    keys = []
    legal = c.legal
    if c.in_impulse(s):
        keys += [f"i picks up the {a.weapon}" for a in legal.of(PickUp, s.id)[:1]]
        keys += [f"X exchanges with {a.other}" for a in legal.of(Swap, s.id)[:1]]
        keys += ["R repairs" for _ in legal.of(Repair, s.id)[:1]]
    if keys:
        t.append("\n" + "; ".join(keys) + " [§9.4]", style="dim")
    return t


def ground_lines(st: GameState, h: Hex) -> Text:
    """``weapons on the ground: LMG, PST (broken) [§9.4]`` (nothing when none lie there)."""
    t = Text()
    lying = st.ground.get(h, ())
    if lying:
        t.append("\nweapons on the ground: ", style="bold")
        t.append(", ".join(weapon_label(g.code, g.state) for g in lying))
        t.append(" [§9.4]", style="dim")
    return t


__all__ = ["ground_lines", "weapon_lines"]
