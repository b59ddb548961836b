"""`convert --emit-bytecode`: upstream MLIR (iree-opt) reads our bytecode as the same IR as our text.

iree-opt prints the bytecode's large constants as `dense_resource<k>` with the
blobs in a `{-# dialect_resources #-}` trailer; the comparison puts each blob
back as `dense<"0x...">` and lets iree-opt print both sides, so that the two
texts are upstream's canonical spelling of one module.
"""
from __future__ import annotations

import io
import re
import subprocess
import sys

import numpy as np
import pytest
from ai_edge_litert import schema_py_generated as schema

from tests.conftest import MODELS, iree_opt_path
from tfl2quant.ir.bytecode import varint, write_bytecode
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert
from tools.tflite_builder import ModelBuilder, per_axis, per_tensor


def iree_opt(data: bytes, *flags: str) -> str:
    p = subprocess.run([iree_opt_path(), "--allow-unregistered-dialect", *flags, "-"], input=data,
                       capture_output=True)
    assert p.returncode == 0, p.stderr.decode()[:3000]
    return p.stdout.decode()


def inline_resources(text: str) -> str:
    """iree-opt's print of bytecode with the `dialect_resources` blobs put back as dense hex."""
    body, _, trailer = text.partition("{-#")
    blobs = dict(re.findall(r"(\w+): \"0x[0-9A-F]{8}([0-9A-F]*)\"", trailer))
    assert len(blobs) == len(set(re.findall(r"dense_resource<(\w+)>", body)))
    return re.sub(r"dense_resource<(\w+)>", lambda m: f'dense<"0x{blobs[m.group(1)]}">', body)


def same_as_text(module) -> tuple[str, bytes]:
    text = print_module(module)
    out = io.BytesIO()
    write_bytecode(module, out)
    data = out.getvalue()
    assert data[:4] == b"ML\xefR"
    from_bytecode = iree_opt(inline_resources(iree_opt(data)).encode())
    from_text = iree_opt(text.encode())
    assert from_bytecode == from_text
    return from_text, data


def test_varint_is_prefix_varint():
    # BytecodeFormat.md: the count of extra bytes as trailing zeros of the first byte
    assert varint(0) == b"\x01" and varint(1) == b"\x03" and varint(127) == b"\xff"
    assert varint(128) == b"\x02\x02" and varint(1 << 14) == b"\x04\x00\x02"
    assert varint(1 << 56) == b"\x00" + (1 << 56).to_bytes(8, "little")
    for v in (5, 300, 70000, 1 << 30, (1 << 56) - 1, (1 << 64) - 1):
        first = varint(v)[0]
        n = 9 if first == 0 else (first & -first).bit_length()
        assert len(varint(v)) == n
        value = int.from_bytes(varint(v)[1:], "little") if n == 9 else int.from_bytes(varint(v), "little") >> n
        assert value == v


@pytest.mark.parametrize("model, stage", [
    ("small-cnn.int8.tflite", "final"),
    ("small-cnn.int8.tflite", "tfl"),           # quant types, unregistered tfl ops
    ("softmax-2d.int8.tflite", "lowered"),      # linalg.generic regions reading outer values
    ("real/lstm-fused.int8.tflite", "final"),
    ("real/transformer.int8.tflite", "final"),
])
def test_iree_opt_reads_our_bytecode_as_our_text(model, stage):
    text, data = same_as_text(convert(str(MODELS / model), stage).module)
    if stage == "final":
        assert "func.func" in text and "tensor<" in text


