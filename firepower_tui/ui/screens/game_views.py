"""The game screen's own intents: the views and dialogs it opens over the map (help, the
rules, the log, the history, the dice, zoom, the command line, quit) and the end of the game.

:data:`VIEWS` is the table the screen dispatches the keymap's view intents by; every other
intent is the controller's. The modal screens are imported when first opened (start-up).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, cast

from rich.text import Text
from textual.screen import Screen

from ...controller.keymap import VIEW_INTENTS, Intent
from ...rules.model.state import GameState
from ..rules_text import sections
from ..widgets.footer import KeyFooter
from ..widgets.hex_map import HexMap
from ..widgets.side_log import SideLog

if TYPE_CHECKING:
    from textual.widgets import Input

    from .game_parts import GameScreenParts


class GamesApp(Protocol):
    """What the views ask of the app besides Textual's: the full history of a quick resume, and
    what quitting asks."""

    def ensure_complete(self) -> bool: ...

    def history_screen(self) -> Screen[Any]: ...

    def quit_question(self) -> str: ...


def _games_app(screen: GameScreenParts) -> GamesApp:
    return cast(GamesApp, screen.app)


def show_help(screen: GameScreenParts) -> None:
    """The keys, the map's legend (in this game's glyphs and theme), the optional rules."""
    from ..help_tables import HELP_WIDTH, help_text
    from ..theme import THEMES
    from .modals import TextScreen

    theme = THEMES.get(screen.theme_name)
    text = help_text(ascii=screen.ascii, restyled=theme.palette if theme is not None else None,
                     lower_second=screen.query_one(HexMap).lower_second, width=HELP_WIDTH)
    screen.app.push_screen(TextScreen(screen.shown(text), "Help: keys, the map, the optional rules"))


def show_rules(screen: GameScreenParts) -> None:
    from .modals import TextScreen

    screen.app.push_screen(TextScreen(sections(screen.c.rules_topic(), ascii=screen.ascii),
                                      "Rules for what you are doing now (Esc, then K: the whole rulebook)"))


def ask_quit(screen: GameScreenParts) -> None:
    from .modals import ConfirmScreen

    screen.app.push_screen(ConfirmScreen(_games_app(screen).quit_question()), _quitter(screen))


def show_history(screen: GameScreenParts) -> None:
    app = _games_app(screen)
    if app.ensure_complete():
        screen.app.push_screen(app.history_screen())


def show_stats(screen: GameScreenParts) -> None:
    from ...games.stats import game_stats, stats_lines
    from .modals import TextScreen

    if not _games_app(screen).ensure_complete():
        return
    body = Text("\n".join(stats_lines(game_stats(screen.c.session))))
    screen.app.push_screen(TextScreen(screen.shown(body), "Dice statistics, this game (expected 10% per face)"))


def show_log(screen: GameScreenParts) -> None:
    from .modals import LogScreen

    log = screen.query_one(SideLog)
    screen.app.push_screen(LogScreen(log.sources, log.render_entry, "Game log (newest last)"), lambda _: None)


def zoom(screen: GameScreenParts) -> None:
    screen.query_one(HexMap).toggle_zoom()


def open_command(screen: GameScreenParts) -> None:
    screen.open_command()


COMMAND_PLACEHOLDER = ("action in notation, e.g. move T1 K3 | odds fire T2 G1 | los K2 K9 | rule 6.3.4 | theme "
                       "colour-blind (Esc closes)")


def command_line(screen: GameScreenParts) -> Input:
    """The command line: an Input between the status line and the footer, hidden while closed,
    mounted when first opened (the first frame needs neither it nor Textual's Input module)."""
    from textual.widgets import Input

    found = screen.query("#command")
    if found:
        return found.first(Input)
    box = Input(placeholder=COMMAND_PLACEHOLDER, id="command")
    screen.mount(box, before=screen.query_one(KeyFooter))
    return box


def pause(screen: GameScreenParts) -> None:
    screen.clock.toggle_pause()


def los_mode(screen: GameScreenParts) -> None:
    screen.los.toggle()


def show_panels(screen: GameScreenParts) -> None:
    """The side panels (and the LOS panel) in full, scrollable: nothing shown only off-screen at 80x24."""
    from ..render.panels import hex_text, soldier_text
    from .los_mode import panel_text
    from .modals import TextScreen

    body = Text()
    for part in (soldier_text(screen.c), hex_text(screen.c)):
        body.append_text(part)
        body.append("\n\n")
    if screen.los.origin is not None:
        body.append_text(panel_text(screen.los.explanation, screen.los.origin))
    screen.app.push_screen(TextScreen(screen.shown(body), "The panels in full"))


def rulebook(screen: GameScreenParts) -> None:
    from .see_commands import show_rulebook

    show_rulebook(screen)


def skip(screen: GameScreenParts) -> None:
    """The computer's moves at once, to the end of its run of decisions."""
    if screen.computer is not None:
        screen.computer.skip()


def computer_deciding(screen: GameScreenParts) -> bool:
    return screen.computer is not None and bool(screen.computer.deciding())


def toggle_threats(screen: GameScreenParts) -> None:
    """The threat view on or off (:mod:`..threat_view`)."""
    screen.threats.toggle()


ADVICE_OFF_RULE = "R270"
"""The ruling that keeps advice out of a game started with it off."""


def advice_refusal(screen: GameScreenParts) -> tuple[str | None, str]:
    """The side at this keyboard that decides now and None, or None and why advice is refused."""
    from ...rules.basic.turn import deciders

    if not screen.c.session.advice:
        return None, "advice is off in this game: it was started as a fair match (advice off)"
    state = screen.c.state
    if state.over:
        return None, "the game is over: its review (R in the history view) says where it turned"
    computer = set(screen.computer.players) if screen.computer is not None else set()
    mine = sorted(s for s in deciders(state) if s not in computer)
    if not mine:
        return None, "you have nothing to decide now"
    return mine[0], ""


def show_advice(screen: GameScreenParts) -> None:
    """a: the computer's three best choices for the side deciding at this keyboard; Enter takes
    one through the command line, as if it were typed."""
    from ...players.advice import advise, choice_words
    from ...rules.engine.notation import format_action
    from ...rules.model.errors import Refusal
    from .advice import PickScreen

    side, why = advice_refusal(screen)
    if side is None:
        screen.sync_result(screen.c.refused(Refusal(reason=why, rule=ADVICE_OFF_RULE if "advice is off" in why
                                                    else "6.2")))
        return
    state = screen.c.state
    choices = advise(state, side, seed=screen.c.session.seed)
    lines = [screen.shown(Text(f"{i + 1}. {choice_words(c)}")) for i, c in enumerate(choices)]
    name = state.scenario.side_name(side)

    def take(index: int | None) -> None:
        if index is None or screen.c.state is not state:
            return
        screen.run_command(format_action(choices[index].action))

    screen.app.push_screen(PickScreen(f"Advice for {name}: the best choices now (score: expected men)", lines,
                                      "up/down pick | Enter takes its first action | Esc closes"), take)


VIEWS: dict[Intent, Callable[[GameScreenParts], None]] = {
    Intent.HELP: show_help, Intent.RULES: show_rules, Intent.QUIT: ask_quit, Intent.HISTORY: show_history,
    Intent.STATS: show_stats, Intent.SHOW_LOG: show_log, Intent.ZOOM: zoom, Intent.COMMAND: open_command,
    Intent.PAUSE: pause, Intent.LOS: los_mode, Intent.RULEBOOK: rulebook,
    Intent.PANELS: show_panels, Intent.SKIP: skip, Intent.THREATS: toggle_threats, Intent.ADVICE: show_advice,
}
"""The intents the screen handles itself (the keymap's view intents; every other is the controller's)."""
VIEW_GUARDS: dict[Intent, Callable[[GameScreenParts], bool]] = {Intent.SKIP: computer_deciding}
"""The view intents the footer offers only at times (the others always)."""
if set(VIEWS) != VIEW_INTENTS:
    raise AssertionError(f"the game screen's view intents {sorted(VIEWS)} are not the keymap's")


def _quitter(screen: GameScreenParts) -> Callable[[bool | None], None]:
    def answer(yes: bool | None) -> None:
        if yes:
            screen.app.exit()
    return answer


def game_over_text(st: GameState) -> Text:
    """Who won and why, and what each side lost, killed and held (§10.4)."""
    from ...rules.scenario.victory import score

    name = st.scenario.side_name
    t = Text("GAME OVER\n\n", style="bold")
    t.append((f"{name(st.winner)} wins" if st.winner else "A draw") + "\n", style="bold")
    t.append(st.result + "\n\n")
    sc = score(st)
    for side in st.sides:
        lost = [s.id for s in st.soldiers if s.side == side and s.killed]
        t.append(f"{name(side)}: {len(lost)} lost" + (f" ({', '.join(lost)})" if lost else "") +
                 f", {st.kills.get(side, 0)} enemy killed")
        if st.scenario.spec.victory == "points_and_ground":
            t.append(f"; {sc[side].points_lost} points lost, {sc[side].sectors} sectors held")
        elif st.scenario.spec.victory == "hold":
            t.append(f"; {sc[side].objectives} objectives held")
        t.append("\n")
    return t


def show_game_over(screen: GameScreenParts) -> None:
    from .modals import EndScreen

    screen.app.push_screen(EndScreen(screen.shown(game_over_text(screen.c.state))), _quitter(screen))
