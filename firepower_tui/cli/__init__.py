"""The ``firepower`` command.

The only place that turns a :class:`FirepowerError` into a message on stderr and an exit
code (docs/style.md §6), and any other exception into a crash report and exit code 3
(:func:`main`): users never see a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing at start-up (mypy knows the name)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from ..games.session import Session
    from ..games.store import Store
    from ..rules.model.scenario import Scenario

from .parsers import (THEME_NAMES, _HelpFormatter, _parse, _parser, _Parser, _terminal_columns,  # noqa: F401
                      _db_option, _play_arguments, chosen_rules)
from .terminal import catch_hangup


APP_COMMANDS = (None, "play", "resume", "replay", "join", "learn", "served", "edit")
"""The commands that open the app (no command: the title screen or a new game)."""


EXIT_INTERNAL = 3
"""The exit code of an internal error (a bug: a crash report is written). The others of every
command (docs/notation.md, "Exit codes"): 0 success; 1 a refused action or a game that refuses
the command (:class:`~firepower_tui.rules.model.errors.GameRefusal`); 2 bad input, a file, a record or
an argument (every other :class:`~firepower_tui.rules.model.errors.FirepowerError`, and argparse's
usage errors)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``firepower`` console script."""
    import signal

    previous = catch_hangup()  # from the first moment: a hang-up while parsing is noticed too
    try:
        args = _parse(argv)  # --help, --version and usage errors exit here, before any rules import
        if args.command not in APP_COMMANDS and previous is not None:
            signal.signal(signal.SIGHUP, previous)  # (any other command ends as the default says)
            previous = None
        return _main(args, argv)
    finally:
        if previous is not None:
            signal.signal(signal.SIGHUP, previous)


def _main(args: argparse.Namespace, argv: Sequence[str] | None) -> int:
    """The parsed command run; its exit code (see :data:`EXIT_INTERNAL`)."""
    import gc

    paused = args.command in APP_COMMANDS and gc.isenabled()
    if paused:
        # Start-up makes some 120,000 long-lived objects (Textual, the rules, the first frame)
        # and little garbage (~0.7 MB of cycles): the cyclic collections meanwhile only walk
        # the survivors, 50-80 ms in all on a 2-core machine. The app freezes them and resumes
        # collection once its first frame is on the screen (ui.app.resume_gc); any way out of
        # main resumes it too.
        gc.disable()
    from ..rules.model.errors import FirepowerError
    from .terminal import say

    if hasattr(sys.stdout, "reconfigure"):  # a file name or id holding undecodable bytes prints escaped
        sys.stdout.reconfigure(errors="backslashreplace")
    try:
        return _run(args)
    except FirepowerError as exc:
        say(f"firepower: {exc}")
        return exc.exit_code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - the one place a bug becomes a report, not a traceback
        return _crashed(exc, argv)
    finally:
        if paused:
            gc.enable()


def _crashed(exc: BaseException, argv: Sequence[str] | None) -> int:
    """A bug: its traceback goes to a crash report, the player gets its path and exit code 3."""
    from ..rules.kit.untrusted import cut
    from ..ui.crash import write_crash_report
    from .terminal import say

    words = sys.argv[1:] if argv is None else list(argv)
    path = write_crash_report(exc, cut("firepower " + " ".join(map(str, words)), 2000))
    try:
        say(f"firepower: an internal error stopped the command ({type(exc).__name__}).\n"
             f"A report was saved to {path}; please attach it to a bug report.")
    except (OSError, ValueError):  # (stderr itself is gone)
        pass
    return EXIT_INTERNAL


def _run(args: argparse.Namespace) -> int:
    """The command ``args`` names."""
    if getattr(args, "theme", None):
        from ..games.settings import save_setting

        save_setting("theme", args.theme)
    if getattr(args, "show_cursor", None) is not None:
        from ..games.settings import save_setting

        save_setting("cursor", args.show_cursor)
    if args.command == "script":
        from ..headless.script import run_script_file
        from ..players.opponent import Opponent

        return run_script_file(args.file, as_json=args.json, make_player=Opponent, strict=args.strict)
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
    if args.command in ("serve", "served"):
        from . import served

        return served.run(args)
    if args.command == "learn":
        from . import learn

        return learn.run(args)
    if args.command == "edit":
        from . import edit_cmd

        return edit_cmd.run(args)
    if args.command == "map":
        from . import map_cmd

        return map_cmd.run(args)
    from . import games as cli_games

    return cli_games.run(args)


def _remote(args: argparse.Namespace) -> int:
    if args.command == "ssh-setup":
        from .ssh_setup import run

        return run(args)
    from pathlib import Path

    from ..games.store import default_db_path
    from .web import WebConfig, new_token, serve

    return serve(WebConfig(db=(Path(args.db) if args.db else default_db_path()).absolute(), host=args.host,
                           port=args.port, token=new_token()))


def _missing_terminal() -> int | None:
    from .hangup import missing_terminal

    return missing_terminal("the game needs a terminal (use `firepower script FILE` for headless play)")


def _starter(store: Store, args: argparse.Namespace) -> Callable[..., tuple[Session, int]]:
    """A function that starts a new stored game of a scenario (seeded by --seed, else at random)."""
    import random

    from ..games.scenario_cache import load_cached
    from ..games.service import new_game
    from ..rules.model.dice import MAX_SEED

    def start(scenario_ref: str, deploy: bool = False, rules: tuple[str, ...] | None = None, *,  # noqa: ANN202
              scenario: Scenario | None = None, players: dict[str, str] | None = None,
              advice: bool | None = None) -> tuple[Session, int]:
        """``scenario``: already loaded from ``scenario_ref`` (else it is loaded here); ``rules``:
        the optional rules chosen in the picker (else the command line's, else the scenario's);
        ``players``: who plays each side, chosen in the picker (else ``--vs-computer``);
        ``advice``: advice allowed, chosen in the picker (else not ``--no-advice``)."""
        scenario = scenario if scenario is not None else load_cached(scenario_ref)
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(MAX_SEED + 1)
        if deploy and not scenario.has_zones:
            print(f"firepower: {scenario.id} has no deployment zones; playing its fixed positions", file=sys.stderr)
            deploy = False
        chosen = rules if rules is not None else chosen_rules(args, scenario.spec.rules)
        options = {"deploy": deploy, "rules": chosen, "clock": getattr(args, "clock", None),
                   "players": players if players is not None else _players(args, scenario),
                   "think": getattr(args, "think", None),
                   "advice": advice if advice is not None else getattr(args, "advice", True)}
        return new_game(store, scenario, seed, options)

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
    from ..rules.model.errors import FirepowerError

    try:
        return versus_computer([s.id for s in scenario.spec.sides], side.lower(), getattr(args, "level", "normal"))
    except SeatError as exc:
        raise FirepowerError(f"--vs-computer: {exc}") from None


def _play(scenario_ref: str, args: argparse.Namespace) -> int:
    from ..games.scenario_cache import load_cached
    from ..games.store import Store, default_db_path

    scenario = load_cached(scenario_ref)  # a broken or unknown scenario is reported before anything else
    _players(args, scenario)  # a side that is not the scenario's, likewise
    missing = _missing_terminal()
    if missing is not None:
        return missing
    from ..ui.app import make_app

    store = Store(args.db or default_db_path())
    session, game_id = _starter(store, args)(scenario_ref, bool(getattr(args, "deploy", False)), scenario=scenario)
    from .hangup import run_app

    run_app(make_app(session.scenario, session=session, store=store, game_id=game_id, ascii=args.ascii,
                     handover=args.handover, pace=args.pace))
    return 0


def all_scenarios() -> list[tuple[Scenario, bool]]:
    """The scenario picker's list (:func:`.scenario_list.all_scenarios`)."""
    from .scenario_list import all_scenarios as scenarios

    return scenarios()


