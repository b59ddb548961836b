"""TFLite's other kernel sets on the same model and inputs: how far TFLite is from itself.

Two runs of the whole model besides the reference: the optimized kernels without delegates
(BUILTIN_WITHOUT_DEFAULT_DELEGATES), whose float tensors give each tensor's spread against
BUILTIN_REF, and the default resolver with its XNNPACK delegate, what users deploy (only
its outputs: the delegate keeps no intermediate tensor). They run in a child process: the
optimized kernels crash (SIGSEGV) on some models the reference kernels run, and a crash
there only means that set was not measured.
"""
from __future__ import annotations

import faulthandler
import multiprocessing
import os
import warnings
from dataclasses import dataclass

import numpy as np

from . import litert
from .compare import distance, spread_of
from .partition import OPTIMIZED, XNNPACK, all_tensors


@dataclass
class Run:
    """One input set on one kernel set (None where that set could not run)."""
    outputs: list[np.ndarray] | None = None
    floats: dict[int, np.ndarray] | None = None   # float tensors by index (optimized kernels)
    error: str | None = None


def other_kernels(path: str, shapes, inputs, tensors: bool) -> dict[str, list[Run]]:
    """Per kernel set (OPTIMIZED, XNNPACK), one Run per input set; `tensors`: keep the float
    tensors of the optimized kernels."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_quiet_child, args=(path, shapes, inputs, tensors, send))
    child.start()
    send.close()
    try:
        runs = receive.recv()
    except EOFError:
        runs = None
    child.join()
    if child.exitcode != 0 or runs is None:
        lost = Run(error="TFLite's process died" + (f" (exit {child.exitcode})" if child.exitcode else ""))
        return {OPTIMIZED: [lost] * len(inputs), XNNPACK: [lost] * len(inputs)}
    return runs


def _quiet_child(*args) -> None:
    """A crash in the child is an expected outcome, not a report: no fault handler's dump
    (pytest enables one, and the forked child inherits it), and what TFLite writes to fds 1
    and 2 (XNNPACK's "Created TensorFlow Lite XNNPACK delegate") goes nowhere."""
    faulthandler.disable()
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)
    _run_other_kernels(*args)


def _run_other_kernels(path: str, shapes, inputs, tensors: bool, send) -> None:
    out = {}
    try:
        for resolver in (OPTIMIZED, XNNPACK):
            out[resolver] = _runs(path, shapes, inputs, resolver, tensors and resolver == OPTIMIZED)
        send.send(out)
    except Exception:  # noqa: BLE001  (any failure: not measured, and never a traceback from the child)
        send.send(None)
    finally:
        send.close()


def _runs(path, shapes, inputs, resolver: str, tensors: bool) -> list[Run]:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            it = litert.load(path, tensors, resolver)
        if shapes:
            litert.resize_inputs(it, shapes)
        runs = []
        for x in inputs:
            outputs = litert.run(it, x)
            floats = {k: v for k, v in all_tensors(it).items() if v.dtype.kind in "fc"} if tensors else None
            runs.append(Run(outputs, floats))
        return runs
    except Exception as e:  # noqa: BLE001  (this set cannot run the model: say why)
        return [Run(error=str(e).split("cannot load the model: ", 1)[-1])] * len(inputs)


def tensor_spread(run: Run, tensors: dict[int, np.ndarray]) -> dict[int, float]:
    """|BUILTIN_REF - optimized| per float tensor."""
    out = {}
    for k, ref in tensors.items():
        if run.floats and ref.dtype.kind in "fc" and k in run.floats:
            s = spread_of(run.floats[k], ref)
            if s is not None:
                out[k] = s
    return out


def largest_spread(sets: list[list[np.ndarray] | None], k: int) -> float | None:
    """The largest difference between two kernel sets' values of output k (None: fewer than
    two sets ran, or the output is not float)."""
    values = [s[k] for s in sets if s is not None]
    found = [spread_of(a, b) for i, a in enumerate(values) for b in values[i + 1:]]
    found = [f for f in found if f is not None]
    return max(found) if found else None


@dataclass
class Deployed:
    """One output against what users deploy (the default resolver, XNNPACK): our final stage,
    TFLite's reference, and the reference against the optimized kernels (storage steps for
    integer outputs). None where a set did not run or the values have no difference (strings)."""
    name: str
    ours: float | None
    reference: float | None
    optimized: float | None
    sample: int = 0

    def to_json(self) -> dict:
        return dict(vars(self))


def apart(a: np.ndarray | None, b: np.ndarray | None) -> float | None:
    """The largest difference of two results of one output (None: not comparable)."""
    if a is None or b is None:
        return None
    a, b = np.asarray(a), np.asarray(b)
    if a.dtype.kind in "iu" and b.dtype.kind in "iu" and a.dtype.itemsize == b.dtype.itemsize:
        a = a.view(b.dtype)  # a signless storage container read as TFLite's type
    if a.shape != b.shape or a.dtype.kind not in "iufcb" or b.dtype.kind not in "iufcb" or a.size == 0:
        return None
    return float(distance(a.astype(b.dtype) if a.dtype.kind == "b" else a, b).max())


def worst_deployed(kept: list[Deployed] | None, names, ours, expected, optimized: Run, xnnpack: Run,
                   sample: int) -> list[Deployed]:
    """Each output's Deployed figures on this input set, the worse of them and `kept`."""
    opt, xnn = optimized.outputs or [None] * len(names), xnnpack.outputs or [None] * len(names)
    row = [Deployed(n, apart(o, x), apart(e, x), apart(e, p), sample)
           for n, o, e, p, x in zip(names, ours, expected, opt, xnn)]
    if kept is None:
        return row
    return [max((a, b), key=lambda d: -1.0 if d.ours is None else d.ours) for a, b in zip(kept, row)]
