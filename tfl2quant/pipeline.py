"""The convert pipeline, stage by stage (ARCHITECTURE.md):

    tfl        the imported module
    legalized  after legalize (integer / fallback / float / unlowered)
    lowered    after canonicalize{fold-dcast-of-qcast=false}, cse, lower-quant-ops
    final      after strip-func-quant-types, canonicalize{...}, cse: no quant type left
"""
from __future__ import annotations

from dataclasses import dataclass

from . import dialects  # noqa: F401  (registers every op)
from .importer.model import import_model
from .ir.core import Operation, verify
from .passes import CSE, Canonicalize, LowerQuantOps, Rounding, StripFuncQuantTypes

STAGES = ("tfl", "legalized", "lowered", "final")
# dcast(qcast(x)) -> x would skip the rounding and saturation TFLite does between ops
KEEP_REQUANTIZATION = Canonicalize(fold_dcast_of_qcast=False)


@dataclass
class Conversion:
    module: Operation
    stage: str
    report: object | None  # legalize.driver.LegalizeReport once legalized


def convert(path: str, emit: str = "final", allow_fallback: bool = True,
            rounding: Rounding = Rounding.HALF_AWAY_FROM_ZERO, on_stage=None) -> Conversion:
    """Import `path` and run the pipeline up to stage `emit`.

    `on_stage(name, module)` is called after each stage (the checker uses it
    to run every stage); the module is verified after each one.
    """
    return run_pipeline(import_model(path), emit, allow_fallback, rounding, on_stage)


def run_pipeline(module: Operation, emit: str = "final", allow_fallback: bool = True,
                 rounding: Rounding = Rounding.HALF_AWAY_FROM_ZERO, on_stage=None) -> Conversion:
    """Run the stages after import on a `tfl` stage module, in place."""
    from legalize.driver import legalize  # the legalize package sits beside tfl2quant

    verify(module)
    report = None
    for stage in STAGES:
        if stage == "legalized":
            report = legalize(module, allow_fallback)
        elif stage == "lowered":
            for p in (KEEP_REQUANTIZATION, CSE(), LowerQuantOps(rounding)):
                p.apply(module)
        elif stage == "final":
            for p in (StripFuncQuantTypes(), KEEP_REQUANTIZATION, CSE()):
                p.apply(module)
        verify(module)
        if on_stage is not None:
            on_stage(stage, module)
        if stage == emit:
            break
    return Conversion(module, emit, report)
