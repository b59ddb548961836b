"""`convert` on a large synthetic int8 model: time and peak memory, ours against the peer.

    python benchmarks/big_model.py                       # 1 GB, 256 FC layers, inline buffers
    python benchmarks/big_model.py --gb 2 --layout offset   # > 2 GB layout: buffers after the flatbuffer
    python benchmarks/big_model.py --model /tmp/large.tflite --keep   # reuse a model made before
    python benchmarks/big_model.py -n 5 --skip 'ours text' 'peer text'  # medians of 5 interleaved runs

The model (benchmarks/import_benchmark.py's make_model: a chain of int8
FULLY_CONNECTED layers with per-channel weights) is written to /tmp, never
into the repo. Each run is a fresh process whose peak resident memory comes
from wait4's rusage (ru_maxrss: the child alone, file pages it mapped
included; the model is made in another child, so that this process stays
small: Linux counts the parent's size at fork in a child's ru_maxrss). With
`-n N` the rows run in turn N times (ours, peer, ours, peer, ...), so that the
disk's and the machine's drift slows both alike, and each column is the median
of the N runs; the wall time of these runs is bound by writing the output to
disk, which varies from run to run. Rows:

    ours text       tfl2quant convert MODEL -o OUT.mlir
    ours bytecode   tfl2quant convert MODEL --emit-bytecode -o OUT.mlirbc
    peer bytecode   tosa-converter-for-tflite MODEL --bytecode -o OUT.mlirbc
    peer text       tosa-converter-for-tflite MODEL --text -o OUT.mlir
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def run(cmd: list[str], out: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    t = time.perf_counter()
    p = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(p.pid, 0)
    seconds = time.perf_counter() - t
    err = p.stderr.read().decode(errors="replace").strip().splitlines()
    p.stderr.close()
    p.returncode = os.waitstatus_to_exitcode(status)
    size = out.stat().st_size if out.exists() else 0
    if out.exists():
        out.unlink()
    return {"seconds": seconds, "cpu": usage.ru_utime + usage.ru_stime, "peak": usage.ru_maxrss * 1024,
            "out": size, "ok": p.returncode == 0, "code": p.returncode,
            "error": err[-1][:120] if err and p.returncode else ""}


def main() -> None:
    from benchmarks.peer import install_peer

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--gb", type=float, default=1.0)
    p.add_argument("--layers", type=int, default=256)
    p.add_argument("--layout", choices=["inline", "offset"], default="inline")
    p.add_argument("--model", type=Path, help="use (or make, if missing) this model file")
    p.add_argument("--keep", action="store_true", help="keep the model file")
    p.add_argument("--skip", nargs="*", default=[], help="rows to skip, e.g. 'peer text'")
    p.add_argument("-n", "--repeat", type=int, default=1, help="interleaved runs of each row (medians)")
    args = p.parse_args()
    model = args.model or Path(f"/tmp/tfl2quant-big-{args.gb:g}gb-{args.layout}.tflite")
    if not model.exists():  # in a child: a large parent would count in the children's ru_maxrss
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import sys; from benchmarks.import_benchmark import make_model; "
                        "from pathlib import Path; make_model(Path(sys.argv[1]), float(sys.argv[2]), "
                        "int(sys.argv[3]), sys.argv[4])", str(model), str(args.gb), str(args.layers),
                        args.layout], check=True, cwd=ROOT)
        print(f"made {model}: {model.stat().st_size / 1e9:.2f} GB in {time.perf_counter() - t:.0f} s",
              file=sys.stderr)
    size = model.stat().st_size
    peer = str(install_peer())
    ours = [sys.executable, "-m", "tfl2quant.cli", "convert", str(model)]
    text, bc = (Path(f"/tmp/tfl2quant-big-out-{os.getpid()}.{ext}") for ext in ("mlir", "mlirbc"))  # ours alone
    rows = {"ours text": (ours + ["-o", str(text)], text),
            "ours bytecode": (ours + ["--emit-bytecode", "-o", str(bc)], bc),
            "peer bytecode": ([peer, str(model), "--bytecode", "-o", str(bc)], bc),
            "peer text": ([peer, str(model), "--text", "-o", str(text)], text)}
    rows = {name: row for name, row in rows.items() if name not in args.skip}
    made = f"{args.layers} FULLY_CONNECTED layers, {args.layout} buffers" if args.model is None else model.name
    print(f"model: {size / 1e9:.2f} GB, {made}, {args.repeat} run(s) of each row\n")
    runs: dict[str, list[dict]] = {name: [] for name in rows}
    for _ in range(args.repeat):
        for name, (cmd, out) in rows.items():
            runs[name].append(run(cmd, out))
    print("| run | wall (s) | CPU (s) | peak RSS | RSS / file | output |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, rs in runs.items():
        failed = [r for r in rs if not r["ok"]]
        if failed:
            error = failed[0]["error"] or f"exit {failed[0]['code']}"  # a crash prints nothing (-11: SIGSEGV)
            print(f"| {name} | failed: {error} | | | | |", flush=True)
            continue
        wall, cpu, peak, out = (statistics.median(r[k] for r in rs) for k in ("seconds", "cpu", "peak", "out"))
        spread = f" ({min(r['seconds'] for r in rs):.1f}-{max(r['seconds'] for r in rs):.1f})" if len(rs) > 1 else ""
        print(f"| {name} | {wall:.1f}{spread} | {cpu:.1f} | {peak / 1e9:.2f} GB | {peak / size:.2f} | "
              f"{out / 1e9:.2f} GB |", flush=True)
    if args.model is None and not args.keep:
        model.unlink()


if __name__ == "__main__":
    main()
