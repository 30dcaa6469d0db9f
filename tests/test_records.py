"""``rules.kit.records.record`` makes the same class as the frozen dataclass it stands for
(``@dataclass(frozen=True, slots=True, kw_only=True)``, or with the ``kw_only`` and ``slots``
given): every record class of the package is checked against a twin made the dataclass way
from the same class body."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from typing import Any

import importlib
import pkgutil

import pytest

import firepower_tui
from firepower_tui.rules.board.hexgrid import Hex
from firepower_tui.rules.kit.records import _OWN_METHODS

MODULES = [importlib.import_module(m.name) for m in pkgutil.walk_packages(firepower_tui.__path__, "firepower_tui.")
           if m.name.split(".")[1] in ("rules", "controller", "games", "ui") and not m.name.endswith("__main__")]
RECORDS = sorted({c for m in MODULES for c in vars(m).values()
                  if isinstance(c, type) and c.__module__ == m.__name__ and dataclasses.is_dataclass(c)
                  and getattr(c.__init__, "__globals__", {}).get("_set") is object.__setattr__},
                 key=lambda c: f"{c.__module__}.{c.__qualname__}")
"""The classes made by ``record`` (their ``__init__`` is the one it compiles)."""


def dataclass_twin(cls: type) -> Any:
    """``cls`` declared again the dataclass way: same name, bases, class body, doc."""
    fields = dataclasses.fields(cls)
    slots = "__slots__" in cls.__dict__
    skip = {*_OWN_METHODS, "__dict__", "__weakref__", "__slots__", "__dataclass_fields__", "__dataclass_params__",
            "__match_args__", *(f.name for f in fields)}
    body: dict[str, Any] = {k: v for k, v in cls.__dict__.items() if k not in skip}
    body["__annotations__"] = {f.name: f.type for f in fields}
    for f in fields:
        if f.default is not dataclasses.MISSING or f.metadata:
            body[f.name] = dataclasses.field(default=f.default, metadata=f.metadata or None)
    kw_only = all(f.kw_only for f in fields)
    return dataclasses.dataclass(frozen=True, slots=slots, kw_only=kw_only)(type(cls.__name__, cls.__bases__, body))


def sample(cls: type) -> dict[str, Any]:
    values = [Hex(2, 3), "v", (1, Hex(0, 1)), 7, None, True]
    return {f.name: values[i % len(values)] for i, f in enumerate(dataclasses.fields(cls))
            if f.default is dataclasses.MISSING}


def test_there_are_records() -> None:
    assert len(RECORDS) > 70
    assert {"ChitDrawn", "DrawChit", "Scenario", "GameRow", "KeySpec", "Zoom"} <= {c.__name__ for c in RECORDS}


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: f"{c.__module__.split('.', 1)[1]}.{c.__name__}")
def test_a_record_is_its_dataclass(cls: Any) -> None:
    twin = dataclass_twin(cls)
    assert repr(cls.__dataclass_params__) == repr(twin.__dataclass_params__)
    assert str(inspect.signature(cls)) == str(inspect.signature(twin))
    assert cls.__dict__.get("__slots__") == twin.__dict__.get("__slots__")
    assert cls.__match_args__ == twin.__match_args__
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
