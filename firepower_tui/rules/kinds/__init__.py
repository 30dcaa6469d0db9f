"""The parts of each action kind that are not rules: its notation, and the actions it might
take now (what :func:`..engine.legal_actions` checks).

:mod:`..registry` puts these together with each kind's check and apply into one table.
"""
