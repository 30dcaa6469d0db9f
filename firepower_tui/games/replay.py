"""Rebuild a session from a stored game (or a game record) by replaying its entries."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .session import HistoryEntry, Session, session_args
from ..rules import engine
from ..rules.model.dice import D10, ReplayDice, stream_value
from ..rules.model.errors import DiceError
from ..rules.model.errors import FirepowerError
from ..rules.engine.notation import NotationError, parse_action
from ..rules.model.scenario import Scenario
from ..rules.scenario.load import parse_scenario
from ..rules.kit.untrusted import cut
from .scenario_cache import load_cached

OnEntry = Callable[[HistoryEntry], None]
"""Told of each entry as it is replayed."""


class ReplayError(FirepowerError):
    """A stored game no longer replays: the scenario changed or the record is damaged."""


@dataclass(frozen=True)
class StepRecord:
    """One stored entry, as replay needs it."""

    kind: str
    notation: str
    rolls: list[tuple[str, int, int]]


def replay(scenario: Scenario, seed: int, entries: Iterable[StepRecord], *, where: str = "",
           stamps: list[tuple[int, str | None]] | None = None, on_events: OnEntry | None = None,
           options: dict[str, Any] | None = None) -> Session:
    """A session in the state the entries lead to, its dice ready to go on as if never stopped.

    Raises:
        ReplayError: an entry is refused, rolls differently, or is malformed; it is named.
    """
    try:
        session = Session(scenario, seed=seed, **session_args(options or {}))
    except ValueError as exc:  # a record naming a rule this version does not play
        raise ReplayError(f"{where}{exc}") from None
    session.dice.advance(replay_into(session, entries, where=where, stamps=stamps, on_events=on_events))
    return session


def replay_into(session: Session, entries: Iterable[StepRecord], *, where: str = "",
                stamps: list[tuple[int, str | None]] | None = None, on_events: OnEntry | None = None,
                first: int = 1) -> list[tuple[str, int, int]]:
    """Apply stored entries to ``session``, each checked and its dice compared; the dice they used.

    Raises:
        ReplayError: an entry is refused, rolls differently, or is malformed; it is named
            (``first`` is the number of the first entry).
    """
    all_calls: list[tuple[str, int, int]] = []
    for i, e in enumerate(entries, start=first):
        label = f"{where}entry {i} ({cut(e.notation)!r})"
        if stamps is not None:
            stamps.append((session.state.turn, session.state.active))
        if e.kind == "undo":
            out = session.undo()
            if out.refusal is not None:
                raise ReplayError(f"{label}: the take-back no longer applies: {out.refusal.reason}")
            continue
        try:
            action = parse_action(e.notation)
        except NotationError as exc:
            raise ReplayError(f"{label}: not an action: {exc}") from None
        refusal = engine.check(session.state, action)
        if refusal is not None:
            raise ReplayError(f"{label} is now refused: {refusal.reason} [{refusal.rule}]; the game diverges here "
                              "(was the scenario file changed?)")
        dice = ReplayDice(e.rolls)
        try:
            entry = session.apply_checked(action, dice)
            if on_events is not None:
                on_events(entry)
        except DiceError as exc:
            raise ReplayError(f"{label}: the dice no longer match: {exc}") from None
        if dice.recorded:
            raise ReplayError(f"{label}: the record has {len(dice.recorded)} roll(s) the game no longer makes")
        all_calls.extend(e.rolls)
    return all_calls


def rolls_not_from_seed(seed: int, entries: Iterable[StepRecord]) -> int | None:
    """The number of the first entry with a roll the seed's dice would not have made, or None when
    every roll of the record is the seed's, in order (a finished game's record can be checked so,
    R181). A game whose rolls were forced (a test's, a lesson's) has rolls of its own.

    The seed's dice are its stream (docs/notation.md), roll ``i`` of the record being roll ``i``
    of the stream. A game begun before the stream rolled Python's Mersenne Twister
    (``random.Random(seed)``: ``randint(1, 10)`` for a d10, ``randrange(n)`` for a pick) and, if
    it was finished after, the stream from where it was resumed: the rolls may be the earlier
    generator's up to some roll and the stream's from there (R250).

    >>> rolls_not_from_seed(1, [StepRecord("action", "chit", [("chit draw", 3, 8)])])
    """
    earlier: random.Random | None = random.Random(seed)
    index = 0
    for number, e in enumerate(entries, start=1):
        for _purpose, value, n in e.rolls:
            among, plus = (10, 1) if n == D10 else (n, 0)
            if earlier is not None and earlier.randrange(among) + plus != value:
                earlier = None  # not the earlier generator's (any more): the stream's from here
            if earlier is None and stream_value(seed, index, among) + plus != value:
                return number
            index += 1
    return None


SHIPPED_BEFORE: dict[str, frozenset[str]] = {
    "meeting": frozenset({"db97c1aad9d4e7c472c6c7c352db277ec729949f4407ece43e98db2109a7e770"}),
    "defence": frozenset({"ddd5135ab05bca9437859bfa50e36ca9685b1c9d2d576ba3b9738935addd546d"}),
}
"""SHA-256 of the texts earlier versions shipped of scenarios that changed since (0.1's
``meeting`` and ``defence``, before they turned their optional rules on, RULES.md §10.5). A
game begun with one of them replays with the copy stored with it, without --saved-scenario:
the player did not change the file, an upgrade did (ruling R51; R25 still holds for any other
change)."""


def scenario_for(path: str, scenario_id: str, digest: str, saved_text: str, *,
                 use_saved: bool = False) -> tuple[Scenario, str]:
    """The scenario a stored game was played with, and a warning if it had to fall back (to the
    saved copy of a scenario an upgrade changed, :data:`SHIPPED_BEFORE`). The saved copy is
    used only if it is the text its digest names (its own SHA-256, computed here), and never
    through the cache of checked texts.

    Raises:
        ReplayError: the file changed (or is gone) and ``use_saved`` is not set, or the saved
            copy is not the text of its digest.
    """
    if use_saved:
        return saved_copy(scenario_id, digest, saved_text), ""
    try:
        current = load_cached(path)
    except FirepowerError:
        try:
            current = load_cached(scenario_id)
        except FirepowerError:
            raise ReplayError(f"the scenario file {path} is gone; resume with --saved-scenario to use the copy "
                              "stored with the game") from None
    if current.digest != digest:
        if saved_text and digest in SHIPPED_BEFORE.get(scenario_id, ()):
            return saved_copy(scenario_id, digest, saved_text), \
                f"{scenario_id} changed with this version of firepower; the game goes on with its own copy"
        raise ReplayError(f"the scenario file {current.path} has changed since this game began (stored "
                          f"{digest[:12]}, now {current.digest[:12]}); resume with --saved-scenario to play on "
                          "with the copy stored with the game")
    return current, ""


def saved_copy(scenario_id: str, digest: str, saved_text: str) -> Scenario:
    """The copy of a scenario stored with a game (or sent in a record), checked as any file is.

    Raises:
        ReplayError: it is not the text whose SHA-256 is ``digest`` (it was changed after the
            game was stored).
        ScenarioError: it does not load.
    """
    scenario = parse_scenario(saved_text, f"{scenario_id} (saved copy)")
    if scenario.digest != digest:
        raise ReplayError(f"the copy of {scenario_id} stored with the game is not the text its hash names (hash "
                          f"{digest[:12]}, its text's {scenario.digest[:12]}): it was changed after the game was "
                          "stored, and is not used")
    return scenario
