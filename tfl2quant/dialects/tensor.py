"""The tensor dialect ops the lowering emits (shapes, reshapes, splats)."""
from ..ir.attributes import ArrayAttr, DenseArrayAttr, IntegerAttr
from ..ir.core import PURE, TERMINATOR, Operation, Value
from ..ir.lexer import PERCENT
from ..ir.types import RankedTensorType, i32, i64, index
from ._util import register_simple_ops

DYNAMIC = -(1 << 63)  # ShapedType::kDynamic: a static_offsets/sizes/strides entry given by an operand

register_simple_ops("""
    tensor.empty tensor.splat tensor.reshape tensor.from_elements tensor.dim
    tensor.collapse_shape tensor.expand_shape tensor.extract tensor.insert tensor.pad
    tensor.extract_slice tensor.insert_slice tensor.generate tensor.rank
""")
register_simple_ops("tensor.yield", traits={PURE, TERMINATOR})


def _verify_cast(self: Operation) -> None:
    """tensor.cast changes only how static a shape is: same element type and rank,
    and each dimension equal or `?` on one side (upstream's CastOp::areCastCompatible)."""
    (src,), (dst,) = self.operand_types, self.result_types
    if not (isinstance(src, RankedTensorType) and isinstance(dst, RankedTensorType)):
        return
    if src.element_type != dst.element_type or len(src.shape) != len(dst.shape) or any(
            a is not None and b is not None and a != b for a, b in zip(src.shape, dst.shape)):
        raise self.error(f"operand type {src} and result type {dst} are cast incompatible")


for _cls in register_simple_ops("tensor.cast").values():
    _cls.verify_ = _verify_cast


# --- tensor.bitcast (RNG_BIT_GENERATOR: unsigned <-> signless) ---------------------------------

def _verify_bitcast(self: Operation) -> None:
    """tensor.bitcast keeps the shape and the element width (upstream's BitcastOp::areCastCompatible)."""
    (src,), (dst,) = self.operand_types, self.result_types
    if not (isinstance(src, RankedTensorType) and isinstance(dst, RankedTensorType)):
        return
    width = [getattr(t.element_type, "width", None) for t in (src, dst)]
    if src.shape != dst.shape or None in width or width[0] != width[1]:
        raise self.error(f"operand type {src} and result type {dst} are cast incompatible")


for _cls in register_simple_ops("tensor.bitcast").values():
    _cls.verify_ = _verify_bitcast


def dynamic_sizes(b, v: Value, shape=None) -> list[Value]:
    """`tensor.dim` of `v` at each `?` dimension of `shape` (default: of `v`'s own type): the
    sizes a tensor.empty or linalg.fill of that shape takes."""
    shape = v.type.shape if shape is None else shape
    return [b.value("tensor.dim", [v, b.value("arith.constant", [], index, {"value": IntegerAttr(k, index)})], index)
            for k, d in enumerate(shape) if d is None]


# --- custom assembly (upstream's TensorOps.td assemblyFormat) --------------------------------
from .assembly_format import declare, element_of, fixed, rules  # noqa: E402

declare("tensor.empty", "`(`$dynamicSizes`)` attr-dict `:` type($result)", operands="dynamicSizes*",
        infer=fixed("dynamicSizes", index))
declare("tensor.splat", "$input (`[` $dynamicSizes^ `]`)? attr-dict `:` type($aggregate)",
        operands="input dynamicSizes*", results="aggregate",
        infer=rules(element_of("aggregate", "input"), fixed("dynamicSizes", index)))
declare("tensor.reshape", "$source `(` $shape `)` attr-dict `:` functional-type(operands, results)",
        operands="source shape")
declare("tensor.from_elements", "$elements attr-dict `:` type($result)", operands="elements*",
        infer=element_of("result", "elements"))
declare("tensor.dim", "attr-dict $source `,` $index `:` type($source)", operands="source index",
        infer=rules(fixed("index", index), fixed("result", index)))
declare("tensor.extract", "$tensor `[` $indices `]` attr-dict `:` type($tensor)", operands="tensor indices*",
        infer=rules(fixed("indices", index), element_of("tensor", "result")))
declare("tensor.insert", "$scalar `into` $dest `[` $indices `]` attr-dict `:` type($dest)",
        operands="scalar dest indices*", same=["dest result"],
        infer=rules(fixed("indices", index), element_of("dest", "scalar")))
declare("tensor.cast", "$source attr-dict `:` type($source) `to` type($dest)", operands="source", results="dest")
declare("tensor.rank", "$tensor attr-dict `:` type($tensor)", operands="tensor", infer=fixed("result", index))
declare("tensor.yield", "$value attr-dict `:` type($value)", operands="value", results="")


_SLICE = ("static_offsets", "static_sizes", "static_strides")


