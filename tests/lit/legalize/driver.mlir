// Golden test of legalize/driver.py: what the driver does around the patterns. Constants,
// tfl.no_value, quantfork.stats, the float path (no casts), ops with no lowering that
// stay tfl ops (alone or between dcast/qcast), int64-quantized biases in a fallback,
// and allow-fallback=false (tfl.while and tfl.if: control_flow/control_flow.mlir).
// RUN: tfl2quant opt %s --mlir-print-op-generic --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --allow-unregistered-dialect --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null
// RUN: not tfl2quant opt %s --mlir-print-op-generic --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(legalize-tfl{allow-fallback=false})' 2>&1 >/dev/null | filecheck %s --check-prefix=NOFALLBACK

// CHECK-LABEL: @pseudo_const_becomes_arith_constant
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5xf32>)
// CHECK-NEXT:  %[[C:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00], [-1.000000e+00, -2.000000e+00, -3.000000e+00, -4.000000e+00, -5.000000e+00], [5.000000e-01, 2.500000e-01, 1.250000e-01, 6.250000e-02, 3.125000e-02]]> : tensor<3x5xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.add"(%[[X]], %[[C]])
// CHECK-NEXT:  return %[[Y]]
// CHECK-NOT:   tfl.pseudo_const
func.func @pseudo_const_becomes_arith_constant(%arg0: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %c = "tfl.pseudo_const"() {value = dense<[[1.0, 2.0, 3.0, 4.0, 5.0], [-1.0, -2.0, -3.0, -4.0, -5.0], [0.5, 0.25, 0.125, 0.0625, 0.03125]]> : tensor<3x5xf32>} : () -> tensor<3x5xf32>
  %0 = "tfl.add"(%arg0, %c) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// A quantized constant: its stored values as arith.constant, then quant.scast to the
// quantized type (qtype).
!q = !quant.uniform<i8:f32, 0.5:-3>
// CHECK-LABEL: @pseudo_qconst_becomes_constant_and_scast
// CHECK-NEXT:  %[[C:.*]] = arith.constant dense<{{\[\[}}1, 2, 3], [-4, -5, -6]]> : tensor<2x3xi8>
// CHECK-NEXT:  %[[Q:.*]] = quant.scast %[[C]] : tensor<2x3xi8> to tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT:  return %[[Q]]
func.func @pseudo_qconst_becomes_constant_and_scast() -> tensor<2x3x!q> {
  %0 = "tfl.pseudo_qconst"() {qtype = tensor<2x3x!q>, value = dense<[[1, 2, 3], [-4, -5, -6]]> : tensor<2x3xi8>} : () -> tensor<2x3x!q>
  return %0 : tensor<2x3x!q>
}

// -----

// A quantized sparse constant is densified (row 0 keeps columns 1 and 3, row 1 column 0)
// into an arith.constant of its storage type; the quantized type moves to a quant.scast.
!q = !quant.uniform<i8<-127:127>:f32, 0.25>
// CHECK-LABEL: @pseudo_sparse_qconst_densified
// CHECK-NEXT:  %[[C:.*]] = arith.constant dense<{{\[\[}}0, 5, 0, -6], [7, 0, 0, 0]]> : tensor<2x4xi8>
// CHECK-NEXT:  %[[Q:.*]] = quant.scast %[[C]] : tensor<2x4xi8> to tensor<2x4x!quant.uniform<i8<-127:127>:f32, 2.500000e-01>>
// CHECK-NEXT:  return %[[Q]]
func.func @pseudo_sparse_qconst_densified() -> tensor<2x4x!q> {
  %0 = "tfl.pseudo_sparse_qconst"() {value = dense<0> : tensor<2x4xi8>, s_param = {block_map = [], dim_metadata = [{dense_size = 2 : i32, format = "DENSE"}, {array_indices = {values = [1 : i32, 3 : i32, 0 : i32]}, array_segments = {values = [0 : i32, 2 : i32, 3 : i32]}, dense_size = 0 : i32, format = "SPARSE_CSR"}], traversal_order = [0 : i32, 1 : i32]}, compressed_data = dense<[5, -6, 7]> : tensor<3xi8>, qtype = tensor<2x4x!q>} : () -> tensor<2x4x!q>
  return %0 : tensor<2x4x!q>
}

// -----


// tfl.no_value (an absent optional operand: FULLY_CONNECTED's bias) is read by the
// patterns, then dropped once no op reads it.
// CHECK-LABEL: @no_value_is_dropped_once_read
// CHECK-NOT:   "tfl.no_value"
// CHECK:       "tosa.matmul"
// CHECK-NOT:   "tfl.fully_connected"
// CHECK:       return
func.func @no_value_is_dropped_once_read(%arg0: tensor<2x7xf32>, %arg1: tensor<3x7xf32>) -> tensor<2x3xf32> {
  %b = "tfl.no_value"() {value} : () -> none
  %0 = "tfl.fully_connected"(%arg0, %arg1, %b) {fused_activation_function = "NONE", keep_num_dims = false, weights_format = "DEFAULT"} : (tensor<2x7xf32>, tensor<3x7xf32>, none) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Calibration statistics (min/max-only quantization) carry no computation: the op is
// dropped and its users read its operand.
// CHECK-LABEL: @quantfork_stats_is_dropped
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5xf32>)
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%[[X]]) {max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32}
// CHECK-NEXT:  return %[[Y]]
// CHECK-NOT:   quantfork.stats
func.func @quantfork_stats_is_dropped(%arg0: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = "quantfork.stats"(%arg0) {layerStats = dense<[-1.0, 2.5]> : tensor<2xf32>} : (tensor<3x5xf32>) -> tensor<3x5xf32>
  %1 = "tfl.relu6"(%0) : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %1 : tensor<3x5xf32>
}

