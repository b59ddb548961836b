// Golden test of legalize/families/matmul/matmul.py: FULLY_CONNECTED and BATCH_MATMUL. FULLY_CONNECTED as
// tosa.matmul (i8 x i8 -> i32; uint8 on q - 128; 16-bit operands as two 8-bit planes), then
// the bias and the reference kernel's double-precision requantization (or, for int16
// filters, the int64 MBQM) in a linalg.generic; BATCH_MATMUL as one tosa.matmul on
// [B, M, K] x [B, K, N] with a tosa.rescale; the float paths; every reason the integer
// patterns decline.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// reference_integer_ops::FullyConnected[PerChannel] (BUILTIN_REF) computes
//   clamp(int32(round(double(acc) * (double(si) * double(sw_c) / double(so)))) + zp_out)
// so the multiplier constant is that double, one per output unit.

!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!b = !quant.uniform<i32:f32, 0.125>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @fully_connected_per_tensor_int8
// CHECK-SAME:    (%[[ARG:.*]]: tensor<3x7x!quant.uniform<i8:f32, 5.000000e-01:-3>>)
// The integer pattern reads the stored constants themselves (no scast pair for canonicalize
// to fold); their scasts to the quantized type stay, unused.
// CHECK:       arith.constant {{.*}} : tensor<5x7xi8>
// CHECK-NEXT:  quant.scast
// CHECK-NEXT:  %[[B:.*]] = arith.constant dense<[1, -2, 3, -4, 5]> : tensor<5xi32>
// CHECK-NEXT:  quant.scast %[[B]]
// CHECK-NEXT:  %[[X:.*]] = quant.scast %[[ARG]] : tensor<3x7x!quant.uniform<i8:f32, 5.000000e-01:-3>> to tensor<3x7xi8>
// CHECK-NEXT:  %[[ROWS_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 3, 7]> : tensor<3xindex>}
// CHECK-NEXT:  %[[ROWS:.*]] = "tosa.reshape"(%[[X]], %[[ROWS_SHAPE]]) : (tensor<3x7xi8>, !tosa.shape<3>) -> tensor<1x3x7xi8>
// TFLite's [units, depth] = [5, 7] weights, transposed at compile time to [1, 7, 5].
// CHECK-NEXT:  %[[W:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}-17, -10, -3, 4, 11], [-16, -9, -2, 5, 12], [-15, -8, -1, 6, 13], [-14, -7, 0, 7, 14], [-13, -6, 1, 8, 15], [-12, -5, 2, 9, 16], [-11, -4, 3, 10, 17]]]> : tensor<1x7x5xi8>}
// CHECK-NEXT:  %[[X_ZP:.*]] = "tosa.const"() {values = dense<-3> : tensor<1xi8>}
// CHECK-NEXT:  %[[W_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[ACC:.*]] = "tosa.matmul"(%[[ROWS]], %[[W]], %[[X_ZP]], %[[W_ZP]]) : (tensor<1x3x7xi8>, tensor<1x7x5xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x5xi32>
// 0.5 * 0.25 / 1.0 = 0.125 for every unit
// CHECK-NEXT:  %[[SCALES:.*]] = "tosa.const"() {values = dense<1.250000e-01> : tensor<5xf64>}
// CHECK-NEXT:  %[[INIT:.*]] = "tensor.empty"() : () -> tensor<1x3x5xi8>
// CHECK-NEXT:  %[[Y:.*]] = "linalg.generic"(%[[ACC]], %[[B]], %[[SCALES]], %[[INIT]]) ({
// CHECK-NEXT:  ^bb0(%[[A:.*]]: i32, %[[BIAS:.*]]: i32, %[[S:.*]]: f64, %{{.*}}: i8):
// The kernel's int32 `acc += bias` (it wraps as arith.addi does).
// CHECK-NEXT:    %[[BIASED:.*]] = "arith.addi"(%[[A]], %[[BIAS]]) : (i32, i32) -> i32
// CHECK-NEXT:    %[[AF:.*]] = "arith.sitofp"(%[[BIASED]]) : (i32) -> f64
// CHECK-NEXT:    %[[REAL:.*]] = "arith.mulf"(%[[AF]], %[[S]]) : (f64, f64) -> f64
// round() of <cmath>: half away from zero, like math.round
// CHECK-NEXT:    %[[ROUNDED:.*]] = "math.round"(%[[REAL]]) : (f64) -> f64
// CHECK-NEXT:    %[[I32_MIN:.*]] = arith.constant 0xC1E0000000000000 : f64
// CHECK-NEXT:    %[[LOW:.*]] = "arith.maximumf"(%[[ROUNDED]], %[[I32_MIN]])
// CHECK-NEXT:    %[[I32_MAX:.*]] = arith.constant 0x41DFFFFFFFC00000 : f64
// CHECK-NEXT:    %[[BOUNDED:.*]] = "arith.minimumf"(%[[LOW]], %[[I32_MAX]])
// CHECK-NEXT:    %[[Q:.*]] = "arith.fptosi"(%[[BOUNDED]]) : (f64) -> i32
// CHECK-NEXT:    %[[OUT_ZP:.*]] = arith.constant 5 : i32
// CHECK-NEXT:    %[[QZ:.*]] = "arith.addi"(%[[Q]], %[[OUT_ZP]]) : (i32, i32) -> i32
// No fused activation: the int8 range.
// CHECK-NEXT:    %[[LO:.*]] = arith.constant -128 : i32
// CHECK-NEXT:    %[[QL:.*]] = "arith.maxsi"(%[[QZ]], %[[LO]])
// CHECK-NEXT:    %[[HI:.*]] = arith.constant 127 : i32
// CHECK-NEXT:    %[[QH:.*]] = "arith.minsi"(%[[QL]], %[[HI]])
// CHECK-NEXT:    %[[Q8:.*]] = "arith.trunci"(%[[QH]]) : (i32) -> i8
// CHECK-NEXT:    "linalg.yield"(%[[Q8]]) : (i8) -> ()
// The scale is indexed by the unit (the last dimension).
// CHECK-NEXT:  }) {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>]{{.*}}} : (tensor<1x3x5xi32>, tensor<5xi32>, tensor<5xf64>, tensor<1x3x5xi8>) -> tensor<1x3x5xi8>
// CHECK-NEXT:  %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[3, 5]> : tensor<2xindex>}
// CHECK-NEXT:  %[[OUT:.*]] = "tosa.reshape"(%[[Y]], %[[OUT_SHAPE]]) : (tensor<1x3x5xi8>, !tosa.shape<2>) -> tensor<3x5xi8>
// CHECK-NEXT:  %[[RESULT:.*]] = quant.scast %[[OUT]] : tensor<3x5xi8> to tensor<3x5x!quant.uniform<i8:f32, 1.000000e+00:5>>
// CHECK-NEXT:  return %[[RESULT]]
func.func @fully_connected_per_tensor_int8(%arg0: tensor<3x7x!x>) -> tensor<3x5x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<5x7x!w>, value = dense<[[-17, -16, -15, -14, -13, -12, -11], [-10, -9, -8, -7, -6, -5, -4], [-3, -2, -1, 0, 1, 2, 3], [4, 5, 6, 7, 8, 9, 10], [11, 12, 13, 14, 15, 16, 17]]> : tensor<5x7xi8>} : () -> tensor<5x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<5x!b>, value = dense<[1, -2, 3, -4, 5]> : tensor<5xi32>} : () -> tensor<5x!b>
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<3x7x!x>, tensor<5x7x!w>, tensor<5x!b>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// Scales of models/fully-connected-batch3-relu.int8.tflite (first three units), with an
// output zero point above -128 so that RELU clamps.
!x = !quant.uniform<i8:f32, 0.01568412408232689:-32>
!w = !quant.uniform<i8<-127:127>:f32:0, {0.002240890869870782, 0.001085967873223126, 0.005454559810459614}>
!y = !quant.uniform<i8:f32, 0.014260579831898212:-20>
// CHECK-LABEL: @fully_connected_per_channel_odd_scales_relu_int8
// CHECK:       %[[ACC:.*]] = "tosa.matmul"({{.*}}) : (tensor<1x2x7xi8>, tensor<1x7x3xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x3xi32>
// 0.01568412408232689 * 0.002240890869870782 / 0.014260579831898212 = 0.0024645849518257967
// 0.01568412408232689 * 0.001085967873223126 / 0.014260579831898212 = 0.0011943732354384197
// 0.01568412408232689 * 0.005454559810459614 / 0.014260579831898212 = 0.005999054308462473
// CHECK-NEXT:  %[[SCALES:.*]] = "tosa.const"() {values = dense<[0.0024645849518257967, 0.0011943732354384197, 0.0059990543084624728]> : tensor<3xf64>}
// CHECK-NEXT:  "tensor.empty"
// CHECK-NEXT:  "linalg.generic"(%[[ACC]], %[[SCALES]], %{{.*}})
// CHECK:         %[[OUT_ZP:.*]] = arith.constant -20 : i32
// CHECK-NEXT:    "arith.addi"(%{{.*}}, %[[OUT_ZP]])
// RELU: [max(-128, -20 + round(0 / so)), 127] = [-20, 127]: the same constant as the zero point.
// CHECK-NEXT:    "arith.maxsi"(%{{.*}}, %[[OUT_ZP]])
// CHECK-NEXT:    %[[HI:.*]] = arith.constant 127 : i32
// CHECK-NEXT:    "arith.minsi"(%{{.*}}, %[[HI]])
func.func @fully_connected_per_channel_odd_scales_relu_int8(%arg0: tensor<2x7x!x>) -> tensor<2x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x7x!w>, value = dense<[[-10, -9, -8, -7, -6, -5, -4], [-3, -2, -1, 0, 1, 2, 3], [4, 5, 6, 7, 8, 9, 10]]> : tensor<3x7xi8>} : () -> tensor<3x7x!w>
  %b = "tfl.no_value"() {value} : () -> none
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "RELU", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x7x!x>, tensor<3x7x!w>, none) -> tensor<2x3x!y>
  return %0 : tensor<2x3x!y>
}

