// Golden test of legalize/matmul.py: FULLY_CONNECTED. int8 as tosa.matmul (i8 x i8 -> i32)
// plus the bias, then the reference kernel's double-precision requantization as a
// linalg.generic on f64; the float path; every reason the integer pattern declines.
// RUN: tfl2quant opt %s --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// reference_integer_ops::FullyConnected[PerChannel] (BUILTIN_REF) computes
//   clamp(int32(round(double(acc) * (double(si) * double(sw_c) / double(so)))) + zp_out)
// so the multiplier constant is that double, one per output unit.

!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!b = !quant.uniform<i32:f32, 0.125>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @fully_connected_per_tensor_int8
// CHECK-SAME:    (%[[ARG:.*]]: tensor<3x7x!quant.uniform<i8:f32, 0.5:-3>>)
// CHECK:       %[[X:.*]] = quant.scast %[[ARG]] : tensor<3x7x!quant.uniform<i8:f32, 0.5:-3>> to tensor<3x7xi8>
// CHECK-NEXT:  quant.scast %{{.*}} : tensor<5x7x!quant.uniform<i8<-127:127>:f32, 0.25>> to tensor<5x7xi8>
// CHECK-NEXT:  %[[B:.*]] = quant.scast %{{.*}} : tensor<5x!quant.uniform<i32:f32, 0.125>> to tensor<5xi32>
// CHECK-NEXT:  %[[ROWS_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 3, 7]> : tensor<3xindex>}
// CHECK-NEXT:  %[[ROWS:.*]] = "tosa.reshape"(%[[X]], %[[ROWS_SHAPE]]) : (tensor<3x7xi8>, !tosa.shape<3>) -> tensor<1x3x7xi8>
// TFLite's [units, depth] = [5, 7] weights, transposed at compile time to [1, 7, 5].
// CHECK-NEXT:  %[[W:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}-17, -10, -3, 4, 11], [-16, -9, -2, 5, 12], [-15, -8, -1, 6, 13], [-14, -7, 0, 7, 14], [-13, -6, 1, 8, 15], [-12, -5, 2, 9, 16], [-11, -4, 3, 10, 17]]]> : tensor<1x7x5xi8>}
// CHECK-NEXT:  %[[X_ZP:.*]] = "tosa.const"() {values = dense<-3> : tensor<1xi8>}
// CHECK-NEXT:  %[[W_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[ACC:.*]] = "tosa.matmul"(%[[ROWS]], %[[W]], %[[X_ZP]], %[[W_ZP]]) : (tensor<1x3x7xi8>, tensor<1x7x5xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x5xi32>
// CHECK-NEXT:  %[[B_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 1, 5]> : tensor<3xindex>}
// CHECK-NEXT:  %[[B3:.*]] = "tosa.reshape"(%[[B]], %[[B_SHAPE]]) : (tensor<5xi32>, !tosa.shape<3>) -> tensor<1x1x5xi32>
// CHECK-NEXT:  %[[BIASED:.*]] = "tosa.add"(%[[ACC]], %[[B3]]) : (tensor<1x3x5xi32>, tensor<1x1x5xi32>) -> tensor<1x3x5xi32>
// 0.5 * 0.25 / 1.0 = 0.125 for every unit
// CHECK-NEXT:  %[[SCALES:.*]] = "tosa.const"() {values = dense<0.125> : tensor<5xf64>}
// CHECK-NEXT:  %[[INIT:.*]] = "tensor.empty"() : () -> tensor<1x3x5xi8>
// CHECK-NEXT:  %[[Y:.*]] = "linalg.generic"(%[[BIASED]], %[[SCALES]], %[[INIT]]) ({
// CHECK-NEXT:  ^bb0(%[[A:.*]]: i32, %[[S:.*]]: f64, %{{.*}}: i8):
// CHECK-NEXT:    %[[AF:.*]] = "arith.sitofp"(%[[A]]) : (i32) -> f64
// CHECK-NEXT:    %[[REAL:.*]] = "arith.mulf"(%[[AF]], %[[S]]) : (f64, f64) -> f64
// round() of <cmath>: half away from zero, like math.round
// CHECK-NEXT:    %[[ROUNDED:.*]] = "math.round"(%[[REAL]]) : (f64) -> f64
// CHECK-NEXT:    %[[I32_MIN:.*]] = arith.constant -2147483648.0 : f64
// CHECK-NEXT:    %[[LOW:.*]] = "arith.maximumf"(%[[ROUNDED]], %[[I32_MIN]])
// CHECK-NEXT:    %[[I32_MAX:.*]] = arith.constant 2147483647.0 : f64
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
// CHECK-NEXT:  }) {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>]{{.*}}} : (tensor<1x3x5xi32>, tensor<5xf64>, tensor<1x3x5xi8>) -> tensor<1x3x5xi8>
// CHECK-NEXT:  %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[3, 5]> : tensor<2xindex>}
// CHECK-NEXT:  %[[OUT:.*]] = "tosa.reshape"(%[[Y]], %[[OUT_SHAPE]]) : (tensor<1x3x5xi8>, !tosa.shape<2>) -> tensor<3x5xi8>
// CHECK-NEXT:  %[[RESULT:.*]] = quant.scast %[[OUT]] : tensor<3x5xi8> to tensor<3x5x!quant.uniform<i8:f32, 1.0:5>>
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
// CHECK-NEXT:  %[[SCALES:.*]] = "tosa.const"() {values = dense<[0.0024645849518257967, 0.0011943732354384197, 0.005999054308462473]> : tensor<3xf64>}
// CHECK-NEXT:  "tensor.empty"
// CHECK-NEXT:  "linalg.generic"(%[[ACC]], %[[SCALES]], %{{.*}})
// CHECK:         %[[OUT_ZP:.*]] = arith.constant -20 : i32
// CHECK-NEXT:    "arith.addi"(%{{.*}}, %[[OUT_ZP]])
// RELU: [max(-128, -20 + round(0 / so)), 127] = [-20, 127]
// CHECK-NEXT:    %[[LO:.*]] = arith.constant -20 : i32
// CHECK-NEXT:    "arith.maxsi"(%{{.*}}, %[[LO]])
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
// CHECK:       "tosa.const"() {values = dense<0.125> : tensor<3xf64>}
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
// CHECK-SAME:    (%{{.*}}: tensor<2x7x!quant.uniform<i8:f32, 0.5:-3>>, %[[WARG:.*]]: tensor<3x7x
// CHECK:       %[[W:.*]] = quant.scast %[[WARG]] : {{.*}} to tensor<3x7xi8>
// Weights that are not a constant are transposed and reshaped at run time.
// CHECK:       %[[WT:.*]] = "tosa.transpose"(%[[W]]) {perms = array<i32: 1, 0>} : (tensor<3x7xi8>) -> tensor<7x3xi8>
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 7, 3]> : tensor<3xindex>}
// CHECK-NEXT:  %[[WK:.*]] = "tosa.reshape"(%[[WT]], %{{.*}}) : (tensor<7x3xi8>, !tosa.shape<3>) -> tensor<1x7x3xi8>
// CHECK:       "tosa.matmul"(%{{.*}}, %[[WK]], {{.*}} -> tensor<1x2x3xi32>
// 0.5 * {0.25, 0.125, 0.0625} / 2.0 = {0.0625, 0.03125, 0.015625}
// CHECK-NEXT:  "tosa.const"() {values = dense<[0.0625, 0.03125, 0.015625]> : tensor<3xf64>}
func.func @fully_connected_weights_not_constant_int8(%arg0: tensor<2x7x!x>, %arg1: tensor<3x7x!w>) -> tensor<2x3x!y> {
  %b = "tfl.no_value"() {value} : () -> none
  %0 = "tfl.fully_connected"(%arg0, %arg1, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x7x!x>, tensor<3x7x!w>, none) -> tensor<2x3x!y>
  return %0 : tensor<2x3x!y>
}

