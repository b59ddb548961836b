// Golden test of legalize/families/control_flow/control_flow.py: tfl.while and tfl.if become scf.while and
// scf.if calling their subgraph functions (a tfl.while of known trip count: scf.for;
// tfl.stablehlo_case: nested scf.if), quantized values move through them on their storage
// types, resource variables become ml_program globals and tfl.call_once an scf.if on a
// pending flag; what stays a tfl op says why.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// tfl.while (models/coverage/while-loop.float32.tflite): the before region calls the cond
// function and passes its one-element bool to scf.condition; the do region calls the body.
// CHECK-LABEL: func.func @main
// CHECK-NEXT:  %[[ZERO:.*]] = arith.constant dense<0> : tensor<i32>
// CHECK-NEXT:  %[[Y:[0-9]+]]:3 = "scf.while"(%[[ZERO]], %arg7, %arg6) ({
// CHECK-NEXT:  ^bb0(%[[I:.*]]: tensor<i32>, %[[X:.*]]: tensor<2x3xf32>, %[[N:.*]]: tensor<i32>):
// CHECK-NEXT:    %[[C:.*]] = func.call @while_cond(%[[I]], %[[X]], %[[N]]) : (tensor<i32>, tensor<2x3xf32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT:    %[[P:.*]] = "tensor.extract"(%[[C]]) : (tensor<i1>) -> i1
// CHECK-NEXT:    "scf.condition"(%[[P]], %[[I]], %[[X]], %[[N]]) : (i1, tensor<i32>, tensor<2x3xf32>, tensor<i32>) -> ()
// CHECK-NEXT:  }, {
// CHECK-NEXT:  ^bb0(%[[I2:.*]]: tensor<i32>, %[[X2:.*]]: tensor<2x3xf32>, %[[N2:.*]]: tensor<i32>):
// CHECK-NEXT:    %[[A:[0-9]+]]:3 = func.call @while_body(%[[I2]], %[[X2]], %[[N2]])
// CHECK-NEXT:    "scf.yield"(%[[A]]#0, %[[A]]#1, %[[A]]#2) : (tensor<i32>, tensor<2x3xf32>, tensor<i32>) -> ()
// CHECK-NEXT:  }) : (tensor<i32>, tensor<2x3xf32>, tensor<i32>) -> (tensor<i32>, tensor<2x3xf32>, tensor<i32>)
// CHECK-NEXT:  return %[[Y]]#1
// CHECK-LABEL: func.func private @while_cond
// CHECK-NEXT:  %[[LT:.*]] = "tosa.greater"(%arg5, %arg3) : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT:  return %[[LT]]
// CHECK-LABEL: func.func private @while_body
// CHECK-NOT:   "tfl.{{[a-z_]+}}"
func.func @main(%arg0: tensor<i32>, %arg1: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %1, %2, %3 = "tfl.while"(%0, %arg1, %arg0) ({
  ^bb0(%arg2: tensor<i32>, %arg3: tensor<2x3xf32>, %arg4: tensor<i32>):
    %4 = func.call @while_cond(%arg2, %arg3, %arg4) : (tensor<i32>, tensor<2x3xf32>, tensor<i32>) -> tensor<i1>
    "tfl.yield"(%4) : (tensor<i1>) -> ()
  }, {
  ^bb0(%arg5: tensor<i32>, %arg6: tensor<2x3xf32>, %arg7: tensor<i32>):
    %5, %6, %7 = func.call @while_body(%arg5, %arg6, %arg7) : (tensor<i32>, tensor<2x3xf32>, tensor<i32>) -> (tensor<i32>, tensor<2x3xf32>, tensor<i32>)
    "tfl.yield"(%5, %6, %7) : (tensor<i32>, tensor<2x3xf32>, tensor<i32>) -> ()
  }) {is_stateless = false} : (tensor<i32>, tensor<2x3xf32>, tensor<i32>) -> (tensor<i32>, tensor<2x3xf32>, tensor<i32>)
  return %2 : tensor<2x3xf32>
}
func.func private @while_cond(%arg0: tensor<i32>, %arg1: tensor<2x3xf32>, %arg2: tensor<i32>) -> tensor<i1> {
  %0 = "tfl.less"(%arg0, %arg2) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  return %0 : tensor<i1>
}
func.func private @while_body(%arg0: tensor<i32>, %arg1: tensor<2x3xf32>, %arg2: tensor<i32>) -> (tensor<i32>, tensor<2x3xf32>, tensor<i32>) {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %1 = "tfl.add"(%arg0, %0) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %2 = "tfl.tanh"(%arg1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %1, %2, %arg2 : tensor<i32>, tensor<2x3xf32>, tensor<i32>
}

// -----

// Keras' recurrent WHILE (models/real/lstm.float32.tflite): counters from constants below
// constant bounds, each incremented by 1 in the body; the trip count is known (min over the
// counters, here 20), so scf.for over [0, 20) calls the body; the cond is not called.
// CHECK-LABEL: func.func @keras_main
// CHECK-NEXT:  %[[ZERO:.*]] = arith.constant dense<0> : tensor<i32>
// CHECK-NEXT:  %[[LB:.*]] = arith.constant 0 : index
// CHECK-NEXT:  %[[UB:.*]] = arith.constant 20 : index
// CHECK-NEXT:  %[[STEP:.*]] = arith.constant 1 : index
// CHECK-NEXT:  %[[H:[0-9]+]]:3 = "scf.for"(%[[LB]], %[[UB]], %[[STEP]], %[[ZERO]], %[[ZERO]], %arg6) ({
// CHECK-NEXT:  ^bb0(%[[K:.*]]: index, %[[I:.*]]: tensor<i32>, %[[T:.*]]: tensor<i32>, %[[X:.*]]: tensor<2x3xf32>):
// CHECK-NEXT:    %[[A:[0-9]+]]:3 = func.call @keras_body(%[[I]], %[[T]], %[[X]])
// CHECK-NEXT:    "scf.yield"(%[[A]]#0, %[[A]]#1, %[[A]]#2) : (tensor<i32>, tensor<i32>, tensor<2x3xf32>) -> ()
// CHECK-NEXT:  }) : (index, index, index, tensor<i32>, tensor<i32>, tensor<2x3xf32>) -> (tensor<i32>, tensor<i32>, tensor<2x3xf32>)
// CHECK-NEXT:  return %[[H]]#2
func.func @keras_main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %1, %2, %3 = "tfl.while"(%0, %0, %arg0) ({
  ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>, %arg3: tensor<2x3xf32>):
    %4 = func.call @keras_cond(%arg1, %arg2, %arg3) : (tensor<i32>, tensor<i32>, tensor<2x3xf32>) -> tensor<i1>
    "tfl.yield"(%4) : (tensor<i1>) -> ()
  }, {
  ^bb0(%arg4: tensor<i32>, %arg5: tensor<i32>, %arg6: tensor<2x3xf32>):
    %5, %6, %7 = func.call @keras_body(%arg4, %arg5, %arg6) : (tensor<i32>, tensor<i32>, tensor<2x3xf32>) -> (tensor<i32>, tensor<i32>, tensor<2x3xf32>)
    "tfl.yield"(%5, %6, %7) : (tensor<i32>, tensor<i32>, tensor<2x3xf32>) -> ()
  }) {is_stateless = false} : (tensor<i32>, tensor<i32>, tensor<2x3xf32>) -> (tensor<i32>, tensor<i32>, tensor<2x3xf32>)
  return %3 : tensor<2x3xf32>
}
func.func private @keras_cond(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<2x3xf32>) -> tensor<i1> {
  %0 = "tfl.pseudo_const"() {value = dense<20> : tensor<i32>} : () -> tensor<i32>
  %1 = "tfl.less"(%arg0, %0) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %2 = "tfl.less"(%arg1, %0) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %3 = "tfl.logical_and"(%1, %2) : (tensor<i1>, tensor<i1>) -> tensor<i1>
  return %3 : tensor<i1>
}
func.func private @keras_body(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<2x3xf32>) -> (tensor<i32>, tensor<i32>, tensor<2x3xf32>) {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %1 = "tfl.add"(%arg0, %0) {fused_activation_function = "NONE"} : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %2 = "tfl.add"(%arg1, %0) {fused_activation_function = "NONE"} : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %3 = "tfl.tanh"(%arg2) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %1, %2, %3 : tensor<i32>, tensor<i32>, tensor<2x3xf32>
}

