"""What the least Python can do per TFLite op: the floor under synthetic.py's figure.

    python benchmarks/python_floor.py

It does, per TFLite op of a chain, what any converter holding its IR in Python objects
must do at the least, with none of the work of ours: build 9.9 ops (what import and legalize-tfl
build per op of benchmarks/synthetic.py's chain), each one object with a list of operands
and a list of results; keep 7.7 of them (what survives canonicalize and cse); walk those six
times (the passes and the verifier), reading each op's operands; and format one line of text
per op. The figure is microseconds of CPU per TFLite op: 100 us is 10,000 ops per second.
"""
from __future__ import annotations

import gc
import time

BUILT, KEPT, WALKS = 9.9, 7.7, 6


class Op:
    __slots__ = ("name", "operands", "results", "attrs")

    def __init__(self, name: str, operands: list, attrs: dict):
        self.name = name
        self.operands = operands
        self.results = [self]
        self.attrs = attrs


def floor(tflite_ops: int) -> float:
    gc.collect()
    start = time.process_time()
    built, kept = int(tflite_ops * BUILT), int(tflite_ops * KEPT)
    ops, prev = [], None
    for i in range(built):
        op = Op("tosa.add", [prev] if prev is not None else [], {"shift": i & 7})
        if i < kept:
            ops.append(op)
        prev = op
    for _ in range(WALKS):
        for op in ops:
            for value in op.operands:
                value.results
    lines = [f"    %{i} = {op.name} %{i - 1}, %{i - 1} {{shift = {op.attrs['shift']} : i8}} : tensor<16xi8>"
             for i, op in enumerate(ops)]
    "\n".join(lines)
    return (time.process_time() - start) / tflite_ops * 1e6


def main() -> None:
    for n in (20_000, 20_000, 20_000):
        print(f"{n} TFLite ops: {floor(n):.1f} us of CPU per TFLite op")


if __name__ == "__main__":
    main()
