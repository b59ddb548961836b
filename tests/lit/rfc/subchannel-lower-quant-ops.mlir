// The two cases of "Operation lowering of quant.qcast, quant.dcast using --lower-quant-ops" in
// "RFC: Supporting Sub-Channel (or Blockwise) Quantization in MLIR", input IR as the RFC gives
// it. Like the RFC's output, `rounding=toward-zero` adds the zero point before fptosi.
// RUN: tfl2quant opt %s --quant-unranked-sub-channel --mlir-print-op-generic --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(lower-quant-ops{rounding=toward-zero})' | filecheck %s
// Upstream rejects sub-channel types in unranked tensors in ops (--quant-unranked-sub-channel
// accepts them), so it verifies case 2 once strip-func-quant-types and canonicalize have removed
// the scasts.
// RUN: tfl2quant opt %s --quant-unranked-sub-channel --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(lower-quant-ops{rounding=toward-zero}, strip-func-quant-types, canonicalize)' | iree-opt --split-input-file -o /dev/null

// "Case 1: Sub-channel quantization, with ranked input", with the scales fixed to rank 4 (the
// shape 1x2x1x2 of the RFC's output constants; the RFC's own spelling is the last case).
!qalias = !quant.uniform<i8<-128:127>:f32:{1:2, 3:2}, {{{{1.0:1, 2.0:2}},{{3.0:3, 4.0:4}}}}>
func.func @f(%arg0: tensor<6x4x6x4xf32>) -> tensor<6x4x6x4x!qalias> {
  %0 = "quant.qcast"(%arg0) : (tensor<6x4x6x4xf32>) -> tensor<6x4x6x4x!qalias>
  return %0 : tensor<6x4x6x4x!qalias>
}
// CHECK-LABEL: func.func @f
// CHECK-SAME:    (%[[ARG0:.*]]: tensor<6x4x6x4xf32>)
// "Create tensors of scales and zero points"
// CHECK-DAG:     %[[CST:.*]] = arith.constant dense<{{\[\[\[\[}}1.000000e+00, 2.000000e+00]], {{\[\[}}3.000000e+00, 4.000000e+00]]]]> : tensor<1x2x1x2xf32>
// CHECK-DAG:     %[[CST_0:.*]] = arith.constant dense<{{\[\[\[\[}}1, 2]], {{\[\[}}3, 4]]]]> : tensor<1x2x1x2xi8>
// "Traverse input, scales, zero-point, and output tensors"
// CHECK-DAG:     %[[EMPTY:.*]] = "tensor.empty"() : () -> tensor<6x4x6x4xi8>
// CHECK:         %[[GENERIC:.*]] = "linalg.generic"(%[[ARG0]], %[[CST]], %[[CST_0]], %[[EMPTY]]) ({
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %[[IN_1:.*]]: f32, %[[IN_2:.*]]: i8, %{{.*}}: i8):
// CHECK-NEXT:      %[[DIVIDED:.*]] = "arith.divf"(%[[IN]], %[[IN_1]]) : (f32, f32) -> f32
// CHECK-NEXT:      %[[ZERO_POINT:.*]] = "arith.sitofp"(%[[IN_2]]) : (i8) -> f32
// CHECK-NEXT:      "arith.addf"(%[[DIVIDED]], %[[ZERO_POINT]]) : (f32, f32) -> f32
// CHECK:           "arith.fptosi"
// CHECK:           %[[MIN:.*]] = arith.constant -128 : i32
// CHECK-NEXT:      "arith.maxsi"(%{{.*}}, %[[MIN]])
// CHECK-NEXT:      %[[MAX:.*]] = arith.constant 127 : i32
// CHECK-NEXT:      "arith.minsi"(%{{.*}}, %[[MAX]])
// CHECK:           "linalg.yield"
// CHECK-NEXT:    })
// CHECK-SAME:    indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (0, d1 floordiv 2, 0, d3 floordiv 2)>, affine_map<(d0, d1, d2, d3) -> (0, d1 floordiv 2, 0, d3 floordiv 2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>]
// CHECK-SAME:    iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>]
// The RFC casts from tensor<6x4xi8> here: the whole tensor<6x4x6x4xi8> is meant.
// CHECK-NEXT:    %[[RESULT:.*]] = quant.scast %[[GENERIC]] : tensor<6x4x6x4xi8> to tensor<6x4x6x4x!{{.*}}>
// CHECK-NEXT:    return %[[RESULT]]

// -----

