"""`tfl2quant check`: run every stage of the conversion and TFLite on the same inputs.

Verdicts (CheckResult.verdict; the exit code of `tfl2quant check` in brackets):

  PASS              [0] every final output equals TFLite's: bit for bit where integer
                    (`exact`), within the measured float tolerance where float
                    (`float within tol`, compare.py), for the final stage and, with
                    --backend iree, IREE's run of it; the stages after import
                    (legalized, lowered, final) compute the same bit for bit; and every
                    op run alone on TFLite's own inputs matches it (layers.py)
  PASS (per layer)  [3, or 0 with --per-layer-ok] every op matches per layer and the
                    stages agree, but some final output differs from TFLite's end to
                    end, and only outputs that a fallback or unlowered op feeds
                    (`within N steps`): a one-step difference of such an op grows
                    through later ops
  FAIL              [1] anything else: an integer-path output not bit-exact, a float
                    output beyond its tolerance, an op that misses its per-layer bound,
                    stages that disagree, or a stage that cannot run
  NOT COMPARED      [4] TFLite cannot load the model (a custom op only its own runtime
                    registers): our stages ran and agree, but nothing says they compute
                    what TFLite would; `"reference": "none"` (stages that disagree: FAIL;
                    IREE's outputs are then held to the final stage's, floats to the floor)

The first op whose end-to-end value (layers.py: every op on our own results from
the same inputs) is beyond its tolerance is named: `op 12 MUL at "name"`.

Inputs are seeded random values: over the whole storage range for quantized
inputs (from the zero point up for an RSQRT's, which TFLite refuses below it);
over what a leading QUANTIZE can represent, plus a little to exercise
saturation, for float inputs; small non-negative values for plain integers
(indices, counts, loop bounds). `--samples N` checks N input sets (seeds seed ..
seed+N-1) and keeps each figure's worst, with the sample it comes from.
`--inputs` gives any others from an .npz file.
"""
from __future__ import annotations

import faulthandler
import multiprocessing
from dataclasses import dataclass, field

import numpy as np

from legalize.strings import from_buffers, to_buffers
from tfl2quant.dialects.quant.types import UniformQuantizedType, quantized_element_type
from tfl2quant.errors import Tfl2QuantError
from tfl2quant.ir.attributes import DenseStringElementsAttr
from tfl2quant.ir.core import Operation, Value
from tfl2quant.ir.types import element_type, numpy_dtype
from tfl2quant.passes import Rounding
from tfl2quant.pipeline import convert

from . import interpreter
from .compare import OutputComparison, compare, spread_of, weakest
from .executor import Executor, ExecutorOptions
from .layers import LayerComparison, evaluate_layers, operators, prepare_layers
from .reference import NONE, OPTIMIZED, REFERENCE, open_reference

CHECKED_STAGES = ("legalized", "lowered", "final")
PASS, PASS_PER_LAYER, FAIL, NOT_COMPARED = "PASS", "PASS (per layer)", "FAIL", "NOT COMPARED"
POSITIVE_ONLY = {"tfl.rsqrt"}  # elementwise.cc: quantized RSQRT refuses inputs below the zero point


@dataclass
class CheckResult:
    model: str
    verdict: str                                         # PASS, PASS (per layer), FAIL, NOT COMPARED
    outputs: list[OutputComparison]                      # final stage
    ops: dict[str, int]
    stages: dict[str, list[OutputComparison]] = field(default_factory=dict)
    layers: list[LayerComparison] = field(default_factory=list)
    records: list = field(default_factory=list)
    stages_agree: bool = True
    error: str | None = None
    reference: str = REFERENCE             # the TFLite op resolver compared with (NONE: TFLite cannot load it)
    reference_why: str | None = None       # why it is not BUILTIN_REF
    first_divergence: LayerComparison | None = None  # first op beyond its tolerance, end to end
    first_difference: LayerComparison | None = None  # first integer result with any end-to-end difference
    samples: int = 1
    backend: str = "numpy"

    @property
    def passed(self) -> bool:
        return self.verdict == PASS

    @property
    def reference_label(self) -> str:
        return {REFERENCE: REFERENCE, NONE: NONE}.get(self.reference, "default")

    def largest_difference(self) -> OutputComparison | None:
        """The final output furthest from TFLite's (a failing one first)."""
        return max(self.outputs, key=lambda o: (not o.passed, o.max_abs_diff), default=None)

    def to_json(self) -> dict:
        first = self.first_divergence
        return {
            "model": self.model, "verdict": self.verdict, "passed": self.passed,
            "reference": self.reference_label, "resolver": self.reference,
            **({"reference_why": self.reference_why} if self.reference_why else {}),
            "backend": self.backend, "samples": self.samples,
            "outputs": [o.to_json() for o in self.outputs],
            "largest_difference": None if self.largest_difference() is None else
            {k: self.largest_difference().to_json()[k] for k in ("name", "max_abs_diff", "verdict", "sample")},
            "first_divergence": None if first is None else {"op": first.describe(), **first.to_json()},
            "first_difference": None if self.first_difference is None else
            {"op": self.first_difference.describe(), **self.first_difference.to_json()},
            "ops": self.ops,
            "stages_agree": self.stages_agree,
            "stages": {s: [o.to_json() for o in outs] for s, outs in self.stages.items()},
            "layers": [layer.to_json() for layer in self.layers],
            "records": [r.to_json() for r in self.records],
            **({"error": self.error} if self.error else {}),
        }


