// Golden test of legalize/families/pooling/pooling.py: MAX_POOL_2D and AVERAGE_POOL_2D on raw stored values
// (TFLite never rescales a pool) for int8, uint8 and int16: tosa.max_pool2d; the average as a
// sum of the in-bounds taps (all-ones tosa.depthwise_conv2d, i32 accumulator for 8 bits, i48
// for int16) and TFLite's rounding division by the per-position tap count; uint8 computed on
// b ^ 0x80 = b - 128 (TOSA compares signed). L2_POOL_2D on floats. The float path, and the
// reasons the integer patterns decline.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

!q = !quant.uniform<i8:f32, 0.5:-3>
// CHECK-LABEL: @max_pool2d_same_stride2_int8
// CHECK-SAME:    (%[[ARG:.*]]: tensor<1x6x7x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>)
// CHECK-NEXT:  %[[X:.*]] = quant.scast %[[ARG]] : tensor<1x6x7x3x!quant.uniform<i8:f32, 5.000000e-01:-3>> to tensor<1x6x7x3xi8>
// SAME 3x3, stride 2. Rows: out 3, total (3-1)*2 + 3 - 6 = 1 -> before 0, after 1.
// Columns: out 4, total (4-1)*2 + 3 - 7 = 2 -> before 1, after 1.
// CHECK-NEXT:  %[[Y:.*]] = "tosa.max_pool2d"(%[[X]]) {kernel = array<i64: 3, 3>, pad = array<i64: 0, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x6x7x3xi8>) -> tensor<1x3x4x3xi8>
// No fused activation: no clamp.
// CHECK-NEXT:  %[[Q:.*]] = quant.scast %[[Y]] : tensor<1x3x4x3xi8> to tensor<1x3x4x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>
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
// CHECK-NEXT:  "tosa.max_pool2d"(%[[CROP]]) {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x6x3xi8>) -> tensor<1x2x3x3xi8>
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
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[Y]]) {max_val = 108 : i8, min_val = 96 : i8} : (tensor<1x2x3x3xi8>) -> tensor<1x2x3x3xi8>
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
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[Y]]) {max_val = 127 : i8, min_val = 10 : i8}
// CHECK-NEXT:  quant.scast %[[R]] : tensor<1x2x3x3xi8> to tensor<1x2x3x3x!quant.uniform<i8:f32, 2.500000e-01:10>>
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
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.depthwise_conv2d"(%[[X]], %[[ONES]], %[[NO_BIAS]], %[[ZP]], %[[ZP]]) {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x5x3xi8>, tensor<3x3x3x1xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x5x3xi32>
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
// The average of int8 values is an int8 value: cast exactly; NONE needs no clamp (and TOSA's
// integer clamp takes no i32).
// CHECK-NEXT:  %[[Y:.*]] = "tosa.cast"(%[[AVG]]) : (tensor<1x4x5x3xi32>) -> tensor<1x4x5x3xi8>
// CHECK-NEXT:  %[[Q:.*]] = quant.scast %[[Y]] : tensor<1x4x5x3xi8> to tensor<1x4x5x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>
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
// CHECK:       %[[SUM:.*]] = "tosa.depthwise_conv2d"(%[[CROP]], {{.*}}) {acc_type = {{.*}}, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} {{.*}} -> tensor<1x2x3x2xi32>
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
// CHECK-NEXT:  %[[Y:.*]] = "tosa.cast"(%[[AVG]]) : (tensor<1x2x3x3xi32>) -> tensor<1x2x3x3xi8>
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[Y]]) {max_val = 127 : i8, min_val = 102 : i8}
// CHECK-NEXT:  quant.scast %[[R]]
func.func @average_pool2d_relu6_odd_scale_int8(%arg0: tensor<1x4x6x3x!q>) -> tensor<1x2x3x3x!q> {
  %0 = "tfl.average_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "RELU6", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x4x6x3x!q>) -> tensor<1x2x3x3x!q>
  return %0 : tensor<1x2x3x3x!q>
}

// -----

