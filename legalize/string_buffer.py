"""TFLite's string tensors as the byte buffers legalize-tfl gives them: the format, for whoever
passes strings to or reads them from a converted function (runtime_check's executor).

A TFLite string tensor of any shape becomes a `tensor<?xi8>` holding exactly TFLite's
in-memory string buffer (tflite/string_util.h): int32 count N, N + 1 int32 offsets from
the buffer's start, then the bytes, little-endian. A function argument or result of string
type keeps its TFLite shape in a `tfl.string_shape` attribute (-1 for `?`).
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from tfl2quant.ir.attributes import DenseArrayAttr
from tfl2quant.ir.core import Operation

SHAPE_ATTR = "tfl.string_shape"


def serialize(strings: Sequence[bytes]) -> np.ndarray:
    """TFLite's string buffer of `strings` (string_util.cc: DynamicBuffer::WriteToBuffer), as int8."""
    raw = [bytes(s) for s in strings]
    lengths = np.array([len(s) for s in raw], np.int64)
    header = 4 * (len(raw) + 2)
    offsets = header + np.concatenate([[0], np.cumsum(lengths)])
    head = np.concatenate([[len(raw)], offsets]).astype("<i4").view(np.uint8)
    return np.concatenate([head, np.frombuffer(b"".join(raw), np.uint8)]).view(np.int8)


def deserialize(buffer: np.ndarray, shape: Sequence[int]) -> np.ndarray:
    """The strings of a buffer as an object array of bytes of `shape` (-1 where the count says)."""
    raw = np.ascontiguousarray(buffer).view(np.uint8)
    count = int(raw[:4].view("<i4")[0])
    offsets = raw[4:4 * (count + 2)].view("<i4")
    out = np.empty(count, object)
    out[:] = [bytes(raw[offsets[k]:offsets[k + 1]]) for k in range(count)]
    shape = [d if d >= 0 else -1 for d in shape]
    return out.reshape(shape if shape.count(-1) <= 1 else [count])


def string_shapes(func: Operation) -> tuple[list, list]:
    """The TFLite shapes of a function's byte-buffer arguments and results (None: not a string)."""
    def shapes(attrs, count):
        out = []
        for j in range(count):
            d = dict(attrs.value[j].value) if attrs is not None and j < len(attrs.value) else {}
            a = d.get(SHAPE_ATTR)
            out.append(tuple(a.value) if isinstance(a, DenseArrayAttr) else None)
        return out
    ft = func.function_type
    return (shapes(func.attributes.get("arg_attrs"), len(ft.inputs)),
            shapes(func.attributes.get("res_attrs"), len(ft.results)))


def to_buffers(func: Operation, inputs: Sequence[np.ndarray]) -> list[np.ndarray]:
    """A function's inputs with each string tensor (bytes objects) as its buffer."""
    shapes, _ = string_shapes(func)
    return [serialize(np.asarray(x, object).ravel()) if shape is not None and np.asarray(x).dtype.kind in "SO"
            else x for x, shape in zip(inputs, shapes)]


def from_buffers(func: Operation, results: Sequence[np.ndarray]) -> list[np.ndarray]:
    """A function's results with each string buffer as the strings (bytes objects) of its shape."""
    _, shapes = string_shapes(func)
    return [x if shape is None else deserialize(np.asarray(x), shape) for x, shape in zip(results, shapes)]
