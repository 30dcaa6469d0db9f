"""Reactions: going on Overwatch, and answering an open reaction (RULES.md §9.1, §9.2, §9.7).

While the engine holds a :class:`~firepower_tui.rules.model.state.Pending` reaction the keys belong
to the side that decides (:attr:`Mode.REACT`): ``f``/``g`` aim a watcher's snap shot or throw,
``d``/``D`` drop men who are fired on, ``s`` aims a defender's stand-and-shoot, ``b`` falls
back and ``n`` holds. What is offered comes from the engine's legal answers; a key pressed
anyway answers with the engine's refusal. The reaction is a plain engine state: this module
only helps a player at the keyboard build the answer.
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules import engine
from ..rules.model.actions import (FIRE_MODES, Action, ChangePosture, Cross, EndImpulse, EndPhase, FallBack, Fire,
                                   HitDirt, Hold, Melee, Move, Overwatch, StandAndShoot, Throw, Turn, Watch,
                                   FireModeName)
from ..rules.model.errors import Refusal
from ..rules.basic.fire import FireAssessment
from ..rules.basic.grenades import ThrowAssessment
from ..rules.board.spread import entry_hexsides
from ..rules.board.hexgrid import Facing, Hex, hex_to_id
from ..rules.model.state import Pending
from ..rules.model.types import Posture, ReactionKind
from ..rules.model.units import weapon_chart
from .base import CURSOR_STEPS, Core, Handler, Highlights, Mode, Result, Table
from .keymap import Intent
from .reaction_prompt import prompt

SNAP_HINT = "Snap shot: Enter fires at the man who acted, Space adds men, a auto/semi, Tab another watcher (Esc back)"
SNAP_THROW_HINT = "Snap throw: Enter throws at the hex of the man who acted, Tab another watcher (Esc back)"
STAND_HINT = "Stand and shoot: cursor on an attacker, Space the next one there, Tab another defender; Enter fires"

ReactionAssessment = FireAssessment | ThrowAssessment


def never() -> bool:
    return False


class Reaction:
    """The reacting player's keys, and the ``w`` key that declares Overwatch."""

    def __init__(self, core: Core) -> None:
        self.core = core
        self.targets: list[str] = []
        """Men chosen for a snap shot (empty: the man who acted)."""
        self.fire_mode: FireModeName | None = None
        self.via: Facing | None = None
        self.attacker: str | None = None
        """The attacker a stand-and-shoot aims at (None: the first in the cursor's hex)."""
        self._seen: Pending | None = None
        self._resume: str | None = None
        """The active side's man selected when the reaction opened (selected again after it)."""

    # --- the keys ---------------------------------------------------------------------------------

    def tables(self) -> dict[Mode, Table]:
        legal = self.core.legal
        react: Table = {
            Intent.AIM_FIRE: Handler(self.aim_snap_fire, lambda: bool(self._shots(Fire))),
            Intent.AIM_THROW: Handler(self.aim_snap_throw, lambda: bool(self._shots(Throw))),
            Intent.HOLD: Handler(lambda: self.core.submit(Hold()), lambda: legal.allows(Hold())),
            Intent.HIT_DIRT: Handler(self.hit_dirt, lambda: legal.allows(self._drop_selected())),
            Intent.HIT_DIRT_ALL: Handler(self.hit_dirt_all, self._may_drop_all),
            Intent.STAND_SHOOT: Handler(self.aim_stand, lambda: legal.any(StandAndShoot)),
            Intent.FALL_BACK: Handler(lambda: self.core.submit(FallBack()), lambda: legal.allows(FallBack())),
            Intent.NEXT_SOLDIER: Handler(self.next_answerer),
            Intent.SELECT: Handler(self.pick_here, never),  # (not in the footer: only the answers are)
        }
        for intent, make in self._refused_keys().items():  # pressed anyway: the engine says why not
            react[intent] = Handler(self._trying(make), never)
        react[Intent.UNDO] = Handler(self._undo, never)
        aim: Table = {Intent.SELECT: Handler(self.commit), Intent.CANCEL: Handler(self.back),
                      Intent.NEXT_SOLDIER: Handler(self.next_answerer)}
        fire = {**aim, Intent.TOGGLE_TARGET: Handler(self.toggle_target), Intent.TOGGLE_MODE: Handler(self.toggle_mode)}
        throw = {**aim, Intent.TOGGLE_VIA: Handler(self.toggle_via, self._through_a_corner)}
        stand = {**aim, Intent.TOGGLE_TARGET: Handler(self.next_attacker)}
        for intent, step in CURSOR_STEPS.items():
            for table in (fire, throw, stand):
                table[intent] = Handler(self._stepper(step))
        browse: Table = {Intent.WATCH: Handler(self.watch, self._may_watch)}
        return {Mode.BROWSE: browse, Mode.REACT: react, Mode.REACT_FIRE: fire, Mode.REACT_THROW: throw,
                Mode.REACT_STAND: stand}

    def _refused_keys(self) -> dict[Intent, Callable[[str], Action]]:
        """The active side's keys, which the engine refuses while a reaction is open."""
        return {
            Intent.MOVE: lambda s: Move(soldier=s), Intent.TURN_TO: lambda s: Turn(soldier=s, facing=self._facing(s)),
            Intent.TURN_LEFT: lambda s: Turn(soldier=s, facing=self._facing(s).turned(-1)),
            Intent.TURN_RIGHT: lambda s: Turn(soldier=s, facing=self._facing(s).turned(1)),
            Intent.STAND: lambda s: ChangePosture(soldier=s, posture=Posture.STAND),
            Intent.CROUCH: lambda s: ChangePosture(soldier=s, posture=Posture.CROUCH),
            Intent.PRONE: lambda s: ChangePosture(soldier=s, posture=Posture.PRONE),
            Intent.CROSS: lambda s: Cross(soldier=s), Intent.AIM_MELEE: lambda s: Melee(soldiers=(s,), hex=self._hex(s)),
            Intent.WATCH: lambda s: Watch(soldier=s),
            Intent.END_IMPULSE: lambda s: EndImpulse(), Intent.END_PHASE: lambda s: EndPhase(),
        }

    def _facing(self, sid: str) -> Facing:
        s = self.core.state.soldier(sid)
        return s.facing if s is not None else Facing.N

    def _hex(self, sid: str) -> Hex:
        s = self.core.state.soldier(sid)
        return s.hex if s is not None else self.core.cursor

    def _trying(self, make: Callable[[str], Action]) -> Callable[[], Result]:
        def attempt() -> Result:
            p = self.core.state.pending
            who = self.core.selected if p is None else p.trigger
            return self.core.submit(make(who or ""))
        return attempt

    def _undo(self) -> Result:
        refusal = self.core.session.undo_refusal()
        return self.core.refused(refusal) if refusal is not None else Result()

    # --- declaring Overwatch (§9.1) ---------------------------------------------------------------

    def _may_watch(self) -> bool:
        s = self.core.soldier()
        return s is not None and self.core.legal.allows(Watch(soldier=s.id))

    def watch(self) -> Result:
        return self.core.act(lambda s: Watch(soldier=s.id))

    # --- following the engine's reaction -----------------------------------------------------------

    def follow(self) -> None:
        """After every change of state: a reaction that opened or changed selects its first man
        who may answer, with the cursor where it happens; one that closed gives the keys back."""
        core = self.core
        p = core.state.pending
        if p == self._seen:
            return
        if self._seen is None:
            self._resume = core.selected
        self._seen = p
        core.reset_mode()
        self.targets, self.fire_mode, self.via, self.attacker = [], None, None, None
        if p is not None:
            core.selected = p.answerers[0] if p.answerers else None
            core.cursor = p.hex
            core.say(prompt(core))
            return
        back = self._resume
        self._resume = None
        s = core.state.soldier(back) if back else None
        if s is not None and core.in_impulse(s) and not s.killed:
            core.selected, core.cursor = s.id, s.hex
        else:
            living = [m for m in (core.state.soldier(i) for i in core.state.group) if m is not None and not m.killed]
            core.selected = living[0].id if core.state.impulse and living else None

    def _answerers(self) -> list[str]:
        p = self.core.state.pending
        if p is None:
            return []
        if self.core.mode is Mode.REACT_FIRE:
            return list(dict.fromkeys(a.shot.soldier for a in self._shots(Fire)))
        if self.core.mode is Mode.REACT_THROW:
            return list(dict.fromkeys(a.shot.soldier for a in self._shots(Throw)))
        if self.core.mode is Mode.REACT_STAND:
            return list(dict.fromkeys(a.defender for a in self.core.legal.of(StandAndShoot)))
        return list(p.answerers)

    def next_answerer(self) -> Result:
        """Tab: the next man who may answer."""
        men = self._answerers()
        if men:
            sel = self.core.selected
            self.core.selected = men[(men.index(sel) + 1) % len(men)] if sel in men else men[0]
            if self.core.mode is Mode.REACT:
                s = self.core.soldier()
                if s is not None:
                    self.core.cursor = s.hex
        return Result()

    def pick_here(self) -> Result:
        """Enter: pick the man under the cursor who may answer."""
        here = [s.id for s in self.core.state.soldiers_at(self.core.cursor) if s.id in self._answerers()]
        if here:
            sel = self.core.selected
            self.core.selected = here[(here.index(sel) + 1) % len(here)] if sel in here else here[0]
        return Result()

    # --- hit the dirt (§9.2) ------------------------------------------------------------------------

    def _drop_selected(self) -> HitDirt:
        return HitDirt(soldiers=(self.core.selected or "",))

    def _may_drop_all(self) -> bool:
        p = self.core.state.pending
        return p is not None and len(p.answerers) > 1 and self.core.legal.allows(HitDirt(soldiers=p.answerers))

    def hit_dirt(self) -> Result:
        return self.core.submit(self._drop_selected())

    def hit_dirt_all(self) -> Result:
        p = self.core.state.pending
        return self.core.submit(HitDirt(soldiers=p.answerers if p is not None and p.answerers else ("",)))

    # --- aiming an answer: a snap shot or throw (§9.1), stand and shoot (§9.7) --------------------

    def _shots(self, kind: type[Fire | Throw]) -> list[Overwatch]:
        return [a for a in self.core.legal.of(Overwatch) if isinstance(a.shot, kind)]

    def _begin(self, mode: Mode, men: list[str], refused: Action, hint: str) -> Result:
        core = self.core
        if not men:
            return core.refused(core.legal.refusal(refused) or Refusal(reason="no one may answer so", rule="§9"))
        if core.selected not in men:
            core.selected = men[0]
        self.targets, self.fire_mode, self.via, self.attacker = [], None, None, None
        return core.enter(mode, hint)

    def aim_snap_fire(self) -> Result:
        p = self.core.state.pending
        men = list(dict.fromkeys(a.shot.soldier for a in self._shots(Fire)))
        who = self.core.selected or ""
        result = self._begin(Mode.REACT_FIRE, men, Overwatch(shot=Fire(soldier=who, targets=(p.trigger if p else "",))),
                             SNAP_HINT)
        if p is not None and result.ok:
            self.core.cursor = p.hex
        return result

    def aim_snap_throw(self) -> Result:
        p = self.core.state.pending
        men = list(dict.fromkeys(a.shot.soldier for a in self._shots(Throw)))
        who = self.core.selected or ""
        result = self._begin(Mode.REACT_THROW, men, Overwatch(shot=Throw(soldier=who, hex=self.core.cursor)),
                             SNAP_THROW_HINT)
        if p is not None and result.ok:
            self.core.cursor = p.hex
        return result

    def aim_stand(self) -> Result:
        core = self.core
        stands = core.legal.of(StandAndShoot)
        men = list(dict.fromkeys(a.defender for a in stands))
        result = self._begin(Mode.REACT_STAND, men, StandAndShoot(defender=core.selected or "", attacker=""),
                             STAND_HINT)
        if result.ok and stands:
            first = core.state.soldier(stands[0].attacker)
            if first is not None:
                core.cursor = first.hex
        return result

    def back(self) -> Result:
        """Esc: back to the answers; the cursor where the reaction happens."""
        p = self.core.state.pending
        self.core.reset_mode()
        if p is not None:
            self.core.cursor = p.hex
            self.core.say(prompt(self.core))
        return Result(message=self.core.message)

    def _stepper(self, step: str) -> Callable[[], Result]:
        def step_cursor() -> Result:
            before = self.core.cursor
            self.core.step_cursor(step)
            if self.core.cursor != before:
                self.targets, self.via, self.attacker = [], None, None
            return Result()
        return step_cursor

    def _enemies_here(self) -> list[str]:
        me = self.core.soldier()
        return [e.id for e in self.core.state.soldiers_at(self.core.cursor) if me is not None and e.side != me.side]

    def toggle_target(self) -> Result:
        """Space: add the next man in the hex to the snap shot, or drop the last one when all are in."""
        enemies = self._enemies_here()
        if enemies:
            chosen = self.targets or self._default_targets()
            missing = [e for e in enemies if e not in chosen]
            self.targets = chosen + missing[:1] if missing else chosen[:-1] or enemies[:1]
        return Result()

    def toggle_mode(self) -> Result:
        s = self.core.soldier()
        if s is not None:
            modes = [m for m in FIRE_MODES if m in weapon_chart().weapons[s.weapon].modes]
            if len(modes) > 1:
                current = self.fire_mode if self.fire_mode in modes else None
                self.fire_mode = modes[(modes.index(current) + 1) % len(modes)] if current else modes[1]
        return Result()

    def _through_a_corner(self) -> bool:
        s = self.core.soldier()
        return s is not None and s.hex != self.core.cursor and len(entry_hexsides(s.hex, self.core.cursor)) == 2

    def toggle_via(self) -> Result:
        s = self.core.soldier()
        if s is not None and s.hex != self.core.cursor:
            sides = entry_hexsides(s.hex, self.core.cursor)
            if len(sides) == 2:
                self.via = sides[1] if (self.via or sides[0]) == sides[0] else sides[0]
        return Result()

    def next_attacker(self) -> Result:
        """Space: the next attacker in the cursor's hex."""
        here = self._attackers_here()
        if here:
            self.attacker = here[(here.index(self.attacker) + 1) % len(here)] if self.attacker in here else here[0]
        return Result()

    def _attackers_here(self) -> list[str]:
        p = self.core.state.pending
        if p is None or not isinstance(p.action, Melee):
            return []
        here = {s.id for s in self.core.state.soldiers_at(self.core.cursor)}
        return [a for a in p.action.soldiers if a in here]

    def _default_targets(self) -> list[str]:
        p = self.core.state.pending
        enemies = self._enemies_here()
        if p is not None and p.trigger in enemies:
            return [p.trigger]
        return enemies[:1]

    def pending_action(self) -> Overwatch | StandAndShoot | None:
        """The answer being aimed, or None."""
        core = self.core
        s = core.soldier()
        if s is None:
            return None
        if core.mode is Mode.REACT_FIRE:
            targets = self.targets or self._default_targets()
            if not targets:
                return None
            return Overwatch(shot=Fire(soldier=s.id, targets=tuple(targets), mode=self.fire_mode))
        if core.mode is Mode.REACT_THROW:
            via = None
            if s.hex != core.cursor:
                sides = entry_hexsides(s.hex, core.cursor)
                if len(sides) == 2:
                    via = self.via if self.via in sides else sides[0]
            return Overwatch(shot=Throw(soldier=s.id, hex=core.cursor, via=via))
        if core.mode is Mode.REACT_STAND:
            here = self._attackers_here()
            attacker = self.attacker if self.attacker in here else (here[0] if here else None)
            return StandAndShoot(defender=s.id, attacker=attacker) if attacker else None
        return None

    def preview(self) -> tuple[ReactionAssessment | None, Refusal | None]:
        """The odds of the answer being aimed (the engine's assessment), or why it is refused."""
        action = self.pending_action()
        if action is None:
            what = "attacker" if self.core.mode is Mode.REACT_STAND else "enemy soldier"
            return None, Refusal(reason=f"no {what} to fire at in {hex_to_id(self.core.cursor)}",
                                 rule="§9.7" if self.core.mode is Mode.REACT_STAND else "§9.1")
        refusal = self.core.legal.refusal(action)
        if refusal is not None:
            return None, refusal
        assessment: ReactionAssessment = engine.assess(self.core.state, action)
        return assessment, None

    def commit(self) -> Result:
        """Enter: fire, throw or stand and shoot as aimed."""
        core = self.core
        action = self.pending_action()
        if action is None:
            _, refusal = self.preview()
            assert refusal is not None
            return core.refused(refusal)
        return core.submit(action)

    def mark(self, h: Highlights) -> None:
        """While a reaction is open: who may answer, where it happens, and the aim."""
        core, p = self.core, self.core.state.pending
        if p is None:
            return
        h.group = frozenset(self._answerers())
        if p.kind is ReactionKind.MELEE:
            h.melee_hex = p.hex
        action = self.pending_action()
        if action is None:
            return
        s = core.soldier()
        if s is not None and core.cursor != s.hex:
            from ..rules.basic.los import los_query

            result = los_query(core.state, s.hex, core.cursor)
            h.los = frozenset(x for x, _ in result.touched)
            h.blocked = not result.clear
        if isinstance(action, StandAndShoot):
            h.targets = frozenset({action.attacker})
        elif isinstance(action.shot, Fire):
            h.targets = frozenset(action.shot.targets)
