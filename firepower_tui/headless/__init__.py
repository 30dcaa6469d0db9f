"""Play without a screen: ``script`` (the ``firepower script`` runner of docs/notation.md) and
``playout`` (a random legal player for tests and benchmarks)."""
