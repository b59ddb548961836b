// The four cases of "Pass --lower-quant-ops" in "[RFC] Improvements in the 'quant' dialect",
// input IR as the RFC gives it. The RFC's output rounds toward zero after adding the zero
// point (upstream's order), which is `rounding=toward-zero` here; tfl2quant also guards
// fptosi's range, computes in i32 and truncates to the storage type, where the RFC converts to
// i8 directly. Checked: the structure the RFC describes for each case.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(lower-quant-ops{rounding=toward-zero})' | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --pass-pipeline='builtin.module(lower-quant-ops{rounding=toward-zero})' | iree-opt --split-input-file -o /dev/null

// "Case 1. Per-layer quantization, scalar or ranked input": divide by the scale, add the zero
// point, convert to integer, clamp, cast to the quantized type.
!qalias = !quant.uniform<i8<-8:7>:f32, 2.0:10>
func.func @f(%arg0: tensor<3x5xf32>) -> tensor<3x5x!qalias> {
  %0 = quant.qcast %arg0 : tensor<3x5xf32> to tensor<3x5x!qalias>
  return %0 : tensor<3x5x!qalias>
}
// CHECK-LABEL: func.func @f
// CHECK-SAME:    (%[[ARG0:.*]]: tensor<3x5xf32>)
// CHECK-DAG:     %[[SCALE:.*]] = arith.constant dense<2.000000e+00> : tensor<3x5xf32>
// CHECK:         %[[DIVIDED:.*]] = "arith.divf"(%[[ARG0]], %[[SCALE]])
// CHECK-DAG:     %[[ZERO_POINT:.*]] = arith.constant dense<1.000000e+01> : tensor<3x5xf32>
// CHECK:         %[[SHIFTED:.*]] = "arith.addf"(%[[DIVIDED]], %[[ZERO_POINT]])
// CHECK:         %[[INT:.*]] = "arith.fptosi"(%{{.*}}) : (tensor<3x5xf32>) -> tensor<3x5xi32>
// CHECK-DAG:     %[[MIN:.*]] = arith.constant dense<-8> : tensor<3x5xi32>
// CHECK:         %[[ABOVE_MIN:.*]] = "arith.maxsi"(%[[INT]], %[[MIN]])
// CHECK-DAG:     %[[MAX:.*]] = arith.constant dense<7> : tensor<3x5xi32>
// CHECK:         %[[CLAMPED:.*]] = "arith.minsi"(%[[ABOVE_MIN]], %[[MAX]])
// CHECK-NEXT:    %[[STORED:.*]] = "arith.trunci"(%[[CLAMPED]]) : (tensor<3x5xi32>) -> tensor<3x5xi8>
// CHECK-NEXT:    %[[RESULT:.*]] = quant.scast %[[STORED]] : tensor<3x5xi8> to tensor<3x5x!quant.uniform<i8<-8:7>:f32, 2.000000e+00:10>>
// CHECK-NEXT:    return %[[RESULT]]

// -----

// "Case 2. Per-layer quantization, unranked input": "first flatten them to 1D dynamically
// sized tensors, query their total size, generate 1D constant tensor splats for scale and zero
// point, run arithmetic computations on the 1D tensors, and convert the result back into an
// unranked tensor of the original shape."
!qalias = !quant.uniform<i8:f32, 2.0:10>
func.func @f(%arg0: tensor<*xf32>) -> tensor<*x!qalias> {
  %0 = quant.qcast %arg0 : tensor<*xf32> to tensor<*x!qalias>
  return %0 : tensor<*x!qalias>
}
// CHECK-LABEL: func.func @f
// CHECK-SAME:    (%[[ARG0:.*]]: tensor<*xf32>)
// CHECK-NEXT:    %[[SHAPE:.*]] = "shape.shape_of"(%[[ARG0]]) : (tensor<*xf32>) -> tensor<?xindex>
// CHECK-NEXT:    %[[SIZE:.*]] = "shape.num_elements"(%[[SHAPE]]) : (tensor<?xindex>) -> index
// CHECK-NEXT:    %[[FROM_ELEMENTS:.*]] = "tensor.from_elements"(%[[SIZE]]) : (index) -> tensor<1xindex>
// CHECK-NEXT:    %[[RESHAPE:.*]] = "tensor.reshape"(%[[ARG0]], %[[FROM_ELEMENTS]]) : (tensor<*xf32>, tensor<1xindex>) -> tensor<?xf32>
// CHECK:         %[[DIM:.*]] = "tensor.dim"(%[[RESHAPE]], %{{.*}})
// CHECK:         %[[SPLAT:.*]] = "tensor.splat"(%{{.*}}, %[[DIM]]) : (f32, index) -> tensor<?xf32>
// CHECK-NEXT:    %[[DIVIDED:.*]] = "arith.divf"(%[[RESHAPE]], %[[SPLAT]])
// CHECK:         %[[SPLAT_0:.*]] = "tensor.splat"(%{{.*}}, %[[DIM]]) : (f32, index) -> tensor<?xf32>
// CHECK-NEXT:    "arith.addf"(%[[DIVIDED]], %[[SPLAT_0]])
// CHECK:         "arith.fptosi"(%{{.*}}) : (tensor<?xf32>) -> tensor<?xi32>
// CHECK:         %[[STORED:.*]] = "arith.trunci"(%{{.*}}) : (tensor<?xi32>) -> tensor<?xi8>
// CHECK-NEXT:    %[[RESHAPE_1:.*]] = "tensor.reshape"(%[[STORED]], %[[SHAPE]]) : (tensor<?xi8>, tensor<?xindex>) -> tensor<*xi8>
// CHECK-NEXT:    %[[RESULT:.*]] = quant.scast %[[RESHAPE_1]] : tensor<*xi8> to tensor<*x!quant.uniform<i8:f32, 2.000000e+00:10>>
// CHECK-NEXT:    return %[[RESULT]]

