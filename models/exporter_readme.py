"""models/exporters/README.md, written from manifest.json by make_exporter_models.py."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from make_real_models import ops_summary, quant_summary


def _kib(n: int) -> str:
    return f"{n / 1024:,.0f} KiB" if n < 1024 * 1024 else f"{n / 1024 / 1024:.1f} MiB"


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def net_table(manifest: dict, nets: list[str]) -> str:
    about = manifest.get("nets", {})
    rows = ["| network | parameters | input | what |", "| --- | --- | --- | --- |"]
    for n in nets:
        a = about.get(n)
        if a:
            rows.append(f"| `{n}` | {a['parameters']:,} | {a['input']} | {_cell(a['note'])} |")
    return "\n".join(rows)


def variant_table(variants) -> str:
    rows = ["| exporter | variant | bound | what |", "| --- | --- | --- | --- |"]
    for v in variants:
        rows.append(f"| {v.exporter} | `{v.name}` | {v.tol:g} | {_cell(v.note)} |")
    return "\n".join(rows)


def _versions(manifest: dict) -> str:
    names = {"torch-venv": "torch virtualenv (litert-torch, litert-quantizer, torch.onnx)",
             "onnx2tf-venv": "onnx2tf virtualenv", "check": "checking interpreter"}
    out = []
    for key, label in names.items():
        v = manifest.get("versions", {}).get(key)
        if v:
            out.append(f"- {label}: " + ", ".join(f"{k} {val}" for k, val in v.items()))
    return "\n".join(out)


def _sizes(models: list[dict]) -> str:
    ok = [r for r in models if r["status"] == "ok"]
    out = []
    for where, label in (("committed", "in this directory (committed)"),
                         ("large", "in build/exporter-models/ (not committed)")):
        rs = [r for r in ok if r["where"] == where]
        by = Counter(r["exporter"] for r in rs)
        out.append(f"- {len(rs)} files, {_kib(sum(r['bytes'] for r in rs))}, {label}: " +
                   ", ".join(f"{e} {n}" for e, n in sorted(by.items())))
    return "\n".join(out)


README = """\
# Exporter corpus

Models made the way users make them — PyTorch through litert-torch (its
converter, its PT2E quantizer, the generative API's quantization recipes and its
LLM converter), the same networks exported to ONNX and converted by onnx2tf,
and litert-quantizer recipes applied to litert-torch's float models — by
`models/make_exporter_models.py`.  Nothing is downloaded; every weight is
seeded.

Files of at most {limit} KiB are in the exporter's subdirectory here (committed);
larger ones go to `build/exporter-models/<exporter>/` (not committed: rebuild them
with the same command).  `manifest.json` holds every row below in
machine-readable form (sha256, op histogram, quantization, error figure; the
failures with their reason); this README is written from it.

## Rebuild

Two virtualenvs, one per exporter family, with the exact versions below
(the script itself only needs numpy and ai-edge-litert, e.g. the tfl2quant
virtualenv):

    python3 -m venv build/venvs/torch && build/venvs/torch/bin/pip install -r models/exporters/requirements-torch.txt
    python3 -m venv build/venvs/o2t && build/venvs/o2t/bin/pip install -r models/exporters/requirements-onnx2tf.txt

    .venv/bin/python models/make_exporter_models.py                   # everything
    .venv/bin/python models/make_exporter_models.py --only 'onnx2tf/*' '*/vit.*'
    .venv/bin/python models/make_exporter_models.py --large-llm       # also the ~300M-parameter LLM
    .venv/bin/python models/make_exporter_models.py --torch-python P --o2t-python Q
    .venv/bin/python models/make_exporter_models.py --list            # networks and variants
    .venv/bin/python models/make_exporter_models.py --readme          # rewrite this file

