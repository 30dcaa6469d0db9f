"""firepower-tui: Avalon Hill's FIREPOWER (1984) in a terminal.

``firepower_tui.rules`` is the pure rules core (no UI imports).
"""

__version__ = "0.1.0"
