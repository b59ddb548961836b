// Golden test of legalize/families/conv/conv.py: CONV_2D, DEPTHWISE_CONV_2D and TRANSPOSE_CONV. int8 on
// storage types (tosa.conv2d / depthwise_conv2d / transpose_conv2d i8 x i8 -> i32,
// per-channel DOUBLE_ROUND tosa.rescale, activation clamp), uint8 (the same on q - 128),
// int16x8 (two 8-bit planes of the input, summed in i64 with the kernel's int64 or int32
// bias in a linalg.generic), grouped CONV_2D, the float path, and every reason the integer
// pattern declines an instance (then dcast -> float conv -> qcast).
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// Multipliers are TFLite's PopulateConvolutionQuantizationParams: per output channel
// M_c = double(si) * double(sw_c) / double(so), (m, e) = QuantizeMultiplier(M_c)
// (frexp, m = round-half-away(q * 2^31)), tosa.rescale shift = 31 - e.

!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32:0, {0.25, 0.125}>
!b = !quant.uniform<i32:f32:0, {0.125, 0.0625}>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @conv2d_per_channel_int8
// CHECK-SAME:    (%[[ARG:.*]]: tensor<1x3x5x7x!quant.uniform<i8:f32, 5.000000e-01:-3>>)
// The integer pattern reads the stored constants themselves (the driver does not build the
// scast pair that canonicalize would fold); their scasts to the quantized type stay, unused.
// CHECK:       %[[W:.*]] = arith.constant dense<1> : tensor<2x3x3x7xi8>
// CHECK-NEXT:  quant.scast %[[W]]
// CHECK-NEXT:  %[[B:.*]] = arith.constant dense<[3, -4]> : tensor<2xi32>
// CHECK-NEXT:  quant.scast %[[B]]
// CHECK-NEXT:  %[[X:.*]] = quant.scast %[[ARG]] : tensor<1x3x5x7x!quant.uniform<i8:f32, 5.000000e-01:-3>> to tensor<1x3x5x7xi8>
// CHECK-NEXT:  %[[IN_ZP:.*]] = "tosa.const"() {values = dense<-3> : tensor<1xi8>}
// CHECK-NEXT:  %[[W_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// TFLite's [OC, KH, KW, IC] weights are already TOSA's layout; SAME 3x3 pads 1 on each side.
// CHECK-NEXT:  %[[ACC:.*]] = "tosa.conv2d"(%[[X]], %[[W]], %[[B]], %[[IN_ZP]], %[[W_ZP]]) {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x3x5x7xi8>, tensor<2x3x3x7xi8>, tensor<2xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x5x2xi32>
// 0.5 * 0.25 / 1.0 = 0.125 = 0.5 * 2^-2 -> (1073741824, -2) -> shift 33
// 0.5 * 0.125 / 1.0 = 0.0625 = 0.5 * 2^-3 -> (1073741824, -3) -> shift 34
// CHECK-NEXT:  %[[MULT:.*]] = "tosa.const"() {values = dense<1073741824> : tensor<2xi32>}
// CHECK-NEXT:  %[[SHIFT:.*]] = "tosa.const"() {values = dense<[33, 34]> : tensor<2xi8>}
// CHECK-NEXT:  %[[ACC_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[OUT_ZP:.*]] = "tosa.const"() {values = dense<5> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[ACC]], %[[MULT]], %[[SHIFT]], %[[ACC_ZP]], %[[OUT_ZP]]) {input_unsigned = false, output_unsigned = false, per_channel = true, rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, scale32 = true} : (tensor<1x3x5x2xi32>, tensor<2xi32>, tensor<2xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x3x5x2xi8>
// No fused activation: no clamp.
// CHECK-NEXT:  %[[Q:.*]] = quant.scast %[[Y]] : tensor<1x3x5x2xi8> to tensor<1x3x5x2x!quant.uniform<i8:f32, 1.000000e+00:5>>
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
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[Y]]) {max_val = 127 : i8, min_val = 7 : i8} : (tensor<1x3x5x3xi8>) -> tensor<1x3x5x3xi8>
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
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[Y]]) {max_val = 0 : i8, min_val = -128 : i8}
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
// CHECK:       "tosa.conv2d"(%[[CROP]], {{.*}}) {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : {{.*}} -> tensor<1x2x4x2xi32>
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
// CHECK:       "tosa.conv2d"({{.*}}) {acc_type = i32, dilation = array<i64: 2, 2>, pad = array<i64: 0, 1, 1, 2>, stride = array<i64: 2, 2>} : (tensor<1x4x6x3xi8>, tensor<2x2x3x3xi8>, tensor<2xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x3x2xi32>
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

// A left shift on one channel only: MBQM's `x * 2^e` (it wraps, see
// @conv2d_multiplier_2_pow_29_shifts_left_with_wrap_int8) is a per-channel
// tosa.logical_left_shift by max(e, 0).
//   1.0 * 1.0 / 2^-28 = 2^28 -> (1073741824, 29): left shift 29, then 2^28 / 2^29 = 0.5
//     -> (1073741824, 0) -> shift 31
//   1.0 * 2^-30 / 2^-28 = 0.25 -> (1073741824, -1): no left shift, shift 32
!x = !quant.uniform<i8:f32, 1.0>
!w = !quant.uniform<i8<-127:127>:f32:0, {1.0, 9.313225746154785e-10}>
!b = !quant.uniform<i32:f32:0, {1.0, 9.313225746154785e-10}>
!y = !quant.uniform<i8:f32, 3.725290298461914e-09>
// CHECK-LABEL: @conv2d_per_channel_left_shift_int8
// CHECK:       %[[ACC:.*]] = "tosa.conv2d"
// CHECK-NEXT:  %[[LEFT:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[}}29, 0]]]]> : tensor<1x1x1x2xi32>}
// CHECK-NEXT:  %[[SHIFTED:.*]] = "tosa.logical_left_shift"(%[[ACC]], %[[LEFT]])
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<2xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<[31, 32]> : tensor<2xi8>}
func.func @conv2d_per_channel_left_shift_int8(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<1> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<0> : tensor<2xi32>} : () -> tensor<2x!b>
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2x!b>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// QuantizeMultiplier's carry: q * 2^31 rounds up to 2^31, so (2^30, e + 1).
// (1 + 2^-23) * (1 - 2^-23) / 1.0 = 1 - 2^-46 = 0.9999999999999858 (exact in double),
// frexp -> (1 - 2^-46, 0), round((1 - 2^-46) * 2^31) = 2^31 -> (1073741824, 1): a left
// shift by 1, then (1 - 2^-46) / 2 -> the same carry -> (1073741824, 0) -> shift 31
!x = !quant.uniform<i8:f32, 1.0000001192092896>
!w = !quant.uniform<i8<-127:127>:f32, 0.9999998807907104>
!b = !quant.uniform<i32:f32, 0.9999999999999858>
!y = !quant.uniform<i8:f32, 1.0>
// CHECK-LABEL: @conv2d_multiplier_rounds_up_to_next_power_of_two_int8
// CHECK:       "tosa.conv2d"
// CHECK-NEXT:  "tosa.const"() {values = dense<1> : tensor<1x1x1x1xi32>}
// CHECK-NEXT:  "tosa.logical_left_shift"
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<31> : tensor<1xi8>}
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
// CHECK:       arith.constant {{.*}} : tensor<1x2x3x4xi8>
// CHECK:       %[[B:.*]] = arith.constant {{.*}} : tensor<4xi32>
// CHECK:       %[[X:.*]] = quant.scast %arg0 : {{.*}} to tensor<1x4x6x2xi8>
// TFLite's [1, KH, KW, C*M] weights (output channel c*M + m) are TOSA's [KH, KW, C, M]
// in the same element order: a reshape, done at compile time.
// CHECK-NEXT:  %[[W:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[}}-11, -10], [-9, -8]], {{\[\[}}-7, -6], [-5, -4]], {{\[\[}}-3, -2], [-1, 0]]], {{\[\[\[}}1, 2], [3, 4]], {{\[\[}}5, 6], [7, 8]], {{\[\[}}9, 10], [11, 12]]]]> : tensor<2x3x2x2xi8>}
// CHECK-NEXT:  %[[IN_ZP:.*]] = "tosa.const"() {values = dense<-32> : tensor<1xi8>}
// CHECK-NEXT:  %[[W_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// SAME 2x3 kernel: rows total 1 -> pad 0 before, 1 after; columns total 2 -> 1, 1.
// CHECK-NEXT:  %[[ACC:.*]] = "tosa.depthwise_conv2d"(%[[X]], %[[W]], %[[B]], %[[IN_ZP]], %[[W_ZP]]) {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x6x2xi8>, tensor<2x3x2x2xi8>, tensor<4xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x6x4xi32>
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
// CHECK-SAME:    (%[[ARG:.*]]: tensor<1x4x6x2x!quant.uniform<i8:f32, 5.000000e-01:-3>>, %[[WARG:.*]]: tensor<1x2x3x4x
// CHECK:       %[[W:.*]] = quant.scast %[[WARG]] : {{.*}} to tensor<1x2x3x4xi8>
// Weights that are not a constant are reshaped at run time.
// CHECK:       %[[SHAPE:.*]] = "tosa.const_shape"() {values = dense<[2, 3, 2, 2]> : tensor<4xindex>}
// CHECK-NEXT:  %[[WT:.*]] = "tosa.reshape"(%[[W]], %[[SHAPE]]) : (tensor<1x2x3x4xi8>, !tosa.shape<4>) -> tensor<2x3x2x2xi8>
// CHECK:       "tosa.depthwise_conv2d"(%{{.*}}, %[[WT]], {{.*}}) {acc_type = {{.*}}, pad = array<i64: 0, 0, 0, 0>, {{.*}} -> tensor<1x3x4x4xi32>
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
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1xf32>}
// CHECK-NEXT:  %[[ACC:.*]] = "tosa.conv2d"(%[[X]], %[[W]], %[[B]], %[[ZP]], %[[ZP]]) {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x3x5x7xf32>, tensor<2x3x3x7xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x5x2xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%[[ACC]]) {max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32}
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
// CHECK:       %[[B:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<6xf32>}
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1xf32>}
// CHECK-NEXT:  %[[WT:.*]] = "tosa.const"() {values = dense<{{.*}}> : tensor<2x3x2x3xf32>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.depthwise_conv2d"(%[[X]], %[[WT]], %[[B]], %[[ZP]], %[[ZP]]) {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x6x2xf32>, tensor<2x3x2x3xf32>, tensor<6xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x4x6xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @depthwise_conv2d_float_no_bias(%arg0: tensor<1x4x6x2xf32>) -> tensor<1x3x4x6xf32> {
  %w = "tfl.pseudo_const"() {value = dense<0.5> : tensor<1x2x3x6xf32>} : () -> tensor<1x2x3x6xf32>
  %0 = "tfl.depthwise_conv_2d"(%arg0, %w) {depth_multiplier = 3 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x6x2xf32>, tensor<1x2x3x6xf32>) -> tensor<1x3x4x6xf32>
  return %0 : tensor<1x3x4x6xf32>
}

