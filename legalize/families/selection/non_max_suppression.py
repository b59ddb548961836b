"""NON_MAX_SUPPRESSION_V4 and V5 (kernels/non_max_suppression.cc, reference/non_max_suppression.h).

The kernel keeps the candidates whose score is above score_threshold in a
std::priority_queue<Candidate, std::deque<Candidate>> ordered by `a.score < b.score`, and
pops the best one at a time: it is hard-suppressed if its IoU with one of the boxes
selected since it last left the queue reaches iou_threshold; otherwise (V5, sigma > 0) its
score decays by exp(-0.5 / sigma * iou^2) per such box, and it is selected if its score did
not change, and pushed back if it is still above the threshold. Selection stops at
max_output_size boxes (or when the queue runs dry); the rest of the outputs is 0.

Boxes of equal score leave the queue in the order of the heap's layout, which this lowering
reproduces by running libstdc++'s heap (bits/stl_heap.h; the TFLite wheels are built with
it) on an index tensor:

    push  __push_heap: the hole starts at the end and moves up while its parent's score
          is `<` the new one
    pop   __pop_heap/__adjust_heap on the first `len = size - 1` slots: the hole moves
          down from the root, to the right child unless right `<` left, while it has two
          children; to a last lone left child (even len); then __push_heap of the old last
          element from there

The heap holds candidate indices (i32); a candidate's current score and
suppress_begin_index live in tensors indexed by the candidate, since a candidate is in the
queue at most once. The IoU of every (candidate, box) pair is computed up front with TOSA
in the kernel's float operations (ComputeIntersectionOverUnion; std::min as `b < a ? b : a`,
division as arith.divf); the loops only read it.

Lowered to scf.while / scf.if over index, i32 and f32 scalars with tensor.extract and
tensor.insert (scalar_loops.py). max_output_size must be a constant: it is the outputs'
length.
"""
from __future__ import annotations

import numpy as np

from tfl2quant.dialects import arith, tosa
from tfl2quant.ir.types import element_type, f32, i1, i32, index, tensor

from ...lib.emit import compare, select, slice_axis
from ...lib.patterns import StaticPattern
from ...lib.query import const_ints, constants, non_empty, static_shapes
from ...lib.scalar_loops import Scalars, if_, while_

MAX_BOXES = 2048  # the IoU table holds MAX_BOXES^2 floats


