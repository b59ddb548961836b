// Golden test of passes/inline.py (mlir-opt's -inline): calls of single-block functions whose
// ops may be inlined are replaced by the callee's body; private functions no symbol reference
// names any more are erased; canonicalize runs afterwards (upstream's default-pipeline).
// RUN: tfl2quant opt %s --allow-unregistered-dialect --split-input-file -inline | filecheck %s
// RUN: tfl2quant opt %s --allow-unregistered-dialect --split-input-file -inline | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null
// RUN: tfl2quant opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(inline{default-pipeline=})' | filecheck %s --check-prefix=NOCANON

!q = !quant.uniform<i8:f32, 2.0:10>

// Quant ops are legal to inline (the quant dialect's inliner interface). A public callee stays;
// the private one, once inlined at both of its calls, is erased.
// CHECK-LABEL: func.func @public_callee
// CHECK-LABEL: func.func @two_calls
// CHECK-SAME:    (%[[A:.*]]: !quant.uniform<i8:f32, 2.000000e+00:10>, %[[B:.*]]: !quant.uniform<i8:f32, 2.000000e+00:10>)
// CHECK-NEXT:    %[[X:.*]] = quant.dcast %[[A]] : !quant.uniform<i8:f32, 2.000000e+00:10> to f32
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[B]] : !quant.uniform<i8:f32, 2.000000e+00:10> to i8
// CHECK-NEXT:    %[[Z:.*]] = quant.scast %[[A]] : !quant.uniform<i8:f32, 2.000000e+00:10> to i8
// CHECK-NEXT:    return %[[X]], %[[Y]], %[[Z]] : f32, i8, i8
// CHECK-NOT:     func.func private @private_callee
// CHECK-NOT:     call
func.func @public_callee(%v: !q) -> f32 {
  %0 = quant.dcast %v : !q to f32
  return %0 : f32
}
func.func private @private_callee(%v: !q) -> i8 {
  %0 = quant.scast %v : !q to i8
  return %0 : i8
}
func.func @two_calls(%a: !q, %b: !q) -> (f32, i8, i8) {
  %0 = call @public_callee(%a) : (!q) -> f32
  %1 = call @private_callee(%b) : (!q) -> i8
  %2 = call @private_callee(%a) : (!q) -> i8
  return %0, %1, %2 : f32, i8, i8
}

// -----

// Callees first: a call inside a callee is inlined before the callee is, and both private
// functions go. Canonicalize then folds the dcast of the qcast (without it, the pair stays).
// CHECK-LABEL: func.func @outer
// CHECK-SAME:    (%[[V:.*]]: f32) -> f32
// CHECK-NEXT:    return %[[V]] : f32
// CHECK-NOT:     func.func
// NOCANON-NOT:     @quantize
// NOCANON-NOT:     @round_trip
// NOCANON-LABEL: func.func @outer
// NOCANON-NEXT:    %[[Q:.*]] = quant.qcast
// NOCANON-NEXT:    %[[F:.*]] = quant.dcast %[[Q]]
// NOCANON-NEXT:    return %[[F]]
func.func private @quantize(%v: f32) -> !quant.uniform<i8:f32, 0.5> {
  %0 = quant.qcast %v : f32 to !quant.uniform<i8:f32, 0.5>
  return %0 : !quant.uniform<i8:f32, 0.5>
}
func.func private @round_trip(%v: f32) -> f32 {
  %0 = call @quantize(%v) : (f32) -> !quant.uniform<i8:f32, 0.5>
  %1 = quant.dcast %0 : !quant.uniform<i8:f32, 0.5> to f32
  return %1 : f32
}
func.func @outer(%v: f32) -> f32 {
  %0 = call @round_trip(%v) : (f32) -> f32
  return %0 : f32
}

// -----

// Not inlined: a callee holding an op of an unregistered dialect (no inliner interface says it
// may move), a recursive callee, and (a limit of ours: upstream inlines it, then canonicalize
// merges the blocks) a callee of several blocks; inline-limits.mlir has more. Those private
// callees stay, being still called.
// CHECK-LABEL: func.func private @opaque
// CHECK-LABEL: func.func private @recursive
// CHECK-LABEL: func.func private @two_blocks
// CHECK-LABEL: func.func @not_inlined
// CHECK-NEXT:    %[[A:.*]] = call @opaque
// CHECK-NEXT:    %[[B:.*]] = call @recursive(%[[A]])
// CHECK-NEXT:    %[[C:.*]] = call @two_blocks(%[[B]])
// CHECK-NEXT:    return %[[C]]
func.func private @opaque(%a: i32) -> i32 {
  %0 = "ml.op"(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @recursive(%a: i32) -> i32 {
  %0 = call @recursive(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @two_blocks(%a: i32) -> i32 {
  "cf.br"()[^bb1] : () -> ()
^bb1:
  return %a : i32
}
func.func @not_inlined(%a: i32) -> i32 {
  %0 = call @opaque(%a) : (i32) -> i32
  %1 = call @recursive(%0) : (i32) -> i32
  %2 = call @two_blocks(%1) : (i32) -> i32
  return %2 : i32
}

// -----

// A call in an scf.for body is inlined there. Private definitions no one names are erased, even
// if never called; one named by an attribute stays, as do private declarations.
// CHECK-NOT:   @dead
// CHECK-LABEL: func.func private @named
// CHECK-LABEL: func.func private @declared
// CHECK-LABEL: func.func @in_loop
// CHECK:         scf.for
// CHECK-NEXT:      %[[SUM:.*]] = arith.addi
// CHECK-NEXT:      scf.yield %[[SUM]]
// CHECK-NOT:   @dead
func.func private @dead() {
  return
}
func.func private @named() {
  return
}
func.func private @declared()
func.func private @add(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}
func.func @in_loop(%lb: index, %ub: index, %step: index, %init: i32) -> i32 attributes {uses = @named} {
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %init) -> (i32) {
    %s = func.call @add(%acc, %init) : (i32, i32) -> i32
    scf.yield %s : i32
  }
  return %r : i32
}
