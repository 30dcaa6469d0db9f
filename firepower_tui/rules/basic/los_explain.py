"""The line of sight explained, item by item (RULES.md 4.4, §9.5, §9.6; rulings A17, A18, A20, R72).

:func:`explain_los` takes the verdict of :func:`.los.los_query` (it decides nothing itself)
and lays out, in the order of the line, every hex the line touches and every hexside it
crosses or runs along, with what each does to the line and the rule that says so:

* a blocker or a hindrance of the verdict is shown on the hex it lies in, with its rule;
* a hex that could have mattered but does not says why not (a hill when an end is on a
  hill, a fence without a Prone end, a fence or hedge line the line does not cross, men
  who are not the viewer's own or stand lower than he does);
* smoke on the line (§9.5) hinders +2 per hex, the ends included.

The ``los`` mode of the game screen and ``los A B`` on the command line show it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from ..board.features import SideKey, side_key
from ..board.hexgrid import Hex, direction_between, hex_neighbors, hex_to_id
from ..board.sightline import Touch, segment_crosses_axis
from ..board.terrain import LineKind, Terrain
from ..board.walls import feature_los, hexes_passed
from ..model.state import GameState
from ..model.types import Posture
from .extensions import map_in_play
from .los import LosNote, LosNoteKind, LosResult, los_query


class Effect(StrEnum):
    """What an item does to the line."""

    BLOCKS = "blocks"
    HINDERS = "hinders"
    THROUGH = "through"
    """A door, window or slit it passes (§9.6): neither blocks nor hinders."""
    NONE = "none"

    @property
    def glyph(self) -> str:
        """The mark for it, the same on the map's panel in every theme (not a colour alone)."""
        return _GLYPHS[self]


_GLYPHS = {Effect.BLOCKS: "X", Effect.HINDERS: "+", Effect.THROUGH: "o", Effect.NONE: "."}


@dataclass(frozen=True, slots=True)
class LosItem:
    """One hex or hexside on the line, what it does and why."""

    where: str
    """A hex id (``F5``) or two joined (``F5|G5``: the hexside between them)."""
    hex: Hex
    """The hex (for a hexside, the one the line enters; for a spine, the first of the two)."""
    touch: str
    """``firer``, ``target``, a :class:`..board.sightline.Touch` value (``crossed``, ``hexside``,
    ``corner``), ``across`` (a hexside the line crosses) or ``along`` (a hexside it runs
    along: the corner choice, R72)."""
    what: str
    """What is there, in words (``trees``, ``hill``, ``hexside``, ``wall of building D4 (D4:NW)``)."""
    effect: Effect
    rule: str
    why: str = ""
    """Why it does what it does, when that needs saying."""
    side: SideKey | None = None
    """For a hexside: its one name (:func:`..board.features.side_key`; the map marks it)."""

    @property
    def hexside(self) -> bool:
        return self.touch in ("across", "along")


@dataclass(frozen=True, slots=True)
class LosExplanation:
    """The verdict and every item on the line, in the order of the line."""

    result: LosResult
    items: tuple[LosItem, ...]
    viewer: str | None
    """The soldier whose view it is (the first in the firer's hex), if any."""
    target: str | None
    smoke: int = 0
    """Smoke hexes on the line (§9.5: +2 to fire and throws each)."""
    walls: tuple[tuple[SideKey, Effect], ...] = ()
    """The hexsides of the verdict's walls (blocks) and openings (through), §9.6: the line
    crosses them, or runs along or touches them at a corner (R72)."""

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """Every hex the line touches, the two ends included."""
        r = self.result
        return (r.origin, *(h for h, _ in r.touched), r.target)

    def marks(self) -> dict[Hex, Effect]:
        """Per hex, the strongest effect on it (for the map)."""
        out: dict[Hex, Effect] = {h: Effect.NONE for h in self.hexes}
        for it in self.items:
            if not it.hexside and _RANK[it.effect] > _RANK[out.get(it.hex, Effect.NONE)]:
                out[it.hex] = it.effect
        return out

    def side_marks(self) -> dict[SideKey, Effect]:
        """Per hexside, the strongest effect on it (for the map): every hexside listed (crossed or
        run along: NONE), and the walls and openings of the verdict (:attr:`walls`)."""
        out: dict[SideKey, Effect] = {it.side: it.effect for it in self.items if it.side is not None}
        for k, e in self.walls:
            if _RANK[e] > _RANK[out.get(k, Effect.NONE)]:
                out[k] = e
        return out

    def verdict(self) -> str:
        """``clear``, ``hindered +N`` or ``blocked``, with the smoke."""
        r = self.result
        if not r.clear:
            return "blocked"
        plus = len(r.hindrances) + 2 * self.smoke
        return f"hindered +{plus}" if plus else "clear"


