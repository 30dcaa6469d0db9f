"""The ``firepower`` command's argument parsers (plain argparse: ``firepower --help`` imports
nothing but this package, no rules, no UI; each command imports what it needs when it runs)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .. import __version__

THEME_NAMES = ("default", "colour-blind")
"""The themes of ui/theme.py (named here so that parsing the options imports no UI)."""
RULE_KEYS = (("overwatch", "o"), ("hit_the_dirt", "d"), ("hiding", "h"), ("weapons", "w"), ("special_weapons", "x"),
             ("buildings", "b"), ("melee_reactions", "m"), ("clock", "c"))
"""The optional rules this version plays, in §9 order, with the scenario picker's key of each:
rules/scenario/options.py ``AVAILABLE`` and ui/screens/setup.py ``RULE_KEYS``, named here so that
``--help`` loads neither the rules nor the UI (tests/ui/test_help_tables.py checks they agree)."""

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing at start-up (mypy knows the name)
if TYPE_CHECKING:
    from typing import Any


def _terminal_columns() -> int:
    """``shutil.get_terminal_size().columns``, the width argparse lays help out to, found the same
    way ($COLUMNS, else the terminal on stdout, else 80) without importing shutil (and with it
    bz2, lzma and zlib) at every start."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        out = sys.__stdout__  # (None without a console, e.g. pythonw)
        try:
            columns = os.get_terminal_size(out.fileno()).columns if out is not None else 0
        except (AttributeError, ValueError, OSError):
            columns = 0
        columns = columns or 80
    return columns


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's own help layout; only the default width is found by :func:`_terminal_columns`."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None, **kwargs: Any) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         _terminal_columns() - 2 if width is None else width, **kwargs)


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose help, and its subcommands' (they are made with its class), uses
    :class:`_HelpFormatter`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> Any:
        """argparse's usage error (exit code 2), a value it quotes cut as every message cuts one
        (ruling R191): an invalid choice of 100 KB is not echoed whole."""
        from ..rules.kit.untrusted import cut

        super().error(cut(message, 500))


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="firepower",
        description="FIREPOWER (Avalon Hill, 1984): man-to-man tactical combat, hotseat in a terminal.",
    )
    p.add_argument("--version", action="version", version=f"firepower-tui {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sc = sub.add_parser("script", help="run a script of actions headless (docs/notation.md)")
    sc.add_argument("file", help="the script file (- reads it from standard input)")
    sc.add_argument("--json", action="store_true", help="one JSON object per line")
    sc.add_argument("--strict", action="store_true", help="stop at the first refused line, with exit code 1")
    va = sub.add_parser("validate", help="check scenario files and list every problem")
    va.add_argument("files", nargs="+", metavar="FILE")
    _play_arguments(sub.add_parser("play", help="play a scenario hotseat (no id: choose from a list, where keys "
                                                f"{' '.join(key for _, key in RULE_KEYS)} turn the optional rules on and "
                                                "off, p chooses who plays)"))
    re_ = sub.add_parser("resume", help="carry on an unfinished game (default: the most recent)")
    re_.add_argument("game", nargs="?", type=_game_number, help="game number (see `firepower games`)")
    re_.add_argument("--saved-scenario", action="store_true",
                     help="replay with the copy of the scenario stored with the game (if the file changed)")
    re_.add_argument("--take-over", action="store_true",
                     help="open the game even if another window has it open (its moves are refused from then on)")
    _play_options(re_)
    _db_option(re_)
    sub.add_parser("scenarios", help="list the scenarios")
    ca = sub.add_parser("campaign", help="play a campaign of linked scenarios: start one, carry on the latest, list")
    ca.add_argument("action", nargs="?", choices=("start", "resume", "list"), default=None,
                    help="start NAME, resume [NUMBER], or list (default: resume the latest unfinished, else list)")
    ca.add_argument("what", nargs="?", default=None, help="the campaign's id to start, or a stored campaign's number")
    _computer_options(ca)
    _play_options(ca)
    _db_option(ca)
    ga = sub.add_parser("games", help="list the stored games")
    _db_option(ga)
    rp = sub.add_parser("replay", help="step through a stored game, read-only")
    rp.add_argument("game", type=_game_number)
    rp.add_argument("--ascii", action="store_true")
    rp.add_argument("--saved-scenario", action="store_true")
    _db_option(rp)
    rv = sub.add_parser("review", help="the turning points of a stored game: each person's decision against the "
                                       "computer's best (kept with the game)")
    rv.add_argument("game", type=_game_number)
    _db_option(rv)
    ex = sub.add_parser("export", help="write a game record (JSON) for e-mail or a bug report")
    ex.add_argument("game", type=_game_number)
    ex.add_argument("file")
    _db_option(ex)
    im = sub.add_parser("import", help="load a game record into the store")
    im.add_argument("file")
    _db_option(im)
    stt = sub.add_parser("stats", help="dice statistics per player, for one game or all")
    stt.add_argument("game", nargs="?", type=_game_number)
    _db_option(stt)
    _net_parsers(sub)
    _remote_commands(sub)
    _learn_and_map_parsers(sub)
    _play_options(p)  # no command: the default start (R22)
    _rule_options(p)
    _db_option(p)
    _keep_main_options(p, sub)
    return p


def _keep_main_options(main: argparse.ArgumentParser, sub: Any) -> None:
    """An option of the main parser that a command repeats (``--ascii``, ``--seed``, ``--db`` …)
    keeps its value given before the command (``firepower --ascii play``): the command's copy has
    no default of its own, so argparse does not write its default over the main parser's value;
    given after the command, it wins as before."""
    shared = {action.dest for action in main._actions if action.option_strings} - {"help"}
    for command in sub.choices.values():
        for action in command._actions:
            if action.option_strings and action.dest in shared:
                action.default = argparse.SUPPRESS


def _remote_commands(sub: Any) -> None:
    """``ssh-setup`` and ``web``: play one stored game from SSH or a browser (cli/ssh_setup.py, cli/web.py)."""
    ss = sub.add_parser("ssh-setup", help="print authorized_keys lines pinning each SSH key to a side")
    ss.add_argument("game", type=_game_number, help="game number (see `firepower games`; `firepower host` starts one)")
    ss.add_argument("--key", action="append", default=[], metavar="SIDE=FILE", required=True,
                    help="a player's public key (e.g. tan=~/.ssh/id_ed25519.pub); once per key")
    _db_option(ss)
    we = sub.add_parser("web", help="serve the hosted games to browser tabs (loopback unless --host)")
    we.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    we.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000; 0: any free port)")
    _db_option(we)


