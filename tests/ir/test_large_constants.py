"""Large constants and many-channel types take whole-array paths (issue 15: a 1 GB model
converts in the time of reading it). Each path must say what the element-by-element
code said: the hex of a constant, whether it is a splat, and which scale or zero point
of thousands is out of range."""
from __future__ import annotations

import re

import numpy as np
import pytest

from tfl2quant.dialects.quant.types import UniformQuantizedPerAxisType
from tfl2quant.errors import Tfl2QuantError, VerificationError
from tfl2quant.ir.attributes import HEX_CHUNK, DenseElementsAttr
from tfl2quant.ir.types import FloatType, IntegerType, RankedTensorType
from tfl2quant.pipeline import convert
from tools.tflite_builder import ModelBuilder, per_axis

RNG = np.random.default_rng(15)


def printed(data: np.ndarray, elem) -> str:
    return str(DenseElementsAttr(RankedTensorType(data.shape, elem), data))


def hex_body(text: str) -> str:
    assert text.startswith('dense<"0x'), text[:40]
    return text[len('dense<"0x'):text.index('"', len('dense<"0x'))]


@pytest.mark.parametrize("dtype, elem", [
    (np.int8, IntegerType(8)), (np.int16, IntegerType(16)), (np.float32, FloatType("f32")),
    (np.int32, IntegerType(32))])
