"""``--rules`` and ``--clock`` on the command line, and `firepower scenarios` naming each
scenario's optional rules (RULES.md §9, §10.5; ruling R50)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pytest

from firepower_tui.cli import _parser, _starter, chosen_rules, main
from firepower_tui.games.store import Store


def parse(*argv: str) -> argparse.Namespace:
    return _parser().parse_args(list(argv))


@pytest.mark.parametrize(("given", "rules"), [
    ("overwatch,hiding", ("overwatch", "hiding")),
    ("hiding,overwatch", ("overwatch", "hiding")),  # always in §9 order
    ("Overwatch, hit_the_dirt", ("overwatch", "hit_the_dirt")),
    ("none", ()),
    ("all", ("overwatch", "hit_the_dirt", "hiding", "weapons", "special_weapons", "buildings", "melee_reactions", "clock")),
])
def test_rules_are_parsed(given: str, rules: tuple[str, ...]) -> None:
    assert parse("play", "basic", "--rules", given).rules == rules


@pytest.mark.parametrize(("argv", "needle"), [
    (["--rules", "bogus"], "unknown optional rule 'bogus'"),
    (["--rules", "overwatch,nightfall"], "unknown optional rule 'nightfall'"),
    (["--rules", ""], "no rule named"),
    (["--clock", "5"], "give 10 to 3600 seconds"),
    (["--clock", "soon"], "'soon' is not a number of seconds"),
])
def test_bad_rules_and_clocks_are_usage_errors(argv: list[str], needle: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Exit status 2, the id named with the rules available, no traceback."""
    with pytest.raises(SystemExit) as e:
        main(["play", "basic", *argv])
    err = capsys.readouterr().err
    assert e.value.code == 2 and needle in err and "Traceback" not in err
    if "optional rule" in needle:
        assert "available: overwatch, hit_the_dirt, hiding, weapons, special_weapons, buildings, melee_reactions, clock (or none, all)" in err


def test_the_default_start_takes_them_too() -> None:
    args = parse("--rules", "hiding", "--clock", "45")
    assert (args.rules, args.clock) == (("hiding",), 45)


def test_resume_does_not_take_them(capsys: pytest.CaptureFixture[str]) -> None:
    """A stored game keeps the rules it was begun with."""
    with pytest.raises(SystemExit):
        main(["resume", "3", "--rules", "hiding"])
    assert "unrecognized arguments: --rules hiding" in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "scenario_rules", "rules"), [
    ([], ["overwatch"], None),
    (["--rules", "none"], ["overwatch"], ()),
    (["--clock", "60"], ["overwatch"], ("overwatch", "clock")),
    (["--rules", "hiding", "--clock", "60"], ["overwatch"], ("hiding", "clock")),
    (["--rules", "clock", "--clock", "60"], [], ("clock",)),
])
def test_the_clock_option_turns_the_clock_on(argv: list[str], scenario_rules: list[str],
                                             rules: tuple[str, ...] | None) -> None:
    assert chosen_rules(parse("play", "x", *argv), scenario_rules) == rules


@pytest.mark.parametrize(("argv", "options"), [
    ([], {"rules": ["overwatch", "hit_the_dirt"]}),
    (["--rules", "none"], {"rules": []}),
    (["--rules", "hiding", "--clock", "30"], {"rules": ["hiding", "clock"], "clock": 30}),
    (["--deploy", "--clock", "30"], {"deploy": True, "rules": ["overwatch", "hit_the_dirt", "clock"], "clock": 30}),
])
def test_play_stores_the_rules_asked_for(tmp_path: Path, argv: list[str], options: dict[str, object]) -> None:
    store = Store(tmp_path / "g.db")
    session, gid = _starter(store, parse("play", "meeting", "--seed", "4", *argv))("meeting", "--deploy" in argv)
    assert store.game(gid).options == options
    assert session.state.rules == set(options["rules"])  # type: ignore[arg-type]


def test_the_picker_choice_wins(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.db")
    _, gid = _starter(store, parse("play", "--rules", "all"))("meeting", False, ("hiding",))
    assert store.game(gid).options == {"rules": ["hiding"]}


def test_scenarios_lists_the_optional_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenarios"]) == 0
    out = capsys.readouterr().out
    blocks = {b.split()[0]: b for b in out.split("\n") if b and not b.startswith(" ")}
    lines = out.splitlines()

    def rules_of(name: str) -> str:
        return lines[lines.index(blocks[name]) + 1].strip()

    assert rules_of("meeting") == "optional rules: overwatch, hit the dirt"
    assert rules_of("defence") == "optional rules: overwatch"
    assert rules_of("basic") == "no optional rules (the basic game)"


@pytest.mark.parametrize("argv", [["play", "basic", "--seed", "3"], ["play"], ["play", "-h"], ["play", "--seed", "x"],
                                  ["play", "a", "b"], ["play", "--rules", "bogus"], ["play", "--version"],
                                  ["play", "--deploy", "--ascii", "--handover", "--db", "x.db", "basic", "--clock", "60"],
                                  ["play", "--bogus"], ["play", "--se", "4"], ["play", "--rules", "all", "basic"]],
                         ids=" ".join)
def test_play_is_parsed_as_the_full_parser_parses_it(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """``firepower play`` is parsed by the play parser alone (cli._parse): the same namespace,
    help, usage and errors as the full parser's."""
    from firepower_tui.cli import _parse

    def outcome(parse: Any) -> tuple[object, str, str]:
        try:
            result: object = sorted(vars(parse(argv)).items())
        except SystemExit as exc:
            result = ("exit", exc.code)
        out = capsys.readouterr()
        return result, out.out, out.err

    assert outcome(_parse) == outcome(lambda a: _parser().parse_args(a))


@pytest.mark.parametrize(("argv", "dest", "value"), [
    (["--ascii", "play", "basic"], "ascii", True),
    (["--seed", "5", "resume"], "seed", 5),
    (["--db", "x.db", "games"], "db", "x.db"),
    (["--rules", "hiding", "play"], "rules", ("hiding",)),
    (["--ascii", "learn"], "ascii", True),
    (["--ascii", "join", "3", "--side", "tan"], "ascii", True),
    (["--db", "x.db", "resume", "--db", "y.db"], "db", "y.db"),  # after the command, the command's wins
    (["play", "basic"], "ascii", False),
])
def test_an_option_given_before_the_command_reaches_it(argv: list[str], dest: str, value: object) -> None:
    """``firepower --ascii play``: the command's copy of a main option does not reset it to its default."""
    assert getattr(parse(*argv), dest) == value
