"""``--ascii``: fold the few non-ASCII marks of our texts (and the rulebook's) to ASCII, keeping styles."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

TABLE = str.maketrans({
    "§": "S", "▶": ">", "═": "=", "✗": "x", "→": "->", "↔": "<->", "≤": "<=", "≥": ">=", "×": "x", "↶": "<-", "·": "-",
    "↑": "^", "↓": "v", "←": "<", "…": "...", "—": "-", "–": "-", "−": "-", "±": "+/-", "°": " deg",
    "’": "'", "‘": "'", "“": '"', "”": '"', "≈": "~", "↗": "/", "↘": "\\", "↙": "/", "↖": "\\", "▲": "^", "⏱": "*",
})


def fold_str(s: str) -> str:
    """Plain text folded to ASCII (anything unknown becomes '?')."""
    out = s.translate(TABLE)
    return out if out.isascii() else "".join(ch if ch.isascii() else "?" for ch in out)


def fold(text: Text) -> Text:
    """The same text with every character ASCII, each run keeping its style."""
    plain = text.plain
    if plain.isascii():
        return text
    cuts = sorted({0, len(plain)} | {s.start for s in text.spans} | {s.end for s in text.spans})
    out = Text(style=text.style, end=text.end, no_wrap=text.no_wrap, justify=text.justify)
    for a, b in zip(cuts, cuts[1:]):
        if a >= b:
            continue
        styles = [s.style for s in text.spans if s.start <= a and s.end >= b]
        style = Style.combine(Style.parse(x) if isinstance(x, str) else x for x in styles) if styles else None
        out.append(fold_str(plain[a:b]), style=style)
    return out