// uint8: TOSA compares signless integers as signed, so the pool runs on b ^ 0x80 = b - 128
// (same order) and maps back. RELU6 on scale 0.05, zero point 128: [128 + round(0), min(255,
// 128 + round(6.0f / 0.05f = 120))] = [128, 248], shifted by -128: [0, 120].
!q = !quant.uniform<u8:f32, 0.05:128>
// CHECK-LABEL: @max_pool2d_relu6_uint8
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0 : {{.*}} to tensor<1x4x6x3xi8>
// CHECK-NEXT:  %[[SIGN:.*]] = "tosa.const"() {values = dense<-128> : tensor<1x1x1x1xi8>}
// CHECK-NEXT:  %[[SIGNED:.*]] = "tosa.bitwise_xor"(%[[X]], %[[SIGN]]) : (tensor<1x4x6x3xi8>, tensor<1x1x1x1xi8>) -> tensor<1x4x6x3xi8>
// CHECK-NEXT:  %[[MAX:.*]] = "tosa.max_pool2d"(%[[SIGNED]]) {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x6x3xi8>) -> tensor<1x2x3x3xi8>
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[MAX]]) {max_val = 120 : i8, min_val = 0 : i8}
// CHECK-NEXT:  %[[SIGN2:.*]] = "tosa.const"() {values = dense<-128> : tensor<1x1x1x1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.bitwise_xor"(%[[R]], %[[SIGN2]])
// CHECK-NEXT:  %[[Q:.*]] = quant.scast %[[Y]] : tensor<1x2x3x3xi8> to tensor<1x2x3x3x!quant.uniform<u8:f32, 5.000000e-02:128>>
// CHECK-NEXT:  return %[[Q]]
func.func @max_pool2d_relu6_uint8(%arg0: tensor<1x4x6x3x!q>) -> tensor<1x2x3x3x!q> {
  %0 = "tfl.max_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "RELU6", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x4x6x3x!q>) -> tensor<1x2x3x3x!q>
  return %0 : tensor<1x2x3x3x!q>
}

// -----

!q = !quant.uniform<u8:f32, 0.05:128>
// CHECK-LABEL: @average_pool2d_same_relu6_uint8
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0 : {{.*}} to tensor<1x3x4x2xi8>
// CHECK-NEXT:  %[[SIGN:.*]] = "tosa.const"() {values = dense<-128> : tensor<1x1x1x1xi8>}
// CHECK-NEXT:  %[[SIGNED:.*]] = "tosa.bitwise_xor"(%[[X]], %[[SIGN]])
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[ONES:.*]] = "tosa.const"() {values = dense<1> : tensor<2x3x2x1xi8>}
// CHECK-NEXT:  %[[NO_BIAS:.*]] = "tosa.const"() {values = dense<0> : tensor<2xi32>}
// SAME 2x3, stride 2 on 3x4: rows out 2, total (2-1)*2 + 2 - 3 = 1 -> pad 0, 1; columns out 2,
// total (2-1)*2 + 3 - 4 = 1 -> pad 0, 1.
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.depthwise_conv2d"(%[[SIGNED]], %[[ONES]], %[[NO_BIAS]], %[[ZP]], %[[ZP]]) {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 1, 0, 1>, stride = array<i64: 2, 2>} : {{.*}} -> tensor<1x2x2x2xi32>
// In-bounds taps: rows {2, 1} x columns {3, 2} = [[6, 4], [3, 2]]; the sum of b is the sum
// of b - 128 plus 128 n = [[768, 512], [384, 256]].
// CHECK-NEXT:  %[[OFFSET:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[}}768], [512]], {{\[\[}}384], [256]]]]> : tensor<1x2x2x1xi32>}
// CHECK-NEXT:  %[[TOTAL:.*]] = "tosa.add"(%[[SUM]], %[[OFFSET]])
// CHECK-NEXT:  %[[N:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[}}6], [4]], {{\[\[}}3], [2]]]]> : tensor<1x2x2x1xi32>}
// CHECK-NEXT:  %[[HALF:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[}}3], [2]], {{\[\[}}1], [1]]]]> : tensor<1x2x2x1xi32>}
// CHECK:       %[[AVG:.*]] = "tosa.intdiv"(%{{.*}}, %[[N]])
// Back to b - 128, an int8, clamped to RELU6's [128, 248] - 128, and to uint8 bits.
// CHECK-NEXT:  %[[C128:.*]] = "tosa.const"() {values = dense<128> : tensor<1x1x1x1xi32>}
// CHECK-NEXT:  %[[CENTERED:.*]] = "tosa.sub"(%[[AVG]], %[[C128]])
// CHECK-NEXT:  %[[NARROW:.*]] = "tosa.cast"(%[[CENTERED]]) : (tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi8>
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[NARROW]]) {max_val = 120 : i8, min_val = 0 : i8}
// CHECK-NEXT:  %[[SIGN2:.*]] = "tosa.const"() {values = dense<-128> : tensor<1x1x1x1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.bitwise_xor"(%[[R]], %[[SIGN2]])
// CHECK-NEXT:  quant.scast %[[Y]] : tensor<1x2x2x2xi8> to tensor<1x2x2x2x!quant.uniform<u8:f32, 5.000000e-02:128>>
func.func @average_pool2d_same_relu6_uint8(%arg0: tensor<1x3x4x2x!q>) -> tensor<1x2x2x2x!q> {
  %0 = "tfl.average_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 3 : i32, fused_activation_function = "RELU6", padding = "SAME", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x3x4x2x!q>) -> tensor<1x2x2x2x!q>
  return %0 : tensor<1x2x2x2x!q>
}