// -----

// The per-tensor reference kernel subtracts the weights' zero point (weights_offset):
// tosa.matmul's second zero point.
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8:f32, 0.25:3>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @fully_connected_asymmetric_per_tensor_weights_int8
// CHECK:       %[[X_ZP:.*]] = "tosa.const"() {values = dense<-3> : tensor<1xi8>}
// CHECK-NEXT:  %[[W_ZP:.*]] = "tosa.const"() {values = dense<3> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.matmul"(%{{.*}}, %{{.*}}, %[[X_ZP]], %[[W_ZP]])
// CHECK-NOT:   "tosa.add"
// 0.5 * 0.25 / 1.0 = 0.125
// CHECK:       "tosa.const"() {values = dense<1.250000e-01> : tensor<3xf64>}
func.func @fully_connected_asymmetric_per_tensor_weights_int8(%arg0: tensor<2x7x!x>) -> tensor<2x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x7x!w>, value = dense<1> : tensor<3x7xi8>} : () -> tensor<3x7x!w>
  %b = "tfl.no_value"() {value} : () -> none
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x7x!x>, tensor<3x7x!w>, none) -> tensor<2x3x!y>
  return %0 : tensor<2x3x!y>
}

// -----

!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @fully_connected_3d_input_keep_num_dims_int8
// TFLite flattens the 2x3x7 input to 6 rows of depth 7, and keeps the leading dims.
// CHECK:       "tosa.const_shape"() {values = dense<[1, 6, 7]> : tensor<3xindex>}
// CHECK-NEXT:  "tosa.reshape"(%{{.*}}, %{{.*}}) : (tensor<2x3x7xi8>, !tosa.shape<3>) -> tensor<1x6x7xi8>
// CHECK:       "tosa.matmul"({{.*}}) -> tensor<1x6x5xi32>
// CHECK:       "tosa.const_shape"() {values = dense<[2, 3, 5]> : tensor<3xindex>}
// CHECK-NEXT:  "tosa.reshape"(%{{.*}}, %{{.*}}) : (tensor<1x6x5xi8>, !tosa.shape<3>) -> tensor<2x3x5xi8>
func.func @fully_connected_3d_input_keep_num_dims_int8(%arg0: tensor<2x3x7x!x>) -> tensor<2x3x5x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<5x7x!w>, value = dense<1> : tensor<5x7xi8>} : () -> tensor<5x7x!w>
  %b = "tfl.no_value"() {value} : () -> none
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = true, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x3x7x!x>, tensor<5x7x!w>, none) -> tensor<2x3x5x!y>
  return %0 : tensor<2x3x5x!y>
}

// -----

!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @fully_connected_3d_input_flattened_int8
// CHECK:       "tosa.reshape"(%{{.*}}, %{{.*}}) : (tensor<2x3x7xi8>, !tosa.shape<3>) -> tensor<1x6x7xi8>
// CHECK:       "tosa.const_shape"() {values = dense<[6, 5]> : tensor<2xindex>}
// CHECK-NEXT:  "tosa.reshape"(%{{.*}}, %{{.*}}) : (tensor<1x6x5xi8>, !tosa.shape<2>) -> tensor<6x5xi8>
func.func @fully_connected_3d_input_flattened_int8(%arg0: tensor<2x3x7x!x>) -> tensor<6x5x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<5x7x!w>, value = dense<1> : tensor<5x7xi8>} : () -> tensor<5x7x!w>
  %b = "tfl.no_value"() {value} : () -> none
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x3x7x!x>, tensor<5x7x!w>, none) -> tensor<6x5x!y>
  return %0 : tensor<6x5x!y>
}

