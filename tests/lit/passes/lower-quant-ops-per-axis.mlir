// Golden test of passes/lower_quant_ops.py, per-axis quantization: a linalg.generic reads each
// element's scale and zero point from constant tensors through the map (d...) -> (d_axis);
// unranked tensors are flattened to 3-D [left, channel, right] with the shape dialect.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(lower-quant-ops{rounding=half-away-from-zero})' | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --pass-pipeline='builtin.module(lower-quant-ops{rounding=half-away-from-zero})' | iree-opt --split-input-file -o /dev/null

// The RFC's case 3: "Per-channel quantization, ranked input".
!qalias = !quant.uniform<i8<-8:7>:f32:1, {2.0, 3.0}>
// CHECK-LABEL: func.func @quantize_ranked
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<4x2x5xf32>)
// CHECK-DAG:     %[[SCALES:.*]] = arith.constant dense<[2.000000e+00, 3.000000e+00]> : tensor<2xf32>
// CHECK-DAG:     %[[ZERO_POINTS:.*]] = arith.constant dense<0> : tensor<2xi8>
// CHECK-DAG:     %[[INIT:.*]] = "tensor.empty"() : () -> tensor<4x2x5xi8>
// CHECK:         %[[GENERIC:.*]] = "linalg.generic"(%[[INPUT]], %[[SCALES]], %[[ZERO_POINTS]], %[[INIT]]) ({
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %[[SCALE:.*]]: f32, %[[ZERO_POINT:.*]]: i8, %{{.*}}: i8):
// CHECK-NEXT:      %[[SCALED:.*]] = "arith.divf"(%[[IN]], %[[SCALE]]) : (f32, f32) -> f32
// CHECK-NEXT:      %[[ROUNDED:.*]] = "math.round"(%[[SCALED]]) : (f32) -> f32
// CHECK-DAG:       %[[LOWEST:.*]] = arith.constant -1.07374182E+9 : f32
// CHECK:           %[[ABOVE_LOWEST:.*]] = "arith.maxnumf"(%[[ROUNDED]], %[[LOWEST]])
// CHECK-DAG:       %[[HIGHEST:.*]] = arith.constant 1.07374182E+9 : f32
// CHECK:           %[[GUARDED:.*]] = "arith.minnumf"(%[[ABOVE_LOWEST]], %[[HIGHEST]])
// CHECK-NEXT:      %[[INT:.*]] = "arith.fptosi"(%[[GUARDED]]) : (f32) -> i32
// CHECK-NEXT:      %[[ZERO_POINT_INT:.*]] = "arith.extsi"(%[[ZERO_POINT]]) : (i8) -> i32
// CHECK-NEXT:      %[[SHIFTED:.*]] = "arith.addi"(%[[INT]], %[[ZERO_POINT_INT]])
// CHECK-DAG:       %[[STORAGE_MIN:.*]] = arith.constant -8 : i32
// CHECK:           %[[ABOVE_MIN:.*]] = "arith.maxsi"(%[[SHIFTED]], %[[STORAGE_MIN]])
// CHECK-DAG:       %[[STORAGE_MAX:.*]] = arith.constant 7 : i32
// CHECK:           %[[CLAMPED:.*]] = "arith.minsi"(%[[ABOVE_MIN]], %[[STORAGE_MAX]])
// CHECK-NEXT:      %[[STORED:.*]] = "arith.trunci"(%[[CLAMPED]]) : (i32) -> i8
// CHECK-NEXT:      "linalg.yield"(%[[STORED]]) : (i8) -> ()
// CHECK-NEXT:    })
// CHECK-SAME:    indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>]
// CHECK-SAME:    iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>]
// CHECK-SAME:    -> tensor<4x2x5xi8>
// CHECK-NEXT:    %[[RESULT:.*]] = quant.scast %[[GENERIC]] : tensor<4x2x5xi8> to tensor<4x2x5x!quant.uniform<i8<-8:7>:f32:1, {2.000000e+00,3.000000e+00}>>
// CHECK-NEXT:    return %[[RESULT]]
func.func @quantize_ranked(%arg0: tensor<4x2x5xf32>) -> tensor<4x2x5x!qalias> {
  %0 = "quant.qcast"(%arg0) : (tensor<4x2x5xf32>) -> tensor<4x2x5x!qalias>
  return %0 : tensor<4x2x5x!qalias>
}

// -----

