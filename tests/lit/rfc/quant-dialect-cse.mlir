// The example of "Common subexpression elimination (CSE)" in "[RFC] Improvements in the
// 'quant' dialect": the fallback lowerings of `ml.div` and `ml.mod` dequantize the same inputs
// twice; "CSE fixes arith.remf to consume the originally computed %arg0_f32 and %arg1_f32
// dequantized inputs". Input IR as the RFC gives it, except the arith ops, which the RFC writes
// in their custom form and tfl2quant reads only in the generic form.
// RUN: tfl2quant opt %s --mlir-print-op-generic --cse | filecheck %s
// RUN: tfl2quant opt %s --cse | iree-opt -o /dev/null

!qalias = !quant.uniform<i8:f32, 2.0>

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

// The RFC's result after CSE and DCE: one pair of dcasts.
// CHECK-LABEL: func.func @division
// CHECK-SAME:    (%[[ARG0:.*]]: tensor<3x!quant.uniform<i8:f32, 2.000000e+00>>, %[[ARG1:.*]]: tensor<3x!quant.uniform<i8:f32, 2.000000e+00>>)
// CHECK-NEXT:    %[[ARG0_F32:.*]] = quant.dcast %[[ARG0]] : tensor<3x!quant.uniform<i8:f32, 2.000000e+00>> to tensor<3xf32>
// CHECK-NEXT:    %[[ARG1_F32:.*]] = quant.dcast %[[ARG1]] : tensor<3x!quant.uniform<i8:f32, 2.000000e+00>> to tensor<3xf32>
// CHECK-NEXT:    %[[QUOTIENT_F32:.*]] = "arith.divf"(%[[ARG0_F32]], %[[ARG1_F32]])
// CHECK-NEXT:    %[[QUOTIENT:.*]] = quant.qcast %[[QUOTIENT_F32]] : tensor<3xf32> to tensor<3x!quant.uniform<i8:f32, 2.000000e+00>>
// CHECK-NEXT:    %[[REMAINDER_F32:.*]] = "arith.remf"(%[[ARG0_F32]], %[[ARG1_F32]])
// CHECK-NEXT:    %[[REMAINDER:.*]] = quant.qcast %[[REMAINDER_F32]] : tensor<3xf32> to tensor<3x!quant.uniform<i8:f32, 2.000000e+00>>
// CHECK-NEXT:    return %[[QUOTIENT]], %[[REMAINDER]]
