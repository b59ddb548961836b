"""Fuzzing the flatbuffer reader over mutated real models: every input either
imports (and then prints and verifies) or gives a Tfl2QuantError; never another
exception, never a hang (hypothesis' deadline bounds each example)."""
from __future__ import annotations

from datetime import timedelta

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tfl2quant import dialects  # noqa: F401
from tfl2quant.errors import Tfl2QuantError
from tfl2quant.importer.flatbuffer import Buffer
from tfl2quant.importer.model import ModelImporter
from tfl2quant.ir.core import verify
from tfl2quant.ir.printer import print_module

from ..conftest import MODELS

SEEDS = [(MODELS / name).read_bytes() for name in (
    "small-cnn.int8.tflite", "quantize-dequantize-float-io.int8.tflite", "concat-requantize.int8.tflite",
    "add-const-broadcast.int8.tflite")]


def import_bytes(data: bytes) -> None:
    try:
        module = ModelImporter(Buffer(bytearray(data), "fuzz.tflite")).run()
    except Tfl2QuantError:
        return
    verify(module)
    print_module(module)


@st.composite
def mutated_models(draw):
    data = bytearray(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 8))):
        kind = draw(st.sampled_from(["flip", "int32", "truncate", "splice", "zero"]))
        pos = draw(st.integers(0, len(data) - 1))
        if kind == "flip":
            data[pos] ^= 1 << draw(st.integers(0, 7))
        elif kind == "int32" and pos + 4 <= len(data):
            value = draw(st.sampled_from([0, 1, 4, 0x7FFFFFFF, 0xFFFFFFFF, 0x80000000, len(data), len(data) - 4,
                                          draw(st.integers(0, 2 ** 32 - 1))]))
            data[pos:pos + 4] = int(value).to_bytes(4, "little")
        elif kind == "truncate":
            del data[max(pos, 1):]
        elif kind == "splice":
            other = draw(st.sampled_from(SEEDS))
            start = draw(st.integers(0, len(other) - 1))
            data[pos:pos + 16] = other[start:start + 16]
        elif kind == "zero":
            data[pos:pos + draw(st.integers(1, 64))] = bytes(64)[: len(data[pos:pos + 64])]
    return bytes(data)


@settings(max_examples=400, deadline=timedelta(seconds=5), suppress_health_check=[HealthCheck.too_slow],
          derandomize=True)
@given(mutated_models())
def test_mutated_models_import_or_fail_cleanly(data):
    import_bytes(data)


@settings(max_examples=200, deadline=timedelta(seconds=5), derandomize=True)
@given(st.binary(min_size=0, max_size=512))
def test_random_bytes_fail_cleanly(data):
    import_bytes(data)


def test_every_prefix_of_a_model_fails_cleanly():
    data = SEEDS[1]
    for n in np.linspace(0, len(data) - 1, 120).astype(int):
        import_bytes(data[:n])


@settings(max_examples=150, deadline=timedelta(seconds=10), suppress_health_check=[HealthCheck.too_slow],
          derandomize=True)
@given(mutated_models())
def test_mutated_models_convert_or_fail_cleanly(data):
    """The whole pipeline, not only the reader: a corrupt model that imports must still
    convert or give a Tfl2QuantError naming the operator."""
    from tfl2quant.pipeline import run_pipeline
    try:
        module = ModelImporter(Buffer(bytearray(data), "fuzz.tflite")).run()
        run_pipeline(module, "final")
    except Tfl2QuantError:
        return
    print_module(module)
