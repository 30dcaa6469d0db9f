"""Game records: a versioned JSON file of one game, in notation (play by e-mail, bug reports)."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..rules.errors import Problem, SaveError
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
    id: str
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
    seed: int | None
    """The game's dice seed; null in the record of a game not finished (ruling R181: no player
    may know the dice to come; the rolls made are in the entries)."""
    options: dict[str, object] = {}
    entries: list[RecordEntry]
    result: str = ""


def export_game(store: Store, game_id: int, path: Path) -> GameRecord:
    """Write a game's record; the seed only if the game is finished (R181)."""
    g = store.game(game_id)
    record = GameRecord(
        scenario=RecordScenario(id=g.scenario_id, hash=g.scenario_hash, toml=g.scenario_text),
        seed=g.seed if g.finished else None,
        options=g.options, result=g.result,
        entries=[RecordEntry(kind=e.kind, action=e.notation, rolls=e.rolls)  # type: ignore[arg-type]
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
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(name, [Problem("", f"cannot read: {getattr(exc, 'strerror', None) or exc}")]) from None
    return parse_record(text, name)


def parse_record(text: str, name: str) -> GameRecord:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(name, [Problem(f"{name}:{exc.lineno}:{exc.colno}", f"not JSON: {exc.msg}"
                                       + (" (the file is cut short)" if exc.pos >= len(text.rstrip()) else ""))]
                        ) from None
    if not isinstance(data, dict) or data.get("format") != "firepower-game":
        raise SaveError(name, [Problem(name, "not a firepower game record (no \"format\": \"firepower-game\")")])
    version = data.get("version")
    if isinstance(version, int) and version > RECORD_VERSION:
        raise SaveError(name, [Problem(f"{name}: version", f"made by a newer firepower (record version {version}; "
                                                           f"this version reads up to {RECORD_VERSION})")])
    try:
        record = GameRecord.model_validate(data)
    except ValidationError as exc:
        problems = []
        for err in exc.errors(include_url=False):
            loc = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in err["loc"]).lstrip(".")
            problems.append(Problem(f"{name}: {loc}", str(err["msg"])))
        raise SaveError(name, problems) from None
    _check_hash(record, name)
    return record


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
