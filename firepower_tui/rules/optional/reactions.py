"""The optional rules' hooks around every action (RULES.md §9.1-§9.7).

When any optional rule with a hook in the core is on (with none on, or only the phase clock
of §9.8, nothing here runs: the basic game), :func:`..engine.apply_trusted` carries every
action out through :func:`apply`:

1. a declared fire may be held as a hit the dirt reaction (§9.2), a declared melee as a melee
   reaction (§9.7), instead of being carried out (:func:`held`);
2. otherwise the action is carried out, and each rule in play asks its question of it, one
   function each: first the questions its events raise (:func:`after_events`, in this order):

   - §9.5 :func:`.special_barrage.after`: at a chit, do barrages land; at a turn's end, does
     smoke clear? (first: what they do are the action's events to the rules below);
     :func:`items_taken_back`: does a man taken back leave his items?
   - §9.2 :func:`dive_again`: does a new turn give every man his dive back?
   - §9.4 :func:`.weapons_rule.drop_weapons`: which weapons do the dead men drop?
   - §9.6 :func:`.spotting.note_combat`: who fought this turn, through which window?
   - §9.1 :func:`overwatch_ends`: whose Overwatch ends?
   - §9.3 :func:`revealed_by_deeds`: who gave himself away? :func:`.hiding.hide_at_impulse_end`:
     who hides?

   then those the men who took it raise (:func:`after_actors`):

   - §9.3 :func:`.hiding.reveal_after`: which Hidden enemies are near them?
   - §9.1 :func:`overwatch_opens`: may a watcher snap at them?

Who took an action is :func:`actors_of`; an answer that lets a held fire or melee go ahead
counts as that fire or melee too (:func:`went_ahead`). ``hold`` (:func:`apply_hold`) answers
whichever reaction is open.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..model.actions import (Action, ChangePosture, Cross, Fire, HitDirt, Hold, Melee, Move, Overwatch, StandAndShoot,
                             Throw, Turn, Watch)
from ..model.actions.special import CallBarrage, PlaceSatchel, ThrowMolotov, ThrowSmoke
from ..model.actions.weapons import PickUp, Repair, Swap
from ..model.dice import Dice
from ..model.errors import Refusal
from ..model.events import (ChitDrawn, Event, FellBack, Fired, ImpulseEnded, Killed, MeleeFought, Moved, SetupEvent,
                            StatusChanged, TurnEnded, TurnStarted)
from ..model.events.special import ItemUsed
from ..model.state import GameState, Pending
from ..model.types import ReactionKind, RuleId
from . import special_barrage
from .hiding import hide_at_impulse_end, reveal, reveal_after
from .melee_reactions import hold_melee, intercept_melee
from .overwatch import end_overwatch, hold_overwatch, open_overwatch
from .shared import close_reaction
from .special_forces import forget_dropped
from .spotting import note_combat
from .take_cover import hold_fire, intercept_fire
from .weapons_rule import drop_weapons

Apply = Callable[[GameState, Action, Dice], tuple[GameState, Sequence[Event]]]
"""A kind of action's own apply (:attr:`..engine.registry.ActionKind.apply`)."""


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


def apply(state: GameState, action: Action, dice: Dice, carry_out: Apply) -> tuple[GameState, list[Event]]:
    """Carry out ``action`` with the optional rules in play: held as a reaction (:func:`held`), or
    carried out by ``carry_out`` (its kind's own apply) and answered by each rule in play: the
    questions its events raise, then those its men raise."""
    if isinstance(action, (Fire, Melee)):
        reaction = held(state, action)
        if reaction is not None:
            return reaction
    new, done = carry_out(state, action, dice)
    events = list(done)
    if not ASKING.isdisjoint(map(type, events)):
        new, events = after_events(state, new, events, dice)
    if type(action) in ACTORS or state.pending is not None:
        new, events = after_actors(state, new, action, events)
    return new, events


def held(state: GameState, action: Fire | Melee) -> tuple[GameState, list[Event]] | None:
    """A declared fire held while a target may hit the dirt (§9.2), a declared melee while its
    defenders answer (§9.7; declaring it reveals the attackers, §9.3, ruling R42): the reaction
    opened; or None, the action goes ahead."""
    if isinstance(action, Fire):
        return intercept_fire(state, action)
    reaction = intercept_melee(state, action)
    if reaction is None or RuleId.HIDING not in state.rules:
        return reaction
    opened, events = reaction
    opened, more = reveal(opened, {a: "he declared a melee" for a in action.soldiers})
    return opened, events + more


