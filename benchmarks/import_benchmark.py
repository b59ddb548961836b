"""Import benchmark: a large synthetic model, import time and peak memory.

    python benchmarks/import_benchmark.py                 # ~1 GB of int8 weights, 257 ops
    python benchmarks/import_benchmark.py --gb 2 --layout offset
    python benchmarks/import_benchmark.py --model some.tflite

The model is a chain of int8 FULLY_CONNECTED layers with per-channel weights
(`--layers` of them, sized so the weights total `--gb` gigabytes). `--layout
offset` stores the weights after the flatbuffer (Buffer.offset/size, the
format of models over 2 GB) instead of inside it. Each measurement runs in a
fresh process so its peak resident memory (ru_maxrss) is its own:

    import   tfl2quant.importer.model.import_model (constants are views of the mmap)
    print    import + print the tfl stage to /dev/null (streams every constant as hex)

Peak RSS counts the file's pages the process has mapped: `print` touches
every page, so it approaches the file size but not more; `import` touches only
the flatbuffer's tables (with inline buffers the kernel maps whole page-cache
folios around them, so RSS grows with the number of buffers, not their size).
The anonymous RSS (memory the process allocated itself) shows nothing is copied.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def make_model(path: Path, gigabytes: float, layers: int, layout: str) -> None:
    from ai_edge_litert import schema_py_generated as schema

    from tools.tflite_builder import ModelBuilder, per_axis, per_tensor

    units = int(np.sqrt(gigabytes * 1e9 / layers)) // 16 * 16
    rng = np.random.default_rng(0)
    m = ModelBuilder()
    g = m.subgraph()
    x = g.input("x", [1, units], "INT8", quant=per_tensor(0.05, 0))
    options = schema.FullyConnectedOptionsT()
    for k in range(layers):
        w = g.const(f"w{k}", rng.integers(-127, 128, (units, units), dtype=np.int8),
                    quant=per_axis(np.full(units, 0.001, np.float32), axis=0), external=layout == "offset")
        b = g.const(f"b{k}", np.zeros(units, np.int32), quant=per_axis(np.full(units, 5e-5), axis=0))
        y = g.tensor(f"y{k}", [1, units], "INT8", quant=per_tensor(0.05, 0))
        g.op("FULLY_CONNECTED", [x, w, b], [y], options)
        x = y
    g.output(x)
    path.write_bytes(m.build())


# Peak RSS from /proc/self/status (VmHWM): unlike getrusage's ru_maxrss it is not
# inherited from the (large) parent process that forked us.
MEASURE = r"""
import sys, time, os
t0 = time.perf_counter()
from tfl2quant.importer.model import import_model
from tfl2quant.ir.printer import print_module
module = import_model(sys.argv[1])
t1 = time.perf_counter()
if sys.argv[2] == "print":
    with open(os.devnull, "w") as out:
        print_module(module, out)
t2 = time.perf_counter()
ops = sum(1 for _ in module.walk())
status = {l.split(":")[0]: l.split()[1] for l in open("/proc/self/status") if l.split(":")[0] in ("VmHWM", "RssAnon")}
print(t1 - t0, t2 - t0, int(status["VmHWM"]) * 1024, int(status["RssAnon"]) * 1024, ops)
"""


def measure(model: Path, what: str) -> dict:
    out = subprocess.run([sys.executable, "-c", MEASURE, str(model), what], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    import_s, total_s, peak, anon, ops = out.stdout.split()
    return {"what": what, "import_s": float(import_s), "total_s": float(total_s), "peak_rss_bytes": int(peak),
            "anon_rss_bytes": int(anon), "ops": int(ops)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--gb", type=float, default=1.0, help="weights in gigabytes")
    p.add_argument("--layers", type=int, default=256)
    p.add_argument("--layout", choices=["inline", "offset"], default="inline")
    p.add_argument("--model", type=Path, help="measure this model instead of making one")
    p.add_argument("--json", type=Path, help="also write the results here")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        model = args.model
        if model is None:
            model = Path(tmp) / "large.tflite"
            t = time.perf_counter()
            make_model(model, args.gb, args.layers, args.layout)
            print(f"made {model.name}: {model.stat().st_size / 1e9:.2f} GB in {time.perf_counter() - t:.0f} s "
                  f"({args.layers} layers, {args.layout} buffers)")
        size = model.stat().st_size
        results = [measure(model, "import"), measure(model, "print")]
    print(f"{'step':<8} {'seconds':>8} {'peak RSS':>10} {'RSS / file':>10} {'anon RSS':>10} {'ops':>6}")
    for r in results:
        seconds = r["import_s"] if r["what"] == "import" else r["total_s"]
        print(f"{r['what']:<8} {seconds:>8.2f} {r['peak_rss_bytes'] / 1e9:>8.2f}GB "
              f"{r['peak_rss_bytes'] / size:>10.2f} {r['anon_rss_bytes'] / 1e9:>8.3f}GB {r['ops']:>6}")
    if args.json:
        args.json.write_text(json.dumps({"file_bytes": size, "results": results}, indent=2))


if __name__ == "__main__":
    main()
