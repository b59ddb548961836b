"""Structure-aware fuzzing of the whole convert path (used by tests/fuzz/test_fuzz_structured.py
and tools/fuzz_convert.py).

A mutant is a real model read with the flatc object API of
`ai_edge_litert.schema_py_generated`, changed by one to three named mutations
(fuzz_mutations.py: tensor and buffer indices, shapes, types, quantization,
operator codes, options, operand lists, subgraph references, buffers,
signatures, metadata), packed again, and sometimes flipped or truncated at the byte level. Mutant
`index` of `seed` is always the same bytes (`mutant(seed, index, models)`).

The rule: every input gives a clean `Tfl2QuantError` (not an `InternalError`)
or MLIR that `iree-opt` verifies. `classify` runs the pipeline in process and
says which; `verify_many` verifies many modules with one `iree-opt`;
`run_campaign` does both over worker processes that a hang or a crash
cannot take down; `failure_table` groups the failures by exception type,
normalized message and op.
"""
from __future__ import annotations

import copy
import inspect
import multiprocessing
import os
import re
import resource
import signal
import struct
import subprocess
import threading
import time
import traceback
import warnings
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from pathlib import Path
from random import Random

import flatbuffers
from ai_edge_litert import schema_py_generated as schema

from . import iree_opt_path
from .fuzz_mutations import MUTATIONS, byte_level

MODELS = Path(__file__).resolve().parent.parent / "models"

COVERAGE = ["if-cond.float32", "while-loop.float32", "multi-signature.float32", "cnn-mixed.int8",
            "cnn-mixed.int16x8", "fc-sparse-densify.int8", "fc-sparse-block1x4.float32", "dynamic-batch.float32",
            "fc-blockwise32.int4w", "fc-buffer-offset.float32", "resource-variable.float32", "lstm.int8",
            "bool-int64.float32", "op-zoo-shape.float32"]
DEFAULT_MODELS = sorted(MODELS.glob("*.tflite")) + [MODELS / "coverage" / f"{n}.tflite" for n in COVERAGE]
FAILURES = ("internal", "warning", "hang", "crash", "invalid")


# --- mutants

@dataclass
class Mutant:
    model: str
    mutations: list[str]
    data: bytes


_BASES: dict[str, tuple[bytes, int | None, object]] = {}


def _base(path: Path) -> tuple[bytes, int | None, object]:
    """The model's bytes, where its buffers stored after the flatbuffer begin (None: all inline),
    and its object tree (copied for each mutant: faster than reading it again)."""
    if str(path) not in _BASES:
        data = path.read_bytes()
        model = schema.ModelT.InitFromPackedBuf(data, 0)
        offsets = [b.offset for b in model.buffers or [] if b.offset > 1]
        _BASES[str(path)] = (data, min(offsets) if offsets else None, model)
    return _BASES[str(path)]


def pack(model, data: bytes, tail_start: int | None) -> bytes:
    """The object tree as a TFL3 flatbuffer; buffers stored after the flatbuffer in `data` (from
    `tail_start` on) follow it, their offsets shifted as much as the flatbuffer grew (in the
    output only: the tree keeps the original offsets)."""
    moved = [b for b in model.buffers or [] if b.offset > 1] if tail_start is not None else []
    offsets = [b.offset for b in moved]
    shift = 0
    try:
        while True:
            builder = flatbuffers.Builder(4096)
            builder.Finish(model.Pack(builder), file_identifier=b"TFL3")
            out = bytes(builder.Output())
            if tail_start is None:
                return out
            if len(out) <= tail_start + shift:
                return out + bytes(tail_start + shift - len(out)) + data[tail_start:]
            shift += (len(out) - tail_start - shift + 15) // 16 * 16
            for b, offset in zip(moved, offsets):
                b.offset = offset + shift if offset + shift < 2 ** 64 else offset
    finally:
        for b, offset in zip(moved, offsets):
            b.offset = offset


