"""Import a .tflite flatbuffer as an MLIR module of `tfl.*` ops.

Follows TensorFlow's `flatbuffer_import` (tflite/converter/flatbuffer_import.cc):
each subgraph is a `func.func` (`@main` for subgraph 0 unless several
signatures name the entry points; others are private unless a signature
exports them); constants are `tfl.pseudo_const` / `tfl.pseudo_qconst` holding
zero-copy numpy views of the memory-mapped file; every operator is
`tfl.<builtin name>` with its options as attributes and its first output
tensor's name as location; WHILE and IF get regions that call their subgraphs.
"""
from __future__ import annotations

import numpy as np

from ..dialects.builtin import ModuleOp
from ..dialects.func import FuncOp
from ..dialects.quant.types import QuantizedType, UniformQuantizedType
from ..dialects.tfl_shapes import ShapeMismatch
from ..dialects.tfl_sparse import sparsity_error
from ..errors import Tfl2QuantError, VerificationError
from ..ir.attributes import (ArrayAttr, BoolAttr, DenseElementsAttr, DenseStringElementsAttr,
                             DictionaryAttr, IntegerAttr, OpaqueAttr, StringAttr, SymbolRefAttr, TypeAttr,
                             UnitAttr)
from ..ir.builder import Builder
from ..ir.core import Block, Operation, Region, Value
from ..ir.location import NameLoc
from ..ir.types import FunctionType, NoneType, RankedTensorType, Type, f32, i32, i64
from . import schema
from .flatbuffer import Buffer, FlatbufferError, Table, read_model
from .flexbuffer import flexbuffer_dictionary
from .options import OPTIONS_OF, table_attributes
from .pinned import pinned_shapes
from .tensors import (ELEMENT_TYPES, SUB_BYTE_BITS, TypeReader, decode_strings, decode_tensor_data, is_quantized,
                      packed_constant, quantization_attributes, tensor_type_name)


def builtin_name(code_table: Table) -> str:
    """The builtin operator's schema name, e.g. CONV_2D.

    The code is max(deprecated_builtin_code, builtin_code) (TFLite's
    GetBuiltinCode): old files fill only the first, codes above 127 exist
    only in the second.
    """
    code = max(int(code_table.get("deprecated_builtin_code")), int(code_table.get("builtin_code")))
    name = schema.BUILTIN_OPERATORS.get(code)
    if name is None:
        raise FlatbufferError(f"unknown builtin operator code {code}")
    return name


