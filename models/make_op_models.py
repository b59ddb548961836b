"""Build one tiny TFLite model per operator and quantization mode with real TensorFlow.

Run with a Python that has TensorFlow (2.21 was used) and ai_edge_litert:

    $PY models/make_op_models.py [--out models/ops/] [--only NAME...]
    $PY models/make_op_models.py --list   # the model table as markdown (models/ops/README.md)

Every row of OPS is converted twice with `tf.lite.TFLiteConverter`
(`optimizations=[Optimize.DEFAULT]`, a 64-sample seeded representative
dataset, per-channel int8 weights):

    int8     supported_ops=[TFLITE_BUILTINS_INT8], int8 model inputs/outputs
    int16x8  supported_ops=[EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8],
             int16 activations and model inputs/outputs, int8 weights

(float32 model inputs/outputs where the row says `float_io`).  A mode the
converter refuses is recorded in the row (`refused`, with the converter's
message) and skipped; so is the one mode the converter writes but BUILTIN_REF cannot
run (int16 SQUARED_DIFFERENCE) and int8 ELU (left float by the converter; no ELU
kernel in BUILTIN_REF).  Files are `models/ops/<op>-<variant>.<int8|int16x8>.tflite`.

After writing a file the script checks, from the flatbuffer, that the builtin
ops of the row are present (extra ops are reported), and runs the model under
the BUILTIN_REF kernels on seeded inputs; it prints the largest difference
from the float TensorFlow function as a fraction of the output range (for
information: some int16 reference kernels are known to be wrong, see the
notes).  A missing op or a failed run makes the script exit non-zero.
It also writes models/ops/README.md (the `--list` table).

Weights, representative data and run inputs are seeded from the file name
(helpers imported from make_models.py), so reruns are byte-identical.
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")  # as make_models.py, before TensorFlow loads
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import numpy as np
import tensorflow as tf
from ai_edge_litert.interpreter import Interpreter, OpResolverType
from make_models import (
    REPRESENTATIVE_SAMPLES,
    Built,
    Net,
    model_seed,
    ops_in_graph,
)

MODES = ("int8", "int16x8")
WARN_FRACTION = 0.05  # warn when |quantized - float| > 5% of the output range


# --------------------------------------------------------------------------
# Builders: one per operator.  Each takes a seeded Net and returns Built.
# --------------------------------------------------------------------------

R = (-1.5, 2.5)      # asymmetric default range
WIDE = (-4.0, 7.0)   # a second operand with a different scale
POS = (0.25, 4.0)    # positive inputs (LOG, SQRT, RSQRT, DIV denominators)


def conv2d_relu6(n: Net) -> Built:
    w, b = n.conv_filter(3, 3, 3, 5), n.bias(5)
    return n.build(lambda x: tf.nn.relu6(tf.nn.conv2d(x, w, 1, "SAME") + b), [(1, 7, 9, 3)])


def depthwise_conv2d(n: Net) -> Built:
    w, b = n.depthwise_filter(3, 3, 4, 2), n.bias(8)
    return n.build(lambda x: tf.nn.depthwise_conv2d(x, w, (1, 2, 2, 1), "SAME") + b,
                   [(1, 7, 10, 4)])


def transpose_conv(n: Net) -> Built:
    w = n.conv_filter(3, 3, 2, 3)  # HW(out)(in) for conv2d_transpose: 3 in, 2 out
    return n.build(lambda x: tf.nn.conv2d_transpose(x, w, (1, 8, 10, 2), 2, "SAME"),
                   [(1, 4, 5, 3)])


def fully_connected(n: Net) -> Built:
    w, b = n.dense(11, 7), n.bias(7)
    return n.build(lambda x: tf.matmul(x, w) + b, [(3, 11)])


def batch_matmul(n: Net) -> Built:
    return n.build(lambda a, b: tf.matmul(a, b), [(2, 3, 5), (2, 5, 4)], [R, WIDE])


def _binary(f: Callable, ranges=(R, WIDE), shapes=((1, 4, 6, 3), (1, 4, 6, 3))):
    return lambda n: n.build(f, list(shapes), list(ranges))


add = _binary(lambda a, b: a + b, shapes=((1, 4, 6, 3), (1, 1, 6, 3)))
sub = _binary(lambda a, b: a - b)
mul = _binary(lambda a, b: a * b, shapes=((2, 5, 3), (1, 5, 3)))
squared_difference = _binary(lambda a, b: tf.math.squared_difference(a, b))
div = _binary(lambda a, b: a / b, ranges=(R, POS), shapes=((2, 3, 7), (2, 3, 7)))
maximum = _binary(lambda a, b: tf.maximum(a, b))
minimum = _binary(lambda a, b: tf.minimum(a, b), shapes=((1, 4, 6, 3), (1, 4, 1, 3)))


def concatenation(n: Net) -> Built:
    return n.build(lambda a, b, c: tf.concat([a, b, c], axis=2),
                   [(1, 3, 4, 5), (1, 3, 2, 5), (1, 3, 6, 5)], [R, WIDE, (-0.5, 0.25)])


def _unary(f: Callable, shape=(2, 5, 7), rng=R):
    return lambda n: n.build(lambda x: f(x), [shape], [rng])


mean = _unary(lambda x: tf.reduce_mean(x, axis=[1, 2], keepdims=True), (1, 5, 7, 3))
sum_ = _unary(lambda x: tf.reduce_sum(x, axis=1), (2, 5, 3))
reduce_prod = _unary(lambda x: tf.reduce_prod(x, axis=-1), (2, 5, 3), (0.5, 1.5))
max_pool = _unary(lambda x: tf.nn.max_pool2d(x, 3, 2, "SAME"), (1, 7, 10, 3))
average_pool = _unary(lambda x: tf.nn.avg_pool2d(x, (2, 3), (2, 2), "VALID"), (1, 8, 11, 4))
relu = _unary(tf.nn.relu)
relu6 = _unary(tf.nn.relu6, rng=(-3.0, 8.0))
leaky_relu = _unary(lambda x: tf.nn.leaky_relu(x, alpha=0.2))
hard_swish = _unary(lambda x: x * tf.nn.relu6(x + 3.0) / 6.0, rng=(-5.0, 4.0))
logistic = _unary(tf.sigmoid, rng=(-6.0, 5.0))
tanh = _unary(tf.tanh, rng=(-3.0, 2.5))
elu = _unary(tf.nn.elu, rng=(-3.0, 2.5))
gelu = _unary(lambda x: tf.nn.gelu(x, approximate=False), rng=(-3.0, 2.5))
exp = _unary(tf.exp, rng=(-2.0, 1.5))
log = _unary(tf.math.log, rng=POS)
sqrt = _unary(tf.sqrt, rng=POS)
rsqrt = _unary(tf.math.rsqrt, rng=POS)
abs_ = _unary(tf.abs, rng=(-3.0, 1.5))
softmax = _unary(tf.nn.softmax, (3, 10), (-4.0, 3.0))
log_softmax = _unary(tf.nn.log_softmax, (2, 9), (-4.0, 3.0))
l2_normalization = _unary(lambda x: tf.math.l2_normalize(x, axis=-1), (1, 3, 4, 6))
resize_bilinear = _unary(lambda x: tf.image.resize(x, (7, 10), "bilinear"), (1, 4, 5, 3))


def prelu(n: Net) -> Built:
    neg_alpha = n.constant((1, 1, 3), -0.6, -0.05)  # per channel, Keras PReLU: relu(x) + -alpha * relu(-x)
    return n.build(lambda x: tf.nn.relu(x) + tf.nn.relu(-x) * neg_alpha, [(1, 4, 6, 3)])


def _select(cmp: Callable, ranges):
    def build(n: Net) -> Built:
        # c broadcasts, so the converter keeps SELECT_V2 (same shapes give SELECT)
        return n.build(lambda a, b, c: tf.where(cmp(a, b), a, c),
                       [(2, 4, 5), (2, 4, 5), (1, 4, 5)], ranges)
    return build


# a and b share a range (and so, after calibration, nearly a scale): EQUAL hits.
equal_select = _select(tf.equal, [(-1.0, 1.0), (-1.0, 1.0), WIDE])
less_select = _select(tf.less, [R, WIDE, (-2.0, 1.0)])
greater_select = _select(tf.greater, [R, WIDE, (-2.0, 1.0)])


def quantize_dequantize(n: Net) -> Built:
    c = n.constant((1, 1, 4), -1.0, 2.0)
    return n.build(lambda x: x + c, [(2, 3, 4)])


# --------------------------------------------------------------------------
# The table
# --------------------------------------------------------------------------


# The converter's message (RuntimeError from tf.lite.TFLiteConverter.convert).
NOT_16X8 = "converter: Quantization to 16x8-bit not yet supported for op: "
# The converter writes an int16 SQUARED_DIFFERENCE, but no TFLite kernel runs it.
SQD_REF = ("converter accepts, BUILTIN_REF refuses at invoke: SquaredDifference only supports "
           "FLOAT32 and INT32 now, got 7.")

# int8: the converter does not quantize ELU (it writes DEQUANTIZE -> float ELU -> QUANTIZE),
# and the BUILTIN_REF resolver has no ELU kernel at all.
ELU_INT8 = ("converter keeps ELU float (DEQUANTIZE -> ELU -> QUANTIZE); BUILTIN_REF refuses: "
            "Didn't find op for builtin opcode 'ELU' version '1'.")


@dataclass(frozen=True)
class Op:
    name: str  # <op>-<variant>; the file is <name>.<mode>.tflite
    build: Callable[[Net], Built]
    ops: tuple[str, ...]  # builtin ops the file must contain
    note: str
    float_io: bool = False
    refused: dict[str, str] = field(default_factory=dict)  # mode -> why no file (message)


OPS: list[Op] = [
    Op("conv2d-same-relu6", conv2d_relu6, ("CONV_2D",),
       "1x7x9x3 -> 1x7x9x5, 3x3 SAME, bias, RELU6 fused"),
    Op("depthwise-conv2d-mult2-stride2", depthwise_conv2d, ("DEPTHWISE_CONV_2D",),
       "1x7x10x4 -> 1x4x5x8, 3x3 multiplier 2 SAME stride 2, bias"),
    Op("transpose-conv-stride2", transpose_conv, ("TRANSPOSE_CONV",),
       "1x4x5x3 -> 1x8x10x2, 3x3 SAME stride 2"),
    Op("fully-connected-batch3", fully_connected, ("FULLY_CONNECTED",), "3x11 -> 3x7, bias"),
    Op("batch-matmul-two-activations", batch_matmul, ("BATCH_MATMUL",),
       "2x3x5 @ 2x5x4, both operands are model inputs (ranges differ)"),
    Op("add-broadcast", add, ("ADD",), "1x4x6x3 + 1x1x6x3, ranges differ"),
    Op("sub-same-shape", sub, ("SUB",), "1x4x6x3 - 1x4x6x3, ranges differ"),
    Op("mul-broadcast", mul, ("MUL",), "2x5x3 * 1x5x3, ranges differ"),
    Op("squared-difference", squared_difference, ("SQUARED_DIFFERENCE",),
       "(a - b)^2, 1x4x6x3, ranges differ",
       refused={"int16x8": SQD_REF}),
    Op("div-positive-denominator", div, ("DIV",), "2x3x7 / 2x3x7, denominator in [0.25, 4]",
       refused={"int16x8": NOT_16X8 + "'DIV'."}),
    Op("maximum", maximum, ("MAXIMUM",), "max(a, b), 1x4x6x3, ranges differ"
       " (int16x8: the converter requantizes inputs to the output scale with int16 QUANTIZE)"),
    Op("minimum-broadcast", minimum, ("MINIMUM",), "min(a, b), 1x4x6x3 and 1x4x1x3"
       " (int16x8: the converter requantizes inputs to the output scale with int16 QUANTIZE)"),
    Op("concatenation-3-ranges", concatenation, ("CONCATENATION",),
       "1x3x{4,2,6}x5 on axis 2 -> 1x3x12x5, three different input ranges"
       " (int16x8: the converter requantizes inputs to the output scale with int16 QUANTIZE)"),
    Op("mean-hw-keepdims", mean, ("MEAN",), "1x5x7x3 -> 1x1x1x3 over axes 1, 2"),
    Op("sum-axis1", sum_, ("SUM",), "2x5x3 -> 2x3 over axis 1; BUILTIN_REF's quantized SUM is far from the float "
       "sum (int8 read as uint8, int16 half written: legalize/families/reduction/reduction.py)"),
    Op("reduce-prod-last-axis", reduce_prod, ("REDUCE_PROD",),
       "2x5x3 -> 2x5 over the last axis, inputs in [0.5, 1.5]"),
    Op("max-pool2d-3x3-stride2-same", max_pool, ("MAX_POOL_2D",), "1x7x10x3 -> 1x4x5x3"),
    Op("average-pool2d-2x3-stride2-valid", average_pool, ("AVERAGE_POOL_2D",),
       "1x8x11x4 -> 1x4x5x4"),
    Op("relu", relu, ("RELU",), "2x5x7"),
    Op("relu6", relu6, ("RELU6",), "2x5x7, inputs in [-3, 8]"),
    Op("leaky-relu", leaky_relu, ("LEAKY_RELU",), "2x5x7, alpha 0.2"),
    Op("prelu-per-channel", prelu, ("PRELU",), "1x4x6x3, constant alpha 1x1x3",
       refused={"int16x8": NOT_16X8 + "'PRELU'."}),
    Op("hard-swish", hard_swish, ("HARD_SWISH",), "x * relu6(x + 3) / 6, 2x5x7",
       refused={"int16x8": NOT_16X8 + "'HARD_SWISH'."}),
    Op("logistic", logistic, ("LOGISTIC",), "2x5x7, inputs in [-6, 5]"),
    Op("tanh", tanh, ("TANH",), "2x5x7"),
    Op("elu", elu, ("ELU",), "2x5x7",
       refused={"int8": ELU_INT8, "int16x8": NOT_16X8 + "'ELU'."}),
    Op("gelu", gelu, ("GELU",), "2x5x7, exact (erf) GELU"),
    Op("exp", exp, ("EXP",), "2x5x7, inputs in [-2, 1.5]"),
    Op("log-positive", log, ("LOG",), "2x5x7, inputs in [0.25, 4]"),
    Op("sqrt-positive", sqrt, ("SQRT",), "2x5x7, inputs in [0.25, 4]",
       refused={"int16x8": NOT_16X8 + "'SQRT'."}),
    Op("rsqrt-positive", rsqrt, ("RSQRT",), "2x5x7, inputs in [0.25, 4]"),
    Op("abs", abs_, ("ABS",), "2x5x7"),
    Op("softmax", softmax, ("SOFTMAX",), "3x10, beta 1"),
    Op("log-softmax", log_softmax, ("LOG_SOFTMAX",), "2x9",
       refused={"int16x8": NOT_16X8 + "'LOG_SOFTMAX'."}),
    Op("l2-normalization", l2_normalization, ("L2_NORMALIZATION",), "1x3x4x6, last axis",
       refused={"int16x8": NOT_16X8 + "'L2_NORMALIZATION'."}),
    Op("equal-select", equal_select, ("EQUAL", "SELECT_V2"),
       "where(a == b, a, c), 2x4x5 (c 1x4x5); a and b share a range",
       refused={"int16x8": NOT_16X8 + "'EQUAL'."}),
    Op("less-select", less_select, ("LESS", "SELECT_V2"), "where(a < b, a, c), 2x4x5 (c 1x4x5)",
       refused={"int16x8": NOT_16X8 + "'LESS'."}),
    Op("greater-select", greater_select, ("GREATER", "SELECT_V2"), "where(a > b, a, c), 2x4x5 (c 1x4x5)",
       refused={"int16x8": NOT_16X8 + "'GREATER'."}),
    Op("resize-bilinear", resize_bilinear, ("RESIZE_BILINEAR",),
       "1x4x5x3 -> 1x7x10x3, half-pixel centers (tf.image.resize)"),
    Op("quantize-dequantize-float-io", quantize_dequantize, ("QUANTIZE", "ADD", "DEQUANTIZE"),
       "float32 2x3x4 -> QUANTIZE -> ADD constant 1x1x4 -> DEQUANTIZE -> float32", float_io=True),
]


# --------------------------------------------------------------------------
# Conversion and checks
# --------------------------------------------------------------------------


def file_name(op: Op, mode: str) -> str:
    return f"{op.name}.{mode}.tflite"


def convert(op: Op, mode: str, built: Built) -> bytes:
    rng = np.random.default_rng(model_seed(file_name(op, mode)) + 1)
    samples = [[rng.uniform(lo, hi, s).astype(np.float32)
                for s, (lo, hi) in zip(built.input_shapes, built.ranges)]
               for _ in range(REPRESENTATIVE_SAMPLES)]
    conv = tf.lite.TFLiteConverter.from_concrete_functions([built.fn], built.module)
    conv.optimizations = [tf.lite.Optimize.DEFAULT]
    # Keyed by input name: fed as a list, the samples go to the flatbuffer's inputs in its
    # order, which for three inputs is (in2, in0, in1), so ranges would land on wrong inputs.
    conv.representative_dataset = lambda: iter(
        [{f"in{k}": x for k, x in enumerate(sample)} for sample in samples])
    conv.target_spec.supported_ops = [
        tf.lite.OpsSet.EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8
        if mode == "int16x8" else tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
    if not op.float_io:
        io = tf.int16 if mode == "int16x8" else tf.int8
        conv.inference_input_type = io
        conv.inference_output_type = io
    return conv.convert()


def run_reference(op: Op, mode: str, built: Built, buf: bytes) -> str:
    """Run under BUILTIN_REF on seeded inputs; describe the distance from float TF."""
    interp = Interpreter(model_content=buf,
                         experimental_op_resolver_type=OpResolverType.BUILTIN_REF)
    interp.allocate_tensors()
    ins, outs = interp.get_input_details(), interp.get_output_details()
    want = np.float32 if op.float_io else (np.int16 if mode == "int16x8" else np.int8)
    for d in ins + outs:
        if d["dtype"] != want:
            raise RuntimeError(f"{d['name']} is {d['dtype'].__name__}, expected {want.__name__}")
    rng = np.random.default_rng(model_seed(file_name(op, mode)) + 2)
    ins = [next(d for d in ins if f"_in{k}:" in d["name"]) for k in range(len(built.ranges))]
    xs = [rng.uniform(lo, hi, d["shape"]).astype(np.float32)
          for d, (lo, hi) in zip(ins, built.ranges)]
    for d, x in zip(ins, xs):
        if op.float_io:
            interp.set_tensor(d["index"], x)
        else:
            s, z = d["quantization"]
            info = np.iinfo(want)
            interp.set_tensor(d["index"],
                              np.clip(np.round(x / s) + z, info.min, info.max).astype(want))
    interp.invoke()
    expect = built.fn(*[tf.constant(x) for x in xs])
    expect = expect if isinstance(expect, (list, tuple)) else [expect]
    parts = []
    for d, e in zip(outs, expect):
        got, e = interp.get_tensor(d["index"]), np.asarray(e)
        if got.shape != e.shape:
            raise RuntimeError(f"output shape {got.shape} != TF shape {e.shape}")
        if not op.float_io:
            s, z = d["quantization"]
            got = (got.astype(np.float64) - z) * s
        span = float(e.max() - e.min()) or 1.0
        frac = float(np.abs(got - e).max()) / span
        parts.append(f"max|q-float|={frac:.3%} of range" + ("  WARNING: large" if frac > WARN_FRACTION else ""))
    return ", ".join(parts)


def make(op: Op, mode: str, out_dir: Path) -> bool:
    name = file_name(op, mode)
    tf.keras.utils.set_random_seed(model_seed(name))
    built = op.build(Net(model_seed(name)))
    buf = convert(op, mode, built)
    path = out_dir / name
    path.write_bytes(buf)
    ops = ops_in_graph(buf)
    expected = set(op.ops) | ({"QUANTIZE", "DEQUANTIZE"} if op.float_io else set())
    missing = [o for o in op.ops if o not in ops]
    extra = sorted(set(ops) - expected)
    ok = not missing
    try:
        numerics = run_reference(op, mode, built, buf)
    except Exception as e:  # noqa: BLE001 - report every failure the same way
        numerics, ok = f"BUILTIN_REF run FAILED: {e}", False
    print(f"{'ok  ' if ok else 'FAIL'} {name:<48} {len(buf):>6} B  ops={ops}  {numerics}")
    if missing:
        print(f"     ERROR: expected ops missing: {missing}")
    if extra:
        print(f"     WARNING: unexpected extra ops: {extra}")
    return ok


def markdown_table(ops: Sequence[Op]) -> str:
    rows = ["# Op-level models", "",
            ("One tiny model per operator and quantization mode, made with real TensorFlow "
            "by `models/make_op_models.py` (regenerate: "
            "`$PY models/make_op_models.py`; this file is written by it)."), "",
            ("`int8`: `TFLITE_BUILTINS_INT8`, int8 model inputs/outputs. "
            "`int16x8`: `EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8`, "
            "int16 activations and model inputs/outputs, int8 weights."), "",
            "| model | ops | note |", "| --- | --- | --- |"]
    for op in ops:
        io = " (float32 in/out)" if op.float_io else ""
        for mode in MODES:
            if mode in op.refused:
                rows.append(f"| ~~`{file_name(op, mode)}`~~ | {', '.join(op.ops)} | "
                            f"not made: `{op.refused[mode]}` |")
            else:
                rows.append(f"| `{file_name(op, mode)}` | {', '.join(op.ops)} | {op.note}{io} |")
    return "\n".join(rows) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "ops")
    p.add_argument("--only", nargs="+", metavar="NAME", help="op names (see --list)")
    p.add_argument("--mode", choices=MODES, action="append", help="only these modes")
    p.add_argument("--list", action="store_true", help="print the table as markdown and exit")
    args = p.parse_args(argv)
    ops = [o for o in OPS if not args.only or o.name in args.only]
    if args.only and len(ops) != len(set(args.only)):
        p.error("unknown op(s); see --list")
    if args.list:
        print(markdown_table(OPS), end="")
        return 0
    print(f"TensorFlow {tf.__version__}, numpy {np.__version__}")
    args.out.mkdir(parents=True, exist_ok=True)
    failed = []
    for op in ops:
        for mode in args.mode or MODES:
            if mode in op.refused:
                print(f"skip {file_name(op, mode):<48} {op.refused[mode]}")
                continue
            try:
                ok = make(op, mode, args.out)
            except Exception:  # noqa: BLE001 - build or conversion failed: report, go on
                traceback.print_exc()
                print(f"FAIL {file_name(op, mode)}: could not build or convert (traceback above)")
                ok = False
            if not ok:
                failed.append(file_name(op, mode))
    if not args.only and not args.mode:
        (args.out / "README.md").write_text(markdown_table(OPS))
    if failed:
        print(f"\n{len(failed)} model(s) FAILED: {failed}", file=sys.stderr)
        return 1
    print(f"\nmodels written to {args.out} and checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
