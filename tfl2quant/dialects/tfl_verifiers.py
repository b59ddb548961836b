"""Verifiers of `tfl.*` operators: what TFLite's kernels check in Prepare.

A model the TFLite interpreter refuses at `allocate_tensors` (a wrong operand
count, a filter of the wrong rank, a stride of 0, operands of two types, a
softmax output that is not quantized as the kernel needs, shapes that do not
broadcast, a result shape the kernel would not compute...) gets one line
naming the op and what is wrong, here, before any pattern reads the op; a
model it accepts verifies. `SPECS` at the bottom is the table: operand and
result counts, type rules (below), and the shape rules of tfl_shapes.py. Each
rule follows the kernel named in its docstring (LiteRT `tflite/kernels/<name>.cc`).
"""
from __future__ import annotations

from typing import Callable, Optional

from ..ir.core import Operation, Value
from ..ir.types import UNSIGNED, IntegerType, Type, element_type
from . import tfl_shapes as shapes
from ..records import dataclass
from .quant.types import QuantizedType, any_nonzero
from .tfl_shapes import option, present

# --- types as TFLite tells them apart ---------------------------------------------------------


def tflite_type(v: Value | Type) -> str:
    """The TfLiteType a value has: `i8` for int8 storage (quantized or not), `f32`..."""
    # quant.types' quantized_element_type inlined, imported once: ~9 calls per imported operator
    t = v.type if isinstance(v, Value) else v
    q = getattr(t, "element_type", t)
    if isinstance(q, QuantizedType):
        return f"{'i' if q.is_signed else 'u'}{q.storage_width}"
    e = element_type(t)
    if isinstance(e, IntegerType):
        return f"{'u' if e.signedness == UNSIGNED else 'i'}{e.width}"
    return str(e)


def quantization(v: Value):
    """The quantized element type of `v`, or None (quant.types' quantized_element_type)."""
    q = getattr(v.type, "element_type", v.type)
    return q if isinstance(q, QuantizedType) else None


def type_key(v: Value) -> str:
    """The type as TFLite's kernels tell types apart: `i8` and quantized `i8` differ."""
    return tflite_type(v) + (" (quantized)" if quantization(v) is not None else "")


NUMERIC = frozenset({"f32", "f16", "bf16", "f64", "i8", "u8", "i16", "i32", "i64", "u16", "u32", "i4"})
FLOATS = frozenset({"f32", "f16", "bf16", "f64"})
Q = " (quantized)"


def both(*checks: Callable[[Operation], None]) -> Callable[[Operation], None]:
    def check(op: Operation) -> None:
        for c in checks:
            c(op)
    return check


def float_or_quantized(op: Operation) -> None:
    """Kernels that compute on real values: float, or quantized integers (never plain ones)."""
    x = op.operands[0]
    if tflite_type(x) not in FLOATS and quantization(x) is None:
        raise op.error(f"operand 0 is {type_key(x)}; the kernel takes float or quantized tensors")


def float_weights_alike(input_: int, weights: tuple):
    """A float input takes weights (and bias) of its own type, or int8 ones (hybrid)."""
    def check(op: Operation) -> None:
        x = op.operands[input_]
        if tflite_type(x) not in FLOATS:
            return
        for k in weights:
            if k < len(op.operands) and present(op.operands[k]):
                w = op.operands[k]
                if type_key(w) != type_key(x) and quantization(w) is None:
                    raise op.error(f"operand {k} is {type_key(w)}; with a {type_key(x)} input the kernel "
                                   f"takes {type_key(x)} or quantized weights")
    return check


def boolean_result(op: Operation) -> None:
    if tflite_type(op.result) != "i1":
        raise op.error(f"result is {type_key(op.result)}; the kernel gives bool")


def integer_operands(*indices: int, kinds=("i32",)):
    def check(op: Operation) -> None:
        for k in indices:
            if k < len(op.operands) and tflite_type(op.operands[k]) not in kinds:
                raise op.error(f"operand {k} is {type_key(op.operands[k])}; the kernel takes {' or '.join(kinds)}")
    return check


def zero_points_zero(*values: str, when: str = "i16"):
    """The quantized values (operand indices, "r" for results) of storage `when` have zero
    point 0 (TFLite's int16 kernels are symmetric; int8/int16 filters too)."""
    def check(op: Operation) -> None:
        for key in values:
            for v in (op.results if key == "r" else op.operands[int(key):int(key) + 1]):
                q = quantization(v)
                if q is not None and tflite_type(v) == when and any_nonzero(q.zero_points_flat()):
                    raise op.error(f"{'result' if key == 'r' else 'operand ' + key} is {when} with a zero point "
                                   f"other than 0")
    return check


# --- per-kernel type rules ---------------------------------------------------------------------

