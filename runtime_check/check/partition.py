"""TFLite runs of a model in parts, each part on the kernels that judge its ops.

When every op of subgraph 0 is judged by one kernel set, TFLite runs the model as it is.
When they differ (an op BUILTIN_REF has no kernel for, between ops it has), the model is
cut into runs of consecutive ops with the same kernels. Each part is a copy of the model
whose subgraph 0 holds only those ops: the tensors keep their indices, the part's inputs
are the tensors it reads and does not make (constants and variables aside), its outputs
every tensor it makes. The parts run in order, each fed the tensors the parts before it
(or the model's inputs) computed, so every op still runs on its own kernels and the
tensors by index are what the per-layer check (layers.py) compares with.

A part drops the constant data its ops do not read (a one-op part of a large model stays
small), and data stored after the flatbuffer (Buffer.offset) is moved into the part.
Resources (a hash table, a variable) live in one interpreter: a model whose resource
would cross from one part into another is not cut (`Parts.uncut` says why).
"""
from __future__ import annotations

import copy
import struct
import warnings
from dataclasses import dataclass

import flatbuffers
import numpy as np

from tfl2quant.errors import Tfl2QuantError

from . import litert

REFERENCE = "BUILTIN_REF"
OPTIMIZED = "BUILTIN_WITHOUT_DEFAULT_DELEGATES"
XNNPACK = "AUTO"                  # the default resolver: optimized kernels and the XNNPACK delegate
CONTROL_FLOW = {"WHILE", "IF", "CALL_ONCE", "CALL", "STABLEHLO_COMPOSITE", "STABLEHLO_WHILE", "STABLEHLO_CASE"}


def schema():
    from ai_edge_litert import schema_py_generated
    return schema_py_generated


def read_model(path: str, content: bytes | None = None):
    """The model's object tree (schema ModelT), data after the flatbuffer moved in."""
    data = content if content is not None else open(path, "rb").read()
    model = schema().ModelT.InitFromPackedBuf(data, 0)
    for b in model.buffers or []:
        if b.offset > 1:
            b.data, b.offset, b.size = np.frombuffer(data, np.uint8, b.size, b.offset), 0, 0
    return model


def op_name(model, op) -> str:
    code = model.operatorCodes[op.opcodeIndex]
    number = max(code.builtinCode, code.deprecatedBuiltinCode)
    return _OP_NAMES().get(number, f"OP_{number}")


def _OP_NAMES() -> dict[int, str]:
    return {v: k for k, v in vars(schema().BuiltinOperator).items() if not k.startswith("_")}


def part(model, ops: list[int]) -> bytes:
    """`model` with only operators `ops` (indices in subgraph 0, in order) in subgraph 0, and of
    the other subgraphs only those they call keep their operators: TFLite resolves the kernel
    of every operator code a model lists, so a part lists only the codes its ops use."""
    g0 = model.subgraphs[0]
    chosen = [g0.operators[k] for k in ops]
    made = {t for op in chosen for t in ints(op.outputs) if t >= 0}
    read = {t for op in chosen for t in ints(op.inputs) + ints(op.intermediates) if t >= 0}
    graph = copy.copy(g0)
    graph.operators = chosen
    graph.inputs = sorted(t for t in read - made
                          if not _constant(model, g0.tensors[t]) and not g0.tensors[t].isVariable)
    graph.outputs = sorted(made)
    called = _called(model, chosen)
    graphs = [graph] + [g if k in called else _emptied(g) for k, g in enumerate(model.subgraphs) if k > 0]
    codes = sorted({op.opcodeIndex for g in graphs for op in g.operators or []})
    renumber = {old: new for new, old in enumerate(codes)}
    for g in graphs:
        g.operators = [_with_code(op, renumber[op.opcodeIndex]) for op in g.operators or []]
    kept = {g0.tensors[t].buffer for t in read | made | _detail_tensors(g0, read)} | {
        t.buffer for k in called for t in model.subgraphs[k].tensors or []}
    out = copy.copy(model)
    out.subgraphs = graphs
    out.operatorCodes = [model.operatorCodes[k] for k in codes]
    out.signatureDefs = []
    out.buffers = [b if k in kept else schema().BufferT() for k, b in enumerate(model.buffers)]
    return pack(out)


def ints(values) -> list[int]:
    """An object-API index vector (None, a list or a numpy array) as a list."""
    return [] if values is None else [int(v) for v in values]


def _detail_tensors(graph, tensors: set[int]) -> set[int]:
    """Tensors that `tensors`' quantization names, not their ops: blockwise scales and zero points."""
    found = set()
    for t in tensors:
        q = graph.tensors[t].quantization
        details = getattr(q, "details", None) if q is not None else None
        for key in ("scales", "zeroPoints"):
            k = getattr(details, key, None)
            if isinstance(k, int) and k >= 0:
                found.add(k)
    return found


