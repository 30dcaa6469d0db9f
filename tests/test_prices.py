"""Forces by points (RULES.md §10.3): the force builder charges what the player's rulebook says,
for every man, trait and item (ruling R94). The two must never disagree."""

from __future__ import annotations

import re

import pytest

from firepower_tui.rules import engine
from firepower_tui.rules.model.dice import ScriptedDice
from firepower_tui.rules.engine.notation import parse_action
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.basic.sequence import new_game
from firepower_tui.rules.scenario.setup import spent
from firepower_tui.rules.model.state import GameState

BOOK_WORDS = {
    "RFL": "rifleman", "PST": "leader with a pistol", "LMG": "LMG gunner", "scout": "`scout` trait",
    "smoke": "smoke grenade", "molotov": "Molotov", "satchel": "satchel charge", "radio": "radio"}
"""What the builder sells, and the words §10.3 prices it by."""


def rules_text_of(section: str) -> str:
    """The rules text the game shows for ``section`` (``10.3``): the rulebook of ``K`` and
    ``:rule §10.3``. The one place this test reads the player's rules from."""
    from firepower_tui.ui.rulebook_index import rulebook

    book = rulebook()
    k = book.number(section)
    assert k is not None, f"the rulebook has no section {section}"
    s = book.sections[k]
    return " ".join(book.lines[s.start:s.end])


def book_price(thing: str) -> int:
    """The points §10.3 gives ``thing``: the number after its words (``satchel 5``, ``scout` +3``)."""
    m = re.search(re.escape(BOOK_WORDS[thing]) + r" \+?(\d+)", rules_text_of("10.3"))
    assert m is not None, f"§10.3 names no price for {BOOK_WORDS[thing]}"
    return int(m.group(1))


def builder_price(thing: str) -> int:
    """What the force builder charges for ``thing``: the points spent by buying it (a man), a
    rifleman with the trait less one without, or one item for a rifleman (``special_weapons``)."""
    state = new_game(load_scenario("meeting"), rules=["special_weapons"])

    def do(st: GameState, line: str) -> GameState:
        action = parse_action(line)
        assert engine.check(st, action) is None, line
        return engine.apply(st, action, ScriptedDice([]))[0]

    if thing in ("RFL", "PST", "LMG"):
        return spent(do(state, f"buy tan {thing}"), "tan")
    if thing == "scout":
        return spent(do(state, "buy tan RFL scout"), "tan") - spent(do(state, "buy tan RFL"), "tan")
    man = do(state, "buy tan RFL")
    return spent(do(man, f"equip T1 {thing}"), "tan") - spent(man, "tan")


@pytest.mark.rule("§10.3")
@pytest.mark.parametrize("thing", list(BOOK_WORDS))
def test_the_builder_charges_the_rulebooks_price(thing: str) -> None:
    assert builder_price(thing) == book_price(thing)


@pytest.mark.rule("§10.3")
def test_the_prices_are_the_books() -> None:
    """§10.3 as written: rifleman 10, leader 8, LMG gunner 18; smoke 2, Molotov 3, satchel 5,
    radio 10; scout +3."""
    assert {t: builder_price(t) for t in BOOK_WORDS} == {
        "RFL": 10, "PST": 8, "LMG": 18, "scout": 3, "smoke": 2, "molotov": 3, "satchel": 5, "radio": 10}
