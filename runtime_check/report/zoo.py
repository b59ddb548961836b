"""Work through many models for `tfl2quant report`: one process per model.

Each model is legalized (and with `check`, checked against TFLite) in a process
of its own, forked from a server that has imported the converter once. A model
that kills its process (TFLite aborts on some kernels' Prepare; a segfault) then
costs only its own row: the dead worker becomes an ERROR entry naming the
signal and the last line it wrote. Results come back in input order.
"""
from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import shutil
import signal
import sys
import tempfile
from collections import Counter

from legalize.records import PATHS
from tfl2quant.dialects.tfl import CONSTANT_OPS
from tfl2quant.errors import Tfl2QuantError

# Imported once by the fork server. Each worker still runs the main script again as __mp_main__
# (multiprocessing's preparation): for the `tfl2quant` script, little more than click.
_PRELOAD = ["runtime_check.report.zoo", "runtime_check.check", "tfl2quant.pipeline"]


def verdict_of(result) -> str:
    """check's verdict: PASS, PASS (per layer), PASS (float noise), FAIL or NOT COMPARED."""
    return result.verdict


def legalized(path: str) -> dict:
    """One model's entry: op instances per path and per operator, and the reason of every op
    not on the integer path with its operand and result types. A model the converter
    refuses gives {"path", "error"}."""
    from tfl2quant.pipeline import convert

    types: dict = {}

    def on_stage(stage: str, module) -> None:
        if stage == "tfl":  # before legalize-tfl rewrites the ops in place
            types.update(_signatures(module))

    try:
        report = convert(path, "legalized", on_stage=on_stage).report
    except Exception as e:  # noqa: BLE001 - a bug of ours on one model is that model's row
        return {"path": path, "error": _message(e)}
    groups = Counter()
    for r in report.records:
        if r.reason:
            name, sig = types.get((r.function, r.index), (None, "?"))
            groups[(r.name, r.path, sig if name == r.name else "?", r.reason)] += 1
    return {"path": path, "ops": report.counts(), "by_op": report.by_op(),
            "reasons": [{"op": op, "path": p, "types": sig, "reason": reason, "count": n}
                        for (op, p, sig, reason), n in sorted(groups.items(), key=lambda kv: (-kv[1], kv[0]))]}


def checked(entry: dict) -> dict:
    """`entry` with the verdict of runtime_check.check on its model."""
    from ..check import check_model

    try:
        result = check_model(entry["path"])
    except Exception as e:  # noqa: BLE001
        return {**entry, "verdict": "ERROR", "check_error": _message(e)}
    diffs = [o.max_abs_diff for o in result.outputs]
    worst, first = result.largest_difference(), result.first_divergence
    entry = {**entry, "verdict": verdict_of(result), "max_diff": max(diffs) if diffs else 0.0,
             "largest": None if worst is None else {"output": worst.name, "max_abs_diff": worst.max_abs_diff,
                                                    "steps": worst.dtype[0] in "iu"},
             "first_divergence": None if first is None else
             f"op {first.index} {first.name.removeprefix('tfl.').upper()}",
             "reference": result.reference,
             **({"reference_why": result.reference_why} if result.reference_why else {})}
    return {**entry, "check_error": result.error} if result.error else entry


def _message(e: Exception) -> str:
    return str(e) if isinstance(e, Tfl2QuantError) else f"internal error: {type(e).__name__}: {e}"


def _signatures(module) -> dict:
    """(function, op index) -> (op name, 'qi8, qi8 -> qi8'), indexed as the legalize driver counts ops."""
    out = {}
    for func in module.functions():
        if func.is_declaration:
            continue
        index = 0
        for op in func.body.ops:
            if not op.name.startswith("tfl.") or op.name in CONSTANT_OPS:
                continue
            ins = ", ".join(_type_name(v.type) for v in op.operands) or "()"
            outs = ", ".join(_type_name(t) for t in op.result_types) or "()"
            out[(func.sym_name, index)] = (op.name, f"{ins} -> {outs}")
            index += 1
    return out