// -----

// CHECK-LABEL: @fully_connected_float_relu6
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x7xf32>, %[[W:.*]]: tensor<5x7xf32>, %[[B:.*]]: tensor<5xf32>)
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1xf32>}
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 6, 7]> : tensor<3xindex>}
// CHECK-NEXT:  %[[ROWS:.*]] = "tosa.reshape"(%[[X]], %{{.*}}) : (tensor<2x3x7xf32>, !tosa.shape<3>) -> tensor<1x6x7xf32>
// CHECK-NEXT:  %[[WT:.*]] = "tosa.transpose"(%[[W]]) {perms = array<i32: 1, 0>} : (tensor<5x7xf32>) -> tensor<7x5xf32>
// CHECK-NEXT:  "tosa.const_shape"
// CHECK-NEXT:  %[[WK:.*]] = "tosa.reshape"(%[[WT]], %{{.*}}) : (tensor<7x5xf32>, !tosa.shape<3>) -> tensor<1x7x5xf32>
// CHECK-NEXT:  %[[ACC:.*]] = "tosa.matmul"(%[[ROWS]], %[[WK]], %[[ZP]], %[[ZP]]) : (tensor<1x6x7xf32>, tensor<1x7x5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x5xf32>
// CHECK-NEXT:  "tosa.const_shape"
// CHECK-NEXT:  %[[B3:.*]] = "tosa.reshape"(%[[B]], %{{.*}}) : (tensor<5xf32>, !tosa.shape<3>) -> tensor<1x1x5xf32>
// CHECK-NEXT:  %[[BIASED:.*]] = "tosa.add"(%[[ACC]], %[[B3]])
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[BIASED]]) {min_val = 0.0 : f32, max_val = 6.0 : f32}
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[6, 5]> : tensor<2xindex>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.reshape"(%[[R]], %{{.*}}) : (tensor<1x6x5xf32>, !tosa.shape<2>) -> tensor<6x5xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @fully_connected_float_relu6(%arg0: tensor<2x3x7xf32>, %arg1: tensor<5x7xf32>, %arg2: tensor<5xf32>) -> tensor<6x5xf32> {
  %0 = "tfl.fully_connected"(%arg0, %arg1, %arg2) {asymmetric_quantize_inputs = false, fused_activation_function = "RELU6", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x3x7xf32>, tensor<5x7xf32>, tensor<5xf32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

// ===--- the integer pattern declines: dcast -> float FC -> qcast ---=== //

// Hybrid (weight-only int8): float activations, so only the weights are dequantized and
// the float result is used as it is.
!w = !quant.uniform<i8<-127:127>:f32:0, {0.25, 0.125, 0.0625}>
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
  // expected-remark@+1 {{fallback: operand 0 is f32; the integer pattern takes i8}}
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x7xf32>, tensor<3x7x!w>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

!x = !quant.uniform<u8:f32, 0.5:128>
!w = !quant.uniform<u8:f32, 0.25:128>
!b = !quant.uniform<i32:f32, 0.125>
!y = !quant.uniform<u8:f32, 1.0:5>
// CHECK-LABEL: @fully_connected_declines_uint8
// CHECK:       %[[X:.*]] = quant.dcast %arg0 : tensor<2x7x!quant.uniform<u8:f32, 0.5:128>> to tensor<2x7xf32>
// CHECK-NEXT:  %[[W:.*]] = quant.dcast %{{.*}} : tensor<3x7x!quant.uniform<u8:f32, 0.25:128>> to tensor<3x7xf32>
// CHECK-NEXT:  %[[B:.*]] = quant.dcast %{{.*}} : tensor<3x!quant.uniform<i32:f32, 0.125>> to tensor<3xf32>
// CHECK:       "tosa.matmul"({{.*}}) : (tensor<1x2x7xf32>, tensor<1x7x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x3xf32>
// CHECK:       "tosa.reshape"(%[[B]]
// CHECK:       %[[Y:.*]] = "tosa.reshape"({{.*}} -> tensor<2x3xf32>
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[Y]] : tensor<2x3xf32> to tensor<2x3x!quant.uniform<u8:f32, 1.0:5>>
// CHECK-NEXT:  return %[[Q]]
func.func @fully_connected_declines_uint8(%arg0: tensor<2x7x!x>) -> tensor<2x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x7x!w>, value = dense<-126> : tensor<3x7xi8>} : () -> tensor<3x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<3x!b>, value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> tensor<3x!b>
  // expected-remark@+1 {{fallback: operand 0 is u8; the integer pattern takes i8}}
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x7x!x>, tensor<3x7x!w>, tensor<3x!b>) -> tensor<2x3x!y>
  return %0 : tensor<2x3x!y>
}

