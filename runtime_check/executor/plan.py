"""A numpy executor for every op the pipeline emits, on whole arrays.

A value is a numpy array in the container of its type (`numpy_dtype`):
quantized values hold their stored integers, so `quant.scast` is free.
Kernels live in `kernels/`, one module per dialect; kernels/__init__.py states
the one signature they all have.

A function is compiled once, on its first run, into a plan: its values
(nested regions' included) numbered into slots of one flat frame, and per op
its kernel, a `Context` made once, its operand and result slots and result
containers; constants are converted once and sit in the frame's template. A
run is then a loop over the plan: a dict per op, Context and type lookups made
a 40 us dispatch that cost 100x TFLite's invoke on small models.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from legalize.string_buffer import from_buffers, to_buffers
from tfl2quant.errors import Tfl2QuantError
from tfl2quant.ir.core import TERMINATOR, Block, Operation, Value

from .kernels import KERNELS, Context, ExecutorOptions, container, to_container
from .kernels.fused import ByteFunctions, recognise


class ExecutionError(Tfl2QuantError):
    """The executor cannot run an op (no kernel, or a runtime failure in one)."""


# ops whose kernel reads only attributes: run once when planning, their value kept in the frame
# (as are those of pure ops whose operands are all such values)
# (tensor.empty of a static shape too: the zeros it gives are never written, as no value is)
CONSTANT_OPS = frozenset({"arith.constant", "tosa.const", "tosa.const_shape", "tfl.pseudo_sparse_const",
                          "tfl.pseudo_sparse_qconst", "tfl.no_value", "tensor.empty"})


@dataclass
class _Step:
    kernel: object
    ctx: Context
    operands: tuple[int, ...]  # frame slots
    results: tuple[int, ...]
    dtypes: tuple  # the container per result (None: a type without one, kept as the kernel made it)
    has_regions: bool  # a fresh Context per run, which sees the running frame


@dataclass
class _BlockPlan:
    args: tuple[int, ...]
    steps: list[_Step]
    yields: tuple[int, ...]  # the terminator's operand slots (none without a terminator)
    code: list | None = None  # the steps as the run loop reads them (`_code`), made on the first run


def _code(steps: list[_Step]) -> list[tuple]:
    """Per step (kernel, ctx, has_regions, operand slots, result slot or None, its container,
    the step): plain tuples, and one result stored without a loop, as the run loop of 1,000 to
    3,000 small ops per run spent a third of its time in its own bookkeeping."""
    return [(s.kernel, s.ctx, s.has_regions, s.operands, s.results[0] if len(s.results) == 1 else None,
             s.dtypes[0] if len(s.results) == 1 else None, s) for s in steps]


@dataclass
class _FunctionPlan:
    body: _BlockPlan
    inputs: tuple  # the container of each argument
    template: list  # a frame with the constants filled in


class Executor:
    def __init__(self, module: Operation, options: ExecutorOptions = ExecutorOptions()):  # noqa: B008 - frozen
        self.module = module
        self.options = options
        self.functions = {op.sym_name: op for op in module.functions()}
        # ml_program globals by name, once loaded or stored: kept across `run`s, as
        # TFLite keeps resource variables across invokes of one interpreter
        self.globals: dict[str, np.ndarray] = {}
        self.iteration_spaces: list[tuple] = []  # of the linalg.generic ops running (linalg.index)
        self._plans: dict[str, _FunctionPlan] = {}
        self._blocks: dict[Block, _BlockPlan] = {}  # every planned block, nested ones included

    def run(self, inputs: Sequence[np.ndarray], function: str = "main", strings: bool = True) -> list[np.ndarray]:
        """@`function` on `inputs`; its results. With `strings`, string tensors go in and come
        out as arrays of bytes objects, else as their buffers (a call between functions)."""
        plan = self._plans.get(function)
        if plan is None:
            func = self.functions.get(function)
            if func is None or func.is_declaration:
                raise ExecutionError(f"no function @{function} with a body to run")
            plan = self._plans[function] = _Planner(self).function(func)
        if len(inputs) != len(plan.body.args):
            raise ExecutionError(f"@{function} takes {len(plan.body.args)} inputs, got {len(inputs)}")
        if strings:
            inputs = to_buffers(self.functions[function], inputs)  # strings as their TFLite buffers
        inputs = [x if dtype is None else to_container(x, dtype) for x, dtype in zip(inputs, plan.inputs)]
        frame = plan.template.copy()
        # IEEE results (NaN from log(-1), inf from 1/0) are values here, as in TFLite, not warnings
        with np.errstate(all="ignore"):
            results = self._run(plan.body, inputs, frame)
        return from_buffers(self.functions[function], results) if strings else results

    def run_block(self, block: Block, args: Sequence[np.ndarray], frame: list) -> list[np.ndarray]:
        """Run a nested `block` of a running function (its values in `frame`) on `args`; the
        terminator's operands."""
        return self._run(self._blocks[block], args, frame)

    def _run(self, plan: _BlockPlan, args: Sequence[np.ndarray], frame: list) -> list[np.ndarray]:
        for slot, x in zip(plan.args, args):
            frame[slot] = x
        code = plan.code
        if code is None:
            code = plan.code = _code(plan.steps)
        for kernel, ctx, has_regions, operands, result, dtype, step in code:
            if has_regions:
                ctx = ctx.in_frame(frame)
            try:
                out = kernel(ctx, *[frame[k] for k in operands])
            except Tfl2QuantError:
                raise
            except (ValueError, TypeError, IndexError, ArithmeticError, KeyError) as e:
                op = ctx.op
                raise ExecutionError(f"'{op.name}' failed at {op.location.describe()}: {e}") from None
            if result is not None:
                if type(out) is tuple:
                    out = out[0]
                if dtype is not None and not (type(out) is np.ndarray and out.dtype == dtype):
                    out = to_container(out, dtype)
                frame[result] = out
                continue
            if type(out) is not tuple:
                out = (out,)
            for slot, x, dtype in zip(step.results, out, step.dtypes):
                if dtype is not None and not (type(x) is np.ndarray and x.dtype == dtype):
                    x = to_container(x, dtype)
                frame[slot] = x
        return [frame[k] for k in plan.yields]


