"""What every mode shares: the mode itself, the cursor, the selected man, the status line,
and the :class:`Result` an intent returns (plain Python, docs/style.md §7).

The :class:`Mode` says what the keys mean now. Where the game state decides it (buying,
the deployment rolls, placing, the end of the game) it is read from the state; the player
only chooses the sub-modes that a key opens (turn to, aiming, placing with a facing), and
:class:`Core` keeps that one choice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from ..games.session import Outcome, Session
from ..rules.model.actions import Action, RollOff
from ..rules.model.errors import Refusal
from ..rules.model.events import ChitDrawn, Event, GameEnded
from ..rules.board.features import SideKey
from ..rules.board.hexgrid import Facing, Hex, OffsetCoord, hex_neighbor, qoffset_from_cube, qoffset_to_cube
from ..rules.scenario.setup import placeable
from ..rules.model.state import GameState
from ..rules.model.types import Phase, Posture, SetupStep
from ..rules.model.units import Soldier
from .keymap import Intent
from .legal import Legal


class Mode(str, Enum):
    """What the keys mean now."""

    FORCES = "forces"
    """Sides bought by points buy their men (§10.3): the force builder has the keys."""
    SETUP = "setup"
    """The deployment rolls and the §10.2 choices: nothing to do on the map."""
    PLACE = "place"
    """Placing men in the deployment zone (§10.2)."""
    PLACE_FACING = "place_facing"
    """Placing: a direction key sets the facing the next man is placed with."""
    BROWSE = "browse"
    """Play: start impulses, pick men, take MF actions."""
    TURN = "turn"
    """Play: a direction key turns the selected man to that facing."""
    AIM_FIRE = "aim_fire"
    """Play: aiming the selected man's weapon."""
    AIM_THROW = "aim_throw"
    """Play: aiming a grenade."""
    MELEE = "melee"
    """Play: choosing the attackers of a melee."""
    AIM_SPECIAL = "aim_special"
    """Play: aiming a smoke grenade, a Molotov, a satchel charge or a barrage (§9.5)."""
    CONFIRM_END = "confirm_end"
    """Play: ending the impulse phase with impulses unused asks first; the end-phase key again
    ends it, any other key carries on."""
    REACT = "react"
    """A reaction is open (§9.1, §9.2, §9.7): the reacting side answers."""
    REACT_FIRE = "react_fire"
    """A reaction: aiming a watcher's snap shot (§9.1)."""
    REACT_THROW = "react_throw"
    """A reaction: aiming a watcher's snap throw (§9.1)."""
    REACT_STAND = "react_stand"
    """A reaction: aiming a defender's stand-and-shoot at an attacker (§9.7)."""
    OVER = "over"
    """The game has ended: only the cursor and the views."""


PLAY_CHOICES = frozenset({Mode.TURN, Mode.AIM_FIRE, Mode.AIM_THROW, Mode.MELEE, Mode.AIM_SPECIAL, Mode.CONFIRM_END})
"""The modes of play a key opens (and Esc or the action closes)."""
AIMING = frozenset({Mode.AIM_FIRE, Mode.AIM_THROW, Mode.MELEE, Mode.AIM_SPECIAL})
"""The modes with an action and its odds pending."""
REACT_CHOICES = frozenset({Mode.REACT_FIRE, Mode.REACT_THROW, Mode.REACT_STAND})
"""The modes of a reaction a key opens (and Esc or the answer closes)."""
REACTING = REACT_CHOICES | {Mode.REACT}
"""The modes while a reaction is open."""
AIMS = AIMING | REACT_CHOICES
"""Every mode with an aimed action and its odds pending (the preview panel shows them)."""
PLACING = frozenset({Mode.PLACE, Mode.PLACE_FACING})
"""The modes of the placement (§10.2)."""
DEPLOYING = PLACING | {Mode.SETUP}
"""The modes of the deployment phase (§10.2)."""

CURSOR_STEPS: dict[Intent, str] = {
    Intent.CURSOR_N: "n", Intent.CURSOR_NE: "ne", Intent.CURSOR_SE: "se", Intent.CURSOR_S: "s",
    Intent.CURSOR_SW: "sw", Intent.CURSOR_NW: "nw", Intent.CURSOR_LEFT: "left", Intent.CURSOR_RIGHT: "right",
}
"""The cursor intents and the step each names."""
DIRECTIONS: dict[str, Facing] = {"n": Facing.N, "ne": Facing.NE, "se": Facing.SE, "s": Facing.S, "sw": Facing.SW,
                                 "nw": Facing.NW}
"""The steps that are hex directions (the others move a column)."""
POSTURE_INTENTS: dict[Intent, Posture] = {Intent.STAND: Posture.STAND, Intent.CROUCH: Posture.CROUCH,
                                          Intent.PRONE: Posture.PRONE}
