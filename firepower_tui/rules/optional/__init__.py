"""The optional rules, RULES.md §9: one module per rule, and what they share.

- §9.1 overwatch: :mod:`.overwatch`;
- §9.2 hit the dirt: :mod:`.take_cover`;
- §9.3 hiding: :mod:`.hiding`;
- §9.4 weapons (dropped, picked up, exchanged, jammed, repaired): :mod:`.weapons_rule`;
- §9.5 special weapons: :mod:`.special_rule` (smoke grenades, Molotov, satchel charge),
  :mod:`.special_barrage` (the radio, and every §9.5 action's candidates), :mod:`.smoke`
  (smoke on the line of sight) and :mod:`.special_forces` (the items for sale, §10.3);
- §9.6 buildings: :mod:`.buildings` (doors, cover inside, water, bunkers, damage),
  :mod:`.spotting` (fire into and out of buildings) and :mod:`.climbing` (high walls);
  the features themselves and what they do to a line of sight are :mod:`..board.features`
  and :mod:`..board.walls`, a file's features :mod:`..scenario.features`;
- §9.7 melee reactions: :mod:`.melee_reactions`;
- §9.8 clock: the rules keep no time (ruling R48); the clock is the controller's;
- shared: :mod:`.shared` (whether a rule is in play, opening and closing a reaction) and
  :mod:`.reactions` (what happens after every action while a rule is on).

The actions, events and state of §9.4-§9.6 are data in :mod:`..model`, their notation in
:mod:`..kinds`, their log lines in :mod:`..engine.describe`.

What a rule changes in the basic game itself is its ``EXTENSION`` (:mod:`..basic.extensions`),
registered, each with a line on what it adds, after the table of kinds in :mod:`..engine.registry`.

Imports: :mod:`..kinds`, :mod:`..basic`, :mod:`..scenario`, :mod:`..model`, :mod:`..board`
and :mod:`..kit`.
"""
