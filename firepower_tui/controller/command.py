"""The ``:`` command line: an action in notation, or ``odds …`` / ``los …`` (docs/notation.md)."""

from __future__ import annotations

from typing import get_args

from ..games.session import Outcome
from ..rules import engine
from ..rules.model.actions import Action, DrawChit, StartImpulse
from ..rules.engine.describe import describe_los, describe_odds
from ..rules.model.errors import Refusal
from ..rules.basic.los import los_query
from ..rules.engine.notation import LosQuery, NotationError, OddsQuery, parse_line
from .base import Core, Result

ACTIONS: tuple[type[Action], ...] = get_args(Action)
"""Every action class (the members of the union)."""
BLIND_DRAW = Refusal(reason="in play the cup is drawn blind: the next chit comes when this phase ends", rule="6.1")


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
        result = core.submit(parsed)
        if result.ok and isinstance(parsed, StartImpulse):
            core.selected = core.state.group[0] if core.state.group else None
        return result

    def _odds(self, query: OddsQuery) -> Result:
        core = self.core
        refusal = core.session.check(query.action)
        if refusal is not None:
            return core.refused(refusal)
        text = describe_odds(engine.assess(core.state, query.action))
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