class ModelImporter:
    def __init__(self, buf: Buffer, pinned: dict[int, tuple] | None = None):
        self.buf = buf
        self.pinned = pinned or {}  # subgraph 0's tensor index -> its shape (pinned.py)
        self.model = read_model(buf)
        self.buffers = self.model.vector("buffers") or []
        self.codes = self.model.vector("operator_codes") or []
        self.subgraphs = self.model.vector("subgraphs") or []
        self.signatures = self.model.vector("signature_defs") or []
        self.verified: set[Operation] = set()  # the operators import_op verified (verified_ops)
        self.warnings: list[str] = []  # declared shapes TFLite recomputes (import_warnings)

    def run(self) -> ModuleOp:
        module = ModuleOp.build()
        attrs = module.attributes
        attrs["tfl.schema_version"] = IntegerAttr(int(self.model.get("version")), i32)
        if self.model.get("description"):
            attrs["tfl.description"] = StringAttr(self.model.get("description"))
        metadata = self.metadata()
        if metadata:
            attrs["tfl.metadata"] = DictionaryAttr(tuple(metadata.items()))
        if len(self.subgraphs) == 0:
            raise FlatbufferError("the model has no subgraphs")
        signatures_of: dict[int, list[Table]] = {}  # a subgraph several signatures share is one function
        for sig in self.signatures:
            k = int(sig.get("subgraph_index"))
            if not 0 <= k < len(self.subgraphs):
                raise FlatbufferError(f"signature '{sig.get('signature_key')}' names subgraph {k}, "
                                      f"but the model has {len(self.subgraphs)}")
            signatures_of.setdefault(k, []).append(sig)
        if signatures_of:
            attrs["tf_saved_model.semantics"] = UnitAttr()
        implicit_main = len(self.signatures) <= 1
        self.function_names = [function_name(implicit_main, k, sg, signatures_of.get(k))
                               for k, sg in enumerate(self.subgraphs)]
        if len(set(self.function_names)) != len(self.function_names):
            raise FlatbufferError(f"two subgraphs have the same name: {self.function_names}")
        for k, sg in enumerate(self.subgraphs):
            entry = k == 0 if implicit_main else k in signatures_of
            func = SubgraphImporter(self, sg, k).run(self.function_names[k], entry, signatures_of.get(k))
            module.body.append(func)
        add_control_flow_regions(module)
        # the pipeline's first verify need not check these again (a fifth of it per op); an
        # operator given regions just above is checked again with them
        module.verified_ops = {op for op in self.verified if not op.regions}
        module.import_warnings = self.warnings
        return module

    def metadata(self) -> dict:
        """`tfl.metadata`: every metadata entry's bytes as a string, as flatbuffer_import keeps them."""
        out = {}
        for entry in self.model.vector("metadata") or []:
            name = entry.get("name") or ""
            if not name or name in out or name == "debug_metadata":  # MLIR has no empty attribute name
                continue
            data = self.buffer_data(int(entry.get("buffer")), f"metadata '{name}'")
            out[name] = StringAttr(bytes(data) if data is not None else b"")  # raw bytes, escaped when printed
        return out

    def buffer_data(self, index: int, where: str) -> np.ndarray | None:
        """The bytes of buffer `index` as a uint8 view of the file, or None if empty."""
        if index == 0:
            return None
        if not 0 <= index < len(self.buffers):
            raise FlatbufferError(f"{where}: buffer index {index} out of range ({len(self.buffers)} buffers)")
        b = self.buffers[index]
        offset, size = int(b.get("offset")), int(b.get("size"))
        if offset > 1:  # data stored after the flatbuffer (models over 2 GB)
            self.buf.check(offset, size, f"{where}: buffer {index}")
            return self.buf.view[offset:offset + size] if size else None
        data = b.vector("data")
        return data if data is not None and len(data) else None


def _has_no_elements(t: Table) -> bool:
    """A static shape with a 0 dimension: TFLite allocates nothing and needs no buffer."""
    shape, signature = t.vector("shape"), t.vector("shape_signature")
    return shape is not None and 0 in shape.tolist() and (signature is None or -1 not in signature.tolist())


def function_name(implicit_main: bool, index: int, subgraph: Table, signatures: list[Table] | None) -> str:
    """`main` for the one entry point; else the first signature's key (`prefill_16`, `decode`),
    the subgraph's name, or `fn_<index>`."""
    if index == 0 and implicit_main:
        return "main"
    if signatures and signatures[0].get("signature_key"):
        return signatures[0].get("signature_key")
    return subgraph.get("name") or f"fn_{index}"


