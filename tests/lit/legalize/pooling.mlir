// Golden test of legalize/pooling.py: MAX_POOL_2D and AVERAGE_POOL_2D. int8 on raw stored
// values (TFLite never rescales a pool): tosa.max_pool2d; the average as a sum of the
// in-bounds taps (all-ones tosa.depthwise_conv2d) and TFLite's rounding division by the
// per-position tap count. The float path, and the reasons the integer patterns decline.
// RUN: tfl2quant opt %s --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

!q = !quant.uniform<i8:f32, 0.5:-3>
// CHECK-LABEL: @max_pool2d_same_stride2_int8
// CHECK-SAME:    (%[[ARG:.*]]: tensor<1x6x7x3x!quant.uniform<i8:f32, 0.5:-3>>)
// CHECK-NEXT:  %[[X:.*]] = quant.scast %[[ARG]] : tensor<1x6x7x3x!quant.uniform<i8:f32, 0.5:-3>> to tensor<1x6x7x3xi8>
// SAME 3x3, stride 2. Rows: out 3, total (3-1)*2 + 3 - 6 = 1 -> before 0, after 1.
// Columns: out 4, total (4-1)*2 + 3 - 7 = 2 -> before 1, after 1.
// CHECK-NEXT:  %[[Y:.*]] = "tosa.max_pool2d"(%[[X]]) {kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>, pad = array<i64: 0, 1, 1, 1>} : (tensor<1x6x7x3xi8>) -> tensor<1x3x4x3xi8>
// No fused activation: no clamp.
// CHECK-NEXT:  %[[Q:.*]] = quant.scast %[[Y]] : tensor<1x3x4x3xi8> to tensor<1x3x4x3x!quant.uniform<i8:f32, 0.5:-3>>
// CHECK-NEXT:  return %[[Q]]
func.func @max_pool2d_same_stride2_int8(%arg0: tensor<1x6x7x3x!q>) -> tensor<1x3x4x3x!q> {
  %0 = "tfl.max_pool_2d"(%arg0) {filter_height = 3 : i32, filter_width = 3 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x6x7x3x!q>) -> tensor<1x3x4x3x!q>
  return %0 : tensor<1x3x4x3x!q>
}

// -----

!q = !quant.uniform<i8:f32, 0.5:-3>
// CHECK-LABEL: @max_pool2d_valid_crops_unread_column_int8
// CHECK:       %[[X:.*]] = quant.scast %arg0
// VALID 2x2 stride 2 on 4x7: 3 output columns read columns 0..5; column 6 is cropped.
// CHECK-NEXT:  %[[START:.*]] = "tosa.const_shape"() {values = dense<0> : tensor<4xindex>}
// CHECK-NEXT:  %[[SIZE:.*]] = "tosa.const_shape"() {values = dense<[1, 4, 6, 3]> : tensor<4xindex>}
// CHECK-NEXT:  %[[CROP:.*]] = "tosa.slice"(%[[X]], %[[START]], %[[SIZE]]) : (tensor<1x4x7x3xi8>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x4x6x3xi8>
// CHECK-NEXT:  "tosa.max_pool2d"(%[[CROP]]) {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<1x4x6x3xi8>) -> tensor<1x2x3x3xi8>
func.func @max_pool2d_valid_crops_unread_column_int8(%arg0: tensor<1x4x7x3x!q>) -> tensor<1x2x3x3x!q> {
  %0 = "tfl.max_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x4x7x3x!q>) -> tensor<1x2x3x3x!q>
  return %0 : tensor<1x2x3x3x!q>
}

// -----

// Scale of models/coverage/cnn-mixed.uint8-io.tflite's depthwise output.
!q = !quant.uniform<i8:f32, 0.16875216364860535:102>
// CHECK-LABEL: @max_pool2d_relu_n1_to_1_odd_scale_int8
// RELU_N1_TO_1 in float32: -1.0f / 0.16875216f = -5.92585 -> -6, 1.0f / 0.16875216f = 5.92585 -> 6:
// [102 - 6, 102 + 6] = [96, 108]
// CHECK:       %[[Y:.*]] = "tosa.max_pool2d"
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[Y]]) {min_val = 96 : i8, max_val = 108 : i8} : (tensor<1x2x3x3xi8>) -> tensor<1x2x3x3xi8>
// CHECK-NEXT:  quant.scast %[[R]]
func.func @max_pool2d_relu_n1_to_1_odd_scale_int8(%arg0: tensor<1x4x6x3x!q>) -> tensor<1x2x3x3x!q> {
  %0 = "tfl.max_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "RELU_N1_TO_1", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x4x6x3x!q>) -> tensor<1x2x3x3x!q>
  return %0 : tensor<1x2x3x3x!q>
}

