"""What an exporter's file contains, and whether it runs: make_exporter_models.py's checks.

The check runs the file in a fresh process (an interpreter abort must not take
the build down) under the TFLite interpreter and compares it with PyTorch's
output, stored by the torch step as `<net>.reference.npz`: keys
`<signature>|in|<name>` and `<signature>|out|<name>`, `*` standing for the
only signature / input / output.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from make_real_models import describe as describe_ops

CHECK_TIMEOUT = 600  # seconds for one interpreter run


def describe(buf: bytes) -> dict:
    """make_real_models.describe plus signatures and data stored after the flatbuffer."""
    from ai_edge_litert import schema_py_generated as schema

    d = describe_ops(buf)
    m = schema.ModelT.InitFromPackedBuf(buf, 0)
    d["signatures"] = [s.signatureKey.decode() for s in (m.signatureDefs or [])]
    if any(b.offset > 1 for b in (m.buffers or [])):
        d["features"] = sorted(d["features"] + ["buffer-offset"])
    return d


def quantized_anything(d: dict) -> bool:
    return any(" " in k or k == "FLOAT16" for k in d["constants"])


_RUN_TFLITE = r"""
import json, sys
import numpy as np
from ai_edge_litert.interpreter import Interpreter, OpResolverType
path, ref_path, resolver = sys.argv[1:4]
ref = dict(np.load(ref_path))
kw = {} if resolver == "default" else {"experimental_op_resolver_type": OpResolverType.BUILTIN_REF}
it = Interpreter(model_path=path, **kw)
single = any(k.startswith("*|") for k in ref)


class Plain:  # a model without SignatureDefs (onnx2tf's dynamic-range file): subgraph 0's io
    def __init__(self):
        it.allocate_tensors()

    def get_input_details(self):
        return {d["name"]: d for d in it.get_input_details()}

    def get_output_details(self):
        return {d["name"]: d for d in it.get_output_details()}

    def __call__(self, **feed):
        for name, d in self.get_input_details().items():
            it.set_tensor(d["index"], feed[name])
        it.invoke()
        return {name: it.get_tensor(d["index"]) for name, d in self.get_output_details().items()}


runners = {s: it.get_signature_runner(s) for s in it.get_signature_list()} or {"-": Plain()}

def channels_last(a, shape):  # onnx2tf moves axis 1 to the end (NCHW -> NHWC, NCW -> NWC)
    b = np.moveaxis(a, 1, -1) if a.ndim >= 3 else a
    return b if a.shape != shape and b.shape == shape else a

result = {}
for sig, runner in runners.items():
    key = "*" if single else sig
    ins = runner.get_input_details()
    feed = {}
    for name, d in ins.items():
        x = ref.get(f"{key}|in|{name}", ref.get(f"{key}|in|*") if len(ins) == 1 else None)
        shape = tuple(int(s) for s in d["shape"])
        if x is None:  # the KV cache: empty
            feed[name] = np.zeros(shape, d["dtype"])
            continue
        x = channels_last(x, shape)
        s, z = d["quantization"]
        if s and np.issubdtype(d["dtype"], np.integer) and np.issubdtype(x.dtype, np.floating):
            info = np.iinfo(d["dtype"])
            x = np.clip(np.round(x / s) + z, info.min, info.max)
        feed[name] = x.astype(d["dtype"])
    outs = runner(**feed)
    details = runner.get_output_details()
    for name, y in outs.items():
        s, z = details[name]["quantization"]
        if s and np.issubdtype(y.dtype, np.integer):
            y = (y.astype(np.float64) - z) * s
        finite = bool(np.isfinite(y).all()) if np.issubdtype(y.dtype, np.floating) else True
        want = ref.get(f"{key}|out|{name}", ref.get(f"{key}|out|*") if len(outs) == 1 else None)
        err = None
        if want is not None:
            want = channels_last(want, y.shape)
            if y.shape != want.shape:
                sys.exit(f"{sig}/{name}: shape {y.shape} != PyTorch's {want.shape}")
            err = float(np.abs(y.astype(np.float64) - want).max() / max(np.abs(want).max(), 1e-6))
        result[f"{sig}/{name}"] = {"finite": finite, "error": err}
print(json.dumps(result))
"""


def run_tflite(path: Path, ref: Path, resolver: str) -> dict:
    p = subprocess.run([sys.executable, "-c", _RUN_TFLITE, str(path), str(ref), resolver],
                       capture_output=True, text=True, timeout=CHECK_TIMEOUT, check=False)
    if p.returncode != 0:
        err = [l for l in p.stderr.strip().splitlines() if l.strip()]
        msg = next((l for l in reversed(err) if "rror" in l), err[-1] if err else "")
        if p.returncode < 0:
            sig = {-6: "SIGABRT", -11: "SIGSEGV"}.get(p.returncode, f"signal {-p.returncode}")
            msg = f"interpreter process killed ({sig}) {msg}".strip()
        raise RuntimeError(msg[:300])
    return json.loads(p.stdout.strip().splitlines()[-1])


def judge(outs: dict, tol: float) -> float:
    bad = [k for k, o in outs.items() if not o["finite"]]
    if bad:
        raise RuntimeError(f"non-finite output {', '.join(bad)}")
    errs = [o["error"] for o in outs.values() if o["error"] is not None]
    if not errs:
        raise RuntimeError("no output to compare with PyTorch")
    err = max(errs)
    if not err <= tol:
        raise RuntimeError(f"max|tflite-torch|/max|torch| = {err:.3g} > {tol:g}")
    return err


def check(path: Path, ref: Path, tol: float, blockwise: bool) -> tuple[str, float, str]:
    """(resolver it passed under, error figure, note); raises if it fails both.
    Blockwise models are judged under the default resolver only: LiteRT 2.3's
    BUILTIN_REF FULLY_CONNECTED gets blockwise weights wrong (models/README.md)."""
    notes = []
    if blockwise:
        try:
            outs = run_tflite(path, ref, "ref")
            errs = [o["error"] for o in outs.values() if o["error"] is not None]
            notes.append(f"BUILTIN_REF (not used: wrong for blockwise FULLY_CONNECTED): "
                         f"error {max(errs):.3g}")
        except Exception as e:  # noqa: BLE001 - only a note
            notes.append(f"BUILTIN_REF (not used): {e}")
    for resolver in (("default",) if blockwise else ("ref", "default")):
        try:
            err = judge(run_tflite(path, ref, resolver), tol)
            return resolver, err, "; ".join(notes)
        except Exception as e:  # noqa: BLE001 - try the next resolver, then report
            notes.append(f"{'BUILTIN_REF' if resolver == 'ref' else 'default resolver'}: {e}")
    raise RuntimeError("; ".join(notes))