class SubgraphImporter:
    def __init__(self, importer: ModelImporter, sg: Table, index: int):
        self.imp = importer
        self.sg = sg
        self.index = index
        self.tensors = sg.vector("tensors") or []
        self.types = TypeReader(importer, self.tensors)
        self.values: dict[int, Value] = {}
        self._names: dict[int, str] = {}  # read once: each tensor's name is used by where() and its location

    # --- locations for messages -----------------------------------------------------
    def where(self, tensor: int | None = None, op: int | None = None, op_name: str | None = None) -> str:
        parts = [f"subgraph {self.index}"]
        if op is not None:
            parts.append(f"op {op}" + (f" '{op_name}'" if op_name else ""))
        if tensor is not None:
            name = f' "{self.tensor_name(tensor)}"' if 0 <= tensor < len(self.tensors) else ""
            parts.append(f"tensor {tensor}{name}")
        return ": ".join(parts)

    def tensor_name(self, k: int) -> str:
        name = self._names.get(k)
        if name is None:
            name = self._names[k] = self.tensors[k].get("name") or f"tensor_{k}"
        return name

    def tensor_type(self, k: int) -> Type:
        """Tensor `k`'s type; in subgraph 0, `?` dimensions pinned by `--input-shape`."""
        t = self.types.tensor_type(self.tensors[k], self.where(k))
        pinned = self.imp.pinned.get(k) if self.index == 0 else None
        if pinned is None or not isinstance(t, RankedTensorType) or None not in t.shape:
            return t
        if len(pinned) != len(t.shape) or any(d is not None and d != p for d, p in zip(t.shape, pinned)):
            self.imp.warnings.append(f"{self.where(k)}: declared {t}, but TFLite gives shape {list(pinned)} at the "
                                     f"pinned input shapes; the conversion takes TFLite's shape, as its interpreter does")
        return RankedTensorType(tuple(pinned), t.element_type)

    def check_index(self, k: int, where: str) -> int:
        if not 0 <= k < len(self.tensors):
            raise FlatbufferError(f"{where}: tensor index {k} out of range ({len(self.tensors)} tensors)")
        return k

    # --- the function ------------------------------------------------------------------
    def run(self, name: str, entry: bool, signatures: list[Table] | None) -> FuncOp:
        inputs = [self.check_index(k, self.where() + ": input") for k in _ints(self.sg, "inputs")]
        outputs = [self.check_index(k, self.where() + ": output") for k in _ints(self.sg, "outputs")]
        in_types = [self.tensor_type(k) for k in inputs]
        func = FuncOp.build(name, FunctionType(tuple(in_types), ()), location=NameLoc(name),
                            visibility=None if entry else "private")
        b = Builder.at_end(func.body)
        for k, arg in zip(inputs, func.body.args):
            self.values[k] = self.with_stats(b, k, arg)
        for op_index, op in enumerate(self.sg.vector("operators") or []):
            self.import_op(b, op, op_index)
        results = [self.value(b, k, self.where(k) + ": subgraph output") for k in outputs]
        b.create("func.return", results)
        func.set_function_type(FunctionType(tuple(in_types), tuple(v.type for v in results)))
        if entry:
            func.attributes["tf.entry_function"] = DictionaryAttr((
                ("inputs", StringAttr(",".join(self.tensor_name(k) for k in inputs))),
                ("outputs", StringAttr(",".join(self.tensor_name(k) for k in outputs)))))
        if signatures:
            self.set_signature(func, signatures, inputs, outputs)
        func.tensor_values = dict(self.values)  # TFLite tensor index -> value (for the per-layer check)
        return func

    def set_signature(self, func: FuncOp, signatures: list[Table], inputs: list[int], outputs: list[int]) -> None:
        """The first signature's names as `tf_saved_model.index_path` argument/result attributes
        (as TensorFlow's importer writes them), every signature's key in
        `tf_saved_model.exported_names`."""
        sig = signatures[0]
        arg_attrs = [{} for _ in inputs]
        res_attrs = [{} for _ in outputs]
        for entries, positions, attrs in ((sig.vector("inputs"), inputs, arg_attrs),
                                          (sig.vector("outputs"), outputs, res_attrs)):
            for entry in entries or []:
                k = int(entry.get("tensor_index"))
                if k in positions and not attrs[positions.index(k)]:
                    attrs[positions.index(k)] = {"tf_saved_model.index_path":
                                                 ArrayAttr((StringAttr(entry.get("name") or ""),))}
        if any(arg_attrs):
            func.attributes["arg_attrs"] = ArrayAttr(tuple(DictionaryAttr(tuple(d.items())) for d in arg_attrs))
        if any(res_attrs):
            func.attributes["res_attrs"] = ArrayAttr(tuple(DictionaryAttr(tuple(d.items())) for d in res_attrs))
        func.attributes["tf_saved_model.exported_names"] = ArrayAttr(tuple(StringAttr(s.get("signature_key") or "")
                                                                       for s in signatures))

    # --- values -------------------------------------------------------------------------
    def value(self, b: Builder, k: int, where: str) -> Value:
        """The SSA value of tensor `k`: produced earlier, an input, or a constant."""
        if k in self.values:
            return self.values[k]
        t = self.tensors[k]
        data = self.imp.buffer_data(int(t.get("buffer")), self.where(k))
        if data is None and not t.get("is_variable") and not _has_no_elements(t):
            raise FlatbufferError(
                f"{where}: tensor {k} \"{self.tensor_name(k)}\" is read before any op produces it, "
                f"is not a subgraph input and has no data (dangling or cyclic reference)")
        v = self.with_stats(b, k, self.constant(b, k, t, data))
        self.values[k] = v
        return v

    def with_stats(self, b: Builder, k: int, v: Value) -> Value:
        """min/max-only quantization info (no scales) kept as a `quantfork.stats` op."""
        t = self.tensors[k]
        q = t.get("quantization")
        if q is None or is_quantized(t) or not str(v.type).endswith("f32>"):
            return v
        mins, maxs = q.vector("min"), q.vector("max")
        if mins is None or maxs is None or len(mins) != len(maxs) or len(mins) == 0:
            return v
        pairs = np.stack([mins, maxs], axis=1).astype(np.float32)
        attrs = {"layerStats": DenseElementsAttr.from_array(pairs[0], f32)}
        if len(mins) > 1:
            attrs["axisStats"] = DenseElementsAttr.from_array(pairs, f32)
            attrs["axis"] = IntegerAttr(int(q.get("quantized_dimension")), i64)
        return b.value("quantfork.stats", [v], v.type, attrs, location=NameLoc(self.tensor_name(k)))

    def constant(self, b: Builder, k: int, t: Table, data: np.ndarray | None) -> Value:
        where = self.where(k)
        rtype = self.types.tensor_type(t, where, is_constant=True)
        if not isinstance(rtype, RankedTensorType) or not rtype.has_static_shape:
            raise FlatbufferError(f"{where}: constant tensor must have a static shape, got {rtype}")
        q = rtype.element_type if isinstance(rtype.element_type, QuantizedType) else None
        storage = RankedTensorType(rtype.shape, q.storage_type) if q else rtype
        tt = tensor_type_name(t, where)
        loc = NameLoc(self.tensor_name(k))
        if data is None and rtype.num_elements == 0:  # zero elements need no data (litert-torch writes such)
            data = np.zeros(0, np.uint8)
        if data is None:  # a variable tensor without initial data, as TFLite resets it
            if ELEMENT_TYPES[tt][1] is None and tt not in SUB_BYTE_BITS:
                raise FlatbufferError(f"{where}: a variable tensor of type {tt} has no numeric zero")
            value = DenseElementsAttr.splat(variable_reset_value(tt, q), storage)
            op = "tfl.pseudo_qconst" if q else "tfl.pseudo_const"
            attrs = {"qtype": TypeAttr(rtype), "value": value} if q else {"value": value}
            if not q:
                attrs["tfl.is_variable"] = UnitAttr()
            return b.value(op, [], rtype, attrs, location=loc)
        if t.get("sparsity") is not None:
            return self.sparse_constant(b, t, data, rtype, storage, q, tt, loc, where)
        if tt == "STRING":
            value = DenseStringElementsAttr(rtype, tuple(decode_strings(data, where)))
            if len(value.values) != rtype.num_elements:
                raise FlatbufferError(f"{where}: {len(value.values)} strings for shape {list(rtype.shape)}")
            return b.value("tfl.pseudo_const", [], rtype, {"value": value}, location=loc)
        if tt in SUB_BYTE_BITS:
            value = packed_constant(data, tt, storage, where)
        else:
            value = DenseElementsAttr(storage, decode_tensor_data(data, tt, rtype.shape, where))
        if q is not None:
            return b.value("tfl.pseudo_qconst", [], rtype, {"qtype": TypeAttr(rtype), "value": value}, location=loc)
        attrs = {"value": value}
        if t.get("is_variable"):
            attrs["tfl.is_variable"] = UnitAttr()
        wide = quantization_attributes(t, where)
        if wide:
            attrs["tfl.quantization"] = DictionaryAttr(tuple(wide.items()))
        return b.value("tfl.pseudo_const", [], rtype, attrs, location=loc)

    def sparse_constant(self, b, t, data, rtype, storage, q, tt, loc, where) -> Value:
        """A sparse constant keeps its compressed values and its SparsityParameters, checked
        as TFLite's model verifier checks them (tfl_sparse.sparsity_error)."""
        s_param = DictionaryAttr(tuple(table_attributes(t.get("sparsity")).items()))
        compressed = decode_tensor_data(data, tt, (-1,), where)
        error = sparsity_error(s_param, tuple(rtype.shape), compressed.size)
        if error:
            raise FlatbufferError(f"{where}: invalid sparsity parameters: {error}")
        attrs = {"value": DenseElementsAttr.splat(0, storage), "s_param": s_param,
                 "compressed_data": DenseElementsAttr.from_array(compressed, storage.element_type)}
        if q is not None:
            attrs["qtype"] = TypeAttr(rtype)
        return b.value("tfl.pseudo_sparse_qconst" if q else "tfl.pseudo_sparse_const", [], rtype, attrs,
                       location=loc)

    # --- operators ------------------------------------------------------------------------
    def import_op(self, b: Builder, op: Table, op_index: int) -> None:
        code_index = int(op.get("opcode_index"))
        if code_index >= len(self.imp.codes):
            raise FlatbufferError(f"{self.where(op=op_index)}: opcode index {code_index} out of range "
                                  f"({len(self.imp.codes)} operator codes)")
        code = self.imp.codes[code_index]
        builtin = builtin_name(code)
        name = "tfl." + builtin.lower()
        where = self.where(op=op_index, op_name=name)
        operands = []
        for k in _ints(op, "inputs"):
            if k == -1:  # an optional input left out (e.g. FC without bias)
                operands.append(b.value("tfl.no_value", [], NoneType(), {"value": UnitAttr()}))
                continue
            operands.append(self.value(b, self.check_index(k, where + ": input"), where))
        outputs = [self.check_index(k, where + ": output") for k in _ints(op, "outputs")]
        if len(set(outputs)) != len(outputs):
            raise FlatbufferError(f"{where}: lists output tensor {outputs} more than once")
        for k in outputs:
            if k in self.values:
                raise FlatbufferError(f"{where}: writes tensor {k} \"{self.tensor_name(k)}\", which already has "
                                      f"a value (written twice, or a constant or input)")
        result_types = [self.tensor_type(k) for k in outputs]
        if builtin in SHAPE_OF_INPUT and operands and result_types:
            result_types[0] = dynamic_like(result_types[0], operands[0].type)
        attrs = self.subgraph_references(operator_options(op, builtin), where)
        if builtin == "CUSTOM":
            attrs["custom_code"] = StringAttr(code.get("custom_code") or "")
            attrs["custom_option"] = OpaqueAttr(f'#tfl<const_bytes : "0x{self.custom_options(op, where).hex().upper()}">')
        if builtin in ("LSTM", "UNIDIRECTIONAL_SEQUENCE_LSTM"):
            attrs.update(self.lstm_intermediates(op, where))
        if builtin == "WHILE":
            attrs["is_stateless"] = BoolAttr(False)
        if builtin == "STABLEHLO_COMPOSITE" and attrs.get("composite_attributes_format") == StringAttr("FLEXBUFFERS"):
            raw = bytes(a.value for a in attrs["composite_attributes"].value)
            attrs["composite_attributes"] = flexbuffer_dictionary(raw, where)
            del attrs["composite_attributes_format"]
        if builtin == "CALL_ONCE" and "init_subgraph_index" in attrs:  # named by its function, as in the TFL dialect
            attrs["session_init_function"] = StringAttr(attrs.pop("init_subgraph_index").root)
        loc = NameLoc(self.tensor_name(outputs[0])) if outputs else NameLoc(name)
        regions = [Region() for _ in range(_region_count(builtin, attrs))]
        created = b.create(name, operands, result_types, attrs, regions=regions, location=loc)
        self.verify(created, f"{where} (tensor \"{loc.name}\")")
        self.imp.verified.add(created)
        for k, r in zip(outputs, created.results):
            self.values[k] = self.with_stats(b, k, r)

    def verify(self, op: Operation, where: str) -> None:
        """TFLite's Prepare checks (dialects/tfl_verifiers.py). A result declared with another
        shape than Prepare computes takes Prepare's, as the interpreter resizes it (and so do
        the ops after it, through their own checks); the module keeps a warning."""
        for _ in range(len(op.results) + 1):
            try:
                op.verify_()
                return
            except ShapeMismatch as e:
                result = op.results[e.result]
                have = result.type.shape
                shape = e.shape if len(have) != len(e.shape) else tuple(
                    h if w is None else w for h, w in zip(have, e.shape))
                if shape == tuple(have):
                    raise FlatbufferError(f"{where}: {e.message.split(' op ', 1)[-1]}") from None
                retyped = RankedTensorType(shape, result.type.element_type)
                fits = getattr(retyped.element_type, "verify_in_tensor", None)
                try:
                    if fits is not None:
                        fits(retyped)  # a per-axis or blockwise type made for the declared shape
                except VerificationError as bad:
                    raise FlatbufferError(f"{where}: {e.message.split(' op ', 1)[-1]}, where its quantization "
                                          f"does not fit: {bad.message}") from None
                self.imp.warnings.append(f"{where}: {e.message.split(' op ', 1)[-1]}; the conversion takes "
                                         f"TFLite's shape, as its interpreter does")
                result.type = retyped
            except VerificationError as e:
                raise FlatbufferError(f"{where}: {e.message.split(' op ', 1)[-1]}") from None

    def lstm_intermediates(self, op: Table, where: str) -> dict:
        """A quantized LSTM's five intermediate tensors carry the scales of its gate matmuls
        and hidden state (kernels/lstm.cc, unidirectional_sequence_lstm.cc: Prepare); they
        become type attributes, named as in the TFL dialect."""
        intermediates = _ints(op, "intermediates")
        if len(intermediates) != len(LSTM_INTERMEDIATES):
            return {}
        return {name: TypeAttr(self.types.tensor_type(self.tensors[self.check_index(k, where + ": intermediate")],
                                                      self.where(k)))
                for name, k in zip(LSTM_INTERMEDIATES, intermediates)}

    def custom_options(self, op: Table, where: str) -> bytes:
        offset, size = int(op.get("large_custom_options_offset")), int(op.get("large_custom_options_size"))
        if offset > 1:
            self.imp.buf.check(offset, size, f"{where}: large custom options")
            return bytes(self.imp.buf.view[offset:offset + size])
        raw = op.vector("custom_options")
        return bytes(raw) if raw is not None else b""

    def subgraph_references(self, attrs: dict, where: str) -> dict:
        """`*_subgraph_index` options name functions: keep them as symbol references."""
        names = self.imp.function_names
        out = {}
        for key, value in attrs.items():
            if key.endswith("subgraph_index") or key.endswith("subgraph_indices"):
                indices = [v.value for v in value.value] if isinstance(value, ArrayAttr) else [value.value]
                for k in indices:
                    if not 0 <= k < len(names):
                        raise FlatbufferError(f"{where}: {key} {k} out of range ({len(names)} subgraphs)")
                refs = tuple(SymbolRefAttr(names[k]) for k in indices)
                value = ArrayAttr(refs) if isinstance(value, ArrayAttr) else refs[0]
            out[key] = value
        return out


