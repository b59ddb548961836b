#!/usr/bin/env python3
"""Build TFLite models the way users make them: litert-torch, onnx2tf, litert-quantizer.

Run with any Python that has numpy and ai-edge-litert (the project's own
dependencies, e.g. the tfl2quant virtualenv); each exporter runs in its own
virtualenv (models/exporters/requirements-*.txt):

    $PY models/make_exporter_models.py                          # everything
    $PY models/make_exporter_models.py --only 'onnx2tf/*' '*/vit.*'
    $PY models/make_exporter_models.py --only litert-torch/gpt.pt2e-int8
    $PY models/make_exporter_models.py --large-llm              # also the ~300M-parameter LLM
    $PY models/make_exporter_models.py --list                   # networks and variants
    $PY models/make_exporter_models.py --readme                 # rewrite the README from manifest.json

A model is `<exporter>/<net>.<variant>.tflite`; --only takes shell patterns
over those names.  Nothing is downloaded: the networks (models/exporter_steps/
nets.py) get seeded random weights that look trained, as in make_real_models.py.

The work, one network at a time (two shared cores: nothing runs in parallel):

- the torch virtualenv (--torch-python) runs models/exporter_steps/
  litert_torch_step.py once per network: litert_torch.convert (float), its PT2E
  quantizer (static int8 per channel and per tensor, dynamic int8), the
  generative API's quantization recipes applied through litert_torch.convert,
  litert-quantizer recipes on the float model, torch.onnx.export, and the
  generative API's TinyLlama-shaped LLM through its own converter;
- the onnx2tf virtualenv (--o2t-python) runs the `onnx2tf` command on those ONNX
  files (all its outputs in one run: -oiqt).

A conversion that raises is recorded with its first error line and the run goes
on; a step process that dies is restarted for the tasks it did not reach.
After writing a file the script describes it (op histogram, quantization) and
runs it in a fresh process under the TFLite interpreter, BUILTIN_REF kernels
first and the default resolver if BUILTIN_REF cannot run it (kept with a note),
against PyTorch's output on a seeded input; a file that fails is deleted and
listed with the reason.  Files of at most --small-limit KiB go to
models/exporters/<exporter>/ (committed), larger ones to build/exporter-models/.
Every result goes into models/exporters/manifest.json, and models/exporters/
README.md is written from it.
"""

from __future__ import annotations

import argparse
import fnmatch
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
from exporter_check import check, describe, quantized_anything  # noqa: E402
from make_real_models import sample_inputs  # noqa: E402

OUT = HERE / "exporters"
DEFAULT_LARGE = ROOT / "build" / "exporter-models"
STEP = HERE / "exporter_steps" / "litert_torch_step.py"
MANIFEST = "manifest.json"
SMALL_LIMIT_KIB = 128
STEP_TIMEOUT = 3 * 3600  # seconds for one network's step process (the large LLM takes longest)
INT4_TOL = 2.0  # int4 weights may change a random deep network's output completely
ANY = float("inf")  # 2-bit weights: only finite outputs are required


@dataclass(frozen=True)
class Variant:
    exporter: str
    name: str
    tol: float  # max |tflite - torch| / max |torch| over the outputs
    note: str
    quantized: bool = True  # the file must hold quantized (or float16) constants


LT, LQ, O2T, GEN = "litert-torch", "litert-quantizer", "onnx2tf", "litert-torch-generative"
_PT2E = ("torch.export, prepare_pt2e with litert-torch's PT2EQuantizer("
         "get_symmetric_quantization_config({})), 32 calibration inputs, convert_pt2e("
         "fold_quantize=False), litert_torch.convert(quant_config=QuantConfig(pt2e_quantizer=...)); "
         "checked against the quantized PyTorch program (convert_pt2e's module), not the float one")
_GEN = "litert_torch.convert(quant_config=quant_recipes.{}) (the generative converter's --quantize={})"

