"""The game screen's header line, laid out for the width it has (pure: state in, Rich Text out).

The line is made of parts, each with its forms from the longest to the shortest; a part that
may be left out ends with an empty form. When the whole line is too wide, every part is first
shortened (the least important first, each as far as it goes), and only then are parts left out
(again the least important first). In order of importance:

1. the score of both sides by the scenario's victory condition (§10.4), each side named with
   who plays it (you, the computer and its level, the other terminal) unless both sides are
   played at this keyboard;
2. whose decision it is (the side to act, a reaction, the buying or the placing; game over);
   neither of these two is ever left out, only shortened;
3. the turn, and the phase clock when it runs (§9.8);
4. the impulse (6.2);
5. the chits left in the cup (6.1);
6. the optional rules in play (§9).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rich.text import Text

from ...controller.controller import Controller
from ...rules.board.hexgrid import hex_to_id
from ...rules.basic.sequence import IMPULSES_PER_PHASE
from ...rules.model.state import GameState
from ...rules.model.types import Phase, SetupStep

GAP = "  "
"""Between two parts (one space where a part's own padding stands beside it, none between two
padded blocks)."""
Seats = Mapping[str, tuple[str, ...]]
"""Who plays each side, in words from the longest to the shortest (e.g. ``("computer, hard",
"cpu hard")``); empty when every side is played at this keyboard."""


@dataclass(frozen=True)
class Part:
    """One part of the header: its forms, longest first (``Text("")`` last: it may be left out),
    and its rank (0 the most important)."""

    rank: int
    forms: tuple[Text, ...]


def fit(parts: Sequence[Part], width: int | None) -> Text:
    """The parts, in their order, in the longest forms that fit ``width`` (None: the longest).

    Every part is shortened, the least important first, before any is left out (likewise).
    Then the room that is left is given back: first to the parts left out, the most important
    first, in their shortest form; then a step longer each in turn, the most important first."""
    if width is None:
        return joined([p.forms[0] for p in parts])
    room = width
    chosen = [0] * len(parts)

    def fits() -> bool:
        return joined_width([p.forms[i] for p, i in zip(parts, chosen, strict=True)]) <= room

    least_first = sorted(range(len(parts)), key=lambda i: -parts[i].rank)
    for leave_out in (False, True):
        for i in least_first:
            forms = parts[i].forms
            while not fits() and chosen[i] + 1 < len(forms):
                if not leave_out and not forms[chosen[i] + 1].plain:
                    break
                chosen[i] += 1

    def step_back(i: int, to: int) -> bool:
        before, chosen[i] = chosen[i], to
        if fits():
            return True
        chosen[i] = before
        return False

    for i in reversed(least_first):
        if not parts[i].forms[chosen[i]].plain and chosen[i] > 0:
            step_back(i, chosen[i] - 1)
    grown = True
    while grown:
        grown = False
        for i in reversed(least_first):
            if chosen[i] > 0 and parts[i].forms[chosen[i]].plain and step_back(i, chosen[i] - 1):
                grown = True
    return joined([p.forms[i] for p, i in zip(parts, chosen, strict=True)])


def joined(forms: Sequence[Text]) -> Text:
    """The non-empty forms, a gap between each two."""
    out = Text()
    for form in forms:
        if not form.plain:
            continue
        if out.plain:
            padded = out.plain.endswith(" "), form.plain.startswith(" ")
            out.append("" if all(padded) else " " if any(padded) else GAP)
        out.append_text(form)
    return out


def joined_width(forms: Sequence[Text]) -> int:
    """The cells :func:`joined` would take, without joining (``fit`` asks it for many choices).

    >>> joined_width([Text(" Turn 1/10 "), Text(""), Text("Tan"), Text("Green")]) == joined([
    ...     Text(" Turn 1/10 "), Text(""), Text("Tan"), Text("Green")]).cell_len
    True
    """
    width, last = 0, ""
    for form in forms:
        plain = form.plain
        if not plain:
            continue
        if last:
            padded = last.endswith(" "), plain.startswith(" ")
            width += 0 if all(padded) else 1 if any(padded) else len(GAP)
        width += form.cell_len
        last = plain
    return width


def header_text(c: Controller, side_style: Mapping[str, str], clock: Text | None = None, *,
                width: int | None = None, seats: Seats | None = None,
                decision: tuple[Text, ...] | None = None) -> Text:
    """The header line for ``width`` columns; ``clock``: the phase clock's part (§9.8);
    ``decision``: the forms of the whose-decision part when the screen words it itself (two
    terminals)."""
    st = c.state
    seats = seats or {}
    parts = [Part(2, (turn_text(st),)),
             Part(1, decision if decision is not None else decision_forms(st, side_style)),
             Part(3, impulse_forms(st))]
    if clock is not None:
        parts.append(Part(2, (clock,)))
    parts.append(Part(0, score_forms(st, side_style, seats)))
    if not getattr(c.session, "advice", True):  # a fair match (R270)
        parts.append(Part(1, (Text(" advice off ", style="bold"), Text(" no adv "))))
    if st.phase == Phase.PLAY:
        parts.append(Part(4, cup_forms(st, side_style)))
    parts.append(Part(5, rules_forms(st, clock_shown=clock is not None)))
    return fit(parts, width)


def turn_text(st: GameState) -> Text:
    return Text(f" Turn {st.turn}/{st.scenario.spec.turns} ", style="bold reverse")


def short_name(name: str) -> str:
    """A side's name without its part in brackets: ``Tan (attacker)`` -> ``Tan``."""
    return name.split(" (")[0]


