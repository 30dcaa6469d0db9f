"""The action controller: intents from key presses -> rule actions (plain Python, docs/style.md §7).

:class:`Controller` is the one object the UI talks to. It is the :class:`~.base.Core` (the
session, the cursor, the selected man, the status line and the :class:`~.base.Mode`) with a
part per responsibility: :class:`~.play.Play` (browsing, impulses, MF actions, take-backs),
:class:`~.aiming.Aiming` (fire, grenades, melee and their odds), :class:`~.deployment.Deployment`
(§10.2), :class:`~.forces.Forces` (§10.3) and the :class:`~.command.CommandLine`. Each part
gives the intents of its modes as a table of handlers; :meth:`Controller.dispatch` runs the one
the current mode has and :meth:`Controller.can` asks its guard (what the footer offers). It
never imports the UI.
"""

from __future__ import annotations

from ..games.session import Outcome, Session
from ..rules.model.actions import Fire, Melee, Overwatch, StandAndShoot, Throw
from ..rules.model.actions.special import CallBarrage, PlaceSatchel, ThrowMolotov, ThrowSmoke
from ..rules.model.errors import Refusal
from ..rules.board.hexgrid import Facing, Hex
from ..rules.optional.special_rule import SpecialAssessment
from ..rules.model.types import Posture, RuleId
from .aiming import Aiming, Assessment
from .base import CURSOR_STEPS, PLACING, POSTURE_INTENTS, REACT_CHOICES, REACTING, Core, Highlights, Mode, Result, Table
from .climbing import Climbing
from .command import CommandLine
from .deployment import Deployment
from .forces import Forces
from .keymap import VIEW_INTENTS, Intent
from .play import Play
from .reaction import Reaction
from .special import Special
from .weapons import Weapons

__all__ = ["Controller", "Highlights", "Mode", "Result", "build_tables"]

RULE_IDS = frozenset(RuleId)
"""The optional rules' ids (a state lists them as plain strings)."""

STEP_INTENTS: dict[str, Intent] = {step: intent for intent, step in CURSOR_STEPS.items()}
POSTURE_KEYS: dict[Posture, Intent] = {posture: intent for intent, posture in POSTURE_INTENTS.items()}

RULES_TOPICS: dict[Mode, tuple[str, ...]] = {
    Mode.AIM_FIRE: ("4.6", "4.7", "4.8", "4.4", "4.9"),
    Mode.AIM_THROW: ("4.10",),
    Mode.MELEE: ("5",),
    Mode.AIM_SPECIAL: ("9.5",),
}
"""The rulebook's sections (with their subsections) for what the player is aiming."""
IMPULSE_TOPICS = ("3.1", "3.2", "3.3", "3.4", "3.6", "3.10")
PHASE_TOPICS = ("2.1", "2.2", "2.3", "2.4")


def build_tables(cursor: Table, parts: list[dict[Mode, Table]]) -> dict[Mode, Table]:
    """Every mode's intents: the parts' tables over the cursor keys.

    Raises:
        AssertionError: two parts handle one intent in one mode, the controller was given a
            view intent, or an intent of the controller has no handler in any mode.
    """
    tables: dict[Mode, Table] = {mode: dict(cursor) for mode in Mode}
    owned: dict[Mode, set[Intent]] = {mode: set() for mode in Mode}
    for part in parts:
        for mode, table in part.items():
            twice = owned[mode] & table.keys()
            if twice:
                raise AssertionError(f"{mode}: {sorted(twice)} handled twice")
            owned[mode] |= table.keys()
            tables[mode].update(table)
    handled = {intent for table in tables.values() for intent in table}
    if handled & VIEW_INTENTS:
        raise AssertionError(f"the screen's intents {sorted(handled & VIEW_INTENTS)} given to the controller")
    missing = set(Intent) - VIEW_INTENTS - handled
    if missing:
        raise AssertionError(f"intents with no handler in any mode: {sorted(missing)}")
    return tables


