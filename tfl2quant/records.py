"""`dataclass`: `dataclasses.dataclass` with a __repr__ that is not compiled.

Python 3.11's dataclass writes each method it adds (__init__, __repr__, __eq__, __hash__,
and a frozen class's __setattr__ and __delattr__) as source text and compiles it on its own:
the ~70 dataclasses `convert` imports spent half of its own modules' import time there
(~0.5 ms a class). __repr__, which the conversion never calls, is a closure over the field
names here, with the same result (`Name(field=value, ...)`, recursion shown as `...`); the
others stay dataclasses' own compiled methods, since a closure __eq__ or __hash__ was
1.5-2x slower and CSE and the dicts of types and attributes call them all the time. Fields,
`replace`, `asdict` and `__dataclass_params__` are as dataclasses makes them.
tests/test_records.py compares the two on the kinds of class the project declares.
"""
from __future__ import annotations

import dataclasses
import reprlib

__all__ = ["dataclass", "field"]
field = dataclasses.field


def dataclass(cls=None, /, *, init: bool = True, repr: bool = True, eq: bool = True, order: bool = False,
              unsafe_hash: bool = False, frozen: bool = False, **options):
    """As `dataclasses.dataclass` (which writes every method with `order`, `unsafe_hash` or `slots`)."""
    def wrap(cls):
        if order or unsafe_hash or options.get("slots"):
            return dataclasses.dataclass(cls, init=init, repr=repr, eq=eq, order=order, unsafe_hash=unsafe_hash,
                                         frozen=frozen, **options)
        own_repr = "__repr__" in cls.__dict__
        cls = dataclasses.dataclass(cls, init=init, repr=False, eq=eq, frozen=frozen, **options)
        if repr and not own_repr:
            _set(cls, _repr([f.name for f in dataclasses.fields(cls) if f.repr]))
        cls.__dataclass_params__.repr = repr  # what the class does, as dataclasses would record it
        return cls

    return wrap if cls is None else wrap(cls)


def _set(cls, method) -> None:
    method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
    setattr(cls, method.__name__, method)


def _repr(names: list[str]):
    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        return self.__class__.__qualname__ + "(" + ", ".join(f"{n}={getattr(self, n)!r}" for n in names) + ")"
    return __repr__

