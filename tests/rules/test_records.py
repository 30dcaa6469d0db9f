"""``values.record`` makes the same class as ``@quick_init @dataclass(frozen=True, slots=True,
kw_only=True)`` (what the events and actions were declared with): each record class is checked
against a twin made the dataclass way from the same annotations and defaults."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from typing import Any

import pytest

from firepower_tui.rules import actions, events
from firepower_tui.rules.hexgrid import Hex
from firepower_tui.rules.values import quick_init

RECORDS = sorted((c for m in (events, actions) for c in vars(m).values()
                  if isinstance(c, type) and dataclasses.is_dataclass(c) and c.__module__ == m.__name__),
                 key=lambda c: c.__name__)


def dataclass_twin(cls: type) -> Any:
    """``cls`` declared again the dataclass way: same name, bases, annotations, defaults, doc."""
    body: dict[str, Any] = {"__annotations__": {f.name: f.type for f in dataclasses.fields(cls)},
                            "__doc__": cls.__doc__, "__qualname__": cls.__qualname__, "__module__": cls.__module__}
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING or f.metadata:
            body[f.name] = dataclasses.field(default=f.default, metadata=f.metadata or None)
    return quick_init(dataclasses.dataclass(frozen=True, slots=True, kw_only=True)(type(cls.__name__, cls.__bases__, body)))


def sample(cls: type) -> dict[str, Any]:
    values = [Hex(2, 3), "v", (1, Hex(0, 1)), 7, None, True]
    return {f.name: values[i % len(values)] for i, f in enumerate(dataclasses.fields(cls))
            if f.default is dataclasses.MISSING}


def test_there_are_records() -> None:
    assert len(RECORDS) > 40


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__name__)
def test_a_record_is_its_dataclass(cls: Any) -> None:
    twin = dataclass_twin(cls)
    assert repr(cls.__dataclass_params__) == repr(twin.__dataclass_params__)
    assert str(inspect.signature(cls)) == str(inspect.signature(twin))
    assert cls.__slots__ == twin.__slots__ and cls.__match_args__ == twin.__match_args__
    assert [(f.name, f.default, f.compare, f.hash, f.repr, dict(f.metadata)) for f in dataclasses.fields(cls)] == \
        [(f.name, f.default, f.compare, f.hash, f.repr, dict(f.metadata)) for f in dataclasses.fields(twin)]
    kw = sample(cls)
    one, other = cls(**kw), twin(**kw)
    assert repr(one) == repr(other) and hash(one) == hash(other)
    assert one == cls(**kw) and not one != cls(**kw) and one != other
    assert dataclasses.asdict(one) == dataclasses.asdict(other)
    for f in dataclasses.fields(cls):
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot assign to field '{f.name}'"):
            setattr(one, f.name, 1)
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot delete field '{f.name}'"):
            delattr(one, f.name)
        changed = dataclasses.replace(one, **{f.name: "x"})
        assert type(changed) is cls and getattr(changed, f.name) == "x" and changed != one
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(one, protocol)) == one
    assert copy.copy(one) == one == copy.deepcopy(one)
    if hasattr(one, "to_json"):
        assert one.to_json() == other.to_json()
