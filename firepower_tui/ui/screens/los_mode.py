"""The ``los`` mode of the game screen: the line of sight drawn on the map and explained
(RULES.md 4.4; the items come from :func:`...rules.basic.los_explain.explain_los`).

The key (``L``) opens it from the selected man's hex (or the cursor's, with nobody selected),
and ``:los A B`` opens it from A with the cursor on B. The cursor picks the far end; the map
marks every hex the line touches (blockers and hindrances in their own colours, the panel
naming each with a glyph: ``X`` blocks, ``+`` hinders, ``o`` through an opening, ``.`` no
effect) and every hexside it crosses or runs along, with the walls and openings it meets (the
border cells of the hexside, bold; reverse where a wall blocks; corners have no cell of their
own and are named in the list only); the panel under the map names what blocks or hinders it, with the rule; Enter lists
every hex and hexside; Esc (or the key again) leaves.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from ...controller.base import CURSOR_STEPS, Result
from ...controller.keymap import KEYMAP, VIEW_INTENTS, Intent
from ...rules.board.hexgrid import Hex, hex_to_id
from ..key_names import key_name
from ..widgets.hex_map import HexMap

if TYPE_CHECKING:
    from ...rules.basic.los_explain import LosExplanation
    from .game_base import GameScreenBase

OVERLAY = {"blocks": "los_blocks", "hinders": "los_hinders", "through": "los", "none": "los"}
"""The map overlay of each effect (:class:`...rules.basic.los_explain.Effect`; ui/render/map_palette.py)."""
SIDE_OVERLAY = {"blocks": "side_blocks", "hinders": "side_hinders", "through": "side_through",
                "none": "side_crossed"}
"""The map overlay of each effect on a hexside the line crosses, runs along or whose wall or
opening it meets (its border cells: bold; +underline through a door, window or slit; +italic
and underline hinders; reverse blocks)."""
ALLOWED = frozenset(CURSOR_STEPS) | VIEW_INTENTS | {Intent.CANCEL, Intent.SELECT}
"""What the keys may do in the mode: move the cursor, the views, Esc leaves, Enter lists."""
PANEL_ITEMS = 3
"""Items the panel under the map names (the ones that do something); Enter lists them all."""


def _key(intent: Intent) -> str:
    return next(key_name(k.keys[0]) for k in KEYMAP if k.intent is intent)


class LosMode:
    """The mode's state: the near end of the line (None: the mode is closed)."""

    def __init__(self, screen: GameScreenBase) -> None:
        self.screen = screen
        self.origin: Hex | None = None
        self.explanation: LosExplanation | None = None

    @property
    def active(self) -> bool:
        return self.origin is not None

    def toggle(self) -> None:
        """The key: open from the selected man's hex (or the cursor), or close."""
        if self.active:
            self.close()
            return
        c = self.screen.c
        s = c.soldier() if c.selected else None
        self.open(s.hex if s is not None and s.deployed else c.cursor)

    def open(self, origin: Hex, target: Hex | None = None) -> None:
        """Open from ``origin``, the cursor on ``target`` if given (``:los A B``)."""
        self.origin = origin
        if target is not None:
            self.screen.c.set_cursor(target)
        self.screen.sync_result(Result())

    def close(self) -> None:
        self.origin = None
        self.explanation = None
        self.screen.sync_result(Result())

    def allows(self, intent: str) -> bool:
        """Whether a key's intent works in the mode (the rest wait until it is left)."""
        return intent in ALLOWED

    def handle(self, intent: Intent) -> bool:
        """Esc leaves, Enter lists every item; True if the mode took the key."""
        if intent is Intent.CANCEL:
            self.close()
            return True
        if intent is Intent.SELECT:
            self.show_all()
            return True
        return False

    def show_all(self) -> None:
        from ...rules.basic.los_explain import explanation_lines
        from .modals import TextScreen

        if self.explanation is None:
            return
        body = Text("\n".join(explanation_lines(self.explanation)[1:]))
        body.append("\n\nX blocks, + hinders, o through a door/window/slit, . no effect. A hex is touched when the "
                    "line meets it at all, a hexside or a corner included (A17). On the map a hexside crossed or "
                    "run along is bold, a wall that blocks in reverse video, a door/window/slit underlined; a "
                    "corner has no cell of its own there and is named here only.", style="dim")
        self.screen.app.push_screen(TextScreen(self.screen.shown(body), explanation_lines(self.explanation)[0]))

    def sync(self) -> None:
        """After the screen's sync: the line, its marks and the panel for the cursor's hex."""
        if self.origin is None:
            return
        from ...rules.basic.los_explain import explain_los  # (when the mode is first opened, not at start-up)

        screen = self.screen
        c = screen.c
        ex = explain_los(c.state, self.origin, c.cursor) if c.cursor != self.origin else None
        self.explanation = ex
        hl = c.highlights()
        if ex is not None:
            marks = {h: OVERLAY[e.value] for h, e in ex.marks().items()}
            sides = {k: SIDE_OVERLAY[e.value] for k, e in ex.side_marks().items()}
            hl = replace(hl, los=frozenset(), explain=marks, explain_sides=sides)
        screen.query_one(HexMap).set_highlights(hl)
        screen.update_hex_panel()
        preview = screen.query_one("#preview", Static)
        preview.display = True
        screen.update_panel("#preview", panel_text(ex, self.origin))


def panel_text(ex: LosExplanation | None, origin: Hex) -> Text:
    """The panel under the map: the verdict, then what blocks or hinders, with the rules."""
    from ...rules.basic.los_explain import Effect, explanation_lines

    t = Text()
    if ex is None:
        t.append(f"LOS from {hex_to_id(origin)}: ", style="bold")
        t.append("move the cursor to the far end (Esc leaves) [6.3.4]")
        return t
    head, *_ = explanation_lines(ex)
    t.append(head + "\n", style="bold")
    doing = [it for it in ex.items if it.effect is not Effect.NONE]
    for it in doing[:PANEL_ITEMS]:
        style = "bold" if it.effect is Effect.BLOCKS else ""
        t.append(f"{it.effect.glyph} {it.where} {it.what}: {it.effect.value} [{it.rule}]\n", style=style)
    if not doing:
        t.append(". nothing on the line blocks or hinders it\n")
    more = len(doing) - PANEL_ITEMS
    rest = f"{more} more; " if more > 0 else ""
    t.append(f"{rest}{_key(Intent.SELECT)}: every hex and hexside ({len(ex.items)}) | {_key(Intent.CANCEL)} leaves",
             style="dim")
    return t