class _Planner:
    """Numbers a function's values into frame slots and makes each op's step, once."""

    def __init__(self, executor: Executor):
        self.executor = executor
        self.slots: dict[Value, int] = {}
        self.template: list = []
        self.constants: set[int] = set()  # slots whose value the template holds
        self.folded: set[Operation] = set()  # pure ops of constants, run when planned
        self.fused: dict[Operation, set] = {}  # ops run by a fused kernel: the operands it reads
        self.plans: list[_BlockPlan] = []
        self.bytes = ByteFunctions(self.constant, container, to_container)

    def drop_released(self) -> None:
        """Drop the steps of pure ops only fused kernels read, and not as their operands (a fused
        convolution's two 8-bit convolutions), or only such dropped steps, transitively."""
        dropped: set[Operation] = set()
        read = set().union(*self.fused.values())  # a fused kernel may read what its op did not

        def released(v: Value) -> bool:
            return v not in read and all(user in dropped or user in self.fused for user, _ in v.uses)

        steps = [s for plan in self.plans for s in plan.steps]
        for step in reversed(steps):  # users come after their producers: one backward pass
            op = step.ctx.op
            if (op.results and not op.regions and op.is_pure and all(r.has_uses for r in op.results)
                    and all(released(r) for r in op.results)):
                dropped.add(op)
        for plan in self.plans:
            plan.steps = [s for s in plan.steps if s.ctx.op not in dropped]

    def function(self, func: Operation) -> _FunctionPlan:
        body = self.block(func.body, set())
        if self.fused:
            self.drop_released()
        return _FunctionPlan(body, tuple(container(a) for a in func.body.args), self.template)

    def constant(self, v: Value):
        """v's value if planning computed it (a constant), else None."""
        k = self.slots.get(v)
        return self.template[k] if k in self.constants else None

    def slot(self, v: Value) -> int:
        self.slots[v] = k = len(self.template)
        self.template.append(None)
        return k

    def block(self, block: Block, visible: set) -> _BlockPlan:
        visible = visible | set(block.args)
        args = tuple(self.slot(a) for a in block.args)
        steps: list[_Step] = []
        yields: tuple[int, ...] = ()
        for op in block.ops:
            if any(v not in visible for v in op.operands):
                # IR that reads a value before (or outside) its definition: a finding, named when reached
                steps.append(_failing(op, f"'{op.name}' at {op.location.describe()} reads a value that "
                                          "is not defined before it"))
                break
            if op.has_trait(TERMINATOR):
                yields = tuple(self.slots[v] for v in op.operands)
                break
            fused = recognise(op, self.executor, self.constant) if op.regions else None
            for region in op.regions if fused is None else ():  # a fused op's body is not run
                for b in region.blocks:
                    self.executor._blocks[b] = self.block(b, visible)
            step = self.op(op, fused)
            if step is not None:
                steps.append(step)
            visible.update(op.results)
        plan = _BlockPlan(args, steps, yields)
        self.executor._blocks[block] = plan
        self.plans.append(plan)
        return plan

    def op(self, op: Operation, fused: tuple | None = None) -> _Step | None:
        """The op's step; with `fused` (kernels/fused.py: its kernel and the values it reads),
        that kernel's."""
        results = tuple(self.slot(r) for r in op.results)
        dtypes = tuple(container(r) for r in op.results)
        operands, kernel = op.operands, KERNELS.get(op.name)
        if fused is not None:  # a whole body at once, on the values it names (kernels/fused.py)
            kernel, operands = fused
            self.fused[op] = set(operands)
        if kernel is None:
            return _failing(op, f"cannot execute '{op.name}': no numpy kernel (at {op.location.describe()})")
        ctx = Context(op, self.executor)
        step = _Step(kernel, ctx, tuple(self.slots[v] for v in operands), results, dtypes,
                     bool(op.regions) and fused is None)
        # a constant, or a pure op of constants only (a rescaled bias): run once, here
        if op.name in CONSTANT_OPS or (op.operands and op.is_pure and not op.regions
                                       and all(k in self.constants for k in step.operands)):
            try:
                with np.errstate(all="ignore"):
                    out = kernel(ctx, *[self.template[k] for k in step.operands])
            except Exception:  # noqa: BLE001 - left to fail, as named, when the op runs
                return step
            for slot, x, dtype in zip(results, out if type(out) is tuple else (out,), dtypes):
                self.template[slot] = x if dtype is None else to_container(x, dtype)
                self.constants.add(slot)
            # a constant that only such ops read, run here, is not kept (the template lives as
            # long as the plan): the steps of unpacking packed int4 weights (legalize/lib/hybrid.py
            # unpack) held five copies of every weight, the shifted bytes, their concatenation
            # and its view
            self.folded.add(op)
            for v, k in zip(operands, step.operands):
                if k in self.constants and all(user in self.folded for user, _ in v.uses):
                    self.template[k] = None
                    self.constants.discard(k)
            return None
        lookup = self.bytes.plan(op, step, self.slots) if fused is None else None
        if lookup is not None:  # a function of one 8-bit tensor: a table of its 256 results
            self.fused[op] = set(lookup[1])
            return _Step(lookup[0], ctx, (self.slots[lookup[1][0]],), results, dtypes, True)  # reads the frame
        return step


def _failing(op: Operation, message: str) -> _Step:
    def kernel(ctx, *_):
        raise ExecutionError(message)
    return _Step(kernel, Context(op, None), (), (), (), False)