class _SliceAssembly:
    """`tensor.extract_slice %t[0, %i] [2, %n] [1, 1] : t to t'` and
    `tensor.insert_slice %s into %t[...] [...] [...] : s into t`: each entry of the offset,
    size and stride lists is a static value or, where the static array holds kDynamic, the
    next operand (TensorOps.td: custom<DynamicIndexList>)."""

    def __init__(self, insert: bool):
        self.insert = insert
        self.fixed = 2 if insert else 1  # source (and dest) before the dynamic entries

    def can_print(self, op) -> bool:
        a = op.attributes
        seg = a.get("operandSegmentSizes")
        if not all(isinstance(a.get(k), DenseArrayAttr) for k in _SLICE) or not isinstance(seg, DenseArrayAttr):
            return False
        counts = [sum(1 for v in a[k].value if v == DYNAMIC) for k in _SLICE]
        return (list(seg.value) == [1] * self.fixed + counts and len(op.operands) == self.fixed + sum(counts)
                and len(op.results) == 1 and not op.regions)

    def print(self, op, p) -> None:
        w = p.out.write
        w(f"{op.name} {p.name_of(op.operands[0])}")
        if self.insert:
            w(f" into {p.name_of(op.operands[1])}")
        dynamic = iter(op.operands[self.fixed:])
        for k, key in enumerate(_SLICE):
            items = [p.name_of(next(dynamic)) if v == DYNAMIC else str(v) for v in op.attributes[key].value]
            w(("" if k == 0 else " ") + "[" + ", ".join(items) + "]")
        rest = {k: v for k, v in op.attributes.items() if k not in _SLICE + ("operandSegmentSizes",)}
        if rest:
            w(" ")
            p.write_attr_dict(rest)
        w(f" : {p.type(op.operands[0].type)} {'into' if self.insert else 'to'} {p.type(op.result.type)}")

    def parse(self, cls, p, loc):
        fixed = [p.parse_operand()]
        if self.insert:
            p.expect_keyword("into")
            fixed.append(p.parse_operand())
        statics, uses, counts = {}, [], []
        for key in _SLICE:
            values, n = [], 0

            def entry():
                nonlocal n
                if p.at(PERCENT):
                    uses.append(p.parse_operand())
                    values.append(DYNAMIC)
                    n += 1
                else:
                    values.append(p.parse_integer("(a static offset, size or stride)"))
            p.parse_list("[", "]", entry, "in the slice's index list")
            statics[key] = DenseArrayAttr(i64, tuple(values))
            counts.append(n)
        attrs = p.parse_optional_attr_dict()
        p.expect(":", "before the slice's types")
        src_t = p.parse_type()
        p.expect_keyword("into" if self.insert else "to")
        result_t = p.parse_type()
        types = [src_t, result_t] if self.insert else [src_t]
        operands = p.resolve_operands(fixed, types) + p.resolve_operands(uses, [index] * len(uses))
        segments = DenseArrayAttr(i32, (1,) * self.fixed + tuple(counts))
        return cls(operands, [result_t], {**statics, "operandSegmentSizes": segments, **attrs}, location=loc)


from ..ir.core import OP_CLASSES  # noqa: E402

for _name, _insert in (("tensor.extract_slice", False), ("tensor.insert_slice", True)):
    _assembly = _SliceAssembly(_insert)
    OP_CLASSES[_name].assembly = _assembly
    OP_CLASSES[_name].parse_custom = classmethod(lambda c, p, loc, a=_assembly: a.parse(c, p, loc))


class _Reassociation:
    """collapse_shape's `[[0, 1], [2]]`: the groups of source dimensions each result dimension
    merges (an array of i64 arrays)."""

    def print(self, p, a) -> None:
        p.out.write("[" + ", ".join("[" + ", ".join(str(int(d.value)) for d in g.value) + "]"
                                    for g in a.value) + "]")

    def parse(self, p):

        def group():
            return ArrayAttr(tuple(IntegerAttr(d, i64) for d in p.parse_list(
                "[", "]", lambda: p.parse_integer("(a dimension)"), "in a reassociation group")))
        return ArrayAttr(tuple(p.parse_list("[", "]", group, "in the reassociation")))

    def at(self, p) -> bool:
        return p.at("[")

    def fits(self, a) -> bool:
        return isinstance(a, ArrayAttr) and all(
            isinstance(g, ArrayAttr) and all(isinstance(d, IntegerAttr) and d.type == i64 for d in g.value)
            for g in a.value)


declare("tensor.collapse_shape", "$src $reassociation attr-dict `:` type($src) `into` type($result)",
        operands="src", attrs={"reassociation": _Reassociation()})


# The names upstream's ops suggest for their results (getAsmResultNames in TensorOps.cpp):
# mlir-opt prints `%dim = tensor.dim ...`, and FileCheck tests written against it use them.
for _name, _result in (("tensor.dim", "dim"), ("tensor.extract", "extracted"),
                       ("tensor.from_elements", "from_elements"), ("tensor.insert", "inserted"),
                       ("tensor.extract_slice", "extracted_slice"), ("tensor.insert_slice", "inserted_slice"),
                       ("tensor.expand_shape", "expanded"), ("tensor.collapse_shape", "collapsed"),
                       ("tensor.pad", "padded"), ("tensor.splat", "splat"), ("tensor.cast", "cast"),
                       ("tensor.generate", "generated"), ("tensor.reshape", "reshape"),
                       ("tensor.bitcast", "bitcast"), ("tensor.rank", "rank")):
    OP_CLASSES[_name].asm_result_names = (_result,)
