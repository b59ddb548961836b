"""`tfl2quant check`: run every stage of the conversion and TFLite on the same inputs.

Verdicts (CheckResult.verdict; the exit code of `tfl2quant check` in brackets):

  PASS                [0] every final output equals TFLite's: bit for bit where integer
                      (`exact`; within --max-steps if set), within its float tolerance
                      where float (`float within tol`, tolerance.py), for the final stage
                      and, with --backend iree, IREE's run of it; the stages after import
                      (legalized, lowered, final) compute the same bit for bit; and every op
                      run alone on TFLite's own inputs matches it (layers.py)
  PASS (per layer)    [3, or 0 with --per-layer-ok] every op matches per layer and the
                      stages agree, but a final output that a fallback or unlowered op feeds
                      differs end to end (`within N steps`): a one-step difference of such
                      an op grows through later ops
  PASS (float noise)  [5, or 0 with --per-layer-ok] every op matches per layer and the stages
                      agree, but a float output is beyond its tolerance while within TFLite's
                      own spread on it (`float noise`: no further from BUILTIN_REF than
                      TFLite's kernel sets are from each other on the same inputs): float
                      rounding accumulated over many ops, not a wrong op. An output whose
                      tolerance the user set is judged by it alone
  FAIL                [1] anything else: an op that misses its per-layer bound, an output
                      beyond every bound, stages that disagree, or a stage that cannot run
  NOT COMPARED        [4] TFLite cannot load the model (a custom op only its own runtime
                      registers): our stages ran and agree, but nothing says they compute
                      what TFLite would; `"reference": "none"` (stages that disagree: FAIL;
                      IREE's outputs are then held to the final stage's, floats to the floor)

Each op is judged by the kernels reference.py chooses (BUILTIN_REF where it has a right
kernel), and TFLite runs the model in parts when they differ (partition.py). TFLite's other
kernel sets run on the same inputs (kernel_sets.py): the optimized kernels, whose float
tensors measure each tensor's spread, and the default resolver with XNNPACK, what users
deploy, reported apart (`deployed`). The first op whose end-to-end value (layers.py: every
op on our own results from the same inputs) is beyond its tolerance is named: `op 12 MUL`.
Inputs: inputs.py; `--samples N` checks N input sets and keeps each figure's worst.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

import numpy as np

from legalize.string_buffer import from_buffers, to_buffers
from tfl2quant.errors import Tfl2QuantError
from tfl2quant.ir.core import Operation
from tfl2quant.ir.types import element_type, numpy_dtype
from tfl2quant.passes import Rounding
from tfl2quant.pipeline import convert

from ..executor import Executor, ExecutorOptions
from . import kernel_sets, reference
from .compare import OutputComparison, compare, spread_of, weakest
from .inputs import check_inputs, load_inputs, make_inputs, module_inputs, signature_names
from .layers import LayerComparison, evaluate_layers, operators, prepare_layers
from .partition import OPTIMIZED, XNNPACK, Parts
from .tolerance import Tolerances
from .verdict import EXIT_CODES, FAIL, NOT_COMPARED, PASS, verdict_from

CHECKED_STAGES = ("legalized", "lowered", "final")


@dataclass
class CheckResult:
    model: str
    verdict: str                                         # PASS, PASS (per layer), PASS (float noise), ...
    outputs: list[OutputComparison]                      # final stage
    ops: dict[str, int]
    stages: dict[str, list[OutputComparison]] = field(default_factory=dict)
    layers: list[LayerComparison] = field(default_factory=list)
    records: list = field(default_factory=list)
    stages_agree: bool = True
    error: str | None = None
    reference: str = "BUILTIN_REF"         # the kernels that judged: BUILTIN_REF, `BUILTIN_REF + optimized`, none
    reference_why: str | None = None       # why some op is not judged by BUILTIN_REF
    kernels: dict[str, int] = field(default_factory=dict)  # ops judged by each kernel set
    first_divergence: LayerComparison | None = None  # first op beyond its tolerance, end to end
    first_difference: LayerComparison | None = None  # first integer result with any end-to-end difference
    samples: int = 1
    backend: str = "numpy"
    tolerances: Tolerances = field(default_factory=Tolerances)
    deployed: list[kernel_sets.Deployed] = field(default_factory=list)
    deployed_error: str | None = None      # why the default resolver (XNNPACK) did not run
    signature: str | None = None           # a multi-signature model: the key(s) this part checks
    signatures: list["CheckResult"] = field(default_factory=list)  # a multi-signature model: each one's check
    decode: object | None = None           # a generative model: the decode loop (decode.DecodeLoop)
    tflite: object | None = field(default=None, repr=False)   # TFLite's runs (partition.Parts): the decode loop's
    module: object | None = field(default=None, repr=False)   # the final module (the decode loop runs it)

    @property
    def passed(self) -> bool:
        return self.verdict == PASS

    @property
    def exit_code(self) -> int:
        """What `tfl2quant check` exits with (without --per-layer-ok)."""
        return EXIT_CODES.get(self.verdict, 1)

    def __str__(self) -> str:
        """The table `tfl2quant check` prints."""
        from .table import format_check
        return format_check(self)

    def largest_difference(self) -> OutputComparison | None:
        """The final output furthest from TFLite's (a failing one first)."""
        return max(self.outputs, key=lambda o: (not o.passed, o.max_abs_diff), default=None)

    def to_json(self) -> dict:
        worst, first, differs = self.largest_difference(), self.first_divergence, self.first_difference
        return {
            "model": self.model, "verdict": self.verdict, "passed": self.passed,
            "reference": self.reference, "kernels": self.kernels,
            **({"reference_why": self.reference_why} if self.reference_why else {}),
            "backend": self.backend, "samples": self.samples, "tolerances": self.tolerances.to_json(),
            "outputs": [o.to_json() for o in self.outputs],
            "largest_difference": None if worst is None else
            {k: worst.to_json()[k] for k in ("name", "max_abs_diff", "verdict", "sample")},
            "first_divergence": None if first is None else {"op": first.describe(), **first.to_json()},
            "first_difference": None if differs is None else {"op": differs.describe(), **differs.to_json()},
            "deployed": {"resolver": "default (optimized kernels and XNNPACK)", "error": self.deployed_error,
                         "outputs": [d.to_json() for d in self.deployed]},
            "ops": self.ops,
            "stages_agree": self.stages_agree,
            "stages": {s: [o.to_json() for o in outs] for s, outs in self.stages.items()},
            "layers": [layer.to_json() for layer in self.layers],
            "records": [r.to_json() for r in self.records],
            **({"error": self.error} if self.error else {}),
            **({"signature": self.signature} if self.signature else {}),
            **({"signatures": [_signature_json(s) for s in self.signatures]} if self.signatures else {}),
            **({"decode": self.decode.to_json()} if self.decode is not None else {}),
        }


