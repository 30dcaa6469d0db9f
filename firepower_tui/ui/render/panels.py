"""Soldier panel and hex panel contents, with the markers of the optional rules (pure: state and
controller in, Rich Text out; the header is in :mod:`.header`, the reaction prompt's bottom panel
in :mod:`.reaction`)."""

from __future__ import annotations

from rich.text import Text

from ...controller.controller import Controller, Mode
from ...rules.basic.combat import COMBAT_MF
from ...rules.engine.describe import modifiers_text
from ...rules.basic.fire import FireAssessment
from ...rules.basic.grenades import ThrowAssessment
from ...rules.board.hexgrid import hex_neighbor, hex_to_id
from ...rules.basic.melee import MeleeAssessment
from ...rules.basic.sequence import IMPULSES_PER_PHASE
from ...rules.optional.special_rule import SpecialAssessment
from ...rules.model.state import GameState
from ...rules.model.types import Phase, SetupStep
from ...rules.model.units import Soldier, weapon_chart
from .map_counters import markers

POSTURE_WORD = {"stand": "standing", "crouch": "crouching", "prone": "prone"}


def pct(p: float) -> str:
    return f"{p * 100:.1f}%".replace(".0%", "%")


def marker_words(s: Soldier) -> list[str]:
    """His markers of the optional rules (and Running), each with its rule."""
    return [f"{name} [{rule}]" for _, _, name, _, rule in markers(s)]


def marker_legend(men: list[Soldier]) -> Text:
    """A line per marker shown on the map for these men: the letter, what it means, its rule."""
    t = Text()
    seen: set[str] = set()
    for s in men:
        for letter, word, name, meaning, rule in markers(s):
            if letter not in seen and rule.startswith("§"):
                seen.add(letter)
                t.append(f"\n{letter}/{word} {name}: {meaning} [{rule}]", style="dim")
    return t


def deployment_text(c: Controller) -> Text:
    """What the placing player needs (§10.2)."""
    from ...rules.scenario.setup import placeable

    st = c.state
    t = Text()
    if st.setup_step != SetupStep.PLACE or not st.placer:
        t.append("Deployment rolls (§10.2)", style="bold")
        return t
    name = st.scenario.side_name(st.placer)
    t.append(f"{name} places (§10.2)\n", style="bold")
    s = st.soldier(c.selected) if c.selected else None
    if s is not None and not s.deployed:
        facing = c.placing_facing.name
        t.append(f"Enter: {s.id} {s.weapon}{' scout' if 'scout' in s.traits else ''} here, facing {facing}, "
                 f"{c.deployment.posture.value}\n")
    men = placeable(st, st.placer)
    t.append(f"to place: {' '.join(m.id for m in men) or 'nobody'}\n", style="dim")
    t.append(f"e ends the placement ({st.placed_now} placed)", style="dim")
    return t


def soldier_text(c: Controller) -> Text:
    s = c.soldier()
    st = c.state
    if st.phase == Phase.DEPLOY:
        return deployment_text(c)
    t = Text()
    if s is None:
        if st.active and not st.impulse:
            t.append(f"{st.scenario.side_name(st.active)}: choose a hex to start an impulse\n", style="bold")
            t.append("Cursor to a marked hex, Enter (6.2).\n", style="dim")
            t.append(f"Impulses used this phase: {st.impulses_used}/{IMPULSES_PER_PHASE}", style="dim")
        elif st.over:
            t.append(f"Game over: {st.result}")
        else:
            t.append("No soldier selected", style="dim")
        return t
    w = weapon_chart().weapons[s.weapon]
    t.append(f"{s.id} ", style="bold")
    t.append(f"{st.scenario.side_name(s.side)} {s.weapon} ({w.name})\n")
    t.append(f"{hex_to_id(s.hex)} facing {s.facing.name}, {POSTURE_WORD[s.posture.value]}")
    if s.fence_side:
        t.append(f", {s.fence_side} of the line")
    t.append("\n")
    status = st.status_word(s)
    optional = [w for w in marker_words(s) if not w.startswith("Running")]
    marks = [status] + (["Running"] if s.running else []) + optional
    t.append("status: " + ", ".join(marks), style="bold yellow" if status != "ok" or s.running or optional else "")
    if c.in_impulse(s):
        t.append(f"\nMF left {s.mf_left}/{s.allowance}", style="bold")
        if s.mf_cap is not None:
            t.append(f" (declared after fire)", style="dim")
        if s.combat_used:
            t.append("  combat used", style="dim")
        cost = c.next_cost()
        if cost:
            t.append(f"\n{cost}", style="dim")
    elif st.impulse and s.side == st.active:
        t.append("\nnot in this impulse", style="dim")
    if st.rules:
        from .weapons import weapon_lines  # optional rule §9.4

        t.append_text(weapon_lines(c, s))
        from .special import item_lines  # optional rule §9.5

        t.append_text(item_lines(st, s))
    return t