// -----

// A float conv with a dynamic height has no lowering (a dynamic batch has: legalize/dynamic.mlir): it stays a tfl op.
// CHECK-LABEL: @conv2d_float_dynamic_height_is_unlowered
// CHECK-NEXT:  %[[B:.*]] = arith.constant dense<0.000000e+00> : tensor<2xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tfl.conv_2d"(%arg0, %arg1, %[[B]])
// CHECK-NEXT:  return %[[Y]]
func.func @conv2d_float_dynamic_height_is_unlowered(%arg0: tensor<1x?x5x7xf32>, %arg1: tensor<2x1x1x7xf32>) -> tensor<1x?x5x2xf32> {
  %b = "tfl.pseudo_const"() {value = dense<0.0> : tensor<2xf32>} : () -> tensor<2xf32>
  // expected-remark@+1 {{unlowered: dynamic shape of operand 0 (tensor<1x?x5x7xf32>) outside the first (batch) dimension}}
  %0 = "tfl.conv_2d"(%arg0, %arg1, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x?x5x7xf32>, tensor<2x1x1x7xf32>, tensor<2xf32>) -> tensor<1x?x5x2xf32>
  return %0 : tensor<1x?x5x2xf32>
}

// -----

// uint8 (reference/conv.h): the input and filter become q - 128 (the flip q ^ 0x80) with
// zero points 131 - 128 = 3 and 119 - 128 = -9 (the filter's zero point counts for uint8),
// and the multiplier takes GetQuantizedConvolutionMultipler's float32 product:
//   float32(0.1f * 0.3f) = 0.030000001192092896 (in double: 0.03000000163912775)
//   0.030000001192092896 / 0.699999988079071 = 0.04285714528998554
//   = 0.6857...*2^-4 -> (1472560299, -4) -> shift 35   (the double product gives 1472560321)
!x = !quant.uniform<u8:f32, 0.1:131>
!w = !quant.uniform<u8<1:255>:f32, 0.3:119>
!b = !quant.uniform<i32:f32, 0.03>
!y = !quant.uniform<u8:f32, 0.7:11>
// CHECK-LABEL: @conv2d_per_tensor_relu_uint8
// CHECK:       %[[B:.*]] = arith.constant dense<[3, -4]> : tensor<2xi32>
// CHECK:       %[[X:.*]] = quant.scast %arg0 : tensor<1x3x5x7x!quant.uniform<u8:f32, 1.000000e-01:131>> to tensor<1x3x5x7xi8>
// CHECK-NEXT:  %[[FLIP:.*]] = "tosa.const"() {values = dense<-128> : tensor<1x1x1x1xi8>}
// CHECK-NEXT:  %[[XS:.*]] = "tosa.bitwise_xor"(%[[X]], %[[FLIP]])
// Stored 1..7 and -1..-7 are uint8 1..7 and 255..249: minus 128.
// CHECK-NEXT:  %[[W:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[}}-127, -126, -125, -124, -123, -122, -121]]], {{\[\[\[}}127, 126, 125, 124, 123, 122, 121]]]]> : tensor<2x1x1x7xi8>}
// CHECK-NEXT:  %[[X_ZP:.*]] = "tosa.const"() {values = dense<3> : tensor<1xi8>}
// CHECK-NEXT:  %[[W_ZP:.*]] = "tosa.const"() {values = dense<-9> : tensor<1xi8>}
// CHECK-NEXT:  %[[ACC:.*]] = "tosa.conv2d"(%[[XS]], %[[W]], %[[B]], %[[X_ZP]], %[[W_ZP]]) {{.*}}{acc_type = i32, {{.*}}}
// CHECK-NEXT:  "tosa.const"() {values = dense<1472560299> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<35> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// The output zero point 11 on the signed view: 11 - 128 = -117.
// CHECK-NEXT:  %[[OUT_ZP:.*]] = "tosa.const"() {values = dense<-117> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[ACC]], {{.*}}, %[[OUT_ZP]]) {{.*}}per_channel = false{{.*}} -> tensor<1x3x5x2xi8>
// RELU: [max(0, 11 + round(0 / 0.699999988)), 255] = [11, 255], on the signed view [-117, 127].
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[Y]]) {max_val = 127 : i8, min_val = -117 : i8}
// CHECK-NEXT:  "tosa.const"() {values = dense<-128> : tensor<1x1x1x1xi8>}
// CHECK-NEXT:  %[[U:.*]] = "tosa.bitwise_xor"(%[[R]], %{{.*}})
// CHECK-NEXT:  quant.scast %[[U]] : tensor<1x3x5x2xi8> to tensor<1x3x5x2x!quant.uniform<u8:f32, 0.69999999999999996:11>>
func.func @conv2d_per_tensor_relu_uint8(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<[[[[1, 2, 3, 4, 5, 6, 7]]], [[[-1, -2, -3, -4, -5, -6, -7]]]]> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<[3, -4]> : tensor<2xi32>} : () -> tensor<2x!b>
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "RELU", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2x!b>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// int16x8 with an int64 bias (quantized_bias_type unset reads as FLOAT32, which selects
// the int64 accumulator, conv.cc): the input is split into x >> 8 and (x & 255) - 128
// (zero point -128), one i8 convolution each; the generic sums 256 * high + low in i64,
// adds the bias and applies the int64 MBQM: m16 = (m + 2^15) >> 16, n = 15 - e.
//   7.629247556906193e-05 * 0.00708637572824955 / 0.0001831110566854477 = 0.0029525095693669168
//     -> (1623159301, -8) -> m16 = (1623159301 + 32768) >> 16 = 24767, n = 23
//   7.629247556906193e-05 * 0.0033299424685537815 / 0.0001831110566854477 = 0.0013873...
//     -> (1525470085, -9) -> m16 = 23277, n = 24
!x = !quant.uniform<i16:f32, 7.629247556906193e-05>
!w = !quant.uniform<i8<-127:127>:f32:0, {0.00708637572824955, 0.0033299424685537815}>
!y = !quant.uniform<i16:f32, 0.0001831110566854477>
// CHECK-LABEL: @conv2d_int64_bias_relu6_int16x8
// CHECK:       %[[W:.*]] = arith.constant dense<1> : tensor<2x1x1x7xi8>
// CHECK:       %[[BIAS:.*]] = arith.constant {tfl.quantization = {{.*}}} dense<[106818, -987908]> : tensor<2xi64>
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0 : {{.*}} to tensor<1x3x5x7xi16>
// CHECK-NEXT:  %[[EIGHT:.*]] = "tosa.const"() {values = dense<8> : tensor<1x1x1x1xi16>}
// CHECK-NEXT:  %[[SHIFTED:.*]] = "tosa.arithmetic_right_shift"(%[[X]], %[[EIGHT]]) {round = false}
// CHECK-NEXT:  %[[HIGH:.*]] = "tosa.cast"(%[[SHIFTED]]) : (tensor<1x3x5x7xi16>) -> tensor<1x3x5x7xi8>
// CHECK-NEXT:  %[[BYTE:.*]] = "tosa.cast"(%[[X]]) : (tensor<1x3x5x7xi16>) -> tensor<1x3x5x7xi8>
// CHECK-NEXT:  "tosa.const"() {values = dense<-128> : tensor<1x1x1x1xi8>}
// CHECK-NEXT:  %[[LOW:.*]] = "tosa.bitwise_xor"(%[[BYTE]], %{{.*}})
// CHECK-NEXT:  %[[NO_BIAS:.*]] = "tosa.const"() {values = dense<0> : tensor<2xi32>}
// CHECK-NEXT:  %[[ZP0:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[W_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[ACC_HIGH:.*]] = "tosa.conv2d"(%[[HIGH]], %[[W]], %[[NO_BIAS]], %[[ZP0]], %[[W_ZP]]) {{.*}} -> tensor<1x3x5x2xi32>
// CHECK-NEXT:  "tosa.const"
// CHECK-NEXT:  %[[ZP128:.*]] = "tosa.const"() {values = dense<-128> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"
// CHECK-NEXT:  %[[ACC_LOW:.*]] = "tosa.conv2d"(%[[LOW]], %[[W]], %{{.*}}, %[[ZP128]], %{{.*}}) {{.*}} -> tensor<1x3x5x2xi32>
// CHECK-NEXT:  %[[M16:.*]] = "tosa.const"() {values = dense<[24767, 23277]> : tensor<2xi64>}
// CHECK-NEXT:  %[[N:.*]] = "tosa.const"() {values = dense<[23, 24]> : tensor<2xi64>}
// CHECK-NEXT:  "tensor.empty"() : () -> tensor<1x3x5x2xi16>
// CHECK-NEXT:  %[[Y:.*]] = "linalg.generic"(%[[ACC_HIGH]], %[[ACC_LOW]], %[[BIAS]], %[[M16]], %[[N]], %{{.*}}) ({
// CHECK-NEXT:  ^bb0(%[[AH:.*]]: i32, %[[AL:.*]]: i32, %[[B:.*]]: i64, %[[M:.*]]: i64, %[[S:.*]]: i64, %{{.*}}: i16):
// CHECK-NEXT:    %[[H64:.*]] = "arith.extsi"(%[[AH]]) : (i32) -> i64
// CHECK-NEXT:    %[[C256:.*]] = arith.constant 256 : i64
// CHECK-NEXT:    %[[H256:.*]] = "arith.muli"(%[[H64]], %[[C256]])
// CHECK-NEXT:    %[[L64:.*]] = "arith.extsi"(%[[AL]]) : (i32) -> i64
// CHECK-NEXT:    %[[SUM:.*]] = "arith.addi"(%[[H256]], %[[L64]])
// CHECK-NEXT:    %[[ACC:.*]] = "arith.addi"(%[[SUM]], %[[B]])
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-NEXT:    %[[MINUS1:.*]] = arith.constant -1 : i64
// CHECK-NEXT:    %[[S1:.*]] = "arith.addi"(%[[S]], %[[MINUS1]])
// CHECK-NEXT:    %[[ROUND:.*]] = "arith.shli"(%[[ONE]], %[[S1]])
// CHECK-NEXT:    %[[P:.*]] = "arith.muli"(%[[ACC]], %[[M]])
// CHECK-NEXT:    %[[PR:.*]] = "arith.addi"(%[[P]], %[[ROUND]])
// CHECK-NEXT:    %[[Q64:.*]] = "arith.shrsi"(%[[PR]], %[[S]])
// CHECK-NEXT:    %[[Q:.*]] = "arith.trunci"(%[[Q64]]) : (i64) -> i32
// RELU6: [max(-32768, round(0 / so)), min(32767, round(6.0f / 0.0001831110566854477f))] = [0, 32767]
// CHECK-NEXT:    %[[LO:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    "arith.maxsi"(%[[Q]], %[[LO]])
// CHECK-NEXT:    %[[HI:.*]] = arith.constant 32767 : i32
// CHECK-NEXT:    %[[QC:.*]] = "arith.minsi"
// CHECK-NEXT:    %[[Q16:.*]] = "arith.trunci"(%[[QC]]) : (i32) -> i16
// CHECK-NEXT:    "linalg.yield"(%[[Q16]])
// CHECK-NEXT:  }) {{.*}}affine_map<(d0, d1, d2, d3) -> (d3)>{{.*}} -> tensor<1x3x5x2xi16>
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @conv2d_int64_bias_relu6_int16x8(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<1> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_const"() {value = dense<[106818, -987908]> : tensor<2xi64>, tfl.quantization = {scale = [5.406371315075376e-07 : f32, 2.5404955295016407e-07 : f32], zero_point = [0 : i64, 0 : i64], quantized_dimension = 0 : i64}} : () -> tensor<2xi64>
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "RELU6", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2xi64>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// quantized_bias_type INT32: the kernel accumulates in int32 (its `acc +=` wraps), adds the
// int32 bias and applies the int32 MBQM: the generic yields the wrapped sum, one
// tosa.rescale follows. 7.629247556906193e-05 * 0.00708637572824955 / 0.0001831110566854477
// -> (1623159301, -8) -> shift 39 (per-tensor filter: one multiplier).
!x = !quant.uniform<i16:f32, 7.629247556906193e-05>
!w = !quant.uniform<i8<-127:127>:f32, 0.00708637572824955>
!b = !quant.uniform<i32:f32, 5.406371315075376e-07>
!y = !quant.uniform<i16:f32, 0.0001831110566854477>
// CHECK-LABEL: @conv2d_int32_bias_int16x8
// CHECK:       %[[B:.*]] = arith.constant {{.*}} : tensor<2xi32>
// CHECK:       %[[HIGH:.*]] = "tosa.conv2d"
// CHECK:       %[[LOW:.*]] = "tosa.conv2d"
// CHECK-NEXT:  "tensor.empty"() : () -> tensor<1x3x5x2xi32>
// CHECK-NEXT:  %[[ACC:.*]] = "linalg.generic"(%[[HIGH]], %[[LOW]], %[[B]], %{{.*}}) ({
// CHECK-NEXT:  ^bb0(%{{.*}}: i32, %{{.*}}: i32, %[[BIAS:.*]]: i32, %{{.*}}: i32):
// CHECK:         %[[SUM:.*]] = "arith.addi"(%{{.*}}, %{{.*}}) : (i64, i64) -> i64
// CHECK-NEXT:    %[[WRAPPED:.*]] = "arith.trunci"(%[[SUM]]) : (i64) -> i32
// CHECK-NEXT:    %[[BIASED:.*]] = "arith.addi"(%[[WRAPPED]], %[[BIAS]]) : (i32, i32) -> i32
// CHECK-NEXT:    "linalg.yield"(%[[BIASED]]) : (i32) -> ()
// CHECK:       "tosa.const"() {values = dense<1623159301> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<39> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi16>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[ACC]], {{.*}} -> tensor<1x3x5x2xi16>
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @conv2d_int32_bias_int16x8(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<1> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<[106818, -987908]> : tensor<2xi32>} : () -> tensor<2x!b>
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "INT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2x!b>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// An int32 bias without quantized_bias_type INT32: TFLite's Prepare accepts it and Eval
// reads it as int64 (conv.cc, EvalQuantizedPerChannel16x8): the fallback.
!x = !quant.uniform<i16:f32, 7.629247556906193e-05>
!w = !quant.uniform<i8<-127:127>:f32, 0.00708637572824955>
!b = !quant.uniform<i32:f32, 5.406371315075376e-07>
!y = !quant.uniform<i16:f32, 0.0001831110566854477>
// CHECK-LABEL: @conv2d_declines_int32_bias_read_as_int64_int16x8
// CHECK:       "tosa.conv2d"({{.*}}acc_type = f32
// CHECK-NEXT:  quant.qcast
func.func @conv2d_declines_int32_bias_read_as_int64_int16x8(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<1> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<[106818, -987908]> : tensor<2xi32>} : () -> tensor<2x!b>
  // expected-remark@+1 {{fallback: TFLite reads the bias of this int16 op as int64 (quantized_bias_type FLOAT32), but it is tensor<2x!quant.uniform<i32:f32, 5.4063713150753756E-7>>}}
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2x!b>) -> tensor<1x3x5x2x!y>
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
// CHECK-NEXT:  quant.qcast %{{.*}} : tensor<1x3x5x2xf32> to tensor<1x3x5x2x!quant.uniform<i8:f32, 1.000000e+00:5>>
func.func @conv2d_declines_per_axis_input(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<1> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<0> : tensor<2xi32>} : () -> tensor<2x!b>
  // expected-remark@+1 {{fallback: per-axis quantized operand 0}}
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2x!b>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// A dynamic height: neither pattern takes it, so the conv stays a tfl op, on floats
// between the casts.
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!b = !quant.uniform<i32:f32, 0.125>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @conv2d_declines_dynamic_height
// CHECK:       %[[X:.*]] = quant.dcast %arg0 : tensor<1x?x5x7x!quant.uniform<i8:f32, 5.000000e-01:-3>> to tensor<1x?x5x7xf32>
// CHECK-NEXT:  %[[W:.*]] = quant.dcast %{{.*}} to tensor<2x1x1x7xf32>
// CHECK-NEXT:  %[[B:.*]] = quant.dcast %{{.*}} : tensor<2x!quant.uniform<i32:f32, 1.250000e-01>> to tensor<2xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tfl.conv_2d"(%[[X]], %[[W]], %[[B]]) {{.*}} : (tensor<1x?x5x7xf32>, tensor<2x1x1x7xf32>, tensor<2xf32>) -> tensor<1x?x5x2xf32>
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[Y]] : tensor<1x?x5x2xf32> to tensor<1x?x5x2x!quant.uniform<i8:f32, 1.000000e+00:5>>
// CHECK-NEXT:  return %[[Q]]
func.func @conv2d_declines_dynamic_height(%arg0: tensor<1x?x5x7x!x>) -> tensor<1x?x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<1> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<0> : tensor<2xi32>} : () -> tensor<2x!b>
  // expected-remark@+1 {{unlowered: dynamic shape of operand 0 (tensor<1x?x5x7x!quant.uniform<i8:f32, 5.000000e-01:-3>>) outside the first (batch) dimension}}
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x?x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2x!b>) -> tensor<1x?x5x2x!y>
  return %0 : tensor<1x?x5x2x!y>
}

