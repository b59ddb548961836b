"""`check` on a model with several SignatureDefs: every signature, then (generative) a decode loop.

A model whose signatures name two or more subgraphs (litert-torch's generative exports:
`prefill_16` and `decode`) is checked once per subgraph. The signature's subgraph is made
subgraph 0 of a copy of the model (`subgraph_first`: the subgraphs swap places, every index
that names a subgraph follows), and the copy gets the whole check of run.py: the same
inputs (seeded random values, keyed by the signature's input names), the same choice of
TFLite's kernels per op and runs in parts (partition.py), the per-layer check, TFLite's
other kernel sets. TFLite's `invoke` of subgraph 0 runs what its signature runner of that key
runs (tests/check/test_check_signatures.py compares the two); our side runs the function the importer
named after the key. Signatures that share a subgraph are checked once, together.

The verdict is the worst over the signatures and the decode loop's steps (decode.py):
PASS < PASS (float noise) < PASS (per layer) < NOT COMPARED < FAIL.

`--inputs FILE.npz` for such a model: keys `SIGNATURE/INPUT` (`decode/tokens`); a signature
with no key gets seeded random inputs, one with some keys needs all of its inputs.
"""
from __future__ import annotations

import copy
import mmap
import os
import tempfile
from dataclasses import dataclass, field

import numpy as np

from tfl2quant.errors import Tfl2QuantError

from .inputs import open_npz
from .partition import pack, read_model, schema

RANK = {"PASS": 0, "PASS (float noise)": 1, "PASS (per layer)": 2, "NOT COMPARED": 3, "FAIL": 4}


@dataclass
class Signature:
    """The signatures that name one subgraph (several when they share it)."""
    keys: list[str]
    subgraph: int
    inputs: list[tuple[str, int, str, tuple]] = field(default_factory=list)   # name, tensor, dtype, shape
    outputs: list[tuple[str, int, str, tuple]] = field(default_factory=list)
    tensors_in: list[int] = field(default_factory=list)    # the subgraph's inputs and outputs, in order
    tensors_out: list[int] = field(default_factory=list)
    tensor_names_out: list[str] = field(default_factory=list)  # TFLite's names of the subgraph's outputs

    @property
    def key(self) -> str:
        return self.keys[0]

    @property
    def label(self) -> str:
        return ", ".join(self.keys)

    def input_names(self) -> list[str | None]:
        """The signature's name of each subgraph input, in the subgraph's order."""
        by_tensor = {t: n for n, t, *_ in self.inputs}
        return [by_tensor.get(t) for t in self.tensors_in]

    def output_names(self) -> list[str | None]:
        by_tensor = {t: n for n, t, *_ in self.outputs}
        return [by_tensor.get(t) for t in self.tensors_out]


def read_signatures(path: str) -> list[Signature]:
    """The model's SignatureDefs grouped by subgraph, in the file's order of first mention."""
    try:
        with open(path, "rb") as f:
            data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):  # no such file, an empty one: the importer says what is wrong
        return []
    try:
        return _read(data)
    except Exception:  # noqa: BLE001 - not a flatbuffer, or a broken one: the importer says what is wrong
        return []
    finally:
        try:
            data.close()
        except BufferError:  # a view still held (by a traceback): the mapping goes with it
            pass


def _read(data) -> list[Signature]:
    model = schema().Model.GetRootAs(data, 0)
    groups: dict[int, Signature] = {}
    for i in range(model.SignatureDefsLength()):
        sd = model.SignatureDefs(i)
        k = sd.SubgraphIndex()
        if not 0 <= k < model.SubgraphsLength():
            continue  # the importer refuses the model with the reason
        key = (sd.SignatureKey() or b"").decode()
        if k in groups:
            groups[k].keys.append(key)
            continue
        sg = model.Subgraphs(k)
        sig = groups[k] = Signature([key], k, tensors_in=_ints(sg.InputsAsNumpy(), sg.InputsLength()),
                                    tensors_out=_ints(sg.OutputsAsNumpy(), sg.OutputsLength()))
        sig.tensor_names_out = [(sg.Tensors(t).Name() or b"").decode() if 0 <= t < sg.TensorsLength() else ""
                                for t in sig.tensors_out]
        for entries, length, out in ((sd.Inputs, sd.InputsLength(), sig.inputs),
                                     (sd.Outputs, sd.OutputsLength(), sig.outputs)):
            for j in range(length):
                e = entries(j)
                t = e.TensorIndex()
                tensor = sg.Tensors(t) if 0 <= t < sg.TensorsLength() else None
                shape = tuple(int(d) for d in tensor.ShapeAsNumpy()) if tensor is not None and \
                    tensor.ShapeLength() else ()
                dtype = _TYPE_NAMES().get(tensor.Type(), "?") if tensor is not None else "?"
                out.append(((e.Name() or b"").decode(), t, dtype, shape))
    return list(groups.values())


