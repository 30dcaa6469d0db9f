"""Aiming: fire (6.3), a grenade (6.3.6.3.2) or a melee (§5), with the odds before the die.

The modes :attr:`Mode.AIM_FIRE`, :attr:`Mode.AIM_THROW` and :attr:`Mode.MELEE`. The action
being aimed is :meth:`Aiming.pending_action`; its odds come from the rules' own assessment
(:func:`firepower_tui.rules.engine.assess`), the numbers the die is then rolled against.
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules import engine
from ..rules.model.actions import FIRE_MODES, Fire, FireModeName, Melee, Throw
from ..rules.model.errors import Refusal
from ..rules.basic.fire import FireAssessment, fire_mode
from ..rules.basic.grenades import ThrowAssessment, max_throw
from ..rules.board.spread import entry_hexsides
from ..rules.board.hexgrid import Facing, Hex, hex_distance, hex_from_id, hex_neighbor, hex_to_id, in_firing_arc
from ..rules.basic.los import los_query
from ..rules.basic.melee import MeleeAssessment
from ..rules.model.units import Soldier, weapon_chart
from .base import CURSOR_STEPS, SELECT_FIRST, Core, Handler, Highlights, Mode, Result, Table
from .keymap import Intent

Assessment = FireAssessment | ThrowAssessment | MeleeAssessment
"""The odds of an aimed action."""

FIRE_HINT = "Aim: move the cursor to the target hex; Enter fires, Space picks men, a auto/semi, +/- MF after"
THROW_HINT = "Grenade: move the cursor to the hex to throw at; Enter throws (Esc cancels)"
MELEE_HINT = "Melee: Tab picks a man, Space adds/removes him; Enter attacks (Esc cancels)"


class Aiming:
    """The aim being built: targets, fire mode, MF declared for after, grenade hexside, attackers."""

    def __init__(self, core: Core) -> None:
        self.core = core
        self.fire_targets: list[str] = []
        """Chosen targets (empty: the default, as many men in the hex as the fire has bursts)."""
        self.fire_mode: FireModeName | None = None
        """Chosen fire mode (None: the weapon's default, by the rules)."""
        self.then = 0
        """Non-combat MF declared for after the fire (6.3.6.2.7)."""
        self.via: Facing | None = None
        """Chosen entry hexside for a grenade through a corner (None: the first)."""
        self.attackers: list[str] = []
        """The men of the melee."""

    def tables(self) -> dict[Mode, Table]:
        """The aim keys while browsing, and the three aiming modes."""
        core = self.core
        commit, cancel, tab = Handler(self.commit), Handler(core.close_mode), Handler(core.next_man)
        aim_fire: Table = {
            Intent.SELECT: commit, Intent.CANCEL: cancel, Intent.NEXT_SOLDIER: tab,
            Intent.TOGGLE_TARGET: Handler(self.toggle_target),
            Intent.TOGGLE_MODE: Handler(self.toggle_mode, self._has_fire_modes),
            Intent.MORE_THEN: Handler(lambda: self.change_then(1), self._may_declare_more),
            Intent.LESS_THEN: Handler(lambda: self.change_then(-1), lambda: self.then > 0),
        }
        aim_throw: Table = {
            Intent.SELECT: commit, Intent.CANCEL: cancel, Intent.NEXT_SOLDIER: tab,
            Intent.TOGGLE_VIA: Handler(self.toggle_via, self._through_a_corner),
        }
        for intent, step in CURSOR_STEPS.items():
            aim_fire[intent] = Handler(self._stepper(step))
            aim_throw[intent] = Handler(self._stepper(step))
        return {
            Mode.BROWSE: {
                Intent.AIM_FIRE: Handler(self.aim_fire, self._may(Fire)),
                Intent.AIM_THROW: Handler(self.aim_throw, self._may(Throw)),
                Intent.AIM_MELEE: Handler(self.aim_melee, self._may(Melee)),
            },
            Mode.AIM_FIRE: aim_fire,
            Mode.AIM_THROW: aim_throw,
            Mode.MELEE: {
                Intent.SELECT: commit, Intent.CANCEL: cancel,
                Intent.NEXT_SOLDIER: Handler(lambda: core.next_man(follow=False)),
                Intent.TOGGLE_TARGET: Handler(self.toggle_attacker),
            },
        }

    # --- when the keys are offered --------------------------------------------------------------

    def _may(self, kind: type[Fire | Throw | Melee]) -> Callable[[], bool]:
        """An aim key is offered when the engine allows the selected man some action of its kind."""
        def offered() -> bool:
            s = self.core.soldier()
            return s is not None and self.core.legal.any(kind, s.id)
        return offered

    def _may_declare_more(self) -> bool:
        """+MF: while the engine would take a fire of his with one more MF declared for after (6.3.6.2.7)."""
        s = self.core.soldier()
        fires = self.core.legal.of(Fire, s.id) if s is not None else ()
        return bool(fires) and self.core.legal.allows(fires[0]._replace(then=self.then + 1))

    def _has_fire_modes(self) -> bool:
        s = self.core.soldier()
        return s is not None and len(weapon_chart().weapons[s.weapon].modes) > 1

    def _through_a_corner(self) -> bool:
        s = self.core.soldier()
        cursor = self.core.cursor
        return s is not None and s.hex != cursor and len(entry_hexsides(s.hex, cursor)) == 2

    # --- opening an aim ---------------------------------------------------------------------------

    def aim_fire(self) -> Result:
        return self._begin(Mode.AIM_FIRE, Fire, self._fire_targets, FIRE_HINT)

    def aim_throw(self) -> Result:
        return self._begin(Mode.AIM_THROW, Throw, self._throw_targets, THROW_HINT)

    def _fire_targets(self, s: Soldier) -> Callable[[Soldier], bool]:
        """The enemies the engine lets him fire at now."""
        ids = {t for a in self.core.legal.of(Fire, s.id) for t in a.targets}
        return lambda e: e.id in ids

    def _throw_targets(self, s: Soldier) -> Callable[[Soldier], bool]:
        """The enemies in a hex the engine lets him throw at now."""
        hexes = {a.hex for a in self.core.legal.of(Throw, s.id)}
        return lambda e: e.hex in hexes

    def _begin(self, mode: Mode, kind: type[Fire | Throw], targets: Callable[[Soldier], Callable[[Soldier], bool]],
               hint: str) -> Result:
        """Enter an aiming mode with the cursor on the nearest enemy the engine lets him aim at
        (a grenade with no enemy in reach: on the nearest hex it lets him throw at); if the
        engine allows him no action of the kind, its reason instead."""
        s = self.core.soldier()
        if s is None:
            return self.core.refused(SELECT_FIRST)
        refusal = self._none_allowed(s, kind)
        if refusal is not None:
            return self.core.refused(refusal)
        self.fire_targets, self.fire_mode, self.then, self.via = [], None, 0, None
        target = self._nearest_enemy(s, targets(s))
        if target is None and kind is Throw:  # no enemy in reach: the nearest hex he may throw at, not his own
            hexes = {a.hex for a in self.core.legal.of(Throw, s.id)} - {s.hex}
            target = min(hexes, key=lambda h: (hex_distance(s.hex, h), h), default=None)
        if target is not None:
            self.core.cursor = target
        return self.core.enter(mode, hint)

    def aim_melee(self) -> Result:
        """Melee the hex in front, with every man of the impulse who may join him."""
        core = self.core
        s = core.soldier()
        if s is None:
            return core.refused(SELECT_FIRST)
        refusal = self._none_allowed(s, Melee)
        if refusal is not None:
            return core.refused(refusal)
        front = hex_neighbor(s.hex, s.facing)
        self.attackers = [s.id]
        for other_id in core.state.group:
            o = core.state.soldier(other_id)
            if o and o.id != s.id and not o.killed and hex_neighbor(o.hex, o.facing) == front \
                    and core.legal.allows(Melee(soldiers=(o.id,), hex=front)):
                self.attackers.append(o.id)
        core.cursor = front
        return core.enter(Mode.MELEE, MELEE_HINT)

    def _none_allowed(self, s: Soldier, kind: type[Fire | Throw | Melee]) -> Refusal | None:
        """None if the engine allows him some action of the kind now; else its reason, as it
        refuses the nearest one: fire at the nearest enemy, a throw or a melee into the hex in front."""
        legal = self.core.legal
        if legal.any(kind, s.id):
            return None
        front = hex_neighbor(s.hex, s.facing)
        action: Fire | Throw | Melee
        if kind is Fire:
            enemies = [e for e in self.core.state.living() if e.side != s.side]
            if not enemies:
                return None
            nearest = min(enemies, key=lambda e: hex_distance(s.hex, e.hex))
            action = Fire(soldier=s.id, targets=(nearest.id,))
        elif kind is Throw:
            action = Throw(soldier=s.id, hex=front)
        else:
            action = Melee(soldiers=(s.id,), hex=front)
        return legal.refusal(action)

    def _nearest_enemy(self, s: Soldier, target: Callable[[Soldier], bool]) -> Hex | None:
        best: tuple[int, Hex] | None = None
        for e in self.core.state.living():
            if e.side == s.side or not target(e):
                continue
            d = hex_distance(s.hex, e.hex)
            if best is None or d < best[0]:
                best = (d, e.hex)
        return best[1] if best else None

    # --- changing the aim -------------------------------------------------------------------------

    def _stepper(self, step: str) -> Callable[[], Result]:
        """A cursor key while aiming: a new target hex drops the men and the hexside chosen for the old one."""
        def step_cursor() -> Result:
            before = self.core.cursor
            self.core.step_cursor(step)
            if self.core.cursor != before:
                self.fire_targets, self.via = [], None
            return Result()
        return step_cursor

    def toggle_target(self) -> Result:
        """Space while aiming fire: add the next man in the hex, or drop the last one when all are chosen."""
        me = self.core.soldier()
        enemies = [e.id for e in self.core.state.soldiers_at(self.core.cursor) if me is not None and e.side != me.side]
        if not enemies:
            return Result()
        chosen = self.fire_targets or self._default_targets()
        missing = [e for e in enemies if e not in chosen]
        self.fire_targets = chosen + missing[:1] if missing else chosen[:-1] or enemies[:1]
        return Result()

    def toggle_attacker(self) -> Result:
        """Space in a melee: the selected man joins or leaves it."""
        s = self.core.soldier()
        if s is None:
            return Result()
        if s.id in self.attackers:
            self.attackers.remove(s.id)
        else:
            self.attackers.append(s.id)
        return Result()

    def toggle_mode(self) -> Result:
        """a: the weapon's next fire mode."""
        s = self.core.soldier()
        if s is None:
            return Result()
        modes = [m for m in FIRE_MODES if m in weapon_chart().weapons[s.weapon].modes]
        current = self._mode(s)
        self.fire_mode = modes[(modes.index(current) + 1) % len(modes)] if current in modes else modes[0]
        self.fire_targets = []
        return Result()

    def change_then(self, delta: int) -> Result:
        self.then = max(0, self.then + delta)
        return Result()

    def toggle_via(self) -> Result:
        s = self.core.soldier()
        cursor = self.core.cursor
        if s is None or s.hex == cursor:
            return Result()
        sides = entry_hexsides(s.hex, cursor)
        if len(sides) == 2:
            current = self.via or sides[0]
            self.via = sides[1] if current == sides[0] else sides[0]
        return Result()

    def forget_choices(self) -> None:
        """The cursor jumped (a mouse click): the men and the hexside chosen no longer apply."""
        self.fire_targets, self.via = [], None

    # --- the pending action and its odds ---------------------------------------------------------

    def _mode(self, s: Soldier) -> str:
        """The fire mode used: as chosen, else the rules' default for his weapon."""
        return fire_mode(s, Fire(soldier=s.id, targets=(), mode=self.fire_mode))

    def _default_targets(self) -> list[str]:
        s = self.core.soldier()
        if s is None:
            return []
        enemies = [e.id for e in self.core.state.soldiers_at(self.core.cursor) if e.side != s.side]
        for n in range(len(enemies), 1, -1):  # as many as the engine lets him fire at (a burst each, 6.3.5.1)
            if self.core.legal.allows(Fire(soldier=s.id, targets=tuple(enemies[:n]), mode=self.fire_mode,
                                           then=self.then)):
                return enemies[:n]
        return enemies[:1]

    def pending_action(self) -> Fire | Throw | Melee | None:
        """The combat action being aimed, or None."""
        core = self.core
        s = core.soldier()
        if s is None:
            return None
        mode = core.mode
        if mode is Mode.AIM_FIRE:
            targets = self.fire_targets or self._default_targets()
            if not targets:
                return None
            return Fire(soldier=s.id, targets=tuple(targets), mode=self.fire_mode, then=self.then)
        if mode is Mode.AIM_THROW:
            via = self.via
            if via is None and s.hex != core.cursor:
                sides = entry_hexsides(s.hex, core.cursor)
                via = sides[0] if len(sides) == 2 else None
            return Throw(soldier=s.id, hex=core.cursor, via=via)
        if mode is Mode.MELEE:
            return Melee(soldiers=tuple(self.attackers), hex=hex_neighbor(s.hex, s.facing)) if self.attackers else None
        return None

    def preview(self) -> tuple[Assessment | None, Refusal | None]:
        """The odds of what is being aimed (an assessment) or why it is not allowed."""
        action = self.pending_action()
        if action is None:
            if self.core.mode is Mode.AIM_FIRE:
                return None, Refusal(reason=f"no enemy soldier in {hex_to_id(self.core.cursor)}", rule="6.3.1.1")
            return None, None
        refusal = self.core.legal.refusal(action)
        if refusal is not None:
            return None, refusal
        assessment: Assessment = engine.assess(self.core.state, action)
        return assessment, None

    def commit(self) -> Result:
        """Enter: fire, throw or melee as aimed."""
        core = self.core
        action = self.pending_action()
        if action is None:
            return core.refused(Refusal(reason=f"no enemy soldier in {hex_to_id(core.cursor)} to fire at",
                                        rule="6.3.1.1"))
        result = core.submit(action)
        if result.ok:
            core.reset_mode()
        return result

    def mark(self, h: Highlights) -> None:
        """Add the aim to the map's highlights: arc and range, the line of sight, targets, spread."""
        core, st = self.core, self.core.state
        s, mode = core.soldier(), core.mode
        if s is None:
            return
        if mode in (Mode.AIM_FIRE, Mode.AIM_THROW):
            reach = weapon_chart().weapons[s.weapon].max_range if mode is Mode.AIM_FIRE else max_throw(s)
            h.arc = frozenset(x for x in st.scenario.map.terrain if in_firing_arc(s.hex, s.facing, x)
                              and hex_distance(s.hex, x) <= reach)
            if core.cursor != s.hex:
                result = los_query(st, s.hex, core.cursor)
                h.los = frozenset(x for x, _ in result.touched)
                h.blocked = not result.clear
            action = self.pending_action()
            if isinstance(action, Fire):
                h.targets = frozenset(action.targets)
            if mode is Mode.AIM_THROW:
                a, _ = self.preview()
                if isinstance(a, ThrowAssessment):
                    h.spread = {hex_from_id(k): v for k, v in a.explosions.items()}
        if mode is Mode.MELEE:
            h.melee_hex = hex_neighbor(s.hex, s.facing)
            h.targets = frozenset(self.attackers)