def _signature_json(result: CheckResult) -> dict:
    """One signature's check, as a model's JSON without what every signature shares."""
    out = result.to_json()
    for shared in ("model", "records", "backend", "samples", "tolerances"):
        out.pop(shared, None)
    return out


def check_model(path: str, inputs_file: str | None = None, seed: int = 0,
                rounding: Rounding = Rounding.HALF_AWAY_FROM_ZERO, input_shapes=None,
                samples: int = 1, backend: str = "numpy", tolerances: Tolerances = Tolerances(),
                progress: Optional[Callable[[str], None]] = None, decode_steps: int = 4) -> CheckResult:
    """Check the model: its subgraph 0 (the default signature), or, when its SignatureDefs name
    several subgraphs, every signature and, for a generative model, a decode loop of
    `decode_steps` steps (signatures.py, decode.py). Arguments as check_subgraph0's."""
    from . import signatures as sigs

    found = sigs.read_signatures(path)
    if len(found) < 2:
        result = check_subgraph0(path, inputs_file, seed, rounding, input_shapes, samples, backend, tolerances,
                                 progress)
        result.tflite = result.module = None  # only the decode loop runs them again
        return result
    return _check_signatures(path, found, inputs_file, seed, rounding, input_shapes, samples, backend,
                             tolerances, progress, decode_steps)


