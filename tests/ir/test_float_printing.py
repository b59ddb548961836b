"""Floats print as upstream MLIR prints them (ir/attributes.py format_float): checked against
iree-opt's printer on the same values, in f64, f32, f16 and bf16."""
from __future__ import annotations

import random
import re
import subprocess

import ml_dtypes
import numpy as np
import pytest

from tests.conftest import iree_opt_path
from tfl2quant.ir.attributes import format_float
from tfl2quant.ir.types import FloatType

DTYPES = {"f64": np.float64, "f32": np.float32, "f16": np.float16, "bf16": ml_dtypes.bfloat16}

# %e forms, values whose 6-digit form does not read back (0.998 and 1/255 as doubles), integral
# values without a '.' in APFloat's default form (hex), and the E notation of small values.
FIXED = [0.99872, 2.0, 0.02, 200.0, 1 / 255, 0.1, -0.998, 0.998, 1e-30, 123456789.0, 0.0078125,
         1.2321, 3.4e38, 5.406371315075376e-07, 1e300, 65504.0, 0.3999999761581421, 1.07374182e9,
         1e-5, 12345.678, -0.0, 0.0]


def _values(ty: str) -> list[float]:
    rng = random.Random(14)
    raw = FIXED + [rng.uniform(-1, 1) * 10 ** rng.randint(-12, 12) for _ in range(80)]
    with np.errstate(over="ignore"):
        cast = np.array(raw).astype(DTYPES[ty]).astype(np.float64)
    return [float(v) for v in cast if np.isfinite(v)]


@pytest.mark.parametrize("ty", list(DTYPES))
def test_floats_print_as_upstream_prints_them(ty):
    values = _values(ty)
    ours = [format_float(v, FloatType(ty)) for v in values]
    text = "module attributes {" + ", ".join(f"t.a{i} = {s} : {ty}" for i, s in enumerate(ours)) + "} {}"
    r = subprocess.run([iree_opt_path(), "-"], input=text, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[:2000]
    upstream = dict(re.findall(rf"t\.a(\d+) = (\S+) : {ty}\b", r.stdout))
    wrong = [(v, ours[i], upstream.get(str(i))) for i, v in enumerate(values) if upstream.get(str(i)) != ours[i]]
    assert not wrong, wrong[:10]


def test_known_forms():
    f64, f32 = FloatType("f64"), FloatType("f32")
    assert format_float(0.99872) == "9.987200e-01"
    assert format_float(0.998) == "0.998"  # 9.979990e-01 after APFloat's digit truncation
    assert format_float(0.998, f32) == "9.980000e-01"
    assert format_float(1 / 255, f64) == "0.0039215686274509803"
    assert format_float(float(np.float32(1 / 255)), f32) == "0.00392156886"
    assert format_float(123456789.0) == "0x419D6F3454000000"
    assert format_float(float("inf"), f32) == "0x7F800000"
