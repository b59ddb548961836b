"""Every pass, registered by name in `PASSES` (what --pass-pipeline accepts)."""
from .canonicalize import Canonicalize
from .cse import CSE
from .lower_quant_ops import LowerQuantOps, Rounding
from .pass_base import PASSES, ModulePass, parse_pipeline
from .strip_func_quant_types import StripFuncQuantTypes

__all__ = ["PASSES", "ModulePass", "parse_pipeline", "Canonicalize", "CSE", "LowerQuantOps",
           "Rounding", "StripFuncQuantTypes"]