// -----

!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!b = !quant.uniform<i32:f32, 0.125>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @conv2d_dynamic_result
// The integer convolution has the static shape TFLite computes from the static input; a
// tensor.cast on the storage type gives the declared result type.
// CHECK:       "tosa.conv2d"({{.*}}{acc_type = i32, {{.*}}} : {{.*}} -> tensor<1x3x5x2xi32>
// CHECK:       %[[R:.*]] = "tosa.rescale"({{.*}} -> tensor<1x3x5x2xi8>
// CHECK:       %[[C:.*]] = "tensor.cast"(%{{.*}}) : (tensor<1x3x5x2xi8>) -> tensor<?x3x5x2xi8>
// CHECK-NEXT:  quant.scast %[[C]] : tensor<?x3x5x2xi8> to tensor<?x3x5x2x!quant.uniform<i8:f32, 1.000000e+00:5>>
func.func @conv2d_dynamic_result(%arg0: tensor<1x3x5x7x!x>) -> tensor<?x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<1> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<0> : tensor<2xi32>} : () -> tensor<2x!b>
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2x!b>) -> tensor<?x3x5x2x!y>
  return %0 : tensor<?x3x5x2x!y>
}

// -----

// int4 filters are unpacked to int8 (conv.cc); TOSA takes the same values as an i8 constant.
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i4<-7:7>:f32:0, {0.25, 0.125}>
!b = !quant.uniform<i32:f32:0, {0.125, 0.0625}>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @conv2d_int4_weights_int8
// CHECK:       %[[W:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[}}1, 2, 3, 4, 5, 6, 7]]], {{\[\[\[}}-1, -2, -3, -4, -5, -6, -7]]]]> : tensor<2x1x1x7xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-3> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.conv2d"(%{{.*}}, %[[W]], {{.*}}acc_type = i32
// 0.5 * {0.25, 0.125} / 1.0 -> (1073741824, {-2, -3}) -> shifts {33, 34}
// CHECK:       "tosa.const"() {values = dense<[33, 34]> : tensor<2xi8>}
func.func @conv2d_int4_weights_int8(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<[[[[1, 2, 3, 4, 5, 6, 7]]], [[[-1, -2, -3, -4, -5, -6, -7]]]]> : tensor<2x1x1x7xi4>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<0> : tensor<2xi32>} : () -> tensor<2x!b>
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2x!b>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// conv.cc refuses CONV_2D filters with zero points (tfl/verify.mlir); the int8
// DEPTHWISE_CONV_2D kernel takes them and ignores them (depthwise_conv.cc,
// EvalQuantizedPerChannel: weights_offset = 0): the filter zero point is 0 here too.
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8:f32:3, {0.25:0, 0.125:3}>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @depthwise_conv2d_ignores_filter_zero_points_int8
// CHECK:       %[[W_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK:       "tosa.depthwise_conv2d"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[W_ZP]]) {{.*}}acc_type = i32
// 0.5 * {0.25, 0.125} / 1.0 -> shifts {33, 34}
// CHECK:       "tosa.const"() {values = dense<[33, 34]> : tensor<2xi8>}
func.func @depthwise_conv2d_ignores_filter_zero_points_int8(%arg0: tensor<1x3x5x2x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<1x1x1x2x!w>, value = dense<1> : tensor<1x1x1x2xi8>} : () -> tensor<1x1x1x2x!w>
  %0 = "tfl.depthwise_conv_2d"(%arg0, %w) {depth_multiplier = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x2x!x>, tensor<1x1x1x2x!w>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// uint8 DEPTHWISE_CONV_2D (reference_ops::DepthwiseConv) subtracts the filter zero point:
// 119 - 128 = -9 on the signed view, the weights 1 and 255 stored as -127 and 127 in
// TOSA's [KH, KW, C, M] layout; the multiplier is the float32 product's (see
// @conv2d_per_tensor_relu_uint8): (1472560299, -4) -> shift 35.
!x = !quant.uniform<u8:f32, 0.1:131>
!w = !quant.uniform<u8<1:255>:f32, 0.3:119>
!y = !quant.uniform<u8:f32, 0.7:11>
// CHECK-LABEL: @depthwise_conv2d_filter_zero_point_counts_uint8
// CHECK:       %[[B:.*]] = "tosa.const"() {values = dense<0> : tensor<2xi32>}
// CHECK-NEXT:  %[[W:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[}}-127], [127]]]]> : tensor<1x1x2x1xi8>}
// CHECK-NEXT:  %[[X_ZP:.*]] = "tosa.const"() {values = dense<3> : tensor<1xi8>}
// CHECK-NEXT:  %[[W_ZP:.*]] = "tosa.const"() {values = dense<-9> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.depthwise_conv2d"(%{{.*}}, %[[W]], %[[B]], %[[X_ZP]], %[[W_ZP]])
// CHECK-NEXT:  "tosa.const"() {values = dense<1472560299> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<35> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-117> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"
// No activation: the whole uint8 range, no clamp; the flip back to uint8.
// CHECK-NEXT:  "tosa.const"() {values = dense<-128> : tensor<1x1x1x1xi8>}
// CHECK-NEXT:  "tosa.bitwise_xor"(%[[Y]], %{{.*}})
func.func @depthwise_conv2d_filter_zero_point_counts_uint8(%arg0: tensor<1x3x5x2x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<1x1x1x2x!w>, value = dense<[[[[1, -1]]]]> : tensor<1x1x1x2xi8>} : () -> tensor<1x1x1x2x!w>
  %0 = "tfl.depthwise_conv_2d"(%arg0, %w) {depth_multiplier = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x2x!x>, tensor<1x1x1x2x!w>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// TFLite takes the c-th filter scale for output channel c whatever quantized_dimension says
// (PopulateConvolutionQuantizationParams only checks that dimension's size): scales
// quantized "along the input channels" (7 in, 7 out) are read per output channel.
// 0.5 * {0.25, 0.125} / 1.0 -> shifts {33, 34}, alternating.
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32:3, {0.25, 0.125, 0.25, 0.125, 0.25, 0.125, 0.25}>
!b = !quant.uniform<i32:f32:0, {0.125, 0.0625, 0.125, 0.0625, 0.125, 0.0625, 0.125}>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @conv2d_filter_scales_follow_output_channels_whatever_the_axis_int8
// CHECK:       "tosa.conv2d"({{.*}}acc_type = i32
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<7xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<[33, 34, 33, 34, 33, 34, 33]> : tensor<7xi8>}
func.func @conv2d_filter_scales_follow_output_channels_whatever_the_axis_int8(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x7x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<7x1x1x7x!w>, value = dense<1> : tensor<7x1x1x7xi8>} : () -> tensor<7x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<7x!b>, value = dense<0> : tensor<7xi32>} : () -> tensor<7x!b>
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<7x1x1x7x!w>, tensor<7x!b>) -> tensor<1x3x5x7x!y>
  return %0 : tensor<1x3x5x7x!y>
}