def after_events(before: GameState, state: GameState, events: list[Event], dice: Dice
                 ) -> tuple[GameState, list[Event]]:
    """The questions an action's ``events`` raise, each asked when its rule is on (``before``:
    the state the action was taken in; ``state``: the state it left)."""
    rules = state.rules
    happened = set(map(type, events))
    if not happened.isdisjoint(BARRAGES_AND_SMOKE) and RuleId.SPECIAL_WEAPONS in rules:
        state, events = special_barrage.after(state, events, dice)
        happened = set(map(type, events))  # (what the barrages did, the rules below read)
    if SetupEvent in happened and RuleId.SPECIAL_WEAPONS in rules:
        state = items_taken_back(state, events)
    if TurnStarted in happened and RuleId.HIT_THE_DIRT in rules:
        state = dive_again(state)
    if Killed in happened and RuleId.WEAPONS in rules:
        state, events = drop_weapons(state, events)
    if not happened.isdisjoint(FOUGHT) and RuleId.BUILDINGS in rules:
        state = note_combat(state, events, None)
    if not happened.isdisjoint(ENDING_OVERWATCH) and RuleId.OVERWATCH in rules:
        state, events = overwatch_ends(state, events)
    if not happened.isdisjoint(REVEALING) and RuleId.HIDING in rules:
        state, events = revealed_by_deeds(state, events)
    if ImpulseEnded in happened and RuleId.HIDING in rules:
        state, events = hide_at_impulse_end(state, before.group, events)
    return state, events


def after_actors(before: GameState, state: GameState, action: Action, events: list[Event]
                 ) -> tuple[GameState, list[Event]]:
    """The questions the men who took ``action`` raise (:func:`actors_of`), each asked when its
    rule is on and someone carries its marker (``before``: the state it was taken in)."""
    rules = state.rules
    marks = state.marks()
    if marks.hidden and RuleId.HIDING in rules:
        # §9.3: an enemy who ends an action within 2 hexes, with LOS, reveals a Hidden man
        state, more = reveal_after(state, actors_of(action, before.pending), (), marks.hidden)
        events = events + more
    if marks.watching and RuleId.OVERWATCH in rules:
        state, events = overwatch_opens(state, before.pending, action, events)
    return state, events


# --- who acted ----------------------------------------------------------------------------------

def _his(action: Any) -> tuple[str, ...]:
    return (action.soldier,)


ACTORS: dict[type, Callable[[Any], tuple[str, ...]]] = {
    Move: _his, Turn: _his, Cross: _his, ChangePosture: _his, Fire: _his, Throw: _his, Watch: _his,
    Melee: lambda a: a.soldiers, Overwatch: lambda a: (a.shot.soldier,), HitDirt: lambda a: a.soldiers,
    StandAndShoot: lambda a: (a.defender,),
    PickUp: _his, Swap: lambda a: (a.soldier, a.other), Repair: _his,  # §9.4's actions
    ThrowSmoke: _his, ThrowMolotov: _his, PlaceSatchel: _his, CallBarrage: _his}  # §9.5's
"""Who took each kind of action (for §9.3's reveal, "an enemy soldier ends an action within 2
hexes": any action, ruling R125; an exchange of weapons counts for both men); other kinds (an
impulse begun or ended, a chit, a phase's end, ``hold``, ``fall-back``, the set-up): nobody."""


def actors_of(action: Action, answered: Pending | None = None) -> tuple[str, ...]:
    """Who took ``action`` (:data:`ACTORS`) and, when it answered a reaction (``answered``) and
    let the fire or melee it held go ahead, who took that: each once, in that order."""
    who = ACTORS.get(type(action))
    actors = () if who is None else who(action)
    went = went_ahead(answered, action)
    if went is not action:
        actors += tuple(a for a in actors_of(went) if a not in actors)
    return actors


def went_ahead(answered: Pending | None, action: Action) -> Action:
    """The action that went ahead: the fire (§9.2) or melee (§9.7) a reaction held, when
    ``action`` answered it; else ``action`` itself (an overwatch holds nothing, §9.1)."""
    if answered is not None and answered.action is not None:
        return answered.action
    return action