def test_large_constants_are_blobs_of_the_mapped_file(tmp_path):
    """Weights go to the resource section byte for byte: the output is about their size, and
    each weight's bytes appear in it unchanged (written from the file's mapping)."""
    rng = np.random.default_rng(3)
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [1, 64], "INT8", quant=per_tensor(0.05, 0))
    weights = []
    for k in range(3):
        w = rng.integers(-127, 128, (64, 64), dtype=np.int8)
        weights.append(w)
        wt = g.const(f"w{k}", w, quant=per_axis(np.full(64, 0.001, np.float32), axis=0), external=k == 2)
        b = g.const(f"b{k}", rng.integers(-1000, 1000, 64, dtype=np.int32),
                    quant=per_axis(np.full(64, 5e-5), axis=0))
        y = g.tensor(f"y{k}", [1, 64], "INT8", quant=per_tensor(0.05, 0))
        g.op("FULLY_CONNECTED", [x, wt, b], [y], schema.FullyConnectedOptionsT())
        x = y
    g.output(x)
    path = tmp_path / "fc.tflite"
    path.write_bytes(m.build())
    module = convert(str(path)).module
    text, data = same_as_text(module)
    assert "dense_resource" not in text
    size = sum(w.nbytes for w in weights)
    assert size < len(data) < size + 20_000
    for w in weights:  # tosa.matmul's [1, in, out]: the transposed view of TFLite's [out, in]
        assert w.T.tobytes() in data


def test_a_weight_two_signatures_share_is_one_blob(tmp_path):
    """A generative model's prefill and decode functions read the same weights (one buffer,
    a tensor in each subgraph): each function has its own constant, both views of the mapped
    file, and the bytecode holds the bytes once."""
    rng = np.random.default_rng(4)
    w = rng.integers(-127, 128, (48, 64), dtype=np.int8)
    m = ModelBuilder()
    buffer = m.buffer(w.tobytes())
    for key, rows in (("prefill_4", 4), ("decode", 1)):
        g = m.subgraph(key)
        x, y = g.input("x", [rows, 64]), g.tensor("y", [rows, 48])
        wt = g.tensor("w", [48, 64], "INT8", buffer=buffer, quant=per_axis(rng.uniform(1e-3, 1e-2, 48)))
        g.op("FULLY_CONNECTED", [x, wt], [y], schema.FullyConnectedOptionsT())
        g.output(y)
        m.signature(key, g, inputs={"x": x}, outputs={"y": y})
    path = tmp_path / "llm.tflite"
    path.write_bytes(m.build())
    module = convert(str(path)).module
    text, data = same_as_text(module)
    assert text.count("tosa.matmul") == 2
    assert data.count(w.T.tobytes()) == 1
    assert len(data) < w.nbytes + 20_000


