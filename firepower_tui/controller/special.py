"""The ``special_weapons`` optional rule's keys (RULES.md §9.5): smoke, Molotov, satchel, radio.

Each key opens an aim, as the grenade's does (:mod:`.aiming`): the cursor starts on the
nearest enemy the engine lets him use the item at (else the nearest hex it allows), the map
marks where the item may come down and the panel shows the odds with their rules; Enter uses
the item at the cursor hex, Esc cancels. Nothing is thrown or called before Enter.

A key is offered while the selected man carries the item; pressed when the engine allows him
no use of it now, it says why (the engine's refusal and its rule).
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules import engine
from ..rules.model.actions.special import CallBarrage, PlaceSatchel, ThrowMolotov, ThrowSmoke
from ..rules.model.errors import Refusal
from ..rules.basic.grenades import max_throw
from ..rules.board.hexgrid import Facing, Hex, hex_distance, hex_from_id, hex_neighbor, in_firing_arc
from ..rules.basic.los import los_query
from ..rules.optional.special_rule import SpecialAssessment, items_left, molotov_range
from ..rules.board.spread import entry_hexsides
from ..rules.model.types import RuleId
from ..rules.model.units import Soldier
from .base import CURSOR_STEPS, SELECT_FIRST, Core, Handler, Highlights, Mode, Result, Table
from .keymap import Intent

ItemAction = ThrowSmoke | ThrowMolotov | PlaceSatchel | CallBarrage
"""The use of a §9.5 item."""
Kind = type[ThrowSmoke] | type[ThrowMolotov] | type[PlaceSatchel] | type[CallBarrage]

ITEM: dict[Kind, str] = {ThrowSmoke: "smoke", ThrowMolotov: "molotov", PlaceSatchel: "satchel", CallBarrage: "radio"}
"""The item each action uses (what the man must carry)."""
HINT: dict[Kind, str] = {
    ThrowSmoke: "Smoke: move the cursor to the hex to throw at; Enter throws (Esc cancels)",
    ThrowMolotov: "Molotov: move the cursor to the hex to throw at; Enter throws (Esc cancels)",
    PlaceSatchel: "Satchel: move the cursor to the adjacent hex; Enter places it (Esc cancels)",
    CallBarrage: "Barrage: move the cursor to a hex he sees; Enter calls it, all his MF (Esc cancels)",
}
KINDS: dict[Intent, Kind] = {Intent.SMOKE: ThrowSmoke, Intent.MOLOTOV: ThrowMolotov, Intent.SATCHEL: PlaceSatchel,
                             Intent.RADIO: CallBarrage}
"""The key of each item."""


class Special:
    """``y`` smoke, ``M`` Molotov, ``T`` satchel charge, ``B`` barrage by radio (§9.5): each an aim."""

    def __init__(self, core: Core) -> None:
        self.core = core
        self.kind: Kind = ThrowSmoke
        """What is being aimed (in :attr:`Mode.AIM_SPECIAL`)."""
        self.via: Facing | None = None
        """Chosen entry hexside for a smoke grenade through a corner (None: the first)."""

    def tables(self) -> dict[Mode, Table]:
        browse: Table = {intent: Handler(self._aimer(kind), self._carries(kind)) for intent, kind in KINDS.items()}
        aim: Table = {
            Intent.SELECT: Handler(self.commit), Intent.CANCEL: Handler(self.core.close_mode),
            Intent.TOGGLE_VIA: Handler(self.toggle_via, self._through_a_corner),
        }
        for intent, step in CURSOR_STEPS.items():
            aim[intent] = Handler(self._stepper(step))
        return {Mode.BROWSE: browse, Mode.AIM_SPECIAL: aim}

    # --- when the keys are offered --------------------------------------------------------------

    def _carries(self, kind: Kind) -> Callable[[], bool]:
        """Offered while the selected man carries the item (the rule on): the key then aims it,
        or says why he may not use it now."""
        def offered() -> bool:
            s = self.core.soldier()
            return s is not None and RuleId.SPECIAL_WEAPONS in self.core.state.rules and \
                items_left(self.core.state, s.id, ITEM[kind]) > 0
        return offered

    def _through_a_corner(self) -> bool:
        s = self.core.soldier()
        cursor = self.core.cursor
        return self.kind is ThrowSmoke and s is not None and s.hex != cursor and len(entry_hexsides(s.hex, cursor)) == 2

    # --- opening the aim ------------------------------------------------------------------------

    def _aimer(self, kind: Kind) -> Callable[[], Result]:
        return lambda: self.aim(kind)

    def aim(self, kind: Kind) -> Result:
        """Open the aim of ``kind`` on the nearest enemy he may use it at (else the nearest hex
        the engine allows); if it allows none, its reason instead."""
        core = self.core
        s = core.soldier()
        if s is None:
            return core.refused(SELECT_FIRST)
        start = self._start(kind, s)
        if start is None:
            return core.refused(self._why_not(kind, s))
        self.kind, self.via = kind, None
        core.cursor = start
        return core.enter(Mode.AIM_SPECIAL, HINT[kind])

    def _start(self, kind: Kind, s: Soldier) -> Hex | None:
        """Where the aim starts: the nearest hex holding an enemy among the hexes the engine lets
        him use the item at, else the nearest of those hexes, else the nearest hex of the map
        it allows (a barrage may go on any hex he sees); None: nowhere."""
        legal = self.core.legal
        hexes = {a.hex for a in legal.of(kind, s.id)} - {s.hex}
        enemies = {e.hex for e in self.core.state.living() if e.side != s.side and e.deployed}
        near = sorted(hexes, key=lambda h: (h not in enemies, hex_distance(s.hex, h), h))
        if near:
            return near[0]
        gmap = self.core.state.scenario.map
        for h in sorted(gmap.terrain, key=lambda h: (hex_distance(s.hex, h), h)):
            if h != s.hex and legal.allows(self._action(kind, s, h)):
                return h
        return None

    def _why_not(self, kind: Kind, s: Soldier) -> Refusal:
        """The engine's reason at the nearest enemy (else the hex in front): why he may use it nowhere."""
        enemies = [e.hex for e in self.core.state.living() if e.side != s.side and e.deployed]
        at = min(enemies, key=lambda h: hex_distance(s.hex, h)) if enemies else hex_neighbor(s.hex, s.facing)
        refusal = self.core.legal.refusal(self._action(kind, s, at))
        return refusal or Refusal(reason=f"{s.id} may use his {ITEM[kind]} at no hex now", rule="§9.5")

    @staticmethod
    def _action(kind: Kind, s: Soldier, at: Hex, via: Facing | None = None) -> ItemAction:
        if kind is ThrowSmoke:
            return ThrowSmoke(soldier=s.id, hex=at, via=via)
        return kind(soldier=s.id, hex=at)

    # --- the aim ----------------------------------------------------------------------------------

    def _stepper(self, step: str) -> Callable[[], Result]:
        def step_cursor() -> Result:
            before = self.core.cursor
            self.core.step_cursor(step)
            if self.core.cursor != before:
                self.via = None
            return Result()
        return step_cursor

    def toggle_via(self) -> Result:
        """V: a smoke grenade through a corner enters by the other hexside."""
        s = self.core.soldier()
        if s is None or s.hex == self.core.cursor:
            return Result()
        sides = entry_hexsides(s.hex, self.core.cursor)
        if len(sides) == 2:
            current = self.via or sides[0]
            self.via = sides[1] if current == sides[0] else sides[0]
        return Result()

    def pending_action(self) -> ItemAction | None:
        """The item's use at the cursor hex, as Enter would send it."""
        s = self.core.soldier()
        if s is None or self.core.mode is not Mode.AIM_SPECIAL:
            return None
        via = self.via
        if self.kind is ThrowSmoke and via is None and s.hex != self.core.cursor:
            sides = entry_hexsides(s.hex, self.core.cursor)
            via = sides[0] if len(sides) == 2 else None
        return self._action(self.kind, s, self.core.cursor, via)

    def preview(self) -> tuple[SpecialAssessment | None, Refusal | None]:
        """The odds of the item at the cursor hex, or why the engine refuses it there."""
        action = self.pending_action()
        if action is None:
            return None, None
        refusal = self.core.legal.refusal(action)
        if refusal is not None:
            return None, refusal
        return engine.assess(self.core.state, action), None

    def commit(self) -> Result:
        """Enter: use the item at the cursor hex."""
        action = self.pending_action()
        if action is None:
            return self.core.refused(SELECT_FIRST)
        result = self.core.submit(action)
        if result.ok:
            self.core.reset_mode()
        return result

    def mark(self, h: Highlights) -> None:
        """The aim on the map: the hexes in reach (thrown or placed items), the line of sight,
        and where it may come down, by chance."""
        core, st = self.core, self.core.state
        s = core.soldier()
        if s is None or core.mode is not Mode.AIM_SPECIAL:
            return
        reach = {ThrowSmoke: max_throw(s), ThrowMolotov: molotov_range(s), PlaceSatchel: 1}.get(self.kind)
        if reach is not None:
            h.arc = frozenset(x for x in st.scenario.map.terrain if in_firing_arc(s.hex, s.facing, x)
                              and hex_distance(s.hex, x) <= reach)
        if core.cursor != s.hex:
            result = los_query(st, s.hex, core.cursor)
            h.los = frozenset(x for x, _ in result.touched)
            h.blocked = not result.clear
        a, _ = self.preview()
        if a is not None:
            h.spread = {hex_from_id(k): float(v) for k, v in a.landing.items()}


__all__ = ["ITEM", "KINDS", "Special"]
