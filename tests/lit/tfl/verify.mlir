// The verifiers of tfl.* operators (tfl2quant/dialects/tfl_verifiers.py): what TFLite's
// kernels check in Prepare (LiteRT tflite/kernels/<op>.cc). One case per rule and per
// message; a model the interpreter refuses is refused before legalization, with one error
// naming the op and what is wrong. The VALID cases at the end are edge rules that must not
// fire; they print back.
// RUN: tfl2quant opt %s --split-input-file --verify-diagnostics | filecheck %s

// ===--- operand and result counts ---=== //

func.func @add_rejects_three_operands(%arg0: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{has 3 operands; TFLite's kernel takes 2}}
  %0 = "tfl.add"(%arg0, %arg0, %arg0) {fused_activation_function = "NONE"} : (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// conv.cc: TF_LITE_ENSURE(context, has_bias || node->inputs->size == 2) (then the bias is
// required, below).
func.func @conv_2d_rejects_one_operand(%arg0: tensor<1x3x5x7xf32>) -> tensor<1x3x5x7xf32> {
  // expected-error@+1 {{has 1 operands; TFLite's kernel takes 2 to 3}}
  %0 = "tfl.conv_2d"(%arg0) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7xf32>) -> tensor<1x3x5x7xf32>
  return %0 : tensor<1x3x5x7xf32>
}

// -----

// conv.cc: TF_LITE_ENSURE(has_bias) after has_bias = (node->inputs->size == 3).
func.func @conv_2d_rejects_missing_bias(%arg0: tensor<1x3x5x7xf32>, %arg1: tensor<2x1x1x7xf32>) -> tensor<1x3x5x2xf32> {
  // expected-error@+1 {{CONV_2D requires a bias (conv.cc: TF_LITE_ENSURE(has_bias))}}
  %0 = "tfl.conv_2d"(%arg0, %arg1) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7xf32>, tensor<2x1x1x7xf32>) -> tensor<1x3x5x2xf32>
  return %0 : tensor<1x3x5x2xf32>
}

// -----

// An omitted optional input (tfl.no_value, index -1) as the bias: GetInputSafe fails on it.
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!y = !quant.uniform<i8:f32, 1.0:5>
func.func @conv_2d_rejects_no_value_bias(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<1> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.no_value"() {value} : () -> none
  // expected-error@+1 {{a third operand must be the bias; the kernel refuses an omitted one}}
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, none) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

func.func @add_rejects_two_results(%arg0: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{has 2 results; TFLite's kernel gives 1}}
  %0:2 = "tfl.add"(%arg0, %arg0) {fused_activation_function = "NONE"} : (tensor<3x5xf32>, tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xf32>)
  return %0#0 : tensor<3x5xf32>
}

// -----

// fully_connected.cc: the output, and with shuffled weights a workspace.
func.func @fully_connected_rejects_three_results(%arg0: tensor<2x7xf32>, %arg1: tensor<3x7xf32>, %arg2: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{has 3 results; TFLite's kernel gives 1 to 2}}
  %0:3 = "tfl.fully_connected"(%arg0, %arg1, %arg2) {fused_activation_function = "NONE", keep_num_dims = false, weights_format = "DEFAULT"} : (tensor<2x7xf32>, tensor<3x7xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// ===--- types ---=== //

// A value must be a ranked tensor (every shape rule reads the shape).
func.func @relu_rejects_unranked_operand(%arg0: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error@+1 {{operand 0 must be a ranked tensor, got tensor<*xf32>}}
  %0 = "tfl.relu"(%arg0) : (tensor<*xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// Arithmetic kernels take numbers, not bool.
func.func @add_rejects_bool(%arg0: tensor<3x5xi1>) -> tensor<3x5xi1> {
  // expected-error@+1 {{operand 0 is i1; the kernel takes bf16, f16, f32, f64, i16, i32, i4, i64, i8, u16, u32, u8}}
  %0 = "tfl.add"(%arg0, %arg0) {fused_activation_function = "NONE"} : (tensor<3x5xi1>, tensor<3x5xi1>) -> tensor<3x5xi1>
  return %0 : tensor<3x5xi1>
}

// -----

// logical.cc: bool only.
func.func @logical_and_rejects_float(%arg0: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{operand 0 is f32; the kernel takes i1}}
  %0 = "tfl.logical_and"(%arg0, %arg0) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// sub.cc: TF_LITE_ENSURE_TYPES_EQ(input1, input2).
func.func @sub_rejects_operands_of_two_types(%arg0: tensor<3x5xf32>, %arg1: tensor<3x5xi32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{operands and result must have one type, got f32, i32}}
  %0 = "tfl.sub"(%arg0, %arg1) {fused_activation_function = "NONE"} : (tensor<3x5xf32>, tensor<3x5xi32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// Quantized int8 and plain int8 share a TfLiteType but not a kernel.
!q = !quant.uniform<i8:f32, 0.5:-3>
func.func @mul_rejects_quantized_with_plain_int8(%arg0: tensor<3x5x!q>, %arg1: tensor<3x5xi8>) -> tensor<3x5x!q> {
  // expected-error@+1 {{operands and result must have one type, got i8, i8 (quantized)}}
  %0 = "tfl.mul"(%arg0, %arg1) {fused_activation_function = "NONE"} : (tensor<3x5x!q>, tensor<3x5xi8>) -> tensor<3x5x!q>
  return %0 : tensor<3x5x!q>
}

// -----

// maximum_minimum.cc: the output has the inputs' type.
func.func @maximum_rejects_result_of_another_type(%arg0: tensor<3x5xf32>) -> tensor<3x5xf16> {
  // expected-error@+1 {{operands and result must have one type, got f16, f32}}
  %0 = "tfl.maximum"(%arg0, %arg0) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf16>
  return %0 : tensor<3x5xf16>
}

// -----

// Both operands int8 but the result int16.
!x = !quant.uniform<i8:f32, 0.5:-3>
!z = !quant.uniform<i16:f32, 0.5>
func.func @add_rejects_int16_result(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!x>) -> tensor<3x5x!z> {
  // expected-error@+1 {{operands and result must have one type, got i16 (quantized), i8 (quantized)}}
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<3x5x!x>, tensor<3x5x!x>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

// add.cc (and most kernels): int16 quantized values are symmetric, zero point 0.
!q = !quant.uniform<i16:f32, 0.5:3>
func.func @add_rejects_int16_zero_point(%arg0: tensor<3x5x!q>) -> tensor<3x5x!q> {
  // expected-error@+1 {{operand 0 is i16 with a zero point other than 0}}
  %0 = "tfl.add"(%arg0, %arg0) {fused_activation_function = "NONE"} : (tensor<3x5x!q>, tensor<3x5x!q>) -> tensor<3x5x!q>
  return %0 : tensor<3x5x!q>
}

// -----

// comparisons.cc: TF_LITE_ENSURE_TYPES_EQ(input1, input2).
func.func @less_rejects_operands_of_two_types(%arg0: tensor<3x5xf32>, %arg1: tensor<3x5xi32>) -> tensor<3x5xi1> {
  // expected-error@+1 {{operands and result must have one type, got f32, i32}}
  %0 = "tfl.less"(%arg0, %arg1) : (tensor<3x5xf32>, tensor<3x5xi32>) -> tensor<3x5xi1>
  return %0 : tensor<3x5xi1>
}

// -----

// comparisons.cc: output->type = kTfLiteBool.
func.func @equal_rejects_float_result(%arg0: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{result is f32; the kernel gives bool}}
  %0 = "tfl.equal"(%arg0, %arg0) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// Activations and math compute on real values: float, or quantized integers.
func.func @tanh_rejects_plain_integer(%arg0: tensor<3x5xi32>) -> tensor<3x5xi32> {
  // expected-error@+1 {{operand 0 is i32; the kernel takes float or quantized tensors}}
  %0 = "tfl.tanh"(%arg0) : (tensor<3x5xi32>) -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// -----

// select.cc: TF_LITE_ENSURE_TYPES_EQ(input_condition, kTfLiteBool).
func.func @select_v2_rejects_float_condition(%arg0: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{operand 0 is f32; the kernel takes i1}}
  %0 = "tfl.select_v2"(%arg0, %arg0, %arg0) : (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// select.cc: TF_LITE_ENSURE_TYPES_EQ(input_x, input_y).
func.func @select_rejects_values_of_two_types(%arg0: tensor<3x5xi1>, %arg1: tensor<3x5xf32>, %arg2: tensor<3x5xi32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{operands and result must have one type, got f32, i32}}
  %0 = "tfl.select"(%arg0, %arg1, %arg2) : (tensor<3x5xi1>, tensor<3x5xf32>, tensor<3x5xi32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// ===--- conv_2d, depthwise_conv_2d, fully_connected: types ---=== //

// conv.cc: input_type is float32, uint8, int8 or int16.
func.func @conv_2d_rejects_int32_input(%arg0: tensor<1x3x5x7xi32>, %arg1: tensor<2x1x1x7xi32>) -> tensor<1x3x5x2xi32> {
  // expected-error@+1 {{input is i32; the kernel takes f32 or quantized i8, u8, i16}}
  %0 = "tfl.conv_2d"(%arg0, %arg1) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7xi32>, tensor<2x1x1x7xi32>) -> tensor<1x3x5x2xi32>
  return %0 : tensor<1x3x5x2xi32>
}

// -----

// An int8 input takes quantized int8 (or int4) weights.
!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i8:f32, 1.0:5>
func.func @conv_2d_rejects_float_weights_for_int8_input(%arg0: tensor<1x3x5x7x!x>, %arg1: tensor<2x1x1x7xf32>) -> tensor<1x3x5x2x!y> {
  // expected-error@+1 {{weights are f32 for an input of i8 (quantized)}}
  %0 = "tfl.conv_2d"(%arg0, %arg1) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7xf32>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// int2 weights: FULLY_CONNECTED unpacks them for float, int8 and int16 inputs; CONV_2D reads
// them for a float input only (legalize/families/conv/conv.py declines that); an int8 convolution or a
// depthwise one does not take them.
!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i8:f32, 1.0:5>
!w = !quant.uniform<i2:f32, 0.25>
func.func @conv_2d_rejects_int2_weights_for_int8_input(%arg0: tensor<1x3x5x7x!x>, %arg1: tensor<2x1x1x7x!w>) -> tensor<1x3x5x2x!y> {
  // expected-error@+1 {{weights are i2 (quantized) for an input of i8 (quantized)}}
  %0 = "tfl.conv_2d"(%arg0, %arg1) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

!w = !quant.uniform<i2:f32, 0.25>
func.func @depthwise_conv_2d_rejects_int2_weights_for_float_input(%arg0: tensor<1x3x5x2xf32>, %arg1: tensor<1x1x1x2x!w>) -> tensor<1x3x5x2xf32> {
  // expected-error@+1 {{weights are i2 (quantized) for an input of f32}}
  %0 = "tfl.depthwise_conv_2d"(%arg0, %arg1) {depth_multiplier = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x2xf32>, tensor<1x1x1x2x!w>) -> tensor<1x3x5x2xf32>
  return %0 : tensor<1x3x5x2xf32>
}

// -----

// fully_connected.cc Prepare (VerifyQuantizationZeroPoint): int4 and int2 weights have zero
// points 0.
!w = !quant.uniform<i4:f32, 0.25:1>
func.func @fully_connected_rejects_int4_weights_with_a_zero_point(%arg0: tensor<2x7xf32>, %arg1: tensor<3x7x!w>) -> tensor<2x3xf32> {
  // expected-error@+1 {{i4 weights must have zero points 0 (fully_connected.cc: VerifyQuantizationZeroPoint)}}
  %0 = "tfl.fully_connected"(%arg0, %arg1) {fused_activation_function = "NONE", keep_num_dims = false, weights_format = "DEFAULT"} : (tensor<2x7xf32>, tensor<3x7x!w>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A float input takes float weights, or int8/int4 ones (hybrid); never int16.
!w = !quant.uniform<i16:f32, 0.25>
func.func @conv_2d_rejects_int16_weights_for_float_input(%arg0: tensor<1x3x5x7xf32>, %arg1: tensor<2x1x1x7x!w>) -> tensor<1x3x5x2xf32> {
  // expected-error@+1 {{weights are i16 (quantized) for an input of f32}}
  %0 = "tfl.conv_2d"(%arg0, %arg1) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7xf32>, tensor<2x1x1x7x!w>) -> tensor<1x3x5x2xf32>
  return %0 : tensor<1x3x5x2xf32>
}

// -----

// conv.cc: TF_LITE_ENSURE_TYPES_EQ(output->type, input_type).
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!y = !quant.uniform<i16:f32, 1.0>
func.func @conv_2d_rejects_int16_result_for_int8_input(%arg0: tensor<1x3x5x7x!x>, %arg1: tensor<2x1x1x7x!w>) -> tensor<1x3x5x2x!y> {
  // expected-error@+1 {{result is i16 (quantized) for an input of i8 (quantized)}}
  %0 = "tfl.conv_2d"(%arg0, %arg1) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// fully_connected.cc (CheckTypes): a quantized input gives a quantized output, never float.
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
func.func @fully_connected_rejects_float_result_for_int8_input(%arg0: tensor<2x7x!x>, %arg1: tensor<3x7x!w>) -> tensor<2x3xf32> {
  // expected-error@+1 {{result is f32 for an input of i8 (quantized)}}
  %0 = "tfl.fully_connected"(%arg0, %arg1) {fused_activation_function = "NONE", keep_num_dims = false, weights_format = "DEFAULT"} : (tensor<2x7x!x>, tensor<3x7x!w>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// fully_connected.cc CheckTypes, is_hybrid: a float input with quantized weights gives a
// float output.
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!y = !quant.uniform<i8:f32, 1.0:5>
func.func @fully_connected_rejects_quantized_result_for_hybrid_input(%arg0: tensor<2x7xf32>, %arg1: tensor<3x7x!w>) -> tensor<2x3x!y> {
  // expected-error@+1 {{result is i8 (quantized) for an input of f32}}
  %0 = "tfl.fully_connected"(%arg0, %arg1) {fused_activation_function = "NONE", keep_num_dims = false, weights_format = "DEFAULT"} : (tensor<2x7xf32>, tensor<3x7x!w>) -> tensor<2x3x!y>
  return %0 : tensor<2x3x!y>
}

// -----

// conv.cc: a float input takes a bias of its own type (also hybrid).
func.func @conv_2d_rejects_int32_bias_for_float_input(%arg0: tensor<1x3x5x7xf32>, %arg1: tensor<2x1x1x7xf32>, %arg2: tensor<2xi32>) -> tensor<1x3x5x2xf32> {
  // expected-error@+1 {{bias is i32; an input of f32 takes f32}}
  %0 = "tfl.conv_2d"(%arg0, %arg1, %arg2) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7xf32>, tensor<2x1x1x7xf32>, tensor<2xi32>) -> tensor<1x3x5x2xf32>
  return %0 : tensor<1x3x5x2xf32>
}

// -----

// conv.cc: an int8 or uint8 input takes an int32 bias.
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!y = !quant.uniform<i8:f32, 1.0:5>
func.func @conv_2d_rejects_float_bias_for_int8_input(%arg0: tensor<1x3x5x7x!x>, %arg1: tensor<2x1x1x7x!w>, %arg2: tensor<2xf32>) -> tensor<1x3x5x2x!y> {
  // expected-error@+1 {{bias is f32; an input of i8 (quantized) takes i32 (quantized)}}
  %0 = "tfl.conv_2d"(%arg0, %arg1, %arg2) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2xf32>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// An integer bias without quantization parameters is refused (converters always write them).
!x = !quant.uniform<u8:f32, 0.5:128>
!w = !quant.uniform<u8:f32, 0.25:120>
!y = !quant.uniform<u8:f32, 1.0:125>
func.func @depthwise_conv_2d_rejects_plain_int32_bias_for_uint8_input(%arg0: tensor<1x3x5x2x!x>, %arg1: tensor<1x1x1x2x!w>, %arg2: tensor<2xi32>) -> tensor<1x3x5x2x!y> {
  // expected-error@+1 {{bias is i32; an input of u8 (quantized) takes i32 (quantized)}}
  %0 = "tfl.depthwise_conv_2d"(%arg0, %arg1, %arg2) {depth_multiplier = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x2x!x>, tensor<1x1x1x2x!w>, tensor<2xi32>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// An int16 input takes an int32 or int64 bias; an int64 one is quantized only when its
// constant carries the tfl.quantization attribute.
!x = !quant.uniform<i16:f32, 0.5>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!y = !quant.uniform<i16:f32, 1.0>
func.func @conv_2d_rejects_int64_bias_without_parameters(%arg0: tensor<1x3x5x7x!x>, %arg1: tensor<2x1x1x7x!w>) -> tensor<1x3x5x2x!y> {
  %b = "tfl.pseudo_const"() {value = dense<[3, -4]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error@+1 {{bias is i64; an input of i16 (quantized) takes i32 (quantized) or i64 (quantized)}}
  %0 = "tfl.conv_2d"(%arg0, %arg1, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", quantized_bias_type = "INT64", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2xi64>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// depthwise_conv.cc: an int16 input takes an int64 bias (CONV_2D takes int32 or int64).
!x = !quant.uniform<i16:f32, 0.5>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!b = !quant.uniform<i32:f32, 0.125>
!y = !quant.uniform<i16:f32, 1.0>
func.func @depthwise_conv_2d_rejects_int32_bias_for_int16_input(%arg0: tensor<1x3x5x2x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<1x1x1x2x!w>, value = dense<1> : tensor<1x1x1x2xi8>} : () -> tensor<1x1x1x2x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<0> : tensor<2xi32>} : () -> tensor<2x!b>
  // expected-error@+1 {{bias is i32 (quantized); an input of i16 (quantized) takes i64 (quantized)}}
  %0 = "tfl.depthwise_conv_2d"(%arg0, %w, %b) {depth_multiplier = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x2x!x>, tensor<1x1x1x2x!w>, tensor<2x!b>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// conv.cc: an int8 or int16 input needs filter zero points 0 (per channel too).
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8:f32:0, {0.25:0, 0.125:3}>
!b = !quant.uniform<i32:f32:0, {0.125, 0.0625}>
!y = !quant.uniform<i8:f32, 1.0:5>
func.func @conv_2d_rejects_int8_filter_with_zero_point(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<1> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<0> : tensor<2xi32>} : () -> tensor<2x!b>
  // expected-error@+1 {{the filter of an i8 convolution must have zero points 0}}
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2x!b>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

!x = !quant.uniform<i16:f32, 0.5>
!w = !quant.uniform<i8:f32, 0.25:2>
!y = !quant.uniform<i16:f32, 1.0>
func.func @conv_2d_rejects_int16_conv_filter_with_zero_point(%arg0: tensor<1x3x5x7x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x7x!w>, value = dense<1> : tensor<2x1x1x7xi8>} : () -> tensor<2x1x1x7x!w>
  %b = "tfl.pseudo_const"() {value = dense<0> : tensor<2xi64>, tfl.quantization = {scale = [0.125 : f32], zero_point = [0 : i64], quantized_dimension = 0 : i64}} : () -> tensor<2xi64>
  // expected-error@+1 {{the filter of an i16 convolution must have zero points 0}}
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "INT64", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7x!x>, tensor<2x1x1x7x!w>, tensor<2xi64>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// fully_connected.cc PrepareImpl: expected_outputs_count is 1 for DEFAULT weights, 2 otherwise.
func.func @fully_connected_rejects_workspace_without_shuffled_weights(%arg0: tensor<2x7xf32>, %arg1: tensor<3x7xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{shuffled weights give two results (the output and the input workspace), others one}}
  %0:2 = "tfl.fully_connected"(%arg0, %arg1) {fused_activation_function = "NONE", keep_num_dims = false, weights_format = "DEFAULT"} : (tensor<2x7xf32>, tensor<3x7xf32>) -> (tensor<2x3xf32>, tensor<2x7xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!y = !quant.uniform<i8:f32, 1.0:5>
func.func @fully_connected_rejects_shuffled_weights_with_one_result(%arg0: tensor<2x16x!x>) -> tensor<2x4x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<4x16x!w>, value = dense<1> : tensor<4x16xi8>} : () -> tensor<4x16x!w>
  %b = "tfl.no_value"() {value} : () -> none
  // expected-error@+1 {{shuffled weights give two results (the output and the input workspace), others one}}
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "SHUFFLED4x16INT8"} : (tensor<2x16x!x>, tensor<4x16x!w>, none) -> tensor<2x4x!y>
  return %0 : tensor<2x4x!y>
}

// -----

// ===--- softmax, quantize, dequantize, arg_max: types ---=== //

// activations.cc: a float input gives a float output.
!y = !quant.uniform<i8:f32, 0.00390625:-128>
func.func @softmax_rejects_quantized_result_for_float_input(%arg0: tensor<3x5xf32>) -> tensor<3x5x!y> {
  // expected-error@+1 {{result is i8 (quantized) for an input of f32}}
  %0 = "tfl.softmax"(%arg0) {beta = 1.0 : f32} : (tensor<3x5xf32>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// Only int8 and uint8 inputs may widen to int16.
!x = !quant.uniform<i16:f32, 0.001>
!y = !quant.uniform<i8:f32, 0.00390625:-128>
func.func @softmax_rejects_int8_result_for_int16_input(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  // expected-error@+1 {{result is i8 (quantized) for an input of i16 (quantized)}}
  %0 = "tfl.softmax"(%arg0) {beta = 1.0 : f32} : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// activations.cc: TF_LITE_ENSURE(NumDimensions(input) >= 1).
func.func @softmax_rejects_scalar(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{operand 0 must have rank >= 1}}
  %0 = "tfl.softmax"(%arg0) {beta = 1.0 : f32} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// activations.cc SoftmaxPrepare: an int8 output is quantized (1/256, -128).
!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i8:f32, 0.00390625>
func.func @softmax_rejects_int8_output_zero_point(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  // expected-error@+1 {{i8 output must be quantized with scale 0.00390625 and zero point -128, got 0.00390625 and 0}}
  %0 = "tfl.softmax"(%arg0) {beta = 1.0 : f32} : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// activations.cc LogSoftmaxPrepare: output type of the input's, scale 16/256, zero point
// 127 (int8) or 255 (uint8).
!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i8:f32, 0.0625:-128>
func.func @log_softmax_rejects_int8_output_zero_point(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  // expected-error@+1 {{i8 output must be quantized with scale 0.0625 and zero point 127, got 0.0625 and -128}}
  %0 = "tfl.log_softmax"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i16:f32, 0.0625>
func.func @log_softmax_rejects_int16_result_for_int8_input(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  // expected-error@+1 {{result is i16 (quantized) for an input of i8 (quantized)}}
  %0 = "tfl.log_softmax"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// quantize.cc: float32 (quantize) or quantized integers (requantize).
!y = !quant.uniform<i8:f32, 0.5:-3>
func.func @quantize_rejects_plain_integer_input(%arg0: tensor<3x5xi32>) -> tensor<3x5x!y> {
  // expected-error@+1 {{operand 0 is i32; QUANTIZE takes float32 or quantized tensors}}
  %0 = "tfl.quantize"(%arg0) {qtype = tensor<3x5x!y>} : (tensor<3x5xi32>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// quantize.cc: the output has affine quantization.
func.func @quantize_rejects_float_result(%arg0: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{result is f32; QUANTIZE gives a quantized tensor}}
  %0 = "tfl.quantize"(%arg0) {qtype = tensor<3x5xf32>} : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// dequantize.cc: quantized integers or float16.
func.func @dequantize_rejects_float32_input(%arg0: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{operand 0 is f32; DEQUANTIZE takes quantized int2/int4/int8/int16/uint4/uint8, float16 or float8 tensors}}
  %0 = "tfl.dequantize"(%arg0) : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// dequantize.cc: output->type = kTfLiteFloat32.
!x = !quant.uniform<i8:f32, 0.5:-3>
func.func @dequantize_rejects_integer_result(%arg0: tensor<3x5x!x>) -> tensor<3x5xi32> {
  // expected-error@+1 {{result is i32; DEQUANTIZE gives float32}}
  %0 = "tfl.dequantize"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// -----

// arg_min_max.cc: output_type is int32 or int64.
func.func @arg_max_rejects_float_result(%arg0: tensor<3x5xf32>) -> tensor<3xf32> {
  %axis = "tfl.pseudo_const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-error@+1 {{result is f32; the kernel gives int32 or int64 indices}}
  %0 = "tfl.arg_max"(%arg0, %axis) {output_type = f32} : (tensor<3x5xf32>, tensor<1xi32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// strided_slice.cc: TF_LITE_ENSURE_TYPES_EQ(begin->type, kTfLiteInt32) (end and strides too).
func.func @strided_slice_rejects_float_begin(%arg0: tensor<3x5xf32>, %arg1: tensor<2xf32>, %arg2: tensor<2xi32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{operand 1 is f32; the kernel takes i32}}
  %0 = "tfl.strided_slice"(%arg0, %arg1, %arg2, %arg2) {begin_mask = 0 : i32, ellipsis_mask = 0 : i32, end_mask = 0 : i32, new_axis_mask = 0 : i32, offset = false, shrink_axis_mask = 0 : i32} : (tensor<3x5xf32>, tensor<2xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @strided_slice_rejects_int64_end(%arg0: tensor<3x5xf32>, %arg1: tensor<2xi32>, %arg2: tensor<2xi64>) -> tensor<3x5xf32> {
  // expected-error@+1 {{operand 2 is i64; the kernel takes i32}}
  %0 = "tfl.strided_slice"(%arg0, %arg1, %arg2, %arg1) {begin_mask = 0 : i32, ellipsis_mask = 0 : i32, end_mask = 0 : i32, new_axis_mask = 0 : i32, offset = false, shrink_axis_mask = 0 : i32} : (tensor<3x5xf32>, tensor<2xi32>, tensor<2xi64>, tensor<2xi32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// strided_slice.cc: TF_LITE_ENSURE_EQ(NumDimensions(strides), 1).
func.func @strided_slice_rejects_2d_strides(%arg0: tensor<3x5xf32>, %arg1: tensor<2xi32>, %arg2: tensor<1x2xi32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{operand 3 has rank 2; TFLite's kernel takes rank 1}}
  %0 = "tfl.strided_slice"(%arg0, %arg1, %arg1, %arg2) {begin_mask = 0 : i32, ellipsis_mask = 0 : i32, end_mask = 0 : i32, new_axis_mask = 0 : i32, offset = false, shrink_axis_mask = 0 : i32} : (tensor<3x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<1x2xi32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// strided_slice.cc: "StridedSlice op only supports up to 31 dimensions" (the masks are
// bits of an int32).
func.func @strided_slice_rejects_32_dimensions(%arg0: tensor<3x5xf32>, %arg1: tensor<32xi32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{32 dimensions; STRIDED_SLICE takes at most 31}}
  %0 = "tfl.strided_slice"(%arg0, %arg1, %arg1, %arg1) {begin_mask = 0 : i32, ellipsis_mask = 0 : i32, end_mask = 0 : i32, new_axis_mask = 0 : i32, offset = false, shrink_axis_mask = 0 : i32} : (tensor<3x5xf32>, tensor<32xi32>, tensor<32xi32>, tensor<32xi32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// split_v.cc: "size_splits only support type int32|int64".
func.func @split_v_rejects_float_size_splits(%arg0: tensor<4x6xf32>, %arg1: tensor<2xf32>, %arg2: tensor<i32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{operand 1 is f32; the kernel takes i32 or i64}}
  %0:2 = "tfl.split_v"(%arg0, %arg1, %arg2) {num_splits = 2 : i32} : (tensor<4x6xf32>, tensor<2xf32>, tensor<i32>) -> (tensor<4x2xf32>, tensor<4x4xf32>)
  return %0#0 : tensor<4x2xf32>
}

// -----

// ===--- elementwise shapes ---=== //

// add.cc (ProcessBroadcastShapes): numpy's broadcasting.
func.func @add_rejects_shapes_that_do_not_broadcast(%arg0: tensor<3x5xf32>, %arg1: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{operand shapes [3, 5] and [4, 5] do not broadcast}}
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE"} : (tensor<3x5xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @add_rejects_result_not_of_the_broadcast_shape(%arg0: tensor<3x1xf32>, %arg1: tensor<5xf32>) -> tensor<3x1xf32> {
  // expected-error@+1 {{result 0 has shape [3, 1], but TFLite computes [3, 5]}}
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE"} : (tensor<3x1xf32>, tensor<5xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// -----

func.func @greater_rejects_result_of_another_rank(%arg0: tensor<3x5xf32>) -> tensor<15xi1> {
  // expected-error@+1 {{result 0 has shape [15], but TFLite computes [3, 5]}}
  %0 = "tfl.greater"(%arg0, %arg0) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<15xi1>
  return %0 : tensor<15xi1>
}

// -----

func.func @relu_rejects_result_of_another_shape(%arg0: tensor<3x5xf32>) -> tensor<5x3xf32> {
  // expected-error@+1 {{result 0 has shape [5, 3], but TFLite computes [3, 5]}}
  %0 = "tfl.relu"(%arg0) : (tensor<3x5xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @cast_rejects_result_of_another_shape(%arg0: tensor<3x5xf32>) -> tensor<3x7xi32> {
  // expected-error@+1 {{result 0 has shape [3, 7], but TFLite computes [3, 5]}}
  %0 = "tfl.cast"(%arg0) : (tensor<3x5xf32>) -> tensor<3x7xi32>
  return %0 : tensor<3x7xi32>
}

// -----

// select.cc, SELECT (v1): TF_LITE_ENSURE(context, HaveSameShapes(input_x, input_y)).
func.func @select_rejects_values_of_two_shapes(%arg0: tensor<3x5xi1>, %arg1: tensor<3x5xf32>, %arg2: tensor<3x7xf32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{SELECT's values must have one shape, got [3, 5] and [3, 7]}}
  %0 = "tfl.select"(%arg0, %arg1, %arg2) : (tensor<3x5xi1>, tensor<3x5xf32>, tensor<3x7xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// select.cc, SELECT (v1): a condition of the values' shape, a scalar, or a vector over
// the first dimension.
func.func @select_rejects_condition_over_another_dimension(%arg0: tensor<5xi1>, %arg1: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{condition [5] does not select from [3, 5]}}
  %0 = "tfl.select"(%arg0, %arg1, %arg1) : (tensor<5xi1>, tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @select_rejects_condition_of_another_first_dimension(%arg0: tensor<2xi1>, %arg1: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{condition [2] does not select from [3, 5]}}
  %0 = "tfl.select"(%arg0, %arg1, %arg1) : (tensor<2xi1>, tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @select_rejects_result_of_another_shape(%arg0: tensor<3xi1>, %arg1: tensor<3x5xf32>) -> tensor<3x7xf32> {
  // expected-error@+1 {{result 0 has shape [3, 7], but TFLite computes [3, 5]}}
  %0 = "tfl.select"(%arg0, %arg1, %arg1) : (tensor<3xi1>, tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

// -----

// select.cc, SELECT_V2: the three operands broadcast.
func.func @select_v2_rejects_shapes_that_do_not_broadcast(%arg0: tensor<3x1xi1>, %arg1: tensor<1x5xf32>, %arg2: tensor<4x1xf32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{operand shapes [3, 1] and [1, 5] and [4, 1] do not broadcast}}
  %0 = "tfl.select_v2"(%arg0, %arg1, %arg2) : (tensor<3x1xi1>, tensor<1x5xf32>, tensor<4x1xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @select_v2_rejects_result_not_of_the_broadcast_shape(%arg0: tensor<3x1xi1>, %arg1: tensor<1x5xf32>, %arg2: tensor<f32>) -> tensor<3x1xf32> {
  // expected-error@+1 {{result 0 has shape [3, 1], but TFLite computes [3, 5]}}
  %0 = "tfl.select_v2"(%arg0, %arg1, %arg2) : (tensor<3x1xi1>, tensor<1x5xf32>, tensor<f32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// -----

// ===--- conv_2d and depthwise_conv_2d: shapes and options ---=== //

func.func @conv_2d_rejects_3d_input(%arg0: tensor<3x5x7xf32>, %arg1: tensor<2x1x1x7xf32>) -> tensor<3x5x2xf32> {
  // expected-error@+1 {{operand 0 has rank 3; TFLite's kernel takes rank 4}}
  %0 = "tfl.conv_2d"(%arg0, %arg1) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<3x5x7xf32>, tensor<2x1x1x7xf32>) -> tensor<3x5x2xf32>
  return %0 : tensor<3x5x2xf32>
}

// -----

func.func @conv_2d_rejects_3d_filter(%arg0: tensor<1x3x5x7xf32>, %arg1: tensor<2x1x7xf32>) -> tensor<1x3x5x2xf32> {
  // expected-error@+1 {{operand 1 has rank 3; TFLite's kernel takes rank 4}}
  %0 = "tfl.conv_2d"(%arg0, %arg1) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7xf32>, tensor<2x1x7xf32>) -> tensor<1x3x5x2xf32>
  return %0 : tensor<1x3x5x2xf32>
}

// -----

func.func @conv_2d_rejects_2d_bias(%arg0: tensor<1x3x5x7xf32>, %arg1: tensor<2x1x1x7xf32>, %arg2: tensor<1x2xf32>) -> tensor<1x3x5x2xf32> {
  // expected-error@+1 {{operand 2 has rank 2; TFLite's kernel takes rank 1}}
  %0 = "tfl.conv_2d"(%arg0, %arg1, %arg2) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7xf32>, tensor<2x1x1x7xf32>, tensor<1x2xf32>) -> tensor<1x3x5x2xf32>
  return %0 : tensor<1x3x5x2xf32>
}

// -----

// conv.cc: TF_LITE_ENSURE_EQ(NumElements(bias), SizeOfDimension(filter, 0)).
func.func @conv_2d_rejects_bias_of_another_size(%arg0: tensor<1x3x5x7xf32>, %arg1: tensor<2x1x1x7xf32>, %arg2: tensor<3xf32>) -> tensor<1x3x5x2xf32> {
  // expected-error@+1 {{bias has 3 elements for 2 output channels}}
  %0 = "tfl.conv_2d"(%arg0, %arg1, %arg2) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7xf32>, tensor<2x1x1x7xf32>, tensor<3xf32>) -> tensor<1x3x5x2xf32>
  return %0 : tensor<1x3x5x2xf32>
}

// -----

// conv.cc: input_channel % filter_input_channel == 0 (the groups of a grouped conv).
func.func @conv_2d_rejects_filter_channels_not_dividing_input(%arg0: tensor<1x3x5x7xf32>, %arg1: tensor<2x1x1x2xf32>) -> tensor<1x3x5x2xf32> {
  // expected-error@+1 {{filter [2, _, _, 2] does not split an input of 7 channels and its outputs into whole groups}}
  %0 = "tfl.conv_2d"(%arg0, %arg1) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7xf32>, tensor<2x1x1x2xf32>) -> tensor<1x3x5x2xf32>
  return %0 : tensor<1x3x5x2xf32>
}

// -----

// conv.cc: TF_LITE_ENSURE_EQ(filter->dims->data[0] % groups, 0): 6 / 3 = 2 groups, but 3
// output channels.
func.func @conv_2d_rejects_output_channels_not_splitting_into_groups(%arg0: tensor<1x3x5x6xf32>, %arg1: tensor<3x1x1x3xf32>, %arg2: tensor<3xf32>) -> tensor<1x3x5x3xf32> {
  // expected-error@+1 {{filter [3, _, _, 3] does not split an input of 6 channels and its outputs into whole groups}}
  %0 = "tfl.conv_2d"(%arg0, %arg1, %arg2) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x6xf32>, tensor<3x1x1x3xf32>, tensor<3xf32>) -> tensor<1x3x5x3xf32>
  return %0 : tensor<1x3x5x3xf32>
}

// -----

// conv.cc: height, width and channels of input and filter > 0.
func.func @conv_2d_rejects_empty_input(%arg0: tensor<1x0x5x7xf32>, %arg1: tensor<2x1x1x7xf32>) -> tensor<1x0x5x2xf32> {
  // expected-error@+1 {{empty input [1, 0, 5, 7] or filter [2, 1, 1, 7]}}
  %0 = "tfl.conv_2d"(%arg0, %arg1) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x0x5x7xf32>, tensor<2x1x1x7xf32>) -> tensor<1x0x5x2xf32>
  return %0 : tensor<1x0x5x2xf32>
}

// -----

// padding.h ComputeOutSize, SAME: ceil(in / stride) = [3, 4].
func.func @conv_2d_same_rejects_wrong_output_size(%arg0: tensor<1x5x7x3xf32>, %arg1: tensor<2x3x3x3xf32>, %arg2: tensor<2xf32>) -> tensor<1x2x3x2xf32> {
  // expected-error@+1 {{result 0 has shape [1, 2, 3, 2], but TFLite computes [1, 3, 4, 2]}}
  %0 = "tfl.conv_2d"(%arg0, %arg1, %arg2) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x5x7x3xf32>, tensor<2x3x3x3xf32>, tensor<2xf32>) -> tensor<1x2x3x2xf32>
  return %0 : tensor<1x2x3x2xf32>
}

// -----

// VALID: (in + stride - kernel) / stride = [3, 5].
func.func @conv_2d_valid_rejects_wrong_output_size(%arg0: tensor<1x5x7x3xf32>, %arg1: tensor<2x3x3x3xf32>, %arg2: tensor<2xf32>) -> tensor<1x5x7x2xf32> {
  // expected-error@+1 {{result 0 has shape [1, 5, 7, 2], but TFLite computes [1, 3, 5, 2]}}
  %0 = "tfl.conv_2d"(%arg0, %arg1, %arg2) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x5x7x3xf32>, tensor<2x3x3x3xf32>, tensor<2xf32>) -> tensor<1x5x7x2xf32>
  return %0 : tensor<1x5x7x2xf32>
}

// -----

// VALID with strides [2, 3]: (5 + 2 - 3) / 2 = 2, (7 + 3 - 3) / 3 = 2.
func.func @conv_2d_valid_strided_rejects_wrong_output_size(%arg0: tensor<1x5x7x3xf32>, %arg1: tensor<2x3x3x3xf32>, %arg2: tensor<2xf32>) -> tensor<1x3x5x2xf32> {
  // expected-error@+1 {{result 0 has shape [1, 3, 5, 2], but TFLite computes [1, 2, 2, 2]}}
  %0 = "tfl.conv_2d"(%arg0, %arg1, %arg2) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 2 : i32, stride_w = 3 : i32} : (tensor<1x5x7x3xf32>, tensor<2x3x3x3xf32>, tensor<2xf32>) -> tensor<1x3x5x2xf32>
  return %0 : tensor<1x3x5x2xf32>
}

// -----

// VALID with dilations [2, 3]: the 3x3 filter spans 5x7, so [1, 1].
func.func @conv_2d_valid_dilated_rejects_wrong_output_size(%arg0: tensor<1x5x7x3xf32>, %arg1: tensor<2x3x3x3xf32>, %arg2: tensor<2xf32>) -> tensor<1x3x5x2xf32> {
  // expected-error@+1 {{result 0 has shape [1, 3, 5, 2], but TFLite computes [1, 1, 1, 2]}}
  %0 = "tfl.conv_2d"(%arg0, %arg1, %arg2) {dilation_h_factor = 2 : i32, dilation_w_factor = 3 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x5x7x3xf32>, tensor<2x3x3x3xf32>, tensor<2xf32>) -> tensor<1x3x5x2xf32>
  return %0 : tensor<1x3x5x2xf32>
}

// -----

// conv.cc: TF_LITE_ENSURE(params->stride_height > 0).
func.func @conv_2d_rejects_stride_0(%arg0: tensor<1x5x7x3xf32>, %arg1: tensor<2x3x3x3xf32>) -> tensor<1x5x7x2xf32> {
  // expected-error@+1 {{option 'stride_h' is 0; TFLite requires at least 1}}
  %0 = "tfl.conv_2d"(%arg0, %arg1) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 0 : i32, stride_w = 1 : i32} : (tensor<1x5x7x3xf32>, tensor<2x3x3x3xf32>) -> tensor<1x5x7x2xf32>
  return %0 : tensor<1x5x7x2xf32>
}

// -----

// conv.cc: TF_LITE_ENSURE(params->dilation_width_factor > 0).
func.func @conv_2d_rejects_negative_dilation(%arg0: tensor<1x5x7x3xf32>, %arg1: tensor<2x3x3x3xf32>) -> tensor<1x5x7x2xf32> {
  // expected-error@+1 {{option 'dilation_w_factor' is -1; TFLite requires at least 1}}
  %0 = "tfl.conv_2d"(%arg0, %arg1) {dilation_h_factor = 1 : i32, dilation_w_factor = -1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x5x7x3xf32>, tensor<2x3x3x3xf32>) -> tensor<1x5x7x2xf32>
  return %0 : tensor<1x5x7x2xf32>
}

// -----

func.func @conv_2d_rejects_missing_stride(%arg0: tensor<1x5x7x3xf32>, %arg1: tensor<2x3x3x3xf32>) -> tensor<1x5x7x2xf32> {
  // expected-error@+1 {{requires integer option 'stride_w'}}
  %0 = "tfl.conv_2d"(%arg0, %arg1) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32} : (tensor<1x5x7x3xf32>, tensor<2x3x3x3xf32>) -> tensor<1x5x7x2xf32>
  return %0 : tensor<1x5x7x2xf32>
}

// -----

func.func @conv_2d_rejects_missing_padding(%arg0: tensor<1x5x7x3xf32>, %arg1: tensor<2x3x3x3xf32>) -> tensor<1x5x7x2xf32> {
  // expected-error@+1 {{option 'padding' is None; TFLite takes SAME or VALID}}
  %0 = "tfl.conv_2d"(%arg0, %arg1) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x5x7x3xf32>, tensor<2x3x3x3xf32>) -> tensor<1x5x7x2xf32>
  return %0 : tensor<1x5x7x2xf32>
}

// -----

// padding.h ValidatePaddingArguments: only SAME and VALID.
func.func @depthwise_conv_2d_rejects_explicit_padding(%arg0: tensor<1x5x7x3xf32>, %arg1: tensor<1x3x3x3xf32>) -> tensor<1x5x7x3xf32> {
  // expected-error@+1 {{option 'padding' is 'EXPLICIT'; TFLite takes SAME or VALID}}
  %0 = "tfl.depthwise_conv_2d"(%arg0, %arg1) {depth_multiplier = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "EXPLICIT", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x5x7x3xf32>, tensor<1x3x3x3xf32>) -> tensor<1x5x7x3xf32>
  return %0 : tensor<1x5x7x3xf32>
}

// -----

// depthwise_conv.cc: the filter is [1, H, W, O].
func.func @depthwise_conv_2d_rejects_filter_not_starting_with_1(%arg0: tensor<1x5x7x3xf32>, %arg1: tensor<2x3x3x3xf32>) -> tensor<1x5x7x3xf32> {
  // expected-error@+1 {{depthwise filter [2, 3, 3, 3] must have 1 as its first dimension}}
  %0 = "tfl.depthwise_conv_2d"(%arg0, %arg1) {depth_multiplier = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x5x7x3xf32>, tensor<2x3x3x3xf32>) -> tensor<1x5x7x3xf32>
  return %0 : tensor<1x5x7x3xf32>
}

// -----

// depthwise_conv.cc: output_channels % input_channels == 0.
func.func @depthwise_conv_2d_rejects_channels_not_a_multiple(%arg0: tensor<1x5x7x3xf32>, %arg1: tensor<1x3x3x4xf32>) -> tensor<1x5x7x4xf32> {
  // expected-error@+1 {{depthwise filter of 4 channels for 3 input channels}}
  %0 = "tfl.depthwise_conv_2d"(%arg0, %arg1) {depth_multiplier = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x5x7x3xf32>, tensor<1x3x3x4xf32>) -> tensor<1x5x7x4xf32>
  return %0 : tensor<1x5x7x4xf32>
}

// -----

// depthwise_conv.cc: SizeOfDimension(filter, 3) == SizeOfDimension(bias, 0).
func.func @depthwise_conv_2d_rejects_bias_of_another_size(%arg0: tensor<1x5x7x3xf32>, %arg1: tensor<1x3x3x6xf32>, %arg2: tensor<3xf32>) -> tensor<1x5x7x6xf32> {
  // expected-error@+1 {{bias has 3 elements for 6 output channels}}
  %0 = "tfl.depthwise_conv_2d"(%arg0, %arg1, %arg2) {depth_multiplier = 2 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x5x7x3xf32>, tensor<1x3x3x6xf32>, tensor<3xf32>) -> tensor<1x5x7x6xf32>
  return %0 : tensor<1x5x7x6xf32>
}

// -----

// The output has the filter's channels (depth multiplier 2: 6), VALID [3, 5].
func.func @depthwise_conv_2d_rejects_wrong_output_shape(%arg0: tensor<1x5x7x3xf32>, %arg1: tensor<1x3x3x6xf32>) -> tensor<1x3x5x3xf32> {
  // expected-error@+1 {{result 0 has shape [1, 3, 5, 3], but TFLite computes [1, 3, 5, 6]}}
  %0 = "tfl.depthwise_conv_2d"(%arg0, %arg1) {depth_multiplier = 2 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x5x7x3xf32>, tensor<1x3x3x6xf32>) -> tensor<1x3x5x3xf32>
  return %0 : tensor<1x3x5x3xf32>
}

// -----

// ===--- fully_connected: shapes ---=== //

// 3-D weights: the integer pattern declines, and so must the float pattern (it reads
// [units, depth]); fully_connected.cc: TF_LITE_ENSURE_EQ(NumDimensions(filter), 2).
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!y = !quant.uniform<i8:f32, 1.0:5>
func.func @fully_connected_rejects_3d_weights(%arg0: tensor<2x7x!x>) -> tensor<2x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<1x3x7x!w>, value = dense<1> : tensor<1x3x7xi8>} : () -> tensor<1x3x7x!w>
  %b = "tfl.no_value"() {value} : () -> none
  // expected-error@+1 {{operand 1 has rank 3; TFLite's kernel takes rank 2}}
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x7x!x>, tensor<1x3x7x!w>, none) -> tensor<2x3x!y>
  return %0 : tensor<2x3x!y>
}

// -----

// fully_connected.cc: TF_LITE_ENSURE_EQ(NumElements(bias), SizeOfDimension(filter, 0)).
func.func @fully_connected_rejects_bias_of_another_size(%arg0: tensor<2x7xf32>, %arg1: tensor<3x7xf32>, %arg2: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{bias has 4 elements for 3 units}}
  %0 = "tfl.fully_connected"(%arg0, %arg1, %arg2) {fused_activation_function = "NONE", keep_num_dims = false, weights_format = "DEFAULT"} : (tensor<2x7xf32>, tensor<3x7xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @fully_connected_rejects_scalar_input(%arg0: tensor<f32>, %arg1: tensor<3x1xf32>) -> tensor<1x3xf32> {
  // expected-error@+1 {{operand 0 is a scalar}}
  %0 = "tfl.fully_connected"(%arg0, %arg1) {fused_activation_function = "NONE", keep_num_dims = false, weights_format = "DEFAULT"} : (tensor<f32>, tensor<3x1xf32>) -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}

// -----

// Without keep_num_dims the output is 2-D: 42 / 7 = 6 rows of 4 units.
func.func @fully_connected_rejects_output_not_flattened(%arg0: tensor<2x3x7xf32>, %arg1: tensor<4x7xf32>) -> tensor<2x3x4xf32> {
  // expected-error@+1 {{result 0 has shape [2, 3, 4], but TFLite computes [6, 4]}}
  %0 = "tfl.fully_connected"(%arg0, %arg1) {fused_activation_function = "NONE", keep_num_dims = false, weights_format = "DEFAULT"} : (tensor<2x3x7xf32>, tensor<4x7xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// fully_connected.cc UpdateOutputSize: with keep_num_dims the last dimension is the depth.
func.func @fully_connected_keep_num_dims_rejects_last_dimension(%arg0: tensor<2x7x5xf32>, %arg1: tensor<4x7xf32>) -> tensor<2x7x4xf32> {
  // expected-error@+1 {{input's last dimension 5 differs from the weights' depth 7}}
  %0 = "tfl.fully_connected"(%arg0, %arg1) {fused_activation_function = "NONE", keep_num_dims = true, weights_format = "DEFAULT"} : (tensor<2x7x5xf32>, tensor<4x7xf32>) -> tensor<2x7x4xf32>
  return %0 : tensor<2x7x4xf32>
}

// -----

// With keep_num_dims the output is the input with its last dimension replaced by the units.
func.func @fully_connected_keep_num_dims_rejects_flattened_output(%arg0: tensor<2x3x7xf32>, %arg1: tensor<4x7xf32>) -> tensor<6x4xf32> {
  // expected-error@+1 {{result 0 has shape [6, 4], but TFLite computes [2, 3, 4]}}
  %0 = "tfl.fully_connected"(%arg0, %arg1) {fused_activation_function = "NONE", keep_num_dims = true, weights_format = "DEFAULT"} : (tensor<2x3x7xf32>, tensor<4x7xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

// ===--- pools ---=== //

!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i16:f32, 0.5>
func.func @max_pool_2d_rejects_int16_result(%arg0: tensor<1x4x6x3x!x>) -> tensor<1x2x3x3x!y> {
  // expected-error@+1 {{operands and result must have one type, got i16 (quantized), i8 (quantized)}}
  %0 = "tfl.max_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x4x6x3x!x>) -> tensor<1x2x3x3x!y>
  return %0 : tensor<1x2x3x3x!y>
}

// -----

// pooling.cc: TF_LITE_ENSURE_EQ(NumDimensions(input), 4).
func.func @average_pool_2d_rejects_3d_input(%arg0: tensor<4x6x3xf32>) -> tensor<2x3x3xf32> {
  // expected-error@+1 {{operand 0 has rank 3; TFLite's kernel takes rank 4}}
  %0 = "tfl.average_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<4x6x3xf32>) -> tensor<2x3x3xf32>
  return %0 : tensor<2x3x3xf32>
}

// -----

func.func @max_pool_2d_rejects_filter_width_0(%arg0: tensor<1x4x6x3xf32>) -> tensor<1x4x6x3xf32> {
  // expected-error@+1 {{option 'filter_width' is 0; TFLite requires at least 1}}
  %0 = "tfl.max_pool_2d"(%arg0) {filter_height = 1 : i32, filter_width = 0 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x6x3xf32>) -> tensor<1x4x6x3xf32>
  return %0 : tensor<1x4x6x3xf32>
}

// -----

func.func @max_pool_2d_rejects_missing_filter_height(%arg0: tensor<1x4x6x3xf32>) -> tensor<1x4x6x3xf32> {
  // expected-error@+1 {{requires integer option 'filter_height'}}
  %0 = "tfl.max_pool_2d"(%arg0) {filter_width = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x6x3xf32>) -> tensor<1x4x6x3xf32>
  return %0 : tensor<1x4x6x3xf32>
}

// -----

// pooling.cc: TF_LITE_ENSURE(params->stride_width > 0).
func.func @average_pool_2d_rejects_stride_0(%arg0: tensor<1x4x6x3xf32>) -> tensor<1x4x6x3xf32> {
  // expected-error@+1 {{option 'stride_w' is 0; TFLite requires at least 1}}
  %0 = "tfl.average_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 0 : i32} : (tensor<1x4x6x3xf32>) -> tensor<1x4x6x3xf32>
  return %0 : tensor<1x4x6x3xf32>
}

// -----

func.func @average_pool_2d_rejects_missing_padding(%arg0: tensor<1x4x6x3xf32>) -> tensor<1x4x6x3xf32> {
  // expected-error@+1 {{option 'padding' is None; TFLite takes SAME or VALID}}
  %0 = "tfl.average_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "NONE", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x6x3xf32>) -> tensor<1x4x6x3xf32>
  return %0 : tensor<1x4x6x3xf32>
}

// -----

// SAME, 3x3 window, strides 2: [ceil(5 / 2), ceil(7 / 2)] = [3, 4].
func.func @max_pool_2d_same_rejects_wrong_output_size(%arg0: tensor<1x5x7x3xf32>) -> tensor<1x2x3x3xf32> {
  // expected-error@+1 {{result 0 has shape [1, 2, 3, 3], but TFLite computes [1, 3, 4, 3]}}
  %0 = "tfl.max_pool_2d"(%arg0) {filter_height = 3 : i32, filter_width = 3 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x5x7x3xf32>) -> tensor<1x2x3x3xf32>
  return %0 : tensor<1x2x3x3xf32>
}

// -----

// VALID, 3x3 window, strides 2: [(5 - 3) / 2 + 1, (7 - 3) / 2 + 1] = [2, 3].
func.func @average_pool_2d_valid_rejects_wrong_output_size(%arg0: tensor<1x5x7x3xf32>) -> tensor<1x3x4x3xf32> {
  // expected-error@+1 {{result 0 has shape [1, 3, 4, 3], but TFLite computes [1, 2, 3, 3]}}
  %0 = "tfl.average_pool_2d"(%arg0) {filter_height = 3 : i32, filter_width = 3 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x5x7x3xf32>) -> tensor<1x3x4x3xf32>
  return %0 : tensor<1x3x4x3xf32>
}

// -----

// ===--- reshape, squeeze, expand_dims, transpose ---=== //

// reshape.cc: the element count is kept.
func.func @reshape_rejects_another_element_count(%arg0: tensor<3x5xf32>) -> tensor<4x4xf32> {
  %shape = "tfl.pseudo_const"() {value = dense<[4, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{reshapes 15 elements into 16}}
  %0 = "tfl.reshape"(%arg0, %shape) : (tensor<3x5xf32>, tensor<2xi32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// expand_dims.cc: an axis known only at run time (the output is dynamic until Eval); the
// element count is kept.
func.func @expand_dims_rejects_another_element_count(%arg0: tensor<3x5xf32>, %arg1: tensor<i32>) -> tensor<1x3x7xf32> {
  // expected-error@+1 {{reshapes 15 elements into 21}}
  %0 = "tfl.expand_dims"(%arg0, %arg1) : (tensor<3x5xf32>, tensor<i32>) -> tensor<1x3x7xf32>
  return %0 : tensor<1x3x7xf32>
}

// -----

// expand_dims.cc: axis in [-rank - 1, rank] (-1 appends).
func.func @expand_dims_rejects_axis_out_of_range(%arg0: tensor<3x5xf32>) -> tensor<3x5x1xf32> {
  %axis = "tfl.pseudo_const"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
  // expected-error@+1 {{axis 3 is out of range for rank 3}}
  %0 = "tfl.expand_dims"(%arg0, %axis) : (tensor<3x5xf32>, tensor<i32>) -> tensor<3x5x1xf32>
  return %0 : tensor<3x5x1xf32>
}

// -----

func.func @expand_dims_rejects_wrong_output_shape(%arg0: tensor<3x5xf32>) -> tensor<1x3x5xf32> {
  %axis = "tfl.pseudo_const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  // expected-error@+1 {{result 0 has shape [1, 3, 5], but TFLite computes [3, 5, 1]}}
  %0 = "tfl.expand_dims"(%arg0, %axis) : (tensor<3x5xf32>, tensor<i32>) -> tensor<1x3x5xf32>
  return %0 : tensor<1x3x5xf32>
}

// -----

// squeeze.cc: TF_LITE_ENSURE_EQ(input_dims[current], 1).
func.func @squeeze_rejects_dimension_not_1(%arg0: tensor<1x3x1xf32>) -> tensor<1x3xf32> {
  // expected-error@+1 {{squeezes dimension 1 of size 3}}
  %0 = "tfl.squeeze"(%arg0) {squeeze_dims = [1]} : (tensor<1x3x1xf32>) -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}

// -----

// squeeze.cc: squeeze_dims in [-rank, rank).
func.func @squeeze_rejects_dimension_out_of_range(%arg0: tensor<1x3x1xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{squeeze dimension 3 is out of range for rank 3}}
  %0 = "tfl.squeeze"(%arg0) {squeeze_dims = [0, 3]} : (tensor<1x3x1xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// squeeze_dims [0, 2] drop both unit dimensions: [3].
func.func @squeeze_rejects_wrong_output_shape(%arg0: tensor<1x3x1xf32>) -> tensor<5xf32> {
  // expected-error@+1 {{result 0 has shape [5], but TFLite computes [3]}}
  %0 = "tfl.squeeze"(%arg0) {squeeze_dims = [0, 2]} : (tensor<1x3x1xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// transpose.cc: perm holds each dimension once (negative values count from the back).
func.func @transpose_rejects_repeated_dimension(%arg0: tensor<2x3x5xf32>) -> tensor<2x2x3xf32> {
  %perm = "tfl.pseudo_const"() {value = dense<[0, -3, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  // expected-error@+1 {{perm [0, -3, 1] is not a permutation of the 3 dimensions}}
  %0 = "tfl.transpose"(%arg0, %perm) : (tensor<2x3x5xf32>, tensor<3xi32>) -> tensor<2x2x3xf32>
  return %0 : tensor<2x2x3xf32>
}

// -----

func.func @transpose_rejects_perm_of_another_rank(%arg0: tensor<2x3x5xf32>) -> tensor<3x2xf32> {
  %perm = "tfl.pseudo_const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{perm [1, 0] is not a permutation of the 3 dimensions}}
  %0 = "tfl.transpose"(%arg0, %perm) : (tensor<2x3x5xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @transpose_rejects_unpermuted_result(%arg0: tensor<2x3x5xf32>) -> tensor<2x3x5xf32> {
  %perm = "tfl.pseudo_const"() {value = dense<[2, 0, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  // expected-error@+1 {{result 0 has shape [2, 3, 5], but TFLite computes [5, 2, 3]}}
  %0 = "tfl.transpose"(%arg0, %perm) : (tensor<2x3x5xf32>, tensor<3xi32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// ===--- concatenation, pack, unpack ---=== //

// concatenation.cc: TF_LITE_ENSURE_EQ(t->dims->size, t0->dims->size).
func.func @concatenation_rejects_operands_of_two_ranks(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3x1xf32>) -> tensor<2x6xf32> {
  // expected-error@+1 {{operands have different ranks}}
  %0 = "tfl.concatenation"(%arg0, %arg1) {axis = 1 : i32, fused_activation_function = "NONE"} : (tensor<2x3xf32>, tensor<2x3x1xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// concatenation.cc: dimensions other than the axis are equal.
func.func @concatenation_rejects_operands_differing_off_axis(%arg0: tensor<2x3xf32>, %arg1: tensor<5x4xf32>) -> tensor<2x7xf32> {
  // expected-error@+1 {{operands differ in dimension 0: [2, 5]}}
  %0 = "tfl.concatenation"(%arg0, %arg1) {axis = 1 : i32, fused_activation_function = "NONE"} : (tensor<2x3xf32>, tensor<5x4xf32>) -> tensor<2x7xf32>
  return %0 : tensor<2x7xf32>
}

// -----

// concatenation.cc: axis in [-rank, rank).
func.func @concatenation_rejects_axis_out_of_range(%arg0: tensor<2x3xf32>) -> tensor<2x6xf32> {
  // expected-error@+1 {{axis -3 is out of range for rank 2}}
  %0 = "tfl.concatenation"(%arg0, %arg0) {axis = -3 : i32, fused_activation_function = "NONE"} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// The axis (-1 is 1) gets the sum: [2, 3 + 4].
func.func @concatenation_rejects_wrong_sum(%arg0: tensor<2x3xf32>, %arg1: tensor<2x4xf32>) -> tensor<2x6xf32> {
  // expected-error@+1 {{result 0 has shape [2, 6], but TFLite computes [2, 7]}}
  %0 = "tfl.concatenation"(%arg0, %arg1) {axis = -1 : i32, fused_activation_function = "NONE"} : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// concatenation.cc: int8 inputs have the output's scale and zero point (the kernel does not
// rescale them; uint8 ones it does).
!q = !quant.uniform<i8:f32, 0.05:-3>
!r = !quant.uniform<i8:f32, 0.02:-3>
func.func @concatenation_rejects_int8_operands_quantized_differently(%arg0: tensor<3x10x!q>, %arg1: tensor<3x4x!r>) -> tensor<3x14x!q> {
  // expected-error@+1 {{int8 operand 1 is quantized (0.02, -3), the output (0.05, -3): the kernel copies stored values}}
  %0 = "tfl.concatenation"(%arg0, %arg1) {axis = 1 : i32, fused_activation_function = "NONE"} : (tensor<3x10x!q>, tensor<3x4x!r>) -> tensor<3x14x!q>
  return %0 : tensor<3x14x!q>
}

// -----

// pack.cc: TF_LITE_ENSURE(HaveSameShapes(input0, input)).
func.func @pack_rejects_operands_of_two_shapes(%arg0: tensor<3x5xf32>, %arg1: tensor<3x7xf32>) -> tensor<2x3x5xf32> {
  // expected-error@+1 {{operands have different shapes}}
  %0 = "tfl.pack"(%arg0, %arg1) {axis = 0 : i32, values_count = 2 : i32} : (tensor<3x5xf32>, tensor<3x7xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// pack.cc: TF_LITE_ENSURE_EQ(NumInputs(node), data->values_count).
func.func @pack_rejects_values_count_not_operand_count(%arg0: tensor<3x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error@+1 {{values_count 3 but 2 operands}}
  %0 = "tfl.pack"(%arg0, %arg0) {axis = 0 : i32, values_count = 3 : i32} : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// pack.cc: the axis is one of the rank + 1 places of the output.
func.func @pack_rejects_axis_out_of_range(%arg0: tensor<3x5xf32>) -> tensor<3x5x2xf32> {
  // expected-error@+1 {{axis 3 is out of range for rank 3}}
  %0 = "tfl.pack"(%arg0, %arg0) {axis = 3 : i32, values_count = 2 : i32} : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5x2xf32>
  return %0 : tensor<3x5x2xf32>
}

// -----

// Packing along axis 1 (-2 of rank 3): [3, 2, 5].
func.func @pack_rejects_wrong_output_shape(%arg0: tensor<3x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error@+1 {{result 0 has shape [2, 3, 5], but TFLite computes [3, 2, 5]}}
  %0 = "tfl.pack"(%arg0, %arg0) {axis = -2 : i32, values_count = 2 : i32} : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// unpack.cc: TF_LITE_ENSURE_EQ(data->num, input_shape->data[axis]).
func.func @unpack_rejects_result_count_not_the_axis_size(%arg0: tensor<3x5xf32>) -> tensor<5xf32> {
  // expected-error@+1 {{unpacks 3 slices into 2 results}}
  %0:2 = "tfl.unpack"(%arg0) {axis = 0 : i32, num = 2 : i32} : (tensor<3x5xf32>) -> (tensor<5xf32>, tensor<5xf32>)
  return %0#0 : tensor<5xf32>
}

// -----

// unpack.cc: 0 <= axis < rank after adding the rank to a negative axis.
func.func @unpack_rejects_axis_out_of_range(%arg0: tensor<3x5xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{axis 2 is out of range for rank 2}}
  %0:5 = "tfl.unpack"(%arg0) {axis = 2 : i32, num = 5 : i32} : (tensor<3x5xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<3xf32>
}

// -----

// Every result is the input without the axis.
func.func @unpack_rejects_wrong_result_shape(%arg0: tensor<2x5xf32>) -> tensor<5xf32> {
  // expected-error@+1 {{result 1 has shape [2], but TFLite computes [5]}}
  %0:2 = "tfl.unpack"(%arg0) {axis = 0 : i32, num = 2 : i32} : (tensor<2x5xf32>) -> (tensor<5xf32>, tensor<2xf32>)
  return %0#0 : tensor<5xf32>
}

// -----

// ===--- split, split_v ---=== //

// split.cc: axis in [-rank, rank).
func.func @split_rejects_axis_out_of_range(%arg0: tensor<4x6xf32>) -> tensor<4x3xf32> {
  %axis = "tfl.pseudo_const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  // expected-error@+1 {{axis 2 is out of range for rank 2}}
  %0:2 = "tfl.split"(%axis, %arg0) {num_splits = 2 : i32} : (tensor<i32>, tensor<4x6xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>)
  return %0#0 : tensor<4x3xf32>
}

// -----

// split.cc: TF_LITE_ENSURE_MSG(input_size % num_splits == 0, "Not an even split").
func.func @split_rejects_uneven_split(%arg0: tensor<4x6xf32>) -> tensor<4x1xf32> {
  %axis = "tfl.pseudo_const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  // expected-error@+1 {{6 elements along axis 1 do not split into 4 equal parts}}
  %0:4 = "tfl.split"(%axis, %arg0) {num_splits = 4 : i32} : (tensor<i32>, tensor<4x6xf32>) -> (tensor<4x1xf32>, tensor<4x1xf32>, tensor<4x2xf32>, tensor<4x2xf32>)
  return %0#0 : tensor<4x1xf32>
}

// -----

// Every result is 6 / 2 = 3 wide along the axis (-1 is 1).
func.func @split_rejects_results_not_covering_the_axis(%arg0: tensor<4x6xf32>) -> tensor<4x2xf32> {
  %axis = "tfl.pseudo_const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  // expected-error@+1 {{result 0 has shape [4, 2], but TFLite computes [4, 3]}}
  %0:2 = "tfl.split"(%axis, %arg0) {num_splits = 2 : i32} : (tensor<i32>, tensor<4x6xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>)
  return %0#0 : tensor<4x2xf32>
}

// -----

// Off the axis every result has the input's dimensions.
func.func @split_rejects_result_differing_off_axis(%arg0: tensor<4x6xf32>) -> tensor<4x3xf32> {
  %axis = "tfl.pseudo_const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  // expected-error@+1 {{result 1 has shape [5, 3], but TFLite computes [4, 3]}}
  %0:2 = "tfl.split"(%axis, %arg0) {num_splits = 2 : i32} : (tensor<i32>, tensor<4x6xf32>) -> (tensor<4x3xf32>, tensor<5x3xf32>)
  return %0#0 : tensor<4x3xf32>
}

// -----

// split_v.cc: "The size_splits must sum to the dimension of value along axis."
func.func @split_v_rejects_results_not_covering_the_axis(%arg0: tensor<4x6xf32>) -> tensor<4x2xf32> {
  %sizes = "tfl.pseudo_const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %axis = "tfl.pseudo_const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  // expected-error@+1 {{size_splits [2, 3] do not cover the 6 elements of axis 1}}
  %0:2 = "tfl.split_v"(%arg0, %sizes, %axis) {num_splits = 2 : i32} : (tensor<4x6xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<4x2xf32>, tensor<4x3xf32>)
  return %0#0 : tensor<4x2xf32>
}

// -----

// split_v.cc: "The size_splits contains more than one -1."
func.func @split_v_rejects_two_inferred_sizes(%arg0: tensor<4x6xf32>) -> tensor<4x2xf32> {
  %sizes = "tfl.pseudo_const"() {value = dense<[-1, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %axis = "tfl.pseudo_const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  // expected-error@+1 {{size_splits [-1, -1] for 2 results}}
  %0:2 = "tfl.split_v"(%arg0, %sizes, %axis) {num_splits = 2 : i32} : (tensor<4x6xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<4x3xf32>, tensor<4x3xf32>)
  return %0#0 : tensor<4x3xf32>
}

// -----

// One -1 takes the rest: [2, 6 - 2].
func.func @split_v_rejects_wrong_result_shape(%arg0: tensor<4x6xf32>) -> tensor<4x2xf32> {
  %sizes = "tfl.pseudo_const"() {value = dense<[2, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %axis = "tfl.pseudo_const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  // expected-error@+1 {{result 1 has shape [4, 3], but TFLite computes [4, 4]}}
  %0:2 = "tfl.split_v"(%arg0, %sizes, %axis) {num_splits = 2 : i32} : (tensor<4x6xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<4x2xf32>, tensor<4x3xf32>)
  return %0#0 : tensor<4x2xf32>
}

// -----

// ===--- pad, padv2, mirror_pad ---=== //

// pad.cc: paddings is [rank, 2].
func.func @pad_rejects_paddings_of_another_rank(%arg0: tensor<2x3x5xf32>) -> tensor<4x5x5xf32> {
  %p = "tfl.pseudo_const"() {value = dense<[[1, 1], [1, 1]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  // expected-error@+1 {{paddings hold 4 values for rank 3}}
  %0 = "tfl.pad"(%arg0, %p) : (tensor<2x3x5xf32>, tensor<2x2xi32>) -> tensor<4x5x5xf32>
  return %0 : tensor<4x5x5xf32>
}

// -----

// pad.cc: paddings are non-negative.
func.func @pad_rejects_negative_paddings(%arg0: tensor<2x3xf32>) -> tensor<2x2xf32> {
  %p = "tfl.pseudo_const"() {value = dense<[[0, 0], [0, -1]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  // expected-error@+1 {{paddings are negative}}
  %0 = "tfl.pad"(%arg0, %p) : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// [2 + 0 + 1, 3 + 2 + 3].
func.func @pad_rejects_wrong_output_shape(%arg0: tensor<2x3xf32>) -> tensor<2x8xf32> {
  %p = "tfl.pseudo_const"() {value = dense<[[0, 1], [2, 3]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  // expected-error@+1 {{result 0 has shape [2, 8], but TFLite computes [3, 8]}}
  %0 = "tfl.pad"(%arg0, %p) : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// pad.cc (PADV2): the constant value has the input's type.
func.func @padv2_rejects_constant_of_another_type(%arg0: tensor<2x3xf32>, %arg1: tensor<i32>) -> tensor<3x8xf32> {
  %p = "tfl.pseudo_const"() {value = dense<[[0, 1], [2, 3]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  // expected-error@+1 {{operands and result must have one type, got f32, i32}}
  %0 = "tfl.padv2"(%arg0, %p, %arg1) : (tensor<2x3xf32>, tensor<2x2xi32>, tensor<i32>) -> tensor<3x8xf32>
  return %0 : tensor<3x8xf32>
}

// -----

func.func @mirror_pad_rejects_wrong_output_shape(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %p = "tfl.pseudo_const"() {value = dense<[[1, 1], [2, 2]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  // expected-error@+1 {{result 0 has shape [2, 3], but TFLite computes [4, 7]}}
  %0 = "tfl.mirror_pad"(%arg0, %p) {mode = "SYMMETRIC"} : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// mirror_pad.cc: paddings at most the dimension minus the mode offset (REFLECT 1: the
// edge is not repeated, so 5 - 1 = 4 columns can be mirrored; SYMMETRIC 0).
func.func @mirror_pad_reflect_rejects_padding_as_wide_as_the_dimension(%arg0: tensor<4x5xf32>) -> tensor<4x10xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[[0, 0], [0, 5]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  // expected-error@+1 {{mirror padding (0, 5) of dimension 1 is wider than 4}}
  %1 = "tfl.mirror_pad"(%arg0, %0) {mode = "REFLECT"} : (tensor<4x5xf32>, tensor<2x2xi32>) -> tensor<4x10xf32>
  return %1 : tensor<4x10xf32>
}

// -----

func.func @mirror_pad_symmetric_rejects_padding_wider_than_the_dimension(%arg0: tensor<4x5xf32>) -> tensor<9x5xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[[5, 0], [0, 0]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  // expected-error@+1 {{mirror padding (5, 0) of dimension 0 is wider than 4}}
  %1 = "tfl.mirror_pad"(%arg0, %0) {mode = "SYMMETRIC"} : (tensor<4x5xf32>, tensor<2x2xi32>) -> tensor<9x5xf32>
  return %1 : tensor<9x5xf32>
}

// -----

// ===--- slice, strided_slice, tile, broadcast_to, fill ---=== //

// slice.cc: TF_LITE_ENSURE_EQ(NumElements(begin), NumElements(size)), one per dimension.
func.func @slice_rejects_begin_of_another_rank(%arg0: tensor<3x5xf32>) -> tensor<1x2xf32> {
  %b = "tfl.pseudo_const"() {value = dense<[0, 1, 2]> : tensor<3xi32>} : () -> tensor<3xi32>
  %s = "tfl.pseudo_const"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{begin and size need 2 values each}}
  %0 = "tfl.slice"(%arg0, %b, %s) : (tensor<3x5xf32>, tensor<3xi32>, tensor<2xi32>) -> tensor<1x2xf32>
  return %0 : tensor<1x2xf32>
}

// -----

// slice.cc: "Invalid begin and size." (begin + size past the end).
func.func @slice_rejects_window_past_the_end(%arg0: tensor<3x5xf32>) -> tensor<1x4xf32> {
  %b = "tfl.pseudo_const"() {value = dense<[0, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tfl.pseudo_const"() {value = dense<[1, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{slice of dimension 1 starts at 2 with size 4, outside 0..5}}
  %0 = "tfl.slice"(%arg0, %b, %s) : (tensor<3x5xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

// Size -1 takes the rest: [1, 5 - 2].
func.func @slice_rejects_wrong_output_shape(%arg0: tensor<3x5xf32>) -> tensor<1x5xf32> {
  %b = "tfl.pseudo_const"() {value = dense<[0, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tfl.pseudo_const"() {value = dense<[1, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{result 0 has shape [1, 5], but TFLite computes [1, 3]}}
  %0 = "tfl.slice"(%arg0, %b, %s) : (tensor<3x5xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<1x5xf32>
  return %0 : tensor<1x5xf32>
}

// -----

// strided_slice.cc: begin, end and strides index the same dimensions.
func.func @strided_slice_rejects_lengths_that_differ(%arg0: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %b = "tfl.pseudo_const"() {value = dense<0> : tensor<2xi32>} : () -> tensor<2xi32>
  %e = "tfl.pseudo_const"() {value = dense<[3, 5, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %s = "tfl.pseudo_const"() {value = dense<1> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{begin, end and strides have different lengths}}
  %0 = "tfl.strided_slice"(%arg0, %b, %e, %s) {begin_mask = 0 : i32, ellipsis_mask = 0 : i32, end_mask = 0 : i32, new_axis_mask = 0 : i32, offset = false, shrink_axis_mask = 0 : i32} : (tensor<3x5xf32>, tensor<2xi32>, tensor<3xi32>, tensor<2xi32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// strided_slice.cc: "stride value has to be non-zero".
func.func @strided_slice_rejects_stride_0(%arg0: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %b = "tfl.pseudo_const"() {value = dense<0> : tensor<2xi32>} : () -> tensor<2xi32>
  %e = "tfl.pseudo_const"() {value = dense<[3, 5]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tfl.pseudo_const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{a stride is 0}}
  %0 = "tfl.strided_slice"(%arg0, %b, %e, %s) {begin_mask = 0 : i32, ellipsis_mask = 0 : i32, end_mask = 0 : i32, new_axis_mask = 0 : i32, offset = false, shrink_axis_mask = 0 : i32} : (tensor<3x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// tile.cc: one multiple per dimension.
func.func @tile_rejects_multiples_of_another_rank(%arg0: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %m = "tfl.pseudo_const"() {value = dense<[2, 1, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  // expected-error@+1 {{multiples [2, 1, 1] must hold one non-negative value per dimension}}
  %0 = "tfl.tile"(%arg0, %m) : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @tile_rejects_negative_multiple(%arg0: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %m = "tfl.pseudo_const"() {value = dense<[2, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{multiples [2, -1] must hold one non-negative value per dimension}}
  %0 = "tfl.tile"(%arg0, %m) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// [2 * 2, 3 * 3].
func.func @tile_rejects_wrong_output_shape(%arg0: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %m = "tfl.pseudo_const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{result 0 has shape [4, 3], but TFLite computes [4, 9]}}
  %0 = "tfl.tile"(%arg0, %m) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// broadcast_to.cc: the output rank is at least the input's.
func.func @broadcast_to_rejects_lower_rank(%arg0: tensor<2x3xf32>) -> tensor<3xf32> {
  %s = "tfl.pseudo_const"() {value = dense<3> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-error@+1 {{cannot broadcast [2, 3] to the lower rank [3]}}
  %0 = "tfl.broadcast_to"(%arg0, %s) : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// broadcast_to.cc: each input dimension is 1 or the output's.
func.func @broadcast_to_rejects_shape_that_does_not_broadcast(%arg0: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %s = "tfl.pseudo_const"() {value = dense<[4, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{operand shapes [2, 3] and [4, 3] do not broadcast}}
  %0 = "tfl.broadcast_to"(%arg0, %s) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @broadcast_to_rejects_wrong_output_shape(%arg0: tensor<1x3xf32>) -> tensor<5x3xf32> {
  %s = "tfl.pseudo_const"() {value = dense<[2, 4, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  // expected-error@+1 {{result 0 has shape [5, 3], but TFLite computes [2, 4, 3]}}
  %0 = "tfl.broadcast_to"(%arg0, %s) : (tensor<1x3xf32>, tensor<3xi32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// fill.cc: TF_LITE_ENSURE_EQ(NumDimensions(value), 0).
func.func @fill_rejects_non_scalar_value(%arg0: tensor<1xf32>) -> tensor<2x3xf32> {
  %d = "tfl.pseudo_const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{the fill value must be a scalar}}
  %0 = "tfl.fill"(%d, %arg0) : (tensor<2xi32>, tensor<1xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// fill.cc: "Fill dimensions must be >= 0".
func.func @fill_rejects_negative_dims(%arg0: tensor<f32>) -> tensor<2x?xf32> {
  %d = "tfl.pseudo_const"() {value = dense<[2, -3]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{dims [2, -3] are negative}}
  %0 = "tfl.fill"(%d, %arg0) : (tensor<2xi32>, tensor<f32>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// -----

func.func @fill_rejects_wrong_output_shape(%arg0: tensor<f32>) -> tensor<3x2xf32> {
  %d = "tfl.pseudo_const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{result 0 has shape [3, 2], but TFLite computes [2, 3]}}
  %0 = "tfl.fill"(%d, %arg0) : (tensor<2xi32>, tensor<f32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// ===--- reductions, arg_max ---=== //

// reduce.cc: axes in [-rank, rank).
func.func @sum_rejects_axis_out_of_range(%arg0: tensor<2x3x5xf32>) -> tensor<2x3xf32> {
  %axes = "tfl.pseudo_const"() {value = dense<[3]> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-error@+1 {{reduction axis 3 is out of range for rank 3}}
  %0 = "tfl.sum"(%arg0, %axes) {keep_dims = false} : (tensor<2x3x5xf32>, tensor<1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// keep_dims keeps reduced dimensions as 1 (axes 0 and -1): [1, 3, 1].
func.func @mean_keep_dims_rejects_dropped_dimensions(%arg0: tensor<2x3x5xf32>) -> tensor<3xf32> {
  %axes = "tfl.pseudo_const"() {value = dense<[0, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{result 0 has shape [3], but TFLite computes [1, 3, 1]}}
  %0 = "tfl.mean"(%arg0, %axes) {keep_dims = true} : (tensor<2x3x5xf32>, tensor<2xi32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Without keep_dims they are dropped: [3].
func.func @reduce_max_rejects_kept_dimensions(%arg0: tensor<2x3x5xf32>) -> tensor<1x3x1xf32> {
  %axes = "tfl.pseudo_const"() {value = dense<[0, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{result 0 has shape [1, 3, 1], but TFLite computes [3]}}
  %0 = "tfl.reduce_max"(%arg0, %axes) {keep_dims = false} : (tensor<2x3x5xf32>, tensor<2xi32>) -> tensor<1x3x1xf32>
  return %0 : tensor<1x3x1xf32>
}

// -----

// arg_min_max.cc: TF_LITE_ENSURE_EQ(NumElements(axis), 1).
func.func @arg_max_rejects_two_axes(%arg0: tensor<3x5xf32>) -> tensor<3xi32> {
  %axis = "tfl.pseudo_const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{axis must hold one value}}
  %0 = "tfl.arg_max"(%arg0, %axis) {output_type = i32} : (tensor<3x5xf32>, tensor<2xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @arg_min_rejects_axis_out_of_range(%arg0: tensor<3x5xf32>) -> tensor<3xi32> {
  %axis = "tfl.pseudo_const"() {value = dense<-3> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-error@+1 {{axis -3 is out of range for rank 2}}
  %0 = "tfl.arg_min"(%arg0, %axis) {output_type = i32} : (tensor<3x5xf32>, tensor<1xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// The axis is dropped: [3].
func.func @arg_max_rejects_wrong_output_shape(%arg0: tensor<3x5xf32>) -> tensor<5xi64> {
  %axis = "tfl.pseudo_const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-error@+1 {{result 0 has shape [5], but TFLite computes [3]}}
  %0 = "tfl.arg_max"(%arg0, %axis) {output_type = i64} : (tensor<3x5xf32>, tensor<1xi32>) -> tensor<5xi64>
  return %0 : tensor<5xi64>
}

// -----

// ===--- resize_bilinear, resize_nearest_neighbor ---=== //

// Quantized and 3-D: resize_nearest_neighbor.cc: TF_LITE_ENSURE_EQ(NumDimensions(input), 4).
!q = !quant.uniform<i8:f32, 0.05:-3>
func.func @resize_nearest_neighbor_rejects_3d_input(%arg0: tensor<2x3x1x!q>) -> tensor<4x6x1x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<[4, 6]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{operand 0 has rank 3; TFLite's kernel takes rank 4}}
  %1 = "tfl.resize_nearest_neighbor"(%arg0, %0) {align_corners = false, half_pixel_centers = false} : (tensor<2x3x1x!q>, tensor<2xi32>) -> tensor<4x6x1x!q>
  return %1 : tensor<4x6x1x!q>
}

// -----

func.func @resize_bilinear_rejects_3d_input(%arg0: tensor<2x3x1xf32>) -> tensor<3x4x1xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[3, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{operand 0 has rank 3; TFLite's kernel takes rank 4}}
  %1 = "tfl.resize_bilinear"(%arg0, %0) {align_corners = false, half_pixel_centers = false} : (tensor<2x3x1xf32>, tensor<2xi32>) -> tensor<3x4x1xf32>
  return %1 : tensor<3x4x1xf32>
}

// -----

// resize_bilinear.cc: size is [height, width].
func.func @resize_bilinear_rejects_size_of_three_values(%arg0: tensor<1x2x3x1xf32>) -> tensor<1x3x4x1xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[3, 4, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  // expected-error@+1 {{size [3, 4, 1] must be two positive values}}
  %1 = "tfl.resize_bilinear"(%arg0, %0) {align_corners = false, half_pixel_centers = false} : (tensor<1x2x3x1xf32>, tensor<3xi32>) -> tensor<1x3x4x1xf32>
  return %1 : tensor<1x3x4x1xf32>
}

// -----

// resize_bilinear.cc: TF_LITE_ENSURE(size_data[0] > 0).
func.func @resize_bilinear_rejects_size_0(%arg0: tensor<1x2x3x1xf32>) -> tensor<1x0x4x1xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[0, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{size [0, 4] must be two positive values}}
  %1 = "tfl.resize_bilinear"(%arg0, %0) {align_corners = false, half_pixel_centers = false} : (tensor<1x2x3x1xf32>, tensor<2xi32>) -> tensor<1x0x4x1xf32>
  return %1 : tensor<1x0x4x1xf32>
}

// -----

// resize_bilinear.cc: "If half_pixel_centers is True, align_corners must be False."
!q = !quant.uniform<i8:f32, 0.05:-3>
func.func @resize_bilinear_rejects_align_corners_with_half_pixel_centers(%arg0: tensor<1x2x3x1x!q>) -> tensor<1x3x4x1x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<[3, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{align_corners and half_pixel_centers cannot both be set}}
  %1 = "tfl.resize_bilinear"(%arg0, %0) {align_corners = true, half_pixel_centers = true} : (tensor<1x2x3x1x!q>, tensor<2xi32>) -> tensor<1x3x4x1x!q>
  return %1 : tensor<1x3x4x1x!q>
}

// -----

// The output is [batch, size..., channels].
func.func @resize_nearest_neighbor_rejects_wrong_output_shape(%arg0: tensor<1x2x3x5xf32>) -> tensor<1x4x3x5xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[3, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{result 0 has shape [1, 4, 3, 5], but TFLite computes [1, 3, 4, 5]}}
  %1 = "tfl.resize_nearest_neighbor"(%arg0, %0) {align_corners = false, half_pixel_centers = false} : (tensor<1x2x3x5xf32>, tensor<2xi32>) -> tensor<1x4x3x5xf32>
  return %1 : tensor<1x4x3x5xf32>
}

// -----

// A size known only at run time still fixes the batch and the channels.
func.func @resize_bilinear_dynamic_size_rejects_other_channels(%arg0: tensor<1x2x3x5xf32>, %arg1: tensor<2xi32>) -> tensor<1x?x?x3xf32> {
  // expected-error@+1 {{result 0 has shape [1, ?, ?, 3], but TFLite computes [1, ?, ?, 5]}}
  %1 = "tfl.resize_bilinear"(%arg0, %arg1) {align_corners = false, half_pixel_centers = false} : (tensor<1x2x3x5xf32>, tensor<2xi32>) -> tensor<1x?x?x3xf32>
  return %1 : tensor<1x?x?x3xf32>
}

// -----

// ===--- depth_to_space, space_to_depth ---=== //

// depth_to_space.cc: TF_LITE_ENSURE(block_size > 0).
func.func @depth_to_space_rejects_block_size_0(%arg0: tensor<1x2x3x8xf32>) -> tensor<1x2x3x8xf32> {
  // expected-error@+1 {{option 'block_size' is 0; TFLite requires at least 1}}
  %0 = "tfl.depth_to_space"(%arg0) {block_size = 0 : i32} : (tensor<1x2x3x8xf32>) -> tensor<1x2x3x8xf32>
  return %0 : tensor<1x2x3x8xf32>
}

// -----

// depth_to_space.cc: the channels split into block_size^2.
func.func @depth_to_space_rejects_channels_not_splitting(%arg0: tensor<1x2x3x12xf32>) -> tensor<1x6x9x1xf32> {
  // expected-error@+1 {{12 channels do not split into blocks of 3x3}}
  %0 = "tfl.depth_to_space"(%arg0) {block_size = 3 : i32} : (tensor<1x2x3x12xf32>) -> tensor<1x6x9x1xf32>
  return %0 : tensor<1x6x9x1xf32>
}

// -----

// [1, 2 * 2, 3 * 2, 8 / 4].
func.func @depth_to_space_rejects_wrong_output_shape(%arg0: tensor<1x2x3x8xf32>) -> tensor<1x6x4x2xf32> {
  // expected-error@+1 {{result 0 has shape [1, 6, 4, 2], but TFLite computes [1, 4, 6, 2]}}
  %0 = "tfl.depth_to_space"(%arg0) {block_size = 2 : i32} : (tensor<1x2x3x8xf32>) -> tensor<1x6x4x2xf32>
  return %0 : tensor<1x6x4x2xf32>
}

// -----

// space_to_depth.cc: height and width split into blocks.
func.func @space_to_depth_rejects_height_not_splitting(%arg0: tensor<1x5x6x3xf32>) -> tensor<1x2x3x12xf32> {
  // expected-error@+1 {{height 5 and width 6 do not split into blocks of 2}}
  %0 = "tfl.space_to_depth"(%arg0) {block_size = 2 : i32} : (tensor<1x5x6x3xf32>) -> tensor<1x2x3x12xf32>
  return %0 : tensor<1x2x3x12xf32>
}

// -----

// [1, 4 / 2, 6 / 2, 3 * 4].
func.func @space_to_depth_rejects_wrong_output_shape(%arg0: tensor<1x4x6x3xf32>) -> tensor<1x2x3x3xf32> {
  // expected-error@+1 {{result 0 has shape [1, 2, 3, 3], but TFLite computes [1, 2, 3, 12]}}
  %0 = "tfl.space_to_depth"(%arg0) {block_size = 2 : i32} : (tensor<1x4x6x3xf32>) -> tensor<1x2x3x3xf32>
  return %0 : tensor<1x2x3x3xf32>
}

// -----

// ===--- gather, gather_nd ---=== //

// gather.cc: a scalar input has no axis to gather along.
func.func @gather_rejects_scalar_params(%arg0: tensor<f32>, %arg1: tensor<3xi32>) -> tensor<3xf32> {
  // expected-error@+1 {{params must have rank >= 1}}
  %0 = "tfl.gather"(%arg0, %arg1) {axis = 0 : i32, batch_dims = 0 : i32} : (tensor<f32>, tensor<3xi32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// gather.cc: TF_LITE_ENSURE(0 <= axis && axis < NumDimensions(input)).
func.func @gather_rejects_axis_out_of_range(%arg0: tensor<4x5xf32>, %arg1: tensor<3xi32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{axis 2 is out of range for rank 2}}
  %0 = "tfl.gather"(%arg0, %arg1) {axis = 2 : i32, batch_dims = 0 : i32} : (tensor<4x5xf32>, tensor<3xi32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// gather.cc: TF_LITE_ENSURE(batch_dims <= axis).
func.func @gather_rejects_batch_dims_past_the_axis(%arg0: tensor<4x5xf32>, %arg1: tensor<4x3xi32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{batch_dims 2 out of range}}
  %0 = "tfl.gather"(%arg0, %arg1) {axis = 1 : i32, batch_dims = 2 : i32} : (tensor<4x5xf32>, tensor<4x3xi32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// gather.cc: TF_LITE_ENSURE_EQ(input->dims->data[i], positions->dims->data[i]) for i < batch_dims.
func.func @gather_rejects_batch_dimensions_that_differ(%arg0: tensor<4x5xf32>, %arg1: tensor<3x2xi32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{params and indices differ in batch dimension 0: 4 and 3}}
  %0 = "tfl.gather"(%arg0, %arg1) {axis = 1 : i32, batch_dims = 1 : i32} : (tensor<4x5xf32>, tensor<3x2xi32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// params[:axis] + indices[batch_dims:] + params[axis + 1:] = [4, 2, 3, 7].
func.func @gather_rejects_wrong_output_shape(%arg0: tensor<4x5x7xf32>, %arg1: tensor<2x3xi32>) -> tensor<2x3x5x7xf32> {
  // expected-error@+1 {{result 0 has shape [2, 3, 5, 7], but TFLite computes [4, 2, 3, 7]}}
  %0 = "tfl.gather"(%arg0, %arg1) {axis = -2 : i32, batch_dims = 0 : i32} : (tensor<4x5x7xf32>, tensor<2x3xi32>) -> tensor<2x3x5x7xf32>
  return %0 : tensor<2x3x5x7xf32>
}

// -----

// gather_nd.cc: "Indices must be at least a vector."
func.func @gather_nd_rejects_scalar_indices(%arg0: tensor<4x5xf32>, %arg1: tensor<i32>) -> tensor<5xf32> {
  // expected-error@+1 {{indices must have rank >= 1}}
  %0 = "tfl.gather_nd"(%arg0, %arg1) : (tensor<4x5xf32>, tensor<i32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// 3 coordinates into a rank-2 tensor.
func.func @gather_nd_rejects_more_coordinates_than_dimensions(%arg0: tensor<4x5xf32>, %arg1: tensor<2x3xi32>) -> tensor<2xf32> {
  // expected-error@+1 {{indices of 3 coordinates for params of rank 2}}
  %0 = "tfl.gather_nd"(%arg0, %arg1) : (tensor<4x5xf32>, tensor<2x3xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// indices[:-1] + params[1:] = [2, 3, 5, 7].
func.func @gather_nd_rejects_wrong_output_shape(%arg0: tensor<4x5x7xf32>, %arg1: tensor<2x3x1xi32>) -> tensor<2x3x7xf32> {
  // expected-error@+1 {{result 0 has shape [2, 3, 7], but TFLite computes [2, 3, 5, 7]}}
  %0 = "tfl.gather_nd"(%arg0, %arg1) : (tensor<4x5x7xf32>, tensor<2x3x1xi32>) -> tensor<2x3x7xf32>
  return %0 : tensor<2x3x7xf32>
}

// -----

// ===--- shape, reverse_v2, zeros_like ---=== //

func.func @shape_rejects_result_not_the_rank(%arg0: tensor<2x3x5xf32>) -> tensor<2xi32> {
  // expected-error@+1 {{result 0 has shape [2], but TFLite computes [3]}}
  %0 = "tfl.shape"(%arg0) {out_type = i32} : (tensor<2x3x5xf32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// reverse.cc: the axis is in [-rank, rank).
func.func @reverse_v2_rejects_axis_out_of_range(%arg0: tensor<2x3x5xf32>) -> tensor<2x3x5xf32> {
  %axis = "tfl.pseudo_const"() {value = dense<[3]> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-error@+1 {{axis 3 is out of range for rank 3}}
  %0 = "tfl.reverse_v2"(%arg0, %axis) : (tensor<2x3x5xf32>, tensor<1xi32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @zeros_like_rejects_result_of_another_shape(%arg0: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{result 0 has shape [3, 2], but TFLite computes [2, 3]}}
  %0 = "tfl.zeros_like"(%arg0) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// ===--- VALID: edge rules that must not fire ---=== //

// A `?` dimension matches anything (dynamic shapes are checked at run time).
// CHECK-LABEL: @add_accepts_dynamic_dimensions
// CHECK:       "tfl.add"(%{{.*}}, %{{.*}}) {{.*}} : (tensor<?x5xf32>, tensor<3x?xf32>) -> tensor<?x?xf32>
func.func @add_accepts_dynamic_dimensions(%arg0: tensor<?x5xf32>, %arg1: tensor<3x?xf32>) -> tensor<?x?xf32> {
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE"} : (tensor<?x5xf32>, tensor<3x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: @conv_2d_accepts_dynamic_batch_and_height
// CHECK:       "tfl.conv_2d"
func.func @conv_2d_accepts_dynamic_batch_and_height(%arg0: tensor<?x?x7x3xf32>, %arg1: tensor<2x3x3x3xf32>, %arg2: tensor<2xf32>) -> tensor<?x?x3x2xf32> {
  %0 = "tfl.conv_2d"(%arg0, %arg1, %arg2) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<?x?x7x3xf32>, tensor<2x3x3x3xf32>, tensor<2xf32>) -> tensor<?x?x3x2xf32>
  return %0 : tensor<?x?x3x2xf32>
}

// -----

// Hybrid: float input and output, int8 quantized weights, a float bias (conv.cc is_hybrid).
!w = !quant.uniform<i8<-127:127>:f32:0, {0.25, 0.125}>
// CHECK-LABEL: @conv_2d_accepts_hybrid_weights
// CHECK:       "tfl.conv_2d"
func.func @conv_2d_accepts_hybrid_weights(%arg0: tensor<1x5x7x3xf32>) -> tensor<1x5x7x2xf32> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x3x3x3x!w>, value = dense<1> : tensor<2x3x3x3xi8>} : () -> tensor<2x3x3x3x!w>
  %b = "tfl.pseudo_const"() {value = dense<[0.5, -0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x5x7x3xf32>, tensor<2x3x3x3x!w>, tensor<2xf32>) -> tensor<1x5x7x2xf32>
  return %0 : tensor<1x5x7x2xf32>
}

// -----

// fully_connected.cc CheckTypes, is_hybrid: float input and output, int8 weights, float bias.
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
// CHECK-LABEL: @fully_connected_accepts_hybrid_weights
// CHECK:       "tfl.fully_connected"
func.func @fully_connected_accepts_hybrid_weights(%arg0: tensor<2x7xf32>, %arg1: tensor<3x7x!w>, %arg2: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = "tfl.fully_connected"(%arg0, %arg1, %arg2) {asymmetric_quantize_inputs = true, fused_activation_function = "NONE", keep_num_dims = false, weights_format = "DEFAULT"} : (tensor<2x7xf32>, tensor<3x7x!w>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// int16x8: an i64 bias whose constant carries the tfl.quantization attribute (the
// importer's form of int64-quantized tensors, as `convert --emit tfl` prints
// models/coverage/cnn-mixed.int16x8.tflite).
!x = !quant.uniform<i16:f32, 7.6e-05>
!w = !quant.uniform<i8<-127:127>:f32:0, {0.0071, 0.0033}>
!y = !quant.uniform<i16:f32, 1.8e-04>
// CHECK-LABEL: @conv_2d_int16_accepts_quantized_int64_bias
// CHECK:       "tfl.conv_2d"
func.func @conv_2d_int16_accepts_quantized_int64_bias(%arg0: tensor<1x5x7x3x!x>) -> tensor<1x3x5x2x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x3x3x3x!w>, value = dense<1> : tensor<2x3x3x3xi8>} : () -> tensor<2x3x3x3x!w>
  %b = "tfl.pseudo_const"() {value = dense<[106818, -987908]> : tensor<2xi64>, tfl.quantization = {scale = [5.406371315075376e-07 : f32, 2.5404955295016407e-07 : f32], zero_point = [0 : i64, 0 : i64], quantized_dimension = 0 : i64}} : () -> tensor<2xi64>
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "RELU6", padding = "VALID", quantized_bias_type = "INT64", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x5x7x3x!x>, tensor<2x3x3x3x!w>, tensor<2xi64>) -> tensor<1x3x5x2x!y>
  return %0 : tensor<1x3x5x2x!y>
}

// -----

// conv.cc: a filter of 3 input channels over 6: two groups of 2 output channels each.
// CHECK-LABEL: @conv_2d_accepts_grouped_filter
// CHECK:       "tfl.conv_2d"
func.func @conv_2d_accepts_grouped_filter(%arg0: tensor<1x5x7x6xf32>, %arg1: tensor<4x1x1x3xf32>, %arg2: tensor<4xf32>) -> tensor<1x5x7x4xf32> {
  %0 = "tfl.conv_2d"(%arg0, %arg1, %arg2) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x5x7x6xf32>, tensor<4x1x1x3xf32>, tensor<4xf32>) -> tensor<1x5x7x4xf32>
  return %0 : tensor<1x5x7x4xf32>
}

// -----

// keep_num_dims: [2, 3, 7] x [4, 7] gives [2, 3, 4].
// CHECK-LABEL: @fully_connected_accepts_keep_num_dims
// CHECK:       "tfl.fully_connected"{{.*}} -> tensor<2x3x4xf32>
func.func @fully_connected_accepts_keep_num_dims(%arg0: tensor<2x3x7xf32>, %arg1: tensor<4x7xf32>) -> tensor<2x3x4xf32> {
  %0 = "tfl.fully_connected"(%arg0, %arg1) {fused_activation_function = "NONE", keep_num_dims = true, weights_format = "DEFAULT"} : (tensor<2x3x7xf32>, tensor<4x7xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// activations.cc: int8 softmax may give int16.
!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i16:f32, 3.0517578125e-05>
// CHECK-LABEL: @softmax_accepts_int8_to_int16
// CHECK:       "tfl.softmax"
func.func @softmax_accepts_int8_to_int16(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  %0 = "tfl.softmax"(%arg0) {beta = 1.0 : f32} : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// transpose.cc: a negative perm value counts from the back.
// CHECK-LABEL: @transpose_accepts_negative_perm
// CHECK:       "tfl.transpose"{{.*}} -> tensor<5x2x3xf32>
func.func @transpose_accepts_negative_perm(%arg0: tensor<2x3x5xf32>) -> tensor<5x2x3xf32> {
  %perm = "tfl.pseudo_const"() {value = dense<[-1, 0, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %0 = "tfl.transpose"(%arg0, %perm) : (tensor<2x3x5xf32>, tensor<3xi32>) -> tensor<5x2x3xf32>
  return %0 : tensor<5x2x3xf32>
}

// -----

// select.cc, SELECT (v1): a rank-1 condition over the first dimension.
// CHECK-LABEL: @select_accepts_condition_over_first_dimension
// CHECK:       "tfl.select"
func.func @select_accepts_condition_over_first_dimension(%arg0: tensor<3xi1>, %arg1: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = "tfl.select"(%arg0, %arg1, %arg1) : (tensor<3xi1>, tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// depthwise_conv.cc: has_bias = NumInputs(node) == 3; two operands are a convolution
// without a bias.
// CHECK-LABEL: @depthwise_conv_2d_accepts_two_operands
// CHECK:       "tfl.depthwise_conv_2d"(%arg0, %arg1) {{.*}} -> tensor<1x3x5x6xf32>
func.func @depthwise_conv_2d_accepts_two_operands(%arg0: tensor<1x5x7x3xf32>, %arg1: tensor<1x3x3x6xf32>) -> tensor<1x3x5x6xf32> {
  %0 = "tfl.depthwise_conv_2d"(%arg0, %arg1) {depth_multiplier = 2 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x5x7x3xf32>, tensor<1x3x3x6xf32>) -> tensor<1x3x5x6xf32>
  return %0 : tensor<1x3x5x6xf32>
}

// -----

// padding.h ComputeOutSize, VALID: (2 + 1 - 3) / 1 = 0 rows; TFLite allocates an empty
// output (the legalize patterns then decline it: "empty tensor").
// CHECK-LABEL: @conv_2d_valid_accepts_window_larger_than_the_input
// CHECK:       "tfl.conv_2d"{{.*}} -> tensor<1x0x5x2xf32>
func.func @conv_2d_valid_accepts_window_larger_than_the_input(%arg0: tensor<1x2x7x3xf32>, %arg1: tensor<2x3x3x3xf32>, %arg2: tensor<2xf32>) -> tensor<1x0x5x2xf32> {
  %0 = "tfl.conv_2d"(%arg0, %arg1, %arg2) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x2x7x3xf32>, tensor<2x3x3x3xf32>, tensor<2xf32>) -> tensor<1x0x5x2xf32>
  return %0 : tensor<1x0x5x2xf32>
}

// -----

// C++ division truncates toward zero: rows (1 + 2 - 4) / 2 = -1 / 2 = 0 (not -1),
// columns (7 + 2 - 4) / 2 = 2.
// CHECK-LABEL: @max_pool_2d_valid_truncates_toward_zero
// CHECK:       "tfl.max_pool_2d"{{.*}} -> tensor<1x0x2x3xf32>
func.func @max_pool_2d_valid_truncates_toward_zero(%arg0: tensor<1x1x7x3xf32>) -> tensor<1x0x2x3xf32> {
  %0 = "tfl.max_pool_2d"(%arg0) {filter_height = 4 : i32, filter_width = 4 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x1x7x3xf32>) -> tensor<1x0x2x3xf32>
  return %0 : tensor<1x0x2x3xf32>
}

// -----

// conv.cc checks height, width and channels > 0, not the batch.
// CHECK-LABEL: @conv_2d_accepts_batch_0
// CHECK:       "tfl.conv_2d"{{.*}} -> tensor<0x3x5x2xf32>
func.func @conv_2d_accepts_batch_0(%arg0: tensor<0x3x5x7xf32>, %arg1: tensor<2x1x1x7xf32>, %arg2: tensor<2xf32>) -> tensor<0x3x5x2xf32> {
  %0 = "tfl.conv_2d"(%arg0, %arg1, %arg2) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<0x3x5x7xf32>, tensor<2x1x1x7xf32>, tensor<2xf32>) -> tensor<0x3x5x2xf32>
  return %0 : tensor<0x3x5x2xf32>
}

// -----

// gather_nd.cc: 0 <= indices_nd <= params_rank; 0 coordinates take the whole params per
// index row: indices[:-1] + params = [2, 4, 5].
// CHECK-LABEL: @gather_nd_accepts_0_coordinates
// CHECK:       "tfl.gather_nd"{{.*}} -> tensor<2x4x5xf32>
func.func @gather_nd_accepts_0_coordinates(%arg0: tensor<4x5xf32>, %arg1: tensor<2x0xi32>) -> tensor<2x4x5xf32> {
  %0 = "tfl.gather_nd"(%arg0, %arg1) : (tensor<4x5xf32>, tensor<2x0xi32>) -> tensor<2x4x5xf32>
  return %0 : tensor<2x4x5xf32>
}

// -----

// resize_nearest_neighbor.cc does not refuse align_corners with half_pixel_centers
// (only resize_bilinear.cc does).
// CHECK-LABEL: @resize_nearest_neighbor_accepts_align_corners_with_half_pixel_centers
// CHECK:       "tfl.resize_nearest_neighbor"{{.*}}align_corners = true{{.*}}half_pixel_centers = true
func.func @resize_nearest_neighbor_accepts_align_corners_with_half_pixel_centers(%arg0: tensor<1x2x3x1xf32>) -> tensor<1x3x4x1xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[3, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.resize_nearest_neighbor"(%arg0, %0) {align_corners = true, half_pixel_centers = true} : (tensor<1x2x3x1xf32>, tensor<2xi32>) -> tensor<1x3x4x1xf32>
  return %1 : tensor<1x3x4x1xf32>
}

// -----

// fully_connected.cc CheckTypes: an 8-bit input may give an int16 output (uint8 with uint8
// weights, as PrepareImpl then requires).
!x = !quant.uniform<u8:f32, 0.5:128>
!w = !quant.uniform<u8:f32, 0.25:128>
!y = !quant.uniform<i16:f32, 1.0>
// CHECK-LABEL: @fully_connected_accepts_uint8_to_int16
// CHECK:       "tfl.fully_connected"{{.*}} -> tensor<2x3x!quant.uniform<i16:f32, 1.000000e+00>>
func.func @fully_connected_accepts_uint8_to_int16(%arg0: tensor<2x7x!x>, %arg1: tensor<3x7x!w>) -> tensor<2x3x!y> {
  %0 = "tfl.fully_connected"(%arg0, %arg1) {fused_activation_function = "NONE", keep_num_dims = false, weights_format = "DEFAULT"} : (tensor<2x7x!x>, tensor<3x7x!w>) -> tensor<2x3x!y>
  return %0 : tensor<2x3x!y>
}

// -----

// fully_connected.cc: batch_size = input_size / depth truncates: 15 elements give 15 / 7 = 2
// rows of 7 (the last element is never read).
// CHECK-LABEL: @fully_connected_accepts_input_not_splitting_into_rows
// CHECK:       "tfl.fully_connected"{{.*}} -> tensor<2x2xf32>
func.func @fully_connected_accepts_input_not_splitting_into_rows(%arg0: tensor<3x5xf32>, %arg1: tensor<2x7xf32>) -> tensor<2x2xf32> {
  %0 = "tfl.fully_connected"(%arg0, %arg1) {fused_activation_function = "NONE", keep_num_dims = false, weights_format = "DEFAULT"} : (tensor<3x5xf32>, tensor<2x7xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// conv.cc is_hybrid: a float input with uint8 weights (as with int8 or int4 ones).
!w = !quant.uniform<u8:f32, 0.25:128>
// CHECK-LABEL: @conv_2d_accepts_uint8_hybrid_weights
// CHECK:       "tfl.conv_2d"
func.func @conv_2d_accepts_uint8_hybrid_weights(%arg0: tensor<1x5x7x3xf32>, %arg1: tensor<2x3x3x3x!w>, %arg2: tensor<2xf32>) -> tensor<1x5x7x2xf32> {
  %0 = "tfl.conv_2d"(%arg0, %arg1, %arg2) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x5x7x3xf32>, tensor<2x3x3x3x!w>, tensor<2xf32>) -> tensor<1x5x7x2xf32>
  return %0 : tensor<1x5x7x2xf32>
}

// -----

// split.cc reads the first value of the axis tensor (GetTensorData<int>(axis)[0]) and
// checks neither its size nor, when it is not a constant, anything else in Prepare.
// CHECK-LABEL: @split_accepts_axis_of_two_values
// CHECK:       "tfl.split"
func.func @split_accepts_axis_of_two_values(%arg0: tensor<2xi32>, %arg1: tensor<4x6xf32>) -> tensor<4x3xf32> {
  %0:2 = "tfl.split"(%arg0, %arg1) {num_splits = 2 : i32} : (tensor<2xi32>, tensor<4x6xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>)
  return %0#0 : tensor<4x3xf32>
}

// -----

// mirror_pad.cc: SYMMETRIC (offset 0) may mirror the whole dimension.
// CHECK-LABEL: @mirror_pad_symmetric_accepts_padding_of_the_whole_dimension
// CHECK:       "tfl.mirror_pad"{{.*}} -> tensor<4x15xf32>
func.func @mirror_pad_symmetric_accepts_padding_of_the_whole_dimension(%arg0: tensor<4x5xf32>) -> tensor<4x15xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[[0, 0], [5, 5]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %1 = "tfl.mirror_pad"(%arg0, %0) {mode = "SYMMETRIC"} : (tensor<4x5xf32>, tensor<2x2xi32>) -> tensor<4x15xf32>
  return %1 : tensor<4x15xf32>
}

// -----

// select.cc, SELECT (v1): a scalar condition picks all of x or all of y.
// CHECK-LABEL: @select_accepts_scalar_condition
// CHECK:       "tfl.select"
func.func @select_accepts_scalar_condition(%arg0: tensor<i1>, %arg1: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = "tfl.select"(%arg0, %arg1, %arg1) : (tensor<i1>, tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// fully_connected.cc: per-channel weights are quantized along the units (dimension 0).
!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32:1, {0.25, 0.125, 0.25, 0.125, 0.25, 0.125, 0.25}>
!y = !quant.uniform<i8:f32, 1.0:5>
func.func @fully_connected_rejects_weights_quantized_along_depth(%arg0: tensor<2x7x!x>) -> tensor<2x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x7x!w>, value = dense<1> : tensor<3x7xi8>} : () -> tensor<3x7x!w>
  %b = "tfl.no_value"() {value} : () -> none
  // expected-error@+1 {{per-channel weights must be quantized along dimension 0 (the units)}}
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x7x!x>, tensor<3x7x!w>, none) -> tensor<2x3x!y>
  return %0 : tensor<2x3x!y>
}

// -----

// mirror_pad.cc requires one quantization for input and output, unlike PAD.
!q = !quant.uniform<i8:f32, 0.05:-3>
!r = !quant.uniform<i8:f32, 0.05:3>
func.func @mirror_pad_rejects_quantized_differently(%arg0: tensor<3x5x!q>) -> tensor<3x7x!r> {
  %0 = "tfl.pseudo_const"() {value = dense<[[0, 0], [1, 1]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  // expected-error@+1 {{input and output must be quantized alike}}
  %1 = "tfl.mirror_pad"(%arg0, %0) {mode = "REFLECT"} : (tensor<3x5x!q>, tensor<2x2xi32>) -> tensor<3x7x!r>
  return %1 : tensor<3x7x!r>
}

// -----

func.func @batch_matmul_batches_do_not_broadcast(%arg0: tensor<2x3x7xf32>, %arg1: tensor<3x7x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error@+1 {{operand shapes [2] and [3] do not broadcast}}
  %0 = "tfl.batch_matmul"(%arg0, %arg1) {adj_x = false, adj_y = false, asymmetric_quantize_inputs = false} : (tensor<2x3x7xf32>, tensor<3x7x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @batch_matmul_contraction_mismatch(%arg0: tensor<2x3x7xf32>, %arg1: tensor<2x5x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error@+1 {{contracts 7 columns of operand 0 with 5 rows of operand 1}}
  %0 = "tfl.batch_matmul"(%arg0, %arg1) {adj_x = false, adj_y = false, asymmetric_quantize_inputs = false} : (tensor<2x3x7xf32>, tensor<2x5x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @transpose_conv_needs_its_operands(%arg0: tensor<1x4x5x4xf32>) -> tensor<1x8x10x4xf32> {
  // expected-error@+1 {{has 1 operands; TFLite's kernel takes 3 to 4}}
  %0 = "tfl.transpose_conv"(%arg0) {fused_activation_function = "NONE", padding = "SAME", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x4x5x4xf32>) -> tensor<1x8x10x4xf32>
  return %0 : tensor<1x8x10x4xf32>
}

// -----

func.func @transpose_conv_result_is_output_shape(%arg0: tensor<1x4x5x3xf32>, %w: tensor<2x3x3x3xf32>) -> tensor<1x8x9x2xf32> {
  %s = "tfl.pseudo_const"() {value = dense<[1, 8, 10, 2]> : tensor<4xi32>} : () -> tensor<4xi32>
  // expected-error@+1 {{result 0 has shape [1, 8, 9, 2], but TFLite computes [1, 8, 10, 2]}}
  %0 = "tfl.transpose_conv"(%s, %w, %arg0) {fused_activation_function = "NONE", padding = "SAME", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<4xi32>, tensor<2x3x3x3xf32>, tensor<1x4x5x3xf32>) -> tensor<1x8x9x2xf32>
  return %0 : tensor<1x8x9x2xf32>
}

// -----

func.func @l2_normalization_result_shape(%arg0: tensor<2x3x5xf32>) -> tensor<1x2x3x5xf32> {
  // expected-error@+1 {{result 0 has shape [1, 2, 3, 5], but TFLite computes [2, 3, 5]}}
  %0 = "tfl.l2_normalization"(%arg0) {fused_activation_function = "NONE"} : (tensor<2x3x5xf32>) -> tensor<1x2x3x5xf32>
  return %0 : tensor<1x2x3x5xf32>
}

// -----

func.func @l2_pool_2d_takes_one_operand(%arg0: tensor<1x4x4x2xf32>, %arg1: tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error@+1 {{has 2 operands; TFLite's kernel takes 1}}
  %0 = "tfl.l2_pool_2d"(%arg0, %arg1) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x4x4x2xf32>, tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @cumsum_needs_an_axis(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{has 1 operands; TFLite's kernel takes 2}}
  %0 = "tfl.cumsum"(%arg0) {exclusive = false, reverse = false} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @transpose_conv_float_input_takes_float_weights(%arg0: tensor<1x4x5x3xf32>, %w: tensor<2x3x3x3xi32>) -> tensor<1x8x10x2xf32> {
  %s = "tfl.pseudo_const"() {value = dense<[1, 8, 10, 2]> : tensor<4xi32>} : () -> tensor<4xi32>
  // expected-error@+1 {{operand 1 is i32; with a f32 input the kernel takes f32 or quantized weights}}
  %0 = "tfl.transpose_conv"(%s, %w, %arg0) {fused_activation_function = "NONE", padding = "SAME", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<4xi32>, tensor<2x3x3x3xi32>, tensor<1x4x5x3xf32>) -> tensor<1x8x10x2xf32>
  return %0 : tensor<1x8x10x2xf32>
}

// -----

// UNIDIRECTIONAL_SEQUENCE_LSTM: sizes come from the output gate's weights (Prepare).
func.func @sequence_lstm_cell_state_elements(%arg0: tensor<1x2x3xf32>, %w: tensor<4x3xf32>, %r: tensor<4x4xf32>, %b: tensor<4xf32>, %h: tensor<1x4xf32>, %c: tensor<1x5xf32>) -> tensor<1x2x4xf32> {
  %none = "tfl.no_value"() {value} : () -> none
  // expected-error@+1 {{cell state has 5 elements; the kernel expects 4}}
  %0 = "tfl.unidirectional_sequence_lstm"(%arg0, %w, %w, %w, %w, %r, %r, %r, %r, %none, %none, %none, %b, %b, %b, %b, %none, %none, %h, %c, %none, %none, %none, %none) {cell_clip = 0.0 : f32, fused_activation_function = "TANH", proj_clip = 0.0 : f32, time_major = false} : (tensor<1x2x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, none, none, none, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, none, none, tensor<1x4xf32>, tensor<1x5xf32>, none, none, none, none) -> tensor<1x2x4xf32>
  return %0 : tensor<1x2x4xf32>
}

// -----

func.func @sequence_lstm_recurrent_weights(%arg0: tensor<2x1x3xf32>, %w: tensor<4x3xf32>, %r: tensor<4x4xf32>, %r2: tensor<4x2xf32>, %b: tensor<4xf32>, %h: tensor<1x4xf32>, %c: tensor<1x4xf32>) -> tensor<2x1x4xf32> {
  %none = "tfl.no_value"() {value} : () -> none
  // expected-error@+1 {{operand 6 has shape [4, 2]; the kernel expects [4, 4]}}
  %0 = "tfl.unidirectional_sequence_lstm"(%arg0, %w, %w, %w, %w, %r, %r2, %r, %r, %none, %none, %none, %b, %b, %b, %b, %none, %none, %h, %c, %none, %none, %none, %none) {cell_clip = 0.0 : f32, fused_activation_function = "TANH", proj_clip = 0.0 : f32, time_major = true} : (tensor<2x1x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x4xf32>, tensor<4x2xf32>, tensor<4x4xf32>, tensor<4x4xf32>, none, none, none, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, none, none, tensor<1x4xf32>, tensor<1x4xf32>, none, none, none, none) -> tensor<2x1x4xf32>
  return %0 : tensor<2x1x4xf32>
}

// -----

// ===--- scatter_nd, sparse_to_dense, segment reductions, embedding_lookup_sparse ---=== //

// scatter_nd.cc CheckShapes: updates [2, 3] are slices of shape[1:] = [5], not [3].
func.func @scatter_nd_rejects_updates_of_the_wrong_slice(%arg0: tensor<2x1xi32>, %arg1: tensor<2x3xf32>) -> tensor<4x5xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[4, 5]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{updates [2, 3] do not fit slices of [4, 5] at 1 coordinates}}
  %1 = "tfl.scatter_nd"(%arg0, %arg1, %0) : (tensor<2x1xi32>, tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x5xf32>
  return %1 : tensor<4x5xf32>
}

// -----

// scatter_nd.cc: TF_LITE_ENSURE_EQ(indices.Dims(i), updates.Dims(i)) for the outer dimensions.
func.func @scatter_nd_rejects_outer_dimensions_that_differ(%arg0: tensor<2x1xi32>, %arg1: tensor<3x5xf32>) -> tensor<4x5xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[4, 5]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{indices and updates differ in dimension 0: 2 and 3}}
  %1 = "tfl.scatter_nd"(%arg0, %arg1, %0) : (tensor<2x1xi32>, tensor<3x5xf32>, tensor<2xi32>) -> tensor<4x5xf32>
  return %1 : tensor<4x5xf32>
}

// -----

// scatter_nd.cc: "Indices and shape must have the same type."
func.func @scatter_nd_rejects_indices_and_shape_of_two_types(%arg0: tensor<2x1xi32>, %arg1: tensor<2x5xf32>) -> tensor<4x5xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[4, 5]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error@+1 {{indices are i32 and shape i64; the kernel requires one type}}
  %1 = "tfl.scatter_nd"(%arg0, %arg1, %0) : (tensor<2x1xi32>, tensor<2x5xf32>, tensor<2xi64>) -> tensor<4x5xf32>
  return %1 : tensor<4x5xf32>
}

// -----

// sparse_to_dense.cc CheckDimensionsMatch: indices [N, 2] for an output of rank 3.
func.func @sparse_to_dense_rejects_coordinates_of_another_rank(%arg0: tensor<3x2xi32>, %arg1: tensor<3xf32>, %arg2: tensor<f32>) -> tensor<2x3x4xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[2, 3, 4]> : tensor<3xi32>} : () -> tensor<3xi32>
  // expected-error@+1 {{indices of 2 coordinates for an output of shape [2, 3, 4] (the kernel takes rank <= 4)}}
  %1 = "tfl.sparse_to_dense"(%arg0, %0, %arg1, %arg2) {validate_indices = false} : (tensor<3x2xi32>, tensor<3xi32>, tensor<3xf32>, tensor<f32>) -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

// sparse_to_dense.cc: TF_LITE_ENSURE_EQ(SizeOfDimension(indices, 0), NumElements(values)).
func.func @sparse_to_dense_rejects_a_value_count_that_differs(%arg0: tensor<3x2xi32>, %arg1: tensor<4xf32>, %arg2: tensor<f32>) -> tensor<2x3xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{3 indices for 4 values}}
  %1 = "tfl.sparse_to_dense"(%arg0, %0, %arg1, %arg2) {validate_indices = false} : (tensor<3x2xi32>, tensor<2xi32>, tensor<4xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// segment_sum.cc ValidateSegmentIds: ids start at 0 and grow by 0 or 1.
func.func @segment_sum_rejects_unsorted_constant_ids(%arg0: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[0, 2, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  // expected-error@+1 {{segment ids [0, 2, 1] must start at 0 and grow by 0 or 1}}
  %1 = "tfl.segment_sum"(%arg0, %0) : (tensor<3x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  return %1 : tensor<3x2xf32>
}

// -----

// segment_sum.cc ResizeOutputTensor: max(id) + 1 = 2 rows.
func.func @segment_sum_rejects_wrong_row_count(%arg0: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[0, 0, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  // expected-error@+1 {{result 0 has shape [3, 2], but TFLite computes [2, 2]}}
  %1 = "tfl.segment_sum"(%arg0, %0) : (tensor<3x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  return %1 : tensor<3x2xf32>
}

// -----

// unsorted_segment.cc ValidateSegmentIdsShapeIsDataPrefix.
func.func @unsorted_segment_sum_rejects_ids_not_a_prefix(%arg0: tensor<3x2xf32>, %arg1: tensor<2xi32>) -> tensor<4x2xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<4> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-error@+1 {{segment ids of shape [2] are not a prefix of the data's [3, 2]}}
  %1 = "tfl.unsorted_segment_sum"(%arg0, %arg1, %0) : (tensor<3x2xf32>, tensor<2xi32>, tensor<1xi32>) -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}

// -----

// unsorted_segment.cc ResizeOutputTensor: TF_LITE_ENSURE(context, max_index < num_segments_).
func.func @unsorted_segment_max_rejects_an_id_past_num_segments(%arg0: tensor<3x2xf32>) -> tensor<2x2xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[0, 2, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %1 = "tfl.pseudo_const"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-error@+1 {{segment id 2 is not below num_segments 2}}
  %2 = "tfl.unsorted_segment_max"(%arg0, %0, %1) : (tensor<3x2xf32>, tensor<3xi32>, tensor<1xi32>) -> tensor<2x2xf32>
  return %2 : tensor<2x2xf32>
}

// -----

// unsorted_segment.cc: the result is [num_segments] + data dims after the ids' = [4, 5].
func.func @unsorted_segment_prod_rejects_wrong_output_shape(%arg0: tensor<2x3x5xf32>, %arg1: tensor<2x3xi32>) -> tensor<4x3x5xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<4> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-error@+1 {{result 0 has shape [4, 3, 5], but TFLite computes [4, 5]}}
  %1 = "tfl.unsorted_segment_prod"(%arg0, %arg1, %0) : (tensor<2x3x5xf32>, tensor<2x3xi32>, tensor<1xi32>) -> tensor<4x3x5xf32>
  return %1 : tensor<4x3x5xf32>
}

// -----

// unsorted_segment.cc: TF_LITE_ENSURE(context, data->type == kTfLiteInt32 || data->type == kTfLiteFloat32).
func.func @unsorted_segment_min_rejects_int8_data(%arg0: tensor<3xi8>, %arg1: tensor<3xi32>) -> tensor<2xi8> {
  %0 = "tfl.pseudo_const"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-error@+1 {{operand 0 is i8; the kernel takes f32, i32}}
  %1 = "tfl.unsorted_segment_min"(%arg0, %arg1, %0) : (tensor<3xi8>, tensor<3xi32>, tensor<1xi32>) -> tensor<2xi8>
  return %1 : tensor<2xi8>
}

// -----

// embedding_lookup_sparse.cc: SizeOfDimension(indices, 0) == SizeOfDimension(weights, 0).
func.func @embedding_lookup_sparse_rejects_lookup_counts_that_differ(%arg0: tensor<3xi32>, %arg1: tensor<3x2xi32>, %arg2: tensor<4xf32>, %arg3: tensor<5x2xf32>) -> tensor<2x2xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[2, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{ids, indices and weights count 3, 3 and 4 lookups}}
  %1 = "tfl.embedding_lookup_sparse"(%arg0, %arg1, %0, %arg2, %arg3) {combiner = "SUM"} : (tensor<3xi32>, tensor<3x2xi32>, tensor<2xi32>, tensor<4xf32>, tensor<5x2xf32>) -> tensor<2x2xf32>
  return %1 : tensor<2x2xf32>
}

// -----

// embedding_lookup_sparse.cc Eval: the output is dense_shape[:-1] + params dims after the first = [2, 2].
func.func @embedding_lookup_sparse_rejects_wrong_output_shape(%arg0: tensor<3xi32>, %arg1: tensor<3x2xi32>, %arg2: tensor<3xf32>, %arg3: tensor<5x2xf32>) -> tensor<4x2xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[2, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{result 0 has shape [4, 2], but TFLite computes [2, 2]}}
  %1 = "tfl.embedding_lookup_sparse"(%arg0, %arg1, %0, %arg2, %arg3) {combiner = "SUM"} : (tensor<3xi32>, tensor<3x2xi32>, tensor<2xi32>, tensor<3xf32>, tensor<5x2xf32>) -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}

// -----

// VALID: SEGMENT_SUM of runtime ids has a row count TFLite computes at run time (any);
// UNSORTED_SEGMENT_SUM ignores negative constant ids; SCATTER_ND of scalars (nd = rank).
// CHECK-LABEL: @segment_rules_valid
func.func @segment_rules_valid(%arg0: tensor<3x2xf32>, %arg1: tensor<3xi32>, %arg2: tensor<2x2xi32>, %arg3: tensor<2xf32>) -> (tensor<5x2xf32>, tensor<4x2xf32>, tensor<3x4xf32>) {
  %0 = "tfl.segment_sum"(%arg0, %arg1) : (tensor<3x2xf32>, tensor<3xi32>) -> tensor<5x2xf32>
  %1 = "tfl.pseudo_const"() {value = dense<[-1, 3, 0]> : tensor<3xi32>} : () -> tensor<3xi32>
  %2 = "tfl.pseudo_const"() {value = dense<4> : tensor<1xi32>} : () -> tensor<1xi32>
  %3 = "tfl.unsorted_segment_sum"(%arg0, %1, %2) : (tensor<3x2xf32>, tensor<3xi32>, tensor<1xi32>) -> tensor<4x2xf32>
  %4 = "tfl.pseudo_const"() {value = dense<[3, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  %5 = "tfl.scatter_nd"(%arg2, %arg3, %4) : (tensor<2x2xi32>, tensor<2xf32>, tensor<2xi32>) -> tensor<3x4xf32>
  return %0, %3, %5 : tensor<5x2xf32>, tensor<4x2xf32>, tensor<3x4xf32>
}

// -----

// ===--- the newer float lowerings: cases their patterns once declined or crashed on ---=== //

// atan2.cc: EnsureSameShape(input_y, input_x).
func.func @atan2_rejects_broadcast(%arg0: tensor<3x5xf32>, %arg1: tensor<1x5xf32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{operands of shapes [3, 5] and [1, 5]; the kernel does not broadcast}}
  %0 = "tfl.atan2"(%arg0, %arg1) : (tensor<3x5xf32>, tensor<1x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// rfft2d.cc ResizeOutputShape (Prepare, for a constant fft_length): IsPowerOfTwo.
func.func @rfft2d_rejects_a_length_not_a_power_of_two(%arg0: tensor<4x6xf32>) -> tensor<4x4xcomplex<f32>> {
  %0 = "tfl.pseudo_const"() {value = dense<[4, 6]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{fft_length [4, 6] must be powers of two}}
  %1 = "tfl.rfft2d"(%arg0, %0) : (tensor<4x6xf32>, tensor<2xi32>) -> tensor<4x4xcomplex<f32>>
  return %1 : tensor<4x4xcomplex<f32>>
}

// -----

// stablehlo_reduce_window.cc TFLiteData::Check: IsConstantTensor(window_dimensions_tensor).
func.func @reduce_window_rejects_a_runtime_window(%arg0: tensor<3x5xf32>, %window: tensor<2xi64>) -> tensor<2x2xf32> {
  %init = "tfl.pseudo_const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %strides = "tfl.pseudo_const"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %dilations = "tfl.pseudo_const"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  // expected-error@+1 {{window_dimensions must be a constant (the kernel's Check)}}
  %0 = "tfl.reduce_window"(%arg0, %init, %window, %strides, %dilations) {reduce_function = "ADD"} : (tensor<3x5xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// stablehlo_reduce_window.cc StablehloData::Check: two inputs (operand and init value).
func.func @stablehlo_reduce_window_rejects_one_operand(%arg0: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{has 1 operands; TFLite's kernel takes 2}}
  %0 = "tfl.stablehlo_reduce_window"(%arg0) : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// stablehlo_elementwise.cc ElementwisePrepare: TF_LITE_ENSURE_TYPES_EQ of the operands.
func.func @stablehlo_add_rejects_mixed_storage(%arg0: tensor<4x!quant.uniform<i8:f32, 0.05:-3>>, %arg1: tensor<4x!quant.uniform<i16:f32, 0.001>>) -> tensor<4x!quant.uniform<i8:f32, 0.05:-3>> {
  // expected-error@+1 {{operands and result must have one type, got i16 (quantized), i8 (quantized)}}
  %0 = "tfl.stablehlo_add"(%arg0, %arg1) : (tensor<4x!quant.uniform<i8:f32, 0.05:-3>>, tensor<4x!quant.uniform<i16:f32, 0.001>>) -> tensor<4x!quant.uniform<i8:f32, 0.05:-3>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.05:-3>>
}

// -----

// range.cc: TF_LITE_ENSURE_EQ(NumDimensions(limit), 0).
func.func @range_rejects_a_vector_limit(%arg0: tensor<i32>, %arg1: tensor<3xi32>) -> tensor<?xi32> {
  // expected-error@+1 {{operand 1 has shape [3]; the kernel takes a scalar}}
  %0 = "tfl.range"(%arg0, %arg1, %arg0) : (tensor<i32>, tensor<3xi32>, tensor<i32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

// rank.cc: a scalar int32.
func.func @rank_rejects_a_shaped_result(%arg0: tensor<1x7x9x5xi8>) -> tensor<1x7x9x5xi32> {
  // expected-error@+1 {{result 0 has shape [1, 7, 9, 5], but TFLite computes []}}
  %0 = "tfl.rank"(%arg0) : (tensor<1x7x9x5xi8>) -> tensor<1x7x9x5xi32>
  return %0 : tensor<1x7x9x5xi32>
}

// -----

// conv3d.cc: TF_LITE_ENSURE_EQ(filter->dims->size, 5).
func.func @conv_3d_rejects_a_4d_filter(%arg0: tensor<1x2x4x4x2xf32>, %arg1: tensor<1x1x2x3xf32>) -> tensor<1x2x4x4x3xf32> {
  // expected-error@+1 {{operand 1 has rank 4; TFLite's kernel takes rank 5}}
  %0 = "tfl.conv_3d"(%arg0, %arg1) {dilation_d_factor = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_d = 1 : i32, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x2x4x4x2xf32>, tensor<1x1x2x3xf32>) -> tensor<1x2x4x4x3xf32>
  return %0 : tensor<1x2x4x4x3xf32>
}

// -----

// topk_v2.cc: TF_LITE_ENSURE_EQ(NumOutputs(node), 2).
func.func @topk_v2_rejects_one_result(%arg0: tensor<2x5xf32>, %arg1: tensor<i32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{has 1 results; TFLite's kernel gives 2}}
  %0 = "tfl.topk_v2"(%arg0, %arg1) : (tensor<2x5xf32>, tensor<i32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// right_shift.cc switches on the storage type: quantized tensors are read as raw integers.
func.func @right_shift_rejects_quantized(%arg0: tensor<3x!quant.uniform<i8:f32, 0.05:-3>>) -> tensor<3x!quant.uniform<i8:f32, 0.05:-3>> {
  // expected-error@+1 {{operand 0 is quantized; the kernel reads stored integers and ignores quantization}}
  %0 = "tfl.right_shift"(%arg0, %arg0) : (tensor<3x!quant.uniform<i8:f32, 0.05:-3>>, tensor<3x!quant.uniform<i8:f32, 0.05:-3>>) -> tensor<3x!quant.uniform<i8:f32, 0.05:-3>>
  return %0 : tensor<3x!quant.uniform<i8:f32, 0.05:-3>>
}

// -----

// batch_to_space_nd.cc ResizeOutputTensor: TF_LITE_ENSURE(crops[i] >= 0).
func.func @batch_to_space_nd_rejects_negative_crops(%arg0: tensor<4x2x2x2xf32>) -> tensor<1x5x4x2xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<2> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.pseudo_const"() {value = dense<[[-1, 0], [0, 0]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  // expected-error@+1 {{crops [[-1, 0], [0, 0]] are negative}}
  %2 = "tfl.batch_to_space_nd"(%arg0, %0, %1) : (tensor<4x2x2x2xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<1x5x4x2xf32>
  return %2 : tensor<1x5x4x2xf32>
}

// -----

// dynamic_update_slice.cc: SizeOfDimension(update, i) <= SizeOfDimension(operand, i).
func.func @dynamic_update_slice_rejects_an_update_that_does_not_fit(%arg0: tensor<4x5xf32>, %arg1: tensor<2x6xf32>) -> tensor<4x5xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error@+1 {{update [2, 6] does not fit in the operand [4, 5]}}
  %1 = "tfl.dynamic_update_slice"(%arg0, %arg1, %0) : (tensor<4x5xf32>, tensor<2x6xf32>, tensor<2xi32>) -> tensor<4x5xf32>
  return %1 : tensor<4x5xf32>
}

// -----

// bitcast.cc reinterprets the stored bytes and ignores quantization (as RIGHT_SHIFT above).
func.func @bitcast_rejects_quantized(%arg0: tensor<3x!quant.uniform<i8:f32, 0.05:-3>>) -> tensor<3xi8> {
  // expected-error@+1 {{operand 0 is quantized; the kernel reads stored integers and ignores quantization}}
  %0 = "tfl.bitcast"(%arg0) : (tensor<3x!quant.uniform<i8:f32, 0.05:-3>>) -> tensor<3xi8>
  return %0 : tensor<3xi8>
}

// -----

// bitcast.cc GetOutputShape: int32 to int8 adds a last dimension of 4.
func.func @bitcast_rejects_a_shape_it_would_not_compute(%arg0: tensor<3xi32>) -> tensor<3xi8> {
  // expected-error@+1 {{result 0 has shape [3], but TFLite computes [3, 4]}}
  %0 = "tfl.bitcast"(%arg0) : (tensor<3xi32>) -> tensor<3xi8>
  return %0 : tensor<3xi8>
}

// -----

// VALID: RANGE of run-time scalars (any length), RANK, TOPK_V2 of a run-time k (the last
// dimension unknown), STABLEHLO_SHIFT_LEFT (the result takes operand 0's shape), UNIQUE.
// CHECK-LABEL: @newer_rules_valid
func.func @newer_rules_valid(%arg0: tensor<i32>, %arg1: tensor<2x5xf32>, %arg2: tensor<4xi8>, %arg3: tensor<5xf32>) -> (tensor<?xi32>, tensor<i32>, tensor<2x?xf32>, tensor<2x?xi32>, tensor<4xi8>, tensor<?xf32>, tensor<5xi32>) {
  %0 = "tfl.range"(%arg0, %arg0, %arg0) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  %1 = "tfl.rank"(%arg1) : (tensor<2x5xf32>) -> tensor<i32>
  %2:2 = "tfl.topk_v2"(%arg1, %arg0) : (tensor<2x5xf32>, tensor<i32>) -> (tensor<2x?xf32>, tensor<2x?xi32>)
  %3 = "tfl.stablehlo_shift_left"(%arg2, %arg2) : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  %4:2 = "tfl.unique"(%arg3) {idx_out_type = "INT32"} : (tensor<5xf32>) -> (tensor<?xf32>, tensor<5xi32>)
  return %0, %1, %2#0, %2#1, %3, %4#0, %4#1 : tensor<?xi32>, tensor<i32>, tensor<2x?xf32>, tensor<2x?xi32>, tensor<4xi8>, tensor<?xf32>, tensor<5xi32>
}

// -----

// VALID: int2 weights on FULLY_CONNECTED for a float, an int8 and an int16 input, and on
// CONV_2D for a float input (fully_connected.cc and conv.cc load them).
!w = !quant.uniform<i2:f32, 0.25>
!x8 = !quant.uniform<i8:f32, 0.5:-3>
!x16 = !quant.uniform<i16:f32, 0.5>
// CHECK-LABEL: @int2_weights_valid
func.func @int2_weights_valid(%arg0: tensor<2x7xf32>, %arg1: tensor<3x7x!w>, %arg2: tensor<2x7x!x8>, %arg3: tensor<2x7x!x16>, %arg4: tensor<1x3x5x7xf32>, %arg5: tensor<2x1x1x7x!w>, %arg6: tensor<2xf32>) -> (tensor<2x3xf32>, tensor<2x3x!x8>, tensor<2x3x!x16>, tensor<1x3x5x2xf32>) {
  %0 = "tfl.fully_connected"(%arg0, %arg1) {fused_activation_function = "NONE", keep_num_dims = false, weights_format = "DEFAULT"} : (tensor<2x7xf32>, tensor<3x7x!w>) -> tensor<2x3xf32>
  %1 = "tfl.fully_connected"(%arg2, %arg1) {fused_activation_function = "NONE", keep_num_dims = false, weights_format = "DEFAULT"} : (tensor<2x7x!x8>, tensor<3x7x!w>) -> tensor<2x3x!x8>
  %2 = "tfl.fully_connected"(%arg3, %arg1) {fused_activation_function = "NONE", keep_num_dims = false, weights_format = "DEFAULT"} : (tensor<2x7x!x16>, tensor<3x7x!w>) -> tensor<2x3x!x16>
  %3 = "tfl.conv_2d"(%arg4, %arg5, %arg6) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x7xf32>, tensor<2x1x1x7x!w>, tensor<2xf32>) -> tensor<1x3x5x2xf32>
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<2x3x!x8>, tensor<2x3x!x16>, tensor<1x3x5x2xf32>
}
