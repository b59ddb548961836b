"""One network through litert-torch, litert-quantizer and torch.onnx.export.

Runs in the torch virtualenv (models/exporters/requirements-torch.txt), called
by models/make_exporter_models.py, one process per network:

    $TORCH_PY models/exporter_steps/litert_torch_step.py --net vit --work DIR \
        --progress DIR/progress.jsonl litert-torch:float32 litert-quantizer:drq8 onnx:export

Each task is `exporter:variant`.  Before a task the step writes {"start": task}
to --progress, after it the task's record (the file it wrote in --work, or the
reason it failed), so that the caller knows which task a crash interrupted.
The step also writes the network's reference data (`<net>.reference.npz`: the
seeded input and PyTorch's output) that the caller checks every file against.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.metadata
import io
import json
import os
import re
import sys
import tempfile
import time
import traceback
import warnings
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
os.environ.setdefault("TQDM_DISABLE", "1")  # litert-quantizer's progress bars

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
import nets  # noqa: E402

CALIBRATION_SAMPLES = 32  # PT2E observers and litert-quantizer calibration
VERSIONS = ("torch", "torchvision", "torchao", "litert-torch", "litert-quantizer",
            "ai-edge-quantizer", "ai-edge-litert", "tensorflow-cpu", "onnx", "onnxscript",
            "numpy")


def versions() -> dict:
    out = {"python": sys.version.split()[0]}
    for pkg in VERSIONS:
        with contextlib.suppress(importlib.metadata.PackageNotFoundError):
            out[pkg] = importlib.metadata.version(pkg)
    return out


@contextlib.contextmanager
def quiet():
    """The converters print progress to stdout and warnings to stderr."""
    with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def _export_bytes(edge_model) -> bytes:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "model.tflite"
        edge_model.export(str(path))
        return path.read_bytes()


# --------------------------------------------------------------------------
# litert-torch: litert_torch.convert, its PT2E quantizer, the generative recipes
# --------------------------------------------------------------------------


def convert_float(model, x) -> bytes:
    import litert_torch

    return _export_bytes(litert_torch.convert(model, (x,)))


def convert_pt2e(model, x, calib, per_channel: bool, dynamic: bool) -> tuple[bytes, np.ndarray]:
    """torch.export -> prepare_pt2e -> calibrate -> convert_pt2e -> litert_torch.convert,
    as litert-torch's own tests (test_convert_resnet18_pt2e_per_channel) do.  Also
    the quantized PyTorch program's output on x: the file is checked against it."""
    import litert_torch
    from litert_torch.quantize import pt2e_quantizer, quant_config
    from torchao.quantization.pt2e import quantize_pt2e

    quantizer = pt2e_quantizer.PT2EQuantizer().set_global(
        pt2e_quantizer.get_symmetric_quantization_config(is_per_channel=per_channel,
                                                         is_dynamic=dynamic))
    m = torch.export.export(model, (x,)).module()
    m = quantize_pt2e.prepare_pt2e(m, quantizer)
    with torch.no_grad():
        for i in range(len(calib)):
            m(calib[i:i + 1])
    m = quantize_pt2e.convert_pt2e(m, fold_quantize=False)
    with torch.no_grad():
        y = m(x).numpy()
    return _export_bytes(litert_torch.convert(
        m, (x,), quant_config=quant_config.QuantConfig(pt2e_quantizer=quantizer))), y


def generative_recipe(name: str):
    """The quant_config that litert-torch's generative converter builds for its
    --quantize flag (utilities/converter.get_quant_recipe_from_flag), plus the
    weight-only int4 blockwise combination its recipe matrix refuses."""
    from litert_torch.generative.quantize import quant_attrs, quant_recipes

    int4 = dict(weight_dtype=quant_attrs.Dtype.INT4)
    recipes = {
        "gen-dynamic-int8": lambda: quant_recipes.full_dynamic_recipe(),
        "gen-weight-only-int8": lambda: quant_recipes.full_weight_only_recipe(),
        "gen-fp16": lambda: quant_recipes.full_fp16_recipe(),
        "gen-dynamic-int4-block32": lambda: quant_recipes.full_dynamic_recipe(
            **int4, granularity=quant_attrs.Granularity.BLOCKWISE_32),
        "gen-dynamic-int4-block128": lambda: quant_recipes.full_dynamic_recipe(
            **int4, granularity=quant_attrs.Granularity.BLOCKWISE_128),
        "gen-weight-only-int4-block32": lambda: quant_recipes.full_weight_only_recipe(
            **int4, granularity=quant_attrs.Granularity.BLOCKWISE_32),
    }
    return recipes[name]()


