"""Legalization of `tfl.*` ops: every pattern, one table.

Each family package's `__init__.py` holds a `RULES` table (one row per TFLite
operator); `legalize.RULES` merges them and refuses an operator claimed twice, so it is
the one place a reader scans to see how every operator is handled. The
driver asks `rule_for(name)` (index.py), which imports only the op's family.
Every TFLite builtin operator has a row (tests/legalize/test_registry.py): an integer
pattern and a float pattern, a float pattern alone, or the reason it stays
a `tfl.*` op.

Families (a package each: its `__init__.py` holds the table, the modules beside it the patterns;
lib/ holds what many families use):
    elementwise     activation.py: RELU family, LEAKY_RELU, PRELU, HARD_SWISH, ELU, GELU, LOGISTIC, TANH
                    arithmetic.py: ADD, SUB, MUL, DIV, FLOOR_DIV, FLOOR_MOD, POW, SQUARED_DIFFERENCE,
                    MAXIMUM, MINIMUM, ADD_N, ATAN2, BITWISE_XOR, RIGHT_SHIFT
                    unary.py: ABS, NEG, EXP, LOG, SQRT, RSQRT, SIN, COS, FLOOR, CEIL, ROUND, SQUARE, SIGN
                    comparison.py: EQUAL ... LESS_EQUAL, LOGICAL_*, SELECT(_V2), CAST, WHERE, BUCKETIZE
                    quantize.py: QUANTIZE, DEQUANTIZE, FAKE_QUANT
    conv            CONV_2D, DEPTHWISE_CONV_2D, TRANSPOSE_CONV, CONV_3D, CONV_3D_TRANSPOSE
    matmul          FULLY_CONNECTED, BATCH_MATMUL
    pooling         MAX_POOL_2D, AVERAGE_POOL_2D, L2_POOL_2D, REDUCE_WINDOW
    reduction       MEAN, SUM, REDUCE_*, ARG_MAX/MIN, CUMSUM, TOPK_V2
    selection       UNIQUE, NON_MAX_SUPPRESSION_V4/V5
    normalization   SOFTMAX, LOG_SOFTMAX, L2_NORMALIZATION, LOCAL_RESPONSE_NORMALIZATION
    movement        layout.py: RESHAPE, TRANSPOSE, SQUEEZE, EXPAND_DIMS, PACK, CONCATENATION, TILE,
                    SPACE_TO_BATCH_ND, BATCH_TO_SPACE_ND, REVERSE_SEQUENCE, MATRIX_DIAG, MATRIX_SET_DIAG,
                    RANK, BITCAST, ...
                    slicing.py: SLICE, STRIDED_SLICE, SPLIT(_V), UNPACK, DYNAMIC_UPDATE_SLICE
                    padding.py: PAD, PADV2, MIRROR_PAD, DILATE
                    gather.py: GATHER, GATHER_ND, EMBEDDING_LOOKUP(_SPARSE), SCATTER_ND, SPARSE_TO_DENSE,
                    SEGMENT_SUM, UNSORTED_SEGMENT_*, DENSIFY, HASHTABLE_LOOKUP; CONCAT_EMBEDDINGS: a reason
                    resize.py: RESIZE_NEAREST_NEIGHBOR, RESIZE_BILINEAR
    recurrent       LSTM, UNIDIRECTIONAL_SEQUENCE_LSTM/RNN, BIDIRECTIONAL_SEQUENCE_LSTM/RNN, RNN, SVDF
    generate        RANGE, ONE_HOT, RANDOM_*, MULTINOMIAL, RFFT2D, REAL, IMAG, COMPLEX_ABS
    control_flow    WHILE, IF (scf), CALL_ONCE and resource variables (ml_program); CALL: a reason
    text            HASHTABLE(_FIND, _IMPORT, _SIZE), SKIP_GRAM, LSH_PROJECTION (the string forms of
                    the movement and comparison ops: lib/string_layout.py, on lib/strings.py's buffers)
    custom          CUSTOM: MediaPipe's operators (mediapipe.py, mediapipe_transforms.py); others,
                    DELEGATE and the code-127 placeholder: reasons
    stablehlo       the STABLEHLO_* operators TFLite has kernels for, RNG_BIT_GENERATOR
                    included (the others: reasons)
"""
from __future__ import annotations

from .index import FAMILY_NAMES, FAMILY_OF, family, rule_for
from .rule import Rule

__all__ = ["FAMILY_NAMES", "FAMILY_OF", "RULES", "FAMILIES", "Rule", "family", "rule_for"]


def _merge() -> dict[str, Rule]:
    rules: dict[str, Rule] = {}
    for module in map(family, FAMILY_NAMES):
        for name, rule in module.RULES.items():
            if name in rules:
                raise AssertionError(f"{name} is claimed by two legalize families")
            rules[name] = rule
    return rules


def __getattr__(name: str):
    # RULES (every family merged) and FAMILIES are built on first use; a family package is an
    # attribute once imported, as with a plain package import
    if name == "RULES":
        globals()["RULES"] = rules = _merge()
        return rules
    if name == "FAMILIES":
        return tuple(map(family, FAMILY_NAMES))
    if name in FAMILY_NAMES:
        return family(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
