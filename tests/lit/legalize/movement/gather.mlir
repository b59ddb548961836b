// Golden test of legalize/families/movement/gather.py: GATHER and GATHER_ND become one tosa.gather on
// [N, K, C] between reshapes, on f32 and on the stored int8 values between quant.scast when
// params and result share one quantization; SCATTER_ND, the segment reductions,
// SPARSE_TO_DENSE and EMBEDDING_LOOKUP_SPARSE as one-hot folds (tosa.equal, tosa.select,
// a reduction along the indices); DENSIFY of a densified sparse constant; the reasons each
// pattern declines an instance, as remarks.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// Ops that stay tfl.* (unlowered) are unregistered upstream, hence --allow-unregistered-dialect.
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// axis 0 of a 5x3x4 with 2x3 indices: no batch, no outer dimension; K = 5 rows of
// C = 3 * 4 = 12 values, the 6 indices in one row: [1, 5, 12] gathered at [1, 6].
// CHECK-LABEL: @gather_f32_axis_0
// CHECK-SAME:    (%[[PARAMS:.*]]: tensor<5x3x4xf32>, %[[INDICES:.*]]: tensor<2x3xi32>)
// CHECK-NEXT:    %[[I3_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 1, 6]> : tensor<3xindex>}
// CHECK-NEXT:    %[[I3:.*]] = "tosa.reshape"(%[[INDICES]], %[[I3_SHAPE]]) : (tensor<2x3xi32>, !tosa.shape<3>) -> tensor<1x1x6xi32>
// CHECK-NEXT:    %[[VALUES_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 5, 12]> : tensor<3xindex>}
// CHECK-NEXT:    %[[VALUES:.*]] = "tosa.reshape"(%[[PARAMS]], %[[VALUES_SHAPE]]) : (tensor<5x3x4xf32>, !tosa.shape<3>) -> tensor<1x5x12xf32>
// CHECK-NEXT:    %[[ROWS_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 6]> : tensor<2xindex>}
// CHECK-NEXT:    %[[ROWS:.*]] = "tosa.reshape"(%[[I3]], %[[ROWS_SHAPE]]) : (tensor<1x1x6xi32>, !tosa.shape<2>) -> tensor<1x6xi32>
// CHECK-NEXT:    %[[G:.*]] = "tosa.gather"(%[[VALUES]], %[[ROWS]]) : (tensor<1x5x12xf32>, tensor<1x6xi32>) -> tensor<1x6x12xf32>
// CHECK-NEXT:    %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[2, 3, 3, 4]> : tensor<4xindex>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.reshape"(%[[G]], %[[OUT_SHAPE]]) : (tensor<1x6x12xf32>, !tosa.shape<4>) -> tensor<2x3x3x4xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @gather_f32_axis_0(%arg0: tensor<5x3x4xf32>, %arg1: tensor<2x3xi32>) -> tensor<2x3x3x4xf32> {
  %0 = "tfl.gather"(%arg0, %arg1) {axis = 0 : i32, batch_dims = 0 : i32} : (tensor<5x3x4xf32>, tensor<2x3xi32>) -> tensor<2x3x3x4xf32>
  return %0 : tensor<2x3x3x4xf32>
}

// -----

// axis 2, batch_dims 1 of a 2x3x6x4 with 2x5 indices: batch 2, outer 3, K = 6, C = 4.
// Each batch's 5 indices serve its 3 outer rows: [2, 1, 5] tiled [1, 3, 1] to [2, 3, 5],
// then N = 2 * 3 = 6 gathers of 5 rows from [6, 6, 4].
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @gather_int8_batch_dims_on_storage
// CHECK-SAME:    (%[[PARAMS:.*]]: tensor<2x3x6x4x!quant.uniform<i8:f32, 5.000000e-02:-3>>, %[[INDICES:.*]]: tensor<2x5xi32>)
// CHECK-NEXT:    %[[STORED:.*]] = quant.scast %[[PARAMS]] : {{.*}} to tensor<2x3x6x4xi8>
// CHECK-NEXT:    %[[I3_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[2, 1, 5]> : tensor<3xindex>}
// CHECK-NEXT:    %[[I3:.*]] = "tosa.reshape"(%[[INDICES]], %[[I3_SHAPE]]) : (tensor<2x5xi32>, !tosa.shape<3>) -> tensor<2x1x5xi32>
// CHECK-NEXT:    %[[MULTIPLES:.*]] = "tosa.const_shape"() {values = dense<[1, 3, 1]> : tensor<3xindex>}
// CHECK-NEXT:    %[[TILED:.*]] = "tosa.tile"(%[[I3]], %[[MULTIPLES]]) : (tensor<2x1x5xi32>, !tosa.shape<3>) -> tensor<2x3x5xi32>
// CHECK-NEXT:    %[[VALUES_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[6, 6, 4]> : tensor<3xindex>}
// CHECK-NEXT:    %[[VALUES:.*]] = "tosa.reshape"(%[[STORED]], %[[VALUES_SHAPE]]) : (tensor<2x3x6x4xi8>, !tosa.shape<3>) -> tensor<6x6x4xi8>
// CHECK-NEXT:    %[[ROWS_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[6, 5]> : tensor<2xindex>}
// CHECK-NEXT:    %[[ROWS:.*]] = "tosa.reshape"(%[[TILED]], %[[ROWS_SHAPE]]) : (tensor<2x3x5xi32>, !tosa.shape<2>) -> tensor<6x5xi32>
// CHECK-NEXT:    %[[G:.*]] = "tosa.gather"(%[[VALUES]], %[[ROWS]]) : (tensor<6x6x4xi8>, tensor<6x5xi32>) -> tensor<6x5x4xi8>
// CHECK-NEXT:    %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[2, 3, 5, 4]> : tensor<4xindex>}
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.reshape"(%[[G]], %[[OUT_SHAPE]]) : (tensor<6x5x4xi8>, !tosa.shape<4>) -> tensor<2x3x5x4xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<2x3x5x4xi8> to tensor<2x3x5x4x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @gather_int8_batch_dims_on_storage(%arg0: tensor<2x3x6x4x!q>, %arg1: tensor<2x5xi32>) -> tensor<2x3x5x4x!q> {
  %0 = "tfl.gather"(%arg0, %arg1) {axis = 2 : i32, batch_dims = 1 : i32} : (tensor<2x3x6x4x!q>, tensor<2x5xi32>) -> tensor<2x3x5x4x!q>
  return %0 : tensor<2x3x5x4x!q>
}

// -----