# --- each rule's question -----------------------------------------------------------------------

def items_taken_back(state: GameState, events: list[Event]) -> GameState:
    """§9.5: a man taken back in the set-up (``drop``) leaves his bought items with him (ruling R94)."""
    for e in events:
        if isinstance(e, SetupEvent) and e.what == "dropped" and e.soldier is not None:
            state = forget_dropped(state, e.soldier)
    return state


def dive_again(state: GameState) -> GameState:
    """§9.2: a man hits the dirt once a turn; a new turn gives every man his dive back (ruling R49)."""
    fresh = [s.evolve(dirt_used=False) for s in state.soldiers if s.dirt_used]
    return state.with_soldiers(*fresh) if fresh else state


def overwatch_ends(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """§9.1: a man's Overwatch ends when his side's next chit is drawn, or at once when he is
    Suppressed or Stunned."""
    if not state.marks().watching:
        return state, events
    ended: list[Event] = []
    for e in events:
        if isinstance(e, ChitDrawn):
            soldiers = state.soldiers
            ids = [soldiers[i].id for i in state.marks().watching if soldiers[i].side == e.side]
            state, more = end_overwatch(state, ids, "his side's chit was drawn")
            ended += more
        elif isinstance(e, StatusChanged) and e.status != "ok":
            state, more = end_overwatch(state, [e.soldier], f"he is {e.status.capitalize()}")
            ended += more
    return state, events + ended


def revealed_by_deeds(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """§9.3: a Hidden man who fired, threw or meleed, was Stunned, or entered a hex with no cover
    to hide in by ``events`` loses his marker (:func:`.hiding.reveal_after`)."""
    state, more = reveal_after(state, (), events)
    return state, events + more


def overwatch_opens(state: GameState, answered: Pending | None, action: Action, events: list[Event]
                    ) -> tuple[GameState, list[Event]]:
    """§9.1: after an enemy's move, turn, crossing, posture change, fire or throw (or a fire that
    went ahead after hit the dirt), the watchers who may snap at him are offered a reaction;
    after a snap shot (``answered``: the reaction it answered), the other watchers of that
    reaction still may (ruling R40). None while another reaction is open or once the game is over."""
    if state.pending is not None or state.over:
        return state, events
    went = went_ahead(answered, action)
    if isinstance(action, Overwatch) and answered is not None:
        shooter = action.shot.soldier
        state, more = open_overwatch(state, answered.trigger, tuple(w for w in answered.answerers if w != shooter))
    elif isinstance(went, TRIGGERS):
        state, more = open_overwatch(state, went.soldier)
    else:
        return state, events
    return state, events + more


TRIGGERS = (Move, Turn, Cross, ChangePosture, Fire, Throw)
"""The enemy actions that may open an overwatch reaction (§9.1; a melee does not: ruling R40)."""


# --- the events that raise them -----------------------------------------------------------------

BARRAGES_AND_SMOKE = frozenset({ChitDrawn, TurnEnded})
"""§9.5: a side's barrages land at its next chit; smoke clears at a turn's end."""
FOUGHT = frozenset({Fired, MeleeFought})
"""§9.6: who fired (a throw's ``Fired`` too) or meleed (:func:`.spotting.note_combat`)."""
ENDING_OVERWATCH = frozenset({ChitDrawn, StatusChanged})
"""§9.1: his side's chit, or his becoming Suppressed or Stunned."""
REVEALING = frozenset({Fired, MeleeFought, StatusChanged, ItemUsed, Moved, FellBack})
"""§9.3: a Hidden man fired, threw or meleed, was Stunned, or left his cover."""
ASKING = BARRAGES_AND_SMOKE | {SetupEvent, TurnStarted, Killed, ImpulseEnded} | FOUGHT | ENDING_OVERWATCH | REVEALING
"""Every kind of event that raises a question (:func:`after_events`; a man taken back is a
``SetupEvent``, §9.5; a new turn, §9.2; a man killed, §9.4; the end of an impulse, §9.3)."""


__all__ = ["ACTORS", "ASKING", "TRIGGERS", "actors_of", "after_actors", "after_events", "apply", "apply_hold",
           "check_hold", "close_reaction", "dive_again", "held", "items_taken_back", "overwatch_ends",
           "overwatch_opens", "revealed_by_deeds", "went_ahead"]
