"""Every action kind in one table: its notation, its check, its apply, its candidates; and what
the optional rules add to the basic game, registered at its extension points.

An :class:`ActionKind` says all the program needs about one kind of action: the action
class, the notation verb with its parse and format functions (docs/notation.md), one line of
help, when it may be taken (:class:`Stage`), the rules check and the apply, the assessment of
its odds for a combat action, and the actions of the kind that might be legal now. From
:data:`KINDS` come :func:`.notation.parse_action` and :func:`.notation.format_action`,
:data:`.notation.ACTION_WORDS`, :func:`.check`, :func:`.apply` and
:func:`.legal_actions`: a new action is one entry here (plus its class in
:mod:`..model.actions` and its rules in a rule module).

What an optional rule changes in the basic game itself (the map in play, a modifier, a cost, a
refusal, a step of a fire, who a blast harms) is its ``EXTENSION``, registered below, in the order
each point asks them (:mod:`..basic.extensions`).

>>> kind_for_verb("move").action.__name__, kind_for_verb("move").usage
('Move', 'move <soldier> [<hex>]')
>>> [k.verb for k in KINDS if k.stage is Stage.SETUP]
['buy', 'drop', 'ready', 'rolloff', 'choose', 'place', 'deployed', 'equip']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from operator import attrgetter
from typing import Any, Generic, TypeVar

from ..basic import combat, fire, grenades, melee, movement, sequence
from ..basic.acting import acting_soldier
from ..basic.extensions import register
from ..kinds import combat as k_combat
from ..kinds import play as k_play
from ..kinds import reactions as k_react
from ..kinds import setup as k_setup
from ..kinds import special as k_spec
from ..kinds import weapons as k_weap
from ..model.actions import (Action, Buy, ChangePosture, Choose, Climb, Cross, Deployed, DrawChit, Drop, EndImpulse,
                             EndPhase, FallBack, Fire, HitDirt, Hold, Melee, Move, Overwatch, Place, Ready, RollOff,
                             StandAndShoot, StartImpulse, Throw, Turn, Watch)
from ..model.actions.special import CallBarrage, Equip, PlaceSatchel, ThrowMolotov, ThrowSmoke
from ..model.actions.weapons import PickUp, Repair, Swap
from ..model.dice import Dice
from ..model.errors import Refusal
from ..model.events import Event
from ..model.state import GameState
from ..model.types import RuleId
from ..model.units import Soldier
from ..optional import (buildings, climbing, melee_reactions, overwatch, reactions, smoke, special_barrage,
                        special_forces, special_rule, spotting, take_cover, weapons_rule)
from ..scenario import setup

A = TypeVar("A")


class Stage(Enum):
    """When a kind of action may be taken at all (the first thing :func:`.check` asks)."""

    SETUP = "setup"
    """Only in the forces and deployment phases (§10.2, §10.3)."""
    PLAY = "play"
    """In play, also between impulse phases (the chit draw, 6.1)."""
    PHASE = "phase"
    """In play, during an impulse phase (6.1, 6.2)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SoldierRule(Generic[A]):
    """For an action of one soldier: the rule after the checks every soldier action shares
    (:func:`..basic.acting.acting_soldier`, 3.10), and his candidates. :func:`.legal_actions`
    makes the shared checks once per soldier, then asks these for each candidate."""

    actor: Callable[[A], str]
    """The soldier who takes an action."""
    check: Callable[[GameState, Soldier, A], Refusal | None]
    """The kind's own rule, for a soldier who may act now."""
    candidates: Callable[[GameState, Soldier], Iterable[A]]
    """His actions of this kind that might be legal now (a superset of the legal ones)."""
    first: Callable[[GameState, Soldier], Refusal | None] | None = None
    """A refusal that ``check`` gives each of his candidates alike (fire and throws: his combat
    action, 6.2.5, 4.5): when it refuses, :func:`.legal_actions` lists none of them
    without checking each (a throw's candidates are every hex in reach)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionKind(Generic[A]):
    """One kind of action: everything the notation, the engine and the help need to know."""

    action: type[A]
    """The action class (:mod:`..model.actions`)."""
    verb: str
    """The first word of its notation."""
    usage: str
    """Its notation with placeholders (docs/notation.md), e.g. ``turn <soldier> <facing>``."""
    summary: str
    """What it does, in one line of help, with its rules."""
    stage: Stage
    """When it may be taken at all."""
    parse: Callable[[list[str]], A]
    """The action from the words of a line, verb first (raises ``NotationError``)."""
    format: Callable[[A], str]
    """The line of notation for an action; ``parse(format(a).split()) == a``."""
    check: Callable[[GameState, A], Refusal | None]
    """Whether the action is legal now (the stage already allows it): None, or why not."""
    apply: Callable[[GameState, A, Dice], tuple[GameState, Sequence[Event]]]
    """Carry out a legal action: the new state and the events."""
    candidates: Callable[[GameState, str | None], Iterable[A]]
    """The actions of this kind that might be legal now (of one soldier, if given), a superset
    of the legal ones; :func:`.legal_actions` checks each."""
    actors: Callable[[A], tuple[str, ...]] | None = None
    """The soldiers an action is by or for (None: the kind names no soldier)."""
    by_soldier: SoldierRule[A] | None = None
    """For actions of one acting soldier: ``check`` is the shared checks then this rule."""
    assess: Callable[[GameState, A], Any] | None = None
    """The odds before any die (combat actions; ``odds <verb> …``)."""


def soldier_kind(*, action: type[A], verb: str, usage: str, summary: str, actor: Callable[[A], str],
                 rule: Callable[[GameState, Soldier, A], Refusal | None],
                 each: Callable[[GameState, Soldier], Iterable[A]],
                 apply: Callable[[GameState, A, Dice], tuple[GameState, Sequence[Event]]],
                 parse: Callable[[list[str]], A], format: Callable[[A], str],
                 assess: Callable[[GameState, A], Any] | None = None,
                 first: Callable[[GameState, Soldier], Refusal | None] | None = None) -> ActionKind[A]:
    """A kind of action taken by one soldier of the current impulse: its check is
    :func:`..basic.acting.acting_soldier` (3.10) then ``rule``; its candidates are ``each`` for
    every man of the impulse (``first``: :attr:`SoldierRule.first`)."""

    def check(state: GameState, a: A) -> Refusal | None:
        s, refusal = acting_soldier(state, actor(a))
        if s is None or refusal is not None:
            return refusal
        return rule(state, s, a)

    def candidates(state: GameState, soldier_id: str | None) -> Iterable[A]:
        out: list[A] = []
        for sid in state.group if soldier_id is None else (soldier_id,):
            s = state.soldier(sid)
            if s is not None:
                out += each(state, s)
        return out

    return ActionKind(action=action, verb=verb, usage=usage, summary=summary, stage=Stage.PHASE, parse=parse,
                      format=format, check=check, apply=apply, candidates=candidates, actors=lambda a: (actor(a),),
                      by_soldier=SoldierRule(actor=actor, check=rule, candidates=each, first=first),
                      assess=assess)


_soldier_of: Callable[[Move | Turn | Cross | ChangePosture | Fire | Throw | Climb | PickUp | Swap | Repair | ThrowSmoke |
                       ThrowMolotov | PlaceSatchel | CallBarrage], str] = (
    attrgetter("soldier"))


KINDS: tuple[ActionKind[Any], ...] = (
    ActionKind(action=DrawChit, verb="chit", usage="chit [<side>]", stage=Stage.PLAY,
               summary="draw the next sequence chit blind (or one of a side's, for scripts and tests) (6.1)",
               parse=k_play.parse_chit, format=k_play.format_chit, check=sequence.check_draw,
               apply=sequence.apply_draw, candidates=k_play.chit_candidates),
    ActionKind(action=StartImpulse, verb="impulse", usage="impulse <hex>", stage=Stage.PHASE,
               summary="start an impulse: activate the active side's men in a hex (6.2, §9.9)",
               parse=k_play.parse_impulse, format=k_play.format_impulse, check=sequence.check_start_impulse,
               apply=lambda state, a, dice: sequence.apply_start_impulse(state, a),
               candidates=k_play.impulse_candidates),
    soldier_kind(action=Move, verb="move", usage="move <soldier> [<hex>]", actor=_soldier_of,
                 summary="enter the hex in front; naming the hex is a check (6.2.1, 6.2.3)",
                 parse=k_play.parse_move, format=k_play.format_move, rule=movement.check_move,
                 each=k_play.move_candidates, apply=k_play.apply_mf(movement.apply_move)),
    soldier_kind(action=Turn, verb="turn", usage="turn <soldier> <facing>", actor=_soldier_of,
                 summary="turn to any new facing, 1 MF (6.2.2)",
                 parse=k_play.parse_turn, format=k_play.format_turn, rule=movement.check_turn,
                 each=k_play.turn_candidates, apply=k_play.apply_mf(movement.apply_turn)),
    soldier_kind(action=Cross, verb="cross", usage="cross <soldier>", actor=_soldier_of,
                 summary="cross the fence or hedge line in his hex, 1 MF (6.2.3)",
                 parse=k_play.parse_cross, format=k_play.format_cross, rule=movement.check_cross,
                 each=k_play.cross_candidates, apply=k_play.apply_mf(movement.apply_cross)),
    soldier_kind(action=ChangePosture, verb="posture", usage="posture <soldier> stand|crouch|prone",
                 actor=_soldier_of, summary="stand, crouch or go prone (6.2.4, §3.2)",
                 parse=k_play.parse_posture, format=k_play.format_posture, rule=movement.check_posture,
                 each=k_play.posture_candidates, apply=k_play.apply_mf(movement.apply_posture)),
    ActionKind(action=EndImpulse, verb="end", usage="end", stage=Stage.PHASE,
               summary="end the current impulse (6.2)",
               parse=k_play.parse_end, format=k_play.format_end, check=sequence.check_end_impulse,
               apply=lambda state, a, dice: sequence.apply_end_impulse(state, a),
               candidates=k_play.end_candidates),
    ActionKind(action=EndPhase, verb="done", usage="done", stage=Stage.PHASE,
               summary="end the impulse phase now (6.2)",
               parse=k_play.parse_done, format=k_play.format_done, check=sequence.check_end_phase,
               apply=lambda state, a, dice: sequence.apply_end_phase(state, a),
               candidates=k_play.done_candidates),
    soldier_kind(action=Fire, verb="fire", usage=k_combat.FIRE_USAGE, actor=_soldier_of,
                 summary="fire at soldiers in one hex; then n declares MF still to spend (4.6, 6.3)",
                 parse=k_combat.parse_fire, format=k_combat.format_fire, rule=fire.check_fire,
                 each=k_combat.fire_candidates, apply=k_combat.apply_fire, assess=fire.assess_fire,
                 first=combat.combat_refusal),
    soldier_kind(action=Throw, verb="throw", usage=k_combat.THROW_USAGE, actor=_soldier_of,
                 summary="throw a grenade at a hex; via picks the entry hexside at a corner (6.3.6.3.2)",
                 parse=k_combat.parse_throw, format=k_combat.format_throw, rule=grenades.check_throw,
                 each=k_combat.throw_candidates, apply=k_combat.apply_throw, assess=grenades.assess_throw,
                 first=combat.combat_refusal),
    ActionKind(action=Melee, verb="melee", usage="melee <soldier>[,<soldier>…] <hex>", stage=Stage.PHASE,
               summary="attackers of this impulse enter an enemy hex and fight (6.5, §5)",
               parse=k_combat.parse_melee, format=k_combat.format_melee, check=melee.check_melee,
               apply=k_combat.apply_melee, candidates=k_combat.melee_candidates, actors=lambda a: a.soldiers,
               assess=melee.assess_melee),
    ActionKind(action=Buy, verb="buy", usage=k_setup.BUY_USAGE, stage=Stage.SETUP,
               summary="buy a man for a side bought by points (§10.3)",
               parse=k_setup.parse_buy, format=k_setup.format_buy, check=setup.check_buy, apply=setup.apply_buy,
               candidates=k_setup.buy_candidates),
    ActionKind(action=Drop, verb="drop", usage="drop <soldier>", stage=Stage.SETUP,
               summary="take back a man bought for points (§10.3)",
               parse=k_setup.parse_drop, format=k_setup.format_drop, check=setup.check_drop,
               apply=setup.apply_drop, candidates=k_setup.drop_candidates, actors=lambda a: (a.soldier,)),
    ActionKind(action=Ready, verb="ready", usage="ready <side>", stage=Stage.SETUP,
               summary="a side's bought force is complete (§10.3)",
               parse=k_setup.parse_ready, format=k_setup.format_ready, check=setup.check_ready,
               apply=setup.apply_ready, candidates=k_setup.ready_candidates),
    ActionKind(action=RollOff, verb="rolloff", usage="rolloff", stage=Stage.SETUP,
               summary="both sides roll: the deployment roll-off, or the roll for the first phase (§10.2)",
               parse=k_setup.parse_rolloff, format=k_setup.format_rolloff, check=setup.check_rolloff,
               apply=setup.apply_rolloff, candidates=k_setup.rolloff_candidates),
    ActionKind(action=Choose, verb="choose", usage="choose <side>", stage=Stage.SETUP,
               summary="the winner of a roll decides who places first, or who takes the first phase (§10.2)",
               parse=k_setup.parse_choose, format=k_setup.format_choose, check=setup.check_choose,
               apply=setup.apply_choose, candidates=k_setup.choose_candidates),
    ActionKind(action=Place, verb="place", usage=k_setup.PLACE_USAGE, stage=Stage.SETUP,
               summary="place one man of the placing side in its zone (§10.2)",
               parse=k_setup.parse_place, format=k_setup.format_place, check=setup.check_place,
               apply=setup.apply_place, candidates=k_setup.place_candidates, actors=lambda a: (a.soldier,)),
    ActionKind(action=Deployed, verb="deployed", usage="deployed", stage=Stage.SETUP,
               summary="end this placement; the other side places next (§10.2)",
               parse=k_setup.parse_deployed, format=k_setup.format_deployed, check=setup.check_deployed,
               apply=setup.apply_deployed, candidates=k_setup.deployed_candidates),
    soldier_kind(action=Watch, verb="watch", usage=k_react.WATCH_USAGE, actor=_soldier_of,
                 summary="go on Overwatch instead of acting: all his MF and his combat action (§9.1)",
                 parse=k_react.parse_watch, format=k_react.format_watch, rule=overwatch.check_watch,
                 each=overwatch.watch_candidates, apply=overwatch.apply_watch),
    ActionKind(action=Overwatch, verb="overwatch", usage=k_react.OVERWATCH_USAGE, stage=Stage.PLAY,
               summary="answer an overwatch reaction: the snap shot at the man who acted, +1 (§9.1)",
               parse=k_react.parse_overwatch, format=k_react.format_overwatch, check=overwatch.check_overwatch,
               apply=overwatch.apply_overwatch, candidates=k_react.overwatch_candidates,
               actors=lambda a: (a.shot.soldier,), assess=overwatch.assess_overwatch),
    ActionKind(action=Hold, verb="hold", usage="hold", stage=Stage.PLAY,
               summary="decline the open reaction: the fire or melee goes ahead, no watcher fires (§9.1, §9.2, §9.7)",
               parse=k_react.parse_hold, format=k_react.format_hold, check=reactions.check_hold,
               apply=reactions.apply_hold, candidates=k_react.hold_candidates),
    ActionKind(action=HitDirt, verb="hit-dirt", usage=k_react.HIT_DIRT_USAGE, stage=Stage.PLAY,
               summary="men fired at drop Prone and are Suppressed before the dice (§9.2)",
               parse=k_react.parse_hit_dirt, format=k_react.format_hit_dirt, check=take_cover.check_hit_dirt,
               apply=take_cover.apply_hit_dirt, candidates=k_react.hit_dirt_candidates, actors=lambda a: a.soldiers),
    ActionKind(action=StandAndShoot, verb="stand-and-shoot", usage=k_react.STAND_USAGE, stage=Stage.PLAY,
               summary="a defender fires first at one attacker, +1 hasty fire (§9.7)",
               parse=k_react.parse_stand, format=k_react.format_stand, check=melee_reactions.check_stand_and_shoot,
               apply=melee_reactions.apply_stand_and_shoot, candidates=k_react.stand_candidates,
               actors=lambda a: (a.defender,), assess=melee_reactions.assess_stand_and_shoot),
    ActionKind(action=FallBack, verb="fall-back", usage="fall-back", stage=Stage.PLAY,
               summary="the defenders step back one hex, Suppressed; the attackers take the hex (§9.7)",
               parse=k_react.parse_fall_back, format=k_react.format_fall_back, check=melee_reactions.check_fall_back,
               apply=melee_reactions.apply_fall_back, candidates=k_react.fall_back_candidates),
    soldier_kind(action=Climb, verb="climb", usage="climb <soldier>", actor=_soldier_of,
                 summary="climb the high wall across his front hexside: 2 MF, d10 <= 6, standing; a failure ends "
                         "his impulse (§9.6)",
                 parse=climbing.parse_climb, format=climbing.format_climb, rule=climbing.check_climb,
                 each=climbing.climb_candidates, apply=climbing.apply_climb, assess=climbing.assess_climb),
    soldier_kind(action=PickUp, verb="pickup", usage=k_weap.PICKUP_USAGE, actor=_soldier_of,
                 summary="take a weapon lying in his hex, leaving his own there, 1 MF (§9.4)",
                 parse=k_weap.parse_pickup, format=k_weap.format_pickup, rule=weapons_rule.check_pickup,
                 each=weapons_rule.pickup_candidates, apply=weapons_rule.apply_pickup),
    replace(soldier_kind(action=Swap, verb="swap", usage=k_weap.SWAP_USAGE, actor=_soldier_of,
                         summary="two men of the impulse in one hex exchange weapons, 1 MF each (§9.4)",
                         parse=k_weap.parse_swap, format=k_weap.format_swap, rule=weapons_rule.check_swap,
                         each=weapons_rule.swap_candidates, apply=weapons_rule.apply_swap),
            actors=lambda a: (a.soldier, a.other)),
    soldier_kind(action=Repair, verb="repair", usage=k_weap.REPAIR_USAGE, actor=_soldier_of,
                 summary="try to repair his broken weapon, 2 MF: d10 1-4 repaired, 10 destroyed (§9.4)",
                 parse=k_weap.parse_repair, format=k_weap.format_repair, rule=weapons_rule.check_repair,
                 each=weapons_rule.repair_candidates, apply=weapons_rule.apply_repair,
                 assess=weapons_rule.assess_repair),
    soldier_kind(action=ThrowSmoke, verb="smoke", usage=k_spec.SMOKE_USAGE, actor=_soldier_of,
                 summary="throw a smoke grenade like a grenade; +2 per smoke hex on a LOS (§9.5)",
                 parse=k_spec.parse_smoke, format=k_spec.format_smoke, rule=special_rule.check_smoke,
                 each=special_barrage.smoke_candidates, apply=special_rule.apply_special,
                 assess=special_rule.assess_special),
    soldier_kind(action=ThrowMolotov, verb="molotov", usage=k_spec.MOLOTOV_USAGE, actor=_soldier_of,
                 summary="throw a Molotov, range 5 (3 not standing), no spread; 6 in the hex, no cover (§9.5)",
                 parse=k_spec.parse_molotov, format=k_spec.format_molotov, rule=special_rule.check_molotov,
                 each=special_barrage.molotov_candidates, apply=special_rule.apply_special,
                 assess=special_rule.assess_special),
    soldier_kind(action=PlaceSatchel, verb="satchel", usage=k_spec.SATCHEL_USAGE, actor=_soldier_of,
                 summary="place a satchel charge into an adjacent hex: 8 to place, blast 7, 2 building damage (§9.5)",
                 parse=k_spec.parse_satchel, format=k_spec.format_satchel, rule=special_rule.check_satchel,
                 each=special_barrage.satchel_candidates, apply=special_rule.apply_special,
                 assess=special_rule.assess_special),
    soldier_kind(action=CallBarrage, verb="radio", usage=k_spec.RADIO_USAGE, actor=_soldier_of,
                 summary="spend all MF to call a barrage on a hex in LOS: contact d10 <= 6; it lands at his "
                         "side's next chit (§9.5)",
                 parse=k_spec.parse_radio, format=k_spec.format_radio, rule=special_barrage.check_radio,
                 each=special_barrage.radio_candidates, apply=special_barrage.apply_radio,
                 assess=special_barrage.assess_radio),
    ActionKind(action=Equip, verb="equip", usage=k_spec.EQUIP_USAGE, stage=Stage.SETUP,
               summary="buy a smoke grenade, Molotov, satchel or radio for a man bought by points (§9.5, §10.3)",
               parse=k_spec.parse_equip, format=k_spec.format_equip, check=special_forces.check_equip,
               apply=special_forces.apply_equip, candidates=special_forces.equip_candidates,
               actors=lambda a: (a.soldier,)),
)
"""Every action kind, in the order of the notation's list of verbs."""