// Constant int64 indices become an i32 constant at compile time (same values, [4, 0, 4, 2]);
// axis -2 of a 2x5x3 is axis 1: outer 2, K = 5, C = 3, so the indices are tiled [1, 2, 1]
// and [2, 5, 3] is already the gather's shape (no reshape).
// CHECK-LABEL: @gather_f32_constant_int64_indices
// CHECK-SAME:    (%[[PARAMS:.*]]: tensor<2x5x3xf32>)
// CHECK:         %[[INDICES:.*]] = "tosa.const"() {values = dense<[4, 0, 4, 2]> : tensor<4xi32>}
// CHECK-NEXT:    %[[I3_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 1, 4]> : tensor<3xindex>}
// CHECK-NEXT:    %[[I3:.*]] = "tosa.reshape"(%[[INDICES]], %[[I3_SHAPE]]) : (tensor<4xi32>, !tosa.shape<3>) -> tensor<1x1x4xi32>
// CHECK-NEXT:    %[[MULTIPLES:.*]] = "tosa.const_shape"() {values = dense<[1, 2, 1]> : tensor<3xindex>}
// CHECK-NEXT:    %[[TILED:.*]] = "tosa.tile"(%[[I3]], %[[MULTIPLES]]) : (tensor<1x1x4xi32>, !tosa.shape<3>) -> tensor<1x2x4xi32>
// CHECK-NEXT:    %[[ROWS_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[2, 4]> : tensor<2xindex>}
// CHECK-NEXT:    %[[ROWS:.*]] = "tosa.reshape"(%[[TILED]], %[[ROWS_SHAPE]]) : (tensor<1x2x4xi32>, !tosa.shape<2>) -> tensor<2x4xi32>
// CHECK-NEXT:    %[[Y:.*]] = "tosa.gather"(%[[PARAMS]], %[[ROWS]]) : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @gather_f32_constant_int64_indices(%arg0: tensor<2x5x3xf32>) -> tensor<2x4x3xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[4, 0, 4, 2]> : tensor<4xi64>} : () -> tensor<4xi64>
  %1 = "tfl.gather"(%arg0, %0) {axis = -2 : i32, batch_dims = 0 : i32} : (tensor<2x5x3xf32>, tensor<4xi64>) -> tensor<2x4x3xf32>
  return %1 : tensor<2x4x3xf32>
}

// -----

// Runtime int64 indices are narrowed by tosa.cast (tosa.gather takes i32).
// CHECK-LABEL: @gather_f32_runtime_int64_indices
// CHECK-SAME:    (%[[PARAMS:.*]]: tensor<7x3xf32>, %[[INDICES:.*]]: tensor<2xi64>)
// CHECK-NEXT:    %[[I32:.*]] = "tosa.cast"(%[[INDICES]]) : (tensor<2xi64>) -> tensor<2xi32>
// CHECK-NEXT:    %[[I3_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 1, 2]> : tensor<3xindex>}
// CHECK-NEXT:    "tosa.reshape"(%[[I32]], %[[I3_SHAPE]])
// CHECK:         %[[G:.*]] = "tosa.gather"({{.*}}) : (tensor<1x7x3xf32>, tensor<1x2xi32>) -> tensor<1x2x3xf32>
// CHECK:         %[[Y:.*]] = "tosa.reshape"(%[[G]], %{{.*}}) : (tensor<1x2x3xf32>, !tosa.shape<2>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @gather_f32_runtime_int64_indices(%arg0: tensor<7x3xf32>, %arg1: tensor<2xi64>) -> tensor<2x3xf32> {
  %0 = "tfl.gather"(%arg0, %arg1) {axis = 0 : i32, batch_dims = 0 : i32} : (tensor<7x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

!q = !quant.uniform<i8:f32, 0.05:-3>
!r = !quant.uniform<i8:f32, 0.1:-3>
// CHECK-LABEL: @gather_declines_quantized_differently
// CHECK-SAME:    (%[[PARAMS:.*]]: tensor<5x3x!quant.uniform<i8:f32, 5.000000e-02:-3>>, %[[INDICES:.*]]: tensor<2xi32>)
// CHECK-NEXT:    %[[REAL:.*]] = quant.dcast %[[PARAMS]] : {{.*}} to tensor<5x3xf32>
// CHECK:         %[[VALUES:.*]] = "tosa.reshape"(%[[REAL]], %{{.*}}) : (tensor<5x3xf32>, !tosa.shape<3>) -> tensor<1x5x3xf32>
// CHECK:         %[[G:.*]] = "tosa.gather"(%[[VALUES]], %{{.*}}) : (tensor<1x5x3xf32>, tensor<1x2xi32>) -> tensor<1x2x3xf32>
// CHECK:         %[[GATHERED:.*]] = "tosa.reshape"(%[[G]], %{{.*}}) : (tensor<1x2x3xf32>, !tosa.shape<2>) -> tensor<2x3xf32>
// CHECK-NEXT:    %[[Y:.*]] = quant.qcast %[[GATHERED]] : tensor<2x3xf32> to tensor<2x3x!quant.uniform<i8:f32, 1.000000e-01:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @gather_declines_quantized_differently(%arg0: tensor<5x3x!q>, %arg1: tensor<2xi32>) -> tensor<2x3x!r> {
  // expected-remark@+1 {{fallback: operands and results are quantized differently (the stored values would need rescaling)}}
  %0 = "tfl.gather"(%arg0, %arg1) {axis = 0 : i32, batch_dims = 0 : i32} : (tensor<5x3x!q>, tensor<2xi32>) -> tensor<2x3x!r>
  return %0 : tensor<2x3x!r>
}

// -----