def _learn_and_map_parsers(sub: argparse._SubParsersAction[_Parser]) -> None:
    """``learn`` and ``map`` (run by cli/learn.py and cli/map_cmd.py, imported only when
    they run: ``--help`` loads nothing but this module)."""
    le = sub.add_parser("learn", help="learn the rules by playing: guided lessons, progress kept")
    le.add_argument("lesson", nargs="?", default=None,
                    help="begin this lesson at once (its number or id; see --list); default: the list")
    le.add_argument("--list", action="store_true", help="print the lessons and how far you got, and exit")
    le.add_argument("--reset", action="store_true", help="forget the progress made in every lesson")
    le.add_argument("--ascii", action="store_true", help="no Unicode glyphs on the map")
    ed = sub.add_parser("edit", help="the map and scenario editor: paint terrain, place buildings, walls and men, "
                                     "fill in the scenario; every problem listed as you edit (keys: ? inside)")
    ed.add_argument("file", nargs="?", default=None, metavar="FILE",
                    help="the scenario file or id to edit (a new file if it does not exist; none: asked on saving)")
    ed.add_argument("--new", metavar="CxR", default=None, help="a new map of C columns and R rows (up to 60x60)")
    ed.add_argument("--ascii", action="store_true", help="no Unicode glyphs")
    mp = sub.add_parser("map", help="print a scenario's map (show), or check a scenario file and mark its map (check)")
    acts = mp.add_subparsers(dest="map_command", metavar="ACTION", required=True)
    show = acts.add_parser("show", help="the map as the app draws it, to stdout")
    show.add_argument("scenario", help="scenario id or .toml file")
    check = acts.add_parser("check", help="validate a scenario file (as `firepower validate`) and print its map "
                                          "with the deployment zones, objectives and problems marked")
    check.add_argument("file", help="the scenario file")
    for p in (show, check):
        p.add_argument("--ascii", action="store_true", help="no Unicode glyphs")
        p.add_argument("--no-color", action="store_true", help="no colours (also with NO_COLOR set)")
        p.add_argument("--width", type=int, default=None, metavar="N",
                       help="cut a wider map into bands of at most N columns (default: the terminal's width "
                            "on a terminal, else never; 0: never)")
        p.add_argument("--detailed", action="store_true", help="the detailed zoom (hex ids, markers)")


