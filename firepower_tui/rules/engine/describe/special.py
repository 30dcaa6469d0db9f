"""The ``special_weapons`` optional rule's events and odds as text (RULES.md §9.5)."""

from __future__ import annotations

from ...board.hexgrid import hex_to_id
from ...model.events.special import BarrageCalled, ItemLanded, ItemUsed, SmokeChanged


def _pct(p: float) -> str:
    return f"{p * 100:.1f}%".replace(".0%", "%")


_VERB = {"smoke": "throws a smoke grenade at", "molotov": "throws a Molotov at", "satchel": "places a satchel charge in",
         "radio": "calls a barrage by radio on"}


def describe_special_event(e: object) -> str | None:
    """One line for a §9.5 event (None for anything else)."""
    if isinstance(e, ItemUsed):
        left = "" if e.item == "radio" else f"; {e.left} {e.item} left"
        return f"{e.soldier} {_VERB[e.item]} {hex_to_id(e.hex)}: {e.mf_left} MF left{left} [{e.rule}]"
    if isinstance(e, ItemLanded):
        if e.hex is None:
            why = f" ({e.why})" if e.why else ""
            return f"The {e.item} aimed at {hex_to_id(e.aimed)} has no effect{why} [{e.rule}]"
        return f"The {e.item} aimed at {hex_to_id(e.aimed)} comes down in {hex_to_id(e.hex)} [{e.rule}]"
    if isinstance(e, SmokeChanged):
        if e.clears:
            return f"Smoke in {hex_to_id(e.hex)}: +2 to any LOS touching it, until the end of turn {e.clears} [{e.rule}]"
        return f"The smoke in {hex_to_id(e.hex)} clears [{e.rule}]"
    if isinstance(e, BarrageCalled):
        return f"Barrage marker on {hex_to_id(e.hex)}: it lands when {e.side}'s next chit is drawn [{e.rule}]"
    return None


def describe_special_odds(a: object) -> str | None:
    """The preview of a §9.5 action (``odds smoke …`` etc.); None for anything else."""
    from ...optional.special_rule import SpecialAssessment

    if not isinstance(a, SpecialAssessment):
        return None
    b = a.roll
    mods = ", ".join(f"{m.label} {m.value:+d}" for m in b.modifiers) or "no modifiers"
    first = (f"contact on d10 <= {b.need}: {_pct(a.spread)}" if a.item == "radio" else
             f"d10 {b.modifier_total:+d} <= {b.need} ({mods}): lands {_pct(a.lands)}, spreads {_pct(a.spread)}, "
             f"dud {_pct(a.dud)}")
    where = ", ".join(f"{h} {_pct(p)}" for h, p in sorted(a.landing.items(), key=lambda kv: -kv[1]))
    risks = "; ".join(f"{r.soldier} killed {_pct(r.kill)}" + (f", stunned {_pct(r.stun)}" if r.stun else "")
                      + (f", suppressed {_pct(r.suppress)}" if r.suppress else "") for r in a.risks)
    return (f"Odds: {a.soldier}'s {a.item} at {a.aimed}: {first}; comes down in {where or 'nowhere'}"
            + (f"; {risks}" if risks else "") + " [§9.5]")


__all__ = ["describe_special_event", "describe_special_odds"]