def preview_text(c: Controller) -> Text:
    """The odds before committing (what ``odds`` prints), or why it is not allowed."""
    assessment, refusal = c.preview()
    t = Text()
    if refusal is not None:
        t.append(f"✗ {refusal.reason} [{refusal.rule}]", style="red")
        return t
    if isinstance(assessment, FireAssessment):
        a = assessment
        t.append(f"FIRE {a.weapon} {a.mode} into {a.target_hex}, range {a.range}", style="bold")
        t.append("\n")
        if a.spot is not None:  # §9.6: a man inside a building, seen first
            t.append(f"Spot first: roll ≤ {a.spot.need}: {pct(a.spot.chance)}", style="bold")
            t.append(f" [{a.spot.need_rule}]", style="dim")
            if c.mode is Mode.AIM_FIRE:  # he keeps only the MF declared for after the fire (4.8, R78)
                t.append(f"; if the spot fails: his fire and {COMBAT_MF} MF; you keep {c.aiming.then} MF\n")
            else:
                t.append(" (failed: the fire action and 2 MF are spent)\n", style="dim")
        for ts in a.bursts:
            b = ts.breakdown
            t.append(f"{ts.target}: ", style="bold")
            t.append(f"{ts.shots} shot{'s' if ts.shots > 1 else ''}, hit number {b.need}")
            t.append(f" [{b.need_rule}]", style="dim")
            for m in b.modifiers:
                t.append(f" {m.value:+d} {m.label}", style="italic")
                t.append(f" [{m.rule}]", style="dim")
            t.append(f" → roll ≤ {b.need - b.modifier_total}: {pct(b.chance)} a shot, ", style="bold")
            t.append(f"{pct(ts.kill_chance)} to kill\n", style="bold green")
        t.append(f"Expected kills {a.expected_kills:.2f}")
        if a.wasted_bursts:
            t.append(f"; {a.wasted_bursts} burst wasted (one per man, 6.3.5.1)", style="dim")
        if a.suppresses:
            t.append(f"; suppresses every survivor in {a.target_hex} [6.4.1]", style="dim")
        if c.mode is Mode.AIM_FIRE:
            t.append(f"\nNon-combat MF declared for after the fire: {c.aiming.then} (+/-) [6.3.6.2.7]", style="dim")
        return t
    if isinstance(assessment, ThrowAssessment):
        ta = assessment
        b = ta.throw
        t.append(f"GRENADE at {ta.aimed}, range {ta.range}", style="bold")
        t.append("\n")
        t.append(f"Lands on roll ≤ {b.need - b.modifier_total}: {pct(ta.lands)}", style="bold")
        t.append(f" [{b.need_rule}]", style="dim")
        for m in b.modifiers:
            t.append(f" {m.value:+d} {m.label}", style="italic")
            t.append(f" [{m.rule}]", style="dim")
        t.append(f"; spreads {pct(ta.spread)} (arrow from {ta.back}, marked on the map); no blast {pct(ta.dud)}\n")
        for r in ta.risks[:8]:
            t.append(f"{r.soldier}", style="bold")
            t.append(f" kill {pct(r.kill)}")
            if r.stun:
                t.append(f" stun {pct(r.stun)}")
            if r.suppress:
                t.append(f" supp {pct(r.suppress)}")
            t.append("  ")
        return t
    if isinstance(assessment, SpecialAssessment):
        t.append_text(special_preview(assessment))
        return t
    if isinstance(assessment, MeleeAssessment):
        ma = assessment
        t.append(f"MELEE into {ma.hex}: {', '.join(ma.attackers)} against {', '.join(ma.defenders)}", style="bold")
        t.append("\n")
        t.append(f"Attackers win on d10 {ma.roll.modifier_total:+d} ≤ {ma.roll.need}: {pct(ma.win_chance)}",
                 style="bold green")
        for m in ma.roll.modifiers:
            t.append(f" ({m.label} {m.value:+d} [{m.rule}])", style="italic")
        t.append(" [§5.2]\nWin: every defender dies and the attackers stop in the hex (6.5.3). "
                 "Lose: every attacker dies.", style="dim")
    return t


