// Golden test of legalize/families/stablehlo/stablehlo.py: the STABLEHLO_* operators TFLite has kernels for, as those
// kernels compute them: elementwise ops on operands of one shape (std::max's compare and select on
// floats, OR/AND on bool, stored values raw when quantized), stablehlo.pad's interior padding and
// cropping, gather's clamped start indices, reduce_window's body operator folded in window order,
// a composite calling its decomposition; the reasons the others stay tfl ops, as remarks.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// Ops that stay tfl.* (unlowered) are unregistered upstream, hence --allow-unregistered-dialect.
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// CHECK-LABEL: @add_f32
// CHECK-SAME:    (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x3xf32>)
// CHECK-NEXT:    %[[Y:.*]] = "tosa.add"(%[[A]], %[[B]]) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @add_f32(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tfl.stablehlo_add"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// std::max(a, b) is `a < b ? b : a`: b where b > a, else a (NaN and +-0 ties keep a).
// CHECK-LABEL: @maximum_f32
// CHECK-SAME:    (%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>)
// CHECK-NEXT:    %[[B_GREATER:.*]] = "tosa.greater"(%[[B]], %[[A]]) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT:    %[[Y:.*]] = "tosa.select"(%[[B_GREATER]], %[[B]], %[[A]])
// CHECK-NEXT:    return %[[Y]]
func.func @maximum_f32(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tfl.stablehlo_maximum"(%arg0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// bool `a * b` is AND.
// CHECK-LABEL: @multiply_bool
// CHECK-NEXT:    %[[Y:.*]] = "tosa.logical_and"(%arg0, %arg1) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
// CHECK-NEXT:    return %[[Y]]
func.func @multiply_bool(%arg0: tensor<4xi1>, %arg1: tensor<4xi1>) -> tensor<4xi1> {
  %0 = "tfl.stablehlo_multiply"(%arg0, %arg1) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// The kernel adds the stored int8 values, reading no scale or zero point: promoted to int and
// converted back, a wrapping sum (in i32, TOSA's integer profile, then truncated).
!a = !quant.uniform<i8:f32, 0.05:-3>
!b = !quant.uniform<i8:f32, 0.1:4>
// CHECK-LABEL: @add_int8_on_stored_values
// CHECK:         %[[A:.*]] = quant.scast %arg0 : {{.*}} to tensor<4xi8>
// CHECK-NEXT:    %[[B:.*]] = quant.scast %arg1 : {{.*}} to tensor<4xi8>
// CHECK-NEXT:    %[[A32:.*]] = "tosa.cast"(%[[A]]) : (tensor<4xi8>) -> tensor<4xi32>
// CHECK-NEXT:    %[[B32:.*]] = "tosa.cast"(%[[B]]) : (tensor<4xi8>) -> tensor<4xi32>
// CHECK-NEXT:    %[[SUM:.*]] = "tosa.add"(%[[A32]], %[[B32]]) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    %[[WRAPPED:.*]] = "tosa.cast"(%[[SUM]]) : (tensor<4xi32>) -> tensor<4xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[WRAPPED]] : tensor<4xi8> to tensor<4x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @add_int8_on_stored_values(%arg0: tensor<4x!a>, %arg1: tensor<4x!b>) -> tensor<4x!a> {
  %0 = "tfl.stablehlo_add"(%arg0, %arg1) : (tensor<4x!a>, tensor<4x!b>) -> tensor<4x!a>
  return %0 : tensor<4x!a>
}

// -----

// CHECK-LABEL: @and_f32_declines
// CHECK-NEXT:    "tfl.stablehlo_and"
func.func @and_f32_declines(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  // expected-remark@+1 {{unlowered: result 0 is tensor<4xf32>; the kernel refuses floating point AND}}
  %0 = "tfl.stablehlo_and"(%arg0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// int16 is promoted to int, shifted and converted back: in i32 (a shift by 16 to 31 is defined
// there), truncated by tosa.cast.
// CHECK-LABEL: @shift_left_i16
// CHECK-NEXT:    %[[X:.*]] = "tosa.cast"(%arg0) : (tensor<4xi16>) -> tensor<4xi32>
// CHECK-NEXT:    %[[S:.*]] = "tosa.cast"(%arg1) : (tensor<4xi16>) -> tensor<4xi32>
// CHECK-NEXT:    %[[SHIFTED:.*]] = "tosa.logical_left_shift"(%[[X]], %[[S]]) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    %[[Y:.*]] = "tosa.cast"(%[[SHIFTED]]) : (tensor<4xi32>) -> tensor<4xi16>
// CHECK-NEXT:    return %[[Y]]
func.func @shift_left_i16(%arg0: tensor<4xi16>, %arg1: tensor<4xi16>) -> tensor<4xi16> {
  %0 = "tfl.stablehlo_shift_left"(%arg0, %arg1) : (tensor<4xi16>, tensor<4xi16>) -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

// Interior padding 2 on axis 1: [2, 3, 1] padded to [2, 3, 3], flattened to [2, 9], the last gap
// dropped ([2, 7]); then the edges: low [1, -1], high [2, 1] pad by [1, 2] and [0, 1] and crop
// one column at the start.
// CHECK-LABEL: @pad_interior_and_crop
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3xf32>)
// CHECK:         %[[UNIT:.*]] = "tosa.reshape"(%[[X]], %{{.*}}) : (tensor<2x3xf32>, !tosa.shape<3>) -> tensor<2x3x1xf32>
// CHECK:         %[[FILL:.*]] = "tosa.const"() {values = dense<1.500000e+00> : tensor<1xf32>}
// CHECK:         %[[GAPS_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[0, 0, 0, 0, 0, 2]> : tensor<6xindex>}
// CHECK-NEXT:    %[[GAPS:.*]] = "tosa.pad"(%[[UNIT]], %[[GAPS_SHAPE]], %[[FILL]]) : {{.*}} -> tensor<2x3x3xf32>
// CHECK:         %[[FLAT:.*]] = "tosa.reshape"(%[[GAPS]], %{{.*}}) : {{.*}} -> tensor<2x9xf32>
// CHECK:         %[[DILATED:.*]] = "tosa.slice"(%[[FLAT]], %{{.*}}, %{{.*}}) : {{.*}} -> tensor<2x7xf32>
// CHECK:         %[[EDGES:.*]] = "tosa.const_shape"() {values = dense<[1, 2, 0, 1]> : tensor<4xindex>}
// CHECK-NEXT:    %[[PADDED:.*]] = "tosa.pad"(%[[DILATED]], %[[EDGES]], %{{.*}}) : {{.*}} -> tensor<5x8xf32>
// CHECK-NEXT:    %[[START:.*]] = "tosa.const_shape"() {values = dense<[0, 1]> : tensor<2xindex>}
// CHECK-NEXT:    %[[SIZE:.*]] = "tosa.const_shape"() {values = dense<[5, 7]> : tensor<2xindex>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.slice"(%[[PADDED]], %[[START]], %[[SIZE]]) : {{.*}} -> tensor<5x7xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @pad_interior_and_crop(%arg0: tensor<2x3xf32>) -> tensor<5x7xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<1.5> : tensor<f32>} : () -> tensor<f32>
  %1 = "tfl.stablehlo_pad"(%arg0, %0) {edge_padding_high = [2 : i64, 1 : i64], edge_padding_low = [1 : i64, -1 : i64], interior_padding = [0 : i64, 2 : i64]} : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x7xf32>
  return %1 : tensor<5x7xf32>
}

// -----

// A runtime pad value: padded with 0, then the value selected where the constant mask says
// the position is padding.
// CHECK-LABEL: @pad_runtime_value
// CHECK-SAME:    (%[[X:.*]]: tensor<3xf32>, %[[VALUE:.*]]: tensor<f32>)
// CHECK:         %[[PADDED:.*]] = "tosa.pad"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<5xf32>, !tosa.shape<2>, tensor<1xf32>) -> tensor<6xf32>
// CHECK:         %[[FILL:.*]] = "tosa.reshape"(%[[VALUE]], %{{.*}}) : (tensor<f32>, !tosa.shape<1>) -> tensor<1xf32>
// CHECK-NEXT:    %[[MASK:.*]] = "tosa.const"() {values = dense<[false, true, false, true, false, true]> : tensor<6xi1>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.select"(%[[MASK]], %[[PADDED]], %[[FILL]]) : (tensor<6xi1>, tensor<6xf32>, tensor<1xf32>) -> tensor<6xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @pad_runtime_value(%arg0: tensor<3xf32>, %arg1: tensor<f32>) -> tensor<6xf32> {
  %0 = "tfl.stablehlo_pad"(%arg0, %arg1) {edge_padding_high = [0 : i64], edge_padding_low = [1 : i64], interior_padding = [1 : i64]} : (tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// Row starts clamped to [0, 5 - 1] (in the indices' own width), times the row stride 4, plus the column offsets: one
// tosa.gather of the flattened operand.
// CHECK-LABEL: @gather_rows
// CHECK-SAME:    (%[[X:.*]]: tensor<5x4xf32>, %[[I:.*]]: tensor<3x1xi32>)
// CHECK-NEXT:    %[[ZERO:.*]] = "tosa.const"() {values = dense<0> : tensor<1x1xi32>}
// CHECK-NEXT:    %[[AT_LEAST_0:.*]] = "tosa.maximum"(%[[I]], %[[ZERO]])
// CHECK-NEXT:    %[[LAST:.*]] = "tosa.const"() {values = dense<4> : tensor<1x1xi32>}
// CHECK-NEXT:    %[[START:.*]] = "tosa.minimum"(%[[AT_LEAST_0]], %[[LAST]])
// CHECK-NEXT:    %[[STRIDE:.*]] = "tosa.const"() {values = dense<4> : tensor<1x1xi32>}
// CHECK-NEXT:    %[[SHIFT:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:    %[[BASE:.*]] = "tosa.mul"(%[[START]], %[[STRIDE]], %[[SHIFT]]) : {{.*}} -> tensor<3x1xi32>
// CHECK-NEXT:    %[[OFFSETS:.*]] = "tosa.const"() {values = dense<{{\[\[}}0, 1, 2, 3]]> : tensor<1x4xi32>}
// CHECK-NEXT:    %[[FLAT:.*]] = "tosa.add"(%[[BASE]], %[[OFFSETS]]) : {{.*}} -> tensor<3x4xi32>
// CHECK:         %[[VALUES:.*]] = "tosa.reshape"(%[[X]], %{{.*}}) : {{.*}} -> tensor<1x20x1xf32>
// CHECK:         %[[INDICES:.*]] = "tosa.reshape"(%[[FLAT]], %{{.*}}) : {{.*}} -> tensor<1x12xi32>
// CHECK-NEXT:    %[[PICKED:.*]] = "tosa.gather"(%[[VALUES]], %[[INDICES]]) : {{.*}} -> tensor<1x12x1xf32>
// CHECK:         %[[Y:.*]] = "tosa.reshape"(%[[PICKED]], %{{.*}}) : {{.*}} -> tensor<3x4xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @gather_rows(%arg0: tensor<5x4xf32>, %arg1: tensor<3x1xi32>) -> tensor<3x4xf32> {
  %0 = "tfl.stablehlo_gather"(%arg0, %arg1) {collapsed_slice_dims = [0 : i64], index_vector_dim = 1 : i64, offset_dims = [1 : i64], slice_sizes = [1 : i64, 4 : i64], start_index_map = [0 : i64]} : (tensor<5x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// CHECK-LABEL: @gather_implicit_index_vector
// CHECK-NEXT:    "tfl.stablehlo_gather"
func.func @gather_implicit_index_vector(%arg0: tensor<5x4xf32>, %arg1: tensor<3xi32>) -> tensor<3x4xf32> {
  // expected-remark@+1 {{unlowered: index_vector_dim is the indices' rank (an implicit index vector): TFLite's ReadIndexVector (tensor_slice_util.cc) then reads the indices' shape past its end, which is undefined}}
  %0 = "tfl.stablehlo_gather"(%arg0, %arg1) {collapsed_slice_dims = [0 : i64], index_vector_dim = 1 : i64, offset_dims = [1 : i64], slice_sizes = [1 : i64, 4 : i64], start_index_map = [0 : i64]} : (tensor<5x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// Window 2, stride 2 over 5 elements: the init value tiled, then folded with x[0::2][:2] and
// x[1::2][:2] in that order, each by the kernel's Max `a >= b ? a : b`.
// CHECK-LABEL: @reduce_window_max
// CHECK-SAME:    (%[[X:.*]]: tensor<5xf32>)
// CHECK:         %[[INIT:.*]] = "tosa.tile"(%{{.*}}, %{{.*}}) : (tensor<1xf32>, !tosa.shape<1>) -> tensor<2xf32>
// CHECK:         "tosa.const"() {values = dense<{{\[\[}}0, 2]]> : tensor<1x2xi32>}
// CHECK:         %[[FIRST:.*]] = "tosa.reshape"(%{{.*}}, %{{.*}}) : (tensor<1x2x1xf32>, !tosa.shape<1>) -> tensor<2xf32>
// CHECK-NEXT:    %[[KEEP:.*]] = "tosa.greater_equal"(%[[INIT]], %[[FIRST]])
// CHECK-NEXT:    %[[ACC:.*]] = "tosa.select"(%[[KEEP]], %[[INIT]], %[[FIRST]])
// CHECK:         "tosa.const"() {values = dense<{{\[\[}}1, 3]]> : tensor<1x2xi32>}
// CHECK:         %[[SECOND:.*]] = "tosa.reshape"(%{{.*}}, %{{.*}}) : (tensor<1x2x1xf32>, !tosa.shape<1>) -> tensor<2xf32>
// CHECK-NEXT:    %[[KEEP2:.*]] = "tosa.greater_equal"(%[[ACC]], %[[SECOND]])
// CHECK-NEXT:    %[[Y:.*]] = "tosa.select"(%[[KEEP2]], %[[ACC]], %[[SECOND]])
// CHECK-NEXT:    return %[[Y]]
func.func @reduce_window_max(%arg0: tensor<5xf32>) -> tensor<2xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<-1.0> : tensor<f32>} : () -> tensor<f32>
  %1 = "tfl.stablehlo_reduce_window"(%arg0, %0) {body_subgraph_index = @max_body, window_dimensions = [2 : i64], window_strides = [2 : i64], base_dilations = [1 : i64], window_dilations = [1 : i64], padding = [0 : i64, 0 : i64]} : (tensor<5xf32>, tensor<f32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func @max_body(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
  %0 = "tfl.stablehlo_maximum"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// CHECK-LABEL: @reduce_window_declines_other_bodies
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    "tfl.stablehlo_reduce_window"
func.func @reduce_window_declines_other_bodies(%arg0: tensor<5xf32>) -> tensor<4xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  // expected-remark@+1 {{unlowered: the body's tfl.sub is no reduction the kernel knows}}
  %1 = "tfl.stablehlo_reduce_window"(%arg0, %0) {body_subgraph_index = @sub_body, window_dimensions = [2 : i64], window_strides = [1 : i64], base_dilations = [1 : i64], window_dilations = [1 : i64], padding = [0 : i64, 0 : i64]} : (tensor<5xf32>, tensor<f32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func @sub_body(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
  %0 = "tfl.sub"(%arg0, %arg1) {fused_activation_function = "NONE"} : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// CHECK-LABEL: @composite_calls_its_decomposition
// CHECK-SAME:    (%[[A:.*]]: tensor<2xf32>, %[[B:.*]]: tensor<2xf32>)
// CHECK-NEXT:    %[[Y:.*]] = call @decomposition(%[[A]], %[[B]]) {tfl.composite = {name = "test.add", version = 1 : i32}} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    return %[[Y]]
// CHECK-LABEL: func.func @decomposition
// CHECK-NEXT:    "tosa.add"
func.func @composite_calls_its_decomposition(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tfl.stablehlo_composite"(%arg0, %arg1) {decomposition_subgraph_index = @decomposition, name = "test.add", version = 1 : i32} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @decomposition(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE"} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: @divide_has_no_kernel
// CHECK-NEXT:    "tfl.stablehlo_divide"
func.func @divide_has_no_kernel(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  // expected-remark@+1 {{unlowered: STABLEHLO_DIVIDE has no TFLite kernel (neither register_ref.cc nor core/kernels/register.cc registers one): the interpreter refuses the model, so there is no semantics to follow}}
  %0 = "tfl.stablehlo_divide"(%arg0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// One index vector: its start clamped to [-2, 5] (every position stays inside or outside
// the window, and p - start cannot overflow); every output position p reads the window
// offset w = p - start (rows only: columns start at 0); where 0 <= w < 2 it takes the update's row w (gathered at the
// clamped w), elsewhere it keeps the operand (an update computation with no operator).
// CHECK-LABEL: @scatter_update_rows
// CHECK-SAME:    (%[[X:.*]]: tensor<5x3xf32>, %[[I:.*]]: tensor<1x1xi32>, %[[U:.*]]: tensor<1x2x3xf32>)
// CHECK-NEXT:    %[[LOW:.*]] = "tosa.const"() {values = dense<-2> : tensor<1x1xi32>}
// CHECK-NEXT:    %[[ABOVE:.*]] = "tosa.maximum"(%[[I]], %[[LOW]])
// CHECK-NEXT:    %[[HIGH:.*]] = "tosa.const"() {values = dense<5> : tensor<1x1xi32>}
// CHECK-NEXT:    %[[START:.*]] = "tosa.minimum"(%[[ABOVE]], %[[HIGH]])
// CHECK:         %[[ROWS:.*]] = "tosa.const"() {values = dense<{{\[\[}}0], [1], [2], [3], [4]]> : tensor<5x1xi32>}
// CHECK-NEXT:    %[[W:.*]] = "tosa.sub"(%[[ROWS]], %[[START]]) : (tensor<5x1xi32>, tensor<1x1xi32>) -> tensor<5x1xi32>
// CHECK:         %[[AT_LEAST_0:.*]] = "tosa.greater_equal"(%[[W]], %{{.*}})
// CHECK:         %[[BELOW_2:.*]] = "tosa.greater"(%{{.*}}, %[[W]])
// CHECK-NEXT:    %[[INSIDE:.*]] = "tosa.logical_and"(%[[AT_LEAST_0]], %[[BELOW_2]])
// CHECK-NEXT:    %[[VALID:.*]] = "tosa.logical_and"(%{{.*}}, %[[INSIDE]]) : (tensor<1x3xi1>, tensor<5x1xi1>) -> tensor<5x3xi1>
// CHECK:         %[[W_LOW:.*]] = "tosa.maximum"(%[[W]], %{{.*}})
// CHECK:         %[[CLAMPED:.*]] = "tosa.minimum"(%[[W_LOW]], %{{.*}})
// CHECK:         %[[ROW_OFFSET:.*]] = "tosa.mul"(%[[CLAMPED]], %{{.*}}, %{{.*}}) : {{.*}} -> tensor<5x1xi32>
// CHECK-NEXT:    %[[OFFSET:.*]] = "tosa.add"(%{{.*}}, %[[ROW_OFFSET]]) : (tensor<1x3xi32>, tensor<5x1xi32>) -> tensor<5x3xi32>
// CHECK:         %[[PICKED:.*]] = "tosa.gather"
// CHECK:         %[[NEW:.*]] = "tosa.reshape"(%[[PICKED]], %{{.*}}) : (tensor<1x15x1xf32>, !tosa.shape<2>) -> tensor<5x3xf32>
// CHECK-NEXT:    %[[Y:.*]] = "tosa.select"(%[[VALID]], %[[NEW]], %[[X]]) : (tensor<5x3xi1>, tensor<5x3xf32>, tensor<5x3xf32>) -> tensor<5x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @scatter_update_rows(%arg0: tensor<5x3xf32>, %arg1: tensor<1x1xi32>, %arg2: tensor<1x2x3xf32>) -> tensor<5x3xf32> {
  %0 = "tfl.stablehlo_scatter"(%arg0, %arg1, %arg2) {update_computation_subgraph_index = @update, update_window_dims = [1 : i64, 2 : i64], inserted_window_dims = [], scatter_dims_to_operand_dims = [0 : i64], index_vector_dim = 1 : i64} : (tensor<5x3xf32>, tensor<1x1xi32>, tensor<1x2x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}
func.func @update(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
  return %arg1 : tensor<f32>
}

// -----

// uint8 maximum: the stored values compared on the sign-flipped (int8) view, flipped back.
!u = !quant.uniform<u8:f32, 0.05:128>
// CHECK-LABEL: @maximum_uint8_on_stored_values
// CHECK:         %[[A:.*]] = quant.scast %arg0 : {{.*}} to tensor<4xi8>
// CHECK-NEXT:    %[[B:.*]] = quant.scast %arg1 : {{.*}} to tensor<4xi8>
// CHECK-NEXT:    %[[FLIP:.*]] = "tosa.const"() {values = dense<-128> : tensor<1xi8>}
// CHECK-NEXT:    %[[A_SIGNED:.*]] = "tosa.bitwise_xor"(%[[A]], %[[FLIP]])
// CHECK:         %[[B_SIGNED:.*]] = "tosa.bitwise_xor"(%[[B]], %{{.*}})
// CHECK-NEXT:    %[[A32:.*]] = "tosa.cast"(%[[A_SIGNED]]) : (tensor<4xi8>) -> tensor<4xi32>
// CHECK-NEXT:    %[[B32:.*]] = "tosa.cast"(%[[B_SIGNED]]) : (tensor<4xi8>) -> tensor<4xi32>
// CHECK-NEXT:    %[[MAX:.*]] = "tosa.maximum"(%[[A32]], %[[B32]]) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    %[[MAX8:.*]] = "tosa.cast"(%[[MAX]]) : (tensor<4xi32>) -> tensor<4xi8>
// CHECK:         %[[BACK:.*]] = "tosa.bitwise_xor"(%[[MAX8]], %{{.*}})
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[BACK]]
// CHECK-NEXT:    return %[[Y]]
func.func @maximum_uint8_on_stored_values(%arg0: tensor<4x!u>, %arg1: tensor<4x!u>) -> tensor<4x!u> {
  %0 = "tfl.stablehlo_maximum"(%arg0, %arg1) : (tensor<4x!u>, tensor<4x!u>) -> tensor<4x!u>
  return %0 : tensor<4x!u>
}

// -----

// int64 starts are clamped in 64 bits (arith: TOSA has no 64-bit integer arithmetic), then
// narrowed: one beyond int32 is clamped as TFLite clamps it, not wrapped to a small one.
// CHECK-LABEL: @gather_int64_starts
// CHECK-SAME:    (%[[X:.*]]: tensor<5x4xf32>, %[[I:.*]]: tensor<3x1xi64>)
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant dense<0> : tensor<3x1xi64>
// CHECK-NEXT:    %[[AT_LEAST_0:.*]] = "arith.maxsi"(%[[I]], %[[ZERO]]) : (tensor<3x1xi64>, tensor<3x1xi64>) -> tensor<3x1xi64>
// CHECK-NEXT:    %[[LAST:.*]] = arith.constant dense<4> : tensor<3x1xi64>
// CHECK-NEXT:    %[[CLAMPED:.*]] = "arith.minsi"(%[[AT_LEAST_0]], %[[LAST]]) : (tensor<3x1xi64>, tensor<3x1xi64>) -> tensor<3x1xi64>
// CHECK-NEXT:    %[[START:.*]] = "tosa.cast"(%[[CLAMPED]]) : (tensor<3x1xi64>) -> tensor<3x1xi32>
// CHECK:         "tosa.gather"
func.func @gather_int64_starts(%arg0: tensor<5x4xf32>, %arg1: tensor<3x1xi64>) -> tensor<3x4xf32> {
  %0 = "tfl.stablehlo_gather"(%arg0, %arg1) {collapsed_slice_dims = [0 : i64], index_vector_dim = 1 : i64, offset_dims = [1 : i64], slice_sizes = [1 : i64, 4 : i64], start_index_map = [0 : i64]} : (tensor<5x4xf32>, tensor<3x1xi64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// Functions are legalized in module order: a body before its user has lost the TFLite
// operator that names the reduction by then, and the op says so.
func.func @early_body(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
  %0 = "tfl.stablehlo_add"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
// CHECK-LABEL: @reduce_window_after_its_body
// CHECK:         "tfl.stablehlo_reduce_window"
func.func @reduce_window_after_its_body(%arg0: tensor<4xf32>, %arg1: tensor<f32>) -> tensor<3xf32> {
  // expected-remark@+1 {{unlowered: its subgraph @early_body comes first in the module and is already legalized: the TFLite operator that names the computation is gone}}
  %0 = "tfl.stablehlo_reduce_window"(%arg0, %arg1) {body_subgraph_index = @early_body, window_dimensions = [2 : i64], window_strides = [1 : i64], base_dilations = [1 : i64], window_dilations = [1 : i64], padding = [0 : i64, 0 : i64]} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Quantized: the call passes the quantized values themselves (the subgraph's operators take
// their own integer paths); its result is cast to storage like any integer pattern's.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @composite_int8
// CHECK-SAME:    (%[[A:.*]]: tensor<2x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[CALL:.*]] = call @negation(%[[A]]) {tfl.composite = {name = "test.neg", version = 1 : i32}} : (tensor<2x!quant.uniform<i8:f32, 5.000000e-02:-3>>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    %[[STORED:.*]] = quant.scast %[[CALL]] : tensor<2x!quant.uniform<i8:f32, 5.000000e-02:-3>> to tensor<2xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[STORED]] : tensor<2xi8> to tensor<2x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @composite_int8(%arg0: tensor<2x!q>) -> tensor<2x!q> {
  %0 = "tfl.stablehlo_composite"(%arg0) {decomposition_subgraph_index = @negation, name = "test.neg", version = 1 : i32} : (tensor<2x!q>) -> tensor<2x!q>
  return %0 : tensor<2x!q>
}
func.func @negation(%arg0: tensor<2x!q>) -> tensor<2x!q> {
  %0 = "tfl.neg"(%arg0) : (tensor<2x!q>) -> tensor<2x!q>
  return %0 : tensor<2x!q>
}

// -----

// RNG_BIT_GENERATOR (rng_bit_generator.cc): the uint64 state moves in and out through
// tensor.bitcast; one linalg.generic over the output runs Threefry2x32-20 on i32 words for each
// element's block (key = state[0]'s halves, counter = state[1] + block) and picks its word;
// the new key is the state with state[1] advanced by the number of blocks (2 for 3 words).
// CHECK-LABEL: @rng_bit_generator_threefry
// CHECK-SAME:    (%[[STATE:.*]]: tensor<2xui64>)
// CHECK-NEXT:  %[[S:.*]] = "tensor.bitcast"(%[[STATE]]) : (tensor<2xui64>) -> tensor<2xi64>
// CHECK:       %[[WORDS:.*]] = "linalg.generic"(%[[S]], %[[S]], %{{.*}}) ({
// CHECK:         arith.constant 466688986 : i32
// CHECK-COUNT-20: "arith.shli"(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
// CHECK:       }) {indexing_maps = [affine_map<(d0) -> (0)>, affine_map<(d0) -> (1)>, affine_map<(d0) -> (d0)>]
// CHECK:       %[[KEY:.*]] = "linalg.generic"(%[[S]], %{{.*}}) ({
// CHECK:         %[[TWO:.*]] = arith.constant 2 : i64
// CHECK-NEXT:    "arith.addi"(%{{.*}}, %[[TWO]]) : (i64, i64) -> i64
// CHECK:       %[[KEY_U:.*]] = "tensor.bitcast"(%[[KEY]]) : (tensor<2xi64>) -> tensor<2xui64>
// CHECK-NEXT:  %[[OUT_U:.*]] = "tensor.bitcast"(%[[WORDS]]) : (tensor<3xi32>) -> tensor<3xui32>
// CHECK-NEXT:  return %[[KEY_U]], %[[OUT_U]]
func.func @rng_bit_generator_threefry(%state: tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui32>) {
  %key, %out = "tfl.stablehlo_rng_bit_generator"(%state) {algorithm = "THREEFRY"} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui32>)
  return %key, %out : tensor<2xui64>, tensor<3xui32>
}

// -----

// CHECK-LABEL: @rng_bit_generator_threefry_state_3
// CHECK:       "tfl.stablehlo_rng_bit_generator"
func.func @rng_bit_generator_threefry_state_3(%state: tensor<3xui64>) -> (tensor<3xui64>, tensor<4xi32>) {
  // expected-remark@+1 {{unlowered: THREEFRY takes a u64[2] state, not u64[3]}}
  %key, %out = "tfl.stablehlo_rng_bit_generator"(%state) {algorithm = "THREEFRY"} : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xi32>)
  return %key, %out : tensor<3xui64>, tensor<4xi32>
}