// The RFC's case 4: "Per-channel quantization, unranked input": "Everything to the left of the
// channel dimension is collapsed into the left-most of the reshaped tensor. The channel
// dimension itself becomes the middle dimension of the reshaped tensor, and everything to the
// right of the channel dimension is collapsed into the right-most dimension".
!qalias = !quant.uniform<i8:f32:2, {2.0:10, 3.0:20, 4.0:30}>
// CHECK-LABEL: func.func @quantize_unranked
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<*xf32>)
// CHECK-NEXT:    %[[SHAPE:.*]] = "shape.shape_of"(%[[INPUT]]) : (tensor<*xf32>) -> tensor<?xindex>
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[HEAD:[0-9]+]]:2 = "shape.split_at"(%[[SHAPE]], %[[C2]]) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
// CHECK-NEXT:    %[[LEFT:.*]] = "shape.num_elements"(%[[HEAD]]#0) : (tensor<?xindex>) -> index
// CHECK-NEXT:    %[[CHANNELS:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[TAIL:[0-9]+]]:2 = "shape.split_at"(%[[SHAPE]], %[[C3]])
// CHECK-NEXT:    %[[RIGHT:.*]] = "shape.num_elements"(%[[TAIL]]#1) : (tensor<?xindex>) -> index
// CHECK-NEXT:    %[[FLAT_SHAPE:.*]] = "tensor.from_elements"(%[[LEFT]], %[[CHANNELS]], %[[RIGHT]]) : (index, index, index) -> tensor<3xindex>
// CHECK-NEXT:    %[[FLAT:.*]] = "tensor.reshape"(%[[INPUT]], %[[FLAT_SHAPE]]) : (tensor<*xf32>, tensor<3xindex>) -> tensor<?x3x?xf32>
// CHECK-DAG:     %[[SCALES:.*]] = arith.constant dense<[2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<3xf32>
// CHECK-DAG:     %[[ZERO_POINTS:.*]] = arith.constant dense<[10, 20, 30]> : tensor<3xi8>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[DIM0:.*]] = "tensor.dim"(%[[FLAT]], %[[C0]])
// CHECK-DAG:     %[[C2_1:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[DIM2:.*]] = "tensor.dim"(%[[FLAT]], %[[C2_1]])
// CHECK:         %[[INIT:.*]] = "tensor.empty"(%[[DIM0]], %[[DIM2]]) : (index, index) -> tensor<?x3x?xi8>
// CHECK-NEXT:    %[[GENERIC:.*]] = "linalg.generic"(%[[FLAT]], %[[SCALES]], %[[ZERO_POINTS]], %[[INIT]])
// CHECK:           "arith.divf"
// CHECK:           "linalg.yield"
// CHECK:         affine_map<(d0, d1, d2) -> (d1)>
// CHECK-SAME:    -> tensor<?x3x?xi8>
// CHECK-NEXT:    %[[UNFLAT:.*]] = "tensor.reshape"(%[[GENERIC]], %[[SHAPE]]) : (tensor<?x3x?xi8>, tensor<?xindex>) -> tensor<*xi8>
// CHECK-NEXT:    %[[RESULT:.*]] = quant.scast %[[UNFLAT]] : tensor<*xi8> to tensor<*x!quant.uniform<i8:f32:2, {2.000000e+00:10,3.000000e+00:20,4.000000e+00:30}>>
// CHECK-NEXT:    return %[[RESULT]]
func.func @quantize_unranked(%arg0: tensor<*xf32>) -> tensor<*x!qalias> {
  %0 = "quant.qcast"(%arg0) : (tensor<*xf32>) -> tensor<*x!qalias>
  return %0 : tensor<*x!qalias>
}

// -----

// Unsigned storage: the zero points are stored as i8 bit patterns (128 is -128) and widened
// with extui; a dynamic dimension sizes the output with tensor.dim.
!q = !quant.uniform<u8<1:254>:f32:1, {0.5:128, 0.25:100, 2.0:3}>
// CHECK-LABEL: func.func @quantize_dynamic_unsigned
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<?x3xf32>)
// CHECK-DAG:     %[[ZERO_POINTS:.*]] = arith.constant dense<[-128, 100, 3]> : tensor<3xi8>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[DIM0:.*]] = "tensor.dim"(%[[INPUT]], %[[C0]]) : (tensor<?x3xf32>, index) -> index
// CHECK:         %[[INIT:.*]] = "tensor.empty"(%[[DIM0]]) : (index) -> tensor<?x3xi8>
// CHECK-NEXT:    "linalg.generic"(%[[INPUT]], %{{.*}}, %[[ZERO_POINTS]], %[[INIT]])
// CHECK-NEXT:    ^bb0(%{{.*}}: f32, %{{.*}}: f32, %[[ZERO_POINT:.*]]: i8, %{{.*}}: i8):
// CHECK:           "arith.extui"(%[[ZERO_POINT]]) : (i8) -> i32
// CHECK:           %[[STORAGE_MIN:.*]] = arith.constant 1 : i32
// CHECK-NEXT:      "arith.maxsi"(%{{.*}}, %[[STORAGE_MIN]])
// CHECK-NEXT:      %[[STORAGE_MAX:.*]] = arith.constant 254 : i32
// CHECK-NEXT:      "arith.minsi"(%{{.*}}, %[[STORAGE_MAX]])
// CHECK:         affine_map<(d0, d1) -> (d1)>
// CHECK-SAME:    -> tensor<?x3xi8>
func.func @quantize_dynamic_unsigned(%arg0: tensor<?x3xf32>) -> tensor<?x3x!q> {
  %0 = quant.qcast %arg0 : tensor<?x3xf32> to tensor<?x3x!q>
  return %0 : tensor<?x3x!q>
}