SPECIAL_WORDS = {"smoke": ("SMOKE GRENADE at", "Smoke there: +2 to every LOS touching the hex, never blocks, "
                                                "until the end of the next turn"),
                 "molotov": ("MOLOTOV at", "Every man in the hex rolls against 6, no cover; no spread"),
                 "satchel": ("SATCHEL CHARGE into", "A grenade's blast against 7 and 2 damage to a building there"),
                 "radio": ("BARRAGE by radio on", "Lands when his side's next chit is drawn: spread with F = north, "
                                                  "blast 7, 1 damage to a building")}
"""How the preview names each §9.5 item and what it does where it comes down."""


def special_preview(a: SpecialAssessment) -> Text:
    """The odds of a §9.5 item before Enter: the first roll with its modifiers and rules, where
    it may come down (marked on the map), what it does there and each man's chances."""
    title, effect = SPECIAL_WORDS[a.item]
    b = a.roll
    t = Text()
    t.append(f"{title} {a.aimed}", style="bold")
    t.append("\n")
    if a.item == "radio":
        t.append(f"Contact on d10 ≤ {b.need}: {pct(a.spread)}", style="bold")
        t.append(f" [{b.need_rule}]", style="dim")
    else:
        t.append(f"Lands on roll ≤ {b.need - b.modifier_total}: {pct(a.lands)}", style="bold")
        t.append(f" [{b.need_rule}]", style="dim")
        for m in b.modifiers:
            t.append(f" {m.value:+d} {m.label}", style="italic")
            t.append(f" [{m.rule}]", style="dim")
        t.append(f"; spreads {pct(a.spread)}")
    t.append(f"; no effect {pct(a.dud)}\n")
    where = sorted(a.landing.items(), key=lambda kv: -kv[1])
    t.append("Comes down (marked on the map): " + (", ".join(f"{h} {pct(p)}" for h, p in where[:6]) or "nowhere"))
    t.append("\n")
    t.append(effect, style="dim")
    t.append(" [§9.5]", style="dim")
    if a.risks:
        t.append("\n")
    for r in a.risks[:8]:
        t.append(f"{r.soldier}", style="bold")
        t.append(f" kill {pct(r.kill)}")
        if r.stun:
            t.append(f" stun {pct(r.stun)}")
        if r.suppress:
            t.append(f" supp {pct(r.suppress)}")
        t.append("  ")
    return t


def hex_text(c: Controller) -> Text:
    st = c.state
    h = c.cursor
    gmap = st.scenario.map
    t = Text()
    t.append(f"{hex_to_id(h)} ", style="bold")
    t.append(gmap.terrain_at(h).value)
    level = {0: "low", 1: "ground", 2: "high"}[gmap.level(h)]
    t.append(f" ({level} level)", style="dim")
    line = gmap.line_at(h)
    if line is not None:
        a, b = line.halves
        t.append(f"\n{line.kind.value} {line.axis}, halves {a}/{b}")
    for u in st.soldiers_at(h):
        mark = "*" if u.id in st.group else " "
        extra = f" {u.status.value}" if u.status.value != "ok" else ""
        extra += " running" if u.running else ""
        extra += " overwatch" if u.overwatch else ""
        extra += " hidden" if u.hidden else ""
        extra += f" {u.fence_side}-side" if u.fence_side else ""
        t.append(f"\n{mark}{u.id} {st.scenario.side_name(u.side)} {u.weapon} {u.facing.name} {u.posture.value}{extra}")
    t.append_text(marker_legend(st.soldiers_at(h)))
    if st.ground:
        from .weapons import ground_lines  # optional rule §9.4

        t.append_text(ground_lines(st, h))
    if st.special is not None:
        from .special import hex_lines  # optional rule §9.5

        t.append_text(hex_lines(st, h))
    s = c.soldier()
    if s is not None and c.mode in (Mode.AIM_FIRE, Mode.AIM_THROW, Mode.AIM_SPECIAL, Mode.REACT_FIRE, Mode.REACT_THROW) \
            and h != s.hex:
        from ...rules.board.hexgrid import hex_distance
        from ...rules.basic.los import los_query

        result = los_query(st, s.hex, h)
        t.append(f"\nrange {hex_distance(s.hex, h)}; LOS: ", style="dim")
        t.append(result.summary(), style="red" if not result.clear else "green")
    if s is not None and c.mode is Mode.BROWSE and c.in_impulse(s) and h == hex_neighbor(s.hex, s.facing):
        t.append("\n(the hex in front of the selected man)", style="dim")
    if gmap.features is not None:  # what a building or wall does, last: the longest, and the same all game
        from ...rules.optional.buildings import hex_notes

        for note in hex_notes(st, h):
            t.append(f"\n{note}", style="dim")
    return t