// -----

// "Case 3. Per-channel quantization, ranked input": "a linalg.generic operation with its
// affine map attributes carefully designed to apply the correct scale and zero point to each
// element of the input tensor."
!qalias = !quant.uniform<i8<-8:7>:f32:1, {2.0, 3.0}>
func.func @f(%arg0: tensor<4x2x5xf32>) -> tensor<4x2x5x!qalias> {
  %0 = "quant.qcast"(%arg0) : (tensor<4x2x5xf32>) -> tensor<4x2x5x!qalias>
  return %0 : tensor<4x2x5x!qalias>
}
// CHECK-LABEL: func.func @f
// CHECK-SAME:    (%[[ARG0:.*]]: tensor<4x2x5xf32>)
// CHECK-DAG:     %[[CST:.*]] = arith.constant dense<[2.000000e+00, 3.000000e+00]> : tensor<2xf32>
// CHECK-DAG:     %[[CST_0:.*]] = arith.constant dense<0> : tensor<2xi8>
// CHECK-DAG:     %[[EMPTY:.*]] = "tensor.empty"() : () -> tensor<4x2x5xi8>
// CHECK:         %[[GENERIC:.*]] = "linalg.generic"(%[[ARG0]], %[[CST]], %[[CST_0]], %[[EMPTY]]) ({
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %[[IN_1:.*]]: f32, %[[IN_2:.*]]: i8, %{{.*}}: i8):
// CHECK-NEXT:      %[[DIVIDED:.*]] = "arith.divf"(%[[IN]], %[[IN_1]]) : (f32, f32) -> f32
// CHECK-NEXT:      %[[ZERO_POINT:.*]] = "arith.sitofp"(%[[IN_2]]) : (i8) -> f32
// CHECK-NEXT:      "arith.addf"(%[[DIVIDED]], %[[ZERO_POINT]]) : (f32, f32) -> f32
// CHECK:           "arith.fptosi"
// CHECK:           "arith.maxsi"
// CHECK:           "arith.minsi"
// CHECK:           "linalg.yield"
// CHECK-NEXT:    })
// CHECK-SAME:    indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>]
// CHECK-SAME:    iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>]
// CHECK-NEXT:    %[[RESULT:.*]] = quant.scast %[[GENERIC]] : tensor<4x2x5xi8> to tensor<4x2x5x!quant.uniform<i8<-8:7>:f32:1, {2.000000e+00,3.000000e+00}>>
// CHECK-NEXT:    return %[[RESULT]]

// -----

// "Case 4. Per-channel quantization, unranked input": "flattening the input into a 3D tensor"
// around the channel, quantizing it as in case 3, and reshaping back.
!qalias = !quant.uniform<i8:f32:2, {2.0:10, 3.0:20, 4.0:30}>
func.func @f(%arg0: tensor<*xf32>) -> tensor<*x!qalias> {
  %0 = "quant.qcast"(%arg0) : (tensor<*xf32>) -> tensor<*x!qalias>
  return %0 : tensor<*x!qalias>
}
// CHECK-LABEL: func.func @f
// CHECK-SAME:    (%[[ARG0:.*]]: tensor<*xf32>)
// CHECK-NEXT:    %[[SHAPE:.*]] = "shape.shape_of"(%[[ARG0]]) : (tensor<*xf32>) -> tensor<?xindex>
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[HEAD:[0-9]+]]:2 = "shape.split_at"(%[[SHAPE]], %[[C2]])
// CHECK-NEXT:    %[[LEFT:.*]] = "shape.num_elements"(%[[HEAD]]#0)
// CHECK-NEXT:    %[[C3_2:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[TAIL_1:[0-9]+]]:2 = "shape.split_at"(%[[SHAPE]], %[[C3]])
// CHECK-NEXT:    %[[RIGHT:.*]] = "shape.num_elements"(%[[TAIL_1]]#1)
// CHECK-NEXT:    %[[FROM_ELEMENTS:.*]] = "tensor.from_elements"(%[[LEFT]], %[[C3_2]], %[[RIGHT]]) : (index, index, index) -> tensor<3xindex>
// CHECK-NEXT:    %[[RESHAPE:.*]] = "tensor.reshape"(%[[ARG0]], %[[FROM_ELEMENTS]]) : (tensor<*xf32>, tensor<3xindex>) -> tensor<?x3x?xf32>
// CHECK-DAG:     %[[CST:.*]] = arith.constant dense<[2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<3xf32>
// CHECK-DAG:     %[[CST_3:.*]] = arith.constant dense<[10, 20, 30]> : tensor<3xi8>
// CHECK:         %[[EMPTY:.*]] = "tensor.empty"(%{{.*}}, %{{.*}}) : (index, index) -> tensor<?x3x?xi8>
// CHECK-NEXT:    %[[GENERIC:.*]] = "linalg.generic"(%[[RESHAPE]], %[[CST]], %[[CST_3]], %[[EMPTY]])
// CHECK:         affine_map<(d0, d1, d2) -> (d1)>
// CHECK-SAME:    -> tensor<?x3x?xi8>
// CHECK-NEXT:    %[[RESHAPE_6:.*]] = "tensor.reshape"(%[[GENERIC]], %[[SHAPE]]) : (tensor<?x3x?xi8>, tensor<?xindex>) -> tensor<*xi8>
// CHECK-NEXT:    %[[RESULT:.*]] = quant.scast %[[RESHAPE_6]] : tensor<*xi8> to tensor<*x!quant.uniform<i8:f32:2, {2.000000e+00:10,3.000000e+00:20,4.000000e+00:30}>>
// CHECK-NEXT:    return %[[RESULT]]