class NonMaxSuppression(StaticPattern):
    data = (0, 1)
    constants = {2: "max_output_size"}

    def __init__(self, soft: bool):
        self.soft = soft  # V5: a sigma operand and a selected_scores result

    def unsupported(self, op):
        """Static boxes and scores; the results may say `?`: their length is max_output_size."""
        data = self.data_operands(op)
        return static_shapes(op, data) or non_empty(op, data) or constants(op, self.constants) or self.check(op)

    def check(self, op):
        name = "NON_MAX_SUPPRESSION_V5" if self.soft else "NON_MAX_SUPPRESSION_V4"
        operands, results = (6, 3) if self.soft else (5, 2)
        if len(op.operands) != operands or len(op.results) != results:
            return f"{name} takes {operands} operands and gives {results} results"
        boxes, scores = op.operands[:2]
        if boxes.type.shape[1:] != (4,) or len(boxes.type.shape) != 2 or scores.type.shape != boxes.type.shape[:1]:
            return f"boxes {boxes.type} and scores {scores.type}: the kernel takes [n, 4] and [n]"
        for k in [0, 1, 3, 4] + ([5] if self.soft else []):
            v = op.operands[k]
            if element_type(v.type) != f32:
                return f"operand {k} is {v.type}; the kernel takes float32"
            if k >= 3 and v.type.shape != ():
                return f"operand {k} is {v.type}; the kernel takes a scalar"
        n = boxes.type.shape[0]
        if n > MAX_BOXES:
            return f"{n} boxes: the IoU table of every pair is written out for up to {MAX_BOXES}"
        (m,) = const_ints(op, 2)
        if m <= 0:
            return f"max_output_size {m}: the outputs would be empty"
        for k, r in enumerate(op.results):
            want = (f32 if self.soft and k == 1 else i32, () if k == len(op.results) - 1 else (m,))
            if element_type(r.type) != want[0] or r.type.shape not in (want[1], (None,) * len(want[1])):
                return f"result {k} is {r.type}, not tensor<{'x'.join(map(str, want[1] + (want[0],)))}>"
        return None

    def rewrite(self, b, op, operands, result_types):
        boxes, scores, _, iou_threshold, score_threshold = operands[:5]
        n, m = boxes.type.shape[0], const_ints(op, 2)[0]
        iou = iou_table(b, boxes)
        s = Scalars(b)
        iou_threshold, score_threshold = s.get(iou_threshold), s.get(score_threshold)
        scale = None
        if self.soft:  # the scores decay only when sigma > 0 (so an IoU of NaN never reaches them)
            sigma = s.get(operands[5])
            soft = s.cmp("ogt", sigma, 0.0)
            # `-0.5 / sigma` in double rounded to float equals the float division
            scale = s.div(s.const(-0.5, f32), sigma)

        # the queue: every candidate above the threshold, pushed in index order
        def push_if_above(t, v):
            heap_, size, i = v
            above = t.cmp("ogt", t.get(scores, i), score_threshold)
            heap_, size = if_(t, above, lambda u: push(u, heap_, size, scores, i),
                              lambda u: [heap_, size])
            return [heap_, size, t.add(i, 1)]

        # The heap's slots start as 0 .. n-1: any candidate will do (a slot past the end is read
        # only by a comparison whose result is dropped), but not the zeros that begin starts
        # from: iree-compile (3.x) gave the two scf.while inits of one constant one buffer.
        slots = arith.constant(b, np.arange(n, dtype=np.int32), tensor((n,), i32))
        queue, size, _ = while_(s, [slots, s.const(0, index), s.const(0, index)],
                                lambda t, v: t.cmp("slt", v[2], n), push_if_above)
        outputs = s.min(size, m)

        def step(t, v):
            queue_, size_, score, begin, selected, selected_scores, count = v
            c = t.get(queue_, 0)
            original = t.get(score, c)
            queue_, size_ = pop(t, queue_, size_, score)

            def compare_with(u, w):  # the selected boxes since c last left the queue, newest first
                j, current, hard, _ = w
                overlap = u.get(iou, c, u.get(selected, j))
                hard = u.cmp("oge", overlap, iou_threshold)
                decayed = current
                if scale is not None:
                    decayed = u.mul(current, u.exp(u.mul(u.mul(scale, overlap), overlap)))
                    decayed = u.select(u.and_(soft, u.not_(hard)), decayed, current)
                stop = u.or_(hard, u.cmp("ole", decayed, score_threshold))
                return [u.sub(j, 1), decayed, hard, stop]

            false = t.const(0, i1)
            _, current, hard, _ = while_(
                t, [t.sub(count, 1), original, false, false],
                lambda u, w: u.and_(u.not_(w[3]), u.cmp("sge", w[0], u.index(u.get(begin, c)))), compare_with)
            begin = t.put(begin, t.i32(count), c)
            kept = t.not_(hard)
            chosen = t.and_(kept, t.cmp("oeq", current, original))
            selected = t.put(selected, t.select(chosen, c, t.get(selected, count)), count)
            selected_scores = t.put(selected_scores, t.select(chosen, current, t.get(selected_scores, count)), count)
            count = t.add(count, t.select(chosen, t.const(1, index), 0))
            score = t.put(score, current, c)
            queue_, size_ = if_(t, t.and_(kept, t.cmp("ogt", current, score_threshold)),
                                lambda u: push(u, queue_, size_, score, c), lambda u: [queue_, size_])
            return [queue_, size_, score, begin, selected, selected_scores, count]

        def going(t, v):
            return t.and_(t.cmp("slt", v[6], outputs), t.cmp("sgt", v[1], 0))

        zeros_m = arith.constant(b, 0, tensor((m,), i32))
        *_, selected, selected_scores, count = while_(
            s, [queue, size, scores, arith.constant(b, 0, tensor((n,), i32)), zeros_m, arith.constant(b, 0.0, tensor((m,), f32)), s.const(0, index)],
            going, step)
        count = b.value("tensor.from_elements", [s.i32(count)], tensor((), i32))
        return [selected, selected_scores, count] if self.soft else [selected, count]


# libstdc++'s binary max-heap of candidate indices in an i32 tensor, ordered by their scores in
# a `score` tensor (a candidate's score may change while it is out of the heap).