def _check_signatures(path, found, inputs_file, seed, rounding, input_shapes, samples, backend, tolerances,
                      progress, decode_steps) -> CheckResult:
    from . import decode as decode_loop
    from . import signatures as sigs

    say = progress or (lambda _: None)
    names = {n for s in found for n in [*(n for n, *_ in s.outputs), *s.tensor_names_out]}
    unknown = [n for n in tolerances.outputs if n not in names]
    if unknown:
        shown = ", ".join(f"{s.key}: " + ", ".join(repr(n) for n, *_ in s.outputs) for s in found)
        raise Tfl2QuantError(f"--atol/--rtol name {', '.join(map(repr, unknown))}, which is not an output of any "
                             f"signature (the model's outputs: {shown})", path)
    results: list[CheckResult] = []
    copies: dict[int, str] = {}
    with sigs.tempdir() as tmp:
        given = sigs.split_inputs(inputs_file, found, tmp) if inputs_file else {}
        for s in found:
            copies[s.subgraph] = path if s.subgraph == 0 else sigs.temporary_copy(
                sigs.subgraph_first(path, s.subgraph), tmp, s.subgraph, path)
            outputs = {n for n, *_ in s.outputs} | set(s.tensor_names_out)
            own = Tolerances(tolerances.atol, tolerances.rtol,
                             {n: t for n, t in tolerances.outputs.items() if n in outputs}, tolerances.max_steps)
            result = check_subgraph0(copies[s.subgraph], given.get(s.subgraph), seed, rounding, input_shapes,
                                     samples, backend, own, lambda m, s=s: say(f"signature {s.label}: {m}"))
            result.model, result.signature = path, s.label
            _signature_names(result, s)
            results.append(result)
        loop = None
        if decode_steps:
            say("decode loop")
            loop = decode_loop.run_loop(path, found, copies, results, decode_steps, seed, rounding, tolerances,
                                        lambda m: say(f"decode loop: {m}"))
        for r in results:  # TFLite's interpreters and the modules: no longer needed
            r.tflite = r.module = None
    verdicts = [r.verdict for r in results] + ([loop.verdict] if loop is not None and loop.verdict else [])
    first = results[0]
    prefixed = lambda outs, r: [_renamed(o, f"{r.signature}/{o.name}") for o in outs]  # noqa: E731
    stages = {}
    for r in results:
        for stage, outs in r.stages.items():
            stages.setdefault(stage, []).extend(prefixed(outs, r))
    worst_result = max(results, key=lambda r: sigs.RANK.get(r.verdict, sigs.RANK["FAIL"]))
    labels = []
    for r in results:
        labels += [x for x in r.reference.split(" + ") if x not in labels]
    kernels: dict[str, int] = {}
    for r in results:
        for k, n in r.kernels.items():
            kernels[k] = kernels.get(k, 0) + n
    errors = [f"signature {r.signature}: {r.error}" for r in results if r.error]
    return CheckResult(path, sigs.worst(verdicts), [o for r in results for o in prefixed(r.outputs, r)],
                       first.ops, stages=stages, layers=[], records=first.records,
                       stages_agree=all(r.stages_agree for r in results), error="; ".join(errors) or None,
                       reference=" + ".join(labels), reference_why=None, kernels=kernels,
                       first_divergence=worst_result.first_divergence, first_difference=worst_result.first_difference,
                       samples=first.samples, backend=first.backend, tolerances=tolerances,
                       deployed=[_renamed(d, f"{r.signature}/{d.name}") for r in results for d in r.deployed],
                       deployed_error=first.deployed_error,
                       signatures=results, decode=loop)


def _renamed(o, name: str):
    import dataclasses
    return dataclasses.replace(o, name=name)


def _signature_names(result: CheckResult, s) -> None:
    """Name the signature's outputs as the signature does (its runner's keys), not by tensor."""
    names = s.output_names()
    if len(names) != len(result.outputs) or None in names:
        return
    rename = dict(zip([o.name for o in result.outputs], names))
    for outs in [result.outputs, *result.stages.values()]:
        for o in outs:
            o.name = rename.get(o.name, o.name)
    for d in result.deployed:
        d.name = rename.get(d.name, d.name)


