"""The shortcuts that make a small model's convert cheaper (issue 15) give what the long way
gives: the importer's verified operators, a format text parsed once, C's division by a
power of two as a shift, TfLiteRound on Python floats in the int16 softmax tables."""
import math
from pathlib import Path

import numpy as np
import pytest

from legalize.lib import gemmlowp_tables
from legalize.families.normalization import softmax
from legalize.families.elementwise.unary import inv_sqrt_multiplier_exp
from tfl2quant.dialects import assembly_elements
from tfl2quant.importer.model import import_model
from tfl2quant.ir.core import OP_CLASSES, VerificationError
from tfl2quant.ir.types import FunctionType
from tfl2quant.numerics import divide_toward_zero, round_half_away
from tfl2quant.pipeline import run_pipeline

MODEL = Path(__file__).resolve().parents[1] / "models" / "add-relu.int8.tflite"


def test_importer_marks_its_verified_operators_only():
    module = import_model(str(MODEL))
    ops = list(module.walk())
    verified = module.verified_ops
    assert verified, "the importer verified no operator"
    assert all(op.name.startswith("tfl.") and not op.regions for op in verified)
    assert {"builtin.module", "func.func", "func.return"} <= {op.name for op in ops if op not in verified}
    assert verified <= set(ops)


def test_run_pipeline_still_verifies_what_the_importer_did_not():
    module = import_model(str(MODEL))
    verified = module.__dict__.pop("verified_ops")
    func = next(op for op in module.walk() if op.name == "func.func")
    ft = func.function_type
    func.attributes.pop("res_attrs", None)
    func.set_function_type(FunctionType(ft.inputs, ft.results + ft.results))  # return no longer fits
    with pytest.raises(VerificationError, match="enclosing function returns"):
        run_pipeline(module, verified=verified)


def test_equal_format_texts_share_their_elements():
    fmts = [OP_CLASSES[n].assembly for n in ("arith.addi", "arith.subi", "arith.muli")]
    assert len({f.name for f in fmts}) == 3
    assert fmts[0].elements is fmts[1].elements is fmts[2].elements
    text = "$lhs `,` $rhs attr-dict `:` type($result)"
    assert assembly_elements.compile_format(text) is assembly_elements.compile_format(text)
    assert assembly_elements.compile_format(text) == assembly_elements._parse(text)


@pytest.mark.parametrize("k", [1, 15, 31])
def test_truncating_divide_by_a_power_of_two_is_c_division(k):
    rng = np.random.default_rng(k)
    edges = np.array([0, 1, -1, (1 << k) - 1, -(1 << k) + 1, 1 << k, -(1 << k), (1 << k) + 1, -(1 << k) - 1,
                      (1 << 62) + (1 << 30), -(1 << 62) - (1 << 30)], np.int64)
    x = np.concatenate([edges, rng.integers(-(1 << 62), 1 << 62, 20000), rng.integers(-(1 << 20), 1 << 20, 20000)])
    np.testing.assert_array_equal(gemmlowp_tables._truncating_divide(x, 1 << k),
                                  divide_toward_zero(x, np.int64(1 << k)))
    np.testing.assert_array_equal(gemmlowp_tables._truncating_divide(x, 3), divide_toward_zero(x, np.int64(3)))


def _lut_int16_f64_numpy(f, input_scale, input_zero_point, output_scale, output_zero_point):
    """LUTPopulateInt16<double> with numpy's round_half_away, as the table was made before."""
    input_min = input_scale * float(-32768 - input_zero_point)
    input_max = input_scale * float(32767 - input_zero_point)
    output_min = output_scale * float(-32768 - output_zero_point)
    output_max = output_scale * float(32767 - output_zero_point)
    step = (input_max - input_min) / 512
    scaling_inv = 65536.0 / (output_max - output_min)

    def rnd(v):
        return float(round_half_away(v))

    def stored(v):
        return int(min(max(v, -32768.0), 32767.0))

    lut = np.empty(513, np.int16)
    for i in range(512):
        val, val_next = f(input_min + i * step), f(input_min + (i + 1) * step)
        val_midpoint = f(input_min + i * step + step / 2)
        midpoint_interp_val = rnd((val_next * scaling_inv + rnd(val * scaling_inv)) / 2)
        bias = rnd((midpoint_interp_val - rnd(val_midpoint * scaling_inv)) / 2)
        lut[i] = stored(rnd(val * scaling_inv) - bias)
    lut[512] = stored(rnd(f(input_max) * scaling_inv))
    return lut


@pytest.mark.parametrize("f, args", [
    (math.exp, (10.0 / 65535, 32767, 2.0 / 65535, 0)),
    (lambda v: 1.0 / (1.0 + v), (1.0 / 65535, -32768, 2.0 / 65535, 0)),
    (lambda v: v, (1.0 / 4, 0, 1.0 / 4, 0)),  # ties: every (val * scaling_inv) / 2 ends in .5 or .0
])
def test_lut_int16_f64_rounds_as_tflite_round(f, args):
    np.testing.assert_array_equal(softmax.lut_int16_f64(f, *args), _lut_int16_f64_numpy(f, *args))


def test_inverse_square_root_cache_answers_as_the_computation():
    inv_sqrt_multiplier_exp.cache_clear()
    first = [inv_sqrt_multiplier_exp(x) for x in range(1, 600)]
    assert inv_sqrt_multiplier_exp.cache_info().hits == 0
    assert [inv_sqrt_multiplier_exp(x) for x in range(1, 600)] == first
    assert inv_sqrt_multiplier_exp.cache_info().hits == 599
    assert inv_sqrt_multiplier_exp.__wrapped__(255) == first[254]
