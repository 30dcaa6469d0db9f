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

Imports: :mod:`..scenario`, :mod:`..model`, :mod:`..board` and :mod:`..kit`. It imports
:mod:`..optional.shared` only where ``pyproject.toml``'s import contracts name the import, one by one.
"""