def _play_arguments(pl: argparse.ArgumentParser) -> None:
    pl.add_argument("scenario", nargs="?", default=None, help="scenario id or .toml file")
    pl.add_argument("--deploy", action="store_true",
                    help="place the squads in the scenario's deployment zones instead of its fixed positions")
    _computer_options(pl)
    _play_options(pl)
    _rule_options(pl)
    _db_option(pl)


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line parsed. ``firepower play ...`` (how a game starts) is parsed by the
    play command's parser alone, the same parser as the full one's subcommand (same usage,
    help and errors), not after building the ten others (~3 ms of every start)."""
    words = sys.argv[1:] if argv is None else list(argv)
    if words[:1] == ["play"]:
        play = _Parser(prog="firepower play")
        _play_arguments(play)
        args, extra = play.parse_known_args(words[1:], argparse.Namespace(command="play"))
        if not extra:
            return args
    return _parser().parse_args(argv)  # (unrecognized arguments are the full parser's error)


def _net_parsers(sub: argparse._SubParsersAction[_Parser]) -> None:
    """``host`` and ``join``: two terminals, one game (cli/net.py runs them)."""
    ho = sub.add_parser("host", help="start a game for two terminals and print how each player joins it")
    ho.add_argument("scenario", help="scenario id or .toml file")
    ho.add_argument("--seed", type=_seed, default=None,
                    help="dice seed (default: random, and shown to nobody until the game ends; a seed you give, "
                         "you know: for tests)")
    ho.add_argument("--deploy", action="store_true",
                    help="place the squads in the scenario's deployment zones instead of its fixed positions")
    _rule_options(ho)
    _db_option(ho)
    jo = sub.add_parser("join", help="play one side of a hosted game (the other side joins in another terminal)")
    jo.add_argument("game", type=_game_number, help="game number (printed by `firepower host`; see `firepower games`)")
    jo.add_argument("--side", default=None, help="the side you play (its id or name, e.g. tan)")
    jo.add_argument("--ascii", action="store_true", help="no Unicode glyphs on the map")
    jo.add_argument("--saved-scenario", action="store_true",
                    help="play with the copy of the scenario stored with the game (if the file changed)")
    jo.add_argument("--watch", action="store_true",
                    help="watch the game read-only instead of playing a side (no --side): the map and log live")
    _db_option(jo)
    _serve_parsers(sub)


def _serve_parsers(sub: argparse._SubParsersAction[_Parser]) -> None:
    """``serve`` (cli/serve.py) and ``served``, the game process of one connection, which the
    server alone starts (not listed in the help: its identity options are the server's word)."""
    se = sub.add_parser("serve", help="an SSH game server: players connect with ssh alone (a lobby, watchers, chat)")
    se.add_argument("--listen", default="127.0.0.1:2222", metavar="HOST:PORT",
                    help="address to listen on (default 127.0.0.1:2222: this machine only; 0.0.0.0:2222 for "
                         "everyone who can reach it)")
    who = se.add_mutually_exclusive_group()
    who.add_argument("--allow-keys", default=None, metavar="FILE",
                     help="an authorized_keys file: only these SSH keys may connect")
    who.add_argument("--open", action="store_true", help="any SSH key may connect")
    se.add_argument("--max-per-address", type=_positive, default=4, metavar="N",
                    help="connections at once from one address (default 4)")
    se.add_argument("--max-new-per-minute", type=_positive, default=20, metavar="N",
                    help="new connections a minute from one address (default 20)")
    se.add_argument("--max-connections", type=_positive, default=40, metavar="N",
                    help="connections at once in all (default 40)")
    se.add_argument("--idle-timeout", type=_positive, default=1800, metavar="SECONDS",
                    help="close a connection after this long without a key (default 1800)")
    _db_option(se)
    sd = sub.add_parser("served")
    sd.add_argument("--name", required=True)
    sd.add_argument("--key", required=True)
    sd.add_argument("--link", default="ssh -p 2222 {name}@localhost")
    target = sd.add_mutually_exclusive_group()
    target.add_argument("--join", type=_game_number, default=None)
    target.add_argument("--watch", type=_game_number, default=None)
    target.add_argument("--record", type=_game_number, default=None)
    sd.add_argument("--ascii", action="store_true")
    _db_option(sd)


def _db_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", default=None, help="game database (default: $XDG_DATA_HOME/firepower/games.db)")


def _play_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=_seed, default=None, help="dice seed (default: random)")
    p.add_argument("--ascii", action="store_true", help="no Unicode glyphs on the map")
    p.add_argument("--handover", action="store_true", help="ask to pass the keyboard at each new impulse phase")
    p.add_argument("--theme", choices=THEME_NAMES, default=argparse.SUPPRESS,  # (a subcommand's keeps the main's)
                   help="colour theme, remembered for next time: default, or colour-blind (the sides told apart by "
                        "lightness and letter case)")
    p.add_argument("--show-cursor", action=argparse.BooleanOptionalAction, default=argparse.SUPPRESS,
                   help="show the terminal's own cursor on the map's cursor hex (for screen magnifiers and braille "
                        "displays), remembered for next time")
    p.add_argument("--pace", type=_pace, default=None, metavar="SECONDS",
                   help="seconds between the computer's actions (default 0.6; 0: at once)")


