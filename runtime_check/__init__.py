"""Running what `convert` emits, and judging it against TFLite: three packages, one above the other.

| package     | what it holds                                                           | imports            |
|-------------|-------------------------------------------------------------------------|--------------------|
| `report/`   | `tfl2quant report`: many models, one process each; text, Markdown,     | check              |
|             | JSON, HTML                                                              |                    |
| `check/`    | `tfl2quant check`: the inputs, LiteRT (`litert.py`, the ground truth),  | executor           |
|             | which of its kernels judge each op, the comparison, per-layer check,    |                    |
|             | signatures and decode loop, verdicts, the printed table                 |                    |
| `executor/` | the MLIR executor: a function planned once and run on numpy arrays      | the tfl2quant core,|
|             | (`plan.py`), its kernels (`kernels/`), and IREE (`iree_backend.py`)     | legalize's string  |
|             |                                                                         | buffers            |

The executor runs IR and knows nothing of TFLite's files or kernels, so it serves the tests
and benchmarks that run IR alone; the checker is what compares with TFLite; the report runs
the checker over many models. Imports only go down the table, and no two modules import each
other around a circle (.importlinter, tests/test_layering.py). Each package's `__init__` names
what the rest of the project uses: `runtime_check.executor.Executor`,
`runtime_check.check.check_model`, `runtime_check.report.coverage`.
"""
