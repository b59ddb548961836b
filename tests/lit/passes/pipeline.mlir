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

// --mlir-print-ir-after-all dumps the module to stderr after each pass, named as upstream names
// it (Pass::getName(), then the pass as a pipeline prints it: every option, default or not,
// sorted), then the final module goes to stdout. (tests/lit/passes/ir-printing.mlir has the rest.)
// RUN: tfl2quant opt %s --mlir-print-op-generic --pass-pipeline='builtin.module(canonicalize, cse, lower-quant-ops)' --mlir-print-ir-after-all 2>&1 >/dev/null | filecheck %s --check-prefix=DUMP
// DUMP:        // -----// IR Dump After CanonicalizerPass: canonicalize{cse-between-iterations=false    max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true} //----- //
// DUMP-NEXT:   module {
// DUMP:          %[[A:.*]] = quant.dcast %arg0
// DUMP:          %[[A_AGAIN:.*]] = quant.dcast %arg0
// DUMP:          "arith.mulf"(%{{.*}}, %[[A_AGAIN]])
// DUMP:        // -----// IR Dump After CSEPass: cse //----- //
// DUMP-NEXT:   module {
// DUMP:          quant.dcast %arg0
// DUMP-NOT:      quant.dcast %arg0
// DUMP:        // -----// IR Dump After LowerQuantOps: lower-quant-ops //----- //
// DUMP-NEXT:   module {
// DUMP-NOT:      quant.dcast
// DUMP:          "arith.fptosi"
// DUMP-NOT:    IR Dump After

// The func.func(...) anchor: our passes run on the whole module, so it is the same pipeline.
// RUN: tfl2quant opt %s --mlir-print-op-generic --pass-pipeline='builtin.module(func.func(canonicalize, cse))' --mlir-print-ir-after-all 2>&1 | filecheck %s --check-prefix=NESTED
// NESTED:      IR Dump After CanonicalizerPass: canonicalize{
// NESTED:      IR Dump After CSEPass: cse //
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
// STRIP_THEN_CANON:     IR Dump After LowerQuantOps: lower-quant-ops //
// STRIP_THEN_CANON:     IR Dump After StripFuncQuantTypes: strip-func-quant-types //
// STRIP_THEN_CANON:     IR Dump After CanonicalizerPass: canonicalize{
// STRIP_THEN_CANON-NOT: quant
// RUN: tfl2quant opt %s --mlir-print-op-generic --lower-quant-ops --canonicalize --strip-func-quant-types --mlir-print-ir-after-all 2>&1 | filecheck %s --check-prefix=CANON_THEN_STRIP
// RUN: tfl2quant opt %s --lower-quant-ops --canonicalize --strip-func-quant-types | iree-opt -o /dev/null
// CANON_THEN_STRIP:     IR Dump After LowerQuantOps: lower-quant-ops //
// CANON_THEN_STRIP:     IR Dump After CanonicalizerPass: canonicalize{
// CANON_THEN_STRIP:     IR Dump After StripFuncQuantTypes: strip-func-quant-types //
// CANON_THEN_STRIP:     func.func @fallback(%{{.*}}: tensor<4xi8>, %{{.*}}: tensor<4xi8>) -> tensor<4xi8>
// CANON_THEN_STRIP:     quant.scast

