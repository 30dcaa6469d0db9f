"""Two terminals, one game: ``firepower host SCENARIO`` stores a new game and prints how each
player joins it; ``firepower join GAME --side SIDE`` plays one side of it (the other side plays
in another terminal, on this machine or over SSH, through the same game store)."""

from __future__ import annotations

import argparse
import random
import shlex
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (as in cli/__init__)
if TYPE_CHECKING:
    from ..games.store import Store


def run(args: argparse.Namespace) -> int:
    from ..games.store import Store, default_db_path

    store = Store(args.db or default_db_path())
    try:
        return host(store, args) if args.command == "host" else join(store, args)
    finally:
        store.close()


def host(store: Store, args: argparse.Namespace) -> int:
    from ..games.service import new_game
    from ..games.scenario_cache import load_cached
    from ..rules.model.dice import MAX_SEED
    from .parsers import chosen_rules

    scenario = load_cached(args.scenario)
    deploy = bool(args.deploy)
    if deploy and not scenario.has_zones:
        print(f"firepower: {scenario.id} has no deployment zones; playing its fixed positions", file=sys.stderr)
        deploy = False
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(MAX_SEED + 1)
    options = {"deploy": deploy, "rules": chosen_rules(args, scenario.spec.rules), "clock": args.clock}
    _, game_id = new_game(store, scenario, seed, options)
    store.share(game_id)
    store.release(game_id)  # nobody plays it here: each player joins it
    db = f" --db {shlex.quote(str(store.path))}" if args.db else ""
    print(f"Game {game_id}: {scenario.spec.title} ({scenario.id}), stored in {store.path}.")  # no seed (R181)
    print("Each player runs, in his own terminal:")
    width = max(len(s.name) for s in scenario.spec.sides) + 1
    for s in scenario.spec.sides:
        print(f"  {s.name + ':':<{width}} firepower join {game_id} --side {s.id}{db}")
    return 0


def side_id(sides: list[str], names: dict[str, str], given: str) -> str:
    """The side ``given`` names (its id or its name, any case).

    >>> side_id(["tan", "green"], {"tan": "Tan", "green": "Green"}, "GREEN")
    'green'
    """
    for s in sides:
        if given.lower() in (s.lower(), names.get(s, s).lower()):
            return s
    return given  # (refused by SharedGame, which lists the sides)


def join(store: Store, args: argparse.Namespace) -> int:
    from ..games.shared import SharedGame
    from ..rules.model.errors import GameRefusal

    g = store.game(args.game)
    if g.finished:
        raise GameRefusal(f"{store.path}: game {g.id} is finished ({g.result}); "
                          f"watch it with `firepower replay {g.id}`")
    pid = store.open_elsewhere(g.id)
    if pid is not None:
        raise GameRefusal(f"{store.path}: game {g.id} is open hotseat in another firepower (pid {pid}); "
                          "close it there first, then each player joins it")
    link = SharedGame(store, g.id, side_id(g.sides, _side_names(g.scenario_text), args.side))
    from .hangup import missing_terminal, run_app

    missing = missing_terminal("the game needs a terminal (over SSH: `ssh -t`)")
    if missing is not None:
        return missing
    session = link.open(use_saved=args.saved_scenario)
    from ..ui.shared_app import SharedApp

    run_app(SharedApp(session, link, ascii=args.ascii))  # ends cleanly on SIGHUP or end of input
    return 0


def _side_names(scenario_text: str) -> dict[str, str]:
    """The sides' names in a stored scenario text (id -> name), for ``--side Green``."""
    import tomllib

    try:
        data = tomllib.loads(scenario_text)
    except tomllib.TOMLDecodeError:
        return {}
    return {str(s.get("id")): str(s.get("name", s.get("id"))) for s in data.get("sides", []) if isinstance(s, dict)}
