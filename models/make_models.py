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

A second table, COVERAGE, writes models/coverage/: models for import coverage
(float, float16 weights, hybrid, int8, int16x8, uint8, int4 / blockwise from
ai-edge-quantizer, control flow, resource variables, several signatures, bool /
int64 / complex64 / string tensors, dynamic shapes, sparsity, LSTM, buffers
after the flatbuffer).  Each is checked for the builtin ops, tensor types and
quantization / structure features its row lists, then run (BUILTIN_REF unless
the row says otherwise) against the float TensorFlow function.  It also needs
ai-edge-quantizer and tf-keras (see models/README.md); `--table ops` skips it.
"""

from __future__ import annotations

import argparse
import os
import struct
import subprocess
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


# ==========================================================================
# Import coverage: a second table of models that exercise every tensor type,
# quantization scheme and graph structure the importer has to read (float,
# float16 weights, hybrid, int8, int16x8, uint8, int4 / blockwise from
# ai-edge-quantizer, control flow, resource variables, several signatures,
# bool / int64 / complex64 / string tensors, dynamic shapes, sparsity, LSTM,
# buffers stored after the flatbuffer).  Written to <out>/coverage/.
# ==========================================================================

COVERAGE_DIR = "coverage"


@dataclass
class Graph:
    """One or more tf.functions (one per signature) over seeded weights."""

    module: tf.Module  # keeps the weights alive for the converter
    fns: dict[str, tf.types.experimental.ConcreteFunction]  # signature key -> fn
    ranges: dict[str, tuple[float, float]]  # float input name -> data range
    # Inputs that are not uniform floats: name -> f(rng, shape) -> array.
    feeds: dict[str, Callable[[np.random.Generator, tuple], np.ndarray]]

    @property
    def fn(self) -> tf.types.experimental.ConcreteFunction:
        (f,) = self.fns.values()
        return f


@dataclass
class Made:
    """What a coverage builder returns: the flatbuffer and the float graph it came from."""

    buf: bytes
    graph: Graph


def graph(n: Net, f: Callable, inputs: dict[str, tuple], key: str = "serving_default",
          ranges: dict | None = None, feeds: dict | None = None) -> Graph:
    """Wrap f(**inputs) -> dict of outputs as a concrete function.

    `inputs` maps argument name -> shape (float32) or (shape, dtype)."""
    specs = []
    for name, s in inputs.items():
        shape, dtype = (s, tf.float32) if not (s and isinstance(s[-1], tf.DType)) else s
        specs.append(tf.TensorSpec(shape, dtype, name=name))
    tff = tf.function(f, input_signature=specs)
    setattr(n, f"fn_{key}", tff)  # tracked by the module, like Net.build does
    return Graph(n, {key: tff.get_concrete_function()}, dict(ranges or {}), dict(feeds or {}))


def calibration(g: Graph, seed: int) -> Callable:
    """Representative dataset for a one-signature graph of float inputs."""
    rng = np.random.default_rng(seed)
    specs = list(g.fn.structured_input_signature[0])
    samples = [
        [rng.uniform(*g.ranges.get(s.name, DEFAULT_RANGE), s.shape).astype(np.float32)
         for s in specs]
        for _ in range(REPRESENTATIVE_SAMPLES)
    ]
    return lambda: iter(samples)


def tflite(g: Graph, *, opt: bool = False, int8: bool = False, int16x8: bool = False,
           io: tf.DType | None = None, f16: bool = False, **attrs) -> bytes:
    """tf.lite.TFLiteConverter over the graph's functions, with the usual knobs.

    opt: Optimize.DEFAULT (alone: dynamic-range weights); int8 / int16x8: full
    integer with calibration; io: inference input/output type; f16: float16
    weights; attrs: any other converter attribute (e.g. the experimental ones)."""
    conv = tf.lite.TFLiteConverter.from_concrete_functions(list(g.fns.values()), g.module)
    if opt or int8 or int16x8 or f16:
        conv.optimizations = [tf.lite.Optimize.DEFAULT]
    if f16:
        conv.target_spec.supported_types = [tf.float16]
    if int8 or int16x8:
        conv.representative_dataset = calibration(g, zlib.crc32(repr(sorted(g.fns)).encode()))
        conv.target_spec.supported_ops = [
            tf.lite.OpsSet.EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8
            if int16x8 else tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
    if io is not None:
        conv.inference_input_type = io
        conv.inference_output_type = io
    for k, v in attrs.items():
        if k == "optimizations":
            conv.optimizations = v
        else:
            setattr(conv, k, v)
    return conv.convert()


def aeq(g: Graph, recipe_name: str) -> bytes:
    """Convert to float, then quantize with an ai-edge-quantizer recipe."""
    from ai_edge_quantizer import quantizer, recipe  # only the coverage models need it

    qt = quantizer.Quantizer(tflite(g))
    qt.load_quantization_recipe(getattr(recipe, recipe_name)())
    return bytes(qt.quantize().quantized_model)


# --- the graphs --------------------------------------------------------------


def cnn_mixed_graph(n: Net) -> Graph:
    """A small CNN that also runs most of the 'glue' ops real models have."""
    w1, b1 = n.conv_filter(3, 3, 3, 8), n.bias(8)
    wd, bd = n.depthwise_filter(3, 3, 8, 1), n.bias(8)
    w2, b2 = n.conv_filter(3, 3, 16, 16), n.bias(16)  # 2304 weights: hybrid-quantized
    sc, sh = n.constant((16,), 0.5, 1.5), n.constant((16,), -0.3, 0.3)
    wf, bf = n.dense(16, 80), n.bias(80)  # 1280 weights: hybrid-quantized

    def f(x):  # 1x11x8x3
        y = tf.pad(x, [[0, 0], [1, 1], [0, 2], [0, 0]])  # 1x13x10x3
        y = tf.nn.relu6(tf.nn.conv2d(y, w1, 1, "VALID") + b1)  # 1x11x8x8
        y = tf.nn.depthwise_conv2d(y, wd, (1, 1, 1, 1), "SAME") + bd
        p = tf.nn.max_pool2d(y, 2, 2, "VALID")  # 1x5x4x8
        q = tf.nn.avg_pool2d(y, 2, 2, "VALID")
        c = tf.concat([tf.tanh(p), tf.sigmoid(q)], axis=3)  # 1x5x4x16
        c = tf.nn.relu(tf.nn.conv2d(c, w2, 1, "SAME") + b2)
        r = tf.image.resize(c, (9, 7), method="bilinear")  # 1x9x7x16
        t = tf.transpose(r, [0, 2, 1, 3])  # 1x7x9x16
        s = t[:, 1:6:2, ::2, :]  # 1x3x5x16
        g = tf.gather(s, [3, 0, 2], axis=2)  # 1x3x3x16
        d = tf.reduce_mean(g, axis=[1, 2]) * sc - sh  # 1x16
        e = d + tf.reduce_mean(c, axis=[1, 2])
        return {"probs": tf.nn.softmax(tf.matmul(e, wf) + bf)}  # 1x80

    return graph(n, f, {"x": (1, 11, 8, 3)})


def fc_deep_graph(n: Net) -> Graph:
    """Two FCs with input depths 128 and 64 (multiples of 32: blockwise-quantizable)."""
    w1, b1 = n.dense(128, 64), n.bias(64)
    w2, b2 = n.dense(64, 24), n.bias(24)
    return graph(n, lambda x: {"y": tf.matmul(tf.nn.relu(tf.matmul(x, w1) + b1), w2) + b2},
                 {"x": (3, 128)})


def lstm_graph(n: Net) -> Graph:
    # Keras 2 (tf_keras) LSTM: its tf.function carries the api_implements
    # attribute the converter fuses into UNIDIRECTIONAL_SEQUENCE_LSTM; a Keras 3
    # LSTM becomes a WHILE loop over resource variables instead.
    import tf_keras

    tf_keras.utils.set_random_seed(int(n.rng.integers(2**31)))
    layer = tf_keras.layers.LSTM(6, return_sequences=True)
    m = tf_keras.Sequential([tf_keras.Input((7, 5), batch_size=1), layer])
    n.keras = m
    return graph(n, lambda x: {"h": m(x)}, {"x": (1, 7, 5)})


# --- coverage builders: one per model ------------------------------------------


def cov_cnn_mixed_float32(n: Net) -> Made:
    g = cnn_mixed_graph(n)
    return Made(tflite(g), g)


def cov_cnn_mixed_float16w(n: Net) -> Made:
    g = cnn_mixed_graph(n)
    return Made(tflite(g, f16=True), g)


def cov_cnn_mixed_dynamic_int8w(n: Net) -> Made:
    g = cnn_mixed_graph(n)
    return Made(tflite(g, opt=True), g)


def cov_cnn_mixed_int8(n: Net) -> Made:
    g = cnn_mixed_graph(n)
    return Made(tflite(g, int8=True, io=tf.int8), g)


def cov_cnn_mixed_int8_per_tensor(n: Net) -> Made:
    g = cnn_mixed_graph(n)
    return Made(tflite(g, int8=True, _experimental_disable_per_channel=True), g)


def cov_cnn_mixed_int16x8(n: Net) -> Made:
    g = cnn_mixed_graph(n)
    return Made(tflite(g, int16x8=True, io=tf.int16), g)


def cov_cnn_mixed_uint8_io(n: Net) -> Made:
    g = cnn_mixed_graph(n)
    return Made(tflite(g, int8=True, io=tf.uint8), g)


def cov_conv_fake_quant_uint8(n: Net) -> Made:
    # The TF1 path with inference_type=uint8: a fake-quant graph becomes a
    # uint8 model (uint8 per-tensor weights, zero points != 0, int32 bias).
    w = n.conv_filter(3, 3, 3, 4).numpy()
    bias = n.bias(4).numpy()

    def f(x):  # 1x6x7x3
        xq = tf.quantization.fake_quant_with_min_max_args(x, -1.0, 1.0)
        wq = tf.quantization.fake_quant_with_min_max_args(tf.constant(w), -1.5, 1.5)
        y = tf.nn.conv2d(xq, wq, 1, "SAME") + bias
        y = tf.quantization.fake_quant_with_min_max_args(y, -3.0, 3.0)
        return {"y": tf.quantization.fake_quant_with_min_max_args(tf.nn.relu(y), 0.0, 3.0)}

    tf1 = tf.compat.v1
    with tf.Graph().as_default() as tg, tf1.Session(graph=tg) as sess:
        x = tf1.placeholder(tf.float32, (1, 6, 7, 3), name="x")
        conv = tf1.lite.TFLiteConverter.from_session(sess, [x], [f(x)["y"]])
        conv.inference_type = tf.uint8
        conv.quantized_input_stats = {"x": (128.0, 127.5)}  # (mean, std): real = (q - 128) / 127.5
        buf = conv.convert()
    return Made(buf, graph(n, f, {"x": (1, 6, 7, 3)}, ranges={"x": (-1.0, 1.0)}))


def cov_fc_blockwise32_int4w(n: Net) -> Made:
    g = fc_deep_graph(n)
    return Made(aeq(g, "dynamic_wi4b32_afp32"), g)


def cov_fc_blockwise_narrow_int4w(n: Net) -> Made:
    # two heads of 2 and 3 units: too narrow for TFLite's blockwise kernel (4 units at least)
    w1, b1, w2, b2 = n.dense(64, 2), n.bias(2), n.dense(64, 3), n.bias(3)
    g = graph(n, lambda x: {"a": tf.matmul(x, w1) + b1, "b": tf.matmul(x, w2) + b2}, {"x": (3, 64)})
    return Made(aeq(g, "dynamic_wi4b32_afp32"), g)


def cov_fc_channel_int4w(n: Net) -> Made:
    g = fc_deep_graph(n)
    return Made(aeq(g, "dynamic_wi4_afp32"), g)


def cov_fc_weight_only_int8w(n: Net) -> Made:
    g = fc_deep_graph(n)
    return Made(aeq(g, "weight_only_wi8_afp32"), g)


def cov_fc_weight_only_int4w(n: Net) -> Made:
    g = fc_deep_graph(n)
    return Made(aeq(g, "weight_only_wi4_afp32"), g)


def cov_fc_aeq_static_int16x8(n: Net) -> Made:
    from ai_edge_quantizer import quantizer, recipe

    g = fc_deep_graph(n)
    qt = quantizer.Quantizer(tflite(g))
    qt.load_quantization_recipe(recipe.static_wi8_ai16())
    data = calibration(g, 7)()
    calib = qt.calibrate({"serving_default": [{"x": s[0]} for s in data]})
    return Made(bytes(qt.quantize(calib).quantized_model), g)


def cov_fc_buffer_offset_float32(n: Net) -> Made:
    # The converter's >2 GB layout on a small model: constant data after the
    # flatbuffer, Buffer.offset/size relative to the start of the file.
    g = fc_deep_graph(n)
    return Made(sort_offset_buffers(tflite(g, _experimental_use_buffer_offset=True)), g)


def sort_offset_buffers(buf: bytes) -> bytes:
    """Lay the data stored after the flatbuffer out in buffer-index order.

    The converter writes it in hash-map order, which changes from run to run;
    this keeps its layout (one contiguous block starting where the converter
    started it, deduplicated buffers sharing one range) but fixes the order, and
    rewrites Buffer.offset in place."""
    out = bytearray(buf)
    model = schema.Model.GetRootAs(out, 0)
    ranges = {}  # (offset, size) -> buffer indices, in index order
    for i in range(model.BuffersLength()):
        b = model.Buffers(i)
        if b.Offset() > 1:
            ranges.setdefault((b.Offset(), b.Size()), []).append(i)
    start = min(o for o, _ in ranges)
    if sum(size for _, size in ranges) != max(o + size for o, size in ranges) - start:
        raise RuntimeError("buffer data after the flatbuffer is not one contiguous block")
    pos = start
    for (offset, size), indices in sorted(ranges.items(), key=lambda kv: kv[1][0]):
        out[pos:pos + size] = buf[offset:offset + size]
        for i in indices:
            tab = model.Buffers(i)._tab
            field = tab.Offset(6)  # vtable slot of Buffer.offset
            struct.pack_into("<Q", out, tab.Pos + field, pos)
        pos += size
    return bytes(out)


def cov_while_loop_float32(n: Net) -> Made:
    c = n.constant((2, 3), -0.2, 0.2)

    def f(x, steps):
        i0 = tf.constant(0)
        _, y = tf.while_loop(lambda i, y: i < steps,
                             lambda i, y: (i + 1, tf.tanh(y) * 1.5 + c), [i0, x])
        return {"y": y}

    return Made(*_same(graph(n, f, {"x": (2, 3), "steps": ((), tf.int32)},
                             feeds={"steps": lambda rng, s: np.array(4, np.int32)})))


def cov_if_cond_float32(n: Net) -> Made:
    def f(x, p):
        return {"y": tf.cond(p[0] > 0.0, lambda: tf.nn.relu(x) * 2.0,
                             lambda: tf.sigmoid(x) - 1.0)}

    return Made(*_same(graph(n, f, {"x": (2, 5), "p": (1,)}, ranges={"p": (0.5, 1.0)})))


def cov_resource_variable_float32(n: Net) -> Made:
    n.acc = tf.Variable(np.full((2, 3), 0.25, np.float32))

    def f(x):
        n.acc.assign_add(x)
        return {"y": n.acc.read_value() * 2.0}

    g = graph(n, f, {"x": (2, 3)})
    return Made(tflite(g, experimental_enable_resource_variables=True), g)


def cov_multi_signature_float32(n: Net) -> Made:
    w = n.dense(3, 4)

    def encode(x):  # the converter names each signature after its function
        return {"code": tf.matmul(x, w)}

    def decode(a, b):
        return {"diff": tf.nn.relu(a - b), "sum": a + b}

    enc = graph(n, encode, {"x": (2, 3)}, key="encode")
    dec = graph(n, decode, {"a": (2, 4), "b": (2, 4)}, key="decode")
    g = Graph(n, {**enc.fns, **dec.fns}, {}, {})
    return Made(tflite(g), g)


def cov_bool_int64_float32(n: Net) -> Made:
    def f(x, y):
        mask = tf.logical_and(x > 0.0, y >= 0.5)  # bool
        idx = tf.argmax(x, axis=1)  # int64
        return {"sel": tf.where(mask, x, y), "argmax": idx,
                "idx32": tf.cast(idx, tf.int32) * 2 + 1, "mask": mask,
                "nand": tf.logical_not(mask), "lt": x < y}

    return Made(*_same(graph(n, f, {"x": (2, 5), "y": (2, 5)})))


def cov_rfft2d_complex64(n: Net) -> Made:
    def f(x):
        z = tf.signal.rfft2d(x)  # complex64 1x4x5
        return {"re": tf.math.real(z), "im": tf.math.imag(z), "abs": tf.abs(z)}

    return Made(*_same(graph(n, f, {"x": (1, 4, 8)})))


class _NamedKeyValueInitializer(tf.lookup.KeyValueTensorInitializer):
    # The table's shared name is hashed into HashtableOptions.table_id; by
    # default it is a process-wide counter, so fix it for reproducible files.
    _shared_name = "colors"


def cov_hashtable_string(n: Net) -> Made:
    n.table = tf.lookup.StaticHashTable(
        _NamedKeyValueInitializer(tf.constant(["red", "green", "blue"]),
                                  tf.constant([3, 5, 7], tf.int64)), -1)
    words = np.array([b"blue", b"red", b"nope", b"green", b"red"])
    return Made(*_same(graph(n, lambda s: {"id": n.table.lookup(s)}, {"s": ((5,), tf.string)},
                             feeds={"s": lambda rng, shape: rng.permutation(words)})))


def cov_dynamic_batch_float32(n: Net) -> Made:
    w, b = n.dense(5, 4), n.bias(4)

    def f(x):  # None x 5
        y = tf.nn.relu(tf.matmul(x, w) + b)
        rows = tf.cast(tf.range(tf.shape(x)[0]), tf.float32)  # SHAPE, RANGE on a dynamic dim
        return {"y": y + tf.expand_dims(rows, 1), "total": tf.reduce_sum(y, axis=1)}

    return Made(*_same(graph(n, f, {"x": (None, 5)})))


def _sparse_graph(n: Net, block: bool) -> Graph:
    w = n.dense(64, 32).numpy()
    if block:  # zero 1x4 blocks of the [out, in] weight: 4 consecutive inputs of one output
        w.reshape(16, 4, 32).transpose(0, 2, 1)[n.rng.random((16, 32)) < 0.7] = 0.0
    else:
        w[n.rng.random(w.shape) < 0.85] = 0.0
    wv = n._var(w)
    return graph(n, lambda x: {"y": tf.matmul(x, wv)}, {"x": (2, 64)})


def cov_fc_sparse_densify_float32(n: Net) -> Made:
    g = _sparse_graph(n, block=False)
    return Made(tflite(g, optimizations=[tf.lite.Optimize.EXPERIMENTAL_SPARSITY]), g)


def cov_fc_sparse_block1x4_float32(n: Net) -> Made:
    g = _sparse_graph(n, block=True)
    return Made(tflite(g, optimizations=[tf.lite.Optimize.EXPERIMENTAL_SPARSITY]), g)


def cov_fc_sparse_densify_int8(n: Net) -> Made:
    g = _sparse_graph(n, block=False)
    return Made(tflite(g, int8=True, optimizations=[tf.lite.Optimize.EXPERIMENTAL_SPARSITY,
                                                     tf.lite.Optimize.DEFAULT]), g)


def cov_lstm_float32(n: Net) -> Made:
    g = lstm_graph(n)
    return Made(tflite(g), g)


def cov_lstm_int8(n: Net) -> Made:
    g = lstm_graph(n)
    return Made(tflite(g, int8=True), g)


def cov_op_zoo_math_float32(n: Net) -> Made:
    wm = n.dense(7, 7)

    def f(a, b):  # a: 2x3x7 any sign, b: 2x3x7 positive
        return {
            "abs_neg": tf.abs(a) - tf.negative(b),
            "exp_log": tf.exp(a * 0.5) + tf.math.log(b),
            "sqrt_rsqrt": tf.sqrt(b) * tf.math.rsqrt(b + 1.0),
            "square_sqdiff": tf.square(a) + tf.math.squared_difference(a, b),
            "sin_cos": tf.sin(a) + tf.cos(b),
            "floor": tf.floor(a) * b,
            "max_min": tf.maximum(a, b) - tf.minimum(a, 0.5),
            "div_pow": a / b + tf.pow(b, a),
            "floordiv_mod": tf.math.floordiv(a, b) + tf.math.floormod(a, b),
            "act": (tf.nn.leaky_relu(a, 0.2) + tf.nn.relu6(a * 4.0)
                    + tf.clip_by_value(a, -1.0, 1.0)),
            "hswish_gelu": a * tf.nn.relu6(a + 3.0) / 6.0 + tf.nn.gelu(b, approximate=True),
            "sign_logsig": tf.sign(a) * tf.math.log_sigmoid(b),
            "reduce": (tf.reduce_max(a, axis=2) + tf.reduce_min(b, axis=2)
                       + tf.reduce_prod(b, axis=2) + tf.reduce_sum(a, axis=2)),
            "cumsum": tf.cumsum(a, axis=2),
            "l2norm": tf.math.l2_normalize(a, axis=-1),
            "log_softmax": tf.nn.log_softmax(a),
            "bmm": tf.matmul(a, b, transpose_b=True),
            "fc": tf.matmul(tf.reshape(a, (6, 7)), wm),
            "cmp": (tf.cast(tf.logical_or(tf.equal(tf.floor(a), 1.0), tf.not_equal(a, b)),
                            tf.float32) + tf.cast(a <= b, tf.float32)),
            "select": tf.where(a > 0.5, a, b),
        }

    return Made(*_same(graph(n, f, {"a": (2, 3, 7), "b": (2, 3, 7)},
                             ranges={"a": (-2.0, 2.0), "b": (0.5, 2.0)})))


def cov_op_zoo_shape_float32(n: Net) -> Made:
    tw = n._var(n.rng.normal(0, 0.3, (3, 3, 5, 4)))  # conv2d_transpose filter: H W out in
    wm = n.dense(7, 6)
    alpha = n.constant((6,), 0.1, 0.3)

    def f(x, y):  # x: 1x6x8x4, y: 2x7
        h = tf.matmul(y, wm)
        return {
            "tconv": tf.nn.conv2d_transpose(x, tw, (1, 12, 16, 5), 2, "SAME"),
            "s2d": tf.nn.space_to_depth(x, 2),
            "d2s": tf.nn.depth_to_space(x, 2),
            "s2b": tf.space_to_batch_nd(x, [2, 2], [[0, 0], [0, 0]]),
            "b2s": tf.compat.v1.batch_to_space_nd(tf.reshape(x, (4, 3, 4, 4)), [2, 2],
                                                  [[0, 0], [0, 0]]),
            "mirror_pad": tf.pad(x, [[0, 0], [1, 2], [2, 1], [0, 0]], mode="REFLECT"),
            "padv2": tf.pad(x, [[0, 0], [1, 0], [0, 1], [0, 0]], constant_values=-1.0),
            "nearest": tf.image.resize(x, (9, 13), method="nearest"),
            "split": tf.concat(tf.split(x, 2, axis=3)[::-1], axis=1),
            "split_v": tf.split(x, [1, 3], axis=3)[1],
            "pack_unpack": tf.stack(tf.unstack(y, axis=1)[::-1], axis=0),
            "tile": tf.tile(y, [2, 3]),
            "slice": tf.slice(x, [0, 1, 2, 1], [1, 3, 4, 2]),
            "reverse": tf.reverse(y, axis=[1]),
            "broadcast_to": tf.broadcast_to(tf.reshape(y, (2, 1, 7)), (2, 5, 7)),
            "bmm": tf.matmul(tf.reshape(x, (6, 8, 4)), tf.reshape(x, (6, 8, 4)), transpose_b=True),
            "prelu_like": tf.nn.relu(h) - alpha * tf.nn.relu(-h),
            "topk": tf.math.top_k(y, 3).values,
            "one_hot": tf.one_hot(tf.argmin(y, axis=1), 5),
            "gather_nd": tf.gather_nd(y, [[1, 2], [0, 6]]),
        }

    return Made(*_same(graph(n, f, {"x": (1, 6, 8, 4), "y": (2, 7)})))


def _same(g: Graph) -> tuple[bytes, Graph]:
    """Plain float conversion of a graph: (flatbuffer, graph)."""
    return tflite(g), g


# --- the coverage table --------------------------------------------------------


@dataclass(frozen=True)
class Cov:
    name: str  # file is coverage/NAME.tflite
    build: Callable[[Net], Made]
    ops: tuple[str, ...]  # builtin ops (any subgraph) the file must contain
    types: tuple[str, ...]  # tensor types the file must contain
    quant: tuple[str, ...] = ()  # quantization schemes / structure it must contain
    resolver: str = "ref"  # "ref": runs under BUILTIN_REF; "default": only the default resolver
    # Build in a fresh Python process: for graphs whose converted names carry
    # TensorFlow's process-wide uid counter (tf.cond branch functions).
    isolate: bool = False
    tol: float = 1e-4  # max |tflite - tf| / max |tf| per output
    note: str = ""


F32, F16, I8, I16, I32, I64, U8, I4 = "FLOAT32", "FLOAT16", "INT8", "INT16", "INT32", "INT64", "UINT8", "INT4"
CNN_OPS = ("PAD", "CONV_2D", "DEPTHWISE_CONV_2D", "MAX_POOL_2D", "AVERAGE_POOL_2D", "TANH",
           "LOGISTIC", "CONCATENATION", "RESIZE_BILINEAR", "TRANSPOSE", "STRIDED_SLICE", "GATHER",
           "MEAN", "MUL", "SUB", "ADD", "FULLY_CONNECTED", "SOFTMAX")
CNN_NOTE = ("1x11x8x3 -> pad, conv 3x3 relu6, dw conv, max/avg pool, concat(tanh, logistic), "
            "conv 3x3 relu, resize bilinear 9x7, transpose, strided slice, gather, mean, mul, "
            "sub, add, fc 16->80, softmax")

COVERAGE: list[Cov] = [
    Cov("cnn-mixed.float32", cov_cnn_mixed_float32, CNN_OPS, (F32, I32), ("float",),
        note=CNN_NOTE),
    Cov("cnn-mixed.float16w", cov_cnn_mixed_float16w, CNN_OPS + ("DEQUANTIZE",), (F32, F16),
        ("float16-weights",), tol=2e-3,
        note="same graph, target_spec.supported_types=[float16]: every float constant is "
             "FLOAT16 behind a DEQUANTIZE"),
    Cov("cnn-mixed.dynamic-int8w", cov_cnn_mixed_dynamic_int8w, CNN_OPS, (F32, I8),
        ("hybrid", "per-axis"), tol=0.03,
        note="same graph, Optimize.DEFAULT without calibration: the 2 weights with >= 1024 "
             "elements (conv 3x3x16x16, fc 16x80) are int8 per-channel, activations float "
             "(hybrid CONV_2D / FULLY_CONNECTED); the depthwise filter stays float"),
    Cov("cnn-mixed.int8", cov_cnn_mixed_int8, CNN_OPS + ("QUANTIZE",), (I8, I32),
        ("per-tensor", "per-axis"), tol=0.06,
        note="same graph, full int8 with int8 model inputs/outputs"),
    Cov("cnn-mixed.int8-per-tensor", cov_cnn_mixed_int8_per_tensor,
        CNN_OPS + ("QUANTIZE", "DEQUANTIZE"), (F32, I8, I32), ("per-tensor",), tol=0.08,
        note="same graph, full int8 with per-tensor weights "
             "(_experimental_disable_per_channel), float32 model inputs/outputs"),
    Cov("cnn-mixed.int16x8", cov_cnn_mixed_int16x8, CNN_OPS + ("QUANTIZE",), (I16, I8, I32, I64),
        ("per-tensor", "per-axis"), tol=0.01,
        note="same graph, EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8: int16 "
             "activations (zero point 0), int8 weights, int64 conv/fc biases, int16 model io"),
    Cov("cnn-mixed.uint8-io", cov_cnn_mixed_uint8_io, CNN_OPS + ("QUANTIZE",), (U8, I8, I32),
        ("per-tensor", "per-axis"), tol=0.06,
        note="same graph, full int8 with inference_input/output_type=uint8: uint8 <-> int8 "
             "QUANTIZE at the model boundary"),
    Cov("conv-fake-quant.uint8", cov_conv_fake_quant_uint8, ("CONV_2D",), (U8, I32),
        ("per-tensor",), tol=0.03,
        note="1x6x7x3 -> 1x6x7x4, TF1 from_session with inference_type=uint8 over a fake-quant "
             "graph: uint8 activations and per-tensor uint8 weights, no SignatureDef"),
    Cov("fc-blockwise32.int4w", cov_fc_blockwise32_int4w, ("FULLY_CONNECTED",), (F32, F16, I4),
        ("blockwise", "packed-int4", "hybrid"), resolver="default", tol=0.25,
        note="3x128 -> fc 64 relu -> fc 24; ai-edge-quantizer dynamic_wi4b32_afp32: INT4 "
             "weights with BlockwiseQuantization(block_size 32) and FLOAT16 scale tensors. "
             "BUILTIN_REF loads and runs it but returns all zeros"),
    Cov("fc-blockwise-narrow.int4w", cov_fc_blockwise_narrow_int4w, ("FULLY_CONNECTED",), (F32, F16, I4),
        ("blockwise", "packed-int4", "hybrid"), resolver="default", tol=0.25,
        note="3x64 -> two heads, fc 2 and fc 3, ai-edge-quantizer dynamic_wi4b32_afp32. Narrower "
             "than 4 units, so the optimized kernels skip their blockwise path too and read the "
             "weights as per-axis ones; only XNNPACK (the default resolver) computes it"),
    Cov("fc-channel.int4w", cov_fc_channel_int4w, ("FULLY_CONNECTED",), (F32, I4),
        ("per-axis", "packed-int4", "hybrid"), tol=0.25,
        note="same graph, ai-edge-quantizer dynamic_wi4_afp32: per-channel INT4 weights "
             "(two per byte), float activations"),
    Cov("fc-weight-only.int8w", cov_fc_weight_only_int8w, ("DEQUANTIZE", "FULLY_CONNECTED"),
        (F32, I8), ("per-axis", "weight-only"), tol=0.03,
        note="same graph, ai-edge-quantizer weight_only_wi8_afp32: int8 weights -> DEQUANTIZE "
             "-> float FULLY_CONNECTED"),
    Cov("fc-weight-only.int4w", cov_fc_weight_only_int4w, ("DEQUANTIZE", "FULLY_CONNECTED"),
        (F32, I4), ("per-axis", "packed-int4", "weight-only"), tol=0.25,
        note="same graph, ai-edge-quantizer weight_only_wi4_afp32: INT4 weights -> DEQUANTIZE"),
    Cov("fc-aeq-static.int16x8", cov_fc_aeq_static_int16x8, ("FULLY_CONNECTED",),
        (I16, I8, I64), ("per-tensor", "per-axis"), tol=0.3,
        note="same graph, ai-edge-quantizer static_wi8_ai16 (its own writer, not the "
             "converter's): int16 model io and activations (zero point 0), int8 per-channel "
             "weights, int64 per-channel biases. Its calibration averages per-sample min/max, "
             "so large activations clip (hence the loose tolerance)"),
    Cov("fc-buffer-offset.float32", cov_fc_buffer_offset_float32, ("FULLY_CONNECTED",), (F32,),
        ("buffer-offset",),
        note="same graph, _experimental_use_buffer_offset: constant data after the flatbuffer "
             "(Buffer.offset/size), as in models > 2 GB"),
    Cov("while-loop.float32", cov_while_loop_float32, ("WHILE", "LESS", "TANH"), (F32, I32, "BOOL"),
        ("subgraphs=3",),
        note="y = tanh(y) * 1.5 + c, `steps` (int32 scalar input, fed 4) times; cond and "
             "body subgraphs"),
    Cov("if-cond.float32", cov_if_cond_float32, ("IF", "GREATER", "RELU", "LOGISTIC"),
        (F32, "BOOL"), ("subgraphs=3",), isolate=True,
        note="2x5: p[0] > 0 ? relu(x) * 2 : sigmoid(x) - 1; then/else subgraphs"),
    Cov("resource-variable.float32", cov_resource_variable_float32,
        ("CALL_ONCE", "VAR_HANDLE", "READ_VARIABLE", "ASSIGN_VARIABLE"), (F32, "RESOURCE"),
        ("subgraphs=2",),
        note="acc += x; return acc * 2 (acc a 2x3 variable initialised to 0.25 by the "
             "CALL_ONCE init subgraph)"),
    Cov("multi-signature.float32", cov_multi_signature_float32,
        ("FULLY_CONNECTED", "SUB", "ADD"), (F32,), ("subgraphs=2", "signatures=2"),
        note="signatures `encode` (2x3 @ 3x4) and `decode` (relu(a - b) as SUB with fused "
             "RELU, a + b; 2x4), one subgraph each, subgraphs in signature-key order"),
    Cov("bool-int64.float32", cov_bool_int64_float32,
        ("GREATER", "GREATER_EQUAL", "LESS", "LOGICAL_AND", "LOGICAL_NOT", "ARG_MAX", "CAST",
         "SELECT"),
        (F32, "BOOL", I64, I32), (),
        note="2x5: bool mask output, int64 arg_max output, int32 index math, select"),
    Cov("rfft2d.complex64", cov_rfft2d_complex64, ("RFFT2D", "REAL", "IMAG", "COMPLEX_ABS"),
        (F32, "COMPLEX64"), (),
        note="1x4x8 -> complex64 1x4x5 -> real, imag, abs"),
    Cov("hashtable.string", cov_hashtable_string,
        ("CALL_ONCE", "HASHTABLE", "HASHTABLE_FIND", "HASHTABLE_IMPORT"),
        ("STRING", I64, "RESOURCE"), ("subgraphs=2", "string-constant"), resolver="default",
        tol=0.0,
        note="string[5] -> int64 ids through a StaticHashTable (init subgraph imports "
             "string keys); HASHTABLE* are not in BUILTIN_REF"),
    Cov("dynamic-batch.float32", cov_dynamic_batch_float32,
        ("FULLY_CONNECTED", "SHAPE", "RANGE", "SUM"), (F32, I32), ("dynamic-shape",),
        note="x: ?x5 (shape_signature -1; run with batch 3) -> fc 5->4 relu + row index, sum"),
    Cov("fc-sparse-densify.float32", cov_fc_sparse_densify_float32,
        ("DENSIFY", "FULLY_CONNECTED"), (F32,), ("sparse",),
        note="2x64 @ 64x32 with 85% zero weights, EXPERIMENTAL_SPARSITY: sparse constant "
             "(traversal_order [0, 1], dims DENSE 32 / SPARSE_CSR with uint8 segments and "
             "indices) + DENSIFY"),
    Cov("fc-sparse-block1x4.float32", cov_fc_sparse_block1x4_float32, ("FULLY_CONNECTED",),
        (F32,), ("sparse",),
        note="2x64 @ 64x32 whose [out, in] weight has zero 1x4 blocks: block-sparse weight "
             "(traversal_order [0, 1, 2], block_map [1], dims DENSE 32 / SPARSE_CSR / DENSE 4) "
             "read by FULLY_CONNECTED directly, no DENSIFY"),
    Cov("fc-sparse-densify.int8", cov_fc_sparse_densify_int8,
        ("QUANTIZE", "DENSIFY", "FULLY_CONNECTED", "DEQUANTIZE"), (F32, I8),
        ("sparse", "per-tensor", "per-axis"), tol=0.03,
        note="same as fc-sparse-densify, full int8 (float io): sparse int8 per-channel "
             "weight + DENSIFY"),
    Cov("lstm.float32", cov_lstm_float32, ("UNIDIRECTIONAL_SEQUENCE_LSTM",), (F32,),
        ("variable-tensor",),
        note="tf_keras LSTM(6, return_sequences) on 1x7x5: fused op, 24 inputs, h/c state "
             "tensors is_variable"),
    Cov("lstm.int8", cov_lstm_int8, ("QUANTIZE", "UNIDIRECTIONAL_SEQUENCE_LSTM", "DEQUANTIZE"),
        (F32, I8, I16, I32), ("variable-tensor", "per-tensor"), tol=0.05,
        note="same, full int8 (float io): int8 weights, int16 cell state, intermediate "
             "tensors with their own scales"),
    Cov("op-zoo-math.float32", cov_op_zoo_math_float32,
        ("ABS", "NEG", "EXP", "LOG", "SQRT", "RSQRT", "SQUARE", "SQUARED_DIFFERENCE", "SIN", "COS",
         "FLOOR", "MAXIMUM", "MINIMUM", "DIV", "POW", "FLOOR_DIV", "FLOOR_MOD",
         "LEAKY_RELU", "RELU_N1_TO_1", "HARD_SWISH", "GELU", "SIGN", "REDUCE_MAX",
         "REDUCE_MIN", "REDUCE_PROD", "SUM", "CUMSUM", "L2_NORMALIZATION", "LOG_SOFTMAX",
         "BATCH_MATMUL", "FULLY_CONNECTED", "EQUAL", "NOT_EQUAL", "LESS_EQUAL", "GREATER",
         "LOGICAL_OR", "CAST", "SELECT"),
        (F32, "BOOL"), (), tol=1e-3,
        note="2x3x7 elementwise, reduction and activation ops (ROUND, CEIL and ELU are left "
             "out: they are not in BUILTIN_REF)"),
    Cov("op-zoo-shape.float32", cov_op_zoo_shape_float32,
        ("TRANSPOSE_CONV", "SPACE_TO_DEPTH", "DEPTH_TO_SPACE", "SPACE_TO_BATCH_ND",
         "BATCH_TO_SPACE_ND", "MIRROR_PAD", "PADV2", "RESIZE_NEAREST_NEIGHBOR", "SPLIT",
         "SPLIT_V", "CONCATENATION", "PACK", "UNPACK", "TILE", "SLICE", "REVERSE_V2",
         "BROADCAST_TO", "BATCH_MATMUL", "RELU", "TOPK_V2", "ARG_MIN", "ONE_HOT", "GATHER_ND",
         "RESHAPE"),
        (F32, I32, I64), (),
        note="1x6x8x4 and 2x7: layout, slicing, padding and index ops"),
]


# --- what a flatbuffer contains ------------------------------------------------

_TYPE_NAMES = {v: k for k, v in vars(schema.TensorType).items() if not k.startswith("_")}


def coverage_of(buf: bytes) -> dict[str, set[str]]:
    """Builtin ops, tensor types and quantization / structure features of a model."""
    model = schema.ModelT.InitFromPackedBuf(buf, 0)
    ops = set(ops_in_graph(buf))
    types: set[str] = set()
    quant: set[str] = {f"subgraphs={len(model.subgraphs)}",
                       f"signatures={len(model.signatureDefs or [])}"}
    codes = [max(c.builtinCode, c.deprecatedBuiltinCode) for c in model.operatorCodes]
    buffers = model.buffers or []
    if any(b.offset > 1 for b in buffers):
        quant.add("buffer-offset")
    for sg in model.subgraphs:
        const = set()
        for i, t in enumerate(sg.tensors):
            types.add(_TYPE_NAMES[t.type])
            b = buffers[t.buffer] if t.buffer < len(buffers) else None
            if b is not None and (b.data is not None or b.offset > 1):
                const.add(i)
                if t.type == schema.TensorType.STRING:
                    quant.add("string-constant")
            if t.isVariable:
                quant.add("variable-tensor")
            if t.sparsity is not None:
                quant.add("sparse")
            if t.shapeSignature is not None and -1 in list(t.shapeSignature):
                quant.add("dynamic-shape")
            if t.type == schema.TensorType.INT4 and i in const:
                quant.add("packed-int4")
            if t.type == schema.TensorType.FLOAT16 and i in const:
                quant.add("float16-weights")
            q = t.quantization
            if q is None:
                continue
            if q.detailsType == schema.QuantizationDetails.BlockwiseQuantization:
                quant.add("blockwise")
            elif q.scale is not None and len(q.scale) > 1:
                quant.add("per-axis")
            elif q.scale is not None and len(q.scale) == 1:
                quant.add("per-tensor")
            elif q.min is not None or q.max is not None:
                quant.add("min-max-only")
        for op in sg.operators:
            ins = [sg.tensors[i] for i in (op.inputs if op.inputs is not None else []) if i >= 0]
            outs = [sg.tensors[i] for i in (op.outputs if op.outputs is not None else [])]
            qconst = [i for i in (op.inputs if op.inputs is not None else [])
                      if i in const and sg.tensors[i].type in (schema.TensorType.INT8,
                                                               schema.TensorType.INT4)]
            if codes[op.opcodeIndex] == schema.BuiltinOperator.DEQUANTIZE:
                if qconst:
                    quant.add("weight-only")
            elif qconst and ins[0].type == schema.TensorType.FLOAT32 and outs and \
                    outs[0].type == schema.TensorType.FLOAT32:
                quant.add("hybrid")
    if not quant & {"per-tensor", "per-axis", "blockwise", "min-max-only", "float16-weights"}:
        quant.add("float")  # no quantized tensor at all
    return {"ops": ops, "types": types, "quant": quant}


# --- run and compare -------------------------------------------------------------


def _feed(spec: Cov, made: Made, d: dict, rng: np.random.Generator):
    """(value for the interpreter, value for TF) for one input detail."""
    name = d["name"]
    shape = tuple(int(x) if x > 0 else 3 for x in d.get("shape_signature", d["shape"]))
    if name in made.graph.feeds:
        v = made.graph.feeds[name](rng, shape)
        return v, v
    lo, hi = made.graph.ranges.get(name, DEFAULT_RANGE)
    if d["dtype"] == np.bool_:
        v = rng.random(shape) < 0.5
        return v, v
    x = rng.uniform(lo, hi, shape).astype(np.float32)
    if d["dtype"] == np.float32:
        return x, x
    s, z = d["quantization"]
    info = np.iinfo(d["dtype"])
    q = np.clip(np.round(x / s) + z, info.min, info.max).astype(d["dtype"])
    return q, ((q.astype(np.float32) - z) * s).astype(np.float32)


def _dequant(v: np.ndarray, d: dict) -> np.ndarray:
    s, z = d["quantization"]
    if s and np.issubdtype(v.dtype, np.integer) and v.dtype != np.int64:
        return (v.astype(np.float32) - z) * s
    return v


def run_coverage(spec: Cov, made: Made) -> str:
    """Run every signature once on seeded inputs; compare each output with TF."""
    if spec.resolver == "ref":
        interp = Interpreter(model_content=made.buf,
                             experimental_op_resolver_type=OpResolverType.BUILTIN_REF)
    else:
        try:
            Interpreter(model_content=made.buf,
                        experimental_op_resolver_type=OpResolverType.BUILTIN_REF
                        ).allocate_tensors()
            ref_note = "BUILTIN_REF loads it too"
        except Exception as e:  # noqa: BLE001 - expected: an op BUILTIN_REF lacks
            ref_note = f"BUILTIN_REF: {str(e).splitlines()[0][:60]}"
        interp = Interpreter(model_content=made.buf)
    rng = np.random.default_rng(model_seed(spec.name) + 2)
    sigs = interp.get_signature_list()
    worst = []
    if not sigs:  # TF1-converted: no SignatureDef; match inputs by tensor name
        interp.allocate_tensors()
        feeds = {}
        for d in interp.get_input_details():
            v, x = _feed(spec, made, d, rng)
            interp.set_tensor(d["index"], v)
            feeds[d["name"].split(":")[0]] = x
        interp.invoke()
        got = {f"out{i}": _dequant(interp.get_tensor(d["index"]), d)
               for i, d in enumerate(interp.get_output_details())}
        want = made.graph.fn(**{k: tf.constant(v) for k, v in feeds.items()})
        want = {f"out{i}": v for i, v in enumerate(want.values())}
        worst.append(_compare(spec, got, want))
    for key in sigs:
        runner = interp.get_signature_runner(key)
        details = runner.get_input_details()
        feeds, tf_in = {}, {}
        for name in sorted(details):
            d = dict(details[name], name=name)
            feeds[name], tf_in[name] = _feed(spec, made, d, rng)
        out = runner(**feeds)
        outd = runner.get_output_details()
        got = {k: _dequant(v, outd[k]) for k, v in out.items()}
        want = made.graph.fns[key](**{k: tf.constant(v) for k, v in tf_in.items()})
        worst.append(f"{key}: " + _compare(spec, got, want) if len(sigs) > 1 else
                     _compare(spec, got, want))
    if spec.resolver != "ref":
        worst.append(ref_note)
    return ", ".join(worst)


def _compare(spec: Cov, got: dict, want: dict) -> str:
    if set(got) != set(want):
        raise RuntimeError(f"outputs {sorted(got)} != TF outputs {sorted(want)}")
    worst = 0.0
    for k in got:
        g, w = np.asarray(got[k]), np.asarray(want[k])
        if g.shape != w.shape:
            raise RuntimeError(f"{k}: shape {g.shape} != TF shape {w.shape}")
        if w.dtype.kind in "fc":
            err = float(np.abs(g - w).max() / max(np.abs(w).max(), 1e-6))
            if not np.isfinite(err) or err > spec.tol:
                raise RuntimeError(f"{k}: max|tflite-tf|/max|tf| = {err:.3g} > {spec.tol}")
            worst = max(worst, err)
        elif not np.array_equal(g, w):
            raise RuntimeError(f"{k}: {g.tolist()} != TF {w.tolist()}")
    return f"max rel err {worst:.2g}"


def make_coverage(spec: Cov, out_dir: Path, dump: bool) -> bool:
    tf.keras.utils.set_random_seed(model_seed(spec.name))
    made = spec.build(Net(model_seed(spec.name)))
    path = out_dir / f"{spec.name}.tflite"
    path.write_bytes(made.buf)

    got = coverage_of(made.buf)
    missing = ([o for o in spec.ops if o not in got["ops"]]
               + [t for t in spec.types if t not in got["types"]]
               + [q for q in spec.quant if q not in got["quant"]])
    ok = not missing
    try:
        numerics = run_coverage(spec, made)
    except Exception as e:  # noqa: BLE001 - report every failure the same way
        numerics, ok = f"run/check FAILED: {e}", False
    status = "ok  " if ok else "FAIL"
    print(f"{status} {COVERAGE_DIR}/{path.name:<40} {len(made.buf):>6} B  "
          f"[{spec.resolver}] {numerics}")
    print(f"     ops={sorted(got['ops'])}\n     types={sorted(got['types'])} "
          f"quant={sorted(got['quant'])}")
    if missing:
        print(f"     ERROR: expected but missing: {missing}")
    if dump:
        print(dump_tensors(made.buf))
    return ok


def coverage_table(specs: Sequence[Cov]) -> str:
    rows = ["| model | builtin ops | tensor types | quantization / structure | runs under | what |",
            "| --- | --- | --- | --- | --- | --- |"]
    for s in specs:
        run = "BUILTIN_REF" if s.resolver == "ref" else "default resolver"
        rows.append(f"| `{COVERAGE_DIR}/{s.name}.tflite` | {', '.join(s.ops)} | "
                    f"{', '.join(s.types)} | {', '.join(s.quant) or '-'} | {run} | {s.note} |")
    return "\n".join(rows)


_CHILD = "MAKE_MODELS_ISOLATED"  # set in the child process that builds one `isolate` model


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--out", type=Path, default=Path(__file__).resolve().parent,
                   help=f"directory for the op models; coverage models go to OUT/{COVERAGE_DIR}")
    p.add_argument("--only", nargs="+", metavar="NAME",
                   help="model names (with or without .int8 / .tflite); a bare name such as "
                        "cnn-mixed selects every variant")
    p.add_argument("--table", choices=("ops", "coverage", "all"), default="all",
                   help="which table: the int8 op models, the import-coverage models, or both")
    p.add_argument("--list", action="store_true",
                   help="print the model table(s) as markdown and exit")
    p.add_argument("--dump", action="store_true",
                   help="print each model's tensors and quantization")
    args = p.parse_args(argv)

    specs = MODELS if args.table in ("ops", "all") else []
    covs = COVERAGE if args.table in ("coverage", "all") else []
    if args.only:
        # Accept "pad-asymmetric", "pad-asymmetric.int8" or "pad-asymmetric.int8.tflite".
        def matches(spec: Spec | Cov, n: str) -> bool:
            n = n.removesuffix(".tflite")
            return n in (spec.name, spec.name.split(".")[0])

        unknown = [n for n in args.only if not any(matches(s, n) for s in [*specs, *covs])]
        if unknown:
            p.error(f"unknown model(s): {unknown}; see --list")
        specs = [s for s in specs if any(matches(s, n) for n in args.only)]
        covs = [s for s in covs if any(matches(s, n) for n in args.only)]
    if args.list:
        if specs:
            print(markdown_table(specs))
        if specs and covs:
            print()
        if covs:
            print(coverage_table(covs))
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
    if covs:
        (args.out / COVERAGE_DIR).mkdir(exist_ok=True)
    for cov in covs:
        try:
            if cov.isolate and os.environ.get(_CHILD) != cov.name:
                cmd = [sys.executable, __file__, "--table", "coverage", "--only", cov.name,
                       "--out", str(args.out)] + (["--dump"] if args.dump else [])
                sys.stdout.flush()
                ok = subprocess.run(cmd, env={**os.environ, _CHILD: cov.name}).returncode == 0
            else:
                ok = make_coverage(cov, args.out / COVERAGE_DIR, args.dump)
        except Exception:  # noqa: BLE001 - build or conversion failed: report, go on
            traceback.print_exc()
            print(f"FAIL {cov.name}: could not build or convert (traceback above)")
            ok = False
        if not ok:
            failed.append(cov.name)
    if failed:
        print(f"\n{len(failed)} model(s) FAILED: {failed}", file=sys.stderr)
        return 1
    print(f"\nall {len(specs) + len(covs)} models written to {args.out} and checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
