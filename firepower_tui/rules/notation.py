"""The action notation (docs/notation.md): parse and format actions.

This is a public contract: scripts, bug reports, game records and the in-game command
line all speak it. Words are case-insensitive; soldier ids and hex ids too.
"""

from __future__ import annotations

from .actions import (Buy, ChangePosture, Choose, Cross, Deployed, DrawChit, Drop, EndImpulse, EndPhase, Fire, Melee,
                      Move, Place, Ready, RollOff, StartImpulse, Throw, Turn)
from typing import NamedTuple

from .hexgrid import Facing, Hex, hex_from_id, hex_to_id, is_hex_id
from .types import Posture

ACTION_WORDS = ("chit", "impulse", "move", "turn", "cross", "posture", "end", "done", "fire", "throw", "melee",
                "buy", "drop", "ready", "rolloff", "choose", "place", "deployed")
"""First words of actions."""
QUERY_WORDS = ("odds", "los")
"""First words of queries (they change nothing)."""


class NotationError(ValueError):
    """A line that is not well-formed notation; the message says what was expected."""


class OddsQuery(NamedTuple):
    """``odds <fire|throw|melee …>``: the preview of a combat action; changes nothing."""

    action: Fire | Throw | Melee


class LosQuery(NamedTuple):
    """``los <hex> <hex>``: the line of sight between two hexes; changes nothing."""

    origin: Hex
    target: Hex


def parse_line(line: str) -> object:
    """An action, or a query (``odds …``, ``los …``).

    Raises:
        NotationError: the line is not well-formed.
    """
    words = line.split()
    verb = words[0].lower() if words else ""
    if verb == "odds":
        if len(words) < 2 or words[1].lower() not in ("fire", "throw", "melee"):
            raise NotationError("usage: odds fire|throw|melee … (the action as you would give it)")
        action = parse_action(" ".join(words[1:]))
        assert isinstance(action, Fire | Throw | Melee)
        return OddsQuery(action)
    if verb == "los":
        _count(words, 2, 2, "los <hex> <hex>")
        return LosQuery(_hex(words[1]), _hex(words[2]))
    return parse_action(line)


def _hex(word: str) -> Hex:
    if not is_hex_id(word):
        raise NotationError(f"{word!r} is not a hex id (column letters then a row number, e.g. C7)")
    return hex_from_id(word)


def _facing(word: str) -> Facing:
    try:
        return Facing[word.upper()]
    except KeyError:
        raise NotationError(f"{word!r} is not a facing (N, NE, SE, S, SW or NW)") from None


def _soldier(word: str) -> str:
    if not word or not word[0].isalpha() or not word.isalnum():
        raise NotationError(f"{word!r} is not a soldier id (e.g. T1)")
    return word.upper()


def _soldiers(word: str) -> tuple[str, ...]:
    return tuple(_soldier(w) for w in word.split(",") if w)


def _count(words: list[str], lo: int, hi: int, usage: str) -> None:
    if not lo <= len(words) - 1 <= hi:
        raise NotationError(f"usage: {usage}")


def parse_action(line: str) -> object:
    """Parse one action line.

    Raises:
        NotationError: the line is not a well-formed action.
    """
    words = line.split()
    if not words:
        raise NotationError("empty action")
    verb = words[0].lower()
    if verb == "chit":
        _count(words, 0, 1, "chit [<side>]")
        return DrawChit(side=words[1].lower() if len(words) > 1 else None)
    if verb == "impulse":
        _count(words, 1, 1, "impulse <hex>")
        return StartImpulse(hex=_hex(words[1]))
    if verb == "move":
        _count(words, 1, 2, "move <soldier> [<hex>]")
        return Move(soldier=_soldier(words[1]), to=_hex(words[2]) if len(words) > 2 else None)
    if verb == "turn":
        _count(words, 2, 2, "turn <soldier> <facing>")
        return Turn(soldier=_soldier(words[1]), facing=_facing(words[2]))
    if verb == "cross":
        _count(words, 1, 1, "cross <soldier>")
        return Cross(soldier=_soldier(words[1]))
    if verb == "posture":
        _count(words, 2, 2, "posture <soldier> stand|crouch|prone")
        try:
            posture = Posture(words[2].lower())
        except ValueError:
            raise NotationError(f"{words[2]!r} is not a posture (stand, crouch or prone)") from None
        return ChangePosture(soldier=_soldier(words[1]), posture=posture)
    if verb in ("end", "done"):
        _count(words, 0, 0, verb)
        return EndImpulse() if verb == "end" else EndPhase()
    if verb == "fire":
        return _parse_fire(words)
    if verb == "throw":
        return _parse_throw(words)
    if verb == "melee":
        _count(words, 2, 2, "melee <soldier>[,<soldier>…] <hex>")
        return Melee(soldiers=_soldiers(words[1]), hex=_hex(words[2]))
    setup = _parse_setup(verb, words)
    if setup is not None:
        return setup
    raise NotationError(f"unknown action {words[0]!r} (actions: {', '.join(ACTION_WORDS)}; "
                        f"queries: {', '.join(QUERY_WORDS)})")


