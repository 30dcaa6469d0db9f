"""The basic game, RULES.md §1-§8: what a player of the basic scenario meets.

- §2 sequence of play (chits, impulses, phases, turns, the end of the game): :mod:`.sequence`;
  whose decision it is now: :mod:`.turn`;
- §3 movement (enter, turn, cross, posture; running, stacking): :mod:`.movement`; the checks
  every soldier action shares (3.10): :mod:`.acting`;
- 4.4 line of sight: :mod:`.los`, and item by item as the ``los`` view shows it:
  :mod:`.los_explain` (the geometry under it is :mod:`..board.sightline`);
- §4 fire (4.1-4.9): :mod:`.fire`; 4.10 grenades: :mod:`.grenades`; what fire, throws and
  melee share (one combat action, one firer per hex, 4.5, 6.2.5; kills): :mod:`.combat`;
- 4.11 suppression and stun: :mod:`.stun`;
- §5 melee: :mod:`.melee`.

Victory (§6) is :mod:`..scenario.victory`, with the other conditions of §10.4.

Where an optional rule (§9) changes this game — the map in play, a modifier, a cost, a
refusal, a step of a fire, who a blast harms — the basic game calls an extension point of
:mod:`.extensions`, and only the rules chosen for the game answer there; each call names its
point and the §9 rule that uses it.

Imports: :mod:`..scenario`, :mod:`..model`, :mod:`..board` and :mod:`..kit`; nothing from
:mod:`..optional` (an import-linter contract in ``pyproject.toml``).
"""
