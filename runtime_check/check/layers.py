"""Per-layer check: every TFLite operator, converted alone, on TFLite's own inputs.

The interpreter keeps every intermediate tensor (`experimental_preserve_all_tensors`).
Each operator of the model's first subgraph is extracted into a one-op module
(its constants come along; its other operands become arguments), converted
through every stage, run on the tensors TFLite fed it, and compared with the
tensor TFLite produced. Errors of one op therefore cannot leak into the next,
so "a fallback op is within one step of TFLite" means exactly that.

TFLite's recurrent kernels write their new state into their state operands
(IN_PLACE_STATES): after invoke such a tensor holds the last state, not the value
its producer wrote. When an op produces one (a DEQUANTIZE of an fp16 initial state,
say), its result cannot be compared; the layers that read it get the value the
producer computed here, on TFLite's inputs.

The same one-op modules, run again each on our own results of the ops before it
(from the model's inputs), give our end-to-end value of every TFLite tensor: the
first op whose chained result is beyond its tolerance (integer: its per-layer
bound; float: max(spread, floor) of compare.py, the spread measured on that
tensor; an integer result computed from float operands: one step, since a float
within its tolerance may round to the neighbouring step) is where the end-to-end
outputs start to diverge.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field

import numpy as np

from tfl2quant.dialects.builtin import ModuleOp
from tfl2quant.dialects.func import FuncOp
from tfl2quant.dialects.tfl import CONSTANT_OPS
from tfl2quant.errors import Tfl2QuantError
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.core import Operation, clone
from tfl2quant.ir.types import FunctionType
from tfl2quant.passes import Rounding
from tfl2quant.pipeline import run_pipeline

from ..executor import Executor, ExecutorOptions
from .compare import compare, float_tolerance, weakest

LOCAL = CONSTANT_OPS | {"quantfork.stats"}  # copied into the one-op module with the op
IN_PLACE_STATES = {  # operands each kernel overwrites (kernels/lstm.cc, svdf.cc, basic_rnn.cc, ...)
    "tfl.lstm": (18, 19), "tfl.unidirectional_sequence_lstm": (18, 19),
    "tfl.bidirectional_sequence_lstm": (35, 36, 37, 38), "tfl.rnn": (4,),
    "tfl.unidirectional_sequence_rnn": (4,), "tfl.bidirectional_sequence_rnn": (4, 8), "tfl.svdf": (4,),
}


@dataclass
class LayerComparison:
    index: int
    name: str
    location: str
    path: str
    exact_fraction: float
    max_abs_diff: float
    tolerance: float
    passed: bool
    skipped: str | None = None   # why this op could not be checked alone
    # end to end (chained): this op's result when every op runs on our own results from the
    # model's inputs, against TFLite's tensor; float tolerance max(spread, floor) (compare.py)
    chained_max_abs_diff: float | None = None
    chained_tolerance: float | None = None
    spread: float | None = None  # |BUILTIN_REF - optimized kernels| on this tensor, end to end
    sample: int = 0              # the input set of these (worst) figures
    dtype: str | None = None     # TFLite's type of the result these figures are of
    reference: str = "BUILTIN_REF"   # the kernels that judged it (reference.py): BUILTIN_REF, optimized, XNNPACK
    reference_why: str | None = None  # why not BUILTIN_REF

    def to_json(self) -> dict:
        return asdict(self)

    @property
    def diverges(self) -> bool:
        """The chained result is beyond its tolerance."""
        return self.chained_max_abs_diff is not None and not self.chained_max_abs_diff <= self.chained_tolerance

    def describe(self) -> str:
        """`op 12 MUL at "loc"`: the TFLite operator, as a user reads it."""
        return f"op {self.index} {self.name.removeprefix('tfl.').upper()} at {self.location}"


@dataclass
class Layer:
    """One operator, converted alone once, run on any number of input sets."""
    position: int
    op: Operation
    where: str
    module: ModuleOp | None = None
    feeds: list[int] = field(default_factory=list)   # TFLite tensor indices of its arguments
    results: list[int | None] = field(default_factory=list)
    path: str = "unknown"
    float_sums: bool = False
    skipped: str | None = None


def operators(func: FuncOp) -> list[Operation]:
    return [op for op in func.body.ops if op.name.startswith("tfl.") and op.name not in LOCAL]


def prepare_layers(func: FuncOp, rounding: Rounding, progress=None) -> tuple[list[Layer], dict[int, tuple[int, str]]]:
    """Every operator of `func` (the imported subgraph 0) converted alone; and the tensors
    TFLite overwrites in place (index -> the position and name of the op that does)."""
    index_of = {v: k for k, v in func.tensor_values.items()}
    for v, k in list(index_of.items()):  # a tensor with min/max statistics: its value is the
        producer = v.owner_op            # quantfork.stats result; the op's own result is the same tensor
        if producer is not None and producer.name == "quantfork.stats":
            index_of.setdefault(producer.operands[0], k)
    ops = operators(func)
    overwritten = {index_of[op.operands[k]]: (position, op.name) for position, op in enumerate(ops)
                   for k in IN_PLACE_STATES.get(op.name, ()) if k < len(op.operands) and op.operands[k] in index_of}
    layers = []
    for position, op in enumerate(ops):
        if progress:
            progress(position + 1, len(ops))
        layer = Layer(position, op, op.location.describe(), results=[index_of.get(v) for v in op.results])
        try:
            layer.module, layer.feeds = _one_op_module(op, index_of)
            conversion = run_pipeline(layer.module, "final", rounding=rounding)
            records = conversion.report.records
            (record,) = [r for r in records if r.function == "main"]
            # a composite's path is the weakest of its decomposition's ops (the call itself is float)
            layer.path = weakest({r.path for r in records if r.function != "main"}) \
                if len(records) > 1 and record.name == "tfl.stablehlo_composite" else record.path
            # an integer rewrite whose float result is rounded otherwise than TFLite's (rule.py)
            layer.float_sums = record.path == "integer" and record.reason is not None
        except (Tfl2QuantError, KeyError, ValueError) as e:
            layer.module, layer.skipped = None, str(e)
        layers.append(layer)
    return layers, overwritten


def check_layers(func: FuncOp, tensors: dict[int, np.ndarray], rounding: Rounding) -> list[LayerComparison]:
    """`tensors`: every tensor TFLite computed, by index; `func` the imported subgraph 0."""
    layers, overwritten = prepare_layers(func, rounding)
    return evaluate_layers(layers, overwritten, tensors, rounding)


def evaluate_layers(layers: list[Layer], overwritten: dict, tensors: dict[int, np.ndarray], rounding: Rounding,
                    spread: dict[int, float] | None = None, sample: int = 0, progress=None) -> list[LayerComparison]:
    """Each layer on TFLite's own inputs (per layer), and chained on our own results (end to
    end). Where an op cannot run alone, the chain goes on from TFLite's values of its results.
    `progress(k, n)` is told each layer it starts."""
    spread = spread or {}
    ours = {}     # tensor index -> the value computed here, for tensors TFLite overwrites
    chained = {}  # tensor index -> the value the chain computed
    out = []
    for layer in layers:
        if progress:
            progress(layer.position + 1, len(layers))
        op, position, where = layer.op, layer.position, layer.where
        if layer.module is None:
            out.append(LayerComparison(position, op.name, where, "unknown", 0.0, float("nan"), 0.0, True,
                                       skipped=layer.skipped, sample=sample))
            continue
        options = ExecutorOptions(rounding=rounding)  # one executor per run: it keeps resource variables
        try:
            given = [ours[k] if k in ours else tensors[k] for k in layer.feeds]
            mine = [chained[k] if k in chained else tensors[k] for k in layer.feeds]
            results = Executor(layer.module, options).run(given)
            # the chain has so far computed TFLite's values (the common case): the same run
            same = all(a is b or a.shape == b.shape and a.dtype == b.dtype and
                       np.array_equal(a, b, equal_nan=a.dtype.kind in "fc")  # not on strings
                       for a, b in zip(given, mine))
            chain = results if same else Executor(layer.module, options).run(mine)
        except (Tfl2QuantError, KeyError, ValueError) as e:
            out.append(LayerComparison(position, op.name, where, layer.path, 0.0, float("nan"), 0.0, True,
                                       skipped=str(e), sample=sample))
            continue
        comparisons, chain_diffs = [], []
        for result, mine, k in zip(results, chain, layer.results):
            if k is None or k not in tensors:
                continue  # no tensor of TFLite's to compare with
            chained[k] = mine
            if k in overwritten:
                ours[k] = result
                continue
            c = compare(op.name, result, tensors[k], "float" if layer.float_sums else layer.path, per_layer=True)
            comparisons.append(c)
            ref = tensors[k]
            if ref.dtype.kind in "fc":
                tol = float_tolerance(ref, spread.get(k))
            elif any(tensors[f].dtype.kind in "fc" for f in layer.feeds if f in tensors):
                tol = max(c.tolerance or 0, 1)  # a float input within its tolerance may round to the next step
            else:
                tol = c.tolerance if c.tolerance is not None else 0
            diff = compare(op.name, mine, ref, layer.path).max_abs_diff
            chain_diffs.append((not diff <= tol, diff, tol, spread.get(k), str(ref.dtype)))
        if not comparisons:
            reader, name = overwritten.get(layer.results[0], (None, None))
            why = (f"op {reader} ({name}) writes its state into this result in place; TFLite keeps only the "
                   "last state" if reader is not None else "TFLite kept none of its results")
            out.append(LayerComparison(position, op.name, where, layer.path, 0.0, float("nan"), 0.0, True,
                                       skipped=why, sample=sample))
            continue
        worst = max(comparisons, key=lambda c: (not c.passed, c.max_abs_diff))
        _, diff, tol, spr, dtype = max(chain_diffs, key=lambda d: (d[0], d[1]))
        out.append(LayerComparison(position, op.name, where, layer.path, worst.exact_fraction,
                                   worst.max_abs_diff, worst.tolerance, worst.passed,
                                   chained_max_abs_diff=diff, chained_tolerance=tol, spread=spr, sample=sample,
                                   dtype=dtype))
    return out


def _one_op_module(op: Operation, index_of: dict) -> tuple[ModuleOp, list[int]]:
    """`op` alone in @main: constants cloned in, other operands as arguments (TFLite tensor indices).
    The functions it calls (a STABLEHLO_COMPOSITE's decomposition, and theirs) come along, so a
    composite is judged by running its decomposition on TFLite's inputs, as its kernel does."""
    if op.regions:
        raise Tfl2QuantError("control flow is checked only end to end")
    callees = _callees(op)
    feeds, arg_types, local = [], [], []
    for v in op.operands:
        producer = v.owner_op
        if producer is not None and producer.name in LOCAL and not _is_runtime_stats(producer):
            local.append(producer)
        elif v not in feeds:
            if v not in index_of:
                raise Tfl2QuantError(f"operand of {op.name} has no TFLite tensor")
            feeds.append(v)
            arg_types.append(v.type)
    module = ModuleOp.build()
    func = FuncOp.build("main", FunctionType(tuple(arg_types), op.result_types))
    module.body.append(func)
    for callee in callees:
        module.body.append(clone(callee, {}))
    mapping = dict(zip(feeds, func.body.args))
    b = Builder.at_end(func.body)
    for producer in _with_dependencies(local):
        b.insert(clone(producer, mapping))
    b.insert(clone(op, mapping))
    b.create("func.return", [mapping[r] for r in op.results])
    return module, [index_of[v] for v in feeds]


def _callees(op: Operation) -> list[Operation]:
    """The functions `op`'s symbol attributes name, and the ones those call, in the order found;
    a name that is no function of the module (or `main`, which the one-op module takes) is an
    error: the op cannot run alone."""
    from tfl2quant.ir.attributes import ArrayAttr, SymbolRefAttr

    scope = op.parent_op()
    while scope is not None and not hasattr(scope, "lookup"):
        scope = scope.parent_op()
    found: list[Operation] = []
    todo = [op]
    while todo:
        current = todo.pop()
        for inner in current.walk():
            refs = [a for value in inner.attributes.values()
                    for a in (value.value if isinstance(value, ArrayAttr) else (value,))]
            for attr in refs:
                if not isinstance(attr, SymbolRefAttr):
                    continue
                callee = None if scope is None else scope.lookup(attr.root)
                if callee is None or attr.root == "main":
                    raise Tfl2QuantError(f"{op.name} names @{attr.root}, which cannot come along alone")
                if callee not in found:
                    found.append(callee)
                    todo.append(callee)
    return found


def _is_runtime_stats(op: Operation) -> bool:
    """A stats op on a runtime value is not a constant: its operand comes from TFLite."""
    return op.name == "quantfork.stats" and (op.operands[0].owner_op is None
                                             or op.operands[0].owner_op.name not in CONSTANT_OPS)


def _with_dependencies(ops: list[Operation]) -> list[Operation]:
    ordered = []
    for op in ops:
        for v in op.operands:
            if v.owner_op is not None and v.owner_op not in ordered:
                ordered.append(v.owner_op)
        if op not in ordered:
            ordered.append(op)
    return ordered
