"""The ``firepower`` command.

The only place that turns a :class:`FirepowerError` into a message on stderr and an exit
code (STYLE.md §6): users never see a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .. import __version__

THEME_NAMES = ("default", "colour-blind")
"""The themes of ui/theme.py (named here so that parsing the options imports no UI)."""

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing at start-up (mypy knows the name)
if TYPE_CHECKING:
    from typing import Any

    from ..rules.scenario import Scenario


def _terminal_columns() -> int:
    """``shutil.get_terminal_size().columns``, the width argparse lays help out to, found the same
    way ($COLUMNS, else the terminal on stdout, else 80) without importing shutil (and with it
    bz2, lzma and zlib) at every start."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
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


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="firepower",
        description="FIREPOWER (Avalon Hill, 1984): man-to-man tactical combat, hotseat in a terminal.",
    )
    p.add_argument("--version", action="version", version=f"firepower-tui {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sc = sub.add_parser("script", help="run a script of actions headless (docs/notation.md)")
    sc.add_argument("file", help="the script file")
    sc.add_argument("--json", action="store_true", help="one JSON object per line")
    va = sub.add_parser("validate", help="check scenario files and list every problem")
    va.add_argument("files", nargs="+", metavar="FILE")
    _play_arguments(sub.add_parser("play", help="play a scenario hotseat (no id: choose from a list)"))
    re_ = sub.add_parser("resume", help="carry on an unfinished game (default: the most recent)")
    re_.add_argument("game", nargs="?", type=int, help="game number (see `firepower games`)")
    re_.add_argument("--saved-scenario", action="store_true",
                     help="replay with the copy of the scenario stored with the game (if the file changed)")
    _play_options(re_)
    _db_option(re_)
    sub.add_parser("scenarios", help="list the scenarios")
    ga = sub.add_parser("games", help="list the stored games")
    _db_option(ga)
    rp = sub.add_parser("replay", help="step through a stored game, read-only")
    rp.add_argument("game", type=int)
    rp.add_argument("--ascii", action="store_true")
    rp.add_argument("--saved-scenario", action="store_true")
    _db_option(rp)
    ex = sub.add_parser("export", help="write a game record (JSON) for e-mail or a bug report")
    ex.add_argument("game", type=int)
    ex.add_argument("file")
    _db_option(ex)
    im = sub.add_parser("import", help="load a game record into the store")
    im.add_argument("file")
    _db_option(im)
    stt = sub.add_parser("stats", help="dice statistics per player, for one game or all")
    stt.add_argument("game", nargs="?", type=int)
    _db_option(stt)
    _net_parsers(sub)
    _remote_commands(sub)
    _learn_and_map_parsers(sub)
    _play_options(p)  # no command: the default start (R22)
    _rule_options(p)
    _db_option(p)
    return p


def _remote_commands(sub: Any) -> None:
    """``ssh-setup`` and ``web``: play one stored game from SSH or a browser (cli/ssh_setup.py, cli/web.py)."""
    ss = sub.add_parser("ssh-setup", help="print authorized_keys lines pinning each SSH key to a side")
    ss.add_argument("game", type=int, help="game number (see `firepower games`; `firepower host` starts one)")
    ss.add_argument("--key", action="append", default=[], metavar="SIDE=FILE", required=True,
                    help="a player's public key (e.g. tan=~/.ssh/id_ed25519.pub); once per key")
    _db_option(ss)
    we = sub.add_parser("web", help="serve the hosted games to browser tabs (loopback unless --host)")
    we.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    we.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000; 0: any free port)")
    _db_option(we)


