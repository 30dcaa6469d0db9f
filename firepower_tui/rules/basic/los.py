"""Line of sight (RULES.md 4.4, rulings A17, A18, A20, A32).

The exact trace of :mod:`..board.sightline` labels every intermediate hex the LOS touches
as crossed, along a hexside, or corner only; the rules of 4.4 are applied to each label
here, in the order the rules give: hills, fences (with a Prone end), friendly soldiers,
then the tree and hedge hindrances.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from ..board.hexgrid import Hex, hex_to_id
from ..board.sightline import half_containing, segment_crosses_axis, trace_segment
from ..board.terrain import LineKind, MapData, Terrain
from ..board.walls import feature_los
from ..kit.memo import ByteBoundedCache
from ..model.state import GameState
from ..model.types import Posture, RuleId
from ..model.values import hidden_in_json
from .extensions import map_in_play

# Enum members read in hot paths, looked up once (on Python 3.11 a class attribute of an Enum costs
# about 0.2 us: EnumType's __getattr__ slows every lookup on the class).
_POSTURE_PRONE = Posture.PRONE
_POSTURE_STAND = Posture.STAND
_TERRAIN_HILL = Terrain.HILL
_TERRAIN_TREES = Terrain.TREES


class LosNoteKind(StrEnum):
    """What a LOS note is (RULES.md 4.4, 6.3.4, 6.3.6.2.5)."""

    HILL = "hill"
    """A hill hex between two ends that are not on a hill: blocks (6.3.4.1)."""
    FENCE = "fence"
    """A fence line the LOS crosses, with a Prone end: blocks (6.3.4.2)."""
    OWN_HEX_FENCE = "own_hex_fence"
    """The fence in an end hex, between the two ends, with a Prone end: blocks (6.3.4.2)."""
    FRIENDLY = "friendly"
    """The viewer's own men at his level, as tall as he is: block (6.3.4.3)."""
    TREES = "trees"
    """A tree hex crossed: hinders, +1 (6.3.6.2.5)."""
    HEDGE = "hedge"
    """A hedge line crossed: hinders, +1 (6.3.6.2.5)."""
    WALL = "wall"
    """A building's wall or a high wall: blocks (§9.6, the ``buildings`` rule)."""
    OPENING = "opening"
    """A door, window or slit the line goes through (§9.6): neither blocks nor hinders."""


@hidden_in_json("kind")
class LosNote(NamedTuple):
    """One thing on the line: a blocker or a hindrance, with its hex and rule."""

    hex: Hex
    what: str
    """In words, e.g. ``trees (crossed)`` or ``friendly soldier T2 (hexside)``."""
    rule: str
    kind: LosNoteKind
    """What it is, as data (not in the JSON, whose ``what`` says it in words)."""


@hidden_in_json("through")
class LosResult(NamedTuple):
    """The verdict for one viewer and one target (RULES.md 4.4)."""

    origin: Hex
    target: Hex
    blocked_by: tuple[LosNote, ...] = ()
    """Every blocker found (the first one is enough to block)."""
    hindrances: tuple[LosNote, ...] = ()
    """+1 each to fire and throws (6.3.6.2.5)."""
    touched: tuple[tuple[Hex, str], ...] = ()
    """Every intermediate hex and how the line meets it (``crossed``, ``hexside``, ``corner``)."""
    through: tuple[LosNote, ...] = ()
    """The doors, windows and slits it goes through (§9.6; named by :meth:`summary`)."""

    @property
    def clear(self) -> bool:
        """Not blocked (hindrances allowed)."""
        return not self.blocked_by

    def summary(self, cited: str = "") -> str:
        """``clear``, ``clear, hindered +2 (…)`` or ``blocked by …``, each note with its rule but
        ``cited``, the rule the caller shows beside the text already (a refusal's)."""
        via = f" through {', '.join(n.what for n in self.through)} [§9.6]" if self.through else ""
        if self.blocked_by:
            return "blocked by " + "; ".join(f"{n.what} in {hex_to_id(n.hex)}" + (f" [{n.rule}]" if n.rule != cited else "")
                                             for n in self.blocked_by)
        if self.hindrances:
            hs = ", ".join(f"{n.what} in {hex_to_id(n.hex)} [{n.rule}]" for n in self.hindrances)
            return f"clear{via}, hindered +{len(self.hindrances)} ({hs})"
        return "clear" + via