"""The posture keys."""
FACING_INTENTS: dict[Intent, Facing] = {i: DIRECTIONS[step] for i, step in CURSOR_STEPS.items() if step in DIRECTIONS}
"""In the turn modes a cursor key names a facing."""

SELECT_FIRST = Refusal(reason="select a soldier first (Enter on his hex, Tab to cycle)", rule="6.2")


@dataclass(frozen=True)
class Result:
    """What an intent did: the session's :class:`Outcome` and the line the player reads."""

    outcome: Outcome = Outcome()
    """The events of the action and of what followed by itself (rolls, chit draws), or its refusal."""
    message: str = ""
    cursor_only: bool = False
    """Only the cursor moved: the state, the mode, the selection and the highlights are as they were."""

    @property
    def events(self) -> tuple[Event, ...]:
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


def stay() -> Result:
    """A key that does nothing in this mode (but is not refused either)."""
    return Result()


def always() -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Handler:
    """What an intent does in one mode, and when the footer offers it."""

    run: Callable[[], Result]
    when: Callable[[], bool] = always


Table = dict[Intent, Handler]
"""One mode's intents."""


@dataclass
class Highlights:
    """What the map should mark (besides the cursor)."""

    impulse_hexes: frozenset[Hex] = frozenset()
    """Hexes an impulse may start in (6.2)."""
    place_hexes: frozenset[Hex] = frozenset()
    """In deployment: where the selected man may be placed, or the placing side's zone (§10.2)."""
    group: frozenset[str] = frozenset()
    move_target: Hex | None = None
    arc: frozenset[Hex] = frozenset()
    los: frozenset[Hex] = frozenset()
    blocked: bool = False
    targets: frozenset[str] = frozenset()
    spread: dict[Hex, float] = field(default_factory=dict)
    melee_hex: Hex | None = None
    explain: dict[Hex, str] = field(default_factory=dict)
    """Hexes marked by an explainer, with the map overlay of each (the ``los`` mode: ui/screens/los_mode.py)."""
    explain_sides: dict[SideKey, str] = field(default_factory=dict)
    """Hexsides marked by an explainer (by their one name, :func:`...rules.board.features.side_key`),
    with the map overlay of each (the ``los`` mode)."""