_RANK = {Effect.NONE: 0, Effect.THROUGH: 1, Effect.HINDERS: 2, Effect.BLOCKS: 3}
_BLOCKING = frozenset({LosNoteKind.HILL, LosNoteKind.FENCE, LosNoteKind.OWN_HEX_FENCE, LosNoteKind.FRIENDLY,
                       LosNoteKind.WALL})


def explain_los(state: GameState, origin: Hex, target: Hex) -> LosExplanation:
    """The LOS from ``origin`` to ``target`` as ``los A B`` sees it (:func:`.los.los_query`),
    explained item by item."""
    result = los_query(state, origin, target)
    viewers, targets = state.soldiers_at(origin), state.soldiers_at(target)
    viewer = viewers[0] if viewers else None
    notes: dict[Hex, list[LosNote]] = {}
    for n in (*result.blocked_by, *result.hindrances, *result.through):
        notes.setdefault(n.hex, []).append(n)
    smoke = state.special.smoke_hexes() if state.special is not None and state.special.smoke else frozenset()
    gmap = state.scenario.map
    terrain = gmap.terrain
    ends_on_hill = terrain.get(origin) is Terrain.HILL or terrain.get(target) is Terrain.HILL
    prone_end = (viewer is not None and viewer.posture is Posture.PRONE) or \
        (bool(targets) and targets[0].posture is Posture.PRONE)
    items: list[LosItem] = []

    def hex_items(h: Hex, touch: str) -> None:
        here = notes.pop(h, [])
        for n in here:
            effect = Effect.BLOCKS if n.kind in _BLOCKING and n in result.blocked_by else \
                Effect.THROUGH if n.kind is LosNoteKind.OPENING else Effect.HINDERS
            items.append(LosItem(hex_to_id(h), h, touch, n.what, effect, n.rule, _WHY[n.kind]))
        kinds = {n.kind for n in here}
        t = terrain.get(h)
        middle = touch not in ("firer", "target")
        if middle and t is Terrain.HILL and LosNoteKind.HILL not in kinds:
            items.append(LosItem(hex_to_id(h), h, touch, f"hill ({touch})", Effect.NONE, "6.3.4.1",
                                 "an end is on a hill: hills do not block (A20)"))
        if middle and t is Terrain.DEPRESSION:
            items.append(LosItem(hex_to_id(h), h, touch, "depression", Effect.NONE, "A18", "no LOS rule in the basic game"))
        line = gmap.lines.get(h)
        if middle and line is not None and not kinds & {LosNoteKind.FENCE, LosNoteKind.HEDGE}:
            crosses = segment_crosses_axis(origin, target, h, line.axis)
            rule = "6.3.4.2" if line.kind is LineKind.FENCE else "6.3.6.2.5"
            why = ("the line does not cross it (a corner or along it is not crossing, A17)" if not crosses
                   else "blocks only with a Prone end")
            items.append(LosItem(hex_to_id(h), h, touch, f"{line.kind.value} line {line.axis}", Effect.NONE, rule, why))
        if middle and LosNoteKind.FRIENDLY not in kinds:
            men = state.soldiers_at(h)
            if men:
                ids = ", ".join(s.id for s in men)
                why = ("no viewer: nobody blocks" if viewer is None else
                       "only the viewer's own men block" if all(s.side != viewer.side for s in men) else
                       "the viewer's men here are on another level or lower than he is")
                items.append(LosItem(hex_to_id(h), h, touch, f"soldiers {ids}", Effect.NONE, "6.3.4.3", why))
        if h in smoke:
            items.append(LosItem(hex_to_id(h), h, touch, "smoke", Effect.HINDERS, "§9.5", "+2 to fire and throws"))
        if middle and not any(it.hex == h and not it.hexside for it in items):
            word = t.value if t is not None else "off the map"
            items.append(LosItem(hex_to_id(h), h, touch, word, Effect.NONE, "6.3.4", ""))

    def side_item(a: Hex, b: Hex) -> None:
        f = direction_between(a, b)
        if f is not None:
            items.append(LosItem(f"{hex_to_id(a)}|{hex_to_id(b)}", b, "across", "hexside", Effect.NONE, "6.3.4", "",
                                 side_key(a, f)))
            return
        common = sorted(set(hex_neighbors(a)) & set(hex_neighbors(b)), key=lambda h: (h.q, h.r))
        if len(common) != 2:  # (not expected: consecutive hexes of the line are neighbours or a spine apart)
            return
        x, y = common
        f = direction_between(x, y)
        items.append(LosItem(f"{hex_to_id(x)}|{hex_to_id(y)}", x, "along", "hexside (spine)", Effect.NONE, "A17",
                             "the line runs along it: both hexes are touched; a wall or opening is taken on "
                             "whichever side is open (R72)", side_key(x, f) if f is not None else None))

    def end_item(h: Hex, touch: str) -> None:
        """Who is at an end and on what level (before what lies in that hex)."""
        men = ", ".join(s.id for s in state.soldiers_at(h)) or "nobody"
        t = terrain.get(h)
        ground = f"; {t.value}, level {t.level}" if t is not None else ""
        items.append(LosItem(hex_to_id(h), h, touch, f"{touch}'s hex ({men}{ground})", Effect.NONE, "6.3.4",
                             "an end of the line, never intermediate"))

    end_item(origin, "firer")
    hex_items(origin, "firer")
    passed = hexes_passed(origin, target) if origin != target else [origin]
    crossed_next = iter(passed[1:])
    prev = origin
    nxt = next(crossed_next, None)
    spine_done: set[tuple[Hex, Hex]] = set()
    for h, how in result.touched:
        if nxt is not None and how == Touch.HEXSIDE.value and direction_between(prev, nxt) is None \
                and (prev, nxt) not in spine_done:
            side_item(prev, nxt)  # the spine before the two hexes it runs between
            spine_done.add((prev, nxt))
        if how == Touch.CROSSED.value and h == nxt:
            if (prev, h) not in spine_done:
                side_item(prev, h)
            prev, nxt = h, next(crossed_next, None)
        hex_items(h, how)
    if origin != target:
        if (prev, target) not in spine_done:
            side_item(prev, target)
        end_item(target, "target")
        hex_items(target, "target")
    for h, rest in notes.items():  # (none expected: every note lies on the line)
        for n in rest:
            items.append(LosItem(hex_to_id(h), h, "near", n.what, Effect.BLOCKS if n in result.blocked_by
                                 else Effect.HINDERS, n.rule, _WHY[n.kind]))
    on_line = sum(1 for h in dict.fromkeys((origin, *(h for h, _ in result.touched), target)) if h in smoke)
    return LosExplanation(result, tuple(items), viewer.id if viewer else None,
                          targets[0].id if targets else None, on_line, _wall_sides(state, result))


