"""The mutations of the structure-aware fuzzer (structured_fuzz.py runs them).

A mutation takes a random generator and the object tree of a model
(`ai_edge_litert.schema_py_generated`), changes one thing the way a buggy
exporter or an attacker could (an index, a shape, a type, a scale, an opcode,
an options table, an operand list, a subgraph reference, a buffer...), and
says what it did (None: not applicable to this model).
"""
from __future__ import annotations

import copy
import inspect
import math
import re
from random import Random

from ai_edge_litert import schema_py_generated as schema

# --- the schema's scalar slot types, read from the generated code: {("Conv2DOptions", "padding"): "Int8"}
_SLOTS = {(table, param): kind for table, param, kind in re.findall(
    r"def (\w+?)Add\w+\(builder, (\w+)\):\n\s+(?:return )?builder\.Prepend(\w+?)(?:Relative)?Slot",
    inspect.getsource(schema))}
_OPTIONS = {v: getattr(schema, k + "T") for k, v in vars(schema.BuiltinOptions).items()
            if not k.startswith("_") and k != "NONE"}
_OPTIONS2 = {v: getattr(schema, k + "T") for k, v in vars(schema.BuiltinOptions2).items()
             if not k.startswith("_") and k != "NONE"}
_INTERESTING = {
    "Bool": lambda r, v: not v,
    "Int8": lambda r, v: r.choice([-128, -1, 0, 1, 2, 3, 4, 5, 6, 7, 127]),
    "Uint8": lambda r, v: r.choice([0, 1, 2, 3, 255]),
    "Int32": lambda r, v: r.choice([0, -1, 1, 2, 3, 4, 8, 1000, -2 ** 31, 2 ** 31 - 1, v + 1, -v]),
    "Uint32": lambda r, v: r.choice([0, 1, 2, 2 ** 31, 2 ** 32 - 1]),
    "Int64": lambda r, v: r.choice([0, -1, 1, 2 ** 63 - 1, -2 ** 63]),
    "Uint64": lambda r, v: r.choice([0, 1, 2 ** 63, 2 ** 64 - 1]),
    "Float32": lambda r, v: r.choice([0.0, -1.0, math.nan, math.inf, -math.inf, 1e30, 1e-30, 3.4e38]),
}
_WEIRD_NAMES = [None, b"", b"\xff\xfe", b"a\"b\\c\n// -----\n", b"x" * 300, b"@main", b"%0 = {"]


# --- mutations: each takes (rng, model), changes the model, and says what it did (None: not applicable)

def _show(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:30]}...({len(text)} chars)"


def _subgraph(r: Random, m):
    k = r.randrange(len(m.subgraphs))
    return k, m.subgraphs[k]


def _tensor(r: Random, m, want=None):
    k, sg = _subgraph(r, m)
    choices = [j for j, t in enumerate(sg.tensors or []) if want is None or want(t)]
    if not choices:
        return None
    j = r.choice(choices)
    return f"sg{k} t{j}", sg.tensors[j]


def _op(r: Random, m, want=None):
    k, sg = _subgraph(r, m)
    choices = [j for j, op in enumerate(sg.operators or []) if want is None or want(op)]
    if not choices:
        return None
    j = r.choice(choices)
    return f"sg{k} op{j}", sg, sg.operators[j]


def _index(r: Random, n: int, lo: int = -1) -> int:
    """An index into n things: in range, the ends, just past them, or far out (lo: -1 or 2**32-1)."""
    return r.choice([r.randrange(max(n, 1)), 0, max(n - 1, 0), n, n + 1, lo, 2 ** 31 - 1])


def _mutate_list(r: Random, values, n: int) -> tuple[list | None, str]:
    """An operand list (tensor indices into n tensors) made longer, shorter, repeated or out of range."""
    v = [int(x) for x in (values if values is not None else [])]
    how = r.choice(["append", "append -1", "drop", "duplicate", "set -1", "set out", "swap", "set any", "empty",
                    "none"])
    if how == "append":
        v.append(r.randrange(max(n, 1)))
    elif how == "append -1":
        v.append(-1)
    elif how == "drop" and v:
        del v[r.randrange(len(v))]
    elif how == "duplicate" and v:
        v.append(r.choice(v))
    elif how in ("set -1", "set out", "set any") and v:
        v[r.randrange(len(v))] = {"set -1": -1, "set out": r.choice([n, 2 ** 31 - 1]),
                                  "set any": r.randrange(max(n, 1))}[how]
    elif how == "swap" and len(v) > 1:
        a, b = r.sample(range(len(v)), 2)
        v[a], v[b] = v[b], v[a]
    elif how == "empty":
        v = []
    elif how == "none":
        return None, how
    else:
        return _mutate_list(r, values, n)
    return v, f"{how} -> {v}"


