// Golden test of --mlir-pass-statistics (passes/instrumentation.py): upstream's report
// (mlir/lib/Pass/PassStatistics.cpp) on stderr after the passes, in its two displays.

// pipeline (the default): every pass in pipeline order, each with its statistics, sorted by name.
// RUN: tfl2quant opt %s --cse --canonicalize --cse --symbol-dce --mlir-pass-statistics -o /dev/null 2>&1 | filecheck %s --check-prefix=PIPELINE --match-full-lines --strict-whitespace
// PIPELINE:===-------------------------------------------------------------------------===
// PIPELINE-NEXT:                         ... Pass statistics report ...
// PIPELINE-NEXT:===-------------------------------------------------------------------------===
// PIPELINE-NEXT:CSEPass
// PIPELINE-NEXT:  (S) 1 num-cse'd - Number of operations CSE'd
// PIPELINE-NEXT:  (S) 0 num-dce'd - Number of operations DCE'd
// PIPELINE-NEXT:CanonicalizerPass
// PIPELINE-NEXT:CSEPass
// PIPELINE-NEXT:  (S) 0 num-cse'd - Number of operations CSE'd
// PIPELINE-NEXT:  (S) 0 num-dce'd - Number of operations DCE'd
// PIPELINE-NEXT:SymbolDCEPass
// PIPELINE-NEXT:  (S) 1 num-dce'd - Number of symbols DCE'd
// PIPELINE-EMPTY:

// list: the passes that have statistics, merged by name (the two CSEs add up) and sorted.
// RUN: tfl2quant opt %s --cse --canonicalize --cse --symbol-dce --mlir-pass-statistics --mlir-pass-statistics-display=list -o /dev/null 2>&1 | filecheck %s --check-prefix=LIST --match-full-lines --strict-whitespace
// LIST:===-------------------------------------------------------------------------===
// LIST-NEXT:                         ... Pass statistics report ...
// LIST-NEXT:===-------------------------------------------------------------------------===
// LIST-NEXT:  CSEPass
// LIST-NEXT:    (S) 1 num-cse'd - Number of operations CSE'd
// LIST-NEXT:    (S) 0 num-dce'd - Number of operations DCE'd
// LIST-NEXT:  SymbolDCEPass
// LIST-NEXT:    (S) 1 num-dce'd - Number of symbols DCE'd
// LIST-EMPTY:

// With --split-input-file, one report per chunk, as each chunk runs its own pass manager.
// RUN: tfl2quant opt %s --split-input-file --cse --mlir-pass-statistics -o /dev/null 2>&1 | filecheck %s --check-prefix=SPLIT
// SPLIT-COUNT-2: Pass statistics report

// legalize-tfl counts its ops per path (convert takes the flag too).
// RUN: tfl2quant convert %models/small-cnn.int8.tflite --emit legalized --mlir-pass-statistics -o /dev/null 2>&1 | filecheck %s --check-prefix=LEGALIZE --match-full-lines --strict-whitespace
// LEGALIZE:LegalizeTfl
// LEGALIZE-NEXT:  (S) 0 num-fallback  - Number of ops on the fallback path
// LEGALIZE-NEXT:  (S) 0 num-float     - Number of ops on the float path
// LEGALIZE-NEXT:  (S) 9 num-integer   - Number of ops on the integer path
// LEGALIZE-NEXT:  (S) 0 num-unlowered - Number of ops on the unlowered path

// The display alone does nothing: a usage error.
// RUN: not tfl2quant opt %s --cse --mlir-pass-statistics-display=list 2>&1 | filecheck %s --check-prefix=DISPLAY_ALONE --match-full-lines
// DISPLAY_ALONE: error: --mlir-pass-statistics-display does nothing without --mlir-pass-statistics

func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %arg0, %arg0 : tensor<4xf32>
  %1 = arith.addf %arg0, %arg0 : tensor<4xf32>
  %2 = arith.mulf %0, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}
func.func private @unused()

// -----

func.func @g() {
  return
}
