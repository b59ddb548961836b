"""linalg.generic, all-parallel: gather every operand over the iteration space
through its indexing map, then run the body on whole arrays: once, or on a large
space once per block of it (the body is elementwise, so blocks give the same values)."""
from __future__ import annotations

import math

import numpy as np

from tfl2quant.ir.affine import AffineMapAttr

from .linalg_body import compile_body


# elements per block of a large iteration space: a block's temporaries (a dozen or two int64
# arrays) stay in the cache, a whole space's did not, and each of the body's ops then ran at
# memory speed
BLOCK = 16384


def _maps(ctx):
    """(number of inputs, indexing maps, whether each is the identity, whether the body may run
    block by block: no linalg.index, whose values depend on the position, and no nested
    regions), read once per op."""
    found = ctx.cache.get("maps")
    if found is None:
        maps = [a.value for a in ctx.op.attributes["indexing_maps"].value if isinstance(a, AffineMapAttr)]
        identity = [m.results == tuple(m.identity(m.num_dims).results) for m in maps]
        body = ctx.op.regions[0].blocks[0]
        blockwise = all(op.name != "linalg.index" and not op.regions for op in body.ops)
        found = ctx.cache["maps"] = (ctx.op.attributes["operandSegmentSizes"].value[0], maps, identity, blockwise)
    return found


def generic(ctx, *operands):
    n_in, maps, identity, blockwise = _maps(ctx)
    outs = operands[n_in:]
    space = outs[0].shape
    body = ctx.op.regions[0].blocks[0]
    compiled = ctx.cache.get("compiled", 0)
    if type(compiled) is int:
        # the first run is op by op, the body compiled when the op runs again: compiling costs
        # about ten runs of a small body, and `check` runs most ops once per input set
        if compiled == 0:
            ctx.cache["compiled"], compiled = 1, None
        else:
            compiled = compile_body(ctx.executor, body)
            ctx.cache["compiled"] = False if compiled is None else compiled  # False: it cannot be
    elif compiled is False:
        compiled = None
    if compiled is not None:
        if compiled.scalar is not None and math.prod(space) == 1:
            try:
                return _run_scalar(ctx, compiled, operands, maps, outs, space)
            except Exception:  # noqa: BLE001 - what the scalar form does not compute as numpy does: arrays
                pass
        frame, array = ctx.frame, compiled.array
        # the compiled numpy calls broadcast: an operand read along some loops is a view of itself
        full = blockwise and math.prod(space) > 2 * BLOCK  # (but blocks are slices of whole arrays)
        try:
            return _run(ctx, lambda xs: array(frame, *xs), _args(ctx, operands, space, full), space, outs,
                        blockwise)
        except Exception:  # noqa: BLE001 - run op by op: its values, or the error naming the op
            pass
    return _run(ctx, lambda xs: ctx.run_block(body, xs), _args(ctx, operands, space, True), space, outs, blockwise)


def _args(ctx, operands, space, full: bool) -> list:
    """Each operand read at every point of `space` through its indexing map: the operand itself
    for the identity; for a map of loops in increasing order and constants, (d0, d1, d2) -> (d2)
    or (0, d1), a view of it with a unit dimension for every other loop, broadcast to the whole
    space when `full`; else gathered. How, decided once per operand shapes."""
    shapes = ("reads", *(x.shape for x in operands))
    reads = ctx.cache.get(shapes)
    if reads is None:
        reads = ctx.cache[shapes] = _reads(ctx, shapes[1:], space)
    args = []
    for x, read in zip(operands, reads):
        if read is None:
            args.append(x)
        elif read[0] == "view":
            y = x[read[1]].reshape(read[2])
            args.append(np.broadcast_to(y, space) if full else y)
        else:
            args.append(np.broadcast_to(x[read[1]], space))
    return args


def _reads(ctx, shapes, space) -> list:
    """Per operand: None (itself), ("view", index, shape), or ("gather", index)."""
    _, maps, identity, _ = _maps(ctx)
    reads = []
    for k, (m, shape, same) in enumerate(zip(maps, shapes, identity)):
        view = _view(m, space)
        if same and shape == space:
            reads.append(None)
        elif view is not None and len(shape) == len(view[0]) and all(
                n == d if d >= 0 else n > ~d for n, d in zip(shape, view[0])):
            reads.append(("view", *view[1:]))
        else:
            reads.append(("gather", _gathers(ctx, maps, space)[k]))
    return reads


def _view(m, space) -> tuple | None:
    """For a map whose results are loops in increasing order or constants: per operand dimension
    the extent it must have (a loop's) or ~the constant (which it must exceed), the index that
    keeps those constants' elements, and the shape with a unit dimension for every other loop."""
    dims = [e.value for e in m.results if e.kind == "dim"]
    if any(e.kind not in ("dim", "const") or (e.kind == "const" and e.value < 0) for e in m.results) \
            or dims != sorted(set(dims)):
        return None
    extents = tuple(space[e.value] if e.kind == "dim" else ~e.value for e in m.results)
    index = tuple(slice(None) if e.kind == "dim" else slice(e.value, e.value + 1) for e in m.results)
    return extents, index, tuple(space[d] if d in dims else 1 for d in range(len(space)))


def _gathers(ctx, maps, space):
    gathers = ctx.cache.get(space)  # the index arrays per map over this iteration space
    if gathers is None:
        gathers = ctx.cache[space] = [m.gather_index(space) for m in maps]
    return gathers


def _run_scalar(ctx, compiled, operands, maps, outs, space):
    """The body on the one point of `space`, in Python scalars (linalg_body.py)."""
    xs = [x.item() if x.size == 1 else x[g].item() for x, g in
          zip(operands, _gathers(ctx, maps, space) if any(x.size != 1 for x in operands) else maps)]
    ys = compiled.scalar(*xs, *compiled.outer_values(ctx.frame))
    return tuple(np.array(y, o.dtype).reshape(space) for y, o in zip(ys, outs))


def _run(ctx, run, args, space, outs, blockwise):
    """`run` (the body, on the arguments of every point) over `space`: once, or on a large space
    once per block of it."""
    size = math.prod(space)
    if blockwise and size > 2 * BLOCK:
        axis = next(k for k, d in enumerate(space) if d > 1)  # blocks of this axis' indices
        rows = max(1, BLOCK // (size // math.prod(space[:axis + 1])))
        results = [np.empty(space, o.dtype) for o in outs]
        for k in range(0, space[axis], rows):
            index = (slice(None),) * axis + (slice(k, k + rows),)
            for result, y in zip(results, run([a[index] for a in args])):
                result[index] = y  # cast as astype casts
        return tuple(results)
    ctx.executor.iteration_spaces.append(space)  # for the body's linalg.index
    try:
        yielded = run(args)
    finally:
        ctx.executor.iteration_spaces.pop()
    return tuple(y if y.shape == space and y.dtype == o.dtype else np.broadcast_to(y, space).astype(o.dtype)
                 for y, o in zip(map(np.asarray, yielded), outs))


def index(ctx):
    """linalg.index in a generic's body (run once on whole arrays): every position's index
    along loop `dim`, over the iteration space."""
    space = ctx.executor.iteration_spaces[-1]
    found = ctx.cache.get(space)
    if found is None:
        dim = ctx.attr("dim")
        along = np.arange(space[dim], dtype=np.int64).reshape([-1 if k == dim else 1 for k in range(len(space))])
        found = ctx.cache[space] = np.broadcast_to(along, space)
    return found


def fill(ctx, value, init):
    return np.full(init.shape, value, init.dtype)


KERNELS = {"linalg.generic": generic, "linalg.fill": fill, "linalg.index": index}
