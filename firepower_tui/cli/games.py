"""The store's commands: resume, games, replay, export, import, stats.

Each command imports what it needs when it runs: listing the games needs only the store,
not the rules engine that replaying one needs.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from ..games.store import Store, default_db_path

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (as in cli/__init__)
if TYPE_CHECKING:
    from ..games.replay import StepRecord
    from ..games.stats import SideStats


def run(args: argparse.Namespace) -> int:
    store = Store(args.db or default_db_path())
    try:
        return COMMANDS[args.command](store, args)
    finally:
        store.close()


def _missing_terminal() -> int | None:
    from .hangup import missing_terminal

    return missing_terminal("the game needs a terminal")


def resume(store: Store, args: argparse.Namespace) -> int:
    from ..games.service import resume_game
    from ..rules.model.errors import FirepowerError

    if args.take_over:
        if args.game is None:
            raise FirepowerError("--take-over needs the game's number (see `firepower games`)")
        pid = store.open_elsewhere(args.game)
        if pid is not None:
            print(f"firepower: warning: game {args.game} is open in another window (firepower, pid {pid}); it is "
                  "taken over here, and any move made there from now on is refused", file=sys.stderr)
    session, game_id = resume_game(store, args.game, use_saved=args.saved_scenario, take_over=args.take_over)
    missing = _missing_terminal()
    if missing is not None:
        store.release(game_id)
        return missing
    from ..ui.app import make_app
    from .hangup import run_app

    run_app(make_app(session.scenario, session=session, store=store, game_id=game_id, ascii=args.ascii,
                     handover=args.handover, pace=args.pace))  # ends cleanly on SIGHUP or end of input
    campaign_farewell(store, game_id)
    return 0


def games(store: Store, args: argparse.Namespace) -> int:
    rows = store.games()
    if not rows:
        print(f"No games in {store.path}.")
        return 0
    from ..games.seats import computer_levels, players_label

    print(f"{'game':>4}  {'scenario':<12} {'turn':>4}  {'sides':<14} {'last played':<16}  state")
    for g in rows:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(g.updated))
        state = f"finished: {g.result}" if g.finished else \
            ("unfinished, two terminals (firepower join)" if g.options.get("shared") else "unfinished")
        players = g.options.get("players")
        who = f"; {players_label(players)}" if computer_levels(players) else ""
        print(f"{g.id:>4}  {g.scenario_id:<12} {g.turn:>4}  {' v '.join(g.sides):<14} {when:<16}  {state}{who}")
    return 0


def replay_cmd(store: Store, args: argparse.Namespace) -> int:
    from ..games.service import load_game

    session = load_game(store, args.game, use_saved=args.saved_scenario)
    missing = _missing_terminal()
    if missing is not None:
        return missing
    from ..ui.app import make_app
    from .hangup import run_app

    run_app(make_app(session.scenario, session=session, store=store, game_id=args.game, ascii=args.ascii,
                     replay_only=True))
    return 0


def export(store: Store, args: argparse.Namespace) -> int:
    from ..games.record import export_game
    from ..rules.model.errors import FirepowerError

    path = Path(args.file)
    if path.exists():
        raise FirepowerError(f"{path} exists; not overwritten (choose another name)")
    try:
        record = export_game(store, args.game, path)
    except OSError as exc:
        raise FirepowerError(f"{path}: cannot write the record: {exc.strerror or exc}") from None
    print(f"game {args.game}: {len(record.entries)} entries written to {path}")
    return 0


def import_cmd(store: Store, args: argparse.Namespace) -> int:
    from ..games.record import read_record
    from ..games.replay import StepRecord, replay, scenario_for
    from ..games.store import Entry
    from ..rules.model.dice import MAX_SEED

    path = Path(args.file)
    record = read_record(path)  # (its scenario text is the one its hash names)
    scenario, _ = scenario_for(record.scenario.id, record.scenario.id, record.scenario.hash, record.scenario.toml,
                               use_saved=bool(record.scenario.toml))
    steps = [StepRecord(e.kind, e.action, e.rolls) for e in record.entries]
    # An unfinished game's record withholds its seed (R181): the dice to come are new ones.
    seed = record.seed if record.seed is not None else random.SystemRandom().randrange(MAX_SEED + 1)
    stamps: list[tuple[int, str | None]] = []
    session = replay(scenario, seed, steps, where=f"{path}: ", stamps=stamps,
                     options=record.options)  # check before storing
    state = session.state
    game_id = store.import_game(  # all of it, or nothing if cut short
        scenario_id=record.scenario.id, scenario_path=record.scenario.id, scenario_hash=record.scenario.hash,
        scenario_text=record.scenario.toml, seed=seed, sides=state.sides, options=record.options,
        entries=[Entry(seq=i, kind=e.kind, notation=e.action, rolls=e.rolls, turn=turn, side=side)
                 for i, (e, (turn, side)) in enumerate(zip(record.entries, stamps), start=1)],
        turn=state.turn, finished=state.over, result=state.result)
    print(f"{path}: imported as game {game_id} ({record.scenario.id}, {len(record.entries)} entries, "
          f"turn {state.turn}{', finished' if state.over else ''})")
    print(_dice_note(record.seed, steps))
    return 0


def _dice_note(seed: int | None, steps: list[StepRecord]) -> str:
    """Whether a record's rolls are its seed's (R181)."""
    from ..games.replay import rolls_not_from_seed

    count = sum(len(s.rolls) for s in steps)
    rolls = f"{count} roll{'' if count == 1 else 's'}"
    if seed is None:
        return f"dice: {rolls}; the seed is withheld until the game ends (the dice to come are new)"
    first = rolls_not_from_seed(seed, steps)
    if first is None:
        return f"dice: {rolls}, each the seed's"
    return f"dice: {rolls}; entry {first} has a roll the seed does not give (forced dice, or a changed record)"


def stats(store: Store, args: argparse.Namespace) -> int:
    from ..games.service import load_game
    from ..rules.model.errors import FirepowerError
    from ..games.stats import game_stats, stats_lines

    ids = [args.game] if args.game is not None else [g.id for g in store.games()]
    if not ids:
        print(f"No games in {store.path}.")
        return 0
    by_name: dict[str, SideStats] = {}
    skipped = []
    for gid in ids:
        try:
            session = load_game(store, gid, use_saved=True)
        except FirepowerError as exc:
            skipped.append(f"game {gid}: {exc}")
            continue
        game_stats(session, by_name)
    title = f"game {args.game}" if args.game is not None else \
        ("the 1 game" if len(ids) == 1 else f"all {len(ids)} games")
    print(f"Dice statistics, {title} ({store.path}):")
    for line in stats_lines(by_name):
        print(line)
    for s in skipped:
        print(f"skipped {s}", file=sys.stderr)
    return 0


def review_cmd(store: Store, args: argparse.Namespace) -> int:
    """The turning points of a game (R271): made once with a progress bar, kept, then shown again."""
    from ..games.service import load_game
    from ..players.review import game_review, turning_words

    g = store.game(args.game)
    session = load_game(store, args.game, use_saved=True)
    history = [(h.before, h.action) for h in session.history]
    started = time.perf_counter()

    def bar(done: int, total: int) -> None:
        width = 30
        filled = width * done // max(1, total)
        print(f"\rreviewing game {args.game}: [{'#' * filled}{'.' * (width - filled)}] {done}/{total} decisions",
              end="" if done < total else "\n", file=sys.stderr, flush=True)

    points, kept = game_review(store, args.game, history, g.options.get("players"), progress=bar)
    name = session.state.scenario.side_name
    how = "kept with the game" if kept else f"{time.perf_counter() - started:.0f} s"
    print(f"Game {args.game} ({g.scenario_id}), {len(history)} actions: the turning points ({how}; "
          "the loss in men expected, the history view's step)")
    if not points:
        print("  none: every decision reviewed was the computer's best, or close to it")
    for i, t in enumerate(points, 1):
        print(f"  {i}. {turning_words(t, name)}")
    return 0



def campaign(store: Store, args: argparse.Namespace) -> int:
    """``firepower campaign [start NAME | resume [N] | list]``."""
    from ..games import campaign as campaigns
    from ..rules.model.errors import FirepowerError

    action = args.action
    if action is None:
        open_ = [c for c in store.campaigns() if not c.finished]
        if not open_:
            return _campaign_list(store)
        action, args.what = "resume", str(open_[0].id)
    if action == "list":
        return _campaign_list(store)
    if action == "start":
        if not args.what:
            raise FirepowerError("campaign start needs a campaign's id (see `firepower campaign list`)")
        spec = campaigns.load_campaign(args.what)
        options: dict[str, object] = {}
        if args.vs_computer is not None:
            from ..games.seats import SeatError, versus_computer

            from ..rules.scenario.load import load_scenario

            sides = [s.id for s in load_scenario(spec.scenarios[0]).spec.sides]
            try:
                options["players"] = versus_computer(sides, args.vs_computer.lower(), args.level)
            except SeatError as exc:
                raise FirepowerError(f"--vs-computer: {exc}") from None
        number = campaigns.start(store, args.what, options)
        print(f"Campaign {number}: {spec.title} ({len(spec.scenarios)} scenarios; you lead {spec.side}).")
    else:
        if args.what is None:
            open_ = [c for c in store.campaigns() if not c.finished]
            if not open_:
                raise FirepowerError("no unfinished campaign (see `firepower campaign list`)")
            number = open_[0].id
        else:
            try:
                number = int(args.what)
            except ValueError:
                raise FirepowerError(f"{args.what!r} is not a campaign's number (see `firepower campaign list`)") \
                    from None
    return _campaign_play(store, args, number)


def _campaign_play(store: Store, args: argparse.Namespace, number: int) -> int:
    from ..games import campaign as campaigns
    from ..rules.model.dice import MAX_SEED

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(MAX_SEED + 1)
    missing = _missing_terminal()
    if missing is not None:
        return missing
    started = campaigns.next_game(store, number, seed)
    if started is None:
        _campaign_summary(store, number)
        return 0
    session, game_id = started
    row = store.campaign(number)
    spec = campaigns.load_campaign(row.campaign_id)
    print(f"Campaign {number}, scenario {row.step + 1} of {len(spec.scenarios)}: {spec.scenarios[row.step]} "
          f"(game {game_id}).")
    from ..ui.app import make_app
    from .hangup import run_app

    run_app(make_app(session.scenario, session=session, store=store, game_id=game_id, ascii=args.ascii,
                     handover=args.handover, pace=args.pace))
    campaign_farewell(store, game_id)
    return 0


def campaign_farewell(store: Store, game_id: int) -> None:
    """After a campaign's game, whichever command played it (``campaign`` or ``resume``): count it
    if it is over (its survivors carried into the next scenario, the score; ruling R283), and say
    where the campaign stands. Nothing for a game of no campaign."""
    from ..games import campaign as campaigns

    number = campaigns.campaign_of(store, game_id)
    if number is None:
        return
    at = store.campaign(number).step
    if not campaigns.settle(store, number):
        print(f"Campaign {number}: scenario {at + 1} is not over: `firepower campaign` carries on where you left it.")
        return
    row = store.campaign(number)
    if row.finished:
        _campaign_summary(store, number)
        return
    spec = campaigns.load_campaign(row.campaign_id)
    fit = sum(1 for m in row.force if not m.get("resting"))
    print(f"Campaign {number}: scenario {at + 1} is over ({row.results[-1]['points']} points; score so far "
          f"{campaigns.score(row.results, row.force, False)}). `firepower campaign` plays scenario {row.step + 1} of "
          f"{len(spec.scenarios)}, {spec.scenarios[row.step]}, with the {fit} men fit to fight.")


def _campaign_summary(store: Store, number: int) -> None:
    from ..games import campaign as campaigns

    row = store.campaign(number)
    print(f"Campaign {number} ({row.campaign_id}) is over: score {campaigns.score(row.results, row.force, True)}.")
    for i, r in enumerate(row.results, 1):
        won = "a draw" if r["winner"] is None else f"{r['winner']} won"
        print(f"  {i}. {r['scenario']} (game {r['game']}): {won}, {r['points']} points, {r['survivors']} men left")
    print(f"  men alive at the end: {len(row.force)}")


def _campaign_list(store: Store) -> int:
    from ..games import campaign as campaigns

    for c in store.campaigns():  # (a game played to its end elsewhere is counted before it is listed)
        campaigns.settle(store, c.id)

    print("Campaigns to play (`firepower campaign start ID`):")
    for spec in campaigns.known_campaigns():
        print(f"  {spec.id:<10} {spec.title}: {', '.join(spec.scenarios)} (you lead {spec.side})")
    rows = store.campaigns()
    if not rows:
        print(f"No campaigns in {store.path}.")
        return 0
    print(f"{'no.':>4}  {'campaign':<10} {'scenario':<16} {'score':>5}  state")
    for c in rows:
        spec = campaigns.load_campaign(c.campaign_id)
        at = spec.scenarios[c.step] if c.step < len(spec.scenarios) else "-"
        state = "finished" if c.finished else f"scenario {c.step + 1} of {len(spec.scenarios)}" + \
            (f", game {c.game_id}" if c.game_id else "")
        print(f"{c.id:>4}  {c.campaign_id:<10} {at:<16} {campaigns.score(c.results, c.force, c.finished):>5}  {state}")
    return 0


COMMANDS = {"campaign": campaign, "resume": resume, "games": games, "replay": replay_cmd, "export": export,
            "import": import_cmd, "stats": stats, "review": review_cmd}