// -----

// tfl.if (models/coverage/if-cond.float32.tflite): scf.if on the condition's one element;
// each branch calls its function on the operands after the condition.
// CHECK-LABEL: @if_main
// CHECK:       %[[C:.*]] = "tosa.greater"
// CHECK-NEXT:  %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:  %[[P:.*]] = "tensor.extract"(%[[C]], %[[ZERO]]) : (tensor<1xi1>, index) -> i1
// CHECK-NEXT:  %[[Y:.*]] = "scf.if"(%[[P]]) ({
// CHECK-NEXT:    %[[T:.*]] = func.call @cond_true(%arg2) : (tensor<2x5xf32>) -> tensor<2x5xf32>
// CHECK-NEXT:    "scf.yield"(%[[T]]) : (tensor<2x5xf32>) -> ()
// CHECK-NEXT:  }, {
// CHECK-NEXT:    %[[F:.*]] = func.call @cond_false(%arg2) : (tensor<2x5xf32>) -> tensor<2x5xf32>
// CHECK-NEXT:    "scf.yield"(%[[F]]) : (tensor<2x5xf32>) -> ()
// CHECK-NEXT:  }) : (i1) -> tensor<2x5xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @if_main(%arg0: tensor<2x5xf32>, %arg1: tensor<1xf32>) -> tensor<2x5xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "tfl.greater"(%arg1, %0) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xi1>
  %2 = "tfl.if"(%1, %arg0) ({
    %3 = func.call @cond_true(%arg0) : (tensor<2x5xf32>) -> tensor<2x5xf32>
    "tfl.yield"(%3) : (tensor<2x5xf32>) -> ()
  }, {
    %4 = func.call @cond_false(%arg0) : (tensor<2x5xf32>) -> tensor<2x5xf32>
    "tfl.yield"(%4) : (tensor<2x5xf32>) -> ()
  }) : (tensor<1xi1>, tensor<2x5xf32>) -> tensor<2x5xf32>
  return %2 : tensor<2x5xf32>
}
func.func private @cond_false(%arg0: tensor<2x5xf32>) -> tensor<2x5xf32> {
  %0 = "tfl.logistic"(%arg0) : (tensor<2x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}
func.func private @cond_true(%arg0: tensor<2x5xf32>) -> tensor<2x5xf32> {
  %0 = "tfl.relu"(%arg0) : (tensor<2x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// tfl.stablehlo_case: nested scf.if, index == 0 -> branch 0, else index == 1 -> branch 1, else
// the last branch (which also takes an index outside [0, 3), as stablehlo_case.cc does).
// CHECK-LABEL: @case_main
// CHECK-NEXT:  %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:  %[[K:.*]] = "tensor.extract"(%arg6, %[[ZERO]]) : (tensor<1xi32>, index) -> i32
// CHECK-NEXT:  %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT:  %[[IS0:.*]] = "arith.cmpi"(%[[K]], %[[C0]]) {predicate = 0 : i64} : (i32, i32) -> i1
// CHECK-NEXT:  %[[Y:.*]] = "scf.if"(%[[IS0]]) ({
// CHECK-NEXT:    func.call @case_add
// CHECK:       }, {
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[IS1:.*]] = "arith.cmpi"(%[[K]], %[[C1]]) {predicate = 0 : i64} : (i32, i32) -> i1
// CHECK-NEXT:    %[[Z:.*]] = "scf.if"(%[[IS1]]) ({
// CHECK-NEXT:      func.call @case_mul
// CHECK:         }, {
// CHECK-NEXT:      %[[S:.*]] = func.call @case_sub
// CHECK-NEXT:      "scf.yield"(%[[S]])
// CHECK-NEXT:    }) : (i1) -> tensor<3xf32>
// CHECK-NEXT:    "scf.yield"(%[[Z]])
// CHECK-NEXT:  }) : (i1) -> tensor<3xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @case_main(%arg0: tensor<1xi32>, %arg1: tensor<3xf32>, %arg2: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "tfl.stablehlo_case"(%arg0, %arg1, %arg2) ({
    %1 = func.call @case_add(%arg1, %arg2) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "tfl.yield"(%1) : (tensor<3xf32>) -> ()
  }, {
    %1 = func.call @case_mul(%arg1, %arg2) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "tfl.yield"(%1) : (tensor<3xf32>) -> ()
  }, {
    %1 = func.call @case_sub(%arg1, %arg2) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "tfl.yield"(%1) : (tensor<3xf32>) -> ()
  }) : (tensor<1xi32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func private @case_add(%arg0: tensor<3xf32>, %arg1: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE"} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func private @case_mul(%arg0: tensor<3xf32>, %arg1: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "tfl.mul"(%arg0, %arg1) {fused_activation_function = "NONE"} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func private @case_sub(%arg0: tensor<3xf32>, %arg1: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "tfl.sub"(%arg0, %arg1) {fused_activation_function = "NONE"} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// An int8 value through a loop (the integer path): the loop carries the stored i8, cast
// back to the quantized type only where the functions take or return it
// (strip-func-quant-types later cancels those casts).
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @quantized_loop
// CHECK-NEXT:  %[[S:.*]] = quant.scast %arg7 : tensor<2x3x!quant.uniform{{.*}}> to tensor<2x3xi8>
// CHECK-NEXT:  %[[Y:[0-9]+]]:3 = "scf.while"(%arg6, %[[S]], %arg8) ({
// CHECK-NEXT:  ^bb0(%[[I:.*]]: tensor<i32>, %[[X:.*]]: tensor<2x3xi8>, %[[N:.*]]: tensor<i32>):
// CHECK-NEXT:    %[[XQ:.*]] = quant.scast %[[X]] : tensor<2x3xi8> to tensor<2x3x!quant.uniform
// CHECK-NEXT:    %[[C:.*]] = func.call @cond(%[[I]], %[[XQ]], %[[N]])
// CHECK-NEXT:    %[[P:.*]] = "tensor.extract"(%[[C]])
// CHECK-NEXT:    "scf.condition"(%[[P]], %[[I]], %[[X]], %[[N]]) : (i1, tensor<i32>, tensor<2x3xi8>, tensor<i32>) -> ()
// CHECK-NEXT:  }, {
// CHECK-NEXT:  ^bb0(%[[I2:.*]]: tensor<i32>, %[[X2:.*]]: tensor<2x3xi8>, %[[N2:.*]]: tensor<i32>):
// CHECK-NEXT:    %[[XQ2:.*]] = quant.scast %[[X2]] : tensor<2x3xi8> to tensor<2x3x!quant.uniform
// CHECK-NEXT:    %[[A:[0-9]+]]:3 = func.call @body(%[[I2]], %[[XQ2]], %[[N2]])
// CHECK-NEXT:    %[[XS:.*]] = quant.scast %[[A]]#1 : tensor<2x3x!quant.uniform{{.*}}> to tensor<2x3xi8>
// CHECK-NEXT:    "scf.yield"(%[[A]]#0, %[[XS]], %[[A]]#2) : (tensor<i32>, tensor<2x3xi8>, tensor<i32>) -> ()
// CHECK-NEXT:  }) : (tensor<i32>, tensor<2x3xi8>, tensor<i32>) -> (tensor<i32>, tensor<2x3xi8>, tensor<i32>)
// CHECK-NEXT:  %[[R:.*]] = quant.scast %[[Y]]#1 : tensor<2x3xi8> to tensor<2x3x!quant.uniform
// CHECK-NEXT:  return %[[R]]
func.func @quantized_loop(%arg0: tensor<i32>, %arg1: tensor<2x3x!q>, %arg2: tensor<i32>) -> tensor<2x3x!q> {
  %0, %1, %2 = "tfl.while"(%arg0, %arg1, %arg2) ({
  ^bb0(%arg3: tensor<i32>, %arg4: tensor<2x3x!q>, %arg5: tensor<i32>):
    %3 = func.call @cond(%arg3, %arg4, %arg5) : (tensor<i32>, tensor<2x3x!q>, tensor<i32>) -> tensor<i1>
    "tfl.yield"(%3) : (tensor<i1>) -> ()
  }, {
  ^bb0(%arg6: tensor<i32>, %arg7: tensor<2x3x!q>, %arg8: tensor<i32>):
    %4, %5, %6 = func.call @body(%arg6, %arg7, %arg8) : (tensor<i32>, tensor<2x3x!q>, tensor<i32>) -> (tensor<i32>, tensor<2x3x!q>, tensor<i32>)
    "tfl.yield"(%4, %5, %6) : (tensor<i32>, tensor<2x3x!q>, tensor<i32>) -> ()
  }) {is_stateless = false} : (tensor<i32>, tensor<2x3x!q>, tensor<i32>) -> (tensor<i32>, tensor<2x3x!q>, tensor<i32>)
  return %1 : tensor<2x3x!q>
}
func.func private @cond(%arg0: tensor<i32>, %arg1: tensor<2x3x!q>, %arg2: tensor<i32>) -> tensor<i1> {
  %0 = "tfl.less"(%arg0, %arg2) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  return %0 : tensor<i1>
}
func.func private @body(%arg0: tensor<i32>, %arg1: tensor<2x3x!q>, %arg2: tensor<i32>) -> (tensor<i32>, tensor<2x3x!q>, tensor<i32>) {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %1 = "tfl.add"(%arg0, %0) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %2 = "tfl.add"(%arg1, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<2x3x!q>, tensor<2x3x!q>) -> tensor<2x3x!q>
  return %1, %2, %arg2 : tensor<i32>, tensor<2x3x!q>, tensor<i32>
}

// -----

// An int8 value through IF and through a variable: the branches yield stored i8 values,
// the global holds them (its type is the storage type), the load and store move them.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK:       "ml_program.global"() {is_mutable, sym_name = "acc", sym_visibility = "private", {{.*}}type = tensor<2x3xi8>, value = dense<0> : tensor<2x3xi8>}
// CHECK-LABEL: @quantized_if_and_variable
// CHECK-NEXT:  %[[S:.*]] = quant.scast %arg3 : tensor<2x3x!quant.uniform{{.*}}> to tensor<2x3xi8>
// CHECK:       %[[Y:.*]] = "scf.if"(%{{.*}}) ({
// CHECK-NEXT:    %[[A:.*]] = quant.scast %[[S]] : tensor<2x3xi8> to tensor<2x3x!quant.uniform
// CHECK-NEXT:    %[[T:.*]] = func.call @double(%[[A]])
// CHECK-NEXT:    %[[TS:.*]] = quant.scast %[[T]] : tensor<2x3x!quant.uniform{{.*}}> to tensor<2x3xi8>
// CHECK-NEXT:    "scf.yield"(%[[TS]]) : (tensor<2x3xi8>) -> ()
// CHECK-NEXT:  }, {
// CHECK:       }) : (i1) -> tensor<2x3xi8>
// The store reads the stored result of the IF past its scast.
// CHECK-NEXT:  quant.scast %[[Y]] : tensor<2x3xi8> to tensor<2x3x!quant.uniform
// CHECK-NEXT:  "ml_program.global_store"(%[[Y]]) {global = @acc} : (tensor<2x3xi8>) -> ()
// CHECK-NEXT:  %[[V:.*]] = call @acc_read() <no_inline> : () -> tensor<2x3xi8>
// CHECK-NEXT:  %[[VQ:.*]] = quant.scast %[[V]] : tensor<2x3xi8> to tensor<2x3x!quant.uniform
// CHECK-NEXT:  return %[[VQ]]
// CHECK-LABEL: func.func private @acc_read() -> tensor<2x3xi8> attributes {noinline, tfl.reads = "acc"}
// CHECK-NEXT:  %[[L:.*]] = "ml_program.global_load"() {global = @acc} : () -> tensor<2x3xi8>
// CHECK-NEXT:  return %[[L]]
func.func @quantized_if_and_variable(%arg0: tensor<1xi1>, %arg1: tensor<2x3x!q>) -> tensor<2x3x!q> {
  %0 = "tfl.if"(%arg0, %arg1) ({
    %1 = func.call @double(%arg1) : (tensor<2x3x!q>) -> tensor<2x3x!q>
    "tfl.yield"(%1) : (tensor<2x3x!q>) -> ()
  }, {
    %2 = func.call @square(%arg1) : (tensor<2x3x!q>) -> tensor<2x3x!q>
    "tfl.yield"(%2) : (tensor<2x3x!q>) -> ()
  }) : (tensor<1xi1>, tensor<2x3x!q>) -> tensor<2x3x!q>
  %3 = "tfl.var_handle"() {container = "", shared_name = "acc"} : () -> tensor<!tf_type.resource>
  "tfl.assign_variable"(%3, %0) : (tensor<!tf_type.resource>, tensor<2x3x!q>) -> ()
  %4 = "tfl.read_variable"(%3) : (tensor<!tf_type.resource>) -> tensor<2x3x!q>
  return %4 : tensor<2x3x!q>
}
func.func private @double(%arg0: tensor<2x3x!q>) -> tensor<2x3x!q> {
  %0 = "tfl.add"(%arg0, %arg0) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<2x3x!q>, tensor<2x3x!q>) -> tensor<2x3x!q>
  return %0 : tensor<2x3x!q>
}
func.func private @square(%arg0: tensor<2x3x!q>) -> tensor<2x3x!q> {
  %0 = "tfl.mul"(%arg0, %arg0) {fused_activation_function = "NONE"} : (tensor<2x3x!q>, tensor<2x3x!q>) -> tensor<2x3x!q>
  return %0 : tensor<2x3x!q>
}

// -----

// Resource variables (models/coverage/resource-variable.float32.tflite): one mutable
// global per (container, shared_name), placed before the functions; reads load it,
// assigns store it, the handles leave nothing. CALL_ONCE calls its init function under
// scf.if on a pending flag it then clears.
// CHECK:       "ml_program.global"() {is_mutable, sym_name = "NoOp_pending", sym_visibility = "private", tfl.call_once = "NoOp", type = tensor<i1>, value = dense<true> : tensor<i1>}
// CHECK-NEXT:  "ml_program.global"() {is_mutable, sym_name = "Variable", sym_visibility = "private", tfl.container = "", tfl.shared_name = "Variable", type = tensor<2x3xf32>, value = dense<0.000000e+00> : tensor<2x3xf32>}
// CHECK-LABEL: func.func @variables
// CHECK-NEXT:  %[[PENDING:.*]] = "ml_program.global_load"() {global = @NoOp_pending} : () -> tensor<i1>
// CHECK-NEXT:  %[[P:.*]] = "tensor.extract"(%[[PENDING]]) : (tensor<i1>) -> i1
// CHECK-NEXT:  "scf.if"(%[[P]]) ({
// CHECK-NEXT:    func.call @NoOp() : () -> ()
// CHECK-NEXT:    %[[DONE:.*]] = arith.constant dense<false> : tensor<i1>
// CHECK-NEXT:    "ml_program.global_store"(%[[DONE]]) {global = @NoOp_pending} : (tensor<i1>) -> ()
// CHECK-NEXT:    "scf.yield"() : () -> ()
// CHECK-NEXT:  }, {
// CHECK-NEXT:  }) : (i1) -> ()
// CHECK-NEXT:  %[[V:.*]] = call @Variable_read() <no_inline> : () -> tensor<2x3xf32>
// CHECK-NEXT:  %[[S:.*]] = "tosa.add"(%[[V]], %arg0)
// CHECK-NEXT:  "ml_program.global_store"(%[[S]]) {global = @Variable} : (tensor<2x3xf32>) -> ()
// CHECK-NEXT:  %[[V2:.*]] = call @Variable_read() <no_inline> : () -> tensor<2x3xf32>
// CHECK-NEXT:  return %[[V2]]
// CHECK-LABEL: func.func private @NoOp
// CHECK-NEXT:  %[[C:.*]] = arith.constant dense<2.500000e-01> : tensor<2x3xf32>
// CHECK-NEXT:  "ml_program.global_store"(%[[C]]) {global = @Variable} : (tensor<2x3xf32>) -> ()
// CHECK-NEXT:  return
// CHECK-LABEL: func.func private @Variable_read() -> tensor<2x3xf32> attributes {noinline, tfl.reads = "Variable"}
// CHECK-NEXT:  %[[L:.*]] = "ml_program.global_load"() {global = @Variable} : () -> tensor<2x3xf32>
// CHECK-NEXT:  return %[[L]]
// CHECK-NOT:   "tfl.{{[a-z_]+}}"
func.func @variables(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  "tfl.call_once"() {session_init_function = "NoOp"} : () -> ()
  %0 = "tfl.var_handle"() {container = "", shared_name = "Variable"} : () -> tensor<!tf_type.resource>
  %1 = "tfl.read_variable"(%0) : (tensor<!tf_type.resource>) -> tensor<2x3xf32>
  %2 = "tfl.add"(%1, %arg0) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  "tfl.assign_variable"(%0, %2) : (tensor<!tf_type.resource>, tensor<2x3xf32>) -> ()
  %3 = "tfl.read_variable"(%0) : (tensor<!tf_type.resource>) -> tensor<2x3xf32>
  return %3 : tensor<2x3xf32>
}
func.func private @NoOp() {
  %0 = "tfl.var_handle"() {container = "", shared_name = "Variable"} : () -> tensor<!tf_type.resource>
  %1 = "tfl.pseudo_const"() {value = dense<0.25> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  "tfl.assign_variable"(%0, %1) : (tensor<!tf_type.resource>, tensor<2x3xf32>) -> ()
  return
}

// -----

// What stays: a loop whose body returns other shapes than it takes (TFLite resizes the
// loop values between iterations), kept as imported; a variable read as one shape and
// assigned as another.
// CHECK-LABEL: @kept
// CHECK:       "tfl.while"
// CHECK:       "tfl.var_handle"
// CHECK-NEXT:  "tfl.read_variable"
// CHECK-NEXT:  "tfl.assign_variable"
func.func @kept(%arg0: tensor<2xf32>, %arg1: tensor<3xf32>) -> tensor<2xf32> {
  // expected-remark@+1 {{unlowered: the body returns (tensor<?xf32>) where the loop carries (tensor<2xf32>): the loop values change shape across iterations}}
  %0 = "tfl.while"(%arg0) ({
  ^bb0(%arg2: tensor<2xf32>):
    %1 = func.call @grow_cond(%arg2) : (tensor<2xf32>) -> tensor<i1>
    "tfl.yield"(%1) : (tensor<i1>) -> ()
  }, {
  ^bb0(%arg3: tensor<2xf32>):
    %2 = func.call @grow_body(%arg3) : (tensor<2xf32>) -> tensor<?xf32>
    "tfl.yield"(%2) : (tensor<?xf32>) -> ()
  }) {is_stateless = false} : (tensor<2xf32>) -> tensor<2xf32>
  // expected-remark@+1 {{unlowered: variable 'v' is read or assigned as 2 types: ['tensor<2xf32>', 'tensor<3xf32>']}}
  %3 = "tfl.var_handle"() {container = "", shared_name = "v"} : () -> tensor<!tf_type.resource>
  // expected-remark@+1 {{unlowered: variable 'v' is read or assigned as 2 types}}
  %4 = "tfl.read_variable"(%3) : (tensor<!tf_type.resource>) -> tensor<2xf32>
  // expected-remark@+1 {{unlowered: variable 'v' is read or assigned as 2 types}}
  "tfl.assign_variable"(%3, %arg1) : (tensor<!tf_type.resource>, tensor<3xf32>) -> ()
  return %0 : tensor<2xf32>
}
func.func private @grow_cond(%arg0: tensor<2xf32>) -> tensor<i1> {
  %0 = "tfl.pseudo_const"() {value = dense<false> : tensor<i1>} : () -> tensor<i1>
  return %0 : tensor<i1>
}
func.func private @grow_body(%arg0: tensor<2xf32>) -> tensor<?xf32> {
  %0 = "tfl.relu"(%arg0) : (tensor<2xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// LSH_PROJECTION (lsh_projection.cc): a linalg.generic over [seeds, rows] writes farmhash's
// Fingerprint64 of each key (the seed's 4 bytes, then the row's 8 bytes: the 8-16 byte
// branch) in i64 arith; a second one over the seeds sums the rows' hashes in f64 in order and
// keeps the sign; SPARSE packs each hash function's bits and adds k << num_bits.
// CHECK-LABEL: @lsh_projection_sparse
// CHECK:       %[[SEEDS:.*]] = "tosa.reshape"(%{{.*}}) : (tensor<2x3xf32>, !tosa.shape<1>) -> tensor<6xf32>
// CHECK:       %[[HASHES:.*]] = "linalg.generic"(%[[SEEDS]], %arg0, %arg0, %{{.*}}) ({
// CHECK:         "arith.bitcast"(%{{.*}}) : (f32) -> i32
// CHECK:         arith.constant -7286425919675154353 : i64
// CHECK:         "arith.shrui"
// CHECK:       }) {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1, 0)>, affine_map<(d0, d1) -> (d1, 1)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-SAME:  -> tensor<6x4xi64>
// CHECK:       %[[BITS:.*]] = "linalg.generic"(%[[HASHES]], %[[HASHES]], %[[HASHES]], %[[HASHES]], %arg1, %arg1, %arg1, %arg1, %{{.*}}) ({
// CHECK-COUNT-4: "arith.sitofp"(%{{.*}}) : (i64) -> f64
// CHECK:         "arith.cmpf"(%{{.*}}, %{{.*}}) {predicate = 2 : i64} : (f64, f64) -> i1
// CHECK:       -> tensor<6xi32>
// CHECK:       %[[SIG:.*]] = "linalg.generic"
// CHECK:         "linalg.index"() {dim = 0 : i64} : () -> index
// CHECK:       -> tensor<2xi32>
// CHECK-NEXT:  return %[[SIG]]
func.func @lsh_projection_sparse(%arg0: tensor<4x2xf32>, %arg1: tensor<4xf32>) -> tensor<2xi32> {
  %hash = "tfl.pseudo_const"() {value = dense<[[0.5, -1.25, 3.0], [2.0, 0.75, -0.5]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %0 = "tfl.lsh_projection"(%hash, %arg0, %arg1) {type = "SPARSE"} : (tensor<2x3xf32>, tensor<4x2xf32>, tensor<4xf32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}
