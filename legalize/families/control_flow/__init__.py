"""Control flow and state: WHILE, IF and STABLEHLO_CASE (scf), CALL_ONCE and resource variables (ml_program).

The table of the family's operators (legalize/__init__.py merges the families' tables);
the patterns are in the modules beside it.
"""
from __future__ import annotations

from ...rule import Rule, unlowered
from .control_flow import AssignVariable, CallOnce, Case, If, ReadVariable, VarHandle, While, moved

RULES = {
    # TFLite op                              Rule
    "tfl.if":                               moved(If()),
    "tfl.stablehlo_case":                   moved(Case()),  # IF with N branches
    "tfl.while":                            moved(While()),
    "tfl.call_once":                        Rule(float=CallOnce()),
    "tfl.var_handle":                       Rule(float=VarHandle()),
    "tfl.read_variable":                    moved(ReadVariable()),
    "tfl.assign_variable":                  moved(AssignVariable()),
    "tfl.call":                             unlowered("CALL has no TFLite kernel (deprecated code 31)"),
}