def check_subgraph0(path: str, inputs_file: str | None = None, seed: int = 0,
                    rounding: Rounding = Rounding.HALF_AWAY_FROM_ZERO, input_shapes=None,
                    samples: int = 1, backend: str = "numpy", tolerances: Tolerances = Tolerances(),
                    progress: Optional[Callable[[str], None]] = None) -> CheckResult:
    """The check of subgraph 0 (the model's default signature). `input_shapes` pins the
    inputs' `?` dimensions (convert --input-shape); TFLite then runs at those shapes, and
    otherwise at the shapes the file gives (1 for a `?` batch).
    `samples`: input sets, seeds seed .. seed+samples-1 (one with `inputs_file`);
    `backend` "iree" also compiles the final IR with iree-compile and runs it;
    `progress` is told what runs (a stage, TFLite, layer k of n)."""
    if samples < 1:
        raise Tfl2QuantError(f"--samples must be at least 1, got {samples}")
    if inputs_file and samples > 1:
        raise Tfl2QuantError("--samples makes seeded inputs; --inputs gives one input set", inputs_file)
    say = progress or (lambda _: None)
    captured: dict = {}

    def on_stage(stage: str, module: Operation) -> None:
        if stage == "tfl":  # our reader has accepted the file: now TFLite may load it
            say("choosing TFLite's kernels")
            _open_tflite(path, module, inputs_file, seed, samples, tolerances, input_shapes, captured)
            return
        say(f"stage {stage}")
        try:  # one executor per stage over the samples, as TFLite's one interpreter keeps its variables
            executor = Executor(module, ExecutorOptions(rounding=rounding))
            captured[stage] = [executor.run(x, entry_function(module)) for x in captured["inputs"]]
        except Tfl2QuantError as e:
            captured.setdefault("error", f"stage '{stage}': {e}")

    say("converting")
    conversion = convert(path, "final", rounding=rounding, on_stage=on_stage, input_shapes=input_shapes)
    parts, inputs, plan, tolerances = captured["parts"], captured["inputs"], captured["plan"], captured["tolerances"]
    entry = entry_function(conversion.module)
    runs = {s: captured[s] for s in CHECKED_STAGES if s in captured}
    if backend == "iree" and "error" not in captured:
        say("IREE")
        _run_iree(conversion.module, inputs, entry, runs, captured)
    records = conversion.report.records
    agree = _stages_agree([[r for sample in runs[s] for r in sample] for s in CHECKED_STAGES if s in runs])
    tflite = _run_tflite(parts, inputs, plan, say) if parts is not None else None
    parts = parts if tflite is not None else None
    common = dict(ops=conversion.report.counts(), records=records, stages_agree=agree, error=captured.get("error"),
                  reference=plan.label, reference_why=plan.why(), samples=len(inputs), backend=backend,
                  tolerances=tolerances, kernels=_kernel_counts(plan))
    if parts is None:
        if "iree" in runs and "final" in runs:  # no TFLite: IREE is held to our final stage instead
            common["stages_agree"] = agree = agree and all(
                compare("", theirs, ours, "float").passed
                for a, b in zip(runs["iree"], runs["final"]) for theirs, ours in zip(a, b))
        verdict = FAIL if common["error"] or not agree else NOT_COMPARED
        return CheckResult(path, verdict, [], **common)

    paths_by_index = {r.index: r.path for r in records if r.function == entry}
    depends = [weakest({paths_by_index[k] for k in cone}) for cone in captured["cones"]]
    names = [o.name for o in parts.outputs()]
    limits = [tolerances.limit(n) for n in names]
    prepared = None if common["error"] else prepare_layers(_fresh_entry(path, input_shapes), rounding,
                                                           lambda k, n: say(f"converting layer {k}/{n} alone"))
    say("TFLite's other kernels")
    others = kernel_sets.other_kernels(path, captured["shapes"], inputs, captured["floats"])
    stages: dict[str, list[OutputComparison]] = {}
    layer_runs, divergences, differences, deployed = [], [], [], None
    for s, (expected, tensors) in enumerate(tflite):
        optimized, xnnpack = others[OPTIMIZED][s], others[XNNPACK][s]
        sets = [expected, optimized.outputs, xnnpack.outputs]
        for stage, results in runs.items():
            row = [compare(name, ours, ref, dep, spread=_spread(optimized.outputs, ref, k), limit=limit,
                           tflite_spread=kernel_sets.largest_spread(sets, k))
                   for k, (name, ours, ref, dep, limit) in enumerate(zip(names, results[s], expected, depends, limits))]
            for o in row:
                o.sample = s
            stages[stage] = _worst(stages.get(stage), row)
        if "final" in runs:
            deployed = kernel_sets.worst_deployed(deployed, names, runs["final"][s], expected, optimized, xnnpack, s)
        if prepared is not None:
            layers = evaluate_layers(*prepared, tensors, rounding, kernel_sets.tensor_spread(optimized, tensors), s,
                                     progress=lambda k, n: say(f"layer {k}/{n}, input set {s + 1}/{len(inputs)}"))
            layer_runs.append(layers)
            divergences += [next((layer for layer in layers if layer.diverges), None)]
            differences += [next((layer for layer in layers if layer.chained_max_abs_diff
                                  and layer.dtype is not None and layer.dtype[0] in "iu"), None)]
    layers = [max(same, key=lambda c: (not c.passed, c.diverges, _finite(c.max_abs_diff),
                                       _finite(c.chained_max_abs_diff))) for same in zip(*layer_runs)]
    for layer in layers:
        judge = plan.judges[layer.index] if layer.index < len(plan.judges) else reference.REF_JUDGE
        layer.reference, layer.reference_why = judge.label, judge.why
    first = min((d for d in divergences if d is not None), key=lambda d: d.index, default=None)
    differs = min((d for d in differences if d is not None), key=lambda d: d.index, default=None)
    verdict = verdict_from(common["error"], agree, [o for outs in stages.values() for o in outs], layers)
    return CheckResult(path, verdict, stages.get("final", []), stages=stages, layers=layers,
                       first_divergence=first, first_difference=differs, deployed=deployed or [],
                       deployed_error=others[XNNPACK][0].error if inputs else None, tflite=parts,
                       module=conversion.module, **common)


