#!/usr/bin/env python3
"""Build real-architecture TFLite models, quantized every way users quantize them.

Run with a Python that has TensorFlow (2.21 was used), keras, ai-edge-litert,
ai-edge-quantizer and tf-keras (see models/real/README.md):

    $PY models/make_real_models.py                       # every architecture and mode
    $PY models/make_real_models.py --only transformer    # one architecture, every mode
    $PY models/make_real_models.py --only lstm.int8 gru  # single combinations
    $PY models/make_real_models.py --list                # the architecture and mode tables
    $PY models/make_real_models.py --readme              # rewrite README.md from manifest.json

Nothing is downloaded: the Keras applications are built with `weights=None`,
the small models by hand, and every weight comes from a generator seeded with
the architecture's name.  Keras' random initialisation gives the convolution
and dense kernels; then the script makes the weights look trained where
quantization cares: BatchNormalization gamma / beta, biases, PReLU slopes and
LayerNormalization parameters get seeded random values, and one pass in
training mode (momentum 0, dropout off) over seeded data sets every
BatchNormalization's moving statistics, so activations keep a sane range
through deep networks (without it, MobileNetV2's logits grow so large that
TFLite's int8 SOFTMAX kernel aborts the process in Prepare).

Each architecture is built once, in its own Python process (Keras and
TensorFlow name layers and loop bodies with process-wide counters, so a model
comes out byte-identical whether it is made alone or in a full run), and
converted in every mode of MODES: the TensorFlow converter (float32, float16
weights, dynamic range, full int8 with int8 / float32 / uint8 model io,
int16x8) and ai-edge-quantizer recipes (static int8 and int16 activations,
dynamic int8 / int4 / blockwise-int4 weights, weight-only int8 / int4).  Not
every mode works for every architecture; a conversion that raises is recorded
as a failure and the run goes on.

Each file is checked after it is written: a fresh process loads it in the
TFLite interpreter with the BUILTIN_REF kernels (as runtime_check/check/litert.py
does), runs it on seeded random inputs (quantized inputs are fed quantized, and
Keras gets the dequantized values), and `max|tflite - keras| / max|keras|`
over the outputs must be within the mode's loose bound.  When BUILTIN_REF
cannot run a model the default resolver (XNNPACK / optimized kernels) is tried
and the file is kept with a note; a file that fails both is deleted and
recorded as a failure.

Files are `<arch>.<mode>.tflite`.  A file of at most --small-limit KiB goes to
models/real/ (committed), a larger one to --out-large (default build/real-models/).
Every result goes into models/real/manifest.json (sizes, sha256, op histogram,
quantization summary, error figure; failures with their reason), from which
models/real/README.md's tables are written.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import warnings
import zlib
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")  # plain float reference results
os.environ.setdefault("TQDM_DISABLE", "1")  # ai-edge-quantizer's progress bars

import numpy as np

HERE = Path(__file__).resolve().parent
REAL_DIR = HERE / "real"
MANIFEST = "manifest.json"
DEFAULT_LARGE = HERE.parent / "build" / "real-models"
SMALL_LIMIT_KIB = 400
REPRESENTATIVE_SAMPLES = 32  # calibration samples (TF converter and ai-edge-quantizer)
BN_SAMPLES = 32  # batch that sets the BatchNormalization moving statistics
DEFAULT_RANGE = (-1.5, 2.5)  # asymmetric, so int8 input zero points are not 0
CHECK_TIMEOUT = 600  # seconds for one interpreter run


# --------------------------------------------------------------------------
# Architectures.  A builder takes a numpy Generator (seeded from the
# architecture's name; Keras' own initialisers are seeded the same way) and
# returns an uncompiled Keras model whose input has no fixed batch size.
# --------------------------------------------------------------------------


def _keras():
    import keras

    return keras


def mobilenet_v2(rng):
    return _keras().applications.MobileNetV2(
        input_shape=(96, 96, 3), alpha=0.35, weights=None, classes=10)


def mobilenet_v3_small(rng):
    return _keras().applications.MobileNetV3Small(
        input_shape=(96, 96, 3), alpha=0.5, minimalistic=False, weights=None, classes=10)


def mobilenet_v3_large(rng):
    return _keras().applications.MobileNetV3Large(
        input_shape=(96, 96, 3), alpha=0.5, minimalistic=False, weights=None, classes=10)


def efficientnet_b0(rng):
    return _keras().applications.EfficientNetB0(
        input_shape=(64, 64, 3), weights=None, classes=10)


def resnet_v2_blocks(rng):
    """ResNet50V2's stem and one stack of 3 pre-activation bottleneck blocks.

    The same layers as keras.applications.ResNet50V2 (residual_block_v2):
    BN-ReLU pre-activation, 1x1 conv shortcut in the first block, 1x1 max-pool
    shortcut in the strided last block, explicit ZeroPadding2D before the 3x3."""
    L = _keras().layers

    def block(x, filters, stride=1, conv_shortcut=False):
        pre = L.ReLU()(L.BatchNormalization(epsilon=1.001e-5)(x))
        if conv_shortcut:
            shortcut = L.Conv2D(4 * filters, 1, strides=stride)(pre)
        else:
            shortcut = L.MaxPooling2D(1, strides=stride)(x) if stride > 1 else x
        y = L.Conv2D(filters, 1, use_bias=False)(pre)
        y = L.ReLU()(L.BatchNormalization(epsilon=1.001e-5)(y))
        y = L.ZeroPadding2D(((1, 1), (1, 1)))(y)
        y = L.Conv2D(filters, 3, strides=stride, use_bias=False)(y)
        y = L.ReLU()(L.BatchNormalization(epsilon=1.001e-5)(y))
        y = L.Conv2D(4 * filters, 1)(y)
        return L.Add()([shortcut, y])

    x = inp = L.Input((64, 64, 3))
    x = L.ZeroPadding2D(((3, 3), (3, 3)))(x)
    x = L.Conv2D(32, 7, strides=2)(x)  # 32x32
    x = L.ZeroPadding2D(((1, 1), (1, 1)))(x)
    x = L.MaxPooling2D(3, strides=2)(x)  # 16x16
    x = block(x, 24, conv_shortcut=True)
    x = block(x, 24)
    x = block(x, 24, stride=2)  # 8x8x96
    x = L.ReLU()(L.BatchNormalization(epsilon=1.001e-5)(x))
    x = L.GlobalAveragePooling2D()(x)
    return _keras().Model(inp, L.Dense(10, activation="softmax")(x), name="resnet_v2_blocks")


def transformer(rng):
    """Post-LN transformer encoder: 2 layers, d_model 32, 4 heads, sequence 16."""
    keras = _keras()
    L = keras.layers

    class PositionEmbedding(L.Layer):
        def build(self, shape):
            self.pos = self.add_weight(shape=shape[1:], initializer="random_normal",
                                       name="pos")

        def call(self, x):
            return x + self.pos

    x = inp = L.Input((16, 32))  # 16 frames of 32 features
    x = PositionEmbedding()(L.Dense(32)(x))
    for _ in range(2):
        a = L.MultiHeadAttention(num_heads=4, key_dim=8)(x, x)
        x = L.LayerNormalization(epsilon=1e-6)(L.Add()([x, a]))
        f = L.Dense(64, activation="gelu")(x)
        f = L.Dense(32)(f)
        x = L.LayerNormalization(epsilon=1e-6)(L.Add()([x, f]))
    x = L.GlobalAveragePooling1D()(x)
    return keras.Model(inp, L.Dense(10, activation="softmax")(x), name="transformer")


def _speech(rng, cell):
    keras = _keras()
    L = keras.layers
    x = inp = L.Input((20, 40))  # 20 frames x 40 filterbank features
    x = cell(32)(x)
    x = L.Dense(64, activation="relu")(x)
    return keras.Model(inp, L.Dense(12, activation="softmax")(x))


def lstm(rng):
    return _speech(rng, _keras().layers.LSTM)


def gru(rng):
    return _speech(rng, _keras().layers.GRU)


def lstm_fused(rng):
    """The same speech model in Keras 2 (tf_keras): the converter fuses its LSTM
    into UNIDIRECTIONAL_SEQUENCE_LSTM (a Keras 3 LSTM becomes a WHILE loop)."""
    import tf_keras

    L = tf_keras.layers
    x = inp = L.Input((20, 40))
    x = L.LSTM(32)(x)
    x = L.Dense(64, activation="relu")(x)
    return tf_keras.Model(inp, L.Dense(12, activation="softmax")(x))


def prelu_hardswish_cnn(rng):
    keras = _keras()
    L = keras.layers
    hswish = keras.activations.hard_swish

    x = inp = L.Input((48, 48, 3))
    x = L.Conv2D(16, 3, strides=2, padding="same", use_bias=False)(x)  # 24x24
    x = L.PReLU(shared_axes=[1, 2])(L.BatchNormalization()(x))
    x = L.DepthwiseConv2D(3, padding="same", use_bias=False)(x)
    x = L.Activation(hswish)(L.BatchNormalization()(x))
    x = L.Conv2D(32, 1, use_bias=False)(x)
    x = L.PReLU(shared_axes=[1, 2])(L.BatchNormalization()(x))
    x = L.DepthwiseConv2D(3, strides=2, padding="same", use_bias=False)(x)  # 12x12
    x = L.Activation(hswish)(L.BatchNormalization()(x))
    x = L.Conv2D(48, 1, use_bias=False)(x)
    x = L.PReLU()(L.BatchNormalization()(x))  # one slope per element (12x12x48)
    x = L.MaxPooling2D(2)(x)  # 6x6
    x = L.Conv2D(64, 3, padding="same", activation=hswish)(x)
    x = L.GlobalAveragePooling2D()(x)
    return keras.Model(inp, L.Dense(10, activation="softmax")(x), name="prelu_hardswish_cnn")


def dynamic_batch(rng):
    keras = _keras()
    L = keras.layers
    x = inp = L.Input((16, 16, 3), batch_size=None)
    x = L.Conv2D(8, 3, padding="same", activation="relu")(x)
    x = L.MaxPooling2D(2)(x)  # 8x8x8
    x = L.Reshape((8, 64))(x)  # 8 steps of 64 features
    x = L.Conv1D(16, 3, padding="same", activation="relu")(x)
    # unroll=True: the default LSTM (a WHILE loop over a TensorList) does not
    # convert with a dynamic batch ("'tf.TensorListReserve' op requires
    # element_shape to be static"), in Keras 3 and tf_keras alike.
    x = L.LSTM(16, unroll=True)(x)
    return keras.Model(inp, L.Dense(10, activation="softmax")(x), name="dynamic_batch")


@dataclass(frozen=True)
class Arch:
    name: str
    build: Callable
    shape: tuple[int, ...]  # input shape without the batch dimension
    range: tuple[float, float] = DEFAULT_RANGE  # input data range
    dynamic_batch: bool = False  # keep batch_size=None in the converted model
    framework: str = "keras"  # "keras" (Keras 3) or "tf_keras" (Keras 2)
    note: str = ""


IMAGE_255 = (0.0, 255.0)  # Keras applications that include their own preprocessing
IMAGE_1 = (-1.0, 1.0)

ARCHS: list[Arch] = [
    Arch("mobilenet-v2", mobilenet_v2, (96, 96, 3), IMAGE_1,
         note="keras.applications.MobileNetV2 alpha 0.35, 96x96x3, 10 classes (input in [-1, 1])"),
    Arch("mobilenet-v3-small", mobilenet_v3_small, (96, 96, 3), IMAGE_255,
         note="keras.applications.MobileNetV3Small alpha 0.5, minimalistic=False (HARD_SWISH), "
              "96x96x3, 10 classes, preprocessing included (input in [0, 255])"),
    Arch("mobilenet-v3-large", mobilenet_v3_large, (96, 96, 3), IMAGE_255,
         note="keras.applications.MobileNetV3Large alpha 0.5, minimalistic=False, 96x96x3, "
              "10 classes, preprocessing included (input in [0, 255])"),
    Arch("efficientnet-b0", efficientnet_b0, (64, 64, 3), IMAGE_255,
         note="keras.applications.EfficientNetB0, 64x64x3, 10 classes (4M parameters whatever "
              "the input), preprocessing included (input in [0, 255]); swish is LOGISTIC + MUL"),
    Arch("resnet-v2-blocks", resnet_v2_blocks, (64, 64, 3), IMAGE_1,
         note="ResNet50V2 stem (7x7/2 conv, 3x3/2 max-pool) + 3 pre-activation bottleneck "
              "blocks (24 -> 96 channels, conv shortcut, identity, strided max-pool shortcut), "
              "BN-ReLU, global average pool, dense 10"),
    Arch("transformer", transformer, (16, 32),
         note="16x32 features -> dense 32 + learned positions -> 2 post-LN encoder layers "
              "(MultiHeadAttention 4 heads x 8, LayerNormalization, dense 64 GELU -> 32) -> "
              "mean over time -> dense 10 softmax"),
    Arch("lstm", lstm, (20, 40),
         note="Keras 3 LSTM(32) on 20x40 -> dense 64 relu -> dense 12 softmax; the LSTM is a "
              "WHILE loop (cond and body subgraphs)"),
    Arch("gru", gru, (20, 40),
         note="Keras 3 GRU(32) on 20x40 -> dense 64 relu -> dense 12 softmax; WHILE loop"),
    Arch("lstm-fused", lstm_fused, (20, 40), framework="tf_keras",
         note="the lstm model in tf_keras (Keras 2): fused UNIDIRECTIONAL_SEQUENCE_LSTM"),
    Arch("prelu-hardswish-cnn", prelu_hardswish_cnn, (48, 48, 3), IMAGE_1,
         note="48x48x3 -> conv/BN/PReLU (per channel), depthwise/BN/hard-swish, 1x1 conv/PReLU, "
              "strided depthwise/hard-swish, 1x1 conv/PReLU (per element), max-pool, conv "
              "hard-swish, global average pool, dense 10"),
    Arch("dynamic-batch", dynamic_batch, (16, 16, 3), dynamic_batch=True,
         note="?x16x16x3 (batch_size=None kept) -> Conv2D relu -> max-pool -> reshape 8x64 -> "
              "Conv1D relu -> LSTM(16, unroll=True) -> dense 10 softmax; checked with batch 2"),
]


# --------------------------------------------------------------------------
# Quantization modes
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Mode:
    name: str
    tool: str  # "tf" (tf.lite.TFLiteConverter) or "aeq" (ai-edge-quantizer)
    tol: float  # max |tflite - keras| / max |keras| over the outputs
    note: str
    # tf: converter knobs
    opt: bool = False
    int8: bool = False
    int16x8: bool = False
    f16: bool = False
    io: str | None = None  # inference input/output type
    # aeq: recipe function name in ai_edge_quantizer.recipe; static needs calibration
    recipe: str = ""
    static: bool = False


# int4 weights (per channel, 16 levels) legitimately change a deep random
# network's output completely (MobileNetV3Small, MobileNetV3Large: max|p -
# p_float| 1.5x the largest probability, under both resolvers), so the int4
# bound only catches gross failures.
INT4_TOL = 2.0

MODES: list[Mode] = [
    Mode("float32", "tf", 1e-4, "TFLiteConverter, no optimization"),
    Mode("float16w", "tf", 0.05, "Optimize.DEFAULT, supported_types=[float16]: FLOAT16 "
         "constants behind DEQUANTIZE", opt=True, f16=True),
    Mode("dynamic-int8w", "tf", 0.5, "Optimize.DEFAULT without representative data (dynamic "
         "range): int8 weights of >= 1024 elements, float activations", opt=True),
    Mode("int8", "tf", 0.6, "full integer: representative data, TFLITE_BUILTINS_INT8, int8 "
         "model inputs/outputs", int8=True, io="int8"),
    Mode("int8-float-io", "tf", 0.6, "full integer, float32 model inputs/outputs "
         "(QUANTIZE / DEQUANTIZE at the boundary)", int8=True),
    Mode("uint8-io", "tf", 0.6, "full integer, inference_input/output_type=uint8 (uint8 <-> "
         "int8 QUANTIZE at the boundary)", int8=True, io="uint8"),
    Mode("int16x8", "tf", 0.3, "EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8: "
         "int16 activations, int8 weights, int16 model io", int16x8=True, io="int16"),
    Mode("aeq-a8w8", "aeq", 0.6, "ai-edge-quantizer static_wi8_ai8 (calibrated)",
         recipe="static_wi8_ai8", static=True),
    Mode("aeq-a16w8", "aeq", 0.6, "ai-edge-quantizer static_wi8_ai16 (calibrated)",
         recipe="static_wi8_ai16", static=True),
    Mode("aeq-dynamic-w8", "aeq", 0.5, "ai-edge-quantizer dynamic_wi8_afp32: int8 per-channel "
         "weights, float activations", recipe="dynamic_wi8_afp32"),
    Mode("aeq-dynamic-w4", "aeq", INT4_TOL, "ai-edge-quantizer dynamic_wi4_afp32: int4 per-channel "
         "weights", recipe="dynamic_wi4_afp32"),
    Mode("aeq-dynamic-w4b32", "aeq", INT4_TOL, "ai-edge-quantizer dynamic_wi4b32_afp32: int4 "
         "blockwise (32) weights, FLOAT16 scales", recipe="dynamic_wi4b32_afp32"),
    Mode("aeq-weight-only-w8", "aeq", 0.3, "ai-edge-quantizer weight_only_wi8_afp32: int8 "
         "weights -> DEQUANTIZE -> float op", recipe="weight_only_wi8_afp32"),
    Mode("aeq-weight-only-w4", "aeq", INT4_TOL, "ai-edge-quantizer weight_only_wi4_afp32: int4 "
         "weights -> DEQUANTIZE", recipe="weight_only_wi4_afp32"),
]


def model_seed(name: str) -> int:
    """Stable per-architecture seed, so adding one does not change the others."""
    return zlib.crc32(name.encode())


# --------------------------------------------------------------------------
# Building: seeded weights that look trained
# --------------------------------------------------------------------------


def _set_seeds(arch: Arch) -> None:
    import tensorflow as tf

    seed = model_seed(arch.name)
    _keras().utils.set_random_seed(seed)  # python, numpy, tf, keras
    if arch.framework == "tf_keras":
        import tf_keras

        tf_keras.utils.set_random_seed(seed)
    tf.config.experimental.enable_op_determinism()


def _all_layers(model) -> list:
    out, stack = [], list(model.layers)
    while stack:
        layer = stack.pop(0)
        out.append(layer)
        stack.extend(getattr(layer, "layers", []))
    return out


def _assign(v, value: np.ndarray) -> None:
    v.assign(value.astype(np.float32).reshape(tuple(v.shape)))


def _residual_branch_ends(model) -> set:
    """BatchNormalization layers whose output is added to a residual shortcut
    (directly, or through the Dropout EfficientNet uses for drop-connect)."""
    out = set()
    for layer in _all_layers(model):
        if type(layer).__name__ != "Add":
            continue
        for node in getattr(layer, "_inbound_nodes", []):
            for t in getattr(node, "input_tensors", []):
                op = t._keras_history.operation
                while type(op).__name__ == "Dropout":
                    op = op._inbound_nodes[0].input_tensors[0]._keras_history.operation
                if type(op).__name__ == "BatchNormalization":
                    out.add(id(op))
    return out


def make_weights_realistic(model, rng: np.random.Generator, data: np.ndarray) -> None:
    """Give the parameters Keras initialises to constants trained-looking values,
    set every BatchNormalization's moving statistics from `data`, and fit the
    classifier to the features.

    A deep network with random weights is a poor stand-in for a trained one:
    it maps every input to nearly the same features, and normalisation then
    amplifies whatever differs, quantization noise included (with zero-mean
    BatchNormalization betas, 1e-3 relative noise on MobileNetV2's weights moved
    its probabilities by 5-10%, and an int8 model's by more than the
    probabilities themselves).  Three choices keep it well conditioned:
    BatchNormalization beta = gamma * U(0.5, 2) (activations mostly in the
    linear part of ReLU / swish, so a layer does not expand perturbations);
    gamma and beta / 10 on the last BatchNormalization of each residual branch
    (as "zero-init residual" training does); and a classifier whose bias
    cancels the features' mean over `data` and whose logits spread by about 2
    over it (a trained classifier responds to what differs between inputs)."""
    keras_bn = []
    branch_ends = _residual_branch_ends(model)
    for layer in _all_layers(model):
        kind = type(layer).__name__
        gamma = None
        for v in layer.weights:
            name = v.name.split("/")[-1].split(":")[0]
            n = int(np.prod(v.shape))
            if kind == "BatchNormalization" and name == "gamma":
                gamma = rng.permutation(np.geomspace(0.5, 2.0, n))
                if id(layer) in branch_ends:
                    gamma *= 0.1
                _assign(v, gamma)
            elif kind == "BatchNormalization" and name == "beta":
                _assign(v, (gamma if gamma is not None else 1.0) * rng.uniform(0.5, 2.0, n))
            elif kind == "LayerNormalization" and name == "gamma":
                _assign(v, rng.uniform(0.7, 1.3, n))
            elif kind == "LayerNormalization" and name == "beta":
                _assign(v, rng.uniform(-0.2, 0.2, n))
            elif kind == "PReLU" and name == "alpha":
                _assign(v, rng.uniform(0.05, 0.35, n))
            elif name == "bias":
                _assign(v, np.asarray(v.numpy()).ravel() + rng.uniform(-0.1, 0.1, n))
        if kind == "BatchNormalization":
            keras_bn.append(layer)
    if keras_bn:
        set_bn_statistics(model, keras_bn, data)
    fit_classifier(model, rng, data)


def fit_classifier(model, rng: np.random.Generator, data: np.ndarray,
                   spread: float = 2.0) -> None:
    """Rescale the last Dense / Conv2D (the one before the softmax) so its logits
    have standard deviation `spread` over `data`, and set its bias to cancel
    their mean (plus a little noise)."""
    frameworks = {"keras": _keras()}
    if type(model).__module__.startswith("tf_keras"):
        import tf_keras

        frameworks["tf_keras"] = tf_keras
    model_cls = frameworks[type(model).__module__.split(".")[0]].Model
    last = [l for l in _all_layers(model)
            if type(l).__name__ in ("Dense", "Conv2D") and getattr(l, "use_bias", False)][-1]
    f = np.asarray(model_cls(model.inputs, last.input)(data, training=False), np.float64)
    f = f.reshape(len(f), -1)
    w = np.asarray(last.kernel.numpy(), np.float64).reshape(f.shape[1], -1)
    w *= spread / max((f @ w).std(0).mean(), 1e-12)
    _assign(last.kernel, w)
    _assign(last.bias, -(f @ w).mean(0) + rng.uniform(-0.1, 0.1, w.shape[1]))


def set_bn_statistics(model, keras_bn, data) -> None:
    # One pass in training mode with momentum 0: each moving mean / variance
    # becomes the batch statistics of its input, and since every earlier layer
    # then normalises exactly as it will in inference, the stats are consistent.
    dropouts = [l for l in _all_layers(model) if hasattr(l, "rate") and "Dropout" in
                type(l).__name__]
    keras_bn = list(keras_bn)
    saved = [(l, l.momentum) for l in keras_bn] + [(l, l.rate) for l in dropouts]
    for layer in keras_bn:
        layer.momentum = 0.0
    for layer in dropouts:
        layer.rate = 0.0
    model(data, training=True)
    for (layer, value), is_bn in zip(saved, [True] * len(keras_bn) + [False] * len(dropouts)):
        setattr(layer, "momentum" if is_bn else "rate", value)


def sample_inputs(arch: Arch, rng: np.random.Generator, n: int) -> np.ndarray:
    """n seeded inputs (batch first).  Images are smooth random scenes (a 4x4 to
    8x8 grid of random colours, bilinearly upsampled, plus a little pixel noise),
    not white noise: a deep random network maps white-noise images to almost the
    same features, BatchNormalization then amplifies the small differences, and
    the outputs become chaotic in the weights (quantization noise would change
    them completely).  Other inputs are uniform in the architecture's range."""
    lo, hi = arch.range
    if len(arch.shape) != 3:
        return rng.uniform(lo, hi, (n, *arch.shape)).astype(np.float32)
    h, w, c = arch.shape
    out = np.empty((n, h, w, c), np.float32)
    for i in range(n):
        g = int(rng.integers(4, 9))
        grid = rng.uniform(0.0, 1.0, (g, g, c))
        ys, xs = np.linspace(0, g - 1, h), np.linspace(0, g - 1, w)
        y0, x0 = np.floor(ys).astype(int).clip(0, g - 2), np.floor(xs).astype(int).clip(0, g - 2)
        fy, fx = (ys - y0)[:, None, None], (xs - x0)[None, :, None]
        img = (grid[y0][:, x0] * (1 - fy) * (1 - fx) + grid[y0 + 1][:, x0] * fy * (1 - fx)
               + grid[y0][:, x0 + 1] * (1 - fy) * fx + grid[y0 + 1][:, x0 + 1] * fy * fx)
        img = img + rng.normal(0.0, 0.03, img.shape)
        out[i] = lo + (hi - lo) * img.clip(0.0, 1.0)
    return out