WEIGHTS = {"f32": ("f32", "i8" + Q, "u8" + Q, "i4" + Q, "i2" + Q), "i8" + Q: ("i8" + Q, "i4" + Q, "i2" + Q),
           "u8" + Q: ("u8" + Q,), "i16" + Q: ("i8" + Q, "i16" + Q, "i4" + Q, "i2" + Q)}
HYBRID_DEPTHWISE = ("f32", "i8" + Q)  # depthwise_conv.cc: only int8 filters make a hybrid kernel
# int2 filters: fully_connected.cc unpacks them for every input type; conv.cc reads them for a
# float input only (as a float convolution of the packed bytes: legalize/families/conv/conv.py says why it
# declines); an int8 or int16 convolution would read the packed bytes as int8 values
INT2_FILTER_INPUTS = {"fc": ("f32", "i8" + Q, "i16" + Q), "conv": ("f32",), "depthwise": ()}


def weighted(kind: str):
    """The types CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED take (conv.cc,
    depthwise_conv.cc, fully_connected.cc): the weights of the input's type (int8, int4 or
    int2 for int16 and for hybrid float inputs; FC int4 and int2 weights with zero points
    0); the output of the input's (FC: an 8-bit input
    may also give int16); the bias float for float inputs, int32 for 8-bit ones, int64
    (or, for CONV_2D and FC, int32) for int16 ones; CONV_2D filter zero points 0 for
    int8/int16 inputs (FC and DEPTHWISE_CONV_2D do not check theirs)."""
    def check(op: Operation) -> None:
        x, w, y = (type_key(v) for v in (op.operands[0], op.operands[1], op.results[0]))
        base = tflite_type(op.operands[0])
        if x not in WEIGHTS:
            raise op.error(f"input is {x}; the kernel takes f32 or quantized i8, u8, i16")
        if (w not in WEIGHTS[x] or kind == "depthwise" and x == "f32" and w not in HYBRID_DEPTHWISE
                or w == "i2" + Q and x not in INT2_FILTER_INPUTS[kind]):
            raise op.error(f"weights are {w} for an input of {x}")
        if kind == "fc" and w in ("i4" + Q, "i2" + Q) and any_nonzero(quantization(op.operands[1]).zero_points_flat()):
            raise op.error(f"{w[:2]} weights must have zero points 0 (fully_connected.cc: VerifyQuantizationZeroPoint)")
        wq = quantization(op.operands[1])
        if wq is not None and kind != "fc" and len(shapes.shape_of(op, op.operands[1], "operand 1")) == 4:
            channels = op.operands[1].type.shape[0 if kind == "conv" else 3]
            count = len(wq.scales_flat())
            if count not in (1, channels):
                raise op.error(f"filter has {count} scales for {channels} output channels")
        if wq is not None and kind == "fc" and len(wq.scales_flat()) > 1 and getattr(wq, "quantized_dimension", 0):
            raise op.error("per-channel weights must be quantized along dimension 0 (the units)")
        outputs = {x} | ({"i16" + Q} if kind == "fc" and base in ("i8", "u8") else set())
        if y not in outputs:
            raise op.error(f"result is {y} for an input of {x}")
        if kind == "conv" and base in ("i8", "i16") and any_nonzero(quantization(op.operands[1]).zero_points_flat()):
            raise op.error(f"the filter of an {base} convolution must have zero points 0")
        if len(op.operands) > 2 and present(op.operands[2]):
            bias = _bias_key(op.operands[2])
            want = {"f32": ("f32",), "i8": ("i32" + Q,), "u8": ("i32" + Q,),
                    "i16": ("i64" + Q,) if kind == "depthwise" else ("i32" + Q, "i64" + Q)}[base]
            if bias not in want:
                raise op.error(f"bias is {bias}; an input of {x} takes {' or '.join(want)}")
        if kind == "fc":
            shuffled = option(op, "weights_format", "DEFAULT") != "DEFAULT"
            if shuffled != (len(op.results) == 2):
                raise op.error("shuffled weights give two results (the output and the input workspace), "
                               "others one")
    return check


def _bias_key(v: Value) -> str:
    """A bias's type; an int64 bias is quantized when its constant carries the parameters
    !quant.uniform cannot hold (the importer's `tfl.quantization` attribute). TFLite reads an
    integer bias without parameters as raw accumulator values; converters always write them,
    and the fallback needs them, so a quantized op without them is refused here."""
    producer = v.owner_op
    if tflite_type(v) == "i64" and producer is not None and "tfl.quantization" in producer.attributes:
        return "i64" + Q
    return type_key(v)


def _near(value: float, want: float) -> bool:
    return abs(value - want) < 0.001 * want


