// Golden test of passes/lower_quant_ops.py, sub-channel (blockwise) quantization: a
// linalg.generic reads scale[d_i floordiv block_i] (0 along dimensions with one block);
// unranked tensors are flattened to 2k+1 dimensions [left, D1, between, ..., Dk, right], where
// the scales fix each quantized extent D_i = block_i * number of blocks_i.
// RUN: tfl2quant opt %s --quant-unranked-sub-channel --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(lower-quant-ops{rounding=half-away-from-zero})' | filecheck %s
// Upstream rejects sub-channel types in unranked tensors in ops (the sub-channel RFC lowers
// them): --quant-unranked-sub-channel accepts them, and upstream verifies the IR once the scasts
// are gone.
// RUN: tfl2quant opt %s --quant-unranked-sub-channel --split-input-file --pass-pipeline='builtin.module(lower-quant-ops{rounding=half-away-from-zero}, strip-func-quant-types, canonicalize)' | iree-opt --split-input-file -o /dev/null

// The sub-channel RFC's case 1: "Sub-channel quantization, with ranked input". The RFC writes
// the scales as {{{1.0:1, 2.0:2}},{{3.0:3, 4.0:4}}}, a rank-3 tensor for a rank-4 one
// ("size(block_sizes) = rank(tensor)"): one more level of braces here.
!qalias = !quant.uniform<i8<-128:127>:f32:{1:2, 3:2}, {{{{1.0:1, 2.0:2}},{{3.0:3, 4.0:4}}}}>
// CHECK-LABEL: func.func @quantize_ranked
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<6x4x6x4xf32>)
// CHECK-DAG:     %[[SCALES:.*]] = arith.constant dense<{{\[\[\[\[}}1.000000e+00, 2.000000e+00]], {{\[\[}}3.000000e+00, 4.000000e+00]]]]> : tensor<1x2x1x2xf32>
// CHECK-DAG:     %[[ZERO_POINTS:.*]] = arith.constant dense<{{\[\[\[\[}}1, 2]], {{\[\[}}3, 4]]]]> : tensor<1x2x1x2xi8>
// CHECK-DAG:     %[[INIT:.*]] = "tensor.empty"() : () -> tensor<6x4x6x4xi8>
// CHECK:         %[[GENERIC:.*]] = "linalg.generic"(%[[INPUT]], %[[SCALES]], %[[ZERO_POINTS]], %[[INIT]]) ({
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %[[SCALE:.*]]: f32, %[[ZERO_POINT:.*]]: i8, %{{.*}}: i8):
// CHECK-NEXT:      %[[SCALED:.*]] = "arith.divf"(%[[IN]], %[[SCALE]]) : (f32, f32) -> f32
// CHECK-NEXT:      "math.round"(%[[SCALED]])
// CHECK:           "arith.extsi"(%[[ZERO_POINT]]) : (i8) -> i32
// CHECK:           %[[STORAGE_MIN:.*]] = arith.constant -128 : i32
// CHECK:           %[[STORAGE_MAX:.*]] = arith.constant 127 : i32
// CHECK:           %[[STORED:.*]] = "arith.trunci"(%{{.*}}) : (i32) -> i8
// CHECK-NEXT:      "linalg.yield"(%[[STORED]]) : (i8) -> ()
// CHECK-NEXT:    })
// CHECK-SAME:    indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (0, d1 floordiv 2, 0, d3 floordiv 2)>, affine_map<(d0, d1, d2, d3) -> (0, d1 floordiv 2, 0, d3 floordiv 2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>]
// CHECK-SAME:    -> tensor<6x4x6x4xi8>
// CHECK-NEXT:    %[[RESULT:.*]] = quant.scast %[[GENERIC]] : tensor<6x4x6x4xi8> to tensor<6x4x6x4x!{{.*}}>
// CHECK-NEXT:    return %[[RESULT]]
func.func @quantize_ranked(%arg0: tensor<6x4x6x4xf32>) -> tensor<6x4x6x4x!qalias> {
  %0 = "quant.qcast"(%arg0) : (tensor<6x4x6x4xf32>) -> tensor<6x4x6x4x!qalias>
  return %0 : tensor<6x4x6x4x!qalias>
}

// -----

