"""``firepower script``: the headless runner (docs/notation.md).

A script is parsed whole first (a malformed line or scenario stops it with exit code 2
before anything runs), then played through a game session, as the app plays. Every event is one output
line (``--json``: one JSON object per line, each with ``"event"``). A refused action
prints a ``refused`` event naming the script line and the rule, changes nothing, and the
run goes on; with ``--strict`` it stops there, with exit code 1. The last line counts the
actions carried out and the refusals (a ``summary`` event). A hex off the map is refused as
such, naming the map's extent.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..games.session import Outcome, Session
from ..rules import engine
from ..rules.model.actions import Action, DrawChit, RollOff
from ..rules.engine.describe import describe, describe_los, describe_odds
from ..rules.model.dice import MAX_SEED, ForcedDice, normalise_face, seed_problem
from ..rules.model.errors import FirepowerError, Problem, Refusal, ScriptError
from ..rules.model.events import Event
from ..rules.board.hexgrid import Hex, column_letters, hex_to_id
from ..rules.basic.los import los_query
from ..rules.kinds.words import number_word
from ..rules.engine.notation import LosQuery, NotationError, OddsQuery, parse_line
from ..rules.scenario.options import RuleChoiceError, parse_rule_list
from ..games.scenario_cache import load_cached
from ..rules.model.scenario import Scenario
from ..rules.basic.sequence import new_game, opening_events
from ..rules.model.state import GameState
from ..rules.board.terrain import MapData
from ..rules.kit.untrusted import cut
from ..rules.model.values import to_json
from ..games.seats import SeatError, computer_levels, parse_players
from .state_event import snapshot_text, state_snapshot
from .versus import Computer, MakePlayer, players_event

_NUMBER = re.compile(r"[0-9]{1,19}")
"""A seed in ASCII digits (``str.isdigit`` takes ``²``, which ``int`` refuses)."""

DEFAULT_SEED = 1
"""The seed used when a script gives none."""
STRICT_EXIT = 1
"""The exit code of a ``--strict`` run that met a refusal."""
MAP_RULE = "§1.2"
"""The rule an off-map hex is refused by: the mapboards (RULES.md §1.2)."""


class Stopped(Exception):
    """A ``--strict`` run met a refusal: the run ends there."""


def map_extent(gmap: MapData) -> str:
    """The map's hexes from corner to corner, as a player reads them: ``A1-X16``.

    >>> from firepower_tui.rules.scenario.load import load_scenario
    >>> map_extent(load_scenario("basic").map)
    'A1-X16'
    """
    return f"A1-{column_letters(gmap.columns - 1)}{gmap.rows}"


def off_map(gmap: MapData, named: Action | OddsQuery | LosQuery) -> Refusal | None:
    """The refusal of a line that names a hex off the map (the first such hex), or None: the
    same words whatever the action (a move, a throw, an impulse, a query)."""
    action = named.action if isinstance(named, OddsQuery) else named
    hexes = (named.origin, named.target) if isinstance(named, LosQuery) else \
        tuple(getattr(action, f) for f in getattr(action, "_fields", ()))
    for h in hexes:
        if isinstance(h, Hex) and not gmap.on_map(h):
            return Refusal(reason=f"{hex_to_id(h)} is off the map ({map_extent(gmap)})", rule=MAP_RULE)
    return None


@dataclass
class Step:
    """One parsed script line."""

    line: int
    text: str
    verb: str
    action: Action | OddsQuery | LosQuery | None = None
    values: tuple[int, ...] = ()


@dataclass
class Script:
    """A parsed script: its scenario and its steps."""

    name: str
    scenario: Scenario
    steps: list[Step] = field(default_factory=list)
    deploy: bool = False
    """Place every side with a zone in a deployment phase (``scenario <id> deploy``)."""
    rules: tuple[str, ...] | None = None
    """The optional rules in play (a ``rules`` line); None: the scenario's own list."""
    players: dict[str, str] | None = None
    """Who plays each side (a ``players`` line; :mod:`..games.seats`); None: every side scripted."""