// -----

// TFLite copies stored values even when the output is quantized differently (its kernel
// only DCHECKs the equality); the clamp uses the output's parameters.
!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i8:f32, 0.25:10>
// CHECK-LABEL: @max_pool2d_output_quantized_differently_copies_raw_int8
// RELU: [max(-128, 10), 127] = [10, 127]
// CHECK:       %[[Y:.*]] = "tosa.max_pool2d"
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[Y]]) {min_val = 10 : i8, max_val = 127 : i8}
// CHECK-NEXT:  quant.scast %[[R]] : tensor<1x2x3x3xi8> to tensor<1x2x3x3x!quant.uniform<i8:f32, 0.25:10>>
// CHECK-NOT:   "tosa.rescale"
func.func @max_pool2d_output_quantized_differently_copies_raw_int8(%arg0: tensor<1x4x6x3x!x>) -> tensor<1x2x3x3x!y> {
  %0 = "tfl.max_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "RELU", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x4x6x3x!x>) -> tensor<1x2x3x3x!y>
  return %0 : tensor<1x2x3x3x!y>
}

// -----

!q = !quant.uniform<i8:f32, 0.5:-3>
// CHECK-LABEL: @average_pool2d_same_3x3_int8
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0 : {{.*}} to tensor<1x4x5x3xi8>
// The sum of raw values (zero points 0) over in-bounds taps: padded taps add nothing.
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[ONES:.*]] = "tosa.const"() {values = dense<1> : tensor<3x3x3x1xi8>}
// CHECK-NEXT:  %[[NO_BIAS:.*]] = "tosa.const"() {values = dense<0> : tensor<3xi32>}
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.depthwise_conv2d"(%[[X]], %[[ONES]], %[[NO_BIAS]], %[[ZP]], %[[ZP]]) {pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x4x5x3xi8>, tensor<3x3x3x1xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x5x3xi32>
// In-bounds taps per output position: rows {2, 3, 3, 2} x columns {2, 3, 3, 3, 2}.
// CHECK-NEXT:  %[[N:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[}}4], [6], [6], [6], [4]], {{\[\[}}6], [9], [9], [9], [6]], {{\[\[}}6], [9], [9], [9], [6]], {{\[\[}}4], [6], [6], [6], [4]]]]> : tensor<1x4x5x1xi32>}
// CHECK-NEXT:  %[[HALF:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[}}2], [3], [3], [3], [2]], {{\[\[}}3], [4], [4], [4], [3]], {{\[\[}}3], [4], [4], [4], [3]], {{\[\[}}2], [3], [3], [3], [2]]]]> : tensor<1x4x5x1xi32>}
// sum > 0 ? (sum + n/2) / n : (sum - n/2) / n, dividing toward zero (ties away from zero)
// CHECK-NEXT:  %[[ZERO:.*]] = "tosa.const"() {values = dense<0> : tensor<1x1x1x1xi32>}
// CHECK-NEXT:  %[[POS:.*]] = "tosa.greater"(%[[SUM]], %[[ZERO]])
// CHECK-NEXT:  %[[UP:.*]] = "tosa.add"(%[[SUM]], %[[HALF]])
// CHECK-NEXT:  %[[DOWN:.*]] = "tosa.sub"(%[[SUM]], %[[HALF]])
// CHECK-NEXT:  %[[NUM:.*]] = "tosa.select"(%[[POS]], %[[UP]], %[[DOWN]])
// CHECK-NEXT:  %[[AVG:.*]] = "tosa.intdiv"(%[[NUM]], %[[N]]) : (tensor<1x4x5x3xi32>, tensor<1x4x5x1xi32>) -> tensor<1x4x5x3xi32>
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[AVG]]) {min_val = -128 : i32, max_val = 127 : i32}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.cast"(%[[R]]) : (tensor<1x4x5x3xi32>) -> tensor<1x4x5x3xi8>
// CHECK-NEXT:  %[[Q:.*]] = quant.scast %[[Y]] : tensor<1x4x5x3xi8> to tensor<1x4x5x3x!quant.uniform<i8:f32, 0.5:-3>>
// CHECK-NEXT:  return %[[Q]]
// CHECK-NOT:   "tosa.avg_pool2d"
func.func @average_pool2d_same_3x3_int8(%arg0: tensor<1x4x5x3x!q>) -> tensor<1x4x5x3x!q> {
  %0 = "tfl.average_pool_2d"(%arg0) {filter_height = 3 : i32, filter_width = 3 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x5x3x!q>) -> tensor<1x4x5x3x!q>
  return %0 : tensor<1x4x5x3x!q>
}