// -----

!x = !quant.uniform<i16:f32, 7.596679643029347e-05>
!w = !quant.uniform<i8<-127:127>:f32, 0.0017718961>
!y = !quant.uniform<i16:f32, 0.00016760335711296648>
// CHECK-LABEL: @fully_connected_declines_int16_activations
// CHECK:       quant.dcast %arg0 : {{.*}} to tensor<2x7xf32>
// CHECK:       "tosa.matmul"({{.*}} -> tensor<1x2x3xf32>
// CHECK:       quant.qcast %{{.*}} : tensor<2x3xf32> to tensor<2x3x!quant.uniform<i16:f32, 0.00016760335711296648>>
func.func @fully_connected_declines_int16_activations(%arg0: tensor<2x7x!x>) -> tensor<2x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x7x!w>, value = dense<1> : tensor<3x7xi8>} : () -> tensor<3x7x!w>
  %b = "tfl.no_value"() {value} : () -> none
  // expected-remark@+1 {{fallback: operand 0 is i16; the integer pattern takes i8}}
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "INT64", weights_format = "DEFAULT"} : (tensor<2x7x!x>, tensor<3x7x!w>, none) -> tensor<2x3x!y>
  return %0 : tensor<2x3x!y>
}

// -----

!x = !quant.uniform<i8:f32:1, {0.5:-3, 0.25, 0.5, 0.125, 1.0, 0.5, 0.25}>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @fully_connected_declines_per_axis_input
// CHECK:       quant.dcast %arg0 : tensor<2x7x{{.*}}> to tensor<2x7xf32>
// CHECK:       "tosa.matmul"({{.*}} -> tensor<1x2x3xf32>
// CHECK:       quant.qcast %{{.*}} : tensor<2x3xf32> to tensor<2x3x!quant.uniform<i8:f32, 1.0:5>>
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
// CHECK-LABEL: @fully_connected_declines_dynamic_batch
// CHECK:       %[[X:.*]] = quant.dcast %arg0 : tensor<?x7x!quant.uniform<i8:f32, 0.5:-3>> to tensor<?x7xf32>
// CHECK-NEXT:  %[[W:.*]] = quant.dcast %{{.*}} to tensor<3x7xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tfl.fully_connected"(%[[X]], %[[W]], %{{.*}}) {{.*}} : (tensor<?x7xf32>, tensor<3x7xf32>, none) -> tensor<?x3xf32>
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[Y]] : tensor<?x3xf32> to tensor<?x3x!quant.uniform<i8:f32, 1.0:5>>
// CHECK-NEXT:  return %[[Q]]
func.func @fully_connected_declines_dynamic_batch(%arg0: tensor<?x7x!x>) -> tensor<?x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x7x!w>, value = dense<1> : tensor<3x7xi8>} : () -> tensor<3x7x!w>
  %b = "tfl.no_value"() {value} : () -> none
  // expected-remark@+1 {{unlowered: dynamic shape of operand 0 (tensor<?x7x!quant.uniform<i8:f32, 0.5:-3>>)}}
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<?x7x!x>, tensor<3x7x!w>, none) -> tensor<?x3x!y>
  return %0 : tensor<?x3x!y>
}

