// Golden test of legalize/conv.py: CONV_2D and DEPTHWISE_CONV_2D. int8 on storage
// types (tosa.conv2d / tosa.depthwise_conv2d i8 x i8 -> i32, per-channel DOUBLE_ROUND
// tosa.rescale, activation clamp), the float path, and every reason the integer
// pattern declines an instance (then dcast -> float conv -> qcast).
// RUN: tfl2quant opt %s --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// Multipliers are TFLite's PopulateConvolutionQuantizationParams: per output channel
// M_c = double(si) * double(sw_c) / double(so), (m, e) = QuantizeMultiplier(M_c)
// (frexp, m = round-half-away(q * 2^31)), tosa.rescale shift = 31 - e.

!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32:0, {0.25, 0.125}>
!b = !quant.uniform<i32:f32:0, {0.125, 0.0625}>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @conv2d_per_channel_int8
// CHECK-SAME:    (%[[ARG:.*]]: tensor<1x3x5x7x!quant.uniform<i8:f32, 0.5:-3>>)
// CHECK:       %[[X:.*]] = quant.scast %[[ARG]] : tensor<1x3x5x7x!quant.uniform<i8:f32, 0.5:-3>> to tensor<1x3x5x7xi8>
// CHECK-NEXT:  %[[W:.*]] = quant.scast %{{.*}} : tensor<2x3x3x7x!quant.uniform<i8<-127:127>:f32:0, {0.25, 0.125}>> to tensor<2x3x3x7xi8>
// CHECK-NEXT:  %[[B:.*]] = quant.scast %{{.*}} : tensor<2x!quant.uniform<i32:f32:0, {0.125, 0.0625}>> to tensor<2xi32>
// CHECK-NEXT:  %[[IN_ZP:.*]] = "tosa.const"() {values = dense<-3> : tensor<1xi8>}
// CHECK-NEXT:  %[[W_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// TFLite's [OC, KH, KW, IC] weights are already TOSA's layout; SAME 3x3 pads 1 on each side.
// CHECK-NEXT:  %[[ACC:.*]] = "tosa.conv2d"(%[[X]], %[[W]], %[[B]], %[[IN_ZP]], %[[W_ZP]]) {pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x3x5x7xi8>, tensor<2x3x3x7xi8>, tensor<2xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x5x2xi32>
// 0.5 * 0.25 / 1.0 = 0.125 = 0.5 * 2^-2 -> (1073741824, -2) -> shift 33
// 0.5 * 0.125 / 1.0 = 0.0625 = 0.5 * 2^-3 -> (1073741824, -3) -> shift 34
// CHECK-NEXT:  %[[MULT:.*]] = "tosa.const"() {values = dense<1073741824> : tensor<2xi32>}
// CHECK-NEXT:  %[[SHIFT:.*]] = "tosa.const"() {values = dense<[33, 34]> : tensor<2xi8>}
// CHECK-NEXT:  %[[ACC_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[OUT_ZP:.*]] = "tosa.const"() {values = dense<5> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[ACC]], %[[MULT]], %[[SHIFT]], %[[ACC_ZP]], %[[OUT_ZP]]) {scale32 = true, rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, per_channel = true, input_unsigned = false, output_unsigned = false} : (tensor<1x3x5x2xi32>, tensor<2xi32>, tensor<2xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x3x5x2xi8>
// No fused activation: no clamp.
// CHECK-NEXT:  %[[Q:.*]] = quant.scast %[[Y]] : tensor<1x3x5x2xi8> to tensor<1x3x5x2x!quant.uniform<i8:f32, 1.0:5>>
// CHECK-NEXT:  return %[[Q]]
func.func @conv2d_per_channel_int8(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x3x3x7x!w>, value = dense<1> : tensor<2x3x3x7xi8>} : () -> tensor<2x3x3x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<[3, -4]> : tensor<2xi32>} : () -> tensor<2x!b>
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x3x3x7x!w>, tensor<2x!b>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// Scales of models/conv2d-valid-stride2.int8.tflite (the first three channels).
!x = !quant.uniform<i8:f32, 0.0156855545938015:-32>
!w = !quant.uniform<i8<-127:127>:f32:0, {0.0009335765498690307, 0.0017878685612231493, 0.0008756806491874158}>
!b = !quant.uniform<i32:f32:0, {1.4643665940463528e-05, 2.8043709923607045e-05, 1.3735536629564749e-05}>
!y = !quant.uniform<i8:f32, 0.06680203974246979:7>
// CHECK-LABEL: @conv2d_per_channel_odd_scales_relu_int8
// CHECK:       "tosa.conv2d"
// 0.0156855545938015 * 0.0009335765498690307 / 0.06680203974246979 = 2.1920986240714642e-04
//   = 0.8979...*2^-12 -> (1928190341, -12) -> shift 43
// 0.0156855545938015 * 0.0017878685612231493 / 0.06680203974246979 = 4.198031981017204e-04
//   = 0.8597...*2^-11 -> (1846313991, -11) -> shift 42
// 0.0156855545938015 * 0.0008756806491874158 / 0.06680203974246979 = 2.056155273479217e-04
//   = 0.8422...*2^-12 -> (1808613305, -12) -> shift 43
// CHECK-NEXT:  %[[MULT:.*]] = "tosa.const"() {values = dense<[1928190341, 1846313991, 1808613305]> : tensor<3xi32>}
// CHECK-NEXT:  %[[SHIFT:.*]] = "tosa.const"() {values = dense<[43, 42, 43]> : tensor<3xi8>}
// CHECK-NEXT:  %[[ACC_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[OUT_ZP:.*]] = "tosa.const"() {values = dense<7> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%{{.*}}, %[[MULT]], %[[SHIFT]], %[[ACC_ZP]], %[[OUT_ZP]]) {{.*}}per_channel = true{{.*}} -> tensor<1x3x5x3xi8>
// RELU: [max(-128, zp + round(0 / so)), 127] = [7, 127]
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[Y]]) {min_val = 7 : i8, max_val = 127 : i8} : (tensor<1x3x5x3xi8>) -> tensor<1x3x5x3xi8>
// CHECK-NEXT:  quant.scast %[[R]]
func.func @conv2d_per_channel_odd_scales_relu_int8(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x1x1x7x!w>, value = dense<[[[[1, 2, 3, 4, 5, 6, 7]]], [[[-1, -2, -3, -4, -5, -6, -7]]], [[[127, -127, 0, 1, -1, 2, -2]]]]> : tensor<3x1x1x7xi8>} : () -> tensor<3x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<3x!b>, value = dense<0> : tensor<3xi32>} : () -> tensor<3x!b>
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "RELU", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<3x1x1x7x!w>, tensor<3x!b>) -> tensor<1x3x5x3x!y>
  return %0 : tensor<1x3x5x3x!y>
}

