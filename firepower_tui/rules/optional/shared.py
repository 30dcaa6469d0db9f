"""What the optional rules share (RULES.md §9): whether one is in play, and opening and
closing a reaction (:class:`..model.state.Pending`).

A reaction is a plain engine state: :func:`open_reaction` puts it on the state with the
event that says who decides; each answer's apply calls :func:`close_reaction` first.
"""

from __future__ import annotations

from ..model.errors import Refusal
from ..model.events import Event, Fired, ReactionClosed, ReactionOpened
from ..model.state import GameState, Pending
from ..model.types import ReactionKind, RuleId
from ..model.units import Soldier


def not_in_play(state: GameState, rule: RuleId) -> Refusal | None:
    """A refusal when the optional rule is off, else None."""
    if rule in state.rules:
        return None
    return Refusal(reason=f"the optional rule {rule} is not in play in this game", rule=rule.section)


def open_pending(state: GameState, kind: ReactionKind) -> tuple[Pending | None, Refusal | None]:
    """The open reaction if it is of ``kind``, else why an answer to one is refused."""
    p = state.pending
    if p is None or p.kind is not kind:
        what = {ReactionKind.OVERWATCH: "no overwatch reaction", ReactionKind.HIT_THE_DIRT: "no fire at your men",
                ReactionKind.MELEE: "no melee against your men"}[kind]
        return None, Refusal(reason=f"{what} is waiting for an answer", rule=kind.rule)
    return p, None


def waiting_refusal(state: GameState) -> Refusal:
    """Why any action but an answer is refused while a reaction is open (§9.1, §9.2, §9.7)."""
    p = state.pending
    assert p is not None
    name = state.scenario.side_name(p.side)
    what = {ReactionKind.OVERWATCH: f"may fire on overwatch at {p.trigger} (overwatch …) or hold",
            ReactionKind.HIT_THE_DIRT: f"may hit the dirt ({', '.join(p.answerers)}: hit-dirt …) or hold",
            ReactionKind.MELEE: "answers the melee: hold, stand-and-shoot … or fall-back"}[p.kind]
    return Refusal(reason=f"a reaction is open: {name} {what}; nothing else may happen first", rule=p.kind.rule)


def open_reaction(state: GameState, pending: Pending) -> tuple[GameState, list[Event]]:
    """Put the reaction on the state; the event says who decides."""
    return state.evolve(pending=pending), [ReactionOpened(
        kind=pending.kind, side=pending.side, trigger=pending.trigger, hex=pending.hex, answerers=pending.answerers,
        rule=pending.kind.rule)]


def close_reaction(state: GameState, answer: str) -> tuple[GameState, list[Event]]:
    """Take the open reaction off the state; the event names the answer (in notation)."""
    p = state.pending
    assert p is not None
    return state.evolve(pending=None), [ReactionClosed(kind=p.kind, side=p.side, answer=answer, rule=p.kind.rule)]


def after_reaction_shot(before: Soldier, after: Soldier) -> Soldier:
    """A man who fired or threw out of his own impulse (a reaction, §9.1, §9.7): he spends no
    MF and declares none, but his combat action is used."""
    return after.evolve(mf_spent=before.mf_spent, noncombat_mf=before.noncombat_mf, mf_cap=before.mf_cap,
                        combat_used=True)


def reaction_fired(events: list[Event]) -> list[Event]:
    """The events of a reaction's fire or throw, its ``fired`` event saying no MF are left to
    spend (he is not in the impulse)."""
    return [e._replace(mf_left=0) if isinstance(e, Fired) else e for e in events]