RELATIVE_TRACE_BUDGET = 1 << 20
"""Bytes kept of traces by offset, shared by every map (a trace is a pure function of the offset)."""

_relative_traces: ByteBoundedCache[tuple[tuple[int, int, str], ...]] = ByteBoundedCache(RELATIVE_TRACE_BUDGET)
_TOUCH_BYTES = 130
"""Estimated bytes of one touched hex in a kept trace: its coordinates, the tuple and a slot."""
_LEVEL = {t: t.level for t in Terrain}


def _relative_trace(dq: int, dr: int) -> tuple[tuple[int, int, str], ...]:
    """The trace from the origin to an offset, as ``(q, r, how)``: shared by every pair of hexes
    that far apart."""
    key = (dq, dr)
    trace = _relative_traces.get(key)
    if trace is None:
        trace = tuple((h.q, h.r, t.value) for h, t in trace_segment(Hex(0, 0), Hex(dq, dr)))
        _relative_traces.put(key, trace, _TOUCH_BYTES * len(trace))
    return trace


class _PairLos(NamedTuple):
    """What the map alone says about the line between two hexes (kept per map, see
    ``MapData.los_cache``); soldiers, postures and fence sides are applied per query.

    Compact, as thousands are kept: every piece (a touched hex and how, a note, the tuple of
    indices at the viewer's level) is kept once per map (``MapData.los_parts``) and shared."""

    touched: tuple[tuple[Hex, str], ...]
    """Every intermediate hex and how the line meets it."""
    blocks: tuple[tuple[int, int, LosNote], ...]
    """Hills (rule 1; none when an end is on a hill), as (hex index, 0, note)."""
    blocks_prone: tuple[tuple[int, int, LosNote], ...]
    """Hills and the fences the line crosses (rule 2, with a Prone end), in the order of the line."""
    hindrances: tuple[LosNote, ...]
    """Trees and hedges crossed (6.3.6.2.5)."""
    level: tuple[int, ...]
    """Indices in ``touched`` of the on-map hexes at the origin's level (rule 3: friendly
    soldiers there block)."""
    through: tuple[LosNote, ...] = ()
    """Doors, windows and slits passed (§9.6; maps with features only)."""


_PAIR_BYTES = 260
"""Estimated bytes of a kept pair beside its touched list: its own tuple, the cache's key, slot
and entry tuple."""
_NOTE_BYTES = 72
"""Estimated bytes of one (index, order, note) block or one hindrance (the note itself is shared)."""


_EVERY_INDEX: dict[int, tuple[int, ...]] = {}
"""``(0, 1, …, n - 1)`` by n, made when first needed: the level indices of a line every hex of
which is at the viewer's level, shared by all such lines of that length."""


def _pair(gmap: MapData, origin: Hex, target: Hex) -> _PairLos:
    key = (origin, target)
    cache = gmap.los_cache
    pair = cache.get(key)
    if pair is None:
        pair = _build_pair(gmap, origin, target)
        notes = len(pair.blocks_prone) + len(pair.hindrances) + len(pair.through)
        cache.put(key, pair, _PAIR_BYTES + 8 * len(pair.touched) + _NOTE_BYTES * notes)
    return pair