// CHECK-LABEL: @gather_declines_dynamic_shape
// CHECK-SAME:    (%[[PARAMS:.*]]: tensor<?x3xf32>, %[[INDICES:.*]]: tensor<2xi32>)
// CHECK-NEXT:    %[[Y:.*]] = "tfl.gather"(%[[PARAMS]], %[[INDICES]]) {axis = 0 : i32, batch_dims = 0 : i32}
// CHECK-NEXT:    return %[[Y]]
func.func @gather_declines_dynamic_shape(%arg0: tensor<?x3xf32>, %arg1: tensor<2xi32>) -> tensor<2x3xf32> {
  // expected-remark@+1 {{unlowered: dynamic shape of operand 0 (tensor<?x3xf32>)}}
  %0 = "tfl.gather"(%arg0, %arg1) {axis = 0 : i32, batch_dims = 0 : i32} : (tensor<?x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: @gather_declines_empty_tensor
// CHECK-SAME:    (%[[PARAMS:.*]]: tensor<5x0xf32>, %[[INDICES:.*]]: tensor<2xi32>)
// CHECK-NEXT:    %[[Y:.*]] = "tfl.gather"(%[[PARAMS]], %[[INDICES]])
// CHECK-NEXT:    return %[[Y]]
func.func @gather_declines_empty_tensor(%arg0: tensor<5x0xf32>, %arg1: tensor<2xi32>) -> tensor<2x0xf32> {
  // expected-remark@+1 {{unlowered: empty tensor: operand 0 (tensor<5x0xf32>)}}
  %0 = "tfl.gather"(%arg0, %arg1) {axis = 0 : i32, batch_dims = 0 : i32} : (tensor<5x0xf32>, tensor<2xi32>) -> tensor<2x0xf32>
  return %0 : tensor<2x0xf32>
}

// -----

// GATHER_ND with 2 coordinates into a 4x5x3 (reference/gather_nd.h: offset = sum of
// coordinate * stride): in rows of C = 3, row = 5 * i + 1 * j, strides [[5, 1]], summed in
// i32; then one tosa.gather of 6 rows from [1, 4 * 5, 3].
// CHECK-LABEL: @gather_nd_f32
// CHECK-SAME:    (%[[PARAMS:.*]]: tensor<4x5x3xf32>, %[[INDICES:.*]]: tensor<2x3x2xi32>)
// CHECK-NEXT:    %[[COORDS_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[6, 2]> : tensor<2xindex>}
// CHECK-NEXT:    %[[COORDS:.*]] = "tosa.reshape"(%[[INDICES]], %[[COORDS_SHAPE]]) : (tensor<2x3x2xi32>, !tosa.shape<2>) -> tensor<6x2xi32>
// CHECK-DAG:     %[[STRIDES:.*]] = "tosa.const"() {values = dense<{{\[\[5, 1\]\]}}> : tensor<1x2xi32>}
// CHECK-DAG:     %[[SHIFT:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK:         %[[SCALED:.*]] = "tosa.mul"(%[[COORDS]], %[[STRIDES]], %[[SHIFT]]) : (tensor<6x2xi32>, tensor<1x2xi32>, tensor<1xi8>) -> tensor<6x2xi32>
// CHECK-NEXT:    %[[ROW:.*]] = "tosa.reduce_sum"(%[[SCALED]]) {axis = 1 : i32} : (tensor<6x2xi32>) -> tensor<6x1xi32>
// CHECK-NEXT:    %[[VALUES_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 20, 3]> : tensor<3xindex>}
// CHECK-NEXT:    %[[VALUES:.*]] = "tosa.reshape"(%[[PARAMS]], %[[VALUES_SHAPE]]) : (tensor<4x5x3xf32>, !tosa.shape<3>) -> tensor<1x20x3xf32>
// CHECK-NEXT:    %[[ROWS_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 6]> : tensor<2xindex>}
// CHECK-NEXT:    %[[ROWS:.*]] = "tosa.reshape"(%[[ROW]], %[[ROWS_SHAPE]]) : (tensor<6x1xi32>, !tosa.shape<2>) -> tensor<1x6xi32>
// CHECK-NEXT:    %[[G:.*]] = "tosa.gather"(%[[VALUES]], %[[ROWS]]) : (tensor<1x20x3xf32>, tensor<1x6xi32>) -> tensor<1x6x3xf32>
// CHECK-NEXT:    %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[2, 3, 3]> : tensor<3xindex>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.reshape"(%[[G]], %[[OUT_SHAPE]]) : (tensor<1x6x3xf32>, !tosa.shape<3>) -> tensor<2x3x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @gather_nd_f32(%arg0: tensor<4x5x3xf32>, %arg1: tensor<2x3x2xi32>) -> tensor<2x3x3xf32> {
  %0 = "tfl.gather_nd"(%arg0, %arg1) : (tensor<4x5x3xf32>, tensor<2x3x2xi32>) -> tensor<2x3x3xf32>
  return %0 : tensor<2x3x3xf32>
}

// -----

// 3 coordinates into a 4x5x6 address single values: strides [[5 * 6, 6, 1]] = [[30, 6, 1]],
// rows of C = 1 in [1, 120, 1].
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @gather_nd_int8_scalars_on_storage
// CHECK-SAME:    (%[[PARAMS:.*]]: tensor<4x5x6x!quant.uniform<i8:f32, 5.000000e-02:-3>>, %[[INDICES:.*]]: tensor<7x3xi32>)
// CHECK-NEXT:    %[[STORED:.*]] = quant.scast %[[PARAMS]] : {{.*}} to tensor<4x5x6xi8>
// CHECK-DAG:     %[[STRIDES:.*]] = "tosa.const"() {values = dense<{{\[\[30, 6, 1\]\]}}> : tensor<1x3xi32>}
// CHECK-DAG:     %[[SHIFT:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK:         %[[SCALED:.*]] = "tosa.mul"(%[[INDICES]], %[[STRIDES]], %[[SHIFT]]) : (tensor<7x3xi32>, tensor<1x3xi32>, tensor<1xi8>) -> tensor<7x3xi32>
// CHECK-NEXT:    %[[ROW:.*]] = "tosa.reduce_sum"(%[[SCALED]]) {axis = 1 : i32} : (tensor<7x3xi32>) -> tensor<7x1xi32>
// CHECK-NEXT:    %[[VALUES_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 120, 1]> : tensor<3xindex>}
// CHECK-NEXT:    %[[VALUES:.*]] = "tosa.reshape"(%[[STORED]], %[[VALUES_SHAPE]]) : (tensor<4x5x6xi8>, !tosa.shape<3>) -> tensor<1x120x1xi8>
// CHECK-NEXT:    %[[ROWS_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 7]> : tensor<2xindex>}
// CHECK-NEXT:    %[[ROWS:.*]] = "tosa.reshape"(%[[ROW]], %[[ROWS_SHAPE]])
// CHECK-NEXT:    %[[G:.*]] = "tosa.gather"(%[[VALUES]], %[[ROWS]]) : (tensor<1x120x1xi8>, tensor<1x7xi32>) -> tensor<1x7x1xi8>
// CHECK-NEXT:    %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<7> : tensor<1xindex>}
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.reshape"(%[[G]], %[[OUT_SHAPE]]) : (tensor<1x7x1xi8>, !tosa.shape<1>) -> tensor<7xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<7xi8> to tensor<7x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @gather_nd_int8_scalars_on_storage(%arg0: tensor<4x5x6x!q>, %arg1: tensor<7x3xi32>) -> tensor<7x!q> {
  %0 = "tfl.gather_nd"(%arg0, %arg1) : (tensor<4x5x6x!q>, tensor<7x3xi32>) -> tensor<7x!q>
  return %0 : tensor<7x!q>
}

// -----

