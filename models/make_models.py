#!/usr/bin/env python3
"""Build the small full-integer-quantized TFLite test models with real TensorFlow.

Run with a Python that has TensorFlow (2.21 was used) and ai_edge_litert:

    $PY models/make_models.py [--out models/] [--only NAME...]
    $PY models/make_models.py --list   # the model table as markdown, for README.md
    $PY models/make_models.py --dump   # also print every tensor's quantization

where $PY is e.g. /path/to/venv-with-tensorflow/bin/python.

Each model is one `tf.function` over seeded weights, converted with
`tf.lite.TFLiteConverter` using full-integer quantization (int8 activations,
per-channel int8 weights, int32 biases, int8 model inputs/outputs unless the
table says `float_io`).  After writing a file the script checks, from the
flatbuffer itself, that the TFLite builtin ops listed in MODELS are present
(and warns about extra ones), that the model runs under the BUILTIN_REF
kernels, and that its int8 result is close to the float TensorFlow result.
Any failure makes the script exit non-zero.

Names are `op-variant.dtype.tflite`; every tensor dimension has its own extent
(e.g. 1x9x11x3) so that layout mistakes show up.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
import traceback
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional, Sequence

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")  # plain float reference results

import numpy as np
import tensorflow as tf
from ai_edge_litert import schema_py_generated as schema
from ai_edge_litert.interpreter import Interpreter, OpResolverType

REPRESENTATIVE_SAMPLES = 64
DEFAULT_RANGE = (-1.5, 2.5)  # asymmetric, so int8 input zero points are not 0
MAX_ERROR_LSB = 4.0  # int8 output vs float TF, in output quantization steps


# --------------------------------------------------------------------------
# Helpers for the builders
# --------------------------------------------------------------------------


@dataclass
class Built:
    """What a builder returns: the forward function and how to feed it."""

    fn: tf.types.experimental.ConcreteFunction  # what the converter converts
    module: tf.Module  # keeps the weights alive for the converter
    ranges: list[tuple[float, float]]  # representative-data range per input
    # Float function the int8 result is compared with (default: fn itself).
    reference: Optional[Callable] = None
    # Edit applied to the converted flatbuffer before it is written (rarely used).
    patch: Optional[Callable[[bytes], bytes]] = None

    @property
    def input_shapes(self) -> list[tuple[int, ...]]:
        return [tuple(s.shape) for s in self.fn.structured_input_signature[0]]


class Net(tf.Module):
    """Per-model seeded weight factory; builders ask it for weights."""

    def __init__(self, seed: int):
        super().__init__()
        self.rng = np.random.default_rng(seed)
        self.weights: list[tf.Variable] = []

    def _var(self, value: np.ndarray) -> tf.Variable:
        v = tf.Variable(value.astype(np.float32), trainable=False)
        self.weights.append(v)
        return v

    def conv_filter(self, kh: int, kw: int, cin: int, cout: int) -> tf.Variable:
        """HWIO filter for tf.nn.conv2d."""
        w = self.rng.normal(0, 1 / np.sqrt(kh * kw * cin), (kh, kw, cin, cout))
        return self._var(w * self.rng.permutation(np.geomspace(0.25, 2.0, cout)))

    def depthwise_filter(self, kh: int, kw: int, cin: int, mult: int) -> tf.Variable:
        """HWCM filter for tf.nn.depthwise_conv2d."""
        w = self.rng.normal(0, 1 / np.sqrt(kh * kw), (kh, kw, cin, mult))
        gains = self.rng.permutation(np.geomspace(0.25, 2.0, cin * mult))
        return self._var(w * gains.reshape(cin, mult))

    def dense(self, cin: int, cout: int) -> tf.Variable:
        """(in, out) matrix for tf.matmul."""
        w = self.rng.normal(0, 1 / np.sqrt(cin), (cin, cout))
        return self._var(w * self.rng.permutation(np.geomspace(0.25, 2.0, cout)))

    def bias(self, n: int, scale: float = 0.5) -> tf.Variable:
        return self._var(self.rng.uniform(-scale, scale, n))

    def constant(self, shape: Sequence[int], lo: float, hi: float) -> tf.Variable:
        return self._var(self.rng.uniform(lo, hi, shape))

    def build(
        self,
        f: Callable,
        shapes: Sequence[Sequence[int]],
        ranges: Sequence[tuple[float, float]] | None = None,
    ) -> Built:
        sig = [tf.TensorSpec(s, tf.float32, name=f"in{i}") for i, s in enumerate(shapes)]
        self.forward = tf.function(f, input_signature=sig)
        return Built(
            fn=self.forward.get_concrete_function(),
            module=self,
            ranges=list(ranges) if ranges else [DEFAULT_RANGE] * len(shapes),
        )


# --------------------------------------------------------------------------
# Builders: one per model.  Each takes a seeded Net and returns Built.
# --------------------------------------------------------------------------


def conv2d_same_relu6(n: Net) -> Built:
    w, b = n.conv_filter(3, 3, 3, 5), n.bias(5)
    return n.build(lambda x: tf.nn.relu6(tf.nn.conv2d(x, w, 1, "SAME") + b), [(1, 9, 11, 3)])


def conv2d_valid_stride2(n: Net) -> Built:
    w = n.conv_filter(3, 3, 4, 6)  # no bias in the TF graph
    return n.build(lambda x: tf.nn.conv2d(x, w, 2, "VALID"), [(1, 12, 15, 4)])


def conv2d_dilated_relu(n: Net) -> Built:
    w, b = n.conv_filter(3, 3, 3, 4), n.bias(4)
    return n.build(
        lambda x: tf.nn.relu(tf.nn.conv2d(x, w, 1, "SAME", dilations=2) + b),
        [(1, 11, 13, 3)],
    )


def conv2d_filter3x5_stride1x2(n: Net) -> Built:
    w, b = n.conv_filter(3, 5, 3, 7), n.bias(7, scale=2.0)
    return n.build(lambda x: tf.nn.conv2d(x, w, (1, 2), "SAME") + b, [(1, 10, 12, 3)])


def depthwise_conv2d_same(n: Net) -> Built:
    w, b = n.depthwise_filter(3, 3, 5, 1), n.bias(5)
    return n.build(
        lambda x: tf.nn.depthwise_conv2d(x, w, (1, 1, 1, 1), "SAME") + b, [(1, 9, 11, 5)]
    )


def depthwise_conv2d_mult2_valid_stride2_relu6(n: Net) -> Built:
    w, b = n.depthwise_filter(3, 3, 4, 2), n.bias(8)
    return n.build(
        lambda x: tf.nn.relu6(tf.nn.depthwise_conv2d(x, w, (1, 2, 2, 1), "VALID") + b),
        [(1, 11, 14, 4)],
    )


def fully_connected_batch1(n: Net) -> Built:
    w, b = n.dense(13, 7), n.bias(7)
    return n.build(lambda x: tf.matmul(x, w) + b, [(1, 13)])


def fully_connected_batch3_relu(n: Net) -> Built:
    w, b = n.dense(13, 11), n.bias(11)
    return n.build(lambda x: tf.nn.relu(tf.matmul(x, w) + b), [(3, 13)])


def fully_connected_3d(n: Net) -> Built:
    # Dense on the last axis of a rank-3 input (Keras Dense does exactly this).
    w, b = n.dense(13, 5), n.bias(5)
    return n.build(lambda x: tf.matmul(x, w) + b, [(2, 3, 13)])


def add_same_shape(n: Net) -> Built:
    return n.build(lambda a, b: a + b, [(1, 5, 7, 3)] * 2, [(-1.5, 2.5), (-4.5, 7.5)])


def add_broadcast_channel(n: Net) -> Built:
    return n.build(lambda a, b: a + b, [(1, 5, 7, 3), (1, 1, 1, 3)], [(-1.5, 2.5), (-4.5, 7.5)])


def add_const_broadcast(n: Net) -> Built:
    c = n.constant((1, 1, 1, 3), -3.0, 1.0)
    return n.build(lambda a: a + c, [(1, 5, 7, 3)])


def add_relu(n: Net) -> Built:
    return n.build(lambda a, b: tf.nn.relu(a + b), [(1, 5, 7, 3)] * 2, [(-1.5, 2.5), (-4.5, 7.5)])


def reshape_4d_to_3d(n: Net) -> Built:
    return n.build(lambda x: tf.reshape(x, (1, 15, 7)), [(1, 3, 5, 7)])


def max_pool_same_3x3_stride2(n: Net) -> Built:
    # H=10: SAME pads (0, 1) -> asymmetric; W=13: pads (1, 1).
    return n.build(lambda x: tf.nn.max_pool2d(x, 3, 2, "SAME"), [(1, 10, 13, 3)])


def max_pool_valid_2x2_stride2(n: Net) -> Built:
    # Odd H and W: the last row/column is dropped.
    return n.build(lambda x: tf.nn.max_pool2d(x, 2, 2, "VALID"), [(1, 9, 11, 4)])


def average_pool_same_3x3(n: Net) -> Built:
    # Stride 1 SAME: border windows average over fewer (non-padding) elements.
    return n.build(lambda x: tf.nn.avg_pool2d(x, 3, 1, "SAME"), [(1, 7, 9, 5)])


def average_pool_valid_2x3_stride2(n: Net) -> Built:
    return n.build(lambda x: tf.nn.avg_pool2d(x, (2, 3), 2, "VALID"), [(1, 8, 11, 4)])


def pad_asymmetric(n: Net) -> Built:
    paddings = [[0, 0], [1, 2], [3, 0], [0, 0]]
    return n.build(lambda x: tf.pad(x, paddings), [(1, 5, 7, 3)])


def softmax_2d(n: Net) -> Built:
    return n.build(lambda x: tf.nn.softmax(x), [(3, 10)], [(-4.0, 4.0)])


SOFTMAX_BETA = 0.7


def softmax_beta_patched(n: Net) -> Built:
    # The converter never emits beta != 1: softmax(b * x) stays MUL + SOFTMAX(beta=1),
    # even without quantization.  So convert softmax(x) and write beta into the
    # flatbuffer afterwards; the int8 result is checked against softmax(b * x).
    built = n.build(lambda x: tf.nn.softmax(x), [(3, 10)], [(-4.0, 4.0)])
    built.reference = lambda x: tf.nn.softmax(SOFTMAX_BETA * x)
    built.patch = lambda buf: set_softmax_beta(buf, SOFTMAX_BETA)
    return built


def set_softmax_beta(buf: bytes, beta: float) -> bytes:
    """Overwrite SoftmaxOptions.beta in place in every SOFTMAX op."""
    out = bytearray(buf)
    sg = schema.Model.GetRootAs(out, 0).Subgraphs(0)
    patched = 0
    for i in range(sg.OperatorsLength()):
        op = sg.Operators(i)
        if op.BuiltinOptionsType() != schema.BuiltinOptions.SoftmaxOptions:
            continue
        table = op.BuiltinOptions()  # flatbuffers Table over `out`
        field = table.Offset(4)  # vtable slot of SoftmaxOptions.beta
        if not field:
            raise RuntimeError("SoftmaxOptions.beta is not stored; cannot patch in place")
        struct.pack_into("<f", out, table.Pos + field, beta)
        patched += 1
    if not patched:
        raise RuntimeError("no SOFTMAX op to patch")
    return bytes(out)


def log_softmax_2d(n: Net) -> Built:
    return n.build(lambda x: tf.nn.log_softmax(x), [(2, 9)], [(-4.0, 4.0)])


def quantize_dequantize_float_io(n: Net) -> Built:
    # float32 in/out: the converter puts QUANTIZE before and DEQUANTIZE after.
    w, b = n.conv_filter(3, 3, 3, 4), n.bias(4)
    return n.build(lambda x: tf.nn.conv2d(x, w, 1, "SAME") + b, [(1, 7, 9, 3)])


def concat_requantize(n: Net) -> Built:
    # CONCATENATION needs one scale on all operands.  Plain int8 model inputs
    # would just be given that common scale, so one operand comes from SOFTMAX,
    # whose output scale is fixed (1/256, zp -128): the converter then inserts
    # an int8 -> int8 QUANTIZE (requantize) between SOFTMAX and CONCATENATION.
    return n.build(
        lambda a, b: tf.concat([tf.nn.softmax(a), b], axis=1),
        [(3, 10), (3, 4)],
        [(-4.0, 4.0), (-4.5, 7.5)],
    )


def small_cnn(n: Net) -> Built:
    w1, b1 = n.conv_filter(3, 3, 3, 8), n.bias(8)
    wd, bd = n.depthwise_filter(3, 3, 8, 1), n.bias(8)
    w2, b2 = n.conv_filter(3, 3, 8, 8), n.bias(8)
    wf, bf = n.dense(6 * 5 * 8, 10), n.bias(10)

    def f(x):  # 1x13x11x3
        x = tf.nn.relu6(tf.nn.conv2d(x, w1, 1, "SAME") + b1)  # 1x13x11x8
        x = tf.nn.relu6(tf.nn.depthwise_conv2d(x, wd, (1, 1, 1, 1), "SAME") + bd)
        x = tf.nn.max_pool2d(x, 2, 2, "VALID")  # 1x6x5x8
        y = tf.nn.relu(tf.nn.conv2d(x, w2, 1, "SAME") + b2)
        y = tf.nn.avg_pool2d(y, 3, 1, "SAME")
        x = x + y  # residual
        x = tf.reshape(x, (1, 6 * 5 * 8))
        return tf.nn.softmax(tf.matmul(x, wf) + bf)  # 1x10

    return n.build(f, [(1, 13, 11, 3)])


# --------------------------------------------------------------------------
# The model table
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Spec:
    name: str  # file is NAME.tflite
    build: Callable[[Net], Built]
    ops: tuple[str, ...]  # TFLite builtin ops the file must contain
    float_io: bool = False  # True: float32 model inputs/outputs
    note: str = ""


MODELS: list[Spec] = [
    Spec("conv2d-same-relu6.int8", conv2d_same_relu6, ("CONV_2D",),
         note="1x9x11x3 -> 1x9x11x5, 3x3 SAME stride 1, bias, RELU6 fused"),
    Spec("conv2d-valid-stride2.int8", conv2d_valid_stride2, ("CONV_2D",),
         note="1x12x15x4 -> 1x5x7x6, 3x3 VALID stride 2, no bias in TF, no activation"),
    Spec("conv2d-dilated-relu.int8", conv2d_dilated_relu, ("CONV_2D",),
         note="1x11x13x3 -> 1x11x13x4, 3x3 dilation 2 SAME, bias, RELU fused"),
    Spec("conv2d-filter3x5-stride1x2.int8", conv2d_filter3x5_stride1x2, ("CONV_2D",),
         note="1x10x12x3 -> 1x10x6x7, 3x5 filter SAME stride (1,2), large bias"),
    Spec("depthwise-conv2d-same.int8", depthwise_conv2d_same, ("DEPTHWISE_CONV_2D",),
         note="1x9x11x5 -> 1x9x11x5, 3x3 multiplier 1 SAME, bias"),
    Spec("depthwise-conv2d-mult2-valid-stride2-relu6.int8",
         depthwise_conv2d_mult2_valid_stride2_relu6, ("DEPTHWISE_CONV_2D",),
         note="1x11x14x4 -> 1x5x6x8, 3x3 multiplier 2 VALID stride 2, bias, RELU6"),
    Spec("fully-connected-batch1.int8", fully_connected_batch1, ("FULLY_CONNECTED",),
         note="1x13 -> 1x7, bias"),
    Spec("fully-connected-batch3-relu.int8", fully_connected_batch3_relu, ("FULLY_CONNECTED",),
         note="3x13 -> 3x11, bias, RELU fused"),
    Spec("fully-connected-3d.int8", fully_connected_3d, ("FULLY_CONNECTED",),
         note="2x3x13 -> 2x3x5, Dense on the last axis (keep_num_dims)"),
    Spec("add-same-shape.int8", add_same_shape, ("ADD",),
         note="1x5x7x3 + 1x5x7x3, input ranges differ by 3x"),
    Spec("add-broadcast-channel.int8", add_broadcast_channel, ("ADD",),
         note="1x5x7x3 + 1x1x1x3 (second input), input ranges differ by 3x"),
    Spec("add-const-broadcast.int8", add_const_broadcast, ("ADD",),
         note="1x5x7x3 + constant 1x1x1x3"),
    Spec("add-relu.int8", add_relu, ("ADD",),
         note="relu(a + b), 1x5x7x3, input ranges differ by 3x"),
    Spec("reshape-4d-to-3d.int8", reshape_4d_to_3d, ("RESHAPE",),
         note="1x3x5x7 -> 1x15x7"),
    Spec("max-pool2d-same-3x3-stride2.int8", max_pool_same_3x3_stride2, ("MAX_POOL_2D",),
         note="1x10x13x3 -> 1x5x7x3, SAME pads H (0,1) W (1,1)"),
    Spec("max-pool2d-valid-2x2-stride2.int8", max_pool_valid_2x2_stride2, ("MAX_POOL_2D",),
         note="1x9x11x4 -> 1x4x5x4"),
    Spec("average-pool2d-same-3x3.int8", average_pool_same_3x3, ("AVERAGE_POOL_2D",),
         note="1x7x9x5 -> 1x7x9x5, stride 1, padding excluded from the count"),
    Spec("average-pool2d-valid-2x3-stride2.int8", average_pool_valid_2x3_stride2,
         ("AVERAGE_POOL_2D",), note="1x8x11x4 -> 1x4x5x4"),
    Spec("pad-asymmetric.int8", pad_asymmetric, ("PAD",),
         note="1x5x7x3 -> 1x8x10x3, paddings H (1,2) W (3,0)"),
    Spec("softmax-2d.int8", softmax_2d, ("SOFTMAX",), note="3x10, beta 1"),
    Spec("softmax-beta-patched.int8", softmax_beta_patched, ("SOFTMAX",),
         note=f"3x10, beta {SOFTMAX_BETA} written into the flatbuffer after conversion"),
    Spec("log-softmax-2d.int8", log_softmax_2d, ("LOG_SOFTMAX",), note="2x9"),
    Spec("quantize-dequantize-float-io.int8", quantize_dequantize_float_io,
         ("QUANTIZE", "CONV_2D", "DEQUANTIZE"), float_io=True,
         note="float32 1x7x9x3 -> QUANTIZE -> int8 conv 3x3 SAME -> DEQUANTIZE -> float32 1x7x9x4"),
    Spec("concat-requantize.int8", concat_requantize, ("SOFTMAX", "QUANTIZE", "CONCATENATION"),
         note="concat(softmax(3x10), 3x4) on axis 1 -> 3x14; int8->int8 QUANTIZE "
              "rescales the softmax output to the concat scale"),
    Spec("small-cnn.int8", small_cnn,
         ("CONV_2D", "DEPTHWISE_CONV_2D", "MAX_POOL_2D", "AVERAGE_POOL_2D", "ADD",
          "RESHAPE", "FULLY_CONNECTED", "SOFTMAX"),
         note="1x13x11x3 -> conv relu6 -> dw conv relu6 -> maxpool -> conv relu -> avgpool "
              "-> residual add -> reshape -> fc -> softmax -> 1x10"),
]


# --------------------------------------------------------------------------
# Conversion and checks
# --------------------------------------------------------------------------


def model_seed(name: str) -> int:
    """Stable per-model seed, so adding a model does not change the others."""
    return zlib.crc32(name.encode())


def representative_data(spec: Spec, built: Built) -> list[list[np.ndarray]]:
    rng = np.random.default_rng(model_seed(spec.name) + 1)
    shapes_ranges = list(zip(built.input_shapes, built.ranges))
    return [
        [rng.uniform(lo, hi, s).astype(np.float32) for s, (lo, hi) in shapes_ranges]
        for _ in range(REPRESENTATIVE_SAMPLES)
    ]


def convert(spec: Spec, built: Built) -> bytes:
    samples = representative_data(spec, built)
    conv = tf.lite.TFLiteConverter.from_concrete_functions([built.fn], built.module)
    conv.optimizations = [tf.lite.Optimize.DEFAULT]
    conv.representative_dataset = lambda: iter(samples)
    conv.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
    if not spec.float_io:
        conv.inference_input_type = tf.int8
        conv.inference_output_type = tf.int8
    buf = conv.convert()
    return built.patch(buf) if built.patch else buf


_OP_NAMES = {v: k for k, v in vars(schema.BuiltinOperator).items() if not k.startswith("_")}


def ops_in_graph(buf: bytes) -> list[str]:
    """Op names of every operator in every subgraph, in order."""
    model = schema.Model.GetRootAs(buf, 0)
    codes = []
    for i in range(model.OperatorCodesLength()):
        oc = model.OperatorCodes(i)
        # The real code is the larger of the two fields (schema v3a rule).
        code = max(oc.BuiltinCode(), oc.DeprecatedBuiltinCode())
        name = _OP_NAMES.get(code, f"UNKNOWN_{code}")
        if code == schema.BuiltinOperator.CUSTOM:
            name = f"CUSTOM:{(oc.CustomCode() or b'').decode()}"
        codes.append(name)
    ops = []
    for s in range(model.SubgraphsLength()):
        sg = model.Subgraphs(s)
        ops += [codes[sg.Operators(i).OpcodeIndex()] for i in range(sg.OperatorsLength())]
    return ops


def dump_tensors(buf: bytes) -> str:
    """One line per tensor: index, dtype, shape, scale(s), zero point(s)."""
    types = {v: k for k, v in vars(schema.TensorType).items() if not k.startswith("_")}
    model = schema.Model.GetRootAs(buf, 0)
    sg = model.Subgraphs(0)
    lines = []
    for i in range(sg.TensorsLength()):
        t = sg.Tensors(i)
        q = t.Quantization()
        desc = ""
        if q is not None and q.ScaleLength():
            sc, zp = q.ScaleAsNumpy(), q.ZeroPointAsNumpy()
            if len(sc) == 1:
                desc = f"scale={sc[0]:.6g} zp={zp[0]}"
            else:
                desc = (f"per-axis(dim {q.QuantizedDimension()}) x{len(sc)} "
                        f"scale=[{sc.min():.3g}..{sc.max():.3g}] zp={sorted(set(zp.tolist()))}")
        shape = "x".join(str(d) for d in t.ShapeAsNumpy().tolist()) if t.ShapeLength() else "scalar"
        name = t.Name().decode()[:60]
        lines.append(f"    t{i:<3} {types[t.Type()]:<8} {shape:<12} {desc}  {name}")
    lines.append(f"    inputs={sg.InputsAsNumpy().tolist()} outputs={sg.OutputsAsNumpy().tolist()}")
    return "\n".join(lines)


def run_and_compare(spec: Spec, built: Built, buf: bytes) -> str:
    """Run under BUILTIN_REF on one seeded input; compare with float TF."""
    interp = Interpreter(
        model_content=buf, experimental_op_resolver_type=OpResolverType.BUILTIN_REF
    )
    interp.allocate_tensors()
    ins, outs = interp.get_input_details(), interp.get_output_details()
    want = np.float32 if spec.float_io else np.int8
    for d in ins + outs:
        if d["dtype"] != want:
            raise RuntimeError(f"{d['name']} is {d['dtype'].__name__}, expected {want.__name__}")

    rng = np.random.default_rng(model_seed(spec.name) + 2)
    # Match interpreter inputs to the TF arguments by name (in0, in1, ...).
    ins = [next(d for d in ins if f"_in{k}:" in d["name"]) for k in range(len(built.ranges))]
    xs = [rng.uniform(lo, hi, d["shape"]).astype(np.float32)
          for d, (lo, hi) in zip(ins, built.ranges)]
    for d, x in zip(ins, xs):
        if spec.float_io:
            interp.set_tensor(d["index"], x)
        else:
            s, z = d["quantization"]
            interp.set_tensor(d["index"], np.clip(np.round(x / s) + z, -128, 127).astype(np.int8))
    interp.invoke()

    expect = (built.reference or built.fn)(*[tf.constant(x) for x in xs])
    expect = expect if isinstance(expect, (list, tuple)) else [expect]
    worst = []
    for d, e in zip(outs, expect):
        got = interp.get_tensor(d["index"])
        e = np.asarray(e)
        if got.shape != e.shape:
            raise RuntimeError(f"output shape {got.shape} != TF shape {e.shape}")
        if spec.float_io:
            err, unit = np.abs(got - e).max(), "abs"
        else:
            s, z = d["quantization"]
            if np.all(got == got.flat[0]):
                raise RuntimeError(f"degenerate output: every element is {got.flat[0]}")
            err, unit = np.abs((got.astype(np.float32) - z) * s - e).max() / s, "LSB"
            if err > MAX_ERROR_LSB:
                raise RuntimeError(f"int8 output {err:.1f} LSB from float TF (> {MAX_ERROR_LSB})")
        worst.append(f"max|int8-float|={err:.2f} {unit}")
    return ", ".join(worst)


def make(spec: Spec, out_dir: Path, dump: bool) -> bool:
    tf.keras.utils.set_random_seed(model_seed(spec.name))  # python, numpy, tf
    built = spec.build(Net(model_seed(spec.name)))
    buf = convert(spec, built)
    path = out_dir / f"{spec.name}.tflite"
    path.write_bytes(buf)

    ops = ops_in_graph(buf)
    missing = [o for o in spec.ops if o not in ops]
    extra = sorted(set(ops) - set(spec.ops))
    ok = not missing
    try:
        numerics = run_and_compare(spec, built, buf)
    except Exception as e:  # noqa: BLE001 - report every failure the same way
        numerics, ok = f"BUILTIN_REF run/check FAILED: {e}", False

    status = "ok  " if ok else "FAIL"
    print(f"{status} {path.name:<56} {len(buf):>6} B  ops={ops}  {numerics}")
    if missing:
        print(f"     ERROR: expected ops missing: {missing}")
    if extra:
        print(f"     WARNING: unexpected extra ops: {extra}")
    if dump:
        print(dump_tensors(buf))
    return ok


def markdown_table(specs: Sequence[Spec]) -> str:
    rows = ["| model | builtin ops | what |", "| --- | --- | --- |"]
    for s in specs:
        io = " (float32 in/out)" if s.float_io else ""
        rows.append(f"| `{s.name}.tflite` | {', '.join(s.ops)} | {s.note}{io} |")
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    p.add_argument("--only", nargs="+", metavar="NAME",
                   help="model names (with or without .int8 / .tflite)")
    p.add_argument("--list", action="store_true",
                   help="print the model table as markdown and exit")
    p.add_argument("--dump", action="store_true",
                   help="print each model's tensors and quantization")
    args = p.parse_args(argv)

    specs = MODELS
    if args.only:
        # Accept "pad-asymmetric", "pad-asymmetric.int8" or "pad-asymmetric.int8.tflite".
        def matches(spec: Spec, n: str) -> bool:
            n = n.removesuffix(".tflite")
            return n in (spec.name, spec.name.split(".")[0])

        unknown = [n for n in args.only if not any(matches(s, n) for s in MODELS)]
        if unknown:
            p.error(f"unknown model(s): {unknown}; see --list")
        specs = [s for s in MODELS if any(matches(s, n) for n in args.only)]
    if args.list:
        print(markdown_table(specs))
        return 0

    print(f"TensorFlow {tf.__version__}, numpy {np.__version__}")
    args.out.mkdir(parents=True, exist_ok=True)
    failed = []
    for spec in specs:
        try:
            ok = make(spec, args.out, args.dump)
        except Exception:  # noqa: BLE001 - build or conversion failed: report, go on
            traceback.print_exc()
            print(f"FAIL {spec.name}: could not build or convert (traceback above)")
            ok = False
        if not ok:
            failed.append(spec.name)
    if failed:
        print(f"\n{len(failed)} model(s) FAILED: {failed}", file=sys.stderr)
        return 1
    print(f"\nall {len(specs)} models written to {args.out} and checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
