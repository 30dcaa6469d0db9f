"""The game screen's reading aids: ``:rule``, ``:theme``, ``:cursor`` and ``:los`` on the command line, the
rulebook key, and rule references in the log and panels made into links to their section.

``:los A B`` is answered by the controller as before (its line in the log) and then opens the
``los`` mode on the map (:mod:`.los_mode`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text

from ...rules.engine.notation import LosQuery, NotationError, parse_line
from ..rulebook_index import refs_in, rulebook
from ..theme import THEMES, save_theme
from ..widgets.side_log import SideLog
from .game_base import GameScreenBase

if TYPE_CHECKING:
    from .game_parts import GameScreenParts

RULE_HELP = "try 4.4, §9.1, 6.3.4.1 or A17"


def view_command(screen: GameScreenParts, text: str) -> bool:
    """Run ``rule …``, ``theme …``, ``cursor …`` or ``los …`` if ``text`` is one; True if it was."""
    word, _, rest = text.strip().partition(" ")
    rest = rest.strip()
    if word == "rule":
        open_rule(screen, rest)
        return True
    if word == "theme":
        set_theme(screen, rest)
        return True
    if word == "cursor":
        set_cursor_shown(screen, rest)
        return True
    if word == "los":
        try:
            parsed = parse_line(text.strip())
        except NotationError:
            return False  # the controller says what is wrong with it
        if not isinstance(parsed, LosQuery):
            return False
        result = screen.c.command(text)
        if result.ok and result.message:
            screen.query_one(SideLog).write([screen.shown(Text(line)) for line in result.message.splitlines()])
        screen.sync_result(result)
        if result.ok:
            screen.los.open(parsed.origin, parsed.target)
        return True
    return False


def _say(screen: GameScreenParts, message: str, *, error: bool = False) -> None:
    screen.c.say(message, error=error)
    screen.update_panel("#status", Text(message, style="bold red" if error else ""))


def open_rule(screen: GameScreenParts, ref: str) -> None:
    """``:rule 6.3.2`` (or a link): the rulebook at that rule; a reference it does not know is
    refused with what it does know."""
    from .rulebook import RulebookScreen

    if not ref:
        screen.app.push_screen(RulebookScreen(ascii=screen.ascii))
        return
    place = rulebook().find(ref)
    if place is None:
        _say(screen, f"rule {ref}: not in the rulebook ({RULE_HELP}) [§0]", error=True)
        return
    screen.app.push_screen(RulebookScreen(place, ascii=screen.ascii))


def last_cited(screen: GameScreenParts) -> str | None:
    """The rule reference the log cited last (that the rulebook has), if any."""
    book = rulebook()
    for entry in reversed(list(screen.query_one(SideLog).entries)):
        for _, _, ref in reversed(refs_in(entry.plain)):
            if book.find(ref) is not None:
                return ref
    return None


def show_rulebook(screen: GameScreenParts) -> None:
    """The rulebook key: at the rule the log cited last, else the contents."""
    from .rulebook import RulebookScreen

    ref = last_cited(screen)
    place = rulebook().find(ref) if ref else None
    screen.app.push_screen(RulebookScreen(place, ascii=screen.ascii))


def set_theme(screen: GameScreenParts, name: str) -> None:
    """``:theme NAME``: switch and remember (no name: say which there are)."""
    if name not in THEMES:
        _say(screen, f"theme {name or '?'}: one of {', '.join(THEMES)} (README: Readable for everyone)",
             error=bool(name))
        return
    theme = THEMES[name]
    for each in screen.app.screen_stack:  # every game screen of the app
        if isinstance(each, GameScreenBase):
            each.apply_theme(theme)
    path = save_theme(name)
    _say(screen, f"theme {name}" + (f" (remembered in {path})" if path else " (not remembered: the data "
                                                                               "directory is not writable)"))


def set_cursor_shown(screen: GameScreenParts, word: str) -> None:
    """``:cursor on|off``: show the terminal's own cursor on the map's cursor hex (for screen
    magnifiers and braille displays), or hide it; remembered like the theme."""
    from ..widgets.terminal_cursor import save_show_cursor

    if word not in ("on", "off"):
        _say(screen, f"cursor {word or '?'}: on or off (the terminal's cursor on the map's cursor hex; README: "
                     "Readable for everyone)", error=bool(word))
        return
    on = word == "on"
    show = getattr(screen.app, "set_show_cursor", None)  # (FirepowerApp's; the screen does not import the app)
    if show is not None:
        show(on)
    path = save_show_cursor(on)
    _say(screen, f"cursor {word}" + (f" (remembered in {path})" if path else " (not remembered: the data "
                                                                              "directory is not writable)"))


def linkify(text: Text) -> Text:
    """``text`` with every bracketed rule reference made a link to its section (a click opens
    the rulebook there, or says the rulebook has no such rule). The book is not read for it: the
    first frame has links in its log, and reading the book waits for the first click."""
    found = refs_in(text.plain)
    if not found:
        return text
    out = text.copy()
    for a, b, ref in found:
        out.stylize(Style.from_meta({"@click": f"screen.open_rule({ref!r})"}), a, b)
    return out
