"""Every pass, registered by name in `PASSES` (what --pass-pipeline accepts).

A name imports its module on first use: `convert` loads the five passes it runs, not
inline, symbol-dce, strip-debuginfo and normalize-quant-types (tests/cli/test_startup.py).
`PASSES` and `parse_pipeline` load every pass first, since a pipeline may name any.
legalize-tfl lives with its patterns (legalize/legalize_tfl.py) and is found here by its
module's name: the core imports nothing of the legalize package.
"""
from __future__ import annotations

import importlib

_MODULE_OF = {
    "Canonicalize": "canonicalize", "CSE": "cse", "Inline": "inline", "LegalizeTfl": "legalize.legalize_tfl",
    "LowerQuantOps": "lower_quant_ops", "Rounding": "lower_quant_ops", "NormalizeQuantTypes": "normalize_quant_types",
    "ModulePass": "pass_base", "PassManager": "pass_base", "pipeline_text": "pass_base",
    "statistic": "pass_base", "IRPrinter": "instrumentation",
    "statistics_report": "instrumentation", "StripDebugInfo": "strip_debuginfo", "StripFuncQuantTypes": "strip_func_quant_types",
    "SymbolDCE": "symbol_dce", "PASSES": "pass_base", "parse_pipeline": "pipeline_parser",
}
_NEED_EVERY_PASS = ("PASSES", "parse_pipeline")

__all__ = ["PASSES", "ModulePass", "PassManager", "parse_pipeline", "pipeline_text", "statistic",
           "IRPrinter", "statistics_report", "Canonicalize", "CSE", "Inline",
           "LegalizeTfl", "LowerQuantOps", "NormalizeQuantTypes", "Rounding", "StripDebugInfo", "StripFuncQuantTypes",
           "SymbolDCE"]


def __getattr__(name: str):
    if name not in _MODULE_OF:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if name in _NEED_EVERY_PASS:
        for module in dict.fromkeys(_MODULE_OF.values()):  # the order the passes registered in before
            _import(module)
    value = globals()[name] = getattr(_import(_MODULE_OF[name]), name)
    return value


def _import(module: str):
    """A pass module by its name here, or by its full name (a pass that lives elsewhere)."""
    return importlib.import_module(module if "." in module else f"{__name__}.{module}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