def test_int4_weights_reach_the_output_as_stored_once(tmp_path):
    """A generative model's blockwise int4 weights and their fp16 scales, read by its prefill
    and decode functions: the output holds the packed bytes of the file (two values a byte) and
    the scales, each once, and the conversion never unpacks the weights (the IR does, by shifts:
    legalize/lib/hybrid.py unpack). The scales are more than quant.types.PARAM_ARRAY_ABOVE, so the
    type holds the file's fp16 tensor itself."""
    from tfl2quant.importer.tensors import PackedElementsAttr
    from tools.tflite_builder import blockwise, pack_int4

    rng = np.random.default_rng(5)
    units, depth, block = 72, 2048, 32
    w = rng.integers(-8, 8, (units, depth)).astype(np.int8)
    scales = rng.uniform(0.002, 0.05, (units, depth // block)).astype(np.float16)
    m = ModelBuilder()
    packed, scale_buffer = m.buffer(pack_int4(w)), m.buffer(scales.tobytes())
    for key, rows in (("prefill_4", 4), ("decode", 1)):
        g = m.subgraph(key)
        x, y = g.input("x", [rows, depth]), g.tensor("y", [rows, units])
        sc = g.tensor("w_scales", scales.shape, "FLOAT16", buffer=scale_buffer)
        wt = g.tensor("w", [units, depth], "INT4", buffer=packed, quant=blockwise(sc, block))
        g.op("FULLY_CONNECTED", [x, wt, -1], [y], schema.FullyConnectedOptionsT(), version=13)
        g.output(y)
        m.signature(key, g, inputs={"x": x}, outputs={"y": y})
    path = tmp_path / "llm.tflite"
    path.write_bytes(m.build())
    result = convert(str(path), emit="tfl")
    weights = [op.attributes["value"] for op in result.module.walk() if op.name == "tfl.pseudo_qconst"]
    assert len(weights) == 2 and all(isinstance(a, PackedElementsAttr) for a in weights)
    module = convert(str(path)).module
    assert all("_unpacked" not in a.__dict__ for a in weights)
    text, data = same_as_text(module)
    assert text.count("tosa.matmul") == 2 and text.count("tosa.arithmetic_right_shift") == 4
    assert data.count(pack_int4(w)) == 1 and data.count(scales.tobytes()) == 1
    assert len(data) < w.size // 2 + scales.nbytes + 20_000


def test_cli_emit_bytecode(tmp_path):
    out = tmp_path / "m.mlirbc"
    p = subprocess.run([sys.executable, "-m", "tfl2quant.cli", "convert", str(MODELS / "small-cnn.int8.tflite"),
                        "--emit-bytecode", "-o", str(out)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert out.read_bytes()[:4] == b"ML\xefR"
    assert "tosa.conv2d" in iree_opt(out.read_bytes())


@pytest.mark.parametrize("shape", [(3, 300, 7), (2000, 50), (70000, 2), (1, 5, 70000), (40,)])
def test_constant_pieces_are_the_row_major_bytes_of_any_view(shape):
    """Both writers stream a constant in bounded contiguous pieces, also for a transposed or
    strided view of the mapped file (FULLY_CONNECTED's weights are a transposed view)."""
    from tfl2quant.ir.attributes import HEX_CHUNK, _contiguous_pieces

    a = np.random.default_rng(0).integers(-100, 100, shape).astype(np.int8)
    for view in (a, a.T, a[..., ::2], np.moveaxis(a, 0, -1)):
        pieces = list(_contiguous_pieces(view))
        assert b"".join(p.tobytes() for p in pieces) == np.ascontiguousarray(view).tobytes()
        assert all(p.ndim == 1 and p.flags.c_contiguous and p.size <= HEX_CHUNK for p in pieces)


def test_iree_compile_runs_our_bytecode_as_our_text():
    """iree-compile takes the bytecode (weights as resource blobs) and the compiled program
    computes what the text's does, bit for bit."""
    from runtime_check.executor.iree_backend import TARGET, iree_compile_path, run_vmfb

    module = convert(str(MODELS / "small-cnn.int8.tflite")).module
    out = io.BytesIO()
    write_bytecode(module, out)

    def compiled(data: bytes) -> bytes:
        p = subprocess.run([iree_compile_path(), "-", *TARGET, "-o", "-"], input=data, capture_output=True)
        assert p.returncode == 0, p.stderr.decode()[:2000]
        return p.stdout

    x = np.random.default_rng(0).integers(-128, 128, (1, 13, 11, 3), dtype=np.int8)
    from_bytecode = run_vmfb(compiled(out.getvalue()), [x])
    from_text = run_vmfb(compiled(print_module(module).encode()), [x])
    assert len(from_bytecode) == 1 and from_bytecode[0].shape == (1, 10)
    np.testing.assert_array_equal(from_bytecode[0], from_text[0])


# --- reading bytecode (tfl2quant/ir/bytecode_reader.py) and `opt`'s bytecode options ---------------

from pathlib import Path  # noqa: E402

from tfl2quant.errors import Tfl2QuantError  # noqa: E402
from tfl2quant.ir.bytecode_reader import read_bytecode  # noqa: E402
from tfl2quant.ir.core import verify  # noqa: E402
from tfl2quant.ir.diagnostics import split_input  # noqa: E402
from tfl2quant.ir.parser import parse_module  # noqa: E402

LIT = Path(__file__).parent.parent / "lit"
QUANT_LIT_FILES = sorted(p for p in LIT.rglob("*.mlir") if "Output" not in p.parts and "!quant." in p.read_text())


def bytecode_of(module) -> bytes:
    out = io.BytesIO()
    write_bytecode(module, out)
    return out.getvalue()


def lit_modules(path: Path):
    """The chunks of a lit file that parse and verify (the others test diagnostics)."""
    for chunk in split_input(path.read_text(), True):
        try:
            module = parse_module(chunk.text, str(path), chunk.first_line)
            verify(module)
        except Tfl2QuantError:
            continue
        yield module


def test_lit_inputs_with_quant_types_round_trip():
    """text -> bytecode -> text is the identity on every lit input with quantized types, and
    writing what was read gives the same bytes (deterministic: upstream's `cmp` test)."""
    assert len(QUANT_LIT_FILES) >= 10
    n = 0
    for path in QUANT_LIT_FILES:
        for module in lit_modules(path):
            data = bytecode_of(module)
            back = read_bytecode(data, "x.mlirbc")
            verify(back)
            assert print_module(back, debuginfo=True) == print_module(module, debuginfo=True), path
            assert bytecode_of(back) == data, path
            n += 1
    assert n >= 50


@pytest.mark.parametrize("model, stage", [
    ("small-cnn.int8.tflite", "final"),
    ("small-cnn.int8.tflite", "tfl"),          # unregistered tfl ops, quant types
    ("softmax-2d.int8.tflite", "lowered"),     # linalg.generic regions using outer values
    ("real/lstm-fused.int8.tflite", "final"),  # binary metadata strings, weights as resource blobs
])
def test_converted_models_round_trip(model, stage):
    module = convert(str(MODELS / model), stage).module
    data = bytecode_of(module)
    back = read_bytecode(data)
    assert print_module(back) == print_module(module)
    assert bytecode_of(back) == data


QUANT_TEXT = """\
module @m attributes {t.any = !quant.any<i8<-8:7>:f32>, t.cal = !quant.calibrated<f32<-0.998:1.2321>>,
    t.axis = !quant.uniform<u8:f32:1, {2.0e+2:-120,0.99872:127}>, t.u = !quant.uniform<ui8:f32, 0.99872:127>,
    t.sub = !quant.uniform<i8:f32:{0:1, 1:2}, {{2.0:10, 3.0:20}, {4.0:30, 5.0:40}}>,
    t.arr = [1, 2.5 : f16, "s", @f, unit, array<i32: 1, 2>, dense<[true, false, true]> : tensor<3xi1>]} {
  func.func @f(%arg0: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<2xf32> {
    %0 = quant.dcast %arg0 : tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-3>> to tensor<2xf32>
    %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %1 = "test.op"(%0, %c) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    return %1 : tensor<2xf32>
  }
}
"""


def iree_bytecode(text: str, version: int) -> bytes:
    p = subprocess.run([iree_opt_path(), "--allow-unregistered-dialect", "--emit-bytecode",
                        f"--emit-bytecode-version={version}", "-"], input=text.encode(), capture_output=True)
    assert p.returncode == 0, p.stderr.decode()[:2000]
    return p.stdout


@pytest.mark.parametrize("version", [0, 1, 2, 3, 4])
def test_reads_iree_opt_bytecode_builtin_and_quant_encodings(version):
    """iree-opt writes builtin and quant attributes and types in their dialects' own encodings,
    isolated regions as nested sections (version >= 2), and elides unknown block argument
    locations (>= 4): we read the module iree-opt prints as text."""
    data = iree_bytecode(QUANT_TEXT, version)
    expected = parse_module(iree_opt(QUANT_TEXT.encode(), "--mlir-print-debuginfo"))
    got = read_bytecode(data, "iree.mlirbc")
    verify(got)
    assert print_module(got, debuginfo=True) == print_module(expected, debuginfo=True)
    assert 'loc("<stdin>":6:10)' in print_module(got, debuginfo=True)  # quant.dcast's FileLineColLoc


def test_reads_iree_opt_bytecode_of_a_converted_model():
    text = print_module(convert(str(MODELS / "small-cnn.int8.tflite"), "tfl").module)
    got = read_bytecode(iree_bytecode(text, 4))
    assert print_module(got) == print_module(parse_module(iree_opt(text.encode())))
    assert "tfl.conv_2d" in print_module(got)


@pytest.mark.parametrize("model, stage", [
    ("small-cnn.int8.tflite", "final"),
    ("softmax-2d.int8.tflite", "lowered"),     # linalg.generic: affine maps in the builtin encoding
    ("real/transformer.int8.tflite", "final"),
])
def test_reads_iree_opt_bytecode_of_final_ir(model, stage):
    """Version 4 keeps properties in the attribute dictionary, default-valued ones included
    (`fastmath<none>`, which upstream's text leaves out): iree-opt prints what we read as it
    prints the module itself."""
    text = print_module(convert(str(MODELS / model), stage).module)
    got = print_module(read_bytecode(iree_bytecode(text, 4)))
    assert "affine_map" in got
    assert iree_opt(got.encode()) == iree_opt(text.encode())


ARITH_TEXT = """\
func.func @f(%a: f32, %b: i32, %c: i64) -> (f32, f32, i32, i32, i32, i1, i1) {
  %0 = arith.addf %a, %a : f32
  %1 = arith.mulf %a, %a fastmath<fast> : f32
  %2 = arith.addi %b, %b : i32
  %3 = arith.subi %b, %b overflow<nsw> : i32
  %4 = arith.trunci %c : i64 to i32
  %5 = arith.cmpi slt, %b, %b : i32
  %6 = arith.cmpf olt, %a, %a fastmath<fast> : f32
  %7 = math.round %a : f32
  %8:7 = func.call @f(%a, %b, %c) : (f32, i32, i64) -> (f32, f32, i32, i32, i32, i1, i1)
  return %0, %1, %2, %3, %4, %5, %6 : f32, f32, i32, i32, i32, i1, i1
}
module @inner {
  func.func private @g(%arg0: tensor<2xf32> {x.a = 1 : i32}) -> (tensor<2xf32> {x.r = 2 : i32}) attributes {no_inline}
}
"""


@pytest.mark.parametrize("version", [5, 6])
@pytest.mark.parametrize("text", [QUANT_TEXT, ARITH_TEXT], ids=["quant", "arith"])
def test_reads_op_properties_of_builtin_func_and_arith_ops(version, text):
    """From version 5 a registered op's inherent attributes are its properties, in an op-specific
    encoding: we read those of builtin.module, func.func/call, arith.constant and the arith and
    math ops of this IR as version 4 has them in the attribute dictionary."""
    got = read_bytecode(iree_bytecode(text, version), "x.mlirbc")
    verify(got)
    assert print_module(got) == print_module(read_bytecode(iree_bytecode(text, 4), "x.mlirbc"))
    assert print_module(got) == print_module(parse_module(iree_opt(text.encode())))


def test_reads_op_properties_of_the_tfl_stage():
    text = print_module(convert(str(MODELS / "small-cnn.int8.tflite"), "tfl").module)
    got = read_bytecode(iree_bytecode(text, 6))  # tfl ops are unregistered: properties as attributes
    assert print_module(got) == print_module(parse_module(iree_opt(text.encode())))


def test_properties_of_other_ops_are_a_one_line_error():
    """The properties of an op outside our table (tosa's, linalg's): a one-line error naming the op,
    the byte, and the version that we read."""
    text = print_module(convert(str(MODELS / "small-cnn.int8.tflite")).module)
    with pytest.raises(Tfl2QuantError, match=r"x\.mlirbc: bytecode: the properties of 'tosa\.\w+' .* not supported; "
                       r"write the bytecode with --emit-bytecode-version=4 \(at byte \d+\)$"):
        read_bytecode(iree_bytecode(text, 6), "x.mlirbc")


def test_truncated_and_garbled_bytecode_are_one_line_errors():
    """Every truncation and many single-byte changes of a valid file either read or raise a
    Tfl2QuantError naming a byte offset; never another exception."""
    good = bytecode_of(parse_module(QUANT_TEXT))
    whole = print_module(read_bytecode(good))
    for n in range(len(good)):
        try:  # a prefix that ends between sections may leave out only the optional resource sections
            assert print_module(read_bytecode(good[:n], "t.mlirbc")) == whole
        except Tfl2QuantError as e:
            assert re.match(r"t\.mlirbc: bytecode: .*\(at byte \d+\)$", str(e)), str(e)
    rng = np.random.default_rng(0)
    errors = 0
    for trial, source in enumerate([good, iree_bytecode(QUANT_TEXT, 4), iree_bytecode(QUANT_TEXT, 6)] * 400):
        bad = bytearray(source)
        k = int(rng.integers(4, len(bad)))
        if trial % 3 == 0:
            bad[k] = int(rng.integers(0, 256))
        elif trial % 3 == 1:
            del bad[k]
        else:
            bad.insert(k, int(rng.integers(0, 256)))
        try:
            module = read_bytecode(bytes(bad), "g.mlirbc")
            verify(module)
            print_module(module)
        except Tfl2QuantError as e:
            assert "\n" not in str(e)
            errors += 1
    assert errors > 300


def run_opt(*args, input: bytes | None = None):
    return subprocess.run([sys.executable, "-m", "tfl2quant.cli", "opt", *args], input=input, capture_output=True)


def test_opt_emit_bytecode_read_back_from_stdin_and_cmp(tmp_path):
    """upstream's u8-storage-roundtrip: text -> --strip-debuginfo -emit-bytecode -> read back ->
    the same again gives identical files."""
    src = tmp_path / "in.mlir"
    src.write_text(QUANT_TEXT)
    first, second = tmp_path / "a.bc", tmp_path / "b.bc"
    p = run_opt(str(src), "-allow-unregistered-dialect", "--strip-debuginfo", "-emit-bytecode", "-o", str(first))
    assert p.returncode == 0, p.stderr
    text = run_opt(str(first), "-allow-unregistered-dialect")
    assert text.returncode == 0, text.stderr
    assert b"!quant.uniform<ui8:f32, 9.987200e-01:127>" in text.stdout
    p = run_opt("-allow-unregistered-dialect", "--strip-debuginfo", "-emit-bytecode", "-o", str(second),
                input=text.stdout)
    assert p.returncode == 0, p.stderr
    assert first.read_bytes() == second.read_bytes()
    p = run_opt(input=first.read_bytes())  # bytecode on stdin, output text on stdout
    assert p.returncode == 0 and p.stdout == text.stdout


def test_opt_strip_debuginfo_in_a_pipeline():
    p = run_opt("--pass-pipeline=builtin.module(strip-debuginfo)", "--mlir-print-debuginfo", "-",
                input=QUANT_TEXT.encode())
    assert p.returncode == 0, p.stderr
    # every location is unknown now, and mlir-opt prints them so
    assert b"loc(unknown)" in p.stdout and b'loc("' not in p.stdout
    kept = run_opt("--mlir-print-debuginfo", "-", input=QUANT_TEXT.encode())
    assert b'loc("<stdin>":6:10)' in kept.stdout


def test_opt_garbled_bytecode_exits_nonzero_with_one_line():
    good = bytecode_of(parse_module(QUANT_TEXT))
    for data in (good[:40], good[:4] + b"\x7f" + good[5:], good[:-3]):
        p = run_opt("-", input=data)
        assert p.returncode != 0
        lines = p.stderr.decode().strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: <stdin>: bytecode: "), lines
        assert "internal error" not in lines[0] and "Traceback" not in lines[0]
