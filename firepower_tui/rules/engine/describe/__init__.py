"""Events as plain text lines (the headless runner's output and the basis of the UI log)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ...board.hexgrid import hex_to_id
from ...model.breakdown import Modifier
from ...model.events import (ChitDrawn, Crossed, FellBack, Fired, GameEnded, GrenadeLanded, HiddenChanged, HitTheDirt,
                             ImpulseEnded, ImpulseStarted, Killed, MeleeCalledOff, MeleeFought, Moved, OverwatchEnded,
                             PhaseEnded, PostureChanged, ReactionClosed, ReactionOpened, Rolled, RunningChanged,
                             SetupEvent, StatusChanged, TurnEnded, Turned, TurnStarted, WatchDeclared)
from ...model.types import ReactionKind
from .special import describe_special_event, describe_special_odds
from .weapons import describe_repair_odds, describe_weapon_event

Names = Callable[[str], str]


def _cost(items: Iterable[Modifier]) -> str:
    items = list(items)
    total = sum(m.value for m in items)
    parts = ", ".join(f"{m.label} {m.value} [{m.rule}]" for m in items)
    return f"{total} MF ({parts})"


def modifiers_text(mods: Iterable[Modifier]) -> str:
    """``+2 target prone [6.3.6.2.4], +1 trees [6.3.6.2.2]``."""
    return ", ".join(f"{m.value:+d} {m.label} [{m.rule}]" for m in mods) or "no modifiers"


def describe(event: object, side_name: Names = str) -> str:
    """One line of plain text for an event."""
    e = event
    if isinstance(e, TurnStarted):
        cup = ", ".join(f"{side_name(s)} {n}" for s, n in e.cup.items())
        return f"Turn {e.turn} begins; chits in the cup: {cup} [§2.1]"
    if isinstance(e, ChitDrawn):
        cup = ", ".join(f"{side_name(s)} {n}" for s, n in e.cup.items())
        how = "drawn" if e.random else "drawn (forced)"
        return f"Chit {how}: {side_name(e.side)} {e.letter} - {side_name(e.side)}'s impulse phase; left: {cup} [6.1]"
    if isinstance(e, StatusChanged):
        word = "no longer Suppressed or Stunned" if e.status == "ok" else f"is {e.status.capitalize()}"
        return f"{e.soldier} {word}" + (f" ({e.why})" if e.why else "") + f" [{e.rule}]"
    if isinstance(e, RunningChanged):
        word = "is Running" if e.running else "is no longer Running"
        return f"{e.soldier} {word}" + (f" ({e.why})" if e.why else "") + f" [{e.rule}]"
    if isinstance(e, ImpulseStarted):
        return f"Impulse {e.number}: {hex_to_id(e.hex)} activated - {', '.join(e.soldiers)} [6.2]"
    if isinstance(e, Moved):
        side = f", {e.fence_side} of the line" if e.fence_side else ""
        return f"{e.soldier} enters {hex_to_id(e.to)} from {hex_to_id(e.origin)}{side}: {_cost(e.cost)}; {e.mf_left} MF left"
    if isinstance(e, Turned):
        return f"{e.soldier} turns {e.origin.name} to {e.facing.name}: {_cost(e.cost)}; {e.mf_left} MF left"
    if isinstance(e, Crossed):
        return (f"{e.soldier} crosses the {e.line} in {hex_to_id(e.hex)} to its {e.fence_side} side: "
                f"{_cost(e.cost)}; {e.mf_left} MF left")
    if isinstance(e, PostureChanged):
        return f"{e.soldier} goes from {e.origin.value} to {e.posture.value}: {_cost(e.cost)}; {e.mf_left} MF left"
    if isinstance(e, Rolled):
        if e.need is None:
            return f"{e.purpose}: d10 {e.die} [{e.need_rule}] -> {e.result} [{e.result_rule}]"
        return (f"{e.purpose}: d10 {e.die} {modifiers_text(e.modifiers)} = {e.total}, needs <= {e.need} "
                f"[{e.need_rule}] -> {e.result} [{e.result_rule}]")
    if isinstance(e, Fired):
        who = f" at {', '.join(e.targets)}" if e.targets else ""
        return f"{e.soldier} {e.mode} ({e.weapon}) into {hex_to_id(e.target_hex)}{who}" + (f"; {e.note}" if e.note else "")
    if isinstance(e, Killed):
        return f"{e.soldier} is killed [{e.rule}]"
    if isinstance(e, GrenadeLanded):
        where = f" in {hex_to_id(e.hex)}" if e.hex is not None else ""
        return f"Grenade aimed at {hex_to_id(e.aimed)}: {e.outcome}{where}" + (f" ({e.why})" if e.why else "") + f" [{e.rule}]"
    if isinstance(e, MeleeFought):
        return (f"Melee in {hex_to_id(e.hex)}: {', '.join(e.attackers)} against {', '.join(e.defenders)} - "
                f"the {e.winner} win [6.5]")
    if isinstance(e, ImpulseEnded):
        return f"Impulse {e.number} ends" if e.counted else f"Impulse {e.number} dropped (no MF spent, not used) [§9.9]"
    if isinstance(e, PhaseEnded):
        return f"{side_name(e.side)}'s impulse phase ends [6.1.3]"
    if isinstance(e, TurnEnded):
        return f"Turn {e.turn} ends"
    if isinstance(e, SetupEvent):
        return f"{e.text} [{e.rule}]"
    if isinstance(e, GameEnded):
        who = f"{side_name(e.winner)} wins" if e.winner else "a draw"
        return f"Game over - {who}: {e.reason}"
    return _describe_optional(e, side_name)


_OPENED = {
    ReactionKind.OVERWATCH: "{side} may fire on overwatch at {trigger} in {hex} ({who}) or hold",
    ReactionKind.HIT_THE_DIRT: "{trigger} fires into {hex}: {side} may hit the dirt ({who}) or hold",
    ReactionKind.MELEE: "melee declared against {hex}: {side} answers (hold, stand-and-shoot or fall-back; "
                        "defenders {who})",
}


def _describe_optional(e: object, side_name: Names) -> str:
    """The events of the optional rules (RULES.md §9)."""
    if isinstance(e, WatchDeclared):
        return f"{e.soldier} goes on Overwatch in {hex_to_id(e.hex)} [{e.rule}]"
    if isinstance(e, OverwatchEnded):
        return f"{e.soldier} is no longer on Overwatch ({e.why}) [{e.rule}]"
    if isinstance(e, ReactionOpened):
        text = _OPENED[e.kind].format(side=side_name(e.side), trigger=e.trigger, hex=hex_to_id(e.hex),
                                      who=", ".join(e.answerers))
        return f"Reaction: {text} [{e.rule}]"
    if isinstance(e, ReactionClosed):
        return f"{side_name(e.side)} answers: {e.answer} [{e.rule}]"
    if isinstance(e, HitTheDirt):
        return f"{e.soldier} hits the dirt: Prone, free [{e.rule}]"
    if isinstance(e, HiddenChanged):
        word = "is Hidden" if e.hidden else "is revealed"
        return f"{e.soldier} {word}" + (f" ({e.why})" if e.why else "") + f" [{e.rule}]"
    if isinstance(e, FellBack):
        if e.to is None:
            return f"{e.soldier} cannot fall back from {hex_to_id(e.origin)} ({e.why}) and holds [{e.rule}]"
        return f"{e.soldier} falls back from {hex_to_id(e.origin)} to {hex_to_id(e.to)} [{e.rule}]"
    if isinstance(e, MeleeCalledOff):
        return f"No melee in {hex_to_id(e.hex)}: every attacker was killed or stunned first [{e.rule}]"
    return describe_special_event(e) or describe_weapon_event(e)


def _pct(p: float) -> str:
    return f"{p * 100:.1f}%".replace(".0%", "%")


def describe_odds(a: object) -> str:
    """The preview of a fire, throw or melee assessment (or of one roll, a climb), as text lines."""
    from ...model.breakdown import RollBreakdown
    from ...basic.fire import FireAssessment
    from ...basic.grenades import ThrowAssessment
    from ...basic.melee import MeleeAssessment

    if isinstance(a, RollBreakdown):
        return (f"Odds: {a.purpose}: d10 + {a.modifier_total} <= {a.need} [{a.need_rule}] "
                f"({modifiers_text(a.modifiers)}): {_pct(a.chance)}")
    if isinstance(a, FireAssessment):
        first = a.bursts[0].breakdown
        lines = [f"Odds: {a.soldier} fires {a.weapon} {a.mode} into {a.target_hex}, range {a.range}: "
                 f"hit number {first.need} [{first.need_rule}]"]
        if a.spot is not None:  # §9.6: a man inside a building, seen first
            lines.append(f"  {a.spot.purpose}: d10 <= {a.spot.need} [{a.spot.need_rule}]: {_pct(a.spot.chance)} "
                         "(failed: the fire action and 2 MF are spent)")
        for ts in a.bursts:
            b = ts.breakdown
            lines.append(f"  at {ts.target}: {ts.shots} shot(s), each hits on d10 + {b.modifier_total} <= {b.need} "
                         f"({modifiers_text(b.modifiers)}): {_pct(b.chance)} per shot, {_pct(ts.kill_chance)} to kill")
        if a.wasted_bursts:
            lines.append(f"  {a.wasted_bursts} burst(s) wasted: one burst per target soldier [6.3.5.1]")
        dist = ", ".join(f"{k}: {_pct(p)}" for k, p in enumerate(a.kill_distribution))
        lines.append(f"  kills {dist}; expected {a.expected_kills:.2f}")
        if a.suppresses:
            lines.append(f"  automatic fire suppresses every survivor in {a.target_hex} [6.4.1]")
        return "\n".join(lines)
    if isinstance(a, ThrowAssessment):
        t = a.throw
        lines = [f"Odds: {a.soldier} throws at {a.aimed}, range {a.range}: lands on d10 + {t.modifier_total} <= "
                 f"{t.need} [{t.need_rule}] ({modifiers_text(t.modifiers)}); lands {_pct(a.lands)}, "
                 f"spreads {_pct(a.spread)}, no explosion {_pct(a.dud)} [6.3.6.3.2]"]
        if a.spread:
            spread = "; ".join(f"{c.roll} {hex_to_id(c.landing) if c.landing is not None else 'off map'}"
                               + ("" if c.explosion is not None else f" (dud: {c.why})") for c in a.spread_cells)
            lines.append(f"  spread (arrow from {a.back}) [4.10.4]: {spread}")
        for r in a.risks:
            extra = (f", stunned {_pct(r.stun)}" if r.stun else "") + (f", suppressed {_pct(r.suppress)}" if r.suppress else "")
            lines.append(f"  {r.soldier}: killed {_pct(r.kill)}{extra}")
        return "\n".join(lines)
    if isinstance(a, MeleeAssessment):
        b = a.roll
        return (f"Odds: melee in {a.hex}, {', '.join(a.attackers)} against {', '.join(a.defenders)}: attackers win "
                f"on d10 {b.modifier_total:+d} <= {b.need} ({modifiers_text(b.modifiers)}): {_pct(a.win_chance)} "
                f"[§5.2]; otherwise every attacker dies")
    return describe_special_odds(a) or describe_repair_odds(a)


def describe_los(result: object) -> str:
    """``LOS K2 -> H9: clear …`` with what the line touches."""
    from ...basic.los import LosResult

    assert isinstance(result, LosResult)
    touched = ", ".join(f"{hex_to_id(h)} {how}" for h, how in result.touched) or "nothing between"
    return f"LOS {hex_to_id(result.origin)} -> {hex_to_id(result.target)}: {result.summary()} [6.3.4]; touches {touched}"
