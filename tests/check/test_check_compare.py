"""How check compares a tensor with TFLite's (runtime_check/check/compare.py): infinities, NaN and
the float extremes, without a warning."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

from runtime_check.check import PASS, check_model
from runtime_check.check.compare import distance, magnitude

from ..lib.check_models import attention_mask

F32 = np.finfo(np.float32)


def test_equal_specials_are_zero_apart_and_others_infinitely():
    ours = np.array([np.inf, -np.inf, np.nan, -np.inf, np.inf, 1.0, np.nan, F32.min, 2.0], np.float32)
    ref = np.array([np.inf, -np.inf, np.nan, F32.min, F32.min, np.inf, 1.0, F32.min, 2.5], np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = distance(ours, ref)
    assert got.tolist() == [0, 0, 0, 0, np.inf, np.inf, np.inf, 0, 0.5]


def test_the_extremes_do_not_scale_the_tolerance():
    scores = np.array([[1.5, -2.75, F32.min, -np.inf, F32.min * 0.75]], np.float32)
    assert magnitude(scores) == 2.75
    assert magnitude(np.array([0.25, -np.inf], np.float32)) == 1.0


@pytest.mark.parametrize("fill", [-np.inf, F32.min], ids=["minus-inf", "finfo-min"])
def test_an_attention_mask_passes_without_a_warning(tmp_path, fill):
    """TFLite's ADD clamps scores + -inf to finfo.min (its activation range); ours keeps -inf:
    the same value for a mask. Per layer, SELECT_V2 and RESHAPE give -inf on both sides."""
    path = tmp_path / "mask.tflite"
    path.write_bytes(attention_mask(fill))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = check_model(str(path))
    assert result.verdict == PASS, result.outputs
    masked, probs = result.outputs
    assert masked.max_abs_diff == 0 and masked.exact_fraction == 1.0
    assert masked.tolerance < 1e-4  # the scores' scale, not finfo.max's
    assert all(layer.passed and layer.max_abs_diff < 1e-6 for layer in result.layers), result.layers