// -----

// A per-tensor filter is broadcast to every channel: all multipliers are equal, so the
// rescale is per-tensor.
!x = !quant.uniform<i8:f32, 0.015684824436903:-32>
!w = !quant.uniform<i8<-127:127>:f32, 0.0017878685612231493>
!b = !quant.uniform<i32:f32, 2.804282e-05>
!y = !quant.uniform<i8:f32, 0.0470588244497776:-128>
// CHECK-LABEL: @conv2d_per_tensor_odd_scales_relu6_int8
// CHECK:       "tosa.conv2d"({{.*}}) -> tensor<1x3x5x4xi32>
// 0.015684824436903 * 0.0017878685612231493 / 0.0470588244497776 = 5.959010839501747e-04
//   = 0.6102...*2^-10 -> (1310400342, -10) -> shift 41
// CHECK-NEXT:  %[[MULT:.*]] = "tosa.const"() {values = dense<1310400342> : tensor<1xi32>}
// CHECK-NEXT:  %[[SHIFT:.*]] = "tosa.const"() {values = dense<41> : tensor<1xi8>}
// CHECK-NEXT:  %[[ACC_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[OUT_ZP:.*]] = "tosa.const"() {values = dense<-128> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%{{.*}}, %[[MULT]], %[[SHIFT]], %[[ACC_ZP]], %[[OUT_ZP]]) {{.*}}per_channel = false{{.*}} -> tensor<1x3x5x4xi8>
// RELU6: CalculateActivationRangeQuantized divides in float32: 6.0f / 0.0470588244497776f
// = 127.5f (in double 127.4999975), rounded half away from zero -> 128, -128 + 128 = 0.
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[Y]]) {min_val = -128 : i8, max_val = 0 : i8}
// CHECK-NEXT:  quant.scast %[[R]]
func.func @conv2d_per_tensor_odd_scales_relu6_int8(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x4x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<4x1x1x7x!w>, value = dense<3> : tensor<4x1x1x7xi8>} : () -> tensor<4x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<4x!b>, value = dense<[10, 20, 30, 40]> : tensor<4xi32>} : () -> tensor<4x!b>
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "RELU6", padding = "SAME", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<4x1x1x7x!w>, tensor<4x!b>) -> tensor<1x3x5x4x!y>
  return %0 : tensor<1x3x5x4x!y>
}

// -----

!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!b = !quant.uniform<i32:f32, 0.125>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @conv2d_valid_stride2_crops_unread_row_int8
// CHECK:       %[[X:.*]] = quant.scast %arg0 : {{.*}} to tensor<1x6x9x3xi8>
// Rows: (6 - 3 + 2) // 2 = 2 outputs read rows 0..4, row 5 never: TOSA needs
// (in - kernel) % stride == 0, so it is cropped. Columns: (9 - 3) % 2 == 0, kept.
// CHECK:       %[[START:.*]] = "tosa.const_shape"() {values = dense<0> : tensor<4xindex>}
// CHECK-NEXT:  %[[SIZE:.*]] = "tosa.const_shape"() {values = dense<[1, 5, 9, 3]> : tensor<4xindex>}
// CHECK-NEXT:  %[[CROP:.*]] = "tosa.slice"(%[[X]], %[[START]], %[[SIZE]]) : (tensor<1x6x9x3xi8>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x5x9x3xi8>
// CHECK:       "tosa.conv2d"(%[[CROP]], {{.*}}) {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>, acc_type = i32} : {{.*}} -> tensor<1x2x4x2xi32>
// 0.5 * 0.25 / 1.0 = 0.125 -> (1073741824, -2) -> shift 33
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<33> : tensor<1xi8>}
func.func @conv2d_valid_stride2_crops_unread_row_int8(%arg0: tensor<1x6x9x3x!x>) -> tensor<1x2x4x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x3x3x3x!w>, value = dense<1> : tensor<2x3x3x3xi8>} : () -> tensor<2x3x3x3x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<0> : tensor<2xi32>} : () -> tensor<2x!b>
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x6x9x3x!x>, tensor<2x3x3x3x!w>, tensor<2x!b>) -> tensor<1x2x4x2x!y>
  return %0 : tensor<1x2x4x2x!y>
}