// The sub-channel RFC's case 2: "Sub-channel quantization, with unranked input": "we flatten
// the input into an N-dimensional tensor, where N is calculated as
// 2 * size(quantization_dimensions) + 1". The scales list only the quantized dimensions
// (2x2); "dim(arg0, 1) = block-size at axis-1 * dim(scales,1) = 4".
!qalias = !quant.uniform<i8<-128:127>:f32:{1:2, 3:2}, {{1.0:1, 2.0:2}, {3.0:3, 4.0:4}}>
// CHECK-LABEL: func.func @quantize_unranked
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<*xf32>)
// CHECK-NEXT:    %[[SHAPE:.*]] = "shape.shape_of"(%[[INPUT]]) : (tensor<*xf32>) -> tensor<?xindex>
// Left of axis 1: shape[:1].
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[LEFT_SHAPE:[0-9]+]]:2 = "shape.split_at"(%[[SHAPE]], %[[C1]])
// CHECK-NEXT:    %[[LEFT:.*]] = "shape.num_elements"(%[[LEFT_SHAPE]]#0)
// CHECK-NEXT:    %[[D1:.*]] = arith.constant 4 : index
// Between axes 1 and 3: shape[2:3].
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[UP_TO_3:[0-9]+]]:2 = "shape.split_at"(%[[SHAPE]], %[[C3]])
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[MID_SHAPE:[0-9]+]]:2 = "shape.split_at"(%[[UP_TO_3]]#0, %[[C2]])
// CHECK-NEXT:    %[[MID:.*]] = "shape.num_elements"(%[[MID_SHAPE]]#1)
// CHECK-NEXT:    %[[D3:.*]] = arith.constant 4 : index
// Right of axis 3: shape[4:].
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[RIGHT_SHAPE:[0-9]+]]:2 = "shape.split_at"(%[[SHAPE]], %[[C4]])
// CHECK-NEXT:    %[[RIGHT:.*]] = "shape.num_elements"(%[[RIGHT_SHAPE]]#1)
// CHECK-NEXT:    %[[FLAT_SHAPE:.*]] = "tensor.from_elements"(%[[LEFT]], %[[D1]], %[[MID]], %[[D3]], %[[RIGHT]]) : (index, index, index, index, index) -> tensor<5xindex>
// CHECK-NEXT:    %[[FLAT:.*]] = "tensor.reshape"(%[[INPUT]], %[[FLAT_SHAPE]]) : (tensor<*xf32>, tensor<5xindex>) -> tensor<?x4x?x4x?xf32>
// CHECK-DAG:     %[[SCALES:.*]] = arith.constant dense<{{\[\[\[\[\[}}1.000000e+00], [2.000000e+00]]], {{\[\[\[}}3.000000e+00], [4.000000e+00]]]]]> : tensor<1x2x1x2x1xf32>
// CHECK-DAG:     %[[ZERO_POINTS:.*]] = arith.constant dense<{{\[\[\[\[\[}}1], [2]]], {{\[\[\[}}3], [4]]]]]> : tensor<1x2x1x2x1xi8>
// CHECK:         %[[INIT:.*]] = "tensor.empty"(%{{.*}}, %{{.*}}, %{{.*}}) : (index, index, index) -> tensor<?x4x?x4x?xi8>
// CHECK-NEXT:    %[[GENERIC:.*]] = "linalg.generic"(%[[FLAT]], %[[SCALES]], %[[ZERO_POINTS]], %[[INIT]])
// CHECK:         affine_map<(d0, d1, d2, d3, d4) -> (0, d1 floordiv 2, 0, d3 floordiv 2, 0)>
// CHECK-SAME:    -> tensor<?x4x?x4x?xi8>
// CHECK-NEXT:    %[[UNFLAT:.*]] = "tensor.reshape"(%[[GENERIC]], %[[SHAPE]]) : (tensor<?x4x?x4x?xi8>, tensor<?xindex>) -> tensor<*xi8>
// CHECK-NEXT:    %[[RESULT:.*]] = quant.scast %[[UNFLAT]] : tensor<*xi8> to tensor<*x!{{.*}}>
// CHECK-NEXT:    return %[[RESULT]]
func.func @quantize_unranked(%arg0: tensor<*xf32>) -> tensor<*x!qalias> {
  %0 = "quant.qcast"(%arg0) : (tensor<*xf32>) -> tensor<*x!qalias>
  return %0 : tensor<*x!qalias>
}

// -----