@dataclass
class Built:
    arch: Arch
    model: object  # the Keras model
    module: object  # tf.Module holding the variables (the converter freezes them)
    fn: object  # concrete function the converter converts
    samples: list  # representative data: batch-1 arrays
    input_name: str = "input"

    def reference(self, x: np.ndarray) -> np.ndarray:
        return np.asarray(self.model(x, training=False))


def build(arch: Arch) -> Built:
    import tensorflow as tf

    _set_seeds(arch)
    rng = np.random.default_rng(model_seed(arch.name))
    model = arch.build(rng)
    data_rng = np.random.default_rng(model_seed(arch.name) + 1)
    make_weights_realistic(model, rng, sample_inputs(arch, data_rng, BN_SAMPLES))
    samples = list(sample_inputs(arch, data_rng, REPRESENTATIVE_SAMPLES)[:, None])

    module = tf.Module()
    # Hold the tf.Variables themselves: with a Keras 3 model as the trackable
    # object the converter leaves some of them as VAR_HANDLE / READ_VARIABLE
    # (never initialised), with the variables in a tf.Module it freezes them all.
    module.vars = [getattr(v, "value", v) if arch.framework == "keras" else v
                   for v in model.variables]
    batch = None if arch.dynamic_batch else 1
    spec = tf.TensorSpec((batch, *arch.shape), tf.float32, name="input")
    module.forward = tf.function(lambda x: model(x, training=False), input_signature=[spec])
    return Built(arch, model, module, module.forward.get_concrete_function(), samples)


