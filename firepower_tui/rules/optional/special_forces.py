"""Items of the ``special_weapons`` rule for sale in the force builder (RULES.md §9.5, §10.3;
ruling R94): ``equip <soldier> <item>`` buys one for a man bought by points."""

from __future__ import annotations

from dataclasses import replace

from ..model.actions.special import Equip
from ..model.dice import Dice
from ..model.errors import Refusal
from ..model.events import Event, SetupEvent
from ..model.special_types import ITEMS
from ..model.state import GameState
from ..model.types import RuleId, SetupStep
from ..scenario.setup import budget, spent
from ..scenario.victory import ITEM_POINTS
from .special_rule import special_of


def check_equip(state: GameState, action: Equip) -> Refusal | None:
    """The rule on, the forces step, a man of a side bought by points not yet complete, the points."""
    if RuleId.SPECIAL_WEAPONS not in state.rules:
        return Refusal(reason="the optional rule 'special_weapons' is not in play in this game", rule="§9.5")
    if action.item not in ITEM_POINTS:
        return Refusal(reason=f"{action.item!r} is not an item (smoke, molotov, satchel, radio)", rule="§9.5")
    if state.setup_step != SetupStep.FORCES:
        return Refusal(reason="the forces are already bought", rule="§10.3")
    s = state.soldier(action.soldier)
    if s is None or budget(state, s.side) is None:
        return Refusal(reason=f"{action.soldier} was not bought by points", rule="§10.3")
    if s.side in state.ready:
        return Refusal(reason=f"{state.scenario.side_name(s.side)}'s force is already complete", rule="§10.3")
    left = (budget(state, s.side) or 0) - spent(state, s.side)
    cost = ITEM_POINTS[action.item]
    if cost > left:
        return Refusal(reason=f"{state.scenario.side_name(s.side)} has {left} points left; a {action.item} costs "
                              f"{cost}", rule="§10.3")
    return None


def apply_equip(state: GameState, action: Equip, dice: Dice) -> tuple[GameState, list[Event]]:
    s = state.soldier(action.soldier)
    assert s is not None
    sp = special_of(state)
    counts = {(a, b): n for a, b, n in sp.bought}
    counts[(s.id, action.item)] = counts.get((s.id, action.item), 0) + 1
    state = state.evolve(special=replace(sp, bought=tuple(sorted((a, b, n) for (a, b), n in counts.items()))))
    return state, [SetupEvent(what="bought", side=s.side, soldier=s.id, hex=None, rule="§9.5",
                              text=f"{s.id} is issued a {action.item} ({ITEM_POINTS[action.item]} points): "
                                   f"{spent(state, s.side)} of {budget(state, s.side)} spent")]


def forget_dropped(state: GameState, soldier: str) -> GameState:
    """A man taken back leaves his bought items with him (a new man of his id starts bare)."""
    sp = special_of(state)
    if not any(sid == soldier for sid, _, _ in sp.bought):
        return state
    return state.evolve(special=replace(sp, bought=tuple(b for b in sp.bought if b[0] != soldier)))


def equip_candidates(state: GameState, soldier_id: str | None = None) -> list[Equip]:
    if RuleId.SPECIAL_WEAPONS not in state.rules or state.setup_step != SetupStep.FORCES:
        return []
    return [Equip(soldier=s.id, item=i) for s in state.soldiers if budget(state, s.side) is not None
            and not s.deployed for i in ITEMS]


__all__ = ["apply_equip", "check_equip", "equip_candidates", "forget_dropped"]
