"""Compact immutable values: how every rules record is copied and written as JSON.

The rules core keeps its state in plain stdlib values (docs/style.md §3): ``NamedTuple``
records for what is copied on every action (the game state, soldiers, modifiers, roll
breakdowns) and for the events and actions, frozen slotted dataclasses for the rest (assessments).
Pydantic stays at the boundaries: scenario files and game records.

:func:`evolve` copies a record with some fields changed (a tuple copy, no validation: the
rules build only valid values). :func:`to_json` writes any record as the JSON of
``firepower script --json`` (docs/notation.md): hexes as map ids, facings as ``N`` … ``NW``,
other enums by value, tuples as lists.

Some records carry data that is not part of the JSON: what their text was written from
(e.g. the outcome behind a roll's ``result`` words) or what is derived (a state's soldier
index). A ``NamedTuple`` names those fields with the :func:`hidden_in_json` decorator; a
dataclass marks them with ``field(metadata=NOT_IN_JSON)``. The JSON stays as it was, and
code decides by the data, never by the words.

An event's ``event`` tag and an action's ``kind`` tag have defaults, so a ``NamedTuple`` declares
them last; :func:`to_json` writes them first, as ``firepower script --json`` always has.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from enum import Enum
from types import MappingProxyType
from typing import Any, TypeVar

from ..board.hexgrid import Facing, Hex, hex_to_id

R = TypeVar("R", bound=tuple[Any, ...])
C = TypeVar("C", bound=type)

_FIELD_INDEX: dict[type, dict[str, int]] = {}
"""The position of each field, by ``NamedTuple`` record class (:func:`evolve`)."""

NOT_IN_JSON = MappingProxyType({"json": False})
"""``dataclasses.field(metadata=NOT_IN_JSON)``: a field :func:`to_json` leaves out."""
_TAGS = ("event", "kind")
"""The tag of an event or an action: a ``NamedTuple`` record's last field (it has a default) but
the first key of its JSON."""
_HIDDEN = "_json_hidden"
"""The class attribute naming a ``NamedTuple``'s fields :func:`to_json` leaves out."""


def hidden_in_json(*names: str) -> Callable[[C], C]:
    """Class decorator: :func:`to_json` leaves out these fields of a ``NamedTuple`` record."""
    def mark(cls: C) -> C:
        setattr(cls, _HIDDEN, frozenset(names))
        return cls
    return mark


def evolve(record: R, changes: dict[str, Any]) -> R:
    """A copy of a ``NamedTuple`` record with ``changes`` applied (unknown names raise KeyError):
    its values as a list, the changed ones set in place, made again by the class's ``_make``.

    ``_replace`` does the same, asking every field's name of the changes; this asks only the
    changes' names of the class (the game state has 35 fields, a soldier 22, and a copy of
    each is made with every action).
    """
    cls = type(record)
    index = _FIELD_INDEX.get(cls)
    if index is None:
        index = _FIELD_INDEX[cls] = {name: i for i, name in enumerate(record._fields)}  # type: ignore[attr-defined]  # (R is any NamedTuple; a Protocol of _fields and _make matches none in mypy)
    values = list(record)
    for name, value in changes.items():
        values[index[name]] = value
    return record._make(values)  # type: ignore[attr-defined, no-any-return]  # (as above: a NamedTuple's own _make)


def to_json(value: Any) -> Any:
    """``value`` as JSON-ready data, field by field in declaration order.

    >>> from .breakdown import Modifier
    >>> to_json(Modifier(label="target prone", value=2, rule="6.3.6.2.4"))
    {'label': 'target prone', 'value': 2, 'rule': '6.3.6.2.4'}
    >>> to_json((Hex(2, 3), Facing.SE))
    ['C5', 'SE']

    Fields marked :func:`hidden_in_json` are left out:

    >>> from typing import NamedTuple
    >>> @hidden_in_json("kind")
    ... class Note(NamedTuple):
    ...     text: str
    ...     kind: str
    >>> to_json(Note("trees (crossed)", "trees"))
    {'text': 'trees (crossed)'}
    """
    if value is None or isinstance(value, (str, bool, int, float)) and not isinstance(value, Enum):
        return value
    if isinstance(value, Hex):
        return hex_to_id(value)
    if isinstance(value, Facing):
        return value.name
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        names = getattr(type(value), "_fields", None)
        if names is not None:
            hidden = getattr(type(value), _HIDDEN, ())
            data = {n: to_json(v) for n, v in zip(names, value) if n not in hidden}
            if names[-1] in _TAGS and names[-1] not in hidden:  # the tag, last for its default, goes first
                data = {names[-1]: data.pop(names[-1]), **data}
            return data
        return [to_json(v) for v in value]
    if isinstance(value, (list, frozenset, set)):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {to_json(k) if isinstance(k, (Hex, Enum)) else k: to_json(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)
                if f.repr and f.metadata.get("json", True)}
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


__all__ = ["NOT_IN_JSON", "evolve", "hidden_in_json", "to_json"]