`--only` takes shell patterns over `<exporter>/<net>.<variant>`.  Each network is
one process in the torch virtualenv (models/exporter_steps/litert_torch_step.py),
then one `onnx2tf` run; the step's log is in
`build/exporter-models/work/<net>.log` (onnx2tf's in `<net>.onnx2tf.log`), next to
the ONNX files, the calibration data and each network's reference input and
output.  Everything runs one after another (about 1 h on two busy cores).

Versions used for the files here:

{versions}

## Exporter traps, and what the script does

- litert-torch's generative converter imports TensorFlow without declaring it:
  requirements-torch.txt installs tensorflow-cpu.
- Its weight-only int4 blockwise recipe is refused by its own recipe matrix
  (`supported_schemes.py`): `gen-weight-only-int4-block32` is tried and
  recorded as refused.
- Its blockwise recipes need the quantized dimension divisible by the block:
  a layer narrower than 128 makes `gen-dynamic-int4-block128` fail.
- Every export uses static shapes (batch 1): torch.export with a dynamic
  sequence dimension fails for the LSTM / GRU networks ("Constraints violated";
  a dynamic batch exports).
- PT2E "int8" leaves residual ADDs, LayerNorm, softmax and BATCH_MATMUL in float
  (see the `float ops` feature below; the LSTMs stay float inside), and static
  PT2E makes the model's output int8 (and its input, unless that is a token or
  LSTM input).
- `LiteRTModel.__call__` fails on models the generative recipes quantized
  (the quantizer returns a bytearray the interpreter wrapper rejects); the
  files themselves are fine, so the script checks files, never that call.
- onnx2tf runs `onnxsim` as a command: the onnx2tf virtualenv's `bin` is put on
  PATH.
- onnx2tf downloads 20 MS-COCO images (`calibration_image_sample_data_20x128x128x3_float32.npy`)
  into its working directory for any image input, even for a float conversion
  and with `-cind`; the script puts a seeded stand-in of that name there and
  gives the integer conversions its own calibration data with
  `-cind input <net>.calibration.npy [0.0] [1.0]`.
- onnx2tf turns Erf (exact GELU) into a Flex op unless told `-rtpo Erf`.
- onnx2tf's float16 file keeps FLOAT16 constants behind DEQUANTIZE.
- torch.onnx.export's default exporter writes the weights to a separate
  `.onnx.data` file; the script passes `external_data=False`.
- litert-torch and litert-quantizer can keep the weights after the flatbuffer
  (the `buffer-offset` feature below).

## Weights and data

The networks are in `models/exporter_steps/nets.py`: torchvision's classes
(narrower where torchvision has a knob for it) and a GPT-style decoder, LSTM /
GRU and a UNet written as tutorials write them.  Each is seeded from its name;
the parameters PyTorch initialises to constants get trained-looking values
(BatchNorm gamma in [0.5, 2] and beta = gamma * U(0.5, 2), a tenth on the last
BatchNorm of each residual branch, biases +-0.1, LayerNorm gamma / beta), one
pass over 32 seeded inputs sets the BatchNorm running statistics, and the
classifier is rescaled so its outputs spread by about 2 — as
`models/make_real_models.py` does, so that quantization noise does not decide a
random deep network's output.  Images are smooth random scenes in [-2, 2],
sequences uniform in [-2, 2], tokens uniform in the vocabulary.  PT2E and
litert-quantizer calibrate on 32 such inputs, onnx2tf on the same 32.  The
LLMs are built with `torch.manual_seed` and PyTorch's initialisation.

## What each file was checked for