# --------------------------------------------------------------------------
# Conversion
# --------------------------------------------------------------------------


def convert_tf(b: Built, mode: Mode) -> bytes:
    import tensorflow as tf

    conv = tf.lite.TFLiteConverter.from_concrete_functions([b.fn], b.module)
    if mode.opt or mode.int8 or mode.int16x8:
        conv.optimizations = [tf.lite.Optimize.DEFAULT]
    if mode.f16:
        conv.target_spec.supported_types = [tf.float16]
    if mode.int8 or mode.int16x8:
        conv.representative_dataset = lambda: ([s] for s in b.samples)
        conv.target_spec.supported_ops = [
            tf.lite.OpsSet.EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8
            if mode.int16x8 else tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
    if mode.io:
        conv.inference_input_type = getattr(tf, mode.io)
        conv.inference_output_type = getattr(tf, mode.io)
    return conv.convert()


def convert_aeq(float_buf: bytes, b: Built, mode: Mode) -> bytes:
    from ai_edge_quantizer import quantizer, recipe

    qt = quantizer.Quantizer(float_buf)
    qt.load_quantization_recipe(getattr(recipe, mode.recipe)())
    # Quiet its size report, progress bars and the preserve_all_tensors warning.
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()), \
            warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if mode.static:
            calib = qt.calibrate({"serving_default": [{b.input_name: s} for s in b.samples]})
            result = qt.quantize(calib)
        else:
            result = qt.quantize()
    return bytes(result.quantized_model)


