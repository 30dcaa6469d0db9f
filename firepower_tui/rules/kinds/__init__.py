"""The parts of each action kind that are not rules: its notation, and the actions it might
take now (what :func:`..engine.legal_actions` checks).

:mod:`..engine.registry` puts these together with each kind's check and apply into one table.

- :mod:`.words`: the words of the notation (hexes, facings, soldiers, postures);
- :mod:`.play`: the chit draw, impulses, the ends of an impulse and a phase, the four MF
  actions (§2, §3); :mod:`.combat`: fire, throw and melee, carried out with the wipe-out
  check of §2.6 (§4, §5); :mod:`.setup`: forces and deployment (§10.2, §10.3);
- :mod:`.reactions`: watch and the answers to a reaction (§9.1, §9.2, §9.7);
  :mod:`.special` and :mod:`.weapons`: the actions of §9.5 and §9.4.

Imports: :mod:`..basic`, :mod:`..scenario`, :mod:`..model`, :mod:`..board` and :mod:`..kit`.
The optional rules resolve a reaction's fire or melee through :mod:`.combat`, so this
package stands below :mod:`..optional`.
"""