// -----

!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!b = !quant.uniform<i32:f32, 0.125>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @conv2d_same_stride2_dilated_asymmetric_pad_int8
// Effective kernel (2-1)*2+1 = 3 rows, (3-1)*2+1 = 5 columns. SAME, stride 2:
// rows: out 2, total (2-1)*2 + 3 - 4 = 1 -> before 0, after 1;
// columns: out 3, total (3-1)*2 + 5 - 6 = 3 -> before 1, after 2.
// CHECK:       "tosa.conv2d"({{.*}}) {pad = array<i64: 0, 1, 1, 2>, stride = array<i64: 2, 2>, dilation = array<i64: 2, 2>, acc_type = i32} : (tensor<1x4x6x3xi8>, tensor<2x2x3x3xi8>, tensor<2xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x3x2xi32>
func.func @conv2d_same_stride2_dilated_asymmetric_pad_int8(%arg0: tensor<1x4x6x3x!x>) -> tensor<1x2x3x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x2x3x3x!w>, value = dense<1> : tensor<2x2x3x3xi8>} : () -> tensor<2x2x3x3x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<0> : tensor<2xi32>} : () -> tensor<2x!b>
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 2 : i32, dilation_w_factor = 2 : i32, fused_activation_function = "NONE", padding = "SAME", quantized_bias_type = "FLOAT32", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x4x6x3x!x>, tensor<2x2x3x3x!w>, tensor<2x!b>) -> tensor<1x2x3x2x!y>
  return %0 : tensor<1x2x3x2x!y>
}

// -----

// DEPTHWISE_CONV_2D may have no bias (two operands; CONV_2D requires one): a zero int32
// bias.
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @depthwise_conv2d_no_bias_int8
// CHECK:       %[[X:.*]] = quant.scast %arg0
// CHECK:       %[[B:.*]] = "tosa.const"() {values = dense<0> : tensor<7xi32>}
// CHECK:       "tosa.depthwise_conv2d"(%[[X]], %{{.*}}, %[[B]], {{.*}} : (tensor<1x3x5x7xi8>, tensor<1x1x7x1xi8>, tensor<7xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x5x7xi32>
// 0.5 * 0.25 / 1.0 = 0.125 -> (1073741824, -2) -> shift 33
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<33> : tensor<1xi8>}
func.func @depthwise_conv2d_no_bias_int8(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x7x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<1x1x1x7x!w>, value = dense<1> : tensor<1x1x1x7xi8>} : () -> tensor<1x1x1x7x!w>
  %0 = "tfl.depthwise_conv_2d"(%arg0, %w) {depth_multiplier = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<1x1x1x7x!w>) -> tensor<1x3x5x7x!y>
  return %0 : tensor<1x3x5x7x!y>
}

// -----

