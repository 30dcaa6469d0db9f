"""The help a player reads, from the tables that define what it describes: the game's keys
(:data:`...controller.keymap.KEYMAP`), the optional rules (:mod:`...rules.scenario.options`, their
§9 sections), the scenario picker's keys (:class:`.screens.setup.ScenarioPicker`) and the
map's glyphs (:mod:`.render.map_legend`). The help screen (``?``) shows them; docs/playing.md
lists the same (its "Keys" and "Optional rules" sections are :func:`playing_markdown`'s, and a
test checks that every key and rule id of the tables is there); ``firepower --help`` names the
same rule ids and picker keys (cli/parsers.py, checked against these tables by a test).
"""

from __future__ import annotations

import textwrap

from collections.abc import Mapping

from rich.style import Style
from rich.text import Text

from ..controller.keymap import KEYMAP
from ..rules.scenario.options import AVAILABLE, SUMMARY
from ..rules.model.types import RuleId
from .key_names import key_name

PICKER_ENTER = ("Enter", "play the highlighted scenario, with the rules and players shown")
"""The picker's Enter (its list's own key, not one of its bindings)."""


def game_keys() -> list[tuple[str, str, str]]:
    """Every game key: (group, keys as the player reads them, what it does), a group's keys
    together (the groups in the order the keymap first names them, its keys in its order)."""
    groups: dict[str, list[tuple[str, str, str]]] = {}
    for k in KEYMAP:
        groups.setdefault(k.group, []).append((k.group, " ".join(key_name(x) for x in k.keys), k.help))
    return [row for rows in groups.values() for row in rows]


def optional_rules() -> list[tuple[str, str, str, str]]:
    """Every optional rule this version plays, in §9 order: (id, RULES.md section, what it
    does, the picker's key that turns it on and off)."""
    from .screens.setup import RULE_KEYS

    return [(rule, RuleId(rule).section, SUMMARY[rule], RULE_KEYS.get(rule, "")) for rule in AVAILABLE]


def picker_keys() -> list[tuple[str, str]]:
    """The scenario picker's keys: (keys as the player reads them, what they do)."""
    from textual.binding import Binding

    from .screens.setup import RULE_KEYS, ScenarioPicker

    toggles = {f"toggle_rule({rule!r})": rule for rule in RULE_KEYS}
    out = [PICKER_ENTER]
    for b in ScenarioPicker.BINDINGS:
        assert isinstance(b, Binding)  # (the picker writes each of its keys as a Binding)
        keys = " ".join(key_name(k.strip()) for k in b.key.split(","))
        rule = toggles.get(b.action)
        what = f"turn the optional rule {rule} ({RuleId(rule).section}) on or off" if rule else \
            str(b.description).lower()
        out.append((keys, what))
    return out


PICKER_WORDS = {"back": "back (no game)", "more": "scroll the description down", "back up": "scroll it up",
                "players": "who plays: hotseat, or the computer as either side",
                "level": "the computer's level: easy, normal, hard, expert",
                "advice": "advice in the game: on, or off for a fair match (R270)"}
"""The picker's own words for its footer labels."""


HELP_WIDTH = 70
"""The help dialog's text width: ``#dialog`` is 76 columns, less its border, padding and scrollbar."""


def _hanging(t: Text, head: str, what: str, width: int | None) -> None:
    """``head`` (a key, in the keys' style) then ``what``, whose wrapped lines start under its
    first word rather than at the left edge (``width`` None: one line, as long as it is)."""
    t.append(head, style="bold cyan")
    lines = textwrap.wrap(what, max(width - len(head), 20), break_on_hyphens=False) if width else [what]
    t.append("\n".join([lines[0] if lines else ""] + [" " * len(head) + line for line in lines[1:]]) + "\n")


def help_text(*, ascii: bool = False, restyled: Mapping[str, Style] | None = None,
              lower_second: bool = False, width: int | None = None) -> Text:
    """The help screen: the keys, the map's legend (drawn as this game draws its map), the
    optional rules and the scenario picker's keys; ``width``: wrap each entry to it, its lines
    kept beside its key or picture."""
    from .render.map_legend import legend_text

    t = Text()
    t.append("FIREPOWER keys\n", style="bold underline")
    group = ""
    for g, keys, what in game_keys():
        if g != group:
            group = g
            t.append(f"\n{group}\n", style="bold")
        _hanging(t, f"  {keys:<14}", what, width)
    t.append("\nThe footer shows the keys that are legal now. A refused action says why, with its rule "
             "(its section of the rulebook, K). `:` takes any action in notation, plus `odds …`, `los A B`, `rule 6.3.4` "
             "and `theme colour-blind`.\n", style="dim")
    t.append("\nThe map\n", style="bold underline")
    t.append_text(legend_text(ascii=ascii, restyled=restyled, lower_second=lower_second, width=width))
    t.append("\nOptional rules (rulebook §9)\n", style="bold underline")
    t.append("Chosen per game: in the scenario picker by key, or `--rules` on the command line.\n", style="dim")
    for rule, section, what, key in optional_rules():
        _hanging(t, f"  {rule:<16}", f"{section:<6}{what}" + (f" (picker key {key})" if key else ""), width)
    t.append("\nThe scenario picker (firepower play)\n", style="bold underline")
    for keys, what in picker_keys():
        _hanging(t, f"  {keys:<14}", PICKER_WORDS.get(what, what), width)
    return t


def playing_markdown() -> str:
    """The "Keys" and "Optional rules" sections of docs/playing.md, from the same tables."""
    lines = ["## Keys", "", "The game's keys (`?` in the game shows them, with the map's legend). The footer shows",
             "the keys that are legal now.", ""]
    group = ""
    for g, keys, what in game_keys():
        if g != group:
            group = g
            lines += ["", f"### {group}", "", "| key | what it does |", "| --- | --- |"]
        shown = " ".join(f"`{k}`" for k in keys.split(" "))
        lines.append(f"| {shown} | {what.replace('|', '/')} |")
    lines += ["", "### The scenario picker", "", "| key | what it does |", "| --- | --- |"]
    for keys, what in picker_keys():
        shown = " ".join(f"`{k}`" for k in keys.split(" "))
        lines.append(f"| {shown} | {PICKER_WORDS.get(what, what)} |")
    lines += ["", "## Optional rules", "",
              "Each game plays the basic rules plus the optional rules of its scenario; choose others with",
              "`--rules ID,ID` (or `none`, `all`) on the command line, or by key in the scenario picker.", "",
              "| id | rulebook | what it does | picker key |", "| --- | --- | --- | --- |"]
    for rule, section, what, key in optional_rules():
        lines.append(f"| `{rule}` | {section} | {what} | `{key}` |")
    return "\n".join(lines) + "\n"


__all__ = ["game_keys", "help_text", "optional_rules", "picker_keys", "playing_markdown"]