# Structured control flow: op -> the options naming its region subgraphs, and how many
# leading operands are not passed on to them (the condition or branch index).
REGION_SUBGRAPHS = {
    "tfl.while": (("cond_subgraph_index", "body_subgraph_index"), 0),
    "tfl.stablehlo_while": (("cond_subgraph_index", "body_subgraph_index"), 0),
    "tfl.if": (("then_subgraph_index", "else_subgraph_index"), 1),
    "tfl.stablehlo_case": (("branch_subgraph_indices",), 1),
}


# Their Prepare gives the output the input's shape (kernels/quantize.cc, dequantize.cc:
# ResizeTensor(output, input->dims)). Tools that insert them (ai-edge-quantizer) copy the
# input's `shape` but not its `shape_signature`, so a batch that is `?` is written 1.
SHAPE_OF_INPUT = frozenset({"QUANTIZE", "DEQUANTIZE"})


def dynamic_like(t, source):
    """`t` with `?` where `source`, a tensor of the same rank, has `?`."""
    if not (isinstance(t, RankedTensorType) and isinstance(source, RankedTensorType)) \
            or len(t.shape) != len(source.shape) or None not in source.shape:
        return t
    return RankedTensorType(tuple(None if s is None else d for d, s in zip(t.shape, source.shape)), t.element_type)