def _wall_sides(state: GameState, result: LosResult) -> tuple[tuple[SideKey, Effect], ...]:
    """The hexsides of the verdict's walls and openings (§9.6), from the same map ``los_query`` used."""
    if not (result.blocked_by or result.through):
        return ()
    gmap = map_in_play(state)  # extension point "the map in play": §9.6, the walls with the rule on
    if gmap.features is None:
        return ()
    found = feature_los(gmap, result.origin, result.target)
    walls = {(n.hex, n.what) for n in result.blocked_by if n.kind is LosNoteKind.WALL}
    doors = {(n.hex, n.what) for n in result.through}
    out = [(b.side, Effect.BLOCKS) for b in found.blocks if (b.hex, b.what) in walls]
    out += [(c.side, Effect.THROUGH) for c in found.through if (c.building_hex, c.what) in doors]
    return tuple(dict.fromkeys(out))


_WHY: dict[LosNoteKind, str] = {
    LosNoteKind.HILL: "neither end is on a hill: a hill touched blocks",
    LosNoteKind.FENCE: "a Prone end: a fence line crossed blocks",
    LosNoteKind.OWN_HEX_FENCE: "a Prone end: the fence of his own hex lies between",
    LosNoteKind.FRIENDLY: "the viewer's own men at his level, as tall as he is",
    LosNoteKind.TREES: "trees touched: +1",
    LosNoteKind.HEDGE: "a hedge line crossed: +1",
    LosNoteKind.WALL: "a building's wall or a high wall",
    LosNoteKind.OPENING: "a door, window or slit: the line goes through",
}


def explanation_lines(ex: LosExplanation) -> list[str]:
    """The explanation as plain lines: the verdict, then one line per item
    (``X F5 crossed: hill (crossed) - blocks [6.3.4.1]: neither end ...``)."""
    r = ex.result
    who = f" ({ex.viewer} looking)" if ex.viewer else " (no viewer: nobody's men block)"
    head = f"LOS {hex_to_id(r.origin)} -> {hex_to_id(r.target)}{who}: {ex.verdict()} [6.3.4]"
    out = [head]
    for it in ex.items:
        tail = f" - {it.why}" if it.why else ""
        out.append(f"{it.effect.glyph} {it.where} {it.touch}: {it.what}, {it.effect.value} [{it.rule}]{tail}")
    return out


__all__ = ["Effect", "LosExplanation", "LosItem", "explain_los", "explanation_lines"]