// -----

!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32:0, {0.25, 0.125, 0.0625}>
!y = !quant.uniform<i8:f32, 2.0:1>
// CHECK-LABEL: @fully_connected_weights_not_constant_int8
// CHECK-SAME:    (%{{.*}}: tensor<2x7x!quant.uniform<i8:f32, 5.000000e-01:-3>>, %[[WARG:.*]]: tensor<3x7x
// CHECK:       %[[W:.*]] = quant.scast %[[WARG]] : {{.*}} to tensor<3x7xi8>
// Weights that are not a constant are transposed and reshaped at run time.
// CHECK:       %[[WT:.*]] = "tosa.transpose"(%[[W]]) {perms = array<i32: 1, 0>} : (tensor<3x7xi8>) -> tensor<7x3xi8>
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 7, 3]> : tensor<3xindex>}
// CHECK-NEXT:  %[[WK:.*]] = "tosa.reshape"(%[[WT]], %{{.*}}) : (tensor<7x3xi8>, !tosa.shape<3>) -> tensor<1x7x3xi8>
// CHECK:       "tosa.matmul"(%{{.*}}, %[[WK]], {{.*}} -> tensor<1x2x3xi32>
// 0.5 * {0.25, 0.125, 0.0625} / 2.0 = {0.0625, 0.03125, 0.015625}
// CHECK-NEXT:  "tosa.const"() {values = dense<[6.250000e-02, 3.125000e-02, 1.562500e-02]> : tensor<3xf64>}
func.func @fully_connected_weights_not_constant_int8(%arg0: tensor<2x7x!x>, %arg1: tensor<3x7x!w>) -> tensor<2x3x!y> {
  %b = "tfl.no_value"() {value} : () -> none
  %0 = "tfl.fully_connected"(%arg0, %arg1, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x7x!x>, tensor<3x7x!w>, none) -> tensor<2x3x!y>
  return %0 : tensor<2x3x!y>
}

// -----

// CHECK-LABEL: @fully_connected_float_relu6
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x7xf32>, %[[W:.*]]: tensor<5x7xf32>, %[[B:.*]]: tensor<5xf32>)
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1xf32>}
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 6, 7]> : tensor<3xindex>}
// CHECK-NEXT:  %[[ROWS:.*]] = "tosa.reshape"(%[[X]], %{{.*}}) : (tensor<2x3x7xf32>, !tosa.shape<3>) -> tensor<1x6x7xf32>
// CHECK-NEXT:  %[[WT:.*]] = "tosa.transpose"(%[[W]]) {perms = array<i32: 1, 0>} : (tensor<5x7xf32>) -> tensor<7x5xf32>
// CHECK-NEXT:  "tosa.const_shape"
// CHECK-NEXT:  %[[WK:.*]] = "tosa.reshape"(%[[WT]], %{{.*}}) : (tensor<7x5xf32>, !tosa.shape<3>) -> tensor<1x7x5xf32>
// CHECK-NEXT:  %[[ACC:.*]] = "tosa.matmul"(%[[ROWS]], %[[WK]], %[[ZP]], %[[ZP]]) : (tensor<1x6x7xf32>, tensor<1x7x5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x5xf32>
// CHECK-NEXT:  "tosa.const_shape"
// CHECK-NEXT:  %[[B3:.*]] = "tosa.reshape"(%[[B]], %{{.*}}) : (tensor<5xf32>, !tosa.shape<3>) -> tensor<1x1x5xf32>
// CHECK-NEXT:  %[[BIASED:.*]] = "tosa.add"(%[[ACC]], %[[B3]])
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[BIASED]]) {max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32}
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[6, 5]> : tensor<2xindex>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.reshape"(%[[R]], %{{.*}}) : (tensor<1x6x5xf32>, !tosa.shape<2>) -> tensor<6x5xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @fully_connected_float_relu6(%arg0: tensor<2x3x7xf32>, %arg1: tensor<5x7xf32>, %arg2: tensor<5xf32>) -> tensor<6x5xf32> {
  %0 = "tfl.fully_connected"(%arg0, %arg1, %arg2) {asymmetric_quantize_inputs = false, fused_activation_function = "RELU6", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x3x7xf32>, tensor<5x7xf32>, tensor<5xf32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

// ===--- the integer pattern declines: dcast -> float FC -> qcast ---=== //

// Hybrid with a weight zero point, which TFLite's hybrid kernel does not read (legalize/lib/hybrid.mlir has
// the hybrid pattern): float activations, so only the weights are dequantized and the float
// result is used as it is.
!w = !quant.uniform<i8:f32, 0.25:3>
// CHECK-LABEL: @fully_connected_declines_float_input_int8_weights
// CHECK-SAME:    (%[[X:.*]]: tensor<2x7xf32>)
// CHECK:       %[[W:.*]] = quant.dcast %{{.*}} to tensor<3x7xf32>
// CHECK:       %[[ROWS:.*]] = "tosa.reshape"(%[[X]]
// CHECK:       "tosa.transpose"(%[[W]]
// CHECK:       "tosa.matmul"(%[[ROWS]], {{.*}} -> tensor<1x2x3xf32>
// CHECK:       %[[Y:.*]] = "tosa.reshape"({{.*}} -> tensor<2x3xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @fully_connected_declines_float_input_int8_weights(%arg0: tensor<2x7xf32>) -> tensor<2x3xf32> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x7x!w>, value = dense<1> : tensor<3x7xi8>} : () -> tensor<3x7x!w>
  %b = "tfl.pseudo_const"() {value = dense<[0.5, 1.5, 2.5]> : tensor<3xf32>} : () -> tensor<3xf32>
  // expected-remark@+1 {{fallback: hybrid weights with a non-zero zero point (the kernel does not read it)}}
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x7xf32>, tensor<3x7x!w>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// uint8 (reference_ops::FullyConnected with the scales): q - 128 for input and filter, zero
// points 128 - 128 = 0 both; the stored -126 is uint8 130: 130 - 128 = 2. The double
// requantization as for int8: 0.5 * 0.25 / 1.0 = 0.125; the result's low byte is the
// uint8 value. RELU6: [max(0, 5 + 0), min(255, 5 + round(6.0f / 1.0f))] = [5, 11].
!x = !quant.uniform<u8:f32, 0.5:128>
!w = !quant.uniform<u8:f32, 0.25:128>
!b = !quant.uniform<i32:f32, 0.125>
!y = !quant.uniform<u8:f32, 1.0:5>
// CHECK-LABEL: @fully_connected_per_tensor_relu6_uint8
// CHECK:       %[[X:.*]] = quant.scast %arg0 : tensor<2x7x!quant.uniform<u8:f32, 5.000000e-01:128>> to tensor<2x7xi8>
// CHECK:       %[[ROWS:.*]] = "tosa.reshape"(%[[X]], %{{.*}}) : (tensor<2x7xi8>, !tosa.shape<3>) -> tensor<1x2x7xi8>
// CHECK-NEXT:  %[[FLIP:.*]] = "tosa.const"() {values = dense<-128> : tensor<1x1x1xi8>}
// CHECK-NEXT:  %[[XS:.*]] = "tosa.bitwise_xor"(%[[ROWS]], %[[FLIP]])
// CHECK-NEXT:  %[[W:.*]] = "tosa.const"() {values = dense<2> : tensor<1x7x3xi8>}
// CHECK-NEXT:  %[[X_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[W_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[ACC:.*]] = "tosa.matmul"(%[[XS]], %[[W]], %[[X_ZP]], %[[W_ZP]])
// CHECK-NEXT:  "tosa.const"() {values = dense<1.250000e-01> : tensor<3xf64>}
// CHECK:         %[[ZP:.*]] = arith.constant 5 : i32
// CHECK-NEXT:    %[[QZ:.*]] = "arith.addi"(%{{.*}}, %[[ZP]])
// CHECK-NEXT:    %[[QL:.*]] = "arith.maxsi"(%[[QZ]], %[[ZP]])
// CHECK-NEXT:    %[[HI:.*]] = arith.constant 11 : i32
// CHECK-NEXT:    %[[QH:.*]] = "arith.minsi"(%[[QL]], %[[HI]])
// CHECK-NEXT:    "arith.trunci"(%[[QH]]) : (i32) -> i8
func.func @fully_connected_per_tensor_relu6_uint8(%arg0: tensor<2x7x!x>) -> tensor<2x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x7x!w>, value = dense<-126> : tensor<3x7xi8>} : () -> tensor<3x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<3x!b>, value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> tensor<3x!b>
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "RELU6", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x7x!x>, tensor<3x7x!w>, tensor<3x!b>) -> tensor<2x3x!y>
  return %0 : tensor<2x3x!y>
}

