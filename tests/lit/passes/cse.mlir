// Golden test of passes/cse.py: identical pure ops merge (the quant casts are pure, per the
// RFC), scoped like MLIR's CSE.
// RUN: tfl2quant opt %s --mlir-print-op-generic --allow-unregistered-dialect --cse --split-input-file | filecheck %s
// RUN: tfl2quant opt %s --allow-unregistered-dialect --cse --split-input-file | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// The RFC's example: the fallback lowerings of `ml.div` and `ml.mod` both dequantize %arg0 and
// %arg1; "CSE fixes arith.remf to consume the originally computed %arg0_f32 and %arg1_f32".
// (The RFC's arith ops are in custom form, which tfl2quant does not read: generic form here.)
!qalias = !quant.uniform<i8:f32, 2.0>
// CHECK-LABEL: func.func @division
// CHECK-SAME:    (%[[ARG0:.*]]: tensor<3x!quant.uniform<i8:f32, 2.000000e+00>>, %[[ARG1:.*]]: tensor<3x!quant.uniform<i8:f32, 2.000000e+00>>)
// CHECK-NEXT:    %[[ARG0_F32:.*]] = quant.dcast %[[ARG0]]
// CHECK-NEXT:    %[[ARG1_F32:.*]] = quant.dcast %[[ARG1]]
// CHECK-NEXT:    %[[QUOTIENT_F32:.*]] = "arith.divf"(%[[ARG0_F32]], %[[ARG1_F32]])
// CHECK-NEXT:    %[[QUOTIENT:.*]] = quant.qcast %[[QUOTIENT_F32]]
// CHECK-NEXT:    %[[REMAINDER_F32:.*]] = "arith.remf"(%[[ARG0_F32]], %[[ARG1_F32]])
// CHECK-NEXT:    %[[REMAINDER:.*]] = quant.qcast %[[REMAINDER_F32]]
// CHECK-NEXT:    return %[[QUOTIENT]], %[[REMAINDER]]
func.func @division(%arg0: tensor<3x!qalias>, %arg1: tensor<3x!qalias>) -> (tensor<3x!qalias>, tensor<3x!qalias>) {
  %arg0_f32 = "quant.dcast"(%arg0) : (tensor<3x!qalias>) -> tensor<3xf32>
  %arg1_f32 = "quant.dcast"(%arg1) : (tensor<3x!qalias>) -> tensor<3xf32>
  %quotient_f32 = "arith.divf"(%arg0_f32, %arg1_f32) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %quotient = "quant.qcast"(%quotient_f32) : (tensor<3xf32>) -> tensor<3x!qalias>

  %arg0_f32_1 = "quant.dcast"(%arg0) : (tensor<3x!qalias>) -> tensor<3xf32>
  %arg1_f32_1 = "quant.dcast"(%arg1) : (tensor<3x!qalias>) -> tensor<3xf32>
  %remainder_f32 = "arith.remf"(%arg0_f32_1, %arg1_f32_1) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %remainder = "quant.qcast"(%remainder_f32) : (tensor<3xf32>) -> tensor<3x!qalias>

  return %quotient, %remainder : tensor<3x!qalias>, tensor<3x!qalias>
}

// -----

// qcast and scast merge as well.
!q = !quant.uniform<i8:f32:0, {2.0, 3.0}>
// CHECK-LABEL: func.func @qcast_and_scast_merge
// CHECK-SAME:    (%[[ARG:.*]]: tensor<2xf32>)
// CHECK-NEXT:    %[[Q:.*]] = quant.qcast %[[ARG]]
// CHECK-NEXT:    %[[S:.*]] = quant.scast %[[Q]]
// CHECK-NEXT:    return %[[Q]], %[[Q]], %[[S]], %[[S]]
func.func @qcast_and_scast_merge(%arg0: tensor<2xf32>) -> (tensor<2x!q>, tensor<2x!q>, tensor<2xi8>, tensor<2xi8>) {
  %0 = quant.qcast %arg0 : tensor<2xf32> to tensor<2x!q>
  %1 = quant.qcast %arg0 : tensor<2xf32> to tensor<2x!q>
  %2 = quant.scast %0 : tensor<2x!q> to tensor<2xi8>
  %3 = quant.scast %1 : tensor<2x!q> to tensor<2xi8>
  return %0, %1, %2, %3 : tensor<2x!q>, tensor<2x!q>, tensor<2xi8>, tensor<2xi8>
}

// -----

// Same op and operand, different result types: two different quantizations.
!q2 = !quant.uniform<i8:f32, 2.0>
!q4 = !quant.uniform<i8:f32, 4.0>
// CHECK-LABEL: func.func @different_result_types_do_not_merge
// CHECK-NEXT:    %[[A:.*]] = quant.qcast %{{.*}} : tensor<3xf32> to tensor<3x!quant.uniform<i8:f32, 2.000000e+00>>
// CHECK-NEXT:    %[[B:.*]] = quant.qcast %{{.*}} : tensor<3xf32> to tensor<3x!quant.uniform<i8:f32, 4.000000e+00>>
// CHECK-NEXT:    return %[[A]], %[[B]]
func.func @different_result_types_do_not_merge(%arg0: tensor<3xf32>) -> (tensor<3x!q2>, tensor<3x!q4>) {
  %0 = quant.qcast %arg0 : tensor<3xf32> to tensor<3x!q2>
  %1 = quant.qcast %arg0 : tensor<3xf32> to tensor<3x!q4>
  return %0, %1 : tensor<3x!q2>, tensor<3x!q4>
}