def _ints(values, length: int) -> list[int]:
    return [int(t) for t in values] if length else []  # an absent vector reads as 0


def _TYPE_NAMES() -> dict[int, str]:
    return {v: k for k, v in vars(schema().TensorType).items() if not k.startswith("_")}


def is_multi_signature(path: str) -> bool:
    return len(read_signatures(path)) > 1


def subgraph_first(path: str, k: int) -> bytes:
    """The model with subgraph `k` and subgraph 0 swapped, every subgraph index (signatures,
    WHILE/IF bodies, a composite's decomposition, ...) following them."""
    model = read_model(path)
    swap = {0: k, k: 0}
    out = copy.copy(model)
    graphs = []
    for g in model.subgraphs:
        g = copy.copy(g)
        g.operators = [_renumbered(op, swap) for op in g.operators or []]
        graphs.append(g)
    graphs[0], graphs[k] = graphs[k], graphs[0]
    out.subgraphs = graphs
    sigs = []
    for sd in model.signatureDefs or []:
        sd = copy.copy(sd)
        sd.subgraphIndex = swap.get(sd.subgraphIndex, sd.subgraphIndex)
        sigs.append(sd)
    out.signatureDefs = sigs
    return pack(out)


def _renumbered(op, swap: dict[int, int]):
    new = op
    for attr in ("builtinOptions", "builtinOptions2"):
        options = getattr(op, attr, None)
        if options is None:
            continue
        changed = None
        for key, value in vars(options).items():
            if "ubgraph" not in key or value is None:
                continue
            if isinstance(value, (list, tuple, np.ndarray)):
                mapped = [swap.get(int(v), int(v)) for v in value]
            else:
                mapped = swap.get(int(value), int(value))
            if mapped != value if not isinstance(mapped, list) else mapped != [int(v) for v in value]:
                changed = changed or copy.copy(options)
                setattr(changed, key, mapped)
        if changed is not None:
            new = copy.copy(new) if new is op else new
            setattr(new, attr, changed)
    return new


def split_inputs(npz_path: str, signatures: list[Signature], tmp: str) -> dict[int, str | None]:
    """The --inputs file of a multi-signature model (keys `SIGNATURE/INPUT`) as one .npz per
    subgraph (keys: the signature's input names), written in `tmp`; None where no key names
    the signature (seeded random inputs)."""
    data = open_npz(npz_path)
    owner = {key: s for s in signatures for key in s.keys}
    per: dict[int, dict[str, np.ndarray]] = {}
    bad = []
    for name in data.keys():
        key, slash, inner = name.partition("/")
        if not slash or key not in owner:
            bad.append(name)
            continue
        per.setdefault(owner[key].subgraph, {})[inner] = np.asarray(data[name])
    if bad:
        keys = ", ".join(f"'{s.key}/{n}'" for s in signatures for n, *_ in s.inputs)
        raise Tfl2QuantError(f"no input named {', '.join(map(repr, bad))}: the keys of a model with several "
                             f"signatures are SIGNATURE/INPUT (the model's: {keys})", npz_path)
    out: dict[int, str | None] = {}
    for s in signatures:
        arrays = per.get(s.subgraph)
        if arrays is None:
            out[s.subgraph] = None
            continue
        names = [n for n, *_ in s.inputs]
        unknown = [f"{s.key}/{n}" for n in arrays if n not in names]
        missing = [f"{s.key}/{n}" for n in names if n not in arrays]
        if unknown or missing:
            problems = ([f"no input named {', '.join(map(repr, unknown))}"] if unknown else []) + \
                       ([f"no array for input {', '.join(map(repr, missing))}"] if missing else [])
            shown = ", ".join(f"'{s.key}/{n}'" for n in names)
            raise Tfl2QuantError(f"{'; '.join(problems)} (signature {s.key}'s inputs: {shown}; a signature "
                                 f"without any key gets seeded random inputs)", npz_path)
        file = os.path.join(tmp, f"inputs-{s.subgraph}.npz")
        np.savez(file, **arrays)
        out[s.subgraph] = file
    return out


def worst(verdicts: list[str]) -> str:
    return max(verdicts, key=lambda v: RANK.get(v, RANK["FAIL"]))


def temporary_copy(content: bytes, tmp: str, k: int, path: str) -> str:
    name = os.path.join(tmp, f"subgraph-{k}-first-{os.path.basename(path) or 'model.tflite'}")
    with open(name, "wb") as f:
        f.write(content)
    return name


def tempdir():
    return tempfile.TemporaryDirectory(prefix="tfl2quant-signatures-")
