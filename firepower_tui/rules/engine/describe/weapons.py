"""The ``weapons`` optional rule's events and odds as text (RULES.md §9.4)."""

from __future__ import annotations

from ...board.hexgrid import hex_to_id
from ...model.events.weapons import RepairTried, WeaponDropped, WeaponJammed, WeaponPickedUp, WeaponsSwapped


def _pct(p: float) -> str:
    return f"{p * 100:.1f}%".replace(".0%", "%")


def describe_weapon_event(e: object) -> str:
    """One line for a §9.4 event (``repr`` for anything else)."""
    if isinstance(e, WeaponDropped):
        state = " (broken)" if e.broken else ""
        return f"{e.soldier}'s {e.weapon}{state} lies in {hex_to_id(e.hex)} [{e.rule}]"
    if isinstance(e, WeaponPickedUp):
        left = f", leaving his {e.left} there" if e.left else ""
        return f"{e.soldier} picks up the {e.weapon} in {hex_to_id(e.hex)}{left}: 1 MF; {e.mf_left} MF left [{e.rule}]"
    if isinstance(e, WeaponsSwapped):
        return (f"{e.soldier} and {e.other} exchange weapons: {e.soldier} now carries the {e.weapon}, {e.other} the "
                f"{e.other_weapon}; 1 MF each [{e.rule}]")
    if isinstance(e, WeaponJammed):
        lost = f"; {e.bursts_lost} burst(s) not fired" if e.bursts_lost else ""
        return f"{e.soldier}'s {e.weapon} jams ({e.tens} natural 10s in one burst): broken, its fire ends{lost} [{e.rule}]"
    if isinstance(e, RepairTried):
        return f"{e.soldier} works on his broken {e.weapon}: 2 MF; {e.mf_left} MF left [{e.rule}]"
    return repr(e)


def describe_repair_odds(a: object) -> str:
    """The preview of a repair (``odds repair …``); ``repr`` for anything else."""
    from ...optional.weapons_rule import RepairAssessment

    if not isinstance(a, RepairAssessment):
        return repr(a)
    return (f"Odds: {a.soldier} repairs his {a.weapon} for {a.mf} MF: d10 <= {a.roll.need} repaired "
            f"{_pct(a.repaired)}, {a.roll.need + 1}-9 still broken {_pct(a.still_broken)}, 10 destroyed (only grenades left) "
            f"{_pct(a.destroyed)} [§9.4]")


__all__ = ["describe_repair_odds", "describe_weapon_event"]
