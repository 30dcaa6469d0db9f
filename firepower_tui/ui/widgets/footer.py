"""The footer of legal keys: Textual's ``Footer``, composed once (just after the first frame, as
Textual's is) and again only when the keys it shows change.

Textual's ``Footer`` composes nothing until the screen first publishes its bindings, then
recomposes all its keys (a widget each, styled with two component classes) one refresh after
*every* publication. The game screen publishes after every action (the legal keys may have
changed, docs/style.md §7), so the stock footer rebuilt and repainted itself two or three times at
start-up and after each key press, even when it showed the same keys. This one shows the
same keys the same way, and builds them only when they change.

The keys are left out of the first frame on purpose (as Textual's footer does): building some
fifteen key widgets costs the first frame 20-35 ms, and the map, panels and log are what the
player reads first; the keys follow one refresh later.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from textual.widgets import Footer

from ...controller.keymap import Intent

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.binding import ActiveBinding
    from textual.screen import Screen

Shown = tuple[tuple[str, str, str, bool, str], ...]
"""What the footer shows: (key, action, description, enabled, tooltip) of each shown binding, in order."""


class KeyFooter(Footer):
    """A ``Footer`` that recomposes only when what it shows changes."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.shown: Shown | None = None
        """The keys composed (or about to be, after the next refresh)."""
        self.composed = 0
        """How many times the keys were built (for tests)."""
        self._look_due = False

    def keys_shown(self) -> Shown:
        """The screen's shown bindings now, as the footer would compose them."""
        return tuple((key, b.action, b.description, enabled, tooltip or "")
                     for key, (_, b, enabled, tooltip) in self.screen.active_bindings.items() if b.show)

    def compose(self) -> ComposeResult:
        if self._bindings_ready:
            self.shown = self.keys_shown()
            self.composed += 1
        yield from super().compose()

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if not (self.is_attached and screen is self.screen):
            return
        if not self._look_due:  # several publications before the next frame: one look after it
            self._look_due = True
            self.call_after_refresh(self._look)

    async def _look(self) -> None:
        """After the frame that shows what the key did: the keys now, recomposed if they changed.
        Asking every binding's ``check_action`` costs 3-5 ms; the player reads the map, the log
        and the status line first, and the keys follow one refresh later."""
        self._look_due = False
        if not self.is_attached:
            return
        shown = self.keys_shown()
        if shown != self.shown:
            self.shown = shown
            await self.recompose()


END_PLACING = "End placing"
"""The footer's word for ``e`` while deploying: it ends the placement (§10.2), not an impulse."""


def deploying_words(active: dict[str, ActiveBinding]) -> dict[str, ActiveBinding]:
    """A screen's active bindings while deploying: the key that ends an impulse in play ends
    the placement here, and says so."""
    for key, found in active.items():
        if found.binding.id == Intent.END_IMPULSE:
            active[key] = found._replace(binding=replace(found.binding, description=END_PLACING))
    return active