def initials(names: Sequence[str]) -> list[str]:
    """The shortest beginnings of the names that tell them apart (at least a letter each).

    >>> initials(["Tan", "Green"]), initials(["Red army", "Reichswehr"])
    (['T', 'G'], ['Red', 'Rei'])
    """
    for n in range(1, max(len(x) for x in names) + 1):
        cut = [x[:n] for x in names]
        if len(set(cut)) == len(cut):
            return cut
    return list(names)


def decision_forms(st: GameState, side_style: Mapping[str, str]) -> tuple[Text, ...]:
    """Whose decision it is: the side to act (6.2), the side to answer a reaction (§9.1, §9.2,
    §9.7), the sides buying (§10.3) or placing (§10.2); or that the game is over."""
    name = st.scenario.side_name

    def block(side: str | None, words: str, extra: str = "") -> tuple[Text, ...]:
        style = f"bold reverse {side_style.get(side, '')}" if side else "bold reverse"
        long = Text(f" {words} ", style=style)
        if extra:
            long.append(f" {extra}", style="bold")
        short = Text(f" {short_name(words) if side else words} ", style=style)
        return (long, short) if long.plain != short.plain else (long,)

    if st.over:
        return block(None, "game over")
    if st.phase == Phase.FORCES:
        from ...rules.basic.turn import deciders  # (the forces and deployment phases only)

        buying = sorted(deciders(st), key=st.sides.index)
        who = " and ".join(short_name(name(s)) for s in buying)
        return (Text(f" {who} buying forces (§10.3) " if who else " buying forces (§10.3) ", style="bold reverse"),
                Text(" buying forces ", style="bold reverse"))
    if st.phase == Phase.DEPLOY:
        if st.setup_step == SetupStep.PLACE and st.placer:
            return block(st.placer, name(st.placer), "places (§10.2)")
        if st.setup_step in (SetupStep.CHOOSE_DEPLOY, SetupStep.CHOOSE_FIRST) and st.decider:
            return block(st.decider, name(st.decider), "chooses (§10.2)")
        return block(None, "deployment rolls")
    if st.pending is not None:
        return block(st.pending.side, name(st.pending.side), "answers a reaction")
    if st.active:
        return block(st.active, name(st.active))
    return (Text(""),)