def mutant(seed: int, index: int, models=DEFAULT_MODELS) -> Mutant:
    """Mutant `index` of `seed`: a model of `models` with 1-3 structural mutations, sometimes a byte one."""
    r = Random(f"{seed}/{index}")
    path = Path(r.choice(list(models)))
    data, tail_start, base = _base(path)
    model, out = copy.deepcopy(base), data
    done: list[str] = []
    names = sorted(MUTATIONS)
    for _ in range(r.choice([1, 1, 1, 2, 2, 3])):
        for _attempt in range(20):
            before = copy.deepcopy(model)
            name = r.choice(names)
            what = MUTATIONS[name](r, model)
            try:
                if what is not None:
                    out = pack(model, data, tail_start)
                    done.append(f"{name}({what})")
                    break
            except (struct.error, OverflowError, TypeError, ValueError, AttributeError):
                pass  # a value the field cannot hold: undo and draw again
            model = before
    if r.random() < 0.12:
        out, what = byte_level(r, out)
        done.append(what)
    return Mutant(path.name, done, out)


# --- classify

@dataclass
class Outcome:
    kind: str  # ok, error, internal, warning, hang (then crash and invalid from run_campaign)
    message: str = ""
    where: str = ""  # a traceback summary (internal) or the warning's source line (warning)
    exc_type: str = ""
    text: str | None = field(default=None, repr=False)  # the final MLIR when ok


class _Timeout(BaseException):
    """Raised by the alarm; a BaseException so the pipeline's `except Exception` cannot catch it."""


def _frames(exc: BaseException, n: int = 3) -> str:
    return _summary(traceback.extract_tb(exc.__traceback__), n)


def _summary(frames, n: int = 3) -> str:
    """The innermost n frames of ours (not the standard library's or site-packages'), innermost first."""
    ours = [f for f in frames if not any(x in f.filename for x in ("site-packages", "/lib/python", "<frozen"))
            and not f.filename.endswith("structured_fuzz.py")] or list(frames)
    return " < ".join(f"{_short(f.filename)}:{f.lineno} {f.name}" for f in reversed(ours[-n:]))


def _short(filename: str) -> str:
    return "/".join(Path(filename).parts[-2:])


def _current_op(frame) -> str:
    """The op a pass was working on when `frame` ran: the nearest caller with a local `op`."""
    while frame is not None:
        name = getattr(frame.f_locals.get("op"), "name", None)
        if isinstance(name, str) and "." in name:
            return f" in '{name}'"
        frame = frame.f_back
    return ""


def classify(data: bytes, timeout: float = 20.0) -> Outcome:
    """Import `data`, run the pipeline to the final stage and print it; Python warnings are
    recorded (with where they came from) and make the outcome `warning`.

    The alarm that bounds the time works in the main thread only (in others there is no bound)."""
    from tfl2quant import dialects  # noqa: F401
    from tfl2quant.errors import InternalError, Tfl2QuantError
    from tfl2quant.importer.flatbuffer import Buffer
    from tfl2quant.importer.model import ModelImporter
    from tfl2quant.ir.printer import print_module
    from tfl2quant.pipeline import run_pipeline

    caught: list[Outcome] = []

    def on_warning(message, category, filename, lineno, file=None, line=None):
        frame = inspect.currentframe().f_back
        caught.append(Outcome("warning", f"{category.__name__}: {message}{_current_op(frame)}",
                              _summary(traceback.extract_stack(frame)), category.__name__))

    def on_alarm(signum, frame):
        raise _Timeout(_current_op(frame))

    timed = threading.current_thread() is threading.main_thread()
    if timed:
        previous = signal.signal(signal.SIGALRM, on_alarm)
        signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("always")
            warnings.showwarning = on_warning
            try:
                module = ModelImporter(Buffer(bytearray(data), "fuzz.tflite")).run()
                run_pipeline(module, "final")
                outcome = Outcome("ok", text=print_module(module))
            except _Timeout as e:
                outcome = Outcome("hang", f"no result after {timeout:g} s{e.args[0]}", _frames(e))
            except InternalError as e:
                cause = e.__cause__ or e
                outcome = Outcome("internal", str(e), _frames(cause), type(cause).__name__)
            except Tfl2QuantError as e:
                outcome = Outcome("error", str(e), exc_type=type(e).__name__)
            except Exception as e:  # noqa: BLE001 - any other exception is what the fuzzer looks for
                outcome = Outcome("internal", f"{type(e).__name__}: {e}"[:2000], _frames(e), type(e).__name__)
    except _Timeout as e:
        outcome = Outcome("hang", f"no result after {timeout:g} s{e.args[0]}", _frames(e))
    finally:
        if timed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    if caught and outcome.kind in ("ok", "error"):
        first = caught[0]
        first.where += f" | then: {outcome.kind} {outcome.message[:200]}"
        return first
    return outcome