def sift_up(s: Scalars, heap, hole, score, value):
    """__push_heap(first, hole, 0, value): parents whose score is `<` value's move down."""
    key = s.get(score, value)

    def parent(t, at):
        return t.div(t.sub(at, 1), 2)  # (hole - 1) / 2, 0 at the root as in C

    def up(t, v):
        heap_, at = v
        return [t.put(heap_, t.get(heap_, parent(t, at)), at), parent(t, at)]

    heap, hole = while_(s, [heap, hole], lambda t, v: t.and_(
        t.cmp("sgt", v[1], 0), t.cmp("olt", t.get(score, t.get(v[0], parent(t, v[1]))), key)), up)
    return s.put(heap, s.i32(value), hole)


def push(s: Scalars, heap, size, score, value):
    return [sift_up(s, heap, size, score, value), s.add(size, 1)]


def pop(s: Scalars, heap, size, score):
    """pop_heap + pop_back: the last element fills the root's place by __adjust_heap."""
    length = s.sub(size, 1)
    last = s.get(heap, length)

    def down(t, v):
        heap_, hole, child = v
        child = t.mul(t.add(child, 1), 2)  # the right child
        right, left = (t.get(score, t.get(heap_, k)) for k in (child, t.sub(child, 1)))
        child = t.select(t.cmp("olt", right, left), t.sub(child, 1), child)
        return [t.put(heap_, t.get(heap_, child), hole), child, child]

    zero = s.const(0, index)
    heap, hole, child = while_(s, [heap, zero, zero],
                               lambda t, v: t.cmp("slt", v[2], t.div(t.sub(length, 1), 2)), down)
    lone = s.and_(s.cmp("eq", s.and_(length, 1), 0), s.cmp("eq", child, s.div(s.sub(length, 2), 2)))

    def to_lone_child(t):
        left = t.add(t.mul(child, 2), 1)
        return [t.put(heap, t.get(heap, left), hole), left]

    heap, hole = if_(s, lone, to_lone_child, lambda t: [heap, hole])
    return [sift_up(s, heap, hole, score, last), length]


def iou_table(b, boxes):
    """[n, n] f32: ComputeIntersectionOverUnion(boxes, i, j) at [i, j]."""
    n = boxes.type.shape[0]
    y1, x1, y2, x2 = (slice_axis(b, boxes, 1, k, 1) for k in range(4))  # [n, 1] each
    ymin, ymax, xmin, xmax = _min(b, y1, y2), _max(b, y1, y2), _min(b, x1, x2), _max(b, x1, x2)
    col = (n, 1)
    area = _mul(b, _sub(b, ymax, ymin), _sub(b, xmax, xmin))

    def row(v):
        return tosa.reshape(b, v, (1, n))

    zero = tosa.const(b, np.zeros((1, 1), np.float32), f32)
    height = _max(b, _sub(b, _min(b, ymax, row(ymax)), _max(b, ymin, row(ymin))), zero)
    width = _max(b, _sub(b, _min(b, xmax, row(xmax)), _max(b, xmin, row(xmin))), zero)
    intersection = _mul(b, height, width)
    union = _sub(b, _add(b, area, row(area)), intersection)
    ratio = b.value("arith.divf", [intersection, union], intersection.type)
    empty = b.value("tosa.logical_or", [compare(b, "tosa.greater_equal", zero, area, col),
                                        compare(b, "tosa.greater_equal", zero, row(area), (1, n))],
                    tensor((n, n), i1))
    return select(b, empty, zero, ratio, ratio.type)


def _shape(x, y):
    return tuple(max(a, c) for a, c in zip(x.type.shape, y.type.shape))


def _min(b, x, y):
    """std::min(x, y): `y < x ? y : x`."""
    shape = _shape(x, y)
    return select(b, compare(b, "tosa.greater", x, y, shape), y, x, tensor(shape, f32))


def _max(b, x, y):
    """std::max(x, y): `x < y ? y : x`."""
    shape = _shape(x, y)
    return select(b, compare(b, "tosa.greater", y, x, shape), y, x, tensor(shape, f32))


def _sub(b, x, y):
    return tosa.binary(b, "tosa.sub", x, y, tensor(_shape(x, y), f32))


def _add(b, x, y):
    return tosa.binary(b, "tosa.add", x, y, tensor(_shape(x, y), f32))


def _mul(b, x, y):
    return tosa.mul(b, x, y, tensor(_shape(x, y), f32))