// -----

// One scale is per-tensor (TFLite counts the scales, not the axis), broadcast to all four
// channels: 0.5 * 0.25 / 1.0 -> (1073741824, -2) -> shift 33, one rescale multiplier.
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32:0, {0.25}>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @depthwise_conv2d_one_scale_is_per_tensor_int8
// CHECK:       "tosa.depthwise_conv2d"({{.*}}acc_type = i32
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<33> : tensor<1xi8>}
func.func @depthwise_conv2d_one_scale_is_per_tensor_int8(%arg0: tensor<1x3x5x2x!x>) -> tensor<1x3x5x4x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<1x1x1x4x!w>, value = dense<1> : tensor<1x1x1x4xi8>} : () -> tensor<1x1x1x4x!w>
  %0 = "tfl.depthwise_conv_2d"(%arg0, %w) {depth_multiplier = 2 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x2x!x>, tensor<1x1x1x4x!w>) -> tensor<1x3x5x4x!y>
  return %0 : tensor<1x3x5x4x!y>
}

// -----

// A multiplier of 2^29 = 0.5 * 2^30 -> (1073741824, 30): MBQM shifts the int32 accumulator
// left by 30 first, and that product wraps (internal/common.h, compiled
// TFLITE_NO_SANITIZE_INTEGER_OVERFLOW); tosa.logical_left_shift wraps the same way, and the
// rescale is left with 2^29 / 2^30 = 0.5 -> (1073741824, 0) -> shift 31.
!x = !quant.uniform<i8:f32, 1.0>
!w = !quant.uniform<i8<-127:127>:f32, 1.0>
!b = !quant.uniform<i32:f32, 1.0>
!y = !quant.uniform<i8:f32, 1.862645149230957e-09>
// CHECK-LABEL: @conv2d_multiplier_2_pow_29_shifts_left_with_wrap_int8
// CHECK:       %[[ACC:.*]] = "tosa.conv2d"
// CHECK-NEXT:  %[[LEFT:.*]] = "tosa.const"() {values = dense<30> : tensor<1x1x1x1xi32>}
// CHECK-NEXT:  %[[SHIFTED:.*]] = "tosa.logical_left_shift"(%[[ACC]], %[[LEFT]]) : (tensor<1x3x5x2xi32>, tensor<1x1x1x1xi32>) -> tensor<1x3x5x2xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<31> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.rescale"(%[[SHIFTED]],
func.func @conv2d_multiplier_2_pow_29_shifts_left_with_wrap_int8(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<1> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<0> : tensor<2xi32>} : () -> tensor<2x!b>
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2x!b>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// 1.0 * 1.0 / 2^-32 = 2^32 = 0.5 * 2^33 -> (1073741824, 33): a left shift over 31.
!x = !quant.uniform<i8:f32, 1.0>
!w = !quant.uniform<i8<-127:127>:f32, 1.0>
!b = !quant.uniform<i32:f32, 1.0>
!y = !quant.uniform<i8:f32, 2.3283064365386963e-10>
// CHECK-LABEL: @conv2d_declines_multiplier_too_large
// CHECK:       "tosa.conv2d"({{.*}}acc_type = f32
// CHECK-NEXT:  quant.qcast
// CHECK-NOT:   "tosa.rescale"
func.func @conv2d_declines_multiplier_too_large(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<1> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<0> : tensor<2xi32>} : () -> tensor<2x!b>
  // expected-remark@+1 {{fallback: requantization multiplier 4294967296.0 needs a left shift over 31}}
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2x!b>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// Grouped CONV_2D (6 input channels, filters of 2: three groups; conv.cc runs the reference
// kernel, which computes output channel c from input channels [2g, 2g + 2), g = c / 1): one
// tosa.conv2d per group on slices of the input, filter and bias, concatenated; then one
// per-channel rescale. 0.5 * {0.25, 0.125, 0.5} / 1.0 = {2^-3, 2^-4, 2^-2}
// -> (1073741824, {-2, -3, -1}) -> shifts {33, 34, 32}.
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32:0, {0.25, 0.125, 0.5}>
!b = !quant.uniform<i32:f32:0, {0.125, 0.0625, 0.25}>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @conv2d_three_groups_int8
// CHECK:       %[[X:.*]] = quant.scast %arg0 : {{.*}} to tensor<1x3x5x6xi8>
// CHECK:       "tosa.const_shape"() {values = dense<0> : tensor<4xindex>}
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 3, 5, 2]> : tensor<4xindex>}
// CHECK-NEXT:  %[[X0:.*]] = "tosa.slice"(%[[X]], {{.*}}) : {{.*}} -> tensor<1x3x5x2xi8>
// CHECK:       %[[W0:.*]] = "tosa.slice"({{.*}}) : {{.*}} -> tensor<1x1x1x2xi8>
// CHECK:       %[[B0:.*]] = "tosa.slice"({{.*}}) : {{.*}} -> tensor<1xi32>
// CHECK:       %[[ACC0:.*]] = "tosa.conv2d"(%[[X0]], %[[W0]], %[[B0]], {{.*}} -> tensor<1x3x5x1xi32>
// CHECK:       "tosa.const_shape"() {values = dense<[0, 0, 0, 2]> : tensor<4xindex>}
// CHECK:       %[[ACC1:.*]] = "tosa.conv2d"({{.*}} -> tensor<1x3x5x1xi32>
// CHECK:       "tosa.const_shape"() {values = dense<[0, 0, 0, 4]> : tensor<4xindex>}
// CHECK:       %[[ACC2:.*]] = "tosa.conv2d"({{.*}} -> tensor<1x3x5x1xi32>
// CHECK-NEXT:  %[[ACC:.*]] = "tosa.concat"(%[[ACC0]], %[[ACC1]], %[[ACC2]]) {axis = 3 : i32} : {{.*}} -> tensor<1x3x5x3xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<3xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<[33, 34, 32]> : tensor<3xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<5> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.rescale"(%[[ACC]], {{.*}}per_channel = true{{.*}} -> tensor<1x3x5x3xi8>
func.func @conv2d_three_groups_int8(%arg0: tensor<1x3x5x6x!x>) -> tensor<1x3x5x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x1x1x2x!w>, value = dense<[[[[1, 2]]], [[[3, 4]]], [[[5, 6]]]]> : tensor<3x1x1x2xi8>} : () -> tensor<3x1x1x2x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<3x!b>, value = dense<[7, 8, 9]> : tensor<3xi32>} : () -> tensor<3x!b>
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x6x!x>, tensor<3x1x1x2x!w>, tensor<3x!b>) -> tensor<1x3x5x3x!y>
  return %0 : tensor<1x3x5x3x!y>
}