def _called(model, ops) -> set[int]:
    """The subgraphs `ops` call (WHILE's body, IF's branches, a composite's decomposition...),
    and those these call."""
    found: set[int] = set()
    todo = list(ops)
    while todo:
        op = todo.pop()
        for options in (op.builtinOptions, getattr(op, "builtinOptions2", None)):
            for key, value in vars(options).items() if options is not None else ():
                if "ubgraph" not in key:
                    continue
                for k in value if isinstance(value, (list, tuple, np.ndarray)) else [value]:
                    if 0 < int(k) < len(model.subgraphs) and int(k) not in found:
                        found.add(int(k))
                        todo.extend(model.subgraphs[int(k)].operators or [])
    return found


def _emptied(graph):
    g = copy.copy(graph)
    g.operators = []
    return g


def _with_code(op, index: int):
    o = copy.copy(op)
    o.opcodeIndex = index
    return o


def pack(model) -> bytes:
    builder = flatbuffers.Builder(1024)
    builder.Finish(model.Pack(builder), file_identifier=b"TFL3")
    return bytes(builder.Output())


def _constant(model, tensor) -> bool:
    b = model.buffers[tensor.buffer] if 0 < tensor.buffer < len(model.buffers) else None
    return b is not None and b.data is not None and len(b.data) > 0


@dataclass
class _Part:
    resolver: str
    ops: list[int]
    interpreter: object = None


class Parts:
    """The model run part by part (`kernels[k]`: the resolver of operator k of subgraph 0)."""

    def __init__(self, path: str, kernels: list[str], model=None, rewritten: bool = False, shapes=None):
        """`model`: the ModelT, if read already (`rewritten`: TFLite runs it, not the file)."""
        self.path, self.shapes, self.model = path, shapes, model
        self.uncut: str | None = None
        runs = _runs(kernels)
        if len(runs) > 1:
            self.model = self.model or read_model(path)
            self.uncut = _shared_resource(self.model, runs)
            if self.uncut:
                runs = [_Part(_weakest(kernels), list(range(len(kernels))))]
        self.parts = runs
        # in parts when the kernels differ, or the delegate would keep no intermediate tensor
        self.in_parts = len(runs) > 1 or runs[0].resolver == XNNPACK
        if not self.in_parts:
            try:
                runs[0].interpreter = self._load(runs[0], pack(self.model) if rewritten else None)
                return
            except Tfl2QuantError:  # another subgraph (another signature) lists an op these kernels lack:
                self.in_parts = True  # subgraph 0 alone, as a part
        self.model = self.model or read_model(path)
        self.uint32_indices = _uint32_indices(self.model, runs)
        for p in self.parts:
            p.interpreter = self._load(p, part(self.model, p.ops))

    @property
    def whole(self):
        """The interpreter of the whole model (None when it runs in parts)."""
        return None if self.in_parts else self.parts[0].interpreter

    def _load(self, p: _Part, content: bytes | None):
        with warnings.catch_warnings():  # LiteRT warns that preserving tensors is for debugging
            warnings.simplefilter("ignore")
            it = litert.load(self.path, p.resolver != XNNPACK, p.resolver, content)
        if not self.in_parts and self.shapes:
            litert.resize_inputs(it, self.shapes)
        return it

    def inputs(self) -> list[litert.TensorInfo]:
        return self._infos(True)

    def outputs(self) -> list[litert.TensorInfo]:
        return self._infos(False)

    def _infos(self, inputs: bool) -> list[litert.TensorInfo]:
        """The model's inputs or outputs as TFLite describes them (in parts: where a part reads
        or makes them)."""
        if self.whole is not None:
            return litert.inputs_of(self.whole) if inputs else litert.outputs_of(self.whole)
        details = {}
        for p in self.parts:
            for d in p.interpreter.get_input_details() if inputs else p.interpreter.get_output_details():
                details.setdefault(d["index"], d)
        out = []
        for t in self.model.subgraphs[0].inputs if inputs else self.model.subgraphs[0].outputs:
            if t not in details:
                raise Tfl2QuantError(f"TFLite in parts: no op reads the model's input tensor {t}", self.path)
            d = details[t]
            out.append(litert.TensorInfo(d["name"], t, np.dtype(d["dtype"]), tuple(int(x) for x in d["shape"])))
        return out

    def run(self, inputs: list[np.ndarray]) -> tuple[list[np.ndarray], dict[int, np.ndarray]]:
        """The model's outputs and every tensor of subgraph 0 TFLite kept, by index."""
        if not self.in_parts:
            it = self.parts[0].interpreter
            outputs = litert.run(it, inputs)
            return outputs, all_tensors(it)
        g0 = self.model.subgraphs[0]
        values = dict(zip(g0.inputs, inputs))
        for p in self.parts:
            it = p.interpreter
            feeds = []
            for d in it.get_input_details():
                if d["index"] not in values:
                    raise Tfl2QuantError(f"TFLite in parts: no value for tensor {d['index']} "
                                         f"'{d['name']}' that op {p.ops[0]} reads", self.path)
                x = values[d["index"]]
                window = self.uint32_indices.get(d["index"]) if p.resolver == XNNPACK else None
                feeds.append(x if window is None else as_uint32(x, window))
            litert.resize_inputs(it, [x.shape for x in feeds])
            litert.run(it, feeds)
            if p.resolver != XNNPACK:
                values.update(all_tensors(it))
                continue
            for d in it.get_output_details():
                x = np.array(it.get_tensor(d["index"]))
                window = self.uint32_indices.get(d["index"])
                values[d["index"]] = x if window is None else from_uint32(x, window)
        return [values[t] for t in g0.outputs], values


