"""Records: frozen dataclasses made without compiling six functions each.

:func:`record` is ``@dataclass(frozen=True, slots=True, kw_only=True)`` (the events, the
actions) or, with ``kw_only`` and ``slots`` given, another frozen dataclass; the class is the
dataclass's in every way code can see, but made in a fraction of the time, which the rules
core's import (dozens of records) and so the game's first frame notice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from operator import attrgetter
from reprlib import recursive_repr
from typing import Any, TypeVar, dataclass_transform, overload

C = TypeVar("C", bound=type)


def set_quick_init(cls: type, fields: tuple[dataclasses.Field[Any], ...], doc: str | None) -> None:
    """Give ``cls`` the ``__init__`` of :func:`.values.quick_init` (one small function compiled): slots
    are set through their descriptors, the attributes of a class without slots through
    ``object.__setattr__`` (as a frozen dataclass does); positional fields first, then the
    keyword-only ones, as the dataclass orders them."""
    slotted = "__slots__" in cls.__dict__
    names: dict[str, Any] = {"_set": object.__setattr__}
    args: list[str] = []
    keywords: list[str] = []
    body: list[str] = []
    for f in fields:
        if not f.init or f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: only fields with plain defaults are supported")
        if f.default is dataclasses.MISSING:
            if args and "=" in args[-1] and not f.kw_only:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")
            arg = f.name
        else:
            names[f"_default_{f.name}"] = f.default
            arg = f"{f.name}=_default_{f.name}"
        (keywords if f.kw_only else args).append(arg)
        if slotted:
            names[f"_set_{f.name}"] = getattr(cls, f.name).__set__
            body.append(f"    _set_{f.name}(self, {f.name})")
        else:
            body.append(f"    _set(self, {f.name!r}, {f.name})")
    signature = ", ".join(["self", *args, *(["*", *keywords] if keywords else [])])
    source = f"def __init__({signature}) -> None:\n" + ("\n".join(body) or "    pass") + "\n"
    exec(source, names)  # noqa: S102 - our own source, from the dataclass's own field names
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = doc
    init.__annotations__ = {**{f.name: f.type for f in fields}, "return": None}
    setattr(cls, "__init__", init)  # noqa: B010 - mypy forbids assigning a method


_OWN_METHODS = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__", "__getstate__",
                "__setstate__", "__post_init__")
"""Methods a record class may not define itself (the dataclass would keep some, refuse others)."""


@overload
def record(cls: C, /) -> C: ...


@overload
def record(*, kw_only: bool = True, slots: bool = True) -> Callable[[C], C]: ...


@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(dataclasses.field,))
def record(cls: C | None = None, /, *, kw_only: bool = True, slots: bool = True) -> C | Callable[[C], C]:
    """Class decorator: the same class as ``@dataclass(frozen=True, slots=True, kw_only=True)``
    (or with the ``kw_only`` and ``slots`` given), made at a fraction of the cost.

    A frozen dataclass compiles six small functions per class (``__init__``, ``__repr__``,
    ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``): most of the import time of the
    modules that define dozens of records (events, actions). Here the dataclass machinery only
    makes the fields (and slots), the one ``__init__`` of :func:`.values.quick_init` is compiled, and
    the other methods are shared functions bound to each class's field names, with the
    dataclass's semantics: equality and hash on the tuple of the compared fields (same class
    only), the dataclass repr (``...`` on recursion), ``FrozenInstanceError`` on assignment and
    deletion, pickling by the field values. ``dataclasses.fields``, ``replace``, ``asdict``,
    ``__match_args__`` and ``__dataclass_params__`` are those of the frozen dataclass.

    >>> @record
    ... class Note:
    ...     '''A note.'''
    ...     text: str
    ...     size: int = 1
    >>> Note(text="x"), Note(text="y", size=2) == Note(text="y", size=2), dataclasses.replace(Note(text="x"), size=3)
    (Note(text='x', size=1), True, Note(text='x', size=3))
    >>> Note(text="x").size = 2
    Traceback (most recent call last):
    dataclasses.FrozenInstanceError: cannot assign to field 'size'
    >>> @record(kw_only=False, slots=False)
    ... class Pair:
    ...     '''Two numbers.'''
    ...     a: int
    ...     b: int = 2
    >>> Pair(1), hash(Pair(1)) == hash(Pair(1, 2)), Pair.__match_args__
    (Pair(a=1, b=2), True, ('a', 'b'))

    A class that a frozen dataclass would treat otherwise is made by the dataclass itself:
    one without a docstring (the dataclass writes one from the signature), with a field
    outside ``__init__`` or with a ``default_factory``, or defining one of the methods above
    or ``__post_init__``.
    """
    if cls is None:
        return lambda klass: _record(klass, kw_only, slots)
    return _record(cls, kw_only, slots)


def _record(cls: C, kw_only: bool, slots: bool) -> C:
    klass: Any
    if not cls.__dict__.get("__doc__") or any(name in cls.__dict__ for name in _OWN_METHODS):
        klass = dataclasses.dataclass(frozen=True, slots=slots, kw_only=kw_only)(cls)
    else:
        klass = dataclasses.dataclass(init=False, repr=False, eq=False, slots=slots, kw_only=kw_only)(cls)
        if any(not f.init or f.default_factory is not dataclasses.MISSING for f in dataclasses.fields(klass)):
            klass = dataclasses.dataclass(frozen=True, slots=slots, kw_only=kw_only)(cls)
        else:
            _make_record(klass, kw_only, slots)
    made: C = klass
    return made


def _make_record(klass: Any, kw_only: bool, slots: bool) -> None:
    """The frozen dataclass's methods for ``klass``, a dataclass made without them."""
    klass.__dataclass_params__ = _frozen_params(kw_only, slots)
    fields = dataclasses.fields(klass)
    set_quick_init(klass, fields, None)
    compared = _tuple_getter([f.name for f in fields if f.compare])
    hashed = _tuple_getter([f.name for f in fields if f.hash or f.hash is None and f.compare])
    shown = tuple((f"{f.name}=", attrgetter(f.name)) for f in fields if f.repr)
    names = frozenset(f.name for f in fields)

    def __eq__(self: Any, other: object) -> Any:
        if other.__class__ is self.__class__:
            return compared(self) == compared(other)
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(hashed(self))

    @recursive_repr()
    def __repr__(self: Any) -> str:
        return f"{self.__class__.__qualname__}({', '.join(label + repr(get(self)) for label, get in shown)})"

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is klass or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(klass, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is klass or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(klass, self).__delattr__(name)

    def __getstate__(self: Any) -> list[Any]:
        return [getattr(self, f.name) for f in fields]

    def __setstate__(self: Any, state: list[Any]) -> None:
        for f, value in zip(fields, state):
            object.__setattr__(self, f.name, value)

    methods = [__eq__, __hash__, __repr__, __setattr__, __delattr__]
    if slots:  # (a frozen dataclass pickles its slots by these; its __dict__ as any object)
        methods += [__getstate__, __setstate__]
    for method in methods:
        method.__qualname__ = f"{klass.__qualname__}.{method.__name__}"
        setattr(klass, method.__name__, method)


def _tuple_getter(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """A record's values of ``names`` as a tuple (``attrgetter`` gives a bare value for one name)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        get = attrgetter(names[0])
        return lambda record: (get(record),)
    return lambda record: ()


_FROZEN_PARAMS: dict[tuple[bool, bool], Any] = {}


def _frozen_params(kw_only: bool, slots: bool) -> Any:
    """The ``__dataclass_params__`` of a ``dataclass(frozen=True, kw_only=..., slots=...)``
    (the same for every such class), from one such class made once."""
    params = _FROZEN_PARAMS.get((kw_only, slots))
    if params is None:
        class Template:
            """Its parameters."""

        make: Any = dataclasses.dataclass  # (mypy's dataclass plugin wants literal flags)
        template = make(frozen=True, kw_only=kw_only, slots=slots)(Template)
        params = _FROZEN_PARAMS[kw_only, slots] = template.__dataclass_params__
    return params


__all__ = ["record", "set_quick_init"]