def impulse_forms(st: GameState) -> tuple[Text, ...]:
    """The impulse under way (its number, hex and whether it is committed, 6.2), else the
    impulses used this phase."""
    if st.over or not st.active:
        return (Text(""),)
    if st.impulse and st.impulse_hex is not None:
        base = f"impulse {st.impulse}/{IMPULSES_PER_PHASE} {hex_to_id(st.impulse_hex)}"
        forms = [Text(base) + Text(" (uncommitted)", style="dim")] if not st.committed else []
        return (*forms, Text(base), Text(f"imp {st.impulse}/{IMPULSES_PER_PHASE} {hex_to_id(st.impulse_hex)}"),
                Text(""))
    used = st.impulses_used
    return (Text(f"impulses used {used}/{IMPULSES_PER_PHASE}", style="dim"),
            Text(f"used {used}/{IMPULSES_PER_PHASE}", style="dim"), Text(""))


def cup_forms(st: GameState, side_style: Mapping[str, str]) -> tuple[Text, ...]:
    """The chits left in the cup, by side (6.1)."""
    cup = st.cup_counts()
    sides = list(cup)
    long, short = Text("cup"), Text("cup")
    for side, letter in zip(sides, initials([short_name(st.scenario.side_name(s)) for s in sides]), strict=True):
        long.append(f" {short_name(st.scenario.side_name(side))} {cup[side]}")
        short.append(f" {letter}:{cup[side]}")  # (T:3, not T3: that is a man's id)
    return long, short, Text("")


def rules_forms(st: GameState, *, clock_shown: bool) -> tuple[Text, ...]:
    """The optional rules on (§9): by name (two letters each when that is long), then two
    letters each; while the phase clock
    is shown it says itself that the clock rule is on, and the list leaves it out."""
    from ...rules.scenario.options import header_label

    chosen = [r for r in st.rules if not (clock_shown and r == "clock")]
    words, letters = header_label(chosen), header_label(chosen, room=0)
    if not words:
        return (Text(""),)
    return (Text(words, style="dim"), *([Text(letters, style="dim")] if letters != words else []), Text(""))


SCORE_LEVELS = ((0, 0, 0), (1, 0, 0), (1, 0, 1), (1, 1, 1), (1, 1, 2))
"""The score part's forms: (name, seat, value) form of each side, longest first."""


def score_forms(st: GameState, side_style: Mapping[str, str], seats: Seats) -> tuple[Text, ...]:
    """Both sides' standing by the scenario's victory condition (§10.4), each side named with
    who plays it; every form names both sides and all their figures."""
    from ...rules.scenario.victory import score

    sc = score(st)
    spec = st.scenario.spec
    forms: list[Text] = []
    for name_level, seat_level, value_level in SCORE_LEVELS:
        kills_once = spec.victory == "kills" and value_level == 2  # kills Tan 0 · Green 0
        t = Text("kills " if kills_once else "")
        for i, side in enumerate(st.sides):
            if i:
                t.append(" · ", style="dim")
            full = st.scenario.side_name(side)
            shown = full if name_level == 0 else short_name(full)
            seat = seats.get(side)
            words = seat[min(seat_level, len(seat) - 1)] if seat else ""
            if words and shown.endswith(")"):  # Tan (attacker, you)
                shown, words = shown[:-1], f", {words})"
            elif words:
                words = f" ({words})"
            t.append(shown, style=f"bold {side_style.get(side, '')}")
            t.append(words)
            s = sc[side]
            if spec.victory == "points_and_ground":
                value = (f"{s.points_destroyed} points destroyed, {s.sectors} sectors",
                         f"{s.points_destroyed} pts {s.sectors} sectors", f"{s.points_destroyed}p {s.sectors}s")
            elif spec.victory == "hold":
                total = len(spec.objectives)
                value = (f"holds {s.objectives}/{total} objectives", f"{s.objectives}/{total} objectives",
                         f"{s.objectives}/{total} obj")
            else:
                value = (f"{s.kills} kills", f"{s.kills} kills", f"{s.kills}")
            t.append(f" {value[value_level]}")
        if not forms or t.plain != forms[-1].plain:
            forms.append(t)
    return tuple(forms)
