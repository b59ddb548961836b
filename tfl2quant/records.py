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

The methods dataclasses does compile (__init__, __eq__, __hash__, a frozen class's
__setattr__ and __delattr__: some 280 for the records `convert` imports) were still a third of
its own modules' import time: dataclasses took 48-58 ms of every process, 17 ms now
(benchmarks/startup.py, its last column). They are
compiled ahead: tools/dataclass_methods.py writes the source dataclasses makes for each into
`_dataclass_methods.py`, which Python compiles once into its .pyc like any module, and
`dataclass` hands dataclasses that code, bound to the class's module as its own exec would bind
it, for each method whose source it would have compiled. A method not listed there (a new or
changed record, another Python version) is compiled by dataclasses as before.
"""
from __future__ import annotations

import dataclasses
import inspect
import reprlib
import sys
import types

from ._dataclass_methods import CODE, PYTHON

__all__ = ["dataclass", "field"]
field = dataclasses.field

# dataclasses' compiler of one method (Python 3.10 to 3.12; 3.13 compiles a class's methods
# together and has no such function: nothing is precompiled there)
_COMPILE = getattr(dataclasses, "_create_fn", None)
PRECOMPILED: dict = CODE if _COMPILE is not None and PYTHON == sys.version_info[:2] else {}


def method_key(name: str, args, body, local_names, returns: bool) -> tuple:
    """What a method's source is made of, as dataclasses builds it: its name, parameters, body
    lines, the names it closes over and whether it has a return annotation."""
    return (name, tuple(args), tuple(body), tuple(local_names), returns)


def _create_fn(name, args, body, *, globals=None, locals=None, return_type=dataclasses.MISSING):
    """dataclasses._create_fn, with the precompiled code of the method if it has it."""
    locals = locals or {}
    code = PRECOMPILED.get(method_key(name, args, body, locals, return_type is not dataclasses.MISSING))
    if code is None or globals is None:
        return _COMPILE(name, args, body, globals=globals, locals=locals, return_type=return_type)
    # the code is that of dataclasses' `__create_fn__(local names..., return annotation)`: called
    # with the class module's globals, as exec(source, globals) would make it, it returns the
    # method. The method's code is copied, as exec would compile it anew: classes with equal
    # fields share a key, and one code object would share the interpreter's inline caches across
    # them (Python 3.11's adaptive interpreter specializes an attribute read to one class)
    params = code.co_varnames[:code.co_argcount]
    code = code.replace(co_consts=tuple(c.replace() if isinstance(c, types.CodeType) else c for c in code.co_consts))
    return types.FunctionType(code, globals)(*[locals.get(n, return_type) for n in params])


def _dataclass(cls, **options):
    """dataclasses.dataclass(cls), its methods from PRECOMPILED where it has them."""
    if _COMPILE is None:
        return dataclasses.dataclass(cls, **options)
    own = dataclasses._create_fn
    dataclasses._create_fn = _create_fn  # for this class only: other dataclasses stay as they are
    try:
        return dataclasses.dataclass(cls, **options)
    finally:
        dataclasses._create_fn = own


def dataclass(cls=None, /, *, init: bool = True, repr: bool = True, eq: bool = True, order: bool = False,
              unsafe_hash: bool = False, frozen: bool = False, **options):
    """As `dataclasses.dataclass` (which writes every method with `order`, `unsafe_hash` or `slots`)."""
    def wrap(cls):
        if order or unsafe_hash or options.get("slots"):
            return _dataclass(cls, init=init, repr=repr, eq=eq, order=order, unsafe_hash=unsafe_hash,
                              frozen=frozen, **options)
        own_repr = "__repr__" in cls.__dict__
        lazy_doc = cls.__dict__.get("__doc__") is None and _SignatureDoc()
        if lazy_doc:
            cls.__doc__ = lazy_doc
        cls = _dataclass(cls, init=init, repr=False, eq=eq, frozen=frozen, **options)
        if lazy_doc:
            lazy_doc.ready = True
        if repr and not own_repr:
            _set(cls, _repr([f.name for f in dataclasses.fields(cls) if f.repr]))
        cls.__dataclass_params__.repr = repr  # what the class does, as dataclasses would record it
        return cls

    return wrap if cls is None else wrap(cls)


class _SignatureDoc:
    """The __doc__ dataclasses gives a class without a docstring, `Name(field: type, ...)`, made
    when it is first read: inspect.signature of the ~40 such records `convert` imports took
    ~2.5 ms of every process, for a text nothing reads. Until the class is made, dataclasses
    sees a docstring (this object) and writes none; a class's __doc__ calls a descriptor in its
    __dict__, and the first read puts the text in its place."""

    ready = False

    def __get__(self, obj, cls):
        if not self.ready:
            return self
        try:  # as dataclasses does (Python 3.10 to 3.13)
            text_sig = str(inspect.signature(cls)).replace(" -> None", "")
        except (TypeError, ValueError):
            text_sig = ""
        doc = cls.__name__ + text_sig
        type.__setattr__(cls, "__doc__", doc)
        return doc


def _set(cls, method) -> None:
    method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
    setattr(cls, method.__name__, method)


def _repr(names: list[str]):
    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        return self.__class__.__qualname__ + "(" + ", ".join(f"{n}={getattr(self, n)!r}" for n in names) + ")"
    return __repr__