// -----

// A float grouped CONV_2D: two groups of 2 input and 3 output channels.
// CHECK-LABEL: @conv2d_two_groups_float
// CHECK-SAME:    (%[[X:.*]]: tensor<1x3x5x4xf32>, %[[W:.*]]: tensor<6x1x1x2xf32>, %[[B:.*]]: tensor<6xf32>)
// CHECK:       %[[X0:.*]] = "tosa.slice"(%[[X]], {{.*}} -> tensor<1x3x5x2xf32>
// CHECK:       %[[W0:.*]] = "tosa.slice"(%[[W]], {{.*}} -> tensor<3x1x1x2xf32>
// CHECK:       %[[B0:.*]] = "tosa.slice"(%[[B]], {{.*}} -> tensor<3xf32>
// CHECK-NEXT:  %[[Y0:.*]] = "tosa.conv2d"(%[[X0]], %[[W0]], %[[B0]], {{.*}} -> tensor<1x3x5x3xf32>
// CHECK:       "tosa.const_shape"() {values = dense<[0, 0, 0, 2]> : tensor<4xindex>}
// CHECK:       "tosa.const_shape"() {values = dense<[3, 0, 0, 0]> : tensor<4xindex>}
// CHECK:       "tosa.const_shape"() {values = dense<3> : tensor<1xindex>}
// CHECK:       %[[Y1:.*]] = "tosa.conv2d"({{.*}} -> tensor<1x3x5x3xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.concat"(%[[Y0]], %[[Y1]]) {axis = 3 : i32} : {{.*}} -> tensor<1x3x5x6xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @conv2d_two_groups_float(%arg0: tensor<1x3x5x4xf32>, %arg1: tensor<6x1x1x2xf32>, %arg2: tensor<6xf32>) -> tensor<1x3x5x6xf32> {
  %0 = "tfl.conv_2d"(%arg0, %arg1, %arg2) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x4xf32>, tensor<6x1x1x2xf32>, tensor<6xf32>) -> tensor<1x3x5x6xf32>
  return %0 : tensor<1x3x5x6xf32>
}

