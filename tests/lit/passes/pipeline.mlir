// Golden test of pass pipelines in `tfl2quant opt` (passes/pass_base.py, cli.py): pipeline
// strings with or without the builtin.module anchor, nested func.func anchors, pass options,
// pass flags in command-line order, --mlir-print-ir-after-all, and pipeline errors.

// The RFC's workflow as one pipeline: fold the round trip, merge the duplicate dcast, lower
// the casts, strip the signature and cancel the scasts: no quantized type is left.
// RUN: tfl2quant opt %s --mlir-print-op-generic --pass-pipeline='builtin.module(canonicalize, cse, lower-quant-ops{rounding=half-to-even}, strip-func-quant-types, canonicalize, cse)' | filecheck %s --check-prefix=FULL
// RUN: tfl2quant opt %s --pass-pipeline='builtin.module(canonicalize, cse, lower-quant-ops{rounding=half-to-even}, strip-func-quant-types, canonicalize, cse)' | iree-opt -o /dev/null
// FULL-NOT:     quant
// FULL-LABEL:   func.func @fallback
// FULL-SAME:      (%[[ARG0:.*]]: tensor<4xi8>, %[[ARG1:.*]]: tensor<4xi8>) -> tensor<4xi8>
// FULL-DAG:       %[[SCALE:.*]] = arith.constant dense<5.000000e-01> : tensor<4xf32>
// FULL-DAG:       %[[ZERO_POINT:.*]] = arith.constant dense<-3.000000e+00> : tensor<4xf32>
// FULL-DAG:       %[[A_STORED:.*]] = "arith.sitofp"(%[[ARG0]])
// FULL:           %[[A_CENTERED:.*]] = "arith.subf"(%[[A_STORED]], %[[ZERO_POINT]])
// FULL-NEXT:      %[[A:.*]] = "arith.mulf"(%[[A_CENTERED]], %[[SCALE]])
// FULL-NEXT:      %[[B_STORED:.*]] = "arith.sitofp"(%[[ARG1]])
// FULL-NEXT:      %[[B_CENTERED:.*]] = "arith.subf"(%[[B_STORED]], %[[ZERO_POINT]])
// FULL-NEXT:      %[[B:.*]] = "arith.mulf"(%[[B_CENTERED]], %[[SCALE]])
// FULL-NEXT:      %[[SUM:.*]] = "arith.addf"(%[[A]], %[[B]])
// FULL-NEXT:      %[[PRODUCT:.*]] = "arith.mulf"(%[[SUM]], %[[A]])
// FULL-NEXT:      "arith.divf"(%[[PRODUCT]], %[[SCALE]])
// FULL-NEXT:      "math.roundeven"
// FULL:           %[[STORED:.*]] = "arith.trunci"(%{{.*}}) : (tensor<4xi32>) -> tensor<4xi8>
// FULL-NEXT:      return %[[STORED]] : tensor<4xi8>
// FULL-NOT:     quant

!q = !quant.uniform<i8:f32, 0.5:-3>
func.func @fallback(%arg0: tensor<4x!q>, %arg1: tensor<4x!q>) -> tensor<4x!q> {
  %a = quant.dcast %arg0 : tensor<4x!q> to tensor<4xf32>
  %b = quant.dcast %arg1 : tensor<4x!q> to tensor<4xf32>
  %sum = "arith.addf"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %sum_q = quant.qcast %sum : tensor<4xf32> to tensor<4x!q>
  %sum_f = quant.dcast %sum_q : tensor<4x!q> to tensor<4xf32>
  %a_again = quant.dcast %arg0 : tensor<4x!q> to tensor<4xf32>
  %product = "arith.mulf"(%sum_f, %a_again) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %result = quant.qcast %product : tensor<4xf32> to tensor<4x!q>
  return %result : tensor<4x!q>
}

// --mlir-print-ir-after-all dumps the module to stderr after each pass, named with its
// options (defaults included), then the final module goes to stdout.
// RUN: tfl2quant opt %s --mlir-print-op-generic --pass-pipeline='builtin.module(canonicalize, cse, lower-quant-ops)' --mlir-print-ir-after-all 2>&1 >/dev/null | filecheck %s --check-prefix=DUMP
// DUMP:        // -----// IR Dump After Canonicalize (canonicalize) //----- //
// DUMP-NEXT:   module {
// DUMP:          %[[A:.*]] = quant.dcast %arg0
// DUMP:          %[[A_AGAIN:.*]] = quant.dcast %arg0
// DUMP:          "arith.mulf"(%{{.*}}, %[[A_AGAIN]])
// DUMP:        // -----// IR Dump After CSE (cse) //----- //
// DUMP-NEXT:   module {
// DUMP:          quant.dcast %arg0
// DUMP-NOT:      quant.dcast %arg0
// DUMP:        // -----// IR Dump After LowerQuantOps (lower-quant-ops) //----- //
// DUMP-NEXT:   module {
// DUMP-NOT:      quant.dcast
// DUMP:          "arith.fptosi"
// DUMP-NOT:    IR Dump After