// -----

// int16 x int8 (reference_integer_ops::FullyConnected, every resolver): an int64 accumulator
// and bias (quantized_bias_type INT64), the double requantization. The input is two 8-bit
// planes (x >> 8, and (x & 255) - 128 with zero point -128), one i8 matmul each, summed as
// 256 * high + low in i64 in the generic.
//   7.596679643029347e-05 * 0.0017718961 / 0.00016760335711296648 = 0.0008031180052446495
!x = !quant.uniform<i16:f32, 7.596679643029347e-05>
!w = !quant.uniform<i8<-127:127>:f32, 0.0017718961>
!y = !quant.uniform<i16:f32, 0.00016760335711296648>
// CHECK-LABEL: @fully_connected_int64_bias_int16x8
// CHECK:       %[[BIAS:.*]] = arith.constant {{.*}} dense<[8, -4, 2]> : tensor<3xi64>
// CHECK:       %[[ROWS:.*]] = "tosa.reshape"({{.*}}) : (tensor<2x7xi16>, !tosa.shape<3>) -> tensor<1x2x7xi16>
// CHECK:       "tosa.arithmetic_right_shift"(%[[ROWS]],
// CHECK-NEXT:  %[[HIGH:.*]] = "tosa.cast"({{.*}}) : (tensor<1x2x7xi16>) -> tensor<1x2x7xi8>
// CHECK-NEXT:  %[[BYTE:.*]] = "tosa.cast"(%[[ROWS]]) : (tensor<1x2x7xi16>) -> tensor<1x2x7xi8>
// CHECK-NEXT:  "tosa.const"() {values = dense<-128> : tensor<1x1x1xi8>}
// CHECK-NEXT:  %[[LOW:.*]] = "tosa.bitwise_xor"(%[[BYTE]],
// CHECK-NEXT:  "tosa.const"() {values = dense<1> : tensor<1x7x3xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[ACC_HIGH:.*]] = "tosa.matmul"(%[[HIGH]],
// CHECK-NEXT:  "tosa.const"() {values = dense<1> : tensor<1x7x3xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-128> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[ACC_LOW:.*]] = "tosa.matmul"(%[[LOW]],
// CHECK-NEXT:  %[[SCALES:.*]] = "tosa.const"() {values = dense<8.0311800524464946E-4> : tensor<3xf64>}
// CHECK-NEXT:  "tensor.empty"() : () -> tensor<1x2x3xi16>
// CHECK-NEXT:  "linalg.generic"(%[[ACC_HIGH]], %[[ACC_LOW]], %[[BIAS]], %[[SCALES]], %{{.*}}) ({
// CHECK-NEXT:  ^bb0(%[[AH:.*]]: i32, %[[AL:.*]]: i32, %[[B:.*]]: i64, %[[S:.*]]: f64, %{{.*}}: i16):
// CHECK-NEXT:    %[[H64:.*]] = "arith.extsi"(%[[AH]]) : (i32) -> i64
// CHECK-NEXT:    %[[C256:.*]] = arith.constant 256 : i64
// CHECK-NEXT:    %[[H:.*]] = "arith.muli"(%[[H64]], %[[C256]])
// CHECK-NEXT:    %[[L64:.*]] = "arith.extsi"(%[[AL]]) : (i32) -> i64
// CHECK-NEXT:    %[[SUM:.*]] = "arith.addi"(%[[H]], %[[L64]])
// CHECK-NEXT:    %[[ACC:.*]] = "arith.addi"(%[[SUM]], %[[B]]) : (i64, i64) -> i64
// double(acc) of the int64 accumulator
// CHECK-NEXT:    %[[AF:.*]] = "arith.sitofp"(%[[ACC]]) : (i64) -> f64
// CHECK-NEXT:    "arith.mulf"(%[[AF]], %[[S]])
// CHECK-NEXT:    "math.round"
// zero point 0: no addition; no activation: the int16 range
// CHECK:         %[[Q:.*]] = "arith.fptosi"
// CHECK-NEXT:    %[[LO:.*]] = arith.constant -32768 : i32
// CHECK-NEXT:    "arith.maxsi"(%[[Q]], %[[LO]])
func.func @fully_connected_int64_bias_int16x8(%arg0: tensor<2x7x!x>) -> tensor<2x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x7x!w>, value = dense<1> : tensor<3x7xi8>} : () -> tensor<3x7x!w>
  %b = "tfl.pseudo_const"() {value = dense<[8, -4, 2]> : tensor<3xi64>, tfl.quantization = {scale = [1.346e-07 : f32], zero_point = [0 : i64], quantized_dimension = 0 : i64}} : () -> tensor<3xi64>
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "INT64", weights_format = "DEFAULT"} : (tensor<2x7x!x>, tensor<3x7x!w>, tensor<3xi64>) -> tensor<2x3x!y>
  return %0 : tensor<2x3x!y>
}

