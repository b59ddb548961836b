"""CPU time of the print phase alone (print_module), per model.

    python benchmarks/printing.py MODEL.tflite ...           # 5 prints of each model's final IR
    python benchmarks/printing.py -n 9 /tmp/chain-20000.tflite

Each model is converted once in this process, then printed `-n` times to /dev/null (with the
collection thresholds `convert` prints under). `first` is the print a `convert` process makes
(it generates the printers of the formats the model uses, see ir/printer.py); `best` is the
fastest of the others. benchmarks/synthetic.py writes a many-op model to print
(make_model). Interleave runs of two checkouts to compare them: other load moves the figures.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("models", nargs="+", type=Path)
    p.add_argument("-n", type=int, default=5, help="prints per model (default 5)")
    args = p.parse_args()
    from tfl2quant.ir.printer import print_module
    from tfl2quant.pipeline import convert, fewer_collections
    for model in args.models:
        module = convert(str(model)).module
        times = []
        for _ in range(max(1, args.n)):
            with open(os.devnull, "w") as out, fewer_collections():
                t = time.process_time()
                print_module(module, out)
                times.append(time.process_time() - t)
        best = min(times[1:]) if len(times) > 1 else times[0]
        print(f"{model.name:50s} first {times[0] * 1e3:8.1f} ms  best {best * 1e3:8.1f} ms CPU", flush=True)


if __name__ == "__main__":
    main()
