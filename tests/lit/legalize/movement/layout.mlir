// Golden test of legalize/families/movement/layout.py: RESHAPE, SQUEEZE, EXPAND_DIMS, TRANSPOSE, DEPTH_TO_SPACE,
// SPACE_TO_DEPTH, CONCATENATION, PACK, TILE, BROADCAST_TO, FILL, ZEROS_LIKE, SHAPE, REVERSE_V2,
// SPACE_TO_BATCH_ND, BATCH_TO_SPACE_ND, REVERSE_SEQUENCE, MATRIX_DIAG, MATRIX_SET_DIAG and RANK
// become TOSA ops that only move values (BROADCAST_ARGS and BITCAST: a few more): on f32, and on
// the stored int8 values between quant.scast when the moved values share one scale and zero point
// (RESHAPE, SHAPE, RANK, REVERSE_SEQUENCE, MATRIX_DIAG and MATRIX_SET_DIAG: whatever the
// quantization); the reasons each pattern declines an instance, as remarks.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// Ops that stay tfl.* (unlowered) are unregistered upstream, hence --allow-unregistered-dialect.
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// CHECK-LABEL: @reshape_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5xf32>)
// CHECK:         %[[SHAPE:.*]] = "tosa.const_shape"() {values = dense<[3, 10]> : tensor<2xindex>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.reshape"(%[[X]], %[[SHAPE]]) : (tensor<2x3x5xf32>, !tosa.shape<2>) -> tensor<3x10xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @reshape_f32(%arg0: tensor<2x3x5xf32>) -> tensor<3x10xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[3, 10]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.reshape"(%arg0, %0) : (tensor<2x3x5xf32>, tensor<2xi32>) -> tensor<3x10xf32>
  return %1 : tensor<3x10xf32>
}

// -----

// TFLite's RESHAPE copies the stored values whatever the quantization (kernels/reshape.cc):
// the result takes the input's bytes under the result's own scale and zero point.
!q = !quant.uniform<i8:f32, 0.05:-3>
!r = !quant.uniform<i8:f32, 0.02:5>
// CHECK-LABEL: @reshape_int8_on_storage_whatever_the_quantization
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : tensor<2x3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>> to tensor<2x3x5xi8>
// CHECK-NEXT:    %[[SHAPE:.*]] = "tosa.const_shape"() {values = dense<[3, 10]> : tensor<2xindex>}
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.reshape"(%[[STORED]], %[[SHAPE]]) : (tensor<2x3x5xi8>, !tosa.shape<2>) -> tensor<3x10xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<3x10xi8> to tensor<3x10x!quant.uniform<i8:f32, 2.000000e-02:5>>
// CHECK-NEXT:    return %[[Y]]
func.func @reshape_int8_on_storage_whatever_the_quantization(%arg0: tensor<2x3x5x!q>) -> tensor<3x10x!r> {
  %0 = "tfl.pseudo_const"() {value = dense<[3, 10]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.reshape"(%arg0, %0) : (tensor<2x3x5x!q>, tensor<2xi32>) -> tensor<3x10x!r>
  return %1 : tensor<3x10x!r>
}

// -----

// squeeze_dims [0, -2] of a 1x3x1x5 drop axes 0 and 2: a reshape to 3x5.
// CHECK-LABEL: @squeeze_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<1x3x1x5xf32>)
// CHECK-NEXT:    %[[SHAPE:.*]] = "tosa.const_shape"() {values = dense<[3, 5]> : tensor<2xindex>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.reshape"(%[[X]], %[[SHAPE]]) : (tensor<1x3x1x5xf32>, !tosa.shape<2>) -> tensor<3x5xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @squeeze_f32(%arg0: tensor<1x3x1x5xf32>) -> tensor<3x5xf32> {
  %0 = "tfl.squeeze"(%arg0) {squeeze_dims = [0 : i32, -2 : i32]} : (tensor<1x3x1x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @squeeze_int8_on_storage
// CHECK-SAME:    (%[[X:.*]]: tensor<1x3x1x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK-NEXT:    %[[STORED:.*]] = quant.scast %[[X]] : tensor<1x3x1x5x!quant.uniform<i8:f32, 5.000000e-02:-3>> to tensor<1x3x1x5xi8>
// CHECK-NEXT:    %[[SHAPE:.*]] = "tosa.const_shape"() {values = dense<[3, 5]> : tensor<2xindex>}
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.reshape"(%[[STORED]], %[[SHAPE]]) : (tensor<1x3x1x5xi8>, !tosa.shape<2>) -> tensor<3x5xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<3x5xi8> to tensor<3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @squeeze_int8_on_storage(%arg0: tensor<1x3x1x5x!q>) -> tensor<3x5x!q> {
  %0 = "tfl.squeeze"(%arg0) {squeeze_dims = [0 : i32, -2 : i32]} : (tensor<1x3x1x5x!q>) -> tensor<3x5x!q>
  return %0 : tensor<3x5x!q>
}

// -----

// Unlike RESHAPE, SQUEEZE asks for one quantization: otherwise dequantize, move, quantize.
!q = !quant.uniform<i8:f32, 0.05:-3>
!r = !quant.uniform<i8:f32, 0.02:5>
// CHECK-LABEL: @squeeze_declines_quantized_differently
// CHECK-SAME:    (%[[X:.*]]: tensor<1x3x1x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK-NEXT:    %[[REAL:.*]] = quant.dcast %[[X]] : tensor<1x3x1x5x!quant.uniform<i8:f32, 5.000000e-02:-3>> to tensor<1x3x1x5xf32>
// CHECK-NEXT:    %[[SHAPE:.*]] = "tosa.const_shape"() {values = dense<[3, 5]> : tensor<2xindex>}
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.reshape"(%[[REAL]], %[[SHAPE]]) : (tensor<1x3x1x5xf32>, !tosa.shape<2>) -> tensor<3x5xf32>
// CHECK-NEXT:    %[[Y:.*]] = quant.qcast %[[MOVED]] : tensor<3x5xf32> to tensor<3x5x!quant.uniform<i8:f32, 2.000000e-02:5>>
// CHECK-NEXT:    return %[[Y]]
func.func @squeeze_declines_quantized_differently(%arg0: tensor<1x3x1x5x!q>) -> tensor<3x5x!r> {
  // expected-remark@+1 {{fallback: operands and results are quantized differently (the stored values would need rescaling)}}
  %0 = "tfl.squeeze"(%arg0) {squeeze_dims = [0 : i32, -2 : i32]} : (tensor<1x3x1x5x!q>) -> tensor<3x5x!r>
  return %0 : tensor<3x5x!r>
}

// -----

// EXPAND_DIMS at axis -2 of a rank-2 tensor inserts the new axis at 3 + (-2) = 1.
// CHECK-LABEL: @expand_dims_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5xf32>)
// CHECK:         %[[SHAPE:.*]] = "tosa.const_shape"() {values = dense<[3, 1, 5]> : tensor<3xindex>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.reshape"(%[[X]], %[[SHAPE]]) : (tensor<3x5xf32>, !tosa.shape<3>) -> tensor<3x1x5xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @expand_dims_f32(%arg0: tensor<3x5xf32>) -> tensor<3x1x5xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<-2> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.expand_dims"(%arg0, %0) : (tensor<3x5xf32>, tensor<1xi32>) -> tensor<3x1x5xf32>
  return %1 : tensor<3x1x5xf32>
}

// -----

!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @expand_dims_int8_on_storage
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : tensor<3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>> to tensor<3x5xi8>
// CHECK-NEXT:    %[[SHAPE:.*]] = "tosa.const_shape"() {values = dense<[3, 5, 1]> : tensor<3xindex>}
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.reshape"(%[[STORED]], %[[SHAPE]]) : (tensor<3x5xi8>, !tosa.shape<3>) -> tensor<3x5x1xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<3x5x1xi8> to tensor<3x5x1x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @expand_dims_int8_on_storage(%arg0: tensor<3x5x!q>) -> tensor<3x5x1x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<-1> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.expand_dims"(%arg0, %0) : (tensor<3x5x!q>, tensor<1xi32>) -> tensor<3x5x1x!q>
  return %1 : tensor<3x5x1x!q>
}

// -----