// -----

// int16 (reference_integer_ops::MaxPool, no zero-point check): RELU_N1_TO_1 on scale
// 0.00013641965f: round(-1 / s) = round(-7330.32) = -7330, and 7330.
!q = !quant.uniform<i16:f32, 0.00013641965051647276>
// CHECK-LABEL: @max_pool2d_relu_n1_to_1_int16
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0 : {{.*}} to tensor<1x4x6x3xi16>
// CHECK-NEXT:  %[[MAX:.*]] = "tosa.max_pool2d"(%[[X]]) {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x6x3xi16>) -> tensor<1x2x3x3xi16>
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[MAX]]) {max_val = 7330 : i16, min_val = -7330 : i16}
// CHECK-NEXT:  quant.scast %[[R]]
func.func @max_pool2d_relu_n1_to_1_int16(%arg0: tensor<1x4x6x3x!q>) -> tensor<1x2x3x3x!q> {
  %0 = "tfl.max_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "RELU_N1_TO_1", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x4x6x3x!q>) -> tensor<1x2x3x3x!q>
  return %0 : tensor<1x2x3x3x!q>
}

// -----

// int16: the depthwise sum needs TOSA's i48 accumulator (EXT-INT16); a rescale by
// 2^30 / 2^30 (multiplier 1073741824, shift 30) narrows it to i32 exactly.
!q = !quant.uniform<i16:f32, 0.00013641965051647276>
// CHECK-LABEL: @average_pool2d_same_int16
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0 : {{.*}} to tensor<1x3x5x2xi16>
// CHECK-NEXT:  %[[IN_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi16>}
// CHECK-NEXT:  %[[W_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[ONES:.*]] = "tosa.const"() {values = dense<1> : tensor<2x2x2x1xi8>}
// CHECK-NEXT:  %[[NO_BIAS:.*]] = "tosa.const"() {values = dense<0> : tensor<2xi48>}
// SAME 2x2 stride 1 on 3x5: pad 0 before, 1 after in both.
// CHECK-NEXT:  %[[SUM48:.*]] = "tosa.depthwise_conv2d"(%[[X]], %[[ONES]], %[[NO_BIAS]], %[[IN_ZP]], %[[W_ZP]]) {acc_type = i48, dilation = array<i64: 1, 1>, pad = array<i64: 0, 1, 0, 1>, stride = array<i64: 1, 1>} : {{.*}} -> tensor<1x3x5x2xi48>
// CHECK-NEXT:  %[[M:.*]] = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  %[[S:.*]] = "tosa.const"() {values = dense<30> : tensor<1xi8>}
// CHECK-NEXT:  %[[ZP48:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi48>}
// CHECK-NEXT:  %[[ZP32:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.rescale"(%[[SUM48]], %[[M]], %[[S]], %[[ZP48]], %[[ZP32]]) {{.*}} : (tensor<1x3x5x2xi48>, {{.*}}) -> tensor<1x3x5x2xi32>
// Taps: rows {2, 2, 1} x columns {2, 2, 2, 2, 1}; halves n / 2.
// CHECK-NEXT:  %[[N:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[}}4], [4], [4], [4], [2]], {{\[\[}}4], [4], [4], [4], [2]], {{\[\[}}2], [2], [2], [2], [1]]]]> : tensor<1x3x5x1xi32>}
// CHECK-NEXT:  %[[HALF:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[}}2], [2], [2], [2], [1]], {{\[\[}}2], [2], [2], [2], [1]], {{\[\[}}1], [1], [1], [1], [0]]]]> : tensor<1x3x5x1xi32>}
// CHECK:       %[[AVG:.*]] = "tosa.intdiv"(%{{.*}}, %[[N]])
// CHECK-NEXT:  %[[Y:.*]] = "tosa.cast"(%[[AVG]]) : (tensor<1x3x5x2xi32>) -> tensor<1x3x5x2xi16>
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @average_pool2d_same_int16(%arg0: tensor<1x3x5x2x!q>) -> tensor<1x3x5x2x!q> {
  %0 = "tfl.average_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x2x!q>) -> tensor<1x3x5x2x!q>
  return %0 : tensor<1x3x5x2x!q>
}

