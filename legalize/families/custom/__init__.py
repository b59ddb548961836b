"""CUSTOM operators whose computation is public: MediaPipe's CPU kernels.

A `tfl.custom` op carries only a name (`custom_code`) and option bytes
(`custom_option`); its computation lives in whoever registered the name. The
names MediaPipe's CPU op resolver registers (mediapipe/util/tflite/cpu_op_resolver.cc)
have their kernels in mediapipe/util/tflite/operations/; those get float lowerings,
one class per kernel (mediapipe.py, mediapipe_transforms.py), picked by `custom_code`:

    Convolution2DTransposeBias  transpose_conv_bias.cc       tosa.transpose_conv2d (+ bias)
    MaxPoolingWithArgmax2D      max_pool_argmax.cc           window slices, reduce_max + argmax
    MaxUnpooling2D              max_unpooling.cc             one-hot select per window position
    TransformTensorBilinear     transform_tensor_bilinear.cc tosa.gather of the four corners
    TransformLandmarks          transform_landmarks.cc       affine map of x and y
    Landmarks2TransformMatrix   landmarks_to_transform_matrix.cc  atan2, rotations, min/max

The CPU resolver registers version 2 of the last three (version 1 is a GPU-delegate
form), so their rewrites follow the v2 kernels. Every other custom operator stays a
`tfl.custom` op: its computation is not in the model. So do DELEGATE (its
computation is in the delegate) and the code-127 placeholder, which is not an operator.
"""
from __future__ import annotations

from tfl2quant.ir.attributes import StringAttr

from ...rule import FloatPattern, Rule, unlowered
from .mediapipe import MaxPoolArgmax, MaxUnpooling, TransposeConvBias
from .mediapipe_transforms import (LandmarksToTransformMatrix, TransformLandmarks, TransformTensorBilinear)


def custom_code(op) -> str:
    a = op.attributes.get("custom_code")
    return a.value if isinstance(a, StringAttr) else ""


KERNELS = {
    "Convolution2DTransposeBias": TransposeConvBias(),
    "MaxPoolingWithArgmax2D":     MaxPoolArgmax(),
    "MaxUnpooling2D":             MaxUnpooling(),
    "TransformTensorBilinear":    TransformTensorBilinear(),
    "TransformLandmarks":         TransformLandmarks(),
    "Landmarks2TransformMatrix":  LandmarksToTransformMatrix(),
}


class Custom(FloatPattern):
    """A custom operator with a known kernel (KERNELS, by custom_code); any other one's
    computation is not in the model."""

    def unsupported(self, op):
        kernel = KERNELS.get(custom_code(op))
        if kernel is None:
            return f"custom operator '{custom_code(op)}': its computation is not in the model"
        return kernel.unsupported(op)

    def rewrite(self, b, op, operands, result_types):
        return KERNELS[custom_code(op)].rewrite(b, op, operands, result_types)


RULES = {
    # TFLite op                              Rule
    "tfl.custom":                           Rule(float=Custom()),
    "tfl.delegate":                         unlowered("delegate operator: its computation is not in the model"),
    "tfl.placeholder_for_greater_op_codes": unlowered("not an operator: code 127 marks wider codes"),
}