@contextlib.contextmanager
def stderr_to(path: Path):
    """Send file descriptor 2 (where the converter's C++ code and, on a crash,
    faulthandler write) to `path` for the duration."""
    sys.stderr.flush()
    saved = os.dup(2)
    with open(path, "w") as f:
        os.dup2(f.fileno(), 2)
        try:
            yield
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)


def _first_line(e: BaseException) -> str:
    """The informative line of a converter / quantizer exception."""
    text = str(e).strip()
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    for l in lines:  # MLIR diagnostics: "<unknown>:0: error: ..." / "loc(...): error: ..."
        m = re.search(r"error: (.*)", l)
        if m and "see current operation" not in l:
            return m.group(1)[:300]
    return f"{type(e).__name__}: {lines[0][:300] if lines else ''}"


# --------------------------------------------------------------------------
# What a flatbuffer contains
# --------------------------------------------------------------------------


def describe(buf: bytes) -> dict:
    """Op histogram (every subgraph), io types and a quantization summary."""
    from ai_edge_litert import schema_py_generated as schema

    op_names = {v: k for k, v in vars(schema.BuiltinOperator).items() if not k.startswith("_")}
    type_names = {v: k for k, v in vars(schema.TensorType).items() if not k.startswith("_")}
    m = schema.ModelT.InitFromPackedBuf(buf, 0)
    codes = [op_names.get(max(c.builtinCode, c.deprecatedBuiltinCode), "?")
             for c in m.operatorCodes]
    hist: Counter = Counter()
    consts: Counter = Counter()
    act: set = set()
    feats: set = set()
    float_ops: Counter = Counter()  # ops computing in float in a quantized model
    buffers = m.buffers or []
    for sg in m.subgraphs:
        const = set()
        for i, t in enumerate(sg.tensors):
            b = buffers[t.buffer] if t.buffer < len(buffers) else None
            if b is not None and (b.data is not None or b.offset > 1):
                const.add(i)
        for i, t in enumerate(sg.tensors):
            tn = type_names[t.type]
            q = t.quantization
            gran = ""
            if q is not None and q.detailsType == schema.QuantizationDetails.BlockwiseQuantization:
                gran = f"blockwise{q.details.blockSize}"
            elif q is not None and q.scale is not None and len(q.scale) > 1:
                gran = "per-channel"
            elif q is not None and q.scale is not None and len(q.scale) == 1:
                gran = "per-tensor"
            if i in const:
                consts[f"{tn} {gran}".strip()] += 1
            else:
                act.add(tn)
            if t.isVariable:
                feats.add("variable-tensor")
        for op in sg.operators:
            name = codes[op.opcodeIndex]
            hist[name] += 1
            ins = [i for i in (op.inputs if op.inputs is not None else []) if i >= 0]
            outs = list(op.outputs if op.outputs is not None else [])
            qconst = [i for i in ins if i in const and type_names[sg.tensors[i].type]
                      in ("INT8", "INT4", "INT2")]
            if name == "DEQUANTIZE" and qconst:
                feats.add("weight-only")
            elif name == "DEQUANTIZE" and ins and sg.tensors[ins[0]].type == schema.TensorType.FLOAT16:
                feats.add("float16-weights")
            elif (qconst and ins and sg.tensors[ins[0]].type == schema.TensorType.FLOAT32
                  and outs and sg.tensors[outs[0]].type == schema.TensorType.FLOAT32):
                feats.add("hybrid")
            if name not in ("QUANTIZE", "DEQUANTIZE") and any(
                    sg.tensors[i].type == schema.TensorType.FLOAT32 for i in ins + outs
                    if i not in const):
                float_ops[name] += 1
    if act & {"INT8", "UINT8", "INT16"} and float_ops:  # islands of float in a quantized graph
        feats.add("float ops " + " ".join(f"{k} x{n}" for k, n in sorted(float_ops.items())))
    sg0 = m.subgraphs[0]
    ins = [sg0.tensors[i] for i in sg0.inputs]
    outs = [sg0.tensors[i] for i in sg0.outputs]
    if any(t.shapeSignature is not None and -1 in list(t.shapeSignature) for t in ins):
        feats.add("dynamic-batch")
    if len(m.subgraphs) > 1:
        feats.add(f"{len(m.subgraphs)} subgraphs")
    io_types = "/".join(sorted({type_names[t.type] for t in ins})) + " -> " + \
        "/".join(sorted({type_names[t.type] for t in outs}))
    return {
        "ops": dict(sorted(hist.items(), key=lambda kv: (-kv[1], kv[0]))),
        "io": io_types,
        "activations": sorted(act),
        "constants": dict(sorted(consts.items(), key=lambda kv: (-kv[1], kv[0]))),
        "features": sorted(feats),
    }