def _run_tflite(parts: Parts, inputs, plan: reference.Plan, say) -> list | None:
    """TFLite's outputs and tensors per input set; None when its Eval refuses the model (its
    Prepare took it), which `plan` then says: nothing to compare with."""
    runs = []
    for s, x in enumerate(inputs):
        say(f"TFLite ({plan.label}), input set {s + 1}/{len(inputs)}")
        try:
            runs.append(parts.run(x))
        except Tfl2QuantError as e:
            plan.none_why = str(e).split("the TFLite interpreter failed: ", 1)[-1]
            return None
    return runs


def _open_tflite(path, module, inputs_file, seed, samples, tolerances, input_shapes, captured) -> None:
    """Read the names the user gave (output tolerances, the --inputs keys) against the model,
    then choose each op's kernels, load TFLite (in parts if they differ) and make or check
    the inputs: all before any stage runs."""
    captured["tolerances"] = tolerances.resolved(_output_names(module), signature_names(module, results=True), path)
    given = load_inputs(inputs_file, module_inputs(module), signature_names(module)) if inputs_file else None
    plan = reference.plan(path, module)
    shapes = [a.type.shape for a in next(iter(module.functions())).body.args] if input_shapes else None
    parts = None
    if plan.none_why is None:
        parts = Parts(path, plan.kernels(), plan.model, plan.rewritten is not None, shapes)
        if parts.uncut:  # a shared resource: the whole model on the weakest kernels
            weakest = parts.parts[0].resolver
            plan.judges = [j if j.resolver == weakest else reference.Judge(weakest, parts.uncut)
                           for j in plan.judges]
    infos = parts.inputs() if parts is not None else module_inputs(module)
    captured.update(parts=parts, plan=plan, infos=infos, cones=output_cones(module), shapes=shapes,
                    floats=_computes_floats(module))
    captured["inputs"] = [given] if given is not None else [make_inputs(module, infos, seed + s)
                                                             for s in range(samples)]
    for x in captured["inputs"]:
        check_inputs(x, infos, inputs_file)


def _output_names(module: Operation) -> list[str]:
    func = next(iter(module.functions()))
    entry = func.attributes.get("tf.entry_function")
    return str(entry.get("outputs").value).split(",") if entry is not None and entry.get("outputs") else []


def _kernel_counts(plan: reference.Plan) -> dict[str, int]:
    counts: dict[str, int] = {}
    for j in plan.judges:
        counts[j.label] = counts.get(j.label, 0) + 1
    return {} if plan.none_why else counts


def _spread(theirs: list[np.ndarray] | None, ref: np.ndarray, k: int) -> float | None:
    return None if theirs is None else spread_of(theirs[k], ref)


def _worst(kept: list[OutputComparison] | None, row: list[OutputComparison]) -> list[OutputComparison]:
    if kept is None:
        return row
    return [max((a, b), key=lambda o: (not o.passed and not o.noise, not o.passed, _finite(o.max_abs_diff)))
            for a, b in zip(kept, row)]


def _finite(x) -> float:
    return -1.0 if x is None or x != x else x


def _computes_floats(module: Operation) -> bool:
    """Whether an operator of the entry function has a float or complex result (only those
    need the spread of TFLite's kernel sets per tensor)."""
    main = next(iter(module.functions()))
    for op in operators(main):
        for r in op.results:
            try:
                if numpy_dtype(element_type(r.type)).kind in "fc":
                    return True
            except (TypeError, KeyError):
                continue
    return False


def _run_iree(module: Operation, inputs, entry: str, runs: dict, captured: dict) -> None:
    from tfl2quant.ir.printer import print_module

    from ..executor import iree_backend
    try:
        vmfb = iree_backend.compile_mlir(print_module(module))
        func = module.lookup(entry)  # strings pass as their buffers (legalize/string_buffer.py)
        runs["iree"] = [from_buffers(func, iree_backend.run_vmfb(vmfb, to_buffers(func, x), entry)) for x in inputs]
    except Tfl2QuantError as e:
        captured.setdefault("error", f"stage 'iree': {e}")


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