// -----

// CHECK-LABEL: @max_pool2d_float_relu
// CHECK-NEXT:  %[[Y:.*]] = "tosa.max_pool2d"(%arg0) {kernel = array<i64: 3, 3>, pad = array<i64: 0, 1, 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x6x7x3xf32>) -> tensor<1x3x4x3xf32>
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[Y]]) {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32}
// CHECK-NEXT:  return %[[R]]
func.func @max_pool2d_float_relu(%arg0: tensor<1x6x7x3xf32>) -> tensor<1x3x4x3xf32> {
  %0 = "tfl.max_pool_2d"(%arg0) {filter_height = 3 : i32, filter_width = 3 : i32, fused_activation_function = "RELU", padding = "SAME", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x6x7x3xf32>) -> tensor<1x3x4x3xf32>
  return %0 : tensor<1x3x4x3xf32>
}

// -----

// TOSA's float average, like TFLite's, divides by the in-bounds taps.
// CHECK-LABEL: @average_pool2d_float
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1xf32>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.avg_pool2d"(%arg0, %[[ZP]], %[[ZP]]) {acc_type = f32, kernel = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x5x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x5x3xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @average_pool2d_float(%arg0: tensor<1x4x5x3xf32>) -> tensor<1x4x5x3xf32> {
  %0 = "tfl.average_pool_2d"(%arg0) {filter_height = 3 : i32, filter_width = 3 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x5x3xf32>) -> tensor<1x4x5x3xf32>
  return %0 : tensor<1x4x5x3xf32>
}

// -----

// L2_POOL_2D (reference_ops::L2Pool): sqrt(sum x*x / n) over the in-bounds taps. TOSA's float
// average is that sum in row-major order divided by the tap count. SAME 3x2 stride 2 on 5x6:
// rows out 3, total (3-1)*2 + 3 - 5 = 2 -> pad 1, 1; columns out 3, total (3-1)*2 + 2 - 6 = 0.
// CHECK-LABEL: @l2_pool2d_float_relu6
// CHECK-NEXT:  %[[NO_SHIFT:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[SQUARES:.*]] = "tosa.mul"(%arg0, %arg0, %[[NO_SHIFT]]) : (tensor<1x5x6x3xf32>, tensor<1x5x6x3xf32>, tensor<1xi8>) -> tensor<1x5x6x3xf32>
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1xf32>}
// CHECK-NEXT:  %[[MEAN:.*]] = "tosa.avg_pool2d"(%[[SQUARES]], %[[ZP]], %[[ZP]]) {acc_type = f32, kernel = array<i64: 3, 2>, pad = array<i64: 1, 1, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x5x6x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x3x3xf32>
// CHECK-NEXT:  %[[ROOT:.*]] = "math.sqrt"(%[[MEAN]]) : (tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%[[ROOT]]) {max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32}
// CHECK-NEXT:  return %[[Y]]
func.func @l2_pool2d_float_relu6(%arg0: tensor<1x5x6x3xf32>) -> tensor<1x3x3x3xf32> {
  %0 = "tfl.l2_pool_2d"(%arg0) {filter_height = 3 : i32, filter_width = 2 : i32, fused_activation_function = "RELU6", padding = "SAME", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x5x6x3xf32>) -> tensor<1x3x3x3xf32>
  return %0 : tensor<1x3x3x3xf32>
}