// Pipeline errors name the pass, the option and the choices; a malformed pipeline, the column,
// in the words of upstream's pipeline parser (mlir/lib/Pass/PassRegistry.cpp).
// RUN: not tfl2quant opt %s --mlir-print-op-generic --pass-pipeline='builtin.module(lower-quant-ops{rounding=nearest})' 2>&1 | filecheck %s --check-prefix=BAD_VALUE
// BAD_VALUE: error: pass 'lower-quant-ops': invalid rounding='nearest'; expected one of half-away-from-zero, half-to-even, toward-zero
// RUN: not tfl2quant opt %s --mlir-print-op-generic --pass-pipeline='builtin.module(lower-quant-ops{mode=toward-zero})' 2>&1 | filecheck %s --check-prefix=BAD_OPTION
// BAD_OPTION: error: pass 'lower-quant-ops' has no option 'mode' (options: rounding, dynamic-fill)
// RUN: not tfl2quant opt %s --mlir-print-op-generic --pass-pipeline='builtin.module(cse{max-iterations=3})' 2>&1 | filecheck %s --check-prefix=NO_OPTIONS
// NO_OPTIONS: error: pass 'cse' has no option 'max-iterations' (options: none)
// RUN: not tfl2quant opt %s --mlir-print-op-generic --pass-pipeline='builtin.module(lower-quant-ops{rounding})' 2>&1 | filecheck %s --check-prefix=NOT_KEY_VALUE
// NOT_KEY_VALUE: error: pass 'lower-quant-ops': option 'rounding' needs a value (rounding=...)
// RUN: not tfl2quant opt %s --mlir-print-op-generic --pass-pipeline='builtin.module(lower-quant-ops{rounding=toward-zero)' 2>&1 | filecheck %s --check-prefix=UNTERMINATED
// UNTERMINATED: error: pass pipeline 'builtin.module(lower-quant-ops{rounding=toward-zero)', column 31: missing closing '}' while processing pass options
// RUN: not tfl2quant opt %s --mlir-print-op-generic --pass-pipeline='builtin.module(lower-quant)' 2>&1 | filecheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: pass pipeline 'builtin.module(lower-quant)', column 16: 'lower-quant' does not refer to a registered pass or pass pipeline (known: canonicalize, cse, inline, legalize-tfl, lower-quant-ops, normalize-quant-types, strip-debuginfo, strip-func-quant-types, symbol-dce)
// RUN: not tfl2quant opt %s --pass-pipeline='builtin.module(canonicalize' 2>&1 | filecheck %s --check-prefix=UNCLOSED --match-full-lines
// UNCLOSED: error: pass pipeline 'builtin.module(canonicalize', column 15: encountered unbalanced parentheses while parsing pipeline: this '(' is never closed
// RUN: not tfl2quant opt %s --pass-pipeline='builtin.module(func.func(cse, canonicalize)' 2>&1 | filecheck %s --check-prefix=UNCLOSED_INNER
// UNCLOSED_INNER: column 15: encountered unbalanced parentheses while parsing pipeline: this '(' is never closed
// RUN: not tfl2quant opt %s --pass-pipeline='builtin.module(cse))' 2>&1 | filecheck %s --check-prefix=EXTRA_CLOSE
// EXTRA_CLOSE: error: pass pipeline 'builtin.module(cse))', column 20: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline
// RUN: not tfl2quant opt %s --pass-pipeline='builtin.module(cse canonicalize)' 2>&1 | filecheck %s --check-prefix=NO_COMMA
// NO_COMMA: error: pass pipeline 'builtin.module(cse canonicalize)', column 20: expected ',' after parsing pipeline
// RUN: not tfl2quant opt %s --pass-pipeline='builtin.module(tosa.op(cse))' 2>&1 | filecheck %s --check-prefix=ANCHOR
// ANCHOR: error: pass pipeline 'builtin.module(tosa.op(cse))', column 16: can't run 'tosa.op' pass manager: the anchors are builtin.module, func.func, any

// A pipeline and single-pass flags do not mix (mlir-opt refuses it in the same words): exit 2.
// RUN: not tfl2quant opt %s --pass-pipeline='builtin.module(canonicalize)' --cse 2>&1 | filecheck %s --check-prefix=MIXED --match-full-lines
// MIXED: error: '-pass-pipeline' option can't be used with individual pass options (--cse)

// canonicalize takes upstream's options, so the pipeline iree-opt --dump-pass-pipeline prints
// runs here; they print back as upstream prints them, ours (fold-dcast-of-qcast) only when set.
// (tests/passes/test_opt_differential.py takes the pipeline from iree-opt itself.)
// RUN: tfl2quant opt %s --pass-pipeline='builtin.module(canonicalize{cse-between-iterations=false    max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true}, cse)' --dump-pass-pipeline -o /dev/null 2>&1 | filecheck %s --check-prefix=UPSTREAM_OPTIONS --match-full-lines
// UPSTREAM_OPTIONS: builtin.module(canonicalize{cse-between-iterations=false    max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true}, cse)
// RUN: tfl2quant opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations=3 top-down=false region-simplify=disabled fold-dcast-of-qcast=false})' --dump-pass-pipeline -o /dev/null 2>&1 | filecheck %s --check-prefix=SET_OPTIONS --match-full-lines
// SET_OPTIONS: builtin.module(canonicalize{cse-between-iterations=false    fold-dcast-of-qcast=false max-iterations=3 max-num-rewrites=-1 region-simplify=disabled test-convergence=false top-down=false})
// RUN: not tfl2quant opt %s --pass-pipeline='builtin.module(canonicalize{disable-patterns=foo})' 2>&1 | filecheck %s --check-prefix=PATTERNS
// PATTERNS: error: pass 'canonicalize': option 'disable-patterns' is accepted only empty: tfl2quant's canonicalize has no pattern labels or dialect filter
// RUN: not tfl2quant opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations=0})' 2>&1 | filecheck %s --check-prefix=ITERATIONS
// ITERATIONS: error: pass 'canonicalize': invalid max-iterations=0; expected at least 1, or -1 for no limit