def _build_pair(gmap: MapData, origin: Hex, target: Hex) -> _PairLos:
    q, r = origin
    parts = gmap.los_parts
    shared = parts.setdefault
    touched = tuple([parts.get((dq + q, dr + r, t)) or shared((dq + q, dr + r, t), (Hex(dq + q, dr + r), t))
                     for dq, dr, t in _relative_trace(target.q - q, target.r - r)])
    terrain_of = gmap.terrain
    lines_of = gmap.lines
    ends_on_hill = terrain_of[origin] is _TERRAIN_HILL or terrain_of[target] is _TERRAIN_HILL
    levels = _LEVEL
    view_level = levels[terrain_of[origin]]
    hill, trees = _TERRAIN_HILL, _TERRAIN_TREES
    hills: list[tuple[int, int, LosNote]] = []
    prone: list[tuple[int, int, LosNote]] = []
    hind: list[LosNote] = []
    level: list[int] = []
    for i, (h, touch) in enumerate(touched):
        terrain = terrain_of.get(h)
        if terrain is None:
            continue
        if terrain is hill and not ends_on_hill:
            hill_note = LosNote(h, f"hill ({touch})", "6.3.4.1", LosNoteKind.HILL)
            block = (i, 0, shared(hill_note, hill_note))
            block = shared(block, block)
            hills.append(block)
            prone.append(block)
        if levels[terrain] == view_level:
            level.append(i)
        if terrain is trees:
            tree_note = LosNote(h, f"trees ({touch})", "6.3.6.2.5", LosNoteKind.TREES)
            hind.append(shared(tree_note, tree_note))
        line = lines_of.get(h)
        if line is not None and segment_crosses_axis(origin, target, h, line.axis):
            if line.kind is LineKind.FENCE:  # after the hill of the same hex, as the rules list them
                fence = LosNote(h, "fence with a Prone end", "6.3.4.2", LosNoteKind.FENCE)
                prone.append((i, 1, shared(fence, fence)))
            else:  # a hedge, after the trees of the same hex
                hedge = LosNote(h, "hedge", "6.3.6.2.5", LosNoteKind.HEDGE)
                hind.append(shared(hedge, hedge))
    if len(level) == len(touched):  # (often: all of them)
        n = len(level)
        at_level = _EVERY_INDEX.get(n) or _EVERY_INDEX.setdefault(n, tuple(level))
    else:
        at_level = tuple(level)
    blocks = tuple(hills)
    pair = _PairLos(touched, blocks, blocks if prone == hills else tuple(prone), tuple(hind), at_level)
    return pair if gmap.features is None else _with_features(gmap, origin, target, pair)


def _with_features(gmap: MapData, origin: Hex, target: Hex, pair: _PairLos) -> _PairLos:
    """The walls that block the line and the openings it goes through (§9.6), after the rest."""
    found = feature_los(gmap, origin, target)
    at = len(pair.touched)
    walls = tuple((at, 3, LosNote(b.hex, b.what, "§9.6", LosNoteKind.WALL)) for b in found.blocks)
    through = tuple(LosNote(c.building_hex, c.what, "§9.6", LosNoteKind.OPENING) for c in found.through)
    return pair._replace(blocks=pair.blocks + walls, blocks_prone=pair.blocks_prone + walls, through=through)


def line_of_sight(state: GameState, origin: Hex, target: Hex, *, viewer_side: str | None,
                  viewer_posture: Posture, viewer_fence_side: str | None = None,
                  target_posture: Posture | None = None, target_fence_side: str | None = None) -> LosResult:
    """LOS from a viewer in ``origin`` to ``target`` (RULES.md 4.4).

    The rules are applied in the order they give, hex by hex along the line: hills (rule 1),
    fences with a Prone end (rule 2), friendly soldiers (rule 3), then trees and hedges.

    Args:
        viewer_side: the firer's side, for friendly blockers (rule 3); None: nobody blocks.
        viewer_posture: the firer's posture (rules 2 and 3).
        viewer_fence_side: his half of a fence line in his own hex, if any (rule 2).
        target_posture: the target soldier's posture; None for a grenade's aimed hex (rule 2).
        target_fence_side: the target's half of a fence line in his hex.
    """
    gmap = map_in_play(state)  # extension point "the map in play": §9.6, the walls with the rule on, rubble
    pair = gmap.los_cache.get((origin, target)) or _pair(gmap, origin, target)
    prone_end = viewer_posture is _POSTURE_PRONE or target_posture is _POSTURE_PRONE
    found = pair.blocks_prone if prone_end else pair.blocks
    if viewer_side is not None and pair.level:
        friends = _friendly_blockers(state, pair, viewer_side, viewer_posture.height)
        if friends:
            found = tuple(sorted(found + friends, key=lambda b: (b[0], b[1])))
    if prone_end:
        blocked = [b[2] for b in found]
        blocked += _own_hex_fences(state, origin, target, viewer_fence_side, "firer's")
        if target_posture is not None:
            blocked += _own_hex_fences(state, target, origin, target_fence_side, "target's")
        notes = tuple(blocked)
    else:
        notes = tuple([b[2] for b in found]) if found else ()
    return LosResult(origin, target, notes, pair.hindrances, pair.touched, pair.through)


