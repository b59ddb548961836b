"""canonicalize: op folds (the RFC's quant cast folds) and dead code removal.

    quant.dcast(quant.qcast(x : T)) : T  ->  x
    quant.qcast(quant.dcast(x : Q)) : Q  ->  x
    quant.scast(quant.scast(x : T)) : T  ->  x

then pure ops whose results are unused are erased, until nothing changes.

The first fold is lossy (the RFC says so): it drops a rounding and a
saturation to the storage range. TFLite performs both between any two ops, so
`tfl2quant convert` runs `canonicalize{fold-dcast-of-qcast=false}` to keep
its numbers TFLite's; the other two folds are exact.
"""
from __future__ import annotations

import dataclasses
import enum

import numpy as np

from ..errors import InternalError, Tfl2QuantError
from ..ir.attributes import DenseElementsAttr
from ..ir.core import PURE, TERMINATOR, Operation
from ..ir.types import IntegerType, RankedTensorType
from ..records import dataclass
from .pass_base import ModulePass


class RegionSimplify(enum.Enum):
    DISABLED = "disabled"
    NORMAL = "normal"
    AGGRESSIVE = "aggressive"


def _upstream(default, help: str):
    return dataclasses.field(default=default, metadata={"help": help})


def _empty_only(help: str):
    """Upstream's pattern filters, which iree-opt prints empty: there are no patterns here to filter."""
    return dataclasses.field(default=(), metadata={"help": help + " (only empty here)"})


@dataclass(frozen=True)
class Canonicalize(ModulePass):
    """Fold ops and erase dead pure ops, to a fixpoint.

    Upstream's options are accepted, so a pipeline printed by mlir-opt or iree-opt runs here,
    and print as upstream prints them. One round of folds and dead code removal reaches the
    fixpoint (apply), so `max-iterations` (at least 1), `max-num-rewrites` and `top-down`
    change nothing; `region-simplify` neither: no region is simplified here.
    `cse-between-iterations` runs cse after each round and rounds until nothing changes, at
    most `max-iterations` (-1: no limit)."""

    name = "canonicalize"
    pass_name = "CanonicalizerPass"
    summary = "Canonicalize operations"
    # ours: the RFC's lossy fold dcast(qcast(x)) -> x (convert turns it off); not upstream's
    fold_dcast_of_qcast: bool = dataclasses.field(default=True, metadata={
        "printed_at_default": False, "help": "Fold quant.dcast(quant.qcast(x)) to x (lossy: no rounding, no saturation)"})
    cse_between_iterations: bool = _upstream(False, "Run full CSE between each pattern-application iteration")
    disable_patterns: tuple[str, ...] = _empty_only("Labels of patterns that should be filtered out during application")
    enable_patterns: tuple[str, ...] = _empty_only("Labels of patterns that should be used during application")
    filter_dialects: tuple[str, ...] = _empty_only("Only collect canonicalization patterns from these dialects")
    max_iterations: int = _upstream(10, "Max. iterations between applying patterns / simplifying regions")
    max_num_rewrites: int = _upstream(-1, "Max. number of pattern rewrites within an iteration")
    region_simplify: RegionSimplify = dataclasses.field(default=RegionSimplify.NORMAL, metadata={
        "help": "Perform control flow optimizations to the region tree (none here, whatever the value)",
        "choices": {"disabled": "Don't run any control-flow simplification.",
                    "normal": "Perform simple control-flow simplifications (e.g. dead args elimination).",
                    "aggressive": "Perform aggressive control-flow simplification (e.g. block merging)."}})
    # mlir-opt's canonicalize{test-convergence}: fail unless a fixpoint is reached; ours reaches
    # one in a round (apply), and the option runs a second round to check that it changes nothing.
    test_convergence: bool = _upstream(False, "Test only: Fail pass on non-convergence to detect cyclic pattern")
    top_down: bool = _upstream(True, "Seed the worklist in general top-down order")

    def __post_init__(self):
        for key in ("disable_patterns", "enable_patterns", "filter_dialects"):
            if getattr(self, key):
                raise Tfl2QuantError(f"pass 'canonicalize': option '{key.replace('_', '-')}' is accepted only "
                                     "empty: tfl2quant's canonicalize has no pattern labels or dialect filter")
        if self.max_iterations == 0 or self.max_iterations < -1:
            raise Tfl2QuantError(f"pass 'canonicalize': invalid max-iterations={self.max_iterations}; "
                                 "expected at least 1, or -1 for no limit")

    def apply(self, module: Operation) -> None:
        skip = frozenset() if self.fold_dcast_of_qcast else frozenset({"quant.dcast"})
        # One round reaches the fixpoint, so the confirming round (a third of the pass on the
        # 20,000-op chain) is left out: every fold reads only its operands' producers, which a
        # pre-order walk visits (and folds) first; erase_dead removes what is dead in one sweep
        # and leaves every live op's operands as they were, so nothing new folds after it.
        fold_all(module, skip)
        erase_dead(module)
        if self.cse_between_iterations:
            from .cse import cse

            rounds = 1
            while rounds != self.max_iterations and cse(module):
                fold_all(module, skip)
                erase_dead(module)
                rounds += 1
        if self.test_convergence and (fold_all(module, skip) | erase_dead(module)):
            raise InternalError("canonicalize did not converge in one round of folds and dead code removal")