// -----

// int16x8 DEPTHWISE_CONV_2D always reads an int64 bias (depthwise_conv.cc): the two
// planes, each one i8 depthwise convolution, then the int64 MBQM per channel
// (multipliers of @conv2d_int64_bias_relu6_int16x8: m16 {24767, 23277}, n {23, 24}).
!x = !quant.uniform<i16:f32, 7.629247556906193e-05>
!w = !quant.uniform<i8<-127:127>:f32:3, {0.00708637572824955, 0.0033299424685537815, 0.00708637572824955, 0.0033299424685537815}>
!y = !quant.uniform<i16:f32, 0.0001831110566854477>
// CHECK-LABEL: @depthwise_conv2d_int16x8
// CHECK:       %[[BIAS:.*]] = arith.constant {{.*}} dense<[106818, -987908, 5, 0]> : tensor<4xi64>
// CHECK:       %[[W:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[}}1, -2], [3, -4]]]]> : tensor<1x1x2x2xi8>}
// CHECK:       %[[HIGH:.*]] = "tosa.depthwise_conv2d"({{.*}}, %[[W]], {{.*}} -> tensor<1x3x5x4xi32>
// CHECK:       %[[LOW:.*]] = "tosa.depthwise_conv2d"({{.*}} -> tensor<1x3x5x4xi32>
// CHECK-NEXT:  %[[M16:.*]] = "tosa.const"() {values = dense<[24767, 23277, 24767, 23277]> : tensor<4xi64>}
// CHECK-NEXT:  %[[N:.*]] = "tosa.const"() {values = dense<[23, 24, 23, 24]> : tensor<4xi64>}
// CHECK-NEXT:  "tensor.empty"() : () -> tensor<1x3x5x4xi16>
// CHECK-NEXT:  "linalg.generic"(%[[HIGH]], %[[LOW]], %[[BIAS]], %[[M16]], %[[N]], %{{.*}})
func.func @depthwise_conv2d_int16x8(%arg0: tensor<1x3x5x2x!x>) -> tensor<1x3x5x4x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<1x1x1x4x!w>, value = dense<[[[[1, -2, 3, -4]]]]> : tensor<1x1x1x4xi8>} : () -> tensor<1x1x1x4x!w>
  %b = "tfl.pseudo_const"() {value = dense<[106818, -987908, 5, 0]> : tensor<4xi64>, tfl.quantization = {scale = [5.406371315075376e-07 : f32, 2.5404955295016407e-07 : f32, 5.406371315075376e-07 : f32, 2.5404955295016407e-07 : f32], zero_point = [0 : i64, 0 : i64, 0 : i64, 0 : i64], quantized_dimension = 0 : i64}} : () -> tensor<4xi64>
  %0 = "tfl.depthwise_conv_2d"(%arg0, %w, %b) {depth_multiplier = 2 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x2x!x>, tensor<1x1x1x4x!w>, tensor<4xi64>) -> tensor<1x3x5x4x!y>
  return %0 : tensor<1x3x5x4x!y>
}

// -----

// The int16 DEPTHWISE_CONV_2D kernel reads a packed int4 filter as int8 bytes (nothing
// unpacks it in EvalQuantizedPerChannel16x8): the fallback.
!x = !quant.uniform<i16:f32, 7.629247556906193e-05>
!w = !quant.uniform<i4:f32, 0.00708637572824955>
!y = !quant.uniform<i16:f32, 0.0001831110566854477>
// CHECK-LABEL: @depthwise_conv2d_declines_int4_filter_int16x8
// CHECK:       "tosa.depthwise_conv2d"({{.*}}acc_type = f32
// CHECK-NEXT:  quant.qcast
func.func @depthwise_conv2d_declines_int4_filter_int16x8(%arg0: tensor<1x3x5x2x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<1x1x1x2x!w>, value = dense<[[[[1, -2]]]]> : tensor<1x1x1x2xi4>} : () -> tensor<1x1x1x2x!w>
  // expected-remark@+1 {{fallback: TFLite's i16 depthwise kernel reads the packed int4 filter as int8 bytes}}
  %0 = "tfl.depthwise_conv_2d"(%arg0, %w) {depth_multiplier = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x2x!x>, tensor<1x1x1x2x!w>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// TRANSPOSE_CONV (output_shape, filter [OC, KH, KW, IC], input, bias): TFLite scatters
// input row iy to output rows iy * stride - pad + ky, with pad = max((in - 1) * stride +
// kernel - out, 0) / 2 (kernels/transpose_conv.cc), TOSA to iy * stride + out_pad_top + ky:
// out_pad_top = -pad, out_pad_bottom = out - (in - 1) * stride - kernel + pad.
//   rows:    in 3, kernel 3, stride 1, out 3: pad (2 + 3 - 3) / 2 = 1 -> -1, 3 - 2 - 3 + 1 = -1
//   columns: in 4, kernel 5, stride 2, out 8: pad (6 + 5 - 8) / 2 = 1 -> -1, 8 - 6 - 5 + 1 = -2
// CHECK-LABEL: @transpose_conv_same_float
// CHECK-SAME:    (%[[X:.*]]: tensor<1x3x4x5xf32>, %[[W:.*]]: tensor<2x3x5x5xf32>)
// CHECK:       %[[B:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<2xf32>}
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1xf32>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.transpose_conv2d"(%[[X]], %[[W]], %[[B]], %[[ZP]], %[[ZP]]) {acc_type = f32, out_pad = array<i64: -1, -1, -1, -2>, stride = array<i64: 1, 2>} : (tensor<1x3x4x5xf32>, tensor<2x3x5x5xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x8x2xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @transpose_conv_same_float(%arg0: tensor<1x3x4x5xf32>, %arg1: tensor<2x3x5x5xf32>) -> tensor<1x3x8x2xf32> {
  %s = "tfl.pseudo_const"() {value = dense<[1, 3, 8, 2]> : tensor<4xi32>} : () -> tensor<4xi32>
  %b = "tfl.no_value"() {value} : () -> none
  %0 = "tfl.transpose_conv"(%s, %arg1, %arg0, %b) {fused_activation_function = "NONE", padding = "SAME", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 2 : i32} : (tensor<4xi32>, tensor<2x3x5x5xf32>, tensor<1x3x4x5xf32>, none) -> tensor<1x3x8x2xf32>
  return %0 : tensor<1x3x8x2xf32>
}

// -----