def softmax_types(log: bool):
    """activations.cc. SOFTMAX: int8/uint8 inputs may give int16; an int8 -> int8 output
    must be scale 1/256, zero point -128, an int16 -> int16 one 1/32768 and 0, and an
    int16 input has zero point 0. LOG_SOFTMAX takes float, int8 or uint8, keeps the type,
    and gives scale 16/256 with zero point 127 (int8) or 255 (uint8)."""
    def check(op: Operation) -> None:
        x, y = type_key(op.operands[0]), type_key(op.results[0])
        base, out = tflite_type(op.operands[0]), tflite_type(op.results[0])
        widen = not log and base in ("i8", "u8") and y == "i16" + Q
        if y != x and not widen:
            raise op.error(f"result is {y} for an input of {x}")
        if log and base not in ("f32", "i8", "u8"):
            raise op.error(f"LOG_SOFTMAX takes float32, int8 or uint8, got {x}")
        qx, q = quantization(op.operands[0]), quantization(op.results[0])
        if q is None:
            return
        if not hasattr(q, "scale") or not hasattr(qx, "scale"):
            raise op.error("input and output must be quantized per tensor")
        if base == "i16" and qx.zero_point:
            raise op.error("an int16 input must have zero point 0")
        want = ({"i8": (16 / 256, 127), "u8": (16 / 256, 255)} if log else
                {"i8": (1 / 256, -128), "i16": (1 / 32768, 0)} if base == out else {}).get(out)
        if want is not None and (not _near(q.scale, want[0]) or q.zero_point != want[1]):
            raise op.error(f"{out} output must be quantized with scale {want[0]} and zero point {want[1]}, "
                           f"got {q.scale} and {q.zero_point}")
    return check


def concatenation_types(op: Operation) -> None:
    """concatenation.cc: no fused activation; int8 inputs share the output's scale and zero
    point, int16 ones zero point 0; uint8 inputs are rescaled by the kernel."""
    if option(op, "fused_activation_function", "NONE") != "NONE":
        raise op.error("a fused activation on CONCATENATION (the kernel refuses it)")
    out = quantization(op.result)
    storage = tflite_type(op.result)
    if storage == "i16" and out is not None and any_nonzero(out.zero_points_flat()):
        raise op.error("an int16 result must have zero point 0")
    for k, v in enumerate(op.operands):
        q = quantization(v)
        if out is None or q is None:
            continue
        if storage == "i8" and (not hasattr(q, "scale") or not hasattr(out, "scale")):
            if q != out:
                raise op.error(f"int8 operand {k} is quantized unlike the output: the kernel copies stored values")
            continue
        if storage == "i16" and any_nonzero(q.zero_points_flat()):
            raise op.error(f"int16 operand {k} must have zero point 0")
        if storage == "i8" and (q.scale, q.zero_point) != (out.scale, out.zero_point):
            raise op.error(f"int8 operand {k} is quantized ({q.scale}, {q.zero_point}), the output "
                           f"({out.scale}, {out.zero_point}): the kernel copies stored values")


def quantize(op: Operation) -> None:
    """quantize.cc: a float32 or quantized input, a quantized output."""
    x = op.operands[0]
    if not (tflite_type(x) == "f32" or quantization(x) is not None):
        raise op.error(f"operand 0 is {type_key(x)}; QUANTIZE takes float32 or quantized tensors")
    if quantization(op.result) is None:
        raise op.error(f"result is {type_key(op.result)}; QUANTIZE gives a quantized tensor")


def quantize_zero_points(op: Operation) -> None:
    """quantize.cc: int16 -> int16 requantizes symmetric values (zero points 0)."""
    if tflite_type(op.operands[0]) == tflite_type(op.result) == "i16":
        zero_points_zero("0", "r")(op)


DEQUANTIZABLE = ("i2", "i4", "u4", "u8", "i8", "i16", "f16", "f8E4M3FN", "f8E5M2")


def dequantize(op: Operation) -> None:
    """dequantize.cc: quantized int2/int4/uint4/uint8/int8/int16 (int16 with zero point 0),
    float16 or float8 in, float32 out."""
    x = op.operands[0]
    quantized = quantization(x) is not None
    if tflite_type(x) not in DEQUANTIZABLE or not quantized and tflite_type(x) not in ("f16", "f8E4M3FN", "f8E5M2"):
        raise op.error(f"operand 0 is {type_key(x)}; DEQUANTIZE takes quantized int2/int4/int8/int16/uint4/uint8, "
                       f"float16 or float8 tensors")
    if type_key(op.result) != "f32":
        raise op.error(f"result is {type_key(op.result)}; DEQUANTIZE gives float32")


def same_quantization(op: Operation) -> None:
    """mirror_pad.cc, expand_dims.cc: the output is quantized exactly like the input."""
    if quantization(op.operands[0]) != quantization(op.result):
        raise op.error("input and output must be quantized alike")


def prelu_alpha(op: Operation) -> None:
    """activations.cc PreluPrepare: alpha of the input's type, but int8 alpha for int16 input."""
    x, a = type_key(op.operands[0]), type_key(op.operands[1])
    if a != x and not (x == "i16" + Q and a == "i8" + Q):
        raise op.error(f"alpha is {a} for an input of {x}")


