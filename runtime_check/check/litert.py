"""The ground truth: LiteRT's interpreter with the reference kernels (BUILTIN_REF).

The default resolver uses optimized kernels and XNNPACK, which round
differently (integer-semantics §21), so every run here asks for BUILTIN_REF,
unless reference.py says a model needs the optimized kernels.
"""
from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import dataclass

import numpy as np

from tfl2quant.errors import Tfl2QuantError


@dataclass
class TensorInfo:
    name: str
    index: int
    dtype: np.dtype
    shape: tuple


def load(path: str, preserve_all_tensors: bool = False, resolver: str = "BUILTIN_REF",
         content: bytes | None = None):
    """The interpreter for the file at `path`, or for `content` (a model derived from it)."""
    from ai_edge_litert.interpreter import Interpreter, OpResolverType  # imported lazily: not on the convert path

    source = {"model_path": str(path)} if content is None else {"model_content": content}
    try:
        with _quiet(resolver == "AUTO"):  # XNNPACK announces itself on stderr
            interpreter = Interpreter(**source, experimental_op_resolver_type=getattr(OpResolverType, resolver),
                                      experimental_preserve_all_tensors=preserve_all_tensors)
            interpreter.allocate_tensors()
    except (ValueError, RuntimeError) as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise Tfl2QuantError(f"the TFLite interpreter cannot load the model: {first}", str(path)) from None
    return interpreter


@contextlib.contextmanager
def _quiet(on: bool):
    """fd 2 to /dev/null while TFLite's C++ code logs (Python's own warnings are not affected)."""
    if not on:
        yield
        return
    sys.stderr.flush()
    saved, null = os.dup(2), os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 2)
    try:
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


def resize_inputs(interpreter, shapes) -> None:
    """Resize the inputs to `shapes` (static ones; None: leave that input) and re-allocate
    when one changed."""
    changed = False
    for d, shape in zip(interpreter.get_input_details(), shapes):
        if shape is not None and None not in shape and tuple(shape) != tuple(d["shape"]):
            interpreter.resize_tensor_input(d["index"], list(shape))
            changed = True
    if changed:
        interpreter.allocate_tensors()


def inputs_of(interpreter) -> list[TensorInfo]:
    return [TensorInfo(d["name"], d["index"], np.dtype(d["dtype"]), tuple(int(x) for x in d["shape"]))
            for d in interpreter.get_input_details()]


def outputs_of(interpreter) -> list[TensorInfo]:
    return [TensorInfo(d["name"], d["index"], np.dtype(d["dtype"]), tuple(int(x) for x in d["shape"]))
            for d in interpreter.get_output_details()]


def run(interpreter, inputs: list[np.ndarray]) -> list[np.ndarray]:
    for info, x in zip(inputs_of(interpreter), inputs):
        interpreter.set_tensor(info.index, x)
    try:
        interpreter.invoke()
    except RuntimeError as e:
        raise Tfl2QuantError(f"the TFLite interpreter failed: {str(e).strip().splitlines()[0]}") from None
    return [np.array(interpreter.get_tensor(info.index)) for info in outputs_of(interpreter)]
