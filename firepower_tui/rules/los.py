"""Line of sight (RULES.md 4.4, rulings A17, A18, A20, A32).

The exact trace of :mod:`.los_geometry` labels every intermediate hex the LOS touches
as crossed, along a hexside, or corner only; the rules of 4.4 are applied to each label
here, in the order the rules give: hills, fences (with a Prone end), friendly soldiers,
then the tree and hedge hindrances.
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from .hexgrid import Hex, hex_to_id
from .los_geometry import Touch, half_containing, segment_crosses_axis, trace_segment
from .state import GameState
from .terrain import LineKind, Terrain
from .types import HexField, Posture


class LosNote(BaseModel):
    """One thing on the line: a blocker or a hindrance, with its hex and rule."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    hex: HexField
    what: str
    rule: str


class LosResult(BaseModel):
    """The verdict for one viewer and one target (RULES.md 4.4)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    origin: HexField
    target: HexField
    blocked_by: tuple[LosNote, ...] = ()
    """Every blocker found (the first one is enough to block)."""
    hindrances: tuple[LosNote, ...] = ()
    """+1 each to fire and throws (6.3.6.2.5)."""
    touched: tuple[tuple[HexField, str], ...] = ()
    """Every intermediate hex and how the line meets it (``crossed``, ``hexside``, ``corner``)."""

    @property
    def clear(self) -> bool:
        """Not blocked (hindrances allowed)."""
        return not self.blocked_by

    def summary(self) -> str:
        """``clear``, ``clear, hindered +2 (…)`` or ``blocked by …``."""
        if self.blocked_by:
            return "blocked by " + "; ".join(f"{n.what} in {hex_to_id(n.hex)} [{n.rule}]" for n in self.blocked_by)
        if self.hindrances:
            hs = ", ".join(f"{n.what} in {hex_to_id(n.hex)} [{n.rule}]" for n in self.hindrances)
            return f"clear, hindered +{len(self.hindrances)} ({hs})"
        return "clear"


@lru_cache(maxsize=16384)
def _relative_trace(dq: int, dr: int) -> tuple[tuple[Hex, Touch], ...]:
    """The trace from the origin to an offset: a pure function of the offset, so it is shared
    by every pair of hexes that far apart (a map of C x R hexes has under 4·C·R offsets)."""
    return trace_segment(Hex(0, 0), Hex(dq, dr))


@lru_cache(maxsize=65536)
def _trace(a: Hex, b: Hex) -> tuple[tuple[Hex, Touch], ...]:
    """The exact trace between two hexes (translation of the relative trace; exact in integers)."""
    q, r = a
    return tuple((Hex(h.q + q, h.r + r), t) for h, t in _relative_trace(b.q - q, b.r - r))


def line_of_sight(state: GameState, origin: Hex, target: Hex, *, viewer_side: str | None,
                  viewer_posture: Posture, viewer_fence_side: str | None = None,
                  target_posture: Posture | None = None, target_fence_side: str | None = None) -> LosResult:
    """LOS from a viewer in ``origin`` to ``target`` (RULES.md 4.4).

    Args:
        viewer_side: the firer's side, for friendly blockers (rule 3); None: nobody blocks.
        viewer_posture: the firer's posture (rules 2 and 3).
        viewer_fence_side: his half of a fence line in his own hex, if any (rule 2).
        target_posture: the target soldier's posture; None for a grenade's aimed hex (rule 2).
        target_fence_side: the target's half of a fence line in his hex.
    """
    gmap = state.scenario.map
    terrain_of = gmap.terrain
    lines_of = gmap.lines
    touched = _trace(origin, target)
    blocked: list[LosNote] = []
    hind: list[LosNote] = []
    ends_on_hill = terrain_of[origin] is Terrain.HILL or terrain_of[target] is Terrain.HILL
    prone_end = viewer_posture is Posture.PRONE or target_posture is Posture.PRONE
    view_level = terrain_of[origin].level
    friends: dict[Hex, list[str]] = {}
    if viewer_side is not None:
        height = viewer_posture.height
        for s in state.soldiers:
            if s.side == viewer_side and not s.killed and s.deployed and s.posture.height >= height:
                friends.setdefault(s.hex, []).append(s.id)
    for h, touch in touched:
        terrain = terrain_of.get(h)
        if terrain is None:
            continue
        line = lines_of.get(h)
        if terrain is Terrain.HILL and not ends_on_hill:
            blocked.append(_note(h, f"hill ({touch.name.lower()})", "6.3.4.1"))
        if line is not None and line.kind is LineKind.FENCE and prone_end \
                and segment_crosses_axis(origin, target, h, line.axis):
            blocked.append(_note(h, "fence with a Prone end", "6.3.4.2"))
        if h in friends and terrain.level == view_level:
            blocked.append(_note(h, f"friendly soldier {', '.join(friends[h])} ({touch.name.lower()})", "6.3.4.3"))
        if terrain is Terrain.TREES:
            hind.append(_note(h, f"trees ({touch.name.lower()})", "6.3.6.2.5"))
        if line is not None and line.kind is LineKind.HEDGE and segment_crosses_axis(origin, target, h, line.axis):
            hind.append(_note(h, "hedge", "6.3.6.2.5"))
    if prone_end:
        blocked += _own_hex_fences(state, origin, target, viewer_fence_side, "firer's")
        if target_posture is not None:
            blocked += _own_hex_fences(state, target, origin, target_fence_side, "target's")
    return LosResult.model_construct(origin=origin, target=target, blocked_by=tuple(blocked), hindrances=tuple(hind),
                                     touched=_touch_names(touched))


def _note(h: Hex, what: str, rule: str) -> LosNote:
    """A trusted note (no validation on the hot path)."""
    return LosNote.model_construct(hex=h, what=what, rule=rule)


@lru_cache(maxsize=65536)
def _touch_names(touched: tuple[tuple[Hex, Touch], ...]) -> tuple[tuple[Hex, str], ...]:
    return tuple((h, t.name.lower()) for h, t in touched)


def _own_hex_fences(state: GameState, here: Hex, other: Hex, fence_side: str | None, whose: str) -> list[LosNote]:
    """4.4 rule 2 in an end hex: the fence is between when the other end lies across it."""
    line = state.scenario.map.line_at(here)
    if line is None or line.kind is not LineKind.FENCE or fence_side is None:
        return []
    other_half = half_containing(here, line.axis, other)
    if other_half is None or other_half == fence_side:
        return []
    return [_note(here, f"fence in the {whose} hex with a Prone end", "6.3.4.2")]


def los_between_soldiers(state: GameState, firer_id: str, target_id: str) -> LosResult:
    """LOS from one soldier to another, with both postures and fence sides."""
    f = state.soldier(firer_id)
    t = state.soldier(target_id)
    assert f is not None and t is not None
    return line_of_sight(state, f.hex, t.hex, viewer_side=f.side, viewer_posture=f.posture,
                         viewer_fence_side=f.fence_side, target_posture=t.posture, target_fence_side=t.fence_side)


def los_query(state: GameState, origin: Hex, target: Hex) -> LosResult:
    """``los A B``: the first living soldier in A is the viewer (a standing man with no side if
    A is empty); the first living soldier in B is the target (none: a grenade's aimed hex)."""
    viewers = state.soldiers_at(origin)
    targets = state.soldiers_at(target)
    v = viewers[0] if viewers else None
    t = targets[0] if targets else None
    return line_of_sight(
        state, origin, target, viewer_side=v.side if v else None,
        viewer_posture=v.posture if v else Posture.STAND, viewer_fence_side=v.fence_side if v else None,
        target_posture=t.posture if t else None, target_fence_side=t.fence_side if t else None)