def check_model(path: str, inputs_file: str | None = None, seed: int = 0,
                rounding: Rounding = Rounding.HALF_AWAY_FROM_ZERO, input_shapes=None,
                samples: int = 1, backend: str = "numpy") -> CheckResult:
    """`input_shapes` pins the inputs' `?` dimensions (convert --input-shape); TFLite then runs
    at those shapes, and otherwise at the shapes the file gives (1 for a `?` batch).
    `samples`: input sets, seeds seed .. seed+samples-1 (one with `inputs_file`);
    `backend` "iree" also compiles the final IR with iree-compile and runs it."""
    if samples < 1:
        raise Tfl2QuantError(f"--samples must be at least 1, got {samples}")
    if inputs_file and samples > 1:
        raise Tfl2QuantError("--samples makes seeded inputs; --inputs gives one input set", inputs_file)
    captured: dict = {}

    def on_stage(stage: str, module: Operation) -> None:
        if stage == "tfl":  # our reader has accepted the file: now TFLite may load it
            chosen, reference = open_reference(path, module)
            shapes = [a.type.shape for a in next(iter(module.functions())).body.args]
            if reference is not None and input_shapes:
                interpreter.resize_inputs(reference, shapes)
            infos = interpreter.inputs_of(reference) if reference is not None else module_inputs(module)
            captured.update(reference=reference, chosen=chosen, infos=infos, cones=output_cones(module),
                            measure=chosen.resolver == REFERENCE and _computes_floats(module),
                            shapes=shapes if input_shapes else None)
            captured["inputs"] = ([load_inputs(inputs_file, infos)] if inputs_file else
                                  [make_inputs(module, infos, seed + s) for s in range(samples)])
            return
        try:  # one executor per stage over the samples, as TFLite's one interpreter keeps its variables
            executor = Executor(module, ExecutorOptions(rounding=rounding))
            captured[stage] = [executor.run(x, entry_function(module)) for x in captured["inputs"]]
        except Tfl2QuantError as e:
            captured.setdefault("error", f"stage '{stage}': {e}")

    conversion = convert(path, "final", rounding=rounding, on_stage=on_stage, input_shapes=input_shapes)
    reference, inputs, chosen = captured["reference"], captured["inputs"], captured["chosen"]
    entry = entry_function(conversion.module)
    runs = {s: captured[s] for s in CHECKED_STAGES if s in captured}
    if backend == "iree" and "error" not in captured:
        _run_iree(conversion.module, inputs, entry, runs, captured)
    records = conversion.report.records
    agree = _stages_agree([[r for sample in runs[s] for r in sample] for s in CHECKED_STAGES if s in runs])
    common = dict(ops=conversion.report.counts(), records=records, stages_agree=agree, error=captured.get("error"),
                  reference=chosen.resolver, reference_why=chosen.why, samples=len(inputs), backend=backend)
    if reference is None:
        if "iree" in runs and "final" in runs:  # no TFLite: IREE is held to our final stage instead
            common["stages_agree"] = agree = agree and all(
                compare("", theirs, ours, "float").passed
                for a, b in zip(runs["iree"], runs["final"]) for theirs, ours in zip(a, b))
        verdict = FAIL if common["error"] or not agree else NOT_COMPARED
        return CheckResult(path, verdict, [], **common)

    paths_by_index = {r.index: r.path for r in records if r.function == entry}
    depends = [weakest({paths_by_index[k] for k in cone}) for cone in captured["cones"]]
    names = [o.name for o in interpreter.outputs_of(reference)]
    stages: dict[str, list[OutputComparison]] = {}
    layer_runs, divergences, differences = [], [], []
    prepared = None if common["error"] else prepare_layers(_fresh_entry(path, input_shapes), rounding)
    for x in inputs:
        _check_inputs(x, captured["infos"])
    other = _other_kernels(path, captured["shapes"], inputs) if captured["measure"] else None
    for s, x in enumerate(inputs):
        expected = interpreter.run(reference, x)
        tensors = all_tensors(reference)
        spread_out, spread_tensors = _spread(other[s] if other else None, expected, tensors)
        for stage, results in runs.items():
            row = [compare(name, ours, ref, dep, spread=spr) for name, ours, ref, dep, spr
                   in zip(names, results[s], expected, depends, spread_out)]
            for o in row:
                o.sample = s
            stages[stage] = _worst(stages.get(stage), row)
        if prepared is not None:
            layers = evaluate_layers(*prepared, tensors, rounding, spread_tensors, s)
            layer_runs.append(layers)
            divergences += [next((layer for layer in layers if layer.diverges), None)]
            differences += [next((layer for layer in layers if layer.chained_max_abs_diff
                                  and layer.dtype is not None and layer.dtype[0] in "iu"), None)]
    layers = [max(same, key=lambda c: (not c.passed, c.diverges, _finite(c.max_abs_diff),
                                       _finite(c.chained_max_abs_diff))) for same in zip(*layer_runs)]
    first = min((d for d in divergences if d is not None), key=lambda d: d.index, default=None)
    differs = min((d for d in differences if d is not None), key=lambda d: d.index, default=None)
    verdict = _verdict(common["error"], agree, [o for outs in stages.values() for o in outs], layers)
    return CheckResult(path, verdict, stages.get("final", []), stages=stages, layers=layers,
                       first_divergence=first, first_difference=differs, **common)


