// Golden test of passes/strip_func_quant_types.py: quantized types leave the signatures of
// functions (definitions and declarations) and of their calls; quant.scast bridges the old
// types where other ops still use them, placed as upstream's pass (dialect conversion) places
// them, and canonicalization then cancels the scast pairs.
// RUN: tfl2quant opt %s --mlir-print-op-generic --allow-unregistered-dialect --split-input-file --strip-func-quant-types | filecheck %s
// RUN: tfl2quant opt %s --allow-unregistered-dialect --split-input-file --strip-func-quant-types | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null
// RUN: tfl2quant opt %s --mlir-print-op-generic --allow-unregistered-dialect --split-input-file --strip-func-quant-types --canonicalize | filecheck %s --check-prefix=CANON
// RUN: tfl2quant opt %s --allow-unregistered-dialect --split-input-file --strip-func-quant-types --canonicalize | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// The RFC's example: "For each input argument in a function definition, a quant.scast op is
// inserted at the top of the function body [...]. Every occurrence of the return op [...] is
// prepended with a quant.scast op for each return value of type !quant.uniform".
!qalias = !quant.uniform<i8:f32, 1.0>
// CHECK-LABEL: func.func @predict
// CHECK-SAME:    (%[[ARG0_STRIPPED:.*]]: tensor<3xi8>, %[[ARG1_STRIPPED:.*]]: tensor<3xi8>) -> tensor<3xi8>
// Each argument cast goes to the top of the body, ahead of those made before it: last argument
// first, as upstream's.
// CHECK-NEXT:    %[[ARG1:.*]] = quant.scast %[[ARG1_STRIPPED]] : tensor<3xi8> to tensor<3x!quant.uniform<i8:f32, 1.000000e+00>>
// CHECK-NEXT:    %[[ARG0:.*]] = quant.scast %[[ARG0_STRIPPED]] : tensor<3xi8> to tensor<3x!quant.uniform<i8:f32, 1.000000e+00>>
// CHECK-NEXT:    %[[SUM:.*]] = "ml.add"(%[[ARG0]], %[[ARG1]])
// CHECK-NEXT:    %[[SUM_STRIPPED:.*]] = quant.scast %[[SUM]] : tensor<3x!quant.uniform<i8:f32, 1.000000e+00>> to tensor<3xi8>
// CHECK-NEXT:    return %[[SUM_STRIPPED]] : tensor<3xi8>
// The scasts stay: ml.add still takes quantized operands.
// CANON-LABEL: func.func @predict
// CANON-COUNT-2: quant.scast
// CANON-NEXT:    "ml.add"
// CANON-NEXT:    quant.scast
func.func @predict(%arg0: tensor<3x!qalias>, %arg1: tensor<3x!qalias>) -> tensor<3x!qalias> {
  %sum = "ml.add"(%arg0, %arg1) : (tensor<3x!qalias>, tensor<3x!qalias>) -> tensor<3x!qalias>
  return %sum : tensor<3x!qalias>
}

// -----

// Declarations: every occurrence of !quant.uniform becomes its storage type (signless, of the
// storage width), in scalars, ranked and unranked tensors, per-axis and sub-channel alike.
// CHECK-LABEL: func.func private @declaration
// CHECK-SAME:    (i8, tensor<?x2xi16>, tensor<*xi4>, tensor<2x4xi8>, f32) -> (tensor<3xi32>, i1)
func.func private @declaration(!quant.uniform<i8:f32, 1.0>, tensor<?x2x!quant.uniform<u16:f32:1, {1.0, 2.0:7}>>, tensor<*x!quant.uniform<i4:f16, 0.5>>, tensor<2x4x!quant.uniform<i8:f32:{1:2}, {{1.0, 2.0}}>>, f32) -> (tensor<3x!quant.uniform<i32:f64, 1.0e-3>>, !quant.uniform<u1:f32, 1.0>)

// -----

// Signatures without quantized types are untouched, and so are their bodies.
// CHECK-LABEL: func.func @not_quantized
// CHECK-SAME:    (%[[ARG:.*]]: tensor<4xf32>, %{{.*}}: i8) -> tensor<4xf32>
// CHECK-NEXT:    return %[[ARG]] : tensor<4xf32>
func.func @not_quantized(%arg0: tensor<4xf32>, %arg1: i8) -> tensor<4xf32> {
  return %arg0 : tensor<4xf32>
}

// -----

