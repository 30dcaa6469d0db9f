"""Game records: a versioned JSON file of one game, in notation (play by e-mail, bug reports)."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from ..rules.model.dice import MAX_SEED
from ..rules.model.errors import Problem, SaveError
from ..rules.scenario.options import MAX_CLOCK, MIN_CLOCK
from ..rules.kit.untrusted import MAX_FILE_BYTES, PARSER_FAILURES, parser_failure, shape_problem
from .seats import parse_seat
from .store import Store

RECORD_VERSION = 1


class RecordEntry(BaseModel):
    """One accepted action (or a take-back) and the dice it used."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["action", "undo"] = "action"
    action: str
    """The action in notation (docs/notation.md); ``undo`` for a take-back."""
    rolls: list[tuple[str, int, int]] = []
    """``[purpose, value, n]``: n is 0 for a d10, else a pick among n (a chit draw)."""


class RecordScenario(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=40)
    """The scenario's id (as its file's ``id``: never a path)."""
    hash: str = Field(pattern=r"^[0-9a-f]{64}$")
    """SHA-256 of the scenario file."""
    toml: str = ""
    """The scenario file itself, so the record plays anywhere."""


class GameRecord(BaseModel):
    """A whole game."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["firepower-game"] = "firepower-game"
    version: int = RECORD_VERSION
    scenario: RecordScenario
    seed: Annotated[int, Field(ge=0, le=MAX_SEED)] | None
    """The game's dice seed; null in the record of a game not finished (ruling R181: no player
    may know the dice to come; the rolls made are in the entries)."""
    options: dict[str, object] = {}
    """:class:`RecordOptions`, kept as the plain mapping the store holds."""
    entries: list[RecordEntry]
    result: str = ""


def _seat(text: str) -> str:
    """A seat as :func:`.seats.parse_seat` reads it (``human``, ``computer:<level>``), kept as written."""
    parse_seat(text)  # (a SeatError is a ValueError: pydantic reports its text)
    return text


class RecordOptions(BaseModel):
    """What a record's ``options`` may hold: the options a game is stored with."""

    model_config = ConfigDict(extra="forbid", strict=True)
    deploy: bool = False
    rules: list[str] | None = None
    clock: int | None = Field(default=None, ge=MIN_CLOCK, le=MAX_CLOCK)
    players: dict[Annotated[str, Field(max_length=40)], Annotated[str, AfterValidator(_seat)]] | None = None
    shared: bool = False


def export_game(store: Store, game_id: int, path: Path) -> GameRecord:
    """Write a game's record; the seed only if the game is finished (R181)."""
    g = store.game(game_id)
    record = GameRecord(
        scenario=RecordScenario(id=g.scenario_id, hash=g.scenario_hash, toml=g.scenario_text),
        seed=g.seed if g.finished else None,
        options=g.options, result=g.result,
        entries=[RecordEntry.model_validate({"kind": e.kind, "action": e.notation, "rolls": e.rolls})  # (the store's kind a str, checked here)
                 for e in store.entries(game_id)])
    path.write_text(record.model_dump_json(indent=1) + "\n", encoding="utf-8")
    return record


def read_record(path: Path) -> GameRecord:
    """Load and check a record file.

    Raises:
        SaveError: every problem, named by line (JSON syntax) or key path.
    """
    name = str(path)
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise SaveError(name, [Problem("", f"larger than {MAX_FILE_BYTES // 2**20} MB: not a game record")])
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SaveError(name, [Problem("", f"cannot read: {exc.strerror or exc}")]) from None
    except UnicodeDecodeError as exc:
        raise SaveError(name, [Problem(f"{name}: byte {exc.start}", "not UTF-8 text")]) from None
    except MemoryError as exc:
        raise SaveError(name, [Problem("", parser_failure(exc))]) from None
    return parse_record(text, name)


def parse_record(text: str, name: str) -> GameRecord:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(name, [Problem(f"{name}:{exc.lineno}:{exc.colno}", f"not JSON: {exc.msg}"
                                       + (" (the file is cut short)" if exc.pos >= len(text.rstrip()) else ""))]
                        ) from None
    except PARSER_FAILURES as exc:
        raise SaveError(name, [Problem(name, parser_failure(exc))]) from None
    problem = shape_problem(data)
    if problem:
        raise SaveError(name, [Problem(name, problem)])
    if not isinstance(data, dict) or data.get("format") != "firepower-game":
        raise SaveError(name, [Problem(name, "not a firepower game record (no \"format\": \"firepower-game\")")])
    version = data.get("version")
    if isinstance(version, int) and version > RECORD_VERSION:
        raise SaveError(name, [Problem(f"{name}: version", f"made by a newer firepower (record version {version}; "
                                                           f"this version reads up to {RECORD_VERSION})")])
    problems = _problems(GameRecord, data, name)
    if isinstance(data.get("options"), dict):
        problems += _problems(RecordOptions, data["options"], name, "options")
    if problems:
        raise SaveError(name, problems)
    record = GameRecord.model_validate(data)
    _check_hash(record, name)
    return record


def _problems(model: type[BaseModel], data: object, name: str, within: str = "") -> list[Problem]:
    """Every schema error of ``data`` as a problem named by its key path."""
    try:
        model.model_validate(data)
    except ValidationError as exc:
        out = []
        for err in exc.errors(include_url=False):
            loc = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in (within, *err["loc"]) if p != "")
            out.append(Problem(f"{name}: {loc.lstrip('.')}", str(err["msg"])))
        return out
    return []


def _check_hash(record: GameRecord, name: str) -> None:
    """A record's scenario text must be the one its hash names: the hash is computed here, never
    taken on the record's word (a record is a file anyone may have edited). A record without
    the text is played with the installed scenario, which must have that hash
    (:func:`.replay.scenario_for`).

    Raises:
        SaveError: the text is not the hash's.
    """
    toml = record.scenario.toml
    if not toml:
        return
    try:
        digest = hashlib.sha256(toml.encode()).hexdigest()
    except UnicodeEncodeError as exc:
        raise SaveError(name, [Problem(f"{name}: scenario.toml", f"not UTF-8 text (character {exc.start} is a "
                                                                 "lone surrogate)")]) from None
    if digest != record.scenario.hash:
        raise SaveError(name, [Problem(f"{name}: scenario.hash", f"is not the SHA-256 of scenario.toml (that is "
                                                                 f"{digest[:12]}...): the scenario was changed after "
                                                                 "the record was written; nothing of it is used")])


def looks_like_record(text: str) -> bool:
    return bool(re.match(r"\s*\{", text))