// -----

// int16 x int16 filter (FullyConnectedInt16FilterInt16): the kernel accumulates in int64
// and reads the bias as int32 unless quantized_bias_type is INT64, then applies the int64
// MBQM with QM(float32(si * sw) / so) (GetQuantizedConvolutionMultipler):
//   float32(7.596679643029347e-05f * 1.52587890625e-05f) / 0.00016760335711296648 = 6.916098474700831e-06
//   -> (1946708657, -17) -> m16 = (1946708657 + 32768) >> 16 = 29704, n = 15 + 17 = 32
// Both operands are two planes (the filter's at compile time: 300 = 256 * 1 + 44,
// 44 - 128 = -84; -300 = 256 * -2 + 212, 84; 32767 = 256 * 127 + 255, 127): four matmuls,
// weighted 65536, 256, 256, 1.
!x = !quant.uniform<i16:f32, 7.596679643029347e-05>
!w = !quant.uniform<i16:f32, 1.52587890625e-05>
!b = !quant.uniform<i32:f32, 1.16e-09>
!y = !quant.uniform<i16:f32, 0.00016760335711296648>
// CHECK-LABEL: @fully_connected_int16_filter_int32_bias_int16x16
// CHECK:       %[[B:.*]] = arith.constant {{.*}} : tensor<3xi32>
// CHECK:       "tosa.const"() {values = dense<{{\[\[\[}}1, 0, -2], [-1, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 127]]]> : tensor<1x7x3xi8>}
// CHECK:       %[[HH:.*]] = "tosa.matmul"
// CHECK:       "tosa.const"() {values = dense<{{\[\[\[}}-84, -127, 84], [126, -126, -126], [-125, -125, -125], [-124, -124, -124], [-123, -123, -123], [-122, -122, -122], [-121, -121, 127]]]> : tensor<1x7x3xi8>}
// CHECK:       %[[HL:.*]] = "tosa.matmul"
// CHECK:       %[[LH:.*]] = "tosa.matmul"
// CHECK:       %[[LL:.*]] = "tosa.matmul"
// CHECK-NEXT:  %[[M16:.*]] = "tosa.const"() {values = dense<29704> : tensor<3xi64>}
// CHECK-NEXT:  %[[N:.*]] = "tosa.const"() {values = dense<32> : tensor<3xi64>}
// CHECK-NEXT:  "tensor.empty"
// CHECK-NEXT:  "linalg.generic"(%[[HH]], %[[HL]], %[[LH]], %[[LL]], %[[B]], %[[M16]], %[[N]], %{{.*}}) ({
// CHECK-NEXT:  ^bb0(%{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %[[BIAS:.*]]: i32, %[[M:.*]]: i64, %[[SHIFT:.*]]: i64, %{{.*}}: i16):
// CHECK:         arith.constant 65536 : i64
// CHECK:         %[[BIAS64:.*]] = "arith.extsi"(%[[BIAS]]) : (i32) -> i64
// CHECK-NEXT:    %[[ACC:.*]] = "arith.addi"(%{{.*}}, %[[BIAS64]]) : (i64, i64) -> i64
// CHECK:         "arith.muli"(%[[ACC]], %[[M]]) : (i64, i64) -> i64
// CHECK:         "arith.shrsi"
// CHECK-NEXT:    "arith.trunci"(%{{.*}}) : (i64) -> i32
func.func @fully_connected_int16_filter_int32_bias_int16x16(%arg0: tensor<2x7x!x>) -> tensor<2x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x7x!w>, value = dense<[[300, -2, 3, 4, 5, 6, 7], [1, 2, 3, 4, 5, 6, 7], [-300, 2, 3, 4, 5, 6, 32767]]> : tensor<3x7xi16>} : () -> tensor<3x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<3x!b>, value = dense<[10, -20, 30]> : tensor<3xi32>} : () -> tensor<3x!b>
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x7x!x>, tensor<3x7x!w>, tensor<3x!b>) -> tensor<2x3x!y>
  return %0 : tensor<2x3x!y>
}

// -----

// An int64 bias on the int16 x int16 filter kernel without quantized_bias_type INT64: it
// reads the bias as int32.
!x = !quant.uniform<i16:f32, 7.596679643029347e-05>
!w = !quant.uniform<i16:f32, 1.52587890625e-05>
!y = !quant.uniform<i16:f32, 0.00016760335711296648>
// CHECK-LABEL: @fully_connected_declines_int64_bias_read_as_int32_int16x16
// CHECK:       "tosa.matmul"({{.*}} -> tensor<1x2x3xf32>
func.func @fully_connected_declines_int64_bias_read_as_int32_int16x16(%arg0: tensor<2x7x!x>) -> tensor<2x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x7x!w>, value = dense<1> : tensor<3x7xi16>} : () -> tensor<3x7x!w>
  %b = "tfl.pseudo_const"() {value = dense<[8, -4, 2]> : tensor<3xi64>, tfl.quantization = {scale = [1.16e-09 : f32], zero_point = [0 : i64], quantized_dimension = 0 : i64}} : () -> tensor<3xi64>
  // expected-remark@+1 {{fallback: TFLite reads this bias as int32 (quantized_bias_type FLOAT32), but it is tensor<3xi64>}}
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x7x!x>, tensor<3x7x!w>, tensor<3xi64>) -> tensor<2x3x!y>
  return %0 : tensor<2x3x!y>
}

// -----