def _parse_setup(verb: str, words: list[str]) -> object | None:
    """Forces and deployment (§10.2, §10.3)."""
    if verb == "buy":
        _count(words, 2, 3, "buy <side> RFL|PST|LMG [scout]")
        weapon = words[2].upper()
        if weapon not in ("RFL", "PST", "LMG") or (len(words) == 4 and words[3].lower() != "scout"):
            raise NotationError("usage: buy <side> RFL|PST|LMG [scout]")
        return Buy(side=words[1].lower(), weapon=weapon, scout=len(words) == 4)  # type: ignore[arg-type]
    if verb == "drop":
        _count(words, 1, 1, "drop <soldier>")
        return Drop(soldier=_soldier(words[1]))
    if verb == "ready":
        _count(words, 1, 1, "ready <side>")
        return Ready(side=words[1].lower())
    if verb in ("rolloff", "deployed"):
        _count(words, 0, 0, verb)
        return RollOff() if verb == "rolloff" else Deployed()
    if verb == "choose":
        _count(words, 1, 1, "choose <side>")
        return Choose(side=words[1].lower())
    if verb == "place":
        _count(words, 3, 4, "place <soldier> <hex> <facing> [stand|crouch|prone]")
        posture = Posture.STAND
        if len(words) == 5:
            try:
                posture = Posture(words[4].lower())
            except ValueError:
                raise NotationError(f"{words[4]!r} is not a posture (stand, crouch or prone)") from None
        return Place(soldier=_soldier(words[1]), hex=_hex(words[2]), facing=_facing(words[3]), posture=posture)
    return None


def _parse_fire(words: list[str]) -> Fire:
    usage = "fire <soldier> <target>[,<target>…] [auto|semi] [then <n>]"
    if len(words) < 3:
        raise NotationError(f"usage: {usage}")
    mode = None
    then = 0
    rest = [w.lower() for w in words[3:]]
    if rest and rest[0] in ("auto", "semi"):
        mode = rest.pop(0)
    if rest:
        if rest[0] != "then" or len(rest) != 2 or not rest[1].isdigit():
            raise NotationError(f"usage: {usage}")
        then = int(rest[1])
    targets = _soldiers(words[2])
    if not targets:
        raise NotationError(f"usage: {usage}")
    return Fire(soldier=_soldier(words[1]), targets=targets, mode=mode, then=then)  # type: ignore[arg-type]


def _parse_throw(words: list[str]) -> Throw:
    usage = "throw <soldier> <hex> [via <facing>]"
    if len(words) not in (3, 5) or (len(words) == 5 and words[3].lower() != "via"):
        raise NotationError(f"usage: {usage}")
    via = _facing(words[4]) if len(words) == 5 else None
    return Throw(soldier=_soldier(words[1]), hex=_hex(words[2]), via=via)


def format_action(action: object) -> str:
    """The notation of an action.

    For any action :func:`parse_action` returns, ``parse_action(format_action(a)) == a``
    (the parser writes soldier ids upper-case and side ids lower-case).
    """
    if isinstance(action, DrawChit):
        return "chit" if action.side is None else f"chit {action.side}"
    if isinstance(action, StartImpulse):
        return f"impulse {hex_to_id(action.hex)}"
    if isinstance(action, Move):
        return f"move {action.soldier}" + (f" {hex_to_id(action.to)}" if action.to is not None else "")
    if isinstance(action, Turn):
        return f"turn {action.soldier} {action.facing.name}"
    if isinstance(action, Cross):
        return f"cross {action.soldier}"
    if isinstance(action, ChangePosture):
        return f"posture {action.soldier} {action.posture.value}"
    if isinstance(action, EndImpulse):
        return "end"
    if isinstance(action, EndPhase):
        return "done"
    if isinstance(action, Fire):
        text = f"fire {action.soldier} {','.join(action.targets)}"
        text += f" {action.mode}" if action.mode else ""
        return text + (f" then {action.then}" if action.then else "")
    if isinstance(action, Throw):
        return f"throw {action.soldier} {hex_to_id(action.hex)}" + (f" via {action.via.name}" if action.via else "")
    if isinstance(action, Melee):
        return f"melee {','.join(action.soldiers)} {hex_to_id(action.hex)}"
    if isinstance(action, Buy):
        return f"buy {action.side} {action.weapon}" + (" scout" if action.scout else "")
    if isinstance(action, Drop):
        return f"drop {action.soldier}"
    if isinstance(action, Ready):
        return f"ready {action.side}"
    if isinstance(action, RollOff):
        return "rolloff"
    if isinstance(action, Choose):
        return f"choose {action.side}"
    if isinstance(action, Deployed):
        return "deployed"
    if isinstance(action, Place):
        text = f"place {action.soldier} {hex_to_id(action.hex)} {action.facing.name}"
        return text + (f" {action.posture.value}" if action.posture is not Posture.STAND else "")
    raise TypeError(f"not an action: {action!r}")
