"""The action controller: key presses to rule actions (plain Python, no Textual).

One module per responsibility: :mod:`.base` (mode, cursor, selection, status line, the
``Result``), :mod:`.play`, :mod:`.aiming`, :mod:`.deployment`, :mod:`.forces`, :mod:`.command`
(the ``:`` line), gathered by :mod:`.controller`; :mod:`.keymap` is the table of intents.

The re-exports are lazy (PEP 562): importing :mod:`.keymap` does not import
:mod:`.controller` and the rest of the rules core it needs. A game in progress
(``Session``) is in :mod:`firepower_tui.games.session`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .base import Highlights, Mode, Result
    from .controller import Controller
    from .keymap import KEYMAP, Intent, KeySpec

_EXPORTS: dict[str, tuple[str, ...]] = {
    "base": ("Highlights", "Mode", "Result"),
    "controller": ("Controller",),
    "keymap": ("KEYMAP", "Intent", "KeySpec"),
}
_MODULE_OF = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = ["Controller", "Highlights", "Mode", "Result", "KEYMAP", "Intent", "KeySpec"]

if not TYPE_CHECKING:  # hidden from mypy, which would otherwise accept any name as Any
    from ..rules.kit.lazy import lazy_exports

    __getattr__, __dir__ = lazy_exports(__name__, globals(), _MODULE_OF)