def parse_script(text: str, name: str) -> Script:
    """Parse a whole script.

    Raises:
        ScriptError: every malformed line, each named by its number.
        ScenarioError: the scenario line names a broken or unknown scenario.
    """
    problems: list[Problem] = []
    scenario: Scenario | None = None
    deploy = False
    rules: tuple[str, ...] | None = None
    players: dict[str, str] | None = None
    steps: list[Step] = []
    base = Path(name).parent
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        verb = words[0].lower()
        where = f"{name}:{number}"
        if scenario is None and verb != "scenario":
            problems.append(Problem(where, "the first line must be: scenario <id-or-path>"))
            break
        try:
            if verb == "scenario":
                if scenario is not None or len(words) not in (2, 3) or (len(words) == 3 and words[2] != "deploy"):
                    raise NotationError("usage: scenario <id-or-path> [deploy], once, as the first line")
                deploy = len(words) == 3
                ref = words[1]
                candidate = base / ref
                scenario = load_cached(candidate if ref.endswith(".toml") and candidate.is_file() else ref)
            elif verb == "rules":
                if rules is not None or steps or len(words) < 2:
                    raise NotationError("usage: rules <id>[,<id>…]|none|all, once, right after the scenario line")
                try:
                    rules = parse_rule_list(" ".join(words[1:]))
                except RuleChoiceError as exc:
                    raise NotationError(str(exc)) from None
            elif verb == "players":  # a side marked computer is played by the opponent
                acted = any(st.verb not in ("seed", "dice") for st in steps)  # (a seed or dice line may come first)
                if players is not None or acted or len(words) < 2:
                    raise NotationError("usage: players <side>=human|computer[:easy|normal|hard] …, once, "
                                        "before the first action")
                assert scenario is not None  # (the first line is the scenario, checked above)
                try:
                    players = parse_players(words[1:], [s.id for s in scenario.spec.sides])
                except SeatError as exc:
                    raise NotationError(str(exc)) from None
            elif verb == "seed":
                if len(words) != 2 or not _NUMBER.fullmatch(words[1]) or seed_problem(int(words[1])):
                    raise NotationError(f"usage: seed <n> (a whole number from 0 to {MAX_SEED})")
                steps.append(Step(number, line, verb, values=(int(words[1]),)))
            elif verb == "dice":
                steps.append(Step(number, line, verb, values=_dice_values(words[1:])))
            elif verb == "state":
                if len(words) != 1:
                    raise NotationError("usage: state")
                steps.append(Step(number, line, verb))
            else:
                parsed = parse_line(line)
                kind = "odds" if isinstance(parsed, OddsQuery) else "los" if isinstance(parsed, LosQuery) else "action"
                steps.append(Step(number, line, kind, action=parsed))
        except NotationError as exc:
            problems.append(Problem(where, f"{exc} (in: {cut(line)})"))
    if scenario is None and not problems:
        problems.append(Problem(name, "no scenario line: the first line must be: scenario <id-or-path>"))
    if problems:
        raise ScriptError(name, problems)
    assert scenario is not None
    return Script(name=name, scenario=scenario, steps=steps, deploy=deploy, rules=rules, players=players)


def _dice_values(words: list[str]) -> tuple[int, ...]:
    if not words:
        raise NotationError("usage: dice <d> <d> … (d10 faces 1-10; 0 counts as 10)")
    out = []
    for w in words:
        face = number_word(w, "a d10 face (1-10, or 0 for 10)")
        try:
            out.append(normalise_face(face))
        except ValueError as exc:
            raise NotationError(str(exc)) from None
    return tuple(out)


