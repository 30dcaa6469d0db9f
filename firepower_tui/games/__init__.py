"""Games: a game in progress (``session``), the game store (``store``: SQLite, append-only
entries and checkpoints), starting and resuming stored games (``service``), replay, JSON
records and dice statistics. Imports the rules core only; nothing here knows of keys or
screens.
"""