// -----

!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i4<-7:7>:f32:0, {0.25, 0.125, 0.0625}>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @fully_connected_declines_int4_weights
// CHECK:       quant.dcast %arg0
// CHECK-NEXT:  quant.dcast %{{.*}} : tensor<3x7x!quant.uniform<i4<-7:7>:f32:0, {0.25, 0.125, 0.0625}>> to tensor<3x7xf32>
// CHECK:       "tosa.matmul"({{.*}} -> tensor<1x2x3xf32>
// CHECK:       quant.qcast
func.func @fully_connected_declines_int4_weights(%arg0: tensor<2x7x!x>) -> tensor<2x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x7x!w>, value = dense<[[-7, -6, -5, -4, -3, -2, -1], [0, 1, 2, 3, 4, 5, 6], [7, 7, 7, 7, 7, 7, 7]]> : tensor<3x7xi4>} : () -> tensor<3x7x!w>
  %b = "tfl.no_value"() {value} : () -> none
  // expected-remark@+1 {{fallback: operand 1 is i4; the integer pattern takes i8}}
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x7x!x>, tensor<3x7x!w>, none) -> tensor<2x3x!y>
  return %0 : tensor<2x3x!y>
}

// -----

// The per-channel reference kernel assumes symmetric weights (it ignores their zero points).
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8:f32:0, {0.25, 0.125:2, 0.0625}>
!y = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @fully_connected_declines_asymmetric_per_channel_weights
// CHECK:       quant.dcast %{{.*}} : tensor<3x7x!quant.uniform<i8:f32:0, {0.25, 0.125:2, 0.0625}>> to tensor<3x7xf32>
// CHECK:       "tosa.matmul"({{.*}} -> tensor<1x2x3xf32>
// CHECK:       quant.qcast
func.func @fully_connected_declines_asymmetric_per_channel_weights(%arg0: tensor<2x7x!x>) -> tensor<2x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x7x!w>, value = dense<1> : tensor<3x7xi8>} : () -> tensor<3x7x!w>
  %b = "tfl.no_value"() {value} : () -> none
  // expected-remark@+1 {{fallback: per-channel weights with non-zero zero points}}
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x7x!x>, tensor<3x7x!w>, none) -> tensor<2x3x!y>
  return %0 : tensor<2x3x!y>
}
