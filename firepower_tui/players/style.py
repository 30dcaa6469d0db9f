"""How each level of the computer opponent plays: what it weighs and how far it looks,
and the three levels (:data:`STYLES`). The arithmetic is :class:`.evaluate.Evaluator`'s."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .setup_play import PLAIN, SetupStyle


@dataclass(frozen=True)
class Style:
    """How a level plays: what it weighs and how far it looks."""

    aggression: float
    """Weight of the harm it does (kills, suppressions)."""
    caution: float
    """Weight of the harm it risks (exposure)."""
    base_risk: float
    """Share of the exposure counted even when we are likelier to act first (the enemy acts some time)."""
    depth: int
    """MF of one man's moves searched (the plan: moves, then an attack)."""
    steps: bool
    """Count the enemy's attacks after a step forward in the exposure (slower, truer)."""
    dangerous_first: bool
    """Value an enemy by the harm he threatens (shoot the LMG first)."""
    full_impulse_search: bool
    """Choose the impulse hex by planning every man of every hex (else by a quick estimate)."""
    finalists: int
    """Places per plan scored in full (exposure and reach); the rest only by the quick score."""
    noise: float
    """Random spread added to the scores (the easy level errs)."""
    ground: float = 1.0
    """Weight of the sectors held (§10.4) against the men."""
    scoot: bool = False
    """Also plan fire first, declaring the MF for after (6.3.6.2.7), then a move to better ground."""
    expectimax: bool = False
    """Score a plan ending in an attack over the outcomes of its dice (each kill, Suppression and
    Stun with its chance): the place is then worth what it is with that enemy dead or pinned."""
    victory: float = 0.0
    """Weight of the game's outcome as it would stand now (:meth:`Evaluator.outlook`, §6, §10.4),
    in men; grows as the turns run out (0: the outcome is not weighed)."""
    pull: float = 0.0
    """Per hex, the pull towards the nearest sector a man would gain by going there (§10.4,
    :meth:`Evaluator.sector_gain`); the impulse hex's promise counts the gain near at hand."""
    setup: SetupStyle = PLAIN
    """Buying (§10.3) and deploying (§10.2): see :class:`.setup_play.SetupStyle`."""
    push: float = 0.0
    """In the last two turns, while the game would not end in our win, the share by which caution
    falls and aggression rises (:meth:`Evaluator.refresh`): a draw is worth no more than a loss."""
    last_word: float = 0.0
    """In the last turn, once the cup holds none of the enemy's chits (public, 6.1), nothing he does
    can follow our phase (but a reaction, §9.1): the outcome is weighed this many times over, the
    exposure not at all and cover a tenth (ruling R109); 0: no such phase is told apart."""
    approach: float = 0.03
    """Per hex nearer the nearest enemy, what closing in is worth while none of his men is in
    reach (:meth:`Evaluator.approach`); 0: he holds his ground and lets the enemy come (R107)."""
    sector_plan: float = 0.0
    """In the last ``plan_turns`` turns of a points-and-ground game (§10.4), while we have destroyed
    more points than we lost but hold no more sectors: per hex, the pull of each man the sector
    plan sends (:meth:`Evaluator.sector_plan`, ruling R124) towards the sector assigned to him,
    one man a sector; 0: no plan (each man only follows ``pull``)."""
    plan_turns: int = 3
    """The last turns in which the sector plan is made (with ``sector_plan``)."""
    hold: float = 0.0
    """Where the victory is ``hold`` (§10.4, ruling R273): the outcome as it stands is weighed
    (the attacker wins with any objective hex the defender no longer holds), and each of the
    attacker's men is pulled this much a hex towards the nearest objective hex the defender
    still holds; 0: neither (the outcome of a hold game is not weighed)."""


STYLES: dict[str, Style] = {
    "easy": Style(aggression=1.0, caution=0.25, base_risk=0.2, depth=2, steps=False, dangerous_first=False,
                  full_impulse_search=False, finalists=3, noise=0.35),
    "normal": Style(aggression=1.0, caution=0.8, base_risk=0.35, depth=4, steps=False, dangerous_first=False,
                    full_impulse_search=False, finalists=5, noise=0.0),
    "hard": Style(aggression=1.0, caution=1.0, base_risk=0.4, depth=4, steps=False, dangerous_first=True,
                  full_impulse_search=False, finalists=8, noise=0.0,
                  expectimax=True, scoot=True, ground=2.0, victory=1.0, pull=0.05, push=0.5, approach=0.0,
                  last_word=10.0, setup=SetupStyle(sectors=True, low=True, lmg_most=2),
                  sector_plan=0.35, plan_turns=3),
}
STYLES["expert"] = replace(STYLES["hard"], hold=0.1)
"""The expert weighs as the hard level and plays for a hold victory (R273); it searches
(:mod:`.search`) where hard plans one man at a time."""