// int8 TRANSPOSE_CONV (reference/integer_ops/transpose_conv.h): the filter's zero points are
// ignored (no filter offset), per-channel multipliers as for CONV_2D:
// 0.5 * {0.25, 0.125} / 1.0 -> shifts {33, 34}. VALID, stride 2, 3x4 -> 8x9 with a 3x3
// filter: pad 0; rows 8 - 4 - 3 = 1 after, columns 9 - 6 - 3 = 0 (the last row only gets
// the bias). RELU: [5, 127].
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32:0, {0.25, 0.125:4}>
!b = !quant.uniform<i32:f32:0, {0.125, 0.0625}>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @transpose_conv_valid_stride2_relu_int8
// CHECK:       %[[W:.*]] = arith.constant {{.*}} : tensor<2x3x3x5xi8>
// CHECK:       %[[B:.*]] = arith.constant {{.*}} : tensor<2xi32>
// CHECK:       %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  %[[X_ZP:.*]] = "tosa.const"() {values = dense<-3> : tensor<1xi8>}
// CHECK-NEXT:  %[[W_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[ACC:.*]] = "tosa.transpose_conv2d"(%[[X]], %[[W]], %[[B]], %[[X_ZP]], %[[W_ZP]]) {acc_type = i32, out_pad = array<i64: 0, 1, 0, 0>, stride = array<i64: 2, 2>} : {{.*}} -> tensor<1x8x9x2xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<2xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<[33, 34]> : tensor<2xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<5> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[ACC]], {{.*}} -> tensor<1x8x9x2xi8>
// CHECK-NEXT:  "tosa.clamp"(%[[Y]]) {max_val = 127 : i8, min_val = 5 : i8}
func.func @transpose_conv_valid_stride2_relu_int8(%arg0: tensor<1x3x4x5x!x>) -> tensor<1x8x9x2x!y> {
  %s = "tfl.pseudo_const"() {value = dense<[1, 8, 9, 2]> : tensor<4xi32>} : () -> tensor<4xi32>
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x3x3x5x!w>, value = dense<1> : tensor<2x3x3x5xi8>} : () -> tensor<2x3x3x5x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<[3, -4]> : tensor<2xi32>} : () -> tensor<2x!b>
  %0 = "tfl.transpose_conv"(%s, %w, %arg0, %b) {fused_activation_function = "RELU", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<4xi32>, tensor<2x3x3x5x!w>, tensor<1x3x4x5x!x>, tensor<2x!b>) -> tensor<1x8x9x2x!y>
  return %0 : tensor<1x8x9x2x!y>
}

// -----

// uint8 TRANSPOSE_CONV without a bias (reference/transpose_conv.h): zero bias, the filter
// zero point counts (119 - 128 = -9), the float32-product multiplier (1472560299, -4) ->
// shift 35. SAME, stride 2, 3x4 -> 5x7 with a 2x2 filter: pad max(4 + 2 - 5, 0) / 2 = 0,
// after 5 - 4 - 2 = -1; columns max(6 + 2 - 7, 0) / 2 = 0, after 7 - 6 - 2 = -1.
!x = !quant.uniform<u8:f32, 0.1:131>
!w = !quant.uniform<u8<1:255>:f32, 0.3:119>
!y = !quant.uniform<u8:f32, 0.7:11>
// CHECK-LABEL: @transpose_conv_no_bias_uint8
// CHECK:       %[[XS:.*]] = "tosa.bitwise_xor"
// CHECK-NEXT:  %[[B:.*]] = "tosa.const"() {values = dense<0> : tensor<2xi32>}
// Stored 1 is uint8 1: 1 - 128 = -127.
// CHECK-NEXT:  %[[W:.*]] = "tosa.const"() {values = dense<-127> : tensor<2x2x2x5xi8>}
// CHECK-NEXT:  %[[X_ZP:.*]] = "tosa.const"() {values = dense<3> : tensor<1xi8>}
// CHECK-NEXT:  %[[W_ZP:.*]] = "tosa.const"() {values = dense<-9> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.transpose_conv2d"(%[[XS]], %[[W]], %[[B]], %[[X_ZP]], %[[W_ZP]]) {acc_type = i32, out_pad = array<i64: 0, -1, 0, -1>, stride = array<i64: 2, 2>}
// CHECK-NEXT:  "tosa.const"() {values = dense<1472560299> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<35> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-117> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.rescale"
// CHECK-NEXT:  "tosa.const"() {values = dense<-128> : tensor<1x1x1x1xi8>}
// CHECK-NEXT:  "tosa.bitwise_xor"
func.func @transpose_conv_no_bias_uint8(%arg0: tensor<1x3x4x5x!x>) -> tensor<1x5x7x2x!y> {
  %s = "tfl.pseudo_const"() {value = dense<[1, 5, 7, 2]> : tensor<4xi32>} : () -> tensor<4xi32>
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x2x2x5x!w>, value = dense<1> : tensor<2x2x2x5xi8>} : () -> tensor<2x2x2x5x!w>
  %b = "tfl.no_value"() {value} : () -> none
  %0 = "tfl.transpose_conv"(%s, %w, %arg0, %b) {fused_activation_function = "NONE", padding = "SAME", quantized_bias_type = "FLOAT32", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<4xi32>, tensor<2x2x2x5x!w>, tensor<1x3x4x5x!x>, none) -> tensor<1x5x7x2x!y>
  return %0 : tensor<1x5x7x2x!y>
}

// -----

// int16x8 TRANSPOSE_CONV with an int64 bias (quantized_bias_type unset: transpose_conv.cc
// makes its scratch buffer int64): two planes, each one i8 transpose_conv2d, then the int64
// MBQM (m16 {24767, 23277}, n {23, 24}, as @conv2d_int64_bias_relu6_int16x8).
!x = !quant.uniform<i16:f32, 7.629247556906193e-05>
!w = !quant.uniform<i8<-127:127>:f32:0, {0.00708637572824955, 0.0033299424685537815}>
!y = !quant.uniform<i16:f32, 0.0001831110566854477>
// CHECK-LABEL: @transpose_conv_int64_bias_int16x8
// CHECK:       %[[HIGH:.*]] = "tosa.transpose_conv2d"({{.*}} -> tensor<1x3x4x2xi32>
// CHECK:       %[[LOW:.*]] = "tosa.transpose_conv2d"({{.*}} -> tensor<1x3x4x2xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<[24767, 23277]> : tensor<2xi64>}
// CHECK-NEXT:  "tosa.const"() {values = dense<[23, 24]> : tensor<2xi64>}
// CHECK-NEXT:  "tensor.empty"() : () -> tensor<1x3x4x2xi16>
// CHECK-NEXT:  "linalg.generic"(%[[HIGH]], %[[LOW]],
func.func @transpose_conv_int64_bias_int16x8(%arg0: tensor<1x3x4x5x!x>) -> tensor<1x3x4x2x!y> {
  %s = "tfl.pseudo_const"() {value = dense<[1, 3, 4, 2]> : tensor<4xi32>} : () -> tensor<4xi32>
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x5x!w>, value = dense<1> : tensor<2x1x1x5xi8>} : () -> tensor<2x1x1x5x!w>
  %b = "tfl.pseudo_const"() {value = dense<[106818, -987908]> : tensor<2xi64>, tfl.quantization = {scale = [5.406371315075376e-07 : f32, 2.5404955295016407e-07 : f32], zero_point = [0 : i64, 0 : i64], quantized_dimension = 0 : i64}} : () -> tensor<2xi64>
  %0 = "tfl.transpose_conv"(%s, %w, %arg0, %b) {fused_activation_function = "NONE", padding = "SAME", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<4xi32>, tensor<2x1x1x5x!w>, tensor<1x3x4x5x!x>, tensor<2xi64>) -> tensor<1x3x4x2x!y>
  return %0 : tensor<1x3x4x2x!y>
}

// -----

// An int32 bias with quantized_bias_type unset: transpose_conv.cc reads it as int64.
!x = !quant.uniform<i16:f32, 7.629247556906193e-05>
!w = !quant.uniform<i8<-127:127>:f32, 0.00708637572824955>
!b = !quant.uniform<i32:f32, 5.406371315075376e-07>
!y = !quant.uniform<i16:f32, 0.0001831110566854477>
// CHECK-LABEL: @transpose_conv_declines_int32_bias_read_as_int64_int16x8
// CHECK:       "tosa.transpose_conv2d"({{.*}}acc_type = f32
// CHECK-NEXT:  quant.qcast
func.func @transpose_conv_declines_int32_bias_read_as_int64_int16x8(%arg0: tensor<1x3x4x5x!x>) -> tensor<1x3x4x2x!y> {
  %s = "tfl.pseudo_const"() {value = dense<[1, 3, 4, 2]> : tensor<4xi32>} : () -> tensor<4xi32>
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x5x!w>, value = dense<1> : tensor<2x1x1x5xi8>} : () -> tensor<2x1x1x5x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<[106818, -987908]> : tensor<2xi32>} : () -> tensor<2x!b>
  // expected-remark@+1 {{fallback: TFLite reads the bias of this int16 op as int64 (quantized_bias_type FLOAT32), but it is tensor<2x!quant.uniform<i32:f32, 5.4063713150753756E-7>>}}
  %0 = "tfl.transpose_conv"(%s, %w, %arg0, %b) {fused_activation_function = "NONE", padding = "SAME", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<4xi32>, tensor<2x1x1x5x!w>, tensor<1x3x4x5x!x>, tensor<2x!b>) -> tensor<1x3x4x2x!y>
  return %0 : tensor<1x3x4x2x!y>
}

