"""Structure-aware fuzzing of the whole convert path (tools/structured_fuzz.py): every mutant of
the small models either gives a clean one-line Tfl2QuantError or converts to IR that iree-opt
verifies; never an internal error, a Python warning, a hang, a dead process or invalid IR.

A failure prints one row per distinct failure with `seed/index`; `mutant(seed, index)` gives its
bytes again, and `python tools/fuzz_convert.py --seed S --index K --out DIR` writes it to a file.
"""
from __future__ import annotations

import os

import pytest

from tools.structured_fuzz import (DEFAULT_MODELS, FAILURES, Outcome, classify, failure_table, mutant, run_campaign,
                              verify_many)

SEED = 0
COUNT = 6000  # about 40 s with 2 processes on the 2-core development machine (classify, then iree-opt)


def test_mutants_are_deterministic():
    first, again = mutant(SEED, 17), mutant(SEED, 17)
    assert (first.model, first.mutations, first.data) == (again.model, again.mutations, again.data)
    assert mutant(SEED, 18).data != first.data


def test_classify_tells_ok_from_error():
    data = DEFAULT_MODELS[0].read_bytes()
    assert classify(data).kind == "ok"
    assert classify(data[:100]) == Outcome("error", classify(data[:100]).message, exc_type="FlatbufferError")


def test_verify_many_names_the_invalid_module():
    good = "module {\n  func.func @f() {\n    return\n  }\n}"
    bad = "module {\n  func.func @g() -> i32 {\n    return\n  }\n}"
    results = verify_many([good, bad, good, "module {\n  %0 = \"tfl.foo\"() : () -> i32\n}", bad])
    assert [r is None for r in results] == [True, False, True, True, False]
    assert "has 0 operands" in results[1] and "@g" in results[4]


def test_mutated_models_convert_or_fail_cleanly():
    results = run_campaign(SEED, range(COUNT), jobs=max(2, os.cpu_count() or 2))
    if any(r.outcome.kind in FAILURES for r in results):
        pytest.fail(f"{COUNT} mutants of seed {SEED}:\n{failure_table(results)}", pytrace=False)