// int8 -> int16 runs reference_ops::FullyConnected<uint8_t, ..., int16_t>
// (fully_connected.cc: EvalQuantized, the int16 output of a non-int16 input): it reads the
// int8 input and filter as uint8 bytes, minus their int8 zero points, so we do too. The
// filter becomes w' = uint8(w) - zw (2): [[1, 254, 3], [128, 127, 5]] - 2 = [[-1, 252, 1],
// [126, 125, 3]], two planes at compile time (252 = 256 * 0 + 252: 124, ...); the input is
// uint8(x) - 128 (the flip) with zero point 0, and (128 - zi) * sum(w') is folded into a
// per-unit constant: 131 * 252 = 33012, 131 * 254 = 33274. Scale 0.5 * 0.25 / 0.01 =
// 12.50000027939678 (0.01f = 0.009999999776482582).
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8:f32, 0.25:2>
!b = !quant.uniform<i32:f32, 0.125>
!y = !quant.uniform<i16:f32, 0.01>
// CHECK-LABEL: @fully_connected_reads_uint8_bytes_int8_to_int16
// CHECK:       %[[B:.*]] = arith.constant {{.*}} : tensor<2xi32>
// CHECK:       %[[XS:.*]] = "tosa.bitwise_xor"
// CHECK-NEXT:  "tosa.const"() {values = dense<{{\[\[\[}}-1, 0], [0, 0], [0, 0]]]> : tensor<1x3x2xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[HIGH:.*]] = "tosa.matmul"(%[[XS]],
// CHECK-NEXT:  "tosa.const"() {values = dense<{{\[\[\[}}127, -2], [124, -3], [-127, -125]]]> : tensor<1x3x2xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-128> : tensor<1xi8>}
// CHECK-NEXT:  %[[LOW:.*]] = "tosa.matmul"(%[[XS]],
// CHECK-NEXT:  %[[FOLDED:.*]] = "tosa.const"() {values = dense<[33012, 33274]> : tensor<2xi32>}
// CHECK-NEXT:  %[[SCALES:.*]] = "tosa.const"() {values = dense<12.500000279396779> : tensor<2xf64>}
// CHECK-NEXT:  "tensor.empty"() : () -> tensor<1x2x2xi16>
// CHECK-NEXT:  "linalg.generic"(%[[HIGH]], %[[LOW]], %[[B]], %[[FOLDED]], %[[SCALES]], %{{.*}}) ({
// The kernel's int32 accumulator: the planes' sum wrapped, plus the bias and the zero point term.
// CHECK:         %[[WRAPPED:.*]] = "arith.trunci"(%{{.*}}) : (i64) -> i32
// CHECK-NEXT:    %[[BIASED:.*]] = "arith.addi"(%[[WRAPPED]], %{{.*}}) : (i32, i32) -> i32
// CHECK-NEXT:    %[[ACC:.*]] = "arith.addi"(%[[BIASED]], %{{.*}}) : (i32, i32) -> i32
// CHECK-NEXT:    "arith.sitofp"(%[[ACC]]) : (i32) -> f64
func.func @fully_connected_reads_uint8_bytes_int8_to_int16(%arg0: tensor<2x3x!x>) -> tensor<2x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x3x!w>, value = dense<[[1, -2, 3], [-128, 127, 5]]> : tensor<2x3xi8>} : () -> tensor<2x3x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<[10, -20]> : tensor<2xi32>} : () -> tensor<2x!b>
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x3x!x>, tensor<2x3x!w>, tensor<2x!b>) -> tensor<2x2x!y>
  return %0 : tensor<2x2x!y>
}

// -----

// The same kernel dereferences bias_data without checking for a bias: no integer path.
!x = !quant.uniform<u8:f32, 0.5:128>
!w = !quant.uniform<u8:f32, 0.25:128>
!y = !quant.uniform<i16:f32, 1.0>
// CHECK-LABEL: @fully_connected_declines_missing_bias_uint8_to_int16
// CHECK:       "tosa.matmul"({{.*}} -> tensor<1x2x3xf32>
func.func @fully_connected_declines_missing_bias_uint8_to_int16(%arg0: tensor<2x7x!x>) -> tensor<2x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x7x!w>, value = dense<-126> : tensor<3x7xi8>} : () -> tensor<3x7x!w>
  %b = "tfl.no_value"() {value} : () -> none
  // expected-remark@+1 {{fallback: TFLite's 8-bit-input int16-output kernel reads a bias without checking for one}}
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x7x!x>, tensor<3x7x!w>, none) -> tensor<2x3x!y>
  return %0 : tensor<2x3x!y>
}

// -----

!x = !quant.uniform<i8:f32:1, {0.5:-3, 0.25, 0.5, 0.125, 1.0, 0.5, 0.25}>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @fully_connected_declines_per_axis_input
// CHECK:       quant.dcast %arg0 : tensor<2x7x{{.*}}> to tensor<2x7xf32>
// CHECK:       "tosa.matmul"({{.*}} -> tensor<1x2x3xf32>
// CHECK:       quant.qcast %{{.*}} : tensor<2x3xf32> to tensor<2x3x!quant.uniform<i8:f32, 1.000000e+00:5>>
func.func @fully_connected_declines_per_axis_input(%arg0: tensor<2x7x!x>) -> tensor<2x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x7x!w>, value = dense<1> : tensor<3x7xi8>} : () -> tensor<3x7x!w>
  %b = "tfl.no_value"() {value} : () -> none
  // expected-remark@+1 {{fallback: per-axis quantized operand 0}}
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x7x!x>, tensor<3x7x!w>, none) -> tensor<2x3x!y>
  return %0 : tensor<2x3x!y>
}

// -----

// A dynamic batch: neither pattern takes it; the op stays tfl.fully_connected on floats.
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @fully_connected_declines_dynamic_depth
// CHECK:       %[[X:.*]] = quant.dcast %arg0 : tensor<?x?x!quant.uniform<i8:f32, 5.000000e-01:-3>> to tensor<?x?xf32>
// CHECK-NEXT:  %[[W:.*]] = quant.dcast %{{.*}} to tensor<3x7xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tfl.fully_connected"(%[[X]], %[[W]], %{{.*}}) {{.*}} : (tensor<?x?xf32>, tensor<3x7xf32>, none) -> tensor<?x3xf32>
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[Y]] : tensor<?x3xf32> to tensor<?x3x!quant.uniform<i8:f32, 1.000000e+00:5>>
// CHECK-NEXT:  return %[[Q]]
func.func @fully_connected_declines_dynamic_depth(%arg0: tensor<?x?x!x>) -> tensor<?x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x7x!w>, value = dense<1> : tensor<3x7xi8>} : () -> tensor<3x7x!w>
  %b = "tfl.no_value"() {value} : () -> none
  // expected-remark@+1 {{unlowered: dynamic shape of operand 0 (tensor<?x?x!quant.uniform<i8:f32, 5.000000e-01:-3>>) outside the first (batch) dimension}}
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<?x?x!x>, tensor<3x7x!w>, none) -> tensor<?x3x!y>
  return %0 : tensor<?x3x!y>
}

// -----

// int4 weights are unpacked to int8 (fully_connected.cc) and their zero points must be 0:
// the same values as an i8 constant, transposed.
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i4<-7:7>:f32:0, {0.25, 0.125, 0.0625}>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @fully_connected_int4_weights_int8
// CHECK:       %[[W:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}-7, 0, 7], [-6, 1, 7], [-5, 2, 7], [-4, 3, 7], [-3, 4, 7], [-2, 5, 7], [-1, 6, 7]]]> : tensor<1x7x3xi8>}
// CHECK:       "tosa.matmul"(%{{.*}}, %[[W]],
// 0.5 * {0.25, 0.125, 0.0625} / 1.0
// CHECK-NEXT:  "tosa.const"() {values = dense<[1.250000e-01, 6.250000e-02, 3.125000e-02]> : tensor<3xf64>}
func.func @fully_connected_int4_weights_int8(%arg0: tensor<2x7x!x>) -> tensor<2x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x7x!w>, value = dense<[[-7, -6, -5, -4, -3, -2, -1], [0, 1, 2, 3, 4, 5, 6], [7, 7, 7, 7, 7, 7, 7]]> : tensor<3x7xi4>} : () -> tensor<3x7x!w>
  %b = "tfl.no_value"() {value} : () -> none
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x7x!x>, tensor<3x7x!w>, none) -> tensor<2x3x!y>
  return %0 : tensor<2x3x!y>
}