VARIANTS: list[Variant] = [
    Variant(LT, "float32", 1e-3, "litert_torch.convert(model, (x,))", quantized=False),
    Variant(LT, "pt2e-int8", 0.6, "static int8, per-channel weights: " +
            _PT2E.format("is_per_channel=True")),
    Variant(LT, "pt2e-int8-per-tensor", 0.6, "static int8, per-tensor weights: " +
            _PT2E.format("is_per_channel=False")),
    Variant(LT, "pt2e-dynamic-int8", 0.5, "dynamic int8 (per-channel int8 weights, activations "
            "quantized at run time): " + _PT2E.format("is_per_channel=True, is_dynamic=True")),
    Variant(LT, "gen-dynamic-int8", 0.5, "int8 channelwise weights, dynamic range: " +
            _GEN.format("full_dynamic_recipe()", "dynamic_int8")),
    Variant(LT, "gen-weight-only-int8", 0.3, "int8 weights behind DEQUANTIZE: " +
            _GEN.format("full_weight_only_recipe()", "weight_only_int8")),
    Variant(LT, "gen-fp16", 0.05, "float16 weights: " + _GEN.format("full_fp16_recipe()", "fp16")),
    Variant(LT, "gen-dynamic-int4-block32", INT4_TOL, "int4 blockwise (32) weights: " +
            _GEN.format("full_dynamic_recipe(INT4, BLOCKWISE_32)", "dynamic_int4_block32")),
    Variant(LT, "gen-dynamic-int4-block128", INT4_TOL, "int4 blockwise (128) weights: " +
            _GEN.format("full_dynamic_recipe(INT4, BLOCKWISE_128)", "dynamic_int4_block128")),
    Variant(LT, "gen-weight-only-int4-block32", INT4_TOL, "weight-only int4 blockwise (32): "
            "quant_recipes.full_weight_only_recipe(INT4, BLOCKWISE_32), not in the recipe matrix "
            "(generative/quantize/supported_schemes.py)"),
    Variant(LQ, "a8w8", 0.6, "recipe.static_wi8_ai8(): int8 activations (calibrated on 32 "
            "inputs), int8 channelwise weights"),
    Variant(LQ, "a16w8", 0.6, "recipe.static_wi8_ai16(): int16 activations, int8 weights"),
    Variant(LQ, "drq8", 0.5, "recipe.dynamic_wi8_afp32(): int8 channelwise weights, dynamic range"),
    Variant(LQ, "w8", 0.3, "recipe.weight_only_wi8_afp32(): int8 weights behind DEQUANTIZE"),
    Variant(LQ, "w4", INT4_TOL, "recipe.weight_only_wi4_afp32(): int4 channelwise weights behind "
            "DEQUANTIZE"),
    Variant(LQ, "drq4", INT4_TOL, "recipe.dynamic_wi4_afp32(): int4 channelwise weights, dynamic "
            "range"),
    Variant(LQ, "drq4-b32", INT4_TOL, "recipe.dynamic_wi4b32_afp32(): int4 blockwise (32) weights"),
    Variant(LQ, "drq4-hadamard", INT4_TOL, "recipe.dynamic_wi4c_hr_afp32(): int4 channelwise "
            "weights estimated after a Hadamard rotation (DECOMPOSED_HADAMARD_ROTATION)"),
    Variant(LQ, "drq2", ANY, "recipe.dynamic_wi2c_afp32(): 2-bit channelwise weights"),
    Variant(O2T, "float32", 1e-3, "onnx2tf -i net.onnx (…_float32.tflite)", quantized=False),
    Variant(O2T, "float16", 0.05, "…_float16.tflite: FLOAT16 weights behind DEQUANTIZE"),
    Variant(O2T, "dynamic-range-int8", 0.5, "-oiqt …_dynamic_range_quant.tflite: int8 weights, "
            "float activations"),
    Variant(O2T, "int8-float-io", 0.6, "-oiqt …_integer_quant.tflite: int8, float32 model "
            "inputs/outputs"),
    Variant(O2T, "int8", 0.6, "-oiqt …_full_integer_quant.tflite: int8, int8 model "
            "inputs/outputs"),
    Variant(O2T, "int16x8-float-io", 0.3, "-oiqt …_integer_quant_with_int16_act.tflite: int16 "
            "activations, int8 weights, float32 model inputs/outputs"),
    Variant(O2T, "int16x8", 0.3, "-oiqt …_full_integer_quant_with_int16_act.tflite: int16 "
            "model inputs/outputs"),
    Variant(GEN, "float32", 1e-3, "converter.convert_to_tflite(quantize='none')", quantized=False),
    Variant(GEN, "dynamic-int8", 0.5, "quantize='dynamic_int8'"),
    Variant(GEN, "weight-only-int8", 0.3, "quantize='weight_only_int8'"),
    Variant(GEN, "fp16", 0.05, "quantize='fp16'"),
    Variant(GEN, "dynamic-int4-block32", INT4_TOL, "quantize='dynamic_int4_block32'"),
    Variant(GEN, "dynamic-int4-block128", INT4_TOL, "quantize='dynamic_int4_block128'"),
]

