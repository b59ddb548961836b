"""Every pass, registered by name in `PASSES` (what --pass-pipeline accepts)."""
from .canonicalize import Canonicalize
from .cse import CSE
from .legalize_tfl import LegalizeTfl
from .lower_quant_ops import LowerQuantOps, Rounding
from .normalize_quant_types import NormalizeQuantTypes
from .pass_base import PASSES, ModulePass, PassManager, parse_pipeline, pipeline_text, print_ir_after
from .strip_debuginfo import StripDebugInfo
from .strip_func_quant_types import StripFuncQuantTypes

__all__ = ["PASSES", "ModulePass", "PassManager", "parse_pipeline", "pipeline_text", "print_ir_after", "Canonicalize", "CSE",
           "LegalizeTfl", "LowerQuantOps", "NormalizeQuantTypes", "Rounding", "StripDebugInfo",
           "StripFuncQuantTypes"]
