"""The passes' work on the model IR of ir.py, in the proportions of the 5,000-op chain of
benchmarks/synthetic.py after legalize-tfl: per TFLite op about ten ops (rescales with their
constant multipliers, shifts and zero points, an add, a reshape), then a verifier that reads
operands, types and attributes, cse, and a printer that numbers values and formats a line
per op."""
from __future__ import annotations

from ir import Attr, Block, Operation, OpResult, Type, Value

PURE = {"tosa.const", "tosa.const_shape", "tosa.rescale", "tosa.add", "tosa.matmul", "tosa.reshape"}


def build(n: int) -> Block:
    """`n` TFLite ops' worth of IR; shifts and zero points made once, as legalize-tfl's
    UniqueConstants makes them."""
    b = Block()
    act = Type((1, 16), "i8")
    wide = Type((1, 16), "i32")
    one32, one8 = Type((1,), "i32"), Type((1,), "i8")
    shape = Type((3,), "!tosa.shape")
    x: Value = Value(act)
    t_true, t_false, dr = Attr(True), Attr(False), Attr("DOUBLE_ROUND")
    memo: dict = {}

    def const(t: Type, v: object) -> Value:
        got = memo.get((t, v))
        if got is None:
            got = memo[(t, v)] = b.create("tosa.const", [], [t], {"values": Attr(v)}).results[0]
        return got

    for i in range(n):
        mult = b.create("tosa.const", [], [one32], {"values": Attr(1073741824 + i)}).results[0]
        shift = const(one8, 30 + i % 5)
        izp = const(one8, i % 3)
        ozp = const(one32, 0)
        r1 = b.create("tosa.rescale", [x, mult, shift, izp, ozp], [wide],
                      {"scale32": t_true, "rounding_mode": dr, "per_channel": t_false,
                       "input_unsigned": t_false, "output_unsigned": t_false}).results[0]
        r2 = b.create("tosa.rescale", [x, mult, shift, izp, ozp], [wide],
                      {"scale32": t_true, "rounding_mode": dr, "per_channel": t_false,
                       "input_unsigned": t_false, "output_unsigned": t_false}).results[0]
        s = b.create("tosa.add", [r1, r2], [wide], {}).results[0]
        cs = b.create("tosa.const_shape", [], [shape], {"values": Attr((1, 16))}).results[0]
        x = b.create("tosa.rescale", [s, mult, shift, ozp, izp], [act],
                     {"scale32": t_true, "rounding_mode": dr, "per_channel": t_false,
                      "input_unsigned": t_false, "output_unsigned": t_false}).results[0]
        x = b.create("tosa.reshape", [x, cs], [act], {}).results[0]
    return b


def _bool(op: Operation, name: str) -> bool:
    a = op.attributes.get(name)
    if a is None or not isinstance(a.value, bool):
        raise ValueError(f"{op.name}: requires bool attribute '{name}'")
    return bool(a.value)


def verify_rescale(op: Operation) -> None:
    if len(op.operands) != 5 or len(op.results) != 1:
        raise ValueError("count")
    x, out = op.operands[0].type, op.results[0].type
    if x.shape != out.shape:
        raise ValueError("shape")
    for name in ("scale32", "per_channel", "input_unsigned", "output_unsigned"):
        _bool(op, name)
    for k in (1, 2, 3, 4):
        t = op.operands[k].type
        if len(t.shape) != 1:
            raise ValueError("zp")
        v = op.operands[k]
        if isinstance(v, OpResult) and v.owner.name == "tosa.const":
            if v.owner.attributes["values"].value is None:
                raise ValueError("value")


def verify_binary(op: Operation) -> None:
    if len(op.operands) != 2:
        raise ValueError("count")
    a, b, out = op.operands[0].type, op.operands[1].type, op.results[0].type
    if not (a.elem == b.elem == out.elem) or a.shape != out.shape:
        raise ValueError("types")


def verify_any(op: Operation) -> None:
    if len(op.results) != 1:
        raise ValueError("results")


VERIFIERS = {"tosa.rescale": verify_rescale, "tosa.add": verify_binary}


def verify(b: Block) -> int:
    n = 0
    for op in b.ops:
        VERIFIERS.get(op.name, verify_any)(op)
        n += 1
    return n


def _key(op: Operation) -> tuple:
    key: list = [op.name, len(op.operands)]
    for v in op.operands:
        key.append(id(v))
    key.append(len(op.results))
    for r in op.results:
        key.append(r.type)
    attrs = op.attributes
    if attrs:
        for item in sorted(attrs.items()):
            key.append(item[0])
            key.append(item[1])
    return tuple(key)


def cse(b: Block) -> int:
    scope: dict = {}
    kept = []
    merged = 0
    for op in b.ops:
        if op.name in PURE:
            existing = scope.setdefault(_key(op), op)
            if existing is not op:
                op.replace_all_uses_with(existing.results)
                op.drop_operands()
                op.results = []
                merged += 1
                continue
        kept.append(op)
    b.ops = kept
    return merged


def print_block(b: Block) -> str:
    names: dict[int, str] = {}
    out = []
    n = 0
    for op in b.ops:
        for r in op.results:
            names[id(r)] = f"%{n}"
            n += 1
    for op in b.ops:
        parts = [", ".join([names.get(id(r), "%arg0") for r in op.results]), " = ", op.name]
        if op.operands:
            parts.append(" " + ", ".join([names.get(id(v), "%arg0") for v in op.operands]))
        if op.attributes:
            parts.append(" {" + ", ".join([f"{k} = {a}" for k, a in op.attributes.items()]) + "}")
        parts.append(" : (" + ", ".join([str(v.type) for v in op.operands]) + ") -> "
                     + ", ".join([str(r.type) for r in op.results]))
        out.append("".join(parts))
    return "\n".join(out)
