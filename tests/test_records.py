"""tfl2quant.records.dataclass against dataclasses.dataclass: the same classes, built with
fewer compiled methods (start-up, issue 15)."""
from __future__ import annotations

import copy
import dataclasses
import math
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from tfl2quant import _dataclass_methods, records


def _declare(dataclass):
    """The kinds of class the project declares, made by `dataclass`."""

    class Base:
        def __str__(self) -> str:
            return "base"

    @dataclass(frozen=True)
    class Point(Base):
        x: float
        y: int = 0
        tag: str = dataclasses.field(default="", compare=False, kw_only=True)
        cached: tuple = dataclasses.field(default=(), repr=False, hash=False)

    @dataclass(frozen=True)
    class Point3(Point):
        z: float = 0.0

    @dataclass(frozen=True)
    class Empty(Base):
        pass

    @dataclass(frozen=True)
    class Sorted:
        value: tuple

        def __post_init__(self):
            object.__setattr__(self, "value", tuple(sorted(self.value)))

    @dataclass(frozen=True, eq=False)
    class ByIdentity:
        data: list

    @dataclass(frozen=True)
    class OwnMethods:
        a: int

        def __eq__(self, other):
            return isinstance(other, OwnMethods) and self.a % 10 == other.a % 10

        def __hash__(self):
            return self.a % 10

        def __repr__(self):
            return "own"

    @dataclass(frozen=True)
    class OwnEqOnly:
        a: int

        def __eq__(self, other):
            return True

    @dataclass
    class Mutable:
        items: list = dataclasses.field(default_factory=list)
        count: int = 0

    return dict(Point=Point, Point3=Point3, Empty=Empty, Sorted=Sorted, ByIdentity=ByIdentity, OwnMethods=OwnMethods,
                OwnEqOnly=OwnEqOnly, Mutable=Mutable)


@records.dataclass(frozen=True)
class Pickled:
    a: int
    b: tuple = ()


STD, OURS = _declare(dataclasses.dataclass), _declare(records.dataclass)
NAN = float("nan")


def _instances(k):
    return {
        "Point": [k["Point"](1.5, 2, tag="a"), k["Point"](1.5, 2, tag="b"), k["Point"](1.5, 3), k["Point"](NAN),
                  k["Point"](2.0, cached=(1,)), k["Point"](2.0)],
        "Point3": [k["Point3"](1.5, 2, z=0.0), k["Point3"](1.5, 2, z=1.0)],
        "Empty": [k["Empty"](), k["Empty"]()],
        "Sorted": [k["Sorted"]((3, 1, 2)), k["Sorted"]((1, 2, 3))],
        "ByIdentity": [k["ByIdentity"]([1]), k["ByIdentity"]([1])],
        "OwnMethods": [k["OwnMethods"](1), k["OwnMethods"](11), k["OwnMethods"](2)],
        "OwnEqOnly": [k["OwnEqOnly"](1), k["OwnEqOnly"](2)],
        "Mutable": [k["Mutable"](), k["Mutable"]([1], 2), k["Mutable"]([1], 2)],
    }


def _behaviour(k) -> dict:
    out = {}
    for name, xs in _instances(k).items():
        cls = k[name]
        out[name] = {
            "fields": [(f.name, f.compare, f.repr, f.hash, f.kw_only) for f in dataclasses.fields(cls)],
            "params": repr(cls.__dataclass_params__).replace(cls.__qualname__, ""),
            "doc": cls.__doc__, "match_args": getattr(cls, "__match_args__", None),
            "repr": [repr(x) for x in xs] if name != "ByIdentity" else None,
            "eq": [[x == y for y in xs] for x in xs], "ne": [[x != y for y in xs] for x in xs],
            "hash": [hash(x) == object.__hash__(x) if name == "ByIdentity" else hash(x) if cls.__hash__ else None
                     for x in xs],
            "hashable": cls.__hash__ is not None, "asdict": [dataclasses.asdict(x) for x in xs],
            "eq_other_class": xs[0] == k["Empty"]() if name != "Empty" else xs[0] == 1,
        }
    return out


def test_the_same_methods_results():
    std, ours = _behaviour(STD), _behaviour(OURS)
    for name in std:
        assert ours[name] == std[name], name


def test_a_subclass_compares_unequal_to_its_base():
    p, p3 = OURS["Point"](1.5, 2), OURS["Point3"](1.5, 2, z=0.0)
    assert p != p3 and p3 != p and p.__eq__(p3) is NotImplemented


def test_frozen_replace_pickle_copy():
    p = OURS["Point3"](1.0, 2, z=3.0, tag="t")
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 2.0
    with pytest.raises(dataclasses.FrozenInstanceError):
        del p.y
    assert dataclasses.replace(p, z=4.0) == OURS["Point3"](1.0, 2, z=4.0)
    assert dataclasses.replace(p, z=4.0).tag == "t"
    q = pickle.loads(pickle.dumps(Pickled(1, ("a",))))
    assert q == Pickled(1, ("a",)) and hash(q) == hash(Pickled(1, ("a",))) and q != Pickled(1)
    assert copy.deepcopy(p) == p and copy.copy(p) == p
    assert math.isnan(OURS["Point"](NAN).x)
    assert OURS["Point"].__repr__.__qualname__ == "_declare.<locals>.Point.__repr__"