def convert_generative(model, x, variant: str) -> bytes:
    import litert_torch

    return _export_bytes(litert_torch.convert(model, (x,), quant_config=generative_recipe(variant)))


def litert_torch_task(variant: str, model, x, calib) -> tuple[bytes, np.ndarray | None]:
    """The file, and the output it must reproduce if that is not the float model's."""
    if variant == "float32":
        return convert_float(model, x), None
    if variant == "pt2e-int8":
        return convert_pt2e(model, x, calib, per_channel=True, dynamic=False)
    if variant == "pt2e-int8-per-tensor":
        return convert_pt2e(model, x, calib, per_channel=False, dynamic=False)
    if variant == "pt2e-dynamic-int8":
        return convert_pt2e(model, x, calib, per_channel=True, dynamic=True)
    if variant.startswith("gen-"):
        return convert_generative(model, x, variant), None
    raise SystemExit(f"unknown litert-torch variant {variant!r}")


# --------------------------------------------------------------------------
# litert-quantizer recipes on the float litert-torch model
# --------------------------------------------------------------------------


def lq_recipe(variant: str):
    from litert_quantizer import recipe

    return {
        "a8w8": recipe.static_wi8_ai8,
        "a16w8": recipe.static_wi8_ai16,
        "drq8": recipe.dynamic_wi8_afp32,
        "w8": recipe.weight_only_wi8_afp32,
        "w4": recipe.weight_only_wi4_afp32,
        "drq4": recipe.dynamic_wi4_afp32,
        "drq4-b32": recipe.dynamic_wi4b32_afp32,
        "drq4-hadamard": recipe.dynamic_wi4c_hr_afp32,
        "drq2": recipe.dynamic_wi2c_afp32,
    }[variant]()


def quantize_lq(float_buf: bytes, variant: str, calib: np.ndarray) -> bytes:
    from ai_edge_litert.interpreter import Interpreter
    from litert_quantizer import quantizer

    qt = quantizer.Quantizer(float_buf)
    qt.load_quantization_recipe(lq_recipe(variant))
    with quiet(), contextlib.redirect_stderr(io.StringIO()):
        if qt.need_calibration:
            sigs = Interpreter(model_content=float_buf).get_signature_list()
            (sig, spec), = sigs.items()
            (name,) = spec["inputs"]
            dtype = np.int32 if calib.dtype == np.int64 else calib.dtype
            data = [{name: calib[i:i + 1].astype(dtype)} for i in range(len(calib))]
            result = qt.quantize(qt.calibrate({sig: data}))
        else:
            result = qt.quantize()
    return bytes(result.quantized_model)


# --------------------------------------------------------------------------
# The generative API's LLM (TinyLlama's architecture, shrunk)
# --------------------------------------------------------------------------

LLM_PREFILL = 16
LLM_KV = 64


def llm_config(large: bool):
    from litert_torch.generative.examples.tiny_llama import tiny_llama

    if large:  # TinyLlama-1.1B's layers (2048 wide, 32 heads, 4 groups), 4 of its 22
        cfg = tiny_llama.get_model_config()
        cfg.num_layers = 4
        cfg.max_seq_len = 1024
        return cfg
    cfg = tiny_llama.get_fake_model_config()
    cfg.max_seq_len = LLM_KV
    cfg.embedding_dim = 64
    cfg.vocab_size = 256
    cfg.num_layers = 2
    attn = cfg.block_config(0).attn_config
    attn.num_heads, attn.head_dim, attn.num_query_groups = 4, 16, 2
    cfg.block_config(0).ff_config.intermediate_size = 128
    return cfg


def build_llm(net: str):
    from litert_torch.generative.examples.tiny_llama import tiny_llama

    large = net.endswith("-large")
    cfg = llm_config(large)
    torch.manual_seed(nets.model_seed(net))
    model = tiny_llama.TinyLlama(cfg, mask_cache_size=cfg.max_seq_len).eval()
    return model, cfg


