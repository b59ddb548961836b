"""`--input-shape`: pin the `?` dimensions of a model's inputs, for targets that need static shapes.

The shapes of the other tensors are TFLite's own: the interpreter resizes the entry
subgraph's inputs, prepares every operator (each kernel's Prepare computes its output
shape) and runs the model once, which sizes the tensors a kernel only sizes at run time
(a RESHAPE or FILL whose shape operand comes from SHAPE). It runs twice, on zeros and on
ones: a tensor whose shape differs between the two depends on input values (WHERE,
UNIQUE, a RANGE over input data) and cannot be pinned, which is an error naming it.

    INPUT_SHAPE := [NAME ':'] DIM ('x' DIM)*       e.g. 4x16x16x3, or input:4x16x16x3

without a name, the shapes are given in the order of the model's inputs.
"""
from __future__ import annotations

import os
import re
from typing import Optional, Sequence

from ..errors import Tfl2QuantError

InputShape = tuple[Optional[str], tuple[int, ...]]

_DIMS = re.compile(r"^(?:(?P<name>.+):)?(?P<dims>\d+(?:x\d+)*|)$")
_LARGEST_DIM = (1 << 31) - 1  # TFLite's dimensions are int32 (TfLiteIntArray)


def parse_input_shape(text: str) -> InputShape:
    m = _DIMS.match(text.strip())
    if m is None:
        raise Tfl2QuantError(f"--input-shape '{text}': expected [NAME:]DIMS with DIMS like 4x16x16x3 "
                             "(empty for a scalar)")
    dims = tuple(int(d) for d in m["dims"].split("x")) if m["dims"] else ()
    too_large = next((d for d in dims if d > _LARGEST_DIM), None)
    if too_large is not None:
        raise Tfl2QuantError(f"--input-shape '{text}': dimension {too_large} does not fit TFLite's int32 "
                             f"dimensions (at most {_LARGEST_DIM})")
    return m["name"], dims


def pinned_shapes(path: str, shapes: Sequence[InputShape]) -> dict[int, tuple[int, ...]]:
    """TFLite tensor index (of subgraph 0) -> its shape with the inputs at `shapes`."""
    # imported lazily: only --input-shape needs it (the reference kernels: no XNNPACK delegate)
    from ai_edge_litert.interpreter import Interpreter, OpResolverType

    try:
        interpreter = Interpreter(model_path=str(path), experimental_preserve_all_tensors=True,
                                  experimental_op_resolver_type=OpResolverType.BUILTIN_REF)
    except (ValueError, RuntimeError) as e:
        raise Tfl2QuantError(f"--input-shape: the TFLite interpreter cannot load the model: {_first_line(e)}",
                             str(path)) from None
    inputs = interpreter.get_input_details()
    names = _signature_names(interpreter)
    sizes = []
    for detail, dims in zip(inputs, _by_input(inputs, names, shapes, path)):
        name = names.get(detail['index'], detail['name'])
        signature = tuple(int(d) for d in detail.get("shape_signature", detail["shape"]))
        if len(dims) != len(signature) or any(s != -1 and s != d for s, d in zip(signature, dims)):
            shown = "x".join("?" if s == -1 else str(s) for s in signature) or "a scalar"
            raise Tfl2QuantError(f"--input-shape: input '{name}' has shape "
                                 f"{shown}; {'x'.join(map(str, dims)) or 'a scalar'} does not fit it", str(path))
        sizes.append(_bytes(dims, detail["dtype"]))
        if sizes[-1] > _memory():  # TFLite would fail to allocate it, with an empty message
            raise Tfl2QuantError(f"--input-shape: input '{name}' at {'x'.join(map(str, dims))} takes "
                                 f"{_in_units(sizes[-1])} ({_dtype_name(detail['dtype'])}), more than this "
                                 f"machine's memory ({_in_units(_memory())})", str(path))
        interpreter.resize_tensor_input(detail["index"], list(dims))
    runs = [_run(interpreter, fill, path, sum(sizes)) for fill in (0, 1)]
    for k, (a, b) in enumerate(zip(*runs)):
        if a != b:
            name = interpreter.get_tensor_details()[k]["name"]
            raise Tfl2QuantError(f"--input-shape: the shape of tensor {k} \"{name}\" depends on the input values "
                                 f"({'x'.join(map(str, a))} on zeros, {'x'.join(map(str, b))} on ones): "
                                 f"it cannot be pinned", str(path))
    return {k: shape for k, shape in enumerate(runs[0]) if shape is not None}


def _signature_names(interpreter) -> dict[int, str]:
    """Tensor index -> the input's name in the model's one signature (none if it has several)."""
    signatures = interpreter.get_signature_list()
    if len(signatures) != 1:
        return {}
    runner = interpreter.get_signature_runner(next(iter(signatures)))
    return {d["index"]: name for name, d in runner.get_input_details().items()}


def _by_input(inputs, signature_names: dict[int, str], shapes: Sequence[InputShape], path) -> list[tuple[int, ...]]:
    """The shape of each input, given in order or by its signature or tensor name."""
    names = [signature_names.get(d["index"], d["name"]) for d in inputs]
    if all(name is None for name, _ in shapes):
        if len(shapes) != len(inputs):
            raise Tfl2QuantError(f"--input-shape: the model has {len(inputs)} input(s) ({', '.join(names)}); "
                                 f"{len(shapes)} shape(s) given", str(path))
        return [dims for _, dims in shapes]
    given = dict(shapes)
    aliases = {d["name"]: name for d, name in zip(inputs, names)}
    given = {aliases.get(n, n): dims for n, dims in given.items()}
    unknown = [n for n in given if n not in names]
    if None in given or unknown:
        raise Tfl2QuantError(f"--input-shape: name every input or none; the inputs are {', '.join(names)}"
                             + (f" (not '{unknown[0]}')" if unknown else ""), str(path))
    missing = [n for n in names if n not in given]
    if missing:
        raise Tfl2QuantError(f"--input-shape: no shape for input '{missing[0]}'", str(path))
    return [given[n] for n in names]


def _run(interpreter, fill: int, path, input_bytes: int) -> list[Optional[tuple[int, ...]]]:
    import numpy as np

    try:
        interpreter.allocate_tensors()
        for d in interpreter.get_input_details():
            interpreter.set_tensor(d["index"], np.full(d["shape"], fill, d["dtype"]))
        interpreter.invoke()
    except (ValueError, RuntimeError) as e:
        why = _first_line(e)
        if why == type(e).__name__:  # TFLite says nothing when it cannot allocate its tensors
            why = (f"it could not allocate the model's tensors (out of memory? the inputs alone take "
                   f"{_in_units(input_bytes)} of this machine's {_in_units(_memory())})")
        raise Tfl2QuantError(f"--input-shape: TFLite cannot run the model at these shapes: {why}",
                             str(path)) from None
    shapes = []
    for d in interpreter.get_tensor_details():
        shapes.append(tuple(int(x) for x in d["shape"]) if d.get("shape") is not None else None)
    return shapes


def _bytes(dims: tuple[int, ...], dtype) -> int:
    import numpy as np

    n = np.dtype(dtype).itemsize
    for d in dims:
        n *= d
    return n


def _dtype_name(dtype) -> str:
    import numpy as np

    return np.dtype(dtype).name


def _memory() -> int:
    """This machine's physical memory, in bytes."""
    return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")


def _in_units(n: int) -> str:
    for unit in ("bytes", "KB", "MB", "GB"):
        if n < 1000 or unit == "GB":
            return f"{n} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1000
    return ""


def _first_line(e: Exception) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__
