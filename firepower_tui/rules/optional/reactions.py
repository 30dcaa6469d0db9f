"""The optional rules' hooks into every action (RULES.md §9.1-§9.4, §9.7): the general path.

When any optional rule with a core hook is on (with none on, nothing here runs: the basic
game), :func:`..engine.apply_trusted` carries an action out through the plan of
:mod:`..engine.hook_plan`. The plan answers the common actions itself (a turn, a posture change, a
crossing, a watch, a move, an impulse's end, a chit, an action nobody takes) and hands here an
event it does not expect (to :func:`carried`, the action already carried out); :func:`apply`
takes the rest: an open reaction, a fire, a melee, a throw, the answers. Together they

1. hold a declared fire (hit the dirt, §9.2) or melee (§9.7) as a reaction instead of
   carrying it out;
2. otherwise carry the action out, then take Overwatch markers off (his side's chit,
   Suppressed or Stunned, §9.1), reset hit the dirt at a new turn (§9.2), reveal and mark
   Hidden men (§9.3), and open an overwatch reaction after an enemy's action (§9.1).

``hold`` (:func:`apply_hold`) answers whichever reaction is open.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from operator import attrgetter

from ..model.actions import (Action, ChangePosture, Cross, Drop, FallBack, Fire, HitDirt, Hold, Melee, Move, Overwatch,
                             StandAndShoot, Throw, Turn, Watch)
from ..model.actions.special import CallBarrage, PlaceSatchel, ThrowMolotov, ThrowSmoke
from ..model.actions.weapons import PickUp, Repair, Swap
from ..model.dice import Dice
from ..model.errors import Refusal
from ..model.events import (ChitDrawn, Event, FellBack, Fired, ImpulseEnded, Killed, MeleeFought, Moved, StatusChanged,
                            TurnStarted)
from ..model.events.special import ItemUsed
from ..model.state import GameState, Marks, Pending
from ..model.types import ReactionKind, RuleId
from . import special_barrage
from .hiding import hide_at_impulse_end, reveal, reveal_after, reveal_near
from .melee_reactions import hold_melee, intercept_melee
from .overwatch import end_overwatch, hold_overwatch, open_overwatch
from .shared import close_reaction
from .special_forces import forget_dropped
from .spotting import note_combat
from .take_cover import hold_fire, intercept_fire
from .weapons_rule import drop_weapons

# Enum members read in hot paths, looked up once (on Python 3.11 a class attribute of an Enum costs
# about 0.2 us: EnumType's __getattr__ slows every lookup on the class).
_RULE_BUILDINGS = RuleId.BUILDINGS
_RULE_HIDING = RuleId.HIDING
_RULE_OVERWATCH = RuleId.OVERWATCH
_RULE_SPECIAL_WEAPONS = RuleId.SPECIAL_WEAPONS
_RULE_WEAPONS = RuleId.WEAPONS

Apply = Callable[[GameState, Action, Dice], tuple[GameState, Sequence[Event]]]

_NEW_TURN, _MARKERS_OFF, _ENDS, _REVEALS, _KILLS, _COMBAT = 1, 2, 4, 8, 16, 32
_BOOKKEEPING = _NEW_TURN | _KILLS | _COMBAT
_ROLES: dict[type, int] = {TurnStarted: _NEW_TURN, ChitDrawn: _MARKERS_OFF, ImpulseEnded: _ENDS,
                           Fired: _REVEALS | _COMBAT, MeleeFought: _REVEALS | _COMBAT, Moved: _REVEALS,
                           FellBack: _REVEALS, Killed: _KILLS, ItemUsed: _REVEALS}
"""What each kind of event may ask of the hooks after an action (:func:`_after`): a new turn (§9.2's once a turn), Overwatch
markers off (§9.1), the end of an impulse (§9.3's marking), a reveal (:func:`.hiding.reveal_after`),
a dropped weapon (§9.4), a note of who fought (§9.6, :func:`.spotting.note_combat`); a status
change by the status it brings (:func:`_status_roles`)."""
_ASKING = frozenset((*_ROLES, StatusChanged))
"""The kinds of event that may ask anything of the hooks after an action."""


def _status_roles(status: str) -> int:
    """A man Suppressed or Stunned loses his Overwatch marker (§9.1), a Stunned man his Hidden one
    (§9.3); back to ok (at his enemy's chit, 6.1.2), neither."""
    return 0 if status == "ok" else _MARKERS_OFF | _REVEALS if status == "stunned" else _MARKERS_OFF

TRIGGERS = (Move, Turn, Cross, ChangePosture, Fire, Throw)
"""The enemy actions that may open an overwatch reaction (§9.1; a melee does not: ruling R40)."""
_TRIGGER_KINDS = frozenset(TRIGGERS)
_THROWING = frozenset({Throw, Overwatch})
"""The actions that may throw (a throw, an overwatch throw): §9.6 notes the thrower."""
_NO_MARKS = Marks((), ())
"""Nobody marked: what the hooks read when neither §9.1 nor §9.3 is in play."""


def check_hold(state: GameState, action: Hold) -> Refusal | None:
    """``hold`` answers any open reaction."""
    if state.pending is None:
        return Refusal(reason="no reaction is waiting for an answer", rule="§9.1")
    return None


def apply_hold(state: GameState, action: Hold, dice: Dice) -> tuple[GameState, list[Event]]:
    """Decline: the suspended fire or melee goes ahead; an overwatch closes for every watcher."""
    p = state.pending
    assert p is not None
    if p.kind is ReactionKind.HIT_THE_DIRT:
        return hold_fire(state, dice)
    if p.kind is ReactionKind.MELEE:
        return hold_melee(state, dice)
    return hold_overwatch(state)


_HIDING, _OVERWATCH, _SPECIAL = 1, 2, 4
"""The rules whose hooks :func:`apply` asks after an action, as bits (:func:`_flags`)."""
_flags_last: tuple[frozenset[str] | None, int] = (None, 0)
"""The last rule set and its :func:`_flags` (one tuple: read and replaced whole, never half of it)."""


def _flags(rules: frozenset[str]) -> int:
    """Which of the rules with a hook after every action are in ``rules`` (§9.1, §9.3, §9.5), as
    bits: worked out once per rule set (a game keeps one)."""
    global _flags_last
    last, flags = _flags_last
    if rules is not last:
        flags = ((_HIDING if _RULE_HIDING in rules else 0) | (_OVERWATCH if _RULE_OVERWATCH in rules else 0)
                 | (_SPECIAL if _RULE_SPECIAL_WEAPONS in rules else 0))
        _flags_last = (rules, flags)
    return flags


def apply(state: GameState, action: Action, dice: Dice, carry_out: Apply) -> tuple[GameState, list[Event]]:
    """Carry out ``action`` with the optional rules in play (see the module's text)."""
    kind = type(action)
    if kind in _HELD:
        held = _held(state, action)
        if held is not None:
            return held
    answered = state.pending
    new, done = carry_out(state, action, dice)
    return carried(state, new, action, answered, done, dice)


def carried(state: GameState, new: GameState, action: Action, answered: Pending | None, done: Sequence[Event],
            dice: Dice, specialled: bool = False) -> tuple[GameState, list[Event]]:
    """:func:`apply` once ``action`` is carried out (``new``, its events ``done``; ``answered``, the
    reaction open before it): everything the rules do after it (:mod:`..engine.hook_plan` hands over here
    what it does not answer itself; ``specialled``: §9.5's part is done, ``done`` is its events)."""
    kind = type(action)
    last, flags = _flags_last
    if state.rules is not last:
        flags = _flags(state.rules)
    events = list(done)
    if flags & _SPECIAL and not specialled and (new.special is not None or kind is Drop):  # (none of §9.5: no-op)
        if new.special is not None:  # §9.5: barrages land at a chit, smoke clears at a turn's end
            new, events = special_barrage.after(new, events, dice)
        if kind is Drop:
            new = forget_dropped(new, action.soldier)  # type: ignore[union-attr]  # his bought items go with him (R94)
    # the hooks' first part, here: most actions end at its first return (one call less each)
    for e in events:  # (a loop: most actions have one event, and it asks nothing)
        if type(e) in _ASKING:
            roles, noted = _read(events)
            return _after(state, new, action, answered, events, flags, roles, noted)
    if (answered is None or answered.action is None) and kind not in _ACTORS:
        return new, events  # (no event asks anything and nobody acted: an impulse begun, a phase ended…)
    return _after(state, new, action, answered, events, flags, 0, [])


_HELD = frozenset({Fire, Melee})
"""The actions a reaction may hold before they are carried out (§9.2, §9.7)."""


def _held(state: GameState, action: Action) -> tuple[GameState, list[Event]] | None:
    """A declared fire or melee held as a reaction (§9.2, §9.7; a melee declared reveals its men,
    §9.3), or None: it goes ahead."""
    if isinstance(action, Fire):
        return intercept_fire(state, action)
    assert isinstance(action, Melee)
    held = intercept_melee(state, action)
    if held is None or _RULE_HIDING not in state.rules:
        return held
    revealed, more = reveal(held[0], {a: "he declared a melee" for a in action.soldiers})
    return revealed, held[1] + more


def _read(events: list[Event]) -> tuple[int, list[Event]]:
    """What the events ask of the rules below (their :data:`_ROLES`, or-ed), and the events of
    those kinds in order (the rules below read no other: a fire's dice are many)."""
    noted = [e for e in events if type(e) in _ASKING]
    roles = 0
    for e in noted:
        t = type(e)
        roles |= _ROLES[t] if t is not StatusChanged else _status_roles(e.status)  # type: ignore[union-attr]
    return roles, noted


def _after(before: GameState, state: GameState, action: Action, answered: Pending | None, events: list[Event],
           flags: int, roles: int, noted: list[Event]) -> tuple[GameState, list[Event]]:
    """Everything the optional rules do once an action is over, its events read (:func:`_read`):
    ``roles``, what they ask (their :data:`_ROLES`, or-ed), and ``noted``, the events of
    :data:`_ASKING`'s kinds in order."""
    kind = type(action)
    effective: Action
    if answered is None or answered.action is None:
        if not roles and kind not in _ACTORS:
            return state, events  # (nobody acted and no event asks anything: an impulse begun, a phase ended…)
        effective, ekind = action, kind
    else:
        effective = answered.action
        ekind = type(effective)
    if roles & _BOOKKEEPING or kind in _THROWING or ekind is Throw:
        state, events = _bookkeeping(state, action, effective, roles, events, noted)
    marks = state.marks() if flags & (_HIDING | _OVERWATCH) else _NO_MARKS
    watching = marks.watching if flags & _OVERWATCH else ()  # the men on Overwatch (§9.1)
    if watching and roles & _MARKERS_OFF:
        state, more = _overwatch_off(state, noted)
        events += more
        marks = state.marks()
        watching = marks.watching
    hidden = marks.hidden if flags & _HIDING else ()  # (no marker to take off: no reveal, §9.3)
    if hidden:
        if effective is action and _ACTORS.get(kind) is _one:  # (one man's action: the usual case)
            actor: str = action.soldier  # type: ignore[union-attr]
            state, more = (reveal_after(state, (actor,), noted, hidden) if roles & _REVEALS
                           else reveal_near(state, actor, hidden))
            events += more
        elif (effective is not action or kind in _ACTORS or roles & _REVEALS) and (
                (actors := _actors(action, kind, effective, ekind)) or roles & _REVEALS):
            state, more = reveal_after(state, actors, noted if roles & _REVEALS else (), hidden)
            events += more  # (no actor and no revealing event: no reveal)
    if roles & _ENDS and flags & _HIDING and before.group:
        state, ended = hide_at_impulse_end(state, before.group, events)
        events = list(ended)
    if watching and state.pending is None and not state.over and state.active is not None:
        # (no man on Overwatch: no watcher to open a reaction for, §9.1)
        if kind is Overwatch and answered is not None:
            shooter = action.shot.soldier  # type: ignore[union-attr]
            state, more = open_overwatch(state, answered.trigger, tuple(w for w in answered.answerers if w != shooter))
            events += more
        elif ekind in _TRIGGER_KINDS and kind is not StandAndShoot and kind is not FallBack:
            state, more = open_overwatch(state, effective.soldier)  # type: ignore[union-attr]
            events += more
    return state, events


def _bookkeeping(state: GameState, action: Action, effective: Action, roles: int, events: list[Event],
                 noted: list[Event]) -> tuple[GameState, list[Event]]:
    """A new turn's hit the dirt again (§9.2), the dead men's weapons dropped (§9.4), who fought
    noted (§9.6): what an action with such events (or a throw) asks before the markers' rules
    (``noted``: the events of :data:`_ASKING`'s kinds, in order)."""
    rules = state.rules
    if roles & _NEW_TURN:  # hit the dirt once per turn (§9.2)
        fresh = [s.evolve(dirt_used=False) for s in state.soldiers if s.dirt_used]
        state = state.with_soldiers(*fresh) if fresh else state
    if roles & _KILLS and _RULE_WEAPONS in rules:
        state, events = drop_weapons(state, events)  # §9.4: the dead men's LMGs and pistols
    if _RULE_BUILDINGS in rules:
        # §9.6: who fired, threw or meleed; who fired through which window (nobody fought: nothing to note)
        thrower = _thrower(action, effective)
        if thrower is not None or roles & _COMBAT:
            state = note_combat(state, noted, thrower)  # (it reads only Fired and MeleeFought)
    return state, events


def _overwatch_off(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """Overwatch ends when his side's next chit is drawn, or at once when he is Suppressed or Stunned
    (``events``: the action's events of :data:`_ASKING`'s kinds)."""
    out: list[Event] = []
    for e in events:
        if isinstance(e, ChitDrawn):
            soldiers = state.soldiers
            ids = [soldiers[i].id for i in state.marks().watching if soldiers[i].side == e.side]
            state, more = end_overwatch(state, ids, "his side's chit was drawn")
        elif isinstance(e, StatusChanged) and e.status != "ok":
            state, more = end_overwatch(state, [e.soldier], f"he is {e.status.capitalize()}")
        else:
            continue
        out += more
    return state, out


def _actors(action: Action, kind: type, effective: Action, ekind: type) -> tuple[str, ...]:
    """The soldiers who took an action or ended the one it answered, once each (for §9.3's
    reveal); a one-man action's man read in place (the common case)."""
    who = _ACTORS.get(kind)
    actors = (action.soldier,) if who is _one else who(action) if who is not None else ()  # type: ignore[union-attr]
    if effective is not action and (also := _ACTORS.get(ekind)) is not None:
        actors += tuple(a for a in also(effective) if a not in actors)
    return actors


def _thrower(action: Action, effective: Action) -> str | None:
    shot = action.shot if isinstance(action, Overwatch) else effective
    return shot.soldier if isinstance(shot, Throw) else None


def _one(action: Any) -> tuple[str, ...]:
    return (action.soldier,)


_ACTORS: dict[type, Callable[[Any], tuple[str, ...]]] = {
    Move: _one, Turn: _one, Cross: _one, ChangePosture: _one, Fire: _one, Throw: _one, Watch: _one,
    Melee: attrgetter("soldiers"), Overwatch: lambda a: (a.shot.soldier,), HitDirt: attrgetter("soldiers"),
    StandAndShoot: lambda a: (a.defender,),
    PickUp: _one, Swap: lambda a: (a.soldier, a.other), Repair: _one,  # §9.4's actions
    ThrowSmoke: _one, ThrowMolotov: _one, PlaceSatchel: _one, CallBarrage: _one}  # §9.5's
"""Who took each kind of action (who ended it, for §9.3's reveal: "an enemy soldier ends an
action within 2 hexes", any action, ruling R125); other kinds (an impulse begun or ended, a
chit, a phase's end, the set-up): nobody."""


__all__ = ["TRIGGERS", "apply", "carried", "apply_hold", "check_hold", "close_reaction"]