// -----

// ===--- the integer patterns decline: dcast -> float pool -> qcast ---=== //

// TFLite's L2_POOL_2D takes floats only (Prepare): no integer pattern, so a quantized one
// (which no converter writes) takes the fallback.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @l2_pool2d_int8_falls_back
// CHECK-NEXT:  %[[X:.*]] = quant.dcast %arg0 : {{.*}} to tensor<1x4x6x3xf32>
// CHECK:       %[[SQUARES:.*]] = "tosa.mul"(%[[X]], %[[X]], %{{.*}})
// CHECK:       %[[MEAN:.*]] = "tosa.avg_pool2d"(%[[SQUARES]], {{.*}} -> tensor<1x2x3x3xf32>
// CHECK-NEXT:  %[[ROOT:.*]] = "math.sqrt"(%[[MEAN]])
// CHECK-NEXT:  quant.qcast %[[ROOT]] : tensor<1x2x3x3xf32> to tensor<1x2x3x3x!quant.uniform<i8:f32, 5.000000e-02:-3>>
func.func @l2_pool2d_int8_falls_back(%arg0: tensor<1x4x6x3x!q>) -> tensor<1x2x3x3x!q> {
  // expected-remark@+1 {{fallback: no integer pattern for tfl.l2_pool_2d}}
  %0 = "tfl.l2_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x4x6x3x!q>) -> tensor<1x2x3x3x!q>
  return %0 : tensor<1x2x3x3x!q>
}

// -----

// A SAME window larger than the input: TFLite clips it, TOSA needs pad < kernel; neither
// pattern takes it.
!q = !quant.uniform<i8:f32, 0.5:-3>
// CHECK-LABEL: @average_pool2d_declines_window_larger_than_input
// CHECK:       "tfl.average_pool_2d"({{.*}}) {{.*}} : (tensor<1x4x6x3xf32>) -> tensor<1x4x6x3xf32>
// CHECK-NOT:   tosa
func.func @average_pool2d_declines_window_larger_than_input(%arg0: tensor<1x4x6x3x!q>) -> tensor<1x4x6x3x!q> {
  // expected-remark@+1 {{unlowered: filter 5x5 larger than the input 4x6}}
  %0 = "tfl.average_pool_2d"(%arg0) {filter_height = 5 : i32, filter_width = 5 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x6x3x!q>) -> tensor<1x4x6x3x!q>
  return %0 : tensor<1x4x6x3x!q>
}

// -----

!q = !quant.uniform<i8:f32:3, {0.5:-3, 0.25:1, 0.125:2}>
// CHECK-LABEL: @average_pool2d_declines_per_axis
// CHECK-NEXT:  %[[X:.*]] = quant.dcast %arg0 : {{.*}} to tensor<1x4x6x3xf32>
// CHECK:       %[[Y:.*]] = "tosa.avg_pool2d"(%[[X]], {{.*}} -> tensor<1x2x3x3xf32>
// CHECK-NEXT:  quant.qcast %[[Y]] : tensor<1x2x3x3xf32> to tensor<1x2x3x3x!quant.uniform<i8:f32:3, {5.000000e-01:-3,2.500000e-01:1,1.250000e-01:2}>>
func.func @average_pool2d_declines_per_axis(%arg0: tensor<1x4x6x3x!q>) -> tensor<1x2x3x3x!q> {
  // expected-remark@+1 {{fallback: per-axis quantized operand 0}}
  %0 = "tfl.average_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x4x6x3x!q>) -> tensor<1x2x3x3x!q>
  return %0 : tensor<1x2x3x3x!q>
}

// -----