def _verdict(error, agree: bool, outputs: list[OutputComparison], layers: list[LayerComparison]) -> str:
    if error or not agree or not all(layer.passed for layer in layers):
        return FAIL
    if all(o.passed for o in outputs):
        return PASS
    if all(o.passed or o.depends_on in ("fallback", "unlowered") and o.max_abs_diff != float("inf")
           for o in outputs):
        return PASS_PER_LAYER
    return FAIL


def _worst(kept: list[OutputComparison] | None, row: list[OutputComparison]) -> list[OutputComparison]:
    if kept is None:
        return row
    return [max((a, b), key=lambda o: (not o.passed, _finite(o.max_abs_diff))) for a, b in zip(kept, row)]


def _finite(x) -> float:
    return -1.0 if x is None or x != x else x


def _computes_floats(module: Operation) -> bool:
    """Whether an operator of the entry function has a float or complex result (only those
    need the spread of TFLite's kernel sets)."""
    main = next(iter(module.functions()))
    for op in operators(main):
        for r in op.results:
            try:
                if numpy_dtype(element_type(r.type)).kind in "fc":
                    return True
            except (TypeError, KeyError):
                continue
    return False


def _other_kernels(path: str, shapes, inputs) -> list | None:
    """TFLite's optimized kernels on the same model and inputs: per input set, the outputs and the
    float tensors. They run in a child process: they crash (SIGSEGV) on some models the reference
    kernels run, and a crash there only means no spread was measured (None)."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_quiet_child, args=(path, shapes, inputs, send))
    child.start()
    send.close()
    try:
        runs = receive.recv()
    except EOFError:
        runs = None
    child.join()
    return runs if child.exitcode == 0 else None


def _quiet_child(*args) -> None:
    """A crash in the child is an expected outcome, not a report: no fault handler's dump
    (pytest enables one, and the forked child inherits it)."""
    faulthandler.disable()
    _run_other_kernels(*args)


def _run_other_kernels(path: str, shapes, inputs, send) -> None:
    try:
        other = interpreter.load(path, True, OPTIMIZED)
        if shapes:
            interpreter.resize_inputs(other, shapes)
        runs = []
        for x in inputs:
            outputs = interpreter.run(other, x)
            runs.append((outputs, {k: v for k, v in all_tensors(other).items() if v.dtype.kind in "fc"}))
        send.send(runs)
    except Exception:  # noqa: BLE001  (any failure: no spread, and never a traceback from the child)
        send.send(None)
    finally:
        send.close()


def _spread(other, expected, tensors) -> tuple[list, dict[int, float]]:
    """|BUILTIN_REF - optimized| per float output and per float tensor, on one input set."""
    if other is None:
        return [None] * len(expected), {}
    theirs, other_tensors = other
    per_tensor = {}
    for k, ref in tensors.items():
        if ref.dtype.kind in "fc" and k in other_tensors:
            s = spread_of(other_tensors[k], ref)
            if s is not None:
                per_tensor[k] = s
    return [spread_of(a, b) for a, b in zip(theirs, expected)], per_tensor


def _run_iree(module: Operation, inputs, entry: str, runs: dict, captured: dict) -> None:
    from tfl2quant.ir.printer import print_module

    from . import iree_backend
    try:
        vmfb = iree_backend.compile_mlir(print_module(module))
        func = module.lookup(entry)  # strings pass as their buffers (legalize/strings.py)
        runs["iree"] = [from_buffers(func, iree_backend.run_vmfb(vmfb, to_buffers(func, x), entry)) for x in inputs]
    except Tfl2QuantError as e:
        captured.setdefault("error", f"stage 'iree': {e}")


def module_inputs(module: Operation) -> list[interpreter.TensorInfo]:
    """The entry function's arguments as TFLite would describe them (when TFLite cannot load the
    model): storage containers, a `?` dimension as 1."""
    args = next(iter(module.functions())).body.args
    return [interpreter.TensorInfo(f"input {k}", k, numpy_dtype(element_type(a.type)),
                                   tuple(1 if d is None else int(d) for d in getattr(a.type, "shape", ())))
            for k, a in enumerate(args)]


def _stages_agree(results: list[list[np.ndarray]]) -> bool:
    return all(len(r) == len(results[0]) and all(np.array_equal(a, b, equal_nan=a.dtype.kind == "f")
                                                  for a, b in zip(r, results[0])) for r in results)


def _fresh_entry(path: str, input_shapes=None):
    from tfl2quant.importer.model import import_model
    module = import_model(path, input_shapes)
    return next(iter(module.functions()))


def entry_function(module: Operation) -> str:
    """Subgraph 0's function: the one TFLite's default signature runs."""
    return next(iter(module.functions())).sym_name


def all_tensors(reference) -> dict[int, np.ndarray]:
    """Every tensor of subgraph 0 the interpreter kept (preserve_all_tensors)."""
    out = {}
    for detail in reference.get_tensor_details():
        try:
            out[detail["index"]] = np.array(reference.get_tensor(detail["index"]))
        except ValueError:  # a tensor without data (e.g. an unused optional one)
            continue
    return out


def output_cones(module: Operation) -> list[set[int]]:
    """For each output of the entry function, the indices of the TFLite operators it depends on."""
    main = next(iter(module.functions()))
    index = {op: k for k, op in enumerate(operators(main))}
    cones = []
    for v in main.body.terminator.operands:
        seen, stack = set(), [v]
        while stack:
            op = stack.pop().owner_op
            if op is None or op in seen:
                continue
            seen.add(op)
            stack.extend(op.operands)
        cones.append({index[op] for op in seen if op in index})
    return cones


def make_inputs(module: Operation, infos: list[interpreter.TensorInfo], seed: int) -> list[np.ndarray]:
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


def load_inputs(npz_path: str, infos: list[interpreter.TensorInfo]) -> list[np.ndarray]:
    """Inputs from an .npz: keyed by TFLite input name, or positionally (arr_0, arr_1...)."""
    try:
        data = np.load(npz_path)
    except FileNotFoundError:
        raise Tfl2QuantError("no such file", npz_path) from None
    except (OSError, ValueError, EOFError):
        raise Tfl2QuantError("not a numpy .npz file", npz_path) from None
    keys = list(data.keys())
    out = []
    for k, info in enumerate(infos):
        key = info.name if info.name in data else (keys[k] if k < len(keys) else None)
        if key is None:
            raise Tfl2QuantError(f"no array for input {k} '{info.name}' (arrays: {', '.join(keys)})", npz_path)
        out.append(np.asarray(data[key]))
    _check_inputs(out, infos, npz_path)
    return out


def _check_inputs(arrays, infos, where: str | None = None) -> None:
    for x, info in zip(arrays, infos):
        strings = info.dtype.kind in "SO" and x.dtype.kind in "SO"  # bytes objects or a fixed-width array
        if x.shape != info.shape or x.dtype != info.dtype and not strings:
            raise Tfl2QuantError(
                f"input '{info.name}' must be {info.dtype}{list(info.shape)}, got {x.dtype}{list(x.shape)}", where)