O2T_SUFFIX = {
    "float32": "_float32", "float16": "_float16", "dynamic-range-int8": "_dynamic_range_quant",
    "int8-float-io": "_integer_quant", "int8": "_full_integer_quant",
    "int16x8-float-io": "_integer_quant_with_int16_act",
    "int16x8": "_full_integer_quant_with_int16_act",
}

NETS = ["resnet18-slim", "mobilenet-v3-small", "efficientnet-b0", "squeezenet", "vit", "gpt",
        "lstm", "lstm-bidir", "gru", "gru-bidir", "unet"]
ONNX_NETS = ["resnet18-slim", "mobilenet-v3-small", "vit", "gpt", "lstm", "unet"]
LLM = "tinyllama"
LLM_LARGE = "tinyllama-large"  # --large-llm only, always written to the large directory


def model_name(exporter: str, net: str, variant: str) -> str:
    return f"{exporter}/{net}.{variant}"


def all_models(large_llm: bool) -> list[tuple[Variant, str]]:
    out = []
    for v in VARIANTS:
        nets = {LT: NETS, LQ: NETS, O2T: ONNX_NETS, GEN: [LLM]}[v.exporter]
        out += [(v, n) for n in nets]
    if large_llm:
        out.append((next(v for v in VARIANTS if v.exporter == GEN
                         and v.name == "dynamic-int4-block32"), LLM_LARGE))
    return out


def model_order(r: dict) -> tuple:
    """Manifest and README order: exporter, network, variant as in the tables."""
    exporters = [LT, LQ, O2T, GEN]
    nets = NETS + [LLM, LLM_LARGE]
    variants = [(v.exporter, v.name) for v in VARIANTS]
    return (exporters.index(r["exporter"]), nets.index(r["net"]),
            variants.index((r["exporter"], r["variant"])))


# --------------------------------------------------------------------------
# Running the exporters
# --------------------------------------------------------------------------


def _log_tail(log: Path, n: int = 3) -> str:
    lines = [l.strip() for l in log.read_text(errors="replace").splitlines() if l.strip()] \
        if log.exists() else []
    return " | ".join(lines[-n:])[-300:]


def run_torch_step(net: str, tasks: list[str], args, work: Path) -> tuple[list[dict], dict, dict]:
    """The torch virtualenv's step for one network; restarted after a crash for
    the tasks it did not reach."""
    results, versions, about, todo = [], {}, {}, list(tasks)
    log = work / f"{net}.log"
    env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONUNBUFFERED="1")
    while todo:
        progress = work / f"{net}.progress.jsonl"
        progress.unlink(missing_ok=True)
        cmd = [args.torch_python, str(STEP), "--net", net, "--work", str(work),
               "--progress", str(progress), *todo]
        with log.open("a") as f:
            f.write(f"$ {' '.join(cmd)}\n")
            f.flush()
            try:
                rc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env,
                                    timeout=STEP_TIMEOUT, check=False).returncode
            except subprocess.TimeoutExpired:
                rc = "timeout"
        events = [json.loads(l) for l in progress.read_text().splitlines()] \
            if progress.exists() else []
        for e in events:
            if "versions" in e:
                versions.update(e["versions"])
                about.update(e["net"])
        done = [e for e in events if "status" in e]
        results += done
        names = {f"{e['exporter']}:{e['variant']}" for e in done}
        if rc == 0 and names >= set(todo):
            break
        started = [e["start"] for e in events if "start" in e]
        crashed = next((s for s in reversed(started) if s not in names), None)
        why = {-6: "SIGABRT", -11: "SIGSEGV", -9: "SIGKILL"}.get(rc, f"exit code {rc}") \
            if rc != "timeout" else f"timeout after {STEP_TIMEOUT} s"
        reason = f"the step process died ({why}): {_log_tail(log)}"
        gone = [crashed] if crashed else [t for t in todo if t not in names]
        for task in gone:
            exporter, variant = task.split(":")
            results.append({"exporter": exporter, "net": net, "variant": variant,
                             "status": "failed", "stage": "convert" if crashed else "build",
                             "reason": reason})
        todo = [t for t in todo if t not in names and t not in gone]
    return results, versions, about


