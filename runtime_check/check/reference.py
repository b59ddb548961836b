"""Which of TFLite's kernels judge each op, and why.

BUILTIN_REF, the reference kernels, judges every op it has a kernel for (for the op's
version and types) and computes rightly. An op it has no kernel for is judged by the
optimized kernels (BUILTIN_WITHOUT_DEFAULT_DELEGATES), and an op only the default
resolver runs (custom ops its XNNPACK delegate implements: MediaPipe's
Convolution2DTransposeBias, MaxPoolingWithArgmax2D, MaxUnpooling2D) by that resolver.
Every other op stays on BUILTIN_REF: TFLite runs the model in parts (partition.py).

Whether BUILTIN_REF has a kernel: the whole model loads with it, or, when it does not,
each kind of op (operator code, version, operand types) alone in a one-op copy of the
model loads with it, else with the optimized kernels, else with the default resolver.

Where BUILTIN_REF has a kernel that computes wrongly, KNOWN_WRONG names the kernel and the
condition, and such ops are judged by the optimized kernels. tests/check/test_check_reference.py
keeps each entry's evidence and fails when a LiteRT release fixes the kernel (then the row
goes).
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from typing import Callable, Optional

from tfl2quant.dialects.quant.types import UniformQuantizedSubChannelType, quantized_element_type
from tfl2quant.dialects.tfl import activation
from tfl2quant.errors import Tfl2QuantError
from tfl2quant.ir.core import Operation

from . import litert
from .layers import operators
from .partition import CONTROL_FLOW, OPTIMIZED, REFERENCE, XNNPACK, ints, op_name, part, read_model, schema

NONE = "none"
LABELS = {REFERENCE: "BUILTIN_REF", OPTIMIZED: "optimized", XNNPACK: "XNNPACK"}


def _blockwise_hybrid(op: Operation) -> bool:
    if op.name != "tfl.fully_connected" or len(op.operands) < 2:
        return False
    x, w = op.operands[:2]
    return (quantized_element_type(x.type) is None and str(getattr(x.type, "element_type", "")) == "f32"
            and isinstance(quantized_element_type(w.type), UniformQuantizedSubChannelType))


def _int16_sum(op: Operation) -> bool:
    q = quantized_element_type(op.operands[0].type) if op.name == "tfl.sum" and op.operands else None
    return q is not None and q.storage_width == 16


@dataclass(frozen=True)
class KnownWrong:
    what: str
    applies: Callable[[Operation], bool]   # on the imported op
    evidence: str                          # the kernel, and the condition it gets wrong


KNOWN_WRONG = [
    KnownWrong("FULLY_CONNECTED with blockwise int4 weights", _blockwise_hybrid,
               "fully_connected.cc: only the optimized kernels prepare EvalBlockwise4Bit; BUILTIN_REF's "
               "EvalHybridDense reads the blockwise scales as per-axis ones and returns the bias (zeros without one)"),
    KnownWrong("int16 SUM", _int16_sum,
               "reduce.cc: BUILTIN_REF runs QuantizedMeanOrSum<uint8_t> on the int16 buffers, reading them as bytes"),
]


def _int2_hybrid_conv(op: Operation) -> bool:
    if op.name not in ("tfl.conv_2d", "tfl.depthwise_conv_2d") or len(op.operands) < 2:
        return False
    q = quantized_element_type(op.operands[1].type)
    return quantized_element_type(op.operands[0].type) is None and q is not None and q.storage_width == 2


def _int2_blockwise_hybrid(op: Operation) -> bool:
    return _blockwise_hybrid(op) and quantized_element_type(op.operands[1].type).storage_width == 2


# Ops that no resolver computes rightly: nothing of TFLite's can judge a model holding one
# (tests/legalize/test_hybrid.py keeps the evidence and fails when a LiteRT release fixes the kernel).
WRONG_EVERYWHERE = [
    KnownWrong("CONV_2D with an int2 filter and float input", _int2_hybrid_conv,
               "conv.cc: is_hybrid covers uint8, int8 and int4 filters, so every resolver runs its float "
               "convolution on the packed int2 bytes read as float32"),
    KnownWrong("FULLY_CONNECTED with blockwise int2 weights", _int2_blockwise_hybrid,
               "fully_connected.cc: no blockwise int2 kernel; EvalHybridDense scales the products by the "
               "tensor's scale, 0, so every resolver returns the bias alone"),
]


@dataclass(frozen=True)
class Judge:
    resolver: str              # REFERENCE, OPTIMIZED or XNNPACK
    why: Optional[str] = None  # why not BUILTIN_REF

    @property
    def label(self) -> str:
        return LABELS[self.resolver]


REF_JUDGE = Judge(REFERENCE)


@dataclass
class Plan:
    judges: list[Judge] = field(default_factory=list)  # per operator of subgraph 0
    none_why: Optional[str] = None   # TFLite cannot run the model at all
    model: object = None             # the ModelT TFLite runs, when it is not the file as it is
    rewritten: Optional[list[str]] = None  # `model` differs from the file (an activation made an
                                           # op): the resolver of each of its operators
    probes: dict = field(default_factory=dict)  # the judge of each kind of op tried alone

    def kernels(self) -> list[str]:
        """The resolver of each operator of the model TFLite runs (`model` when rewritten)."""
        return self.rewritten if self.rewritten is not None else [j.resolver for j in self.judges]

    @property
    def label(self) -> str:
        """BUILTIN_REF, or the kernel sets that judge, `BUILTIN_REF + optimized`; none."""
        if self.none_why is not None:
            return NONE
        used = {j.resolver for j in self.judges} or {REFERENCE}
        return " + ".join(LABELS[r] for r in (REFERENCE, OPTIMIZED, XNNPACK) if r in used)

    def why(self) -> Optional[str]:
        """Each reason an op is not judged by BUILTIN_REF, once, with the ops it applies to."""
        if self.none_why:
            return self.none_why
        reasons: dict[tuple, list[int]] = {}
        for k, j in enumerate(self.judges):
            if j.why:
                reasons.setdefault((j.label, j.why), []).append(k)
        return "; ".join(f"{_ops(ks)} judged by {label}: {why}" for (label, why), ks in reasons.items()) or None


def _ops(indices: list[int]) -> str:
    shown = ", ".join(map(str, indices[:3]))
    more = f" and {len(indices) - 3} more" if len(indices) > 3 else ""
    return f"op{'s' if len(indices) > 1 else ''} {shown}{more}"


def plan(path: str, module: Operation) -> Plan:
    """Each op's judge (module: the imported model; its first function is subgraph 0)."""
    ops = operators(next(iter(module.functions())))
    judges = [REF_JUDGE] * len(ops)
    for k, op in enumerate(ops):
        for row in WRONG_EVERYWHERE:
            if row.applies(op):
                return Plan(judges, none_why=f"every TFLite resolver computes op {k} {op.name[4:].upper()} wrongly "
                                             f"({row.what}; {row.evidence})")
    for k, op in enumerate(ops):
        for row in KNOWN_WRONG:
            if row.applies(op):
                judges[k] = Judge(OPTIMIZED, f"{row.what}: {row.evidence}")
    result = Plan(judges)
    activated = [k for k, op in enumerate(ops) if _blockwise_hybrid(op) and activation(op) != "NONE"]
    if activated:
        result.model = read_model(path)
        for k in activated:
            judges[k] = Judge(OPTIMIZED, judges[k].why + "; its fused activation, which that kernel omits, "
                                                          "runs as an op of its own")
    refused = _refusal(path, REFERENCE)
    if refused is None:
        if activated:
            result.rewritten = explicit_activations(result.model, [j.resolver for j in judges])
        return result
    model = result.model = result.model or read_model(path)
    for k, j in enumerate(judges):
        if j.resolver == REFERENCE:
            judges[k] = _probe(model, k, result.probes)
    if activated:
        result.rewritten = explicit_activations(model, [j.resolver for j in judges])
    if all(j.resolver == REFERENCE for j in judges):  # no op of subgraph 0 to blame
        if _refusal("<subgraph 0>", REFERENCE, part(model, list(range(len(model.subgraphs[0].operators))))) is None:
            return result  # another subgraph's op: subgraph 0 runs alone (partition.Parts)
        for resolver in (OPTIMIZED, XNNPACK):
            if _refusal(path, resolver) is None:
                result.judges = [Judge(resolver, f"BUILTIN_REF cannot load the model: {refused}")] * len(ops)
                return result
        result.none_why = refused
    return result