// An argument that only a return uses needs no cast: the return takes the stripped argument.
!q = !quant.uniform<u8:f32, 0.5:128>
// CHECK-LABEL: func.func @mixed_signature
// CHECK-SAME:    (%[[FLOAT:.*]]: f32, %[[STRIPPED:.*]]: tensor<2xi8>) -> (f32, tensor<2xi8>)
// CHECK-NEXT:    return %[[FLOAT]], %[[STRIPPED]] : f32, tensor<2xi8>
// CANON-LABEL: func.func @mixed_signature
// CANON-SAME:    (%[[FLOAT:.*]]: f32, %[[STRIPPED:.*]]: tensor<2xi8>)
// CANON-NEXT:    return %[[FLOAT]], %[[STRIPPED]] : f32, tensor<2xi8>
func.func @mixed_signature(%arg0: f32, %arg1: tensor<2x!q>) -> (f32, tensor<2x!q>) {
  return %arg0, %arg1 : f32, tensor<2x!q>
}

// -----

// "All occurrences of func.call [...] are adjusted to the new signature": the stripped argument
// goes to the call as it is; the results are cast back right after the call for ml.use (last
// result first), and ml.use's result is cast to storage right after ml.use for the return.
!q = !quant.uniform<i8:f32, 0.5:-3>
!qa = !quant.uniform<u4:f32:0, {0.5, 0.25}>
// CHECK-LABEL: func.func private @callee
// CHECK-SAME:    (tensor<4xi8>, f32) -> (tensor<4xi8>, tensor<2xi4>)
// CHECK-LABEL: func.func @caller
// CHECK-SAME:    (%[[ARG:.*]]: tensor<4xi8>, %[[FLOAT:.*]]: f32) -> tensor<2xi4>
// CHECK-NEXT:    %[[R0:[0-9]+]]:2 = call @callee(%[[ARG]], %[[FLOAT]]) : (tensor<4xi8>, f32) -> (tensor<4xi8>, tensor<2xi4>)
// CHECK-NEXT:    %[[R1_Q:.*]] = quant.scast %[[R0]]#1 : tensor<2xi4> to tensor<2x!quant.uniform<u4:f32:0, {5.000000e-01,2.500000e-01}>>
// CHECK-NEXT:    %[[R0_Q:.*]] = quant.scast %[[R0]]#0 : tensor<4xi8> to tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT:    %[[USE:.*]] = "ml.use"(%[[R0_Q]], %[[R1_Q]])
// CHECK-NEXT:    %[[RESULT:.*]] = quant.scast %[[USE]] : tensor<2x!quant.uniform<u4:f32:0, {5.000000e-01,2.500000e-01}>> to tensor<2xi4>
// CHECK-NEXT:    return %[[RESULT]] : tensor<2xi4>
// The call now passes the argument straight through.
// CANON-LABEL: func.func @caller
// CANON-SAME:    (%[[ARG:.*]]: tensor<4xi8>, %[[FLOAT:.*]]: f32)
// CANON-NEXT:    %[[R0:[0-9]+]]:2 = call @callee(%[[ARG]], %[[FLOAT]])
// CANON-NEXT:    %[[R1_Q:.*]] = quant.scast %[[R0]]#1
// CANON-NEXT:    %[[R0_Q:.*]] = quant.scast %[[R0]]#0
// CANON-NEXT:    %[[USE:.*]] = "ml.use"(%[[R0_Q]], %[[R1_Q]])
// CANON-NEXT:    %[[RESULT:.*]] = quant.scast %[[USE]]
// CANON-NEXT:    return %[[RESULT]]
func.func private @callee(tensor<4x!q>, f32) -> (tensor<4x!q>, tensor<2x!qa>)
func.func @caller(%arg0: tensor<4x!q>, %arg1: f32) -> tensor<2x!qa> {
  %0:2 = func.call @callee(%arg0, %arg1) : (tensor<4x!q>, f32) -> (tensor<4x!q>, tensor<2x!qa>)
  %1 = "ml.use"(%0#0, %0#1) : (tensor<4x!q>, tensor<2x!qa>) -> tensor<2x!qa>
  return %1 : tensor<2x!qa>
}

// -----

// A call between two stripped functions: the stripped values flow from argument to call to
// return with no cast at all.
!q = !quant.uniform<i8:f32, 0.5:-3>
// CHECK-LABEL: func.func @identity
// CHECK-SAME:    (%[[ARG:.*]]: tensor<4xi8>) -> tensor<4xi8>
// CHECK-NEXT:    return %[[ARG]]
// CHECK-LABEL: func.func @calls_identity
// CHECK-SAME:    (%[[ARG:.*]]: tensor<4xi8>) -> tensor<4xi8>
// CHECK-NEXT:    %[[R:.*]] = call @identity(%[[ARG]]) : (tensor<4xi8>) -> tensor<4xi8>
// CHECK-NEXT:    return %[[R]]
// CHECK-NOT:     quant
// CANON-LABEL: func.func @identity
// CANON-SAME:    (%[[ARG:.*]]: tensor<4xi8>) -> tensor<4xi8>
// CANON-NEXT:    return %[[ARG]]
// CANON-LABEL: func.func @calls_identity
// CANON-SAME:    (%[[ARG:.*]]: tensor<4xi8>) -> tensor<4xi8>
// CANON-NEXT:    %[[R:.*]] = call @identity(%[[ARG]])
// CANON-NEXT:    return %[[R]]
// CANON-NOT:     quant
func.func @identity(%arg0: tensor<4x!q>) -> tensor<4x!q> {
  return %arg0 : tensor<4x!q>
}
func.func @calls_identity(%arg0: tensor<4x!q>) -> tensor<4x!q> {
  %0 = func.call @identity(%arg0) : (tensor<4x!q>) -> tensor<4x!q>
  return %0 : tensor<4x!q>
}

// -----

// func.call_indirect and the func.constant producing the callee follow the new signature
// (beyond upstream, which leaves both, and so a func.constant whose type no longer matches).
!q = !quant.uniform<i8:f32, 0.5:-3>
// CHECK-LABEL: func.func @indirect
// CHECK-SAME:    (%[[ARG:.*]]: tensor<4xi8>)
// CHECK-NEXT:    %[[CALLEE:.*]] = "func.constant"() {value = @target} : () -> ((tensor<4xi8>) -> tensor<4xi8>)
// CHECK-NEXT:    %[[R:.*]] = "func.call_indirect"(%[[CALLEE]], %[[ARG]]) : ((tensor<4xi8>) -> tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
// CHECK-NEXT:    return %[[R]]
// CANON-LABEL: func.func @indirect
// CANON-SAME:    (%[[ARG:.*]]: tensor<4xi8>)
// CANON-NEXT:    %[[CALLEE:.*]] = "func.constant"()
// CANON-NEXT:    %[[R:.*]] = "func.call_indirect"(%[[CALLEE]], %[[ARG]])
// CANON-NEXT:    return %[[R]]
func.func @indirect(%arg0: tensor<4x!q>) -> tensor<4x!q> {
  %f = "func.constant"() {value = @target} : () -> ((tensor<4x!q>) -> tensor<4x!q>)
  %0 = "func.call_indirect"(%f, %arg0) : ((tensor<4x!q>) -> tensor<4x!q>, tensor<4x!q>) -> tensor<4x!q>
  return %0 : tensor<4x!q>
}
func.func private @target(tensor<4x!q>) -> tensor<4x!q>

// -----

// Returns in every block are rewritten; stripped arguments reach them directly.
!q = !quant.uniform<i8:f32, 0.5:-3>
// CHECK-LABEL: func.func @several_returns
// CHECK-SAME:    (%[[COND:.*]]: i1, %[[A:.*]]: tensor<4xi8>, %[[B:.*]]: tensor<4xi8>) -> (tensor<4xi8>, i1)
// CHECK-NEXT:    "cf.cond_br"(%[[COND]])[^bb1, ^bb2]
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    return %[[A]], %[[COND]] : tensor<4xi8>, i1
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    return %[[B]], %[[COND]] : tensor<4xi8>, i1
// CANON-LABEL: func.func @several_returns
// CANON-SAME:    (%[[COND:.*]]: i1, %[[A:.*]]: tensor<4xi8>, %[[B:.*]]: tensor<4xi8>)
// CANON-NEXT:    "cf.cond_br"(%[[COND]])[^bb1, ^bb2]
// CANON-NEXT:  ^bb1:
// CANON-NEXT:    return %[[A]], %[[COND]]
// CANON-NEXT:  ^bb2:
// CANON-NEXT:    return %[[B]], %[[COND]]
func.func @several_returns(%arg0: i1, %arg1: tensor<4x!q>, %arg2: tensor<4x!q>) -> (tensor<4x!q>, i1) {
  "cf.cond_br"(%arg0)[^bb1, ^bb2] {operandSegmentSizes = array<i32: 1, 0, 0>} : (i1) -> ()
^bb1:
  return %arg1, %arg0 : tensor<4x!q>, i1
^bb2:
  return %arg2, %arg0 : tensor<4x!q>, i1
}

// -----

// A quantized value that rewritten ops use is cast to storage once, right after its
// definition; for an op with two such results, the cast made second (of %0#0, first used by the
// second call) is inserted ahead of the first, as upstream's.
!q = !quant.uniform<i8:f32, 0.5:-3>
// CHECK-LABEL: func.func private @sink
// CHECK-SAME:    (tensor<4xi8>)
// CHECK-LABEL: func.func @shared_casts
// CHECK-SAME:    () -> (tensor<4xi8>, tensor<4xi8>)
// CHECK-NEXT:    %[[PAIR:.*]]:2 = "ml.pair"()
// CHECK-NEXT:    %[[FIRST:.*]] = quant.scast %[[PAIR]]#0 : tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>> to tensor<4xi8>
// CHECK-NEXT:    %[[SECOND:.*]] = quant.scast %[[PAIR]]#1 : tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>> to tensor<4xi8>
// CHECK-NEXT:    call @sink(%[[SECOND]])
// CHECK-NEXT:    call @sink(%[[FIRST]])
// CHECK-NEXT:    "ml.use"(%[[PAIR]]#0)
// CHECK-NEXT:    return %[[FIRST]], %[[SECOND]]
// CHECK-NOT:     quant.scast
func.func private @sink(tensor<4x!q>)
func.func @shared_casts() -> (tensor<4x!q>, tensor<4x!q>) {
  %0:2 = "ml.pair"() : () -> (tensor<4x!q>, tensor<4x!q>)
  func.call @sink(%0#1) : (tensor<4x!q>) -> ()
  func.call @sink(%0#0) : (tensor<4x!q>) -> ()
  "ml.use"(%0#0) : (tensor<4x!q>) -> ()
  return %0#0, %0#1 : tensor<4x!q>, tensor<4x!q>
}

// -----

// A call whose only quantized type is an operand's: the stripped argument goes straight in
// (no cast back and forth), and a quantized block argument of a nested region (a loop's
// iteration argument) is cast at the top of its block. Functions in nested modules are
// stripped too.
!q = !quant.uniform<i8:f32, 0.5:-3>
// CHECK-LABEL: func.func private @consume
// CHECK-SAME:    (tensor<4xi8>) -> f32
// CHECK-LABEL: func.func @operand_only
// CHECK-SAME:    (%[[ARG:.*]]: tensor<4xi8>, %[[INIT_STRIPPED:.*]]: tensor<4xi8>, %{{.*}}: index) -> f32
// CHECK-NEXT:    %[[INIT:.*]] = quant.scast %[[INIT_STRIPPED]] : tensor<4xi8> to tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT:    %[[R:.*]] = call @consume(%[[ARG]]) : (tensor<4xi8>) -> f32
// CHECK-NEXT:    "scf.for"({{.*}}, %[[INIT]])
// CHECK-NEXT:    ^bb0(%{{.*}}: index, %[[ITER:.*]]: tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>>):
// CHECK-NEXT:      %[[ITER_STRIPPED:.*]] = quant.scast %[[ITER]] : tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>> to tensor<4xi8>
// CHECK-NEXT:      func.call @consume(%[[ITER_STRIPPED]])
// CHECK:         return %[[R]]
// CHECK:       module
// CHECK-NEXT:    func.func private @nested(i8) -> tensor<2xi8>
func.func private @consume(tensor<4x!q>) -> f32
func.func @operand_only(%arg0: tensor<4x!q>, %init: tensor<4x!q>, %n: index) -> f32 {
  %0 = func.call @consume(%arg0) : (tensor<4x!q>) -> f32
  %1 = "scf.for"(%n, %n, %n, %init) ({
  ^bb0(%i: index, %x: tensor<4x!q>):
    %2 = func.call @consume(%x) : (tensor<4x!q>) -> f32
    "scf.yield"(%x) : (tensor<4x!q>) -> ()
  }) : (index, index, index, tensor<4x!q>) -> tensor<4x!q>
  return %0 : f32
}
module {
  func.func private @nested(!q) -> tensor<2x!q>
}