@pytest.mark.parametrize("layout", ["contiguous", "transposed", "long rows"])
def test_hex_is_the_row_major_bytes_in_upper_case(dtype, elem, layout):
    shape = {"contiguous": (3, HEX_CHUNK // 2 + 7), "transposed": (HEX_CHUNK // 8 + 3, 24),
             "long rows": (2, 2 * HEX_CHUNK + 5)}[layout]
    data = RNG.integers(-100, 100, size=shape).astype(dtype)
    if layout == "transposed":  # as FULLY_CONNECTED's weights: a view of the mapped [out, in] array
        data = np.ascontiguousarray(data.T).T
        assert not data.flags.c_contiguous
    expected = np.ascontiguousarray(data).tobytes().hex().upper()
    assert hex_body(printed(data, elem)) == expected


def test_sub_byte_and_bool_hex_hold_only_the_elements_bits():
    i4 = RNG.integers(-8, 8, size=(HEX_CHUNK + 11,)).astype(np.int8)
    assert hex_body(printed(i4, IntegerType(4))) == (i4.view(np.uint8) & 0xF).tobytes().hex().upper()
    b = RNG.integers(0, 2, size=(HEX_CHUNK + 11,)).astype(bool)
    assert hex_body(printed(b, IntegerType(1))) == b.astype(np.uint8).tobytes().hex().upper()


def test_a_constant_differing_only_after_its_first_elements_is_not_a_splat():
    data = np.full((300, 40), 7, np.int8)
    data[-1, -1] = 8
    assert hex_body(printed(data, IntegerType(8))) == data.tobytes().hex().upper()
    data = np.ascontiguousarray(data.T).T  # and as a transposed view
    assert hex_body(printed(data, IntegerType(8))) == np.ascontiguousarray(data).tobytes().hex().upper()


def test_an_equal_large_constant_prints_as_a_splat_whatever_its_layout():
    data = np.ascontiguousarray(np.full((40, 300), -3, np.int8).T).T
    assert printed(data, IntegerType(8)) == "dense<-3> : tensor<40x300xi8>"
    assert printed(np.full((500,), np.nan, np.float32), FloatType("f32")).startswith('dense<"0x')  # nan != nan


def per_axis_type(scales, zero_points=None):
    zero_points = [0] * len(scales) if zero_points is None else zero_points
    return UniformQuantizedPerAxisType(8, True, FloatType("f32"), -128, 127, tuple(scales), tuple(zero_points), 0)


@pytest.mark.parametrize("bad", [0.0, -0.5, float("inf"), float("nan"), 1e39])
def test_the_one_bad_scale_of_thousands_is_named(bad):
    scales = [float(s) for s in RNG.uniform(1e-3, 1.0, size=3000)]
    per_axis_type(scales).verify()
    scales[2345] = bad
    with pytest.raises(VerificationError, match=re.escape(f"scale {bad:e} out of expressed type range")):
        per_axis_type(scales).verify()


def dequantize_model(tmp_path, scales, zero_points):
    m = ModelBuilder()
    g = m.subgraph()
    w = g.const("w", RNG.integers(-127, 128, size=(len(scales), 4)).astype(np.int8),
                quant=per_axis(scales, zero_points, axis=0))
    y = g.tensor("y", [len(scales), 4])
    g.op("DEQUANTIZE", [w], [y])
    g.output(y)
    path = tmp_path / "many-channels.tflite"
    path.write_bytes(m.build())
    return str(path)


def test_the_importer_reads_thousands_of_channels_as_the_model_stores_them(tmp_path):
    scales = RNG.uniform(1e-3, 1.0, size=2000).astype(np.float32)
    scales[1500] = 0.0  # stored for an all-zero channel: becomes FLT_MIN
    zero_points = RNG.integers(-3, 4, size=2000)
    module = convert(dequantize_model(tmp_path, scales.tolist(), zero_points.tolist()), "tfl").module
    q = next(op for op in module.walk() if op.name == "tfl.dequantize").operands[0].type.element_type
    expected = [float(s) for s in scales.astype(np.float64)]
    expected[1500] = float(np.finfo(np.float32).tiny)
    assert q.scales == tuple(expected)
    assert q.zero_points == tuple(int(z) for z in zero_points)
    assert all(type(z) is int for z in q.zero_points) and all(type(s) is float for s in q.scales)


def test_the_importer_names_the_one_zero_point_out_of_range(tmp_path):
    zero_points = [0] * 2000
    zero_points[1777] = 200
    with pytest.raises(Tfl2QuantError, match=r'"w": zero point 200 out of the range \[-128, 127\]'):
        convert(dequantize_model(tmp_path, [0.5] * 2000, zero_points), "tfl")


@pytest.mark.parametrize("last", [False, True])
def test_a_large_constant_equal_in_its_first_piece_is_compared_piece_by_piece(last):
    """An embedding table whose first rows are zeros (a padding token), larger than a piece:
    a splat only if every piece is equal; compared a piece at a time, not through one boolean
    copy of the table."""
    data = np.zeros((40, 2 * HEX_CHUNK // 40 + 3), np.int8)
    if last:
        data[-1, -1] = 1
        assert hex_body(printed(data, IntegerType(8))) == data.tobytes().hex().upper()
    else:
        assert printed(data, IntegerType(8)) == f"dense<0> : tensor<{data.shape[0]}x{data.shape[1]}xi8>"


def _mapped_rss_kb(path) -> int:
    """Resident kB of the mappings of `path` in this process (/proc/self/smaps)."""
    total, inside = 0, False
    for line in open("/proc/self/smaps"):
        if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
            inside = line.rstrip().endswith(str(path))
        elif inside and line.startswith("Rss:"):
            total += int(line.split()[1])
    return total


@pytest.mark.skipif(not __import__("os").path.exists("/proc/self/smaps"), reason="Linux's smaps")
def test_released_pages_of_the_mapped_model_leave_the_resident_set(tmp_path):
    """ir/mapped.py: the pages under a view of the importer's read-only mapping leave the RSS
    when released (any strides), and read back the same; an array of other memory is left alone."""
    from tfl2quant.ir.mapped import map_read_only, release

    path = tmp_path / "weights.bin"
    data = RNG.integers(0, 256, 8 << 20, dtype=np.uint8)
    path.write_bytes(data.tobytes())
    with open(path, "rb") as f:
        m = map_read_only(f.fileno())
    weights = np.frombuffer(m, np.uint8)[4096:].reshape(-1, 4096)
    total = int(weights.sum(dtype=np.int64))  # every page read
    assert _mapped_rss_kb(path) >= (8 << 10) - 8
    release(weights[:, 100:3000].T)  # a transposed view spans the whole weight
    assert _mapped_rss_kb(path) <= 8
    assert int(weights.sum(dtype=np.int64)) == total and np.array_equal(weights.reshape(-1), data[4096:])
    copy = np.array(weights)
    release(copy)
    assert np.array_equal(copy.reshape(-1), data[4096:])
    del weights
