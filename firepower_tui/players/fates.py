"""The enemy's men after an attack's dice, each outcome with its chance: what the computer's
search scores a plan ending in an attack over (``Style.expectimax``, :mod:`.planner`)."""

from __future__ import annotations

from ..rules import engine
from ..rules.basic.fire import FireAssessment
from ..rules.basic.grenades import ThrowAssessment
from ..rules.model.actions import Action, Fire, Overwatch, StandAndShoot, Throw
from ..rules.model.errors import IllegalActionError
from ..rules.model.state import GameState
from ..rules.model.types import Posture, Status
from ..rules.model.units import Soldier


def outcomes(state: GameState, action: Action, side: str) -> list[tuple[float, GameState]]:
    """:func:`fates` made states: ``state`` with the enemy's men of each outcome."""
    return [(p, state.with_soldiers(*changed) if changed else state) for p, changed in fates(state, action, side)]


def fates(state: GameState, action: Action, side: str) -> list[tuple[float, tuple[Soldier, ...]]]:
    """The enemy's men after ``action``'s dice (a fire or a throw, also as a reaction's: §9.1,
    §9.7), with their chances: each named target killed or
    not (and the survivors Suppressed by automatic fire, 6.4.1); for a grenade, the two enemies
    likeliest to die killed, Stunned, Suppressed or spared (6.4.2). An approximation for scoring
    only (the firer's own bookkeeping is not in it)."""
    if not isinstance(action, (Fire, Throw, Overwatch, StandAndShoot)):
        return [(1.0, ())]
    try:
        a = engine.assess(state, action)
    except IllegalActionError:
        return [(1.0, ())]
    if isinstance(a, FireAssessment):
        odds = [(b.target, [(b.kill_chance, "killed"), (1.0 - b.kill_chance, "suppressed" if a.suppresses
                                                                                else "")]) for b in a.bursts]
    elif isinstance(a, ThrowAssessment):
        enemy = [r for r in a.risks if (u := state.soldier(r.soldier)) is not None and u.side != side]
        enemy.sort(key=lambda r: -r.kill)
        odds = [(r.soldier, [(r.kill, "killed"), (r.stun, "stunned"), (r.suppress, "suppressed"),
                             (max(0.0, 1.0 - r.kill - r.stun - r.suppress), "")]) for r in enemy[:2]]
    else:
        return [(1.0, ())]
    out: list[tuple[float, tuple[Soldier, ...]]] = [(1.0, ())]
    for sid, fate in odds:
        t0 = state.soldier(sid)
        assert t0 is not None
        nxt: list[tuple[float, tuple[Soldier, ...]]] = []
        for p, changed in out:
            for q, what in fate:
                if q <= 0.0:
                    continue
                t = t0
                if what == "killed":
                    t = t0.evolve(killed=True)
                elif what == "stunned":
                    t = t0.evolve(status=Status.STUNNED, posture=Posture.PRONE)
                elif what == "suppressed" and t0.status is Status.OK:
                    t = t0.evolve(status=Status.SUPPRESSED)
                nxt.append((p * q, changed + (t,) if t is not t0 else changed))
        out = nxt
    return out