After writing a file the script loads it in a fresh process with the TFLite
interpreter (ai-edge-litert) and the `BUILTIN_REF` kernels, runs every
signature on the network's seeded input (quantized inputs fed quantized; NCHW
images transposed to NHWC for onnx2tf; the LLMs' KV cache empty) and requires
finite outputs and `max|tflite - torch| / max|torch|` within the variant's
bound (the LLMs: the decode signature's logits for one token at position 0).
The bounds only catch broken conversions: random weights make int8 / int4
errors large.  If `BUILTIN_REF` cannot run a model or misses the bound, the
default resolver is tried and a model that passes there is kept with `default`
in the `runs` column.  Blockwise models are judged under the default resolver
only (LiteRT's `BUILTIN_REF` FULLY_CONNECTED gets blockwise weights wrong; the
note in manifest.json has its figure).  A model that fails is deleted and
listed below.

## Networks

{nets}

## Variants

{variants}

## Sizes

{sizes}

## Models

`where`: `committed` (this directory) or `large` (`build/exporter-models/`).
`quantization`: model io types, non-constant tensor types, constants by type
and granularity, and features: `hybrid` (float op with an int8/int4 constant),
`weight-only` (DEQUANTIZE of an integer constant), `float16-weights`,
`float ops ...` (ops left in float inside a quantized graph),
`N subgraphs`, `buffer-offset` (weights after the flatbuffer).

{models}

## Refused and failed

Variants an exporter could not make (stage `convert`), recipes that quantized
nothing (`quantize`) and files that did not run or missed their bound (`check`;
the file is kept out of the corpus, in `build/exporter-models/rejected/`).
By cause first, then each model with its full reason.

{causes}

{failures}
"""


def cause(reason: str) -> str:
    """A failure's reason without what differs between models (tensor names,
    node numbers, shapes, file names), to group them."""
    r = re.sub(r"(tensor: )\S+(\. Error)", r"\1T\2", reason)
    r = re.sub(r"…\S+", "T", r)
    r = re.sub(r"Node number \d+", "Node number N", r)
    r = re.sub(r"dimension \d+ in tensor shape \([^)]*\)", "dimension N in tensor shape S", r)
    r = re.sub(r"wrote no \S+\.tflite", "wrote no file", r)
    r = re.sub(r"= [\d.e+-]+ > ", "= E > ", r)
    r = re.sub(r"input 0, name: \S+", "input 0", r)
    return r.split("; default resolver: ")[0] if "BUILTIN_REF: " in r and \
        r.split("; default resolver: ")[-1] == r.split("; default resolver: ")[0].replace(
            "BUILTIN_REF: ", "") else r


def _causes(models: list[dict]) -> str:
    groups: dict[str, list[str]] = {}
    for r in models:
        if r["status"] != "ok":
            key = f"{r['stage']}: {cause(r['reason'])}"
            groups.setdefault(key, []).append(f"{r['exporter']}/{r['net']}.{r['variant']}")
    rows = ["| n | stage: why | models |", "| --- | --- | --- |"]
    for key, names in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        rows.append(f"| {len(names)} | {_cell(key)} | {', '.join(f'`{n}`' for n in names)} |")
    return "\n".join(rows)


def write_readme(manifest: dict, path: Path, variants, nets: list[str], limit: int) -> None:
    rows = ["| file | where | size | runs | error | ops | quantization |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    fails = ["| model | stage | why |", "| --- | --- | --- |"]
    for r in manifest["models"]:
        name = f"`{r['exporter']}/{r['net']}.{r['variant']}`"
        if r["status"] == "ok":
            runs = "BUILTIN_REF" if r["resolver"] == "ref" else "default"
            rows.append(f"| {name} | {r['where']} | {_kib(r['bytes'])} | {runs} | "
                        f"{r['error']:.3g} | {ops_summary(r['ops'])} | {_cell(quant_summary(r))} |")
        else:
            kept = f" (file kept: `{r['rejected']}`)" if r.get("rejected") else ""
            fails.append(f"| {name} | {r['stage']} | {_cell(r['reason'])}{kept} |")
    path.write_text(README.format(
        limit=limit, versions=_versions(manifest), nets=net_table(manifest, nets),
        variants=variant_table(variants), sizes=_sizes(manifest["models"]),
        models="\n".join(rows), causes=_causes(manifest["models"]),
        failures="\n".join(fails) if len(fails) > 2 else "None."))