def quant_summary(d: dict) -> str:
    consts = ", ".join(f"{k} x{n}" for k, n in d["constants"].items())
    s = f"io {d['io']}; tensors {', '.join(d['activations'])}; constants {consts}"
    return s + (f"; {', '.join(d['features'])}" if d["features"] else "")


def ops_summary(ops: dict) -> str:
    return ", ".join(f"{k} {n}" for k, n in ops.items())


# --------------------------------------------------------------------------
# The check: run the file in a fresh process (an interpreter abort must not
# take the generator down) and compare with the float Keras model
# --------------------------------------------------------------------------

_RUN_TFLITE = r"""
import sys
import numpy as np
from ai_edge_litert.interpreter import Interpreter, OpResolverType
path, src, dst, resolver = sys.argv[1:5]
x = np.load(src)["x"]
kw = {} if resolver == "default" else {
    "experimental_op_resolver_type": OpResolverType.BUILTIN_REF}
it = Interpreter(model_path=path, **kw)
(d,) = it.get_input_details()
if tuple(d["shape"]) != x.shape:
    it.resize_tensor_input(d["index"], x.shape)
it.allocate_tensors()
(d,) = it.get_input_details()
if d["dtype"] == np.float32:
    q = fed = x
else:
    s, z = d["quantization"]
    info = np.iinfo(d["dtype"])
    q = np.clip(np.round(x / s) + z, info.min, info.max).astype(d["dtype"])
    fed = ((q.astype(np.float32) - z) * s).astype(np.float32)
it.set_tensor(d["index"], q)
it.invoke()
outs = {}
for i, o in enumerate(it.get_output_details()):
    y = it.get_tensor(o["index"])
    s, z = o["quantization"]
    if s and np.issubdtype(y.dtype, np.integer):
        y = (y.astype(np.float32) - z) * s
    outs[f"y{i}"] = y
np.savez(dst, fed=fed, **outs)
"""