// One coordinate is the row itself: no multiply, no sum; int64 indices go through tosa.cast.
// CHECK-LABEL: @gather_nd_f32_one_coordinate_int64
// CHECK-SAME:    (%[[PARAMS:.*]]: tensor<4x5xf32>, %[[INDICES:.*]]: tensor<3x1xi64>)
// CHECK-NEXT:    %[[I32:.*]] = "tosa.cast"(%[[INDICES]]) : (tensor<3x1xi64>) -> tensor<3x1xi32>
// CHECK-NEXT:    %[[VALUES_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 4, 5]> : tensor<3xindex>}
// CHECK-NEXT:    %[[VALUES:.*]] = "tosa.reshape"(%[[PARAMS]], %[[VALUES_SHAPE]])
// CHECK-NEXT:    %[[ROWS_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 3]> : tensor<2xindex>}
// CHECK-NEXT:    %[[ROWS:.*]] = "tosa.reshape"(%[[I32]], %[[ROWS_SHAPE]]) : (tensor<3x1xi32>, !tosa.shape<2>) -> tensor<1x3xi32>
// CHECK-NEXT:    %[[G:.*]] = "tosa.gather"(%[[VALUES]], %[[ROWS]]) : (tensor<1x4x5xf32>, tensor<1x3xi32>) -> tensor<1x3x5xf32>
// CHECK:         %[[Y:.*]] = "tosa.reshape"(%[[G]], %{{.*}}) : (tensor<1x3x5xf32>, !tosa.shape<2>) -> tensor<3x5xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @gather_nd_f32_one_coordinate_int64(%arg0: tensor<4x5xf32>, %arg1: tensor<3x1xi64>) -> tensor<3x5xf32> {
  %0 = "tfl.gather_nd"(%arg0, %arg1) : (tensor<4x5xf32>, tensor<3x1xi64>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

!p = !quant.uniform<i8:f32:1, {0.05:-3, 0.1:-3, 0.2:-3}>
!o = !quant.uniform<i8:f32:0, {0.05:-3, 0.1:-3}>
// CHECK-LABEL: @gather_nd_declines_per_axis
// CHECK-SAME:    (%[[PARAMS:.*]]: tensor<4x3x!quant.uniform<i8:f32:1, {5.000000e-02:-3,1.000000e-01:-3,2.000000e-01:-3}>>, %[[INDICES:.*]]: tensor<2x2xi32>)
// CHECK-NEXT:    %[[REAL:.*]] = quant.dcast %[[PARAMS]] : {{.*}} to tensor<4x3xf32>
// CHECK-DAG:     %[[STRIDES:.*]] = "tosa.const"() {values = dense<{{\[\[3, 1\]\]}}> : tensor<1x2xi32>}
// CHECK:         %[[VALUES:.*]] = "tosa.reshape"(%[[REAL]], %{{.*}}) : (tensor<4x3xf32>, !tosa.shape<3>) -> tensor<1x12x1xf32>
// CHECK:         %[[GATHERED:.*]] = "tosa.reshape"(%{{.*}}) : (tensor<1x2x1xf32>, !tosa.shape<1>) -> tensor<2xf32>
// CHECK-NEXT:    %[[Y:.*]] = quant.qcast %[[GATHERED]] : tensor<2xf32> to tensor<2x!quant.uniform<i8:f32:0, {5.000000e-02:-3,1.000000e-01:-3}>>
// CHECK-NEXT:    return %[[Y]]
func.func @gather_nd_declines_per_axis(%arg0: tensor<4x3x!p>, %arg1: tensor<2x2xi32>) -> tensor<2x!o> {
  // expected-remark@+1 {{fallback: not every moved value is per-tensor quantized}}
  %0 = "tfl.gather_nd"(%arg0, %arg1) : (tensor<4x3x!p>, tensor<2x2xi32>) -> tensor<2x!o>
  return %0 : tensor<2x!o>
}

// -----

// EMBEDDING_LOOKUP: a tosa.gather of rows.
// CHECK-LABEL: @embedding_lookup_float
// CHECK:         %[[T:.*]] = "tosa.reshape"(%arg1, %{{.*}}) : (tensor<7x4xf32>, !tosa.shape<3>) -> tensor<1x7x4xf32>
// CHECK:         %[[I:.*]] = "tosa.reshape"(%arg0, %{{.*}}) : (tensor<3xi32>, !tosa.shape<2>) -> tensor<1x3xi32>
// CHECK-NEXT:    "tosa.gather"(%[[T]], %[[I]]) : (tensor<1x7x4xf32>, tensor<1x3xi32>) -> tensor<1x3x4xf32>
func.func @embedding_lookup_float(%arg0: tensor<3xi32>, %arg1: tensor<7x4xf32>) -> tensor<3x4xf32> {
  %0 = "tfl.embedding_lookup"(%arg0, %arg1) : (tensor<3xi32>, tensor<7x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// Hybrid (EvalHybrid): int4 rows, as TFLite stores them (two values a byte, the first in
// the low bits: 1, -2 -> 0xE1, -31), gathered, then unpacked by shifts (`(p << 4) >> 4` and
// `p >> 4`, arithmetic); their per-row scales gathered; each value is float(q) * scale.
!t = !quant.uniform<i4:f32:0, {0.5, 0.25, 0.125}>
// CHECK-LABEL: @embedding_lookup_hybrid_int4
// CHECK:         %[[I:.*]] = "tosa.reshape"(%arg0, %{{.*}}) : (tensor<2xi32>, !tosa.shape<2>) -> tensor<1x2xi32>
// CHECK-NEXT:    %[[T:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}-31, -61], [-91, -121], [16, 50]]]> : tensor<1x3x2xi8>}
// CHECK-NEXT:    %[[ROWS:.*]] = "tosa.gather"(%[[T]], %[[I]]) : (tensor<1x3x2xi8>, tensor<1x2xi32>) -> tensor<1x2x2xi8>
// CHECK:         %[[PACKED:.*]] = "tosa.reshape"(%[[ROWS]], %{{.*}}) : (tensor<1x2x2xi8>, !tosa.shape<3>) -> tensor<2x2x1xi8>
// CHECK-NEXT:    %[[FOUR:.*]] = "tosa.const"() {values = dense<4> : tensor<1x1x1xi8>}
// CHECK-NEXT:    %[[SHL:.*]] = "tosa.logical_left_shift"(%[[PACKED]], %[[FOUR]])
// CHECK-NEXT:    %[[LOW:.*]] = "tosa.arithmetic_right_shift"(%[[SHL]], %[[FOUR]]) {round = false}
// CHECK-NEXT:    %[[HIGH:.*]] = "tosa.arithmetic_right_shift"(%[[PACKED]], %[[FOUR]]) {round = false}
// CHECK-NEXT:    "tosa.concat"(%[[LOW]], %[[HIGH]]) {axis = 2 : i32} : (tensor<2x2x1xi8>, tensor<2x2x1xi8>) -> tensor<2x2x2xi8>
// CHECK-NEXT:    %[[S:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}5.000000e-01], [2.500000e-01], [1.250000e-01]]]> : tensor<1x3x1xf32>}
// CHECK-NEXT:    %[[SCALES:.*]] = "tosa.gather"(%[[S]], %[[I]]) : (tensor<1x3x1xf32>, tensor<1x2xi32>) -> tensor<1x2x1xf32>
// CHECK:         "linalg.generic"
// CHECK-NEXT:    ^bb0(%[[Q:.*]]: i8, %[[SC:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[F:.*]] = "arith.sitofp"(%[[Q]]) : (i8) -> f32
// CHECK-NEXT:      %[[Y:.*]] = "arith.mulf"(%[[F]], %[[SC]]) : (f32, f32) -> f32
// CHECK-NEXT:      "linalg.yield"(%[[Y]]) : (f32) -> ()
func.func @embedding_lookup_hybrid_int4(%arg0: tensor<2xi32>) -> tensor<2x4xf32> {
  %t = "tfl.pseudo_qconst"() {qtype = tensor<3x4x!t>, value = dense<[[1, -2, 3, -4], [5, -6, 7, -8], [0, 1, 2, 3]]> : tensor<3x4xi4>} : () -> tensor<3x4x!t>
  %0 = "tfl.embedding_lookup"(%arg0, %t) : (tensor<2xi32>, tensor<3x4x!t>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// SCATTER_ND: 3 row indices into 4 rows of 2 (nd = 1, slices of 2). One-hot: the indices
// [3, 1, 1] against rows [0..3] select each update or 0.0, and reduce_sum along the updates
// adds repeated rows in index order (WrappingAdd); the rows no index names stay 0.
// CHECK-LABEL: @scatter_nd_f32_rows
// CHECK-SAME:    (%[[INDICES:.*]]: tensor<3x1xi32>, %[[UPDATES:.*]]: tensor<3x2xf32>)
// CHECK:         %[[FLAT:.*]] = "tosa.reshape"(%[[INDICES]], %{{.*}}) : (tensor<3x1xi32>, !tosa.shape<1>) -> tensor<3xi32>
// CHECK-NEXT:    %[[ZERO:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1x1x1xf32>}
// CHECK-NEXT:    %[[ROWS:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}0], [1], [2], [3]]]> : tensor<1x4x1xi32>}
// CHECK-NEXT:    %[[IDS_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[3, 1, 1]> : tensor<3xindex>}
// CHECK-NEXT:    %[[IDS:.*]] = "tosa.reshape"(%[[FLAT]], %[[IDS_SHAPE]]) : (tensor<3xi32>, !tosa.shape<3>) -> tensor<3x1x1xi32>
// CHECK-NEXT:    %[[HIT:.*]] = "tosa.equal"(%[[IDS]], %[[ROWS]]) : (tensor<3x1x1xi32>, tensor<1x4x1xi32>) -> tensor<3x4x1xi1>
// CHECK-NEXT:    %[[DATA_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[3, 1, 2]> : tensor<3xindex>}
// CHECK-NEXT:    %[[DATA:.*]] = "tosa.reshape"(%[[UPDATES]], %[[DATA_SHAPE]]) : (tensor<3x2xf32>, !tosa.shape<3>) -> tensor<3x1x2xf32>
// CHECK-NEXT:    %[[PICKED:.*]] = "tosa.select"(%[[HIT]], %[[DATA]], %[[ZERO]]) : (tensor<3x4x1xi1>, tensor<3x1x2xf32>, tensor<1x1x1xf32>) -> tensor<3x4x2xf32>
// CHECK-NEXT:    %[[SUM:.*]] = "tosa.reduce_sum"(%[[PICKED]]) {axis = 0 : i32} : (tensor<3x4x2xf32>) -> tensor<1x4x2xf32>
// CHECK-NEXT:    %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[4, 2]> : tensor<2xindex>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.reshape"(%[[SUM]], %[[OUT_SHAPE]]) : (tensor<1x4x2xf32>, !tosa.shape<2>) -> tensor<4x2xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @scatter_nd_f32_rows(%arg0: tensor<3x1xi32>, %arg1: tensor<3x2xf32>) -> tensor<4x2xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[4, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.scatter_nd"(%arg0, %arg1, %0) : (tensor<3x1xi32>, tensor<3x2xf32>, tensor<2xi32>) -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}

// -----

// int8 SCATTER_ND adds the stored values, whatever the quantization: the sum runs in i32
// and the cast back to i8 wraps, as TFLite's int8 WrappingAdd.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @scatter_nd_int8_on_storage
// CHECK:         %[[STORED:.*]] = quant.scast %arg1 : tensor<3x2x!quant.uniform<i8:f32, 5.000000e-02:-3>> to tensor<3x2xi8>
// CHECK:         %[[ZERO:.*]] = "tosa.const"() {values = dense<0> : tensor<1x1x1xi8>}
// CHECK:         %[[DATA:.*]] = "tosa.reshape"(%[[STORED]], %{{.*}}) : (tensor<3x2xi8>, !tosa.shape<3>) -> tensor<3x1x2xi8>
// CHECK-NEXT:    %[[PICKED:.*]] = "tosa.select"(%{{.*}}, %[[DATA]], %[[ZERO]]) : (tensor<3x4x1xi1>, tensor<3x1x2xi8>, tensor<1x1x1xi8>) -> tensor<3x4x2xi8>
// CHECK-NEXT:    %[[WIDE:.*]] = "tosa.cast"(%[[PICKED]]) : (tensor<3x4x2xi8>) -> tensor<3x4x2xi32>
// CHECK-NEXT:    %[[SUM:.*]] = "tosa.reduce_sum"(%[[WIDE]]) {axis = 0 : i32} : (tensor<3x4x2xi32>) -> tensor<1x4x2xi32>
// CHECK-NEXT:    %[[WRAPPED:.*]] = "tosa.cast"(%[[SUM]]) : (tensor<1x4x2xi32>) -> tensor<1x4x2xi8>
// CHECK:         %[[Y:.*]] = "tosa.reshape"(%[[WRAPPED]], %{{.*}}) : (tensor<1x4x2xi8>, !tosa.shape<2>) -> tensor<4x2xi8>
// CHECK-NEXT:    quant.scast %[[Y]] : tensor<4x2xi8> to tensor<4x2x!quant.uniform<i8:f32, 5.000000e-02:-3>>
func.func @scatter_nd_int8_on_storage(%arg0: tensor<3x1xi32>, %arg1: tensor<3x2x!q>) -> tensor<4x2x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<[4, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.scatter_nd"(%arg0, %arg1, %0) : (tensor<3x1xi32>, tensor<3x2x!q>, tensor<2xi32>) -> tensor<4x2x!q>
  return %1 : tensor<4x2x!q>
}

// -----

// SEGMENT_SUM with constant sorted ids [0, 1, 1, 2]: 3 rows (the result's first dimension).
// CHECK-LABEL: @segment_sum_f32
// CHECK:         %[[IDS:.*]] = arith.constant dense<[0, 1, 1, 2]> : tensor<4xi32>
// CHECK:         %[[ROWS:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}0], [1], [2]]]> : tensor<1x3x1xi32>}
// CHECK:         "tosa.reshape"(%[[IDS]], %{{.*}}) : (tensor<4xi32>, !tosa.shape<3>) -> tensor<4x1x1xi32>
// CHECK:         "tosa.select"({{.*}}) : (tensor<4x3x1xi1>, tensor<4x1x2xf32>, tensor<1x1x1xf32>) -> tensor<4x3x2xf32>
// CHECK-NEXT:    "tosa.reduce_sum"({{.*}}) {axis = 0 : i32} : (tensor<4x3x2xf32>) -> tensor<1x3x2xf32>
func.func @segment_sum_f32(%arg0: tensor<4x2xf32>) -> tensor<3x2xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[0, 1, 1, 2]> : tensor<4xi32>} : () -> tensor<4xi32>
  %1 = "tfl.segment_sum"(%arg0, %0) : (tensor<4x2xf32>, tensor<4xi32>) -> tensor<3x2xf32>
  return %1 : tensor<3x2xf32>
}

// -----

// UNSORTED_SEGMENT_MAX: empty segments hold numeric_limits<float>::lowest() (-FLT_MAX, not
// -inf), and NaN data is replaced by it first: std::max keeps the accumulator against NaN.
// CHECK-LABEL: @unsorted_segment_max_f32
// CHECK-SAME:    (%[[DATA:.*]]: tensor<5x3xf32>, %[[IDS:.*]]: tensor<5xi32>)
// CHECK:         %[[LOWEST:.*]] = "tosa.const"() {values = dense<-3.40282347E+38> : tensor<1x1x1xf32>}
// CHECK-NEXT:    %[[NUMBER:.*]] = "tosa.equal"(%[[DATA]], %[[DATA]]) : (tensor<5x3xf32>, tensor<5x3xf32>) -> tensor<5x3xi1>
// CHECK:         %[[LOWEST2:.*]] = "tosa.reshape"(%[[LOWEST]], %{{.*}}) : (tensor<1x1x1xf32>, !tosa.shape<2>) -> tensor<1x1xf32>
// CHECK-NEXT:    %[[CLEAN:.*]] = "tosa.select"(%[[NUMBER]], %[[DATA]], %[[LOWEST2]])
// CHECK:         "tosa.reshape"(%[[IDS]], %{{.*}}) : (tensor<5xi32>, !tosa.shape<3>) -> tensor<5x1x1xi32>
// CHECK:         "tosa.reshape"(%[[CLEAN]], %{{.*}}) : (tensor<5x3xf32>, !tosa.shape<3>) -> tensor<5x1x3xf32>
// CHECK-NEXT:    %[[PICKED:.*]] = "tosa.select"(%{{.*}}, %{{.*}}, %[[LOWEST]]) : (tensor<5x4x1xi1>, tensor<5x1x3xf32>, tensor<1x1x1xf32>) -> tensor<5x4x3xf32>
// CHECK-NEXT:    "tosa.reduce_max"(%[[PICKED]]) {axis = 0 : i32} : (tensor<5x4x3xf32>) -> tensor<1x4x3xf32>
func.func @unsorted_segment_max_f32(%arg0: tensor<5x3xf32>, %arg1: tensor<5xi32>) -> tensor<4x3xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<4> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.unsorted_segment_max"(%arg0, %arg1, %0) : (tensor<5x3xf32>, tensor<5xi32>, tensor<1xi32>) -> tensor<4x3xf32>
  return %1 : tensor<4x3xf32>
}

// -----

// UNSORTED_SEGMENT_PROD of int32: empty segments are 1; TOSA's reduce_product takes floats
// only, so the 3 selected rows are multiplied by halves with tosa.mul (wrapping): row 0
// times row 1, the odd row 2 carried by a concat, then the two remaining rows.
// CHECK-LABEL: @unsorted_segment_prod_i32
// CHECK:         %[[ONE:.*]] = "tosa.const"() {values = dense<1> : tensor<1x1x1xi32>}
// CHECK:         %[[PICKED:.*]] = "tosa.select"(%{{.*}}, %{{.*}}, %[[ONE]]) : (tensor<3x2x1xi1>, tensor<3x1x1xi32>, tensor<1x1x1xi32>) -> tensor<3x2x1xi32>
// CHECK:         %[[ROW0:.*]] = "tosa.slice"(%[[PICKED]], %{{.*}}, %{{.*}}) : (tensor<3x2x1xi32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x2x1xi32>
// CHECK:         %[[ROW1:.*]] = "tosa.slice"(%[[PICKED]], %{{.*}}, %{{.*}}) : (tensor<3x2x1xi32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x2x1xi32>
// CHECK:         %[[P01:.*]] = "tosa.mul"(%[[ROW0]], %[[ROW1]], %{{.*}}) : (tensor<1x2x1xi32>, tensor<1x2x1xi32>, tensor<1xi8>) -> tensor<1x2x1xi32>
// CHECK:         %[[ROW2:.*]] = "tosa.slice"(%[[PICKED]], %{{.*}}, %{{.*}}) : (tensor<3x2x1xi32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x2x1xi32>
// CHECK-NEXT:    %[[CARRIED:.*]] = "tosa.concat"(%[[P01]], %[[ROW2]]) {axis = 0 : i32} : (tensor<1x2x1xi32>, tensor<1x2x1xi32>) -> tensor<2x2x1xi32>
// CHECK:         "tosa.mul"({{.*}}) : (tensor<1x2x1xi32>, tensor<1x2x1xi32>, tensor<1xi8>) -> tensor<1x2x1xi32>
// CHECK-NOT:     tosa.reduce_product
func.func @unsorted_segment_prod_i32(%arg0: tensor<3xi32>, %arg1: tensor<3xi32>) -> tensor<2xi32> {
  %0 = "tfl.pseudo_const"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.unsorted_segment_prod"(%arg0, %arg1, %0) : (tensor<3xi32>, tensor<3xi32>, tensor<1xi32>) -> tensor<2xi32>
  return %1 : tensor<2xi32>
}

// -----

// SPARSE_TO_DENSE: coordinates [N, 2] into 2x3 are flattened (strides 3, 1); the last i
// that writes each of the 6 positions is reduce_max of select(hit, i, INT_MIN); positions
// with one gather values[i], the others take the default.
// CHECK-LABEL: @sparse_to_dense_f32_last_write
// CHECK-SAME:    (%[[INDICES:.*]]: tensor<3x2xi32>, %[[VALUES:.*]]: tensor<3xf32>, %[[DEFAULT:.*]]: tensor<f32>)
// CHECK:         %[[STRIDES:.*]] = "tosa.const"() {values = dense<{{\[\[}}3, 1]]> : tensor<1x2xi32>}
// CHECK:         "tosa.mul"(%[[INDICES]], %[[STRIDES]], %{{.*}}) : (tensor<3x2xi32>, tensor<1x2xi32>, tensor<1xi8>) -> tensor<3x2xi32>
// CHECK:         %[[ORDER:.*]] = "tosa.const"() {values = dense<{{\[\[}}0], [1], [2]]> : tensor<3x1xi32>}
// CHECK-NEXT:    %[[NONE:.*]] = "tosa.const"() {values = dense<-2147483648> : tensor<1x1x1xi32>}
// CHECK:         %[[PICKED:.*]] = "tosa.select"(%{{.*}}, %{{.*}}, %[[NONE]]) : (tensor<3x6x1xi1>, tensor<3x1x1xi32>, tensor<1x1x1xi32>) -> tensor<3x6x1xi32>
// CHECK-NEXT:    "tosa.reduce_max"(%[[PICKED]]) {axis = 0 : i32} : (tensor<3x6x1xi32>) -> tensor<1x6x1xi32>
// CHECK:         %[[LAST:.*]] = "tosa.reshape"(%{{.*}}, %{{.*}}) : (tensor<1x6x1xi32>, !tosa.shape<2>) -> tensor<6x1xi32>
// CHECK:         %[[WRITTEN:.*]] = "tosa.greater_equal"(%[[LAST]], %{{.*}}) : (tensor<6x1xi32>, tensor<1x1xi32>) -> tensor<6x1xi1>
// CHECK:         %[[AT:.*]] = "tosa.maximum"(%[[LAST]], %{{.*}}) : (tensor<6x1xi32>, tensor<1x1xi32>) -> tensor<6x1xi32>
// CHECK:         %[[V:.*]] = "tosa.reshape"(%[[VALUES]], %{{.*}}) : (tensor<3xf32>, !tosa.shape<3>) -> tensor<1x3x1xf32>
// CHECK:         %[[G:.*]] = "tosa.gather"(%[[V]], %{{.*}}) : (tensor<1x3x1xf32>, tensor<1x6xi32>) -> tensor<1x6x1xf32>
// CHECK:         %[[D:.*]] = "tosa.reshape"(%[[DEFAULT]], %{{.*}}) : (tensor<f32>, !tosa.shape<2>) -> tensor<1x1xf32>
// CHECK-NEXT:    "tosa.select"(%[[WRITTEN]], %{{.*}}, %[[D]]) : (tensor<6x1xi1>, tensor<6x1xf32>, tensor<1x1xf32>) -> tensor<6x1xf32>
func.func @sparse_to_dense_f32_last_write(%arg0: tensor<3x2xi32>, %arg1: tensor<3xf32>, %arg2: tensor<f32>) -> tensor<2x3xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.sparse_to_dense"(%arg0, %0, %arg1, %arg2) {validate_indices = false} : (tensor<3x2xi32>, tensor<2xi32>, tensor<3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// EMBEDDING_LOOKUP_SPARSE, MEAN: the gathered rows times their weights, the weights and a
// column of ones folded per output row in one pass ([3, 2 + 1 + 1]); rows that some lookup
// reached are divided by their total weight (arith.divf), the others stay 0.
// CHECK-LABEL: @embedding_lookup_sparse_mean
// CHECK-SAME:    (%[[IDS:.*]]: tensor<3xi32>, %[[INDICES:.*]]: tensor<3x2xi32>, %[[WEIGHTS:.*]]: tensor<3xf32>, %[[PARAMS:.*]]: tensor<5x2xf32>)
// CHECK:         %[[ROWS:.*]] = "tosa.gather"(%{{.*}}, %{{.*}}) : (tensor<1x5x2xf32>, tensor<1x3xi32>) -> tensor<1x3x2xf32>
// CHECK:         %[[W:.*]] = "tosa.reshape"(%[[WEIGHTS]], %{{.*}}) : (tensor<3xf32>, !tosa.shape<2>) -> tensor<3x1xf32>
// CHECK:         %[[WEIGHTED:.*]] = "tosa.mul"(%{{.*}}, %[[W]], %{{.*}}) : (tensor<3x2xf32>, tensor<3x1xf32>, tensor<1xi8>) -> tensor<3x2xf32>
// CHECK:         "tosa.slice"(%[[INDICES]], %{{.*}}, %{{.*}}) : (tensor<3x2xi32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<3x1xi32>
// CHECK:         %[[ONES:.*]] = "tosa.const"() {values = dense<1.000000e+00> : tensor<3x1xf32>}
// CHECK-NEXT:    %[[ALL:.*]] = "tosa.concat"(%[[WEIGHTED]], %[[W]], %[[ONES]]) {axis = 1 : i32} : (tensor<3x2xf32>, tensor<3x1xf32>, tensor<3x1xf32>) -> tensor<3x4xf32>
// CHECK:         "tosa.reduce_sum"({{.*}}) {axis = 0 : i32} : (tensor<3x2x4xf32>) -> tensor<1x2x4xf32>
// CHECK:         %[[SUMS:.*]] = "tosa.slice"({{.*}}) : (tensor<2x4xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x2xf32>
// CHECK:         %[[TOTAL:.*]] = "tosa.slice"({{.*}}) : (tensor<2x4xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x1xf32>
// CHECK:         %[[COUNT:.*]] = "tosa.slice"({{.*}}) : (tensor<2x4xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x1xf32>
// CHECK:         %[[REACHED:.*]] = "tosa.greater"(%[[COUNT]], %{{.*}}) : (tensor<2x1xf32>, tensor<1x1xf32>) -> tensor<2x1xi1>
// CHECK:         %[[TOTALS:.*]] = "tosa.tile"(%[[TOTAL]], %{{.*}}) : (tensor<2x1xf32>, !tosa.shape<2>) -> tensor<2x2xf32>
// CHECK-NEXT:    %[[MEAN:.*]] = "arith.divf"(%[[SUMS]], %[[TOTALS]]) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:    %[[Y:.*]] = "tosa.select"(%[[REACHED]], %[[MEAN]], %[[SUMS]])
// CHECK-NEXT:    return %[[Y]]
func.func @embedding_lookup_sparse_mean(%arg0: tensor<3xi32>, %arg1: tensor<3x2xi32>, %arg2: tensor<3xf32>, %arg3: tensor<5x2xf32>) -> tensor<2x2xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[2, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.embedding_lookup_sparse"(%arg0, %arg1, %0, %arg2, %arg3) {combiner = "MEAN"} : (tensor<3xi32>, tensor<3x2xi32>, tensor<2xi32>, tensor<3xf32>, tensor<5x2xf32>) -> tensor<2x2xf32>
  return %1 : tensor<2x2xf32>
}

// -----

// EMBEDDING_LOOKUP_SPARSE's output shape comes from dense_shape: a runtime one is declined.
// CHECK-LABEL: @embedding_lookup_sparse_declines_runtime_dense_shape
// CHECK-NEXT:    "tfl.embedding_lookup_sparse"
func.func @embedding_lookup_sparse_declines_runtime_dense_shape(%arg0: tensor<3xi32>, %arg1: tensor<3x2xi32>, %arg2: tensor<2xi32>, %arg3: tensor<3xf32>, %arg4: tensor<5x2xf32>) -> tensor<2x2xf32> {
  // expected-remark@+1 {{unlowered: operand 2 (dense_shape) is not a compile-time constant}}
  %0 = "tfl.embedding_lookup_sparse"(%arg0, %arg1, %arg2, %arg3, %arg4) {combiner = "SUM"} : (tensor<3xi32>, tensor<3x2xi32>, tensor<2xi32>, tensor<3xf32>, tensor<5x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// CHECK-LABEL: @unsorted_segment_sum_declines_dynamic_shape
// CHECK:         "tfl.unsorted_segment_sum"
func.func @unsorted_segment_sum_declines_dynamic_shape(%arg0: tensor<?x3xf32>, %arg1: tensor<?xi32>) -> tensor<4x3xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<4> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark@+1 {{unlowered: dynamic shape of operand 0 (tensor<?x3xf32>)}}
  %1 = "tfl.unsorted_segment_sum"(%arg0, %arg1, %0) : (tensor<?x3xf32>, tensor<?xi32>, tensor<1xi32>) -> tensor<4x3xf32>
  return %1 : tensor<4x3xf32>
}

// -----

// DENSIFY of a sparse constant (row 0 keeps columns 1 and 3, row 1 column 0): the driver
// densifies the constant, and the op is that constant.
// CHECK-LABEL: @densify_f32
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<{{\[\[}}0.000000e+00, 1.500000e+00, 0.000000e+00, -2.000000e+00], [3.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00]]> : tensor<2x4xf32>
// CHECK-NEXT:    return %[[C]]
func.func @densify_f32() -> tensor<2x4xf32> {
  %0 = "tfl.pseudo_sparse_const"() {value = dense<0.0> : tensor<2x4xf32>, s_param = {block_map = [], dim_metadata = [{dense_size = 2 : i32, format = "DENSE"}, {array_indices = {values = [1 : i32, 3 : i32, 0 : i32]}, array_segments = {values = [0 : i32, 2 : i32, 3 : i32]}, dense_size = 0 : i32, format = "SPARSE_CSR"}], traversal_order = [0 : i32, 1 : i32]}, compressed_data = dense<[1.5, -2.0, 3.0]> : tensor<3xf32>} : () -> tensor<2x4xf32>
  %1 = "tfl.densify"(%0) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}

// -----

// int8 DENSIFY copies the stored values (densify.cc), here from a narrow-range operand type
// to a full-range result type: the stored constant (the driver reads it past its quant.scast)
// cast to the result type.
!q = !quant.uniform<i8<-127:127>:f32, 0.25>
!r = !quant.uniform<i8:f32, 0.25>
// CHECK-LABEL: @densify_int8_on_storage
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<{{\[\[}}0, 5, 0, -6], [7, 0, 0, 0]]> : tensor<2x4xi8>
// CHECK-NEXT:    quant.scast %[[C]] : tensor<2x4xi8> to tensor<2x4x!quant.uniform<i8<-127:127>:f32, 2.500000e-01>>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[C]] : tensor<2x4xi8> to tensor<2x4x!quant.uniform<i8:f32, 2.500000e-01>>
// CHECK-NEXT:    return %[[Y]]
func.func @densify_int8_on_storage() -> tensor<2x4x!r> {
  %0 = "tfl.pseudo_sparse_qconst"() {value = dense<0> : tensor<2x4xi8>, s_param = {block_map = [], dim_metadata = [{dense_size = 2 : i32, format = "DENSE"}, {array_indices = {values = [1 : i32, 3 : i32, 0 : i32]}, array_segments = {values = [0 : i32, 2 : i32, 3 : i32]}, dense_size = 0 : i32, format = "SPARSE_CSR"}], traversal_order = [0 : i32, 1 : i32]}, compressed_data = dense<[5, -6, 7]> : tensor<3xi8>, qtype = tensor<2x4x!q>} : () -> tensor<2x4x!q>
  %1 = "tfl.densify"(%0) : (tensor<2x4x!q>) -> tensor<2x4x!r>
  return %1 : tensor<2x4x!r>
}

// -----

// HASHTABLE_LOOKUP: glibc's bsearch over two keys, two probes (bit_length(2)) on all three
// lookups at once, each a tosa.gather of the probed key and a wrapping tosa.sub; then the
// found rows, zero where missed, and the hits as i8 bits in a ui8 tensor.
// CHECK-LABEL: @hashtable_lookup
// CHECK-SAME:    (%[[LOOKUP:.*]]: tensor<3xi32>, %[[KEYS:.*]]: tensor<2xi32>, %[[VALUES:.*]]: tensor<2x4xf32>)
// CHECK:         %[[K3:.*]] = "tosa.reshape"(%[[KEYS]], %{{.*}}) : (tensor<2xi32>, !tosa.shape<3>) -> tensor<1x2x1xi32>
// CHECK-COUNT-2: "tosa.gather"(%[[K3]], %{{.*}}) : (tensor<1x2x1xi32>, tensor<1x3xi32>) -> tensor<1x3x1xi32>
// CHECK:         %[[FOUND:.*]] = "tosa.logical_or"
// CHECK:         %[[ROWS:.*]] = "tosa.gather"(%{{.*}}, %{{.*}}) : (tensor<1x2x4xf32>, tensor<1x3xi32>) -> tensor<1x3x4xf32>
// CHECK:         %[[Y:.*]] = "tosa.select"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<3x1xi1>, tensor<3x4xf32>, tensor<1x1xf32>) -> tensor<3x4xf32>
// CHECK-NEXT:    %[[B:.*]] = "tosa.cast"(%[[FOUND]]) : (tensor<3xi1>) -> tensor<3xi8>
// CHECK-NEXT:    %[[HITS:.*]] = "tensor.bitcast"(%[[B]]) : (tensor<3xi8>) -> tensor<3xui8>
// CHECK-NEXT:    return %[[Y]], %[[HITS]]
func.func @hashtable_lookup(%arg0: tensor<3xi32>, %arg1: tensor<2xi32>, %arg2: tensor<2x4xf32>) -> (tensor<3x4xf32>, tensor<3xui8>) {
  %0, %1 = "tfl.hashtable_lookup"(%arg0, %arg1, %arg2) : (tensor<3xi32>, tensor<2xi32>, tensor<2x4xf32>) -> (tensor<3x4xf32>, tensor<3xui8>)
  return %0, %1 : tensor<3x4xf32>, tensor<3xui8>
}