// TRANSPOSE's perm is TOSA's perms: out dim k = in dim perm[k] (2x3x5x7 -> 2x7x3x5).
// CHECK-LABEL: @transpose_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5x7xf32>)
// CHECK:         %[[Y:.*]] = "tosa.transpose"(%[[X]]) {perms = array<i32: 0, 3, 1, 2>} : (tensor<2x3x5x7xf32>) -> tensor<2x7x3x5xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @transpose_f32(%arg0: tensor<2x3x5x7xf32>) -> tensor<2x7x3x5xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[0, 3, 1, 2]> : tensor<4xi32>} : () -> tensor<4xi32>
  %1 = "tfl.transpose"(%arg0, %0) : (tensor<2x3x5x7xf32>, tensor<4xi32>) -> tensor<2x7x3x5xf32>
  return %1 : tensor<2x7x3x5xf32>
}

// -----

!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @transpose_int8_on_storage
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5x7x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : tensor<2x3x5x7x!quant.uniform<i8:f32, 5.000000e-02:-3>> to tensor<2x3x5x7xi8>
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.transpose"(%[[STORED]]) {perms = array<i32: 3, 2, 0, 1>} : (tensor<2x3x5x7xi8>) -> tensor<7x5x2x3xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<7x5x2x3xi8> to tensor<7x5x2x3x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @transpose_int8_on_storage(%arg0: tensor<2x3x5x7x!q>) -> tensor<7x5x2x3x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<[3, 2, 0, 1]> : tensor<4xi32>} : () -> tensor<4xi32>
  %1 = "tfl.transpose"(%arg0, %0) : (tensor<2x3x5x7x!q>, tensor<4xi32>) -> tensor<7x5x2x3x!q>
  return %1 : tensor<7x5x2x3x!q>
}

// -----

// Same scale, other zero point: the stored values would need shifting.
!q = !quant.uniform<i8:f32, 0.05:-3>
!r = !quant.uniform<i8:f32, 0.05:4>
// CHECK-LABEL: @transpose_declines_quantized_differently
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[REAL:.*]] = quant.dcast %[[X]] : tensor<2x3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>> to tensor<2x3x5xf32>
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.transpose"(%[[REAL]]) {perms = array<i32: 2, 0, 1>} : (tensor<2x3x5xf32>) -> tensor<5x2x3xf32>
// CHECK-NEXT:    %[[Y:.*]] = quant.qcast %[[MOVED]] : tensor<5x2x3xf32> to tensor<5x2x3x!quant.uniform<i8:f32, 5.000000e-02:4>>
// CHECK-NEXT:    return %[[Y]]
func.func @transpose_declines_quantized_differently(%arg0: tensor<2x3x5x!q>) -> tensor<5x2x3x!r> {
  %0 = "tfl.pseudo_const"() {value = dense<[2, 0, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  // expected-remark@+1 {{fallback: operands and results are quantized differently (the stored values would need rescaling)}}
  %1 = "tfl.transpose"(%arg0, %0) : (tensor<2x3x5x!q>, tensor<3xi32>) -> tensor<5x2x3x!r>
  return %1 : tensor<5x2x3x!r>
}

// -----

!p = !quant.uniform<i8:f32:1, {0.05:-3, 0.1:-3, 0.2:-3}>
!o = !quant.uniform<i8:f32:2, {0.05:-3, 0.1:-3, 0.2:-3}>
// CHECK-LABEL: @transpose_declines_per_axis
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5x!quant.uniform<i8:f32:1, {5.000000e-02:-3,1.000000e-01:-3,2.000000e-01:-3}>>)
// CHECK:         %[[REAL:.*]] = quant.dcast %[[X]] : {{.*}} to tensor<2x3x5xf32>
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.transpose"(%[[REAL]]) {perms = array<i32: 2, 0, 1>} : (tensor<2x3x5xf32>) -> tensor<5x2x3xf32>
// CHECK-NEXT:    %[[Y:.*]] = quant.qcast %[[MOVED]] : tensor<5x2x3xf32> to tensor<5x2x3x!quant.uniform<i8:f32:2, {5.000000e-02:-3,1.000000e-01:-3,2.000000e-01:-3}>>
// CHECK-NEXT:    return %[[Y]]
func.func @transpose_declines_per_axis(%arg0: tensor<2x3x5x!p>) -> tensor<5x2x3x!o> {
  %0 = "tfl.pseudo_const"() {value = dense<[2, 0, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  // expected-remark@+1 {{fallback: not every moved value is per-tensor quantized}}
  %1 = "tfl.transpose"(%arg0, %0) : (tensor<2x3x5x!p>, tensor<3xi32>) -> tensor<5x2x3x!o>
  return %1 : tensor<5x2x3x!o>
}

// -----

// tosa.transpose needs its permutation at compile time: the op stays.
// CHECK-LABEL: @transpose_declines_runtime_perm
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5xf32>, %[[PERM:.*]]: tensor<3xi32>)
// CHECK-NEXT:    %[[Y:.*]] = "tfl.transpose"(%[[X]], %[[PERM]]) : (tensor<2x3x5xf32>, tensor<3xi32>) -> tensor<5x2x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @transpose_declines_runtime_perm(%arg0: tensor<2x3x5xf32>, %arg1: tensor<3xi32>) -> tensor<5x2x3xf32> {
  // expected-remark@+1 {{unlowered: operand 1 (perm) is not a compile-time constant}}
  %0 = "tfl.transpose"(%arg0, %arg1) : (tensor<2x3x5xf32>, tensor<3xi32>) -> tensor<5x2x3xf32>
  return %0 : tensor<5x2x3xf32>
}

// -----

// Quantized: both patterns decline (integer, then float), so the reason has two parts and
// the op stays, on the dequantized values.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @transpose_int8_declines_runtime_perm
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>, %[[PERM:.*]]: tensor<3xi32>)
// CHECK-NEXT:    %[[REAL:.*]] = quant.dcast %[[X]] : tensor<2x3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>> to tensor<2x3x5xf32>
// CHECK-NEXT:    %[[MOVED:.*]] = "tfl.transpose"(%[[REAL]], %[[PERM]]) : (tensor<2x3x5xf32>, tensor<3xi32>) -> tensor<5x2x3xf32>
// CHECK-NEXT:    %[[Y:.*]] = quant.qcast %[[MOVED]] : tensor<5x2x3xf32> to tensor<5x2x3x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @transpose_int8_declines_runtime_perm(%arg0: tensor<2x3x5x!q>, %arg1: tensor<3xi32>) -> tensor<5x2x3x!q> {
  // expected-remark@+1 {{unlowered: operand 1 (perm) is not a compile-time constant}}
  %0 = "tfl.transpose"(%arg0, %arg1) : (tensor<2x3x5x!q>, tensor<3xi32>) -> tensor<5x2x3x!q>
  return %0 : tensor<5x2x3x!q>
}

// -----

// CHECK-LABEL: @transpose_declines_dynamic_shape
// CHECK-SAME:    (%[[X:.*]]: tensor<?x?x5xf32>)
// CHECK:         %[[PERM:.*]] = arith.constant dense<[2, 0, 1]> : tensor<3xi32>
// CHECK-NEXT:    %[[Y:.*]] = "tfl.transpose"(%[[X]], %[[PERM]]) : (tensor<?x?x5xf32>, tensor<3xi32>) -> tensor<5x?x?xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @transpose_declines_dynamic_shape(%arg0: tensor<?x?x5xf32>) -> tensor<5x?x?xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[2, 0, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  // expected-remark@+1 {{unlowered: more than one dynamic dimension in operand 0 (tensor<?x?x5xf32>)}}
  %1 = "tfl.transpose"(%arg0, %0) : (tensor<?x?x5xf32>, tensor<3xi32>) -> tensor<5x?x?xf32>
  return %1 : tensor<5x?x?xf32>
}

// -----

// CHECK-LABEL: @transpose_declines_empty_tensor
// CHECK-SAME:    (%[[X:.*]]: tensor<2x0x5xf32>)
// CHECK:         %[[PERM:.*]] = arith.constant dense<[2, 0, 1]> : tensor<3xi32>
// CHECK-NEXT:    %[[Y:.*]] = "tfl.transpose"(%[[X]], %[[PERM]]) : (tensor<2x0x5xf32>, tensor<3xi32>) -> tensor<5x2x0xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @transpose_declines_empty_tensor(%arg0: tensor<2x0x5xf32>) -> tensor<5x2x0xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[2, 0, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  // expected-remark@+1 {{unlowered: empty tensor: operand 0 (tensor<2x0x5xf32>)}}
  %1 = "tfl.transpose"(%arg0, %0) : (tensor<2x0x5xf32>, tensor<3xi32>) -> tensor<5x2x0xf32>
  return %1 : tensor<5x2x0xf32>
}