def _region_count(builtin: str, attrs: dict) -> int:
    keys, _ = REGION_SUBGRAPHS.get("tfl." + builtin.lower(), ((), 0))
    refs = [attrs.get(k) for k in keys]
    return sum(len(r.value) if isinstance(r, ArrayAttr) else 1 for r in refs if r is not None)


def add_control_flow_regions(module: ModuleOp) -> None:
    """WHILE, IF and their StableHLO forms get regions calling their subgraphs
    (flatbuffer_import's AddRegionsForTflWhileOp), once every function exists."""
    for op in list(module.walk()):
        if op.name not in REGION_SUBGRAPHS:
            continue
        keys, skip = REGION_SUBGRAPHS[op.name]
        refs = []
        for key in keys:
            ref = op.attributes.pop(key, None)
            refs += list(ref.value) if isinstance(ref, ArrayAttr) else [ref] if ref is not None else []
        for region, ref in zip(op.regions, refs):
            _call_region(module, region, ref, op, skip)


def _call_region(module: ModuleOp, region: Region, ref: SymbolRefAttr, op: Operation, skip: int = 0) -> None:
    """A block calling `ref`: with the callee's arguments (while) or none, passing the
    op's operands after the first `skip` (if: the condition is not passed on)."""
    callee = module.lookup(ref.root)
    ft = callee.function_type
    passed = list(op.operands[skip:])
    if len(passed) != len(ft.inputs) or any(a.type != t for a, t in zip(passed, ft.inputs)):
        raise FlatbufferError(f"op '{op.name}' at {op.location.describe()}: passes "
                              f"({', '.join(str(a.type) for a in passed)}) to subgraph @{ref.root}, which takes "
                              f"({', '.join(str(t) for t in ft.inputs)})")
    block = Block(ft.inputs if not skip else ())
    args = list(block.args) if not skip else passed
    inner = Builder(block=block, location=op.location)
    call = inner.create("func.call", args, list(ft.results), {"callee": ref})
    inner.create("tfl.yield", call.results)
    region.append(block)


