"""The inputs `check` feeds both TFLite and our stages: seeded random values, or an .npz.

Random values cover the whole storage range for quantized inputs (from the zero point up for
an RSQRT's, which TFLite refuses below it); for float inputs, what a following QUANTIZE can
represent plus two steps each side (to exercise saturation), else [-3, 3]; small non-negative
values for plain integers (indices, counts, loop bounds); for strings, half the model's
constant strings, half random words.
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects.quant.types import UniformQuantizedType, quantized_element_type
from tfl2quant.errors import Tfl2QuantError
from tfl2quant.ir.attributes import DenseStringElementsAttr
from tfl2quant.ir.core import Operation, Value
from tfl2quant.ir.types import element_type, numpy_dtype

from . import litert

POSITIVE_ONLY = {"tfl.rsqrt"}  # elementwise.cc: quantized RSQRT refuses inputs below the zero point


def module_inputs(module: Operation) -> list[litert.TensorInfo]:
    """The entry function's arguments as TFLite would describe them (when TFLite cannot load the
    model): TFLite's names, storage containers, a `?` dimension as 1."""
    func = next(iter(module.functions()))
    args = func.body.args
    entry = func.attributes.get("tf.entry_function")
    names = str(entry.get("inputs").value).split(",") if entry is not None and entry.get("inputs") else []
    if len(names) != len(args):
        names = [f"input {k}" for k in range(len(args))]
    return [litert.TensorInfo(name, k, numpy_dtype(element_type(a.type)),
                                   tuple(1 if d is None else int(d) for d in getattr(a.type, "shape", ())))
            for k, (name, a) in enumerate(zip(names, args))]


def make_inputs(module: Operation, infos: list[litert.TensorInfo], seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    args = next(iter(module.functions())).body.args
    out = []
    for info, arg in zip(infos, args):
        q = quantized_element_type(arg.type)
        if info.dtype.kind in "iu" and q is not None:
            lo, hi = np.iinfo(info.dtype).min, np.iinfo(info.dtype).max
            if any(user.name in POSITIVE_ONLY for user, _ in arg.uses) and isinstance(q, UniformQuantizedType):
                lo = max(lo, q.zero_point)
            out.append(rng.integers(lo, hi, info.shape, endpoint=True).astype(info.dtype))
        elif info.dtype.kind in "iu":
            # a plain integer is an index, a count or a size: small values keep it valid
            # (and a loop bound finite); --inputs gives any other values
            out.append(rng.integers(0, 4, info.shape).astype(info.dtype))
        elif info.dtype.kind == "f":
            lo, hi = _float_range(arg)
            out.append(rng.uniform(lo, hi, info.shape).astype(info.dtype))
        elif info.dtype.kind == "b":
            out.append(rng.integers(0, 2, info.shape).astype(bool))
        elif info.dtype.kind in "SO":  # a string: a key, a word
            out.append(_strings(rng, module, info.shape))
        else:
            raise Tfl2QuantError(f"cannot make random inputs of type {info.dtype} for input '{info.name}'")
    return out


def _strings(rng, module: Operation, shape) -> np.ndarray:
    """Strings for a string input: half the model's constant strings (a hash table's keys:
    hits), half random lowercase words of 0 to 6 letters (misses, mostly)."""
    known = sorted({s for op in module.walk() if isinstance(op.attributes.get("value"), DenseStringElementsAttr)
                    for s in op.attributes["value"].values})
    count = int(np.prod(shape))
    letters = rng.integers(ord("a"), ord("z") + 1, (count, 6)).astype(np.uint8)
    lengths = rng.integers(0, 7, count)
    words = [bytes(letters[k, :lengths[k]]) for k in range(count)]  # a few words: small inputs
    if known:
        picks = rng.integers(0, len(known), count)
        words = [known[p] if rng.random() < 0.5 else w for p, w in zip(picks, words)]
    if not tuple(shape):  # TFLite's set_tensor reads a 0-d object array's pointer as the string,
        return np.array(words[0] or b"a")  # a 0-d fixed-width array its bytes (a b"" as b"\x00")
    out = np.empty(count, object)
    out[:] = words
    return out.reshape(shape)


def _float_range(arg: Value) -> tuple[float, float]:
    for user, _ in arg.uses:
        q = quantized_element_type(user.results[0].type) if user.name == "tfl.quantize" else None
        if isinstance(q, UniformQuantizedType):
            return (q.storage_type_min - q.zero_point - 2) * q.scale, (q.storage_type_max - q.zero_point + 2) * q.scale
    return -3.0, 3.0


def signature_names(module: Operation, results: bool = False) -> list[str | None]:
    """The entry function's signature name of each argument (or result), None where it has none."""
    func = next(iter(module.functions()))
    count = len(func.body.terminator.operands) if results else len(func.body.args)
    attrs = func.attributes.get("res_attrs" if results else "arg_attrs")
    names: list[str | None] = [None] * count
    for k, d in enumerate(attrs.value if attrs is not None else ()):
        path = d.get("tf_saved_model.index_path") if k < count else None
        if path is not None and path.value:
            names[k] = str(path.value[0].value)
    return names


def open_npz(npz_path: str):
    """The arrays of an .npz file; a missing or unreadable one is a user error naming it."""
    try:
        return np.load(npz_path)
    except FileNotFoundError:
        raise Tfl2QuantError("no such file", npz_path) from None
    except (OSError, ValueError, EOFError):
        raise Tfl2QuantError("not a numpy .npz file", npz_path) from None


def load_inputs(npz_path: str, infos: list[litert.TensorInfo],
                aliases: list[str | None] | None = None) -> list[np.ndarray]:
    """Inputs from an .npz, one array per model input, keyed by its TFLite name (or its
    signature name, `aliases`): a key that names no input, or an input without a key, is an
    error (not a match by order). `infos` give the names; check_inputs the types and shapes."""
    data = open_npz(npz_path)
    aliases = aliases or [None] * len(infos)
    keys = [info.name if info.name in data or alias not in data else alias for info, alias in zip(infos, aliases)]
    known = {info.name for info in infos} | {a for a in aliases if a}
    unknown = [k for k in data.keys() if k not in known]
    missing = [info.name for info, key in zip(infos, keys) if key not in data]
    if unknown or missing:
        problems = ([f"no input named {', '.join(map(repr, unknown))}"] if unknown else []) + \
                   ([f"no array for input {', '.join(map(repr, missing))}"] if missing else [])
        names = ", ".join(repr(info.name) + (f" ({alias!r})" if alias else "") for info, alias in zip(infos, aliases))
        raise Tfl2QuantError(f"{'; '.join(problems)} (the model's inputs: {names})", npz_path)
    return [np.asarray(data[k]) for k in keys]  # their types and shapes: check_inputs, against TFLite's


def check_inputs(arrays, infos, where: str | None = None) -> None:
    for x, info in zip(arrays, infos):
        strings = info.dtype.kind in "SO" and x.dtype.kind in "SO"  # bytes objects or a fixed-width array
        if x.shape != info.shape or x.dtype != info.dtype and not strings:
            raise Tfl2QuantError(
                f"input '{info.name}' must be {info.dtype}{list(info.shape)}, got {x.dtype}{list(x.shape)}", where)