def index_result(op: Operation) -> None:
    """arg_min_max.cc: an int32 or int64 index result."""
    if tflite_type(op.result) not in ("i32", "i64"):
        raise op.error(f"result is {type_key(op.result)}; the kernel gives int32 or int64 indices")


def operand_types(*allowed: tuple[int, frozenset | set]):
    """Operand k (-1: result 0) is one of the TfLiteTypes allowed (as Prepare ensures)."""
    def check(op: Operation) -> None:
        for k, kinds in allowed:
            v = op.result if k == -1 else op.operands[k]
            if present(v) and tflite_type(v) not in kinds:
                raise op.error(f"{'result 0' if k == -1 else f'operand {k}'} is {type_key(v)}; the kernel takes "
                               f"{', '.join(sorted(kinds))}")
    return check


def indices_like_shape(op: Operation) -> None:
    """scatter_nd.cc: indices and shape of one type."""
    if tflite_type(op.operands[0]) != tflite_type(op.operands[2]):
        raise op.error(f"indices are {tflite_type(op.operands[0])} and shape {tflite_type(op.operands[2])}; "
                       f"the kernel requires one type")


def result_like_input(*results: int):
    """Results the kernel gives the input's type (topk_v2.cc, unique.cc: `output->type = input->type`
    or TF_LITE_ENSURE_TYPES_EQ)."""
    def check(op: Operation) -> None:
        for r in results:
            if type_key(op.results[r]) != type_key(op.operands[0]):
                raise op.error(f"result {r} is {type_key(op.results[r])} for an input of {type_key(op.operands[0])}")
    return check


def result_types(r: int, kinds: set):
    """Result `r` is one of the TfLiteTypes the kernel gives (topk_v2.cc, unique.cc)."""
    def check(op: Operation) -> None:
        if tflite_type(op.results[r]) not in kinds:
            raise op.error(f"result {r} is {type_key(op.results[r])}; the kernel gives {', '.join(sorted(kinds))}")
    return check


def stored_like_input(op: Operation) -> None:
    """unidirectional_sequence_lstm.cc: Eval picks the float, hybrid or integer kernel by the
    input's type and writes the output in it (the output's own quantization may differ)."""
    if tflite_type(op.result) != tflite_type(op.operands[0]):
        raise op.error(f"result is {type_key(op.result)} for an input of {type_key(op.operands[0])}")


def lstm_biases(op: Operation) -> None:
    """unidirectional_sequence_lstm.cc (CheckInputTensorDimensions): gate biases int32 for an
    int8 input (the integer kernel), float32 otherwise. As for other biases (`_bias_key`), an
    int32 bias without quantization parameters is refused: converters always write them, and
    the float fallback needs them."""
    want = "i32" + Q if tflite_type(op.operands[0]) == "i8" else "f32"
    for k in (12, 13, 14, 15):
        if k < len(op.operands) and present(op.operands[k]) and type_key(op.operands[k]) != want:
            raise op.error(f"gate bias (operand {k}) is {type_key(op.operands[k])}; with an input of "
                           f"{type_key(op.operands[0])} the kernel takes {want}")
    integer = tflite_type(op.operands[0]) == "i8"
    # the integer kernel reads both states' scales (the cell state's must be a power of two)
    states = ((18, "output state", "i8" + Q if integer else "f32"), (19, "cell state", "i16" + Q if integer else "f32"))
    for k, what, kind in states:
        if k < len(op.operands) and present(op.operands[k]) and type_key(op.operands[k]) != kind:
            raise op.error(f"{what} (operand {k}) is {type_key(op.operands[k])}; with an input of "
                           f"{type_key(op.operands[0])} the kernel keeps it as {kind}")


BYTES = {"f64": 8, "f32": 4, "f16": 2, "bf16": 2, "i64": 8, "u64": 8, "i32": 4, "u32": 4, "i16": 2, "u16": 2,
         "i8": 1, "u8": 1, "i1": 1, "complex<f32>": 8, "complex<f64>": 16}