// -----

!q = !quant.uniform<i8:f32, 2.0>
// CHECK-LABEL: func.func @different_operands_do_not_merge
// CHECK-SAME:    (%[[ARG0:.*]]: tensor<3x{{.*}}>, %[[ARG1:.*]]: tensor<3x{{.*}}>)
// CHECK-NEXT:    %[[A:.*]] = quant.dcast %[[ARG0]]
// CHECK-NEXT:    %[[B:.*]] = quant.dcast %[[ARG1]]
// CHECK-NEXT:    return %[[A]], %[[B]]
func.func @different_operands_do_not_merge(%arg0: tensor<3x!q>, %arg1: tensor<3x!q>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0 = quant.dcast %arg0 : tensor<3x!q> to tensor<3xf32>
  %1 = quant.dcast %arg1 : tensor<3x!q> to tensor<3xf32>
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}

// -----

!q = !quant.uniform<i8:f32, 2.0>
// CHECK-LABEL: func.func @different_attributes_do_not_merge
// CHECK-NEXT:    %[[A:.*]] = quant.dcast %{{.*}} {tag = 1 : i32}
// CHECK-NEXT:    %[[B:.*]] = quant.dcast %{{.*}} {tag = 2 : i32}
// CHECK-NEXT:    %[[C:.*]] = quant.dcast %{{.*}} :
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]]
func.func @different_attributes_do_not_merge(%arg0: tensor<3x!q>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0 = quant.dcast %arg0 {tag = 1 : i32} : tensor<3x!q> to tensor<3xf32>
  %1 = quant.dcast %arg0 {tag = 2 : i32} : tensor<3x!q> to tensor<3xf32>
  %2 = quant.dcast %arg0 : tensor<3x!q> to tensor<3xf32>
  return %0, %1, %2 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// Ops with unknown effects (an unregistered op) never merge.
// CHECK-LABEL: func.func @impure_ops_do_not_merge
// CHECK-NEXT:    %[[A:.*]] = "ml.random"()
// CHECK-NEXT:    %[[B:.*]] = "ml.random"()
// CHECK-NEXT:    return %[[A]], %[[B]]
func.func @impure_ops_do_not_merge() -> (tensor<3xf32>, tensor<3xf32>) {
  %0 = "ml.random"() : () -> tensor<3xf32>
  %1 = "ml.random"() : () -> tensor<3xf32>
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// An op in a nested region reuses an equivalent op of an enclosing block.
// CHECK-LABEL: func.func @nested_region_sees_outer_values
// CHECK:         %[[SCALE:.*]] = arith.constant 2.000000e+00 : f32
// CHECK:         "linalg.generic"
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[M:.*]] = "arith.mulf"(%[[IN]], %[[SCALE]])
// CHECK-NEXT:      "linalg.yield"(%[[M]])
func.func @nested_region_sees_outer_values(%arg0: tensor<3xf32>) -> (tensor<3xf32>, f32) {
  %c = arith.constant 2.0 : f32
  %e = "tensor.empty"() : () -> tensor<3xf32>
  %0 = "linalg.generic"(%arg0, %e) ({
  ^bb0(%in: f32, %out: f32):
    %c_inner = arith.constant 2.0 : f32
    %m = "arith.mulf"(%in, %c_inner) : (f32, f32) -> f32
    "linalg.yield"(%m) : (f32) -> ()
  }) {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0, %c : tensor<3xf32>, f32
}

// -----

// ... but not the other way round: an op after the region cannot use a value defined inside,
// and sibling regions do not share either.
// CHECK-LABEL: func.func @outer_does_not_see_nested_values
// CHECK:         "linalg.generic"
// CHECK:           %[[INNER:.*]] = arith.constant 3.000000e+00 : f32
// CHECK:           "arith.mulf"(%{{.*}}, %[[INNER]])
// CHECK:         "linalg.generic"
// CHECK:           %[[SIBLING:.*]] = arith.constant 3.000000e+00 : f32
// CHECK:           "arith.addf"(%{{.*}}, %[[SIBLING]])
// CHECK:         %[[OUTER:.*]] = arith.constant 3.000000e+00 : f32
// CHECK-NEXT:    return %{{.*}}, %{{.*}}, %[[OUTER]]
func.func @outer_does_not_see_nested_values(%arg0: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, f32) {
  %e = "tensor.empty"() : () -> tensor<3xf32>
  %0 = "linalg.generic"(%arg0, %e) ({
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant 3.0 : f32
    %m = "arith.mulf"(%in, %c) : (f32, f32) -> f32
    "linalg.yield"(%m) : (f32) -> ()
  }) {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %1 = "linalg.generic"(%arg0, %e) ({
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant 3.0 : f32
    %m = "arith.addf"(%in, %c) : (f32, f32) -> f32
    "linalg.yield"(%m) : (f32) -> ()
  }) {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %c_outer = arith.constant 3.0 : f32
  return %0, %1, %c_outer : tensor<3xf32>, tensor<3xf32>, f32
}

// -----

// Functions are isolated from above: each keeps its own constant.
// CHECK-LABEL: func.func @first
// CHECK-NEXT:    arith.constant 1.000000e+00 : f32
// CHECK-LABEL: func.func @second
// CHECK-NEXT:    arith.constant 1.000000e+00 : f32
func.func @first() -> f32 {
  %0 = arith.constant 1.0 : f32
  return %0 : f32
}
func.func @second() -> f32 {
  %0 = arith.constant 1.0 : f32
  return %0 : f32
}
