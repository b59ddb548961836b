"""Which TFLite kernels a model is compared with, and why.

BUILTIN_REF, the reference kernels, is the ground truth. One kernel exists only among
the optimized ones: FULLY_CONNECTED with blockwise int4 weights (fully_connected.cc:
EvalBlockwise4Bit). The reference resolver never prepares that path and its
EvalHybridDense reads the blockwise tensor as if it had per-axis scales: it returns the
bias alone. A model with such an op is therefore compared with the optimized kernels
(BUILTIN_WITHOUT_DEFAULT_DELEGATES: no XNNPACK, which rejects zero block scales), and the
result says so.

EvalBlockwise4Bit also never applies the op's fused activation (XNNPACK's blockwise
kernel does). Our pattern applies it, so the model TFLite runs for comparison is a copy
with each such activation as an operator of its own after the FULLY_CONNECTED: every
original tensor keeps its index, and the op's output tensor holds the activated values.

BUILTIN_REF's int16 SUM reads the int16 buffers as bytes (reduce.cc:
QuantizedMeanOrSum<uint8_t>, legalize/reduction.py declines it for that reason): a
model with one is compared with the optimized kernels too, which compute it.

Some ops have no kernel in BUILTIN_REF at all (HASHTABLE and its friends, some op
versions): when BUILTIN_REF refuses to load the model for that, the optimized kernels
are the reference, and the result says which op. When no resolver loads it (a custom op
only its own runtime registers), there is no reference: `"reference": "none"`, and
check can only cross-check our own stages.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from tfl2quant.dialects.quant.types import UniformQuantizedSubChannelType, quantized_element_type
from tfl2quant.dialects.tfl import activation
from tfl2quant.errors import Tfl2QuantError
from tfl2quant.ir.core import Operation

from . import interpreter

REFERENCE = "BUILTIN_REF"
OPTIMIZED = "BUILTIN_WITHOUT_DEFAULT_DELEGATES"
ACTIVATION_OPS = {"RELU": "RELU", "RELU6": "RELU6", "RELU_N1_TO_1": "RELU_N1_TO_1"}


NONE = "none"


@dataclass(frozen=True)
class Reference:
    resolver: str                   # the OpResolverType TFLite runs with, or NONE
    why: Optional[str] = None       # why not BUILTIN_REF
    content: Optional[bytes] = None  # the model TFLite runs, when it is not the file itself

    @property
    def label(self) -> str:
        """What the JSON calls it: BUILTIN_REF, default (the optimized kernels) or none."""
        return {REFERENCE: REFERENCE, NONE: NONE}.get(self.resolver, "default")


def open_reference(path: str, module: Operation, preserve_all_tensors: bool = True):
    """The chosen Reference and its loaded interpreter (None when TFLite cannot load the model)."""
    chosen = choose(path, module)
    try:
        return chosen, interpreter.load(path, preserve_all_tensors, chosen.resolver, chosen.content)
    except Tfl2QuantError as e:
        refused = str(e)
    missing = None
    if "Didn't find op for " in refused:
        missing = refused.split("Didn't find op for ", 1)[1].split(".")[0]  # builtin opcode 'X' version 'N'
    elif "unresolved custom op: " in refused:  # the optimized resolver has a few custom ops more
        missing = "custom op " + refused.split("unresolved custom op: ", 1)[1].split(".")[0]
    if chosen.resolver == REFERENCE and missing:
        fallback = Reference(OPTIMIZED, f"BUILTIN_REF has no kernel for {missing}, so every op is compared "
                                        "with TFLite's optimized kernels")
        try:
            return fallback, interpreter.load(path, preserve_all_tensors, OPTIMIZED)
        except Tfl2QuantError as e:
            refused = str(e)
    return Reference(NONE, refused.split("cannot load the model: ", 1)[-1]), None


def choose(path: str, module: Operation) -> Reference:
    blockwise = [op for func in module.functions() for op in func.body.ops if _blockwise_hybrid(op)]
    if not blockwise:
        sums = [op for func in module.functions() for op in func.body.ops if _int16_sum(op)]
        if sums:
            return Reference(OPTIMIZED, f"{len(sums)} int16 SUM: BUILTIN_REF reads its int16 buffers as bytes "
                                        "(reduce.cc: QuantizedMeanOrSum<uint8_t>), so every op is compared with "
                                        "TFLite's optimized kernels")
        return Reference(REFERENCE)
    why = (f"{len(blockwise)} FULLY_CONNECTED with blockwise int4 weights: BUILTIN_REF has no kernel "
           f"for them (it returns the bias), so every op is compared with TFLite's optimized kernels")
    activated = [op for op in blockwise if activation(op) != "NONE"]
    if not activated:
        return Reference(OPTIMIZED, why)
    return Reference(OPTIMIZED, why + f"; the fused activation of {len(activated)} of them, which that kernel "
                     f"omits, runs as an op of its own", explicit_activations(path))


def _int16_sum(op: Operation) -> bool:
    q = quantized_element_type(op.operands[0].type) if op.name == "tfl.sum" and op.operands else None
    return q is not None and q.storage_width == 16


def _blockwise_hybrid(op: Operation) -> bool:
    if op.name != "tfl.fully_connected" or len(op.operands) < 2:
        return False
    x, w = op.operands[:2]
    return (quantized_element_type(x.type) is None and str(getattr(x.type, "element_type", "")) == "f32"
            and isinstance(quantized_element_type(w.type), UniformQuantizedSubChannelType))


def explicit_activations(path: str) -> bytes:
    """The model at `path` with the fused activation of every blockwise hybrid
    FULLY_CONNECTED moved into an op after it (the object API of LiteRT's schema)."""
    import flatbuffers
    from ai_edge_litert import schema_py_generated as schema

    with open(path, "rb") as f:
        model = schema.ModelT.InitFromPackedBuf(f.read(), 0)
    codes = {name: value for name, value in vars(schema.BuiltinOperator).items() if not name.startswith("_")}
    names = {v: k for k, v in vars(schema.ActivationFunctionType).items() if not k.startswith("_")}

    def opcode(name: str) -> int:
        for k, c in enumerate(model.operatorCodes):
            if max(c.builtinCode, c.deprecatedBuiltinCode) == codes[name]:
                return k
        c = schema.OperatorCodeT()
        c.builtinCode, c.deprecatedBuiltinCode, c.version = codes[name], min(codes[name], 127), 1
        model.operatorCodes.append(c)
        return len(model.operatorCodes) - 1

    for graph in model.subgraphs:
        ops = []
        for op in graph.operators:
            ops.append(op)
            code = model.operatorCodes[op.opcodeIndex]
            if max(code.builtinCode, code.deprecatedBuiltinCode) != codes["FULLY_CONNECTED"]:
                continue
            weights = graph.tensors[op.inputs[1]]
            q = weights.quantization
            if (graph.tensors[op.inputs[0]].type != schema.TensorType.FLOAT32 or q is None
                    or q.detailsType != schema.QuantizationDetails.BlockwiseQuantization):
                continue
            options = op.builtinOptions
            activation = "NONE" if options is None else names.get(options.fusedActivationFunction, "NONE")
            if activation == "NONE":
                continue
            out = graph.tensors[op.outputs[0]]
            raw = schema.TensorT()
            raw.shape, raw.type, raw.buffer = out.shape, out.type, 0
            raw.name = (out.name or b"") + b"/before_activation"
            graph.tensors.append(raw)
            after = schema.OperatorT()
            after.opcodeIndex = opcode(ACTIVATION_OPS[activation])
            after.inputs, after.outputs = [len(graph.tensors) - 1], [op.outputs[0]]
            op.outputs = [len(graph.tensors) - 1]
            op.builtinOptions.fusedActivationFunction = schema.ActivationFunctionType.NONE
            ops.append(after)
        graph.operators = ops
    builder = flatbuffers.Builder(1024)
    builder.Finish(model.Pack(builder), file_identifier=b"TFL3")
    return bytes(builder.Output())