// -----

!q = !quant.uniform<i8:f32, 0.5:-3>
// CHECK-LABEL: @average_pool2d_valid_2x3_stride2_int8
// VALID 2x3, stride 2 on 5x8: 2 x 3 outputs read rows 0..3 and columns 0..6; row 4 and
// column 7 are cropped.
// CHECK:       "tosa.const_shape"() {values = dense<[1, 4, 7, 2]> : tensor<4xindex>}
// CHECK-NEXT:  %[[CROP:.*]] = "tosa.slice"({{.*}}) : (tensor<1x5x8x2xi8>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x4x7x2xi8>
// CHECK:       "tosa.const"() {values = dense<1> : tensor<2x3x2x1xi8>}
// CHECK:       %[[SUM:.*]] = "tosa.depthwise_conv2d"(%[[CROP]], {{.*}}) {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>, {{.*}} -> tensor<1x2x3x2xi32>
// Every window is inside: 2 * 3 = 6 taps, half 3.
// CHECK-NEXT:  %[[N:.*]] = "tosa.const"() {values = dense<6> : tensor<1x2x3x1xi32>}
// CHECK-NEXT:  %[[HALF:.*]] = "tosa.const"() {values = dense<3> : tensor<1x2x3x1xi32>}
// CHECK:       "tosa.intdiv"(%{{.*}}, %[[N]])
func.func @average_pool2d_valid_2x3_stride2_int8(%arg0: tensor<1x5x8x2x!q>) -> tensor<1x2x3x2x!q> {
  %0 = "tfl.average_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 3 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x5x8x2x!q>) -> tensor<1x2x3x2x!q>
  return %0 : tensor<1x2x3x2x!q>
}

// -----

!q = !quant.uniform<i8:f32, 0.16875216364860535:102>
// CHECK-LABEL: @average_pool2d_relu6_odd_scale_int8
// RELU6 in float32: [102 + round(0), min(127, 102 + round(6.0f / 0.16875216f = 35.555))] = [102, 127]
// CHECK:       %[[AVG:.*]] = "tosa.intdiv"
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[AVG]]) {min_val = 102 : i32, max_val = 127 : i32}
// CHECK-NEXT:  "tosa.cast"(%[[R]]) : (tensor<1x2x3x3xi32>) -> tensor<1x2x3x3xi8>
func.func @average_pool2d_relu6_odd_scale_int8(%arg0: tensor<1x4x6x3x!q>) -> tensor<1x2x3x3x!q> {
  %0 = "tfl.average_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "RELU6", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x4x6x3x!q>) -> tensor<1x2x3x3x!q>
  return %0 : tensor<1x2x3x3x!q>
}

// -----

// CHECK-LABEL: @max_pool2d_float_relu
// CHECK-NEXT:  %[[Y:.*]] = "tosa.max_pool2d"(%arg0) {kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>, pad = array<i64: 0, 1, 1, 1>} : (tensor<1x6x7x3xf32>) -> tensor<1x3x4x3xf32>
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[Y]]) {min_val = 0.0 : f32, max_val = 3.4028234663852886e+38 : f32}
// CHECK-NEXT:  return %[[R]]
func.func @max_pool2d_float_relu(%arg0: tensor<1x6x7x3xf32>) -> tensor<1x3x4x3xf32> {
  %0 = "tfl.max_pool_2d"(%arg0) {filter_height = 3 : i32, filter_width = 3 : i32, fused_activation_function = "RELU", padding = "SAME", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x6x7x3xf32>) -> tensor<1x3x4x3xf32>
  return %0 : tensor<1x3x4x3xf32>
}

// -----

// TOSA's float average, like TFLite's, divides by the in-bounds taps.
// CHECK-LABEL: @average_pool2d_float
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1xf32>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.avg_pool2d"(%arg0, %[[ZP]], %[[ZP]]) {kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, acc_type = f32} : (tensor<1x4x5x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x5x3xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @average_pool2d_float(%arg0: tensor<1x4x5x3xf32>) -> tensor<1x4x5x3xf32> {
  %0 = "tfl.average_pool_2d"(%arg0) {filter_height = 3 : i32, filter_width = 3 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x5x3xf32>) -> tensor<1x4x5x3xf32>
  return %0 : tensor<1x4x5x3xf32>
}

// -----

// ===--- the integer patterns decline: dcast -> float pool -> qcast ---=== //