# --- upstream verification

MARKER = "\n// -----\n"
_DIAG = re.compile(r"^(?:<stdin>|[^:\s]+):(\d+):\d+: (error|warning|note|remark): ")


def verify_many(texts: list[str], allow_unregistered: bool = True) -> list[str | None]:
    """Verify every module with one `iree-opt --split-input-file` run: the error text of each, or None."""
    if not texts:
        return []
    alone = [k for k, t in enumerate(texts) if "// -----" in t or not t.strip()]
    batch = [k for k in range(len(texts)) if k not in set(alone)]
    results: list[str | None] = [None] * len(texts)
    for k in alone:
        results[k] = _iree_opt([texts[k]], allow_unregistered, split=False)[0]
    if batch:
        for k, res in zip(batch, _iree_opt([texts[k] for k in batch], allow_unregistered)):
            results[k] = res
    return results


def _iree_opt(texts: list[str], allow_unregistered: bool, split: bool = True) -> list[str | None]:
    args = [iree_opt_path(), "-", "-o", os.devnull] + ["--split-input-file"] * split
    if allow_unregistered:
        args.append("--allow-unregistered-dialect")
    joined = MARKER.join(t.strip("\n") for t in texts) + "\n"
    proc = subprocess.run(args, input=joined, capture_output=True, text=True, check=False)
    if proc.returncode == 0:
        return [None] * len(texts)
    starts, line = [], 1  # the first line of each chunk in the joined text
    for t in texts:
        starts.append(line)
        line += t.strip("\n").count("\n") + 2
    errors: list[list[str]] = [[] for _ in texts]
    current = None
    for out in proc.stderr.splitlines():
        match = _DIAG.match(out)
        if match:
            current = max(k for k, s in enumerate(starts) if s <= int(match.group(1))) if split else 0
        if current is not None:
            errors[current].append(out)
    results = ["\n".join(e) if any(_DIAG.match(x) and ": error: " in x for x in e) else None for e in errors]
    if proc.returncode < 0 or not any(results):  # a crash or an error without a location: one module at a time
        if len(texts) == 1:
            return [proc.stderr.strip()[-2000:] or f"iree-opt exited with {proc.returncode}"]
        half = len(texts) // 2
        return _iree_opt(texts[:half], allow_unregistered) + _iree_opt(texts[half:], allow_unregistered)
    return results


# --- campaigns over worker processes

@dataclass
class Result:
    seed: int
    index: int
    model: str
    mutations: list[str]
    outcome: Outcome


def _worker(conn, models, timeout: float, memory: int) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    while True:
        task = conn.recv()
        if task is None:
            return
        seed, index = task
        mut = mutant(seed, index, models)
        conn.send(Result(seed, index, mut.model, mut.mutations, classify(mut.data, timeout)))