def convert_llm(model, cfg, quantize: str, large: bool) -> bytes:
    from litert_torch.generative.utilities import converter

    with tempfile.TemporaryDirectory() as tmp:
        path = converter.convert_to_tflite(
            model, output_path=tmp, output_name_prefix="tinyllama",
            prefill_seq_len=128 if large else LLM_PREFILL,
            kv_cache_max_len=cfg.max_seq_len, quantize=quantize, config=cfg,
            export_config=converter.ExportConfig())
        return Path(path).read_bytes()


def llm_reference(model, cfg, seed: int) -> dict:
    """decode: one token at position 0 on an empty cache -> PyTorch's logits;
    prefill: seeded tokens (run only, its outputs are the cache)."""
    from litert_torch.generative.layers import kv_cache as kv_utils

    rng = np.random.default_rng(seed)
    token = rng.integers(0, cfg.vocab_size, (1, 1)).astype(np.int32)
    with torch.no_grad():
        out = model(torch.from_numpy(token), torch.tensor([0], dtype=torch.int32),
                    kv_utils.KVCache.from_model_config(cfg.max_seq_len, cfg))
    prefill = rng.integers(0, cfg.vocab_size, (1, LLM_PREFILL)).astype(np.int32)
    return {
        "decode|in|tokens": token, "decode|in|input_pos": np.array([0], np.int32),
        "decode|out|logits": out["logits"].numpy(),
        f"prefill_{LLM_PREFILL}|in|tokens": prefill,
        f"prefill_{LLM_PREFILL}|in|input_pos": np.arange(LLM_PREFILL, dtype=np.int32),
    }


LLM_NOTES = {
    "tinyllama": "litert-torch generative API TinyLlama (RMSNorm, RoPE, grouped-query attention, "
                 "SiLU-gated MLP) shrunk: embedding 64, 4 heads of 16, 2 query groups, MLP 128, "
                 "vocabulary 256, 2 layers; converter.convert_to_tflite with prefill_16 and "
                 "decode signatures and an external KV cache of 64",
    "tinyllama-large": "TinyLlama-1.1B's configuration (embedding 2048, 32 heads of 64, 4 query "
                       "groups, MLP 5632, vocabulary 32000) with 4 of its 22 layers, max_seq_len "
                       "and KV cache 1024, prefill 128",
}

LLM_QUANTIZE = {  # variant -> the generative converter's --quantize flag
    "float32": "none", "dynamic-int8": "dynamic_int8", "weight-only-int8": "weight_only_int8",
    "fp16": "fp16", "dynamic-int4-block32": "dynamic_int4_block32",
    "dynamic-int4-block128": "dynamic_int4_block128",
}


# --------------------------------------------------------------------------
# The step
# --------------------------------------------------------------------------


def export_onnx(model, x, path: Path) -> None:
    """torch.onnx.export as users call it (the default exporter: torch.export +
    onnxscript), one file (weights inline), named input and output."""
    with quiet():
        torch.onnx.export(model, (x,), str(path), input_names=["input"],
                          output_names=["output"], external_data=False)


def _first_line(e: BaseException) -> str:
    """The informative line of an exception, and where it was raised."""
    text = str(e).strip()
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    line = next((l.split("error: ", 1)[1] for l in lines  # MLIR: "loc(...): error: ..."
                 if "error: " in l and "see current operation" not in l), None)
    line = line or f"{type(e).__name__}: {lines[0] if lines else ''}"
    # Tensor names are module paths hundreds of characters long: keep their end.
    line = re.sub(r"\S{80,}", lambda m: "…" + m.group(0)[-40:], line)
    tb = traceback.extract_tb(e.__traceback__)
    where = f" (at {Path(tb[-1].filename).name}:{tb[-1].lineno} {tb[-1].name})" if tb else ""
    return line[:300] + where