def run_tflite(path: Path, x: np.ndarray, resolver: str) -> tuple[np.ndarray, list]:
    with tempfile.TemporaryDirectory() as tmp:
        src, dst = Path(tmp) / "in.npz", Path(tmp) / "out.npz"
        np.savez(src, x=x)
        p = subprocess.run([sys.executable, "-c", _RUN_TFLITE, str(path), str(src), str(dst),
                            resolver], capture_output=True, text=True, timeout=CHECK_TIMEOUT,
                           check=False)
        if p.returncode != 0:
            err = [l for l in p.stderr.strip().splitlines() if l.strip()]
            msg = next((l for l in reversed(err) if "Error" in l or "error" in l),
                       err[-1] if err else "")
            if p.returncode < 0:
                msg = f"interpreter process killed by signal {-p.returncode} " \
                      f"({'SIGABRT' if p.returncode == -6 else 'signal'}) {msg}".strip()
            raise RuntimeError(msg[:300])
        out = np.load(dst)
        return out["fed"], [out[k] for k in sorted(out.files) if k.startswith("y")]


def check(b: Built, path: Path, mode: Mode, blockwise: bool) -> tuple[str, float, str]:
    """(resolver it passed under, error figure, note); raises if it fails both.

    Blockwise models are judged under the default resolver: LiteRT 2.3's
    BUILTIN_REF FULLY_CONNECTED gets blockwise weights wrong (models/README.md
    saw all-zero outputs; here the probabilities come out unrelated to Keras',
    while the default resolver's agree), so the BUILTIN_REF figure is only noted."""
    rng = np.random.default_rng(model_seed(b.arch.name) + 2)
    x = sample_inputs(b.arch, rng, 2 if b.arch.dynamic_batch else 1)
    notes = []
    if blockwise:
        try:
            fed, got = run_tflite(path, x, "ref")
            err = np.abs(got[0] - b.reference(fed)).max() / np.abs(b.reference(fed)).max()
            notes.append(f"BUILTIN_REF (not used: wrong for blockwise FULLY_CONNECTED): "
                         f"error {err:.3g}")
        except Exception as e:  # noqa: BLE001 - only a note
            notes.append(f"BUILTIN_REF (not used): {e}")
    for resolver in (("default",) if blockwise else ("ref", "default")):
        try:
            fed, got = run_tflite(path, x, resolver)
            want = b.reference(fed)
            if len(got) != 1 or got[0].shape != want.shape:
                raise RuntimeError(f"outputs {[g.shape for g in got]} != Keras {want.shape}")
            # Every model ends in a softmax: rows must be probabilities (an int8
            # row of 12 classes rounds by at most 12 / 512).
            sums = got[0].sum(-1)
            if not np.isfinite(got[0]).all() or got[0].min() < -0.01 or \
                    np.abs(sums - 1).max() > 0.05:
                raise RuntimeError(f"output rows are not probabilities (row sums "
                                   f"{np.round(sums, 3).tolist()}, min {got[0].min():.3g})")
            err = float(np.abs(got[0] - want).max() / max(np.abs(want).max(), 1e-6))
            if not np.isfinite(err) or err > mode.tol:
                raise RuntimeError(f"max|tflite-keras|/max|keras| = {err:.3g} > {mode.tol}")
            return resolver, err, "; ".join(notes)
        except Exception as e:  # noqa: BLE001 - try the next resolver, then report
            notes.append(f"BUILTIN_REF: {e}" if resolver == "ref" else f"default resolver: {e}")
    raise RuntimeError("; ".join(notes))


# --------------------------------------------------------------------------
# One architecture (in its own process)
# --------------------------------------------------------------------------


def make_arch(arch: Arch, modes: Sequence[Mode], out_small: Path, out_large: Path,
              small_limit: int, progress: Path) -> None:
    """Build the architecture and make every mode; one JSON line per event to
    `progress` ({"start": mode} before a conversion, the record after it), so
    that the parent can tell which conversion crashed the process."""
    import faulthandler

    faulthandler.enable()  # a crash in the converter leaves a traceback in the stderr file
    log = progress.open("a")

    def emit(obj):
        log.write(json.dumps(obj) + "\n")
        log.flush()

    t0 = time.time()
    with stderr_to(progress.with_suffix(".stderr")):
        b = build(arch)
    print(f"== {arch.name}: {b.model.count_params():,} parameters, built in "
          f"{time.time() - t0:.1f}s", flush=True)
    float_buf = None
    for mode in modes:
        t = time.time()
        base = f"{arch.name}.{mode.name}.tflite"
        for d in (out_small, out_large):
            (d / base).unlink(missing_ok=True)
        rec = {"arch": arch.name, "mode": mode.name, "file": base}
        emit({"start": mode.name})
        try:
            with stderr_to(progress.with_suffix(".stderr")):
                if mode.tool == "aeq":
                    if float_buf is None:
                        float_buf = convert_tf(b, MODES[0])
                    buf = convert_aeq(float_buf, b, mode)
                else:
                    buf = convert_tf(b, mode)
                    if mode.name == "float32":
                        float_buf = buf
        except Exception as e:  # noqa: BLE001 - record and go on
            rec.update(status="failed", stage="convert", reason=_first_line(e))
            emit(rec)
            print(f"FAIL {base:<48} convert: {rec['reason']}", flush=True)
            continue
        small = len(buf) <= small_limit
        path = (out_small if small else out_large) / base
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(buf)
        desc = describe(buf)
        if mode.tool == "aeq" and not any(" " in k for k in desc["constants"]):
            path.unlink()
            rec.update(status="failed", stage="quantize", bytes=len(buf),
                       reason="the recipe quantized no tensor: the output is the float model")
            emit(rec)
            print(f"FAIL {base:<48} {rec['reason']}", flush=True)
            continue
        rec.update(where="real" if small else "large", bytes=len(buf),
                   sha256=hashlib.sha256(buf).hexdigest(), **desc)
        try:
            blockwise = any(k.split(" ")[-1].startswith("blockwise") for k in desc["constants"])
            resolver, err, note = check(b, path, mode, blockwise)
        except Exception as e:  # noqa: BLE001 - a broken model is not kept
            path.unlink()
            rec = {k: rec[k] for k in ("arch", "mode", "file", "bytes", "ops")}
            rec.update(status="failed", stage="check", reason=str(e)[:400])
            emit(rec)
            print(f"FAIL {base:<48} check: {rec['reason']}", flush=True)
            continue
        rec.update(status="ok", resolver=resolver, error=float(f"{err:.4g}"),
                   tol=mode.tol, note=note)
        emit(rec)
        where = "" if small else " (large)"
        print(f"ok   {base:<48} {len(buf):>9,} B{where}  err {err:.3g}"
              f"{'' if resolver == 'ref' else ' [default resolver]'}  {time.time() - t:.1f}s",
              flush=True)


# --------------------------------------------------------------------------
# The README
# --------------------------------------------------------------------------


def versions() -> dict:
    from importlib.metadata import PackageNotFoundError, version

    out = {"python": sys.version.split()[0]}
    for pkg in ("tensorflow-cpu", "tensorflow", "keras", "tf-keras", "numpy", "ai-edge-litert",
                "ai-edge-quantizer"):
        try:
            out[pkg] = version(pkg)
        except PackageNotFoundError:
            pass
    return out


def _kib(n: int) -> str:
    return f"{n / 1024:,.0f} KiB" if n < 1024 * 1024 else f"{n / 1024 / 1024:.1f} MiB"


