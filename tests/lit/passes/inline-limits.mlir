// passes/inline.py on calls it leaves alone beyond inline.mlir's: a call marked no_inline, and a
// call in the region of an op of an unregistered dialect (no inliner interface says the body
// may go there). Not piped to iree-opt: its MLIR reads no_inline only as a property, and rejects
// a symbol use under an unregistered op.
// RUN: tfl2quant opt %s --allow-unregistered-dialect -inline | filecheck %s

// CHECK-LABEL: func.func private @simple
// CHECK-LABEL: func.func @kept
// CHECK-NEXT:    %[[A:.*]] = call @simple(%{{.*}}) <no_inline>
// CHECK-NEXT:    "ml.region"() ({
// CHECK-NEXT:      func.call @simple(%[[A]])
// The call outside both is inlined.
// CHECK:         %[[B:.*]] = arith.addi %[[A]], %[[A]]
// CHECK-NEXT:    return %[[B]]
func.func private @simple(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func @kept(%a: i32) -> i32 {
  %0 = call @simple(%a) {no_inline} : (i32) -> i32
  "ml.region"() ({
    %1 = func.call @simple(%0) : (i32) -> i32
    "ml.yield"() : () -> ()
  }) : () -> ()
  %2 = call @simple(%0) : (i32) -> i32
  return %2 : i32
}

// Only canonicalize (upstream's default) or nothing may follow the inlining.
// RUN: not tfl2quant opt %s --pass-pipeline='builtin.module(inline{default-pipeline=cse})' 2>&1 | filecheck %s --check-prefix=PIPELINE
// PIPELINE: error: pass 'inline': default-pipeline='cse' is not supported (canonicalize, or empty for none)
