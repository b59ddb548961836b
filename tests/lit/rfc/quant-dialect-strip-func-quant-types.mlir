// The example of "Pass --strip-func-quant-types" in "[RFC] Improvements in the 'quant'
// dialect", input IR as the RFC gives it: "a function with 2 inputs and 1 output, all of them
// of a quantized type".
// RUN: tfl2quant opt %s --allow-unregistered-dialect --strip-func-quant-types | filecheck %s
// RUN: tfl2quant opt %s --allow-unregistered-dialect --strip-func-quant-types | iree-opt --allow-unregistered-dialect -o /dev/null

!qalias = !quant.uniform<i8:f32, 1.0>

func.func @predict(%arg0: tensor<3x!qalias>, %arg1: tensor<3x!qalias>) -> tensor<3x!qalias> {
  %sum = "ml.add"(%arg0, %arg1) : (tensor<3x!qalias>, tensor<3x!qalias>) -> tensor<3x!qalias>
  return %sum : tensor<3x!qalias>
}

// CHECK-LABEL: func.func @predict
// CHECK-SAME:    (%[[ARG0_STRIPPED:.*]]: tensor<3xi8>, %[[ARG1_STRIPPED:.*]]: tensor<3xi8>) -> tensor<3xi8>
// "Conversion of function arguments" (the RFC lists them in argument order; upstream's pass
// inserts each cast at the top of the body, so they come out last argument first)
// CHECK-NEXT:    %[[ARG1:.*]] = quant.scast %[[ARG1_STRIPPED]] : tensor<3xi8> to tensor<3x!quant.uniform<i8:f32, 1.000000e+00>>
// CHECK-NEXT:    %[[ARG0:.*]] = quant.scast %[[ARG0_STRIPPED]] : tensor<3xi8> to tensor<3x!quant.uniform<i8:f32, 1.000000e+00>>
// "Function body"
// CHECK-NEXT:    %[[SUM:.*]] = "ml.add"(%[[ARG0]], %[[ARG1]]) : (tensor<3x!quant.uniform<i8:f32, 1.000000e+00>>, tensor<3x!quant.uniform<i8:f32, 1.000000e+00>>) -> tensor<3x!quant.uniform<i8:f32, 1.000000e+00>>
// "Conversion of return values"
// CHECK-NEXT:    %[[SUM_STRIPPED:.*]] = quant.scast %[[SUM]] : tensor<3x!quant.uniform<i8:f32, 1.000000e+00>> to tensor<3xi8>
// CHECK-NEXT:    return %[[SUM_STRIPPED]] : tensor<3xi8>
