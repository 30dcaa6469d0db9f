"""The optional rules' hooks planned once per rule set (RULES.md §9.1-§9.5): for each kind of
action, the one function that carries it out with the rules in play.

:func:`..optional.reactions.apply` asks every question of every action: is it held (§9.2, §9.7), what do
its events ask, whose marker comes off, who is revealed, who may snap at him. Most actions ask
none of that, or one thing: a turn or a posture change (is a Hidden enemy within 2 hexes,
§9.3? may a watcher snap at him, §9.1?), the end of an impulse (who hides, §9.3), a chit
(whose Overwatch ends, §9.1). :func:`plan_of` gives, for one rule set (a game keeps one), a
table from action type to a function that goes straight to its questions, and hands anything
else (an event it does not expect, an open reaction) to :func:`..optional.reactions.carried`, the
general path, at the point it would have reached: the same state and the same events, in
the same order, as :func:`..optional.reactions.apply` (``tests/rules/test_hook_plan.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from ..model.actions import Action, ChangePosture, Cross, DrawChit, Drop, EndImpulse, Fire, Melee, Move, Turn, Watch
from ..model.dice import Dice
from ..model.events import ChitDrawn, Event, ImpulseEnded, Moved, StatusChanged, TurnEnded
from ..model.state import GameState
from ..model.types import NO_CORE_HOOK, RuleId
from ..optional import special_barrage
from ..optional.hiding import hidden_enemies_near, hide_at_impulse_end, reveal_near
from ..optional.overwatch import open_overwatch
from ..optional.reactions import _ACTORS, _ASKING, TRIGGERS, Apply, _overwatch_off, apply, carried
from .registry import KINDS

Hooked = Callable[[GameState, Action, Dice], tuple[GameState, Sequence[Event]]]
"""An action carried out with the optional rules in play (the kind's own apply inside)."""

After = Callable[[GameState, GameState, Action, Sequence[Event], Dice], tuple[GameState, Sequence[Event]]]
"""What a kind's planned hook asks once the kind's own apply is done: (the state before, the
state after, the action, its events, the dice) -> the state and events with the rules' effects."""

_ONE_MAN = (Turn, ChangePosture, Cross, Watch, Move)
"""One man's actions whose events ask nothing of the hooks (a move's ``Moved`` asks a reveal,
§9.3, answered here when he is not Hidden himself)."""

_plans: dict[frozenset[str], dict[type, Hooked] | None] = {}
"""The plans made so far, by rule set (at most one per set of the rules this version plays)."""


def plan_of(rules: frozenset[str]) -> dict[type, Hooked] | None:
    """The hooks of ``rules`` for every kind of action, by its type (a type not in it is no
    action), or None when no rule of them acts in the core (the phase clock alone, §9.8: the
    basic game)."""
    if rules not in _plans:
        if len(_plans) >= 64:  # (bounded: a record may name rule sets of its own)
            _plans.clear()
        _plans[rules] = _build(rules) if rules - NO_CORE_HOOK else None
    return _plans[rules]


def _build(rules: frozenset[str]) -> dict[type, Hooked]:
    """The table of :func:`plan_of` for one rule set."""
    hiding = RuleId.HIDING in rules
    watching_on = RuleId.OVERWATCH in rules
    special = RuleId.SPECIAL_WEAPONS in rules
    marks_on = hiding or watching_on
    # The events the general path answers (with §9.5, a turn's end too: its smoke clears).
    stop = _ASKING | {TurnEnded} if special else _ASKING

    def quiet(state: GameState, new: GameState, action: Action, done: Sequence[Event], dice: Dice
             ) -> tuple[GameState, Sequence[Event]]:
        """Nobody acts: only an event that asks something (or an open reaction) asks the hooks."""
        for e in done:
            if type(e) in stop:
                return carried(state, new, action, None, done, dice)
        return new, done

    def one_man(state: GameState, new: GameState, action: Action, done: Sequence[Event], dice: Dice
               ) -> tuple[GameState, Sequence[Event]]:
        """A turn, posture change, crossing, watch or move: the Hidden enemies he ends it within 2
        hexes of, with LOS, are revealed (§9.3); a watcher may snap at him (§9.1, not after a watch)."""
        actor: str = action.soldier  # type: ignore[union-attr]
        kind = type(action)
        for e in done:
            t = type(e)
            if t in stop and (t is not Moved or kind is not Move):
                return carried(state, new, action, None, done, dice)
        if not marks_on:
            return new, done
        ix = new.lookup
        if ix is None:
            ix = new._index()
        marks = ix.marks()
        hidden = marks.hidden if hiding else ()
        watching = marks.watching if watching_on else ()
        if not hidden and not watching:
            return new, done
        at = ix.pos.get(actor)
        if at is None:  # (not as written: the general path, which reads him any way he may be named)
            return carried(state, new, action, None, done, dice)
        a = new.soldiers[at]
        events = done
        if hidden:
            if kind is Move and a.hidden:
                return carried(state, new, action, None, done, dice)  # (he may leave his cover: §9.3's event reveal)
            if not a.killed and hidden_enemies_near(new.soldiers, hidden, a):  # (then LOS is asked, §9.3)
                new, more = reveal_near(new, actor, hidden)
                if more:
                    events = [*done, *more]
        if watching and kind in _TRIGGER_KINDS and new.pending is None and not new.over and new.active is not None:
            side, soldiers = a.side, new.soldiers
            for i in watching:  # (his side: the same after a reveal)
                if soldiers[i].side != side:  # (an enemy on Overwatch: may he snap at him? §9.1)
                    new, more = open_overwatch(new, actor)
                    if more:
                        events = [*events, *more]
                    break
        return new, events

    def end_impulse(state: GameState, new: GameState, action: Action, done: Sequence[Event], dice: Dice
                   ) -> tuple[GameState, Sequence[Event]]:
        """The impulse's men who qualify are marked Hidden (§9.3), their events after its end."""
        for e in done:
            if type(e) in stop and type(e) is not ImpulseEnded:
                return carried(state, new, action, None, done, dice)
        if not hiding or not state.group:
            return new, done
        return hide_at_impulse_end(new, state.group, done)

    def draw_chit(state: GameState, new: GameState, action: Action, done: Sequence[Event], dice: Dice
                 ) -> tuple[GameState, Sequence[Event]]:
        """His side's men lose their Overwatch markers (§9.1); its barrages land (§9.5)."""
        events: list[Event] = list(done)
        if special and new.special is not None:
            new, events = special_barrage.after(new, events, dice)
        noted = []
        for e in events:
            t = type(e)
            if t is ChitDrawn or t is StatusChanged and e.status == "ok":  # type: ignore[union-attr]
                noted.append(e)
            elif t in _ASKING:
                return carried(state, new, action, None, events, dice, specialled=True)
        if watching_on and noted and new.marks().watching:
            new, more = _overwatch_off(new, noted)
            events += more
        return new, events

    after: dict[type, After] = {EndImpulse: end_impulse, DrawChit: draw_chit}
    after.update((kind, one_man) for kind in _ONE_MAN)
    # (a dropped man's items, §9.5: the general path)
    after.update((kind, quiet) for kind in _QUIET if kind is not Drop or not special)
    plan: dict[type, Hooked] = {}
    for k in KINDS:
        then = after.get(k.action)
        plan[k.action] = _planned(k.apply, then) if then is not None else partial(apply, carry_out=k.apply)
    return plan


def _planned(carry_out: Apply, then: After) -> Hooked:
    """One kind's action with the rules in play: while a reaction is open, the general path
    (:func:`..optional.reactions.apply`); else the kind's own apply, then ``then``, its questions."""
    def hooked(state: GameState, action: Action, dice: Dice) -> tuple[GameState, Sequence[Event]]:
        if state.pending is not None:
            return apply(state, action, dice, carry_out)
        new, done = carry_out(state, action, dice)
        return then(state, new, action, done, dice)
    return hooked


_TRIGGER_KINDS = frozenset(TRIGGERS)
_QUIET = tuple(k.action for k in KINDS
               if k.action not in _ACTORS and k.action not in (Fire, Melee, EndImpulse, DrawChit))
"""The kinds of action nobody takes in the hooks' eyes (none of :data:`..optional.reactions._ACTORS`, none
held): a chit's impulse begun, a phase ended, the set-up's actions…"""

__all__ = ["Hooked", "plan_of"]