def _type_name(t) -> str:
    from tfl2quant.dialects.quant.types import (UniformQuantizedPerAxisType, UniformQuantizedSubChannelType,
                                                quantized_element_type)
    from tfl2quant.ir.types import element_type

    if not hasattr(t, "shape"):
        return "none"
    q = quantized_element_type(t)
    if q is None:
        return str(element_type(t))
    name = f"q{'i' if q.is_signed else 'u'}{q.storage_width}"
    if isinstance(q, UniformQuantizedPerAxisType):
        return name + "/axis"
    return name + "/block" if isinstance(q, UniformQuantizedSubChannelType) else name


# --- the processes --------------------------------------------------------------------------


def _worker(conn, path: str, check: bool, log: str) -> None:
    # TFLite and the delegates write to fds 1 and 2: keep them off the report and the progress bar
    fd = os.open(log, os.O_WRONLY | os.O_TRUNC)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    entry = legalized(path)
    if check and "error" not in entry:
        conn.send(entry)  # the coverage stays if checking kills the process
        entry = checked(entry)
    conn.send(entry if not check or "verdict" in entry else {**entry, "verdict": "ERROR"})
    conn.close()


def run(paths: list[str], check: bool = False, jobs: int = 1, progress: bool = False) -> list[dict]:
    """The entry of each path (legalized(), with `check` checked()) in a process of its own, at most `jobs` at once (0: one per core)."""
    jobs = jobs or os.cpu_count() or 1
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(_PRELOAD)
    results: list = [None] * len(paths)
    todo = list(enumerate(paths))[::-1]
    running: dict = {}  # receiving end -> (index, process, log file)
    bar = _Progress(len(paths)) if progress else None
    try:
        while todo or running:
            while todo and len(running) < jobs:
                index, path = todo.pop()
                recv, send = ctx.Pipe(duplex=False)
                fd, log = tempfile.mkstemp(prefix="tfl2quant-report-", suffix=".log")
                os.close(fd)
                # not a daemon: check runs TFLite's optimized kernels in a child of its own (check/kernel_sets.py)
                process = ctx.Process(target=_worker, args=(send, path, check, log))
                process.start()
                send.close()  # ours: so that a dead worker's pipe reads as end of file
                running[recv] = (index, process, log)
            for recv in multiprocessing.connection.wait(list(running)):
                index, process, log = running[recv]
                try:
                    results[index] = recv.recv()
                    if check and "verdict" not in results[index]:
                        continue  # the coverage; the verdict follows
                except (EOFError, OSError):
                    results[index] = _died(paths[index], process, log, results[index], check)
                del running[recv]
                recv.close()
                process.join()
                os.unlink(log)
                if bar:
                    bar.step(os.path.basename(paths[index]))
    finally:
        for index, process, log in running.values():
            process.kill()
            process.join()
            os.unlink(log)
        if bar:
            bar.close()
    return results


def _died(path: str, process, log: str, entry: dict | None, check: bool) -> dict:
    """The row of a worker that ended without its result: after the coverage (`entry`), a
    check that killed it."""
    process.join()
    exitcode = process.exitcode
    how = (f"signal {signal.Signals(-exitcode).name}" if exitcode is not None and exitcode < 0
           else f"exit code {exitcode}")
    with open(log, errors="replace") as f:
        lines = [line.strip() for line in f if line.strip()]
    message = f"the worker died ({how})" + (f": {lines[-1][:200]}" if lines else "")
    if entry is not None:
        return {**entry, "verdict": "ERROR", "check_error": f"check: {message}"}
    entry = {"path": path, "error": f"{path}: {message}"}
    return {**entry, "verdict": "ERROR"} if check else entry


class _Progress:
    """`[=====     ] 12/204 models/x.tflite` on one rewritten line of stderr."""

    def __init__(self, total: int):
        self.total, self.done = total, 0
        self.draw("")

    def step(self, name: str) -> None:
        self.done += 1
        self.draw(name)

    def draw(self, name: str) -> None:
        width = shutil.get_terminal_size((80, 24)).columns
        filled = 20 * self.done // max(self.total, 1)
        line = f"[{'=' * filled}{' ' * (20 - filled)}] {self.done}/{self.total} {name}"
        sys.stderr.write("\r\033[K" + line[:width - 1])
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\r\033[K")
        sys.stderr.flush()


__all__ = ["PATHS", "checked", "legalized", "run", "verdict_of"]