def bitcast(op: Operation) -> None:
    """bitcast.cc (GetOutputShape): a larger input type gains a last dimension of the size
    ratio; a smaller one must have that ratio as its last dimension, which goes."""
    x, y = op.operands[0], op.result
    a, b = BYTES.get(tflite_type(x)), BYTES.get(tflite_type(y))
    if a is None or b is None:
        raise op.error(f"bitcast of {type_key(x)} to {type_key(y)}; the kernel takes types of a fixed byte size")
    shape = shapes.shape_of(op, x, "operand 0")
    if a > b:
        want = shape + (a // b,)
    elif a < b:
        if not shape or shape[-1] not in (None, b // a):
            raise op.error(f"operand 0 of shape {shapes.shape_text(shape)}: a bitcast to a type {b // a} times "
                           f"wider needs a last dimension of {b // a}")
        want = shape[:-1]
    else:
        want = shape
    shapes.expect_shape(op, 0, want)


def complex_part(op: Operation) -> None:
    """complex_support.cc: complex64 gives float32, complex128 float64."""
    want = {"complex<f32>": "f32", "complex<f64>": "f64"}[tflite_type(op.operands[0])]
    if type_key(op.result) != want:
        raise op.error(f"result is {type_key(op.result)} for an input of {tflite_type(op.operands[0])}; "
                       f"the kernel gives {want}")


def unquantized(op: Operation) -> None:
    """bitwise_xor.cc, right_shift.cc, bitcast.cc work on the stored integers and ignore quantization
    parameters; a converter never quantizes their tensors (as WIDE_QUANTIZED, below)."""
    for k, v in enumerate((*op.operands, *op.results)):
        if quantization(v) is not None:
            what = f"operand {k}" if k < len(op.operands) else f"result {k - len(op.operands)}"
            raise op.error(f"{what} is quantized; the kernel reads stored integers and ignores quantization")


# --- the table ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Spec:
    inputs: tuple[int, int]                 # fewest and most operands (absent optional ones count)
    outputs: tuple[int, int] = (1, 1)
    same_type: tuple = ()                   # operand indices ("r": every result, -1: every operand) of one type
    types: frozenset | None = None          # TfLiteTypes operand 0 may have
    check: Optional[Callable[[Operation], None]] = None


# Where a quantized int32/int64 operand is meaningful: biases, and QUANTIZE's input. Elsewhere
# (an axis, a shape, indices) TFLite reads the integers raw, and a converter never quantizes them.
WIDE_QUANTIZED = {"tfl.conv_2d": {2}, "tfl.depthwise_conv_2d": {2}, "tfl.fully_connected": {2},
                  "tfl.transpose_conv": {3}, "tfl.quantize": {0},
                  "tfl.unidirectional_sequence_lstm": {12, 13, 14, 15, 17}}


def verify_tfl(op: Operation, spec: Spec) -> None:
    for k, v in enumerate(op.operands):
        if quantization(v) is not None and tflite_type(v) in ("i32", "i64") and k not in WIDE_QUANTIZED.get(op.name, ()):
            raise op.error(f"operand {k} is a quantized {tflite_type(v)}; the kernel reads it as plain integers")
    lo, hi = spec.inputs
    if not lo <= len(op.operands) <= hi:
        raise op.error(f"has {len(op.operands)} operands; TFLite's kernel takes {lo if lo == hi else f'{lo} to {hi}'}")
    lo, hi = spec.outputs
    if not lo <= len(op.results) <= hi:
        raise op.error(f"has {len(op.results)} results; TFLite's kernel gives {lo if lo == hi else f'{lo} to {hi}'}")
    if spec.types is not None and op.operands and tflite_type(op.operands[0]) not in spec.types:
        raise op.error(f"operand 0 is {tflite_type(op.operands[0])}; the kernel takes "
                       f"{', '.join(sorted(spec.types))}")
    if spec.same_type:
        values = [v for k in spec.same_type
                  for v in (op.results if k == "r" else op.operands[k:k + 1] if k >= 0 else op.operands)]
        kinds = {type_key(v) for v in values if present(v)}
        if len(kinds) > 1:
            raise op.error(f"operands and result must have one type, got {', '.join(sorted(kinds))}")
    if spec.check is not None:
        spec.check(op)


INT16_SYMMETRIC = zero_points_zero("0", "1", "2", "r")
BINARY = Spec((2, 2), same_type=(0, 1, "r"), types=NUMERIC, check=both(INT16_SYMMETRIC, shapes.elementwise(0, 1)))
COMPARISON = Spec((2, 2), same_type=(0, 1), check=both(boolean_result, shapes.elementwise(0, 1)))
LOGICAL = Spec((2, 2), same_type=(0, 1, "r"), types=frozenset({"i1"}), check=shapes.elementwise(0, 1))
UNARY = Spec((1, 1), same_type=(0, "r"), types=NUMERIC, check=shapes.same_shape)
REAL_UNARY = Spec((1, 1), same_type=(0, "r"), check=both(float_or_quantized, INT16_SYMMETRIC, shapes.same_shape))
WINDOWED = both(INT16_SYMMETRIC, shapes.pool)

SPECS: dict[str, Spec] = {
    **{f"tfl.{n}": BINARY for n in ("add", "sub", "mul", "div", "maximum", "minimum", "floor_div", "floor_mod",
                                     "pow", "squared_difference")},
    **{f"tfl.{n}": COMPARISON for n in ("equal", "not_equal", "less", "less_equal", "greater", "greater_equal")},
    "tfl.logical_and": LOGICAL, "tfl.logical_or": LOGICAL,
    "tfl.logical_not": Spec((1, 1), same_type=(0, "r"), types=frozenset({"i1"}), check=shapes.same_shape),
    **{f"tfl.{n}": UNARY for n in ("abs", "neg", "square", "sign")},
    **{f"tfl.{n}": REAL_UNARY for n in ("relu", "relu6", "relu_n1_to_1", "relu_0_to_1", "leaky_relu", "hard_swish",
                                         "elu", "logistic", "tanh", "exp", "log", "sqrt", "rsqrt", "sin",
                                         "cos", "floor", "ceil", "round")},
    "tfl.gelu": Spec((1, 1), same_type=(0, "r"), check=both(float_or_quantized, shapes.same_shape)),  # any int16 zp
    "tfl.l2_normalization": Spec((1, 1), check=both(float_or_quantized, shapes.same_shape)),
    "tfl.prelu": Spec((2, 2), same_type=(0, "r"), check=both(float_or_quantized, prelu_alpha, shapes.elementwise(0, 1))),
    "tfl.softmax": Spec((1, 1), check=both(float_or_quantized, softmax_types(log=False), shapes.softmax_shape)),
    "tfl.log_softmax": Spec((1, 1), check=both(float_or_quantized, softmax_types(log=True), shapes.softmax_shape)),
    "tfl.cast": Spec((1, 1), check=shapes.same_shape),
    "tfl.select": Spec((3, 3), same_type=(1, 2, "r"), check=both(integer_operands(0, kinds=("i1",)),
                                                                 shapes.select(False))),
    "tfl.select_v2": Spec((3, 3), same_type=(1, 2, "r"), check=both(integer_operands(0, kinds=("i1",)),
                                                                    shapes.select(True))),
    "tfl.conv_2d": Spec((2, 3), check=both(weighted("conv"), INT16_SYMMETRIC, shapes.conv(False))),
    "tfl.depthwise_conv_2d": Spec((2, 3), check=both(weighted("depthwise"), INT16_SYMMETRIC, shapes.conv(True))),
    "tfl.fully_connected": Spec((2, 3), outputs=(1, 2), check=both(weighted("fc"), INT16_SYMMETRIC,
                                                                   shapes.fully_connected)),
    "tfl.unidirectional_sequence_lstm": Spec((20, 24), same_type=(1, 2, 3, 4, 5, 6, 7, 8),
                                             check=both(stored_like_input, lstm_biases, shapes.sequence_lstm)),
    "tfl.rnn": Spec((5, 5), check=shapes.rnn),
    "tfl.unidirectional_sequence_rnn": Spec((5, 5), check=shapes.rnn),
    "tfl.bidirectional_sequence_rnn": Spec((9, 12), outputs=(1, 2), check=shapes.rnn),
    "tfl.batch_matmul": Spec((2, 2), check=both(float_or_quantized, INT16_SYMMETRIC, shapes.batch_matmul)),
    "tfl.transpose_conv": Spec((3, 4), check=both(float_weights_alike(input_=2, weights=(1, 3)), INT16_SYMMETRIC,
                                                  shapes.transpose_conv)),
    "tfl.l2_pool_2d": Spec((1, 1), same_type=(0, "r"), check=both(float_or_quantized, WINDOWED)),
    "tfl.cumsum": Spec((2, 2), same_type=(0, "r"), check=both(integer_operands(1, kinds=("i32",)), shapes.same_shape)),
    "tfl.max_pool_2d": Spec((1, 1), same_type=(0, "r"), types=NUMERIC, check=WINDOWED),
    "tfl.average_pool_2d": Spec((1, 1), same_type=(0, "r"), types=NUMERIC, check=WINDOWED),
    "tfl.reshape": Spec((1, 2), same_type=(0, "r"), check=shapes.same_elements),
    "tfl.squeeze": Spec((1, 1), same_type=(0, "r"), check=shapes.squeeze),
    "tfl.expand_dims": Spec((2, 2), same_type=(0, "r"), check=both(integer_operands(1, kinds=("i32", "i64")),
                                                                   same_quantization, shapes.expand_dims)),
    "tfl.transpose": Spec((2, 2), same_type=(0, "r"), check=shapes.transpose),
    "tfl.concatenation": Spec((1, 1 << 20), same_type=(-1, "r"), check=both(concatenation_types,
                                                                            shapes.concatenation)),
    "tfl.pack": Spec((1, 1 << 20), same_type=(-1, "r"), check=shapes.pack),
    "tfl.unpack": Spec((1, 1), outputs=(1, 1 << 20), same_type=(0, "r"), check=shapes.unpack),
    "tfl.split": Spec((2, 2), outputs=(1, 1 << 20), same_type=(1, "r"), check=shapes.split(1, 0)),
    "tfl.split_v": Spec((3, 3), outputs=(1, 1 << 20), same_type=(0, "r"),
                        check=both(integer_operands(1, kinds=("i32", "i64")), shapes.split(0, 2, 1))),
    "tfl.pad": Spec((2, 2), same_type=(0, "r"), check=shapes.paddings()),
    "tfl.padv2": Spec((3, 3), same_type=(0, 2, "r"), check=shapes.paddings()),
    "tfl.mirror_pad": Spec((2, 2), same_type=(0, "r"), check=both(same_quantization, shapes.paddings(mirror=True))),
    "tfl.slice": Spec((3, 3), same_type=(0, "r"), check=shapes.slice_rule),
    "tfl.strided_slice": Spec((4, 4), same_type=(0, "r"), check=both(integer_operands(1, 2, 3),
                                                                     shapes.strided_slice)),
    "tfl.tile": Spec((2, 2), same_type=(0, "r"), check=shapes.tile),
    "tfl.broadcast_to": Spec((2, 2), same_type=(0, "r"), check=shapes.broadcast_to),
    "tfl.fill": Spec((2, 2), same_type=(1, "r"), check=shapes.fill),
    "tfl.zeros_like": Spec((1, 1), same_type=(0, "r"), check=shapes.same_shape),
    "tfl.shape": Spec((1, 1), check=both(index_result, shapes.shape_rule)),
    "tfl.reverse_v2": Spec((2, 2), same_type=(0, "r"), check=shapes.reverse),
    "tfl.depth_to_space": Spec((1, 1), same_type=(0, "r"), check=shapes.block_rule(True)),
    "tfl.space_to_depth": Spec((1, 1), same_type=(0, "r"), check=shapes.block_rule(False)),
    **{f"tfl.{n}": Spec((2, 2), same_type=(0, "r"), check=both(INT16_SYMMETRIC, shapes.reduction))
       for n in ("mean", "sum", "reduce_prod", "reduce_max", "reduce_min", "reduce_any", "reduce_all")},
    "tfl.arg_max": Spec((2, 2), check=both(index_result, shapes.arg_min_max)),
    "tfl.arg_min": Spec((2, 2), check=both(index_result, shapes.arg_min_max)),
    "tfl.gather": Spec((2, 2), same_type=(0, "r"), check=shapes.gather),
    "tfl.gather_nd": Spec((2, 2), same_type=(0, "r"), check=shapes.gather_nd),
    "tfl.resize_nearest_neighbor": Spec((2, 2), same_type=(0, "r"), check=shapes.resize(bilinear=False)),
    "tfl.resize_bilinear": Spec((2, 2), same_type=(0, "r"), check=shapes.resize(bilinear=True)),
    "tfl.quantize": Spec((1, 1), check=both(quantize, quantize_zero_points, shapes.same_shape)),
    "tfl.dequantize": Spec((1, 1), check=both(dequantize, zero_points_zero("0"), shapes.same_shape)),
    # scatters, segment reductions, sparse tensors (legalize/families/movement/gather.py)
    "tfl.scatter_nd": Spec((3, 3), same_type=(1, "r"), types=frozenset({"i32"}), check=both(
        operand_types((1, {"f32", "u8", "i1", "i8", "i64", "i32"})), indices_like_shape, shapes.scatter_nd)),
    "tfl.sparse_to_dense": Spec((4, 4), same_type=(2, 3, "r"), types=frozenset({"i32", "i64"}), check=both(
        operand_types((1, {"i32", "i64"}), (2, {"i32", "i64", "i8", "u8", "f32"})), shapes.sparse_to_dense)),
    "tfl.segment_sum": Spec((2, 2), same_type=(0, "r"), types=frozenset({"i32", "f32"}),
                            check=both(operand_types((1, {"i32"})), shapes.segment_sum)),
    **{f"tfl.unsorted_segment_{n}": Spec((3, 3), same_type=(0, "r"), types=frozenset({"i32", "f32"}),
                                         check=both(operand_types((1, {"i32"}), (2, {"i32"})), shapes.unsorted_segment))
       for n in ("sum", "prod", "max", "min")},
    "tfl.embedding_lookup_sparse": Spec((5, 5), types=frozenset({"i32"}), check=both(
        operand_types((1, {"i32"}), (2, {"i32"}), (3, {"f32"}), (-1, {"f32"})), shapes.embedding_lookup_sparse)),
    "tfl.densify": Spec((1, 1), same_type=(0, "r"), check=shapes.same_shape),
    # generators, windows, 3-D convolutions, bit ops, top-k: what the newer float lowerings read
    "tfl.range": Spec((3, 3), same_type=(0, 1, 2, "r"), types=frozenset({"i32", "i64", "f32"}),
                      check=shapes.range_rule),
    "tfl.rank": Spec((1, 1), check=both(operand_types((-1, {"i32"})), shapes.rank_rule)),
    "tfl.one_hot": Spec((4, 4), same_type=(2, 3, "r"), types=frozenset({"i32", "i64"}), check=both(
        operand_types((1, {"i32"}), (-1, {"f32", "i16", "i32", "i64", "i8", "u8", "i1"})), shapes.one_hot)),
    "tfl.reduce_window": Spec((5, 5), same_type=(0, 1, "r"), check=both(
        operand_types((2, {"i64"}), (3, {"i64"}), (4, {"i64"})), shapes.reduce_window(stablehlo=False))),
    "tfl.stablehlo_reduce_window": Spec((2, 2), same_type=(0, 1, "r"), check=shapes.reduce_window(stablehlo=True)),
    "tfl.conv_3d": Spec((2, 3), same_type=(0, 1, 2, "r"), types=frozenset({"f32"}), check=shapes.conv_3d),
    "tfl.conv_3d_transpose": Spec((3, 4), same_type=(1, 2, 3, "r"), check=both(
        operand_types((0, {"i32"}), (2, {"f32"})), shapes.conv_3d_transpose)),
    **{f"tfl.stablehlo_{n}": Spec((2, 2), same_type=(0, 1, "r"), check=shapes.identical_shapes)
       for n in ("add", "multiply", "maximum", "minimum", "and")},
    "tfl.stablehlo_shift_left": Spec((2, 2), same_type=(0, 1, "r"), check=shapes.same_shape),
    **{f"tfl.{n}": Spec((2, 2), same_type=(0, 1, "r"), types=frozenset({"i8", "i16", "i32", "u8", "u16", "u32"}),
                        check=both(unquantized, shapes.elementwise(0, 1)))
       for n in ("right_shift", "bitwise_xor")},
    "tfl.atan2": Spec((2, 2), same_type=(0, 1, "r"), types=FLOATS, check=shapes.identical_shapes),
    "tfl.topk_v2": Spec((2, 2), outputs=(2, 2), check=both(operand_types((1, {"i32", "i16"})), result_like_input(0),
                                                           result_types(1, {"i32", "i16"}), shapes.topk)),
    "tfl.unique": Spec((1, 1), outputs=(2, 2), check=both(result_like_input(0), result_types(1, {"i32", "i64"}),
                                                          shapes.unique_rule)),
    "tfl.rfft2d": Spec((2, 2), types=frozenset({"f32"}), check=both(
        operand_types((1, {"i32"}), (-1, {"complex<f32>"})), shapes.rfft2d_rule)),
    "tfl.fake_quant": Spec((1, 1), same_type=(0, "r"), types=frozenset({"f32"}), check=shapes.same_shape),
    "tfl.space_to_batch_nd": Spec((3, 3), same_type=(0, "r"), check=both(
        operand_types((1, {"i32"}), (2, {"i32"})), shapes.batch_space(to_batch=True))),
    "tfl.batch_to_space_nd": Spec((3, 3), same_type=(0, "r"), check=both(
        operand_types((1, {"i32"}), (2, {"i32"})), shapes.batch_space(to_batch=False))),
    "tfl.dynamic_update_slice": Spec((3, 3), same_type=(0, 1, "r"), check=both(
        operand_types((2, {"i32", "i64"})), shapes.dynamic_update_slice)),
    "tfl.matrix_set_diag": Spec((2, 2), same_type=(0, "r"), check=shapes.matrix_set_diag),
    "tfl.embedding_lookup": Spec((2, 2), check=both(operand_types((0, {"i32"})), shapes.embedding_lookup)),
    "tfl.hashtable_lookup": Spec((3, 3), outputs=(2, 2), check=operand_types((0, {"i32"}), (1, {"i32"}))),
    "tfl.dilate": Spec((3, 3), same_type=(0, 2, "r"), check=both(operand_types((1, {"i32"})), shapes.dilate)),
    "tfl.stablehlo_scatter": Spec((3, 3), same_type=(0, 2, "r"), check=both(operand_types((1, {"i32", "i64"})),
                                                                            shapes.same_shape)),
    "tfl.stablehlo_gather": Spec((2, 2), same_type=(0, "r"), check=operand_types((1, {"i32", "i64"}))),
    "tfl.bitcast": Spec((1, 1), check=both(unquantized, bitcast)),
    "tfl.add_n": Spec((2, 1 << 20), same_type=(-1, "r"), check=shapes.add_n),
    "tfl.bucketize": Spec((1, 1), check=both(operand_types((-1, {"i32"})), shapes.same_shape)),
    "tfl.multinomial": Spec((2, 2), check=both(operand_types((1, {"i32"}), (-1, {"i32", "i64"})),
                                               shapes.multinomial)),
    "tfl.stablehlo_pad": Spec((2, 2), same_type=(0, 1, "r")),
    **{f"tfl.{n}": Spec((1, 1), types=frozenset({"complex<f32>", "complex<f64>"}),
                        check=both(complex_part, shapes.same_shape)) for n in ("real", "imag", "complex_abs")},
}
