"""The end of each command's --help: examples and exit codes (docs/architecture.md's contract).

`\\b` keeps click from rewrapping the paragraph after it.
"""

_INTERRUPTED = "  130  interrupted (Ctrl-C)"

MAIN = """\b
Examples:
  tfl2quant convert model.tflite -o model.mlir
  tfl2quant check model.tflite
  tfl2quant report models/ --jobs 0 --format md
  tfl2quant opt model.mlir --pass-pipeline='builtin.module(canonicalize, cse)'

\b
Each command's --help lists its exit codes; 2 is always a usage or input error."""

CONVERT = f"""\b
Examples:
  tfl2quant convert model.tflite -o model.mlir
  cat model.tflite | tfl2quant convert - --emit tfl
  tfl2quant convert model.tflite --emit legalized --mlir-pass-statistics
  tfl2quant convert model.tflite --input-shape 1x224x224x3 --emit-bytecode -o model.mlirbc
  tfl2quant convert model.tflite --mlir-elide-elementsattrs-if-larger=16 --mlir-print-ir-after=legalize-tfl

\b
Exit codes:
    0  written
    1  --strict: some op stays a tfl op (named on stderr); or stdout closed early
    2  usage or input error (no such file, not a TFLite model, malformed model,
       --no-fallback refused ops, an option that does nothing with the others)
{_INTERRUPTED}"""

OPT = f"""\b
Examples:
  tfl2quant opt in.mlir --canonicalize --cse -o out.mlir
  tfl2quant opt in.mlir --pass-pipeline='builtin.module(lower-quant-ops, strip-func-quant-types)'
  tfl2quant opt tests.mlir --split-input-file --verify-diagnostics
  tfl2quant convert m.tflite --emit tfl | tfl2quant opt - --legalize-tfl --mlir-print-ir-after-change --mlir-print-ir-after-all
  tfl2quant opt --list-passes

\b
Exit codes:
    0  every chunk parsed, verified and ran; diagnostics matched
    1  a chunk failed to parse, verify or run, or --verify-diagnostics found a mismatch
    2  usage error (bad pass pipeline, unknown pass, an option that does nothing
       with the others), no such file
{_INTERRUPTED}"""

CHECK = f"""\b
Examples:
  tfl2quant check model.tflite
  tfl2quant check model.tflite --samples 5 --json check.json
  tfl2quant check model.tflite --inputs inputs.npz --rounding half-to-even
  cat model.tflite | tfl2quant check -
  tfl2quant check llm.tflite --decode-steps 8    (each signature, then prefill + 8 decode steps)

\b
Exit codes:
    0  PASS (and PASS (per layer), PASS (float noise) with --per-layer-ok)
    1  FAIL: does not conform, or a stage could not run
    2  usage or input error, before any work (no such file, bad --inputs, --atol)
    3  PASS (per layer)
    4  NOT COMPARED: TFLite cannot load the model; our stages agree
    5  PASS (float noise)
{_INTERRUPTED}"""

REPORT = f"""\b
Examples:
  tfl2quant report models/ --jobs 0
  tfl2quant report models/ --check --format html -o report.html
  tfl2quant report a.tflite b.tflite --format json
  cat model.tflite | tfl2quant report -

\b
Exit codes:
    0  every model converted (with --check: PASS, PASS (per layer) or NOT COMPARED)
    1  some model failed to convert or its worker died, or with --check got FAIL or ERROR
    2  usage error, no such path
{_INTERRUPTED}"""
