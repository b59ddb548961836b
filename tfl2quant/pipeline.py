"""The convert pipeline: import, then one pass pipeline, with named stages.

    tfl        the imported module
    legalized  after legalize-tfl (integer / fallback / float / unlowered)
    lowered    after canonicalize{fold-dcast-of-qcast=false}, cse, lower-quant-ops
    final      after strip-func-quant-types, canonicalize{...}, cse: no quant type left

`tfl2quant convert --dump-pass-pipeline` prints the pipeline; running it with
`tfl2quant opt --pass-pipeline '...'` on the printed tfl stage gives what
`convert` gives.
"""
from __future__ import annotations

import contextlib
import gc

from . import dialects  # noqa: F401  (registers every op)
from .importer.model import import_model
from .ir.core import Operation, verify
from .passes import (CSE, Canonicalize, LegalizeTfl, LowerQuantOps, ModulePass, PassManager, Rounding,
                     StripFuncQuantTypes)
from .records import dataclass
from .timing import scope

STAGES = ("tfl", "legalized", "lowered", "final")
# dcast(qcast(x)) -> x would skip the rounding and saturation TFLite does between ops
KEEP_REQUANTIZATION = Canonicalize(fold_dcast_of_qcast=False)


@dataclass
class Conversion:
    module: Operation
    stage: str
    report: object | None  # legalize.records.LegalizeReport once legalized
    warnings: tuple = ()  # the importer's: results declared with shapes TFLite recomputes
    manager: object = None  # the PassManager that ran: its passes and, if asked for, their statistics


def convert_passes(emit: str = "final", allow_fallback: bool = True,
                   rounding: Rounding = Rounding.HALF_AWAY_FROM_ZERO) -> list[tuple[ModulePass, str | None]]:
    """The passes after import up to stage `emit`, each with the stage it completes."""
    steps = [(LegalizeTfl(allow_fallback=allow_fallback, unique_constants=True), "legalized"),
             (KEEP_REQUANTIZATION, None), (CSE(), None), (LowerQuantOps(rounding, dynamic_fill=True), "lowered"),
             (StripFuncQuantTypes(), None), (KEEP_REQUANTIZATION, None), (CSE(), "final")]
    if emit == "tfl":
        return []
    end = next(k for k, (_, stage) in enumerate(steps) if stage == emit)
    return steps[:end + 1]


def convert(path: str, emit: str = "final", allow_fallback: bool = True,
            rounding: Rounding = Rounding.HALF_AWAY_FROM_ZERO, on_stage=None, after_pass=None,
            input_shapes=None, verify_each: bool = False, timing=None, before_pass=None,
            statistics: bool = False) -> Conversion:
    """Import `path` (its inputs' `?` dimensions pinned by `input_shapes`, importer/pinned.py)
    and run the pipeline up to stage `emit`.

    `on_stage(name, module)` is called after each stage (the checker uses it
    to run every stage); `before_pass(pass, module)` before and `after_pass(pass, module)` after
    each pass; `statistics` counts each pass's statistics (in `result.manager.counts`). The
    module is verified after the last pass, and after each pass with `verify_each` or
    `on_stage` (the checker runs each stage's IR, which must be valid). `timing`
    (tfl2quant/timing.py, --mlir-timing) times the import, each pass and the verification.
    """
    with fewer_collections():
        with scope(timing, "Import"):
            module = import_model(path, input_shapes)
        warnings = tuple(module.__dict__.pop("import_warnings", ()))
        result = run_pipeline(module, emit, allow_fallback, rounding, on_stage, after_pass, verify_each,
                              verified=module.__dict__.pop("verified_ops", ()), timing=timing,
                              before_pass=before_pass, statistics=statistics)
        result.warnings = warnings
        return result


@contextlib.contextmanager
def fewer_collections(threshold: int = 50_000, promote: bool = False):
    """Collect the youngest generation every `threshold` allocations instead of every 700.

    Building the IR allocates hundreds of thousands of long-lived objects (ops, values, use
    lists), and each default collection walked them again: a quarter of the CPU time of a
    20,000-op model, 5-10% of a MobileNet (benchmarks/synthetic.py). The IR's cycles are
    still collected, less often; the previous thresholds are restored after.
    The middle generation waits for 100 young collections (5M allocations) instead of 10, so
    that no full collection, which walks the whole IR again, comes in a 20,000-op convert
    (2.5 s of its 20 s CPU, benchmarks/synthetic.py): cse and canonicalize free the ops they
    drop at once (no op <-> result cycle is left), so little garbage waits for the collector.
    `promote`: on the way out, move every object to the oldest generation (gc.freeze, then
    gc.unfreeze: list splices, no walk) before the thresholds come back, so that no
    middle-generation collection walks the IR built in the block (1 s of a 20,000-op convert's
    13 s CPU). For the CLI, whose process ends after: a full collection is then the only one
    that frees garbage cycles made in the block.
    """
    old = gc.get_threshold()
    gc.set_threshold(max(threshold, old[0]), max(100, old[1]), *old[2:])
    try:
        yield
    finally:
        if promote and gc.get_freeze_count() == 0:  # what someone else froze stays frozen
            gc.freeze()
            gc.unfreeze()
        gc.set_threshold(*old)


def run_pipeline(module: Operation, emit: str = "final", allow_fallback: bool = True,
                 rounding: Rounding = Rounding.HALF_AWAY_FROM_ZERO, on_stage=None, after_pass=None,
                 verify_each: bool = False, verified=(), timing=None, before_pass=None,
                 statistics: bool = False) -> Conversion:
    """Run the stages after import on a `tfl` stage module, in place. `verified`: ops checked
    already and unchanged since (the operators the importer verified), not verified again."""
    with scope(timing, "Verifier"):
        if verified:
            for op in module.walk():
                if op not in verified:
                    op.verify_()
        else:
            verify(module)
    if on_stage is not None:
        on_stage("tfl", module)
    steps = convert_passes(emit, allow_fallback, rounding)
    stages = iter([stage for _, stage in steps])

    def after(p: ModulePass, m: Operation) -> None:  # called once per step, in order
        if after_pass is not None:
            after_pass(p, m)
        stage = next(stages)
        if on_stage is not None and stage:
            on_stage(stage, m)

    # verify-each off by default (PassManager: a quarter of convert's time), on when a stage is used
    manager = PassManager([p for p, _ in steps], after, verify_each or on_stage is not None, timing,
                          before_pass, statistics)
    results = manager.run(module)
    return Conversion(module, emit, results.get(LegalizeTfl.name), manager=manager)
