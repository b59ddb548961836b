// The "Workflow example" of "[RFC] Improvements in the 'quant' dialect", run for real: the
// fallback code that `--convert-ml-to-arith` produces for `ml.mul` and `ml.add` on per-channel
// operands goes through canonicalize, lower-quant-ops, strip-func-quant-types and canonicalize,
// until "all occurrences of this operation [quant.scast] [...] cancel each other out".
// Input IR as the RFC gives it, except the arith ops, which the RFC writes in their custom
// form and tfl2quant reads only in the generic form.
// RUN: tfl2quant opt %s --mlir-print-op-generic --canonicalize | filecheck %s --check-prefix=CANON
// RUN: tfl2quant opt %s --mlir-print-op-generic --canonicalize --lower-quant-ops | filecheck %s --check-prefix=LOWERED
// RUN: tfl2quant opt %s --mlir-print-op-generic --canonicalize --lower-quant-ops --strip-func-quant-types | filecheck %s --check-prefix=STRIPPED
// RUN: tfl2quant opt %s --mlir-print-op-generic --canonicalize --lower-quant-ops --strip-func-quant-types --canonicalize | filecheck %s --check-prefix=FINAL
// RUN: tfl2quant opt %s --canonicalize --lower-quant-ops | iree-opt -o /dev/null
// RUN: tfl2quant opt %s --canonicalize --lower-quant-ops --strip-func-quant-types | iree-opt -o /dev/null
// RUN: tfl2quant opt %s --canonicalize --lower-quant-ops --strip-func-quant-types --canonicalize | iree-opt -o /dev/null

!qalias = !quant.uniform<i8:f32:0, {2.0, 3.0, 4.0}>

func.func @multiply_add(%arg0: tensor<3x!qalias>, %arg1: tensor<3x!qalias>, %arg2: tensor<3x!qalias>) -> tensor<3x!qalias> {

  %arg0_f32 = "quant.dcast"(%arg0) : (tensor<3x!qalias>) -> tensor<3xf32>
  %arg1_f32 = "quant.dcast"(%arg1) : (tensor<3x!qalias>) -> tensor<3xf32>
  %product_f32 = "arith.mulf"(%arg0_f32, %arg1_f32) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %product = "quant.qcast"(%product_f32) : (tensor<3xf32>) -> tensor<3x!qalias>

  %product_f32_1 = "quant.dcast"(%product) : (tensor<3x!qalias>) -> tensor<3xf32>
  %arg2_f32 = "quant.dcast"(%arg2) : (tensor<3x!qalias>) -> tensor<3xf32>
  %sum_f32 = "arith.addf"(%product_f32_1, %arg2_f32) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %sum = "quant.qcast"(%sum_f32) : (tensor<3xf32>) -> tensor<3x!qalias>

  return %sum : tensor<3x!qalias>
}

// "In the code above, the quantization of the result of arith.mulf is immediately dequantized
// [...]. Applying a canonicalization pass at this point eliminates this redundancy".
// CANON-LABEL: func.func @multiply_add
// CANON-SAME:    (%[[ARG0:.*]]: tensor<3x{{.*}}>, %[[ARG1:.*]]: tensor<3x{{.*}}>, %[[ARG2:.*]]: tensor<3x{{.*}}>)
// CANON-NEXT:    %[[ARG0_F32:.*]] = quant.dcast %[[ARG0]]
// CANON-NEXT:    %[[ARG1_F32:.*]] = quant.dcast %[[ARG1]]
// CANON-NEXT:    %[[PRODUCT_F32:.*]] = "arith.mulf"(%[[ARG0_F32]], %[[ARG1_F32]])
// CANON-NEXT:    %[[ARG2_F32:.*]] = quant.dcast %[[ARG2]]
// CANON-NEXT:    %[[SUM_F32:.*]] = "arith.addf"(%[[PRODUCT_F32]], %[[ARG2_F32]])
// CANON-NEXT:    %[[SUM:.*]] = quant.qcast %[[SUM_F32]]
// CANON-NEXT:    return %[[SUM]]