def tensor_buffer(r, m):
    found = _tensor(r, m)
    if not found:
        return None
    where, t = found
    t.buffer = _index(r, len(m.buffers), 2 ** 32 - 1)
    return f"{where} buffer={t.buffer}"


def tensor_shape_dim(r, m):
    found = _tensor(r, m, lambda t: t.shape is not None and len(t.shape) > 0)
    if not found:
        return None
    where, t = found
    shape, k = [int(d) for d in t.shape], r.randrange(len(t.shape))
    shape[k] = r.choice([0, -1, -2, 1, shape[k] + 1, max(shape[k] - 1, 0), 2 * shape[k], 2 ** 31 - 1, 65536,
                         r.randint(1, 9)])
    t.shape = shape
    return f"{where} shape={shape}"


def tensor_shape_reshape(r, m):
    """Dims permuted, two merged or one split: the element count (and a constant's buffer) still fits."""
    found = _tensor(r, m, lambda t: t.shape is not None and len(t.shape) > 0)
    if not found:
        return None
    where, t = found
    shape = [int(d) for d in t.shape]
    how = r.choice(["permute", "merge", "split"])
    if how == "permute":
        r.shuffle(shape)
    elif how == "merge" and len(shape) > 1:
        k = r.randrange(len(shape) - 1)
        shape[k:k + 2] = [shape[k] * shape[k + 1]]
    else:
        k = r.randrange(len(shape))
        factor = next((f for f in (2, 3, 5, 7) if shape[k] % f == 0), 1)
        shape[k:k + 1] = [factor, shape[k] // factor] if r.random() < 0.5 else [shape[k] // factor, factor]
    t.shape = shape
    return f"{where} shape={shape} ({how})"


def tensor_shape_rank(r, m):
    found = _tensor(r, m)
    if not found:
        return None
    where, t = found
    shape = [int(d) for d in (t.shape if t.shape is not None else [])]
    how = r.choice(["drop", "add", "scalar", "none", "high"])
    if how == "drop" and shape:
        del shape[r.randrange(len(shape))]
    elif how == "add":
        shape.insert(r.randint(0, len(shape)), r.choice([1, 2, 3]))
    elif how == "high":
        shape = [r.randint(1, 3) for _ in range(r.randint(6, 9))]
    else:
        shape = [] if how == "scalar" else None
    t.shape = shape
    return f"{where} shape={shape}"


def tensor_shape_signature(r, m):
    found = _tensor(r, m)
    if not found:
        return None
    where, t = found
    shape = [int(d) for d in (t.shape if t.shape is not None else [])]
    how = r.choice(["dynamic", "wrong rank", "odd", "none", "all dynamic"])
    if how == "dynamic" and shape:
        shape[r.randrange(len(shape))] = -1
    elif how == "wrong rank":
        shape = shape + [-1] if r.random() < 0.5 or not shape else shape[:-1]
    elif how == "odd":
        shape = [r.choice([-2, 0, -1, 2 ** 31 - 1, d + 1]) for d in shape] or [-2]
    elif how == "all dynamic":
        shape = [-1] * len(shape)
    else:
        shape = None
    t.shapeSignature = shape
    return f"{where} shape_signature={shape}"


# bytes per element of the TensorType values (so a constant's buffer still fits after the change)
_WIDTH = {0: 4, 1: 2, 2: 4, 3: 1, 4: 8, 6: 1, 7: 2, 8: 8, 9: 1, 10: 8, 11: 16, 12: 8, 15: 4, 16: 2, 18: 2, 21: 1, 22: 1}


def tensor_type(r, m):
    """Any TensorType value (or none of them), or one of the same width, so a constant still imports."""
    found = _tensor(r, m)
    if not found:
        return None
    where, t = found
    same = [k for k, w in _WIDTH.items() if w == _WIDTH.get(t.type) and k != t.type]
    t.type = r.choice(same) if same and r.random() < 0.5 else r.choice(list(range(23)) + [23, 99, 127, -1])
    return f"{where} type={t.type}"


def _quantization(t):
    if t.quantization is None:
        t.quantization = schema.QuantizationParametersT()
        t.quantization.scale, t.quantization.zeroPoint = [0.5], [0]
    return t.quantization


def quant_scale(r, m):
    found = _tensor(r, m, lambda t: t.quantization is not None or r.random() < 0.2)
    if not found:
        return None
    where, t = found
    q = _quantization(t)
    old = [float(s) for s in (q.scale if q.scale is not None else [])] or [0.5]
    value = r.choice([0.0, -0.5, math.nan, math.inf, -math.inf, 3.4e38, 1e-45, 1e-30, 1e30])
    how = r.choice(["one", "all", "extra", "empty", "none"])
    if how == "one":
        old[r.randrange(len(old))] = value
    elif how == "all":
        old = [value] * len(old)
    elif how == "extra":
        old = old + [old[0]] * r.randint(1, 3)
    q.scale = None if how == "none" else [] if how == "empty" else old
    return f"{where} scale {how} -> {q.scale if q.scale is None or len(q.scale) < 5 else f'{len(q.scale)} values'}"


def quant_zero_point(r, m):
    found = _tensor(r, m, lambda t: t.quantization is not None or r.random() < 0.2)
    if not found:
        return None
    where, t = found
    q = _quantization(t)
    old = [int(z) for z in (q.zeroPoint if q.zeroPoint is not None else [])] or [0]
    value = r.choice([128, -129, 255, 256, -1, 32768, -32769, 2 ** 31, -2 ** 31 - 1, 2 ** 62, -2 ** 63])
    how = r.choice(["one", "all", "extra", "empty", "none"])
    if how == "one":
        old[r.randrange(len(old))] = value
    elif how == "all":
        old = [value] * len(old)
    elif how == "extra":
        old = old + [0] * r.randint(1, 3)
    q.zeroPoint = None if how == "none" else [] if how == "empty" else old
    shown = q.zeroPoint if q.zeroPoint is None or len(q.zeroPoint) < 5 else f"{len(q.zeroPoint)} values"
    return f"{where} zero_point {how} -> {shown}"


def quant_dimension(r, m):
    found = _tensor(r, m, lambda t: t.quantization is not None)
    if not found:
        return None
    where, t = found
    rank = len(t.shape) if t.shape is not None else 0
    t.quantization.quantizedDimension = r.choice([-1, rank, rank + 1, 2 ** 31 - 1, -2 ** 31, r.randrange(rank or 1)])
    return f"{where} quantized_dimension={t.quantization.quantizedDimension}"


def quant_kind(r, m):
    """Quantization removed, min/max only, added to a float tensor, per-axis on a new axis, or details."""
    found = _tensor(r, m)
    if not found:
        return None
    where, t = found
    how = r.choice(["remove", "minmax", "per-tensor", "per-axis", "blockwise", "custom"])
    q = schema.QuantizationParametersT()
    if how == "remove":
        q = None
    elif how == "minmax":
        q.min, q.max = [r.choice([-1.0, 0.0, math.nan, 1.0])], [r.choice([1.0, -1.0, math.inf, 0.0])]
    elif how == "per-tensor":
        q.scale, q.zeroPoint = [r.choice([0.1, 1.0, 1e-3])], [r.choice([0, 1, -3])]
    elif how == "per-axis":
        dims = list(t.shape) if t.shape is not None and len(t.shape) else [1]
        q.quantizedDimension = r.randrange(len(dims))
        n = max(int(dims[q.quantizedDimension]), 1) if r.random() < 0.7 else r.randint(1, 4)
        q.scale, q.zeroPoint = [0.25] * min(n, 4096), [0] * min(n, 4096)
    elif how == "blockwise":
        q.detailsType = schema.QuantizationDetails.BlockwiseQuantization
        q.details = schema.BlockwiseQuantizationT()
        q.details.scales, q.details.zeroPoints = _index(r, 9), r.choice([-1, 0, 1, 2 ** 31 - 1])
        q.details.blockSize = r.choice([0, -1, 1, 32, 2 ** 31 - 1])
    else:
        q.detailsType = schema.QuantizationDetails.CustomQuantization
        q.details = schema.CustomQuantizationT()
        q.details.custom = [r.randrange(256) for _ in range(r.randint(0, 8))]
    t.quantization = q
    return f"{where} quantization {how}"


def tensor_flags(r, m):
    found = _tensor(r, m)
    if not found:
        return None
    where, t = found
    how = r.choice(["isVariable", "hasRank", "name"])
    if how == "name":
        t.name = r.choice(_WEIRD_NAMES)
        return f"{where} name={_show(t.name)}"
    setattr(t, how, not getattr(t, how))
    return f"{where} {how}={getattr(t, how)}"


def opcode_code(r, m):
    if not m.operatorCodes:
        return None
    k = r.randrange(len(m.operatorCodes))
    oc = m.operatorCodes[k]
    code = r.choice(list(range(210)) + [210, 255, 1000, -1, 2 ** 31 - 1])
    oc.builtinCode = code
    oc.deprecatedBuiltinCode = r.choice([min(max(code, -128), 127), 127, 0, r.randrange(128), -1])
    return f"opcode{k} builtin_code={code} deprecated={oc.deprecatedBuiltinCode}"


def opcode_version(r, m):
    if not m.operatorCodes:
        return None
    k = r.randrange(len(m.operatorCodes))
    m.operatorCodes[k].version = r.choice([0, -1, 2, 100, 2 ** 31 - 1])
    return f"opcode{k} version={m.operatorCodes[k].version}"


def op_opcode_index(r, m):
    found = _op(r, m)
    if not found:
        return None
    where, _, op = found
    op.opcodeIndex = _index(r, len(m.operatorCodes or []), 2 ** 32 - 1)
    return f"{where} opcode_index={op.opcodeIndex}"


def op_options_swap(r, m):
    """Options of another type (default or the old table under a new type tag), or none."""
    found = _op(r, m)
    if not found:
        return None
    where, _, op = found
    second = r.random() < 0.2
    table = _OPTIONS2 if second else _OPTIONS
    kind = r.choice([0, r.choice(list(table)), r.choice(list(table)), 250])
    how = "retag" if r.random() < 0.4 else "default"
    obj = None if kind == 0 else table[kind]() if kind in table and how == "default" else \
        (op.builtinOptions2 if second else op.builtinOptions) or schema.Conv2DOptionsT()
    if second:
        op.builtinOptions2Type, op.builtinOptions2 = kind, obj
    else:
        op.builtinOptionsType, op.builtinOptions = kind, obj
    return f"{where} builtin_options{'2' if second else ''} type={kind} ({how if kind else 'removed'})"


def op_option_field(r, m):
    found = _op(r, m, lambda op: op.builtinOptions is not None or op.builtinOptions2 is not None)
    if not found:
        return None
    where, _, op = found
    obj = r.choice([o for o in (op.builtinOptions, op.builtinOptions2) if o is not None])
    fields = list(vars(obj))
    if not fields:
        return None
    name = r.choice(fields)
    kind, old = _SLOTS.get((type(obj).__name__[:-1], name)), getattr(obj, name)
    if kind in _INTERESTING:
        new = _INTERESTING[kind](r, old)
    elif isinstance(old, bytes) or "name" in name.lower() or "container" in name.lower():
        new = r.choice(_WEIRD_NAMES)
    else:  # a vector of ints (new_shape, squeeze_dims, branch subgraphs...)
        new, _ = _mutate_list(r, old, r.choice([4, 2 ** 31 - 1]))
    setattr(obj, name, new)
    return f"{where} {type(obj).__name__[:-1]}.{name}={_show(new)}"


def op_operands(r, m):
    found = _op(r, m)
    if not found:
        return None
    where, sg, op = found
    which = r.choice(["inputs", "inputs", "outputs", "intermediates", "mutatingVariableInputs"])
    if which == "mutatingVariableInputs":
        op.mutatingVariableInputs = [r.random() < 0.5 for _ in range(r.randint(0, 4))]
        return f"{where} mutating_variable_inputs={op.mutatingVariableInputs}"
    new, how = _mutate_list(r, getattr(op, which), len(sg.tensors or []))
    setattr(op, which, new)
    return f"{where} {which} {how}"


def op_order(r, m):
    """Operators dropped, duplicated or moved (a use before its definition, two writers of a tensor)."""
    k, sg = _subgraph(r, m)
    ops = sg.operators or []
    if not ops:
        return None
    how, j = r.choice(["drop", "duplicate", "move"]), r.randrange(len(ops))
    if how == "drop":
        del ops[j]
    elif how == "duplicate":
        ops.insert(r.randint(0, len(ops)), copy.deepcopy(ops[j]))
    else:
        ops.insert(r.randint(0, len(ops) - 1), ops.pop(j))
    sg.operators = ops
    return f"sg{k} op{j} {how}"


def op_custom(r, m):
    """An operator made CUSTOM (or a custom code given to a builtin), with some options bytes."""
    found = _op(r, m)
    if not found:
        return None
    where, _, op = found
    code = schema.OperatorCodeT()
    code.builtinCode = code.deprecatedBuiltinCode = r.choice([schema.BuiltinOperator.CUSTOM, 0])
    code.customCode = r.choice([None, b"", b"TFLite_Detection_PostProcess", b"\xff\x00", b"MyOp"])
    code.version = 1
    m.operatorCodes = list(m.operatorCodes or []) + [code]
    op.opcodeIndex = len(m.operatorCodes) - 1
    op.customOptions = r.choice([None, [], [r.randrange(256) for _ in range(r.randint(1, 12))]])
    return f"{where} custom builtin_code={code.builtinCode} custom_code={_show(code.customCode)}"


def op_control_flow(r, m):
    """An operator turned into WHILE, IF or CALL_ONCE whose subgraphs may be itself or missing."""
    found = _op(r, m)
    if not found:
        return None
    where, _, op = found
    n = len(m.subgraphs)
    B = schema.BuiltinOperator
    kind = r.choice(["WHILE", "IF", "CALL_ONCE"])
    code, options = {"WHILE": (B.WHILE, schema.WhileOptionsT()), "IF": (B.IF, schema.IfOptionsT()),
                     "CALL_ONCE": (B.CALL_ONCE, schema.CallOnceOptionsT())}[kind]
    for name in vars(options):
        setattr(options, name, _index(r, n))
    oc = schema.OperatorCodeT()
    oc.builtinCode = oc.deprecatedBuiltinCode = code
    m.operatorCodes = list(m.operatorCodes or []) + [oc]
    op.opcodeIndex = len(m.operatorCodes) - 1
    op.builtinOptionsType = getattr(schema.BuiltinOptions, type(options).__name__[:-1])
    op.builtinOptions = options
    return f"{where} -> {kind} {vars(options)}"


def subgraph_ref(r, m):
    """A subgraph index of WHILE/IF/CALL_ONCE/StableHLO options set to itself, another or none."""
    refs = [(f"sg{k} op{j}", obj, name) for k, sg in enumerate(m.subgraphs) for j, op in enumerate(sg.operators or [])
            for obj in (op.builtinOptions, op.builtinOptions2) if obj is not None
            for name in vars(obj) if "ubgraph" in name]
    if not refs:
        return op_control_flow(r, m)
    where, obj, name = r.choice(refs)
    if isinstance(getattr(obj, name), int):
        setattr(obj, name, _index(r, len(m.subgraphs)))
    else:
        setattr(obj, name, _mutate_list(r, getattr(obj, name), len(m.subgraphs))[0])
    return f"{where} {name}={getattr(obj, name)}"


def subgraph_io(r, m):
    k, sg = _subgraph(r, m)
    which = r.choice(["inputs", "outputs"])
    new, how = _mutate_list(r, getattr(sg, which), len(sg.tensors or []))
    setattr(sg, which, new)
    return f"sg{k} {which} {how}"


def subgraph_list(r, m):
    """Subgraphs dropped, duplicated, swapped or renamed."""
    how = r.choice(["drop", "duplicate", "swap", "rename"])
    k = r.randrange(len(m.subgraphs))
    if how == "drop" and len(m.subgraphs) > 1:
        del m.subgraphs[k]
    elif how == "duplicate":
        m.subgraphs.append(copy.deepcopy(m.subgraphs[k]))
    elif how == "swap" and len(m.subgraphs) > 1:
        a, b = r.sample(range(len(m.subgraphs)), 2)
        m.subgraphs[a], m.subgraphs[b] = m.subgraphs[b], m.subgraphs[a]
        k = (a, b)
    else:
        m.subgraphs[k].name = r.choice(_WEIRD_NAMES + [m.subgraphs[0].name])
        return f"subgraph {k} name={_show(m.subgraphs[k].name)}"
    return f"subgraph {k} {how}"


def buffer_data(r, m):
    """Buffer data truncated, grown, emptied, or filled with NaN/inf/huge patterns."""
    full = [k for k, b in enumerate(m.buffers or []) if b.data is not None and len(b.data)]
    if not full:
        return None
    k = r.choice(full)
    data = bytes(bytearray(m.buffers[k].data))
    how = r.choice(["half", "minus one", "empty", "none", "grow", "nan", "inf", "huge", "ones", "random"])
    pattern = {"nan": b"\xff\xff\xff\x7f", "inf": b"\x00\x00\x80\x7f", "huge": b"\xff\xff\x7f\x7f",
               "ones": b"\xff", "random": bytes(r.randrange(256) for _ in range(64))}
    if how in pattern:
        data = (pattern[how] * (len(data) // len(pattern[how]) + 1))[:len(data)]
    else:
        data = {"half": data[:len(data) // 2], "minus one": data[:-1], "empty": b"", "none": None,
                "grow": data + bytes(r.choice([1, 4, len(data)]))}[how]
    m.buffers[k].data = None if data is None else list(data)
    return f"buffer{k} {how}"


def buffer_offset(r, m):
    """A buffer stored 'after the flatbuffer' at an offset and size that may lie outside the file."""
    if not m.buffers:
        return None
    k = r.randrange(len(m.buffers))
    b = m.buffers[k]
    b.offset = r.choice([0, 1, 8, 2 ** 20, 2 ** 63 - 1, 2 ** 64 - 1])
    b.size = r.choice([0, 1, 4, 2 ** 40, 2 ** 64 - 1])
    if r.random() < 0.5:
        b.data = None
    return f"buffer{k} offset={b.offset} size={b.size}"


def signature_def(r, m):
    sigs = m.signatureDefs or []
    how = r.choice(["tensor index", "subgraph index", "key", "name", "drop io", "duplicate", "add"])
    if not sigs or how == "add":
        sig = schema.SignatureDefT()
        sig.signatureKey, sig.subgraphIndex = b"serving_default", _index(r, len(m.subgraphs), 2 ** 32 - 1)
        tm = schema.TensorMapT()
        tm.name, tm.tensorIndex = b"x", _index(r, len(m.subgraphs[0].tensors or []), 2 ** 32 - 1)
        sig.inputs, sig.outputs = [tm], [copy.deepcopy(tm)]
        m.signatureDefs = sigs + [sig]
        return f"signature added (subgraph {sig.subgraphIndex}, tensor {tm.tensorIndex})"
    k = r.randrange(len(sigs))
    sig = sigs[k]
    maps = (sig.inputs or []) + (sig.outputs or [])
    if how == "tensor index" and maps:
        tm = r.choice(maps)
        tm.tensorIndex = _index(r, 64, 2 ** 32 - 1)
        return f"signature{k} tensor_index={tm.tensorIndex}"
    if how == "subgraph index":
        sig.subgraphIndex = _index(r, len(m.subgraphs), 2 ** 32 - 1)
        return f"signature{k} subgraph_index={sig.subgraphIndex}"
    if how == "name" and maps:
        tm = r.choice(maps)
        tm.name = r.choice(_WEIRD_NAMES + [maps[0].name])
        return f"signature{k} tensor name={_show(tm.name)}"
    if how == "drop io":
        which = r.choice(["inputs", "outputs"])
        setattr(sig, which, r.choice([None, (getattr(sig, which) or [])[1:]]))
        return f"signature{k} {which} dropped"
    if how == "duplicate":
        m.signatureDefs.append(copy.deepcopy(sig))
        return f"signature{k} duplicated"
    sig.signatureKey = r.choice(_WEIRD_NAMES)
    return f"signature{k} key={_show(sig.signatureKey)}"


def metadata(r, m):
    entry = schema.MetadataT()
    entry.name = r.choice(_WEIRD_NAMES + [b"min_runtime_version", b"CONVERSION_METADATA"])
    entry.buffer = _index(r, len(m.buffers or []), 2 ** 32 - 1)
    how = r.choice(["add", "replace", "metadata_buffer"])
    if how == "metadata_buffer":
        m.metadataBuffer = [_index(r, len(m.buffers or []))]
        return f"metadata_buffer={m.metadataBuffer}"
    if how == "replace" and m.metadata:
        m.metadata[r.randrange(len(m.metadata))] = entry
    else:
        m.metadata = list(m.metadata or []) + [entry]
    return f"metadata {how} name={_show(entry.name)} buffer={entry.buffer}"


def model_header(r, m):
    how = r.choice(["version", "description"])
    if how == "version":
        m.version = r.choice([0, 1, 2, 4, 2 ** 32 - 1])
        return f"version={m.version}"
    m.description = r.choice(_WEIRD_NAMES)
    return f"description={_show(m.description)}"


def sparsity(r, m):
    """Sparsity parameters changed, or given to a dense constant."""
    found = _tensor(r, m, lambda t: t.sparsity is not None or (t.buffer and r.random() < 0.1))
    if not found:
        return None
    where, t = found
    rank = len(t.shape) if t.shape is not None else 0
    if t.sparsity is None:
        sp = t.sparsity = schema.SparsityParametersT()
        sp.traversalOrder, sp.dimMetadata = list(range(rank)), []
        for d in range(rank):
            dm = schema.DimensionMetadataT()
            dm.format, dm.denseSize = 0, int(t.shape[d])
            sp.dimMetadata.append(dm)
        return f"{where} dense sparsity added"
    sp = t.sparsity
    how = r.choice(["traversal", "block map", "format", "dense size", "segments", "indices", "drop dim"])
    if how == "traversal":
        sp.traversalOrder = _mutate_list(r, sp.traversalOrder, rank)[0]
    elif how == "block map":
        sp.blockMap = _mutate_list(r, sp.blockMap, rank)[0]
    elif how == "drop dim" and sp.dimMetadata:
        del sp.dimMetadata[r.randrange(len(sp.dimMetadata))]
    elif sp.dimMetadata:
        dm = r.choice(sp.dimMetadata)
        if how == "format":
            dm.format = r.choice([0, 1, 2, -1])
        elif how == "dense size":
            dm.denseSize = r.choice([0, -1, 1, 2 ** 31 - 1])
        else:
            vec = dm.arraySegments if how == "segments" else dm.arrayIndices
            if vec is None:
                return None
            vec.values = [int(x) for x in vec.values] if vec.values is not None else []
            if vec.values:
                vec.values[r.randrange(len(vec.values))] = r.choice([0, 1, 255, 9999, 65535])
            else:
                vec.values = [1000]
    return f"{where} sparsity {how}"


MUTATIONS = {f.__name__: f for f in (
    tensor_buffer, tensor_shape_dim, tensor_shape_reshape, tensor_shape_rank, tensor_shape_signature, tensor_type,
    quant_scale, quant_zero_point, quant_dimension, quant_kind, tensor_flags, opcode_code, opcode_version,
    op_opcode_index, op_options_swap, op_option_field, op_operands, op_order, op_custom, op_control_flow,
    subgraph_ref, subgraph_io, subgraph_list, buffer_data, buffer_offset, signature_def, metadata, model_header,
    sparsity)}


def byte_level(r: Random, data: bytes) -> tuple[bytes, str]:
    data = bytearray(data)
    pos = r.randrange(len(data))
    how = r.choice(["flip", "int32", "truncate", "zero"])
    if how == "flip":
        data[pos] ^= 1 << r.randrange(8)
    elif how == "int32" and pos + 4 <= len(data):
        data[pos:pos + 4] = r.choice([0, 1, 0x7FFFFFFF, 0xFFFFFFFF, 0x80000000, len(data)]).to_bytes(4, "little")
    elif how == "truncate":
        del data[max(pos, 8):]
    else:
        data[pos:pos + 16] = bytes(len(data[pos:pos + 16]))
    return bytes(data), f"bytes {how} at {pos}"