// TFLite's quantized kernels ignore a fused TANH (CalculateActivationRangeQuantized falls
// into its NONE branch): the full int8 range, no clamp.
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!b = !quant.uniform<i32:f32, 0.125>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @conv2d_fused_tanh_is_ignored_int8
// CHECK:       %[[Y:.*]] = "tosa.rescale"
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @conv2d_fused_tanh_is_ignored_int8(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<1> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<0> : tensor<2xi32>} : () -> tensor<2x!b>
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "TANH", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2x!b>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// QuantizeMultiplier flushes multipliers whose exponent is below -31 to (0, 0).
!x = !quant.uniform<i8:f32, 9.5367431640625e-07>
!w = !quant.uniform<i8<-127:127>:f32, 9.5367431640625e-07>
!b = !quant.uniform<i32:f32, 9.094947017729282e-13>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @conv2d_tiny_multiplier_flushes_to_zero_int8
// 2^-20 * 2^-20 / 1.0 = 2^-40 = 0.5 * 2^-39: exponent -39 < -31 -> (0, 0) -> shift 31
// CHECK:       "tosa.conv2d"
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<31> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<5> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.rescale"
func.func @conv2d_tiny_multiplier_flushes_to_zero_int8(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<1> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<0> : tensor<2xi32>} : () -> tensor<2x!b>
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2x!b>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// The largest multiplier tosa.rescale takes: shift 2.
!x = !quant.uniform<i8:f32, 1.0>
!w = !quant.uniform<i8<-127:127>:f32, 1.0>
!b = !quant.uniform<i32:f32, 1.0>
!y = !quant.uniform<i8:f32, 3.725290298461914e-09>
// CHECK-LABEL: @conv2d_multiplier_2_pow_28_int8
// 1.0 * 1.0 / 2^-28 = 2^28 = 0.5 * 2^29 -> (1073741824, 29) -> shift 2
// CHECK:       "tosa.conv2d"
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<2> : tensor<1xi8>}
func.func @conv2d_multiplier_2_pow_28_int8(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<1> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<0> : tensor<2xi32>} : () -> tensor<2x!b>
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2x!b>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// QuantizeMultiplier's carry: q * 2^31 rounds up to 2^31, so (2^30, e + 1).
// (1 + 2^-23) * (1 - 2^-23) / 1.0 = 1 - 2^-46 = 0.9999999999999858 (exact in double),
// frexp -> (1 - 2^-46, 0), round((1 - 2^-46) * 2^31) = 2^31 -> (1073741824, 1) -> shift 30
!x = !quant.uniform<i8:f32, 1.0000001192092896>
!w = !quant.uniform<i8<-127:127>:f32, 0.9999998807907104>
!b = !quant.uniform<i32:f32, 0.9999999999999858>
!y = !quant.uniform<i8:f32, 1.0>
// CHECK-LABEL: @conv2d_multiplier_rounds_up_to_next_power_of_two_int8
// CHECK:       "tosa.conv2d"
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<30> : tensor<1xi8>}
func.func @conv2d_multiplier_rounds_up_to_next_power_of_two_int8(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<1> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<0> : tensor<2xi32>} : () -> tensor<2x!b>
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2x!b>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// Scales of models/depthwise-conv2d-mult2-valid-stride2-relu6.int8.tflite (4 channels).
!x = !quant.uniform<i8:f32, 0.015685932710766792:-32>
!w = !quant.uniform<i8<-127:127>:f32:3, {0.00365141942165792, 0.0025340085849165916, 0.0013851708499714732, 0.002409964334219694}>
!b = !quant.uniform<i32:f32:0, {5.727591997128911e-05, 3.974828723585233e-05, 2.17276974581182e-05, 3.780253973673098e-05}>
!y = !quant.uniform<i8:f32, 0.0235294122248888:-128>
// CHECK-LABEL: @depthwise_conv2d_mult2_per_channel_int8
// CHECK:       %[[X:.*]] = quant.scast %arg0 : {{.*}} to tensor<1x4x6x2xi8>
// CHECK-NEXT:  quant.scast %{{.*}} : {{.*}} to tensor<1x2x3x4xi8>
// CHECK-NEXT:  %[[B:.*]] = quant.scast %{{.*}} : {{.*}} to tensor<4xi32>
// TFLite's [1, KH, KW, C*M] weights (output channel c*M + m) are TOSA's [KH, KW, C, M]
// in the same element order: a reshape, done at compile time.
// CHECK-NEXT:  %[[W:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[}}-11, -10], [-9, -8]], {{\[\[}}-7, -6], [-5, -4]], {{\[\[}}-3, -2], [-1, 0]]], {{\[\[\[}}1, 2], [3, 4]], {{\[\[}}5, 6], [7, 8]], {{\[\[}}9, 10], [11, 12]]]]> : tensor<2x3x2x2xi8>}
// CHECK-NEXT:  %[[IN_ZP:.*]] = "tosa.const"() {values = dense<-32> : tensor<1xi8>}
// CHECK-NEXT:  %[[W_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// SAME 2x3 kernel: rows total 1 -> pad 0 before, 1 after; columns total 2 -> 1, 1.
// CHECK-NEXT:  %[[ACC:.*]] = "tosa.depthwise_conv2d"(%[[X]], %[[W]], %[[B]], %[[IN_ZP]], %[[W_ZP]]) {pad = array<i64: 0, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x4x6x2xi8>, tensor<2x3x2x2xi8>, tensor<4xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x6x4xi32>
// 0.015685932710766792 * 0.00365141942165792 / 0.0235294122248888 = 2.4342265246357557e-03 -> (1338230184, -8) -> shift 39
// 0.015685932710766792 * 0.0025340085849165916 / 0.0235294122248888 = 1.689302213400058e-03 -> (1857407426, -9) -> shift 40
// 0.015685932710766792 * 0.0013851708499714732 / 0.0235294122248888 = 9.234270936264689e-04 -> (2030637654, -10) -> shift 41
// 0.015685932710766792 * 0.002409964334219694 / 0.0235294122248888 = 1.6066078498098422e-03 -> (1766484012, -9) -> shift 40
// CHECK-NEXT:  %[[MULT:.*]] = "tosa.const"() {values = dense<[1338230184, 1857407426, 2030637654, 1766484012]> : tensor<4xi32>}
// CHECK-NEXT:  %[[SHIFT:.*]] = "tosa.const"() {values = dense<[39, 40, 41, 40]> : tensor<4xi8>}
// CHECK-NEXT:  %[[ACC_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[OUT_ZP:.*]] = "tosa.const"() {values = dense<-128> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[ACC]], %[[MULT]], %[[SHIFT]], %[[ACC_ZP]], %[[OUT_ZP]]) {{.*}}per_channel = true{{.*}} -> tensor<1x4x6x4xi8>
// RELU6 on [0, 6] at scale 6/255: 6.0f / 0.0235294122248888f = 255 -> [-128, 127], no clamp.
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @depthwise_conv2d_mult2_per_channel_int8(%arg0: tensor<1x4x6x2x!x>) -> tensor<1x4x6x4x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<1x2x3x4x!w>, value = dense<[[[[-11, -10, -9, -8], [-7, -6, -5, -4], [-3, -2, -1, 0]], [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]]]> : tensor<1x2x3x4xi8>} : () -> tensor<1x2x3x4x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<4x!b>, value = dense<[100, -200, 300, -400]> : tensor<4xi32>} : () -> tensor<4x!b>
  %0 = "tfl.depthwise_conv_2d"(%arg0, %w, %b) {depth_multiplier = 2 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "RELU6", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x6x2x!x>, tensor<1x2x3x4x!w>, tensor<4x!b>) -> tensor<1x4x6x4x!y>
  return %0 : tensor<1x4x6x4x!y>
}

