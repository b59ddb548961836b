"""`tfl2quant check`: every stage of the conversion against TFLite on the same inputs.

    run.py          the check of a model (`check_model`, `CheckResult`; the verdicts are listed there)
    verdict.py      the verdicts, their exit codes, and a check's verdict from its parts
    inputs.py       the inputs both sides get: seeded random values or an .npz
    litert.py       LiteRT's interpreter, the ground truth (BUILTIN_REF unless reference.py says)
    reference.py    which of TFLite's kernel sets judges each op, and why (KNOWN_WRONG)
    partition.py    TFLite run in parts when the ops' kernel sets differ
    kernel_sets.py  TFLite's other kernel sets on the same inputs: its spread, what XNNPACK gives
    layers.py       per layer: each op converted alone, run on TFLite's inputs, and chained
    compare.py      a tensor against TFLite's: exact fraction, steps, float tolerance, noise
    tolerance.py    --atol, --rtol, --max-steps and their defaults
    signatures.py   a model with several SignatureDefs: one check per signature
    decode.py       a generative model's decode loop
    table.py        the table `check` prints; progress.py its progress line on stderr

Our stages run on runtime_check.executor (and IREE's with --backend iree); the names below are
what the CLI, the Python API and the tests use.
"""
from .inputs import make_inputs
from .run import CheckResult, check_model, entry_function
from .tolerance import Tolerances
from .verdict import EXIT_CODES, FAIL, NOISE, NOT_COMPARED, PASS, PASS_PER_LAYER

__all__ = ["EXIT_CODES", "FAIL", "NOISE", "NOT_COMPARED", "PASS", "PASS_PER_LAYER", "CheckResult", "Tolerances",
           "check_model", "entry_function", "make_inputs"]
