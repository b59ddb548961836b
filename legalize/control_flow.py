"""Control flow, calls, state and operators whose meaning is not in the model.

IF and WHILE (and StableHLO's WHILE and CASE) are imported with regions that
call their subgraphs; the driver keeps them as `tfl.*` ops and legalizes the
subgraphs, so their rows are never reached for those. The other rows say why
the op stays a `tfl.*` op.
"""
from __future__ import annotations

from .rule import NOT_YET, unlowered

CONTROL_FLOW = "control flow stays a tfl op calling its subgraphs"

RULES = {
    # TFLite op                              Rule
    "tfl.if":                               unlowered(CONTROL_FLOW),
    "tfl.while":                            unlowered(CONTROL_FLOW),
    "tfl.call_once":                        unlowered(NOT_YET),
    "tfl.var_handle":                       unlowered(NOT_YET),
    "tfl.read_variable":                    unlowered(NOT_YET),
    "tfl.assign_variable":                  unlowered(NOT_YET),
    "tfl.hashtable":                        unlowered(NOT_YET),
    "tfl.hashtable_find":                   unlowered(NOT_YET),
    "tfl.hashtable_import":                 unlowered(NOT_YET),
    "tfl.hashtable_size":                   unlowered(NOT_YET),
    "tfl.hashtable_lookup":                 unlowered(NOT_YET),
    "tfl.lsh_projection":                   unlowered(NOT_YET),
    "tfl.skip_gram":                        unlowered(NOT_YET),
    "tfl.custom":                           unlowered("custom operator: its computation is not in the model"),
    "tfl.delegate":                         unlowered("delegate operator: its computation is not in the model"),
    "tfl.call":                             unlowered("CALL has no TFLite kernel (deprecated code 31)"),
    "tfl.concat_embeddings":                unlowered("CONCAT_EMBEDDINGS has no TFLite kernel"),
    "tfl.placeholder_for_greater_op_codes": unlowered("not an operator: code 127 marks wider codes"),
}