// -----

// reference/depth_to_space.h: out[n, h*bs + i, w*bs + j, c] = in[n, h, w, (i*bs + j)*C + c].
// The channels 12 = (i, j, c) with bs = 2, C = 3 split to [1, 2, 3, 2, 2, 3] = (n, h, w, i, j, c);
// (n, h, i, w, j, c) is perms [0, 1, 3, 2, 4, 5], which reshapes to (n, h*bs + i, w*bs + j, c).
// CHECK-LABEL: @depth_to_space_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<1x2x3x12xf32>)
// CHECK-NEXT:    %[[SPLIT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 2, 3, 2, 2, 3]> : tensor<6xindex>}
// CHECK-NEXT:    %[[SPLIT:.*]] = "tosa.reshape"(%[[X]], %[[SPLIT_SHAPE]]) : (tensor<1x2x3x12xf32>, !tosa.shape<6>) -> tensor<1x2x3x2x2x3xf32>
// CHECK-NEXT:    %[[T:.*]] = "tosa.transpose"(%[[SPLIT]]) {perms = array<i32: 0, 1, 3, 2, 4, 5>} : (tensor<1x2x3x2x2x3xf32>) -> tensor<1x2x2x3x2x3xf32>
// CHECK-NEXT:    %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 4, 6, 3]> : tensor<4xindex>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.reshape"(%[[T]], %[[OUT_SHAPE]]) : (tensor<1x2x2x3x2x3xf32>, !tosa.shape<4>) -> tensor<1x4x6x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @depth_to_space_f32(%arg0: tensor<1x2x3x12xf32>) -> tensor<1x4x6x3xf32> {
  %0 = "tfl.depth_to_space"(%arg0) {block_size = 2 : i32} : (tensor<1x2x3x12xf32>) -> tensor<1x4x6x3xf32>
  return %0 : tensor<1x4x6x3xf32>
}

// -----

// bs = 3, C = 18 / 9 = 2: (2, 3, 5, i=3, j=3, 2) -> (2, 3, i, 5, j, 2) -> 2x9x15x2.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @depth_to_space_int8_on_storage
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5x18x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK-NEXT:    %[[STORED:.*]] = quant.scast %[[X]] : tensor<2x3x5x18x!quant.uniform<i8:f32, 5.000000e-02:-3>> to tensor<2x3x5x18xi8>
// CHECK-NEXT:    %[[SPLIT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[2, 3, 5, 3, 3, 2]> : tensor<6xindex>}
// CHECK-NEXT:    %[[SPLIT:.*]] = "tosa.reshape"(%[[STORED]], %[[SPLIT_SHAPE]]) : (tensor<2x3x5x18xi8>, !tosa.shape<6>) -> tensor<2x3x5x3x3x2xi8>
// CHECK-NEXT:    %[[T:.*]] = "tosa.transpose"(%[[SPLIT]]) {perms = array<i32: 0, 1, 3, 2, 4, 5>} : (tensor<2x3x5x3x3x2xi8>) -> tensor<2x3x3x5x3x2xi8>
// CHECK-NEXT:    %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[2, 9, 15, 2]> : tensor<4xindex>}
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.reshape"(%[[T]], %[[OUT_SHAPE]]) : (tensor<2x3x3x5x3x2xi8>, !tosa.shape<4>) -> tensor<2x9x15x2xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<2x9x15x2xi8> to tensor<2x9x15x2x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @depth_to_space_int8_on_storage(%arg0: tensor<2x3x5x18x!q>) -> tensor<2x9x15x2x!q> {
  %0 = "tfl.depth_to_space"(%arg0) {block_size = 3 : i32} : (tensor<2x3x5x18x!q>) -> tensor<2x9x15x2x!q>
  return %0 : tensor<2x9x15x2x!q>
}

// -----

// reference/space_to_depth.h: out[n, h, w, (i*bs + j)*C + c] = in[n, h*bs + i, w*bs + j, c].
// 1x4x6x3 splits to (n, h=2, i=2, w=3, j=2, c=3); perms [0, 1, 3, 2, 4, 5] give (n, h, w, i, j, c).
// CHECK-LABEL: @space_to_depth_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<1x4x6x3xf32>)
// CHECK-NEXT:    %[[SPLIT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 2, 2, 3, 2, 3]> : tensor<6xindex>}
// CHECK-NEXT:    %[[SPLIT:.*]] = "tosa.reshape"(%[[X]], %[[SPLIT_SHAPE]]) : (tensor<1x4x6x3xf32>, !tosa.shape<6>) -> tensor<1x2x2x3x2x3xf32>
// CHECK-NEXT:    %[[T:.*]] = "tosa.transpose"(%[[SPLIT]]) {perms = array<i32: 0, 1, 3, 2, 4, 5>} : (tensor<1x2x2x3x2x3xf32>) -> tensor<1x2x3x2x2x3xf32>
// CHECK-NEXT:    %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 2, 3, 12]> : tensor<4xindex>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.reshape"(%[[T]], %[[OUT_SHAPE]]) : (tensor<1x2x3x2x2x3xf32>, !tosa.shape<4>) -> tensor<1x2x3x12xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @space_to_depth_f32(%arg0: tensor<1x4x6x3xf32>) -> tensor<1x2x3x12xf32> {
  %0 = "tfl.space_to_depth"(%arg0) {block_size = 2 : i32} : (tensor<1x4x6x3xf32>) -> tensor<1x2x3x12xf32>
  return %0 : tensor<1x2x3x12xf32>
}

// -----

// bs = 3 on 2x6x9x5: (2, h=2, i=3, w=3, j=3, 5) -> (2, 2, 3, 3, 3, 5) -> 2x2x3x45.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @space_to_depth_int8_on_storage
// CHECK-SAME:    (%[[X:.*]]: tensor<2x6x9x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK-NEXT:    %[[STORED:.*]] = quant.scast %[[X]] : tensor<2x6x9x5x!quant.uniform<i8:f32, 5.000000e-02:-3>> to tensor<2x6x9x5xi8>
// CHECK-NEXT:    %[[SPLIT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[2, 2, 3, 3, 3, 5]> : tensor<6xindex>}
// CHECK-NEXT:    %[[SPLIT:.*]] = "tosa.reshape"(%[[STORED]], %[[SPLIT_SHAPE]]) : (tensor<2x6x9x5xi8>, !tosa.shape<6>) -> tensor<2x2x3x3x3x5xi8>
// CHECK-NEXT:    %[[T:.*]] = "tosa.transpose"(%[[SPLIT]]) {perms = array<i32: 0, 1, 3, 2, 4, 5>} : (tensor<2x2x3x3x3x5xi8>) -> tensor<2x2x3x3x3x5xi8>
// CHECK-NEXT:    %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[2, 2, 3, 45]> : tensor<4xindex>}
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.reshape"(%[[T]], %[[OUT_SHAPE]]) : (tensor<2x2x3x3x3x5xi8>, !tosa.shape<4>) -> tensor<2x2x3x45xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<2x2x3x45xi8> to tensor<2x2x3x45x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @space_to_depth_int8_on_storage(%arg0: tensor<2x6x9x5x!q>) -> tensor<2x2x3x45x!q> {
  %0 = "tfl.space_to_depth"(%arg0) {block_size = 3 : i32} : (tensor<2x6x9x5x!q>) -> tensor<2x2x3x45x!q>
  return %0 : tensor<2x2x3x45x!q>
}

// -----

// axis -2 of rank 3 is axis 1.
// CHECK-LABEL: @concatenation_f32_negative_axis
// CHECK-SAME:    (%[[A:.*]]: tensor<2x3x5xf32>, %[[B:.*]]: tensor<2x4x5xf32>)
// CHECK-NEXT:    %[[Y:.*]] = "tosa.concat"(%[[A]], %[[B]]) {axis = 1 : i32} : (tensor<2x3x5xf32>, tensor<2x4x5xf32>) -> tensor<2x7x5xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @concatenation_f32_negative_axis(%arg0: tensor<2x3x5xf32>, %arg1: tensor<2x4x5xf32>) -> tensor<2x7x5xf32> {
  %0 = "tfl.concatenation"(%arg0, %arg1) {axis = -2 : i32, fused_activation_function = "NONE"} : (tensor<2x3x5xf32>, tensor<2x4x5xf32>) -> tensor<2x7x5xf32>
  return %0 : tensor<2x7x5xf32>
}

