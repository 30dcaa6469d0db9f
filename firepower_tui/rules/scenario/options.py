"""Choosing the optional rules (rulebook §9) in words: ``--rules`` on the command line, a
script's ``rules`` line, the scenario picker, and the names the screens show.

Plain words in, plain words out: rule ids are :class:`..model.types.RuleId` values, kept in the
order of §9 (the order :func:`ordered` gives and every list shows).

>>> parse_rule_list("hiding,overwatch")
('overwatch', 'hiding')
>>> parse_rule_list("none")
()
>>> parse_rule_list("bogus")
Traceback (most recent call last):
...
firepower_tui.rules.scenario.options.RuleChoiceError: unknown optional rule 'bogus' (rulebook §9); available: overwatch, hit_the_dirt, hiding, weapons, special_weapons, buildings, melee_reactions, clock (or none, all)
>>> rules_label(("overwatch", "hit_the_dirt"))
'overwatch, hit the dirt'
"""

from __future__ import annotations

from collections.abc import Iterable

from ..model.types import IMPLEMENTED_RULES, RuleId

DEFAULT_CLOCK = 90
"""Seconds per impulse phase of the ``clock`` rule when neither the scenario nor the command
line says (§9.8, ruling R35)."""
MIN_CLOCK, MAX_CLOCK = 10, 3600
"""The budgets a scenario or ``--clock`` may give (seconds per impulse phase)."""

AVAILABLE: tuple[str, ...] = tuple(str(r) for r in RuleId if r in IMPLEMENTED_RULES)
"""The rules this version plays, in §9 order."""

SUMMARY = {"overwatch": "watch, then fire +1 at movers",
           "hit_the_dirt": "drop Prone when fired on",
           "hiding": "men in cover hide from fire",
           "weapons": "weapons drop, jam and are repaired",
           "special_weapons": "smoke, Molotov, satchel, radio",
           "buildings": "doors, windows, walls and water",
           "melee_reactions": "shoot or fall back",
           "clock": "a time limit per phase"}
"""What each rule does, in one line for the picker (RULES.md §9 has the whole text)."""

ABBREVIATION = {"overwatch": "OW", "hit_the_dirt": "HD", "hiding": "HI", "weapons": "WP", "special_weapons": "SW",
                "buildings": "BU", "melee_reactions": "MR", "clock": "CL"}
"""Two letters per rule, for a header with no room for words."""

SHORT = {"overwatch": "overwatch", "hit_the_dirt": "dirt", "hiding": "hiding", "weapons": "weapons",
         "special_weapons": "special", "buildings": "houses", "melee_reactions": "melee",
         "clock": "clock"}
"""One short word per rule, for a narrow header."""


class RuleChoiceError(ValueError):
    """A rule list names a rule that is unknown or not implemented yet (the message names it
    and the rules available)."""


def rule_problem(rule: str) -> str | None:
    """Why ``rule`` cannot be turned on, or None.

    >>> rule_problem("special_weapons") is None
    True
    >>> rule_problem("nightfall")
    "unknown optional rule 'nightfall' (rulebook §9)"
    """
    if rule in AVAILABLE:
        return None
    if rule in RuleId.__members__.values():
        return f"optional rule {rule!r} (rulebook {RuleId(rule).section}) is not implemented yet"
    return f"unknown optional rule {rule!r} (rulebook §9)"


def ordered(rules: Iterable[str]) -> tuple[str, ...]:
    """The rules in §9 order, each once (unknown ids last, as given)."""
    chosen = {str(r).lower() for r in rules}
    order = [str(r) for r in RuleId]
    return tuple(r for r in order if r in chosen) + tuple(sorted(chosen - set(order)))


def parse_rule_list(text: str) -> tuple[str, ...]:
    """``overwatch,hiding`` (commas, spaces or both), ``none`` or ``all`` (every rule this
    version plays), in §9 order.

    Raises:
        RuleChoiceError: an id that is unknown or not implemented yet, or an empty list.
    """
    words = [w for w in text.replace(",", " ").lower().split() if w]
    if words == ["none"]:
        return ()
    if words == ["all"]:
        return AVAILABLE
    if not words:
        raise RuleChoiceError(f"no rule named; give ids ({', '.join(AVAILABLE)}), none or all")
    for w in words:
        problem = rule_problem(w)
        if problem is not None:
            raise RuleChoiceError(f"{problem}; available: {', '.join(AVAILABLE)} (or none, all)")
    return ordered(words)


def check_clock(seconds: int) -> str | None:
    """Why ``seconds`` is not a clock budget, or None."""
    if MIN_CLOCK <= seconds <= MAX_CLOCK:
        return None
    return f"a phase clock of {seconds} s: give {MIN_CLOCK} to {MAX_CLOCK} seconds per impulse phase (§9.8)"


def rules_label(rules: Iterable[str], *, short: bool = False) -> str:
    """The rules in words for a player, in §9 order: ``overwatch, hit the dirt``; ``short``:
    one word each (``overwatch, dirt``). ``none`` when the list is empty."""
    words = [SHORT.get(r, r) if short else r.replace("_", " ") for r in ordered(rules)]
    return ", ".join(words) or "none"


def header_label(rules: Iterable[str], room: int = 24) -> str:
    """``Rules: overwatch, dirt`` if it fits in ``room`` columns, else ``Rules: OW HD HI``; ""
    for the basic game.

    >>> header_label(["hiding", "overwatch"])
    'Rules: overwatch, hiding'
    >>> header_label(AVAILABLE)
    'Rules: OW HD HI WP SW BU MR CL'
    """
    chosen = ordered(rules)
    if not chosen:
        return ""
    words = f"Rules: {rules_label(chosen, short=True)}"
    return words if len(words) <= room else "Rules: " + " ".join(ABBREVIATION.get(r, r) for r in chosen)


__all__ = ["AVAILABLE", "DEFAULT_CLOCK", "MAX_CLOCK", "MIN_CLOCK", "RuleChoiceError", "check_clock", "header_label", "ordered",
           "parse_rule_list", "rule_problem", "rules_label"]
