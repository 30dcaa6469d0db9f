"""The game as data: what the rules read and write, and no rule that decides anything.

- :mod:`.units`: soldiers and the weapon chart (RULES.md §1.3, §1.4, 4.7);
- :mod:`.state`: the game state, an immutable value only ``engine.apply`` replaces, with
  :mod:`.soldier_index` (where each man is) and :mod:`.special_types` (the state of §9.5);
- :mod:`.scenario`: a scenario as the game holds it (the file's content and its built map;
  the files themselves are :mod:`..scenario.load`'s);
- :mod:`.actions`: what a player asks, a ``kind``-discriminated union, with the §9.5 and
  §9.4 actions in :mod:`.actions.special` and :mod:`.actions.weapons`;
- :mod:`.events`: what happened, the game log as data, with the §9.5, §9.4 and §9.6 events
  in :mod:`.events.special`, :mod:`.events.weapons` and :mod:`.events.buildings`;
- :mod:`.dice` (§1.6: dice injected, recorded with their purpose), :mod:`.breakdown` (a
  roll's modifiers and an MF ledger), :mod:`.errors` (refusals and errors), :mod:`.types`
  (the enums: posture, status, phase, rule ids) and :mod:`.values` (how a record is copied
  and written as JSON).

Imports: :mod:`..board` and :mod:`..kit`.
"""
