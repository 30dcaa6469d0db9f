"""Records: frozen dataclasses made without compiling six functions each.

:func:`record` is ``@dataclass(frozen=True, slots=True, kw_only=True)`` (the events, the
actions) or, with ``kw_only`` and ``slots`` given, another frozen dataclass; the class is the
dataclass's in every way code can see, but made in a fraction of the time, which the rules
core's import (dozens of records) and so the game's first frame notice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from reprlib import recursive_repr
from types import CodeType, FunctionType
from typing import Any, TypeVar, dataclass_transform, overload

C = TypeVar("C", bound=type)


def set_quick_init(cls: type, fields: tuple[dataclasses.Field[Any], ...], doc: str | None) -> None:
    """Give ``cls`` a quick ``__init__``: slots are set through their
    descriptors, the attributes of a class without slots through ``object.__setattr__`` (as a
    frozen dataclass does); positional fields first, then the keyword-only ones, as the
    dataclass orders them. The function is made from a template (:func:`_from_template`)."""
    slotted = "__slots__" in cls.__dict__
    positional = [f for f in fields if not f.kw_only]
    keywords = [f for f in fields if f.kw_only]
    for f in fields:
        if not f.init or f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: only fields with plain defaults are supported")
    for before, f in zip(positional, positional[1:]):
        if before.default is not dataclasses.MISSING and f.default is dataclasses.MISSING:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
    ordered = positional + keywords
    names: dict[str, Any] = {"_set": object.__setattr__}
    for i, f in enumerate(ordered):
        if slotted:
            names[f"_s{i}"] = getattr(cls, f.name).__set__
        else:
            names[f"_n{i}"] = f.name
    params = ", ".join(["self", *(f"_a{i}" for i in range(len(positional))),
                        *(["*", *(f"_a{i}" for i in range(len(positional), len(ordered)))] if keywords else [])])
    body = "".join(f"    _s{i}(self, _a{i})\n" if slotted else f"    _set(self, _n{i}, _a{i})\n" for i in range(len(ordered)))
    init = _from_template(f"def __init__({params}):\n{body or '    pass'}\n", names, ("self", *(f.name for f in ordered)), {},
                          f"{cls.__qualname__}.__init__", ordered)
    init.__module__ = cls.__module__
    init.__doc__ = doc
    init.__annotations__ = {**{f.name: f.type for f in fields}, "return": None}
    setattr(cls, "__init__", init)  # noqa: B010 - mypy forbids assigning a method


_TEMPLATES: dict[str, CodeType] = {}
"""Compiled templates by source: the functions of a shape (how many positional and keyword
arguments, slots or not) share one, whatever their names."""


def _from_template(source: str, names: dict[str, Any], varnames: tuple[str, ...] | None, attributes: dict[str, str],
                   qualname: str, fields: list[dataclasses.Field[Any]] | tuple[dataclasses.Field[Any], ...] = ()) -> Any:
    """The function ``source`` defines, with its argument names (placeholders ``_a0``, ``_a1``
    ... in the template) replaced by ``varnames``, the attribute names it assigns (``_f0`` ...)
    by ``attributes``, and the fields' defaults: a template is compiled once per shape, not
    once per class (compiling is most of what making a record costs)."""
    code = _TEMPLATES.get(source)
    if code is None:
        scope: dict[str, Any] = {}
        exec(source, scope)  # noqa: S102 - our own source: placeholders only, no names from outside
        code = _TEMPLATES[source] = next(v for v in scope.values() if isinstance(v, FunctionType)).__code__
    code = code.replace(co_varnames=code.co_varnames if varnames is None else varnames,
                        co_names=tuple(attributes.get(n, n) for n in code.co_names), co_qualname=qualname)
    function = FunctionType(code, names, code.co_name)
    function.__qualname__ = qualname
    defaults = {f.name: f.default for f in fields if f.default is not dataclasses.MISSING}
    function.__defaults__ = tuple(defaults[f.name] for f in fields if not f.kw_only and f.name in defaults) or None
    function.__kwdefaults__ = {n: v for n, v in defaults.items() if n not in
                               {f.name for f in fields if not f.kw_only}} or None
    return function


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
    makes the fields (and slots). ``__init__`` (:func:`set_quick_init`),
    ``__eq__``, ``__hash__`` and ``__repr__`` are the dataclass's code, made from templates
    compiled once per shape (how many fields) and given each class's field names
    (:func:`_from_template`): as fast as the dataclass's own. ``__setattr__`` and
    ``__delattr__`` (``FrozenInstanceError``) and pickling by the field values are shared
    functions. ``dataclasses.fields``, ``replace``, ``asdict``, ``__match_args__`` and
    ``__dataclass_params__`` are those of the frozen dataclass.

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
    names = frozenset(f.name for f in fields)
    qualname = klass.__qualname__
    compared = [f.name for f in fields if f.compare]
    hashed = [f.name for f in fields if f.hash or f.hash is None and f.compare]
    shown = [f.name for f in fields if f.repr]
    mine, theirs = _fields_tuple("self", len(compared)), _fields_tuple("other", len(compared))
    __eq__ = _from_template(f"def __eq__(self, other):\n    if other.__class__ is self.__class__:\n"
                            f"        return {mine} == {theirs}\n    return NotImplemented\n", {}, None,
                            _placeholders(compared), f"{qualname}.__eq__")
    __hash__ = _from_template(f"def __hash__(self):\n    return hash({_fields_tuple('self', len(hashed))})\n", {}, None,
                              _placeholders(hashed), f"{qualname}.__hash__")
    labels = {f"_l{i}": f"{', ' if i else ''}{name}=" for i, name in enumerate(shown)}
    body = "".join(f"{{_l{i}}}{{self._f{i}!r}}" for i in range(len(shown)))
    __repr__ = recursive_repr()(_from_template(
        f"def __repr__(self):\n    return self.__class__.__qualname__ + f\"({body})\"\n", labels, None,
        _placeholders(shown), f"{qualname}.__repr__"))

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
        method.__qualname__ = f"{qualname}.{method.__name__}"
        setattr(klass, method.__name__, method)


def _fields_tuple(name: str, count: int) -> str:
    """The source of a tuple of ``count`` fields of ``name`` (placeholders), as the dataclass writes it."""
    return "(" + "".join(f"{name}._f{i}," for i in range(count)) + ")"


def _placeholders(names: list[str]) -> dict[str, str]:
    return {f"_f{i}": name for i, name in enumerate(names)}


_FROZEN_PARAMS: dict[tuple[bool, bool], Any] = {}


def _frozen_params(kw_only: bool, slots: bool) -> Any:
    """The ``__dataclass_params__`` of a ``dataclass(frozen=True, kw_only=..., slots=...)``
    (the same for every such class), from one such class made once; where the parameters
    do not record ``kw_only`` and ``slots`` (Python 3.11), one class serves every variant."""
    params = _FROZEN_PARAMS.get((kw_only, slots))
    if params is None:
        class Template:
            """Its parameters."""

        make: Any = dataclasses.dataclass  # (mypy's dataclass plugin wants literal flags)
        template = make(frozen=True, kw_only=kw_only, slots=slots)(Template)
        params = _FROZEN_PARAMS[kw_only, slots] = template.__dataclass_params__
        if not hasattr(params, "kw_only") and not hasattr(params, "slots"):
            for variant in ((True, True), (True, False), (False, True), (False, False)):
                _FROZEN_PARAMS.setdefault(variant, params)
    return params


__all__ = ["record", "set_quick_init"]