def run_campaign(seed: int, indices, models=DEFAULT_MODELS, jobs: int = 2, timeout: float = 20.0,
                 memory: int = 6 << 30, verify: bool = True, progress=None) -> list[Result]:
    """Classify mutants `indices` of `seed` in `jobs` processes (each limited to `memory` bytes,
    killed and replaced when a mutant runs past 2 * timeout + 10 s or kills it), then verify
    every `ok` module with iree-opt; an invalid one becomes `invalid`."""
    ctx = multiprocessing.get_context("fork")
    tasks = [(seed, k) for k in indices]
    results: list[Result] = []
    workers: dict = {}  # conn -> [process, task, started]

    def spawn():
        parent, child = ctx.Pipe()
        proc = ctx.Process(target=_worker, args=(child, list(models), timeout, memory), daemon=True)
        proc.start()
        child.close()
        workers[parent] = [proc, None, 0.0]

    def feed(conn):
        if tasks:
            workers[conn][1:] = [tasks.pop(0), time.monotonic()]
            conn.send(workers[conn][1])
        else:
            workers[conn][1] = None

    def lost(conn, kind, message):
        proc, (s, k), _ = workers.pop(conn)
        if kind == "hang":
            proc.kill()
        proc.join()
        mut = mutant(s, k, models)
        results.append(Result(s, k, mut.model, mut.mutations, Outcome(kind, message.format(proc.exitcode))))
        spawn()
        feed(list(workers)[-1])

    for _ in range(max(1, min(jobs, len(tasks)))):
        spawn()
    for conn in list(workers):
        feed(conn)
    while any(w[1] is not None for w in workers.values()):
        ready = wait([c for c, w in workers.items() if w[1] is not None], timeout=1.0)
        for conn in ready:
            try:
                results.append(conn.recv())
            except (EOFError, OSError):
                lost(conn, "crash", "the worker died (exit code {})")
                continue
            feed(conn)
            if progress:
                progress(len(results))
        for conn, (_, task, started) in list(workers.items()):
            if task is not None and time.monotonic() - started > 2 * timeout + 10:
                lost(conn, "hang", f"no result after {2 * timeout + 10:g} s (killed)")
    for conn, (proc, _, _) in workers.items():
        conn.send(None)
        proc.join(5)
    if verify:
        verify_results(results, jobs)
    return sorted(results, key=lambda res: res.index)


def verify_results(results: list[Result], jobs: int = 2, batch: int = 250) -> None:
    ok = [res for res in results if res.outcome.kind == "ok"]
    chunks = [ok[k:k + batch] for k in range(0, len(ok), batch)]
    with ThreadPoolExecutor(max(1, jobs)) as pool:
        verdicts = pool.map(lambda chunk: verify_many([res.outcome.text for res in chunk]), chunks)
        for chunk, errors in zip(chunks, verdicts):
            for res, error in zip(chunk, errors):
                if error is None:
                    res.outcome.text = None  # verified: no need to keep it
                else:
                    message, near = _first_error(error)
                    res.outcome = Outcome("invalid", message, near, "iree-opt", res.outcome.text)


def _first_error(diagnostics: str) -> tuple[str, str]:
    """The first error's message, and the text around its column in the line iree-opt quotes."""
    lines = diagnostics.splitlines()
    k = next((k for k, x in enumerate(lines) if ": error: " in x), 0)
    match = re.match(r"^.*?:\d+:(\d+): error: (.*)", lines[k])
    if not match:
        return lines[k][:300], ""
    column, source = int(match.group(1)), lines[k + 1] if k + 1 < len(lines) else ""
    op = _SOURCE_OP.search(source)
    return match.group(2), f"[{op.group(1) if op else '-'}] {source[max(column - 80, 0):column + 40].strip()}"


# --- grouping failures

_OP = re.compile(r"'((?:tfl|tosa|arith|tensor|linalg|quant|math|func)\.[a-z0-9_.]+)'")
_BARE_OP = re.compile(r"\b((?:tfl|tosa|arith|tensor|linalg|quant|math|func)\.[a-z0-9_]+)\b")
_SOURCE_OP = re.compile(r"^\s*(?:%[^=]*=\s*)?\"?((?:[a-z_]+\.)+[a-z0-9_]+|module)\b")
_BOILERPLATE = [r"^(?:error: )?(?:fuzz\.tflite: )?(?:internal error: )?", r"^legalizing op \d+ '[^']*' at .*? raised ",
                r" \(a bug in tfl2quant; set TFL2QUANT_DEBUG=1 for a traceback\)$"]