def o2t_versions(args) -> dict:
    code = ("import importlib.metadata as m, json, sys\n"
            "out = {'python': sys.version.split()[0]}\n"
            "for p in ('onnx2tf', 'tensorflow', 'tf-keras', 'onnx', 'onnxsim', 'onnxruntime', "
            "'sng4onnx', 'onnx-graphsurgeon', 'ai-edge-litert', 'numpy'):\n"
            "    try: out[p] = m.version(p)\n"
            "    except m.PackageNotFoundError: pass\n"
            "print(json.dumps(out))")
    p = subprocess.run([args.o2t_python, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(p.stdout)


def stand_in_coco(path: Path) -> None:
    """onnx2tf downloads 20 MS-COCO images (calibration_image_sample_data_20x128x128x3_float32.npy)
    into its working directory for any 4D 3-channel input, even for a float
    conversion and with -cind; a file of that name already there is used instead.
    This one holds 20 seeded smooth random scenes in [0, 1] (make_real_models.sample_inputs)."""
    scene = SimpleNamespace(shape=(128, 128, 3), range=(0.0, 1.0))
    np.save(path, sample_inputs(scene, np.random.default_rng(20), 20))


def run_onnx2tf(net: str, variants: list[str], args, work: Path) -> list[dict]:
    """One onnx2tf run (-oiqt writes every variant) on the torch step's ONNX file."""
    onnx, calib = work / f"{net}.onnx", work / f"{net}.calibration.npy"
    out = work / "onnx2tf" / net
    shutil.rmtree(out, ignore_errors=True)
    cwd = work / "onnx2tf-cwd"
    cwd.mkdir(parents=True, exist_ok=True)
    coco = cwd / "calibration_image_sample_data_20x128x128x3_float32.npy"
    if not coco.exists():
        stand_in_coco(coco)
    bindir = Path(args.o2t_python).parent
    # onnx2tf runs `onnxsim` as a command: the virtualenv's bin must be on PATH.
    env = dict(os.environ, PATH=f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}",
               OMP_NUM_THREADS="1", TF_CPP_MIN_LOG_LEVEL="2")
    # -rtpo Erf: without it onnx2tf writes Erf (exact GELU) as a Flex op.
    cmd = [str(bindir / "onnx2tf"), "-i", str(onnx), "-o", str(out), "-rtpo", "Erf"]
    if any(v not in ("float32", "float16") for v in variants):
        # -cind: our calibration data (channels last, already normalised: mean 0, std 1)
        cmd += ["-oiqt", "-cind", "input", str(calib), "[0.0]", "[1.0]"]
    log = work / f"{net}.onnx2tf.log"
    results = []
    if not onnx.exists():
        return [{"exporter": O2T, "net": net, "variant": v, "status": "failed", "stage": "convert",
                 "reason": "no ONNX file: torch.onnx.export failed (see litert-torch step)"}
                for v in variants]
    t = time.time()
    with log.open("w") as f:
        f.write(f"$ {' '.join(cmd)}\n")
        f.flush()
        rc = subprocess.run(cmd, cwd=cwd, env=env, stdout=f, stderr=subprocess.STDOUT,
                            timeout=STEP_TIMEOUT, check=False).returncode
    for v in variants:
        path = out / f"{net}{O2T_SUFFIX[v]}.tflite"
        rec = {"exporter": O2T, "net": net, "variant": v, "seconds": round(time.time() - t, 1)}
        if path.exists():
            rec.update(status="made", path=str(path))
        else:
            rec.update(status="failed", stage="convert",
                       reason=f"onnx2tf (exit code {rc}) wrote no {path.name}: "
                              f"{_o2t_error(log, rc)}")
        results.append(rec)
    return results


def _o2t_error(log: Path, rc: int) -> str:
    """onnx2tf's own error line, the last exception, or where it died."""
    lines = [re.sub(r"\x1b\[[0-9;]*m", "", l).strip()
             for l in log.read_text(errors="replace").splitlines()]
    lines = [l for l in lines if l]
    if rc < 0:
        sig = {-6: "SIGABRT", -11: "SIGSEGV", -9: "SIGKILL"}.get(rc, f"signal {-rc}")
        done = [l for l in lines if "output complete" in l]
        return f"onnx2tf died ({sig})" + (f" after '{done[-1]}'" if done else "")
    errs = [l for l in lines if l.startswith("ERROR:") or re.match(r"^[\w.]+(Error|Exception): ", l)]
    return (errs[-1] if errs else lines[-1] if lines else "")[:300]


# --------------------------------------------------------------------------
# One made file: describe, check, keep
# --------------------------------------------------------------------------


def finish(rec: dict, v: Variant, args, work: Path) -> dict:
    base = f"{rec['net']}.{rec['variant']}.tflite"
    small_dir, large_dir = args.out / rec["exporter"], args.out_large / rec["exporter"]
    for d in (small_dir, large_dir, args.out_large / "rejected" / rec["exporter"]):
        (d / base).unlink(missing_ok=True)
    keep = {k: rec[k] for k in ("exporter", "net", "variant", "seconds") if k in rec}
    keep["file"] = f"{rec['exporter']}/{base}"
    if rec["status"] != "made":
        return {**keep, **{k: rec[k] for k in ("status", "stage", "reason")}}
    src = Path(rec["path"])
    buf = src.read_bytes()
    desc = describe(buf)
    if v.quantized and not quantized_anything(desc):
        return {**keep, "status": "failed", "stage": "quantize", "bytes": len(buf),
                "reason": "the recipe quantized no tensor: the output is the float model"}
    small = len(buf) <= args.small_limit * 1024 and rec["net"] != LLM_LARGE
    dest = (small_dir if small else large_dir) / base
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(src, dest)
    keep.update(where="committed" if small else "large", bytes=len(buf),
                sha256=hashlib.sha256(buf).hexdigest(), **desc)
    blockwise = any(k.split(" ")[-1].startswith("blockwise") for k in desc["constants"])
    ref = Path(rec.get("reference") or work / f"{rec['net']}.reference.npz")
    try:
        resolver, err, note = check(dest, ref, v.tol, blockwise)
    except Exception as e:  # noqa: BLE001 - a broken model is not kept in the corpus
        rejected = args.out_large / "rejected" / rec["exporter"] / base
        rejected.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(dest, rejected)
        return {**{k: keep[k] for k in ("exporter", "net", "variant", "file", "bytes", "ops")},
                "status": "failed", "stage": "check", "reason": str(e)[:400],
                "rejected": _rel(rejected)}
    return {**keep, "status": "ok", "resolver": resolver, "error": float(f"{err:.4g}"),
            "tol": v.tol, "note": note, "path": _rel(dest)}


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def report(r: dict) -> None:
    name = model_name(r["exporter"], r["net"], r["variant"])
    if r["status"] == "ok":
        extra = "" if r["resolver"] == "ref" else " [default resolver]"
        large = "" if r["where"] == "committed" else " (large)"
        print(f"ok   {name:<58} {r['bytes']:>11,} B{large}  err {r['error']:.3g}{extra}",
              flush=True)
    else:
        print(f"FAIL {name:<58} {r['stage']}: {r['reason'][:200]}", flush=True)


# --------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------


def select(patterns, large_llm: bool) -> dict[str, list[Variant]]:
    """net -> the variants to make, in table order."""
    jobs: dict[str, list[Variant]] = {}
    for v, net in all_models(large_llm):
        name = model_name(v.exporter, net, v.name)
        if not patterns or any(fnmatch.fnmatchcase(name, p.removesuffix(".tflite"))
                               for p in patterns):
            jobs.setdefault(net, []).append(v)
    if patterns and not jobs:
        raise SystemExit(f"no model matches {patterns}; see --list")
    return jobs


def make_net(net: str, variants: list[Variant], args, work: Path) -> tuple[list[dict], dict, dict]:
    torch_tasks = [f"{v.exporter}:{v.name}" for v in variants if v.exporter in (LT, LQ, GEN)]
    o2t = [v.name for v in variants if v.exporter == O2T]
    if o2t:
        torch_tasks.append("onnx:export")
    made, versions, about = run_torch_step(net, torch_tasks, args, work)
    out = {}
    for rec in made:
        if rec["exporter"] == "onnx":
            if rec["status"] != "made":
                print(f"FAIL onnx export of {net}: {rec['reason']}", flush=True)
            continue
        out[(rec["exporter"], rec["variant"])] = rec
    if o2t:
        versions = {"torch": versions, O2T: o2t_versions(args)}
        for rec in run_onnx2tf(net, o2t, args, work):
            out[(O2T, rec["variant"])] = rec
    else:
        versions = {"torch": versions}
    results = []
    for v in variants:
        rec = out.get((v.exporter, v.name)) or {
            "exporter": v.exporter, "net": net, "variant": v.name, "status": "failed",
            "stage": "build", "reason": "the step wrote no record"}
        r = finish(rec, v, args, work)
        report(r)
        results.append(r)
    return results, versions, about


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--only", nargs="+", metavar="PATTERN",
                   help="models <exporter>/<net>.<variant> (shell patterns: 'onnx2tf/*', '*/vit.*')")
    p.add_argument("--torch-python", default=str(ROOT / "build" / "venvs" / "torch" / "bin" / "python"),
                   help="the torch virtualenv's python (requirements-torch.txt)")
    p.add_argument("--o2t-python", default=str(ROOT / "build" / "venvs" / "o2t" / "bin" / "python"),
                   help="the onnx2tf virtualenv's python (requirements-onnx2tf.txt)")
    p.add_argument("--out", type=Path, default=OUT,
                   help="directory for files <= --small-limit KiB, README.md and manifest.json")
    p.add_argument("--out-large", type=Path, default=DEFAULT_LARGE,
                   help="directory for larger files and the work files (default "
                        "build/exporter-models/)")
    p.add_argument("--small-limit", type=int, default=SMALL_LIMIT_KIB, metavar="KIB",
                   help=f"largest file kept in --out, in KiB (default {SMALL_LIMIT_KIB})")
    p.add_argument("--large-llm", action="store_true",
                   help=f"also make {LLM_LARGE} (~300M parameters, int4 blockwise, ~150 MiB; "
                        "build/ only)")
    p.add_argument("--list", action="store_true", help="print the networks and variants")
    p.add_argument("--readme", action="store_true", help="only rewrite README.md from manifest.json")
    args = p.parse_args(argv)

    from exporter_readme import net_table, variant_table, write_readme  # noqa: PLC0415

    manifest_path = args.out / MANIFEST
    manifest = (json.loads(manifest_path.read_text()) if manifest_path.exists()
                else {"versions": {}, "models": []})
    if args.list:
        print(net_table(manifest, NETS + [LLM, LLM_LARGE]) + "\n\n" + variant_table(VARIANTS))
        return 0
    if args.readme:
        write_readme(manifest, args.out / "README.md", VARIANTS, NETS + [LLM, LLM_LARGE],
                     args.small_limit)
        return 0

    jobs = select(args.only, args.large_llm)
    work = args.out_large / "work"
    work.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    results = []
    for net, variants in jobs.items():
        t = time.time()
        print(f"== {net}: {len(variants)} variants", flush=True)
        got, versions, about = make_net(net, variants, args, work)
        results += got
        if about:
            manifest.setdefault("nets", {})[net] = about
        if versions.get("torch"):
            manifest["versions"]["torch-venv"] = versions["torch"]
        if versions.get(O2T):
            manifest["versions"]["onnx2tf-venv"] = versions[O2T]
        print(f"   {net}: {time.time() - t:.0f}s", flush=True)
        # Written after every network, so that an interrupted run keeps what it made.
        save(manifest, results, args)

    ok = sum(r["status"] == "ok" for r in results)
    print(f"\n{ok} made, {len(results) - ok} failed, in {time.time() - t0:.0f}s")
    return 0


def save(manifest: dict, results: list[dict], args) -> None:
    from importlib.metadata import version

    done = {(r["exporter"], r["net"], r["variant"]) for r in results}
    models = [r for r in manifest["models"] if (r["exporter"], r["net"], r["variant"]) not in done]
    models = sorted(models + results, key=model_order)
    manifest["models"] = models
    manifest["versions"]["check"] = {"python": sys.version.split()[0], "numpy": np.__version__,
                                     "ai-edge-litert": version("ai-edge-litert")}
    (args.out / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    from exporter_readme import write_readme  # noqa: PLC0415

    write_readme(manifest, args.out / "README.md", VARIANTS, NETS + [LLM, LLM_LARGE],
                 args.small_limit)


if __name__ == "__main__":
    sys.exit(main())