!q = !quant.uniform<u8:f32, 0.5:128>
// CHECK-LABEL: @max_pool2d_declines_uint8
// CHECK-NEXT:  %[[X:.*]] = quant.dcast %arg0 : tensor<1x4x6x3x!quant.uniform<u8:f32, 0.5:128>> to tensor<1x4x6x3xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.max_pool2d"(%[[X]]) {{.*}} : (tensor<1x4x6x3xf32>) -> tensor<1x2x3x3xf32>
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[Y]] : tensor<1x2x3x3xf32> to tensor<1x2x3x3x!quant.uniform<u8:f32, 0.5:128>>
// CHECK-NEXT:  return %[[Q]]
func.func @max_pool2d_declines_uint8(%arg0: tensor<1x4x6x3x!q>) -> tensor<1x2x3x3x!q> {
  // expected-remark@+1 {{fallback: operand 0 is u8; the integer pattern takes i8}}
  %0 = "tfl.max_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x4x6x3x!q>) -> tensor<1x2x3x3x!q>
  return %0 : tensor<1x2x3x3x!q>
}

// -----

!q = !quant.uniform<i16:f32, 0.00013641965051647276>
// CHECK-LABEL: @average_pool2d_declines_int16
// CHECK-NEXT:  %[[X:.*]] = quant.dcast %arg0 : {{.*}} to tensor<1x4x6x3xf32>
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1xf32>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.avg_pool2d"(%[[X]], %[[ZP]], %[[ZP]]) {{.*}} -> tensor<1x2x3x3xf32>
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[Y]] : tensor<1x2x3x3xf32> to tensor<1x2x3x3x!quant.uniform<i16:f32, 0.00013641965051647276>>
// CHECK-NEXT:  return %[[Q]]
func.func @average_pool2d_declines_int16(%arg0: tensor<1x4x6x3x!q>) -> tensor<1x2x3x3x!q> {
  // expected-remark@+1 {{fallback: operand 0 is i16; the integer pattern takes i8}}
  %0 = "tfl.average_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x4x6x3x!q>) -> tensor<1x2x3x3x!q>
  return %0 : tensor<1x2x3x3x!q>
}

// -----

!q = !quant.uniform<i8:f32:3, {0.5:-3, 0.25:1, 0.125:2}>
// CHECK-LABEL: @average_pool2d_declines_per_axis
// CHECK-NEXT:  %[[X:.*]] = quant.dcast %arg0 : {{.*}} to tensor<1x4x6x3xf32>
// CHECK:       %[[Y:.*]] = "tosa.avg_pool2d"(%[[X]], {{.*}} -> tensor<1x2x3x3xf32>
// CHECK-NEXT:  quant.qcast %[[Y]] : tensor<1x2x3x3xf32> to tensor<1x2x3x3x!quant.uniform<i8:f32:3, {0.5:-3, 0.25:1, 0.125:2}>>
func.func @average_pool2d_declines_per_axis(%arg0: tensor<1x4x6x3x!q>) -> tensor<1x2x3x3x!q> {
  // expected-remark@+1 {{fallback: per-axis quantized operand 0}}
  %0 = "tfl.average_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x4x6x3x!q>) -> tensor<1x2x3x3x!q>
  return %0 : tensor<1x2x3x3x!q>
}

// -----

// A dynamic batch: neither pattern takes it; the op stays a tfl op on floats.
!q = !quant.uniform<i8:f32, 0.5:-3>
// CHECK-LABEL: @max_pool2d_declines_dynamic_batch
// CHECK-NEXT:  %[[X:.*]] = quant.dcast %arg0 : tensor<?x4x6x3x!quant.uniform<i8:f32, 0.5:-3>> to tensor<?x4x6x3xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tfl.max_pool_2d"(%[[X]]) {{.*}} : (tensor<?x4x6x3xf32>) -> tensor<?x2x3x3xf32>
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[Y]] : tensor<?x2x3x3xf32> to tensor<?x2x3x3x!quant.uniform<i8:f32, 0.5:-3>>
// CHECK-NEXT:  return %[[Q]]
func.func @max_pool2d_declines_dynamic_batch(%arg0: tensor<?x4x6x3x!q>) -> tensor<?x2x3x3x!q> {
  // expected-remark@+1 {{unlowered: dynamic shape of operand 0 (tensor<?x4x6x3x!quant.uniform<i8:f32, 0.5:-3>>)}}
  %0 = "tfl.max_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<?x4x6x3x!q>) -> tensor<?x2x3x3x!q>
  return %0 : tensor<?x2x3x3x!q>
}