// -----

!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @concatenation_int8_on_storage
// CHECK-SAME:    (%[[A:.*]]: tensor<3x10x!quant.uniform<i8:f32, 5.000000e-02:-3>>, %[[B:.*]]: tensor<3x4x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK-NEXT:    %[[A_STORED:.*]] = quant.scast %[[A]] : {{.*}} to tensor<3x10xi8>
// CHECK-NEXT:    %[[B_STORED:.*]] = quant.scast %[[B]] : {{.*}} to tensor<3x4xi8>
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.concat"(%[[A_STORED]], %[[B_STORED]]) {axis = 1 : i32} : (tensor<3x10xi8>, tensor<3x4xi8>) -> tensor<3x14xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<3x14xi8> to tensor<3x14x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @concatenation_int8_on_storage(%arg0: tensor<3x10x!q>, %arg1: tensor<3x4x!q>) -> tensor<3x14x!q> {
  %0 = "tfl.concatenation"(%arg0, %arg1) {axis = 1 : i32, fused_activation_function = "NONE"} : (tensor<3x10x!q>, tensor<3x4x!q>) -> tensor<3x14x!q>
  return %0 : tensor<3x14x!q>
}

// -----

// uint8 inputs quantized otherwise than the output are rescaled in float32 as
// reference/concatenation.h: ConcatenationWithScaling does it, the others copied:
//   k = f32(0.02) * f32(1 / f32(0.05)) = 0.39999998 (not 0.4), b = f32(-130) * k = -51.999996,
//   q = clamp(round(float(q_in) * k + b) + 125, 0, 255), round ties away from zero.
!q = !quant.uniform<u8:f32, 0.05:125>
!r = !quant.uniform<u8:f32, 0.02:130>
// CHECK-LABEL: @concatenation_uint8_rescales_inputs_quantized_otherwise
// CHECK-SAME:    (%[[A:.*]]: tensor<3x10x!quant.uniform<u8:f32, 5.000000e-02:125>>, %[[B:.*]]: tensor<3x4x!quant.uniform<u8:f32, 2.000000e-02:130>>)
// CHECK-NEXT:    %[[A_STORED:.*]] = quant.scast %[[A]] : {{.*}} to tensor<3x10xi8>
// CHECK-NEXT:    %[[B_STORED:.*]] = quant.scast %[[B]] : {{.*}} to tensor<3x4xi8>
// CHECK-NEXT:    %[[F:.*]] = "arith.uitofp"(%[[B_STORED]]) : (tensor<3x4xi8>) -> tensor<3x4xf32>
// CHECK-NEXT:    %[[K:.*]] = "tosa.const"() {values = dense<0.399999976> : tensor<1x1xf32>}
// CHECK-NEXT:    "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:    %[[SCALED:.*]] = "tosa.mul"(%[[F]], %[[K]], %{{.*}}) : (tensor<3x4xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<3x4xf32>
// CHECK-NEXT:    %[[BIAS:.*]] = "tosa.const"() {values = dense<-51.9999962> : tensor<1x1xf32>}
// CHECK-NEXT:    %[[X:.*]] = "tosa.add"(%[[SCALED]], %[[BIAS]])
// CHECK-NEXT:    %[[R:.*]] = "math.round"(%[[X]]) : (tensor<3x4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT:    %[[ZP:.*]] = "tosa.const"() {values = dense<1.250000e+02> : tensor<1x1xf32>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.add"(%[[R]], %[[ZP]])
// CHECK-NEXT:    %[[C:.*]] = "tosa.clamp"(%[[Y]]) {max_val = 2.550000e+02 : f32, min_val = 0.000000e+00 : f32}
// CHECK-NEXT:    %[[B_RESCALED:.*]] = "arith.fptoui"(%[[C]]) : (tensor<3x4xf32>) -> tensor<3x4xi8>
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.concat"(%[[A_STORED]], %[[B_RESCALED]]) {axis = 1 : i32} : (tensor<3x10xi8>, tensor<3x4xi8>) -> tensor<3x14xi8>
// CHECK-NEXT:    quant.scast %[[MOVED]] : tensor<3x14xi8> to tensor<3x14x!quant.uniform<u8:f32, 5.000000e-02:125>>
func.func @concatenation_uint8_rescales_inputs_quantized_otherwise(%arg0: tensor<3x10x!q>, %arg1: tensor<3x4x!r>) -> tensor<3x14x!q> {
  %0 = "tfl.concatenation"(%arg0, %arg1) {axis = 1 : i32, fused_activation_function = "NONE"} : (tensor<3x10x!q>, tensor<3x4x!r>) -> tensor<3x14x!q>
  return %0 : tensor<3x14x!q>
}

// -----

// int16 inputs need zero point 0, and their scales are not compared (concatenation.cc): the
// stored values are copied whatever the scales.
!q = !quant.uniform<i16:f32, 0.05>
!r = !quant.uniform<i16:f32, 0.02>
// CHECK-LABEL: @concatenation_int16_copies_stored_values_whatever_the_scales
// CHECK-NEXT:    %[[A_STORED:.*]] = quant.scast %arg0 : {{.*}} to tensor<3x10xi16>
// CHECK-NEXT:    %[[B_STORED:.*]] = quant.scast %arg1 : {{.*}} to tensor<3x4xi16>
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.concat"(%[[A_STORED]], %[[B_STORED]]) {axis = 1 : i32} : (tensor<3x10xi16>, tensor<3x4xi16>) -> tensor<3x14xi16>
// CHECK-NEXT:    quant.scast %[[MOVED]] : tensor<3x14xi16> to tensor<3x14x!quant.uniform<i16:f32, 5.000000e-02>>
func.func @concatenation_int16_copies_stored_values_whatever_the_scales(%arg0: tensor<3x10x!q>, %arg1: tensor<3x4x!r>) -> tensor<3x14x!q> {
  %0 = "tfl.concatenation"(%arg0, %arg1) {axis = -1 : i32, fused_activation_function = "NONE"} : (tensor<3x10x!q>, tensor<3x4x!r>) -> tensor<3x14x!q>
  return %0 : tensor<3x14x!q>
}

// -----

// PACK along axis -1 of the 2x5x3 result (axis 2): each input becomes 2x5x1, then one concat.
// CHECK-LABEL: @pack_f32_last_axis
// CHECK-SAME:    (%[[A:.*]]: tensor<2x5xf32>, %[[B:.*]]: tensor<2x5xf32>, %[[C:.*]]: tensor<2x5xf32>)
// CHECK-NEXT:    %[[UNIT_A:.*]] = "tosa.const_shape"() {values = dense<[2, 5, 1]> : tensor<3xindex>}
// CHECK-NEXT:    %[[A3:.*]] = "tosa.reshape"(%[[A]], %[[UNIT_A]]) : (tensor<2x5xf32>, !tosa.shape<3>) -> tensor<2x5x1xf32>
// CHECK-NEXT:    %[[UNIT_B:.*]] = "tosa.const_shape"() {values = dense<[2, 5, 1]> : tensor<3xindex>}
// CHECK-NEXT:    %[[B3:.*]] = "tosa.reshape"(%[[B]], %[[UNIT_B]])
// CHECK-NEXT:    %[[UNIT_C:.*]] = "tosa.const_shape"() {values = dense<[2, 5, 1]> : tensor<3xindex>}
// CHECK-NEXT:    %[[C3:.*]] = "tosa.reshape"(%[[C]], %[[UNIT_C]])
// CHECK-NEXT:    %[[Y:.*]] = "tosa.concat"(%[[A3]], %[[B3]], %[[C3]]) {axis = 2 : i32} : (tensor<2x5x1xf32>, tensor<2x5x1xf32>, tensor<2x5x1xf32>) -> tensor<2x5x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @pack_f32_last_axis(%arg0: tensor<2x5xf32>, %arg1: tensor<2x5xf32>, %arg2: tensor<2x5xf32>) -> tensor<2x5x3xf32> {
  %0 = "tfl.pack"(%arg0, %arg1, %arg2) {axis = -1 : i32, values_count = 3 : i32} : (tensor<2x5xf32>, tensor<2x5xf32>, tensor<2x5xf32>) -> tensor<2x5x3xf32>
  return %0 : tensor<2x5x3xf32>
}

// -----