# MediaPipe's argmax indices: its CPU kernel (max_pool_argmax.cc) writes ky * filter_width + kx
# + 0.1f, a float, into the float32 tensor; XNNPACK (xnnpack_delegate.cc:
# VisitMediaPipeMaxPoolingNode, which checks no type for output 1) writes kx * filter_height + ky
# as a uint32 into the same bytes (measured: tests/check/test_check_reference.py), and its unpooling
# reads them so. TFLite's tensors are read and fed in MediaPipe's encoding, the one our pattern
# computes.
ARGMAX_INDEX_OUTPUTS = {"MaxPoolingWithArgmax2D": 1}


def _uint32_indices(model, runs: list[_Part]) -> dict[int, tuple[int, int]]:
    """The argmax index tensors XNNPACK parts make or read: tensor -> (filter height, width)."""
    g0, found = model.subgraphs[0], {}
    for p in runs:
        for k in p.ops if p.resolver == XNNPACK else ():
            op = g0.operators[k]
            code = model.operatorCodes[op.opcodeIndex].customCode
            out = ARGMAX_INDEX_OUTPUTS.get(code.decode() if isinstance(code, bytes) else code)
            if out is not None and out < len(op.outputs) and op.customOptions is not None:
                _, _, _, fw, fh, _ = struct.unpack_from("<6i", bytes(bytearray(op.customOptions)))
                found[op.outputs[out]] = (fh, fw)
    return found


def from_uint32(x: np.ndarray, window: tuple[int, int]) -> np.ndarray:
    """XNNPACK's argmax indices in MediaPipe's encoding."""
    fh, fw = window
    u = x.view(np.uint32).astype(np.int64)
    return ((u % fh * fw + u // fh).astype(np.float32) + np.float32(0.1)).astype(np.float32)


def as_uint32(x: np.ndarray, window: tuple[int, int]) -> np.ndarray:
    """MediaPipe's argmax indices in XNNPACK's encoding."""
    fh, fw = window
    m = np.trunc(x).astype(np.int64)
    return (m % fw * fh + m // fw).astype(np.uint32).view(np.float32)


def all_tensors(it) -> dict[int, np.ndarray]:
    """Every tensor of subgraph 0 the interpreter kept (preserve_all_tensors)."""
    out = {}
    for detail in it.get_tensor_details():
        try:
            out[detail["index"]] = np.array(it.get_tensor(detail["index"]))
        except ValueError:  # a tensor without data (e.g. an unused optional one)
            continue
    return out


def _runs(kernels: list[str]) -> list[_Part]:
    runs: list[_Part] = []
    for k, resolver in enumerate(kernels):
        if runs and runs[-1].resolver == resolver:
            runs[-1].ops.append(k)
        else:
            runs.append(_Part(resolver, [k]))
    return runs or [_Part(REFERENCE, [])]


def _weakest(kernels: list[str]) -> str:
    return XNNPACK if XNNPACK in kernels else OPTIMIZED if OPTIMIZED in kernels else REFERENCE


def _shared_resource(model, runs: list[_Part]) -> str | None:
    """Why the model cannot be cut there: a resource or variant tensor two parts use."""
    g0, types = model.subgraphs[0], schema().TensorType
    owner: dict[int, int] = {}
    for n, p in enumerate(runs):
        for k in p.ops:
            op = g0.operators[k]
            for t in ints(op.inputs) + ints(op.outputs):
                if t < 0 or g0.tensors[t].type not in (types.RESOURCE, types.VARIANT):
                    continue
                if owner.setdefault(t, n) != n:
                    name = (g0.tensors[t].name or b"").decode(errors="replace")
                    return (f"ops {runs[owner[t]].ops[0]} and {k} share the resource tensor '{name}', which "
                            f"lives in one interpreter, so the whole model runs on the weakest kernels needed")
    return None
