"""`tfl2quant check`: run every stage of the conversion and TFLite on the same inputs.

A model conforms when
  - every stage after import (legalized, lowered, final) computes the same
    outputs, bit for bit (our passes preserve meaning);
  - outputs fed only by integer-path ops equal TFLite's bit for bit (float
    models: within a relative 1e-5);
  - per layer (layers.py), every operator run alone on TFLite's own inputs
    matches TFLite: exactly on the integer path, within one step on the fallback.

Inputs are seeded random values: over the whole storage range for quantized
inputs; over what a leading QUANTIZE can represent, plus a little to exercise
saturation, for float inputs; small non-negative values for plain integers
(indices, counts, loop bounds). `--inputs` gives any others from an .npz file.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from tfl2quant.dialects.quant.types import UniformQuantizedType, quantized_element_type
from tfl2quant.errors import Tfl2QuantError
from tfl2quant.ir.core import Operation, Value
from tfl2quant.passes import Rounding
from tfl2quant.pipeline import convert

from . import interpreter
from .compare import OutputComparison, compare, weakest
from .executor import Executor, ExecutorOptions
from .layers import LayerComparison, check_layers, operators
from .reference import choose as choose_reference

CHECKED_STAGES = ("legalized", "lowered", "final")


@dataclass
class CheckResult:
    model: str
    passed: bool
    outputs: list[OutputComparison]                      # final stage
    ops: dict[str, int]
    stages: dict[str, list[OutputComparison]] = field(default_factory=dict)
    layers: list[LayerComparison] = field(default_factory=list)
    records: list = field(default_factory=list)
    stages_agree: bool = True
    error: str | None = None
    reference: str = "BUILTIN_REF"         # the TFLite op resolver compared with
    reference_why: str | None = None       # why it is not BUILTIN_REF

    def to_json(self) -> dict:
        return {
            "model": self.model, "passed": self.passed,
            "reference": self.reference, **({"reference_why": self.reference_why} if self.reference_why else {}),
            "outputs": [o.to_json() for o in self.outputs],
            "ops": self.ops,
            "stages_agree": self.stages_agree,
            "stages": {s: [o.to_json() for o in outs] for s, outs in self.stages.items()},
            "layers": [layer.to_json() for layer in self.layers],
            "records": [r.to_json() for r in self.records],
            **({"error": self.error} if self.error else {}),
        }


def check_model(path: str, inputs_file: str | None = None, seed: int = 0,
                rounding: Rounding = Rounding.HALF_AWAY_FROM_ZERO, input_shapes=None) -> CheckResult:
    """`input_shapes` pins the inputs' `?` dimensions (convert --input-shape); TFLite then runs
    at those shapes, and otherwise at the shapes the file gives (1 for a `?` batch)."""
    captured: dict = {}

    def on_stage(stage: str, module: Operation) -> None:
        if stage == "tfl":  # our reader has accepted the file: now TFLite may load it
            chosen = choose_reference(path, module)
            reference = interpreter.load(path, preserve_all_tensors=True, resolver=chosen.resolver,
                                         content=chosen.content)
            if input_shapes:
                interpreter.resize_inputs(reference, [a.type.shape for a in next(iter(module.functions())).body.args])
            infos = interpreter.inputs_of(reference)
            captured.update(reference=reference, chosen=chosen, infos=infos, cones=output_cones(module))
            captured["inputs"] = load_inputs(inputs_file, infos) if inputs_file else make_inputs(module, infos, seed)
            return
        try:
            executor = Executor(module, ExecutorOptions(rounding=rounding))
            captured[stage] = executor.run(captured["inputs"], entry_function(module))
        except Tfl2QuantError as e:
            captured.setdefault("error", f"stage '{stage}': {e}")

    conversion = convert(path, "final", rounding=rounding, on_stage=on_stage, input_shapes=input_shapes)
    reference, x = captured["reference"], captured["inputs"]
    _check_inputs(x, captured["infos"])
    expected = interpreter.run(reference, x)
    records = conversion.report.records
    entry = entry_function(conversion.module)
    paths_by_index = {r.index: r.path for r in records if r.function == entry}
    names = [o.name for o in interpreter.outputs_of(reference)]
    stages = {}
    for stage in CHECKED_STAGES:
        if stage in captured:
            stages[stage] = [compare(name, ours, ref, weakest({paths_by_index[k] for k in cone}))
                             for name, ours, ref, cone in zip(names, captured[stage], expected, captured["cones"])]
    agree = _stages_agree([captured[s] for s in CHECKED_STAGES if s in captured])
    layers = check_layers(_fresh_entry(path, input_shapes), all_tensors(reference), rounding) \
        if "error" not in captured else []
    error = captured.get("error")
    passed = (error is None and agree and all(o.passed for outs in stages.values() for o in outs)
              and all(layer.passed for layer in layers))
    chosen = captured["chosen"]
    return CheckResult(path, passed, stages.get("final", []), conversion.report.counts(), stages, layers, records,
                       agree, error, chosen.resolver, chosen.why)


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
        if info.dtype.kind in "iu" and quantized_element_type(arg.type) is not None:
            lo, hi = np.iinfo(info.dtype).min, np.iinfo(info.dtype).max
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
        else:
            raise Tfl2QuantError(f"cannot make random inputs of type {info.dtype} for input '{info.name}'")
    return out


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
        if x.shape != info.shape or x.dtype != info.dtype:
            raise Tfl2QuantError(
                f"input '{info.name}' must be {info.dtype}{list(info.shape)}, got {x.dtype}{list(x.shape)}", where)
