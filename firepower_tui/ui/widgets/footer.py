"""The footer of legal keys: Textual's ``Footer``, composed once in the first frame and again
only when the keys it shows change.

Textual's ``Footer`` composes nothing until the screen first publishes its bindings, then
recomposes all its keys (a widget each) one refresh after *every* publication. The game
screen publishes after every action (the legal keys may have changed, STYLE.md §7), so the
stock footer drew the first frame without keys, then rebuilt and repainted itself after each
key press even when it showed the same keys. This one shows the same keys the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Footer

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.screen import Screen

Shown = tuple[tuple[str, str, str, bool, str], ...]
"""What the footer shows: (key, action, description, enabled, tooltip) of each shown binding, in order."""


class KeyFooter(Footer):
    """A ``Footer`` that is ready at mount and recomposes only when what it shows changes."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.set_reactive(Footer._bindings_ready, True)  # compose the keys in the first frame
        self.shown: Shown | None = None
        """The keys composed (or about to be, after the next refresh)."""
        self.recomposed = 0
        """How many times the keys were rebuilt after the first compose (for tests)."""

    def keys_shown(self) -> Shown:
        """The screen's shown bindings now, as the footer would compose them."""
        return tuple((key, b.action, b.description, enabled, tooltip or "")
                     for key, (_, b, enabled, tooltip) in self.screen.active_bindings.items() if b.show)

    def compose(self) -> ComposeResult:
        self.shown = self.keys_shown()
        yield from super().compose()

    def bindings_changed(self, screen: Screen) -> None:
        if not screen.app.app_focus:
            return
        if not (self.is_attached and screen is self.screen):
            return
        shown = self.keys_shown()
        if shown != self.shown:
            self.shown = shown
            self.recomposed += 1
            self.call_after_refresh(self.recompose)