def _scenarios() -> int:
    from ..rules.scenario.options import rules_label

    for sc, deploy in all_scenarios():
        spec = sc.spec
        forces = ", ".join(f"{f.budget} pts" for f in spec.forces.values()) or f"{len(spec.soldiers)} men"
        name = f"{spec.id}{' --deploy' if deploy else ''}"
        first = spec.description.strip().split(". ")[0].replace("\n", " ")
        print(f"{name:<16} {spec.title}: {spec.map.columns}x{spec.map.rows}, {spec.turns} turns, {forces}, "
              f"{'zones' if deploy or sc.needs_deployment else 'fixed'}, {spec.victory}")
        rules = f"optional rules: {rules_label(spec.rules)}" if spec.rules else "no optional rules (the basic game)"
        print(f"{'':<16} {rules}")
        print(f"{'':<16} {first}.")
    return 0


def _pick_and_play(args: argparse.Namespace) -> int:
    from ..games.store import Store, default_db_path

    missing = _missing_terminal()
    if missing is not None:
        return missing
    from ..ui.app import FirepowerApp

    store = Store(args.db or default_db_path())
    from .hangup import run_app

    run_app(FirepowerApp(None, ascii=args.ascii, handover=args.handover, store=store, picker=all_scenarios(),
                         on_pick=_starter(store, args), pace=args.pace, **_picker_start(args)))
    return 0


def _picker_start(args: argparse.Namespace) -> dict[str, Any]:
    """The rules and clock the scenario picker starts each scenario with: the command line's."""
    return {"picker_rules": lambda sc: chosen_rules(args, sc.spec.rules), "picker_clock": args.clock,
            "picker_players": (getattr(args, "vs_computer", None), getattr(args, "level", "normal")),
            "picker_advice": getattr(args, "advice", True)}


def _default(args: argparse.Namespace) -> int:
    """No command: the title screen if a game is unfinished, else the basic scenario at once."""
    from ..games.service import resume_game
    from ..games.store import Store, default_db_path

    store = Store(getattr(args, "db", None) or default_db_path())
    latest = store.latest_unfinished()
    if latest is None:
        return _play("basic", args)
    missing = _missing_terminal()
    if missing is not None:
        return missing
    from ..ui.app import FirepowerApp

    start = _starter(store, args)

    def choose(choice: str) -> tuple[Session, int]:
        return resume_game(store, latest.id) if choice == "continue" else start("basic")

    label = f"game {latest.id}, {latest.scenario_id}, turn {latest.turn}"
    from .hangup import run_app

    app = FirepowerApp(None, ascii=args.ascii, handover=args.handover, store=store, pace=args.pace,
                       title=(label, "basic (two equal squads)"), on_choice=choose,
                       picker=all_scenarios(), on_pick=start, **_picker_start(args))
    run_app(app)
    if app.next_command == "learn":  # chosen on the title screen
        from . import learn

        return learn.run(argparse.Namespace(lesson=None, list=False, reset=False, ascii=args.ascii))
    return 0


def _validate(files: list[str]) -> int:
    from ..rules.model.errors import FirepowerError
    from ..rules.scenario.load import load_scenario
    from .terminal import say

    worst = 0
    for f in files:
        try:
            sc = load_scenario(f)  # always through the schema (never the cache of checked texts)
        except FirepowerError as exc:
            say(str(exc))
            worst = 2
        else:
            print(f"{f}: ok ({sc.spec.title}; {sc.spec.map.columns}x{sc.spec.map.rows}, "
                  f"{len(sc.spec.soldiers)} soldiers, {sc.spec.turns} turns)")
    return worst


if __name__ == "__main__":
    sys.exit(main())