def arch_table() -> str:
    rows = ["| architecture | input | what |", "| --- | --- | --- |"]
    for a in ARCHS:
        shape = "x".join(str(d) for d in (("?",) if a.dynamic_batch else (1,)) + a.shape)
        rows.append(f"| `{a.name}` | {shape}, {a.range[0]:g}..{a.range[1]:g} | {a.note} |")
    return "\n".join(rows)


def mode_table() -> str:
    rows = ["| mode | tool | bound | what |", "| --- | --- | --- | --- |"]
    for m in MODES:
        tool = "TFLiteConverter" if m.tool == "tf" else "ai-edge-quantizer"
        rows.append(f"| `{m.name}` | {tool} | {m.tol:g} | {m.note} |")
    return "\n".join(rows)


README_HEAD = """\
# Real-architecture models

Real network architectures — Keras applications built with `weights=None` and
small hand-made Keras models — quantized every way users quantize them, by
`models/make_real_models.py`.  Nothing is downloaded.

Files of at most {limit} KiB are in this directory (committed); larger ones are
written to `build/real-models/` (not committed: rebuild them with the same
command).  `manifest.json` holds every row of the tables below in
machine-readable form (with each file's sha256); this README is written from it.

## Rebuild

    /work/tfenv/bin/python models/make_real_models.py                  # every model: {minutes}
    /work/tfenv/bin/python models/make_real_models.py --only transformer lstm.int8
    /work/tfenv/bin/python models/make_real_models.py --list           # architectures and modes
    /work/tfenv/bin/python models/make_real_models.py --out-large DIR  # where files > {limit} KiB go
    /work/tfenv/bin/python models/make_real_models.py --readme         # rewrite this file from manifest.json

(`/work/tfenv/bin/python`: any Python with the packages below.)  Made with
{versions}.  tf-keras is needed for `lstm-fused` only; install it with `pip
install --no-deps tf-keras==2.21.0` (see models/README.md for why `--no-deps`).

With the same versions a rerun gives byte-identical files, whole or with
`--only` (each architecture is built in a fresh process, because Keras and
TensorFlow name layers and loop bodies with process-wide counters).  A
conversion that crashes the converter's process (the calibrator segfaults on
the Keras 3 LSTM / GRU while loops) is recorded and the architecture's other
modes go on in a new process.

## Weights and data

Every weight is seeded from the architecture's name: Keras' initialisers give
the kernels, then the parameters Keras initialises to constants get
trained-looking values — BatchNormalization gamma in [0.5, 2] and beta =
gamma * U(0.5, 2), biases +-0.1, PReLU slopes in [0.05, 0.35], LayerNormalization
gamma / beta — and one pass in training mode (momentum 0, dropout off) over 32
seeded inputs sets every BatchNormalization's moving statistics.  The last
BatchNormalization of each residual branch has gamma and beta / 10, and the
classifier (the layer before the softmax) is rescaled so its logits spread by
about 2 over those inputs, with a bias that cancels their mean.  A deep
network with random weights maps all inputs to similar features; without
these choices its output is chaotic in the weights (1e-3 relative weight noise
moved MobileNetV2's probabilities by 5-10%) and the quantized models could not
be compared with the float one at all.  Image inputs are smooth random scenes
(a 4x4 to 8x8 grid of random colours, bilinearly upsampled, plus pixel noise)
in the range the model expects; other inputs are uniform in [-1.5, 2.5].
Calibration (both tools) uses 32 such inputs.

## What each file was checked for

After writing a file the script loads it in a fresh process with the TFLite
interpreter and the `BUILTIN_REF` kernels (as `runtime_check/check/litert.py`
does), runs it on one seeded input (quantized inputs are fed quantized, Keras
gets the dequantized values; the dynamic-batch model with batch 2) and
requires the output rows to be probabilities (every model ends in a softmax)
and `max|tflite - keras| / max|keras|` within the mode's bound.  The bounds
only guard against a broken conversion: the `error` figures are large for the
deep networks because of the random weights (the int8 figures of
MobileNetV3Small, for instance, are 0.5 under `BUILTIN_REF` and 0.04 under the
optimized kernels, which round a few convolutions differently), and are not
accuracy estimates.  If `BUILTIN_REF` cannot run a model or misses the bound,
the default resolver is tried; a model that passes there is kept with
`default` in the `runs` column.  Models with blockwise weights are judged
under the default resolver only: LiteRT 2.3's `BUILTIN_REF`
FULLY_CONNECTED gets blockwise int4 weights wrong (models/README.md saw
all-zero outputs; here its probabilities are unrelated to Keras', errors 1 to
4.3, while the default resolver's agree; the note in `manifest.json` gives
the figure).  A model that fails is deleted and listed under failures.

Size: MobileNetV2 (alpha 0.35) int8 is 629 KiB although it has 423k
parameters: 166 KiB of it are per-channel quantization parameters (a float32
scale and an int64 zero point per output channel, for weights and biases).
So only its `aeq-dynamic-w4` file is under {limit} KiB.

## Architectures

{archs}

## Modes

{modes}

The ai-edge-quantizer recipes start from the `float32` file.

## Models

`size` is the file size; `where` is `real` (this directory) or `large`
(`build/real-models/`).  `quantization` lists the model io types, the types of
the non-constant tensors, the constant tensors by type and granularity (how
many), and features: `hybrid` (an op with float input and output and an
int8/int4 constant), `weight-only` (DEQUANTIZE of an int8/int4 constant),
`float16-weights`, `float ops ...` (ops left in float inside a quantized graph,
between DEQUANTIZE and QUANTIZE), `dynamic-batch` (input shape signature -1),
`N subgraphs` (WHILE bodies), `variable-tensor` (LSTM state).

{models}

## Combinations that failed

{failures}
"""