def _learn_and_map_parsers(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """``learn`` and ``map`` (issue 15; run by cli/learn.py and cli/map_cmd.py, imported only when
    they run: ``--help`` loads nothing but this module)."""
    le = sub.add_parser("learn", help="learn the rules by playing: guided lessons, progress kept")
    le.add_argument("lesson", nargs="?", default=None,
                    help="begin this lesson at once (its number or id; see --list); default: the list")
    le.add_argument("--list", action="store_true", help="print the lessons and how far you got, and exit")
    le.add_argument("--reset", action="store_true", help="forget the progress made in every lesson")
    le.add_argument("--ascii", action="store_true", help="no Unicode glyphs on the map")
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


def _net_parsers(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """``host`` and ``join``: two terminals, one game (cli/net.py runs them)."""
    ho = sub.add_parser("host", help="start a game for two terminals and print how each player joins it")
    ho.add_argument("scenario", help="scenario id or .toml file")
    ho.add_argument("--seed", type=int, default=None, help="dice seed (default: random)")
    ho.add_argument("--deploy", action="store_true",
                    help="place the squads in the scenario's deployment zones instead of its fixed positions")
    _rule_options(ho)
    _db_option(ho)
    jo = sub.add_parser("join", help="play one side of a hosted game (the other side joins in another terminal)")
    jo.add_argument("game", type=int, help="game number (printed by `firepower host`; see `firepower games`)")
    jo.add_argument("--side", required=True, help="the side you play (its id or name, e.g. tan)")
    jo.add_argument("--ascii", action="store_true", help="no Unicode glyphs on the map")
    jo.add_argument("--saved-scenario", action="store_true",
                    help="play with the copy of the scenario stored with the game (if the file changed)")
    _db_option(jo)


def _db_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", default=None, help="game database (default: $XDG_DATA_HOME/firepower/games.db)")


def _play_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=None, help="dice seed (default: random)")
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
    p.add_argument("--level", default="normal", choices=("easy", "normal", "hard"),
                   help="the computer's level (default: normal)")


def _pace(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= seconds <= 10:
        raise argparse.ArgumentTypeError(f"{text}: between 0 (instant) and 10 seconds")
    return seconds


def _rule_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", type=_rule_list, default=None, metavar="IDS",
                   help="optional rules (RULES.md §9) instead of the scenario's own: ids joined by commas "
                        "(overwatch, hit_the_dirt, hiding, melee_reactions, clock), none, or all")
    p.add_argument("--clock", type=_clock_seconds, default=None, metavar="SECONDS",
                   help="play with the phase clock (§9.8): SECONDS per impulse phase (10-3600)")


def _rule_list(text: str) -> tuple[str, ...]:
    """``--rules``: checked as it is parsed, so a wrong id is a usage error (exit 2) naming it."""
    from ..rules.options import RuleChoiceError, parse_rule_list

    try:
        return parse_rule_list(text)
    except RuleChoiceError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _clock_seconds(text: str) -> int:
    from ..rules.options import check_clock

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
    from ..rules.options import ordered

    return ordered((*(scenario_rules if rules is None else rules), "clock"))


APP_COMMANDS = (None, "play", "resume", "replay", "join", "learn")
"""The commands that open the app (no command: the title screen or a new game)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``firepower`` console script."""
    args = _parse(argv)  # --help, --version and usage errors exit here, before any rules import
    import gc

    paused = args.command in APP_COMMANDS and gc.isenabled()
    if paused:
        # Start-up makes some 120,000 long-lived objects (Textual, the rules, the first frame)
        # and little garbage (~0.7 MB of cycles): the cyclic collections meanwhile only walk
        # the survivors, 50-80 ms in all on a 2-core machine. The app freezes them and resumes
        # collection once its first frame is on the screen (ui.app.resume_gc); any way out of
        # main resumes it too.
        gc.disable()
    from ..rules.errors import FirepowerError

    if getattr(args, "theme", None):
        from ..games.settings import save_setting

        save_setting("theme", args.theme)
    if getattr(args, "show_cursor", None) is not None:
        from ..games.settings import save_setting

        save_setting("cursor", args.show_cursor)
    try:
        if args.command == "script":
            from ..headless.script import run_script_file
            from ..players.opponent import Opponent

            return run_script_file(args.file, as_json=args.json, make_player=Opponent)
        if args.command == "validate":
            return _validate(args.files)
        if args.command is None:
            return _default(args)
        if args.command == "play":
            if args.scenario is None:
                return _pick_and_play(args)
            return _play(args.scenario, args)
        if args.command == "scenarios":
            return _scenarios()
        if args.command in ("host", "join"):
            from . import net

            return net.run(args)
        if args.command in ("ssh-setup", "web"):
            return _remote(args)
        if args.command == "learn":
            from . import learn

            return learn.run(args)
        if args.command == "map":
            from . import map_cmd

            return map_cmd.run(args)
        from . import games as cli_games

        return cli_games.run(args)
    except FirepowerError as exc:
        print(f"firepower: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    finally:
        if paused:
            gc.enable()


def _remote(args: argparse.Namespace) -> int:
    if args.command == "ssh-setup":
        from .ssh_setup import run

        return run(args)
    from pathlib import Path

    from ..games.store import default_db_path
    from .web import WebConfig, new_token, serve

    return serve(WebConfig(db=(Path(args.db) if args.db else default_db_path()).absolute(), host=args.host,
                           port=args.port, token=new_token()))


def _need_terminal() -> bool:
    from .hangup import web_driver

    if (sys.stdin.isatty() and sys.stdout.isatty()) or web_driver():
        return True
    print("firepower: the game needs a terminal (use `firepower script FILE` for headless play)", file=sys.stderr)
    return False


def _starter(store: object, args: argparse.Namespace):  # noqa: ANN202
    """A function that starts a new stored game of a scenario (seeded by --seed, else at random)."""
    import random

    from ..games.service import new_game
    from ..rules.scenario import load_scenario

    def start(scenario_ref: str, deploy: bool = False, rules: tuple[str, ...] | None = None, *,  # noqa: ANN202
              scenario: Scenario | None = None, players: dict[str, str] | None = None):
        """``scenario``: already loaded from ``scenario_ref`` (else it is loaded here); ``rules``:
        the optional rules chosen in the picker (else the command line's, else the scenario's);
        ``players``: who plays each side, chosen in the picker (else ``--vs-computer``)."""
        scenario = scenario if scenario is not None else load_scenario(scenario_ref)
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
        if deploy and not scenario.has_zones:
            print(f"firepower: {scenario.id} has no deployment zones; playing its fixed positions", file=sys.stderr)
            deploy = False
        chosen = rules if rules is not None else chosen_rules(args, scenario.spec.rules)
        options = {"deploy": deploy, "rules": chosen, "clock": getattr(args, "clock", None),
                   "players": players if players is not None else _players(args, scenario)}
        return new_game(store, scenario, seed, options)  # type: ignore[arg-type]

    return start


def _players(args: argparse.Namespace, scenario: Scenario) -> dict[str, str] | None:
    """Who plays each side by ``--vs-computer SIDE --level L``; None: hotseat.

    Raises:
        FirepowerError: SIDE is not a side of the scenario (the sides are named).
    """
    side = getattr(args, "vs_computer", None)
    if side is None:
        return None
    from ..games.seats import SeatError, versus_computer
    from ..rules.errors import FirepowerError

    try:
        return versus_computer([s.id for s in scenario.spec.sides], side.lower(), getattr(args, "level", "normal"))
    except SeatError as exc:
        raise FirepowerError(f"--vs-computer: {exc}") from None


def _play(scenario_ref: str, args: argparse.Namespace) -> int:
    from ..rules.scenario import load_scenario
    from ..games.store import Store, default_db_path

    scenario = load_scenario(scenario_ref)  # a broken or unknown scenario is reported before anything else
    _players(args, scenario)  # a side that is not the scenario's, likewise
    if not _need_terminal():
        return 2
    from ..ui.app import make_app

    store = Store(args.db or default_db_path())
    session, game_id = _starter(store, args)(scenario_ref, bool(getattr(args, "deploy", False)), scenario=scenario)
    from .hangup import run_app

    run_app(make_app(session.scenario, session=session, store=store, game_id=game_id, ascii=args.ascii,
                     handover=args.handover, pace=args.pace))
    return 0


def all_scenarios() -> list[tuple[object, bool]]:
    """Every scenario in scenarios/ (a broken file is skipped here; `validate` names it), with a
    deployment variant for those that have both fixed positions and zones."""
    from ..rules.errors import FirepowerError
    from ..rules.scenario import load_scenario, scenario_dirs

    out: list[tuple[object, bool]] = []
    for d in scenario_dirs():
        for path in sorted(d.glob("*.toml"), key=lambda p: (p.stem != "basic", p.stem)):
            try:
                sc = load_scenario(path)
            except FirepowerError:
                continue
            out.append((sc, False))
            if sc.has_zones and not sc.needs_deployment:
                out.append((sc, True))
    return out


def _scenarios() -> int:
    from ..rules.options import rules_label

    for sc, deploy in all_scenarios():
        spec = sc.spec  # type: ignore[attr-defined]
        forces = ", ".join(f"{f.budget} pts" for f in spec.forces.values()) or f"{len(spec.soldiers)} men"
        name = f"{spec.id}{' --deploy' if deploy else ''}"
        first = spec.description.strip().split(". ")[0].replace("\n", " ")
        print(f"{name:<16} {spec.title}: {spec.map.columns}x{spec.map.rows}, {spec.turns} turns, {forces}, "
              f"{'zones' if deploy or sc.needs_deployment else 'fixed'}, {spec.victory}")  # type: ignore[attr-defined]
        rules = f"optional rules: {rules_label(spec.rules)}" if spec.rules else "no optional rules (the basic game)"
        print(f"{'':<16} {rules}")
        print(f"{'':<16} {first}.")
    return 0


def _pick_and_play(args: argparse.Namespace) -> int:
    from ..games.store import Store, default_db_path

    if not _need_terminal():
        return 2
    from ..ui.app import FirepowerApp

    store = Store(args.db or default_db_path())
    from .hangup import run_app

    run_app(FirepowerApp(None, ascii=args.ascii, handover=args.handover, store=store, picker=all_scenarios(),  # type: ignore[arg-type]
                         on_pick=_starter(store, args), pace=args.pace, **_picker_start(args)))
    return 0


def _picker_start(args: argparse.Namespace) -> dict[str, Any]:
    """The rules and clock the scenario picker starts each scenario with: the command line's."""
    return {"picker_rules": lambda sc: chosen_rules(args, sc.spec.rules), "picker_clock": args.clock,
            "picker_players": (getattr(args, "vs_computer", None), getattr(args, "level", "normal"))}


def _default(args: argparse.Namespace) -> int:
    """No command: the title screen if a game is unfinished, else the basic scenario at once."""
    from ..games.service import resume_game
    from ..games.store import Store, default_db_path

    store = Store(getattr(args, "db", None) or default_db_path())
    latest = store.latest_unfinished()
    if latest is None:
        return _play("basic", args)
    if not _need_terminal():
        return 2
    from ..ui.app import FirepowerApp

    start = _starter(store, args)

    def choose(choice: str):  # noqa: ANN202
        return resume_game(store, latest.id) if choice == "continue" else start("basic")

    label = f"game {latest.id}, {latest.scenario_id}, turn {latest.turn}"
    from .hangup import run_app

    app = FirepowerApp(None, ascii=args.ascii, handover=args.handover, store=store, pace=args.pace,
                       title=(label, "basic (two equal squads)"), on_choice=choose,
                       picker=all_scenarios(), on_pick=start, **_picker_start(args))  # type: ignore[arg-type]
    run_app(app)
    if app.next_command == "learn":  # chosen on the title screen
        from . import learn

        return learn.run(argparse.Namespace(lesson=None, list=False, reset=False, ascii=args.ascii))
    return 0


def _validate(files: list[str]) -> int:
    from ..rules.errors import FirepowerError
    from ..rules.scenario import load_scenario

    worst = 0
    for f in files:
        try:
            sc = load_scenario(f, cached=False)  # always through the schema, whatever the cache holds
        except FirepowerError as exc:
            print(str(exc), file=sys.stderr)
            worst = 2
        else:
            print(f"{f}: ok ({sc.spec.title}; {sc.spec.map.columns}x{sc.spec.map.rows}, "
                  f"{len(sc.spec.soldiers)} soldiers, {sc.spec.turns} turns)")
    return worst


if __name__ == "__main__":
    sys.exit(main())
