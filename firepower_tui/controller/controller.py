"""The action controller: intents from key presses -> rule actions (plain Python, STYLE.md §7).

It owns the cursor, the selected soldier and a small mode machine
(browse -> turn-to / aiming fire / aiming a grenade / choosing a melee), asks the rules
core whether each action is legal, and returns a :class:`Result`. It never imports the UI.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..rules import engine
from ..rules.actions import (ChangePosture, Choose, Cross, Deployed, DrawChit, EndImpulse, EndPhase, Fire, Melee, Move,
                             Place,
                             RollOff, StartImpulse, Throw, Turn)
from ..rules.describe import describe_los, describe_odds
from ..rules.errors import Refusal
from ..rules.events import ChitDrawn, GameEnded
from ..rules.grenades import entry_hexsides, max_throw
from ..rules.hexgrid import (Facing, Hex, OffsetCoord, hex_distance, hex_neighbor, hex_to_id, in_firing_arc,
                             qoffset_from_cube, qoffset_to_cube)
from ..rules.los import los_between_soldiers, los_query
from ..rules.notation import LosQuery, NotationError, OddsQuery, parse_line
from ..rules.types import Posture
from ..rules.units import Soldier, weapon_chart
from ..games.session import Outcome, Session


class Mode(str, Enum):
    """What the keys mean now."""

    BROWSE = "browse"
    TURN = "turn"
    AIM_FIRE = "aim_fire"
    AIM_THROW = "aim_throw"
    MELEE = "melee"


@dataclass(frozen=True)
class Result:
    """What an intent did: the session's :class:`Outcome` and the line the player reads."""

    outcome: Outcome = Outcome()
    """The events of the action and of what followed by itself (rolls, chit draws), or its refusal."""
    message: str = ""

    @property
    def events(self) -> tuple[Any, ...]:
        return self.outcome.events

    @property
    def refusal(self) -> Refusal | None:
        return self.outcome.refusal

    @property
    def ok(self) -> bool:
        return self.outcome.ok

    @property
    def chits(self) -> tuple[ChitDrawn, ...]:
        """Chits drawn as a consequence (a new impulse phase: the hand-over banner)."""
        return tuple(e for e in self.events if isinstance(e, ChitDrawn))

    @property
    def game_over(self) -> GameEnded | None:
        return next((e for e in self.events if isinstance(e, GameEnded)), None)


@dataclass
class Highlights:
    """What the map should mark (besides the cursor)."""

    impulse_hexes: frozenset[Hex] = frozenset()
    group: frozenset[str] = frozenset()
    move_target: Hex | None = None
    arc: frozenset[Hex] = frozenset()
    los: frozenset[Hex] = frozenset()
    blocked: bool = False
    targets: frozenset[str] = frozenset()
    spread: dict[Hex, float] = field(default_factory=dict)
    melee_hex: Hex | None = None


DIRECTIONS = {"n": Facing.N, "ne": Facing.NE, "se": Facing.SE, "s": Facing.S, "sw": Facing.SW, "nw": Facing.NW}


