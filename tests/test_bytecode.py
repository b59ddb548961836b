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
from tests.tflite_builder import ModelBuilder, per_axis, per_tensor
from tfl2quant.ir.bytecode import varint, write_bytecode
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert


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
    from runtime_check.iree_backend import TARGET, iree_compile_path, run_vmfb

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