// -----

// The int8 -> int16 kernel reads the packed int4 filter as uint8 bytes: the fallback.
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i4<-7:7>:f32, 0.25>
!b = !quant.uniform<i32:f32, 0.125>
!y = !quant.uniform<i16:f32, 0.01>
// CHECK-LABEL: @fully_connected_declines_int4_weights_int8_to_int16
// CHECK:       "tosa.matmul"({{.*}} -> tensor<1x2x3xf32>
func.func @fully_connected_declines_int4_weights_int8_to_int16(%arg0: tensor<2x7x!x>) -> tensor<2x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x7x!w>, value = dense<1> : tensor<3x7xi4>} : () -> tensor<3x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<3x!b>, value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> tensor<3x!b>
  // expected-remark@+1 {{fallback: operand 1 is i4; the integer pattern takes i8}}
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x7x!x>, tensor<3x7x!w>, tensor<3x!b>) -> tensor<2x3x!y>
  return %0 : tensor<2x3x!y>
}

// -----

// The per-channel reference kernel ignores the filter's zero points (FullyConnectedPerChannel
// has no filter offset; fully_connected.cc does not check them for int8): zero point 0.
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8:f32:0, {0.25, 0.125:2, 0.0625}>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @fully_connected_ignores_per_channel_zero_points_int8
// CHECK:       %[[W_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.matmul"(%{{.*}}, %{{.*}}, %{{.*}}, %[[W_ZP]])
func.func @fully_connected_ignores_per_channel_zero_points_int8(%arg0: tensor<2x7x!x>) -> tensor<2x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x7x!w>, value = dense<1> : tensor<3x7xi8>} : () -> tensor<3x7x!w>
  %b = "tfl.no_value"() {value} : () -> none
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x7x!x>, tensor<3x7x!w>, none) -> tensor<2x3x!y>
  return %0 : tensor<2x3x!y>
}

// -----

// ===--- BATCH_MATMUL ---=== //

// adj_y transposes the last two dimensions of y; the batches [2, 1] and [4] broadcast to
// [2, 4] (y padded to [1, 4, 5, 7]): both tiled, then one matmul on 8 batches.
// CHECK-LABEL: @batch_matmul_adj_y_broadcast_float
// CHECK-SAME:    (%[[X:.*]]: tensor<2x1x3x7xf32>, %[[Y:.*]]: tensor<4x5x7xf32>)
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 4, 5, 7]> : tensor<4xindex>}
// CHECK-NEXT:  %[[Y4:.*]] = "tosa.reshape"(%[[Y]], %{{.*}}) : (tensor<4x5x7xf32>, !tosa.shape<4>) -> tensor<1x4x5x7xf32>
// CHECK-NEXT:  %[[YT:.*]] = "tosa.transpose"(%[[Y4]]) {perms = array<i32: 0, 1, 3, 2>} : (tensor<1x4x5x7xf32>) -> tensor<1x4x7x5xf32>
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 4, 1, 1]> : tensor<4xindex>}
// CHECK-NEXT:  %[[XB:.*]] = "tosa.tile"(%[[X]], %{{.*}}) : (tensor<2x1x3x7xf32>, !tosa.shape<4>) -> tensor<2x4x3x7xf32>
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[8, 3, 7]> : tensor<3xindex>}
// CHECK-NEXT:  %[[X3:.*]] = "tosa.reshape"(%[[XB]], %{{.*}}) : {{.*}} -> tensor<8x3x7xf32>
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[2, 1, 1, 1]> : tensor<4xindex>}
// CHECK-NEXT:  %[[YB:.*]] = "tosa.tile"(%[[YT]], %{{.*}}) : (tensor<1x4x7x5xf32>, !tosa.shape<4>) -> tensor<2x4x7x5xf32>
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[8, 7, 5]> : tensor<3xindex>}
// CHECK-NEXT:  %[[Y3:.*]] = "tosa.reshape"(%[[YB]], %{{.*}}) : {{.*}} -> tensor<8x7x5xf32>
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1xf32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0.000000e+00> : tensor<1xf32>}
// CHECK-NEXT:  %[[Z:.*]] = "tosa.matmul"(%[[X3]], %[[Y3]], %[[ZP]], %{{.*}}) : {{.*}} -> tensor<8x3x5xf32>
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[2, 4, 3, 5]> : tensor<4xindex>}
// CHECK-NEXT:  %[[R:.*]] = "tosa.reshape"(%[[Z]], %{{.*}}) : {{.*}} -> tensor<2x4x3x5xf32>
// CHECK-NEXT:  return %[[R]]
func.func @batch_matmul_adj_y_broadcast_float(%arg0: tensor<2x1x3x7xf32>, %arg1: tensor<4x5x7xf32>) -> tensor<2x4x3x5xf32> {
  %0 = "tfl.batch_matmul"(%arg0, %arg1) {adj_x = false, adj_y = true, asymmetric_quantize_inputs = false} : (tensor<2x1x3x7xf32>, tensor<4x5x7xf32>) -> tensor<2x4x3x5xf32>
  return %0 : tensor<2x4x3x5xf32>
}

// -----

// A y without batch (a shared weight) folds x's 2 * 3 batches into the rows: one matmul
// [1, 30, 7] x [1, 7, 4]; adj_x transposes x's last two dimensions first.
// CHECK-LABEL: @batch_matmul_shared_rhs_adj_x_float
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x7x5xf32>, %[[Y:.*]]: tensor<7x4xf32>)
// CHECK:       %[[XT:.*]] = "tosa.transpose"(%[[X]]) {perms = array<i32: 0, 1, 3, 2>} : (tensor<2x3x7x5xf32>) -> tensor<2x3x5x7xf32>
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 30, 7]> : tensor<3xindex>}
// CHECK-NEXT:  %[[X3:.*]] = "tosa.reshape"(%[[XT]], %{{.*}})
// CHECK:       "tosa.matmul"(%[[X3]], {{.*}}) : (tensor<1x30x7xf32>, tensor<1x7x4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x30x4xf32>
// CHECK:       "tosa.reshape"({{.*}}) : (tensor<1x30x4xf32>, !tosa.shape<4>) -> tensor<2x3x5x4xf32>
func.func @batch_matmul_shared_rhs_adj_x_float(%arg0: tensor<2x3x7x5xf32>, %arg1: tensor<7x4xf32>) -> tensor<2x3x5x4xf32> {
  %0 = "tfl.batch_matmul"(%arg0, %arg1) {adj_x = true, adj_y = false, asymmetric_quantize_inputs = false} : (tensor<2x3x7x5xf32>, tensor<7x4xf32>) -> tensor<2x3x5x4xf32>
  return %0 : tensor<2x3x5x4xf32>
}

