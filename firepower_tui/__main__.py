"""The ``firepower`` command.

The only place that turns a :class:`FirepowerError` into a message on stderr and an exit
code (STYLE.md §6): users never see a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import __version__


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
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
    pl = sub.add_parser("play", help="play a scenario hotseat (default: basic)")
    pl.add_argument("scenario", nargs="?", default="basic", help="scenario id or .toml file")
    _play_options(pl)
    return p


def _play_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=None, help="dice seed (default: random)")
    p.add_argument("--ascii", action="store_true", help="no Unicode glyphs on the map")
    p.add_argument("--handover", action="store_true", help="ask to pass the keyboard at each new impulse phase")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``firepower`` console script."""
    from .rules.errors import FirepowerError

    parser = _parser()
    _play_options(parser)
    args = parser.parse_args(argv)
    try:
        if args.command == "script":
            from .script import run_script_file

            return run_script_file(args.file, as_json=args.json)
        if args.command == "validate":
            return _validate(args.files)
        if args.command in (None, "play"):
            return _play(getattr(args, "scenario", "basic"), args)
        _parser().print_help()
        return 0
    except FirepowerError as exc:
        print(f"firepower: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


def _play(scenario_ref: str, args: argparse.Namespace) -> int:
    import random

    from .rules.scenario import load_scenario

    scenario = load_scenario(scenario_ref)
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print("firepower: the game needs a terminal (use `firepower script FILE` for headless play)",
              file=sys.stderr)
        return 2
    from .ui.app import make_app

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    make_app(scenario, seed=seed, ascii=args.ascii, handover=args.handover).run()
    return 0


def _validate(files: list[str]) -> int:
    from .rules.errors import FirepowerError
    from .rules.scenario import load_scenario

    worst = 0
    for f in files:
        try:
            sc = load_scenario(f)
        except FirepowerError as exc:
            print(str(exc), file=sys.stderr)
            worst = 2
        else:
            print(f"{f}: ok ({sc.spec.title}; {sc.spec.map.columns}x{sc.spec.map.rows}, "
                  f"{len(sc.spec.soldiers)} soldiers, {sc.spec.turns} turns)")
    return worst


if __name__ == "__main__":
    sys.exit(main())