// -----

!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32:3, {0.25, 0.125, 0.0625, 0.5}>
!y = !quant.uniform<i8:f32, 2.0:1>
// CHECK-LABEL: @depthwise_conv2d_weights_not_constant_int8
// CHECK-SAME:    (%[[ARG:.*]]: tensor<1x4x6x2x!quant.uniform<i8:f32, 0.5:-3>>, %[[WARG:.*]]: tensor<1x2x3x4x
// CHECK:       %[[W:.*]] = quant.scast %[[WARG]] : {{.*}} to tensor<1x2x3x4xi8>
// Weights that are not a constant are reshaped at run time.
// CHECK:       %[[SHAPE:.*]] = "tosa.const_shape"() {values = dense<[2, 3, 2, 2]> : tensor<4xindex>}
// CHECK-NEXT:  %[[WT:.*]] = "tosa.reshape"(%[[W]], %[[SHAPE]]) : (tensor<1x2x3x4xi8>, !tosa.shape<4>) -> tensor<2x3x2x2xi8>
// CHECK:       "tosa.depthwise_conv2d"(%{{.*}}, %[[WT]], {{.*}}) {pad = array<i64: 0, 0, 0, 0>, {{.*}} -> tensor<1x3x4x4xi32>
// 0.5 * {0.25, 0.125, 0.0625, 0.5} / 2.0 = {2^-4, 2^-5, 2^-6, 2^-3} -> (1073741824, {-3, -4, -5, -2}) -> shifts {34, 35, 36, 33}
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<4xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<[34, 35, 36, 33]> : tensor<4xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<1> : tensor<1xi8>}
func.func @depthwise_conv2d_weights_not_constant_int8(%arg0: tensor<1x4x6x2x!x>, %arg1: tensor<1x2x3x4x!w>) -> tensor<1x3x4x4x!y> {
  %0 = "tfl.depthwise_conv_2d"(%arg0, %arg1) {depth_multiplier = 2 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x6x2x!x>, tensor<1x2x3x4x!w>) -> tensor<1x3x4x4x!y>
  return %0 : tensor<1x3x4x4x!y>
}

// -----

// CHECK-LABEL: @conv2d_float_relu6
// CHECK-SAME:    (%[[X:.*]]: tensor<1x3x5x7xf32>, %[[W:.*]]: tensor<2x3x3x7xf32>, %[[B:.*]]: tensor<2xf32>)
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1xf32>}
// CHECK-NEXT:  %[[ACC:.*]] = "tosa.conv2d"(%[[X]], %[[W]], %[[B]], %[[ZP]], %[[ZP]]) {pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = f32} : (tensor<1x3x5x7xf32>, tensor<2x3x3x7xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x5x2xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%[[ACC]]) {min_val = 0.0 : f32, max_val = 6.0 : f32}
// CHECK-NEXT:  return %[[Y]]
// CHECK-NOT:   quant.
func.func @conv2d_float_relu6(%arg0: tensor<1x3x5x7xf32>, %arg1: tensor<2x3x3x7xf32>, %arg2: tensor<2xf32>) -> tensor<1x3x5x2xf32> {
  %0 = "tfl.conv_2d"(%arg0, %arg1, %arg2) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "RELU6", padding = "SAME", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7xf32>, tensor<2x3x3x7xf32>, tensor<2xf32>) -> tensor<1x3x5x2xf32>
  return %0 : tensor<1x3x5x2xf32>
}

// -----

// CHECK-LABEL: @depthwise_conv2d_float_no_bias
// CHECK-SAME:    (%[[X:.*]]: tensor<1x4x6x2xf32>)
// CHECK:       %[[W:.*]] = arith.constant dense<{{.*}}> : tensor<1x2x3x6xf32>
// CHECK:       %[[B:.*]] = "tosa.const"() {values = dense<0.0> : tensor<6xf32>}
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1xf32>}
// CHECK-NEXT:  %[[WT:.*]] = "tosa.const"() {values = dense<{{.*}}> : tensor<2x3x2x3xf32>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.depthwise_conv2d"(%[[X]], %[[WT]], %[[B]], %[[ZP]], %[[ZP]]) {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = f32} : (tensor<1x4x6x2xf32>, tensor<2x3x2x3xf32>, tensor<6xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x4x6xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @depthwise_conv2d_float_no_bias(%arg0: tensor<1x4x6x2xf32>) -> tensor<1x3x4x6xf32> {
  %w = "tfl.pseudo_const"() {value = dense<0.5> : tensor<1x2x3x6xf32>} : () -> tensor<1x2x3x6xf32>
  %0 = "tfl.depthwise_conv_2d"(%arg0, %w) {depth_multiplier = 3 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x6x2xf32>, tensor<1x2x3x6xf32>) -> tensor<1x3x4x6xf32>
  return %0 : tensor<1x3x4x6xf32>
}