// -----

// int8 (reference_ops::BatchMatMul<int8_t, int32_t>): both zero points, the int32 MBQM with
// GetQuantizedConvolutionMultipler's float32 product: float32(0.5 * 0.25) / 2.0 = 0.0625
// = 0.5 * 2^-3 -> (1073741824, -3) -> shift 34; no activation.
!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i8:f32, 0.25:1>
!z = !quant.uniform<i8:f32, 2.0:5>
// CHECK-LABEL: @batch_matmul_int8
// CHECK:       %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  %[[Y:.*]] = quant.scast %arg1
// CHECK-NEXT:  %[[X_ZP:.*]] = "tosa.const"() {values = dense<-3> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y_ZP:.*]] = "tosa.const"() {values = dense<1> : tensor<1xi8>}
// CHECK-NEXT:  %[[ACC:.*]] = "tosa.matmul"(%[[X]], %[[Y]], %[[X_ZP]], %[[Y_ZP]]) : (tensor<2x3x5xi8>, tensor<2x5x7xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x3x7xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<34> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<5> : tensor<1xi8>}
// CHECK-NEXT:  %[[Z:.*]] = "tosa.rescale"(%[[ACC]], {{.*}} -> tensor<2x3x7xi8>
// CHECK-NEXT:  quant.scast %[[Z]]
func.func @batch_matmul_int8(%arg0: tensor<2x3x5x!x>, %arg1: tensor<2x5x7x!y>) -> tensor<2x3x7x!z> {
  %0 = "tfl.batch_matmul"(%arg0, %arg1) {adj_x = false, adj_y = false, asymmetric_quantize_inputs = false} : (tensor<2x3x5x!x>, tensor<2x5x7x!y>) -> tensor<2x3x7x!z>
  return %0 : tensor<2x3x7x!z>
}

// -----

// An int32 result (EvalInt8Int32: reference_ops::BatchMatMul<int8, int8, int32>): the raw
// products of the stored values, zero points ignored, no rescale.
!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i8:f32, 0.25:1>
// CHECK-LABEL: @batch_matmul_int8_to_int32
// CHECK:       %[[ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[ZP2:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[Z:.*]] = "tosa.matmul"(%{{.*}}, %{{.*}}, %[[ZP]], %[[ZP2]]) : {{.*}} -> tensor<2x3x7xi32>
// CHECK-NEXT:  return %[[Z]]
func.func @batch_matmul_int8_to_int32(%arg0: tensor<2x3x5x!x>, %arg1: tensor<2x5x7x!y>) -> tensor<2x3x7xi32> {
  %0 = "tfl.batch_matmul"(%arg0, %arg1) {adj_x = false, adj_y = false, asymmetric_quantize_inputs = false} : (tensor<2x3x5x!x>, tensor<2x5x7x!y>) -> tensor<2x3x7xi32>
  return %0 : tensor<2x3x7xi32>
}

// -----

// int16 x int8 (EvalInt16Int8: an int64 accumulator, the int64 MBQM): y cast to i16, one
// i16 matmul into TOSA's i48 accumulator, one tosa.rescale with scale32 = false:
//   float32(2^-15 * 2^-7) / 0.0003 = 0.0007947285592576273 -> (1747626584, -10)
//   -> m16 = (1747626584 + 32768) >> 16 = 26667, shift 15 + 10 = 25
// y has no batch: x's two batches fold into the rows.
!x = !quant.uniform<i16:f32, 3.0517578125e-05>
!y = !quant.uniform<i8:f32, 0.0078125>
!z = !quant.uniform<i16:f32, 0.0003>
// CHECK-LABEL: @batch_matmul_int16x8
// CHECK:       %[[Y:.*]] = quant.scast %arg1
// CHECK-NEXT:  %[[Y16:.*]] = "tosa.cast"(%[[Y]]) : (tensor<5x7xi8>) -> tensor<5x7xi16>
// CHECK:       %[[ACC:.*]] = "tosa.matmul"({{.*}}) : (tensor<1x6x5xi16>, tensor<1x5x7xi16>, tensor<1xi16>, tensor<1xi16>) -> tensor<1x6x7xi48>
// CHECK-NEXT:  %[[M:.*]] = "tosa.const"() {values = dense<26667> : tensor<1xi16>}
// CHECK-NEXT:  %[[S:.*]] = "tosa.const"() {values = dense<25> : tensor<1xi8>}
// CHECK-NEXT:  %[[IN_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi48>}
// CHECK-NEXT:  %[[OUT_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi16>}
// CHECK-NEXT:  "tosa.rescale"(%[[ACC]], %[[M]], %[[S]], %[[IN_ZP]], %[[OUT_ZP]]) {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, scale32 = false} : {{.*}} -> tensor<1x6x7xi16>
func.func @batch_matmul_int16x8(%arg0: tensor<2x3x5x!x>, %arg1: tensor<5x7x!y>) -> tensor<2x3x7x!z> {
  %0 = "tfl.batch_matmul"(%arg0, %arg1) {adj_x = false, adj_y = false, asymmetric_quantize_inputs = false} : (tensor<2x3x5x!x>, tensor<5x7x!y>) -> tensor<2x3x7x!z>
  return %0 : tensor<2x3x7x!z>
}

// -----

// An int8 BATCH_MATMUL with an int16 result: batch_matmul.cc writes int32 data into it
// (EvalInt8Int32), which no pattern reproduces.
!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i8:f32, 0.25:1>
!z = !quant.uniform<i16:f32, 2.0>
// CHECK-LABEL: @batch_matmul_declines_int8_to_int16
// CHECK:       "tosa.matmul"({{.*}} -> tensor<2x3x7xf32>
// CHECK-NEXT:  quant.qcast
func.func @batch_matmul_declines_int8_to_int16(%arg0: tensor<2x3x5x!x>, %arg1: tensor<2x5x7x!y>) -> tensor<2x3x7x!z> {
  // expected-remark@+1 {{fallback: an int8 BATCH_MATMUL writes int8 or int32 (batch_matmul.cc), not i16}}
  %0 = "tfl.batch_matmul"(%arg0, %arg1) {adj_x = false, adj_y = false, asymmetric_quantize_inputs = false} : (tensor<2x3x5x!x>, tensor<2x5x7x!y>) -> tensor<2x3x7x!z>
  return %0 : tensor<2x3x7x!z>
}
