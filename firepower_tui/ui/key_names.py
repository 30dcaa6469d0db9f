"""How a key is shown (footer, help): Textual's key names as the player reads them."""

from __future__ import annotations


def key_name(key: str) -> str:
    return {"question_mark": "?", "colon": ":", "less_than_sign": "<", "greater_than_sign": ">", "plus": "+",
            "equals_sign": "=", "minus": "-", "space": "Space", "escape": "Esc", "enter": "Enter",
            "backspace": "Bksp", "tab": "Tab", "full_stop": ".", "up": "↑", "down": "↓", "left": "←", "right": "→"}.get(key, key)