def _refusal(path: str, resolver: str, content: bytes | None = None) -> Optional[str]:
    """None if TFLite loads the model with `resolver`, else its first line of complaint."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            litert.load(path, False, resolver, content)
        return None
    except Tfl2QuantError as e:
        return str(e).split("cannot load the model: ", 1)[-1]


def _probe(model, k: int, cache: dict) -> Judge:
    """The judge of operator k, from a copy of the model with only it (one per kind of op)."""
    g0 = model.subgraphs[0]
    op = g0.operators[k]
    name = op_name(model, op)
    key = (k,) if name in CONTROL_FLOW else (
        op.opcodeIndex, tuple(g0.tensors[t].type if t >= 0 else None for t in ints(op.inputs) + ints(op.outputs)))
    if key not in cache:
        cache[key] = _judge_alone(model, k, name)
    return cache[key]


def _judge_alone(model, k: int, name: str) -> Judge:
    content = part(model, [k])
    refused = _refusal("<one op>", REFERENCE, content)
    if refused is None:
        return REF_JUDGE
    missing = _missing_kernel(refused)
    why = f"BUILTIN_REF has no kernel for {missing}" if missing else f"BUILTIN_REF refuses it ({refused})"
    if _refusal("<one op>", OPTIMIZED, content) is None:
        return Judge(OPTIMIZED, why)
    if _refusal("<one op>", XNNPACK, content) is None:
        return Judge(XNNPACK, f"{why}; only the default resolver runs it (its XNNPACK delegate)")
    return REF_JUDGE  # nothing runs it alone: the model as a whole decides


def _missing_kernel(refused: str) -> Optional[str]:
    if "Didn't find op for " in refused:
        return refused.split("Didn't find op for ", 1)[1].split(".")[0]  # builtin opcode 'X' version 'N'
    if "unresolved custom op: " in refused:
        return "custom op " + refused.split("unresolved custom op: ", 1)[1].split(".")[0]
    return None


ACTIVATION_OPS = {"RELU": "RELU", "RELU6": "RELU6", "RELU_N1_TO_1": "RELU_N1_TO_1"}


def explicit_activations(model, resolvers: list[str]) -> list[str]:
    """Move the fused activation of every blockwise hybrid FULLY_CONNECTED of `model` (a ModelT,
    changed in place) into an op after it, run by the same kernels: EvalBlockwise4Bit never
    applies it (XNNPACK's blockwise kernel does, and our pattern does). Every tensor keeps its
    index; the op's output tensor holds the activated values. The resolvers of the new op list."""
    s = schema()
    codes = {name: value for name, value in vars(s.BuiltinOperator).items() if not name.startswith("_")}
    names = {v: k for k, v in vars(s.ActivationFunctionType).items() if not k.startswith("_")}

    def opcode(name: str) -> int:
        for k, c in enumerate(model.operatorCodes):
            if max(c.builtinCode, c.deprecatedBuiltinCode) == codes[name]:
                return k
        c = s.OperatorCodeT()
        c.builtinCode, c.deprecatedBuiltinCode, c.version = codes[name], min(codes[name], 127), 1
        model.operatorCodes.append(c)
        return len(model.operatorCodes) - 1

    graph = model.subgraphs[0]
    ops, out = [], []
    for op, resolver in zip(graph.operators, resolvers):
        ops.append(op)
        out.append(resolver)
        if op_name(model, op) != "FULLY_CONNECTED":
            continue
        q = graph.tensors[op.inputs[1]].quantization
        if (graph.tensors[op.inputs[0]].type != s.TensorType.FLOAT32 or q is None
                or q.detailsType != s.QuantizationDetails.BlockwiseQuantization):
            continue
        fused = "NONE" if op.builtinOptions is None else names.get(op.builtinOptions.fusedActivationFunction, "NONE")
        if fused == "NONE":
            continue
        result = graph.tensors[op.outputs[0]]
        raw = s.TensorT()
        raw.shape, raw.type, raw.buffer = result.shape, result.type, 0
        raw.name = (result.name or b"") + b"/before_activation"
        graph.tensors.append(raw)
        after = s.OperatorT()
        after.opcodeIndex = opcode(ACTIVATION_OPS[fused])
        after.inputs, after.outputs = [len(graph.tensors) - 1], [op.outputs[0]]
        op.outputs = [len(graph.tensors) - 1]
        op.builtinOptions.fusedActivationFunction = s.ActivationFunctionType.NONE
        ops.append(after)
        out.append(resolver)
    graph.operators = ops
    return out