class Core:
    """The session, the cursor, the selected man, the status line and the mode."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.legal = Legal(session)
        """What the engine allows now (the footer's keys and the map's marks come from it)."""
        self.selected: str | None = None
        """The man the keys act for (a soldier id)."""
        self.message = ""
        """The status line."""
        self.message_error = False
        self._chosen: Mode | None = None
        """The sub-mode a key opened (turn to, aiming, the placement facing); None: the phase's own."""
        self.cursor = self.start_cursor()
        if self.state.impulse and self.state.group:  # resumed in the middle of an impulse
            self.selected = self.state.group[0]
            s = self.soldier()
            if s is not None:
                self.cursor = s.hex

    # --- queries --------------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def mode(self) -> Mode:
        """What the keys mean now: the game state's phase and step, then the sub-mode a key opened."""
        st = self.state
        if st.over:
            return Mode.OVER
        if st.phase == Phase.FORCES:
            return Mode.FORCES
        if st.phase == Phase.DEPLOY:
            if st.setup_step != SetupStep.PLACE:
                return Mode.SETUP
            return Mode.PLACE_FACING if self._chosen is Mode.PLACE_FACING else Mode.PLACE
        chosen = self._chosen
        if st.pending is not None:  # the reacting side answers (§9.1, §9.2, §9.7)
            return chosen if chosen is not None and chosen in REACT_CHOICES else Mode.REACT
        return chosen if chosen is not None and chosen in PLAY_CHOICES else Mode.BROWSE

    def enter(self, mode: Mode, hint: str) -> Result:
        """Open a sub-mode, with a hint on the status line."""
        self._chosen = mode
        self.say(hint)
        return Result(message=self.message)

    def reset_mode(self) -> None:
        """Back to the phase's own mode (browsing or placing), dropping any aim."""
        self._chosen = None

    def soldier(self) -> Soldier | None:
        """The selected soldier, if he is alive and on the map."""
        s = self.state.soldier(self.selected) if self.selected else None
        return s if s is not None and not s.killed and s.deployed else None

    def in_impulse(self, s: Soldier | None) -> bool:
        return s is not None and self.state.impulse > 0 and s.id in self.state.group

    def start_cursor(self) -> Hex:
        """Where the cursor starts: on the first man of the side to act, else mid-map."""
        st = self.state
        side = st.active or st.sides[0]
        men = st.living(side)
        if men:
            return men[0].hex
        gmap = st.scenario.map
        return qoffset_to_cube(OffsetCoord(gmap.columns // 2, gmap.rows // 2))

    # --- the status line and results ------------------------------------------------------------

    def say(self, text: str, error: bool = False) -> None:
        """Put a line on the status line."""
        self.message = text
        self.message_error = error

    def refused(self, refusal: Refusal) -> Result:
        self.say(f"{refusal.reason} [{refusal.rule}]", error=True)
        return Result(Outcome(refusal=refusal), message=self.message)

    def submit(self, action: Action) -> Result:
        """Check and apply an action; then whatever follows by itself (rolls, chit draws)."""
        out = self.session.submit(action)
        if out.refusal is not None:
            return self.refused(out.refusal)
        return self._after(out)

    def act(self, make: Callable[[Soldier], Action]) -> Result:
        """Submit an action of the selected man."""
        s = self.soldier()
        if s is None:
            return self.refused(SELECT_FIRST)
        return self.submit(make(s))

    def _after(self, out: Outcome) -> Result:
        """Bookkeeping after an accepted action: draw the next chit if a phase ended, follow the man."""
        drawn = self.automatic()
        events = (*out.events, *drawn)
        if self.mode in DEPLOYING:
            self.pick_placer_man()
        else:
            s = self.soldier()
            if s is not None and self.in_impulse(s):
                self.cursor = s.hex
            if self.state.impulse == 0:
                self.selected = None
            if self.state.active is not None and drawn:
                self.cursor = self.start_cursor()
        self.say("")
        return Result(Outcome(events=events))

    def begin(self) -> Result:
        """Start of play: make any roll that is due, draw the first chit if none is drawn yet."""
        out = self.automatic()
        if not out:
            return Result()
        self.cursor = self.start_cursor()
        self.pick_placer_man()
        return Result(Outcome(events=tuple(out)))

    def automatic(self) -> list[Event]:
        """What nobody decides: deployment rolls (§10.2) and blind chit draws (6.1)."""
        events: list[Event] = []
        while self.legal.allows(RollOff()):  # a roll is due (§10.2)
            events += self.session.submit(RollOff()).events
        events += self.session.draw_if_needed().events
        return events

    # --- selection --------------------------------------------------------------------------------

    def pick(self, men: list[Soldier]) -> Result:
        """Select the first of ``men``, or the next one if one of them is selected."""
        ids = [s.id for s in men]
        if self.selected in ids:
            self.selected = ids[(ids.index(self.selected) + 1) % len(ids)]
        else:
            self.selected = ids[0]
        return Result()

    def next_man(self, follow: bool = True) -> Result:
        """Tab: the next man of the impulse (or of the stack under the cursor); the cursor follows him."""
        st = self.state
        if st.impulse and st.group:
            pool = [st.soldier(i) for i in st.group]
            men = [s for s in pool if s is not None and not s.killed]
        else:
            men = st.soldiers_at(self.cursor)
        if not men:
            return Result()
        self.pick(men)
        s = self.soldier()
        if s is not None and follow:
            self.cursor = s.hex
        return Result()

    def pick_placer_man(self) -> None:
        """Placing: select a man still to place, and put the cursor in the zone."""
        st = self.state
        if self.mode not in PLACING or not st.placer:
            return
        men = placeable(st, st.placer)
        if self.selected not in [m.id for m in men]:
            self.selected = men[0].id if men else None
        zone = sorted(st.scenario.zone(st.placer))
        if zone and self.cursor not in zone:
            self.cursor = zone[len(zone) // 2]

    # --- the cursor -----------------------------------------------------------------------------

    def step_cursor(self, step: str) -> Result:
        """Move the cursor one hex (``n`` … ``nw``), or a column (``left``/``right``)."""
        if step in ("left", "right"):
            c = qoffset_from_cube(self.cursor)
            nxt = qoffset_to_cube(OffsetCoord(c.col + (-1 if step == "left" else 1), c.row))
        else:
            nxt = hex_neighbor(self.cursor, DIRECTIONS[step])
        if self.state.scenario.map.on_map(nxt):
            self.cursor = nxt
        return Result(cursor_only=True)

    def cursor_table(self) -> Table:
        """In every mode unless it says otherwise, the cursor keys move the cursor."""
        return {intent: Handler(self._stepper(step)) for intent, step in CURSOR_STEPS.items()}

    def _stepper(self, step: str) -> Callable[[], Result]:
        return lambda: self.step_cursor(step)

    def close_mode(self) -> Result:
        """Esc: close the sub-mode; the cursor goes back to the selected man."""
        self._chosen = None
        self.say("")
        s = self.soldier()
        if s is not None:
            self.cursor = s.hex
        return Result()