// -----

// A float conv with a dynamic input has no lowering: it stays a tfl op.
// CHECK-LABEL: @conv2d_float_dynamic_batch_is_unlowered
// CHECK-NEXT:  %[[B:.*]] = arith.constant dense<0.0> : tensor<2xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tfl.conv_2d"(%arg0, %arg1, %[[B]])
// CHECK-NEXT:  return %[[Y]]
func.func @conv2d_float_dynamic_batch_is_unlowered(%arg0: tensor<?x3x5x7xf32>, %arg1: tensor<2x1x1x7xf32>) -> tensor<?x3x5x2xf32> {
  %b = "tfl.pseudo_const"() {value = dense<0.0> : tensor<2xf32>} : () -> tensor<2xf32>
  // expected-remark@+1 {{unlowered: dynamic shape of operand 0 (tensor<?x3x5x7xf32>)}}
  %0 = "tfl.conv_2d"(%arg0, %arg1, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<?x3x5x7xf32>, tensor<2x1x1x7xf32>, tensor<2xf32>) -> tensor<?x3x5x2xf32>
  return %0 : tensor<?x3x5x2xf32>
}

// -----

// ===--- the integer pattern declines: dcast -> float conv -> qcast ---=== //

!x = !quant.uniform<u8:f32, 0.5:128>
!w = !quant.uniform<u8<1:255>:f32, 0.25:128>
!b = !quant.uniform<i32:f32, 0.125>
!y = !quant.uniform<u8:f32, 1.0:5>
// CHECK-LABEL: @conv2d_declines_uint8
// CHECK:       %[[X:.*]] = quant.dcast %arg0 : tensor<1x3x5x7x!quant.uniform<u8:f32, 0.5:128>> to tensor<1x3x5x7xf32>
// CHECK-NEXT:  %[[W:.*]] = quant.dcast %{{.*}} : tensor<2x1x1x7x!quant.uniform<u8<1:255>:f32, 0.25:128>> to tensor<2x1x1x7xf32>
// CHECK-NEXT:  %[[B:.*]] = quant.dcast %{{.*}} : tensor<2x!quant.uniform<i32:f32, 0.125>> to tensor<2xf32>
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1xf32>}
// CHECK-NEXT:  %[[ACC:.*]] = "tosa.conv2d"(%[[X]], %[[W]], %[[B]], %[[ZP]], %[[ZP]]) {{.*}}acc_type = f32} : {{.*}} -> tensor<1x3x5x2xf32>
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[ACC]]) {min_val = 0.0 : f32, max_val = 3.4028234663852886e+38 : f32}
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[R]] : tensor<1x3x5x2xf32> to tensor<1x3x5x2x!quant.uniform<u8:f32, 1.0:5>>
// CHECK-NEXT:  return %[[Q]]
func.func @conv2d_declines_uint8(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<-126> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<[3, 4]> : tensor<2xi32>} : () -> tensor<2x!b>
  // expected-remark@+1 {{fallback: operand 0 is u8; the integer pattern takes i8}}
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "RELU", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2x!b>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