def signature(outcome: Outcome) -> tuple[str, str, str, str]:
    """(kind, type @where, op, message pattern) of a failure; the pattern has numbers, names,
    quoted strings and types replaced, so one bug met on many models gives one pattern."""
    op = _OP.search(outcome.message) or _BARE_OP.search(outcome.message)
    if outcome.kind == "invalid":
        op = _OP.search(outcome.message) or re.match(r"\[([^\]]+)\]", outcome.where)
    message = outcome.message
    for pattern in _BOILERPLATE:
        message = re.sub(pattern, "", message)
    message = re.sub(rf"^{re.escape(outcome.exc_type)}: ", "", message) if outcome.exc_type else message
    message = _strip_types(message)
    message = _BARE_OP.sub("OP", _OP.sub("OP", message))
    message = re.sub(r"\"(?:[^\"\\]|\\.)*\"|'[^']*'", "'S'", message)
    message = re.sub(r"[@%][\w.$-]+", "@S", message)
    message = re.sub(r"0x[0-9a-fA-F]+|-?\b\d+(?:\.\d+)?(?:e[+-]?\d+)?\b|\b(?:nan|inf)\b", "N", message)
    message = re.sub(r"(?:N\s*[x,]\s*)+N", "N..", message)
    message = re.sub(r"\s+", " ", message).strip()[:150]
    where = ""
    if outcome.kind == "internal":
        where = re.sub(r":\d+ ", ":", outcome.where.split(" < ")[0])
    elif outcome.kind == "warning":
        where = outcome.where.split(" < ")[0].split(" | ")[0]
    return (outcome.kind, outcome.exc_type + (f" @{where}" if where else ""), op.group(1) if op else "-", message)


def _strip_types(text: str) -> str:
    out, k = [], 0
    for match in re.finditer(r"(?:tensor|!quant\.uniform|memref|vector|dense|array)<", text):
        if match.start() < k:
            continue
        out.append(text[k:match.start()])
        depth, j = 0, match.end() - 1
        while j < len(text):
            depth += {"<": 1, ">": -1}.get(text[j], 0)
            j += 1
            if depth == 0:
                break
        out.append(match.group(0)[:-1] + "<T>")
        k = j
    return "".join(out) + text[k:]


def failure_table(results: list[Result]) -> str:
    """Counts per outcome, then each distinct failure (kind, exception type @ innermost frame,
    message pattern) with one raw message, and per op its count and a reproducer."""
    counts = Counter(res.outcome.kind for res in results)
    lines = ["outcomes: " + ", ".join(f"{kind} {counts[kind]}" for kind in ("ok", "error") + FAILURES
                                      if counts[kind])]
    classes: dict[tuple, dict[str, list[Result]]] = {}
    for res in results:
        if res.outcome.kind in FAILURES:
            kind, exc, op, pattern = signature(res.outcome)
            classes.setdefault((kind, exc, pattern), {}).setdefault(op, []).append(res)
    if classes:
        distinct = sum(len(ops) for ops in classes.values())
        lines.append(f"{len(classes)} failure classes, {distinct} distinct with the op "
                     f"(reproduce: mutant(seed, index) -> seed/index model [mutations]):")
    for (kind, exc, pattern), ops in sorted(classes.items(),
                                            key=lambda item: (-sum(map(len, item[1].values())), item[0])):
        first = min((m for members in ops.values() for m in members),
                    key=lambda m: (len(m.mutations), len(repr(m.mutations)), m.index))
        lines.append(f"{sum(map(len, ops.values())):5d}  {' '.join(x for x in (kind, exc) if x)}: {pattern}")
        near = {"invalid": "  near: ", "warning": "  at: "}.get(first.outcome.kind)
        near = f"{near}{first.outcome.where[:200]}" if near else ""
        lines.append(f"         e.g. {first.outcome.message[:240]}{near}")
        for op, members in sorted(ops.items(), key=lambda item: (-len(item[1]), item[0])):
            res = min(members, key=lambda m: (len(m.mutations), len(repr(m.mutations)), m.index))
            lines.append(f"       {len(members):4d} {op:24s} {res.seed}/{res.index} {res.model} {res.mutations}")
    return "\n".join(lines)