// -----

// An op of a float model takes the float path: no casts, no remark.
// CHECK-LABEL: @float_op_takes_float_path
// CHECK-NEXT:  %[[Y:.*]] = "tosa.tanh"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  return %[[Y]]
// CHECK-NOT:   quant.
func.func @float_op_takes_float_path(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.tanh"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// Ops that are not tfl ops are left alone.
// CHECK-LABEL: @other_dialects_are_left_alone
// CHECK-NEXT:  %[[Y:.*]] = "arith.addf"(%arg0, %arg0)
// CHECK-NEXT:  return %[[Y]]
func.func @other_dialects_are_left_alone(%arg0: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = "arith.addf"(%arg0, %arg0) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// A float op with no lowering stays a tfl op.
// CHECK-LABEL: @cosine_float_is_unlowered
// CHECK-NEXT:  %[[Y:.*]] = "tfl.stablehlo_cosine"(%arg0) : (tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @cosine_float_is_unlowered(%arg0: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-remark@+1 {{unlowered: STABLEHLO_COSINE has no TFLite kernel (neither register_ref.cc nor core/kernels/register.cc registers one): the interpreter refuses the model, so there is no semantics to follow}}
  %0 = "tfl.stablehlo_cosine"(%arg0) : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: @custom_op_is_unlowered
// CHECK-NEXT:  %[[Y:.*]] = "tfl.custom"(%arg0) {custom_code = "MyOp", custom_option = #tfl<const_bytes : "0x0102">} : (tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @custom_op_is_unlowered(%arg0: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-remark@+1 {{unlowered: custom operator 'MyOp': its computation is not in the model}}
  %0 = "tfl.custom"(%arg0) {custom_code = "MyOp", custom_option = #tfl<const_bytes : "0x0102">} : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: @unknown_tfl_op_is_unlowered
// CHECK-NEXT:  %[[Y:.*]] = "tfl.not_an_operator"(%arg0) : (tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @unknown_tfl_op_is_unlowered(%arg0: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-remark@+1 {{unlowered: not a TFLite builtin operator}}
  %0 = "tfl.not_an_operator"(%arg0) : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// A quantized op with neither an integer nor a float lowering: the tfl op itself runs on
// floats between the casts, and the remark gives both reasons.
!x = !quant.uniform<i8:f32, 0.5:-3>
!z = !quant.uniform<i8:f32, 2.0:5>
// CHECK-LABEL: @cosine_int8_stays_between_casts
// CHECK-SAME:    (%[[ARG0:.*]]: tensor<3x5x!quant.uniform<i8:f32, 5.000000e-01:-3>>)
// CHECK-NEXT:  %[[A:.*]] = quant.dcast %[[ARG0]] : tensor<3x5x!quant.uniform<i8:f32, 5.000000e-01:-3>> to tensor<3x5xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tfl.stablehlo_cosine"(%[[A]]) : (tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[Y]] : tensor<3x5xf32> to tensor<3x5x!quant.uniform<i8:f32, 2.000000e+00:5>>
// CHECK-NEXT:  return %[[Q]]
func.func @cosine_int8_stays_between_casts(%arg0: tensor<3x5x!x>) -> tensor<3x5x!z> {
  // expected-remark@+1 {{unlowered: no integer pattern for tfl.stablehlo_cosine; STABLEHLO_COSINE has no TFLite kernel (neither register_ref.cc nor core/kernels/register.cc registers one): the interpreter refuses the model, so there is no semantics to follow}}
  %0 = "tfl.stablehlo_cosine"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

// An int16x8 conv (models/coverage/cnn-mixed.int16x8.tflite's first conv, two channels;
// here with a per-axis input, so that it takes the fallback); its int64 bias has no
// !quant.uniform type (the type stops at 32 bits), so its tfl.quantization attribute is
// kept on the constant and the bias is dequantized at compile time as quant.dcast would,
// in float32:
//   float(106818 - 0) * 5.406371315075376e-07 = 0.057749778032302856
//   float(-987908 - 0) * 2.5404955295016407e-07 = -0.2509775757789612
!x = !quant.uniform<i16:f32:3, {7.629247556906193e-05, 7.629247556906193e-05, 7.629247556906193e-05, 7.629247556906193e-05, 7.629247556906193e-05, 7.629247556906193e-05, 7.629247556906193e-05}>
!w = !quant.uniform<i8<-127:127>:f32:0, {0.00708637572824955, 0.0033299424685537815}>
!y = !quant.uniform<i16:f32, 0.0001831110566854477>
// CHECK-LABEL: @int64_quantized_bias_in_fallback
// CHECK:       arith.constant {tfl.quantization = {quantized_dimension = 0 : i64, scale = [5.40637132E-7 : f32, 2.54049553E-7 : f32], zero_point = [0, 0]}} dense<[106818, -987908]> : tensor<2xi64>
// CHECK:       %[[X:.*]] = quant.dcast %arg0
// CHECK-NEXT:  %[[W:.*]] = quant.dcast %{{.*}} to tensor<2x1x1x7xf32>
// CHECK-NEXT:  %[[B:.*]] = arith.constant dense<[0.057749778, -0.250977576]> : tensor<2xf32>
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1xf32>}
// CHECK-NEXT:  %[[ACC:.*]] = "tosa.conv2d"(%[[X]], %[[W]], %[[B]], %[[ZP]], %[[ZP]]) {{.*}}{acc_type = f32, {{.*}}} : {{.*}} -> tensor<1x3x5x2xf32>
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[ACC]]) {max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32}
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[R]] : tensor<1x3x5x2xf32> to tensor<1x3x5x2x!quant.uniform<i16:f32, 1.8311105668544769E-4>>
// CHECK-NEXT:  return %[[Q]]
func.func @int64_quantized_bias_in_fallback(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<1> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_const"() {value = dense<[106818, -987908]> : tensor<2xi64>, tfl.quantization = {scale = [5.406371315075376e-07 : f32, 2.5404955295016407e-07 : f32], zero_point = [0 : i64, 0 : i64], quantized_dimension = 0 : i64}} : () -> tensor<2xi64>
  // expected-remark@+1 {{fallback: per-axis quantized operand 0}}
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "RELU6", padding = "VALID", quantized_bias_type = "INT64", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2xi64>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// A per-tensor int64 quantization with a zero point: (q - zp) * scale, one scale for all
// (the per-axis input sends the op to the fallback).
//   (8 - 2) * 0.5 = 3.0, (-4 - 2) * 0.5 = -3.0, (2 - 2) * 0.5 = 0.0
!x = !quant.uniform<i16:f32:1, {0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5}>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!y = !quant.uniform<i16:f32, 1.0>
// CHECK-LABEL: @int64_quantized_bias_with_zero_point
// CHECK:       %[[B:.*]] = arith.constant dense<[3.000000e+00, -3.000000e+00, 0.000000e+00]> : tensor<3xf32>
// CHECK:       "tosa.reshape"(%[[B]], %{{.*}}) : (tensor<3xf32>, !tosa.shape<3>) -> tensor<1x1x3xf32>
func.func @int64_quantized_bias_with_zero_point(%arg0: tensor<2x7x!x>) -> tensor<2x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x7x!w>, value = dense<1> : tensor<3x7xi8>} : () -> tensor<3x7x!w>
  %b = "tfl.pseudo_const"() {value = dense<[8, -4, 2]> : tensor<3xi64>, tfl.quantization = {scale = [0.5 : f32], zero_point = [2 : i64], quantized_dimension = 0 : i64}} : () -> tensor<3xi64>
  // expected-remark@+1 {{fallback: per-axis quantized operand 0}}
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "INT64", weights_format = "DEFAULT"} : (tensor<2x7x!x>, tensor<3x7x!w>, tensor<3xi64>) -> tensor<2x3x!y>
  return %0 : tensor<2x3x!y>
}

// With allow-fallback=false every quantized op that would leave integer arithmetic (take the
// fallback or stay a tfl op) is an error naming it, its location and the reason. Ops of float
// models are not refused: they never were integer arithmetic.
// NOFALLBACK-NOT: 'tfl.custom'
// NOFALLBACK: error: the fallback is off (--no-fallback, legalize-tfl{allow-fallback=false}) and 1 op(s) need it: op 0 'tfl.stablehlo_cosine' at {{.*}}driver.mlir:{{[0-9]+}}:{{[0-9]+}}: no integer pattern for tfl.stablehlo_cosine; STABLEHLO_COSINE has no TFLite kernel
// NOFALLBACK: error: {{.*}} 1 op(s) need it: op 0 'tfl.conv_2d' at {{.*}}: per-axis quantized operand 0