def _friendly_blockers(state: GameState, pair: _PairLos, side: str,
                       height: int) -> tuple[tuple[int, int, LosNote], ...]:
    """Rule 3: the viewer's own men at his level, at least as tall as he is, on the line, as
    (hex index, 2, note) in the order of the line (the men of a hex in scenario order)."""
    occupied = state.occupied()
    if not occupied:
        return ()
    touched = pair.touched
    manned = [i for i in pair.level if touched[i][0] in occupied]  # (most lines cross nobody's hex)
    if not manned:
        return ()
    found: list[tuple[int, int, LosNote]] | None = None
    for i in manned:
        h, how = touched[i]
        ids = [s.id for s in occupied[h] if s.side == side and s.posture.height >= height]
        if ids:
            if found is None:
                found = []
            found.append((i, 2, LosNote(h, f"friendly soldier {', '.join(ids)} ({how})", "6.3.4.3",
                                        LosNoteKind.FRIENDLY)))
    return tuple(found) if found is not None else ()


def _own_hex_fences(state: GameState, here: Hex, other: Hex, fence_side: str | None, whose: str) -> list[LosNote]:
    """4.4 rule 2 in an end hex: the fence is between when the other end lies across it."""
    if fence_side is None:  # not in a line hex
        return []
    line = state.scenario.map.line_at(here)
    if line is None or line.kind is not LineKind.FENCE:
        return []
    other_half = half_containing(here, line.axis, other)
    if other_half is None or other_half == fence_side:
        return []
    return [LosNote(here, f"fence in the {whose} hex with a Prone end", "6.3.4.2", LosNoteKind.OWN_HEX_FENCE)]


MEMO_PAIRS = 1024
"""LOS memo entries kept per soldiers tuple, two per pair (a check, its preview and its
resolution share them)."""


def los_between_soldiers(state: GameState, firer_id: str, target_id: str) -> LosResult:
    """LOS from one soldier to another, with both postures and fence sides.

    Kept in the soldiers' memo by the two ids, and by what the verdict depends on (both hexes,
    the firer's side, both postures and fence sides, 4.4): men who stand alike in one hex (a
    burst at each, 6.3.5.1) share one trace."""
    memo = state.memo()
    key = ("los", firer_id, target_id)
    found: LosResult | None = memo.get(key)
    if found is not None:
        return found
    f = state.soldier(firer_id)
    t = state.soldier(target_id)
    assert f is not None and t is not None
    alike = ("los=", f.hex, t.hex, f.side, f.posture, f.fence_side, t.posture, t.fence_side)
    result = memo.get(alike)
    if result is None:
        result = line_of_sight(state, f.hex, t.hex, viewer_side=f.side, viewer_posture=f.posture,
                               viewer_fence_side=f.fence_side, target_posture=t.posture,
                               target_fence_side=t.fence_side)
    if len(memo) >= MEMO_PAIRS:
        memo.clear()
    memo[key] = memo[alike] = result
    return result


def los_query(state: GameState, origin: Hex, target: Hex) -> LosResult:
    """``los A B``: the first living soldier in A is the viewer (a standing man with no side if
    A is empty); the first living soldier in B is the target (none: a grenade's aimed hex)."""
    occupied = state.occupied()
    viewers = occupied.get(origin, ())
    targets = occupied.get(target, ())
    v = viewers[0] if viewers else None
    t = targets[0] if targets else None
    return line_of_sight(
        state, origin, target, viewer_side=v.side if v else None,
        viewer_posture=v.posture if v else _POSTURE_STAND, viewer_fence_side=v.fence_side if v else None,
        target_posture=t.posture if t else None, target_fence_side=t.fence_side if t else None)