// "Case 2: Sub-channel quantization, with unranked input": "we flatten the input into an
// N-dimensional tensor, where N is calculated as 2 * size(quantization_dimensions) + 1", with
// the extents of dimensions 1 and 3 known from the scales: "dim(arg0, 1) = block-size at
// axis-1 * dim(scales,1) = 4".
!qalias = !quant.uniform<i8<-128:127>:f32:{1:2, 3:2}, {{1.0:1, 2.0:2}, {3.0:3, 4.0:4}}>
func.func @f(%arg0: tensor<*xf32>) -> tensor<*x!qalias> {
  %0 = "quant.qcast"(%arg0) : (tensor<*xf32>) -> tensor<*x!qalias>
  return %0 : tensor<*x!qalias>
}
// CHECK-LABEL: func.func @f
// CHECK-SAME:    (%[[ARG0:.*]]: tensor<*xf32>)
// "Save shape of original unranked tensor"
// CHECK-NEXT:    %[[SHAPE:.*]] = "shape.shape_of"(%[[ARG0]]) : (tensor<*xf32>) -> tensor<?xindex>
// "Calculate tensor size on the left of axis-1, mid of axis 1 and 3, and right of axis-3"
// CHECK:         %[[LEFT_OF_AXIS_1:[0-9]+]]:2 = "shape.split_at"(%[[SHAPE]], %{{.*}})
// CHECK-NEXT:    %[[LEFT:.*]] = "shape.num_elements"(%[[LEFT_OF_AXIS_1]]#0)
// CHECK-NEXT:    %[[KNOWN_DIM_SIZE_1:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[UP_TO_AXIS_3:[0-9]+]]:2 = "shape.split_at"(%[[SHAPE]], %[[C3]])
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[MID_OF_AXES_1_3:[0-9]+]]:2 = "shape.split_at"(%[[UP_TO_AXIS_3]]#0, %[[C2]])
// CHECK-NEXT:    %[[MID:.*]] = "shape.num_elements"(%[[MID_OF_AXES_1_3]]#1)
// CHECK-NEXT:    %[[KNOWN_DIM_SIZE_3:.*]] = arith.constant 4 : index
// CHECK:         %[[RIGHT_OF_AXIS_3:[0-9]+]]:2 = "shape.split_at"(%[[SHAPE]], %{{.*}})
// CHECK-NEXT:    %[[RIGHT:.*]] = "shape.num_elements"(%[[RIGHT_OF_AXIS_3]]#1)
// "Reshape input to 5D tensor"
// CHECK-NEXT:    %[[FROM_ELEMENTS:.*]] = "tensor.from_elements"(%[[LEFT]], %[[KNOWN_DIM_SIZE_1]], %[[MID]], %[[KNOWN_DIM_SIZE_3]], %[[RIGHT]]) : (index, index, index, index, index) -> tensor<5xindex>
// CHECK-NEXT:    %[[RESHAPE:.*]] = "tensor.reshape"(%[[ARG0]], %[[FROM_ELEMENTS]]) : (tensor<*xf32>, tensor<5xindex>) -> tensor<?x4x?x4x?xf32>
// "Scale and zero-point tensors"
// CHECK-DAG:     %[[SCALES:.*]] = arith.constant dense<{{\[\[\[\[\[}}1.000000e+00], [2.000000e+00]]], {{\[\[\[}}3.000000e+00], [4.000000e+00]]]]]> : tensor<1x2x1x2x1xf32>
// CHECK-DAG:     %[[ZERO_POINTS:.*]] = arith.constant dense<{{\[\[\[\[\[}}1], [2]]], {{\[\[\[}}3], [4]]]]]> : tensor<1x2x1x2x1xi8>
// "Initialize output tensor"
// CHECK:         %[[EMPTY:.*]] = "tensor.empty"(%{{.*}}, %{{.*}}, %{{.*}}) : (index, index, index) -> tensor<?x4x?x4x?xi8>
// "Quantize"
// CHECK-NEXT:    %[[GENERIC:.*]] = "linalg.generic"(%[[RESHAPE]], %[[SCALES]], %[[ZERO_POINTS]], %[[EMPTY]])
// CHECK:           "arith.divf"
// CHECK-NEXT:      "arith.sitofp"
// CHECK-NEXT:      "arith.addf"
// CHECK:           "arith.fptosi"
// CHECK:         affine_map<(d0, d1, d2, d3, d4) -> (0, d1 floordiv 2, 0, d3 floordiv 2, 0)>
// CHECK-SAME:    -> tensor<?x4x?x4x?xi8>
// "Reshape output to original unranked tensor"
// CHECK-NEXT:    %[[RESHAPE_1:.*]] = "tensor.reshape"(%[[GENERIC]], %[[SHAPE]]) : (tensor<?x4x?x4x?xi8>, tensor<?xindex>) -> tensor<*xi8>
// CHECK-NEXT:    %[[RESULT:.*]] = quant.scast %[[RESHAPE_1]] : tensor<*xi8> to tensor<*x!{{.*}}>
// CHECK-NEXT:    return %[[RESULT]]

// -----

// Case 1 exactly as the RFC writes it: the scales {{{1.0:1, 2.0:2}},{{3.0:3, 4.0:4}}} have 3
// dimensions for a rank-4 tensor, against "size(block_sizes) = rank(tensor)".
!qalias = !quant.uniform<i8<-128:127>:f32:{1:2, 3:2}, {{{1.0:1, 2.0:2}},{{3.0:3, 4.0:4}}}>
func.func @f(%arg0: tensor<6x4x6x4xf32>) -> tensor<6x4x6x4x!qalias> {
  // expected-error@+1 {{Rank of scales 3 must match the rank of the tensor 4}}
  %0 = "quant.qcast"(%arg0) : (tensor<6x4x6x4xf32>) -> tensor<6x4x6x4x!qalias>
  return %0 : tensor<6x4x6x4x!qalias>
}
