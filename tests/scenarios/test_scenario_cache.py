"""The scenario spec the game reads (plain dataclasses) agrees with the pydantic schema that checks
a file, and the cache of checked texts is used only for the very same text and schema, keyed by
the hash it computes itself."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from firepower_tui.games import scenario_cache
from firepower_tui.games.scenario_cache import CACHE, load_cached
from firepower_tui.rules.scenario import schema
from firepower_tui.rules.model import scenario as scenario_spec
from firepower_tui.rules.model.errors import ScenarioError
from firepower_tui.rules.scenario.load import load_scenario, parse_scenario, scenario_dirs

MODELS = ["LineSpec", "MapSpec", "BuildingSpec", "BunkerSpec", "WallSpec", "SideSpec", "SoldierSpec", "ZoneSpec", "SectorSpec", "ForceSpec", "ScenarioFile"]


@pytest.mark.parametrize("name", MODELS)
def test_the_spec_has_the_schemas_fields_and_defaults(name: str) -> None:
    model = getattr(schema, name)
    spec = getattr(scenario_spec, name)
    assert set(spec._fields) == set(model.model_fields)
    for key, info in model.model_fields.items():
        if info.is_required():
            assert key not in spec._field_defaults, key
        else:
            default = spec._field_defaults[key]
            expected = info.get_default(call_default_factory=True)
            if isinstance(expected, schema.SectorSpec):
                expected = scenario_spec.SectorSpec(**expected.model_dump())
            assert default == expected, key


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return scenario_cache.cache_dir()


@pytest.mark.parametrize("path", sorted(p for d in scenario_dirs() for p in d.glob("*.toml")), ids=lambda p: p.stem)
def test_a_cached_load_is_the_checked_load(path: Path, cache: Path) -> None:
    checked = load_scenario(path)
    assert list(cache.glob("*.json")) == []  # (no cache given: none used)
    assert load_cached(path) == checked
    assert list(cache.glob("*.json")) == [cache / f"{checked.digest}.json"]
    assert load_cached(path) == checked  # from the cache
    assert parse_scenario(path.read_text(encoding="utf-8"), str(path), cache=CACHE) == checked


def test_the_cache_is_read_only_for_the_same_text_and_schema(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = (scenario_dirs()[0] / "basic.toml").read_text(encoding="utf-8")
    first = parse_scenario(text, "basic", cache=CACHE)
    entry = cache / f"{first.digest}.json"
    data = json.loads(entry.read_text())
    data["data"]["title"] = "From the cache"
    entry.write_text(json.dumps(data))
    assert parse_scenario(text, "basic", cache=CACHE).spec.title == "From the cache"  # (a test of the test: it is read)
    assert parse_scenario(text, "basic").spec.title != "From the cache"
    entry.write_text(json.dumps(data))
    monkeypatch.setattr(scenario_cache, "fingerprint", lambda: "another schema")
    assert parse_scenario(text, "basic", cache=CACHE).spec.title != "From the cache"


def test_an_entry_is_found_only_by_the_hash_of_its_own_text(cache: Path) -> None:
    """The cache computes the key from the text it is given: data kept for one text is never
    another's, whatever a caller or a file claims that text's hash is."""
    text = (scenario_dirs()[0] / "basic.toml").read_text(encoding="utf-8")
    edited = text.replace("turns = ", "turns = 1 #", 1)
    parse_scenario(edited, "edited", cache=CACHE)
    (entry,) = cache.glob("*.json")
    assert entry.stem == hashlib.sha256(edited.encode()).hexdigest()
    assert CACHE.get(text) is None
    assert parse_scenario(text, "basic", cache=CACHE).spec.turns != 1


def test_an_edited_text_goes_through_the_schema(cache: Path) -> None:
    text = (scenario_dirs()[0] / "basic.toml").read_text(encoding="utf-8")
    parse_scenario(text, "basic", cache=CACHE)
    with pytest.raises(ScenarioError, match="turns"):
        parse_scenario(text.replace("turns = ", "turns = 1000 #", 1), "basic", cache=CACHE)
    assert len(list(cache.glob("*.json"))) == 1  # a broken text is not kept


@pytest.mark.parametrize("damage", ["", "{", "[]", '{"fingerprint": 1}', "DATA"])
def test_a_damaged_entry_is_a_miss(damage: str, cache: Path) -> None:
    text = (scenario_dirs()[0] / "basic.toml").read_text(encoding="utf-8")
    good = parse_scenario(text, "basic", cache=CACHE)
    entry = cache / f"{good.digest}.json"
    if damage == "DATA":
        data = json.loads(entry.read_text())
        del data["data"]["map"]
        damage = json.dumps(data)
    entry.write_text(damage)
    assert parse_scenario(text, "basic", cache=CACHE) == good
    assert json.loads(entry.read_text())["data"]  # written again


def test_a_cache_that_cannot_be_written_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert load_cached("basic").id == "basic"
    assert os.listdir(tmp_path) == ["file"]
