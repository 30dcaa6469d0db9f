"""What the reacting player reads while a reaction is open (RULES.md §9.1, §9.2, §9.7), in the
bottom panel (pure: controller in, Rich Text out)."""

from __future__ import annotations

from rich.text import Text

from ...controller.base import REACT_CHOICES, Mode
from ...controller.controller import Controller
from ...controller.keymap import KEYMAP, Intent
from ...controller.reaction_prompt import prompt
from ..key_names import key_name
from .panels import preview_text

ANSWER_KEYS = (Intent.AIM_FIRE, Intent.AIM_THROW, Intent.HIT_DIRT, Intent.HIT_DIRT_ALL, Intent.STAND_SHOOT,
               Intent.FALL_BACK, Intent.HOLD)
"""The keys that answer a reaction, in the order the panel lists them."""
ANSWER_WORDS = {Intent.AIM_FIRE: "aim a snap shot (+1, no MF)", Intent.AIM_THROW: "a snap throw at his hex",
                Intent.HIT_DIRT: "the selected man hits the dirt", Intent.HIT_DIRT_ALL: "all of them hit the dirt",
                Intent.STAND_SHOOT: "stand and shoot (+1 hasty)", Intent.FALL_BACK: "fall back one hex",
                Intent.HOLD: "hold"}


def shows_panel(c: Controller) -> bool:
    """The bottom panel is open: aiming (the odds) or answering a reaction."""
    return c.mode in (Mode.AIM_FIRE, Mode.AIM_THROW, Mode.MELEE, Mode.AIM_SPECIAL, Mode.REACT) or c.mode in REACT_CHOICES


def bottom_panel(c: Controller, side_style: dict[str, str]) -> Text:
    """The odds of what is aimed; with a reaction open, whose decision it is first."""
    p = c.state.pending
    if p is None:
        return preview_text(c)
    t = Text()
    t.append(prompt(c), style=f"bold reverse {side_style.get(p.side, '')}")
    t.append("\n")
    if c.mode is Mode.REACT:
        offered = [k for k in ANSWER_KEYS if c.can(k)]
        for intent in offered:
            spec = next(k for k in KEYMAP if k.intent is intent)
            t.append(f"{key_name(spec.keys[0])}", style="bold")
            t.append(f" {ANSWER_WORDS[intent]}   ")
        t.append("\nTab: the next man who may answer; r: the rule", style="dim")
        return t
    t.append_text(preview_text(c))
    return t


__all__ = ["bottom_panel", "shows_panel"]
