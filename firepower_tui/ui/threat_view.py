"""The threat view (``v``): for the hex under the cursor, every enemy who could fire at,
throw at or melee it in his next impulse, with the chance of each; and for the selected man (else
the top man under the cursor) the reverse, whom he can hit from here. The numbers are
:mod:`firepower_tui.rules.engine.threat`'s, the same the computer opponent weighs, and so the odds
preview's own (6.3, 6.3.6.3.2, §5.1).

Shown in the panel under the map (a list: attacker, kind, chance, expected kills, rule) and on
the map: the threatening men and the men within reach are marked as targets, the man whose
reach is shown as the group.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ..controller.base import Highlights
from ..rules.board.hexgrid import Hex, hex_from_id, hex_to_id
from ..rules.model.state import GameState
from ..rules.model.units import Soldier

if TYPE_CHECKING:
    from ..rules.engine.threat import Threat
    from .computer import ComputerTurns
    from .screens.game_base import GameScreenBase

MOST = 8
"""Lines listed per part (the best first); the rest are counted."""
KIND_WORDS = {"fire": "fire", "throw": "grenade", "melee": "melee"}


def threatened_side(state: GameState, h: Hex, selected: str | None, viewer: str | None) -> str:
    """Whose men the view asks about in ``h``: those standing there (the selected man's side if
    both are), else the selected man's side, else the viewer's (the human facing the computer),
    else the side to act, else the first."""
    chosen = state.soldier(selected) if selected else None
    mine = chosen.side if chosen is not None and not chosen.killed else None
    sides = {s.side for s in state.soldiers_at(h)}
    if len(sides) == 1:
        return next(iter(sides))
    return mine or viewer or state.active or state.sides[0]


def reach_man(state: GameState, cursor: Hex, selected: str | None) -> Soldier | None:
    """The man whose reach is shown: the selected man, else the first man in the cursor hex."""
    s = state.soldier(selected) if selected else None
    if s is not None and not s.killed and s.deployed:
        return s
    men = state.soldiers_at(cursor)
    return men[0] if men else None


class ThreatView:
    """The threat view's on/off switch and what it shows (the game screen holds one)."""

    def __init__(self, screen: GameScreenBase, computer: ComputerTurns | None) -> None:
        """``computer``: the computer's sides of the screen's game (None in a hotseat game)."""
        self.screen = screen
        self.computer = computer
        self.on = False

    def toggle(self) -> None:
        self.on = not self.on
        self.screen.sync_result_view()

    def _viewer(self) -> str | None:
        """The human's side when the computer plays the other (their men are the ones asked about)."""
        computer = self.computer
        if computer is None:
            return None
        humans = [s for s in self.screen.c.state.sides if s not in computer.players]
        return humans[0] if humans else None

    def threats(self) -> tuple[str, tuple[Threat, ...]]:
        """The side asked about and every threat to the cursor hex (threat.threats_to)."""
        c = self.screen.c
        from ..rules.engine.threat import threats_to  # (when the view is first opened, not at start-up)

        side = threatened_side(c.state, c.cursor, c.selected, self._viewer())
        return side, threats_to(c.state, c.cursor, side)

    def reach(self) -> tuple[Soldier | None, tuple[Threat, ...]]:
        """The man whose reach is shown and whom he can hit (threat.reach_of)."""
        c = self.screen.c
        from ..rules.engine.threat import reach_of

        man = reach_man(c.state, c.cursor, c.selected)
        return man, (reach_of(c.state, man.id) if man is not None else ())

    def highlights(self) -> Highlights:
        """The map's marks: the threatening men and the men within reach as targets."""
        st = self.screen.c.state
        _, against = self.threats()
        man, reach = self.reach()
        hit = {hex_from_id(t.target) for t in reach}
        marked = {t.attacker for t in against}
        if man is not None:
            marked |= {s.id for h in hit for s in st.soldiers_at(h) if s.side != man.side}
        return Highlights(targets=frozenset(marked), group=frozenset({man.id}) if man is not None else frozenset())

    def panel(self) -> Text:
        """The list under the map (see the module)."""
        st = self.screen.c.state
        cursor = self.screen.c.cursor
        side, against = self.threats()
        name = st.scenario.side_name
        there = [s.id for s in st.soldiers_at(cursor) if s.side == side]
        who = ", ".join(there) if there else f"a {name(side)} man there"
        t = Text(f"Threats to {hex_to_id(cursor)} ({who}) in the enemy's next impulse: {len(against)}", style="bold")
        t.append("  v/Esc: leave\n", style="dim")
        for th in against[:MOST]:
            s = st.soldier(th.attacker)
            t.append(_line(th.attacker, hex_to_id(s.hex) if s is not None else "?", th))
        if len(against) > MOST:
            t.append(f"  … and {len(against) - MOST} more\n", style="dim")
        man, reach = self.reach()
        if man is not None:
            t.append(f"{man.id} ({name(man.side)}) in {hex_to_id(man.hex)} can hit: {len(reach)}\n", style="bold")
            for th in reach[:MOST]:
                men = ",".join(s.id for s in st.soldiers_at(hex_from_id(th.target)) if s.side != man.side)
                t.append(_line(men, th.target, th))
            if len(reach) > MOST:
                t.append(f"  … and {len(reach) - MOST} more\n", style="dim")
        t.rstrip()
        return t


def _line(who: str, where: str, th: Threat) -> Text:
    """One attack: who and where, kind, chance, expected kills, suppression, MF first, rule."""
    line = Text(f"  {who:<6}{where:<5}{KIND_WORDS.get(th.kind, th.kind):<8}")
    line.append(f"{th.chance:>4.0%}", style="bold")
    line.append(f" {th.expected_kills:.2f} kills")
    if th.suppress:
        line.append(f", suppr. {th.suppress:.0%}")
    if th.moves:
        line.append(f", after {th.moves} MF")
    line.append(f" [{th.rule}]\n", style="dim")
    return line