!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @pack_int8_on_storage
// CHECK-SAME:    (%[[A:.*]]: tensor<2x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>, %[[B:.*]]: tensor<2x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK-NEXT:    %[[A_STORED:.*]] = quant.scast %[[A]] : {{.*}} to tensor<2x5xi8>
// CHECK-NEXT:    %[[B_STORED:.*]] = quant.scast %[[B]] : {{.*}} to tensor<2x5xi8>
// CHECK-NEXT:    %[[UNIT_A:.*]] = "tosa.const_shape"() {values = dense<[2, 1, 5]> : tensor<3xindex>}
// CHECK-NEXT:    %[[A3:.*]] = "tosa.reshape"(%[[A_STORED]], %[[UNIT_A]]) : (tensor<2x5xi8>, !tosa.shape<3>) -> tensor<2x1x5xi8>
// CHECK-NEXT:    %[[UNIT_B:.*]] = "tosa.const_shape"() {values = dense<[2, 1, 5]> : tensor<3xindex>}
// CHECK-NEXT:    %[[B3:.*]] = "tosa.reshape"(%[[B_STORED]], %[[UNIT_B]])
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.concat"(%[[A3]], %[[B3]]) {axis = 1 : i32} : (tensor<2x1x5xi8>, tensor<2x1x5xi8>) -> tensor<2x2x5xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<2x2x5xi8> to tensor<2x2x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @pack_int8_on_storage(%arg0: tensor<2x5x!q>, %arg1: tensor<2x5x!q>) -> tensor<2x2x5x!q> {
  %0 = "tfl.pack"(%arg0, %arg1) {axis = 1 : i32, values_count = 2 : i32} : (tensor<2x5x!q>, tensor<2x5x!q>) -> tensor<2x2x5x!q>
  return %0 : tensor<2x2x5x!q>
}

// -----

// CHECK-LABEL: @tile_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x1xf32>)
// CHECK:         %[[MULTIPLES:.*]] = "tosa.const_shape"() {values = dense<[2, 1, 5]> : tensor<3xindex>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.tile"(%[[X]], %[[MULTIPLES]]) : (tensor<2x3x1xf32>, !tosa.shape<3>) -> tensor<4x3x5xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @tile_f32(%arg0: tensor<2x3x1xf32>) -> tensor<4x3x5xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[2, 1, 5]> : tensor<3xi32>} : () -> tensor<3xi32>
  %1 = "tfl.tile"(%arg0, %0) : (tensor<2x3x1xf32>, tensor<3xi32>) -> tensor<4x3x5xf32>
  return %1 : tensor<4x3x5xf32>
}

// -----

// int64 multiples are read the same way.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @tile_int8_on_storage
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : {{.*}} to tensor<2x3xi8>
// CHECK-NEXT:    %[[MULTIPLES:.*]] = "tosa.const_shape"() {values = dense<[3, 5]> : tensor<2xindex>}
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.tile"(%[[STORED]], %[[MULTIPLES]]) : (tensor<2x3xi8>, !tosa.shape<2>) -> tensor<6x15xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<6x15xi8> to tensor<6x15x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @tile_int8_on_storage(%arg0: tensor<2x3x!q>) -> tensor<6x15x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<[3, 5]> : tensor<2xi64>} : () -> tensor<2xi64>
  %1 = "tfl.tile"(%arg0, %0) : (tensor<2x3x!q>, tensor<2xi64>) -> tensor<6x15x!q>
  return %1 : tensor<6x15x!q>
}

// -----

// CHECK-LABEL: @tile_declines_runtime_multiples
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x1xf32>, %[[MULTIPLES:.*]]: tensor<3xi32>)
// CHECK-NEXT:    %[[Y:.*]] = "tfl.tile"(%[[X]], %[[MULTIPLES]])
// CHECK-NEXT:    return %[[Y]]
func.func @tile_declines_runtime_multiples(%arg0: tensor<2x3x1xf32>, %arg1: tensor<3xi32>) -> tensor<4x3x5xf32> {
  // expected-remark@+1 {{unlowered: operand 1 (multiples) is not a compile-time constant}}
  %0 = "tfl.tile"(%arg0, %arg1) : (tensor<2x3x1xf32>, tensor<3xi32>) -> tensor<4x3x5xf32>
  return %0 : tensor<4x3x5xf32>
}

// -----

// 3x1 to [2, 3, 5]: a leading unit axis (1x3x1), then tiled 2 and 5 times along the unit axes.
// CHECK-LABEL: @broadcast_to_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<3x1xf32>)
// CHECK:         %[[UNIT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 3, 1]> : tensor<3xindex>}
// CHECK-NEXT:    %[[X3:.*]] = "tosa.reshape"(%[[X]], %[[UNIT_SHAPE]]) : (tensor<3x1xf32>, !tosa.shape<3>) -> tensor<1x3x1xf32>
// CHECK-NEXT:    %[[MULTIPLES:.*]] = "tosa.const_shape"() {values = dense<[2, 1, 5]> : tensor<3xindex>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.tile"(%[[X3]], %[[MULTIPLES]]) : (tensor<1x3x1xf32>, !tosa.shape<3>) -> tensor<2x3x5xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @broadcast_to_f32(%arg0: tensor<3x1xf32>) -> tensor<2x3x5xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[2, 3, 5]> : tensor<3xi32>} : () -> tensor<3xi32>
  %1 = "tfl.broadcast_to"(%arg0, %0) : (tensor<3x1xf32>, tensor<3xi32>) -> tensor<2x3x5xf32>
  return %1 : tensor<2x3x5xf32>
}

// -----

// Same rank: no reshape; 1x5 tiled [3, 1].
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @broadcast_to_int8_on_storage
// CHECK-SAME:    (%[[X:.*]]: tensor<1x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : {{.*}} to tensor<1x5xi8>
// CHECK-NEXT:    %[[MULTIPLES:.*]] = "tosa.const_shape"() {values = dense<[3, 1]> : tensor<2xindex>}
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.tile"(%[[STORED]], %[[MULTIPLES]]) : (tensor<1x5xi8>, !tosa.shape<2>) -> tensor<3x5xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<3x5xi8> to tensor<3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @broadcast_to_int8_on_storage(%arg0: tensor<1x5x!q>) -> tensor<3x5x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<[3, 5]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.broadcast_to"(%arg0, %0) : (tensor<1x5x!q>, tensor<2xi32>) -> tensor<3x5x!q>
  return %1 : tensor<3x5x!q>
}

// -----