def write_readme(manifest: dict, out: Path, small_limit_kib: int, minutes: str) -> None:
    rows = ["| file | where | size | runs | error | ops | quantization |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    fails = ["| architecture | mode | stage | why |", "| --- | --- | --- | --- |"]
    order = {a.name: i for i, a in enumerate(ARCHS)}
    morder = {m.name: i for i, m in enumerate(MODES)}
    recs = sorted(manifest["models"], key=lambda r: (order.get(r["arch"], 99),
                                                     morder.get(r["mode"], 99)))
    for r in recs:
        if r["status"] == "ok":
            runs = "BUILTIN_REF" if r["resolver"] == "ref" else "default"
            rows.append(f"| `{r['file']}` | {r['where']} | {_kib(r['bytes'])} | {runs} | "
                        f"{r['error']:.3g} | {ops_summary(r['ops'])} | {quant_summary(r)} |")
        else:
            why = r["reason"].replace("|", "\\|")
            fails.append(f"| {r['arch']} | {r['mode']} | {r['stage']} | {why} |")
    v = manifest.get("versions", {})
    vtext = ", ".join(f"{k} {val}" for k, val in v.items())
    out.write_text(README_HEAD.format(
        limit=small_limit_kib, minutes=minutes, versions=vtext, archs=arch_table(),
        modes=mode_table(), models="\n".join(rows),
        failures="\n".join(fails) if len(fails) > 2 else "None."))


# --------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------

_CHILD = "--arch-child"


def _select(only: Sequence[str] | None) -> list[tuple[Arch, list[Mode]]]:
    if not only:
        return [(a, list(MODES)) for a in ARCHS]
    picked: dict[str, set] = {}
    for n in only:
        n = n.removesuffix(".tflite")
        arch, _, mode = n.partition(".")
        if arch not in {a.name for a in ARCHS} or (mode and mode not in {m.name for m in MODES}):
            raise SystemExit(f"unknown model {n!r}; see --list")
        picked.setdefault(arch, set()).update([mode] if mode else [m.name for m in MODES])
    return [(a, [m for m in MODES if m.name in picked[a.name]]) for a in ARCHS if a.name in picked]


def _crash_reason(rc: int, stderr_file: Path) -> str:
    sig = {-6: "SIGABRT", -11: "SIGSEGV", -9: "SIGKILL"}.get(rc, f"exit code {rc}")
    text = stderr_file.read_text(errors="replace") if stderr_file.exists() else ""
    # faulthandler's traceback: the innermost frame is the first 'File' line.
    frames = [l.strip() for l in text.splitlines() if l.strip().startswith("File ")]
    where = ""
    if frames:
        m = re.match(r'File "(.*)", line (\d+) in (\S+)', frames[0])
        where = (f" in {m.group(3)} ({Path(m.group(1)).name}:{m.group(2)})" if m
                 else f" at {frames[0]}")
    return f"the converting process died ({sig}){where}"


def run_arch(arch: Arch, modes: Sequence[Mode], args) -> list[dict]:
    """Make one architecture in child processes.  If a conversion kills the
    process (the converter can segfault), record it and start a new process
    for the remaining modes."""
    results: list[dict] = []
    todo = list(modes)
    with tempfile.TemporaryDirectory() as tmp:
        while todo:
            progress = Path(tmp) / f"progress{len(results)}.jsonl"
            cmd = [sys.executable, __file__, _CHILD, arch.name, "--out", str(args.out),
                   "--out-large", str(args.out_large), "--small-limit", str(args.small_limit),
                   "--result", str(progress), "--modes", *[m.name for m in todo]]
            sys.stdout.flush()
            rc = subprocess.run(cmd, check=False).returncode
            events = ([json.loads(l) for l in progress.read_text().splitlines()]
                      if progress.exists() else [])
            done = [e for e in events if "start" not in e]
            results += done
            names = {e["mode"] for e in done}
            started = [e["start"] for e in events if "start" in e]
            if rc == 0 and names == {m.name for m in todo}:
                break
            reason = _crash_reason(rc, progress.with_suffix(".stderr"))
            crashed = next((s for s in reversed(started) if s not in names), None)
            if crashed is None:  # died while building: nothing can be made
                results += [{"arch": arch.name, "mode": m.name,
                             "file": f"{arch.name}.{m.name}.tflite", "status": "failed",
                             "stage": "build", "reason": reason}
                            for m in todo if m.name not in names]
                break
            results.append({"arch": arch.name, "mode": crashed,
                            "file": f"{arch.name}.{crashed}.tflite", "status": "failed",
                            "stage": "convert", "reason": reason})
            print(f"FAIL {arch.name}.{crashed}.tflite: {reason}", flush=True)
            names.add(crashed)
            todo = [m for m in todo if m.name not in names]
    return results


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--out", type=Path, default=REAL_DIR,
                   help="directory for files <= --small-limit KiB, README.md and manifest.json")
    p.add_argument("--out-large", type=Path, default=DEFAULT_LARGE,
                   help="directory for larger files (default build/real-models/)")
    p.add_argument("--small-limit", type=int, default=SMALL_LIMIT_KIB, metavar="KIB",
                   help=f"largest file kept in --out, in KiB (default {SMALL_LIMIT_KIB})")
    p.add_argument("--only", nargs="+", metavar="NAME",
                   help="architectures (mobilenet-v2) or single models (mobilenet-v2.int8)")
    p.add_argument("--list", action="store_true", help="print the architecture and mode tables")
    p.add_argument("--readme", action="store_true",
                   help="only rewrite README.md from manifest.json")
    p.add_argument("--minutes", default="about 6 min on 2 idle cores (15 on a busy machine)",
                   help="the full run's duration, as written into README.md")
    p.add_argument(_CHILD, help=argparse.SUPPRESS)
    p.add_argument("--modes", nargs="*", help=argparse.SUPPRESS)
    p.add_argument("--result", type=Path, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    limit = args.small_limit * 1024

    if args.arch_child:  # one architecture, in this process
        arch = next(a for a in ARCHS if a.name == args.arch_child)
        modes = [m for m in MODES if m.name in set(args.modes)]
        make_arch(arch, modes, args.out, args.out_large, limit, args.result)
        return 0

    if args.list:
        print(arch_table() + "\n\n" + mode_table())
        return 0
    manifest_path = args.out / MANIFEST
    manifest = (json.loads(manifest_path.read_text()) if manifest_path.exists()
                else {"versions": {}, "models": []})
    if args.readme:
        write_readme(manifest, args.out / "README.md", args.small_limit, args.minutes)
        return 0

    jobs = _select(args.only)
    args.out.mkdir(parents=True, exist_ok=True)
    args.out_large.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    results, broken = [], []
    for arch, modes in jobs:
        t = time.time()
        got = run_arch(arch, modes, args)
        if not any(r.get("stage") != "build" for r in got):
            broken.append(arch.name)
        results += got
        print(f"   {arch.name}: {time.time() - t:.0f}s", flush=True)

    done = {(r["arch"], r["mode"]) for r in results}
    manifest["models"] = [r for r in manifest["models"] if (r["arch"], r["mode"]) not in done]
    manifest["models"] += results
    manifest["versions"] = versions()
    order = {a.name: i for i, a in enumerate(ARCHS)}
    morder = {m.name: i for i, m in enumerate(MODES)}
    manifest["models"].sort(key=lambda r: (order.get(r["arch"], 99), morder.get(r["mode"], 99)))
    manifest_path.write_text(json.dumps(manifest, indent=1) + "\n")
    write_readme(manifest, args.out / "README.md", args.small_limit, args.minutes)

    # The table of this run.
    print(f"\n{'model':<50} {'result':<8} {'size':>10}  error / why")
    for r in results:
        if r["status"] == "ok":
            where = "" if r["where"] == "real" else " L"
            extra = "" if r["resolver"] == "ref" else "  [default resolver]"
            print(f"{r['file']:<50} {'ok':<8} {_kib(r['bytes']):>10}{where:2} "
                  f"{r['error']:.3g}{extra}")
        else:
            print(f"{r['file']:<50} {'FAILED':<8} {'':>10}   {r['stage']}: {r['reason'][:150]}")
    ok = sum(r["status"] == "ok" for r in results)
    print(f"\n{ok} made, {len(results) - ok} failed, in {time.time() - t0:.0f}s "
          f"(L = larger than {args.small_limit} KiB, in {args.out_large})")
    # Exit 1 only for what should never fail: a builder process, or a float32 model.
    bad = broken + [r["file"] for r in results
                    if r["mode"] == "float32" and r["status"] != "ok"]
    if bad:
        print(f"FAILED: {bad}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
