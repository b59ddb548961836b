// Golden test of mlir-opt's IR printing around passes in `tfl2quant opt` (passes/instrumentation.py):
// --mlir-print-ir-before(-all), --mlir-print-ir-after(-all), --mlir-print-ir-after-change. Each dump
// is upstream's (mlir/lib/Pass/IRPrinting.cpp): the banner names the pass as Pass::getName() and
// as a pipeline prints it, then the module and two blank lines, on stderr.

// --mlir-print-ir-before=PASS,... dumps before each pass named (here, the second canonicalize too).
// RUN: tfl2quant opt %s --canonicalize --cse --canonicalize --mlir-print-ir-before=cse,canonicalize -o /dev/null 2>&1 | filecheck %s --check-prefix=BEFORE
// BEFORE:      // -----// IR Dump Before CanonicalizerPass: canonicalize{cse-between-iterations=false    max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true} //----- //
// BEFORE-NEXT: module {
// BEFORE:        %[[DEAD:.*]] = arith.subf
// BEFORE:      {{^}}}{{$}}
// BEFORE-EMPTY:
// BEFORE-EMPTY:
// BEFORE-NEXT: // -----// IR Dump Before CSEPass: cse //----- //
// BEFORE-NOT:    arith.subf
// BEFORE-COUNT-2: arith.addf %arg0, %arg0
// BEFORE:      // -----// IR Dump Before CanonicalizerPass: canonicalize{
// BEFORE-NOT:  IR Dump

// --mlir-print-ir-before-all, and --mlir-print-ir-after=cse alone: the dumps interleave in order.
// RUN: tfl2quant opt %s --canonicalize --cse --mlir-print-ir-before-all --mlir-print-ir-after=cse -o /dev/null 2>&1 | filecheck %s --check-prefix=BEFORE_ALL
// BEFORE_ALL:      IR Dump Before CanonicalizerPass: canonicalize{
// BEFORE_ALL-NOT:  IR Dump After CanonicalizerPass
// BEFORE_ALL:      IR Dump Before CSEPass: cse //
// BEFORE_ALL:      IR Dump After CSEPass: cse //
// BEFORE_ALL-NOT:  IR Dump

// --mlir-print-ir-after-change: only the passes that changed the module dump after; the second
// canonicalize finds nothing to do.
// RUN: tfl2quant opt %s --canonicalize --cse --canonicalize --strip-debuginfo --mlir-print-ir-after-all --mlir-print-ir-after-change -o /dev/null 2>&1 | filecheck %s --check-prefix=CHANGE
// CHANGE:      IR Dump After CanonicalizerPass: canonicalize{
// CHANGE-NEXT: module {
// CHANGE:      IR Dump After CSEPass: cse //
// CHANGE-NOT:  IR Dump After CanonicalizerPass
// A change of locations alone is a change (upstream's fingerprint holds them).
// CHANGE:      IR Dump After StripDebugInfoPass: strip-debuginfo //
// CHANGE-NOT:  IR Dump
// RUN: tfl2quant opt %s --canonicalize --canonicalize --mlir-print-ir-after=canonicalize --mlir-print-ir-after-change -o /dev/null 2>&1 | filecheck %s --check-prefix=CHANGE_ONE
// CHANGE_ONE-COUNT-1: IR Dump After CanonicalizerPass
// CHANGE_ONE-NOT:     IR Dump

// The dumps take the printing flags: --mlir-elide-elementsattrs-if-larger, --mlir-print-op-generic.
// RUN: tfl2quant opt %s --cse --mlir-print-ir-after-all --mlir-elide-elementsattrs-if-larger=2 --mlir-print-op-generic -o /dev/null 2>&1 | filecheck %s --check-prefix=PRINTING
// PRINTING: IR Dump After CSEPass: cse //
// PRINTING: dense_resource<__elided__> : tensor<4xf32>
// PRINTING: "arith.addf"

// Usage errors (exit 2, one line): a name that is no pass; --mlir-print-ir-after-change with no
// dump after passes to filter (mlir-opt accepts it and prints nothing).
// RUN: not tfl2quant opt %s --cse --mlir-print-ir-before=cse,csee 2>&1 | filecheck %s --check-prefix=UNKNOWN --match-full-lines
// UNKNOWN: error: --mlir-print-ir-before: 'csee' is no pass (known: canonicalize, cse, inline, legalize-tfl, lower-quant-ops, normalize-quant-types, strip-debuginfo, strip-func-quant-types, symbol-dce)
// RUN: not tfl2quant opt %s --cse --mlir-print-ir-after-change 2>&1 | filecheck %s --check-prefix=CHANGE_ALONE --match-full-lines
// CHANGE_ALONE: error: --mlir-print-ir-after-change only filters the dumps of --mlir-print-ir-after-all or --mlir-print-ir-after=PASS; give one of them

// convert takes the same flags; legalize-tfl's dump holds the legalized module.
// RUN: tfl2quant convert %models/add-relu.int8.tflite --mlir-print-ir-after=legalize-tfl --mlir-print-ir-before=cse -o /dev/null 2>&1 | filecheck %s --check-prefix=CONVERT
// CONVERT:      // -----// IR Dump After LegalizeTfl: legalize-tfl{allow-fallback=true remarks=false unique-constants=true} //----- //
// CONVERT:        quant.scast
// CONVERT:      // -----// IR Dump Before CSEPass: cse //----- //
// CONVERT:      // -----// IR Dump Before CSEPass: cse //----- //
// CONVERT-NOT:  IR Dump

func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %dead = arith.subf %arg0, %c : tensor<4xf32>
  %0 = arith.addf %arg0, %arg0 : tensor<4xf32>
  %1 = arith.addf %arg0, %arg0 : tensor<4xf32>
  %2 = arith.mulf %0, %1 : tensor<4xf32>
  %3 = arith.mulf %2, %c : tensor<4xf32>
  return %3 : tensor<4xf32>
}