!x = !quant.uniform<i16:f32, 7.629247556906193e-05>
!w = !quant.uniform<i8<-127:127>:f32:0, {0.00708637572824955, 0.0033299424685537815}>
!y = !quant.uniform<i16:f32, 0.0001831110566854477>
// CHECK-LABEL: @conv2d_declines_int16_activations
// CHECK:       %[[X:.*]] = quant.dcast %arg0 : {{.*}} to tensor<1x3x5x7xf32>
// CHECK-NEXT:  %[[W:.*]] = quant.dcast %{{.*}} to tensor<2x1x1x7xf32>
// The int64 bias is dequantized at compile time: (0 - 0) * scale = 0.0.
// CHECK-NEXT:  %[[B:.*]] = arith.constant dense<0.0> : tensor<2xf32>
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1xf32>}
// CHECK-NEXT:  %[[ACC:.*]] = "tosa.conv2d"(%[[X]], %[[W]], %[[B]], %[[ZP]], %[[ZP]])
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[ACC]] : tensor<1x3x5x2xf32> to tensor<1x3x5x2x!quant.uniform<i16:f32, 0.0001831110566854477>>
// CHECK-NEXT:  return %[[Q]]
func.func @conv2d_declines_int16_activations(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<1> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_const"() {value = dense<0> : tensor<2xi64>, tfl.quantization = {scale = [5.406371315075376e-07 : f32, 2.5404955295016407e-07 : f32], zero_point = [0 : i64, 0 : i64], quantized_dimension = 0 : i64}} : () -> tensor<2xi64>
  // expected-remark@+1 {{fallback: operand 0 is i16; the integer pattern takes i8}}
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "INT64", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2xi64>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

!x = !quant.uniform<i8:f32:3, {0.5:-3, 0.25:1, 0.5:0, 0.125:2, 1.0:-1, 0.5:0, 0.25:4}>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!b = !quant.uniform<i32:f32, 0.125>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @conv2d_declines_per_axis_input
// CHECK:       quant.dcast %arg0 : tensor<1x3x5x7x{{.*}}> to tensor<1x3x5x7xf32>
// CHECK:       "tosa.conv2d"({{.*}}acc_type = f32
// CHECK-NEXT:  quant.qcast %{{.*}} : tensor<1x3x5x2xf32> to tensor<1x3x5x2x!quant.uniform<i8:f32, 1.0:5>>
func.func @conv2d_declines_per_axis_input(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<1> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<0> : tensor<2xi32>} : () -> tensor<2x!b>
  // expected-remark@+1 {{fallback: per-axis quantized operand 0}}
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2x!b>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// A dynamic input: neither pattern takes it, so the conv stays a tfl op, on floats
// between the casts.
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!b = !quant.uniform<i32:f32, 0.125>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @conv2d_declines_dynamic_batch
// CHECK:       %[[X:.*]] = quant.dcast %arg0 : tensor<?x3x5x7x!quant.uniform<i8:f32, 0.5:-3>> to tensor<?x3x5x7xf32>
// CHECK-NEXT:  %[[W:.*]] = quant.dcast %{{.*}} to tensor<2x1x1x7xf32>
// CHECK-NEXT:  %[[B:.*]] = quant.dcast %{{.*}} : tensor<2x!quant.uniform<i32:f32, 0.125>> to tensor<2xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tfl.conv_2d"(%[[X]], %[[W]], %[[B]]) {{.*}} : (tensor<?x3x5x7xf32>, tensor<2x1x1x7xf32>, tensor<2xf32>) -> tensor<?x3x5x2xf32>
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[Y]] : tensor<?x3x5x2xf32> to tensor<?x3x5x2x!quant.uniform<i8:f32, 1.0:5>>
// CHECK-NEXT:  return %[[Q]]
func.func @conv2d_declines_dynamic_batch(%arg0: tensor<?x3x5x7x!x>) -> tensor<?x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<1> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<0> : tensor<2xi32>} : () -> tensor<2x!b>
  // expected-remark@+1 {{unlowered: dynamic shape of operand 0 (tensor<?x3x5x7x!quant.uniform<i8:f32, 0.5:-3>>)}}
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<?x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2x!b>) -> tensor<?x3x5x2x!y>
  return %0 : tensor<?x3x5x2x!y>
}

// -----

!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!b = !quant.uniform<i32:f32, 0.125>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @conv2d_declines_dynamic_result
// CHECK:       "tosa.conv2d"({{.*}}acc_type = f32} : {{.*}} -> tensor<?x3x5x2xf32>
// CHECK-NEXT:  quant.qcast %{{.*}} : tensor<?x3x5x2xf32> to tensor<?x3x5x2x!quant.uniform<i8:f32, 1.0:5>>
func.func @conv2d_declines_dynamic_result(%arg0: tensor<1x3x5x7x!x>) -> tensor<?x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<1> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<0> : tensor<2xi32>} : () -> tensor<2x!b>
  // expected-remark@+1 {{fallback: dynamic shape of result 0 (tensor<?x3x5x2x!quant.uniform<i8:f32, 1.0:5>>)}}
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2x!b>) -> tensor<?x3x5x2x!y>
  return %0 : tensor<?x3x5x2x!y>
}

// -----