LSTM_INTERMEDIATES = ("input_to_input_intermediate", "input_to_forget_intermediate",
                      "input_to_cell_intermediate", "input_to_output_intermediate",
                      "effective_hidden_scale_intermediate")


def variable_reset_value(tensor_type: str, q) -> int:
    """The stored value TFLite gives a variable tensor before the first invoke
    (core/api/tensor_utils.cc ResetVariableTensor): every byte is the zero point for
    INT8, zero for any other type."""
    if tensor_type == "INT8" and isinstance(q, UniformQuantizedType):
        return int(q.zero_point)
    return 0


def operator_options(op: Table, builtin: str) -> dict:
    """The operator's options as attributes. Like TFLite's parser, an operator reads only
    its own options table: one of another type counts as absent, and an absent table
    gives no attributes (readers use TFLite's defaults; the verifiers refuse what
    TFLite's Prepare refuses, such as a convolution without a padding)."""
    expected = OPTIONS_OF.get(builtin)
    if expected is None:
        return {}
    union, table_name = expected
    options = op.get(union)
    return table_attributes(options) if options is not None and options.type_name == table_name else {}


def _ints(table: Table, name: str) -> list[int]:
    return table.values(name) or []


def import_model(path: str, input_shapes=None) -> ModuleOp:
    """Read `path` and return the `tfl` stage module; errors name the file. `input_shapes`
    (pinned.py) pins the inputs' `?` dimensions, and those TFLite derives from them."""
    try:
        pinned = pinned_shapes(path, input_shapes) if input_shapes else None
        return ModelImporter(Buffer.open(path), pinned).run()
    except Tfl2QuantError as e:
        raise e if e.where and e.where.startswith(str(path)) else e.at(str(path))