# Integer arithmetic of two constants folds to a constant (arith's folders upstream), wrapping to
# the width as arith's two's complement ops do.
_INT_FOLDS = {"arith.addi": np.add, "arith.subi": np.subtract, "arith.muli": np.multiply}


def _constant_of(v) -> DenseElementsAttr | None:
    op = v.owner_op
    if op is None or op.name != "arith.constant":
        return None
    value = op.attributes.get("value")
    return value if isinstance(value, DenseElementsAttr) else None


def _fold_integer_constants(op: Operation) -> bool:
    fn = _INT_FOLDS.get(op.name)
    if fn is None or len(op.operands) != 2 or op.parent is None:
        return False
    a, b = (_constant_of(v) for v in op.operands)
    t = op.results[0].type
    if a is None or b is None or not isinstance(t, RankedTensorType) or not isinstance(t.element_type, IntegerType):
        return False
    with np.errstate(over="ignore"):
        data = fn(a.data.astype(np.int64), b.data.astype(np.int64))
    bits = t.element_type.width
    data = ((data + (1 << (bits - 1))) % (1 << bits)) - (1 << (bits - 1)) if bits < 64 else data
    block = op.parent
    const = Operation.create("arith.constant", [], [t], {"value": DenseElementsAttr(t, data.astype(a.data.dtype))},
                             location=op.location)
    block.insert(block.ops.index(op), const)
    op.replace_all_uses_with(const.results)
    return True


def _folds(cls: type) -> bool:
    """Whether ops of `cls` define a fold (the base one folds nothing)."""
    known = _FOLDS.get(cls)
    if known is None:
        known = _FOLDS[cls] = cls.fold is not Operation.fold
    return known


_FOLDS: dict[type, bool] = {}


def fold_all(root: Operation, skip: frozenset = frozenset()) -> bool:
    changed = False
    for op in list(root.walk()):
        name = op.name
        if op.parent is None and op is not root or name in skip:
            continue
        if name in _INT_FOLDS and _fold_integer_constants(op):  # the dict test first: no call per op
            changed = True
            continue
        folds = _FOLDS.get(type(op))
        if not (_folds(type(op)) if folds is None else folds):  # most ops: not the base fold's call
            continue
        values = op.fold()
        if values is not None:
            op.replace_all_uses_with(values)
            changed = True
    return changed


def erase_dead(root: Operation) -> bool:
    """Erase unused pure ops, to a fixpoint in one sweep: each block backwards (users before
    producers), the blocks nested in a kept op when the sweep reaches it (a value used in
    them is defined before that op, or in an enclosing block swept after)."""
    changed = False
    for region in root.regions:
        for block in region.blocks:
            changed |= _erase_dead_in(block)
    return changed


def _erase_dead_in(block) -> bool:
    changed = False
    kept = []
    for op in reversed(block.ops):
        # the traits and use dicts read directly: this test runs on every op
        traits = op.traits
        results = op.results
        if PURE in traits and TERMINATOR not in traits and not (
                results[0]._uses if len(results) == 1 else any(r._uses for r in results)):
            op.drop_operands()
            for region in op.regions:
                region.drop_all_references()
            op.parent = None
            op.results = []  # no op <-> result cycle left: freed now, not by the cyclic GC
            changed = True
            continue
        kept.append(op)
        for region in op.regions:
            for inner in region.blocks:
                changed |= _erase_dead_in(inner)
    if len(kept) != len(block.ops):
        kept.reverse()
        block.set_ops(kept)
    return changed