def _computer_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--vs-computer", default=None, metavar="SIDE",
                   help="the computer plays SIDE (a side id, e.g. tan); you play the other")
    p.add_argument("--level", default="normal", choices=("easy", "normal", "hard", "expert"),
                   help="the computer's level (default: normal); expert searches within --think seconds")
    p.add_argument("--think", type=_think, default=None, metavar="SECONDS",
                   help="seconds the expert may think over a decision (default 1; kept with the game)")
    p.add_argument("--no-advice", dest="advice", action="store_false",
                   help="a fair match: the computer's advice (a) is refused in this game (kept with it)")


def _whole_number(text: str, low: int, high: int, what: str) -> int:
    """``text`` as a whole number from ``low`` to ``high``, else a usage error naming ``what``."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number") from None
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"{what} is a whole number from {low} to {high}, not {text[:40]}")
    return value


def _game_number(text: str) -> int:
    """A game's number (``firepower games`` lists them); a stored id is a 64-bit integer."""
    return _whole_number(text, 1, 2**63 - 1, "a game number")


def _positive(text: str) -> int:
    return _whole_number(text, 1, 10**6, "a count")


def _port(text: str) -> int:
    return _whole_number(text, 0, 65535, "a port")


def _seed(text: str) -> int:
    """``--seed``: a whole number a stored game can keep (ruling R190)."""
    from ..rules.model.dice import MAX_SEED

    return _whole_number(text, 0, MAX_SEED, "a seed")


def _seconds(text: str, low: float, high: float, span: str) -> float:
    """``text`` as seconds from ``low`` to ``high``, else a usage error saying ``span``."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not low <= seconds <= high:
        raise argparse.ArgumentTypeError(f"{text}: between {span} seconds")
    return seconds


def _think(text: str) -> float:
    return _seconds(text, 0.05, 60, "0.05 and 60")


def _pace(text: str) -> float:
    return _seconds(text, 0, 10, "0 (instant) and 10")


def _rule_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", type=_rule_list, default=None, metavar="IDS",
                   help="optional rules (rulebook §9) instead of the scenario's own: ids joined by commas "
                        f"({', '.join(rule for rule, _ in RULE_KEYS)}), none, or all")
    p.add_argument("--clock", type=_clock_seconds, default=None, metavar="SECONDS",
                   help="play with the phase clock (§9.8): SECONDS per impulse phase (10-3600)")


def _rule_list(text: str) -> tuple[str, ...]:
    """``--rules``: checked as it is parsed, so a wrong id is a usage error (exit 2) naming it."""
    from ..rules.scenario.options import RuleChoiceError, parse_rule_list

    try:
        return parse_rule_list(text)
    except RuleChoiceError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _clock_seconds(text: str) -> int:
    from ..rules.scenario.options import check_clock

    try:
        seconds = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    problem = check_clock(seconds)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return seconds


def chosen_rules(args: argparse.Namespace, scenario_rules: Sequence[str]) -> tuple[str, ...] | None:
    """The optional rules the command line asks for, or None (the scenario's own). ``--clock``
    turns the clock on, on top of the scenario's rules or ``--rules`` (ruling R50).

    >>> chosen_rules(argparse.Namespace(rules=None, clock=60), ["overwatch"])
    ('overwatch', 'clock')
    """
    rules: tuple[str, ...] | None = getattr(args, "rules", None)
    if getattr(args, "clock", None) is None:
        return rules
    from ..rules.scenario.options import ordered

    return ordered((*(scenario_rules if rules is None else rules), "clock"))