// "At this point, all uses of quantized types are limited to the function header and the newly
// introduced quant.scast ops": each dcast becomes scast + linalg.generic, the qcast a
// linalg.generic + scast.
// LOWERED-LABEL: func.func @multiply_add
// LOWERED-SAME:    (%[[ARG0:.*]]: tensor<3x{{.*}}>, %[[ARG1:.*]]: tensor<3x{{.*}}>, %[[ARG2:.*]]: tensor<3x{{.*}}>)
// LOWERED-NOT:     quant.dcast
// LOWERED-NOT:     quant.qcast
// LOWERED:         %[[ARG0_I8:.*]] = quant.scast %[[ARG0]] : tensor<3x{{.*}}> to tensor<3xi8>
// LOWERED:         %[[ARG0_F32:.*]] = "linalg.generic"(%[[ARG0_I8]],
// LOWERED:         %[[ARG1_I8:.*]] = quant.scast %[[ARG1]] : tensor<3x{{.*}}> to tensor<3xi8>
// LOWERED:         %[[ARG1_F32:.*]] = "linalg.generic"(%[[ARG1_I8]],
// LOWERED:         %[[PRODUCT_F32:.*]] = "arith.mulf"(%[[ARG0_F32]], %[[ARG1_F32]])
// LOWERED:         %[[ARG2_I8:.*]] = quant.scast %[[ARG2]] : tensor<3x{{.*}}> to tensor<3xi8>
// LOWERED:         %[[ARG2_F32:.*]] = "linalg.generic"(%[[ARG2_I8]],
// LOWERED:         %[[SUM_F32:.*]] = "arith.addf"(%[[PRODUCT_F32]], %[[ARG2_F32]])
// LOWERED:         %[[SUM_I8:.*]] = "linalg.generic"(%[[SUM_F32]],
// LOWERED:         %[[SUM:.*]] = quant.scast %[[SUM_I8]] : tensor<3xi8> to tensor<3x!quant.uniform<i8:f32:0, {2.000000e+00,3.000000e+00,4.000000e+00}>>
// LOWERED-NEXT:    return %[[SUM]]
// LOWERED-NOT:     quant.dcast
// LOWERED-NOT:     quant.qcast

// "In preparation to eliminate the remaining occurrences of quantized types, the function
// header is now transformed with pass --strip-func-quant-types."
// STRIPPED-LABEL: func.func @multiply_add
// STRIPPED-SAME:    (%[[ARG0_STRIPPED:.*]]: tensor<3xi8>, %[[ARG1_STRIPPED:.*]]: tensor<3xi8>, %[[ARG2_STRIPPED:.*]]: tensor<3xi8>) -> tensor<3xi8>
// (The argument casts come out last argument first, as upstream's pass inserts each one at the
// top of the body.)
// STRIPPED-NEXT:    %[[ARG2:.*]] = quant.scast %[[ARG2_STRIPPED]] : tensor<3xi8> to tensor<3x{{.*}}>
// STRIPPED-NEXT:    %[[ARG1:.*]] = quant.scast %[[ARG1_STRIPPED]] : tensor<3xi8> to tensor<3x{{.*}}>
// STRIPPED-NEXT:    %[[ARG0:.*]] = quant.scast %[[ARG0_STRIPPED]] : tensor<3xi8> to tensor<3x{{.*}}>
// STRIPPED-NEXT:    quant.scast %[[ARG0]] : tensor<3x{{.*}}> to tensor<3xi8>
// STRIPPED:         %[[SUM:.*]] = quant.scast %{{.*}} : tensor<3xi8> to tensor<3x{{.*}}>
// STRIPPED-NEXT:    %[[SUM_STRIPPED:.*]] = quant.scast %[[SUM]] : tensor<3x{{.*}}> to tensor<3xi8>
// STRIPPED-NEXT:    return %[[SUM_STRIPPED]] : tensor<3xi8>

// "Quantized types only occur in quant.scast ops at this point, all of which should cancel each
// other out through the application of canonicalization patterns and DCE."
// FINAL-NOT:     quant
// FINAL-LABEL:   func.func @multiply_add
// FINAL-SAME:      (%[[ARG0:.*]]: tensor<3xi8>, %[[ARG1:.*]]: tensor<3xi8>, %[[ARG2:.*]]: tensor<3xi8>) -> tensor<3xi8>
// FINAL:           %[[ARG0_F32:.*]] = "linalg.generic"(%[[ARG0]],
// FINAL:           %[[ARG1_F32:.*]] = "linalg.generic"(%[[ARG1]],
// FINAL:           %[[PRODUCT_F32:.*]] = "arith.mulf"(%[[ARG0_F32]], %[[ARG1_F32]])
// FINAL:           %[[ARG2_F32:.*]] = "linalg.generic"(%[[ARG2]],
// FINAL:           %[[SUM_F32:.*]] = "arith.addf"(%[[PRODUCT_F32]], %[[ARG2_F32]])
// FINAL:           %[[SUM_I8:.*]] = "linalg.generic"(%[[SUM_F32]],
// FINAL:           -> tensor<3xi8>
// FINAL-NEXT:      return %[[SUM_I8]] : tensor<3xi8>
// FINAL-NOT:     quant