// CHECK-LABEL: @broadcast_to_declines_runtime_shape
// CHECK-SAME:    (%[[X:.*]]: tensor<3x1xf32>, %[[SHAPE:.*]]: tensor<3xi32>)
// CHECK-NEXT:    %[[Y:.*]] = "tfl.broadcast_to"(%[[X]], %[[SHAPE]])
// CHECK-NEXT:    return %[[Y]]
func.func @broadcast_to_declines_runtime_shape(%arg0: tensor<3x1xf32>, %arg1: tensor<3xi32>) -> tensor<2x3x5xf32> {
  // expected-remark@+1 {{unlowered: operand 1 (shape) is not a compile-time constant}}
  %0 = "tfl.broadcast_to"(%arg0, %arg1) : (tensor<3x1xf32>, tensor<3xi32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// FILL: the scalar reshaped to 1x1x1, tiled by dims [2, 3, 4].
// CHECK-LABEL: @fill_f32
// CHECK-SAME:    (%[[VALUE:.*]]: tensor<f32>)
// CHECK:         %[[UNIT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<1> : tensor<3xindex>}
// CHECK-NEXT:    %[[UNIT:.*]] = "tosa.reshape"(%[[VALUE]], %[[UNIT_SHAPE]]) : (tensor<f32>, !tosa.shape<3>) -> tensor<1x1x1xf32>
// CHECK-NEXT:    %[[DIMS:.*]] = "tosa.const_shape"() {values = dense<[2, 3, 4]> : tensor<3xindex>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.tile"(%[[UNIT]], %[[DIMS]]) : (tensor<1x1x1xf32>, !tosa.shape<3>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @fill_f32(%arg0: tensor<f32>) -> tensor<2x3x4xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[2, 3, 4]> : tensor<3xi32>} : () -> tensor<3xi32>
  %1 = "tfl.fill"(%0, %arg0) : (tensor<3xi32>, tensor<f32>) -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @fill_int8_on_storage
// CHECK-SAME:    (%[[VALUE:.*]]: tensor<!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[VALUE]] : tensor<!quant.uniform<i8:f32, 5.000000e-02:-3>> to tensor<i8>
// CHECK-NEXT:    %[[UNIT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<1> : tensor<3xindex>}
// CHECK-NEXT:    %[[UNIT:.*]] = "tosa.reshape"(%[[STORED]], %[[UNIT_SHAPE]]) : (tensor<i8>, !tosa.shape<3>) -> tensor<1x1x1xi8>
// CHECK-NEXT:    %[[DIMS:.*]] = "tosa.const_shape"() {values = dense<[2, 3, 4]> : tensor<3xindex>}
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.tile"(%[[UNIT]], %[[DIMS]]) : (tensor<1x1x1xi8>, !tosa.shape<3>) -> tensor<2x3x4xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<2x3x4xi8> to tensor<2x3x4x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @fill_int8_on_storage(%arg0: tensor<!q>) -> tensor<2x3x4x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<[2, 3, 4]> : tensor<3xi32>} : () -> tensor<3xi32>
  %1 = "tfl.fill"(%0, %arg0) : (tensor<3xi32>, tensor<!q>) -> tensor<2x3x4x!q>
  return %1 : tensor<2x3x4x!q>
}

// -----

// Run-time dims with a static result: the result type has the shape (TFLite's Prepare checks
// the dims give it), so the value is tiled to it and `dims` is not read.
// CHECK-LABEL: @fill_runtime_dims_static_result
// CHECK-SAME:    (%[[DIMS:.*]]: tensor<3xi32>, %[[VALUE:.*]]: tensor<f32>)
// CHECK-NEXT:    %[[S:.*]] = "tosa.const_shape"() {values = dense<1> : tensor<3xindex>}
// CHECK-NEXT:    %[[V:.*]] = "tosa.reshape"(%[[VALUE]], %[[S]]) : (tensor<f32>, !tosa.shape<3>) -> tensor<1x1x1xf32>
// CHECK-NEXT:    %[[M:.*]] = "tosa.const_shape"() {values = dense<[2, 3, 4]> : tensor<3xindex>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.tile"(%[[V]], %[[M]]) : (tensor<1x1x1xf32>, !tosa.shape<3>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @fill_runtime_dims_static_result(%arg0: tensor<3xi32>, %arg1: tensor<f32>) -> tensor<2x3x4xf32> {
  %0 = "tfl.fill"(%arg0, %arg1) : (tensor<3xi32>, tensor<f32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// CHECK-LABEL: @zeros_like_f32
// CHECK-NEXT:    %[[Y:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<2x3xf32>}
// CHECK-NEXT:    return %[[Y]]
func.func @zeros_like_f32(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tfl.zeros_like"(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: @zeros_like_i32
// CHECK-NEXT:    %[[Y:.*]] = "tosa.const"() {values = dense<0> : tensor<2x3xi32>}
// CHECK-NEXT:    return %[[Y]]
func.func @zeros_like_i32(%arg0: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = "tfl.zeros_like"(%arg0) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// SHAPE reads only the static shape: a constant of out_type.
// CHECK-LABEL: @shape_f32_is_a_constant
// CHECK-NEXT:    %[[Y:.*]] = "tosa.const"() {values = dense<[2, 3, 5]> : tensor<3xi64>}
// CHECK-NEXT:    return %[[Y]]
func.func @shape_f32_is_a_constant(%arg0: tensor<2x3x5xf32>) -> tensor<3xi64> {
  %0 = "tfl.shape"(%arg0) {out_type = "INT64"} : (tensor<2x3x5xf32>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @shape_int8_is_a_constant
// CHECK:         %[[Y:.*]] = "tosa.const"() {values = dense<[2, 3, 5, 7]> : tensor<4xi32>}
// CHECK-NEXT:    return %[[Y]]
func.func @shape_int8_is_a_constant(%arg0: tensor<2x3x5x7x!q>) -> tensor<4xi32> {
  %0 = "tfl.shape"(%arg0) {out_type = "INT32"} : (tensor<2x3x5x7x!q>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// A dynamic dimension is read at run time (tensor.dim); the static ones are constants.
// CHECK-LABEL: @shape_of_a_dynamic_shape
// CHECK-SAME:    (%[[X:.*]]: tensor<2x?x5xf32>)
// CHECK-NEXT:    %[[D0:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[K:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[DIM:.*]] = "tensor.dim"(%[[X]], %[[K]]) : (tensor<2x?x5xf32>, index) -> index
// CHECK-NEXT:    %[[D1:.*]] = "arith.index_cast"(%[[DIM]]) : (index) -> i32
// CHECK-NEXT:    %[[D2:.*]] = arith.constant 5 : i32
// CHECK-NEXT:    %[[Y:.*]] = "tensor.from_elements"(%[[D0]], %[[D1]], %[[D2]]) : (i32, i32, i32) -> tensor<3xi32>
// CHECK-NEXT:    return %[[Y]]
func.func @shape_of_a_dynamic_shape(%arg0: tensor<2x?x5xf32>) -> tensor<3xi32> {
  %0 = "tfl.shape"(%arg0) {out_type = "INT32"} : (tensor<2x?x5xf32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// Axes [-1, 1] of rank 3 are {1, 2}: one tosa.reverse each.
// CHECK-LABEL: @reverse_v2_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<3x4x5xf32>)
// CHECK:         %[[R1:.*]] = "tosa.reverse"(%[[X]]) {axis = 1 : i32} : (tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
// CHECK-NEXT:    %[[Y:.*]] = "tosa.reverse"(%[[R1]]) {axis = 2 : i32} : (tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @reverse_v2_f32(%arg0: tensor<3x4x5xf32>) -> tensor<3x4x5xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[-1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.reverse_v2"(%arg0, %0) : (tensor<3x4x5xf32>, tensor<2xi32>) -> tensor<3x4x5xf32>
  return %1 : tensor<3x4x5xf32>
}

// -----

!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @reverse_v2_int8_on_storage
// CHECK-SAME:    (%[[X:.*]]: tensor<3x4x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : {{.*}} to tensor<3x4x5xi8>
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.reverse"(%[[STORED]]) {axis = 0 : i32} : (tensor<3x4x5xi8>) -> tensor<3x4x5xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<3x4x5xi8> to tensor<3x4x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @reverse_v2_int8_on_storage(%arg0: tensor<3x4x5x!q>) -> tensor<3x4x5x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.reverse_v2"(%arg0, %0) : (tensor<3x4x5x!q>, tensor<1xi32>) -> tensor<3x4x5x!q>
  return %1 : tensor<3x4x5x!q>
}

// -----

// block [2, 2], paddings [[1, 0], [0, 0]]: pad to 4x4, split each spatial axis into
// (size / block, block), move the block axes before the batch, merge them into it.
// CHECK-LABEL: @space_to_batch_nd_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<1x3x4x2xf32>)
// CHECK-DAG:     %[[ZERO:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1xf32>}
// CHECK-DAG:     %[[PADS:.*]] = "tosa.const_shape"() {values = dense<[0, 0, 1, 0, 0, 0, 0, 0]> : tensor<8xindex>}
// CHECK:         %[[PADDED:.*]] = "tosa.pad"(%[[X]], %[[PADS]], %[[ZERO]]) : {{.*}} -> tensor<1x4x4x2xf32>
// CHECK:         %[[SPLIT:.*]] = "tosa.reshape"(%[[PADDED]], %{{.*}}) : {{.*}} -> tensor<1x2x2x2x2x2xf32>
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.transpose"(%[[SPLIT]]) {perms = array<i32: 2, 4, 0, 1, 3, 5>} : {{.*}} -> tensor<2x2x1x2x2x2xf32>
// CHECK:         %[[Y:.*]] = "tosa.reshape"(%[[MOVED]], %{{.*}}) : {{.*}} -> tensor<4x2x2x2xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @space_to_batch_nd_f32(%arg0: tensor<1x3x4x2xf32>) -> tensor<4x2x2x2xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<2> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.pseudo_const"() {value = dense<[[1, 0], [0, 0]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %2 = "tfl.space_to_batch_nd"(%arg0, %0, %1) : (tensor<1x3x4x2xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<4x2x2x2xf32>
  return %2 : tensor<4x2x2x2xf32>
}

// -----

// Rank 3 (NHC) has one spatial axis; on stored values the padding is the zero point, -3.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @space_to_batch_nd_int8_on_storage
// CHECK:         %[[STORED:.*]] = quant.scast %{{.*}} : {{.*}} to tensor<2x5x3xi8>
// CHECK-DAG:     %[[ZP:.*]] = "tosa.const"() {values = dense<-3> : tensor<1xi8>}
// CHECK-DAG:     %[[PADS:.*]] = "tosa.const_shape"() {values = dense<[0, 0, 0, 1, 0, 0]> : tensor<6xindex>}
// CHECK:         %[[PADDED:.*]] = "tosa.pad"(%[[STORED]], %[[PADS]], %[[ZP]]) : {{.*}} -> tensor<2x6x3xi8>
// CHECK:         "tosa.reshape"(%[[PADDED]], %{{.*}}) : {{.*}} -> tensor<2x2x3x3xi8>
// CHECK-NEXT:    "tosa.transpose"(%{{.*}}) {perms = array<i32: 2, 0, 1, 3>} : {{.*}} -> tensor<3x2x2x3xi8>
// CHECK:         %[[MOVED:.*]] = "tosa.reshape"(%{{.*}}, %{{.*}}) : {{.*}} -> tensor<6x2x3xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<6x2x3xi8> to tensor<6x2x3x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @space_to_batch_nd_int8_on_storage(%arg0: tensor<2x5x3x!q>) -> tensor<6x2x3x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<3> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.pseudo_const"() {value = dense<[[0, 1]]> : tensor<1x2xi32>} : () -> tensor<1x2xi32>
  %2 = "tfl.space_to_batch_nd"(%arg0, %0, %1) : (tensor<2x5x3x!q>, tensor<1xi32>, tensor<1x2xi32>) -> tensor<6x2x3x!q>
  return %2 : tensor<6x2x3x!q>
}

// -----

// The inverse: split the batch into (blocks, batch), move each block axis after its spatial
// axis, merge, and crop [[1, 0], [0, 0]] by tosa.slice.
// CHECK-LABEL: @batch_to_space_nd_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<4x2x2x2xf32>)
// CHECK:         %[[SPLIT:.*]] = "tosa.reshape"(%[[X]], %{{.*}}) : {{.*}} -> tensor<2x2x1x2x2x2xf32>
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.transpose"(%[[SPLIT]]) {perms = array<i32: 2, 3, 0, 4, 1, 5>} : {{.*}} -> tensor<1x2x2x2x2x2xf32>
// CHECK:         %[[MERGED:.*]] = "tosa.reshape"(%[[MOVED]], %{{.*}}) : {{.*}} -> tensor<1x4x4x2xf32>
// CHECK-NEXT:    %[[START:.*]] = "tosa.const_shape"() {values = dense<[0, 1, 0, 0]> : tensor<4xindex>}
// CHECK-NEXT:    %[[SIZE:.*]] = "tosa.const_shape"() {values = dense<[1, 3, 4, 2]> : tensor<4xindex>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.slice"(%[[MERGED]], %[[START]], %[[SIZE]]) : {{.*}} -> tensor<1x3x4x2xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @batch_to_space_nd_f32(%arg0: tensor<4x2x2x2xf32>) -> tensor<1x3x4x2xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<2> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.pseudo_const"() {value = dense<[[1, 0], [0, 0]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %2 = "tfl.batch_to_space_nd"(%arg0, %0, %1) : (tensor<4x2x2x2xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<1x3x4x2xf32>
  return %2 : tensor<1x3x4x2xf32>
}

// -----

// Constant seq_lengths [2, 0]: row 0 reads [1, 0, 2], row 1 (length 0) stays [0, 1, 2].
// CHECK-LABEL: @reverse_sequence_constant_lengths
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3xf32>)
// CHECK:         %[[ROWS:.*]] = "tosa.reshape"(%[[X]], %{{.*}}) : {{.*}} -> tensor<2x3x1xf32>
// CHECK-NEXT:    %[[IDX:.*]] = "tosa.const"() {values = dense<{{\[\[}}1, 0, 2], [0, 1, 2]]> : tensor<2x3xi32>}
// CHECK-NEXT:    %[[G:.*]] = "tosa.gather"(%[[ROWS]], %[[IDX]]) : (tensor<2x3x1xf32>, tensor<2x3xi32>) -> tensor<2x3x1xf32>
// CHECK:         %[[Y:.*]] = "tosa.reshape"(%[[G]], %{{.*}}) : {{.*}} -> tensor<2x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @reverse_sequence_constant_lengths(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[2, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.reverse_sequence"(%arg0, %0) {seq_dim = 1 : i32, batch_dim = 0 : i32} : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// Runtime i64 seq_lengths: cast to i32, clamped to the sequence length 4; each row reads
// L - 1 - j where j < L, else j.
// CHECK-LABEL: @reverse_sequence_runtime_lengths
// CHECK-SAME:    (%[[X:.*]]: tensor<4x2x3xf32>, %[[L:.*]]: tensor<2xi64>)
// CHECK-NEXT:    %[[ROWS:.*]] = "tosa.transpose"(%[[X]]) {perms = array<i32: 1, 0, 2>} : {{.*}} -> tensor<2x4x3xf32>
// CHECK-NEXT:    %[[L32:.*]] = "tosa.cast"(%[[L]]) : (tensor<2xi64>) -> tensor<2xi32>
// CHECK:         %[[COL:.*]] = "tosa.reshape"(%[[L32]], %{{.*}}) : {{.*}} -> tensor<2x1xi32>
// CHECK-NEXT:    %[[FOUR:.*]] = "tosa.const"() {values = dense<4> : tensor<1x1xi32>}
// CHECK-NEXT:    %[[CLAMPED:.*]] = "tosa.minimum"(%[[COL]], %[[FOUR]])
// CHECK:         %[[LEN:.*]] = "tosa.tile"(%[[CLAMPED]], %{{.*}}) : {{.*}} -> tensor<2x4xi32>
// CHECK-NEXT:    %[[J:.*]] = "tosa.const"() {values = dense<{{\[\[}}0, 1, 2, 3], [0, 1, 2, 3]]> : tensor<2x4xi32>}
// CHECK-NEXT:    %[[ONE:.*]] = "tosa.const"() {values = dense<1> : tensor<1x1xi32>}
// CHECK-NEXT:    %[[LAST:.*]] = "tosa.sub"(%[[LEN]], %[[ONE]])
// CHECK-NEXT:    %[[REV:.*]] = "tosa.sub"(%[[LAST]], %[[J]])
// CHECK-NEXT:    %[[IN:.*]] = "tosa.greater"(%[[LEN]], %[[J]])
// CHECK-NEXT:    %[[IDX:.*]] = "tosa.select"(%[[IN]], %[[REV]], %[[J]])
// CHECK-NEXT:    %[[G:.*]] = "tosa.gather"(%[[ROWS]], %[[IDX]]) : (tensor<2x4x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
// CHECK-NEXT:    %[[Y:.*]] = "tosa.transpose"(%[[G]]) {perms = array<i32: 1, 0, 2>} : {{.*}} -> tensor<4x2x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @reverse_sequence_runtime_lengths(%arg0: tensor<4x2x3xf32>, %arg1: tensor<2xi64>) -> tensor<4x2x3xf32> {
  %0 = "tfl.reverse_sequence"(%arg0, %arg1) {seq_dim = 0 : i32, batch_dim = 1 : i32} : (tensor<4x2x3xf32>, tensor<2xi64>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}

// -----

// The input as a row, selected on the diagonal, 0 elsewhere (tosa.select broadcasts).
// CHECK-LABEL: @matrix_diag_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3xf32>)
// CHECK:         %[[ROW:.*]] = "tosa.reshape"(%[[X]], %{{.*}}) : {{.*}} -> tensor<2x1x3xf32>
// CHECK-NEXT:    %[[EYE:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}true, false, false], [false, true, false], [false, false, true]]]> : tensor<1x3x3xi1>}
// CHECK-NEXT:    %[[ZERO:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1x1x1xf32>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.select"(%[[EYE]], %[[ROW]], %[[ZERO]]) : (tensor<1x3x3xi1>, tensor<2x1x3xf32>, tensor<1x1x1xf32>) -> tensor<2x3x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @matrix_diag_f32(%arg0: tensor<2x3xf32>) -> tensor<2x3x3xf32> {
  %0 = "tfl.matrix_diag"(%arg0) : (tensor<2x3xf32>) -> tensor<2x3x3xf32>
  return %0 : tensor<2x3x3xf32>
}

// -----

// A 2x4 matrix has 2 diagonal entries: the diagonal row is padded to 4 columns (the padding
// is never selected). TFLite copies the stored values whatever the quantization.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @matrix_set_diag_int8_on_storage
// CHECK:         %[[X:.*]] = quant.scast %{{.*}} : {{.*}} to tensor<2x4xi8>
// CHECK-NEXT:    %[[D:.*]] = quant.scast %{{.*}} : {{.*}} to tensor<2xi8>
// CHECK:         %[[ROW:.*]] = "tosa.reshape"(%[[D]], %{{.*}}) : {{.*}} -> tensor<1x2xi8>
// CHECK:         %[[WIDE:.*]] = "tosa.pad"(%[[ROW]], %{{.*}}, %{{.*}}) : {{.*}} -> tensor<1x4xi8>
// CHECK-NEXT:    %[[EYE:.*]] = "tosa.const"() {values = dense<{{\[\[}}true, false, false, false], [false, true, false, false]]> : tensor<2x4xi1>}
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.select"(%[[EYE]], %[[WIDE]], %[[X]]) : (tensor<2x4xi1>, tensor<1x4xi8>, tensor<2x4xi8>) -> tensor<2x4xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<2x4xi8> to tensor<2x4x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @matrix_set_diag_int8_on_storage(%arg0: tensor<2x4x!q>, %arg1: tensor<2x!q>) -> tensor<2x4x!q> {
  %0 = "tfl.matrix_set_diag"(%arg0, %arg1) : (tensor<2x4x!q>, tensor<2x!q>) -> tensor<2x4x!q>
  return %0 : tensor<2x4x!q>
}

// -----

// CHECK-LABEL: @rank_f32
// CHECK-NEXT:    %[[Y:.*]] = "tosa.const"() {values = dense<3> : tensor<i32>} : () -> tensor<i32>
// CHECK-NEXT:    return %[[Y]]
func.func @rank_f32(%arg0: tensor<2x3x5xf32>) -> tensor<i32> {
  %0 = "tfl.rank"(%arg0) : (tensor<2x3x5xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// Constant shapes [2, 1, 5] and [3, 1] broadcast to [2, 3, 5]: a constant.
// CHECK-LABEL: @broadcast_args_constant
// CHECK:         %[[Y:.*]] = "tosa.const"() {values = dense<[2, 3, 5]> : tensor<3xi32>}
// CHECK-NEXT:    return %[[Y]]
func.func @broadcast_args_constant() -> tensor<3xi32> {
  %0 = "tfl.pseudo_const"() {value = dense<[2, 1, 5]> : tensor<3xi32>} : () -> tensor<3xi32>
  %1 = "tfl.pseudo_const"() {value = dense<[3, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %2 = "tfl.broadcast_args"(%0, %1) : (tensor<3xi32>, tensor<2xi32>) -> tensor<3xi32>
  return %2 : tensor<3xi32>
}

// -----

// Runtime shapes: the shorter padded in front with 1s, then s1 == 1 ? s2 : s1.
// CHECK-LABEL: @broadcast_args_runtime
// CHECK-SAME:    (%[[S1:.*]]: tensor<3xi64>, %[[S2:.*]]: tensor<2xi64>)
// CHECK:         %[[P2:.*]] = "tosa.pad"(%[[S2]], %{{.*}}, %{{.*}}) : (tensor<2xi64>, !tosa.shape<2>, tensor<1xi64>) -> tensor<3xi64>
// CHECK-NEXT:    %[[ONE:.*]] = "tosa.const"() {values = dense<1> : tensor<1xi64>}
// CHECK-NEXT:    %[[IS1:.*]] = "tosa.equal"(%[[S1]], %[[ONE]])
// CHECK-NEXT:    %[[Y:.*]] = "tosa.select"(%[[IS1]], %[[P2]], %[[S1]]) : (tensor<3xi1>, tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
// CHECK-NEXT:    return %[[Y]]
func.func @broadcast_args_runtime(%arg0: tensor<3xi64>, %arg1: tensor<2xi64>) -> tensor<3xi64> {
  %0 = "tfl.broadcast_args"(%arg0, %arg1) : (tensor<3xi64>, tensor<2xi64>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

// CHECK-LABEL: @broadcast_args_declines_shapes_that_do_not_broadcast
// CHECK:         "tfl.broadcast_args"
func.func @broadcast_args_declines_shapes_that_do_not_broadcast() -> tensor<2xi32> {
  %0 = "tfl.pseudo_const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.pseudo_const"() {value = dense<[4]> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark@+1 {{unlowered: the shapes do not broadcast (TFLite's kernel aborts)}}
  %2 = "tfl.broadcast_args"(%0, %1) : (tensor<2xi32>, tensor<1xi32>) -> tensor<2xi32>
  return %2 : tensor<2xi32>
}

// -----

// CHECK-LABEL: @bitcast_f32_to_i32
// CHECK-SAME:    (%[[X:.*]]: tensor<3xf32>)
// CHECK-NEXT:    %[[Y:.*]] = "arith.bitcast"(%[[X]]) : (tensor<3xf32>) -> tensor<3xi32>
// CHECK-NEXT:    return %[[Y]]
func.func @bitcast_f32_to_i32(%arg0: tensor<3xf32>) -> tensor<3xi32> {
  %0 = "tfl.bitcast"(%arg0) : (tensor<3xf32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// A wider element splits into a new last axis, least significant half first.
// CHECK-LABEL: @bitcast_i32_to_i16_splits_the_last_axis
// CHECK-SAME:    (%[[X:.*]]: tensor<3xi32>)
// CHECK-NEXT:    %[[LO:.*]] = "arith.trunci"(%[[X]]) : (tensor<3xi32>) -> tensor<3xi16>
// CHECK:         %[[LO1:.*]] = "tosa.reshape"(%[[LO]], %{{.*}}) : {{.*}} -> tensor<3x1xi16>
// CHECK-NEXT:    %[[SIXTEEN:.*]] = "tosa.const"() {values = dense<16> : tensor<3xi32>}
// CHECK-NEXT:    %[[SHIFTED:.*]] = "arith.shrui"(%[[X]], %[[SIXTEEN]]) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
// CHECK-NEXT:    %[[HI:.*]] = "arith.trunci"(%[[SHIFTED]]) : (tensor<3xi32>) -> tensor<3xi16>
// CHECK:         %[[HI1:.*]] = "tosa.reshape"(%[[HI]], %{{.*}}) : {{.*}} -> tensor<3x1xi16>
// CHECK-NEXT:    %[[Y:.*]] = "tosa.concat"(%[[LO1]], %[[HI1]]) {axis = 1 : i32} : {{.*}} -> tensor<3x2xi16>
// CHECK-NEXT:    return %[[Y]]
func.func @bitcast_i32_to_i16_splits_the_last_axis(%arg0: tensor<3xi32>) -> tensor<3x2xi16> {
  %0 = "tfl.bitcast"(%arg0) : (tensor<3xi32>) -> tensor<3x2xi16>
  return %0 : tensor<3x2xi16>
}

// -----

// A last axis of two bytes merges into one f16: byte 0 low, byte 1 shifted by 8.
// CHECK-LABEL: @bitcast_i8_to_f16_merges_the_last_axis
// CHECK:         %[[B0:.*]] = "arith.extui"(%{{.*}}) : (tensor<3xi8>) -> tensor<3xi16>
// CHECK:         %[[B1:.*]] = "arith.extui"(%{{.*}}) : (tensor<3xi8>) -> tensor<3xi16>
// CHECK-NEXT:    %[[EIGHT:.*]] = "tosa.const"() {values = dense<8> : tensor<3xi16>}
// CHECK-NEXT:    %[[HI:.*]] = "arith.shli"(%[[B1]], %[[EIGHT]])
// CHECK-NEXT:    %[[BITS:.*]] = "arith.ori"(%[[B0]], %[[HI]]) : (tensor<3xi16>, tensor<3xi16>) -> tensor<3xi16>
// CHECK-NEXT:    %[[Y:.*]] = "arith.bitcast"(%[[BITS]]) : (tensor<3xi16>) -> tensor<3xf16>
// CHECK-NEXT:    return %[[Y]]
func.func @bitcast_i8_to_f16_merges_the_last_axis(%arg0: tensor<3x2xi8>) -> tensor<3xf16> {
  %0 = "tfl.bitcast"(%arg0) : (tensor<3x2xi8>) -> tensor<3xf16>
  return %0 : tensor<3xf16>
}
