"""Legalization of `tfl.*` ops: every pattern, one table.

Each family package's `__init__.py` (families/<name>/) holds a `RULES` table (one row per TFLite
operator); `legalize.RULES` merges them and refuses an operator claimed twice, so it is
the one place a reader scans to see how every operator is handled. The
driver asks `rule_for(name)` (index.py), which imports only the op's family.
Every TFLite builtin operator has a row (tests/legalize/test_registry.py): an integer
pattern and a float pattern, a float pattern alone, or the reason it stays
a `tfl.*` op.

Families (a package each under families/: its `__init__.py` holds the table, the modules beside
it the patterns; lib/ holds what many families use). Each line names a module of the family and
the operators whose rows it serves; the list is the family's RULES, no more, no less
(tests/legalize/test_registry.py):
    elementwise     activation.py: RELU, RELU6, RELU_N1_TO_1, RELU_0_TO_1, LEAKY_RELU, PRELU,
                    HARD_SWISH, ELU, GELU, LOGISTIC, TANH
                    arithmetic.py (integer_arithmetic.py, divide.py): ADD, SUB, MUL, DIV, FLOOR_DIV,
                    FLOOR_MOD, POW, SQUARED_DIFFERENCE, MAXIMUM, MINIMUM, ADD_N, ATAN2, BITWISE_XOR,
                    RIGHT_SHIFT
                    unary.py: ABS, NEG, EXP, LOG, SQRT, RSQRT, SIN, COS, FLOOR, CEIL, ROUND, SQUARE, SIGN
                    comparison.py: EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS, LESS_EQUAL,
                    LOGICAL_AND, LOGICAL_OR, LOGICAL_NOT, SELECT, SELECT_V2, CAST, WHERE, BUCKETIZE
                    quantize.py: QUANTIZE, DEQUANTIZE, FAKE_QUANT
    conv            conv.py (conv_kinds.py): CONV_2D, DEPTHWISE_CONV_2D, TRANSPOSE_CONV, CONV_3D,
                    CONV_3D_TRANSPOSE
    matmul          matmul.py: FULLY_CONNECTED; batch_matmul.py: BATCH_MATMUL
    pooling         pooling.py: MAX_POOL_2D, AVERAGE_POOL_2D, L2_POOL_2D, REDUCE_WINDOW
    reduction       reduction.py: MEAN, SUM, REDUCE_PROD, REDUCE_MAX, REDUCE_MIN, REDUCE_ANY,
                    REDUCE_ALL, ARG_MAX, ARG_MIN, CUMSUM, TOPK_V2
    selection       unique.py: UNIQUE; non_max_suppression.py: NON_MAX_SUPPRESSION_V4,
                    NON_MAX_SUPPRESSION_V5
    normalization   softmax.py: SOFTMAX, LOG_SOFTMAX; normalization.py: L2_NORMALIZATION,
                    LOCAL_RESPONSE_NORMALIZATION
    movement        layout.py: RESHAPE, SQUEEZE, EXPAND_DIMS, TRANSPOSE, DEPTH_TO_SPACE,
                    SPACE_TO_DEPTH, CONCATENATION, PACK, TILE, BROADCAST_TO, FILL, ZEROS_LIKE, SHAPE,
                    REVERSE_V2, SPACE_TO_BATCH_ND, BATCH_TO_SPACE_ND, REVERSE_SEQUENCE, MATRIX_DIAG,
                    MATRIX_SET_DIAG, RANK, BROADCAST_ARGS, BITCAST
                    slicing.py: SLICE, STRIDED_SLICE, SPLIT, SPLIT_V, UNPACK, DYNAMIC_UPDATE_SLICE
                    padding.py: PAD, PADV2, MIRROR_PAD, DILATE
                    gather.py: GATHER, GATHER_ND, EMBEDDING_LOOKUP, EMBEDDING_LOOKUP_SPARSE, SCATTER_ND,
                    SPARSE_TO_DENSE, SEGMENT_SUM, UNSORTED_SEGMENT_SUM, UNSORTED_SEGMENT_PROD,
                    UNSORTED_SEGMENT_MAX, UNSORTED_SEGMENT_MIN, DENSIFY, HASHTABLE_LOOKUP
                    resize.py: RESIZE_NEAREST_NEIGHBOR, RESIZE_BILINEAR
                    a reason: CONCAT_EMBEDDINGS
    recurrent       lstm.py: LSTM, UNIDIRECTIONAL_SEQUENCE_LSTM (integer_lstm.py: the integer kernel);
                    bidirectional_lstm.py: BIDIRECTIONAL_SEQUENCE_LSTM; rnn.py: RNN,
                    UNIDIRECTIONAL_SEQUENCE_RNN, BIDIRECTIONAL_SEQUENCE_RNN; svdf.py, float_svdf.py: SVDF
    generate        generate.py (philox.py): RANGE, ONE_HOT, RANDOM_STANDARD_NORMAL, RANDOM_UNIFORM,
                    MULTINOMIAL, RFFT2D, REAL, IMAG, COMPLEX_ABS
    control_flow    control_flow.py (counted_loop.py): WHILE, IF and STABLEHLO_CASE (scf), CALL_ONCE and the resource
                    variables VAR_HANDLE, READ_VARIABLE, ASSIGN_VARIABLE (ml_program); a reason: CALL
    text            hashtable.py: HASHTABLE, HASHTABLE_FIND, HASHTABLE_IMPORT, HASHTABLE_SIZE;
                    skip_gram.py: SKIP_GRAM; lsh_projection.py: LSH_PROJECTION (the string forms of
                    the movement and comparison ops: lib/string_layout.py, on lib/strings.py's buffers)
    custom          mediapipe.py, mediapipe_transforms.py: CUSTOM (MediaPipe's operators; other
                    custom codes: reasons); reasons: DELEGATE, PLACEHOLDER_FOR_GREATER_OP_CODES
    stablehlo       stablehlo.py: STABLEHLO_ADD, STABLEHLO_MULTIPLY, STABLEHLO_MAXIMUM,
                    STABLEHLO_MINIMUM, STABLEHLO_AND, STABLEHLO_SHIFT_LEFT, STABLEHLO_PAD,
                    STABLEHLO_GATHER, STABLEHLO_REDUCE_WINDOW, STABLEHLO_COMPOSITE, STABLEHLO_SCATTER
                    rng_bit_generator.py: STABLEHLO_RNG_BIT_GENERATOR
                    reasons (no TFLite kernel): STABLEHLO_WHILE, STABLEHLO_LOGISTIC, STABLEHLO_DIVIDE,
                    STABLEHLO_RESHAPE, STABLEHLO_CLAMP, STABLEHLO_CONCATENATE, STABLEHLO_BROADCAST_IN_DIM,
                    STABLEHLO_CONVOLUTION, STABLEHLO_SLICE, STABLEHLO_CUSTOM_CALL, STABLEHLO_REDUCE,
                    STABLEHLO_ABS, STABLEHLO_COSINE, STABLEHLO_EXPONENTIAL, STABLEHLO_FLOOR, STABLEHLO_LOG,
                    STABLEHLO_NEGATE, STABLEHLO_OR, STABLEHLO_POWER, STABLEHLO_REMAINDER, STABLEHLO_RSQRT,
                    STABLEHLO_SELECT, STABLEHLO_SUBTRACT, STABLEHLO_TANH, STABLEHLO_COMPARE,
                    STABLEHLO_CONVERT, STABLEHLO_DYNAMIC_SLICE, STABLEHLO_DYNAMIC_UPDATE_SLICE,
                    STABLEHLO_IOTA, STABLEHLO_DOT_GENERAL, STABLEHLO_SORT, STABLEHLO_TRANSPOSE,
                    STABLEHLO_CBRT
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
    # RULES (every family merged) and FAMILIES are built on first use, so that `import legalize`
    # loads no family (the driver imports only the families of the ops it meets)
    if name == "RULES":
        globals()["RULES"] = rules = _merge()
        return rules
    if name == "FAMILIES":
        return tuple(map(family, FAMILY_NAMES))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