// The func.func(...) anchor: our passes run on the whole module, so it is the same pipeline.
// RUN: tfl2quant opt %s --mlir-print-op-generic --pass-pipeline='builtin.module(func.func(canonicalize, cse))' --mlir-print-ir-after-all 2>&1 | filecheck %s --check-prefix=NESTED
// NESTED:      IR Dump After Canonicalize (canonicalize)
// NESTED:      IR Dump After CSE (cse)
// NESTED-NOT:  IR Dump After
// NESTED:      func.func @fallback
// NESTED-COUNT-2: quant.dcast
// NESTED-NEXT:   "arith.addf"
// NESTED-NEXT:   "arith.mulf"
// NESTED-NEXT:   quant.qcast
// NESTED-NEXT:   return

// The builtin.module anchor is optional. A rounding option selects the saturating lowering;
// none is upstream's (fptosi truncates, no math.round, no guard or saturation).
// RUN: tfl2quant opt %s --mlir-print-op-generic --pass-pipeline='lower-quant-ops{rounding=toward-zero}' | filecheck %s --check-prefix=ZERO
// RUN: tfl2quant opt %s --pass-pipeline='lower-quant-ops{rounding=toward-zero}' | iree-opt -o /dev/null
// ZERO-NOT:    "math.round
// ZERO:        "arith.addf"
// ZERO:        "arith.fptosi"
// RUN: tfl2quant opt %s --mlir-print-op-generic --pass-pipeline='builtin.module(lower-quant-ops{rounding=half-away-from-zero})' | filecheck %s --check-prefix=AWAY
// AWAY:        "math.round"(
// AWAY-NOT:    "math.roundeven"
// RUN: tfl2quant opt %s --mlir-print-op-generic --lower-quant-ops | filecheck %s --check-prefix=UPSTREAM
// UPSTREAM-NOT: "math.round
// UPSTREAM-NOT: "arith.maxnumf"
// UPSTREAM:     "arith.fptosi"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xi8>
// UPSTREAM-NOT: "arith.maxsi"

// Pass flags run in command-line order: stripping first leaves scast pairs for canonicalize
// to cancel; canonicalizing first leaves them in place.
// RUN: tfl2quant opt %s --mlir-print-op-generic --lower-quant-ops --strip-func-quant-types --canonicalize --mlir-print-ir-after-all 2>&1 | filecheck %s --check-prefix=STRIP_THEN_CANON
// STRIP_THEN_CANON:     IR Dump After LowerQuantOps (lower-quant-ops)
// STRIP_THEN_CANON:     IR Dump After StripFuncQuantTypes (strip-func-quant-types)
// STRIP_THEN_CANON:     IR Dump After Canonicalize (canonicalize)
// STRIP_THEN_CANON-NOT: quant
// RUN: tfl2quant opt %s --mlir-print-op-generic --lower-quant-ops --canonicalize --strip-func-quant-types --mlir-print-ir-after-all 2>&1 | filecheck %s --check-prefix=CANON_THEN_STRIP
// RUN: tfl2quant opt %s --lower-quant-ops --canonicalize --strip-func-quant-types | iree-opt -o /dev/null
// CANON_THEN_STRIP:     IR Dump After LowerQuantOps (lower-quant-ops)
// CANON_THEN_STRIP:     IR Dump After Canonicalize (canonicalize)
// CANON_THEN_STRIP:     IR Dump After StripFuncQuantTypes (strip-func-quant-types)
// CANON_THEN_STRIP:     func.func @fallback(%{{.*}}: tensor<4xi8>, %{{.*}}: tensor<4xi8>) -> tensor<4xi8>
// CANON_THEN_STRIP:     quant.scast

// Pipeline errors name the pass, the option and the choices.
// RUN: not tfl2quant opt %s --mlir-print-op-generic --pass-pipeline='builtin.module(lower-quant-ops{rounding=nearest})' 2>&1 | filecheck %s --check-prefix=BAD_VALUE
// BAD_VALUE: error: pass 'lower-quant-ops': invalid rounding='nearest'; expected one of half-away-from-zero, half-to-even, toward-zero
// RUN: not tfl2quant opt %s --mlir-print-op-generic --pass-pipeline='builtin.module(lower-quant-ops{mode=toward-zero})' 2>&1 | filecheck %s --check-prefix=BAD_OPTION
// BAD_OPTION: error: pass 'lower-quant-ops' has no option 'mode' (options: rounding, dynamic-fill)
// RUN: not tfl2quant opt %s --mlir-print-op-generic --pass-pipeline='builtin.module(cse{max-iterations=3})' 2>&1 | filecheck %s --check-prefix=NO_OPTIONS
// NO_OPTIONS: error: pass 'cse' has no option 'max-iterations' (options: none)
// RUN: not tfl2quant opt %s --mlir-print-op-generic --pass-pipeline='builtin.module(lower-quant-ops{rounding})' 2>&1 | filecheck %s --check-prefix=NOT_KEY_VALUE
// NOT_KEY_VALUE: error: pass 'lower-quant-ops': option 'rounding' needs a value (rounding=...)
// RUN: not tfl2quant opt %s --mlir-print-op-generic --pass-pipeline='builtin.module(lower-quant-ops{rounding=toward-zero)' 2>&1 | filecheck %s --check-prefix=UNTERMINATED
// UNTERMINATED: error: unterminated options of pass 'lower-quant-ops' in pipeline
// RUN: not tfl2quant opt %s --mlir-print-op-generic --pass-pipeline='builtin.module(lower-quant)' 2>&1 | filecheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: unknown pass 'lower-quant' in pipeline (known: canonicalize, cse, legalize-tfl, lower-quant-ops, normalize-quant-types, strip-debuginfo, strip-func-quant-types)