def test_recursion_in_repr():
    m = OURS["Mutable"]()
    m.items.append(m)
    s = STD["Mutable"]()
    s.items.append(s)
    assert repr(m) == repr(s) == "_declare.<locals>.Mutable(items=[...], count=0)"


def test_the_signature_docstring_is_made_when_read():
    """A record without a docstring gets dataclasses' `Name(field: type, ...)` as __doc__, made
    at the first read (from the class or an instance), not when the class is made."""
    def late(dataclass):
        @dataclass(frozen=True)
        class Late:
            a: int
            b: str = "x"
        return Late

    ours, std = late(records.dataclass), late(dataclasses.dataclass)
    assert isinstance(ours.__dict__["__doc__"], records._SignatureDoc)
    assert ours(1).__doc__ == ours.__doc__ == std.__doc__ == "Late(a: 'int', b: 'str' = 'x')"
    assert ours.__dict__["__doc__"] == std.__doc__  # the text, in the descriptor's place
    assert STD["Point"].__doc__ == OURS["Point"].__doc__ and OURS["Point3"].__doc__.startswith("Point3(")


def test_a_std_frozen_subclass_of_ours():
    """Our frozen classes are frozen dataclasses to dataclasses: a subclass may use either."""
    @dataclasses.dataclass(frozen=True)
    class Sub(OURS["Point"]):
        w: int = 1

    assert Sub(1.0) == Sub(1.0) and Sub(1.0) != Sub(1.0, w=2)
    with pytest.raises(TypeError):
        @dataclasses.dataclass
        class Thawed(OURS["Point"]):
            w: int = 1


# --- the precompiled methods (tfl2quant/_dataclass_methods.py) ---------------------------------

# the module is made for one Python (its `PYTHON`: CI's); on another, records compiles as dataclasses does
made_for_this_python = pytest.mark.skipif(
    sys.version_info[:2] != _dataclass_methods.PYTHON,
    reason=f"tfl2quant/_dataclass_methods.py is made for Python {_dataclass_methods.PYTHON}")


@made_for_this_python
def test_the_precompiled_module_is_current():
    """Regenerating the module gives the committed one: every record's methods are in it."""
    root = Path(__file__).resolve().parent.parent
    p = subprocess.run([sys.executable, "tools/dataclass_methods.py", "--check"], cwd=root,
                       capture_output=True, text=True, check=False)
    assert p.returncode == 0, p.stderr + p.stdout


def _code(f):
    c = f.__code__
    return (c.co_code, c.co_consts, c.co_names, c.co_varnames, c.co_freevars, c.co_argcount,
            c.co_kwonlyargcount, c.co_flags, f.__defaults__, f.__kwdefaults__, f.__name__,
            [cell.cell_contents for cell in f.__closure__ or ()], f.__annotations__)


@made_for_this_python
def test_each_precompiled_method_is_what_dataclasses_compiles():
    """For every key, the precompiled method and dataclasses' own compile of the same source
    have the same bytecode, names, closure and annotations."""
    assert records.PRECOMPILED is _dataclass_methods.CODE and len(records.PRECOMPILED) > 200
    for name, args, body, local_names, returns in records.PRECOMPILED:
        values = {n: object() for n in local_names}
        return_type = object() if returns else dataclasses.MISSING
        g = {"__name__": "somewhere", "__builtins__": __builtins__}
        ours = records._create_fn(name, list(args), list(body), globals=g, locals=dict(values),
                                  return_type=return_type)
        theirs = dataclasses._create_fn(name, list(args), list(body), globals=g, locals=dict(values),
                                        return_type=return_type)
        assert ours.__code__.co_filename.endswith("_dataclass_methods.py")  # not compiled again
        assert _code(ours) == _code(theirs)
        assert ours.__globals__ is theirs.__globals__ is g and ours.__module__ == "somewhere"


@made_for_this_python
def test_the_records_use_the_precompiled_methods():
    from tfl2quant.ir.attributes import IntegerAttr
    from tfl2quant.ir.types import RankedTensorType, i8

    for method in (RankedTensorType.__init__, RankedTensorType.__eq__, IntegerAttr.__init__,
                   IntegerAttr.__setattr__):
        assert method.__code__.co_filename.endswith("_dataclass_methods.py"), method
    assert RankedTensorType.__init__.__module__ == "tfl2quant.ir.types"
    assert RankedTensorType((2,), i8) == RankedTensorType((2,), i8)
    with pytest.raises(dataclasses.FrozenInstanceError):
        IntegerAttr(1, i8).value = 2
    assert dataclasses._create_fn is records._COMPILE  # put back after each class