class Job:
    """One network: the PyTorch model, its seeded input and calibration data."""

    def __init__(self, name: str, work: Path):
        self.name, self.work = name, work
        seed = nets.model_seed(name)
        self.is_llm = name.startswith("tinyllama")
        self.float_buf = None
        if self.is_llm:
            self.model, self.cfg = build_llm(name)
            np.savez(work / f"{name}.reference.npz", **llm_reference(self.model, self.cfg, seed + 2))
            self.about = {"note": LLM_NOTES[name],
                          "input": "tokens, input_pos, KV cache (int32 / float32)"}
        else:
            net = next(n for n in nets.NETS if n.name == name)
            self.model = nets.build(net)
            self.x = torch.from_numpy(nets.sample_inputs(net, np.random.default_rng(seed + 2), 1))
            self.calib = nets.sample_inputs(net, np.random.default_rng(seed + 3),
                                            CALIBRATION_SAMPLES)
            with torch.no_grad():
                y = self.model(self.x).numpy()
            np.savez(work / f"{name}.reference.npz", **{"*|in|*": self.x.numpy(), "*|out|*": y})
            kind = " int64 tokens" if net.kind == "tokens" else \
                f" float32 in {net.range[0]:g}..{net.range[1]:g}"
            self.about = {"note": net.note, "input": "x".join(map(str, net.shape)) + kind}
        self.about["parameters"] = sum(p.numel() for p in self.model.parameters())

    def make(self, exporter: str, variant: str) -> tuple[bytes | None, np.ndarray | None]:
        """The file (None for the ONNX export), and the output it must reproduce
        when that is not the float model's."""
        if self.is_llm:
            return convert_llm(self.model, self.cfg, LLM_QUANTIZE[variant],
                               self.name.endswith("-large")), None
        if exporter == "litert-torch":
            buf, reference = litert_torch_task(variant, self.model, self.x,
                                               torch.from_numpy(self.calib))
            if variant == "float32":
                self.float_buf = buf
            return buf, reference
        if exporter == "litert-quantizer":
            if self.float_buf is None:
                self.float_buf = convert_float(self.model, self.x)
            return quantize_lq(self.float_buf, variant, self.calib), None
        if exporter == "onnx":
            export_onnx(self.model, self.x, self.work / f"{self.name}.onnx")
            # onnx2tf's -cind calibration data, in the layout onnx2tf gives the input:
            # axis 1 moved to the end (NCHW -> NHWC, NCW -> NWC)
            np.save(self.work / f"{self.name}.calibration.npy",
                    np.moveaxis(self.calib, 1, -1) if self.calib.ndim >= 3 else self.calib)
            return None, None
        raise SystemExit(f"unknown exporter {exporter!r}")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--net", required=True)
    p.add_argument("--work", type=Path, required=True)
    p.add_argument("--progress", type=Path, required=True)
    p.add_argument("tasks", nargs="+", help="exporter:variant")
    args = p.parse_args(argv)
    torch.set_num_threads(1)  # two shared cores; the converters are single-threaded anyway
    args.work.mkdir(parents=True, exist_ok=True)
    log = args.progress.open("a")

    def emit(obj):
        log.write(json.dumps(obj) + "\n")
        log.flush()

    job = Job(args.net, args.work)
    emit({"versions": versions(), "net": job.about})
    for task in args.tasks:
        exporter, variant = task.split(":")
        emit({"start": task})
        t = time.time()
        rec = {"exporter": exporter, "net": args.net, "variant": variant}
        try:
            with quiet():
                buf, reference = job.make(exporter, variant)
        except Exception as e:  # noqa: BLE001 - record and go on with the next task
            rec.update(status="failed", stage="convert", reason=_first_line(e),
                       seconds=round(time.time() - t, 1))
            print(f"FAIL {exporter}/{args.net}.{variant}: {rec['reason']}", flush=True)
            traceback.print_exc(limit=-3, file=sys.stderr)
            emit(rec)
            continue
        stem = f"{exporter}.{args.net}.{variant}"
        if buf is not None:
            (args.work / f"{stem}.tflite").write_bytes(buf)
            rec["path"] = str(args.work / f"{stem}.tflite")
        if reference is not None:
            np.savez(args.work / f"{stem}.reference.npz",
                     **{"*|in|*": job.x.numpy(), "*|out|*": reference})
            rec["reference"] = str(args.work / f"{stem}.reference.npz")
        rec.update(status="made", seconds=round(time.time() - t, 1))
        emit(rec)
    return 0


if __name__ == "__main__":
    sys.exit(main())
