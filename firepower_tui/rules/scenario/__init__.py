"""Scenarios, set-up and victory (RULES.md §10, and the basic scenario of §6).

- :mod:`.load`: finding, reading and checking a scenario file into a
  :class:`..model.scenario.Scenario` (§10.1); :mod:`.schema` is the file as written (its
  pydantic schema), :mod:`.checks` the checks beyond the schema, each naming its rule, and
  :mod:`.features` the checks and building of a file's §9.6 features;
- :mod:`.options`: choosing the optional rules of a game in words (``--rules``, a script's
  ``rules`` line, the picker);
- :mod:`.setup`: before turn 1, forces by points (§10.3) and the deployment phase (§10.2);
  the §9.5 items for sale are :mod:`..optional.shared.special_forces`;
- :mod:`.victory`: who won (§6, §10.4).

Imports: :mod:`..model`, :mod:`..board` and :mod:`..kit`; pydantic only to check a text
that no cache holds.
"""