!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i4<-7:7>:f32:0, {0.25, 0.125}>
!b = !quant.uniform<i32:f32:0, {0.125, 0.0625}>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @conv2d_declines_int4_weights
// CHECK:       %[[X:.*]] = quant.dcast %arg0
// CHECK-NEXT:  %[[W:.*]] = quant.dcast %{{.*}} : tensor<2x1x1x7x!quant.uniform<i4<-7:7>:f32:0, {0.25, 0.125}>> to tensor<2x1x1x7xf32>
// CHECK:       "tosa.conv2d"(%[[X]], %[[W]], {{.*}}acc_type = f32
// CHECK-NEXT:  quant.qcast
func.func @conv2d_declines_int4_weights(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<[[[[1, 2, 3, 4, 5, 6, 7]]], [[[-1, -2, -3, -4, -5, -6, -7]]]]> : tensor<2x1x1x7xi4>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<0> : tensor<2xi32>} : () -> tensor<2x!b>
  // expected-remark@+1 {{fallback: operand 1 is i4; the integer pattern takes i8}}
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2x!b>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// conv.cc refuses CONV_2D filters with zero points (tfl/verify.mlir), depthwise_conv.cc
// does not check them: DEPTHWISE_CONV_2D weights with a zero point take the fallback.
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8:f32:3, {0.25:0, 0.125:3}>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @depthwise_conv2d_declines_asymmetric_per_channel_weights
// CHECK:       quant.dcast %{{.*}} : tensor<1x1x1x2x!quant.uniform<i8:f32:3, {0.25, 0.125:3}>> to tensor<1x1x1x2xf32>
// CHECK:       "tosa.depthwise_conv2d"({{.*}}acc_type = f32
// CHECK-NEXT:  quant.qcast
func.func @depthwise_conv2d_declines_asymmetric_per_channel_weights(%arg0: tensor<1x3x5x2x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<1x1x1x2x!w>, value = dense<1> : tensor<1x1x1x2xi8>} : () -> tensor<1x1x1x2x!w>
  // expected-remark@+1 {{fallback: weights are not symmetric per-tensor or per-output-channel}}
  %0 = "tfl.depthwise_conv_2d"(%arg0, %w) {depth_multiplier = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x2x!x>, tensor<1x1x1x2x!w>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8:f32, 0.25:2>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @depthwise_conv2d_declines_per_tensor_weights_with_zero_point
// CHECK:       quant.dcast %{{.*}} : tensor<1x1x1x2x!quant.uniform<i8:f32, 0.25:2>> to tensor<1x1x1x2xf32>
// CHECK:       "tosa.depthwise_conv2d"({{.*}}acc_type = f32
// CHECK-NEXT:  quant.qcast
func.func @depthwise_conv2d_declines_per_tensor_weights_with_zero_point(%arg0: tensor<1x3x5x2x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<1x1x1x2x!w>, value = dense<1> : tensor<1x1x1x2xi8>} : () -> tensor<1x1x1x2x!w>
  // expected-remark@+1 {{fallback: weights are not symmetric per-tensor or per-output-channel}}
  %0 = "tfl.depthwise_conv_2d"(%arg0, %w) {depth_multiplier = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x2x!x>, tensor<1x1x1x2x!w>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// CONV_2D weights are quantized along the output channels (dimension 0); along the
// input channels (dimension 3) they cannot be folded into a per-channel rescale.
// (conv.cc takes as many scales as output channels: 7 in, 7 out.)
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32:3, {0.25, 0.125, 0.25, 0.125, 0.25, 0.125, 0.25}>
!b = !quant.uniform<i32:f32:0, {0.125, 0.0625, 0.125, 0.0625, 0.125, 0.0625, 0.125}>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @conv2d_declines_weights_quantized_along_input_channels
// CHECK:       quant.dcast %{{.*}} : tensor<7x1x1x7x{{.*}}> to tensor<7x1x1x7xf32>
// CHECK:       "tosa.conv2d"({{.*}}acc_type = f32
// CHECK-NEXT:  quant.qcast
func.func @conv2d_declines_weights_quantized_along_input_channels(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x7x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<7x1x1x7x!w>, value = dense<1> : tensor<7x1x1x7xi8>} : () -> tensor<7x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<7x!b>, value = dense<0> : tensor<7xi32>} : () -> tensor<7x!b>
  // expected-remark@+1 {{fallback: weights are not symmetric per-tensor or per-output-channel}}
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<7x1x1x7x!w>, tensor<7x!b>) -> tensor<1x3x5x7x!y>
  return %0 : tensor<1x3x5x7x!y>
}

// -----

// DEPTHWISE_CONV_2D weights are quantized along dimension 3; along dimension 0 (CONV_2D's)
// they are not per output channel.
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32:0, {0.25}>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @depthwise_conv2d_declines_weights_quantized_along_dimension_0
// CHECK:       quant.dcast %{{.*}} : tensor<1x1x1x4x!quant.uniform<i8<-127:127>:f32:0, {0.25}>> to tensor<1x1x1x4xf32>
// CHECK:       "tosa.depthwise_conv2d"({{.*}}acc_type = f32
// CHECK-NEXT:  quant.qcast
func.func @depthwise_conv2d_declines_weights_quantized_along_dimension_0(%arg0: tensor<1x3x5x2x!x>) -> tensor<1x3x5x4x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<1x1x1x4x!w>, value = dense<1> : tensor<1x1x1x4xi8>} : () -> tensor<1x1x1x4x!w>
  // expected-remark@+1 {{fallback: weights are not symmetric per-tensor or per-output-channel}}
  %0 = "tfl.depthwise_conv_2d"(%arg0, %w) {depth_multiplier = 2 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x2x!x>, tensor<1x1x1x4x!w>) -> tensor<1x3x5x4x!y>
  return %0 : tensor<1x3x5x4x!y>
}

// -----

// tosa.rescale takes shifts 2..62: a multiplier of 2^29 would need shift 1.
!x = !quant.uniform<i8:f32, 1.0>
!w = !quant.uniform<i8<-127:127>:f32, 1.0>
!b = !quant.uniform<i32:f32, 1.0>
!y = !quant.uniform<i8:f32, 1.862645149230957e-09>
// CHECK-LABEL: @conv2d_declines_multiplier_too_large
// 1.0 * 1.0 / 2^-29 = 2^29 = 0.5 * 2^30 -> (1073741824, 30) -> shift 1 < 2
// CHECK:       "tosa.conv2d"({{.*}}acc_type = f32
// CHECK-NEXT:  quant.qcast
// CHECK-NOT:   "tosa.rescale"
func.func @conv2d_declines_multiplier_too_large(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<1> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<0> : tensor<2xi32>} : () -> tensor<2x!b>
  // expected-remark@+1 {{fallback: requantization multiplier outside tosa.rescale's range}}
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2x!b>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}
