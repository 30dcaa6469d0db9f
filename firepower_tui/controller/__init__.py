"""The action controller: key presses to rule actions (plain Python, no Textual).

The re-exports are lazy (PEP 562): importing :mod:`.keymap` does not import
:mod:`.controller` and the rest of the rules core it needs. A game in progress
(``Session``) is in :mod:`firepower_tui.games.session`.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .controller import Controller, Highlights, Mode, Result
    from .keymap import KEYMAP, KeySpec

_EXPORTS: dict[str, tuple[str, ...]] = {
    "controller": ("Controller", "Highlights", "Mode", "Result"),
    "keymap": ("KEYMAP", "KeySpec"),
}
_MODULE_OF = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = ["Controller", "Highlights", "Mode", "Result", "KEYMAP", "KeySpec"]

if not TYPE_CHECKING:  # hidden from mypy, which would otherwise accept any name as Any

    def __getattr__(name: str) -> Any:
        """Import the module that defines a public name on first use (PEP 562)."""
        module = _MODULE_OF.get(name)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(import_module(f".{module}", __name__), name)
        globals()[name] = value  # later look-ups skip this function
        return value

    def __dir__() -> list[str]:
        return sorted(set(globals()) | set(__all__))
