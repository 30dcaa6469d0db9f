"""The map: hexes and what stands on them, and the geometry the rules ask of it.

- :mod:`.hexgrid`: hex coordinates, ids (``C8``), neighbours, facing and the firing arc
  (RULES.md §0, §1.2, §1.8, 4.3);
- :mod:`.terrain`: terrain, levels and in-hex fence and hedge lines, the map as data
  (§1.2, §3.6, A19);
- :mod:`.sightline`: which hexes and hexsides a line of sight touches, in integers (§0, 4.4,
  A17); the rules of 4.4 themselves are in :mod:`..basic.los`;
- :mod:`.features`: the map features of §9.6 (buildings, bunkers, high walls, water, rubble);
- :mod:`.walls`: what those features do to a line of sight (§9.6, R72-R74);
- :mod:`.spread`: the grenade spread diagram (4.10.4, 6.3.6.3.2.1, A11).

Imports: :mod:`..kit` only. Nothing here knows a soldier, a state or a rule set.
"""