class Controller(Core):
    """Intents -> actions, with the cursor, selection and mode."""

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.play = Play(self)
        self.aiming = Aiming(self)
        self.deployment = Deployment(self)
        self.forces = Forces(self)
        self.command_line = CommandLine(self)
        self.reaction = Reaction(self)
        self.weapons = Weapons(self)
        self.climbing = Climbing(self)
        self.special = Special(self)
        parts = (self.play, self.aiming, self.deployment, self.forces, self.reaction, self.weapons, self.climbing,
                 self.special)
        self._tables = build_tables(self.cursor_table(), [part.tables() for part in parts])
        self.reaction.follow()  # resumed with a reaction open

    # --- the keys ---------------------------------------------------------------------------------

    def intents(self, mode: Mode) -> frozenset[Intent]:
        """The intents a mode handles (the screen's own are always available besides)."""
        return frozenset(self._tables[mode])

    def can(self, intent: Intent | str) -> bool:
        """Whether an intent is available now (drives the footer)."""
        intent = Intent(intent)
        if intent in VIEW_INTENTS:
            return True
        handler = self._tables[self.mode].get(intent)
        return handler is not None and handler.when()

    def dispatch(self, intent: Intent) -> Result:
        """Do what the intent means in the current mode (nothing if the mode has no use for it).

        Raises:
            ValueError: the intent is one the screen handles itself.
        """
        if intent in VIEW_INTENTS:
            raise ValueError(f"{intent} is handled by the game screen, not the controller")
        handler = self._tables[self.mode].get(intent)
        return handler.run() if handler is not None else Result()

    # --- intents by name (what the keys do; tests and scripts call these) -------------------------

    def select(self) -> Result:
        """Enter: start an impulse or pick a man; while aiming, fire/throw/melee; placing, place."""
        return self.dispatch(Intent.SELECT)

    def next_soldier(self) -> Result:
        return self.dispatch(Intent.NEXT_SOLDIER)

    def move_cursor(self, direction: str) -> Result:
        """Move the cursor one hex (``n`` … ``nw``), or a column (``left``/``right``); in a turn mode, turn."""
        return self.dispatch(STEP_INTENTS[direction])

    def set_cursor(self, h: Hex) -> Result:
        """Put the cursor on a hex (mouse)."""
        if self.state.scenario.map.on_map(h):
            self.cursor = h
            self.aiming.forget_choices()
        return Result()

    def move(self) -> Result:
        return self.dispatch(Intent.MOVE)

    def turn_left(self) -> Result:
        return self.dispatch(Intent.TURN_LEFT)

    def turn_right(self) -> Result:
        return self.dispatch(Intent.TURN_RIGHT)

    def turn_to_mode(self) -> Result:
        return self.dispatch(Intent.TURN_TO)

    def turn_to(self, facing: Facing) -> Result:
        """Turn the selected man to a facing; placing, the facing the next man is placed with."""
        if self.mode in PLACING:
            return self.deployment.face(facing)
        return self.play.turn_to(facing)

    def posture(self, posture: Posture) -> Result:
        return self.dispatch(POSTURE_KEYS[posture])

    def cross(self) -> Result:
        return self.dispatch(Intent.CROSS)

    def end_impulse(self) -> Result:
        """e: end the impulse; placing, end the placement."""
        return self.dispatch(Intent.END_IMPULSE)

    def end_phase(self) -> Result:
        """E: end the impulse phase (asking first while impulses are left unused)."""
        return self.dispatch(Intent.END_PHASE)

    def end_phase_now(self) -> Result:
        """End the impulse phase without asking (the phase clock, §9.8)."""
        return self.play.end_phase_now()

    def undo(self) -> Result:
        return self.dispatch(Intent.UNDO)

    def aim_fire(self) -> Result:
        return self.dispatch(Intent.AIM_FIRE)

    def aim_throw(self) -> Result:
        return self.dispatch(Intent.AIM_THROW)

    def aim_melee(self) -> Result:
        return self.dispatch(Intent.AIM_MELEE)

    def toggle_target(self) -> Result:
        return self.dispatch(Intent.TOGGLE_TARGET)

    def toggle_mode(self) -> Result:
        return self.dispatch(Intent.TOGGLE_MODE)

    def change_then(self, delta: int) -> Result:
        return self.aiming.change_then(delta)

    def toggle_via(self) -> Result:
        return self.dispatch(Intent.TOGGLE_VIA)

    def cancel(self) -> Result:
        return self.dispatch(Intent.CANCEL)

    def command(self, text: str) -> Result:
        """A line of notation: an action, or ``odds …`` / ``los …`` (docs/notation.md)."""
        return self.command_line.run(text)

    def choose(self, side: str) -> Result:
        """Answer a pending §10.2 choice."""
        return self.deployment.choose(side)

    # --- what the screen shows --------------------------------------------------------------------

    @property
    def pending_choice(self) -> tuple[str, str] | None:
        """(deciding side, question) when a §10.2 choice is due."""
        return self.deployment.pending_choice

    @property
    def placing_facing(self) -> Facing:
        """The facing the next man is placed with (§10.2)."""
        return self.deployment.facing

    def pending_action(self) -> (Fire | Throw | Melee | Overwatch | StandAndShoot | ThrowSmoke | ThrowMolotov
                                 | PlaceSatchel | CallBarrage | None):
        """The combat action (or the reaction's fire, or the §9.5 item's use) being aimed, or None."""
        if self.mode in REACT_CHOICES:
            return self.reaction.pending_action()
        if self.mode is Mode.AIM_SPECIAL:
            return self.special.pending_action()
        return self.aiming.pending_action()

    def preview(self) -> tuple[Assessment | SpecialAssessment | None, Refusal | None]:
        """The odds of what is being aimed (an assessment) or why it is not allowed."""
        if self.mode in REACT_CHOICES:
            return self.reaction.preview()
        if self.mode is Mode.AIM_SPECIAL:
            return self.special.preview()
        return self.aiming.preview()

    def _after(self, out: Outcome) -> Result:
        """The core's bookkeeping, then follow a reaction that opened, changed or closed."""
        result = super()._after(out)
        self.reaction.follow()
        return result

    def next_cost(self) -> str:
        """What moving forward would cost the selected soldier now (for the panel)."""
        return self.play.next_cost()

    def highlights(self) -> Highlights:
        """What the map marks besides the cursor."""
        if self.mode in PLACING:
            return self.deployment.highlights()
        if self.mode in REACTING:
            h = Highlights()
            self.reaction.mark(h)
            return h
        h = self.play.highlights()
        self.aiming.mark(h)
        self.special.mark(h)
        return h

    def rules_topic(self) -> tuple[str, ...]:
        """The rulebook's sections for what the player is doing now: while a reaction is open its
        section of §9; otherwise the topic, then the §9 sections of every optional rule on."""
        p = self.state.pending
        if p is not None:
            return (p.kind.rule.lstrip("§"),)
        topic = RULES_TOPICS.get(self.mode)
        if topic is None:
            topic = IMPULSE_TOPICS if self.state.impulse else PHASE_TOPICS
        on = sorted(RuleId(r).section.lstrip("§") for r in self.state.rules if r in RULE_IDS)
        return topic + tuple(on)
