// Golden test of passes/strip_func_quant_types.py with float storage types: a quantized type
// leaves a signature as its float storage type (f8E4M3FN, f4E2M1FN, ...), and quant.scast, which
// takes the float storage type itself (beyond upstream, quant/float-storage-invalid.mlir),
// bridges as for integer storage. With lower-quant-ops and canonicalize, no quant type is left
// and upstream MLIR (iree-opt) verifies the result.
// RUN: tfl2quant opt %s --split-input-file --strip-func-quant-types | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --strip-func-quant-types --lower-quant-ops --canonicalize | iree-opt --split-input-file | filecheck %s --check-prefix=LOWERED

!q = !quant.uniform<f8E4M3FN:f32, 0.5>
// CHECK-LABEL: func.func @definition
// CHECK-SAME:    (%[[X:.*]]: tensor<4xf32>, %[[STRIPPED:.*]]: tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[STRIPPED]] : tensor<4xf8E4M3FN> to tensor<4x!quant.uniform<f8E4M3FN:f32, 5.000000e-01>>
// CHECK-NEXT:    %[[Q:.*]] = quant.qcast %[[X]] : tensor<4xf32> to tensor<4x!quant.uniform<f8E4M3FN:f32, 5.000000e-01>>
// CHECK-NEXT:    %[[D:.*]] = quant.dcast %[[Y]]
// CHECK-NEXT:    %[[SUM:.*]] = arith.addf
// CHECK-NEXT:    %[[R:.*]] = quant.qcast %[[SUM]]
// CHECK-NEXT:    %[[R_STRIPPED:.*]] = quant.scast %[[R]] : tensor<4x!quant.uniform<f8E4M3FN:f32, 5.000000e-01>> to tensor<4xf8E4M3FN>
// CHECK-NEXT:    return %[[R_STRIPPED]] : tensor<4xf8E4M3FN>
// LOWERED-LABEL: func.func @definition
// LOWERED-SAME:    (%{{.*}}: tensor<4xf32>, %{{.*}}: tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN>
// LOWERED-NOT:     quant
// LOWERED:         arith.extf %{{.*}} : tensor<4xf8E4M3FN> to tensor<4xf32>
// LOWERED:         arith.truncf %{{.*}} : tensor<4xf32> to tensor<4xf8E4M3FN>
// LOWERED-NOT:     quant
func.func @definition(%x: tensor<4xf32>, %y: tensor<4x!q>) -> tensor<4x!q> {
  %0 = quant.qcast %x : tensor<4xf32> to tensor<4x!q>
  %1 = quant.dcast %y : tensor<4x!q> to tensor<4xf32>
  %2 = arith.addf %1, %x : tensor<4xf32>
  %3 = quant.qcast %2 : tensor<4xf32> to tensor<4x!q>
  return %3 : tensor<4x!q>
}

// -----

// Declarations and calls: every format, per-layer, per-axis and sub-channel (the MX layout).
// CHECK-LABEL: func.func private @mx_matmul
// CHECK-SAME:    (tensor<2x64xf4E2M1FN>, tensor<64x3xf6E3M2FN>, f8E5M2FNUZ, tensor<*xf6E2M3FN>, tensor<2xf8E4M3FNUZ>) -> tensor<2x3xf8E5M2>
// CHECK-LABEL: func.func @caller
// CHECK-SAME:    (%[[A:.*]]: tensor<2x64xf4E2M1FN>, %[[B:.*]]: tensor<64x3xf6E3M2FN>, %[[C:.*]]: f8E5M2FNUZ, %[[D:.*]]: tensor<*xf6E2M3FN>, %[[E:.*]]: tensor<2xf8E4M3FNUZ>) -> tensor<2x3xf8E5M2>
// CHECK-NEXT:    %[[R:.*]] = call @mx_matmul(%[[A]], %[[B]], %[[C]], %[[D]], %[[E]])
// CHECK-NEXT:    return %[[R]] : tensor<2x3xf8E5M2>
// LOWERED-LABEL: func.func private @mx_matmul
// LOWERED-SAME:    (tensor<2x64xf4E2M1FN>, tensor<64x3xf6E3M2FN>, f8E5M2FNUZ, tensor<*xf6E2M3FN>, tensor<2xf8E4M3FNUZ>) -> tensor<2x3xf8E5M2>
!a = !quant.uniform<f4E2M1FN:f32:{0:1, 1:32}, {{1.0, 2.0}, {0.5, 0.25}}>
!b = !quant.uniform<f6E3M2FN:f32:1, {0.5, 2.0, 1.0}>
!c = !quant.uniform<f8E5M2FNUZ:f32, 2.0>
!d = !quant.uniform<f6E2M3FN:f32, 0.25:1>
!e = !quant.uniform<f8E4M3FNUZ:f16:0, {0.5, 1.0}>
!r = !quant.uniform<f8E5M2:f32, 4.0>
func.func private @mx_matmul(tensor<2x64x!a>, tensor<64x3x!b>, !c, tensor<*x!d>, tensor<2x!e>) -> tensor<2x3x!r>
func.func @caller(%a: tensor<2x64x!a>, %b: tensor<64x3x!b>, %c: !c, %d: tensor<*x!d>, %e: tensor<2x!e>) -> tensor<2x3x!r> {
  %0 = func.call @mx_matmul(%a, %b, %c, %d, %e) : (tensor<2x64x!a>, tensor<64x3x!b>, !c, tensor<*x!d>, tensor<2x!e>) -> tensor<2x3x!r>
  return %0 : tensor<2x3x!r>
}