// -----

// An output_shape that is not a constant: TFLite resizes the output at Eval; neither
// pattern takes it, and the op stays a tfl op on floats between the casts.
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @transpose_conv_declines_output_shape_not_constant
// CHECK:       %[[Y:.*]] = "tfl.transpose_conv"(%arg1, {{.*}} : (tensor<4xi32>, tensor<2x2x2x5xf32>, tensor<1x3x4x5xf32>, none) -> tensor<1x5x7x2xf32>
// CHECK-NEXT:  quant.qcast %[[Y]]
func.func @transpose_conv_declines_output_shape_not_constant(%arg0: tensor<1x3x4x5x!x>, %arg1: tensor<4xi32>) -> tensor<1x5x7x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x2x2x5x!w>, value = dense<1> : tensor<2x2x2x5xi8>} : () -> tensor<2x2x2x5x!w>
  %b = "tfl.no_value"() {value} : () -> none
  // expected-remark@+1 {{unlowered: operand 0 (output_shape) is not a compile-time constant}}
  %0 = "tfl.transpose_conv"(%arg1, %w, %arg0, %b) {fused_activation_function = "NONE", padding = "SAME", quantized_bias_type = "FLOAT32", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<4xi32>, tensor<2x2x2x5x!w>, tensor<1x3x4x5x!x>, none) -> tensor<1x5x7x2x!y>
  return %0 : tensor<1x5x7x2x!y>
}

// -----

// CONV_3D (reference/conv3d.h): the [KD, KH, KW, IC, OC] filter becomes tosa.conv3d's
// [OC, KD, KH, KW, IC]; SAME padding as 2-D, the odd extra after (pad d0, d1, top, bottom,
// left, right).
// CHECK-LABEL: @conv3d_float_same_relu
// CHECK-SAME:    (%[[X:.*]]: tensor<1x4x5x6x2xf32>, %[[W:.*]]: tensor<2x3x2x2x3xf32>, %[[B:.*]]: tensor<3xf32>)
// CHECK-NEXT:  %[[WT:.*]] = "tosa.transpose"(%[[W]]) {perms = array<i32: 4, 0, 1, 2, 3>} : (tensor<2x3x2x2x3xf32>) -> tensor<3x2x3x2x2xf32>
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1xf32>}
// CHECK-NEXT:  %[[ACC:.*]] = "tosa.conv3d"(%[[X]], %[[WT]], %[[B]], %[[ZP]], %[[ZP]]) {acc_type = f32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 1, 1, 1, 0, 1>, stride = array<i64: 1, 1, 1>} : (tensor<1x4x5x6x2xf32>, tensor<3x2x3x2x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x5x6x3xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%[[ACC]]) {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32}
// CHECK-NEXT:  return %[[Y]]
func.func @conv3d_float_same_relu(%arg0: tensor<1x4x5x6x2xf32>, %arg1: tensor<2x3x2x2x3xf32>, %arg2: tensor<3xf32>) -> tensor<1x4x5x6x3xf32> {
  %0 = "tfl.conv_3d"(%arg0, %arg1, %arg2) {dilation_d_factor = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "RELU", padding = "SAME", stride_d = 1 : i32, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x5x6x2xf32>, tensor<2x3x2x2x3xf32>, tensor<3xf32>) -> tensor<1x4x5x6x3xf32>
  return %0 : tensor<1x4x5x6x3xf32>
}

// -----

// CONV_3D_TRANSPOSE (reference/conv3d_transpose.h) is a stride-1 tosa.conv3d of the input
// spread by the stride (a unit axis padded to 2, merged back; per axis), with the
// [KD, KH, KW, OC, IC] filter as [OC, KD, KH, KW, IC] mirrored along KD, KH, KW. The spread
// input keeps its last element, not the zeros after it (1x3x5x7); then pad before =
// (K - 1) - pad: depth 1 - 0, height 2 - 0, width 2 - 0 (SAME gives pad 0, 0, 0 here).
// CHECK-LABEL: @conv3d_transpose_float_stride2
// CHECK-SAME:    (%[[X:.*]]: tensor<1x2x3x4x3xf32>, %[[W:.*]]: tensor<2x3x3x2x3xf32>)
// CHECK:       %[[WT:.*]] = "tosa.transpose"(%[[W]]) {perms = array<i32: 3, 0, 1, 2, 4>} : (tensor<2x3x3x2x3xf32>) -> tensor<2x2x3x3x3xf32>
// CHECK-NEXT:  %[[R1:.*]] = "tosa.reverse"(%[[WT]]) {axis = 1 : i32}
// CHECK-NEXT:  %[[R2:.*]] = "tosa.reverse"(%[[R1]]) {axis = 2 : i32}
// CHECK-NEXT:  %[[R3:.*]] = "tosa.reverse"(%[[R2]]) {axis = 3 : i32}
// CHECK:       "tosa.reshape"(%[[X]], %{{.*}}) : (tensor<1x2x3x4x3xf32>, !tosa.shape<3>) -> tensor<2x1x36xf32>
// CHECK:       "tosa.pad"(%{{.*}}) : (tensor<2x1x36xf32>, !tosa.shape<6>, tensor<1xf32>) -> tensor<2x2x36xf32>
// CHECK:       "tosa.pad"(%{{.*}}) : (tensor<12x1x12xf32>, !tosa.shape<6>, tensor<1xf32>) -> tensor<12x2x12xf32>
// CHECK:       "tosa.pad"(%{{.*}}) : (tensor<96x1x3xf32>, !tosa.shape<6>, tensor<1xf32>) -> tensor<96x2x3xf32>
// CHECK:       %[[SPREAD:.*]] = "tosa.reshape"(%{{.*}}) : (tensor<96x2x3xf32>, !tosa.shape<5>) -> tensor<1x4x6x8x3xf32>
// CHECK:       %[[IN:.*]] = "tosa.slice"(%[[SPREAD]], %{{.*}}, %{{.*}}) : (tensor<1x4x6x8x3xf32>, !tosa.shape<5>, !tosa.shape<5>) -> tensor<1x3x5x7x3xf32>
// CHECK-NEXT:  %[[B:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<2xf32>}
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1xf32>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.conv3d"(%[[IN]], %[[R3]], %[[B]], %[[ZP]], %[[ZP]]) {acc_type = f32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 1, 1, 2, 1, 2, 1>, stride = array<i64: 1, 1, 1>} : (tensor<1x3x5x7x3xf32>, tensor<2x2x3x3x3xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x6x8x2xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @conv3d_transpose_float_stride2(%arg0: tensor<1x2x3x4x3xf32>, %arg1: tensor<2x3x3x2x3xf32>) -> tensor<1x4x6x8x2xf32> {
  %shape = "tfl.pseudo_const"() {value = dense<[1, 4, 6, 8, 2]> : tensor<5xi32>} : () -> tensor<5xi32>
  %none = "tfl.no_value"() {value} : () -> none
  %0 = "tfl.conv_3d_transpose"(%shape, %arg1, %arg0, %none) {dilation_d_factor = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_d = 2 : i32, stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<5xi32>, tensor<2x3x3x2x3xf32>, tensor<1x2x3x4x3xf32>, none) -> tensor<1x4x6x8x2xf32>
  return %0 : tensor<1x4x6x8x2xf32>
}

// -----

// CHECK-LABEL: @conv3d_transpose_output_shape_not_constant
// CHECK:       "tfl.conv_3d_transpose"
func.func @conv3d_transpose_output_shape_not_constant(%arg0: tensor<1x2x3x4x3xf32>, %arg1: tensor<2x3x3x2x3xf32>, %shape: tensor<5xi32>) -> tensor<1x4x6x8x2xf32> {
  %none = "tfl.no_value"() {value} : () -> none
  // expected-remark@+1 {{unlowered: operand 0 (output_shape) is not a compile-time constant}}
  %0 = "tfl.conv_3d_transpose"(%shape, %arg1, %arg0, %none) {dilation_d_factor = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_d = 2 : i32, stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<5xi32>, tensor<2x3x3x2x3xf32>, tensor<1x2x3x4x3xf32>, none) -> tensor<1x4x6x8x2xf32>
  return %0 : tensor<1x4x6x8x2xf32>
}
