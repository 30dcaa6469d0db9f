"""The action notation round-trips (docs/notation.md)."""

from __future__ import annotations

import pytest

from firepower_tui.rules.engine.notation import NotationError, format_action, parse_action

LINES = [
    "chit", "chit tan", "impulse C7", "move T1", "move T1 C8", "turn T1 NE", "cross T1", "posture T1 prone",
    "end", "done", "fire T2 G1,G2", "fire T4 G1 semi then 1", "fire T4 G1 auto", "throw T3 H9",
    "throw T3 H9 via SW", "melee T1,T2 D4", "impulse AA12",
    "buy tan RFL", "buy green LMG scout", "drop T3", "ready tan", "rolloff", "choose green", "place T1 C2 S",
    "place G4 C11 NW prone", "deployed",
    "watch T1", "overwatch fire G1 T2", "overwatch fire G1 T2,T3 auto", "overwatch fire G5 T1 semi",
    "overwatch throw G2 K5", "overwatch throw G2 K5 via SW", "hold", "hit-dirt G1", "hit-dirt G1,G2",
    "stand-and-shoot G1 T2", "fall-back", "climb T1", "pickup T1 LMG", "swap T1 T2", "repair T1",
    "smoke T1 K5", "smoke T1 K5 via SW", "molotov T1 K5", "satchel T1 K5", "radio T1 K5", "equip T1 smoke",
]


@pytest.mark.parametrize("line", LINES)
def test_round_trip(line: str) -> None:
    assert format_action(parse_action(line)) == line


def test_case_insensitive() -> None:
    assert format_action(parse_action("MOVE t1 c8")) == "move T1 C8"
    assert format_action(parse_action("Turn t1 ne")) == "turn T1 NE"


@pytest.mark.parametrize("bad", ["posture T1 sit", "fire T1", "fire T1 G1 burst", "throw T1 H9 via", "end now",
                                 "melee T1", "cross", "turn T1", "buy tan BAZ", "buy tan RFL sniper", "drop",
                                 "ready", "rolloff now", "choose", "place T1 C2", "place T1 C2 S sit", "deployed T1",
                                 "watch", "watch T1 T2", "overwatch", "overwatch T1 G1", "overwatch fire G1 T2 then 1",
                                 "overwatch throw G2", "overwatch melee G1 K5", "hold T1", "hit-dirt",
                                 "hit-dirt G1 G2", "stand-and-shoot G1", "fall-back G1"])
def test_malformed(bad: str) -> None:
    with pytest.raises(NotationError):
        parse_action(bad)
