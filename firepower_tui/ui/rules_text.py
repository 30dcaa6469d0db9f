"""The RULES.md sections for what the player is doing (the rules key)."""

from __future__ import annotations

from rich.text import Text


def rules_markdown() -> str:
    from importlib import resources  # when the rules are shown, not at every start

    return resources.files("firepower_tui").joinpath("data/RULES.md").read_text("utf-8")


def sections(prefixes: tuple[str, ...]) -> Text:
    """The text under each heading that starts with one of ``prefixes`` (e.g. ``### 3.2``)."""
    lines = rules_markdown().splitlines()
    out = Text()
    for prefix in prefixes:
        for i, line in enumerate(lines):
            if line.startswith(prefix):
                level = len(line) - len(line.lstrip("#"))
                out.append(line.lstrip("# ") + "\n", style="bold underline")
                for body in lines[i + 1:]:
                    if body.startswith("#") and len(body) - len(body.lstrip("#")) <= level:
                        break
                    out.append(body + "\n")
                out.append("\n")
                break
    return out