class Runner:
    """Plays a parsed script through a :class:`~firepower_tui.games.session.Session`, writing
    each event through ``emit``.

    The dice are seeded (``seed`` lines reseed them) and take forced results (``dice``
    lines); pass ``dice`` to start from other ones.
    """

    def __init__(self, script: Script, emit: Callable[[str], None], as_json: bool, *,
                 dice: ForcedDice | None = None, make_player: MakePlayer | None = None, strict: bool = False) -> None:
        """``make_player``: the computer's player for a side marked ``computer`` (see :mod:`.versus`);
        ``strict``: stop at the first refusal (:meth:`run` then returns :data:`STRICT_EXIT`)."""
        self.script = script
        self.emit = emit
        self.as_json = as_json
        self.strict = strict
        self.carried_out = 0
        """Actions accepted so far (the script's and the computer's; not the chits drawn by themselves)."""
        self.refusals = 0
        """Refused lines so far (actions and queries; the computer's refusal too)."""
        self.dice = dice if dice is not None else ForcedDice(DEFAULT_SEED)
        try:
            self.session = Session(script.scenario, seed=self.dice.seed, deploy=script.deploy, dice=self.dice,
                                   rules=script.rules)
        except ValueError as exc:  # the scenario's own list names a rule this version does not play
            raise ScriptError(script.name, [Problem("", str(exc))]) from None
        self.computer: Computer | None = None
        if computer_levels(script.players):
            if make_player is None:
                raise ScriptError(script.name, [Problem("players", "no computer player is available here")])
            assert script.players is not None
            self.computer = Computer(self, script.players, make_player)

    @property
    def state(self) -> GameState:
        """The game now."""
        return self.session.state

    def side_name(self, side: str) -> str:
        return self.script.scenario.side_name(side)

    def out(self, record: dict[str, Any], text: str) -> None:
        self.emit(json.dumps(record) if self.as_json else text)

    def events(self, events: Iterable[Event]) -> None:
        for e in events:
            self.out(to_json(e), describe(e, self.side_name))

    def run(self) -> int:
        """Play the script; 0, or :data:`STRICT_EXIT` when ``strict`` and a line was refused.
        Either way the last line is the ``summary``."""
        stopped: int | None = None
        try:
            self._play()
        except Stopped as stop:
            stopped = stop.args[0]
        self.summary(stopped)
        return STRICT_EXIT if stopped is not None else 0

    def summary(self, stopped: int | None) -> None:
        """The last line: how many actions were carried out and how many lines refused."""
        counts = f"{self.carried_out} action{'s' * (self.carried_out != 1)} carried out, {self.refusals} refused"
        if stopped is None:
            where = "End of script"
        else:
            where = f"Stopped at line {stopped} (--strict)" if stopped else "Stopped at the computer's refusal (--strict)"
        self.out({"event": "summary", "actions": self.carried_out, "refused": self.refusals, "stopped": stopped},
                 f"{where}: {counts}")

    def _play(self) -> None:
        if self.script.players is not None:
            self.out(*players_event(self.script.players, self.side_name))
        self.events(self.session.log)  # the opening events
        for step in self.script.steps:
            if self.computer is not None and step.verb in ("action", "odds", "state"):
                # the computer's decisions before the script's next line (a chit or roll line draws itself)
                self.computer.play(draw=step.verb == "action" and not isinstance(step.action, (DrawChit, RollOff)))
            if step.verb == "seed":
                self.dice.reseed(step.values[0])
            elif step.verb == "dice":
                self.dice.force(step.values)
            elif step.verb == "state":
                snap = state_snapshot(self.state)
                self.out(snap, snapshot_text(snap, self.side_name))
            elif isinstance(step.action, OddsQuery):
                self.odds(step, step.action)
            elif isinstance(step.action, LosQuery):
                self.los(step, step.action)
            elif step.action is not None:
                self.act(step, step.action)
        if self.computer is not None:
            self.computer.play()
        if self.dice.forced:
            left = list(self.dice.forced)
            self.out({"event": "note", "text": f"{len(left)} forced dice were not used: {left}"},
                     f"Note: {len(left)} forced dice were not used: {left}")

    def refused(self, step: Step, refusal: Refusal) -> None:
        self.out({"event": "refused", "line": step.line, "action": step.text, "reason": refusal.reason,
                  "rule": refusal.rule},
                 f"Refused (line {step.line}: {cut(step.text)}): {refusal.reason} [{refusal.rule}]")
        self.note_refusal(step.line)

    def note_refusal(self, line: int) -> None:
        """Count a refusal (printed already); with ``strict`` the run stops here.

        Raises:
            Stopped: ``strict`` is on (its argument: the script line, 0 for the computer's).
        """
        self.refusals += 1
        if self.strict:
            raise Stopped(line)

    def odds(self, step: Step, query: OddsQuery) -> None:
        """Print the preview of a combat action; nothing changes (no die is rolled)."""
        self.draw_if_needed()
        refusal = off_map(self.state.scenario.map, query) or self.session.check(query.action)
        if refusal is not None:
            self.refused(step, refusal)
            return
        a = engine.assess(self.state, query.action)
        record = {"event": "odds", "kind": query.action.kind, **to_json(a)}
        self.out(record, describe_odds(a))

    def los(self, step: Step, query: LosQuery) -> None:
        refusal = off_map(self.state.scenario.map, query)
        if refusal is not None:
            self.refused(step, refusal)
            return
        result = los_query(self.state, query.origin, query.target)
        record = {"event": "los", "clear": result.clear, **to_json(result)}
        self.out(record, describe_los(result))

    def act(self, step: Step, action: Action) -> None:
        if not isinstance(action, DrawChit):
            self.draw_if_needed()
        refusal = off_map(self.state.scenario.map, action)
        out = self.session.submit(action) if refusal is None else Outcome(refusal=refusal)
        if out.refusal is not None:
            self.refused(step, out.refusal)
            return
        self.carried_out += 1
        self.events(out.events)

    def draw_if_needed(self) -> None:
        """An action needs an impulse phase: draw chits at random until one is under way."""
        self.events(self.session.draw_if_needed().events)