// A dynamic height: neither pattern takes it (a dynamic batch is lowered: legalize/dynamic.mlir); the op stays a tfl op on floats.
!q = !quant.uniform<i8:f32, 0.5:-3>
// CHECK-LABEL: @max_pool2d_declines_dynamic_height
// CHECK-NEXT:  %[[X:.*]] = quant.dcast %arg0 : tensor<1x?x6x3x!quant.uniform<i8:f32, 5.000000e-01:-3>> to tensor<1x?x6x3xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tfl.max_pool_2d"(%[[X]]) {{.*}} : (tensor<1x?x6x3xf32>) -> tensor<1x?x3x3xf32>
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[Y]] : tensor<1x?x3x3xf32> to tensor<1x?x3x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT:  return %[[Q]]
func.func @max_pool2d_declines_dynamic_height(%arg0: tensor<1x?x6x3x!q>) -> tensor<1x?x3x3x!q> {
  // expected-remark@+1 {{unlowered: dynamic shape of operand 0 (tensor<1x?x6x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>) outside the first (batch) dimension}}
  %0 = "tfl.max_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x?x6x3x!q>) -> tensor<1x?x3x3x!q>
  return %0 : tensor<1x?x3x3x!q>
}

// -----

// REDUCE_WINDOW (stablehlo_reduce_window.cc, TFLiteData): one tosa.gather reads every
// window's elements from the flattened input, [taps, outputs] = [4, 4]: window 2x2,
// strides (1, 2), dilations (1, 2) on 3x5, outputs starting at 0, 2, 5, 7, taps at +0, +2,
// +5, +7. Then MAXIMUM folds `acc >= x ? acc : x` from init, tap by tap.
// CHECK-LABEL: @reduce_window_max_float
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5xf32>)
// CHECK:       %[[INIT:.*]] = arith.constant dense<0xFF800000> : tensor<f32>
// CHECK:       %[[FLAT:.*]] = "tosa.reshape"(%[[X]], %{{.*}}) : (tensor<3x5xf32>, !tosa.shape<3>) -> tensor<1x15x1xf32>
// CHECK-NEXT:  %[[AT:.*]] = "tosa.const"() {values = dense<{{\[\[}}0, 2, 5, 7, 2, 4, 7, 9, 5, 7, 10, 12, 7, 9, 12, 14]]> : tensor<1x16xi32>}
// CHECK-NEXT:  %[[G:.*]] = "tosa.gather"(%[[FLAT]], %[[AT]]) : (tensor<1x15x1xf32>, tensor<1x16xi32>) -> tensor<1x16x1xf32>
// CHECK:       %[[TAPS:.*]] = "tosa.reshape"(%[[G]], %{{.*}}) : (tensor<1x16x1xf32>, !tosa.shape<2>) -> tensor<4x4xf32>
// CHECK:       %[[ACC0:.*]] = "tosa.reshape"(%[[INIT]], %{{.*}}) : (tensor<f32>, !tosa.shape<2>) -> tensor<1x1xf32>
// CHECK:       %[[T0:.*]] = "tosa.slice"(%[[TAPS]], %{{.*}}, %{{.*}}) : (tensor<4x4xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4xf32>
// CHECK-NEXT:  %[[KEEP0:.*]] = "tosa.greater_equal"(%[[ACC0]], %[[T0]]) : (tensor<1x1xf32>, tensor<1x4xf32>) -> tensor<1x4xi1>
// CHECK-NEXT:  %[[ACC1:.*]] = "tosa.select"(%[[KEEP0]], %[[ACC0]], %[[T0]])
// CHECK-COUNT-3: "tosa.select"
// CHECK:       %[[Y:.*]] = "tosa.reshape"(%{{.*}}, %{{.*}}) : (tensor<1x4xf32>, !tosa.shape<2>) -> tensor<2x2xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @reduce_window_max_float(%arg0: tensor<3x5xf32>) -> tensor<2x2xf32> {
  %init = "tfl.pseudo_const"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %window = "tfl.pseudo_const"() {value = dense<[2, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %strides = "tfl.pseudo_const"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %dilations = "tfl.pseudo_const"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %0 = "tfl.reduce_window"(%arg0, %init, %window, %strides, %dilations) {reduce_function = "MAXIMUM"} : (tensor<3x5xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