class Controller:
    """Intents -> actions, with the cursor, selection and mode."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.mode = Mode.BROWSE
        self.selected: str | None = None
        self.fire_targets: list[str] = []
        self.fire_mode: str | None = None
        self.then = 0
        self.via: Facing | None = None
        self.attackers: list[str] = []
        self.place_facing: Facing | None = None
        """Deployment: the facing the next man is placed with (default: toward the enemy)."""
        self.place_posture = Posture.STAND
        self.message = ""
        self.message_error = False
        self.cursor = self._start_cursor()
        if self.state.impulse and self.state.group:  # resumed in the middle of an impulse
            self.selected = self.state.group[0]
            s = self.soldier()
            if s is not None:
                self.cursor = s.hex

    # --- basic queries --------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.session.state

    def soldier(self) -> Soldier | None:
        """The selected soldier, if he is alive and on the map."""
        s = self.state.soldier(self.selected) if self.selected else None
        return s if s is not None and not s.killed and s.deployed else None

    def _start_cursor(self) -> Hex:
        st = self.state
        side = st.active or st.sides[0]
        men = st.living(side)
        if men:
            return men[0].hex
        gmap = st.scenario.map
        return qoffset_to_cube(OffsetCoord(gmap.columns // 2, gmap.rows // 2))

    def in_impulse(self, s: Soldier | None) -> bool:
        return s is not None and self.state.impulse > 0 and s.id in self.state.group

    def can(self, intent: str) -> bool:
        """Whether an intent is available now (drives the footer)."""
        st = self.state
        s = self.soldier()
        if intent.startswith("cursor_") or intent in ("help", "rules", "quit", "zoom", "command", "show_log",
                                                      "history", "stats"):
            return True
        if st.over:
            return False
        if st.phase == "deploy":
            placing = st.setup_step == "place"
            return intent in ("select", "next_soldier", "turn_left", "turn_right", "turn_to", "stand", "crouch",
                              "prone", "end_impulse") and placing or (intent == "cancel" and self.mode is Mode.TURN)
        if st.phase != "play":
            return False
        aiming = self.mode in (Mode.AIM_FIRE, Mode.AIM_THROW, Mode.MELEE)
        table = {
            "select": True,
            "next_soldier": True,
            "move": self.mode is Mode.BROWSE and self.in_impulse(s),
            "turn_left": self.mode is Mode.BROWSE and self.in_impulse(s),
            "turn_right": self.mode is Mode.BROWSE and self.in_impulse(s),
            "turn_to": self.mode is Mode.BROWSE and self.in_impulse(s),
            "stand": self.mode is Mode.BROWSE and self.in_impulse(s) and s is not None and s.posture is not Posture.STAND,
            "crouch": self.mode is Mode.BROWSE and self.in_impulse(s) and s is not None and s.posture is not Posture.CROUCH,
            "prone": self.mode is Mode.BROWSE and self.in_impulse(s) and s is not None and s.posture is not Posture.PRONE,
            "cross": self.mode is Mode.BROWSE and self.in_impulse(s) and s is not None
            and st.scenario.map.line_at(s.hex) is not None,
            "aim_fire": self.mode is Mode.BROWSE and self.in_impulse(s) and s is not None and not s.combat_used,
            "aim_throw": self.mode is Mode.BROWSE and self.in_impulse(s) and s is not None and not s.combat_used,
            "aim_melee": self.mode is Mode.BROWSE and self.in_impulse(s) and s is not None and not s.combat_used,
            "toggle_target": self.mode in (Mode.AIM_FIRE, Mode.MELEE),
            "toggle_mode": self.mode is Mode.AIM_FIRE and s is not None
            and len(weapon_chart().weapons[s.weapon].modes) > 1,
            "more_then": self.mode is Mode.AIM_FIRE,
            "less_then": self.mode is Mode.AIM_FIRE and self.then > 0,
            "toggle_via": self.mode is Mode.AIM_THROW and s is not None and s.hex != self.cursor
            and len(entry_hexsides(s.hex, self.cursor)) == 2,
            "cancel": aiming or self.mode is Mode.TURN,
            "end_impulse": self.mode is Mode.BROWSE and st.impulse > 0,
            "end_phase": self.mode is Mode.BROWSE and st.active is not None,
            "undo": self.mode is Mode.BROWSE and self.session.undo_refusal() is None,
        }
        return table.get(intent, False)

    # --- results --------------------------------------------------------------------------------

    def _say(self, text: str, error: bool = False) -> None:
        self.message = text
        self.message_error = error

    def _refused(self, refusal: Refusal) -> Result:
        self._say(f"{refusal.reason} [{refusal.rule}]", error=True)
        return Result(Outcome(refusal=refusal), message=self.message)

    def _submit(self, action: Any) -> Result:
        out = self.session.submit(action)
        if out.refusal is not None:
            return self._refused(out.refusal)
        return self._after(out)

    def _after(self, out: Outcome) -> Result:
        """Bookkeeping after an accepted action: draw the next chit if a phase ended, follow the man."""
        events = list(out.events)
        drawn = self._automatic()
        events += drawn
        if self.state.phase == "deploy":
            self._pick_placer_man()
            self._say("")
            return Result(Outcome(events=tuple(events)))
        s = self.soldier()
        if s is not None and self.in_impulse(s):
            self.cursor = s.hex
        if self.state.impulse == 0:
            self.selected = None
        if self.state.active is not None and drawn:
            self.cursor = self._start_cursor()
        self._say("")
        return Result(Outcome(events=tuple(events)))

    def begin(self) -> Result:
        """Start of play: make any roll that is due, draw the first chit if none is drawn yet."""
        out = self._automatic()
        if not out:
            return Result()
        self.cursor = self._start_cursor()
        self._pick_placer_man()
        return Result(Outcome(events=tuple(out)))

    def _automatic(self) -> list[Any]:
        """What nobody decides: deployment rolls (§10.2) and blind chit draws (6.1)."""
        events: list[Any] = []
        st = self.session.state
        while st.phase == "deploy" and st.setup_step in ("rolloff", "initiative") and not st.over:
            events += self.session.submit(RollOff()).events
            st = self.session.state
        events += self.session.draw_if_needed().events
        return events

    @property
    def pending_choice(self) -> tuple[str, str] | None:
        """(deciding side, question) when a §10.2 choice is due."""
        st = self.state
        if st.phase == "deploy" and st.setup_step in ("choose_deploy", "choose_first") and st.decider:
            what = "who places first" if st.setup_step == "choose_deploy" else "who takes the first impulse phase"
            return st.decider, what
        return None

    def choose(self, side: str) -> Result:
        """Answer a pending §10.2 choice."""
        return self._submit(Choose(side=side))

    def _pick_placer_man(self) -> None:
        st = self.state
        if st.phase == "deploy" and st.setup_step == "place" and st.placer:
            from ..rules.setup import placeable

            men = placeable(st, st.placer)
            if self.selected not in [m.id for m in men]:
                self.selected = men[0].id if men else None
            zone = sorted(st.scenario.zone(st.placer))
            if zone and self.cursor not in zone:
                self.cursor = zone[len(zone) // 2]

    # --- cursor ---------------------------------------------------------------------------------

    def move_cursor(self, direction: str) -> Result:
        """Move the cursor one hex (``n`` … ``nw``), or a column (``left``/``right``); in turn mode, turn."""
        if self.mode is Mode.TURN:
            if direction in DIRECTIONS:
                return self.turn_to(DIRECTIONS[direction])
            return Result()
        gmap = self.state.scenario.map
        if direction in ("left", "right"):
            c = qoffset_from_cube(self.cursor)
            nxt = qoffset_to_cube(OffsetCoord(c.col + (-1 if direction == "left" else 1), c.row))
        else:
            nxt = hex_neighbor(self.cursor, DIRECTIONS[direction])
        if gmap.on_map(nxt):
            self.cursor = nxt
            if self.mode is Mode.AIM_FIRE:
                self.fire_targets = []
            if self.mode is Mode.AIM_THROW:
                self.via = None
        return Result()

    def set_cursor(self, h: Hex) -> Result:
        """Put the cursor on a hex (mouse)."""
        if self.state.scenario.map.on_map(h):
            self.cursor = h
            self.fire_targets = []
            self.via = None
        return Result()

    # --- selection and impulses -----------------------------------------------------------------------

    def select(self) -> Result:
        """Enter: confirm an aim, start an impulse at the cursor, or pick the soldier under it."""
        if self.mode is Mode.AIM_FIRE:
            return self.fire()
        if self.mode is Mode.AIM_THROW:
            return self.throw()
        if self.mode is Mode.MELEE:
            return self.melee()
        if self.mode is Mode.TURN:
            return self.cancel()
        st = self.state
        if st.phase == "deploy":
            return self.place()
        here = [s for s in st.soldiers_at(self.cursor)]
        ours = [s for s in here if st.impulse and s.id in st.group]
        if ours:
            return self._pick(ours)
        if st.active is not None and (not st.impulse or not st.committed):
            result = self._submit(StartImpulse(hex=self.cursor))
            if result.ok:
                self.selected = self.state.group[0] if self.state.group else None
                self._say(f"Impulse {self.state.impulse}: {', '.join(self.state.group)} may act")
            return result
        if here:
            return self._pick(here)
        return Result()

    def _pick(self, men: list[Soldier]) -> Result:
        ids = [s.id for s in men]
        if self.selected in ids:
            self.selected = ids[(ids.index(self.selected) + 1) % len(ids)]
        else:
            self.selected = ids[0]
        return Result()

    def place(self) -> Result:
        """Deployment: put the selected man on the cursor hex (§10.2)."""
        s = self.state.soldier(self.selected) if self.selected else None
        if s is None:
            return self._refused(Refusal(reason="nobody to place: end the placement (e)", rule="§10.2"))
        facing = self.place_facing or (Facing.S if self.state.sides.index(s.side) == 0 else Facing.N)
        result = self._submit(Place(soldier=s.id, hex=self.cursor, facing=facing, posture=self.place_posture))
        if result.ok:
            self._pick_placer_man()
        return result

    def end_placement(self) -> Result:
        return self._submit(Deployed())

    def next_soldier(self) -> Result:
        """Tab: the next man of the impulse (or of the stack under the cursor)."""
        st = self.state
        if st.phase == "deploy" and st.placer:
            from ..rules.setup import placeable

            men = placeable(st, st.placer)
            if men:
                self._pick(men)
            return Result()
        if self.mode is Mode.MELEE or (st.impulse and st.group):
            pool = [st.soldier(i) for i in st.group]
            men = [s for s in pool if s is not None and not s.killed]
        else:
            men = st.soldiers_at(self.cursor)
        if not men:
            return Result()
        self._pick(men)
        s = self.soldier()
        if s is not None and self.mode is not Mode.MELEE:
            self.cursor = s.hex
        return Result()

    def end_impulse(self) -> Result:
        self.mode = Mode.BROWSE
        if self.state.phase == "deploy":
            return self.end_placement()
        return self._submit(EndImpulse())

    def end_phase(self) -> Result:
        self.mode = Mode.BROWSE
        return self._submit(EndPhase())

    def undo(self) -> Result:
        out = self.session.undo()
        if out.refusal is not None:
            return self._refused(out.refusal)
        self._say("Taken back")
        s = self.soldier()
        if s is not None:
            self.cursor = s.hex
        return Result(message=self.message)

    # --- MF actions ---------------------------------------------------------------------------------------

    def _act(self, make: Any) -> Result:
        s = self.soldier()
        if s is None:
            return self._refused(Refusal(reason="select a soldier first (Enter on his hex, Tab to cycle)",
                                         rule="6.2"))
        return self._submit(make(s))

    def move(self) -> Result:
        return self._act(lambda s: Move(soldier=s.id))

    def _placing_facing(self) -> Facing:
        s = self.state.soldier(self.selected) if self.selected else None
        default = Facing.S if s is not None and self.state.sides.index(s.side) == 0 else Facing.N
        return self.place_facing or default

    def turn_left(self) -> Result:
        if self.state.phase == "deploy":
            self.place_facing = self._placing_facing().turned(-1)
            return Result()
        return self._act(lambda s: Turn(soldier=s.id, facing=s.facing.turned(-1)))

    def turn_right(self) -> Result:
        if self.state.phase == "deploy":
            self.place_facing = self._placing_facing().turned(1)
            return Result()
        return self._act(lambda s: Turn(soldier=s.id, facing=s.facing.turned(1)))

    def turn_to_mode(self) -> Result:
        if self.state.phase == "deploy":
            self.mode = Mode.TURN
            self._say("Place facing which way? 8 N, 9 NE, 3 SE, 2 S, 1 SW, 7 NW (Esc cancels)")
            return Result(message=self.message)
        if self.soldier() is None:
            return self._act(lambda s: None)
        self.mode = Mode.TURN
        self._say("Turn to which facing? 8 N, 9 NE, 3 SE, 2 S, 1 SW, 7 NW (Esc cancels)")
        return Result(message=self.message)

    def turn_to(self, facing: Facing) -> Result:
        self.mode = Mode.BROWSE
        if self.state.phase == "deploy":
            self.place_facing = facing
            return Result()
        return self._act(lambda s: Turn(soldier=s.id, facing=facing))

    def posture(self, posture: Posture) -> Result:
        if self.state.phase == "deploy":
            self.place_posture = posture
            return Result()
        return self._act(lambda s: ChangePosture(soldier=s.id, posture=posture))

    def cross(self) -> Result:
        return self._act(lambda s: Cross(soldier=s.id))

    def next_cost(self) -> str:
        """What moving forward would cost the selected soldier now (for the panel)."""
        s = self.soldier()
        if s is None or not self.in_impulse(s):
            return ""
        from ..rules.movement import entry_ledger

        refusal = self.session.check(Move(soldier=s.id))
        ledger = entry_ledger(self.state, s)
        front = hex_to_id(hex_neighbor(s.hex, s.facing))
        if refusal is None:
            return f"move to {front}: {ledger.total} MF"
        return f"move to {front}: no - {refusal.reason} [{refusal.rule}]"

    # --- aiming -------------------------------------------------------------------------------------------

    def aim_fire(self) -> Result:
        return self._begin_aim(Mode.AIM_FIRE, lambda s: weapon_chart().weapons[s.weapon].max_range,
                               "Aim: move the cursor to the target hex; Enter fires, Space picks men, "
                               "a auto/semi, +/- MF after")

    def aim_throw(self) -> Result:
        return self._begin_aim(Mode.AIM_THROW, max_throw,
                               "Grenade: move the cursor to the hex to throw at; Enter throws (Esc cancels)")

    def _begin_aim(self, mode: Mode, reach: Any, hint: str) -> Result:
        """Enter an aiming mode with the cursor on the nearest enemy in arc, range and LOS."""
        s = self.soldier()
        if s is None:
            return self._act(lambda s: None)
        self.mode, self.fire_targets, self.fire_mode, self.then, self.via = mode, [], None, 0, None
        target = self._nearest_enemy(s, reach(s))
        if target is not None:
            self.cursor = target
        self._say(hint)
        return Result(message=self.message)

    def aim_melee(self) -> Result:
        s = self.soldier()
        if s is None:
            return self._act(lambda s: None)
        front = hex_neighbor(s.hex, s.facing)
        self.mode = Mode.MELEE
        self.attackers = [s.id]
        for other_id in self.state.group:
            o = self.state.soldier(other_id)
            if o and o.id != s.id and not o.killed and hex_neighbor(o.hex, o.facing) == front \
                    and self.session.check(Melee(soldiers=(o.id,), hex=front)) is None:
                self.attackers.append(o.id)
        self.cursor = front
        self._say("Melee: Tab picks a man, Space adds/removes him; Enter attacks (Esc cancels)")
        return Result(message=self.message)

    def _nearest_enemy(self, s: Soldier, reach: int) -> Hex | None:
        best: tuple[int, Hex] | None = None
        for e in self.state.living():
            if e.side == s.side:
                continue
            d = hex_distance(s.hex, e.hex)
            if d <= reach and in_firing_arc(s.hex, s.facing, e.hex) and los_between_soldiers(self.state, s.id, e.id).clear:
                if best is None or d < best[0]:
                    best = (d, e.hex)
        return best[1] if best else None

    def toggle_target(self) -> Result:
        if self.mode is Mode.MELEE:
            s = self.soldier()
            if s is None:
                return Result()
            if s.id in self.attackers:
                self.attackers.remove(s.id)
            else:
                self.attackers.append(s.id)
            return Result()
        me = self.soldier()
        enemies = [e.id for e in self.state.soldiers_at(self.cursor) if me is not None and e.side != me.side]
        if not enemies:
            return Result()
        chosen = self.fire_targets or self._default_targets()
        # cycle: add the first man not chosen, or drop the last one when all are chosen
        missing = [e for e in enemies if e not in chosen]
        self.fire_targets = chosen + missing[:1] if missing else chosen[:-1] or enemies[:1]
        return Result()

    def toggle_mode(self) -> Result:
        s = self.soldier()
        if s is None:
            return Result()
        modes = list(weapon_chart().weapons[s.weapon].modes)
        current = self.fire_mode or ("auto" if "auto" in modes else modes[0])
        self.fire_mode = modes[(modes.index(current) + 1) % len(modes)]
        self.fire_targets = []
        return Result()

    def change_then(self, delta: int) -> Result:
        self.then = max(0, self.then + delta)
        return Result()

    def toggle_via(self) -> Result:
        s = self.soldier()
        if s is None or s.hex == self.cursor:
            return Result()
        sides = entry_hexsides(s.hex, self.cursor)
        if len(sides) == 2:
            current = self.via or sides[0]
            self.via = sides[1] if current == sides[0] else sides[0]
        return Result()

    def cancel(self) -> Result:
        self.mode = Mode.BROWSE
        self._say("")
        s = self.soldier()
        if s is not None:
            self.cursor = s.hex
        return Result()

    def _default_targets(self) -> list[str]:
        s = self.soldier()
        if s is None:
            return []
        enemies = [e.id for e in self.state.soldiers_at(self.cursor) if e.side != s.side]
        weapon = weapon_chart().weapons[s.weapon]
        mode = self.fire_mode or ("auto" if "auto" in weapon.modes else next(iter(weapon.modes)))
        return enemies[: weapon.modes[mode].bursts if mode == "auto" else 1]

    def pending_action(self) -> Any:
        """The combat action being aimed, or None."""
        s = self.soldier()
        if s is None:
            return None
        if self.mode is Mode.AIM_FIRE:
            targets = self.fire_targets or self._default_targets()
            if not targets:
                return None
            return Fire(soldier=s.id, targets=tuple(targets), mode=self.fire_mode, then=self.then)  # type: ignore[arg-type]
        if self.mode is Mode.AIM_THROW:
            via = self.via
            if via is None and s.hex != self.cursor:
                sides = entry_hexsides(s.hex, self.cursor)
                via = sides[0] if len(sides) == 2 else None
            return Throw(soldier=s.id, hex=self.cursor, via=via)
        if self.mode is Mode.MELEE:
            return Melee(soldiers=tuple(self.attackers), hex=hex_neighbor(s.hex, s.facing)) if self.attackers else None
        return None

    def preview(self) -> tuple[Any | None, Refusal | None]:
        """The odds of what is being aimed (an assessment) or why it is not allowed."""
        action = self.pending_action()
        if action is None:
            if self.mode is Mode.AIM_FIRE:
                return None, Refusal(reason=f"no enemy soldier in {hex_to_id(self.cursor)}", rule="6.3.1.1")
            return None, None
        refusal = self.session.check(action)
        if refusal is not None:
            return None, refusal
        return engine.assess(self.state, action), None

    def _commit_aim(self) -> Result:
        action = self.pending_action()
        if action is None:
            return self._refused(Refusal(reason=f"no enemy soldier in {hex_to_id(self.cursor)} to fire at",
                                         rule="6.3.1.1"))
        result = self._submit(action)
        if result.ok:
            self.mode = Mode.BROWSE
        return result

    def fire(self) -> Result:
        return self._commit_aim()

    def throw(self) -> Result:
        return self._commit_aim()

    def melee(self) -> Result:
        return self._commit_aim()

    # --- the map's highlights ---------------------------------------------------------------------------

    def highlights(self) -> Highlights:
        st = self.state
        h = Highlights()
        if st.phase == "deploy" and st.placer:
            s = st.soldier(self.selected) if self.selected else None
            if s is not None and "scout" in s.traits:
                h.impulse_hexes = frozenset(x for x in st.scenario.map.terrain
                                            if self.session.check(Place(soldier=s.id, hex=x, facing=Facing.N)) is None)
            else:
                h.impulse_hexes = st.scenario.zone(st.placer)
            return h
        if st.active is not None and not st.impulse:
            h.impulse_hexes = frozenset(engine.impulse_hexes(st))
        h.group = frozenset(st.group)
        s = self.soldier()
        if s is None:
            return h
        if self.mode is Mode.BROWSE and self.in_impulse(s) and self.session.check(Move(soldier=s.id)) is None:
            h.move_target = hex_neighbor(s.hex, s.facing)
        if self.mode in (Mode.AIM_FIRE, Mode.AIM_THROW):
            reach = weapon_chart().weapons[s.weapon].max_range if self.mode is Mode.AIM_FIRE else max_throw(s)
            h.arc = frozenset(x for x in st.scenario.map.terrain if in_firing_arc(s.hex, s.facing, x)
                              and hex_distance(s.hex, x) <= reach)
            if self.cursor != s.hex:
                result = los_query(st, s.hex, self.cursor)
                h.los = frozenset(x for x, _ in result.touched)
                h.blocked = not result.clear
            action = self.pending_action()
            if isinstance(action, Fire):
                h.targets = frozenset(action.targets)
            if self.mode is Mode.AIM_THROW:
                a, _ = self.preview()
                if a is not None:
                    from ..rules.hexgrid import hex_from_id

                    h.spread = {hex_from_id(k): v for k, v in a.explosions.items()}
        if self.mode is Mode.MELEE:
            h.melee_hex = hex_neighbor(s.hex, s.facing)
            h.targets = frozenset(self.attackers)
        return h

    # --- the command line -------------------------------------------------------------------------------

    def command(self, text: str) -> Result:
        """A line of notation: an action, or ``odds …`` / ``los …`` (docs/notation.md)."""
        text = text.strip()
        if not text:
            return Result()
        try:
            parsed = parse_line(text)
        except NotationError as exc:
            self._say(f"{text}: {exc} (docs/notation.md)", error=True)
            return Result(Outcome(refusal=Refusal(reason=str(exc), rule="docs/notation.md")), message=self.message)
        if isinstance(parsed, OddsQuery):
            refusal = self.session.check(parsed.action)
            if refusal is not None:
                return self._refused(refusal)
            text_out = describe_odds(engine.assess(self.state, parsed.action))
            self._say(text_out.splitlines()[0])
            return Result(message=text_out)
        if isinstance(parsed, LosQuery):
            gmap = self.state.scenario.map
            if not (gmap.on_map(parsed.origin) and gmap.on_map(parsed.target)):
                return self._refused(Refusal(reason="both hexes must be on the map", rule="6.3.4"))
            text_out = describe_los(los_query(self.state, parsed.origin, parsed.target))
            self._say(text_out)
            return Result(message=text_out)
        if isinstance(parsed, DrawChit):
            return self._refused(Refusal(reason="in play the cup is drawn blind: the next chit comes when this "
                                                "phase ends", rule="6.1"))
        if hasattr(parsed, "soldier"):
            self.selected = parsed.soldier  # type: ignore[attr-defined]
        result = self._submit(parsed)
        if result.ok and isinstance(parsed, StartImpulse):
            self.selected = self.state.group[0] if self.state.group else None
        return result

    # --- what the rules key shows ------------------------------------------------------------------------

    def rules_topic(self) -> tuple[str, ...]:
        """RULES.md headings for what the player is doing now."""
        if self.mode is Mode.AIM_FIRE:
            return ("### 4.6", "### 4.7", "### 4.8", "### 4.4", "### 4.9")
        if self.mode is Mode.AIM_THROW:
            return ("### 4.10", "#### 4.10.1", "#### 4.10.3", "#### 4.10.4", "#### 4.10.5")
        if self.mode is Mode.MELEE:
            return ("## 5.",)
        if self.state.impulse:
            return ("### 3.1", "### 3.2", "### 3.3", "### 3.4", "### 3.6", "### 3.10")
        return ("### 2.1", "### 2.2", "### 2.3", "### 2.4")