# What the optional rules add to the basic game, at its extension points (:mod:`..basic.extensions`),
# in the order a refusal point asks them. §9.6's are in play on every map with features, the rule on
# or off (off, the map in play is the map without them); the others with their rule.
register(buildings.EXTENSION, rule=RuleId.BUILDINGS, featured_maps=True)  # map, cover, MF, refusals, bunkers
register(spotting.EXTENSION, rule=RuleId.BUILDINGS, featured_maps=True)  # refusals, the spot before a fire
register(weapons_rule.EXTENSION, rule=RuleId.WEAPONS)  # a broken weapon's refusal, the jam after a burst
register(smoke.EXTENSION, rule=RuleId.SPECIAL_WEAPONS)  # +2 per smoke hex on a fire's or throw's LOS

_BY_TYPE: dict[type, ActionKind[Any]] = {k.action: k for k in KINDS}
_BY_VERB: dict[str, ActionKind[Any]] = {k.verb: k for k in KINDS}


def kind_of(action: A) -> ActionKind[A] | None:
    """The kind of an action (None for anything that is not one)."""
    return _BY_TYPE.get(type(action))


def kind_for_verb(verb: str) -> ActionKind[Any] | None:
    """The kind whose notation starts with ``verb`` (lower-case), or None."""
    return _BY_VERB.get(verb)


def kinds_of(classes: Iterable[type[Action]]) -> tuple[ActionKind[Any], ...]:
    """The kinds of some action classes, in table order."""
    wanted = set(classes)
    return tuple(k for k in KINDS if k.action in wanted)