// -----

// dcast per axis: "(storedValueFloat - zeroPointFloat) * scale" in the generic's body.
!q = !quant.uniform<u4:f32:1, {0.5:8, 0.25:7, 2.0}>
// CHECK-LABEL: func.func @dequantize_ranked_unsigned
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<2x3x!quant.uniform<u4:f32:1, {5.000000e-01:8,2.500000e-01:7,2.000000e+00}>>)
// CHECK-NEXT:    %[[STORED:.*]] = quant.scast %[[INPUT]] : tensor<2x3x!quant.uniform<u4:f32:1, {5.000000e-01:8,2.500000e-01:7,2.000000e+00}>> to tensor<2x3xi4>
// CHECK-DAG:     %[[SCALES:.*]] = arith.constant dense<[5.000000e-01, 2.500000e-01, 2.000000e+00]> : tensor<3xf32>
// CHECK-DAG:     %[[ZERO_POINTS:.*]] = arith.constant dense<[8, 7, 0]> : tensor<3xi4>
// CHECK-DAG:     %[[INIT:.*]] = "tensor.empty"() : () -> tensor<2x3xf32>
// CHECK:         %[[GENERIC:.*]] = "linalg.generic"(%[[STORED]], %[[SCALES]], %[[ZERO_POINTS]], %[[INIT]])
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: i4, %[[SCALE:.*]]: f32, %[[ZERO_POINT:.*]]: i4, %{{.*}}: f32):
// CHECK-NEXT:      %[[FLOAT:.*]] = "arith.uitofp"(%[[IN]]) : (i4) -> f32
// CHECK-NEXT:      %[[ZERO_POINT_FLOAT:.*]] = "arith.uitofp"(%[[ZERO_POINT]]) : (i4) -> f32
// CHECK-NEXT:      %[[CENTERED:.*]] = "arith.subf"(%[[FLOAT]], %[[ZERO_POINT_FLOAT]])
// CHECK-NEXT:      %[[EXPRESSED:.*]] = "arith.mulf"(%[[CENTERED]], %[[SCALE]])
// CHECK-NEXT:      "linalg.yield"(%[[EXPRESSED]]) : (f32) -> ()
// CHECK:         affine_map<(d0, d1) -> (d1)>
// CHECK-SAME:    -> tensor<2x3xf32>
// CHECK-NEXT:    return %[[GENERIC]]
func.func @dequantize_ranked_unsigned(%arg0: tensor<2x3x!q>) -> tensor<2x3xf32> {
  %0 = quant.dcast %arg0 : tensor<2x3x!q> to tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// dcast of an unranked tensor: scast, then flatten to [left, channel, right] around axis 0
// (the left part is empty: one element).
!q = !quant.uniform<i8:f32:0, {0.5:1, 0.25:-1}>
// CHECK-LABEL: func.func @dequantize_unranked
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<*x!quant.uniform<i8:f32:0, {5.000000e-01:1,2.500000e-01:-1}>>)
// CHECK-NEXT:    %[[STORED:.*]] = quant.scast %[[INPUT]] : {{.*}} to tensor<*xi8>
// CHECK-NEXT:    %[[SHAPE:.*]] = "shape.shape_of"(%[[STORED]])
// CHECK:         %[[FLAT:.*]] = "tensor.reshape"(%[[STORED]], %{{.*}}) : (tensor<*xi8>, tensor<3xindex>) -> tensor<?x2x?xi8>
// CHECK:         %[[GENERIC:.*]] = "linalg.generic"(%[[FLAT]],
// CHECK:           "arith.sitofp"
// CHECK:         -> tensor<?x2x?xf32>
// CHECK-NEXT:    %[[RESULT:.*]] = "tensor.reshape"(%[[GENERIC]], %[[SHAPE]]) : (tensor<?x2x?xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    return %[[RESULT]]
func.func @dequantize_unranked(%arg0: tensor<*x!q>) -> tensor<*xf32> {
  %0 = quant.dcast %arg0 : tensor<*x!q> to tensor<*xf32>
  return %0 : tensor<*xf32>
}