// Unranked with full-rank scales, block sizes listed out of order: the flattened layout takes
// the quantized dimensions in ascending order (0 then 2).
!q = !quant.uniform<i8:f32:{2:5, 0:2}, {{{0.5, 0.25}}, {{1.0, 2.0}}}>
// CHECK-LABEL: func.func @quantize_unranked_full_rank_scales
// CHECK:         "tensor.reshape"(%{{.*}}, %{{.*}}) : (tensor<*xf32>, tensor<5xindex>) -> tensor<?x4x?x10x?xf32>
// CHECK-DAG:     arith.constant dense<{{\[\[\[\[\[}}5.000000e-01], [2.500000e-01]]], {{\[\[\[}}1.000000e+00], [2.000000e+00]]]]]> : tensor<1x2x1x2x1xf32>
// CHECK:         affine_map<(d0, d1, d2, d3, d4) -> (0, d1 floordiv 2, 0, d3 floordiv 5, 0)>
func.func @quantize_unranked_full_rank_scales(%arg0: tensor<*xf32>) -> tensor<*x!q> {
  %0 = quant.qcast %arg0 : tensor<*xf32> to tensor<*x!q>
  return %0 : tensor<*x!q>
}

// -----

// dcast: a block size of 1 reads d0 directly; unsigned storage converts with uitofp.
!q = !quant.uniform<u8:f32:{0:1, 1:3}, {{0.5:1, 0.25:2}, {1.0:3, 2.0:4}}>
// CHECK-LABEL: func.func @dequantize_ranked
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<2x6x!{{.*}}>)
// CHECK-NEXT:    %[[STORED:.*]] = quant.scast %[[INPUT]] : tensor<2x6x!{{.*}}> to tensor<2x6xi8>
// CHECK-DAG:     %[[SCALES:.*]] = arith.constant dense<{{\[\[}}5.000000e-01, 2.500000e-01], [1.000000e+00, 2.000000e+00]]> : tensor<2x2xf32>
// CHECK-DAG:     %[[ZERO_POINTS:.*]] = arith.constant dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi8>
// CHECK:         %[[GENERIC:.*]] = "linalg.generic"(%[[STORED]], %[[SCALES]], %[[ZERO_POINTS]], %{{.*}})
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: i8, %[[SCALE:.*]]: f32, %[[ZERO_POINT:.*]]: i8, %{{.*}}: f32):
// CHECK-NEXT:      %[[FLOAT:.*]] = "arith.uitofp"(%[[IN]]) : (i8) -> f32
// CHECK-NEXT:      %[[ZERO_POINT_FLOAT:.*]] = "arith.uitofp"(%[[ZERO_POINT]]) : (i8) -> f32
// CHECK-NEXT:      %[[CENTERED:.*]] = "arith.subf"(%[[FLOAT]], %[[ZERO_POINT_FLOAT]])
// CHECK-NEXT:      %[[EXPRESSED:.*]] = "arith.mulf"(%[[CENTERED]], %[[SCALE]])
// CHECK-NEXT:      "linalg.yield"(%[[EXPRESSED]])
// CHECK:         affine_map<(d0, d1) -> (d0, d1 floordiv 3)>
// CHECK-SAME:    -> tensor<2x6xf32>
// CHECK-NEXT:    return %[[GENERIC]]
func.func @dequantize_ranked(%arg0: tensor<2x6x!q>) -> tensor<2x6xf32> {
  %0 = quant.dcast %arg0 : tensor<2x6x!q> to tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// Dynamic dimensions: the output takes the operand's sizes; dimension 0 (no block size) is one
// block, read at 0.
!q = !quant.uniform<i8:f32:{1:2}, {{0.5, 0.25}}>
// CHECK-LABEL: func.func @quantize_dynamic
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<?x?xf32>)
// CHECK-DAG:     %[[DIM0:.*]] = "tensor.dim"(%[[INPUT]], %{{.*}}) : (tensor<?x?xf32>, index) -> index
// CHECK-DAG:     %[[DIM1:.*]] = "tensor.dim"(%[[INPUT]], %{{.*}}) : (tensor<?x?xf32>, index) -> index
// CHECK:         %[[INIT:.*]] = "tensor.empty"(%[[DIM0]], %[[DIM1]]) : (index, index) -> tensor<?x?xi8>
// CHECK-NEXT:    "linalg.generic"(%[[INPUT]], %{{.*}}, %{{.*}}, %[[INIT]])
// CHECK:         affine_map<(d0, d1) -> (0, d1 floordiv 2)>
// CHECK-SAME:    -> tensor<?x?xi8>
func.func @quantize_dynamic(%arg0: tensor<?x?xf32>) -> tensor<?x?x!q> {
  %0 = quant.qcast %arg0 : tensor<?x?xf32> to tensor<?x?x!q>
  return %0 : tensor<?x?x!q>
}
