"""Dice statistics: faces against the expected 10 %, and luck (expected kills from the odds at
the time against actual kills), per side, for one game or all."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .session import Session
from ..rules import engine
from ..rules.model.actions import Fire, Melee, Throw
from ..rules.model.dice import D10
from ..rules.model.events import Killed
from ..rules.model.state import GameState


@dataclass
class SideStats:
    side: str
    name: str
    faces: Counter[int] = field(default_factory=Counter)
    expected_kills: float = 0.0
    kills: int = 0
    combat_actions: int = 0

    @property
    def rolls(self) -> int:
        return sum(self.faces.values())

    @property
    def mean(self) -> float:
        return sum(f * n for f, n in self.faces.items()) / self.rolls if self.rolls else 0.0

    @property
    def luck(self) -> float:
        """Actual kills minus the kills the odds promised (positive: luckier than average)."""
        return self.kills - self.expected_kills


def expected_enemy_kills(state: GameState, action: Fire | Throw | Melee) -> float:
    """Enemy kills the odds promised for a combat action, computed as it was taken."""
    if isinstance(action, Fire):
        return float(engine.assess(state, action).expected_kills)
    if isinstance(action, Throw):
        thrower = state.soldier(action.soldier)
        assert thrower is not None
        return sum(r.kill for r in engine.assess(state, action).risks
                   if (victim := state.soldier(r.soldier)) is not None and victim.side != thrower.side)
    a = engine.assess(state, action)
    return float(a.win_chance) * len(a.defenders)


def game_stats(session: Session, into: dict[str, SideStats] | None = None) -> dict[str, SideStats]:
    """Add one replayed game's rolls and luck to ``into`` (by side id)."""
    st = session.state
    out = into if into is not None else {}
    for side in st.sides:
        out.setdefault(side, SideStats(side, st.scenario.side_name(side)))
    for entry in session.history:
        acting = entry.before.active
        if acting is None or acting not in out:
            continue
        side = acting
        stats = out[side]
        for _purpose, value, n in entry.rolls:
            if n == D10:
                stats.faces[value] += 1
        if isinstance(entry.action, Fire | Throw | Melee):
            stats.combat_actions += 1
            stats.expected_kills += expected_enemy_kills(entry.before, entry.action)
            for e in entry.events:
                if isinstance(e, Killed):
                    victim = entry.before.soldier(e.soldier)
                    if victim is not None and victim.side != side:
                        stats.kills += 1
    return out


def stats_lines(stats: dict[str, SideStats]) -> list[str]:
    """A plain-text table per side: each face's count and share (10 % expected), mean, luck."""
    lines = []
    for s in stats.values():
        lines.append(f"{s.name}: {s.rolls} d10 roll{'s' if s.rolls != 1 else ''}"
                     + (f", mean {s.mean:.2f} (expected 5.50)" if s.rolls else ""))
        if s.rolls:
            lines.append("  face   " + "".join(f"{f:>5}" for f in range(1, 11)))
            lines.append("  rolls  " + "".join(f"{s.faces[f]:>5}" for f in range(1, 11)))
            lines.append("  share  " + "".join(f"{100 * s.faces[f] / s.rolls:>4.0f}%" for f in range(1, 11))
                         + "   (10% each expected)")
        lines.append(f"  luck: {s.kills} enemy killed against {s.expected_kills:.2f} expected from the odds "
                     f"({s.luck:+.2f}) in {s.combat_actions} combat action{'s' if s.combat_actions != 1 else ''}")
    return lines
