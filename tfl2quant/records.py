"""`dataclass`: `dataclasses.dataclass`, with three of its compiled methods made closures.

Python 3.11's dataclass writes each method it adds (__init__, __repr__, __eq__, __hash__,
and a frozen class's __setattr__ and __delattr__) as source text and compiles it on its own:
the ~70 dataclasses `convert` imports spent half of its own modules' import time there
(~0.5 ms a class). __repr__, __eq__ and __hash__ are closures over the field names here,
with the same results: equality of the tuples of compared fields between instances of the
same class, the hash of that tuple, `Name(field=value, ...)` as repr (recursion shown as
`...`). __init__ (it runs for every type and attribute built) and the frozen methods are
dataclasses' own, as are `fields`, `replace`, `asdict` and `__dataclass_params__`.
tests/test_records.py compares the two on the kinds of class the project declares.
"""
from __future__ import annotations

import dataclasses
import reprlib
from operator import attrgetter

__all__ = ["dataclass", "field"]
field = dataclasses.field


def dataclass(cls=None, /, *, init: bool = True, repr: bool = True, eq: bool = True, order: bool = False,
              unsafe_hash: bool = False, frozen: bool = False, **options):
    """As `dataclasses.dataclass`; `order` and `unsafe_hash` are left to it."""
    def wrap(cls):
        if order or unsafe_hash or options.get("slots"):
            return dataclasses.dataclass(cls, init=init, repr=repr, eq=eq, order=order, unsafe_hash=unsafe_hash,
                                         frozen=frozen, **options)
        own = dict(cls.__dict__)
        cls = dataclasses.dataclass(cls, init=init, repr=False, eq=False, frozen=frozen, **options)
        fields = dataclasses.fields(cls)
        if repr and "__repr__" not in own:
            _set(cls, _repr([f.name for f in fields if f.repr]))
        if eq and "__eq__" not in own:
            _set(cls, _eq(_key([f.name for f in fields if f.compare])))
        # dataclasses' hash action for eq without unsafe_hash: a frozen class hashes its fields,
        # a mutable one is unhashable, unless the class body defines __hash__
        explicit_hash = own.get("__hash__") is not None or ("__hash__" in own and "__eq__" not in own)
        if eq and not explicit_hash and not frozen:
            cls.__hash__ = None
        elif eq and not explicit_hash:
            _set(cls, _hash(_key([f.name for f in fields if (f.compare if f.hash is None else f.hash)])))
        params = cls.__dataclass_params__  # what the class does, as dataclasses would record it
        params.repr, params.eq = repr, eq
        return cls

    return wrap if cls is None else wrap(cls)


def _set(cls, method) -> None:
    method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
    setattr(cls, method.__name__, method)


def _key(names: list[str]):
    """The tuple of the named attributes (a tuple for one name too: NaN == NaN in a tuple
    by identity, as in the compiled methods)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        get = attrgetter(names[0])
        return lambda self: (get(self),)
    return lambda self: ()


def _repr(names: list[str]):
    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        return self.__class__.__qualname__ + "(" + ", ".join(f"{n}={getattr(self, n)!r}" for n in names) + ")"
    return __repr__


def _eq(key):
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented
    return __eq__


def _hash(key):
    def __hash__(self) -> int:
        return hash(key(self))
    return __hash__

