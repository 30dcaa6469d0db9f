"""The ``:`` command line: an action in notation, or ``odds …`` / ``los …`` (docs/notation.md)."""

from __future__ import annotations

from typing import get_args

from ..games.session import Outcome
from ..rules import engine
from ..rules.board.hexgrid import Hex
from ..rules.engine.describe import describe_los, describe_odds
from ..rules.engine.notation import LosQuery, NotationError, OddsQuery, parse_line
from ..rules.basic.los import los_query
from ..rules.model.actions import Action, DrawChit, Overwatch, StandAndShoot, StartImpulse
from ..rules.model.errors import Refusal
from ..rules.model.state import GameState
from .base import Core, Result

ACTIONS: tuple[type[Action], ...] = get_args(Action)
"""Every action class (the members of the union)."""
BLIND_DRAW = Refusal(reason="in play the cup is drawn blind: the next chit comes when this phase ends", rule="6.1")


def named_hex(state: GameState, action: Action) -> Hex | None:
    """The hex a line of notation names, for the cursor: the hex of an impulse, a throw, a melee,
    a placement or a special weapon; the hex a move enters; the hex of a fire's first target
    (as it stood before the fire); an overwatch shot's likewise. None: the line names none.

    >>> from firepower_tui.rules.board.hexgrid import hex_to_id
    >>> from firepower_tui.rules.engine.notation import parse_action
    >>> from firepower_tui.rules.scenario.load import load_scenario
    >>> from firepower_tui.rules.basic.sequence import new_game
    >>> st = new_game(load_scenario("basic"))
    >>> [hex_to_id(named_hex(st, parse_action(line))) for line in ("impulse H3", "move T5 H4", "fire T5 G5")]
    ['H3', 'H4', 'H14']
    >>> named_hex(st, parse_action("end")) is None
    True
    """
    if isinstance(action, Overwatch):
        return named_hex(state, action.shot)
    for field in ("hex", "to"):
        h = getattr(action, field, None)
        if isinstance(h, Hex):
            return h
    targets = getattr(action, "targets", None)
    if isinstance(action, StandAndShoot):
        targets = (action.attacker,)
    if targets:
        s = state.soldier(targets[0])
        return s.hex if s is not None and s.deployed else None
    return None


class CommandLine:
    """Runs one line of notation."""

    def __init__(self, core: Core) -> None:
        self.core = core

    def run(self, text: str) -> Result:
        """An action (it selects the man it names), or a query answered in the result's message."""
        core = self.core
        text = text.strip()
        if not text:
            return Result()
        try:
            parsed = parse_line(text)
        except NotationError as exc:
            core.say(f"{text}: {exc} (docs/notation.md)", error=True)
            return Result(Outcome(refusal=Refusal(reason=str(exc), rule="docs/notation.md")), message=core.message)
        if isinstance(parsed, OddsQuery):
            return self._odds(parsed)
        if isinstance(parsed, LosQuery):
            return self._los(parsed)
        if isinstance(parsed, DrawChit):
            return core.refused(BLIND_DRAW)
        if not isinstance(parsed, ACTIONS):
            raise TypeError(f"parse_line gave {parsed!r}, neither an action nor a query")
        soldier = getattr(parsed, "soldier", None)
        if isinstance(soldier, str):
            core.selected = soldier
        before = core.state
        result = core.submit(parsed)
        if result.ok and isinstance(parsed, StartImpulse):
            core.selected = core.state.group[0] if core.state.group else None
        if result.ok:
            self._cursor_to(named_hex(before, parsed))
        return result

    def _cursor_to(self, h: Hex | None) -> None:
        """The cursor on the hex a line named (the keys that aim next start from there)."""
        if h is not None and self.core.state.scenario.map.on_map(h):
            self.core.cursor = h

    def _odds(self, query: OddsQuery) -> Result:
        core = self.core
        refusal = core.session.check(query.action)
        if refusal is not None:
            return core.refused(refusal)
        text = describe_odds(engine.assess(core.state, query.action))
        self._cursor_to(named_hex(core.state, query.action))
        core.say(text.splitlines()[0])
        return Result(message=text)

    def _los(self, query: LosQuery) -> Result:
        core = self.core
        gmap = core.state.scenario.map
        if not (gmap.on_map(query.origin) and gmap.on_map(query.target)):
            return core.refused(Refusal(reason="both hexes must be on the map", rule="6.3.4"))
        text = describe_los(los_query(core.state, query.origin, query.target))
        core.say(text)
        return Result(message=text)