STDIN, STDIN_NAME = "-", "<stdin>"
"""The file name that reads the script from standard input, and the name its problems carry."""


def run_script_file(path: str, *, as_json: bool = False, emit: Callable[[str], None] = print,
                    make_player: MakePlayer | None = None, strict: bool = False) -> int:
    """Run a script file, or replay a game record (JSON); returns the exit code (0; with
    ``strict``, :data:`STRICT_EXIT` at the first refusal; or raises).
    ``path`` ``-``: the script is read from standard input (problems then name ``<stdin>``).
    ``make_player``: the computer's player for the sides a ``players`` line marks ``computer``."""
    try:
        if path == STDIN:
            path = STDIN_NAME
            text = sys.stdin.read()
        else:
            text = Path(path).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScriptError(path, [Problem("", f"cannot read: {getattr(exc, 'strerror', None) or exc}")]) from None
    from ..games.record import looks_like_record, parse_record

    if looks_like_record(text):
        return run_record(parse_record(text, path), path, emit, as_json)
    script = parse_script(text, path)
    return Runner(script, emit, as_json, make_player=make_player, strict=strict).run()


def run_record(record: Any, path: str, emit: Callable[[str], None], as_json: bool) -> int:
    """Replay a game record, printing its events as a script run would (docs/notation.md)."""
    from ..games.replay import StepRecord, replay, scenario_for
    from ..games.session import session_args

    scenario, _ = scenario_for(record.scenario.id, record.scenario.id, record.scenario.hash, record.scenario.toml,
                               use_saved=bool(record.scenario.toml))
    name = scenario.side_name

    def out(events: Any) -> None:
        for e in events:
            emit(json.dumps(to_json(e)) if as_json else describe(e, name))

    args = session_args(record.options)
    players = record.options.get("players")
    if computer_levels(players):  # who played each side
        rec, text = players_event(dict(players), name)
        emit(json.dumps(rec) if as_json else text)
    try:
        out(opening_events(new_game(scenario, deploy=args["deploy"], rules=args["rules"])))
    except ValueError as exc:
        raise ScriptError(path, [Problem("options.rules", str(exc))]) from None
    steps = [StepRecord(e.kind, e.action, e.rolls) for e in record.entries]
    seed = record.seed if record.seed is not None else DEFAULT_SEED  # (withheld, R181: no dice are rolled here)
    session = replay(scenario, seed, steps, where=f"{path}: ", on_events=lambda entry: out(entry.events),
                     options=record.options)
    snap = state_snapshot(session.state)
    emit(json.dumps(snap) if as_json else snapshot_text(snap, name))
    return 0


__all__ = ["parse_script", "run_script_file", "Runner", "Stopped", "state_snapshot", "FirepowerError", "map_extent",
           "off_map"]
